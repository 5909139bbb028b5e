"""The header and table lines of PokerTracker 4's four export dialects (ROOMS.md 26), read into the PokerStars
family's HeaderInfo and table fields. The dialect is the room whose hands PokerTracker re-wrote (the hand's
brand): `ipoker`, `merge`, `microgaming`, `everest`.

- iPoker: `GAME #4999408769: Omaha 50/100 - 2013-08-01 22:16:18` (no limit word: Omaha is read as pot
  limit, Hold'em as no limit, and an event says so), `GAME #4402349920 Version:18.9.3.4 Uncalled:Y Texas
  Hold'em NL €0.05/€0.10 2019-01-03 11:56:34/GMT`, tournaments `... NL  Tournament ...` with a table line
  `Table <name>, 595699511, 4730275101 (Tournament: <name> Buy-In: $2+$0.20)`;
- Merge: `MERGE_GAME #46893440-366: Holdem NL $0.10/$0.25 01/11/2012 20:43:26` (month first), `Merge Game
  #80257431-64 | Holdem NL ($0.02/$0.04) | 12/05/2014 17:05:06 EST | Version:2`, `Table Tijuana (46893440),
  Seats 6`;
- Microgaming: `** Hand # 5029053937 starting - 2013-09-07 02:30:38` and the table line `** Position PLO HU 47
  - €50 Max [Omaha] (0.25|0.50 PL - Cash Game) Real Money`, tournaments `** Heads Up(10195133):Table 1 [Multi
  Table Hold'em] (10|20 NL - MTT seats:2 ) Real Money`;
- Everest: `EverestPoker Game #6450768434: Table Moroni-1 - $0.50/$1 - No Limit Hold'em - 22:33:12 -
  2011/01/02`, `... Tourney ID: 49630157, Table 49630157-0 - 100/200 - Limit Hold'em - ...`.

Tournament hands count chips, whatever sign they print (`€42,964.00 in chips`). A cash header without a
currency sign leaves the money to the seat lines (`Seat 3: Hero ($10,000.00 in chips)`).
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any, Final

from omaha_audit.model import Game, Structure, Tournament
from omaha_audit.model.money import CURRENCY_SYMBOLS
from omaha_audit.parse.lexer import LineToken
from omaha_audit.parse.times import parse_started
from omaha_audit.rooms.pokerstars.header import HeaderInfo

IPOKER: Final = "ipoker"
MERGE: Final = "merge"
MICROGAMING: Final = "microgaming"
EVEREST: Final = "everest"
GAMES: Final = {
    "Texas Hold'em": Game.HOLDEM,
    "Hold'em": Game.HOLDEM,
    "Holdem": Game.HOLDEM,
    "Multi Table Hold'em": Game.HOLDEM,
    "Omaha": Game.OMAHA,
    "Omaha Hi/Lo": Game.OMAHA_HI_LO,
}
STRUCTURES: Final = {
    "NL": Structure.NO_LIMIT,
    "PL": Structure.POT_LIMIT,
    "FL": Structure.FIXED_LIMIT,
    "No Limit": Structure.NO_LIMIT,
    "Pot Limit": Structure.POT_LIMIT,
    "Limit": Structure.FIXED_LIMIT,
}
UNKNOWN_MONEY: Final = "chips"  # (a cash header with no sign: the seats say the currency)
_SYMBOL: Final = re.compile(r"[$\u20ac\u00a3]")
_MONTH_FIRST: Final = re.compile(r"(?P<m>\d\d)/(?P<d>\d\d)/(?P<y>\d{4}) (?P<time>\S+)(?P<zone> [A-Z]+)?")
_EVEREST_TIME: Final = re.compile(r"(?P<time>\d\d:\d\d:\d\d) - (?P<date>\d{4}/\d\d/\d\d)")
# iPoker/Merge tournament tables: `<name>, 595699511, 4730275101 (Tournament: <name> Buy-In: $2+$0.20)`
_TOURNAMENT_TABLE: Final = re.compile(
    r"(?P<name>.*?)(?P<numbers>(?: ?, \d+)+) \(Tournament: .*? Buy-In: (?P<buy_in>[^)]*)\)"
)
_MERGE_TABLE: Final = re.compile(r"(?P<name>.*?) \((?P<number>\d+)\)(?:, Seats (?P<seats>\d+))?")
_MG_TOURNAMENT: Final = re.compile(r"(?P<name>.*?)\((?P<number>\d+)\):(?P<table>.*)")
_MG_SEATS: Final = re.compile(r"seats:(\d+)")
_MG_CASH_NAME: Final = re.compile(r"(?P<name>.*?) - .*? Max")
_FIELDS: Final = {
    IPOKER: ("ip_id", "ip_game", "ip_limit", "ip_stakes", "ip_tournament", "ip_started"),
    MERGE: ("mr_id", "mr_game", "mr_limit", "mr_stakes", "mr_tournament", "mr_started"),
    EVEREST: ("ev_id", "ev_game", "ev_limit", "ev_stakes", "ev_tournament", "ev_started"),
}


def dialect_of(fields: dict[str, str | None]) -> str:
    if fields.get("ip_id"):
        return IPOKER
    if fields.get("mr_id"):
        return MERGE
    if fields.get("ev_id"):
        return EVEREST
    return MICROGAMING


def read_header(fields: dict[str, str | None]) -> HeaderInfo:
    """The HEADER terminal's fields to a HeaderInfo. Microgaming's header names no game: the table line
    does (see with_microgaming_table); raises ValueError for an unknown game."""
    dialect = dialect_of(fields)
    if dialect == MICROGAMING:
        hand_id = fields["mg_hand"] or fields["mg_game"] or ""
        started_local = fields["mg_started"] or ""
        return _info(dialect, hand_id, Game.OTHER, "", Structure.NO_LIMIT, None, "", UNKNOWN_MONEY, started_local)
    hand_key, game_key, limit_key, stakes_key, tournament_key, started_key = _FIELDS[dialect]
    game_text = fields[game_key] or ""
    game = GAMES.get(game_text)
    if game is None:
        raise ValueError(f"unknown game {game_text!r}")
    limit = fields[limit_key]
    structure = STRUCTURES[limit] if limit else (Structure.POT_LIMIT if game.is_omaha else Structure.NO_LIMIT)
    stakes_text = fields[stakes_key] or ""
    tournament_id = fields[tournament_key]
    tournament: Tournament | None = None
    if dialect == EVEREST and tournament_id:
        tournament = Tournament(tournament_id, "", None)
    elif dialect != EVEREST and tournament_id:
        tournament = Tournament("", "", None)  # (the table line names it: see with_table)
    currency = "chips" if tournament is not None else _currency(stakes_text)
    started_local = fields[started_key] or ""
    text = " ".join(part for part in (game_text, limit or "", stakes_text) if part)
    return _info(
        dialect, fields[hand_key] or "", game, text, structure, tournament, stakes_text, currency, started_local
    )


def _currency(text: str) -> str:
    symbol = _SYMBOL.search(text)
    return CURRENCY_SYMBOLS.get(symbol.group(), "USD") if symbol else UNKNOWN_MONEY


def _info(
    dialect: str,
    hand_id: str,
    game: Game,
    game_text: str,
    structure: Structure,
    tournament: Tournament | None,
    stakes_text: str,
    currency: str,
    started_local: str,
) -> HeaderInfo:
    return HeaderInfo(
        room=dialect,
        kind="hand",
        hand_id=hand_id,
        game=game,
        game_text=game_text,
        structure=structure,
        mixed=None,
        club=None,
        tournament=tournament,
        stakes_text=stakes_text,
        currency=currency,
        started_local=started_local,
        started=started(dialect, started_local),
    )


def started(dialect: str, text: str) -> datetime | None:
    """The UTC time where the text names a zone (`/GMT`, `EST`), else None."""
    if dialect == MERGE:
        found = _MONTH_FIRST.fullmatch(text)
        return (
            parse_started(f"{found['y']}/{found['m']}/{found['d']} {found['time']}{found['zone'] or ''}")
            if found
            else None
        )
    if dialect == EVEREST:
        found = _EVEREST_TIME.fullmatch(text)
        return parse_started(f"{found['date']} {found['time']}") if found else None
    return parse_started(text.replace("/GMT", " GMT"))


def with_table(info: HeaderInfo, tokens: list[LineToken]) -> tuple[HeaderInfo, dict[str, Any]]:
    """The header completed by the table line (tournament, game for Microgaming, money where the header has
    no sign) and the table's fields (`table`, `table_id`, `max_seats`, `button`)."""
    dialect = info.room
    table: dict[str, Any] = {"table": "", "table_id": None, "max_seats": None, "button": None}
    game, game_text, structure, stakes_text = info.game, info.game_text, info.structure, info.stakes_text
    tournament, currency = info.tournament, info.currency
    for kind, _, _, m in tokens[1:]:
        if kind == "TABLE":
            name = m["table"]
            found = _TOURNAMENT_TABLE.fullmatch(name)
            merge = _MERGE_TABLE.fullmatch(name)
            if found is not None:
                numbers = [part.strip(" ,") for part in found["numbers"].split(",") if part.strip(" ,")]
                tournament = Tournament(numbers[0], found["buy_in"].strip(), None)
                table["table"] = found["name"].strip()
                table["table_id"] = numbers[-1] if len(numbers) > 1 else None
            elif merge is not None:
                table["table"], table["table_id"], table["max_seats"] = merge["name"], merge["number"], merge["seats"]
            else:
                table["table"] = name
        elif kind == "MG_TABLE":
            game_text = m["game"]
            game = GAMES.get(game_text, Game.OTHER)
            structure = STRUCTURES[m["limit"]]
            stakes_text = f"{m['small']}/{m['big']}"
            seats = _MG_SEATS.search(m["kind"])
            table["max_seats"] = seats.group(1) if seats else None
            mtt = _MG_TOURNAMENT.fullmatch(m["table"])
            if "MTT" in m["kind"] and mtt is not None:
                tournament = Tournament(mtt["number"], mtt["name"].strip(), None)
                table["table"] = mtt["table"].strip()
            else:
                cash = _MG_CASH_NAME.match(m["table"])
                table["table"] = cash["name"] if cash else m["table"]
                currency = _currency(m["table"] + " " + m["kind"])
            game_text = f"{m['limit']} {game_text} ({m['kind'].strip()})"
            if m["money"] == "Play Money":
                table["money"] = "Play Money"
        elif (kind == "SEAT" and m["status"]) or (kind == "MG_SEAT" and m["mark"] == "Dealer"):
            table["button"] = m["seat"]
        elif kind == "EV_BUTTON":
            table["button"] = m["button"]
    if dialect == EVEREST:
        table["table"] = tokens[0][3]["ev_table"] or ""
    if currency == UNKNOWN_MONEY and tournament is None:
        stack = next((m["stack"] for kind, _, _, m in tokens if kind in ("SEAT", "MG_SEAT", "EV_SEAT")), "")
        currency = _currency(stack or "")
        if currency == UNKNOWN_MONEY:
            currency = "USD"  # (no sign anywhere: read in hundredths)
    completed = HeaderInfo(
        room=info.room,
        kind=info.kind,
        hand_id=info.hand_id,
        game=game,
        game_text=game_text,
        structure=structure,
        mixed=None,
        club=None,
        tournament=tournament,
        stakes_text=stakes_text,
        currency=currency,
        started_local=info.started_local,
        started=info.started,
    )
    return completed, table
