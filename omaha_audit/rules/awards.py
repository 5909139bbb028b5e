"""Compare what each player collected with what the engine says they should have, pot by pot, board by
board, and name the kind of mistake: used by the OA50x rules."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from omaha_audit.engine.settle import PotResult
from omaha_audit.model import Half
from omaha_audit.rules.base import Finding, HandContext, Rule

WRONG_WINNER = "OA501"
HI_LO_SPLIT = "OA502"
LOW_WITHOUT_QUALIFIER = "OA503"
LOW_IGNORED = "OA504"
ODD_CHIP = "OA505"
RUN_TWICE_SPLIT = "OA506"


@dataclass(frozen=True, slots=True)
class AwardDiff:
    code: str
    pot: int
    run: int
    expected: dict[str, int]
    actual: dict[str, int]
    line: int
    detail: str


def _actual(ctx: HandContext, pot: int, runs: set[int]) -> dict[int, dict[str, int]]:
    out: dict[int, dict[str, int]] = {}
    for item in ctx.hand.collected:
        if item.pot != pot:
            continue
        run = item.run if item.run in runs else 0
        per = out.setdefault(run, {})
        per[item.player] = per.get(item.player, 0) + item.amount
    return out


def _expected(result: PotResult) -> dict[int, dict[str, int]]:
    out: dict[int, dict[str, int]] = {}
    for board in result.boards:
        per = out.setdefault(board.run, {})
        for share in board.shares:
            per[share.player] = per.get(share.player, 0) + share.amount
    return out


def _merge(by_run: dict[int, dict[str, int]]) -> dict[str, int]:
    total: dict[str, int] = {}
    for per in by_run.values():
        for player, amount in per.items():
            total[player] = total.get(player, 0) + amount
    return total


def _classify(ctx: HandContext, result: PotResult, expected: dict[str, int], actual: dict[str, int]) -> str:
    want = {p for p, v in expected.items() if v > 0}
    got = {p for p, v in actual.items() if v > 0}
    hi_lo = ctx.hand.game.is_hi_lo and len(result.contenders) > 1
    no_low = all(not board.low_winners for board in result.boards)
    low_only = {s.player for b in result.boards for s in b.shares if s.half is Half.LOW} - {
        s.player for b in result.boards for s in b.shares if s.half is not Half.LOW
    }
    if got - want:
        return LOW_WITHOUT_QUALIFIER if hi_lo and no_low else WRONG_WINNER
    if want - got:
        return LOW_IGNORED if hi_lo and (want - got) <= low_only else WRONG_WINNER
    if sum(expected.values()) == sum(actual.values()):
        worst = max(abs(expected.get(p, 0) - actual.get(p, 0)) for p in want | got)
        if worst <= ctx.house.min_chip:
            return ODD_CHIP
    return HI_LO_SPLIT if hi_lo and not no_low else WRONG_WINNER


def award_diffs(ctx: HandContext) -> list[AwardDiff]:
    """Every pot (and board) where the collected amounts differ from the computed awards (memoised)."""
    cached = ctx.memo.get("award_diffs")
    if cached is None:
        cached = ctx.memo["award_diffs"] = _award_diffs(ctx)
    return cached  # type: ignore[return-value]


def _award_diffs(ctx: HandContext) -> list[AwardDiff]:
    hand = ctx.hand
    if hand.truncated or hand.cancelled or not ctx.replayable:
        return []
    cashed = {item.player for item in hand.cash_outs} | {s.player for s in hand.summary_seats if s.pot_not_awarded}
    diffs: list[AwardDiff] = []
    for result in ctx.settlement.results:
        if not result.decided or cashed & set(result.contenders):
            continue
        index = result.pot.index
        runs = {board.run for board in result.boards}
        expected_runs, actual_runs = _expected(result), _actual(ctx, index, runs)
        lines = [c.source.line for c in hand.collected if c.pot == index]
        line = lines[0] if lines else (hand.pot.source.line if hand.pot else hand.source.line)
        expected_total, actual_total = _merge(expected_runs), _merge(actual_runs)
        if expected_total != actual_total:
            same_winners = {p for p, v in expected_total.items() if v} == {p for p, v in actual_total.items() if v}
            if same_winners and sum(expected_total.values()) != sum(actual_total.values()):
                continue  # the right players, but the pot's size is off: OA601/OA402 report that
            code = _classify(ctx, result, expected_total, actual_total)
            diffs.append(AwardDiff(code, index, 0, expected_total, actual_total, line, "whole pot"))
            continue
        if len(runs) > 1 and 0 not in actual_runs:
            for run in sorted(runs):
                want, got = expected_runs.get(run, {}), actual_runs.get(run, {})
                if {p: v for p, v in want.items() if v} != {p: v for p, v in got.items() if v}:
                    diffs.append(AwardDiff(RUN_TWICE_SPLIT, index, run, want, got, line, f"board {run}"))
    return diffs


def award_findings(rule: Rule, ctx: HandContext, verb: str) -> Iterator[Finding]:
    """The findings of one OA50x rule: the award differences classified under its code."""
    for diff in award_diffs(ctx):
        if diff.code != rule.code:
            continue
        where = pot_label(diff.pot) + (f" on board {diff.run}" if diff.run else "")
        expected = describe_amounts(ctx, diff.expected)
        actual = describe_amounts(ctx, diff.actual)
        yield rule.finding(
            ctx,
            f"{where[0].upper()}{where[1:]} {verb}: it should pay {expected}; the hand pays {actual}",
            ctx.hand.source.at(diff.line),
            expected=expected,
            actual=actual,
        )


def describe_amounts(ctx: HandContext, amounts: dict[str, int]) -> str:
    shown = [f"{player} {ctx.money(value)}" for player, value in sorted(amounts.items()) if value]
    return ", ".join(shown) or "nobody"


def pot_label(index: int) -> str:
    return "the main pot" if index == 0 else f"side pot {index}"
