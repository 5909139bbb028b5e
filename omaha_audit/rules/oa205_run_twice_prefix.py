"""OA205 run-twice-prefix."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """When a hand is run twice, both boards share the cards dealt before the all-in, and the second run
    repeats no card of the first (one deck, OM-4).

    Bad: `*** TURN *** [3d Kd 9h] [8h]`, then `SECOND Board [3d Kd 9c 8h Kc]` (the flop changed), or
    `FIRST Board [.. 4s]` and `SECOND Board [.. 4s]` dealt on the river of each run.
    Good: `FIRST Board [3d Kd 9h 8h 4s]`, `SECOND Board [3d Kd 9h 8h Kc]`.
    Running it twice is only for cash no-limit and pot-limit games, never tournaments (RIT-1).
    Why: the runs must be dealt from the same deck after the same shared cards (PS-RIT).
    """
    hand = ctx.hand
    if len(hand.boards) < 2:
        return
    if hand.tournament is not None or hand.structure.value == "fixed-limit":
        what = "a tournament" if hand.tournament is not None else "a fixed-limit game"
        yield RULE.finding(
            ctx,
            f"The hand was run twice in {what}; only cash no-limit and pot-limit games may be (RIT-1)",
            hand.source,
            expected="one board",
            actual=f"{len(hand.boards)} boards",
        )
    shared = [deal for deal in hand.streets if deal.run == 0]
    prefix = shared[-1].cards if shared else ()  # Courchevel: at least the pre-flop card is shared
    first, *others = hand.boards
    for number, board in enumerate(others, 2):
        if board[: len(prefix)] != prefix or first[: len(prefix)] != prefix:
            yield RULE.finding(
                ctx,
                f"Board {number} does not start with the cards dealt before the all-in ({' '.join(map(str, prefix))})",
                hand.source,
                expected=" ".join(map(str, prefix)),
                actual=" ".join(map(str, board)),
            )
            continue
        if ctx.house.rit_same_deck:
            repeated = set(board[len(prefix) :]) & set(first[len(prefix) :])
            if repeated:
                cards = " ".join(sorted(map(str, repeated)))
                yield RULE.finding(
                    ctx,
                    f"Run {number} repeats {cards} from the first run",
                    hand.source,
                    expected="distinct cards per run",
                    actual=cards,
                )


RULE: Final[Rule] = Rule(
    "OA205", "run-twice-prefix", Severity.ERROR, ("OM-4", "RIT-1", "RIT-2"), check, needs_replay=False
)
