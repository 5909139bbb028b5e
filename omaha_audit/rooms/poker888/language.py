"""888's numbers and card letters, which its client writes in the player's language (ROOMS.md 3.2, 3.4).

Numbers. One hand may mix `$ 3.243` (3 243) and `$ 552,72` (552.72), so each amount is read on its own:
a separator (`.`, `,`, a space or a no-break space) followed by three digits groups thousands; a `.` or
`,` followed by one or two digits at the end is the decimal mark. A currency sign may stand before or
after the number, with or without a space (`$25`, `$ 10`, `25 $`, `0,02$`, `2.000 €`). Anything else is
not understood and raises ValueError: the reader reports the line, it never guesses.

Cards. The rank letters, and for Spanish the suit letters, are the language's own:

- English `2`-`9`, `T`, `J`, `Q`, `K`, `A`; suits `c`, `d`, `h`, `s`;
- Dutch `B` (boer, jack), `V` (vrouw, queen), `H` (heer, king), `A` (aas): `Hc`, `Bh`, `Vs`;
- Swedish `Kn` (knekt, jack), `D` (dam, queen), `K` (kung), `E` (ess, ace): `Knh`, `Dd`, `Ec`;
- Russian, in cp1251 bytes that the file's decoding turns into `Â`, `Ä`, `Ê`, `Ò` (or the Cyrillic letters
  themselves in a UTF-8 file): `В` (валет, jack), `Д` (дама, queen), `К` (король, king), `Т` (туз, ace).
  fpdb reads `Â` as an ace, `Ä` as a jack and `Ò` as a queen; the one Russian hand of the corpus is
  decided the same way under both readings, so the names are followed (ROOMS.md 3.4) and the hand says so;
- Spanish suits `p` (picas, spades), `c` (corazones, hearts), `t` (tréboles, clubs), `d` (diamantes); and,
  from fpdb, `D` for a ten before a Spanish suit. fpdb reads `t` as hearts; no hand of the corpus decides
  it (the only `t` is a hole card never compared), so the names are followed and the hand says so.

A hand's language is the one whose own letters it uses (`H`, `V`, `B`; `Kn`, `D`, `E`; the Russian
letters; the Spanish suits `p`, `t`); a hand with none of them is read in the language an earlier hand
of the same file showed, else in English (their common letters mean the same, except Spanish `c`). A hand
using the letters of two languages, or a card no language explains, is reported.
"""

from __future__ import annotations

import re
from typing import Final

from omaha_audit.model import Card, parse_card

CURRENCY_SIGNS: Final = {"$": "USD", "\u20ac": "EUR", "\u00a3": "GBP"}
_AMOUNT: Final = re.compile(
    r"\s*(?P<before>[$\u20ac\u00a3])?\s*(?P<number>\d(?:[\d.,\u00a0\u202f ]*\d)?)\s*(?P<after>[$\u20ac\u00a3])?\s*"
)
_SEPARATOR: Final = re.compile(r"[.,\u00a0\u202f ]")


def currency_of(text: str) -> str | None:
    """The ISO code of the currency sign in an amount's text, if any."""
    for sign, code in CURRENCY_SIGNS.items():
        if sign in text:
            return code
    return None


def amount(text: str, decimals: int) -> int:
    """An amount as 888 prints it, in units with `decimals` places; ValueError when it is not understood."""
    found = _AMOUNT.fullmatch(text)
    if found is None:
        raise ValueError(f"not an amount: {text!r}")
    number: str = found["number"]
    parts = _SEPARATOR.split(number)
    separators = _SEPARATOR.findall(number)
    fraction = ""
    if separators and separators[-1] in ".," and len(parts[-1]) <= 2:
        mark = separators.pop()
        fraction = parts.pop()
        if mark in separators:
            raise ValueError(f"{text!r}: {mark!r} both groups thousands and marks the decimals")
    if len(set(separators)) > 1 and not set(separators) <= {"\u00a0", " ", "\u202f"}:
        raise ValueError(f"{text!r}: thousands grouped with two different marks")
    if (len(parts[0]) > 3 and len(parts) > 1) or any(len(part) != 3 for part in parts[1:]):
        raise ValueError(f"{text!r}: digits grouped in thousands wrongly")
    if len(fraction) > decimals and fraction[decimals:].strip("0"):
        raise ValueError(f"amount {text!r} is finer than the unit (10^-{decimals})")
    fraction = fraction[:decimals].ljust(decimals, "0")
    scale: int = 10**decimals
    return int("".join(parts)) * scale + (int(fraction) if fraction else 0)


# ---- cards ------------------------------------------------------------------------------------------------
_DIGITS: Final = {str(rank): str(rank) for rank in range(2, 10)} | {"T": "T", "10": "T"}
_SUITS: Final = {"c": "c", "d": "d", "h": "h", "s": "s"}


