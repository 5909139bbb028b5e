"""Unfair decks, to prove `omaha-audit fairness` (its calibration, tests and benchmarks, and `generate
--unfair` for anyone who wants to see a verdict turn): a hook that the deal of the flop games consults when it
is set (`unfair_deal`), and that is off otherwise, so that the generator's default output stays byte for byte
what it was. It draws from its own seeded random numbers, never from the hand's. `unfair_specs` reads the
command line's `--unfair NAME=VALUE`.

* ``card``/``card_share``: the card dealt (1 + share) times as often to each player: with the probability
  that makes it so (at most 1), the card, when no player holds it, swaps with a random hole card;
* ``hero_worse``: with this probability the hero's hand swaps with the player's whose ranks sum lowest;
* ``favour_seat``/``favour``: run-outs that give that seat ``favour`` of the pot more than its equity, on
  average over the all-ins it plays (1: every all-in it can win): each such all-in owes the seat ``favour``
  of a pot; when the board does not give it the high against the hands left, with the chance of what is owed
  (at most 1) the cards still to come are dealt again from the unseen cards until it does (at most 50 times),
  and its share of the pot then is paid off the debt (1, or 1/k tied with k - 1 others; half of that when the
  hand is run twice, as the second run is dealt fair); in the high games (hi/lo pays only the high half);
* ``strong_seat``/``strong_ranks``: the hands dealt to that seat average this many ranks a card higher than
  fair, the other seats' hands untouched: while the seat's hands are short of it, the seat's hand swaps with
  the strongest of the stub's next three hands when that sums to more ranks (its cards go back into the stub
  where those were);
  the ranks gained count the difference each swap makes, so the seat's cards average `strong_ranks` more than
  a fair deal's, within one swap;
* ``strong_button``: as ``strong_seat``, for the hands dealt on the button, whatever its seat (the
  ``strong_ranks`` the same; the two are not set together);
* ``repeat``: with this probability a hand dealt to as many players as the previous one is dealt from its
  deck again (the same hands and board), the hero given the previous hero's hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from random import Random
from typing import Final

from omaha_audit.engine.evaluate import evaluate_high, evaluate_holdem
from omaha_audit.model import Card, Game
from omaha_audit.model.cards import parse_card


@dataclass
class DealBias:
    seed: int = 0
    card: Card | None = None
    card_share: float = 0.0
    hero_worse: float = 0.0
    favour_seat: int | None = None
    favour: float = 0.0
    repeat: float = 0.0
    strong_seat: int | None = None
    strong_button: bool = False
    strong_ranks: float = 0.0
    rng: Random = field(init=False)
    previous: list[Card] | None = field(default=None, init=False)
    previous_players = 0
    previous_hero: int | None = None
    repeated = False
    applied: dict[str, int] = field(default_factory=dict, init=False)
    strong_hands = 0  # hands dealt to the strong seat
    strong_cards = 0  # their cards
    strong_gained = 0  # ranks the swaps gave them
    owed = 0.0  # of a pot, to the favoured seat

    def __post_init__(self) -> None:
        self.rng = Random(self.seed)

    def _count(self, what: str) -> None:
        self.applied[what] = self.applied.get(what, 0) + 1

    def deck(self, deck: list[Card], players: int) -> list[Card]:
        """The shuffled deck, or the previous hand's again."""
        self.repeated = False
        eligible = self.previous is not None and players == self.previous_players and self.repeat > 0
        if eligible and self.rng.random() < self.repeat:
            self._count("repeat")
            deck = list(self.previous or deck)
            self.repeated = True
        self.previous = list(deck)
        self.previous_players = players
        return deck

    def holes(
        self,
        holes: list[tuple[Card, ...]],
        deck: list[Card],
        hero: int | None,
        seats: Sequence[int] = (),
        button: int | None = None,
    ) -> None:
        """Move the chosen card into a hand, the hero's hand for the weakest, and the strong seat's (or the
        button's: `button`, its index among the hands) for the strongest (in place)."""
        if self.repeated and hero is not None and self.previous_hero is not None:
            holes[hero], holes[self.previous_hero] = holes[self.previous_hero], holes[hero]
        self.previous_hero = hero
        card = self.card
        if card is not None and self.card_share and card in deck and holes:
            dealt = sum(len(hole) for hole in holes)
            chance = min(1.0, self.card_share * (len(holes[0]) / 52) / ((1 - dealt / 52) / len(holes)))
            if self.rng.random() < chance:
                player = self.rng.randrange(len(holes))
                slot = self.rng.randrange(len(holes[player]))
                hole = list(holes[player])
                deck[deck.index(card)] = hole[slot]
                hole[slot] = card
                holes[player] = tuple(hole)
                self._count("card")
        if hero is not None and self.hero_worse and len(holes) > 1 and self.rng.random() < self.hero_worse:
            weakest = min(range(len(holes)), key=lambda index: sum(card.rank for card in holes[index]))
            holes[hero], holes[weakest] = holes[weakest], holes[hero]
            self._count("hero")
        if self.strong_seat is not None and self.strong_ranks and self.strong_seat in seats:
            self._strengthen(holes, deck, list(seats).index(self.strong_seat))
        elif self.strong_button and self.strong_ranks and button is not None:
            self._strengthen(holes, deck, button)

    def _strengthen(self, holes: list[tuple[Card, ...]], deck: list[Card], index: int) -> None:
        hole = holes[index]
        self.strong_hands += 1
        self.strong_cards += len(hole)
        if self.strong_gained >= self.strong_ranks * self.strong_cards or len(deck) < len(hole):
            return
        size = len(hole)
        starts = range(0, min(3 * size, len(deck) - size + 1), size)
        start = max(starts, key=lambda at: sum(card.rank for card in deck[at : at + size]))
        gain = sum(card.rank for card in deck[start : start + size]) - sum(card.rank for card in hole)
        if gain > 0:
            holes[index] = tuple(deck[start : start + size])
            deck[start : start + size] = hole
            self.strong_gained += gain
            self._count("strong")

    def all_in(
        self,
        game: Game,
        holes: Sequence[tuple[Card, ...]],
        seats: Sequence[int],
        runout: list[Card],
        dealt: int,
        deck: list[Card],
        runs: int = 1,
    ) -> None:
        """The board's cards still to come, dealt again from the unseen cards when they do not give the favoured
        seat the high against the hands left (in place; the stub keeps the other unseen cards). `runs`: 2 when
        the hand is run twice (the first run is dealt again, the second is dealt fair from the stub)."""
        seat = self.favour_seat
        if seat is None or seat not in seats or not self.favour or len(runout) != 5:
            return
        if game.is_courchevel:
            dealt = max(dealt, 1)  # (the exposed card is dealt before the betting)
        favoured = list(seats).index(seat)
        evaluate = evaluate_holdem if game is Game.HOLDEM else evaluate_high
        known = runout[:dealt]

        def share(rest: Sequence[Card]) -> float:
            """The seat's share of the high: 1 when it wins it, 1/k tied with k - 1 others, 0 when it loses."""
            board = known + list(rest)
            keys = [evaluate(hole, board).key for hole in holes]
            best = max(keys)
            return 1 / keys.count(best) if keys[favoured] == best else 0.0

        self.owed = min(self.owed + self.favour, 2.0)
        if share(runout[dealt:]) or self.rng.random() >= min(self.owed, 1.0):
            return
        unseen = deck + runout[dealt:]
        size = 5 - dealt
        for _ in range(50):
            again = self.rng.sample(unseen, size)
            gained = share(again)
            if gained:
                break
        else:
            return
        self._count("favour")
        self.owed -= gained / runs
        taken = set(again)
        deck[:] = [card for card in unseen if card not in taken]
        runout[dealt:] = again


