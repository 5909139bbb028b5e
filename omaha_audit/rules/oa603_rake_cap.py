"""OA603 rake-cap."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from decimal import Decimal
from typing import Final

from omaha_audit.model.house_rules import HouseRules
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity

# (id of the house rules, currency, decimals, big blind in units, players) -> (those house rules, the cap in
# units or None). The same few stakes come back hand after hand; the house rules are kept in the value,
# so their id cannot be reused by other rules while the entry lives.
_CAPS: Final[dict[tuple[int, str, int, int, int, date | None], tuple[HouseRules, int | None]]] = {}


def _cap_units(
    house: HouseRules, currency: str, decimals: int, big_blind: int, players: int, day: date | None
) -> int | None:
    """The house's rake cap in units for these stakes, players dealt in and day (RK-2), or None."""
    key = (id(house), currency, decimals, big_blind, players, day)
    known = _CAPS.get(key)
    if known is not None and known[0] is house:
        return known[1]
    scale = Decimal(10) ** decimals
    cap = house.rake_cap(currency, Decimal(big_blind) / scale if big_blind else None, players, day)
    units = None if cap is None else int(cap * scale)
    if len(_CAPS) >= 4096:
        _CAPS.clear()
    _CAPS[key] = (house, units)
    return units


def check(ctx: HandContext) -> Iterator[Finding]:
    """The rake is above the room preset's cap for these stakes and the number of players dealt in (RK-2).

    Bad (PokerStars preset, $0.25/$0.50, 6 players): `Total pot $120 | Rake $6`.
    Good: `Total pot $120 | Rake $2.50` (cap $2.50 for 5+ players).
    Rooms that print no rake are checked on what the pot kept (put in, less collected and fees). Where no
    cap is known for the room and stakes, a rake above a quarter of the pot is a warning: no room takes that.
    Why: raking above the posted cap takes money the room's own terms say it may not.
    """
    hand = ctx.hand
    summary = hand.pot
    rake = ctx.rake_taken
    if rake is None or hand.tournament is not None or hand.unit.currency in ("chips", "play"):
        return
    printed = summary is not None and summary.rake is not None
    big_blind = hand.stakes.big_blind or hand.stakes.small_bet
    players = len(ctx.replay.order)
    day = hand.started.date() if hand.started is not None else None
    cap = _cap_units(ctx.house, hand.unit.currency, hand.unit.decimals, big_blind or 0, players, day)
    if cap is None:
        yield from _beyond_any_room(ctx, rake, printed)
        return
    if rake > cap:
        what = "Rake" if printed else "The rake the pot kept (the room prints none),"
        yield RULE.finding(
            ctx,
            f"{what} {ctx.money(rake)} is above the {ctx.house.name} cap of "
            f"{ctx.money(cap)} for {ctx.money(big_blind)} big blind with {players} players "
            f"dealt in",
            summary.source if summary is not None else ctx.hand.source,
            expected=f"at most {ctx.money(cap)}",
            actual=ctx.money(rake),
        )


# Where the room's cap is not known: no room's rake takes a quarter of a pot (rakes run from 3% to 10%, under a
# cap; fpdb's importer refuses a hand whose rake is above 25% for the same reason). Small pots, where one chip
# of rake is a large share, are left alone below this many of the unit's smallest chips.
BEYOND_ANY_ROOM: Final = Decimal("0.25")
SMALLEST_JUDGED: Final = 5


def _beyond_any_room(ctx: HandContext, rake: int, printed: bool) -> Iterator[Finding]:
    """A rake beyond what any room takes, where the room's own cap is not known (a warning: no schedule is
    known to compare it with)."""
    pot = ctx.gross_pot
    if pot <= 0 or rake < SMALLEST_JUDGED or Decimal(rake) <= BEYOND_ANY_ROOM * pot:
        return
    what = "Rake" if printed else "The rake the pot kept (the room prints none: the chips put in less those paid out),"
    summary = ctx.hand.pot
    yield RULE.finding(
        ctx,
        f"{what} {ctx.money(rake)} is {rake * 100 // pot}% of the {ctx.money(pot)} pot: beyond any room's rake "
        f"(no cap is known for {ctx.house.name} at these stakes)",
        summary.source if summary is not None else ctx.hand.source,
        expected=f"at most {int(BEYOND_ANY_ROOM * 100)}% of the pot",
        actual=ctx.money(rake),
        severity=Severity.WARNING,
    )


RULE: Final[Rule] = Rule("OA603", "rake-cap", Severity.ERROR, ("RK-2",), check, stud=True, draw=True)
