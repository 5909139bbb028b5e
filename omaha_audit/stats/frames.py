"""Typed Polars tables of an audit run: `hands`, `players`, `actions`, `pots` and `findings`.

Every table has an explicit schema (below); money columns are integer counts of the hand's smallest
unit, and `hands.unit` says what that unit is ("0.01 USD", "1 chips"). `hand_no` numbers the hands of a
run from 1 in input order and joins the tables; `hand_id` is the room's number, which need not be
unique across rooms or duplicated files.

Rows are collected per batch as plain Python dicts and turned into a DataFrame with the schema at the
end of each batch (2,000 hands), so memory stays small while the pipeline streams. Tables a caller does not
ask for (the statistics need neither `actions` nor `pots`) are not built at all. A builder given a `spill`
directory (the HTML report's) writes each closed batch there as an Arrow IPC file instead of keeping it,
and `lazy_frames()` gives the tables as Polars queries over those files: what such a run holds in memory
does not grow with its hands. A builder that stages a unit's tables for an export's dataset (`staged`:
omaha_audit/stats/dataset.py reads them back whole, a batch at a time) writes Arrow IPC streams instead,
which polars writes without starting its query engine: 0.01 ms a batch against 0.25 ms, thousands of
times in an export of many small files (`lazy_frames()` cannot scan those).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import polars as pl

from omaha_audit.engine.replay import Replay
from omaha_audit.model import ActionKind, FeeEffect, Hand, PotBasis, Refunds, Street, UnreadableHand
from omaha_audit.model.house_rules import HouseRules
from omaha_audit.output.files import write_scratch
from omaha_audit.rooms import preset_for
from omaha_audit.rules.base import Finding, HandContext, Severity
from omaha_audit.run.pipeline import AuditedHand
from omaha_audit.stats.flags import PlayerFlags, mark_scoops, player_flags, positions

STREETS = pl.Enum([street.value for street in Street])
ACTIONS = pl.Enum([kind.value for kind in ActionKind])
SEVERITIES = pl.Enum([severity.value for severity in Severity])
FAMILIES = {
    "1": "input",
    "2": "cards",
    "3": "betting",
    "4": "pots",
    "5": "showdown",
    "6": "accounting",
    "7": "continuity",
}
FAMILY = pl.Enum([*FAMILIES.values(), "other"])
STATUS = pl.Enum(["audited", "not-audited", "unreadable"])


def _schema(columns: dict[str, Any]) -> pl.Schema:
    return pl.Schema(columns)


HANDS_SCHEMA = _schema(
    {
        "hand_no": pl.Int64,
        "status": STATUS,
        "room": pl.String,
        "format": pl.String,
        "hand_id": pl.String,
        "table_id": pl.String,
        "path": pl.String,
        "line": pl.Int32,
        "time": pl.Datetime("us"),  # UTC where the hand's text gives a zone; else as printed (time_zone null)
        "time_zone": pl.String,
        "day": pl.Date,
        "game": pl.String,
        "structure": pl.String,
        "tournament_id": pl.String,
        "currency": pl.String,
        "unit": pl.String,
        "decimals": pl.Int8,
        "small_blind": pl.Int64,
        "big_blind": pl.Int64,
        "small_bet": pl.Int64,
        "big_bet": pl.Int64,
        "ante": pl.Int64,
        "stakes": pl.String,  # display label: "$0.05/$0.10", "$3/$6", "15/30"
        "table": pl.String,
        "max_seats": pl.Int16,
        "players": pl.Int16,  # dealt in
        "pot": pl.Int64,  # "Total pot" as printed (gross)
        "rake": pl.Int64,
        "fees": pl.Int64,  # other deductions printed after the rake (jackpot, ...)
        "collected": pl.Int64,  # sum of the "collected" lines
        "flop": pl.Boolean,  # a flop was dealt
        "showdown": pl.Boolean,  # two or more players were still in at the end
        "run_twice": pl.Boolean,
        "findings": pl.Int32,
        "errors": pl.Int32,  # findings of severity error
    }
)

PLAYERS_SCHEMA = _schema(
    {
        "hand_no": pl.Int64,
        "hand_id": pl.String,
        "seat": pl.Int16,
        "player": pl.String,
        "position": pl.String,
        "stack": pl.Int64,
        "put_in": pl.Int64,  # chips the player's lines put in (posts, calls, bets, raises)
        "returned": pl.Int64,  # uncalled bets returned (as printed)
        "invested": pl.Int64,  # put_in - returned
        "collected": pl.Int64,  # "collected" lines net of rake, and cash-out payments
        "net": pl.Int64,  # collected - invested
        "rake_paid": pl.Int64,  # the hand's rake shared in proportion to `invested` (largest remainder)
        "vpip": pl.Boolean,
        "pfr": pl.Boolean,
        "three_bet_opp": pl.Boolean,
        "three_bet": pl.Boolean,
        "fold_to_three_bet_opp": pl.Boolean,
        "fold_to_three_bet": pl.Boolean,
        "cbet_opp": pl.Boolean,
        "cbet": pl.Boolean,
        "saw_flop": pl.Boolean,
        "saw_showdown": pl.Boolean,
        "won_showdown": pl.Boolean,
        "postflop_aggressive": pl.Int16,  # bets and raises on flop, turn, river
        "postflop_calls": pl.Int16,
        "scoop": pl.Boolean,
        "quarter": pl.Boolean,
    }
)

ACTIONS_SCHEMA = _schema(
    {
        "hand_no": pl.Int64,
        "seq": pl.Int16,
        "street": STREETS,
        "seat": pl.Int16,
        "player": pl.String,
        "action": ACTIONS,
        "amount": pl.Int64,  # as printed; for raises the increment
        "raise_to": pl.Int64,
        "added": pl.Int64,  # chips this line put in
        "all_in": pl.Boolean,
        "pot_before": pl.Int64,
        "to_call": pl.Int64,
        "min_to": pl.Int64,  # smallest legal bet or raise-to; null when raising was closed or not voluntary
        "max_to": pl.Int64,
        "may_raise": pl.Boolean,
        "expected_actor": pl.String,
        "line": pl.Int32,
    }
)

POTS_SCHEMA = _schema(
    {
        "hand_no": pl.Int64,
        "pot": pl.Int16,  # 0 main pot, n side pot n
        "amount": pl.Int64,  # gross, from the replayed contributions
        "net": pl.Int64,  # what is split after the rake
        "printed": pl.Int64,  # the summary's Main/Side pot amount, if printed
        "collected": pl.Int64,  # the "collected ... from <this pot>" lines
        "eligible": pl.List(pl.String),
        "winners": pl.List(pl.String),  # by the rules engine
        "decided": pl.Boolean,  # False when the winner cannot be known from the text
    }
)

FINDINGS_SCHEMA = _schema(
    {
        "hand_no": pl.Int64,
        "room": pl.String,
        "format": pl.String,
        "hand_id": pl.String,
        "code": pl.String,
        "family": FAMILY,
        "severity": SEVERITIES,
        "path": pl.String,
        "line": pl.Int32,
        "street": pl.String,
        "seat": pl.Int16,
        "player": pl.String,
        "message": pl.String,
        "expected": pl.String,
        "actual": pl.String,
    }
)

# Every hand in its table's order (RULES.md section 12): the sequences the rules across hands judged.
TABLES_SCHEMA = _schema(
    {
        "room": pl.String,
        "table_id": pl.String,
        "position": pl.Int64,  # the hand's place in its table's sequence (1, 2, ...)
        "hand_no": pl.Int64,
        "hand_id": pl.String,
        "path": pl.String,
        "line": pl.Int64,
        "time": pl.Datetime("us"),
        "tournament_id": pl.String,
        "level": pl.String,
        "button": pl.Int16,
        "small_blind_seat": pl.Int16,
        "big_blind_seat": pl.Int16,
        "seated": pl.Int16,
        "dealt": pl.Int16,
        "after_gap": pl.Boolean,  # True: the hand before it at the table is not in the input (or none)
        "copy": pl.Boolean,  # an identical copy of the hand before (counted once)
        "findings": pl.Int32,  # findings across hands on this hand
    }
)

SCHEMAS: dict[str, pl.Schema] = {
    "hands": HANDS_SCHEMA,
    "players": PLAYERS_SCHEMA,
    "actions": ACTIONS_SCHEMA,
    "pots": POTS_SCHEMA,
    "findings": FINDINGS_SCHEMA,
    "tables": TABLES_SCHEMA,
}
ALL_TABLES = tuple(SCHEMAS)

_TIME = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2})\D{1,4}(\d{1,2}):(\d{2}):(\d{2})")


def hand_time(hand: Hand) -> tuple[datetime | None, str | None]:
    """The hand's start in UTC (naive, for the table) and "UTC"; where the room prints no time zone, the
    time as printed, with no zone."""
    if hand.started is not None:
        return hand.started.replace(tzinfo=None), "UTC"
    match = _TIME.search(hand.started_local)
    if match is None:
        return None, None
    try:
        year, month, day, hour, minute, second = (int(part) for part in match.groups())
        return datetime(year, month, day, hour, minute, second), None
    except ValueError:
        return None, None


def family_of(code: str) -> str:
    return FAMILIES.get(code[2:3], "other") if code.startswith("OA") else "other"


def stakes_label(hand: Hand) -> str:
    stakes, unit = hand.stakes, hand.unit
    if stakes.small_bet is not None and stakes.big_bet is not None:
        pair = (stakes.small_bet, stakes.big_bet)
    else:
        pair = (stakes.small_blind or 0, stakes.big_blind or 0)
    return f"{unit.format(pair[0])}/{unit.format(pair[1])}"


def share_in_proportion(total: int, weights: list[int]) -> list[int]:
    """`total` split in proportion to `weights`, exactly (largest remainder; ties to the earlier one)."""
    whole = sum(weights)
    if total == 0 or whole <= 0:
        return [0] * len(weights)
    shares = [total * weight // whole for weight in weights]
    remainders = sorted(range(len(weights)), key=lambda i: (-(total * weights[i] % whole), i))
    for i in remainders[: total - sum(shares)]:
        shares[i] += 1
    return shares


@dataclass(frozen=True, slots=True)
class PlayerMoney:
    """What one player put in and got back in one hand, in the hand's units, as the text records it."""

    put_in: int  # chips the player's lines put in
    returned: int  # uncalled bets returned
    collected: int  # collects net of rake, and cash-out payments
    rake_paid: int  # share of the rake, in proportion to `invested`

    @property
    def invested(self) -> int:
        return self.put_in - self.returned

    @property
    def net(self) -> int:
        return self.collected - self.invested


