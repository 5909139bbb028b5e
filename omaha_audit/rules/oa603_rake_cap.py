"""OA603 rake-cap."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Final

from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """The rake is above the room preset's cap for these stakes and the number of players dealt in (RK-2).

    Bad (PokerStars preset, $0.25/$0.50, 6 players): `Total pot $120 | Rake $6`.
    Good: `Total pot $120 | Rake $2.50` (cap $2.50 for 5+ players).
    Why: raking above the posted cap takes money the room's own terms say it may not.
    """
    hand = ctx.hand
    summary = hand.pot
    if summary is None or hand.tournament is not None or hand.unit.currency in ("chips", "play"):
        return
    scale = Decimal(10) ** hand.unit.decimals
    big_blind = hand.stakes.big_blind or hand.stakes.small_bet
    big = Decimal(big_blind) / scale if big_blind else None
    players = len(ctx.replay.order)
    cap = ctx.house.rake_cap(hand.unit.currency, big, players)
    if cap is None:
        return
    cap_units = int(cap * scale)
    if summary.rake > cap_units:
        yield RULE.finding(
            ctx,
            f"Rake {ctx.money(summary.rake)} is above the {ctx.house.name} cap of "
            f"{ctx.money(cap_units)} for {ctx.money(big_blind)} big blind with {players} players "
            f"dealt in",
            summary.source,
            expected=f"at most {ctx.money(cap_units)}",
            actual=ctx.money(summary.rake),
        )


RULE: Final[Rule] = Rule("OA603", "rake-cap", Severity.ERROR, ("RK-2",), check)
