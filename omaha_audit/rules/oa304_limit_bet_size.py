"""OA304 limit-bet-size."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import ActionKind, Structure
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity, step_finding


def check(ctx: HandContext) -> Iterator[Finding]:
    """In fixed limit, a bet or raise that is not exactly one bet of the street (FL-1).

    Small bet preflop and on the flop, big bet on the turn and river (stud: small bet on third and fourth
    street, or the big bet on fourth with a pair showing, then big bets: ST-4); facing an all-in of less than half a
    bet the next player may complete to a full bet (FL-4). Omaha Hi/Lo Limit ($5/$10):
    Bad: `Player_5: bets $10` on the flop.
    Good: `Player_5: bets $5` on the flop, `bets $10` on the turn.
    Why: fixed-limit players are entitled to the posted sizes; any other size is a dealer error.
    """
    if ctx.hand.structure is not Structure.FIXED_LIMIT:
        return
    for step in ctx.replay.wagers:
        if step.action.kind not in (ActionKind.BET, ActionKind.RAISE) or step.min_to is None:
            continue
        if step.stack_after <= 0 or step.action.all_in:
            continue  # all-in for less than a full bet is allowed
        # the one choice fixed limit offers: on stud's fourth street with a pair showing, the big bet (ST-4)
        most = step.max_to if step.max_to is not None else step.min_to
        if step.bet_after != step.min_to and not (step.bet_after == most and most > step.min_to):
            yield step_finding(
                RULE,
                ctx,
                step,
                f"Seat {step.seat} ({step.player}) made it {ctx.money(step.bet_after)} on the "
                f"{step.street.value}; in this limit game it had to be {ctx.money(step.min_to)} "
                f"(bet size {ctx.money(step.unit)})",
                expected=ctx.money(step.min_to),
                actual=ctx.money(step.bet_after),
            )


RULE: Final[Rule] = Rule(
    "OA304", "limit-bet-size", Severity.ERROR, ("FL-1", "FL-4", "FL-5", "ST-4", "DR-2"), check, stud=True, draw=True
)
