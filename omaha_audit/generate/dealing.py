"""The generator's dealing rules for a room, derived in one place from the room's house rules (the preset
`omaha-audit audit` applies to the room's hands: omaha_audit/rooms/<room>/presets.py), so that a generated
hand is dealt the way the audit judges that room's hands.

What is taken from the preset (`dealing_rules`), for every room alike:

- the fixed-limit small blind at cash tables (FL-1): the preset's table by small bet (`fl_small_blinds`),
  else half the small bet, cut to the cent (the reading of rules/oa309_blind_amount.py); the big blind is
  the small bet, and tournaments post half the small bet;
- the rake (RK-1, RK-2): no flop no drop where the preset says so (`no_flop_no_drop`), and capped by the
  preset's caps in force for the currency the room's text names (`rake_caps`, the standing ones: generated
  hands are dated today). Where the preset states no cap for that currency, the hands are raked under the
  generator's usual caps (config.POKERSTARS_RAKE), a rake the audit accepts there, and `rake_over_cap` is
  not injected: no check could see it (`unshown`);
- the button between hands of a session (CT-1: `button_mode`, either meaning both are dealt) and whether a
  returning player owes the small blind missed (BL-5: `missed_small_blind_owed`);
- the fixed-limit cap heads-up (FL-3: `hu_cap`): the generator caps every round at four bets, which every
  setting allows, but a raise after the fourth bet is only a dealer's error where the cap holds heads-up.

The rest of a preset asks nothing of the generator or is what it always does: the odd chip to the first
winner left of the button (OC-2) and a run-twice remainder to the first board (RIT-2), the only settings
the engine knows; no straddles; nobody all-in on a forced bet; short fixed-limit all-ins after which nobody
raises (FL-4 in either mode); a pot-limit maximum by PL-1 alone. Settings it cannot deal by (PL-6, PL-7, a
smallest chip other than one unit, players dealt in between the blinds, no top-ups) are refused with a
ValueError, rather than dealt wrongly. Presets hold no fee rule: the writers print the fees their rooms
show as zero (GGPoker's jackpot) or leave them out (ACR's), and no fee is taken from a generated pot.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal
from functools import lru_cache
from typing import Final

from omaha_audit.generate.config import POKERSTARS_RAKE, RakeSchedule
from omaha_audit.generate.seating import DEAD, MOVING
from omaha_audit.model.house_rules import HouseRules, RakeCap

_CENTS: Final = Decimal(100)  # generated cash money is in cents


@dataclass(frozen=True, slots=True)
class DealingRules:
    """How the generator deals one room's hands (the module docstring): `preset` names the house rules they
    come from and `currency` the one the room's text names."""

    preset: str
    currency: str
    rake: RakeSchedule
    fl_small_blinds: tuple[tuple[int, int], ...]  # cash tables: (small bet, small blind) in cents
    button_mode: str  # moving | dead | either
    small_owed: bool
    hu_capped: bool  # fixed limit: four bets is the cap heads-up too

    def fixed_limit_small_blind(self, small_bet: int) -> int:
        """The small blind a cash table posts at this fixed limit (FL-1)."""
        for bet, blind in self.fl_small_blinds:
            if bet == small_bet:
                return blind
        return small_bet // 2

    def button_modes(self) -> tuple[str, ...]:
        """How session tables move their button: the preset's mode, or both where it accepts either."""
        return (MOVING, DEAD) if self.button_mode == "either" else (self.button_mode,)

    def unshown(self) -> dict[str, str]:
        """The fault kinds these rules leave no check to see, with the reason."""
        if self.rake.capped_from is None:
            return {
                "rake_over_cap": f"the {self.preset} preset states no rake cap for {self.currency} tables: the "
                "audit holds the rake there to no cap, only to a quarter of the pot, which no room takes"
            }
        return {}


def dealing_rules(house: HouseRules, currency: str = "USD") -> DealingRules:
    """The generator's dealing rules for hands audited with `house`, in `currency` (ValueError for a
    setting the generator cannot deal by)."""
    _refuse(house)
    return DealingRules(
        preset=house.name,
        currency=currency,
        rake=_rake(house, currency),
        fl_small_blinds=tuple((_cents(bet), _cents(blind)) for bet, blind in house.fl_small_blinds),
        button_mode=house.button_mode,
        small_owed=house.missed_small_blind_owed,
        hu_capped=house.hu_cap == "4_bets",
    )


@lru_cache(maxsize=64)
def room_rules(room: str, currency: str = "USD") -> DealingRules:
    """The dealing rules of format `room`'s own hands (its preset, as `audit` picks it for them)."""
    from omaha_audit.rooms import preset_of

    return dealing_rules(preset_of(room, room), currency)


def _cents(amount: Decimal) -> int:
    return int(amount * _CENTS)


def _rake(house: HouseRules, currency: str) -> RakeSchedule:
    """5% (RK-3) under the preset's standing caps for `currency`, as (largest big blind, caps) rows; the
    generator's usual caps where it states none."""
    standing = sorted(
        (cap for cap in house.rake_caps if cap.currency == currency and cap.before is None),
        key=lambda cap: cap.big_blind_from,
    )
    if not standing:
        return replace(
            POKERSTARS_RAKE, name=f"{house.name}-uncapped", no_flop_no_drop=house.no_flop_no_drop, capped_from=None
        )
    rows: list[tuple[int | None, int, int, int]] = []
    for index, cap in enumerate(standing):
        following = standing[index + 1] if index + 1 < len(standing) else None
        rows.append((None if following is None else _cents(following.big_blind_from) - 1, *_caps(cap)))
    return RakeSchedule(
        name=house.name,
        percent_basis_points=POKERSTARS_RAKE.percent_basis_points,
        caps=tuple(rows),
        no_flop_no_drop=house.no_flop_no_drop,
        capped_from=_cents(standing[0].big_blind_from),
    )


def _caps(cap: RakeCap) -> tuple[int, int, int]:
    return _cents(cap.heads_up), _cents(cap.three_four), _cents(cap.five_plus)


def _refuse(house: HouseRules) -> None:
    """ValueError for the settings the generator does not deal by (the module docstring)."""
    problems = [
        what
        for what, unsupported in (
            ("a short big blind counted in full for the pot limit (PL-6)", house.short_bb_counts_full_for_pl_max),
            ("the small blind counted as a big blind for the pot (PL-7)", house.sb_counts_as_bb_for_pot),
            (f"a smallest chip of {house.min_chip} units (OC-1)", house.min_chip != 1),
            ("players dealt in between the blinds without posting (CT-3)", house.sit_in_between_blinds),
            ("no chips added between hands (CT-4)", not house.top_up_between_hands),
            (f"odd chips by {house.odd_chip_rule!r} (OC-2)", house.odd_chip_rule != "first_left_of_button"),
            (f"a run-twice remainder to {house.rit_remainder_to!r} (RIT-2)", house.rit_remainder_to != "first_board"),
        )
        if unsupported
    ]
    if problems:
        raise ValueError(f"the generator cannot deal by the {house.name} preset: {'; '.join(problems)}")


__all__ = ["DealingRules", "dealing_rules", "room_rules"]
