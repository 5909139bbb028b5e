"""Read PHH (github.com/uoftcprg/phh-std) into the model: a `.phh` file is one hand of TOML `key = value`
lines, a `.phhs` file many, each under a `[name]` table.

What a PHH hand gives and how it is read:

* `variant`: NT (no-limit Hold'em), FT (fixed-limit Hold'em), PO (pot-limit Omaha), FO/8 (fixed-limit
  Omaha hi/lo), F7S, F7S/8 and FR (seven-card stud, stud hi/lo, razz: no button; `bring_in`; each
  `d dh` deals one street, the first player dealt twice beginning the next; `pN pb` the bring-in).
  F2L3D, N2L1D and FB (2-7 triple and single draw, badugi: the first `pN sd` after a betting round, or
  a player drawing again, begins the next draw; `sd` lists the cards thrown, `??` when unknown; `d dh`
  in a draw the cards drawn). Other variants (short deck) are unreadable hands saying so.
* Players in PHH's order: p1 is the first seat after the button, the button last (heads-up: p1 the big
  blind, p2 the button and small blind). `seats` gives their seat numbers (else 1..n), so the button is
  the last player's seat (`_button` when given). `players` their names (else p1..pn).
* Forced bets: `antes` (per player) are ante posts (less the dead money `_dead` says, a dead post);
  `blinds_or_straddles` (read swapped for two players,
  as pokerkit reads them) the small blind, the big blind and a straddle by position; a negative entry is
  a live post of a big blind out of position (pokerkit's "post").
* `actions`: `d dh pN cards` hole cards (`??` unknown), `d db cards` the flop, turn and river, `pN f`
  fold, `pN cc` check or call (the amount from the street's bets and the stack left; a check with every
  other player all in is pokerkit's formality, where a room's text has no line: not read), `pN cbr X` bet or
  raise to a street total of X (all in when it takes the whole stack), `pN sm cards` shows, `pN sm`
  mucks, `pN sm -` shows the cards dealt. Commentary after `#` is dropped.
* `winnings`: each player's collected amount, over every pot (`Collected.pot` ALL_POTS); `_rake`, or a
  numeric `rake`, is the rake; `_fees` what else the room took from the pot (a fee of kind "other").
  The uncalled bet has no line: `Refunds.IMPLIED`.
* `year`/`month`/`day`/`time` with `time_zone = "UTC"` give `started`; other zones leave it None and the
  time as printed in `started_local`.
* Amounts: integers as they are; decimal amounts are scaled to integers by the most decimal places the
  hand uses, every one read by the kit (`kit.amounts.units_of_number`; the `cbr` amount's text too).
  `_unit` ("0.01 USD", written by omaha_audit/interop/phh.py) says what one unit is, else `currency` with
  the decimals found. Cards are read by the kit (rank then suit; `??` unknown).

Nothing here raises: bad TOML is an unreadable hand with the file, the line and the TOML reader's reason
(tomli's, which the standard library's tomllib was taken from); a hand whose fields cannot be read (no
variant, players, stacks) or that contradicts itself (a card twice, more chips than a stack) is an
unreadable hand too. An action the reader cannot read (a `cbr` amount that is
none, a card that is none, a word it does not know, a player who is not the hand's) is that line not read
(a `Defect` on its line, OA106: the action left out), and the rest of the hand is read. A failure of the
reader itself is OA104 on the hand.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any, Final

import tomli

from omaha_audit.model import (
    ALL_POTS,
    Action,
    ActionKind,
    Card,
    Collected,
    DealtCards,
    Defect,
    Fee,
    FeeEffect,
    FeeKind,
    Game,
    Hand,
    PotSummary,
    Refunds,
    Seat,
    ShowdownKind,
    ShowdownLine,
    Source,
    Stakes,
    Street,
    StreetDeal,
    Structure,
    Tournament,
    UnreadableHand,
)
from omaha_audit.model.money import Unit
from omaha_audit.model.numbers import whole_number
from omaha_audit.rooms.kit.amounts import AmountError, units_of_number
from omaha_audit.rooms.kit.cards import CardError, read_card
from omaha_audit.rooms.kit.reader import crashed_at
from omaha_audit.rooms.phh.quick_toml import quick_load

FORMAT_NAME: Final = "phh"
VARIANTS: Final = {
    "NT": (Game.HOLDEM, Structure.NO_LIMIT),
    "FT": (Game.HOLDEM, Structure.FIXED_LIMIT),
    "PO": (Game.OMAHA, Structure.POT_LIMIT),
    "FO/8": (Game.OMAHA_HI_LO, Structure.FIXED_LIMIT),
    "F7S": (Game.STUD, Structure.FIXED_LIMIT),
    "F7S/8": (Game.STUD_HI_LO, Structure.FIXED_LIMIT),
    "FR": (Game.RAZZ, Structure.FIXED_LIMIT),
    "F2L3D": (Game.TRIPLE_DRAW_2_7, Structure.FIXED_LIMIT),
    "N2L1D": (Game.SINGLE_DRAW_2_7, Structure.NO_LIMIT),
    "FB": (Game.BADUGI, Structure.FIXED_LIMIT),
}
_STREETS: Final = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)
_STUD_STREETS: Final = (Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH)
_DRAW_STREETS: Final = (Street.PREFLOP, Street.DRAW1, Street.DRAW2, Street.DRAW3)
_TABLE: Final = re.compile(r"^\s*\[\s*([^\[\]]+?)\s*\]\s*(?:#.*)?$")
_KEY: Final = re.compile(r"^\s*([A-Za-z0-9_-]+)\s*=")
_ERROR_LINE: Final = re.compile(r"\(at line (\d+), column \d+\)")
_UNIT: Final = re.compile(r"^(?:1|0\.(0*)1) (\S+)$")
_PLAYER: Final = re.compile(r"^p([1-9][0-9]*)$")
_FRACTION: Final = re.compile(r"^-?\d*\.(\d*?)0*$")  # the decimals of a number's text (trailing zeros aside)


class _NotRead(Exception):
    """An action the reader cannot read: `reason` (the line is not read, the hand is)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _Bad(Exception):
    """A hand that cannot be read: `reason`, at `line`."""

    def __init__(self, reason: str, line: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line


def read_text(text: str, path: str) -> Iterator[Hand | UnreadableHand]:
    """Every hand of a PHH or PHHS document, in order. Never raises."""
    lines = text.splitlines()
    last = max(len(lines), 1)
    failed: UnreadableHand | None = None
    try:
        # (the TOML PHH writers write, read a line at a time; tomli reads the rest, and says what is wrong)
        quick = quick_load(text)
        document = quick if quick is not None else tomli.loads(text, parse_float=Decimal)
    except tomli.TOMLDecodeError as error:
        found = _ERROR_LINE.search(str(error))
        line = int(found.group(1)) if found else 1
        failed = UnreadableHand(path, line, 1, last, f"PHH: not TOML: {error}", room=FORMAT_NAME)
    except Exception as failure:  # (tomli raises only TOMLDecodeError; a decoding oddity is not a crash)
        failed = UnreadableHand(path, 1, 1, last, f"PHH: {type(failure).__name__}: {failure}", room=FORMAT_NAME)
    if failed is not None:  # (given after the handler: see HandSource.read_blocks in parse/files.py)
        yield failed
        return
    if "variant" in document or "actions" in document:
        yield _read_one(document, path, 1, last, lines, None)
        return
    starts = _table_lines(lines)
    names = list(document)
    if not names:
        yield UnreadableHand(path, 1, 1, last, "PHH: no hand in the file", room=FORMAT_NAME)
        return
    for k, name in enumerate(names):
        table = document[name]
        first = starts.get(name, 1)
        end = starts.get(names[k + 1], last + 1) - 1 if k + 1 < len(names) else last
        if not isinstance(table, dict):
            yield UnreadableHand(path, first, first, end, f"PHH: {name!r} is not a hand table", room=FORMAT_NAME)
            continue
        yield _read_one(table, path, first, end, lines, name)


def _table_lines(lines: list[str]) -> dict[str, int]:
    found: dict[str, int] = {}
    for number, line in enumerate(lines, 1):
        match = _TABLE.match(line)
        if match:
            name = match.group(1).strip().strip("\"'")
            found.setdefault(name, number)
    return found


def _read_one(
    fields: dict[str, Any], path: str, first: int, last: int, lines: list[str], name: str | None
) -> Hand | UnreadableHand:
    hand_id = str(fields.get("hand", "")) or (f"{name}" if name is not None else f"line {first}")
    try:
        return _Builder(fields, path, first, last, lines).build(hand_id)
    except _Bad as bad:
        line = bad.line or first
        return UnreadableHand(path, line, first, last, f"PHH: {bad.reason}", hand_id=hand_id, room=FORMAT_NAME)
    except Exception as error:  # a failure of the reader itself (OA104), never a crash
        return crashed_at(path, first, last, error, hand_id, FORMAT_NAME)


def _cards(text: str) -> tuple[Card | None, ...]:
    """Cards written together (`AhKd`, `??` unknown); _NotRead for what is not pairs of rank and suit."""
    if len(text) % 2:
        raise _NotRead(f"cards {text!r} are not pairs of rank and suit")
    out: list[Card | None] = []
    for k in range(0, len(text), 2):
        chunk = text[k : k + 2]
        if chunk == "??":
            out.append(None)
            continue
        try:
            out.append(read_card(chunk))
        except CardError:
            raise _NotRead(f"{chunk!r} is not a card") from None
    return tuple(out)


def _places(value: Any) -> int:
    """The decimal places a number has (a TOML Decimal, an int, or a number's text), trailing zeros aside."""
    if isinstance(value, Decimal) and value.is_finite():
        exponent = value.normalize().as_tuple().exponent
        return -exponent if isinstance(exponent, int) and exponent < 0 else 0
    found = _FRACTION.match(value) if isinstance(value, str) else None
    return len(found.group(1)) if found is not None else 0


class _Builder:
    def __init__(self, fields: dict[str, Any], path: str, first: int, last: int, lines: list[str]) -> None:
        self.fields = fields
        self.path = path
        self.first = first
        self.last = last
        self.lines = lines
        self.places = 0

    # ---- values -------------------------------------------------------------------------------
    def ints(
        self, key: str, count: int | None = None, default: list[int] | None = None, signed: bool = False
    ) -> list[int]:
        value = self.fields.get(key)
        if value is None:
            if default is None:
                raise _Bad(f"no {key}")
            return list(default)
        if not isinstance(value, list):
            raise _Bad(f"{key} is not a list")
        out = [self.amount(item, key, signed) for item in value]
        if count is not None and len(out) != count:
            raise _Bad(f"{key} has {len(out)} entries for {count} players")
        return out

    def amount(self, value: Any, key: str, signed: bool = False) -> int:
        """A TOML number in the hand's units, read by the kit (`signed`: a negative one is allowed)."""
        if isinstance(value, bool) or not isinstance(value, int | Decimal):
            raise _Bad(f"{key}: {value!r} is not an amount")
        try:
            return units_of_number(value, self.places, signed=signed)
        except AmountError as error:
            raise _Bad(f"{key}: {error}") from None

    def find_scale(self) -> None:
        """The decimal places that make every amount of the hand an integer (`places`)."""
        values: list[Any] = []
        for key in ("antes", "blinds_or_straddles", "starting_stacks", "winnings", "finishing_stacks"):
            item = self.fields.get(key)
            if isinstance(item, list):
                values += item
        for key in ("min_bet", "small_bet", "big_bet", "_rake", "rake"):
            values.append(self.fields.get(key))
        for action in self.fields.get("actions") or []:
            words = str(action).split("#")[0].split()
            if len(words) == 3 and words[1] == "cbr":
                values.append(words[2])  # (one that is no amount is a line not read, where it is read)
        self.places = max((_places(value) for value in values), default=0)

    def action_lines(self, count: int) -> list[int]:
        """The file line of each action: the line its quoted text is on, searched in order."""
        start = self.first
        for number in range(self.first, self.last + 1):
            match = _KEY.match(self.lines[number - 1]) if number - 1 < len(self.lines) else None
            if match and match.group(1) == "actions":
                start = number
                break
        out: list[int] = []
        number, column = start, 0
        for action in self.fields.get("actions") or []:
            text = str(action)
            line = number
            while line <= min(self.last, len(self.lines)):
                where = self.lines[line - 1].find(text, column if line == number else 0)
                if where >= 0:
                    number, column = line, where + len(text)
                    break
                line += 1
            out.append(number)
        return out[:count] + [number] * max(0, count - len(out))

    # ---- the hand -----------------------------------------------------------------------------
    def build(self, hand_id: str) -> Hand:
        fields = self.fields
        variant = fields.get("variant")
        if variant not in VARIANTS:
            raise _Bad(f"variant {variant!r} is not read (only NT, FT, PO, FO/8, F7S, F7S/8, FR, F2L3D, N2L1D, FB)")
        game, structure = VARIANTS[variant]
        self.find_scale()
        stacks = self.ints("starting_stacks")
        count = len(stacks)
        if count < 2:
            raise _Bad("fewer than two players")
        antes = self.ints("antes", count, [0] * count)
        blinds = self.ints("blinds_or_straddles", count, [0] * count, signed=True)  # (negative: a live post)
        dead = self.ints("_dead", count, [0] * count)
        if count == 2:  # (pokerkit reads a heads-up table's antes and blinds swapped)
            antes.reverse()
            blinds.reverse()
            dead.reverse()
        names = fields.get("players") or [f"p{i + 1}" for i in range(count)]
        if not isinstance(names, list) or len(names) != count or not all(isinstance(n, str) for n in names):
            raise _Bad("players is not a list of one name per player")
        if len(set(names)) != count:
            raise _Bad("two players have the same name")
        seat_numbers = fields.get("seats") or list(range(1, count + 1))
        if not isinstance(seat_numbers, list) or len(seat_numbers) != count:
            raise _Bad("seats is not a list of one seat per player")
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in seat_numbers):
            raise _Bad("seats are not integers")
        if len(set(seat_numbers)) != count:
            raise _Bad("two players have the same seat")
        stud = variant in ("F7S", "F7S/8", "FR")
        button = fields.get("_button")  # (it may be an empty seat: a dead button)
        if not isinstance(button, int) or isinstance(button, bool) or button <= 0:
            # (stud plays without one, the cards showing decide who acts first; a room may mark one all the same)
            button = None if stud else seat_numbers[-1]
        source = Source(self.path, self.first, self.last)
        seats = tuple(
            Seat(seat, name, stack, source) for seat, name, stack in zip(seat_numbers, names, stacks, strict=True)
        )
        seats = tuple(sorted(seats, key=lambda seat: seat.seat))
        actions_text = fields.get("actions")
        if not isinstance(actions_text, list) or not all(isinstance(item, str) for item in actions_text):
            raise _Bad("actions is not a list of strings")
        action_lines = self.action_lines(len(actions_text))
        key_line = action_lines[0] if action_lines else self.first
        play = _Play(names, seat_numbers, stacks, self.path, game.hole_cards or game.cards_held or 0)
        play.places = self.places
        if stud:
            play.stud = True
            play.bring_in = self.amount(fields.get("bring_in"), "bring_in")
        play.draws = 3 if variant in ("F2L3D", "FB") else 1 if variant == "N2L1D" else 0
        play.posts(antes, dead, blinds, Source(self.path, key_line, key_line))
        for text, line in zip(actions_text, action_lines, strict=True):
            try:
                play.apply(text, Source(self.path, line, line))
            except _NotRead as not_read:  # (the line not read, the rest of the hand read)
                play.defects.append(Defect(line, text, not_read.reason))
        winnings = self.ints("winnings", count, [0] * count)
        collected = tuple(
            Collected(name, amount, ALL_POTS, "winnings", 0, source)
            for name, amount in zip(names, winnings, strict=True)
            if amount
        )
        rake_value = fields.get("_rake", fields.get("rake"))
        rake = self.amount(rake_value, "rake") if isinstance(rake_value, int | Decimal) else None
        pot = PotSummary(None, rake, None, (), source) if rake is not None else None
        fees_value = fields.get("_fees")
        fees: tuple[Fee, ...] = ()
        if isinstance(fees_value, int | Decimal) and not isinstance(fees_value, bool) and fees_value:
            fees = (Fee(FeeKind.OTHER, self.amount(fees_value, "_fees"), FeeEffect.TAKEN, "_fees", source),)
        stakes = self.stakes(structure, blinds, count)
        started, local = self.started()
        tournament = None
        if "_tournament" in fields or "_buy_in" in fields:
            level = fields.get("level")
            tournament = Tournament(
                str(fields.get("_tournament", "")),
                str(fields.get("_buy_in", "")),
                str(level) if level is not None else None,
            )
        seat_count = fields.get("seat_count")
        table = fields.get("table")
        return Hand(
            room=str(fields.get("venue") or FORMAT_NAME),
            format=FORMAT_NAME,
            hand_id=hand_id,
            source=source,
            game=game,
            game_text=str(fields.get("_game") or variant),
            structure=structure,
            unit=self.unit(tournament is not None),
            stakes=stakes,
            started=started,
            started_local=local,
            table=str(table) if table is not None else "",
            # (a tournament's table is told apart from another tournament's of the same name)
            table_id=(f"{tournament.tournament_id}/" if tournament and tournament.tournament_id else "")
            + (str(table) if table is not None else ""),
            max_seats=seat_count if isinstance(seat_count, int) and not isinstance(seat_count, bool) else None,
            button=button,
            seats=seats,
            actions=tuple(play.actions),
            streets=tuple(play.streets),
            dealt=tuple(play.dealt()),
            showdown=tuple(play.showdown),
            collected=collected,
            uncalled=(),
            cash_outs=(),
            events=(),
            pot=pot,
            boards=(tuple(play.board),) if play.board else (),
            summary_seats=(),
            fees=fees,
            refunds=Refunds.IMPLIED,
            tournament=tournament,
            showdown_marks=(),
            defects=tuple(play.defects),
        )

    def stakes(self, structure: Structure, blinds: list[int], count: int) -> Stakes:
        positive = [blind for blind in blinds if blind > 0]
        small = (blinds[1] if count == 2 else blinds[0]) or None
        big = (blinds[0] if count == 2 else blinds[1]) or None
        if structure is Structure.FIXED_LIMIT:
            small_bet = self.amount(self.fields.get("small_bet"), "small_bet")
            big_bet = self.amount(self.fields.get("big_bet"), "big_bet")
            return Stakes(small, big, small_bet, big_bet)
        min_bet = self.fields.get("min_bet")
        big_blind = self.amount(min_bet, "min_bet") if min_bet is not None else max(positive, default=0)
        if big_blind <= 0:
            raise _Bad("no min_bet and no blinds to size bets")
        return Stakes(small, big_blind)

    def started(self) -> tuple[datetime | None, str]:
        fields = self.fields
        year, month, day, when = (fields.get(key) for key in ("year", "month", "day", "time"))
        if not all(isinstance(value, int) and not isinstance(value, bool) for value in (year, month, day)):
            return None, ""
        hour = minute = second = 0
        if when is not None and hasattr(when, "hour"):
            hour, minute, second = when.hour, when.minute, when.second
        local = f"{year:04d}/{month:02d}/{day:02d} {hour:02d}:{minute:02d}:{second:02d}"
        zone = fields.get("time_zone")
        if zone:
            local += f" {zone}"
        try:
            moment = datetime(year, month, day, hour, minute, second)  # type: ignore[arg-type]
        except (ValueError, OverflowError):  # (a day of 26 digits does not fit a C long: OverflowError)
            raise _Bad(f"no such date {local}") from None
        if zone in ("UTC", "GMT", "Etc/UTC", "Z"):
            return moment.replace(tzinfo=UTC), local
        return None, local

    def unit(self, tournament: bool) -> Unit:
        described = self.fields.get("_unit")
        if isinstance(described, str):
            match = _UNIT.match(described)
            if match:
                decimals = 0 if match.group(1) is None else len(match.group(1)) + 1
                if decimals >= self.places:
                    # amounts written in the unit already (our writer): no scaling was needed
                    return Unit(match.group(2), decimals if self.places == 0 else self.places)
        currency = self.fields.get("currency")
        if isinstance(currency, str) and currency:
            return Unit(currency, self.places)
        return Unit("chips", self.places) if tournament or not self.places else Unit("units", self.places)