def player_money(hand: Hand, ctx: HandContext) -> dict[str, PlayerMoney]:
    """Money flows of every player dealt in. Collects printed before the rake (a house with
    printed before the rake, e.g. MPL's) have the rake taken off in proportion to what they collect."""
    replayed = ctx.replay
    returned: dict[str, int] = defaultdict(int)
    collected: dict[str, int] = defaultdict(int)
    for line in hand.collected:
        collected[line.player] += line.amount
    if hand.refunds is Refunds.LINE:
        for uncalled in hand.uncalled:
            returned[uncalled.player] += uncalled.amount
    elif ctx.settlement.refund is not None:  # the room prints no line: the excess the engine finds
        player, amount = ctx.settlement.refund
        returned[player] += amount
        if hand.refunds is Refunds.IN_COLLECTED:
            collected[player] -= amount  # paid back inside the collected amount
    for cash_out in hand.cash_outs:  # the room paid the player this instead of the pot
        collected[cash_out.player] += cash_out.amount
    rake = (hand.pot.rake or 0) if hand.pot else 0
    if rake and hand.pot is not None and hand.pot.collected_basis is PotBasis.GROSS:
        winners = list(collected)
        for name, cut in zip(winners, share_in_proportion(rake, [collected[n] for n in winners]), strict=True):
            collected[name] -= cut
    order = replayed.order
    put_in = {name: replayed.players[name].contributed for name in order}
    rake_shares = share_in_proportion(rake, [max(put_in[name] - returned[name], 0) for name in order])
    return {
        name: PlayerMoney(put_in[name], returned[name], collected[name], share)
        for name, share in zip(order, rake_shares, strict=True)
    }


