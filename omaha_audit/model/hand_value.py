"""Hand values as the engine ranks them, and their words in the project's reference English, which is
what PokerStars prints. Rooms that print other words bring their own `Words`.

A high hand's value is an int key: `category << 20` then its five ranks, 4 bits each, in order of
significance (2..14, an ace low in a five-high straight is 1). A low is its five ranks from the highest
down, ace as 1: `(7, 6, 5, 3, 1)`.

High: `high card Ace`, `a pair of Kings`, `two pair, Aces and Sixes`, `three of a kind, Deuces`,
`a straight, Ace to Five`, `a flush, Ace high`, `a full house, Kings full of Sixes`, `four of a kind, Aces`,
`a straight flush, Nine to King`, `a Royal Flush`. Low: `7,6,5,3,A`. Hi/lo: `HI: <high>; LO: <low>`, or
`HI: <high>` alone when the hand has no qualifying low.

At a showdown PokerStars adds a kicker clause to a `shows` line when the hand has the same category and
the same named ranks as the best hand shown before it in that showdown but different kickers: the better
hand gets ` - Ace kicker` (its kickers from the first one down to the first that differs, joined by `+`:
` - Ace+Queen kicker`), the worse ` - lower kicker`. Summary lines never carry it.
`showdown_descriptions` reproduces that; `describe()` on a hand gives the plain words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol

from omaha_audit.model.enums import Game

__all__ = [
    "LOWBALL_GAMES",
    "RANK_NAME",
    "RANK_PLURAL",
    "StudDrawWords",
    "Words",
    "describe_hi_lo",
    "describe_key",
    "describe_low",
    "describe_stud_draw",
    "kicker_split",
    "kicker_suffix",
    "showdown_descriptions",
]

Low = tuple[int, ...]


class Words(Protocol):
    """A room's words for the hands shown at one showdown, in show order (what OA507 compares with the
    printed descriptions)."""

    def showdown(self, highs: Sequence[int], lows: Sequence[Low | None] | None) -> list[str]: ...


_NAMES: Final = (
    "Deuce",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Jack",
    "Queen",
    "King",
    "Ace",
)
RANK_NAME: Final[dict[int, str]] = {rank: name for rank, name in zip(range(2, 15), _NAMES, strict=True)}
RANK_NAME[1] = "Ace"  # the ace of a five-high straight
RANK_PLURAL: Final[dict[int, str]] = {rank: name + ("es" if name == "Six" else "s") for rank, name in RANK_NAME.items()}

_SHIFT: Final = 20


def _ranks(key: int) -> tuple[int, int, int, int, int]:
    return ((key >> 16) & 15, (key >> 12) & 15, (key >> 8) & 15, (key >> 4) & 15, key & 15)


def describe_key(key: int) -> str:
    """The PokerStars words for a high hand's key (see `HighHand.key`)."""
    category = key >> _SHIFT
    r0, _, r2, r3, r4 = _ranks(key)
    name = RANK_NAME
    plural = RANK_PLURAL
    if category == 0:
        return f"high card {name[r0]}"
    if category == 1:
        return f"a pair of {plural[r0]}"
    if category == 2:
        return f"two pair, {plural[r0]} and {plural[r2]}"
    if category == 3:
        return f"three of a kind, {plural[r0]}"
    if category == 4:
        return f"a straight, {name[r4]} to {name[r0]}"
    if category == 5:
        return f"a flush, {name[r0]} high"
    if category == 6:
        return f"a full house, {plural[r0]} full of {plural[r3]}"
    if category == 7:
        return f"four of a kind, {plural[r0]}"
    if r0 == 14:
        return "a Royal Flush"
    return f"a straight flush, {name[r4]} to {name[r0]}"


# For each category: positions (in the five ranks) of the ranks that name the hand, and of the kickers.
# Flushes: PokerStars names only the top card; the other four are taken as its kickers (no flush-versus-
# flush kicker clause was found in the corpus to confirm this).
_SPLIT: Final[dict[int, tuple[tuple[int, ...], tuple[int, ...]]]] = {
    0: ((0,), (1, 2, 3, 4)),
    1: ((0,), (2, 3, 4)),
    2: ((0, 2), (4,)),
    3: ((0,), (3, 4)),
    4: ((0,), ()),
    5: ((0,), (1, 2, 3, 4)),
    6: ((0, 3), ()),
    7: ((0,), (4,)),
    8: ((0,), ()),
}