ACTIVE: list[DealBias] = []  # the hook: empty, the deal is fair


def active() -> DealBias | None:
    return ACTIVE[-1] if ACTIVE else None


@contextmanager
def unfair_deal(bias: DealBias) -> Iterator[DealBias]:
    """Within the block the generator deals with `bias` (tests and benchmarks of the fairness audit only)."""
    ACTIVE.append(bias)
    try:
        yield bias
    finally:
        ACTIVE.remove(bias)


# `generate --unfair NAME=VALUE`: the forms it takes (its help text, omaha_audit/cli/generate_cmd.py, names
# each: tests/generate/test_generate_cli.py).
UNFAIR_SPECS: Final = (
    "card=CARD:SHARE",
    "hero-worse=CHANCE",
    "favour-seat=SEAT[:SHARE]",
    "strong-seat=SEAT:RANKS",
    "strong-button=RANKS",
    "repeat=CHANCE",
)


def unfair_specs(specs: Iterable[str], seed: int) -> DealBias:
    """The unfair deal that `--unfair` options describe; a ValueError names what is wrong with one."""
    found = DealBias(seed=seed)
    for spec in specs:
        name, equals, value = spec.partition("=")
        name = name.strip().lower()
        try:
            if not equals or not value.strip():
                raise ValueError("no value")
            _unfair_spec(found, name, value.strip())
            if found.strong_button and found.strong_seat is not None:
                raise ValueError("a strong seat and a strong button are not dealt together")
        except ValueError as error:
            known = ", ".join(UNFAIR_SPECS)
            raise ValueError(f"--unfair {spec!r}: {error} (one of {known})") from None
    return found


def _unfair_spec(found: DealBias, name: str, value: str) -> None:
    first, _, second = value.partition(":")
    if name == "card":
        found.card, found.card_share = parse_card(first.strip()), _number(second, 0.0, 10.0, "a share")
    elif name == "hero-worse":
        found.hero_worse = _number(value, 0.0, 1.0, "a chance")
    elif name == "favour-seat":
        found.favour_seat = _seat(first)
        found.favour = _number(second, 0.0, 1.0, "a share of the pot") if second else 1.0
    elif name == "strong-seat":
        found.strong_seat, found.strong_ranks = _seat(first), _number(second, 0.0, 12.0, "ranks a card")
    elif name == "strong-button":
        found.strong_button, found.strong_ranks = True, _number(value, 0.0, 12.0, "ranks a card")
    elif name == "repeat":
        found.repeat = _number(value, 0.0, 1.0, "a chance")
    else:
        raise ValueError("unknown name")


def _number(text: str, low: float, high: float, what: str) -> float:
    try:
        number = float(text)
    except ValueError:
        raise ValueError(f"{text!r} is not {what}") from None
    if not low < number <= high:
        raise ValueError(f"{what} above {low:g} and at most {high:g}, not {text}")
    return number


def _seat(text: str) -> int:
    if not text.strip().isdigit() or not 1 <= int(text) <= 10:
        raise ValueError(f"seat {text!r} is not a seat number from 1 to 10")
    return int(text)


def unfair_summary(found: DealBias) -> str:
    """What the unfair deal did, for the command's closing line."""
    applied = found.applied
    parts = [
        f"{what} {applied.get(what, 0)} times"
        for what in ("card", "hero", "favour", "strong", "repeat")
        if what in applied
    ]
    return "; ".join(parts) if parts else "no hand changed"