@dataclass(frozen=True, slots=True)
class Frames:
    """The tables of one run. A table that was not asked for is an empty frame with its schema."""

    hands: pl.DataFrame
    players: pl.DataFrame
    actions: pl.DataFrame
    pots: pl.DataFrame
    findings: pl.DataFrame
    tables: pl.DataFrame

    def named(self) -> dict[str, pl.DataFrame]:
        return {name: getattr(self, name) for name in ALL_TABLES}


@dataclass(frozen=True, slots=True)
class LazyFrames:
    """The same tables as queries (FrameBuilder.lazy_frames): what a large run's report reads, a
    selection at a time, instead of holding every row. The statistics accept either."""

    hands: pl.LazyFrame
    players: pl.LazyFrame
    actions: pl.LazyFrame
    pots: pl.LazyFrame
    findings: pl.LazyFrame
    tables: pl.LazyFrame

    def named(self) -> dict[str, pl.LazyFrame]:
        return {name: getattr(self, name) for name in ALL_TABLES}


_INT_RANGE: dict[type, tuple[int, int]] = {
    pl.Int8: (-(2**7), 2**7 - 1),
    pl.Int16: (-(2**15), 2**15 - 1),
    pl.Int32: (-(2**31), 2**31 - 1),
    pl.Int64: (-(2**63), 2**63 - 1),
    pl.UInt8: (0, 2**8 - 1),
    pl.UInt16: (0, 2**16 - 1),
    pl.UInt32: (0, 2**32 - 1),
    pl.UInt64: (0, 2**64 - 1),
}


