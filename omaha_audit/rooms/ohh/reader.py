"""Read Open Hand History (OHH, hh-specs.handhistory.org, spec 1.4.x) into the hand model.

A file holds `{"ohh": {...}}` objects: one per line (JSON Lines), pretty-printed ones separated by blank
lines (as the spec's own example files are), or a JSON array of them. The file is cut into objects at the
byte level (each starts at `{"ohh":`, which can never stand inside a JSON string, where `"` is escaped),
and each object is decoded and read on its own: a hand whose bytes are not UTF-8, whose JSON is cut off
or broken, or whose fields are missing or wrong is an `UnreadableHand` with its line and the reason, and
the next hand is read as if nothing happened.

How OHH goes into the model (nothing is taken from our own OHH writer; this is the OHH text alone):

- Money: JSON numbers are parsed as `Decimal` (never a float), and a hand's unit has the decimal places
  of its most precise money figure, at least those of its currency (USD, EUR, ... 2; JPY, KRW 0; no
  currency, "XPM" play money and unknown codes 0, except that an unknown three-letter code gets 2): 12.30
  in a USD hand is 1230 (read by the kit, `kit.amounts.units_of_number`). "" (no currency: tournament
  chips) is `chips`, "XPM" `play`, "XBT" (bitcoin) is read in mBTC, the model's bitcoin unit (three places
  fewer: the integers are the same).
- A figure that is no amount (a string, a negative amount, true), a card that is none, or a player who is
  not the hand's, in one action, player, pot or award: that part is not read (a `Defect` on the hand's line:
  OHH has no lines of its own; the audit says it once, OA106) and the rest of the hand is read. What leaves
  no hand to read (no players or rounds, an unknown game or betting structure) is an unreadable hand.
- Rounds: `Preflop`, `Flop`, `Turn`, `River`, `Showdown`. In flop games they are those streets; the posts
  of the first round (a bring-in aside) are the model's BLINDS. A street that
  comes again after a later one starts another run of the board (run it twice): the first run's rounds
  from that street on are run 1, the repeated ones run 2 (and so on); each run's board starts from the
  cards the runs share. A board card in the Preflop round is Courchevel's first card. Stud has five
  betting rounds and OHH five street names: Preflop, Flop, Turn, River, River are third to seventh street
  (a River round after a River round is seventh); draw games' Preflop, Flop, Turn, River are the
  pre-draw round and the rounds after draws 1 to 3.
- Actions: `amount` is the chips the action adds (the spec: "a raise to $20 over the player's own $2 is
  18.00"), so each action's street total is kept by the shared ledger (parse/ledger.py). `Post SB`,
  `Post BB`, `Post Ante`, `Straddle`, `Post Dead` are the model's posts of those names; `Post Extra
  Blind` is stud's bring-in and, in other games, a live blind other than the small and big blind: the
  model's button blind; a player's `Post BB` followed by their `Post Dead` among the first round's posts
  is one post of small and big blind together (the model's, as rooms print `posts small & big blinds`:
  the big blind live, the rest dead), so that the big blind the action starts after is the other player's.
  On a CAP table (`bet_cap` above 0) the line that brings a player's chips in the hand to the cap reaches
  it (`cap_reached`: in as if all in). `Bet` and `Raise` are read as written (OHH has no first-round
  `Bet`: stud's completion of the bring-in is a `Raise`, as several rooms call it too). `Dealt Cards`,
  `Shows Cards` and `Mucks Cards` carry the cards; in stud each deal's cards are added to what the player holds; in
  draw games (OHH has no discard action) a later deal's cards are the hand then held: what it shares with
  the hand before was kept, the rest drawn (a file that writes the drawn cards only has none kept).
  `Added Chips`, `Sits Down`, `Stands Up`, `Player Adjustment` are events; `Add to Pot` money the site (or
  a player) added to the pot (a fee ADDED).
- Pots: each `player_wins` entry is a collected amount (`win_amount`: what the player got, after the
  rake) from pot `number` (0 the main pot); where the hand has one pot only, it is the player's total
  over every pot the betting makes (`ALL_POTS`: a writer whose source printed totals only gives one
  pot); `cashout_amount`/`cashout_fee` are an all-in cash-out. The pot figure is the sum of the pots'
  `amount` (gross: wins + rake + jackpot), the rake the sum of their `rake` (None when no pot states
  one), the jackpot a fee taken from the pot.
- Uncalled bets: OHH has no return action. A writer either leaves the returned chips out of the pots
  (the return is implied: `Refunds.IMPLIED`, the audit computes it from the betting), or pays them back
  through a last pot of its own, with no rake, won alone by a player whose chips nobody matched (the
  top street total of the last betting round, or the most put in: an ante all in for more than the
  others have), the pots then holding every chip put in: such a pot is left out (the return is then implied again), or
  pays them inside a win (`Refunds.IN_COLLECTED`: the pots hold every chip put in and the top bettor's excess
  is not in a pot of its own).
- Game: `game_type` and the cards: Omaha with five hole cards is five-card Omaha (Courchevel when the
  Preflop round has a board card), with six six-card Omaha; `Draw` with four cards is badugi, with five
  2-7 triple draw, or single draw where the hand is no-limit or pot-limit and has no third round.
- Fixed limit: OHH states the blinds only; the small bet is taken to be the big blind (as stated, else
  the first big blind posted in full; stud: the first completion of the bring-in) and the big bet twice
  that, the usual structure; with none of these the bet sizes are unknown (None).
- `start_date_utc` is UTC (a time with no zone is taken as UTC, as the spec says the field is);
  `hero_player_id` names the hero; flags `Run_It_Twice` and `Fast` (zoom) are read.
- What the spec's own example files write beside the field list is read as they mean it: `"cards": ""`
  (a round with no board cards) is no cards, a whole number written as a string of digits
  (`"table_size": "6"`) is that number, a `player_bounty` of 0 (every player of their cash hands) is no
  bounty, and a `Payout` action in the Showdown round (not a spec action; its amount is not the pot's
  award beside it) is an event: the pots' `player_wins` are the award.
- PokerNow: the PokerNow-to-OHH converter writes its games under the site its settings name ("PokerStars"
  by default); its hands are told by their game_number, the hand's start in milliseconds, and the PokerNow
  game id as table name (`converted_from_pokernow`), and their room is `pokernow` (audited with PokerNow's
  house rules). The converter's `Post Extra Blind` is PokerNow's `posts a missed big blind` (a live big
  blind) and its `Post Dead` the missed small blind; its `dealer_seat` is the previous dealer's seat for a
  dead button, and seat 1 where that player is not in the hand (a seat nobody of the hand sits on is read
  as no button stated).
"""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any, Final

