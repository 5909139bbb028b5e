"""Entraction's words for shown hands, as its `shows:` lines print them: `high card King`, `a pair of
Queens`, `two pairs, Aces and Jacks`, `three of a kind, Deuces`, `a straight, Nine high` (a straight by its
top card), `a flush, Ace high`, `a full house, Nines full of Queens`; four of a kind and straight flushes
appear in no hand of the corpus, so their words (`four of a kind, Aces`, `a straight flush, King high`, `a
royal flush`) are written in the same style, unconfirmed.

At a showdown a hand that has the category and the named ranks of the best hand shown before it, but
other kickers, names its kickers from the first down to the first that differs, better or worse: `a pair of
Sixes, with Ace and Queen as kickers`, `three of a kind, Aces, with Jack as kicker`, and a flush its cards
the same way: `a flush, Ace and Queen high` (a worse flush than the `Ace high` shown before it, whose next
card is a King); the hand shown first keeps its plain words. This is what every one of the corpus's
descriptions shows (the tests check them all).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from omaha_audit.model.hand_value import RANK_NAME, RANK_PLURAL, kicker_split

_SHIFT: Final = 20


def describe_high(key: int) -> str:
    """Entraction's plain words for a high hand's key (`category << 20` then five 4-bit ranks)."""
    category = key >> _SHIFT
    ranks = [(key >> shift) & 15 for shift in (16, 12, 8, 4, 0)]
    top, third, fourth, last = ranks[0], ranks[2], ranks[3], ranks[4]
    if category == 0:
        return f"high card {RANK_NAME[top]}"
    if category == 1:
        return f"a pair of {RANK_PLURAL[top]}"
    if category == 2:
        return f"two pairs, {RANK_PLURAL[top]} and {RANK_PLURAL[third]}"
    if category == 3:
        return f"three of a kind, {RANK_PLURAL[top]}"
    if category == 4:
        return f"a straight, {RANK_NAME[top if last != 1 else 5]} high"
    if category == 5:
        return f"a flush, {RANK_NAME[top]} high"
    if category == 6:
        return f"a full house, {RANK_PLURAL[top]} full of {RANK_PLURAL[fourth]}"
    if category == 7:
        return f"four of a kind, {RANK_PLURAL[top]}"
    if top == 14:
        return "a royal flush"
    return f"a straight flush, {RANK_NAME[top]} high"


def _kickers(key: int, best: int | None) -> str:
    """The kicker words of `key` against the best hand shown before it (see the module docstring)."""
    if best is None or key == best or (key >> _SHIFT) != (best >> _SHIFT):
        return ""
    named, kickers = kicker_split(key)
    named_before, kickers_before = kicker_split(best)
    if named != named_before or not kickers:
        return ""
    differs = next(i for i, (mine, theirs) in enumerate(zip(kickers, kickers_before, strict=True)) if mine != theirs)
    names = [RANK_NAME[rank] for rank in kickers[: differs + 1]]
    if key >> _SHIFT == 5:  # a flush: its top card, then the kickers down to the one that differs
        return " and ".join([RANK_NAME[named[0]], *names])
    return ", with " + " and ".join(names) + (" as kicker" if len(names) == 1 else " as kickers")


class EntractionWords:
    """Entraction's words as a room's `Words` (model.hand_value)."""

    def showdown(self, highs: Sequence[int], lows: Sequence[tuple[int, ...] | None] | None) -> list[str]:
        texts: list[str] = []
        best: int | None = None
        for key in highs:
            clause = _kickers(key, best)
            if key >> _SHIFT == 5 and clause:
                texts.append(f"a flush, {clause} high")
            else:
                texts.append(describe_high(key) + clause)
            if best is None or key > best:
                best = key
        return texts


WORDS: Final = EntractionWords()
