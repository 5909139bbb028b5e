"""OA201 duplicate-card."""

from __future__ import annotations

from collections.abc import Iterator

from omaha_audit.model import Card, Source, Street
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def _groups(ctx: HandContext) -> list[tuple[str, tuple[Card, ...], Source]]:
    """Card groups as printed: each player's hole cards (dealt, shown, summary) and each board line."""
    hand = ctx.hand
    groups: list[tuple[str, tuple[Card, ...], Source]] = []
    groups += [(f"player {d.player}", d.cards + d.new_cards, d.source) for d in hand.dealt]
    groups += [(f"player {s.player}", s.cards, s.source) for s in hand.showdown]
    groups += [(f"player {s.player}", s.cards, s.source) for s in hand.summary_seats]
    groups += [("the board", d.cards, d.source) for d in hand.streets if d.street is not Street.PREFLOP]
    return groups


def check(ctx: HandContext) -> Iterator[Finding]:
    """The same card appears twice in one hand: in two players' hands, twice in one hand or on one board,
    or in a hand and on the board (OM-4).

    Bad: `Dealt to Hero [Ah Kd 7c 7s]` and `*** FLOP *** [Ah 2c 3d]`.
    Good: 52 distinct cards: no card is in two places.
    Why: a duplicated card means the deck or the deal record is corrupt; every pot in the hand is suspect.
    The two boards of a run-it-twice hand share their first cards; repeats between runs are OA205's.
    """
    owner: dict[Card, tuple[str, Source]] = {}
    reported: set[Card] = set()
    for holder, cards, source in _groups(ctx):
        for position, card in enumerate(cards):
            twice_here = card in cards[:position]
            other = owner.get(card)
            clash = other is not None and other[0] != holder
            if (twice_here or clash) and card not in reported:
                reported.add(card)
                where = (
                    f"twice for {holder}"
                    if twice_here
                    else (f"for {other[0]} (line {other[1].line}) and for {holder}" if other else holder)
                )
                yield RULE.finding(
                    ctx,
                    f"{card} appears {where}",
                    source,
                    player=holder[7:] if holder.startswith("player ") else None,
                    expected="each card once",
                    actual=f"{card} twice",
                )
            owner.setdefault(card, (holder, source))


RULE = Rule("OA201", "duplicate-card", Severity.ERROR, ("OM-4",), check, needs_replay=False)