from omaha_audit.model import (
    ALL_POTS,
    STUD_GAMES,
    Action,
    ActionKind,
    Card,
    CashOut,
    Collected,
    DealtCards,
    Defect,
    Event,
    Fee,
    FeeEffect,
    FeeKind,
    Game,
    Hand,
    PotBasis,
    PotSummary,
    Refunds,
    Seat,
    ShowdownKind,
    ShowdownLine,
    ShowdownMark,
    Source,
    Stakes,
    Street,
    StreetDeal,
    Structure,
    Tournament,
    Unit,
    UnreadableHand,
)
from omaha_audit.model.money import SYMBOL_FOR
from omaha_audit.model.numbers import decimal_whole, whole_number
from omaha_audit.parse.ledger import ADDED, Ledger, reach_cap
from omaha_audit.rooms.kit.amounts import AmountError, units_of_number
from omaha_audit.rooms.kit.cards import CardError, read_card
from omaha_audit.rooms.kit.reader import crashed_at

FORMAT_NAME: Final = "ohh"

# where an object starts: `{"ohh":` (inside a JSON string every `"` is escaped, so never there)
_START: Final = re.compile(rb'\{\s*"ohh"\s*:')
# what may stand between objects: white space, the commas and brackets of an array
_BETWEEN: Final = re.compile(rb"[\s,\[\]]*")
_BOM: Final = b"\xef\xbb\xbf"

_GAME_TYPES: Final = {"Holdem", "Omaha", "OmahaHiLo", "Stud", "StudHiLo", "Draw"}
_STRUCTURE: Final = {"NL": Structure.NO_LIMIT, "PL": Structure.POT_LIMIT, "FL": Structure.FIXED_LIMIT}
_STREET_INDEX: Final = {"Preflop": 0, "Flop": 1, "Turn": 2, "River": 3}
_FLOP_STREETS: Final = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)
_DRAW_STREETS: Final = (Street.PREFLOP, Street.DRAW1, Street.DRAW2, Street.DRAW3)
_STUD_STREETS: Final = (Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH)
_POSTS: Final = {
    "Post SB": ActionKind.POST_SMALL_BLIND,
    "Post BB": ActionKind.POST_BIG_BLIND,
    "Post Ante": ActionKind.POST_ANTE,
    "Straddle": ActionKind.POST_STRADDLE,
    "Post Dead": ActionKind.POST_DEAD,
    "Post Extra Blind": ActionKind.POST_BUTTON_BLIND,  # (stud: the bring-in)
}
_WAGERS: Final = {"Bet": ActionKind.BET, "Raise": ActionKind.RAISE, "Call": ActionKind.CALL}
_EVENTS: Final = {
    "Added Chips": "added-chips",
    "Sits Down": "sits-down",
    "Stands Up": "stands-up",
    "Player Adjustment": "player-adjustment",
    # not a spec action: the spec's own PokerStars example has `"action": "Payout", "amount": 0.31` in its
    # Showdown round, beside a pot whose player_wins pay that player 0.74; the pots are the award
    "Payout": "payout",
}
_CARD_ACTIONS: Final = {"Dealt Cards", "Shows Cards", "Mucks Cards"}
# currencies' decimal places (ISO 4217 minor units) where they are not 2
_ZERO_DECIMAL: Final = frozenset({"JPY", "KRW", "VND", "CLP", "ISK", "XPM", "XBT", ""})
# PokerNow's game ids (its log files are `poker_now_log_<id>.csv`), which the PokerNow converter writes as the
# table name
_POKERNOW_GAME: Final = re.compile(r"pgl[A-Za-z0-9_-]{22}")
POKERNOW: Final = "pokernow"
# figures that are not the table's money (a tournament's buy-in and bounties are in its currency)
_NOT_TABLE_MONEY: Final = frozenset({"tournament_info", "tournament_bounties", "player_bounty", "bonus_amount"})


