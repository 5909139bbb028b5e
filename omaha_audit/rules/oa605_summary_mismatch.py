"""OA605 summary-mismatch."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """A summary seat line disagrees with the collected lines: `won ($x)` or `collected ($x)` must be what
    that player collected over all pots and halves (per board when run twice).

    Bad: `supermeXXX collected $0.20 from pot`, `supermeXXX collected $0.09 from pot` and the summary
    `Seat 3: supermeXXX showed [...] and won ($0.20) with ...`.
    Good: `... and won ($0.29) with ...`.
    Why: the summary is what players and trackers read; it must agree with the award lines.
    """
    hand = ctx.hand
    if hand.truncated or hand.cancelled:
        return
    collected: dict[str, int] = {}
    for item in hand.collected:
        collected[item.player] = collected.get(item.player, 0) + item.amount
    for seat in hand.summary_seats:
        if seat.pot_not_awarded or seat.cashed_out or seat.outcome == "folded":
            continue
        won = sum(seat.won)
        got = collected.get(seat.player, 0)
        if won != got and (won or got):
            yield RULE.finding(
                ctx,
                f"The summary says {seat.player} won {ctx.money(won)}; the collected lines give {ctx.money(got)}",
                seat.source,
                player=seat.player,
                expected=ctx.money(got),
                actual=ctx.money(won),
            )


RULE: Final[Rule] = Rule("OA605", "summary-mismatch", Severity.WARNING, (), check, needs_replay=False, any_game=True)
