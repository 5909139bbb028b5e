"""The floor manager's view of a run: findings by table and findings over time.

Both are counted once the run is over from the report's `hands` and `findings` tables (stats/frames.py:
one compact row a hand, built while the audit streams, by one process or by many workers), so the audit
does no extra work per hand, and what is kept here is a row per table and per time bucket.

A table is its room, its table id and its tournament (none for cash games); unreadable hands have no
table and are counted on a row of their own, so the rows add up to the run's hands and findings. Time
buckets are of the hand's start in UTC (`Hand.started`): by day, and by hour as well when the run spans
less than `HOURLY_SPAN`; a hand whose start is not known in UTC (the room prints no zone, or no time) is
counted under "time unknown", never guessed into a bucket.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass

import polars as pl

from omaha_audit.report.charts import BarChart, ColumnChart, bar_chart, column_chart
from omaha_audit.stats.frames import Frames, LazyFrames, streamed

MAX_TABLE_ROWS = 1000  # rows of the findings-by-table table (the tables with the most errors first)
TOP_TABLES = 10  # bars of the chart of the tables with the most errors
TOP_CODES = 3  # most frequent codes named per table
HOURLY_SPAN = datetime.timedelta(days=3)
MAX_CHART_DAYS = 120  # more days than this with hands: the chart draws months (the table keeps days)
UNKNOWN_TIME = "time unknown"
NO_TABLE = "(no table: unreadable)"
NO_TOURNAMENT_ID = "(id not printed)"  # a tournament hand whose text gives no tournament id
_LABEL = 34  # characters of a table's name in the chart


@dataclass(frozen=True, slots=True)
class TableFindings:
    room: str
    table: str
    tournament: str  # the tournament id, "" for a cash game
    hands: int
    errors: int
    warnings: int
    infos: int
    codes: str  # the most frequent codes: "OA601 ×4, OA402 ×2"
    anchor: str  # id of the table's view in the Tables section, "" when it has none

    @property
    def findings(self) -> int:
        return self.errors + self.warnings + self.infos


@dataclass(frozen=True, slots=True)
class ByTable:
    rows: tuple[TableFindings, ...]
    tables: int  # every table of the run (the rows may be fewer)
    chart: BarChart
    note: str


@dataclass(frozen=True, slots=True)
class TimeBucket:
    label: str  # "2011-04-17", "2011-04-17 13:00", or UNKNOWN_TIME
    sort: str  # sorts in time order, the unknown row last
    hands: int
    errors: int
    warnings: int
    infos: int


@dataclass(frozen=True, slots=True)
class TimeTable:
    anchor: str
    title: str
    rows: tuple[TimeBucket, ...]  # the known buckets in time order, then the unknown row (if any hand)
    chart: ColumnChart
    note: str


@dataclass(frozen=True, slots=True)
class OverTime:
    tables: tuple[TimeTable, ...]  # by day, and by hour when the run is short
    unknown: int  # hands whose start in UTC is not known
    note: str


def _with_table(frames: Frames | LazyFrames) -> tuple[pl.LazyFrame, pl.LazyFrame]:
    """The hands (hand_no, room, table, tournament, start in UTC or null) and the findings (hand_no,
    code, severity) each with its hand's room, table, tournament and start, as queries."""
    hands = frames.hands.lazy().select(
        "hand_no",
        pl.col("room").fill_null(""),
        pl.when(pl.col("status") == "unreadable")
        .then(pl.lit(NO_TABLE))
        .otherwise(pl.col("table_id").fill_null(""))
        .alias("table"),
        pl.when(pl.col("tournament_id") == "")
        .then(pl.lit(NO_TOURNAMENT_ID))
        .otherwise(pl.col("tournament_id").fill_null(""))
        .alias("tournament"),
        pl.when(pl.col("time_zone") == "UTC").then(pl.col("time")).otherwise(None).alias("utc"),
    )
    findings = (
        frames.findings.lazy()
        .select("hand_no", "code", pl.col("severity").cast(pl.String), pl.col("room").alias("finding_room"))
        .join(hands, on="hand_no", how="left")
    )
    findings = findings.with_columns(
        pl.coalesce("room", "finding_room").fill_null(""),
        pl.col("table").fill_null(NO_TABLE),
        pl.col("tournament").fill_null(""),
    )
    return hands, findings