class ShapeError(ValueError):
    """The OHH object lacks a field or has one of the wrong kind."""


@dataclass(slots=True)
class Piece:
    """One `{"ohh": ...}` object of a file: its bytes and where they are."""

    data: bytes
    first_line: int
    last_line: int


@dataclass(slots=True)
class Stray:
    """Bytes outside any OHH object that are not white space or array punctuation."""

    first_line: int
    last_line: int
    text: str


def read_bytes(data: bytes, path: str, line_offset: int = 0) -> Iterator[Hand | UnreadableHand]:
    """Every hand of an OHH file's bytes, in order (hands and unreadable hands). Never raises."""
    for piece in split_objects(data, line_offset):
        if isinstance(piece, Stray):
            reason = f'OHH: text outside any {{"ohh": ...}} object: {piece.text!r}'
            yield UnreadableHand(path, piece.first_line, piece.first_line, piece.last_line, reason, room=FORMAT_NAME)
            continue
        yield from read_piece(piece, path)


def split_objects(data: bytes, line_offset: int = 0) -> Iterator[Piece | Stray]:
    """Cut a file into its OHH objects (each from its `{"ohh":` to the next one's), and what stands
    outside them that should not."""
    newlines = [match.start() for match in re.finditer(rb"\n", data)]

    def line_of(position: int) -> int:
        return bisect.bisect_left(newlines, position) + 1 + line_offset

    begin = len(_BOM) if data.startswith(_BOM) else 0
    starts = [match.start() for match in _START.finditer(data, begin)]
    head = data[begin : starts[0] if starts else len(data)]
    if _BETWEEN.fullmatch(head) is None:
        junk = head.strip()
        yield Stray(line_of(begin + head.find(junk[:1])), line_of(begin + len(head)), _preview(junk))
    for index, start in enumerate(starts):
        end = starts[index + 1] if index + 1 < len(starts) else len(data)
        chunk = data[start:end]
        last = len(chunk.rstrip())
        yield Piece(chunk, line_of(start), line_of(start + max(last - 1, 0)))


def _preview(data: bytes) -> str:
    return data[:60].decode("utf-8", errors="replace")


def read_piece(piece: Piece, path: str) -> list[Hand | UnreadableHand]:
    """One object's bytes into a hand, or why not (the reason names the line); and text after the object
    that is not white space or array punctuation, as an unreadable record of its own."""

    def unreadable(line: int, reason: str, hand_id: str | None = None) -> UnreadableHand:
        return UnreadableHand(path, line, piece.first_line, piece.last_line, f"OHH: {reason}", hand_id, FORMAT_NAME)

    try:
        text = piece.data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = piece.first_line + piece.data[: error.start].count(b"\n")
        return [unreadable(line, f"not UTF-8 text: byte {piece.data[error.start]:#04x} ({error.reason})")]
    decoder = json.JSONDecoder(parse_float=Decimal, parse_constant=_no_constant)
    try:
        document, end = decoder.raw_decode(text)
    except json.JSONDecodeError as bad_json:
        line = min(piece.first_line + bad_json.lineno - 1, piece.last_line)  # (cut off: the hand's last line)
        return [unreadable(line, f"bad JSON: {bad_json.msg} (line {line} column {bad_json.colno})")]
    except ValueError as bad_value:  # NaN, Infinity
        return [unreadable(piece.first_line, f"bad JSON: {bad_value}")]
    found = [_hand(document, piece, path, unreadable)]
    rest = text[end:]
    if _BETWEEN.fullmatch(rest.encode("utf-8")) is None:
        junk = rest.strip(" \t\r\n,[]")
        line = piece.first_line + text[: end + rest.index(junk[:1])].count("\n")
        reason = f"OHH: text after the hand's object: {junk[:60]!r}"
        found.append(UnreadableHand(path, line, line, piece.last_line, reason, room=FORMAT_NAME))
    return found


def _hand(
    document: Any, piece: Piece, path: str, unreadable: Callable[[int, str, str | None], UnreadableHand]
) -> Hand | UnreadableHand:
    hand_id = None
    try:
        body = _object(document.get("ohh") if isinstance(document, dict) else None, "ohh")
        hand_id = _text(body.get("game_number"), "game_number") if "game_number" in body else None
        return HandReader(body, Source(path, piece.first_line, piece.last_line)).read()
    except ShapeError as error:
        return unreadable(piece.first_line, str(error), hand_id)
    except Exception as failure:  # a reader bug (OA104) must not lose the file's other hands
        return crashed_at(path, piece.first_line, piece.last_line, failure, hand_id, FORMAT_NAME)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number OHH allows")


# ---- field access ------------------------------------------------------------------------------------
def _object(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ShapeError(f"{what} is not an object" if value is not None else f"required field {what} missing")
    return value


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise ShapeError(f"{what} is not a list" if value is not None else f"required field {what} missing")
    return value


def _required(obj: dict[str, Any], key: str, where: str) -> Any:
    if key not in obj or obj[key] is None:
        raise ShapeError(f"required field {where}.{key} missing")
    return obj[key]


def _text(value: Any, what: str) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):  # (game numbers written as numbers)
        return str(value)
    raise ShapeError(f"{what} is not a string: {value!r}")


