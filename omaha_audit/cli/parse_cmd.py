"""`omaha-audit parse`: one record per hand, a summary on stderr."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

    from omaha_audit.parse.input_files import Source

import json
from typing import TextIO

from omaha_audit.cli.common import no_hands_code
from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.output.files import standard_output
from omaha_audit.parse.files import FileNotice
from omaha_audit.report.hand_json import hand_record, stakes_text, unreadable_record
from omaha_audit.report.visible import notice_line, visible
from omaha_audit.rooms import hand_source


def _text_line(item: Hand | UnreadableHand) -> str:
    if isinstance(item, UnreadableHand):
        return f"{item.path}:{item.line}: UNREADABLE: {item.reason}"
    level = stakes_text(item)
    pot = item.unit.format(item.total_pot) if item.total_pot is not None else "-"
    rake = item.unit.format(item.rake) if item.rake is not None else "-"
    flags = "".join(
        f" [{flag}]"
        for flag, on in (("truncated", item.truncated), ("cancelled", item.cancelled), ("defects", bool(item.defects)))
        if on
    )
    return (
        f"{item.source.path}:{item.source.line}: {item.room} ({item.format} format) #{item.hand_id} {item.game.value}"
        f" {item.structure.value} {level} {len(item.seats)} seats pot {pot} rake {rake}{flags}"
    )


def run_parse(files: Sequence[Source], output_format: str, out: TextIO, err: TextIO) -> int:
    source = hand_source()
    out = standard_output(out)
    read = unreadable = 0
    jsonl = output_format == "jsonl"
    for skipped, why in getattr(files, "skipped", ()):  # (archive members not read: parse/files.py)
        err.write(notice_line(skipped, why))
    for item in source.read_paths(files):
        if isinstance(item, FileNotice):
            err.write(notice_line(item.path, item.message))
            continue
        if isinstance(item, UnreadableHand):
            unreadable += 1
        else:
            read += 1
        if jsonl:
            record = unreadable_record(item) if isinstance(item, UnreadableHand) else hand_record(item)
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
        else:
            out.write(visible(_text_line(item)) + "\n")
    out.flush()
    print(
        f"files: {len(files)}, hands: {read + unreadable}, read: {read}, unreadable: {unreadable}",
        file=err,
    )
    return no_hands_code(read + unreadable, err, 1 if unreadable else 0)