def _severity_counts(findings: pl.LazyFrame, by: list[str]) -> pl.LazyFrame:
    return findings.group_by(by).agg(
        (pl.col("severity") == "error").sum().alias("errors"),
        (pl.col("severity") == "warning").sum().alias("warnings"),
        (pl.col("severity") == "info").sum().alias("infos"),
    )


def by_table(frames: Frames | LazyFrames, anchors: Mapping[str, str], limit: int = MAX_TABLE_ROWS) -> ByTable:
    """Every table's hands and findings by severity, the tables with the most errors first; `anchors`:
    the table views' ids by "room\\ttable id" (the key of omaha_audit/run/sequences.py)."""
    hands, findings = _with_table(frames)
    keys = ["room", "table", "tournament"]
    counted = hands.group_by(keys).agg(pl.len().alias("hands"))
    # (a finding whose hand is not in the tables, which should not happen, still gets a row)
    counted = counted.join(_severity_counts(findings, keys), on=keys, how="full", coalesce=True).with_columns(
        pl.col("hands", "errors", "warnings", "infos").fill_null(0)
    )
    codes: dict[tuple[str, str, str], str] = {}
    # (a row per table and code, sorted here: the streaming engine's groups come in no fixed order)
    top = streamed(findings.group_by([*keys, "code"]).agg(pl.len().alias("n")))
    top = top.sort(["n", *keys, "code"], descending=[True, False, False, False, False])
    for room, table, tournament, code, count in top.group_by(keys, maintain_order=True).head(TOP_CODES).iter_rows():
        key = (room, table, tournament)
        codes[key] = f"{codes[key]}, {code} ×{count:,}" if key in codes else f"{code} ×{count:,}"
    ordered = streamed(counted).sort(
        ["errors", "warnings", "infos", "hands", "room", "table", "tournament"],
        descending=[True, True, True, True, False, False, False],
    )
    rows = tuple(
        TableFindings(
            room,
            table,
            tournament,
            hands_count,
            errors,
            warnings,
            infos,
            codes.get((room, table, tournament), ""),
            anchors.get(f"{room}\t{table}", ""),
        )
        for room, table, tournament, hands_count, errors, warnings, infos in ordered.head(limit)
        .select(*keys, "hands", "errors", "warnings", "infos")
        .iter_rows()
    )
    bars = []
    for row in rows[:TOP_TABLES]:
        if not row.errors:
            break
        name = _table_name(row)
        label = name if len(name) <= _LABEL else name[: _LABEL - 1] + "…"
        bars.append((label, f"{name}: {row.errors:,} errors in {row.hands:,} hands", row.errors, "error"))
    chart = bar_chart(
        bars, label_width=int(8 + 6.2 * max((len(b[0]) for b in bars), default=8)), name="Errors by table"
    )
    note = (
        f"The {limit:,} of {ordered.height:,} tables with the most errors (then warnings) are listed."
        if ordered.height > limit
        else ""
    )
    return ByTable(rows, ordered.height, chart, note)


def _table_name(row: TableFindings) -> str:
    where = f"{row.room} {row.table}".strip()
    return f"{where} (tournament {row.tournament})" if row.tournament and row.tournament not in row.table else where


def over_time(frames: Frames | LazyFrames) -> OverTime:
    """Hands and findings per day of their start in UTC (and per hour when the run spans less than
    `HOURLY_SPAN`), with the hands whose start is unknown on a row of their own."""
    hands, findings = _with_table(frames)
    span = streamed(
        hands.select(
            pl.col("utc").null_count().alias("unknown"),
            pl.col("utc").min().alias("first"),
            pl.col("utc").max().alias("last"),
        )
    )
    unknown_hands, first, last = span.row(0) if span.height else (0, None, None)
    tables = [_time_table(hands, findings, "day", "By day (UTC)", unknown_hands)]
    if isinstance(first, datetime.datetime) and isinstance(last, datetime.datetime) and last - first < HOURLY_SPAN:
        tables.append(_time_table(hands, findings, "hour", "By hour (UTC)", unknown_hands, first, last))
    note = (
        f"{unknown_hands:,} hands have no start time known in UTC (the room printed no time zone, or no time): "
        f"they are counted under “{UNKNOWN_TIME}”."
        if unknown_hands
        else ""
    )
    return OverTime(tuple(tables), unknown_hands, note)


