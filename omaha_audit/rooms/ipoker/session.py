"""What an iPoker `<session>`'s `<general>` block says about all of its games (ROOMS.md 6.1-6.2, 6.6-6.7):
the game and betting structure (`<gametype>`), the stakes, the money unit, the table, the hero, whether
the games are tournament games, and which way the players' `win` amounts treat an uncalled bet.

`<gametype>` texts seen: `Omaha PL $0.01/$0.02`, `Holdem NL £0.05/£0.10`, `Holdem SL $0.01/$0.02`
(Spanish: no limit), `Holdem L $5/$10` (fixed limit: the pair is the bets), `LH 20/40 x2 Limit
$10.00/$20.00` (fixed limit Hold'em: the first pair is the bets, the second the blinds), `5 Card Stud L
$0.05/$0.10`, `PL €0.05/€0.10` (no game word: five-card Omaha, as fpdb reads it), `Holdem NL` (a
tournament: no stakes). Money carries its currency before the number (`$`, `€`, `£`, `RSD`, or UTF-8's
`€` read as cp1252, `â‚¬`), thousands with commas (`€1,214.15`, chips `5,350`), and some sessions write
decimal commas (`€0,50/€1`, `€51,18`).
"""

from __future__ import annotations

import re
from typing import Final

from omaha_audit.model import Game, Structure, Unit, parse_amount

# The game words before the limit word, lower case (the room's and the writer's: see generate/writers/ipoker.py).
GAMES: Final = {
    "holdem": Game.HOLDEM,
    "hold'em": Game.HOLDEM,
    "six plus holdem": Game.SIX_PLUS_HOLDEM,
    "omaha": Game.OMAHA,
    "omaha hi-lo": Game.OMAHA_HI_LO,
    "omaha h/l8": Game.OMAHA_HI_LO,
    "omaha hi/lo": Game.OMAHA_HI_LO,
    "5 card omaha": Game.OMAHA5,
    "5 card omaha hi-lo": Game.OMAHA5_HI_LO,
    "6 card omaha": Game.OMAHA6,
    "6 card omaha hi-lo": Game.OMAHA6_HI_LO,
    "courchevel": Game.COURCHEVEL,
    "courchevel hi-lo": Game.COURCHEVEL_HI_LO,
    "7 card stud": Game.STUD,
    "7 card stud hi-lo": Game.STUD_HI_LO,
    "razz": Game.RAZZ,
}
# fpdb's limit words (iPokerToFpdb.py): `SL` is Spanish, `LZ` and `LP` other languages', `БЛ` Russian.
LIMITS: Final = {
    "nl": Structure.NO_LIMIT,
    "sl": Structure.NO_LIMIT,
    "бл": Structure.NO_LIMIT,
    "no limit": Structure.NO_LIMIT,
    "pl": Structure.POT_LIMIT,
    "lp": Structure.POT_LIMIT,
    "pot limit": Structure.POT_LIMIT,
    "l": Structure.FIXED_LIMIT,
    "lz": Structure.FIXED_LIMIT,
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
_LH: Final = re.compile(r"LH\s+(?P<low>[\d.,]+)/(?P<high>[\d.,]+)\s+(?P<rest>.*)")
_PAIR: Final = re.compile(r"(?P<low>[^/\s]+)/(?P<high>[^/\s]+)")
_NUMBER: Final = re.compile(r"-?\d[\d.,\u00a0 ]*")
_DECIMAL_COMMA: Final = re.compile(r"\d,\d{1,2}(?!\d)")
_HEADS_UP: Final = re.compile(r"heads.?up", re.IGNORECASE)
_MAX_SEATS: Final = re.compile(r"(\d+)[ -]?max\b", re.IGNORECASE)
_TABLE_NUMBER: Final = re.compile(r",\s*(\d+)\s*$")
_MAJOR_VERSION: Final = re.compile(r"\s*(\d+)")
# From client 20 on (and wherever the session says `uncalled_bet_enabled`), `win` leaves an uncalled bet
# out; before, the uncalled chips are paid back inside the bettor's `win` (fpdb; ROOMS.md 6.6).
UNCALLED_BET_CLIENT: Final = 20
AMOUNTS_KEPT: Final = 4096


def parse_money(text: str, decimals: int, decimal_comma: bool = False) -> int:
    """An amount as iPoker prints it, in units of `decimals` places: the currency before the number is
    dropped; `1,214.15`, `5,350` and (where the session writes decimal commas) `0,50` or `1.069,15`.
    Raises ValueError when there is no number."""
    found = _NUMBER.search(text)
    if found is None:
        raise ValueError(f"not an amount: {text!r}")
    digits = found.group(0).replace("\u00a0", "").replace(" ", "")
    if digits.startswith("-"):
        raise ValueError(f"a negative amount: {text!r}")
    comma, dot = digits.rfind(","), digits.rfind(".")
    tail = len(digits) - comma - 1
    if comma > dot and (tail in (1, 2) or (decimal_comma and tail != 3)):
        digits = digits[:comma].replace(".", "").replace(",", "") + "." + digits[comma + 1 :]
    elif decimal_comma and dot > comma and len(digits) - dot - 1 == 3:
        digits = digits.replace(".", "").replace(",", "")  # `1.000`: thousands, in a decimal-comma session
    else:
        digits = digits.replace(",", "")
    return parse_amount(digits, decimals)


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
            pair = _PAIR.search(lh["rest"])
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
        # no game word: five-card Omaha, as fpdb reads it (reader.game_of looks at the pockets too); five-card
        # stud and other games the audit does not replay: Game.OTHER (read, not replayed)
        self.game = GAMES.get(self.word.lower(), Game.OTHER) if self.word else Game.OMAHA5
        pair = _PAIR.search(" ".join(words[limit_at + width :]))
        if pair is not None:
            self.pair = (pair["low"], pair["high"])


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
        self.decimal_comma = _DECIMAL_COMMA.search(self.game_text) is not None
        game_type = GameType(self.game_text)
        self.problems = game_type.problems  # what the session did not say clearly
        self.game, self.game_word, self.structure = game_type.game, game_type.word, game_type.structure
        self.pair_text = game_type.pair  # the stakes pair as printed
        self.bets_text = game_type.bets  # fixed limit `LH 20/40`: the bets
        self.tournament = self.pair_text is None or bool(general.get("tournamentname", "").strip())
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
        self._amounts: dict[str, int] = {}
        self.max_seats = _max_seats(self.table)

    def _uncalled_bet_enabled(self) -> bool:
        if self.general.get("uncalled_bet_enabled", "").strip().lower() in ("true", "1", "yes"):
            return True
        version = _MAJOR_VERSION.match(self.general.get("client_version", ""))
        return version is not None and int(version.group(1)) >= UNCALLED_BET_CLIENT

    def money(self, text: str) -> int:
        """An amount in the hand's units (ValueError when `text` is none). The same few texts come back
        all the time (`$0`, the blinds, the stacks): they are read once."""
        known = self._amounts.get(text)
        if known is not None:
            return known
        value = parse_money(text, self.unit.decimals, self.decimal_comma)
        if len(self._amounts) >= AMOUNTS_KEPT:
            self._amounts.clear()  # (a bound on memory, whatever the file)
        self._amounts[text] = value
        return value

    def pair(self) -> tuple[int, int] | None:
        """The stakes pair in the hand's units (fixed limit: the bets), or None (tournaments)."""
        texts = self.bets_text or self.pair_text
        if texts is None or self.tournament:
            return None
        try:
            return self.money(texts[0]), self.money(texts[1])
        except ValueError:
            return None

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
