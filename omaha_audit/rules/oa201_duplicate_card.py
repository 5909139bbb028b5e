"""OA201 duplicate-card."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import Card, ShowdownLine, Source, Street, SummarySeat
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity

_PREFLOP: Final = Street.PREFLOP
_NONE: Final[frozenset[Card]] = frozenset()


class _Clashes:
    """The cards of one hand as they are read, line by line: who holds each, and every card seen in two
    places (once each)."""

    __slots__ = ("found", "owner", "reported")

    def __init__(self) -> None:
        self.owner: dict[Card, str | None] = {}  # card -> the player holding it, or None for the board
        self.reported: set[Card] = set()
        self.found: list[tuple[Card, str, Source]] = []  # (card, where it clashes, the line)

    def place(self, cards: tuple[Card, ...], holder: str | None, source: Source, repeated: frozenset[Card]) -> None:
        """Note that `holder` (a player's name; None for the board) has `cards`, from a line that shows
        the cards in `repeated` more than once."""
        owner, reported = self.owner, self.reported
        for card in cards:
            other = owner.setdefault(card, holder)
            if card in reported:
                continue
            if other != holder:
                self.clash(card, f"for {_label(other)} and for {_label(holder)}", source)
            elif card in repeated:
                self.clash(card, f"twice for {_label(holder)}", source)

    def clash(self, card: Card, where: str, source: Source) -> None:
        if card not in self.reported:
            self.reported.add(card)
            self.found.append((card, where, source))


def _label(holder: str | None) -> str:
    return "the board" if holder is None else f"player {holder}"


def _repeated(group: tuple[Card, ...]) -> frozenset[Card]:
    """The cards a line shows more than once (almost always none)."""
    if len(group) < 2 or len(set(group)) == len(group):
        return _NONE
    return frozenset(card for card in group if group.count(card) > 1)


def _duplicates(ctx: HandContext) -> list[tuple[Card, str, Source]]:
    """(card, where it clashes, the line) for every card seen in two places."""
    hand = ctx.hand
    clashes = _Clashes()
    for dealt in hand.dealt:
        group = dealt.cards + dealt.new_cards if dealt.new_cards else dealt.cards
        clashes.place(group, dealt.player, dealt.source, _repeated(group))
    shown_lines: tuple[ShowdownLine | SummarySeat, ...] = (*hand.showdown, *hand.summary_seats)
    for shown in shown_lines:
        if shown.cards:
            clashes.place(shown.cards, shown.player, shown.source, _repeated(shown.cards))
    shared: set[Card] = set()  # board cards dealt before any split into runs
    per_run: dict[int, set[Card]] = {}
    for deal in hand.streets:
        if deal.street is _PREFLOP:
            continue  # Courchevel's pre-flop card is printed again as the first flop card
        board = shared if deal.run == 0 else per_run.setdefault(deal.run, set())
        repeated = _repeated(deal.new_cards)
        for card in deal.new_cards:
            if card in board or (deal.run and card in shared):
                clashes.clash(card, "twice on the board", deal.source)
                continue
            board.add(card)
            clashes.place((card,), None, deal.source, repeated)
    return clashes.found


def check(ctx: HandContext) -> Iterator[Finding]:
    """The same card appears twice in one hand: in two players' hands, twice in one hand or on one board,
    or in a hand and on the board (OM-4).

    Bad: `Dealt to Hero [Ah Kd 7c 7s]` and `*** FLOP *** [Ah 2c 3d]`.
    Good: 52 distinct cards: no card is in two places.
    Why: a duplicated card means the deck or the deal record is corrupt; every pot in the hand is suspect.
    The two boards of a run-it-twice hand share their first cards; repeats between runs are OA205's.
    """
    for card, where, source in _duplicates(ctx):
        player = where.rsplit("player ", 1)[-1] if "player " in where else None
        yield RULE.finding(
            ctx,
            f"{card} appears {where}",
            source,
            player=player,
            expected="each card once",
            actual=f"{card} twice",
        )


RULE: Final[Rule] = Rule("OA201", "duplicate-card", Severity.ERROR, ("OM-4",), check, needs_replay=False, any_game=True)