class _Table:
    """The rows of the current batch, and the batches already closed: frames in memory, or, when the
    table spills (`spill`: a directory), Arrow IPC files there that `lazy()` scans."""

    def __init__(self, schema: pl.Schema, spill: Path | None = None, name: str = "", staged: bool = False) -> None:
        self.schema = schema
        self.staged = staged  # (spilled as Arrow IPC streams, for an export's dataset: see FrameBuilder)
        self.rows: list[dict[str, Any]] = []
        self.frames: list[pl.DataFrame] = []
        self.spill = spill
        self.name = name
        self.files: list[Path] = []
        # the batches' hand numbers never go down (true of the hands and the players: a run numbers its
        # hands in order, and a worker's are renumbered after those already in): the queries may then
        # join on them by merging, which holds neither table in memory
        self.in_order = "hand_no" in schema
        self.last_hand_no = 0
        self.unnumbered = 0  # rows without a hand number (findings across hands name their hand otherwise)
        # integer columns and the values they hold: a value beyond them (an amount of 2^63 cents, a seat
        # 540,531) is left null in the table, never an overflow; the hand's findings say what is wrong
        self.bounded = [
            (name, *_INT_RANGE[dtype.__class__]) for name, dtype in schema.items() if dtype.__class__ in _INT_RANGE
        ]

    def add(self, row: dict[str, Any]) -> None:
        for name, low, high in self.bounded:
            value = row.get(name)
            if value is not None and not low <= value <= high:
                row[name] = None
        self.rows.append(row)  # a column the row leaves out is null

    def flush(self) -> None:
        if self.rows:
            self.add_frame(pl.DataFrame(self.rows, schema=self.schema))
            self.rows = []

    def add_frame(self, frame: pl.DataFrame) -> None:
        """Close one batch: keep it, or write it to the spill directory (lz4-compressed Arrow IPC)."""
        if "hand_no" in self.schema:
            self.unnumbered += frame["hand_no"].null_count()
        if self.in_order and frame.height:
            numbers = frame["hand_no"]
            first = numbers[0]
            if numbers.null_count() or first < self.last_hand_no or not numbers.is_sorted():
                self.in_order = False
            else:
                self.last_hand_no = numbers[-1]
        if self.spill is None:
            self.frames.append(frame)
            return
        path = self.spill / f"{self.name}-{len(self.files):06d}.arrow"
        if self.staged:
            write_scratch(path, lambda stream: frame.write_ipc_stream(stream, compression="lz4"))
        else:
            write_scratch(path, lambda stream: frame.write_ipc(stream, compression="lz4"))
        self.files.append(path)

    def frame(self) -> pl.DataFrame:
        self.flush()
        if self.files:
            return self.lazy().collect()
        if not self.frames:
            return pl.DataFrame(schema=self.schema)
        frame = pl.concat(self.frames, how="vertical", rechunk=True)
        self.frames = [frame]
        return frame

    def lazy(self) -> pl.LazyFrame:
        """The table as a query: its spilled batches scanned from disk, never all in memory at once."""
        self.flush()
        parts = [pl.scan_ipc(self.files)] if self.files else []
        parts += [frame.lazy() for frame in self.frames]
        if not parts:
            return pl.DataFrame(schema=self.schema).lazy()
        query = parts[0] if len(parts) == 1 else pl.concat(parts, how="vertical")
        return query.set_sorted("hand_no") if self.in_order else query