class Language:
    """One language's card letters: rank word -> English rank letter, suit letter -> English suit, the
    letters only this language uses (that tell a hand is in it), and what is uncertain about it."""

    def __init__(
        self,
        name: str,
        ranks: dict[str, str],
        suits: dict[str, str],
        own_ranks: frozenset[str],
        own_suits: frozenset[str],
        doubt: str | None = None,
    ) -> None:
        self.name = name
        self.ranks = ranks
        self.suits = suits
        self.own_ranks = own_ranks
        self.own_suits = own_suits
        self.doubt = doubt
        # longest rank words first: Swedish `Knh` is a jack, `Kh` a king
        self.rank_words = sorted(ranks, key=len, reverse=True)
        self.known: dict[str, Card | None] = {}

    def card(self, token: str) -> Card | None:
        """The card `token` names in this language, or None."""
        known = self.known
        if token in known:
            return known[token]
        card: Card | None = None
        suit = self.suits.get(token[-1:])
        rank = self.ranks.get(token[:-1])
        if suit is not None and rank is not None:
            card = parse_card(rank + suit)
        if len(known) < 1000:
            known[token] = card
        return card

    def reads(self, tokens: list[str]) -> bool:
        """True when every token is a card in this language."""
        return all(self.card(token) is not None for token in tokens)

    def tells(self, token: str) -> bool:
        """True when the token is a card in this language written with a letter only this language has."""
        return (token[:-1] in self.own_ranks or token[-1:] in self.own_suits) and self.card(token) is not None


ENGLISH: Final = Language(
    "English", _DIGITS | {"J": "J", "Q": "Q", "K": "K", "A": "A"}, _SUITS, frozenset(), frozenset()
)
DUTCH: Final = Language(
    "Dutch", _DIGITS | {"B": "J", "V": "Q", "H": "K", "A": "A"}, _SUITS, frozenset({"B", "V", "H"}), frozenset()
)
SWEDISH: Final = Language(
    "Swedish", _DIGITS | {"Kn": "J", "D": "Q", "K": "K", "E": "A"}, _SUITS, frozenset({"Kn", "D", "E"}), frozenset()
)
_RUSSIAN_RANKS: Final = {
    "\u0412": "J",  # В, валет
    "\u0414": "Q",  # Д, дама
    "\u041a": "K",  # К, король
    "\u0422": "A",  # Т, туз
    "\u00c2": "J",  # the same letters' cp1251 bytes read as cp1252: Â Ä Ê Ò
    "\u00c4": "Q",
    "\u00ca": "K",
    "\u00d2": "A",
}
RUSSIAN: Final = Language(
    "Russian",
    _DIGITS | _RUSSIAN_RANKS,
    _SUITS,
    frozenset(_RUSSIAN_RANKS),
    frozenset(),
    "Russian rank letters read by their names (В jack, Д queen, К king, Т ace); fpdb reads Â as an ace, "
    "Ä as a jack and Ò as a queen, and no hand of the corpus decides between the two",
)
SPANISH: Final = Language(
    "Spanish",
    _DIGITS | {"D": "T", "J": "J", "Q": "Q", "K": "K", "A": "A"},
    {"p": "s", "c": "h", "t": "c", "d": "d"},
    frozenset(),
    frozenset({"p", "t"}),
    "Spanish suit letters read by their names (p picas, c corazones, t tréboles, d diamantes); fpdb reads t "
    "as hearts, and no hand of the corpus decides between the two",
)
LANGUAGES: Final = (ENGLISH, DUTCH, SWEDISH, RUSSIAN, SPANISH)
KNOWN_NAMES: Final = ", ".join(language.name for language in LANGUAGES)
_TELLS: Final[dict[str, tuple[Language, ...]]] = {}  # token -> the languages whose own letters it uses


def split_cards(text: str) -> list[str]:
    """The card tokens of a bracket's text: `Hc, 8h, Td, 6h` (comma and space separated)."""
    return [part for part in re.split(r"[,\s]+", text) if part]


def language_of(tokens: list[str], default: Language | None) -> tuple[Language | None, str]:
    """The language a hand's card tokens are written in, or (None, why) when it cannot be told: the one
    language whose own letters the hand uses and that reads all its cards. A hand with no letter of its own
    is in `default` (the file's language so far) if that reads it, else in English (a card English does not
    read either is then reported by the caller)."""
    told: list[Language] = []
    for token in tokens:
        telling = _TELLS.get(token)
        if telling is None:
            telling = tuple(language for language in LANGUAGES[1:] if language.tells(token))
            if len(_TELLS) < 10_000:
                _TELLS[token] = telling
        for language in telling:
            if language not in told:
                told.append(language)
    if len(told) > 1:
        reading = [language for language in told if language.reads(tokens)]
        if len(reading) != 1:
            names = " and ".join(language.name for language in told)
            return None, f"the hand's card letters mix {names}: its language is not known"
        told = reading
    if told:
        return told[0], ""
    if default is not None and default is not ENGLISH and default.reads(tokens):
        return default, ""
    return ENGLISH, ""


__all__ = [
    "CURRENCY_SIGNS",
    "ENGLISH",
    "KNOWN_NAMES",
    "LANGUAGES",
    "Language",
    "amount",
    "currency_of",
    "language_of",
    "split_cards",
]
