"""OA308 over-stack."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.rules.base import Finding, HandContext, Rule, Severity, step_finding


def check(ctx: HandContext) -> Iterator[Finding]:
    """A player put in more chips than they had: their stack would go below zero (table stakes).

    Bad: `Seat 2: Player2 ($5 in chips)` then `Player2: raises $10 to $12`.
    Good: `Player2: raises $3 to $5 and is all-in`.
    Why: chips that a player did not have were put in the pot: the pot and the other players' wins are
    wrong by that much.
    Judged in every game: in stud, razz and draw, from the running sum of each player's action lines.
    """
    if not ctx.replayable:
        yield from _from_lines(ctx)
        return
    for step in ctx.replay.paying:
        if step.known_player and step.added > 0 and step.added > step.stack_before:
            yield step_finding(
                RULE,
                ctx,
                step,
                f"Seat {step.seat} ({step.player}) put in {ctx.money(step.added)} with only "
                f"{ctx.money(step.stack_before)} left",
                expected=f"at most {ctx.money(step.stack_before)}",
                actual=ctx.money(step.added),
            )


def _from_lines(ctx: HandContext) -> Iterator[Finding]:
    """A game the engine does not replay: the first line that takes a player's running total past the
    stack on their seat line."""
    hand = ctx.hand
    if hand.cancelled:
        return
    stacks = {seat.player: seat.stack for seat in hand.seats}
    paid: dict[str, int] = {}
    over: set[str] = set()
    for action in hand.actions:
        stack = stacks.get(action.player)
        if stack is None or action.amount <= 0 or action.player in over:
            continue  # (a player with no seat line is OA105's)
        before = paid.get(action.player, 0)
        paid[action.player] = before + action.amount
        if before + action.amount > stack:
            over.add(action.player)
            left = stack - before
            yield RULE.finding(
                ctx,
                f"{action.player} put in {ctx.money(action.amount)} with only {ctx.money(left)} left of the "
                f"{ctx.money(stack)} they sat with",
                action.source,
                street=action.street,
                player=action.player,
                expected=f"at most {ctx.money(left)}",
                actual=ctx.money(action.amount),
            )


RULE: Final[Rule] = Rule("OA308", "over-stack", Severity.ERROR, (), check, needs_replay=False, any_game=True)