def table_frame(rows: Iterable[dict[str, Any]], schema: pl.Schema) -> pl.DataFrame:
    """`rows` as a frame of `schema`, a value beyond its integer column's type left null (as the tables do)."""
    table = _Table(schema)
    for row in rows:
        table.add(dict(row))
    return table.frame()


class FrameBuilder:
    """Add audited hands one at a time; `frames()` gives the tables.

    `house` forces one set of house rules for the replay (None: each room's preset, as the auditor
    does). `tables` names the tables to build; `hands` and `findings` are cheap, `players` needs a
    replay of every hand, `actions` and `pots` are the large ones.
    """

    def __init__(
        self,
        house: HouseRules | None = None,
        tables: Iterable[str] = ALL_TABLES,
        *,
        batch_size: int = 2000,
        strict: bool = False,
        spill: Path | None = None,
        staged: bool = False,
    ) -> None:
        self.house = house
        self.strict = strict
        self.problems: list[tuple[str, int, str]] = []  # (path, line, error) of hands left out of the tables
        self.wanted = frozenset(tables)
        unknown = self.wanted - set(SCHEMAS)
        if unknown:
            raise ValueError(f"unknown tables: {', '.join(sorted(unknown))}")
        self.tables = {name: _Table(schema, spill, name, staged) for name, schema in SCHEMAS.items()}
        self.batch_size = batch_size
        self.hand_no = 0
        # (the players' flags, a callable a test may replace on the instance: the module may be compiled,
        # and compiled code calls a module's functions directly)
        self.flags_of: Callable[[Hand, Replay], dict[str, PlayerFlags]] = player_flags

    def house_for(self, hand: Hand) -> HouseRules:
        return self.house or preset_for(hand)

    def add(self, audited: AuditedHand, ctx: HandContext | None = None) -> HandContext | None:
        """Add one hand; return its replayed context when one was used (for callers that want more).

        `ctx` is the hand's context when the caller already has it (the rules' replay), so the hand is
        not replayed twice."""
        if audited.copy:
            return None  # an identical copy of a hand already added: counted once (CT-5)
        self.hand_no += 1
        item = audited.item
        if isinstance(item, UnreadableHand):
            ctx = None
            self._add_unreadable(item, audited.findings)
        else:
            replayable = item.game.is_flop_game and not item.cancelled
            if not (replayable and self.wanted & {"players", "actions", "pots"}):
                ctx = None
            elif ctx is None or ctx.hand is not item:
                ctx = HandContext(item, self.house_for(item))
            try:
                self._add_hand(item, ctx, audited.findings)
            except Exception as error:  # a bug here must not lose the run: keep the hand's own row
                if self.strict:
                    raise
                self.problems.append((item.source.path, item.source.line, repr(error)))
                ctx = None
                self._add_hand(item, None, audited.findings)
        if "findings" in self.wanted:
            for finding in audited.findings:
                self._add_finding(finding, self.hand_no)
        if self.hand_no % self.batch_size == 0:
            for table in self.tables.values():
                table.flush()
        return ctx

    def add_across(self, findings: Iterable[Finding]) -> None:
        """Add the findings across hands (OA7xx), known once every hand is in: each belongs to the hand it
        names (its file and hand id), whose number `frames()` looks up."""
        if "findings" in self.wanted:
            for finding in findings:
                self._add_finding(finding, None)

    def add_frames(self, named: dict[str, pl.DataFrame], hands: int) -> None:
        """Tables built by another builder (a worker's: omaha_audit/run/parallel.py), their hands numbered already
        to follow the `hands` added so far here; `hands` more are in them."""
        for name, frame in named.items():
            table = self.tables[name]
            table.flush()
            if frame.height:
                table.add_frame(frame)
        self.hand_no += hands

    def add_table_rows(self, rows: Iterable[dict[str, Any]]) -> None:
        """Add the rows of the `tables` table: every hand in its table's order (Auditor(table_rows=True))."""
        for row in rows:
            self.add_table_row(row)

    def add_table_row(self, row: dict[str, Any]) -> None:
        """Add one row of the `tables` table (an Auditor's `table_row_sink`): batched as the other rows are."""
        table = self.tables["tables"]
        table.add(dict(row))
        if len(table.rows) >= self.batch_size:
            table.flush()

    def frames(self) -> Frames:
        tables = {name: table.frame() for name, table in self.tables.items()}
        for name in ("findings", "tables"):
            if self.tables[name].unnumbered:
                tables[name] = _numbered(tables[name].lazy(), tables["hands"].lazy()).collect()
        return Frames(**tables)

    def lazy_frames(self) -> LazyFrames:
        """The tables as queries over their batches (scanned from the spill directory when there is one)."""
        tables = {name: table.lazy() for name, table in self.tables.items()}
        for name in ("findings", "tables"):
            if self.tables[name].unnumbered:
                tables[name] = _numbered(tables[name], tables["hands"])
        return LazyFrames(**tables)

    # ---- rows ---------------------------------------------------------------------------------
    def _add_unreadable(self, item: UnreadableHand, findings: list[Finding]) -> None:
        self.tables["hands"].add(
            {
                "hand_no": self.hand_no,
                "status": "unreadable",
                "room": item.room,
                "format": item.room,
                "hand_id": item.hand_id,
                "path": item.path,
                "line": item.first_line,
                "findings": len(findings),
                "errors": sum(1 for f in findings if f.severity is Severity.ERROR),
            }
        )

    def _add_hand(self, hand: Hand, ctx: HandContext | None, findings: list[Finding]) -> None:
        time, zone = hand_time(hand)
        stakes, pot = hand.stakes, hand.pot
        players = len(ctx.replay.order) if ctx is not None else len({a.player for a in hand.actions})
        showdown = None
        if ctx is not None:
            showdown = sum(1 for name in ctx.replay.order if not ctx.replay.players[name].folded) >= 2
        rows: dict[str, list[dict[str, Any]]] = {}
        if ctx is not None:
            if "players" in self.wanted:
                rows["players"] = self._player_rows(hand, ctx)
            if "actions" in self.wanted:
                rows["actions"] = self._action_rows(ctx)
            if "pots" in self.wanted:
                rows["pots"] = self._pot_rows(hand, ctx)
        rows["hands"] = [
            {
                "hand_no": self.hand_no,
                "status": "audited" if hand.game.is_flop_game else "not-audited",
                "room": hand.room,
                "format": hand.format,
                "hand_id": hand.hand_id,
                "table_id": hand.table_id,
                "path": hand.source.path,
                "line": hand.source.line,
                "time": time,
                "time_zone": zone,
                "day": time.date() if time else None,
                "game": hand.game.value,
                "structure": hand.structure.value,
                "tournament_id": hand.tournament.tournament_id if hand.tournament else None,
                "currency": hand.unit.currency,
                "unit": hand.unit.describe(),
                "decimals": hand.unit.decimals,
                "small_blind": stakes.small_blind,
                "big_blind": stakes.big_blind,
                "small_bet": stakes.small_bet,
                "big_bet": stakes.big_bet,
                "ante": stakes.ante,
                "stakes": stakes_label(hand),
                "table": hand.table,
                "max_seats": hand.max_seats,
                "players": players,
                "pot": pot.total if pot else None,
                "rake": pot.rake if pot else None,
                "fees": sum(fee.amount for fee in hand.fees if fee.effect is FeeEffect.TAKEN) if pot else None,
                "collected": sum(line.amount for line in hand.collected),
                "flop": any(deal.street is Street.FLOP for deal in hand.streets),
                "showdown": showdown,
                "run_twice": hand.run_twice,
                "findings": len(findings),
                "errors": sum(1 for f in findings if f.severity is Severity.ERROR),
            }
        ]
        for name, table_rows in rows.items():  # all rows computed first: a failure adds nothing
            table = self.tables[name]
            for row in table_rows:
                table.add(row)

    def _player_rows(self, hand: Hand, ctx: HandContext) -> list[dict[str, Any]]:
        replayed = ctx.replay
        flags = self.flags_of(hand, replayed)
        if hand.game.is_hi_lo and any(flag.saw_showdown for flag in flags.values()):
            mark_scoops(hand, ctx.settlement, flags)
        money = player_money(hand, ctx)
        seats = [(name, replayed.players[name].seat) for name in replayed.order]
        where = positions(seats, hand.button, replayed.small_blind_player, replayed.big_blind_player)
        rows = []
        for name in replayed.order:
            flag: PlayerFlags = flags[name]
            state = replayed.players[name]
            flows = money[name]
            won = flows.collected
            rows.append(
                {
                    "hand_no": self.hand_no,
                    "hand_id": hand.hand_id,
                    "seat": state.seat,
                    "player": name,
                    "position": where.get(name),
                    "stack": state.stack + state.contributed,
                    "put_in": flows.put_in,
                    "returned": flows.returned,
                    "invested": flows.invested,
                    "collected": won,
                    "net": flows.net,
                    "rake_paid": flows.rake_paid,
                    "vpip": flag.vpip,
                    "pfr": flag.pfr,
                    "three_bet_opp": flag.three_bet_opp,
                    "three_bet": flag.three_bet,
                    "fold_to_three_bet_opp": flag.fold_to_three_bet_opp,
                    "fold_to_three_bet": flag.fold_to_three_bet,
                    "cbet_opp": flag.cbet_opp,
                    "cbet": flag.cbet,
                    "saw_flop": flag.saw_flop,
                    "saw_showdown": flag.saw_showdown,
                    "won_showdown": flag.saw_showdown and won > 0,
                    "postflop_aggressive": flag.postflop_aggressive,
                    "postflop_calls": flag.postflop_calls,
                    "scoop": flag.scoop,
                    "quarter": flag.quarter,
                }
            )
        return rows

    def _action_rows(self, ctx: HandContext) -> list[dict[str, Any]]:
        rows = []
        for step in ctx.replay.steps:
            action = step.action
            rows.append(
                {
                    "hand_no": self.hand_no,
                    "seq": step.number,
                    "street": step.street.value,
                    "seat": action.seat,
                    "player": action.player,
                    "action": action.kind.value,
                    "amount": action.amount,
                    "raise_to": action.raise_to,
                    "added": step.added,
                    "all_in": action.all_in,
                    "pot_before": step.pot_before,
                    "to_call": step.to_call,
                    "min_to": step.min_to,
                    "max_to": step.max_to,
                    "may_raise": step.may_raise,
                    "expected_actor": step.expected_actor,
                    "line": action.source.line,
                }
            )
        return rows

    def _pot_rows(self, hand: Hand, ctx: HandContext) -> list[dict[str, Any]]:
        settlement = ctx.settlement
        summary = hand.pot
        printed = ([summary.main] if summary and summary.main is not None else []) + list(
            summary.sides if summary else ()
        )
        collected: dict[int, int] = defaultdict(int)
        for line in hand.collected:
            collected[line.pot] += line.amount
        rows = []
        for result in settlement.results:
            index = result.pot.index
            winners = dict.fromkeys(
                share.player for board in result.boards for share in board.shares if share.amount > 0
            )
            rows.append(
                {
                    "hand_no": self.hand_no,
                    "pot": index,
                    "amount": result.pot.amount,
                    "net": result.net,
                    "printed": printed[index] if index < len(printed) else None,
                    "collected": collected.get(index, 0),
                    "eligible": list(result.pot.eligible),
                    "winners": list(winners) if result.decided else [],
                    "decided": result.decided,
                }
            )
        return rows

    def _add_finding(self, finding: Finding, hand_no: int | None) -> None:
        self.tables["findings"].add(finding_row(finding, hand_no))


