"""House rules: the dealing rules that differ between rooms (RULES.md's appendix), as one frozen
dataclass. Each room format brings its presets (omaha_audit/rooms/<format>/presets.py); a user may name
one (`--room-preset`) or pass a TOML file of their own (omaha_audit/run/house.py reads it).

House rules say how the room deals: rake schedule and caps, odd chips, betting caps, straddles, how
side pots are built. What the room's text *means* (whether a printed total is gross or net, what a
raise number counts) is not here: the room's reader resolves it into the hand model.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Final


@dataclass(frozen=True, slots=True)
class RakeCap:
    """Rake caps for games whose big blind is at least `big_blind_from` (in `currency`, major units),
    by the number of players dealt in: heads-up, 3-4, 5 or more (RK-2). `before`: the schedule applies to
    hands dealt before that day only (rooms change their caps; None: still in force)."""

    currency: str
    big_blind_from: Decimal
    heads_up: Decimal
    three_four: Decimal
    five_plus: Decimal
    before: date | None = None

    def cap_for(self, players_dealt: int) -> Decimal:
        if players_dealt <= 2:
            return self.heads_up
        if players_dealt <= 4:
            return self.three_four
        return self.five_plus


@dataclass(frozen=True, slots=True)
class HouseRules:
    name: str = "generic"
    # OC-2: who gets the odd chip of a split: the first tied winner clockwise from the button.
    odd_chip_rule: str = "first_left_of_button"
    # FL-3: "4_bets" (PokerStars: capped even heads-up), "unlimited" (no cap once heads-up), "5_raises".
    hu_cap: str = "4_bets"
    # FL-4: "half_bet" (an all-in of at least half a bet counts as a full bet/raise) or "full_only".
    fl_short_raise_mode: str = "half_bet"
    # PL-6 / PL-7
    short_bb_counts_full_for_pl_max: bool = False
    sb_counts_as_bb_for_pot: bool = False
    # PL-4 / BL-8: a straddle sets the minimum raise (it is a new bring-in)
    straddle_sets_min_raise: bool = True
    # SP-2: PokerStars also starts a side pot at the stake of an all-in player who was then folded
    # (a sitting-out player all-in on a blind or the ante).
    pot_level_at_folded_all_in: bool = False
    # RK-1: no rake when the hand ends in the first betting round.
    no_flop_no_drop: bool = True
    # RK-2: caps; an empty tuple means "no cap known": not checked.
    rake_caps: tuple[RakeCap, ...] = ()
    # OC-1: the smallest chip, in the hand's money units.
    min_chip: int = 1
    # RIT-2 / OM-4
    rit_remainder_to: str = "first_board"
    rit_same_deck: bool = True
    # FL-1: fixed-limit cash games post a small blind that is not always half the small bet:
    # (small bet, small blind) in major units; other limits (and tournaments) post half the small bet.
    fl_small_blinds: tuple[tuple[Decimal, Decimal], ...] = ()
    # CT-1 / BL-3: how the button moves between hands: "moving" (to the next player dealt in), "dead"
    # (to the seat of the previous small blind, even when empty, so that the big blind advances one seat),
    # or "either" (a room whose hands show both: either is accepted, a button that goes anywhere else is not).
    button_mode: str = "either"
    # BL-5 / CT-2: a player who missed both blinds and comes back before the big blind owes the small blind
    # too (posted dead); False: a big blind is all a returning player posts.
    missed_small_blind_owed: bool = True
    # CT-3: a player who sits down may be dealt in at once without posting (no wait for the big blind).
    sit_in_between_blinds: bool = False
    # CT-4: cash-game players may add chips between hands (reported as info with the amount).
    top_up_between_hands: bool = True
    notes: str = ""

    def __post_init__(self) -> None:
        """Refuse settings the engine does not implement, rather than ignore them."""
        for name, allowed in _CHOICES.items():
            if getattr(self, name) not in allowed:
                raise ValueError(f"{name} must be one of {', '.join(allowed)}, not {getattr(self, name)!r}")

    def fl_small_blind(self, small_bet: Decimal) -> Decimal | None:
        """The small blind this room posts at a fixed-limit cash game with this small bet, if listed."""
        for bet, blind in self.fl_small_blinds:
            if bet == small_bet:
                return blind
        return None

    def rake_cap(
        self, currency: str, big_blind: Decimal | None, players_dealt: int, day: date | None = None
    ) -> Decimal | None:
        """The cap in major units for these stakes on `day` (None: today's schedule), or None when the
        preset has none for them. A dated schedule in force that day is preferred to the standing one."""
        if big_blind is None:
            return None
        best: RakeCap | None = None
        for cap in self.rake_caps:
            if cap.currency != currency or cap.big_blind_from > big_blind:
                continue
            if cap.before is not None and (day is None or day >= cap.before):
                continue
            key = (cap.before is not None, cap.big_blind_from)
            if best is None or key > (best.before is not None, best.big_blind_from):
                best = cap
        return best.cap_for(players_dealt) if best else None


_CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "odd_chip_rule": ("first_left_of_button",),  # the only rule RULES.md's online rooms use (OC-2)
    "hu_cap": ("4_bets", "unlimited", "5_raises"),
    "fl_short_raise_mode": ("half_bet", "full_only"),
    "rit_remainder_to": ("first_board",),
    "button_mode": ("moving", "dead", "either"),
}


GENERIC: Final = HouseRules(notes="RULES.md's defaults: no rake caps known.")


def rake_caps(currency: str, rows: list[tuple[str, str, str, str]], before: date | None = None) -> tuple[RakeCap, ...]:
    """Caps from rows of (big blind from, heads-up, 3-4 players, 5+ players), in major units."""
    return tuple(
        RakeCap(currency, Decimal(bb), Decimal(hu), Decimal(three), Decimal(five), before)
        for bb, hu, three, five in rows
    )


__all__ = ["GENERIC", "HouseRules", "RakeCap", "rake_caps"]
