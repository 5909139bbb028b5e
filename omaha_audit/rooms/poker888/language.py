"""888's numbers and card words, which its client writes in the player's language (ROOMS.md 3.2, 3.4), read
with the reading kit (rooms/kit: amounts.py, cards.py).

Numbers. One hand may mix `$ 3.243` (3 243) and `$ 552,72` (552.72), so each amount is read on its own:
a separator (`.`, `,`, a space or a no-break space) followed by three digits groups thousands; a `.` or
`,` followed by one or two digits at the end is the decimal mark. A currency sign may stand before or
after the number, with or without a space (`$25`, `$ 10`, `25 $`, `0,02$`, `2.000 €`). Anything else is
not understood and raises ValueError: the reader reports the line, it never guesses.

Cards. The rank letters, and for German and Spanish the suit words, are the language's own:

- English `2`-`9`, `T`, `J`, `Q`, `K`, `A`; suits `c`, `d`, `h`, `s`;
- German suit words `Karo` (diamonds), `Kreuz` (clubs), `Herz` (hearts), `Pik` (spades) after the English
  rank letters: `3Karo`, `KKreuz`, `QHerz`, `JPik`;
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
letters; the German suit words; the Spanish suits `p`, `t`); a hand with none of them is read in the
language an earlier hand of the same file showed, else in English (their common letters mean the same,
except Spanish `c`). A card no language explains is a line not read. A hand using the letters of two
languages is read card by card (`undecided`): a card the languages it mixes all read alike (`7s`) is read,
any other is a line not read, never read in one language chosen at random.

Nothing else of 888's text is in the player's language: every client writes the English words (`posts small
blind`, `raises`, `collected`, `did not show his hand`, `** Dealing flop **`), and the date is numbers only
(day, month, year), so no month name is ever printed (README.md).
"""

from __future__ import annotations

from typing import Final

from omaha_audit.model import Card
from omaha_audit.rooms.kit.amounts import AmountError, read_amount
from omaha_audit.rooms.kit.amounts import currency_of as _currency_of
from omaha_audit.rooms.kit.cards import (
    DUTCH,
    ENGLISH,
    GERMAN,
    RUSSIAN,
    SPANISH,
    SWEDISH,
    Language,
    known_names,
    split_cards,
)
from omaha_audit.rooms.kit.cards import language_of as _language_of

# the languages 888's client writes its cards in, English first
LANGUAGES: Final = (ENGLISH, GERMAN, DUTCH, SWEDISH, RUSSIAN, SPANISH)
KNOWN_NAMES: Final = known_names(LANGUAGES)
CURRENCY_SIGNS: Final = {"$": "USD", "\u20ac": "EUR", "\u00a3": "GBP"}


def currency_of(text: str) -> str | None:
    """The ISO code of the currency sign in an amount's text, if any."""
    return _currency_of(text)


def amount(text: str, decimals: int) -> int:
    """An amount as 888 prints it, in units with `decimals` places; AmountError when it is not understood."""
    return read_amount(text, decimals)


def language_of(tokens: list[str], default: Language | None) -> tuple[Language | None, str]:
    """The language of those 888 writes that a hand's card tokens are written in (kit.cards.language_of)."""
    return _language_of(tokens, default, LANGUAGES)


class Undecided(Language):
    """The card words of a hand that mixes two languages' own words: a card is read only where every one of
    them reads it as the same card (`7s`, `Ah` in Dutch and Swedish); any other token reads as no card."""

    def __init__(self, languages: tuple[Language, ...], why: str) -> None:
        names = " or ".join(language.name for language in languages)
        super().__init__(names, {}, {}, doubt=why)
        self.languages = languages

    def card(self, token: str) -> Card | None:
        cards = {language.card(token) for language in self.languages}
        return cards.pop() if len(cards) == 1 else None


def undecided(tokens: list[str], why: str) -> Undecided:
    """The languages of `tokens`' own words (those of a hand whose language cannot be told), read together."""
    told = tuple(language for language in LANGUAGES[1:] if any(language.tells(token) for token in tokens))
    return Undecided(told or (ENGLISH,), why)


__all__ = [
    "CURRENCY_SIGNS",
    "ENGLISH",
    "KNOWN_NAMES",
    "LANGUAGES",
    "AmountError",
    "Language",
    "Undecided",
    "amount",
    "currency_of",
    "language_of",
    "split_cards",
    "undecided",
]
