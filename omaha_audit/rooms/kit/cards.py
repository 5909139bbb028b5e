"""The one card reader every room uses: the rooms' spellings of a card, and the card words of the clients'
languages.

Spellings (`read_card`): rank then suit, as most rooms write it (`Ah`, `td`, `10s`, `AH`, `Th`); suit then
rank (`suit_first=True`: iPoker's `HA`, `S10`, `CK`). `card_of_index` reads a card numbered in a deck order
the room uses (Boss Media, Microgaming).

Languages (`Language`, `LANGUAGES`, `language_of`). A client that writes hand histories in its player's
language may write the card's rank, its suit or both in that language: 888poker's German client `3Karo`,
`KKreuz`, `QHerz`, `JPik`; its Dutch `Hc` (heer, king), `Bh` (boer, jack), `Vs` (vrouw, queen); its Swedish
`Knh` (knekt, jack), `Dd` (dam, queen), `Ec` (ess, ace); its Russian `Т`, `К`, `Д`, `В`; its Spanish suits
`p`, `c`, `t`, `d`. A language names its own words (those no other language uses in that place): a hand's
language is the one whose own words it uses (`language_of`). The table is in one place so that a language
learnt for one room is learnt for all; a room says which languages its client writes (`languages(...)`).

Anything that is no card in the languages asked is `CardError` with the reason: the reader reports the line
(a reading finding), never a guess.
"""

from __future__ import annotations

import re
from typing import Final

from omaha_audit.model import Card, parse_card
from omaha_audit.model.cards import DECK, RANK_CHARS, SUIT_CHARS


class CardError(ValueError):
    """A card's text that names no card: the reason is in the message."""


_BY_TEXT: Final[dict[str, Card]] = {}
for _card in DECK:
    for _rank in {RANK_CHARS[_card.rank - 2], RANK_CHARS[_card.rank - 2].lower()} | (
        {"10"} if _card.rank == 10 else set()
    ):
        for _suit in (_card.suit, _card.suit.upper()):
            _BY_TEXT[_rank + _suit] = _card
_SUIT_FIRST: Final[dict[str, Card]] = {}
for _text, _card in list(_BY_TEXT.items()):
    _SUIT_FIRST[_text[-1] + _text[:-1]] = _card


def read_card(text: str, *, suit_first: bool = False) -> Card:
    """The card spelt `text`: rank then suit (`Ah`, `td`, `10s`, `AH`), or, with `suit_first`, suit then rank
    (`HA`, `S10`, `ck`). Raises CardError for anything else."""
    card = (_SUIT_FIRST if suit_first else _BY_TEXT).get(text)
    if card is None:
        raise CardError(f"{text!r} is not a card")
    return card


def read_cards(text: str, *, suit_first: bool = False) -> tuple[Card, ...]:
    """Cards separated by spaces or commas (`Ah Kd`, `Ah,Kd`, `HA, S10`); an empty or blank text gives ()."""
    return tuple(read_card(part, suit_first=suit_first) for part in split_cards(text))


def split_cards(text: str) -> list[str]:
    """The card tokens of a text: `Hc, 8h, Td, 6h` (comma and space separated)."""
    return [part for part in re.split(r"[,\s]+", text) if part]