def _int(value: Any, what: str) -> int:
    if isinstance(value, str) and value.isascii() and value.isdigit():  # (the spec's iPoker example: "6")
        return whole_number(value)
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, Decimal) and value == value.to_integral_value():
            return decimal_whole(value)
        raise ShapeError(f"{what} is not a whole number: {value!r}")
    return value


def _bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise ShapeError(f"{what} is not true or false: {value!r}")
    return value


def _number(value: Any, what: str) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        raise ShapeError(f"{what} is not a number: {value!r}")
    return Decimal(value)


def _places(number: Decimal) -> int:
    exponent = number.as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


def _most_places(value: Any, skip: frozenset[str] = frozenset()) -> int:
    """The most decimal places of any number in `value` (objects' `skip` keys left out)."""
    if isinstance(value, Decimal):
        return _places(value)
    if isinstance(value, dict):
        return max((_most_places(item, skip) for key, item in value.items() if key not in skip), default=0)
    if isinstance(value, list):
        return max((_most_places(item, skip) for item in value), default=0)
    return 0


def unit_of(currency: str, places: int) -> tuple[Unit, int]:
    """The model unit of an OHH currency whose figures have at most `places` decimals, and the places
    of the OHH figures (OHH amounts are scaled by 10**places into integers)."""
    default = 0 if currency in _ZERO_DECIMAL or not (len(currency) == 3 and currency.isalpha()) else 2
    decimals = max(default, places)
    if currency == "":
        return Unit("chips", decimals), decimals
    if currency == "XPM":
        return Unit("play", decimals), decimals
    if currency == "XBT" and decimals >= 3:
        return Unit("mBTC", decimals - 3), decimals
    return Unit(currency, decimals), decimals


def _cards(value: Any, what: str) -> list[Card]:
    """A `cards` field: a list of cards; an empty string (as the spec's own example files write a round
    with no board cards) or null is no cards."""
    if value is None or value == "":
        return []
    return [_card(card, what) for card in _list(value, what)]


def _card(value: Any, what: str) -> Card:
    if not isinstance(value, str):
        raise ShapeError(f"{what}: not a card: {value!r}")
    try:
        return read_card(value)
    except CardError:
        raise ShapeError(f"{what}: not a card: {value!r}") from None


def _shown(value: Any) -> str:
    """A part of the record written back as JSON, for a defect's text (cut to 200 characters)."""
    text = json.dumps(value, default=str, ensure_ascii=False)
    return text if len(text) <= 200 else text[:197] + "..."


# ---- one hand ------------------------------------------------------------------------------------------
@dataclass(slots=True)
class Run:
    """A run of the board: its rounds' board cards so far."""

    board: list[Card] = field(default_factory=list)


