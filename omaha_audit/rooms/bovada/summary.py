"""Bovada's summary seat lines, after `Seat N:` (or `Seat+N:`) and the position's name.

    Folded before the FLOP | Folded on the TURN | Folded on the POCKET CARDS | Folded on the 5TH STREET
    $62.26 [Does not show]                      (won without a showdown)
    $1,130  with Full House [Jc 2d Td Ad-Jc 2d Jd Js 2s]      ([hole cards-best five])
    lost with Two pair [Kd 5c 6d-6d Ac Jd Js 6c] | lose with ... | lost with [..] (no words, 2021 on)
    [Mucked] [5d 6c 4s Qh   ]
    HI $3.21  with Straight [hole-high five]  [hole-low five]         (hi/lo: the high half only)
    with One pair [hole-high five] LO $6.40 [hole-low five]           (the low half only)
    HI $6.75  with Straight [hole-high five] LO $6.74 [hole-low five]  (both halves)

The bracket after the words holds the hole cards, a dash, then the best five; a hi/lo line that won the
high half only prints its low five in a second bracket. What cannot be read as one of these (a cut-off
line) is given back as None.
"""

from __future__ import annotations

import re
from typing import Final

_AMOUNT: Final = r"\$?\d(?:[\d,.]*\d)?"  # (read whole: the kit reads it or says why not)
_OUTCOME: Final = re.compile(
    r"(?: ?\[ME\])? *(?:"
    r"Folded (?:before|on) the (?P<folded>.+)"
    r"|\[Mucked\] \[(?P<mucked>[^\]]*)\]"
    r"|(?:HI (?P<hi>" + _AMOUNT + r")|(?P<won>" + _AMOUNT + r"))? *"
    r"(?:\[Does not show\]"
    r"|(?P<lost>lost|lose)? ?with(?: (?P<words>[^\[]*?))? ?\[(?P<cards>[^\]]*)\]"
    r"(?: +\[(?P<other>[^\]]*)\])?(?: LO (?P<lo>" + _AMOUNT + r")(?: \[(?P<lo_cards>[^\]]*)\])?)?)"
    r")"
)


class SeatOutcome:
    """What one summary seat line says: the outcome (folded, collected, showed, mucked), the street folded
    on, the amounts won (high and low halves apart), the words, and the bracketed card texts."""

    __slots__ = ("cards", "folded", "high", "lost", "low", "low_cards", "other", "outcome", "won", "words")

    def __init__(self, match: re.Match[str]) -> None:
        self.folded: str | None = match["folded"]
        mucked = match["mucked"]
        self.won: str | None = match["won"]
        self.high: str | None = match["hi"]
        self.low: str | None = match["lo"]
        self.lost = match["lost"] is not None
        self.words: str | None = (match["words"] or "").strip() or None
        self.cards: str | None = mucked if mucked is not None else match["cards"]
        self.other: str | None = match["other"]
        self.low_cards: str | None = match["lo_cards"]
        if self.folded is not None:
            self.outcome = "folded"
        elif mucked is not None:
            self.outcome = "mucked"
        elif match["cards"] is not None:
            self.outcome = "showed"
        else:
            self.outcome = "collected"


def read_outcome(after: str) -> SeatOutcome | None:
    """The text after the position's name; None when it is none of the known forms."""
    match = _OUTCOME.fullmatch(after)
    if match is None or (match["folded"] is None and match["mucked"] is None and _empty(match)):
        return None
    return SeatOutcome(match)


def _empty(match: re.Match[str]) -> bool:
    """True for a line with neither an amount, nor `[Does not show]`, nor cards: nothing was read."""
    return (
        match["won"] is None
        and match["hi"] is None
        and match["cards"] is None
        and "[Does not show]" not in (match.string)
    )


def split_cards(text: str) -> tuple[str, str | None]:
    """`9c 3s 5c 9h-9c 9h Td Ah Ad` to (hole cards, best five); (text, None) when there is no dash."""
    hole, dash, best = text.partition("-")
    return (hole, best) if dash else (text, None)
