"""The rules across hands judged as the hands come (TableSequencer(stream=True), the plain audit) give the
same findings, in the same order, as judging every table sorted at the end: with the hands in order, with
tables whose hands arrive out of order (judged again from the spill), with more tables than are kept live,
and for the real corpus files that hold consecutive hands of a table."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from corpus_paths import corpus_root, require_corpus

from omaha_audit.generate import GenerateConfig, generate
from omaha_audit.model.house_rules import HouseRules
from omaha_audit.pipeline import Auditor
from omaha_audit.rules.base import Finding
from omaha_audit.rules.tables import TableRow
from omaha_audit.sequences import TableSequencer

Picture = tuple[TableRow, HouseRules]


def _pictures(paths: list[Path]) -> tuple[Auditor, list[Picture]]:
    auditor = Auditor(keep_text=False)
    pictures: list[Picture] = []
    for path in paths:
        for _, picture, house, _ in auditor.audit_source(path):
            if picture is not None and house is not None:
                pictures.append((picture, house))
    return auditor, pictures


def _judge(auditor: Auditor, pictures: list[Picture], **how: object) -> tuple[list[tuple[object, ...]], TableSequencer]:
    from omaha_audit.pipeline import _cannot_check

    with TableSequencer(auditor.table_rules, None, _cannot_check, **how) as sequencer:  # type: ignore[arg-type]
        for picture, house in pictures:
            sequencer.add(picture, house)
        found = list(sequencer.findings(strict=True))
        assert sequencer.tables() == len({picture[2] for picture, _ in pictures})
    return [_key(finding) for finding in found], sequencer


def _key(finding: Finding) -> tuple[object, ...]:
    return (
        finding.code,
        finding.hand_id,
        finding.path,
        finding.line,
        finding.message,
        finding.expected,
        finding.actual,
    )


@pytest.fixture(scope="module")
def sessions(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Generated table sessions with continuity faults (OA7xx findings on about half the hands), cut into
    six files."""
    config = GenerateConfig(hands=1_800, seed=12, sessions=True, tables=5, fault_rate=0.5, tournament_share=0.4)
    text, labels = io.StringIO(), io.StringIO()
    generate(config, text, labels)
    hands = [block for block in text.getvalue().split("\n\n\n") if block.strip()]
    folder = tmp_path_factory.mktemp("sessions")
    paths = []
    for part in range(6):
        path = folder / f"part{part}.txt"
        path.write_text("\n\n\n".join(hands[part * 300 : (part + 1) * 300]) + "\n\n\n", encoding="utf-8")
        paths.append(path)
    return paths


def test_judged_as_they_come_equals_judged_at_the_end(sessions: list[Path]) -> None:
    auditor, pictures = _pictures(sessions)
    at_end, _ = _judge(auditor, pictures)
    streamed, sequencer = _judge(auditor, pictures, stream=True)
    assert len(at_end) > 300 and {key[0] for key in at_end} >= {"OA701", "OA705", "OA706", "OA707"}
    assert streamed == at_end
    assert not sequencer.later  # the hands were in order: no table judged again


def test_tables_out_of_order_are_judged_again_in_order(sessions: list[Path]) -> None:
    auditor, pictures = _pictures(sessions)
    at_end, _ = _judge(auditor, pictures)
    shuffled = pictures[900:] + pictures[:900]  # the later files first: every table's hands out of order
    streamed, sequencer = _judge(auditor, shuffled, stream=True)
    assert sequencer.later and streamed == at_end
    random.Random(3).shuffle(shuffled)
    streamed, _ = _judge(auditor, shuffled, stream=True)
    assert streamed == at_end


def test_tables_beyond_those_kept_live_are_judged_at_the_end(sessions: list[Path]) -> None:
    auditor, pictures = _pictures(sessions)
    at_end, _ = _judge(auditor, pictures)
    streamed, sequencer = _judge(auditor, pictures, stream=True, live_tables=2)
    assert len(sequencer.live) == 2 and sequencer.later and streamed == at_end


def test_the_audit_streams_unless_table_order_is_followed(sessions: list[Path]) -> None:
    """The plain audit judges as the hands come; with the report's table views or the `tables` rows it
    judges at the end. Both give the same findings across hands."""
    plain = Auditor(keep_text=False)
    list(plain.audit_files(sessions))
    rows = Auditor(keep_text=False, table_rows=True)
    list(rows.audit_files(sessions))
    assert [_key(f) for f in plain.across] == [_key(f) for f in rows.across] and plain.across
    assert plain.tally.tables == rows.tally.tables and len(rows.table_rows) == 1_800


@pytest.mark.corpus
def test_the_corpus_tables_streamed_equal_sorted() -> None:
    require_corpus()
    paths = sorted(p for p in corpus_root().rglob("*") if p.is_file() and p.suffix in (".txt", ".xml"))
    auditor, pictures = _pictures(paths)
    at_end, _ = _judge(auditor, pictures)
    streamed, _ = _judge(auditor, pictures, stream=True)
    assert len(at_end) > 100 and streamed == at_end
