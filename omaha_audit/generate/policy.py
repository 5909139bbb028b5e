"""The betting policy: what a player may do (computed here, independently of the audit engine) and
what the simulated player chooses.

Legal ranges (RULES.md):

* PL-1: the pot-limit maximum raise-to is the current high bet plus the pot after the call, where the
  pot is every chip in the middle and in front of every player (antes, dead blinds, folded players'
  chips); an opening bet may be the pot.
* MR-1/MR-2/MR-3: the minimum bet is the big blind; a raise must add at least the last full bet or
  raise of the street (the big blind preflop); an all-in for less changes the high bet but not that size.
* MR-4: a player who has acted may raise again only if a full bet or raise was made after his last
  action (the strict reading; it never allows a raise the cumulative TDA reading would forbid).
* FL-1/FL-2/FL-3: fixed-limit bets and raises are one unit (small bet preflop and on the flop, big bet
  on the turn and river); at most four bets a street, heads-up too, as PokerStars does.
* FL-4: after an all-in for less than a full fixed-limit bet or raise, nobody raises again on that
  street (the policy keeps away from the completion and half-bet corners where readings differ).
* Nobody raises when every other player still in the hand is all-in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from random import Random

from omaha_audit.generate.record import Player
from omaha_audit.model import Street, Structure


@dataclass(slots=True)
class RoundState:
    """One betting round."""

    street: Street
    structure: Structure
    big_blind: int
    unit: int  # fixed limit: the bet size of this street (0 in big-bet games)
    high: int = 0  # the highest street total in front of a player
    last_full: int = 0  # size of the last full bet or raise (the big blind to start with)
    bets: int = 0  # fixed limit: bets and raises made (the big blind counts as one preflop)
    full_seq: int = 0  # how many full bets/raises were made
    acted_seq: dict[str, int] = field(default_factory=dict)  # player → full_seq after his last action
    faced: dict[str, int] = field(default_factory=dict)  # player → high bet after his last action
    short_all_in: bool = False  # fixed limit: an all-in for less than a full bet or raise
    locked: bool = False  # after an injected betting error nobody raises again this street
    raises: int = 0  # bets and raises made this street (for damping the policy)
    aggressor: str | None = None
    actions: int = 0

    @property
    def fixed_limit(self) -> bool:
        return self.structure is Structure.FIXED_LIMIT


@dataclass(frozen=True, slots=True)
class Legal:
    to_call: int  # chips to add to call (at most the stack)
    can_check: bool
    can_raise: bool
    is_bet: bool  # nothing bet yet on this street: the verb is "bets"
    min_to: int  # smallest full bet/raise-to (or the all-in when only a short all-in is possible)
    max_to: int  # largest legal bet/raise-to
    pot_to: int  # the pot-size bet/raise-to (PL maximum formula), at most the all-in
    all_in_to: int
    short_only: bool  # only an all-in for less than a full raise is possible


def pot_limit_max_to(high: int, my_bet: int, pot_total: int) -> int:
    """PL-1: high bet + (every chip in the pot and in front of the players + my call)."""
    return high + pot_total + (high - my_bet)


def reopened_for(rs: RoundState, name: str) -> bool:
    """MR-4 (strict): not acted yet this street, or a full bet/raise came after his last action."""
    return name not in rs.acted_seq or rs.acted_seq[name] < rs.full_seq


def legal_options(rs: RoundState, player: Player, pot_total: int, others_can_act: bool) -> Legal:
    to_call_full = max(0, rs.high - player.bet)
    to_call = min(to_call_full, player.chips)
    all_in_to = player.bet + player.chips
    is_bet = rs.high == 0
    can_raise = others_can_act and all_in_to > rs.high and not rs.locked and reopened_for(rs, player.name)
    pot_to = min(pot_limit_max_to(rs.high, player.bet, pot_total), all_in_to)
    short_only = False
    if rs.fixed_limit:
        if rs.short_all_in or rs.bets >= 4:
            can_raise = False
        target = rs.unit if is_bet else rs.high + rs.unit
        if all_in_to < target:
            short_only = True
            can_raise = can_raise and is_bet  # an all-in bet for less; never a short raise
            target = all_in_to
        min_to = max_to = target
    else:
        min_to = rs.big_blind if is_bet else rs.high + rs.last_full
        max_to = pot_to if rs.structure is Structure.POT_LIMIT else all_in_to
        if all_in_to < min_to:
            short_only = True
            min_to = max_to = all_in_to
        max_to = max(max_to, min_to)
    return Legal(to_call, to_call_full == 0, can_raise, is_bet, min_to, max_to, pot_to, all_in_to, short_only)


def record_raise(rs: RoundState, name: str, to: int) -> bool:
    """Update the round for a bet or raise to `to`; True when it was a full bet/raise."""
    increment = to - rs.high
    if rs.fixed_limit:
        full = increment >= rs.unit
        if full:
            rs.bets += 1
        else:
            rs.short_all_in = True
    elif rs.high == 0:
        full = to >= rs.big_blind
        if full:
            rs.last_full = to
    else:
        full = increment >= rs.last_full
        if full:
            rs.last_full = increment
    if full:
        rs.full_seq += 1
    rs.high = to
    rs.raises += 1
    rs.aggressor = name
    return full


# ---------------------------------------------------------------------------------------------------
# The simulated players
# ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Style:
    """How the table plays this hand. Chances are per decision."""

    open_bet: float = 0.35  # bet when checked to
    raise_: float = 0.15  # raise when facing a bet (preflop: when the pot is unraised, too)
    call: float = 0.55  # call rather than fold when facing a bet after the flop
    preflop_call: float = 0.45  # call rather than fold preflop
    min_size: float = 0.3  # a bet/raise is the minimum
    pot_size: float = 0.3  # a bet/raise is the pot (pot limit: the maximum)
    shove: float = 0.06  # no limit: a raise is all-in
    short_shove: float = 0.6  # a short stack that raises goes all-in
    short_stack_bbs: int = 15


def random_style(rng: Random, kind: str = "normal") -> Style:
    """A table temperament; `kind` biases it toward what a fault needs (passive → showdowns, wild →
    all-ins and side pots, raising → long raise wars)."""
    if kind == "passive":
        return Style(
            open_bet=rng.uniform(0.1, 0.3),
            raise_=rng.uniform(0.02, 0.08),
            call=rng.uniform(0.8, 0.95),
            preflop_call=rng.uniform(0.7, 0.9),
            min_size=0.5,
            pot_size=0.2,
            shove=0.02,
        )
    if kind == "wild":
        return Style(
            open_bet=rng.uniform(0.4, 0.7),
            raise_=rng.uniform(0.25, 0.45),
            call=rng.uniform(0.7, 0.9),
            preflop_call=rng.uniform(0.6, 0.85),
            min_size=0.2,
            pot_size=0.45,
            shove=0.3,
            short_shove=0.9,
            short_stack_bbs=40,
        )
    if kind == "raising":
        return Style(
            open_bet=rng.uniform(0.6, 0.9),
            raise_=rng.uniform(0.5, 0.8),
            call=rng.uniform(0.7, 0.9),
            preflop_call=rng.uniform(0.6, 0.85),
            min_size=0.5,
            pot_size=0.2,
            shove=0.02,
        )
    return Style(
        open_bet=rng.uniform(0.15, 0.55),
        raise_=rng.uniform(0.06, 0.3),
        call=rng.uniform(0.35, 0.8),
        preflop_call=rng.uniform(0.2, 0.7),
        min_size=rng.uniform(0.15, 0.4),
        pot_size=rng.uniform(0.15, 0.45),
        shove=rng.uniform(0.0, 0.15),
        short_shove=rng.uniform(0.3, 0.9),
        short_stack_bbs=rng.choice((8, 12, 20)),
    )


def choose(rng: Random, style: Style, rs: RoundState, legal: Legal, player: Player) -> tuple[str, int]:
    """(verb, raise-to) for the player to act: verb in folds/checks/calls/bets/raises."""
    damp = 0.55**rs.raises
    preflop = rs.street is Street.PREFLOP
    verb_up = "bets" if legal.is_bet else "raises"
    if legal.to_call > 0:
        if legal.can_raise and rng.random() < style.raise_ * damp:
            return verb_up, _size(rng, style, rs, legal, player)
        if rng.random() < (style.preflop_call if preflop else style.call):
            return "calls", 0
        return "folds", 0
    chance = style.raise_ if preflop else style.open_bet
    if legal.can_raise and rng.random() < chance * damp:
        return verb_up, _size(rng, style, rs, legal, player)
    return "checks", 0


def _size(rng: Random, style: Style, rs: RoundState, legal: Legal, player: Player) -> int:
    if legal.min_to >= legal.max_to:
        return legal.max_to
    short = player.chips + player.bet <= style.short_stack_bbs * rs.big_blind
    if short and rng.random() < style.short_shove and legal.max_to == legal.all_in_to:
        return legal.all_in_to
    roll = rng.random()
    if roll < style.min_size:
        return legal.min_to
    if roll < style.min_size + style.pot_size:
        return max(legal.min_to, min(legal.pot_to, legal.max_to))
    if rs.structure is Structure.NO_LIMIT and roll < style.min_size + style.pot_size + style.shove:
        return legal.all_in_to
    top = min(legal.max_to, max(legal.min_to, legal.pot_to))
    return legal.min_to + int((top - legal.min_to) * rng.random() ** 1.5)
