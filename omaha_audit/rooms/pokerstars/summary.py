"""The summary block's lines: the pot line and the per-seat outcome lines."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from omaha_audit.model import Card, Fee, FeeEffect, FeeKind, Source, SummarySeat

# an amount with its sign and every mark it holds between its digits (`$1,694.48`, `€143.84`, Winamax's
# `4.96€`): the room's reader reads it with the kit (kit/amounts.py), or refuses it with the reason
_AMOUNT: Final = r"[^\d\s(]?\d(?:[\d,.'\u00a0\u202f]*\d)?[€$£]?"
_SIDE: Final = re.compile(r"Side pot(?:[- ]\d+)? (" + _AMOUNT + r")")
_MAIN: Final = re.compile(r"Main pot (" + _AMOUNT + r")")
_FEE: Final = re.compile(r"\| ([^|]*?) (" + _AMOUNT + r")\s*(?=\||$)")
_TAG: Final = re.compile(r"\((button|small blind|big blind|button blind)\) ")
_WON: Final = re.compile(r"(?:won|collected) \(?(" + _AMOUNT + r")\)?")
_FOLDED: Final = re.compile(r"folded (?:before|on) (?:the )?(\w+(?: \w+)?)")
_NAME_END: Final = re.compile(r" (?:\(|folded|showed|mucked|collected|won|lost|sat out|is sitting out)")
# The outcome is the first of these words the text starts with (their first letters differ).
_OUTCOMES: Final = {
    "folded": "folded",
    "showed": "showed",
    "mucked": "mucked",
    "collected": "collected",
    "won": "collected",
}
_OUTCOME_WORDS: Final = {word[0]: word for word in _OUTCOMES}

_Outline = tuple[tuple[str, ...], str, str | None, str, bool, bool]
# _outline's answers by text: most of these texts ("(small blind) folded before Flop") come back hand
# after hand. (A dictionary: compiled, its look-up is several times cheaper than a call through
# functools.lru_cache.)
_OUTLINES: Final[dict[str, _Outline]] = {}
_OUTLINES_KEPT: Final = 4096


Amount = Callable[[str, int], int]  # (text, line) -> units
Cards = Callable[[str, int], tuple[Card, ...]]


# The fees rooms print after the rake on the pot line, by the word they print (GGPoker, ACR, Run It Once).
FEE_WORDS: Final = {
    "jackpot": FeeKind.JACKPOT,
    "jp fee": FeeKind.JACKPOT,
    "bingo": FeeKind.BINGO,
    "fortune": FeeKind.FORTUNE,
    "tax": FeeKind.SHARE_TAX,  # (GGPoker: one winner's share pays it, Hand.share_taxes)
    "pot tax": FeeKind.TAX,  # (a tax taken from the pot, as the rake is: our PokerStars-text copies of Everest's)
    "stp": FeeKind.SPLASH,
}


class PotLine:
    """The figures of a summary's pot line, in units (fees are the hand's, with their kinds)."""

    __slots__ = ("fees", "main", "rake", "sides", "total")

    def __init__(self, total: int, rake: int, main: int | None, sides: tuple[int, ...], fees: list[Fee]) -> None:
        self.total = total
        self.rake = rake
        self.main = main
        self.sides = sides
        self.fees = fees


def fee(label: str, amount: int, source: Source) -> Fee:
    """A fee printed under `label` (`Jackpot`, `JP Fee`, `STP`): splash-the-pot money is added to the pot,
    the others are taken from it."""
    kind = FEE_WORDS.get(label.strip().lower(), FeeKind.OTHER)
    effect = FeeEffect.ADDED if kind is FeeKind.SPLASH else FeeEffect.TAKEN
    return Fee(kind, amount, effect, label.strip(), source)


def read_pot_line(match: re.Match[str], amount: Amount, source: Source) -> PotLine:
    """A SUMMARY_TOTAL or SUMMARY_TOTAL_PIPES line's match to its figures (amounts in units)."""
    line = source.line
    groups = match.re.groupindex
    total = amount(match["total"] or "0", line)
    rake = amount(match["rake"] or "0", line)
    main: int | None = None
    sides: tuple[int, ...] = ()
    if "pots" in groups:  # Run It Once's pipe-separated form
        pots = match["pots"] or ""
        main_match = _MAIN.search(pots)
        main = amount(main_match.group(1), line) if main_match else None
        sides = tuple(amount(value, line) for value in _SIDE.findall(pots))
    else:
        main = amount(match["main"], line) if match["main"] else None
        if match["sides"]:
            sides = tuple(amount(value, line) for value in _SIDE.findall(match["sides"]))
    fees: list[Fee] = []
    if "stp" in groups and match["stp"]:
        fees.append(fee("STP", amount(match["stp"], line), source))
    if match["fees"]:
        fees.extend(fee(name, amount(value, line), source) for name, value in _FEE.findall(match["fees"]))
    return PotLine(total, rake, main, sides, fees)


def read_summary_seat(
    seat: int, rest: str, players: dict[int, str], amount: Amount, cards: Cards, source: Source
) -> SummarySeat:
    """`Seat N: <rest>` where rest is `name [(tags)] outcome`."""
    player = players.get(seat, "")
    size = len(player)
    if player and rest.startswith(player) and rest[size : size + 1] == " ":
        after = rest[size + 1 :]
    else:
        # Unknown seat or a renamed player: the name runs up to the first tag or outcome word.
        cut = _NAME_END.search(rest)
        player = rest[: cut.start()] if cut else rest
        after = rest[cut.start() + 1 :] if cut else ""
    outline = _OUTLINES.get(after)
    if outline is None:
        outline = _outline(after)
        if len(_OUTLINES) >= _OUTLINES_KEPT:
            _OUTLINES.clear()
        _OUTLINES[after] = outline
    positions, outcome, folded_street, after, cashed_out, pot_not_awarded = outline
    hole: tuple[Card, ...] = ()
    won: tuple[int, ...] = ()
    if outcome != "folded":
        if outcome == "showed" or outcome == "mucked":
            # the first [...]: string searches, as `\[([^\]]*)\]` would find it
            opening = after.find("[")
            closing = after.find("]", opening + 1) if opening >= 0 else -1
            if closing >= 0:
                hole = cards(after[opening + 1 : closing], source.line)
        if "won " in after or "collected " in after:  # (what every match of _WON holds)
            won = tuple(amount(value, source.line) for value in _WON.findall(after))
    return SummarySeat(
        seat, player, positions, outcome, won, hole, rest, source, folded_street, cashed_out, pot_not_awarded
    )


def _outline(after: str) -> _Outline:
    """What follows the name: (position tags, outcome, street folded on, the text after the tags,
    cashed out, pot not awarded)."""
    positions: tuple[str, ...] = ()
    if after.startswith("("):
        tags: list[str] = []
        while True:
            tag = _TAG.match(after)
            if tag is None:
                break
            tags.append(tag.group(1))
            after = after[tag.end() :]
        positions = tuple(tags)
    word = _OUTCOME_WORDS.get(after[:1])
    outcome = "other" if word is None or not after.startswith(word) else _OUTCOMES[word]
    folded = _FOLDED.match(after) if outcome == "folded" else None
    return (
        positions,
        outcome,
        folded.group(1) if folded else None,
        after,
        "(cashed out)" in after,
        "pot not awarded" in after,
    )
