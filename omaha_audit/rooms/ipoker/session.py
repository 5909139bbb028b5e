"""What an iPoker `<session>`'s `<general>` block says about all of its games (ROOMS.md 6.1-6.2, 6.6-6.7):
the game and betting structure (`<gametype>`), the stakes, the money unit, the table, the hero, whether
the games are tournament games, and which way the players' `win` amounts treat an uncalled bet.

`<gametype>` texts seen: `Omaha PL $0.01/$0.02`, `Holdem NL £0.05/£0.10`, `Holdem SL $0.01/$0.02`
(Spanish: no limit), `Holdem L $5/$10` (fixed limit: the pair is the bets), `LH 20/40 x2 Limit
$10.00/$20.00` (fixed limit Hold'em: the first pair is the bets, the second the blinds), `5 Card Stud L
$0.05/$0.10`, `PL €0.05/€0.10` (no game word: five-card Omaha, as fpdb reads it), `Holdem NL` (a
tournament: no stakes); an ` Ante X` after the pair is the ante (read from the posts).

Amounts are read by the reading kit (kit/amounts.py), whatever the skin's number style: the currency before
or after the number (`$`, `€`, `£`, `RSD`, `kr`, or UTF-8's `€` read as cp1252, `â‚¬`), thousands grouped
by commas (`€1,214.15`, chips `5,350`), dots (`1.500`) or spaces (`1 000`), decimal points or commas
(`€0,50/€1`, `€51,18`), leading zeros (`002€`). One session is written by one client: the decimal mark its
amounts show (its `<general>` block's, else its first game's that shows one: `kit.amounts.decimal_mark`) is
passed to the kit, so that `1,000` is 1 in a session of decimal commas and 1000 in one of decimal points,
and an amount in the other style is refused (a line not read), never read as another number.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from omaha_audit.model import Game, Structure, Unit
from omaha_audit.model.numbers import whole_number
from omaha_audit.rooms.kit.amounts import decimal_mark, read_amount

# The game words before the limit word, lower case (the room's and the writer's: see generate/writers/ipoker.py).
GAMES: Final = {
    "holdem": Game.HOLDEM,
    "hold'em": Game.HOLDEM,
    "six plus holdem": Game.SIX_PLUS_HOLDEM,
    "omaha": Game.OMAHA,
    "omaha hi-lo": Game.OMAHA_HI_LO,
    "omaha h/l8": Game.OMAHA_HI_LO,
    "omaha hi/lo": Game.OMAHA_HI_LO,
    "omaha hilow": Game.OMAHA_HI_LO,
    "5 card omaha": Game.OMAHA5,
    "5 card omaha hi-lo": Game.OMAHA5_HI_LO,
    "6 card omaha": Game.OMAHA6,
    "6 card omaha hi-lo": Game.OMAHA6_HI_LO,
    "courchevel": Game.COURCHEVEL,
    "courchevel hi-lo": Game.COURCHEVEL_HI_LO,
    "7 card stud": Game.STUD,
    "7 card stud hi-lo": Game.STUD_HI_LO,
    "7 card stud hilow": Game.STUD_HI_LO,
    "razz": Game.RAZZ,
    "5 card stud": Game.FIVE_CARD_STUD,
}
# fpdb's limit words (iPokerToFpdb.py): `SL` (sin límite, sans limite), `LZ` and `БЛ` (без лимита) are no
# limit, `LP` (limite du pot) pot limit.
LIMITS: Final = {
    "nl": Structure.NO_LIMIT,
    "sl": Structure.NO_LIMIT,
    "бл": Structure.NO_LIMIT,
    "lz": Structure.NO_LIMIT,
    "no limit": Structure.NO_LIMIT,
    "pl": Structure.POT_LIMIT,
    "lp": Structure.POT_LIMIT,
    "pot limit": Structure.POT_LIMIT,
    "l": Structure.FIXED_LIMIT,
    "limit": Structure.FIXED_LIMIT,
}
SYMBOLS: Final = (
    ("\u00e2\u201a\u00ac", "EUR"),  # UTF-8's euro sign read as cp1252
    ("\u00e2\u0082\u00ac", "EUR"),  # ... or as Latin-1
    ("\u20ac", "EUR"),
    ("$", "USD"),
    ("\u00a3", "GBP"),
    ("RSD", "RSD"),
    ("kr", "SEK"),
)
_LH: Final = re.compile(r"LH\s+(?P<low>[^/\s]+)/(?P<high>[^/\s]+)\s+(?P<rest>.*)")
# the stakes pair: each side whole (`€0.50`, `0,50 €`, `RSD1`, `€1 000`), an ante after it left out
_PAIR: Final = re.compile(r"\s*(?P<low>[^/]*[^/\s])\s*/\s*(?P<high>[^/]*?[^/\s])(?:\s+Ante\s.*)?\s*")
# the session's fields that hold amounts in the client's number style (they tell its decimal mark)
_MONEY_FIELDS: Final = (
    "gametype",
    "bets",
    "wins",
    "chipsin",
    "chipsout",
    "buyin",
    "totalbuyin",
    "win",
    "rewarddrawn",
    "smallblind",
    "bigblind",
    "ipoints",
    "statuspoints",
    "awardpoints",
)
_HEADS_UP: Final = re.compile(r"heads.?up", re.IGNORECASE)
_MAX_SEATS: Final = re.compile(r"(\d+)[ -]?max\b", re.IGNORECASE)
_TABLE_NUMBER: Final = re.compile(r",\s*(\d+)\s*$")
_MAJOR_VERSION: Final = re.compile(r"\s*(\d+)")
# From client 20 on (and wherever the session says `uncalled_bet_enabled`), `win` leaves an uncalled bet
# out; before, the uncalled chips are paid back inside the bettor's `win` (fpdb; ROOMS.md 6.6).
UNCALLED_BET_CLIENT: Final = 20
AMOUNTS_KEPT: Final = 4096


def currency_of(text: str) -> str | None:
    """The currency an amount or a stakes text names by its symbol, if any."""
    for symbol, code in SYMBOLS:
        if symbol in text:
            return code
    return None


class GameType:
    """What a `<gametype>` text says: the game (and its word as printed, "" for none), the betting
    structure, the stakes pair as printed, the bets of `LH 20/40 ...`, and what it left unclear."""

    def __init__(self, text: str) -> None:
        self.game = Game.OTHER
        self.word = ""
        self.structure = Structure.NO_LIMIT
        self.pair: tuple[str, str] | None = None
        self.bets: tuple[str, str] | None = None
        self.problems: list[str] = []
        lh = _LH.fullmatch(text)
        if lh is not None:  # `LH 20/40 x2 Limit $10.00/$20.00`: fixed-limit Hold'em, bets 20/40
            self.game, self.word, self.structure = Game.HOLDEM, "LH", Structure.FIXED_LIMIT
            self.bets = (lh["low"], lh["high"])
            words = lh["rest"].split()  # (`x2 Limit $10.00/$20.00`: the blinds are its last word)
            pair = _PAIR.fullmatch(words[-1]) if words else None
            self.pair = (pair["low"], pair["high"]) if pair is not None else self.bets
            return
        words = text.split()
        limit_at, width = len(words), 0
        for index, word in enumerate(words):
            if index + 1 < len(words) and " ".join(words[index : index + 2]).lower() in LIMITS:
                limit_at, width = index, 2
                break
            if word.lower() in LIMITS:
                limit_at, width = index, 1
                break
        if width:
            self.structure = LIMITS[" ".join(words[limit_at : limit_at + width]).lower()]
        else:
            self.problems.append(f"the game type {text!r} names no betting limit")
        self.word = " ".join(words[:limit_at])
        # no game word: five-card Omaha, as fpdb reads it (reader.game_of looks at the pockets too); the games
        # the audit does not replay: Game.OTHER (read, not replayed)
        self.game = GAMES.get(self.word.lower(), Game.OTHER) if self.word else Game.OMAHA5
        rest = " ".join(words[limit_at + width :])
        pair = _PAIR.fullmatch(rest)
        if pair is not None:
            self.pair = (pair["low"], pair["high"])
        elif rest and not rest.startswith("Ante"):
            self.problems.append(f"the game type's stakes {rest!r} are not a pair of amounts")


class Session:
    """One session's `<general>` facts (every field has a value: a game may come without a session)."""

    def __init__(self, path: str, code: str, general: dict[str, str], line: int) -> None:
        self.path = path
        self.code = code
        self.general = general
        self.line = line
        self.game_text = general.get("gametype", "").strip()
        self.table = general.get("tablename", "").strip()
        self.hero = general.get("nickname", "").strip() or None
        game_type = GameType(self.game_text)
        self.problems = game_type.problems  # what the session did not say clearly
        self.game, self.game_word, self.structure = game_type.game, game_type.word, game_type.structure
        self.pair_text = game_type.pair  # the stakes pair as printed
        self.bets_text = game_type.bets  # fixed limit `LH 20/40`: the bets
        self.tournament = self.pair_text is None or bool(general.get("tournamentname", "").strip())
        # the decimal mark the session's amounts show (None: its games may tell it, else each amount's text); a
        # tournament's amounts are chips, whole numbers, which its money fields (the buy-in) say nothing of
        self.decimal = None if self.tournament else decimal_mark(general.get(field, "") for field in _MONEY_FIELDS)
        self.play_money = general.get("mode", "real").strip().lower() in ("play", "fun", "playmoney")
        currency = currency_of(self.game_text) or general.get("tablecurrency", "").strip()
        self.currency = currency or general.get("currency", "").strip() or "USD"
        if self.tournament:
            self.unit = Unit("chips", 0)
        elif self.play_money:
            self.unit = Unit("play", 2)
        else:
            self.unit = Unit(self.currency, 2)
        self.refunds_in_win = not self._uncalled_bet_enabled()
        self._amounts: dict[tuple[str, int], int] = {}
        self.max_seats = _max_seats(self.table)

    def _uncalled_bet_enabled(self) -> bool:
        if self.general.get("uncalled_bet_enabled", "").strip().lower() in ("true", "1", "yes"):
            return True
        version = _MAJOR_VERSION.match(self.general.get("client_version", ""))
        return version is not None and whole_number(version.group(1)) >= UNCALLED_BET_CLIENT

    def learn_decimal(self, texts: Iterable[str]) -> None:
        """A session whose `<general>` block shows no decimal mark takes the one its first game that shows
        one does (the client writes every game of the session alike)."""
        if self.decimal is None:
            self.decimal = decimal_mark(texts)
            if self.decimal is not None:
                self._amounts.clear()

    def money(self, text: str, decimals: int | None = None) -> int:
        """An amount in the hand's units (or in `decimals` places), read by the kit with the session's
        decimal mark; AmountError (a ValueError) when `text` is none. The same few texts come back all the
        time (`$0`, the blinds, the stacks): they are read once."""
        places = self.unit.decimals if decimals is None else decimals
        key = (text, places)
        known = self._amounts.get(key)
        if known is not None:
            return known
        value = read_amount(text.strip(), places, decimal=self.decimal)
        if len(self._amounts) >= AMOUNTS_KEPT:
            self._amounts.clear()  # (a bound on memory, whatever the file)
        self._amounts[key] = value
        return value

    def pair(self, decimals: int | None = None) -> tuple[int, int] | None:
        """The stakes pair in the hand's units (fixed limit: the bets), or None (tournaments); AmountError
        when the game type's pair is not one of amounts."""
        texts = self.bets_text or self.pair_text
        if texts is None or self.tournament:
            return None
        return self.money(texts[0], decimals), self.money(texts[1], decimals)

    @property
    def tournament_id(self) -> str:
        """`<tournamentcode>`, else the number that ends the table's name (`Irish Open ..., 799557276`)."""
        code = self.general.get("tournamentcode", "").strip()
        if code:
            return code
        found = _TABLE_NUMBER.search(self.table)
        return found.group(1) if found is not None else self.general.get("tournamentname", "").strip()

    @property
    def buy_in(self) -> str:
        return self.general.get("buyin", "").strip() or self.general.get("totalbuyin", "").strip()


def _max_seats(table: str) -> int | None:
    if _HEADS_UP.search(table):
        return 2
    found = _MAX_SEATS.search(table)
    return int(found.group(1)) if found is not None and 2 <= int(found.group(1)) <= 10 else None


NO_SESSION: Final = "no session <general> block before this game"