def kicker_split(key: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(named ranks, kicker ranks) of a high key: `two pair, Kings and Sevens` with an ace kicker gives
    ((13, 7), (14,))."""
    ranks = _ranks(key)
    named, kickers = _SPLIT[key >> _SHIFT]
    return tuple(ranks[i] for i in named), tuple(ranks[i] for i in kickers)


def kicker_suffix(key: int, best_before: int | None) -> str:
    """The kicker clause PokerStars appends at a showdown, given the best key shown before (or None)."""
    if best_before is None or best_before == key or (best_before >> _SHIFT) != (key >> _SHIFT):
        return ""
    named, kickers = kicker_split(key)
    named_before, kickers_before = kicker_split(best_before)
    if named != named_before or not kickers:
        return ""
    if key < best_before:
        return " - lower kicker"
    differs = next(i for i, (mine, theirs) in enumerate(zip(kickers, kickers_before, strict=True)) if mine != theirs)
    return " - " + "+".join(RANK_NAME[rank] for rank in kickers[: differs + 1]) + " kicker"


def describe_low(ranks: Low) -> str:
    """A low in PokerStars' words: `7,6,5,3,A`."""
    return ",".join("A" if rank == 1 else str(rank) for rank in ranks)


def describe_hi_lo(high: int, low: Low | None) -> str:
    """The hi/lo description: `HI: a flush, Ace high; LO: 7,5,4,3,A`, or `HI: ...` without a low."""
    if low is None:
        return f"HI: {describe_key(high)}"
    return f"HI: {describe_key(high)}; LO: {describe_low(low)}"


def showdown_descriptions(highs: Sequence[int], lows: Sequence[Low | None] | None = None) -> list[str]:
    """What PokerStars prints in brackets on the `shows [..] (...)` lines of one showdown, in show order,
    with the kicker clauses (module docstring). Pass `lows` (same order, None for no low) for a hi/lo game:
    every line then starts `HI:`. Run-it-twice hands have one showdown per board. Keys and lows as in the
    module docstring."""
    if lows is not None and len(lows) != len(highs):
        raise ValueError("highs and lows must have one entry per shown hand")
    texts: list[str] = []
    best: int | None = None
    for index, key in enumerate(highs):
        text = describe_key(key) + kicker_suffix(key, best)
        if best is None or key > best:
            best = key
        if lows is not None:
            low = lows[index]
            text = f"HI: {text}" if low is None else f"HI: {text}; LO: {describe_low(low)}"
        texts.append(text)
    return texts


class StudDrawWords(Protocol):
    """A room's words for a shown stud or draw hand, where they are known (a room's `Words` may have this
    method besides `showdown`; OA507 checks the stud and draw descriptions of the rooms whose words do).
    `value` is the hand's value in the engine's terms for the game (engine/evaluate/games.py `word_value`):
    the high key in stud, stud hi/lo and five-card draw; the A-5 low key in razz and A-5 lowball (category,
    then the ranks with the ace as 1); the 2-7 key (a high key) in 2-7 lowball; the badugi key in badugi
    (`(4 - size) << 16`, then the ranks from the highest, ace as 1). `low`: stud hi/lo's low ranks, or None.
    None: the room's words for that game are not known."""

    def stud_draw(self, game: Game, value: int, low: Low | None) -> str | None: ...


def high_game_words(words: Words, game: Game, value: int, games: frozenset[Game]) -> str | None:
    """A room's stud or draw words where they are its flop games' words for the high hand alone (a `stud_draw`
    for the rooms whose corpus hands show that for `games`; None for the other games)."""
    return words.showdown([value], None)[0] if game in games else None


_RANK_CHAR: Final = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}


def rank_list(ranks: Sequence[int], separator: str = ",") -> str:
    """Ranks as PokerStars lists a low: `T,8,7,5`, the ace as `A`."""
    return separator.join(_RANK_CHAR.get(rank, str(rank)) for rank in ranks)


def five_ranks(key: int) -> tuple[int, ...]:
    """The five rank nibbles of a key, in order of significance."""
    return tuple((key >> shift) & 15 for shift in (16, 12, 8, 4, 0))


def badugi_ranks(key: int) -> tuple[int, ...]:
    """A badugi key's ranks from the highest (the module's `StudDrawWords`)."""
    size = 4 - (key >> 16)
    return tuple((key >> shift) & 15 for shift in (12, 8, 4, 0))[:size]


LOWBALL_GAMES: Final = frozenset(  # (the games described by their low: `Lo: 9,8,6,5,A`)
    {Game.RAZZ, Game.RAZZ_2_7, Game.TRIPLE_DRAW_A_5, Game.TRIPLE_DRAW_2_7, Game.SINGLE_DRAW_2_7}
)


def describe_stud_draw(game: Game, value: int, low: Low | None) -> str:
    """PokerStars' words for a shown stud or draw hand (checked against every such showdown of its corpus
    hands): `a flush, Queen high` (stud, five-card draw), `HI: ...; LO: 7,6,5,4,3` (stud hi/lo), `Lo: 9,8,6,5,A`
    or `Lo: a pair of Fives` (razz, 2-7 lowball; A-5 lowball is written the same way, PokerStars deals none),
    `Badugi: T,8,7,5`, `3-card: T,7,2`. No kicker clause is added (none is in the corpus for these games)."""
    if game is Game.STUD_HI_LO:
        return describe_hi_lo(value, low)
    if game in LOWBALL_GAMES:
        return f"Lo: {rank_list(five_ranks(value)) if value >> _SHIFT == 0 else describe_key(value)}"
    if game is Game.BADUGI:
        ranks = badugi_ranks(value)
        return f"Badugi: {rank_list(ranks)}" if len(ranks) == 4 else f"{len(ranks)}-card: {rank_list(ranks)}"
    return describe_key(value)


class ReferenceWords:
    """The reference English (PokerStars' words), as a room's `Words` and `StudDrawWords`."""

    def showdown(self, highs: Sequence[int], lows: Sequence[Low | None] | None) -> list[str]:
        return showdown_descriptions(highs, lows)

    def stud_draw(self, game: Game, value: int, low: Low | None) -> str | None:
        return describe_stud_draw(game, value, low)


REFERENCE_WORDS: Final = ReferenceWords()
