"""The cards of Bovada's summary seat lines, checked against the deal and the board.

A line that shows a hand prints `[hole cards-best five]` (hi/lo: a second bracket, or `LO $x [..]`, for the
low five). ROOMS.md lists the corrupted lines of one file: hole cards that are not the ones dealt (three of
them in an Omaha hand), a best five left out. Each of these is a defect of the line, with its reason:

- the hole cards are not the cards the player was dealt;
- the best five are missing, or are not five cards;
- the best five are not made of the player's cards and the board (in Omaha: two and three);
- a low half is printed without its cards.
"""

from __future__ import annotations

from typing import Final

from omaha_audit.model import Card, Game, format_cards
from omaha_audit.rooms.bovada.summary import split_cards
from omaha_audit.rooms.kit import cards as kit

_STUD: Final = (Game.STUD, Game.STUD_HI_LO)


def _parse(text: str) -> tuple[Card, ...]:
    found: list[Card] = []
    for part in kit.split_cards(text):
        try:
            found.append(kit.read_card(part))
        except kit.CardError:
            continue  # (reported by the builder as not a card)
    return tuple(found)


def check_summary_cards(
    game: Game,
    dealt: tuple[Card, ...] | None,
    board: tuple[Card, ...],
    cards: str,
    other: str | None,
    low_cards: str | None,
    low_printed: bool,
    shows_hand: bool,
) -> list[str]:
    """The reasons a summary seat line's cards are wrong (none when they are right). `cards` is the first
    bracket's text, `other` a second bracket's, `low_cards` the bracket after `LO $x`; `shows_hand`: the
    line shows a hand (`with ...`), so a best five is due."""
    reasons: list[str] = []
    wrong = False
    for label, text in (("", cards), ("low ", other), ("low ", low_cards)):
        if text is None:
            continue
        hole_text, best_text = split_cards(text)
        hole = _parse(hole_text)
        if dealt is not None and (len(hole) != len(dealt) or set(hole) != set(dealt)):
            if not wrong:  # (said once per line)
                reasons.append(
                    f"the summary's hole cards [{format_cards(hole)}] are not the [{format_cards(dealt)}] dealt"
                )
            wrong = True
        if best_text is None:
            # (a hand won before the board was out has no best five: `Showdown(High Card)`, `[Qc Qd ]`)
            complete = len(dealt if dealt is not None else hole) >= 5 if game in _STUD else len(board) == 5
            if shows_hand and complete:
                reasons.append(f"the {label}best five cards are missing after the hole cards")
            continue
        # judged against the cards dealt and the line's own (where these are wrong, one reason is enough)
        held = hole + tuple(card for card in dealt if card not in hole) if dealt is not None else hole
        reasons.extend(_best_five(game, held, board, _parse(best_text), label))
    if low_printed and low_cards is None:
        reasons.append("the low half is printed without its cards")
    return reasons


def _best_five(
    game: Game, hole: tuple[Card, ...], board: tuple[Card, ...], best: tuple[Card, ...], label: str
) -> list[str]:
    if len(best) != 5:
        return [f"the {label}best five [{format_cards(best)}] are {len(best)} cards"]
    if game in _STUD:
        if not set(best) <= set(hole):
            return [f"the {label}best five [{format_cards(best)}] are not the player's cards"]
        return []
    if len(board) != 5:
        return []
    if not set(best) <= set(hole) | set(board):
        return [f"the {label}best five [{format_cards(best)}] are not the player's cards and the board's"]
    from_hole = sum(1 for card in best if card in hole)
    if game.is_omaha and from_hole != 2:
        return [f"the {label}best five [{format_cards(best)}] use {from_hole} hole cards: Omaha plays exactly two"]
    return []