def _bucketed(frame: pl.LazyFrame, size: str) -> pl.LazyFrame:
    every = {"day": "1d", "hour": "1h", "month": "1mo"}[size]
    return frame.with_columns(pl.col("utc").dt.truncate(every).alias("bucket"))


def _time_table(
    hands: pl.LazyFrame,
    findings: pl.LazyFrame,
    size: str,
    title: str,
    unknown_hands: int,
    first: datetime.datetime | None = None,
    last: datetime.datetime | None = None,
) -> TimeTable:
    known_hands = hands.filter(pl.col("utc").is_not_null())
    known_findings = findings.filter(pl.col("utc").is_not_null())
    counted_query = _bucketed(known_hands, size).group_by("bucket").agg(pl.len().alias("hands"))
    severities = _severity_counts(_bucketed(known_findings, size), ["bucket"])
    counted = streamed(
        counted_query.join(severities, on="bucket", how="full", coalesce=True).with_columns(
            pl.col("hands", "errors", "warnings", "infos").fill_null(0)
        )
    )
    if size == "hour" and first is not None and last is not None:  # every hour of a short run, quiet ones too
        start = first.replace(minute=0, second=0, microsecond=0)
        span = pl.DataFrame({"bucket": pl.datetime_range(start, last, "1h", eager=True, time_unit="us")})
        counted = counted.join(span, on="bucket", how="full", coalesce=True).with_columns(
            pl.col("hands", "errors", "warnings", "infos").fill_null(0)
        )
    stamp = "%Y-%m-%d %H:00" if size == "hour" else "%Y-%m-%d"
    rows = []
    for bucket, hands_count, errors, warnings, infos in (
        counted.sort("bucket").select("bucket", "hands", "errors", "warnings", "infos").iter_rows()
    ):
        label = bucket.strftime(stamp)
        rows.append(TimeBucket(label, label, hands_count, errors, warnings, infos))
    unknown = streamed(findings.filter(pl.col("utc").is_null()).group_by("severity").agg(pl.len()))
    if unknown_hands or unknown.height:  # (the hands whose start is unknown, and their findings)
        by_severity = dict(unknown.iter_rows())
        rows.append(
            TimeBucket(
                UNKNOWN_TIME,
                "~",
                unknown_hands,
                by_severity.get("error", 0),
                by_severity.get("warning", 0),
                by_severity.get("info", 0),
            )
        )
    known = [row for row in rows if row.label != UNKNOWN_TIME]
    note = ""
    if size == "day" and len(known) > MAX_CHART_DAYS:
        months = _bucketed(findings.filter(pl.col("utc").is_not_null()), "month")
        by_month = streamed(_severity_counts(months, ["bucket"])).sort("bucket")
        first_month = min(row.label for row in known)[:7]
        last_month = max(row.label for row in known)[:7]
        all_months = pl.DataFrame(
            {
                "bucket": pl.datetime_range(
                    datetime.datetime.strptime(first_month, "%Y-%m"),
                    datetime.datetime.strptime(last_month, "%Y-%m"),
                    "1mo",
                    eager=True,
                    time_unit="us",
                )
            }
        )
        by_month = all_months.join(by_month, on="bucket", how="left").fill_null(0)
        buckets = [(f"{b:%Y-%m}", e, w) for b, e, w in by_month.select("bucket", "errors", "warnings").iter_rows()]
        note = f"The chart shows months ({len(known):,} days have hands); the table lists every day."
    else:
        buckets = [(row.label, row.errors, row.warnings) for row in known]
    chart = column_chart(buckets, f"Errors and warnings {title[0].lower()}{title[1:]}")
    return TimeTable(f"time-{size}", title, tuple(rows), chart, note)