class _Play:
    """The actions of one hand, replayed just enough to give each line its amount and street total."""

    def __init__(self, names: list[str], seats: list[int], stacks: list[int], path: str, hole: int) -> None:
        self.names = names
        self.seats = seats
        self.left = list(stacks)
        self.path = path
        self.hole = hole
        self.count = len(names)
        self.bets = [0] * self.count
        self.folded = [False] * self.count
        self.street_index = 0
        self.board: list[Card] = []
        self.actions: list[Action] = []
        self.streets: list[StreetDeal] = []
        self.showdown: list[ShowdownLine] = []
        self.holes: dict[int, tuple[Card | None, ...]] = {}
        self.hole_sources: dict[int, Source] = {}
        self.order = 0
        self.seen: set[Card] = set()
        self.dealt_now: set[int] = set()  # stud: the players dealt on this street
        self.drew_now: set[int] = set()  # draw games: the players who drew in this draw
        self.stud_deals: list[tuple[int, tuple[Card | None, ...], Source]] = []
        self.first_holes: dict[int, tuple[Card | None, ...]] = {}  # (the hands dealt, before any draw)
        self.draw_lines: list[DealtCards] = []  # draw games: the kept and drawn cards of a known hand
        self.defects: list[Defect] = []

    def next_order(self) -> int:
        self.order += 1
        return self.order

    stud = False  # set by the builder for F7S, F7S/8 and FR, with the bring-in
    bring_in = 0
    draws = 0  # set by the builder for the draw games: how many draws
    drawing = False  # a draw is under way (its `sd` and `d dh` lines)

    @property
    def street(self) -> Street:
        return (_STUD_STREETS if self.stud else _DRAW_STREETS if self.draws else _STREETS)[self.street_index]

    def add(self, kind: ActionKind, i: int, amount: int, source: Source, street: Street, to: int | None) -> None:
        self.left[i] -= amount
        if self.left[i] < 0:
            raise _Bad(f"{self.names[i]} puts in more than his stack", source.line)
        self.actions.append(
            Action(
                street,
                self.names[i],
                self.seats[i],
                kind,
                amount,
                source,
                raise_to=to,
                all_in=self.left[i] == 0 and amount > 0,
                order=self.next_order(),
            )
        )

    def posts(self, antes: list[int], dead: list[int], blinds: list[int], source: Source) -> None:
        count = self.count
        for i, ante in enumerate(antes):
            if ante < 0 or not 0 <= dead[i] <= ante:
                raise _Bad("a negative ante, or more dead money than the ante", source.line)
            if ante - dead[i]:
                self.add(ActionKind.POST_ANTE, i, min(ante - dead[i], self.left[i]), source, Street.BLINDS, None)
            if dead[i]:
                self.add(ActionKind.POST_DEAD, i, min(dead[i], self.left[i]), source, Street.BLINDS, None)
        small_at, big_at = (1, 0) if count == 2 else (0, 1)
        positive = [i for i in range(count) if blinds[i] > 0]
        kinds: dict[int, ActionKind] = {}
        big_index = big_at if blinds[big_at] > 0 else max(positive, key=lambda i: (blinds[i], -i), default=None)
        if big_index is not None:
            big = blinds[big_index]
            kinds[big_index] = ActionKind.POST_BIG_BLIND
            smaller = [i for i in positive if blinds[i] < big]
            if blinds[small_at] > 0 and small_at != big_index:
                small_index: int | None = small_at
            else:
                small_index = smaller[0] if smaller else None
            if small_index is not None:
                kinds[small_index] = ActionKind.POST_SMALL_BLIND
            if count > 2 and big_index == 1 and blinds[2] > big:
                kinds[2] = ActionKind.POST_STRADDLE
        order = [i for i in (small_at, big_at, 2) if i in kinds and i < count]
        order += [i for i in kinds if i not in order]
        order += [i for i in positive if i not in kinds] + [i for i in range(count) if blinds[i] < 0]
        for i in order:
            blind = blinds[i]
            amount = min(abs(blind), self.left[i])
            # a live post out of position (pokerkit's negative blind), or another blind: a big blind
            kind = kinds.get(i, ActionKind.POST_BIG_BLIND)
            self.bets[i] += amount
            self.add(kind, i, amount, source, Street.BLINDS, self.bets[i])

    def player(self, word: str, line: int) -> int:
        match = _PLAYER.match(word)
        if not match or whole_number(match.group(1)) > self.count:
            raise _NotRead(f"{word!r} is not a player of the hand")
        return whole_number(match.group(1)) - 1

    def apply(self, text: str, source: Source) -> None:
        line = source.line
        words = text.split("#", 1)[0].split()
        if not words:
            return
        if words[0] == "d":
            if len(words) == 4 and words[1] == "dh":
                i = self.player(words[2], line)
                cards = _cards(words[3])
                self.note_cards(cards, line)
                if self.stud:
                    self.deal_stud(i, cards, source)
                    return
                if self.draws and self.street_index:
                    self.draw_cards(i, cards, source)
                    return
                self.holes[i] = self.first_holes[i] = cards
                self.hole_sources[i] = source
                return
            if len(words) == 3 and words[1] == "db":
                self.deal_board(words[2], source)
                return
            raise _NotRead(f"action {text!r} is not a dealing action")
        i = self.player(words[0], line)
        verb = words[1] if len(words) > 1 else ""
        if verb == "sm":
            self.show(i, words[2:], source)
            return
        if verb == "sd" and self.draws and len(words) <= 3:
            self.discard(i, words[2] if len(words) == 3 else "", source)
            return
        self.drawing = False
        if verb not in ("f", "cc", "cbr") and not (verb == "pb" and self.stud):
            raise _NotRead(f"action {text!r} is not read (f, cc, cbr, sm, d dh, d db; pb in stud)")
        if self.folded[i]:
            raise _Bad(f"{self.names[i]} acts after folding", line)
        street = self.street
        if verb == "pb" and len(words) == 2:
            amount = min(self.bring_in, self.left[i])
            self.bets[i] += amount
            self.add(ActionKind.BRING_IN, i, amount, source, street, self.bets[i])
        elif verb == "f" and len(words) == 2:
            self.folded[i] = True
            self.add(ActionKind.FOLD, i, 0, source, street, None)
        elif verb == "cc" and len(words) == 2:
            to_call = min(max(self.bets) - self.bets[i], self.left[i])
            others = [j for j in range(self.count) if j != i and not self.folded[j]]
            if to_call <= 0 and others and all(self.left[j] == 0 for j in others):
                return  # pokerkit's check of a player with no decision (all others all in): no line in a room's text
            if to_call <= 0:
                self.add(ActionKind.CHECK, i, 0, source, street, None)
            else:
                self.bets[i] += to_call
                self.add(ActionKind.CALL, i, to_call, source, street, self.bets[i])
        elif verb == "cbr" and len(words) == 3:
            try:
                to = units_of_number(words[2], self.places)
            except AmountError as error:
                raise _NotRead(f"action {text!r}: {error}") from None
            added = to - self.bets[i]
            if added <= 0:
                raise _Bad(f"action {text!r} raises to no more than the player's bet", line)
            kind = ActionKind.RAISE if max(self.bets) > 0 else ActionKind.BET
            self.bets[i] = to
            self.add(kind, i, added, source, street, to)
        else:
            raise _NotRead(f"action {text!r} is malformed")

    places = 0  # set by the builder: the decimal places of the hand's amounts

    def note_cards(self, cards: tuple[Card | None, ...], line: int) -> None:
        for card in cards:
            if card is None:
                continue
            if card in self.seen:
                raise _Bad(f"{card} is dealt twice", line)
            self.seen.add(card)

    def deal_stud(self, i: int, cards: tuple[Card | None, ...], source: Source) -> None:
        """A stud street's cards for player i: the first player dealt twice begins the next street."""
        if i in self.dealt_now:
            if self.street_index + 1 >= len(_STUD_STREETS):
                raise _Bad("cards dealt after seventh street", source.line)
            self.street_index += 1
            self.bets = [0] * self.count
            self.dealt_now = set()
        if len(cards) != (3 if self.street_index == 0 else 1):
            raise _Bad(f"{len(cards)} cards dealt on {self.street.value} street (stud deals 3, then 1)", source.line)
        self.dealt_now.add(i)
        self.holes[i] = self.holes.get(i, ()) + cards
        self.hole_sources.setdefault(i, source)
        self.stud_deals.append((i, cards, source))

    def discard(self, i: int, text: str, source: Source) -> None:
        """`pN sd [cards]`: the first of a draw begins the next betting round (after betting, or, when the players
        are all in, when one draws again)."""
        if not self.drawing or i in self.drew_now:
            if self.street_index >= self.draws:
                raise _Bad(f"more than {self.draws} draws", source.line)
            self.street_index += 1
            self.bets = [0] * self.count
            self.drawing = True
            self.drew_now = set()
        self.drew_now.add(i)
        if self.folded[i]:
            raise _Bad(f"{self.names[i]} draws after folding", source.line)
        cards = _cards(text)
        held = self.holes.get(i, ())
        known = [card for card in cards if card is not None]
        if known and any(card not in held for card in known):
            raise _Bad(f"{self.names[i]} discards cards he does not hold", source.line)
        if len(cards) > len(held):
            raise _Bad(f"{self.names[i]} discards more cards than he holds", source.line)
        kept = list(held)
        for card in cards:
            if card is not None and card in kept:
                kept.remove(card)
            elif card is None and None in kept:
                kept.remove(None)
            else:
                raise _Bad(f"{self.names[i]} discards {'an unknown card' if card is None else card}", source.line)
        self.holes[i] = tuple(kept)
        kind = ActionKind.DISCARD if cards else ActionKind.STAND_PAT
        self.actions.append(
            Action(
                self.street,
                self.names[i],
                self.seats[i],
                kind,
                0,
                source,
                discarded=len(cards),
                order=self.next_order(),
            )
        )

    def draw_cards(self, i: int, cards: tuple[Card | None, ...], source: Source) -> None:
        """`d dh pN cards` in a draw: the cards drawn in place of the discards."""
        kept = self.holes.get(i, ())
        self.holes[i] = kept + cards
        if all(card is not None for card in (*kept, *cards)):
            self.draw_lines.append(
                DealtCards(
                    self.names[i],
                    tuple(card for card in kept if card is not None),
                    source,
                    tuple(card for card in cards if card is not None),
                )
            )

    def deal_board(self, text: str, source: Source) -> None:
        cards = _cards(text)
        if any(card is None for card in cards):
            raise _NotRead(f"an unknown board card: {text!r}")
        if self.street_index + 1 >= len(_STREETS):
            raise _Bad("a board card after the river", source.line)
        self.note_cards(cards, source.line)
        self.street_index += 1
        self.bets = [0] * self.count
        new = tuple(card for card in cards if card is not None)
        self.board += new
        self.streets.append(StreetDeal(self.street, 0, tuple(self.board), new, source, order=self.next_order()))

    def show(self, i: int, rest: list[str], source: Source) -> None:
        name = self.names[i]
        if not rest:
            self.showdown.append(ShowdownLine(name, ShowdownKind.MUCKS, (), None, 0, source, self.next_order()))
            return
        if rest == ["-"]:
            cards = tuple(card for card in self.holes.get(i, ()) if card is not None)
        else:
            shown = _cards(rest[0])
            dealt = self.holes.get(i, ())
            if any(card is not None and card not in dealt for card in shown):
                self.note_cards(tuple(card for card in shown if card not in dealt), source.line)
            cards = tuple(card for card in shown if card is not None)
        self.showdown.append(ShowdownLine(name, ShowdownKind.SHOWS, cards, None, 0, source, self.next_order()))

    def dealt(self) -> list[DealtCards]:
        if self.stud:
            return self.dealt_stud()
        out: list[DealtCards] = []
        for i in sorted(self.first_holes):
            cards = self.first_holes[i]
            if cards and all(card is not None for card in cards):
                known = tuple(card for card in cards if card is not None)
                out.append(DealtCards(self.names[i], known, self.hole_sources[i]))
        return out + self.draw_lines

    def dealt_stud(self) -> list[DealtCards]:
        """Stud's dealt lines as the PokerStars text gives them: third street the cards showing (all three
        when the down cards are known), each later street the cards showing so far and the new card."""
        out: list[DealtCards] = []
        showing: dict[int, tuple[Card, ...]] = {}
        for i, cards, source in self.stud_deals:
            name = self.names[i]
            known = tuple(card for card in cards if card is not None)
            if i not in showing:
                first = known if len(known) == len(cards) else tuple(card for card in cards[2:] if card is not None)
                showing[i] = first
                out.append(DealtCards(name, first, source))
            else:
                out.append(DealtCards(name, showing[i], source, known))
                showing[i] += known
        return out
