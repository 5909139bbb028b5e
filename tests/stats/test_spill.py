"""The report's tables written to disk batch by batch (FrameBuilder(spill=...)) and read back by queries
(`lazy_frames()`): the same rows, the same statistics, charts and floor tables as the tables held in
memory, whatever the batch size; and every statistic the same whatever order or batches the rows come in
(the streaming engine adds them in no fixed order)."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal

from omaha_audit.generate import GenerateConfig, generate
from omaha_audit.model import Game
from omaha_audit.report.floor import by_table, over_time
from omaha_audit.report.html import _net_charts, _stats_table
from omaha_audit.rules.base import Finding
from omaha_audit.run.pipeline import AuditedHand, Auditor
from omaha_audit.stats.frames import ALL_TABLES, FrameBuilder, LazyFrames
from omaha_audit.stats.statistics import GROUPINGS, statistics

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"


Run = tuple[list[AuditedHand], list[Finding]]


@pytest.fixture(scope="module")
def audited(tmp_path_factory: pytest.TempPathFactory) -> Run:
    """The sample histories and generated table sessions with continuity faults."""
    sessions = tmp_path_factory.mktemp("spill") / "sessions.txt"
    config = GenerateConfig(hands=400, seed=5, sessions=True, tables=3, fault_rate=0.08, games=(Game.OMAHA,))
    with sessions.open("w", encoding="utf-8") as text, open(sessions.with_suffix(".jsonl"), "w") as labels:
        generate(config, text, labels)
    auditor = Auditor()
    hands = list(auditor.audit_files([*sorted(SAMPLES.glob("*.txt")), sessions]))
    assert len(hands) > 100 and auditor.across  # (findings across hands: their rows get their hand's number)
    return hands, list(auditor.across)


def _build(audited: Run, batch_size: int, spill: Path | None) -> FrameBuilder:
    hands, across = audited
    builder = FrameBuilder(batch_size=batch_size, spill=spill)
    for hand in hands:
        builder.add(hand)
    builder.add_across(across)
    return builder


def test_spilled_tables_are_the_tables_in_memory(audited: Run, tmp_path: Path) -> None:
    memory = _build(audited, 2000, None).frames()
    spilled = _build(audited, 7, tmp_path)  # (7 hands a batch: many files)
    assert len(list(tmp_path.glob("hands-*.arrow"))) > 10
    lazy = spilled.lazy_frames()
    assert isinstance(lazy, LazyFrames)
    for name in ALL_TABLES:
        assert_frame_equal(getattr(lazy, name).collect(), getattr(memory, name))
        assert_frame_equal(spilled.frames().named()[name], getattr(memory, name))
    assert memory.findings["hand_no"].null_count() == 0  # (those across hands numbered too)


def test_statistics_do_not_depend_on_batches_or_order(audited: Run, tmp_path: Path) -> None:
    memory = _build(audited, 2000, None).frames()
    lazy = _build(audited, 3, tmp_path).lazy_frames()
    shuffled = LazyFrames(
        **{name: getattr(memory, name).sample(fraction=1.0, shuffle=True, seed=7).lazy() for name in ALL_TABLES}
    )
    for by in GROUPINGS:
        expected = statistics(memory, by)
        assert_frame_equal(statistics(lazy, by), expected, check_exact=True)
        assert_frame_equal(statistics(shuffled, by), expected, check_exact=True)  # (every sum is of integers)


def test_the_report_views_from_spilled_tables(audited: Run, tmp_path: Path) -> None:
    memory = _build(audited, 2000, None)
    spilled = _build(audited, 5, tmp_path)
    eager, lazy = memory.frames(), spilled.lazy_frames()
    assert _net_charts(eager) == _net_charts(lazy)
    assert by_table(eager, {}) == by_table(lazy, {})
    assert over_time(eager) == over_time(lazy)
    for by in GROUPINGS:
        assert _stats_table(memory.lazy_frames(), by, "t") == _stats_table(lazy, by, "t")


def test_only_the_busiest_tables_are_counted_in_full(audited: Run, tmp_path: Path) -> None:
    lazy = _build(audited, 50, tmp_path).lazy_frames()
    whole = statistics(lazy, "table").sort("hands", descending=True, maintain_order=True)
    shown = _stats_table(lazy, "table", "By table", limit=3)
    assert whole.height > 3
    assert shown.note == f"The first 3 of {whole.height:,} rows (`omaha-audit stats` gives them all)."
    assert [row[:2] for row in shown.rows] == whole.select("room", "table").head(3).rows()


def test_hand_numbers_out_of_order_are_not_merged_as_sorted(tmp_path: Path) -> None:
    """A table whose batches' hand numbers go down is not declared sorted, so a join on them stays right."""
    from omaha_audit.stats.frames import PLAYERS_SCHEMA, _Table

    def players(numbers: list[int], names: list[str]) -> pl.DataFrame:
        given = {"hand_no": numbers, "player": names}
        return pl.DataFrame(
            {name: given.get(name, [None] * len(numbers)) for name in PLAYERS_SCHEMA}, schema=PLAYERS_SCHEMA
        )

    table = _Table(PLAYERS_SCHEMA, tmp_path, "players")
    table.add_frame(players([5, 6], ["a", "b"]))
    assert table.in_order
    table.add_frame(players([1, 2], ["c", "d"]))
    assert not table.in_order
    hands = pl.DataFrame({"hand_no": [1, 2, 5, 6], "unit": ["w", "x", "y", "z"]}).lazy()
    joined = table.lazy().join(hands, on="hand_no", how="left").collect().sort("hand_no")
    assert joined["unit"].to_list() == ["w", "x", "y", "z"]
