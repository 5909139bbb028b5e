"""Money is conserved in the statistics: on hands the generator deals with a correct dealer, what the
players won and lost adds up to minus the rake at cash tables, and to exactly zero in tournaments."""

from __future__ import annotations

import io
from pathlib import Path

import polars as pl
import pytest

from omaha_audit.generate import GenerateConfig, generate
from omaha_audit.run.pipeline import Auditor
from omaha_audit.stats.frames import FrameBuilder, Frames
from omaha_audit.stats.statistics import player_statistics


def _frames(path: Path, hands: int, seed: int, tournament_share: float) -> Frames:
    with path.open("w", encoding="utf-8") as text:
        generate(GenerateConfig(hands=hands, seed=seed, tournament_share=tournament_share), text, io.StringIO())
    builder = FrameBuilder(tables=("hands", "players"), strict=True)
    for audited in Auditor(rules=()).audit_files([path]):
        builder.add(audited)
    return builder.frames()


def _per_hand(frames: Frames) -> pl.DataFrame:
    nets = frames.players.group_by("hand_no").agg(pl.col("net").sum(), pl.col("rake_paid").sum())
    return frames.hands.select("hand_no", "hand_id", "line", "rake", "tournament_id").join(
        nets, on="hand_no", how="left"
    )


def _unbalanced(table: pl.DataFrame, expression: pl.Expr) -> list[str]:
    rows = table.filter(expression).iter_rows(named=True)
    return [f"hand {row['hand_id']} (line {row['line']}): net {row['net']}, rake {row['rake']}" for row in rows]


@pytest.mark.parametrize("seed", [3, 17])
def test_cash_net_plus_rake_is_zero(tmp_path: Path, seed: int) -> None:
    frames = _frames(tmp_path / "cash.txt", 400, seed, tournament_share=0.0)
    per_hand = _per_hand(frames)
    assert per_hand.height == 400
    assert per_hand["tournament_id"].null_count() == 400
    assert per_hand["net"].null_count() == 0, "every hand has player rows"
    unbalanced = pl.col("net") + pl.col("rake") != 0
    assert _unbalanced(per_hand, unbalanced) == []
    assert per_hand.filter(pl.col("rake_paid") != pl.col("rake")).height == 0, "the rake is attributed in full"
    assert per_hand["rake"].sum() > 0
    # the same identity over the whole run, through the statistics table
    stats = player_statistics(frames)
    total_rake = int(per_hand["rake"].sum())
    assert int(stats["net_won_units"].sum()) + total_rake == 0
    assert int(stats["rake_paid_units"].sum()) == total_rake


def test_tournament_net_is_zero(tmp_path: Path) -> None:
    frames = _frames(tmp_path / "tournament.txt", 300, 5, tournament_share=1.0)
    per_hand = _per_hand(frames)
    assert per_hand.height == 300
    assert per_hand["tournament_id"].null_count() == 0
    assert per_hand["rake"].to_list() == [0] * 300
    assert _unbalanced(per_hand, pl.col("net") != 0) == []
    assert player_statistics(frames)["net_won_units"].sum() == 0
