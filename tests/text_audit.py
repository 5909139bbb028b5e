"""Hand texts written in a test, read and audited: the helpers of the rooms' number-style tests.

`styled` writes an amount (integer units) in one number style; `read_text` reads one hand block with a room's
format; `audit_text` writes the text to a file and audits it as the command line would (the room found by its
header), returning the record and its findings."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.parse.split import Block
from omaha_audit.rooms import BY_NAME
from omaha_audit.rules.base import Finding
from omaha_audit.run.pipeline import Auditor


class Style(NamedTuple):
    """How a client writes an amount: the currency before and after the digits, the thousands mark, the
    decimal mark, and whether whole amounts keep their decimals (`€5.00`) or drop them (`€5`)."""

    before: str
    group: str
    point: str
    after: str = ""
    all_places: bool = True


def styled(units: int, style: Style, decimals: int = 2) -> str:
    """`units` (in hundredths, or whole chips with `decimals` 0) written in `style` (a negative amount with its
    minus after the currency before it: `€-0.05`)."""
    sign = "-" if units < 0 else ""
    whole, fraction = divmod(abs(units), 10**decimals) if decimals else (abs(units), 0)
    digits = f"{whole:,}".replace(",", style.group) if style.group else str(whole)
    if decimals and (fraction or style.all_places):
        digits += style.point + f"{fraction:0{decimals}d}"
    return style.before + sign + digits + style.after


def fill(template: str, style: Style, decimals: int = 2) -> str:
    """The template with each `{units}` replaced by that amount in `style` (`{0}` is zero)."""
    out: list[str] = []
    for index, piece in enumerate(template.split("{")):
        if index == 0:
            out.append(piece)
            continue
        number, _, rest = piece.partition("}")
        out.append(styled(int(number), style, decimals) + rest)
    return "".join(out)


def read_text(format_name: str, text: str) -> Hand | UnreadableHand:
    lines = text.split("\n")
    item = BY_NAME[format_name].read(Block("hand", "memory.txt", 1, lines, format_name))
    assert isinstance(item, Hand | UnreadableHand), item
    return item


def audit_text(tmp_path: Path, text: str, encoding: str = "utf-8") -> tuple[object, list[Finding]]:
    path = tmp_path / "hand.txt"
    path.write_bytes(text.encode(encoding))
    auditor = Auditor()
    (audited,) = list(auditor.audit_files([path]))
    return audited.item, [*audited.findings, *auditor.across]
