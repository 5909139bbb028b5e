"""Whole table sessions (`GenerateConfig(sessions=True, tables=N)`, `generate --sessions --tables N`): the
run's hands dealt at N tables open at once, cash and tournament, each keeping its name, seats and players
from hand to hand, the hands of all tables interleaved in time and numbered as the room numbers them
(rising with time across the run, so one table's numbers have gaps: the other tables' hands).

Every hand of a table follows the one before it: stacks carried over exactly, the button and blinds moved
as the room moves them (session_table.py, seating.py), players sitting out and coming back, leaving and
sitting down, topping up, busting. A table closes after a while (or when its players are gone, or the
history's owner busts) and a new one opens in its place.

With a fault rate, some hands carry one continuity fault (faults_table.py): the kind injected is the one
with the fewest hands so far among those the table's next hand gives an opportunity for, so every kind
gets about the same share; a kind waiting for an opportunity (a player owing blinds, an empty seat) makes
one likelier at that table. A table's hand after a faulty one is always clean, and nobody comes, goes or
sits out by choice before it (what follows from the error is judged on its own). Labels are today's: one
line per hand, `fault` and `expected_codes` on the faulty hand (a duplicate's label is the second copy's).

Stud tables (stud, stud hi/lo, razz: session_stud.py) have no button and no blinds: the kinds about them
do not apply there (faults_table.STUD_NOT_APPLICABLE); a run of stud tables only hands out the others, and
refuses one of those named, with the reason.

The same configuration and seed give the same bytes.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import datetime, timedelta
from random import Random
from typing import TextIO

from omaha_audit.generate.config import (
    BUY_INS,
    CASH_BLINDS,
    FIXED_LIMIT_CASH,
    PLAYER_NAMES,
    ROMAN,
    TABLE_NAMES,
    TABLE_SIZES,
    GenerateConfig,
    GenerateSummary,
    Stakes,
)
from omaha_audit.generate.dealing import DealingRules
from omaha_audit.generate.faults_table import (
    STUD_NOT_APPLICABLE,
    DuplicateDifferentText,
    RoomSessions,
    TableFault,
    room_sessions,
    table_faults,
)
from omaha_audit.generate.play import Dealer
from omaha_audit.generate.record import HandRecord
from omaha_audit.generate.session_stud import STUD_PLAYERS, STUD_SEATS, stud_cash_stakes
from omaha_audit.generate.session_table import Prepared, Rules, Sitter, TableSession
from omaha_audit.generate.stud_draw import DRAW_BETS, DRAW_MOST, StudDrawDealer
from omaha_audit.generate.table import MOST_PLAYERS, USD, fixed_limit_cash
from omaha_audit.generate.writers import cannot_show, room_dealing, runs_twice, writer_for
from omaha_audit.model import CHIPS, Game, Structure

_SECONDS_BETWEEN_HANDS = (25, 150)  # at one table


def chosen_table_faults(config: GenerateConfig) -> list[str]:
    """The continuity fault kinds a sessions run hands out (ValueError for unknown or impossible ones)."""
    kinds = table_faults()
    room_sessions(config.room)
    only_stud = all(game.is_stud for game in config.games)  # (else a kind of STUD_NOT_APPLICABLE fits the rest)
    hidden = cannot_show(config.room, config.variants)  # (e.g. a level where the room's text prints none)
    if not config.faults:
        return [
            name
            for name, fault in kinds.items()
            if not (fault.tournament_only and config.tournament_share <= 0)
            and not (fault.cash_only and config.tournament_share >= 1)
            and not (only_stud and name in STUD_NOT_APPLICABLE)
            and name not in hidden
        ]
    for name in config.faults:
        if name not in kinds:
            raise ValueError(f"unknown continuity fault kind {name!r} for --sessions; known: {', '.join(kinds)}")
        if name in hidden:
            raise ValueError(f"fault {name!r} cannot be shown in {config.room} text")
        if only_stud and name in STUD_NOT_APPLICABLE:
            raise ValueError(f"fault {name!r} does not apply to stud tables: {STUD_NOT_APPLICABLE[name]}")
        fault = kinds[name]
        if fault.tournament_only and config.tournament_share <= 0:
            raise ValueError(f"fault {name!r} needs tournament tables (--tournament-share above 0)")
        if fault.cash_only and config.tournament_share >= 1:
            raise ValueError(f"fault {name!r} needs cash tables (--tournament-share below 1)")
    return list(dict.fromkeys(config.faults))


class _Tables:
    """Opens tables for the run: names never repeat (a table's id names it across the run)."""

    def __init__(self, config: GenerateConfig, rng: Random, room: RoomSessions) -> None:
        self.config = config
        self.rng = rng
        self.room = room
        self.hero = rng.choice(PLAYER_NAMES)
        self.used: set[str] = set()
        self.count = 0

    def open(self, moment: datetime) -> TableSession:
        rng, config = self.rng, self.config
        self.count += 1
        game = rng.choice(config.games)
        structure = rng.choice(config.structures)
        tournament = rng.random() < config.tournament_share
        most = MOST_PLAYERS.get(game.hole_cards or 4, 10)
        if game.is_draw:  # (generate/stud_draw.py: fixed limit, six players at most)
            structure, most = Structure.FIXED_LIMIT, DRAW_MOST
        elif game.is_stud:  # (fixed limit, seven players at most at eight seats)
            structure, most = Structure.FIXED_LIMIT, STUD_PLAYERS
        high = min(config.max_players, most)
        low = min(config.min_players, high)
        seated = rng.randint(low, high)
        sizes = [size for size in TABLE_SIZES if size >= max(seated, low)] or [10]
        if game.is_stud:
            max_seats = STUD_SEATS
        else:
            max_seats = sizes[0] if rng.random() < 0.6 or len(sizes) == 1 else rng.choice(sizes[1:])
        cap = min(high, max_seats)
        numbers = sorted(rng.sample(range(1, max_seats + 1), seated))
        names = [name for name in rng.sample(PLAYER_NAMES, seated + 1) if name != self.hero][: seated - 1]
        names.insert(rng.randrange(seated), self.hero)
        mode = rng.choice(self.room.modes)
        rules = Rules(mode, self.room.small_owed)
        hands = rng.randint(30, 200) if tournament else rng.randint(30, 300)
        if tournament:
            tournament_id = self._unique(lambda: str(rng.randint(100_000_000, 999_999_999)))
            name = f"{tournament_id} {rng.randint(1, 40)}"
            session = TableSession(
                name=name,
                max_seats=max_seats,
                cap=cap,
                game=game,
                structure=structure,
                unit=CHIPS,
                rules=rules,
                seats={},
                hero=self.hero,
                hands_left=hands,
                cash_stakes=None,
                tournament_id=tournament_id,
                buy_in=rng.choice(BUY_INS),
                level_start=rng.randint(0, 3),
                level_seconds=rng.choice((600, 900, 1200)),
                opened=moment,
            )
        else:
            name = self._unique(lambda: f"{rng.choice(TABLE_NAMES)} {rng.choice(ROMAN)}")
            session = TableSession(
                name=name,
                max_seats=max_seats,
                cap=cap,
                game=game,
                structure=structure,
                unit=USD,
                rules=rules,
                seats={},
                hero=self.hero,
                hands_left=hands,
                cash_stakes=_cash_stakes(rng, structure, room_dealing(config.room, config.variants), game),
                opened=moment,
            )
        stakes = session.stakes_at(session.level_at(moment))
        out = rng.sample(numbers, 1) if not tournament and seated >= 4 and rng.random() < 0.15 else []
        for seat, player in zip(numbers, names, strict=True):
            state = "new" if seat in out and player != self.hero else "on"  # (sitting out, never dealt in)
            sitter = Sitter(player, session.buy_in_chips(rng, stakes), state, rng.randint(1, 10))
            session.seats[seat] = sitter
        session.names = set(names)
        return session

    def _unique(self, make: Callable[[], str]) -> str:
        for attempt in range(1000):
            name = str(make())
            if attempt > 50:
                name = f"{name} {self.count}"
            if name not in self.used:
                self.used.add(name)
                return name
        raise RuntimeError("no table name left")


def _cash_stakes(rng: Random, structure: Structure, rules: DealingRules, game: Game) -> Stakes:
    if game.is_stud:
        return stud_cash_stakes(rng)
    if game.is_draw:
        return fixed_limit_cash(rng.choice(DRAW_BETS), rules)
    if structure is Structure.FIXED_LIMIT:
        return fixed_limit_cash(rng.choice(FIXED_LIMIT_CASH), rules)
    small_blind, big_blind = rng.choice(CASH_BLINDS)
    return Stakes(small_blind, big_blind)


def _timestamp(moment: datetime) -> str:
    return f"{moment:%Y/%m/%d} {moment.hour}:{moment:%M:%S}"


class SessionRun:
    """The run: N tables, their hands in time order, the faults handed out."""

    def __init__(self, config: GenerateConfig) -> None:
        self.config = config
        self.room = room_sessions(config.room)
        self.schedule = room_dealing(config.room, config.variants).rake
        self.master = Random(config.seed)
        self.kinds = chosen_table_faults(config) if config.fault_rate > 0 else []
        self.faults = table_faults()
        self.codes = {name: fault.codes(self.room) for name, fault in self.faults.items()}
        self.injected: Counter[str] = Counter()
        self.opener = _Tables(config, Random(self.master.getrandbits(64)), self.room)
        self.hand_id = config.first_hand_id
        if self.hand_id is None:
            self.hand_id = 200_000_000_000 + (config.seed % 99_991) * 1_000_000
        start = config.start
        self.tables = []
        for index in range(config.tables):
            table = self.opener.open(start)
            table.next_time = start + timedelta(seconds=self.master.randint(0, 60) + index)
            self.tables.append(table)

    def hands(self) -> Iterator[tuple[HandRecord, dict[str, object]]]:
        """Each hand's record and label, in the order written."""
        written = 0
        while written < self.config.hands:
            index = min(range(len(self.tables)), key=lambda i: (self.tables[i].next_time, i))
            table = self.tables[index]
            moment = table.next_time
            rng = Random(self.master.getrandbits(64))
            want = bool(self.kinds) and not table.last_faulty and self.master.random() < self.config.fault_rate
            prepared = table.prepare(rng, moment, calm=table.last_faulty) if table.hands_left > 0 else None
            if prepared is None:
                replacement = self.opener.open(moment)
                replacement.next_time = moment + timedelta(seconds=self.master.randint(5, 90))
                self.tables[index] = replacement
                continue
            fault: TableFault | None = None
            if want:
                prepared, fault = self._fault(table, prepared, rng, copy=written + 2 <= self.config.hands)
            assert self.hand_id is not None
            self.hand_id += self.master.randint(1, 200)
            set_up = table.commit(prepared, str(self.hand_id), _timestamp(moment), rng)
            if not runs_twice(self.config.room):  # (a room whose text never runs a board twice: writers.py)
                set_up.rit_chance = 0.0
            stud_draw = table.game.is_draw or table.stud
            hand = StudDrawDealer(set_up, rng, self.schedule) if stud_draw else Dealer(set_up, rng, self.schedule)
            rec = hand.play()
            rec.tags.update(prepared.tags)
            table.settle(rec, prepared)
            table.last_faulty = fault is not None
            table.next_time = moment + timedelta(seconds=self.master.randint(*_SECONDS_BETWEEN_HANDS))
            yield rec, self._label(rec, None if prepared.duplicate else fault)
            written += 1
            if prepared.duplicate:
                yield self._copy(rec, rng), self._label(rec, fault)  # (the label goes on the second record)
                written += 1

    def _fault(
        self, table: TableSession, prepared: Prepared, rng: Random, copy: bool
    ) -> tuple[Prepared, TableFault | None]:
        """The least injected kind this hand gives an opportunity for (`copy`: room is left for a second
        record of the hand)."""
        order = sorted(self.kinds, key=lambda name: (self.injected[name], self.kinds.index(name)))
        for position, name in enumerate(order):
            fault = self.faults[name]
            if not fault.fits(table) or (isinstance(fault, DuplicateDifferentText) and not copy):
                continue
            plan = fault.plan(table, prepared, self.room, rng)
            if plan is not None:
                self.injected[name] += 1
                plan.tags.add(f"fault:{name}")
                return plan, fault
            if position == 0:
                fault.wait(table)
        return prepared, None

    def _label(self, rec: HandRecord, fault: TableFault | None) -> dict[str, object]:
        codes = list(self.codes[fault.name]) if fault is not None else []
        return {"hand_id": rec.hand_id, "fault": fault.name if fault is not None else None, "expected_codes": codes}

    @staticmethod
    def _copy(rec: HandRecord, rng: Random) -> HandRecord:
        """The hand again with one thing changed: the stack of a player who put nothing in (their seat line),
        else the start time by a few seconds. (A new record: the first one is left as written.)"""
        # (Not copy.deepcopy: the model's compiled classes cannot be rebuilt by copyreg. What changes below is
        # a seat or the start time; the rest is shared, read only, with the first record.)
        copy = replace(
            rec,
            seats=[replace(player, positions=list(player.positions)) for player in rec.seats],
            tags=set(rec.tags),
        )
        idle = [player for player in copy.seats if player.total == 0 and (player.sitting_out or player.folded)]
        if idle:
            player = rng.choice(idle)
            step = max(1, copy.stakes.big_blind * rng.randint(1, 10))
            player.stack = player.stack + step if rng.random() < 0.5 or player.stack <= step else player.stack - step
            player.chips = player.stack
        else:
            day, _, time = copy.started.partition(" ")
            moment = datetime.strptime(f"{day} {time}", "%Y/%m/%d %H:%M:%S") + timedelta(seconds=rng.randint(1, 20))
            copy.started = _timestamp(moment)
        copy.tags.add("duplicate")
        return copy


def generate_sessions(config: GenerateConfig, out_text: TextIO, out_labels: TextIO) -> GenerateSummary:
    """Write `config.hands` hands of table sessions to `out_text`, one JSON label line per hand to
    `out_labels`."""

    summary = GenerateSummary()
    write_hand = writer_for(config.room, config.variants)
    run = SessionRun(config)
    for rec, label in run.hands():
        out_text.write(write_hand(rec))
        out_labels.write(json.dumps(label) + "\n")
        summary.hands += 1
        summary.attempts += 1
        summary.tags.update(rec.tags)
        if label["fault"]:
            summary.faults[str(label["fault"])] += 1
    return summary