def finding_row(finding: Finding, hand_no: int | None) -> dict[str, Any]:
    """A row of the `findings` table (`hand_no` None: it names its hand by file and id, numbered later)."""
    return {
        "hand_no": hand_no,
        "room": finding.room,
        "format": finding.format,
        "hand_id": finding.hand_id,
        "code": finding.code,
        "family": family_of(finding.code),
        "severity": finding.severity.value,
        "path": finding.path,
        "line": finding.line,
        "street": finding.street,
        "seat": finding.seat,
        "player": finding.player,
        "message": finding.message,
        "expected": finding.expected,
        "actual": finding.actual,
    }


def streamed(query: pl.LazyFrame) -> pl.DataFrame:
    """Run a query on Polars' streaming engine, which reads the tables batch by batch (tables spilled to
    disk are never loaded whole); an in-memory table gives the same result."""
    return query.collect(engine="streaming")


def _numbered(rows: pl.LazyFrame, hands: pl.LazyFrame) -> pl.LazyFrame:
    """`rows` that name their hand by file and id (the findings across hands, the tables' rows) given its
    number where they have none: the first hand of that file with that id. The numbers of the hands those
    rows name (a few, usually) are looked up once, here, so a query over the rows does not scan every
    hand's file and id again."""
    wanted = rows.filter(pl.col("hand_no").is_null()).select("path", "hand_id").unique()
    numbers = (
        hands.select("path", "hand_id", "hand_no")
        .join(wanted, on=["path", "hand_id"], how="semi")
        .group_by("path", "hand_id")
        .agg(pl.col("hand_no").min().alias("_no"))
    )
    columns = rows.collect_schema().names()
    joined = rows.join(streamed(numbers).lazy(), on=["path", "hand_id"], how="left", maintain_order="left")
    return joined.with_columns(pl.coalesce("hand_no", "_no").alias("hand_no")).select(columns)


def build_frames(
    hands: Iterable[AuditedHand], house: HouseRules | None = None, tables: Iterable[str] = ALL_TABLES
) -> Frames:
    builder = FrameBuilder(house, tables)
    for audited in hands:
        builder.add(audited)
    return builder.frames()