def card_of_index(number: int, ranks: str, suits: str) -> Card:
    """The card numbered `number` (0-51) in a deck ordered suit by suit (`suits`, e.g. "dchs"), each suit's
    ranks in the order `ranks` (e.g. "A23456789TJQK"). Raises CardError outside 0-51."""
    if not 0 <= number < 52 or len(ranks) != 13 or len(suits) != 4:
        raise CardError(f"card number {number} is not one of 52")
    return parse_card(ranks[number % 13] + suits[number // 13])


# ---- languages ----------------------------------------------------------------------------------------
_DIGITS: Final = {str(rank): str(rank) for rank in range(2, 10)} | {"T": "T", "10": "T"}
_LETTERS: Final = {"c": "c", "d": "d", "h": "h", "s": "s"}


class Language:
    """One language's card words: rank word -> rank letter, suit word -> suit letter, the words only this
    language uses (that tell a hand is in it), and what is uncertain about it (said on the hand)."""

    def __init__(
        self,
        name: str,
        ranks: dict[str, str],
        suits: dict[str, str],
        own_ranks: frozenset[str] = frozenset(),
        own_suits: frozenset[str] = frozenset(),
        doubt: str | None = None,
    ) -> None:
        self.name = name
        self.ranks = ranks
        self.suits = suits
        self.own_ranks = own_ranks
        self.own_suits = own_suits
        self.doubt = doubt
        self.suit_lengths = sorted({len(word) for word in suits}, reverse=True)
        self.known: dict[str, Card | None] = {}

    def card(self, token: str) -> Card | None:
        """The card `token` names in this language (rank word then suit word), or None."""
        known = self.known
        if token in known:
            return known[token]
        card: Card | None = None
        for length in self.suit_lengths:
            if len(token) <= length:
                continue
            suit = self.suits.get(token[-length:])
            rank = self.ranks.get(token[:-length])
            if suit is not None and rank is not None:
                card = parse_card(rank + suit)
                break
        if len(known) < 1000:
            known[token] = card
        return card

    def reads(self, tokens: list[str]) -> bool:
        """True when every token is a card in this language."""
        return all(self.card(token) is not None for token in tokens)

    def tells(self, token: str) -> bool:
        """True when the token is a card in this language written with a word only this language has."""
        if self.card(token) is None:
            return False
        for length in self.suit_lengths:
            if len(token) > length and token[-length:] in self.suits:
                return token[:-length] in self.own_ranks or token[-length:] in self.own_suits
        return False


_FACES: Final = {"J": "J", "Q": "Q", "K": "K", "A": "A"}
ENGLISH: Final = Language("English", _DIGITS | _FACES, _LETTERS)
# German: suits Karo (diamonds), Kreuz (clubs), Herz (hearts), Pik (spades); ranks as in English (as 888's
# German client writes them: `KKreuz`, `QHerz`, `JPik`), and the German letters B (Bube), D (Dame) and
# K (König) besides, which the suit words leave unambiguous.
GERMAN: Final = Language(
    "German",
    _DIGITS | _FACES | {"B": "J", "D": "Q"},
    {"Karo": "d", "Kreuz": "c", "Herz": "h", "Pik": "s", "karo": "d", "kreuz": "c", "herz": "h", "pik": "s"},
    own_suits=frozenset({"Karo", "Kreuz", "Herz", "Pik", "karo", "kreuz", "herz", "pik"}),
)
DUTCH: Final = Language(
    "Dutch", _DIGITS | {"B": "J", "V": "Q", "H": "K", "A": "A"}, _LETTERS, own_ranks=frozenset({"B", "V", "H"})
)
SWEDISH: Final = Language(
    "Swedish", _DIGITS | {"Kn": "J", "D": "Q", "K": "K", "E": "A"}, _LETTERS, own_ranks=frozenset({"Kn", "D", "E"})
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
    _LETTERS,
    own_ranks=frozenset(_RUSSIAN_RANKS),
    doubt="Russian rank letters read by their names (В jack, Д queen, К king, Т ace); fpdb reads Â as an ace, "
    "Ä as a jack and Ò as a queen, and no hand of the corpus decides between the two",
)
SPANISH: Final = Language(
    "Spanish",
    _DIGITS | {"D": "T"} | _FACES,
    {"p": "s", "c": "h", "t": "c", "d": "d"},
    own_suits=frozenset({"p", "t"}),
    doubt="Spanish suit letters read by their names (p picas, c corazones, t tréboles, d diamantes); fpdb reads "
    "t as hearts, and no hand of the corpus decides between the two",
)
LANGUAGES: Final = (ENGLISH, GERMAN, DUTCH, SWEDISH, RUSSIAN, SPANISH)
BY_NAME: Final = {language.name: language for language in LANGUAGES}


def language_of(
    tokens: list[str], default: Language | None, languages: tuple[Language, ...] = LANGUAGES
) -> tuple[Language | None, str]:
    """The language of `languages` (English first) a hand's card tokens are written in, or (None, why) when
    it cannot be told: the one language whose own words the hand uses and that reads all its cards. The file's
    language so far (`default`) is kept when it reads every card, even where a word is another language's own
    (888's Spanish ten `Dc` is a Swedish queen's spelling). A hand with no word of its own is in `default` if
    that reads it, else in English (a card English does not read either is then reported by the caller)."""
    told: list[Language] = []
    for token in tokens:
        for language in languages[1:]:
            if language not in told and language.tells(token):
                told.append(language)
    if told and default is not None and default is not languages[0] and default not in told and default.reads(tokens):
        return default, ""  # (a file is written by one client: its language reads the hand, so the hand is in it)
    if len(told) > 1:
        reading = [language for language in told if language.reads(tokens)]
        if len(reading) != 1:
            names = " and ".join(language.name for language in told)
            return None, f"the hand's card words mix {names}: its language is not known"
        told = reading
    if told:
        return told[0], ""
    if default is not None and default is not languages[0] and default.reads(tokens):
        return default, ""
    return languages[0], ""


def known_names(languages: tuple[Language, ...] = LANGUAGES) -> str:
    return ", ".join(language.name for language in languages)


__all__ = [
    "BY_NAME",
    "ENGLISH",
    "GERMAN",
    "LANGUAGES",
    "SUIT_CHARS",
    "CardError",
    "Language",
    "card_of_index",
    "known_names",
    "language_of",
    "read_card",
    "read_cards",
    "split_cards",
]
