"""OA601 collected-plus-rake."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import PotBasis, Refunds
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """What the players collected plus the rake (and other fees) is not the pot (RK-4, RK-5).

    PokerStars' `Total pot` is gross: `Σ collected + rake = total pot`. Rooms that print the total net of
    the rake, collected amounts before it, or no total at all are judged in the terms their text uses
    (the reader says which); with no total printed, the pot is what the players put in. A winner who
    cashed out the hand collects nothing; their share is marked `(pot not awarded as player cashed out)`
    and counted here.
    Bad: `Total pot $35 | Rake $1` with `Player_7 collected $17 from pot` once.
    Good: `Player_7 collected $17 from pot` twice (high and low halves).
    Where the room prints neither a total nor a rake, the collected amounts may not exceed what was put in.
    Why: chips either vanished from the pot or were paid out twice.
    """
    hand = ctx.hand
    summary = hand.pot
    if hand.truncated or hand.cancelled:
        return
    if summary is None or (summary.rake is None and summary.total is None):
        yield from _no_pot_line(ctx)
        return
    if summary.rake is None and hand.tournament is None and hand.unit.currency not in ("chips", "play"):
        yield from _no_rake_printed(ctx)
        return
    collected = sum(item.amount for item in hand.collected)
    unawarded = sum(sum(seat.won) for seat in hand.summary_seats if seat.pot_not_awarded)
    rake = summary.rake or 0
    fees = hand.fees_taken
    deducted = rake + fees
    if summary.total is not None:
        pot, pot_words = summary.total, f"total pot {ctx.money(summary.total)}"
        if summary.total_basis in (PotBasis.NET, PotBasis.NET_WITH_REFUNDS):
            deducted = 0  # the printed total is already net of the rake
    else:
        pot, pot_words = ctx.gross_pot, f"the players put in {ctx.money(ctx.gross_pot)}"
        if hand.refunds is Refunds.IN_COLLECTED:
            pot += ctx.returned  # paid back inside a collected amount
    if summary.collected_basis is PotBasis.GROSS:
        deducted = 0  # collected amounts printed before the rake
    expected = pot - deducted - unawarded
    if collected != expected:
        line = hand.collected[-1].source if hand.collected else summary.source
        yield RULE.finding(
            ctx,
            f"Players collected {ctx.money(collected)}; {pot_words}"
            + (f" less rake {ctx.money(rake)}" if deducted and rake else "")
            + (f" and fees {ctx.money(fees)}" if deducted and fees else "")
            + (f" and {ctx.money(unawarded)} cashed out" if unawarded else "")
            + f" leaves {ctx.money(expected)}",
            line,
            expected=ctx.money(expected),
            actual=ctx.money(collected),
        )


def _no_rake_printed(ctx: HandContext) -> Iterator[Finding]:
    """A cash hand whose room prints a total but no rake (Bovada from 2013): what the pot kept is the rake,
    which cannot be below nothing; the total itself is judged against the chips put in (OA602) and what the
    pot kept against the room's cap (OA603)."""
    hand = ctx.hand
    summary = hand.pot
    assert summary is not None and summary.total is not None
    if summary.total_basis not in (PotBasis.GROSS, PotBasis.GROSS_WITH_REFUNDS):
        return
    collected = sum(item.amount for item in hand.collected)
    unawarded = sum(sum(seat.won) for seat in hand.summary_seats if seat.pot_not_awarded)
    most = summary.total - hand.fees_taken - unawarded
    if summary.total_basis is PotBasis.GROSS and hand.refunds is Refunds.IN_COLLECTED:
        most += ctx.returned  # paid back inside a collected amount
    if collected > most:
        line = hand.collected[-1].source if hand.collected else summary.source
        yield RULE.finding(
            ctx,
            f"Players collected {ctx.money(collected)}, more than the total pot {ctx.money(summary.total)}"
            + (f" less fees {ctx.money(hand.fees_taken)}" if hand.fees_taken else "")
            + " (the room prints no rake)",
            line,
            expected=f"at most {ctx.money(most)}",
            actual=ctx.money(collected),
        )


def _no_pot_line(ctx: HandContext) -> Iterator[Finding]:
    """A room that prints neither total nor rake: what the pot kept (the implied rake) cannot be below
    nothing."""
    hand = ctx.hand
    kept = ctx.rake_taken
    if kept is None or kept >= 0 or not hand.collected:
        return
    collected = sum(item.amount for item in hand.collected)
    yield RULE.finding(
        ctx,
        f"Players collected {ctx.money(collected)}, {ctx.money(-kept)} more than the {ctx.money(collected + kept)}"
        " they put in (the room prints no total pot or rake)",
        hand.collected[-1].source,
        expected=f"at most {ctx.money(collected + kept)}",
        actual=ctx.money(collected),
    )


RULE: Final[Rule] = Rule(
    "OA601", "collected-plus-rake", Severity.ERROR, ("RK-4", "RK-5"), check, needs_replay=False, any_game=True
)