class HandReader(Ledger):
    """Reads one `ohh` object; raises ShapeError for what it cannot read."""

    def __init__(self, body: dict[str, Any], source: Source) -> None:
        super().__init__(ADDED, ADDED)
        self.body = body
        self.source = source
        self.order = 0
        self.names: dict[int, str] = {}
        self.seat_of: dict[str, int] = {}
        self.actions: list[Action] = []
        self.streets: list[StreetDeal] = []
        self.dealt: list[DealtCards] = []
        self.held: dict[str, list[Card]] = {}
        self.showdown: list[ShowdownLine] = []
        self.marks: list[ShowdownMark] = []
        self.events: list[Event] = []
        self.fees: list[Fee] = []
        self.put_in: dict[str, int] = {}
        self.decimals = 0
        self.room = FORMAT_NAME  # the site that dealt the hand (`site_name`; PokerNow, see converted_from_pokernow)
        self.shared = Run()  # the board the runs share
        self.runs: dict[int, Run] = {}  # run-it-twice: each run's board
        self.posted_big: int | None = None  # the first big blind posted in full (not all in)
        self.completion: int | None = None  # stud: the first completion of the bring-in (not all in)
        self.last_bets: dict[str, int] = {}  # the street totals of the last betting round with live chips in
        self.defects: list[Defect] = []

    def next_order(self) -> int:
        self.order += 1
        return self.order

    def money(self, value: Any, what: str) -> int:
        """A JSON number in the hand's unit, read by the kit; ShapeError for what is no amount."""
        _number(value, what)  # (a number, never a string or true)
        try:
            return units_of_number(value, self.decimals)
        except AmountError as error:
            raise ShapeError(f"{what}: {error}") from None

    def not_read(self, part: Any, error: ShapeError) -> None:
        """A part of the hand (an action, a player, a pot, an award) not read: a defect, the rest read."""
        self.defects.append(Defect(self.source.line, _shown(part), f"{error}: not read"))

    def optional_money(self, obj: dict[str, Any], key: str, where: str) -> int | None:
        value = obj.get(key)
        return None if value is None else self.money(value, f"{where}.{key}")

    def player(self, value: Any, what: str) -> str:
        player_id = _int(value, what)
        name = self.names.get(player_id)
        if name is None:
            raise ShapeError(f"{what} {player_id} is not the id of any of the hand's players")
        return name

    # ---- the whole hand ------------------------------------------------------------------------------
    def read(self) -> Hand:
        body = self.body
        hand_id = _text(_required(body, "game_number", "ohh"), "game_number")
        table = _text(body.get("table_name", ""), "table_name")
        started_text = _text(body.get("start_date_utc", ""), "start_date_utc")
        started = _started(started_text)
        site = _text(body.get("site_name") or FORMAT_NAME, "site_name")
        self.room = POKERNOW if converted_from_pokernow(hand_id, table, started) else site
        game_type = _text(_required(body, "game_type", "ohh"), "game_type")
        if game_type not in _GAME_TYPES:
            raise ShapeError(f"unknown game_type {game_type!r}")
        limit = _object(_required(body, "bet_limit", "ohh"), "bet_limit")
        bet_type = _text(_required(limit, "bet_type", "bet_limit"), "bet_limit.bet_type")
        structure = _STRUCTURE.get(bet_type)
        if structure is None:
            raise ShapeError(f"unknown bet_limit.bet_type {bet_type!r}")
        currency = _text(_required(body, "currency", "ohh"), "currency")
        unit, self.decimals = unit_of(currency, _most_places(body, _NOT_TABLE_MONEY))
        seats = self.read_players(_list(_required(body, "players", "ohh"), "players"))
        rounds = [_object(item, "a round") for item in _list(_required(body, "rounds", "ohh"), "rounds")]
        pots = [_object(item, "a pot") for item in _list(_required(body, "pots", "ohh"), "pots")]
        flags = [_text(flag, "a flag") for flag in _list(body.get("flags", []), "flags")]
        game = self.game_of(game_type, structure, rounds)
        self.read_rounds(game, rounds)
        collected, cash_outs, pot, refunds = self.read_pots(pots)

        small = self.optional_money(body, "small_blind_amount", "ohh")
        big = self.optional_money(body, "big_blind_amount", "ohh")
        ante = self.optional_money(body, "ante_amount", "ohh") or None
        cap = self.optional_money(limit, "bet_cap", "bet_limit") or None
        if cap is not None:
            self.actions = reach_cap(self.actions, cap)
        if structure is Structure.FIXED_LIMIT:
            bet = big or self.posted_big or self.completion
            stakes = Stakes(small, big, bet, 2 * bet if bet is not None else None, ante, cap)
        else:
            stakes = Stakes(small, big, None, None, ante, cap)
        tournament = self.read_tournament(body) if body.get("tournament") is True else None
        table_id = f"{tournament.tournament_id} {table}".strip() if tournament is not None else table
        hero = None
        if body.get("hero_player_id") is not None:
            try:
                hero = self.player(body["hero_player_id"], "hero_player_id")
            except ShapeError as error:
                self.not_read({"hero_player_id": body["hero_player_id"]}, error)
        max_seats = _int(body["table_size"], "table_size") if body.get("table_size") is not None else None
        button = _int(body["dealer_seat"], "dealer_seat") if body.get("dealer_seat") is not None else None
        if self.room == POKERNOW and button not in {seat.seat for seat in seats}:
            # the converter writes the dealer's seat, the previous dealer's for a dead button, or seat 1 where
            # that player is not in the hand: a seat no player of the hand sits on is that stand-in
            button = None
        boards = self.boards()
        return Hand(
            room=self.room,
            format=FORMAT_NAME,
            hand_id=hand_id,
            source=self.source,
            game=game,
            game_text=f"{game_type} {bet_type}",
            structure=structure,
            unit=unit,
            stakes=stakes,
            started=started,
            started_local=started_text,
            table=table,
            table_id=table_id,
            max_seats=max_seats,
            button=button,
            seats=seats,
            actions=tuple(self.actions),
            streets=tuple(self.streets),
            dealt=tuple(self.dealt),
            showdown=tuple(self.showdown),
            collected=collected,
            uncalled=(),
            cash_outs=cash_outs,
            events=tuple(self.events),
            pot=pot,
            boards=boards,
            summary_seats=(),
            fees=tuple(self.fees),
            refunds=refunds,
            kind="zoom" if "Fast" in flags else "hand",
            tournament=tournament,
            run_twice="Run_It_Twice" in flags or len(boards) > 1,
            showdown_marks=tuple(self.marks),
            hero=hero,
            defects=tuple(self.defects),
            play_money=currency == "XPM",
        )

    def read_players(self, players: list[Any]) -> tuple[Seat, ...]:
        seats: list[Seat] = []
        for item in players:
            player = _object(item, "a player")
            player_id = _int(_required(player, "id", "player"), "player id")
            name = _text(_required(player, "name", "player"), "player name")
            seat = _int(_required(player, "seat", "player"), f"{name}'s seat")
            if player_id in self.names:
                raise ShapeError(f"two players have the id {player_id}")
            if name in self.seat_of:
                raise ShapeError(f"two players are named {name!r}")
            self.names[player_id] = name
            self.seat_of[name] = seat
            try:
                stack = self.money(_required(player, "starting_stack", "player"), f"{name}'s starting_stack")
            except ShapeError as error:  # (the seat left out: the player's actions are his, with no seat)
                self.not_read(player, error)
                continue
            bounty = player.get("player_bounty")
            amount = _number(bounty, f"{name}'s player_bounty") if bounty is not None else None
            # (a bounty of 0, as the spec's cash-game examples write for every player, is no bounty)
            bounty_text = str(amount) if amount else None
            sitting_out = _bool(player.get("is_sitting_out", False), f"{name}'s is_sitting_out")
            seats.append(Seat(seat, name, stack, self.source, bounty_text, sitting_out))
        return tuple(seats)

    def read_tournament(self, body: dict[str, Any]) -> Tournament:
        info = _object(_required(body, "tournament_info", "ohh"), "tournament_info")
        number = _text(_required(info, "tournament_number", "tournament_info"), "tournament_number")
        return Tournament(number, _buy_in_text(info), None)

    def game_of(self, game_type: str, structure: Structure, rounds: list[dict[str, Any]]) -> Game:
        """The model's game: OHH's game_type, told apart by the hole cards where OHH names one type for
        several games."""
        if game_type == "Holdem":
            return Game.HOLDEM
        if game_type == "Stud":
            return Game.STUD
        if game_type == "StudHiLo":
            return Game.STUD_HI_LO
        most = 0
        for round_ in rounds:
            for item in round_.get("actions") or []:
                if isinstance(item, dict) and item.get("action") in _CARD_ACTIONS:
                    cards = item.get("cards")
                    most = max(most, len(cards) if isinstance(cards, list) else 0)
        if game_type == "Draw":
            if most == 4:
                return Game.BADUGI
            later = any(round_.get("street") in ("Turn", "River") for round_ in rounds)
            return (
                Game.SINGLE_DRAW_2_7 if structure is not Structure.FIXED_LIMIT and not later else Game.TRIPLE_DRAW_2_7
            )
        hi_lo = game_type == "OmahaHiLo"
        if most == 5:
            first = rounds[0] if rounds else {}
            if first.get("street") == "Preflop" and first.get("cards"):
                return Game.COURCHEVEL_HI_LO if hi_lo else Game.COURCHEVEL
            return Game.OMAHA5_HI_LO if hi_lo else Game.OMAHA5
        if most == 6:
            return Game.OMAHA6_HI_LO if hi_lo else Game.OMAHA6
        return Game.OMAHA_HI_LO if hi_lo else Game.OMAHA

    # ---- rounds ----------------------------------------------------------------------------------------
    def round_streets(self, game: Game, rounds: list[dict[str, Any]]) -> list[tuple[Street, int]]:
        """(street, run) of each round (SHOWDOWN for showdown rounds)."""
        names = [_text(_required(round_, "street", "round"), "round street") for round_ in rounds]
        for name in names:
            if name != "Showdown" and name not in _STREET_INDEX:
                raise ShapeError(f"unknown round street {name!r}")
        found: list[tuple[Street, int]] = []
        if not game.is_flop_game:
            rivers = 0
            for name in names:
                if name == "Showdown":
                    found.append((Street.SHOWDOWN, 0))
                elif game.is_draw:
                    found.append((_DRAW_STREETS[_STREET_INDEX[name]], 0))
                else:
                    index = _STREET_INDEX[name]
                    if name == "River":
                        index += min(rivers, 1)
                        rivers += 1
                    found.append((_STUD_STREETS[index], 0))
            return found
        runs = [0] * len(names)
        highest = -1  # the latest street of the current run
        run = 0
        for position, name in enumerate(names):
            if name == "Showdown":
                continue
            index = _STREET_INDEX[name]
            if 0 < index <= highest:  # the street again: another run of the board
                if run == 0:  # the first run's rounds from this street on are run 1
                    for earlier in range(position):
                        if names[earlier] != "Showdown" and _STREET_INDEX[names[earlier]] >= index:
                            runs[earlier] = 1
                    run = 1
                run += 1
            highest = index
            runs[position] = run
        for position, name in enumerate(names):
            if name == "Showdown":
                found.append((Street.SHOWDOWN, 0))
            else:
                found.append((_FLOP_STREETS[_STREET_INDEX[name]], runs[position]))
        return found

    def read_rounds(self, game: Game, rounds: list[dict[str, Any]]) -> None:
        shared = self.shared
        runs = self.runs
        first_betting = True
        for (street, run), round_ in zip(self.round_streets(game, rounds), rounds, strict=True):
            where = f"round {round_.get('id', '?')}"
            actions = [_object(item, f"an action of {where}") for item in _list(round_.get("actions", []), where)]
            cards = self.cards(round_, round_.get("cards"), f"{where} cards")
            if street is not Street.SHOWDOWN:
                self.new_round()
                if cards and game.is_flop_game:
                    board = shared if run == 0 else runs.setdefault(run, Run(list(shared.board)))
                    board.board.extend(cards)
                    self.streets.append(
                        StreetDeal(street, run, tuple(board.board), tuple(cards), self.source, order=self.next_order())
                    )
            else:
                self.marks.append(ShowdownMark(0, self.next_order(), self.source))
            posting = first_betting and street in (Street.PREFLOP, Street.THIRD)
            for action in actions:
                try:
                    name = _text(_required(action, "action", "action"), "action")
                    blind = posting and name in _POSTS and not (name == "Post Extra Blind" and _is_stud(game))
                    self.read_action(game, Street.BLINDS if blind else street, action, name)
                except ShapeError as error:  # (the action not read; the others are)
                    self.not_read(action, error)
            if street is not Street.SHOWDOWN:
                first_betting = False
                if any(self.street_bets.values()):
                    self.last_bets = dict(self.street_bets)

    def read_action(self, game: Game, street: Street, action: dict[str, Any], name: str) -> None:
        source = self.source
        if name == "Add to Pot":
            player = self.player(action["player_id"], "player_id") if action.get("player_id") is not None else None
            amount = self.money(_required(action, "amount", "action"), "Add to Pot amount")
            self.fees.append(Fee(FeeKind.SPLASH, amount, FeeEffect.ADDED, name, source, player))
            return
        player = self.player(_required(action, "player_id", "action"), "player_id")
        seat = self.seat_of[player]
        all_in = _bool(action.get("is_allin", False), "is_allin")
        if name in _CARD_ACTIONS:
            cards = tuple(self.cards(action, action.get("cards"), f"{name} cards"))
            if name == "Dealt Cards":
                self.deal(game, player, cards)
            else:
                shows = ShowdownKind.SHOWS if name == "Shows Cards" else ShowdownKind.MUCKS
                self.showdown.append(ShowdownLine(player, shows, cards, None, 0, source, self.next_order()))
            return
        event = _EVENTS.get(name)
        if event is not None:
            stated = action.get("amount")
            text = f"{name} {stated}" if isinstance(stated, (int, Decimal)) and stated else name
            self.events.append(Event(event, text, street, source, player))
            return
        if street is Street.SHOWDOWN:
            raise ShapeError(f"{name!r} by {player} in the showdown round")
        amount = self.money(action.get("amount", 0), f"{name} amount")
        if amount < 0:
            raise ShapeError(f"negative {name} amount")
        self.put_in[player] = self.put_in.get(player, 0) + amount
        kind = _POSTS.get(name)
        raise_to: int | None
        if kind is not None:
            if kind is ActionKind.POST_BUTTON_BLIND and _is_stud(game):
                kind = ActionKind.BRING_IN
            elif kind is ActionKind.POST_BUTTON_BLIND and self.room == POKERNOW:
                kind = ActionKind.POST_BIG_BLIND  # the converter's `posts a missed big blind`: live
            raise_to = self.post(kind, player, amount)
        elif name in _WAGERS:
            kind = _WAGERS[name]
            _, raise_to, _ = self.wager(kind, player, amount, None, False)
        elif name == "Fold":
            kind, raise_to = ActionKind.FOLD, None
        elif name == "Check":
            kind, raise_to = ActionKind.CHECK, None
        else:
            raise ShapeError(f"unknown action {name!r}")
        if not all_in and kind is ActionKind.POST_BIG_BLIND and self.posted_big is None:
            self.posted_big = amount or None
        if not all_in and kind is ActionKind.RAISE and street is Street.THIRD and self.completion is None:
            self.completion = raise_to or None
        last = self.actions[-1] if self.actions else None
        if (
            kind is ActionKind.POST_DEAD
            and street is Street.BLINDS
            and last is not None
            and last.player == player
            and last.kind is ActionKind.POST_BIG_BLIND
            and last.street is Street.BLINDS
        ):  # a big blind and then a dead blind by one player: one post of small and big blind together
            both, total, live = ActionKind.POST_SMALL_AND_BIG_BLIND, last.amount + amount, last.raise_to
            self.actions[-1] = Action(
                street, player, seat, both, total, source, live, last.all_in or all_in, order=last.order
            )
            return
        self.actions.append(
            Action(street, player, seat, kind, amount, source, raise_to, all_in, order=self.next_order())
        )

    def cards(self, part: Any, value: Any, what: str) -> list[Card]:
        """A `cards` field's cards; one that is no card is left out (a defect: the part not read whole)."""
        if value is None or value == "" or not isinstance(value, list):
            return _cards(value, what)
        found: list[Card] = []
        for item in value:
            try:
                found.append(_card(item, what))
            except ShapeError as error:
                self.not_read(part, error)
        return found

    def deal(self, game: Game, player: str, cards: tuple[Card, ...]) -> None:
        held = self.held.get(player)
        if held is None or game.is_flop_game:
            self.held[player] = list(cards)
            self.dealt.append(DealtCards(player, cards, self.source))
        elif game.is_draw:  # the hand held after a draw: what it shares with the hand before was kept
            kept = tuple(card for card in cards if card in held)
            self.dealt.append(DealtCards(player, kept, self.source, tuple(card for card in cards if card not in held)))
            self.held[player] = list(cards)
        else:  # stud: the new cards join what the player holds
            self.dealt.append(DealtCards(player, tuple(held), self.source, cards))
            held.extend(cards)

    def boards(self) -> tuple[tuple[Card, ...], ...]:
        if self.runs:
            return tuple(tuple(self.runs[run].board) for run in sorted(self.runs))
        return (tuple(self.shared.board),) if self.shared.board else ()

    # ---- pots ----------------------------------------------------------------------------------------
    def read_pots(
        self, pots: list[dict[str, Any]]
    ) -> tuple[tuple[Collected, ...], tuple[CashOut, ...], PotSummary | None, Refunds]:
        read: list[tuple[int, int, int | None, int, list[tuple[str, int]]]] = []  # number, amount, rake, jackpot, wins
        cash_outs: list[CashOut] = []
        for position, pot in enumerate(pots):
            try:
                number = _int(pot.get("number", position), "pot number")
                amount = self.money(_required(pot, "amount", "pot"), "pot amount")
                rake = self.optional_money(pot, "rake", "pot")
                jackpot = self.optional_money(pot, "jackpot", "pot") or 0
                entries = _list(_required(pot, "player_wins", "pot"), "player_wins")
            except ShapeError as error:  # (the pot not read; the others are)
                self.not_read(pot, error)
                continue
            wins: list[tuple[str, int]] = []
            for item in entries:
                try:
                    win = _object(item, "a player_wins entry")
                    player = self.player(_required(win, "player_id", "player_wins"), "player_wins player_id")
                    won = self.money(_required(win, "win_amount", "player_wins"), "win_amount")
                    cash_out = self.optional_money(win, "cashout_amount", "player_wins")
                    fee = self.optional_money(win, "cashout_fee", "player_wins") or 0
                except ShapeError as error:  # (the award not read; the others are)
                    self.not_read(item, error)
                    continue
                wins.append((player, won))
                if cash_out is not None:
                    cash_outs.append(CashOut(player, cash_out, fee, self.source))
            read.append((number, amount, rake, jackpot, wins))
        put_in = sum(self.put_in.values()) + sum(fee.amount for fee in self.fees if fee.effect is FeeEffect.ADDED)
        refunds = Refunds.IMPLIED
        unmatched = self.unmatched()
        if read and unmatched and sum(pot[1] for pot in read) >= put_in:
            number, amount, rake, jackpot, wins = read[-1]
            if len(read) > 1 and not rake and not jackpot and len(wins) == 1 and wins[0][0] in unmatched:
                read.pop()  # a pot of its own that pays the bet back: the return is implied
            else:
                refunds = Refunds.IN_COLLECTED
        collected: list[Collected] = []
        for number, _, _, _, wins in read:
            if len(read) == 1:  # one pot: what each player won over every pot the betting makes
                number, text = ALL_POTS, "pot"
            else:
                text = "main pot" if number == 0 else f"side pot-{number}"
            for player, amount in wins:
                collected.append(Collected(player, amount, number, text, 0, self.source))
        jackpot_total = sum(pot[3] for pot in read)
        if jackpot_total:
            self.fees.append(Fee(FeeKind.JACKPOT, jackpot_total, FeeEffect.TAKEN, "jackpot", self.source))
        if not read:
            return tuple(collected), tuple(cash_outs), None, refunds
        rakes = [pot[2] for pot in read if pot[2] is not None]
        total_basis = PotBasis.GROSS_WITH_REFUNDS if refunds is Refunds.IN_COLLECTED else PotBasis.GROSS
        summary = PotSummary(
            sum(pot[1] for pot in read),
            sum(rakes) if rakes else None,
            read[0][1] if len(read) > 1 else None,
            tuple(pot[1] for pot in read[1:]),
            self.source,
            total_basis,
            PotBasis.GROSS,
            PotBasis.NET,
        )
        return tuple(collected), tuple(cash_outs), summary, refunds

    def unmatched(self) -> set[str]:
        """Who may have had chips returned: the player whose street total in the last betting round with live bets
        is above everyone else's, and the player who put in more than anyone else in the hand (antes and
        dead blinds too: an ante all in for more than the other player has)."""
        found = set()
        for totals in (self.last_bets, self.put_in):
            ranked = sorted(totals.items(), key=lambda item: item[1], reverse=True)
            if ranked and ranked[0][1] > (ranked[1][1] if len(ranked) > 1 else 0):
                found.add(ranked[0][0])
        return found


