"""OA201 duplicate-card."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import Card, ShowdownLine, Source, Street, SummarySeat
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity

_PREFLOP: Final = Street.PREFLOP


def _place(
    owner: dict[Card, str | None],
    reported: set[Card],
    clashes: list[tuple[Card, str, Source]],
    cards: tuple[Card, ...],
    holder: str | None,
    source: Source,
    group: tuple[Card, ...],
    repeats: bool,
) -> None:
    """Note that `holder` (a player's name; None for the board) has `cards` (part of `group`, the cards
    of one line, which `repeats` a card or not): `owner` maps each card seen to its holder; a card seen
    again goes into `clashes` (once: `reported`)."""
    for card in cards:
        other = owner.setdefault(card, holder)
        if card in reported:
            continue
        if other != holder:
            clashes.append((card, f"for {_label(other)} and for {_label(holder)}", source))
            reported.add(card)
        elif repeats and group.count(card) > 1:
            clashes.append((card, f"twice for {_label(holder)}", source))
            reported.add(card)


def _label(holder: str | None) -> str:
    return "the board" if holder is None else f"player {holder}"


def _repeats(group: tuple[Card, ...]) -> bool:
    return len(group) > 1 and len(set(group)) < len(group)


def _duplicates(ctx: HandContext) -> list[tuple[Card, str, Source]]:
    """(card, where it clashes, the line) for every card seen in two places."""
    hand = ctx.hand
    owner: dict[Card, str | None] = {}  # card -> the player holding it, or None for the board
    clashes: list[tuple[Card, str, Source]] = []
    reported: set[Card] = set()

    for dealt in hand.dealt:
        group = dealt.cards + dealt.new_cards if dealt.new_cards else dealt.cards
        _place(owner, reported, clashes, group, dealt.player, dealt.source, group, _repeats(group))
    shown_lines: tuple[ShowdownLine | SummarySeat, ...] = (*hand.showdown, *hand.summary_seats)
    for shown in shown_lines:
        if shown.cards:
            _place(
                owner, reported, clashes, shown.cards, shown.player, shown.source, shown.cards, _repeats(shown.cards)
            )
    shared: set[Card] = set()  # board cards dealt before any split into runs
    per_run: dict[int, set[Card]] = {}
    for deal in hand.streets:
        if deal.street is _PREFLOP:
            continue  # Courchevel's pre-flop card is printed again as the first flop card
        board = shared if deal.run == 0 else per_run.setdefault(deal.run, set())
        repeats = _repeats(deal.new_cards)
        for card in deal.new_cards:
            if card in board or (deal.run and card in shared):
                if card not in reported:
                    reported.add(card)
                    clashes.append((card, "twice on the board", deal.source))
                continue
            board.add(card)
            _place(owner, reported, clashes, (card,), None, deal.source, deal.new_cards, repeats)
    return clashes


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


RULE: Final[Rule] = Rule("OA201", "duplicate-card", Severity.ERROR, ("OM-4",), check, needs_replay=False)