def converted_from_pokernow(game_number: str, table: str, started: datetime | None) -> bool:
    """Whether the hand is a PokerNow game written by the PokerNow-to-OHH converter, whatever its
    `site_name` says (the converter writes the site its settings name, "PokerStars" unless changed, so that
    trackers import the hands): its game_number is the PokerNow log's entry number, the 13 digits of the
    hand's start in milliseconds since 1970 (`1660966546948` for `2022-08-20T03:35:46Z`), and its table
    name the PokerNow game id (`pgllrZB4-s11jXpJVdapSiar1`). No site numbers its hands by the clock."""
    if started is None or len(game_number) != 13 or not game_number.isascii() or not game_number.isdigit():
        return False
    return int(game_number) // 1000 == int(started.timestamp()) and _POKERNOW_GAME.fullmatch(table) is not None


def _is_stud(game: Game) -> bool:
    return game in STUD_GAMES


def _started(text: str) -> datetime | None:
    if not text:
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise ShapeError(f"start_date_utc is not an ISO 8601 time: {text!r}") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    try:
        return moment.astimezone(UTC)
    except OverflowError:  # (`0001-01-01T00:30:00+01:00`: before the year 1 in UTC)
        raise ShapeError(f"start_date_utc is no time in UTC: {text!r}") from None


def _buy_in_text(info: dict[str, Any]) -> str:
    """The buy-in as a room would print it (`$5.00+$0.50`, `$1.00+$0.25+$0.15`), from OHH's amounts."""
    parts = [info.get("buyin_amount"), info.get("bounty_fee_amount"), info.get("fee_amount")]
    amounts = [_number(part, "tournament_info amount") for part in parts if part is not None]
    if not amounts:
        return ""
    currency = _text(info.get("currency") or "", "tournament_info.currency")
    symbol = SYMBOL_FOR.get(currency, "")
    text = "+".join(f"{symbol}{amount}" for amount in amounts)
    return text if symbol or not currency else f"{text} {currency}"
