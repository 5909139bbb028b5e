"""The HTML audit report: one self-contained file (CSS, script and charts inline, no network requests)
with the run's summary, the floor manager's view (findings by table and over time: report/floor.py), a
findings table that sorts and filters, a view of every hand with a finding (up to `max_hand_views`), the
statistics tables and the charts (findings per code; net won per player, one chart per currency of the
cash games and one per tournament, never adding different money).

    report = HtmlReport(house)
    for audited in auditor.audit_files(files):
        report.add_hand(audited)
    report.write(auditor.tally, Path("report.html"))

(`omaha_audit.cli.html_option.write_html_report` does the same for any iterable of audited hands.)

One Jinja2 environment renders it, with autoescape on and StrictUndefined: player names and chat are
untrusted text. A Content-Security-Policy allows only the report's own script and style (by hash), so
even a mistake in escaping could not run an injected script or fetch anything.
"""

from __future__ import annotations

import base64
import datetime
import hashlib
import re
import tempfile
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

import polars as pl
from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup, escape

from omaha_audit.model import Hand
from omaha_audit.model.house_rules import HouseRules
from omaha_audit.output.files import atomic_path
from omaha_audit.parse.resources import data_dir
from omaha_audit.report.charts import BarChart, LineChart, Sampled, bar_chart, line_chart, sample_indices
from omaha_audit.report.floor import ByTable, OverTime, by_table, over_time
from omaha_audit.report.hand_view import (
    FindingRow,
    finding_row,
    rendered_view,
    table_context,
    wants_view,
)
from omaha_audit.report.table_view import TableView, table_view
from omaha_audit.report.view_store import ViewStore
from omaha_audit.report.visible import escaped
from omaha_audit.rules.base import Finding, HandContext, Severity
from omaha_audit.rules.registry import BY_CODE
from omaha_audit.run.pipeline import AuditedHand, Tally
from omaha_audit.run.sequences import Neighbours, TableSession
from omaha_audit.run.sink import Keeper, KeptHand
from omaha_audit.stats.frames import FrameBuilder, Frames, LazyFrames, streamed
from omaha_audit.stats.statistics import (
    GROUP_DEFINITIONS,
    PLAYER,
    PLAYER_DEFINITIONS,
    display_columns,
    display_rows,
    statistics,
)

MAX_HAND_VIEWS = 2000
MAX_TABLE_VIEWS = 50  # tables with errors or warnings across hands shown seat by seat
MAX_FINDING_ROWS = 50_000
FINDINGS_PAGE = 500  # rows of the findings table shown at a time (the rest are in the page, hidden)
HANDS_PAGE = 50  # hand views listed at a time (each drawn when it is opened)
MAX_STATS_ROWS = 200
CHART_PLAYERS = 16  # players per net-won chart (the most hands first), one line shown at a time
MAX_NET_CHARTS = 6  # net-won charts: one per currency of cash games, one per tournament (the most hands first)


@lru_cache(maxsize=1)
def environment() -> Environment:
    """The one Jinja2 environment of the project: templates/, autoescape always on, StrictUndefined."""
    env = Environment(
        loader=FileSystemLoader(str(data_dir("templates"))),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        finalize=_shown,
    )
    env.filters["inert"] = inert
    env.filters["words"] = words
    return env


def inert(markup: str) -> Markup:
    """Markup the report made (its text escaped), to keep as the text of a <script> element that is not
    run (the hand views, drawn when opened): nothing in it can end the element or open a comment there.
    (Escaped text never holds a raw `<`; the templates write neither sequence; this makes it sure.)"""
    text = re.sub("</(script)", r"&lt;/\1", str(markup), flags=re.IGNORECASE)
    return Markup(text.replace("<!--", "&lt;!--"))


def words(name: str) -> Markup:
    """A name (room, table, player) that may wrap between its words but never inside one: a word holding
    a character a line may break after (a hyphen, a slash...) is kept whole in a span that does not wrap."""
    parts = []
    for word in str(_shown(name)).split(" "):
        text = escape(word)
        parts.append(Markup('<span class="id">{}</span>').format(text) if not word.isalnum() and word else text)
    return Markup(" ").join(parts)


def _shown(value: object) -> object:
    """A value as a template prints it: text from the input (hand lines, names, messages) with its control
    and format characters (NUL, ESC, right-to-left marks, ...) written as escapes, as the terminal shows
    them (a binary file's bytes never reach the page raw); line breaks and tabs, and markup the report made
    (charts, assets), kept."""
    if isinstance(value, str) and not isinstance(value, Markup) and not value.isprintable():
        return "".join(char if char.isprintable() or char in "\n\t" else escaped(char) for char in value)
    return value


def _asset(name: str) -> str:
    source, _, _ = environment().loader.get_source(environment(), name)  # type: ignore[union-attr]
    return source


def _sha256(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


@dataclass(frozen=True, slots=True)
class CodeCount:
    code: str
    name: str
    severity: str
    summary: str
    count: int


@dataclass(frozen=True, slots=True)
class Summary:
    files: int
    hands: int
    audited: int
    not_audited: int
    unreadable: int
    findings: int
    by_severity: tuple[tuple[str, int], ...]
    by_code: tuple[CodeCount, ...]
    notices: tuple[str, ...]
    dealer_findings: int  # the dealer's errors, warnings and infos (not the reading findings)
    dealer_hands: int  # hands with a dealer's error or warning
    not_fully_read: int  # hands not fully read: unreadable, the reader failed, or checks withheld
    reader_failed: int
    withheld: int  # hands read with the dealer's checks withheld on a line not understood
    skipped_files: int  # files that held no hand to audit (summaries, documents, empty files)


@dataclass(frozen=True, slots=True)
class Column:
    title: str
    tooltip: str
    numeric: bool


@dataclass(frozen=True, slots=True)
class StatsTable:
    anchor: str
    title: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str


@dataclass(frozen=True, slots=True)
class Report:
    title: str
    inputs: str
    generated: str
    csp: str
    style: Markup
    script: Markup
    summary: Summary
    findings: tuple[FindingRow, ...]
    findings_note: str
    page_size: int
    codes: tuple[str, ...]
    severities: tuple[str, ...]
    rooms: tuple[str, ...]
    hand_views: ViewStore  # read from disk as the page is written
    hand_views_note: str
    hands_page: int
    table_views: tuple[TableView, ...]
    table_views_note: str
    tables: int
    stats: tuple[StatsTable, ...]
    code_chart: BarChart
    net_charts: NetCharts
    by_table: ByTable
    over_time: OverTime
    problems: tuple[str, ...]
    fairness: Markup | None = None  # `audit --fairness`: the section omaha_audit/fairness/html.py makes


@dataclass(frozen=True, slots=True)
class NetCharts:
    charts: tuple[LineChart, ...]  # one per currency (cash games) and per tournament (its chips)
    note: str  # how many were left out


def _summary(tally: Tally) -> Summary:
    codes = []
    for code, count in sorted(tally.by_code.items()):
        rule = BY_CODE.get(code)
        codes.append(
            CodeCount(
                code,
                rule.name if rule else "",
                rule.severity.value if rule else "",
                " ".join(rule.doc.split("\n\n")[0].split()) if rule else "",  # the doc's first paragraph
                count,
            )
        )
    severities = tuple((s.value, tally.by_severity.get(s.value, 0)) for s in Severity)
    notices = tuple(f"{notice.path}: {notice.message}" for notice in tally.notices)
    return Summary(
        tally.files,
        tally.hands,
        tally.audited,
        tally.not_audited,
        tally.unreadable,
        tally.findings,
        severities,
        tuple(codes),
        notices,
        tally.dealer_findings,
        tally.dealer_hands,
        tally.incomplete,
        tally.reader_failed,
        tally.not_fully_read,
        sum(tally.skipped_files().values()),
    )


_TEXT_COLUMNS = {"player", "unit", "tournament", "room", "table", "stakes", "game", "day"}


def _stats_table(frames: LazyFrames, by: str, title: str, limit: int = MAX_STATS_ROWS) -> StatsTable:
    rows_in_all = None
    if by == "table":  # many tables: the busiest first, and only the `limit` shown are counted in full
        frames, rows_in_all = _busiest_tables(frames, limit)
    table = statistics(frames, by)
    if by == "table":
        table = table.sort("hands", descending=True, maintain_order=True)
    total = table.height if rows_in_all is None else rows_in_all
    definitions = PLAYER_DEFINITIONS if by == PLAYER else GROUP_DEFINITIONS
    columns = tuple(
        Column(title_text, definitions.get(name, ""), name not in _TEXT_COLUMNS)
        for name, title_text in display_columns(by)
    )
    rows = tuple(tuple(row) for row in display_rows(table, by, limit))
    note = f"The first {limit:,} of {total:,} rows (`omaha-audit stats` gives them all)." if total > limit else ""
    return StatsTable(f"stats-{by}", title, columns, rows, note)


def _busiest_tables(frames: LazyFrames, limit: int) -> tuple[LazyFrames, int]:
    """The run's tables with only the hands of its `limit` busiest tables (and units), which the
    statistics then count in full, and the number of rows the whole table would have: a run of 50,000
    tables then holds a count per table, not every figure of every table."""
    table = ["room", "table_id", "table", "unit", "tournament_id"]  # (as the hands print them)
    counts = streamed(frames.hands.group_by(table).agg(pl.len().alias("hands")))
    order = ["hands", *table]
    busiest = counts.sort(order, descending=[True] + [False] * len(table), nulls_last=True).head(limit)
    hands = frames.hands.join(busiest.select(table).lazy(), on=table, how="semi", nulls_equal=True)
    return replace(frames, hands=hands), counts.height


def _net_charts(
    frames: Frames | LazyFrames, most: int = MAX_NET_CHARTS, players_per_chart: int = CHART_PLAYERS
) -> NetCharts:
    """Each player's cumulative net won, one chart per kind of money: a currency's cash games, or one
    tournament's chips (chips of two tournaments, or of a tournament and a cash game, are never added).

    Counted by queries over the tables: a chart holds its players' nets (hand number and net: 32 bytes a
    hand of theirs) while it sums them, and keeps the `MAX_POINTS` points of each line it draws."""
    hands = frames.hands.lazy().select(
        "hand_no",
        "currency",
        "decimals",
        # the money a chart adds up: a tournament's chips (by room and tournament id), or a currency
        # (a tournament whose id is not printed: its table's hands only, as "table <id>")
        pl.when(pl.col("tournament_id") == "")
        .then(pl.concat_str(pl.lit("t\t"), pl.col("room"), pl.lit("\ttable "), pl.col("table_id")))
        .when(pl.col("tournament_id").is_not_null())
        .then(pl.concat_str(pl.lit("t\t"), pl.col("room"), pl.lit("\t"), pl.col("tournament_id")))
        .otherwise(pl.concat_str(pl.lit("c\t"), pl.col("currency").fill_null("?")))
        .alias("money"),
    )
    # (a hand's player rows are side by side in the table: the first of them is where the hand number
    # changes, and counting those counts the hands without holding a set of every hand's number)
    first_of_hand = (pl.col("hand_no").diff().fill_null(1) != 0).alias("first_of_hand")
    players = (
        frames.players.lazy().select("hand_no", "player", "net", first_of_hand).join(hands, on="hand_no", how="inner")
    )
    # (a count of hands per kind of money, the one figure every kind needs: a run may have 50,000
    # tournaments; the rest is counted for the charts drawn only)
    groups = streamed(players.group_by("money").agg(pl.col("first_of_hand").sum().cast(pl.Int64).alias("hands"))).sort(
        ["hands", "money"], descending=[True, False]
    )
    if groups.is_empty():
        return NetCharts((), "")
    charts = []
    for number, (money, hand_count) in enumerate(groups.head(most).iter_rows()):
        in_tournament = money.startswith("t\t")
        room = money.split("\t")[1] if in_tournament else ""
        mine = players.filter(pl.col("money") == money)
        currency, decimals = streamed(mine.select(pl.col("currency").min(), pl.col("decimals").max())).row(0)
        decimals = int(decimals or 0)
        by_hands = streamed(mine.group_by("player").agg(pl.len().alias("hands")))
        player_count = by_hands.height
        busiest = by_hands.sort(["hands", "player"], descending=[True, False]).head(players_per_chart)
        tournament = money.split("\t")[2] if in_tournament else ""
        named = (
            f"tournament at {tournament} (id not printed)"
            if tournament.startswith("table ")
            else f"tournament {tournament}"
        )
        unit = f"chips of {named}" if in_tournament else str(currency)
        names = busiest["player"].to_list()
        # (a net the table could not hold is null there, and counts as nothing in the running sum)
        by_player = (
            streamed(mine.filter(pl.col("player").is_in(names)).select("player", "hand_no", pl.col("net").fill_null(0)))
            .sort("player", "hand_no")
            .select("player", (pl.col("net").cum_sum().over("player") / 10**decimals).alias("value"))
            .partition_by("player", as_dict=True)
        )
        lines = []
        for name in names:
            values = by_player[(name,)]["value"]
            line = Sampled(
                values.len(),
                tuple((index, float(values[index])) for index in sample_indices(values.len())),
                float(values.max() or 0.0),  # type: ignore[arg-type]
                float(values.min() or 0.0),  # type: ignore[arg-type]
            )

            def figure(value: float, decimals: int = decimals) -> str:
                return f"{value:,.{decimals}f}"

            final = figure(line.points[-1][1]) if line.points else "0"
            lines.append((name, unit, line, final, figure(max(line.high, 0.0)), figure(min(line.low, 0.0))))
        title = f"{room}: {named} (chips)" if in_tournament else f"Cash games in {currency}"
        note = (
            f"{len(lines):,} of {player_count:,} players shown (those with the most hands)."
            if player_count > len(lines)
            else f"All {player_count:,} players."
        )
        charts.append(line_chart(lines, key=f"net{number + 1}", title=f"{title}, {hand_count:,} hands", note=note))
    left = groups.height - len(charts)
    note = ""
    if left:
        tournaments = groups.tail(left)["money"].str.starts_with("t\t").sum()
        currencies = left - tournaments
        parts = [
            f"{count:,} {one if count == 1 else many}"
            for count, one, many in ((currencies, "currency", "currencies"), (tournaments, "tournament", "tournaments"))
            if count
        ]
        note = (
            f"{left:,} more charts are not drawn ({' and '.join(parts)}, "
            f"with fewer hands): the first {len(charts):,} of {groups.height:,} are shown."
        )
    return NetCharts(tuple(charts), note)


def _code_chart(tally: Tally) -> BarChart:
    rows = []
    for code, count in sorted(tally.by_code.items()):
        rule = BY_CODE.get(code)
        severity = rule.severity.value if rule else "info"
        rows.append((code, f"{code} {rule.name if rule else ''}: {count:,}", count, severity))
    return bar_chart(rows)


_RANK = {severity.value: rank for rank, severity in enumerate(Severity)}  # (errors, then warnings, then infos)


def _worst_first(rows: Sequence[FindingRow]) -> tuple[FindingRow, ...]:
    """The findings table's rows as the page first lists them: errors, then warnings, then infos, each in
    the order found (the # column sorts them back to that order)."""
    return tuple(sorted(rows, key=lambda row: (_RANK.get(row.severity, len(_RANK)), row.index)))


def _with_tables(rows: Sequence[FindingRow], frames: LazyFrames) -> list[FindingRow]:
    """The rows with their hand's table id (read from the hands' table by the hand's number); rows of
    findings across hands already carry theirs."""
    wanted = sorted({row.hand_no for row in rows if row.hand_no and not row.table})
    if not wanted:
        return list(rows)
    found = streamed(
        frames.hands.lazy().filter(pl.col("hand_no").is_in(wanted)).select("hand_no", pl.col("table_id").fill_null(""))
    )
    tables = dict(zip(found["hand_no"].to_list(), found["table_id"].to_list(), strict=True))
    return [replace(row, table=tables.get(row.hand_no, "")) if row.hand_no in tables else row for row in rows]


class HtmlReport:
    """Collects what the report needs while the audit streams: the statistics tables (compact rows for
    every hand, written batch by batch to a temporary directory and read back by queries when the page is
    made: their memory does not grow with the run) and full views of the first `max_hand_views` hands with
    an error or a warning. `close()` removes the temporary directory (garbage collection does too)."""

    def __init__(
        self,
        house: HouseRules | None = None,
        *,
        title: str = "omaha-audit report",
        inputs: Sequence[str] = (),
        max_hand_views: int = MAX_HAND_VIEWS,
        max_finding_rows: int = MAX_FINDING_ROWS,
        page_size: int = FINDINGS_PAGE,
    ) -> None:
        self.house = house
        self.inputs = tuple(str(path) for path in inputs)
        self.page_size = page_size
        self.title = title
        self.max_hand_views = max_hand_views
        self.max_finding_rows = max_finding_rows
        self.tables = ("hands", "players", "findings")  # the statistics tables the report draws on
        self.spill = tempfile.TemporaryDirectory(prefix="omaha-audit-report-")
        # (batches of 1,000 hands: the rows of the batch being filled are Python dicts, about 15 KiB a hand)
        self.builder = FrameBuilder(house, self.tables, spill=Path(self.spill.name), batch_size=1000)
        self.findings: list[FindingRow] = []
        self.finding_count = 0
        self.views = ViewStore(Path(self.spill.name))  # (on disk until the page is written)
        # the hands with a view (path, first line): the auditor finds their neighbours at their table
        # (Auditor.neighbours_of is this set), which `add_across` then shows in the views
        self.viewed: set[tuple[str, int]] = set()
        self.hands_with_findings = 0
        self.table_views: list[TableView] = []
        self.table_anchors: dict[str, str] = {}  # the table views' ids by "room\ttable id"
        self.tables_flagged = 0
        self.fairness: str | None = None  # the fairness section's markup, escaped where it was made
        self._keeper = self.keeper()  # (for add_hand)

    def keeper(self) -> Keeper:
        """What keeps each hand for this report where it is audited, in this process (`add_hand`); workers
        are lent the same parts (cli/audit_cmd.py)."""
        return Keeper(self.builder, viewer=rendered_view, views=self.max_hand_views)

    def add(self, hand: KeptHand) -> None:
        """Add one hand with findings, kept where it was audited (run/sink.py), in input order: its findings'
        rows, and its view (numbered here) while the report shows views."""
        rows = self._rows(hand.findings, hand.number, hand.view is not None)
        view = hand.view
        if rows and rows[0].anchor and view is not None:
            self.views.append(replace(view, anchor=rows[0].anchor, findings=tuple(rows)))
            self.viewed.add(view.key)

    def add_hand(self, audited: AuditedHand, ctx: HandContext | None = None) -> None:
        """Keep and add one hand audited in this process (`ctx`: its replay, when the caller has it)."""
        item = audited.item
        house = self.builder.house_for(item) if isinstance(item, Hand) and audited.findings else None
        kept, _ = self._keeper.keep(audited, house, ctx)
        if kept is not None:
            self.add(kept)

    def _rows(self, findings: Sequence[Finding], hand_no: int, viewable: bool = True) -> list[FindingRow]:
        """The findings' rows, each pointing at the hand's view when it gets one: the first
        `max_hand_views` hands with an error or a warning (hands whose findings are all info get none)."""
        with_view = False
        if wants_view(findings):
            self.hands_with_findings += 1
            with_view = viewable and len(self.views) < self.max_hand_views
        anchor = f"hand-{hand_no}" if with_view else ""
        rows = []
        for finding in findings:
            self.finding_count += 1
            row = finding_row(self.finding_count, finding, anchor, hand_no)
            rows.append(row)
            if len(self.findings) < self.max_finding_rows:
                self.findings.append(row)
        return rows

    def add_across(
        self,
        findings: Sequence[Finding],
        sessions: Sequence[TableSession] = (),
        neighbours: Mapping[tuple[str, int], Neighbours] | None = None,
    ) -> None:
        """Add the run's findings across hands (known at its end), the views of the tables they are on
        (Auditor(table_views=...).sessions), and to each hand view the stacks of its table's hands before
        and after it (Auditor.neighbours, found for `viewed`)."""
        if neighbours:
            for index, key in enumerate(self.views.keys):
                around = neighbours.get(key)
                if around is not None:
                    before, itself, after = around
                    self.views.set_table(index, table_context(itself, before, after))
        self.builder.add_across(findings)
        anchors: dict[tuple[str, str], str] = {}
        names: dict[tuple[str, str], str] = {}  # each session hand's table id
        for session in sessions:
            view = table_view(len(self.table_views) + 1, session)
            self.table_views.append(view)
            self.table_anchors.setdefault(session.table, view.anchor)
            for hand in session.hands:
                anchors.setdefault((hand.path, hand.hand_id), view.anchor)
                names.setdefault((hand.path, hand.hand_id), session.table.split("\t")[-1])
        tables = {anchor for finding in findings if (anchor := anchors.get((finding.path, finding.hand_id or "")))}
        self.tables_flagged = max(len(tables), len(sessions))
        for finding in findings:
            self.finding_count += 1
            where = (finding.path, finding.hand_id or "")
            row = finding_row(self.finding_count, finding, anchors.get(where, ""), table=names.get(where, ""))
            if len(self.findings) < self.max_finding_rows:
                self.findings.append(row)

    def close(self) -> None:
        """Remove the tables and views written to disk (the report cannot be made again after this)."""
        self.views.close()
        self.spill.cleanup()

    def __enter__(self) -> HtmlReport:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def context(self, tally: Tally) -> Report:
        frames = self.builder.lazy_frames()
        style, script = _asset("report.css"), _asset("report.js")
        csp = (
            "default-src 'none'; "
            f"script-src '{_sha256(script)}'; style-src '{_sha256(style)}'; "
            "img-src data:; base-uri 'none'; form-action 'none'"
        )
        findings_note = ""
        if self.finding_count > len(self.findings):
            findings_note = (
                f"The table lists the first {len(self.findings):,} of {self.finding_count:,} findings; "
                "`omaha-audit audit --format jsonl` or `omaha-audit export` give them all."
            )
        views_note = ""
        if self.hands_with_findings > len(self.views):
            views_note = (
                f"Hand views are shown for the first {len(self.views):,} of {self.hands_with_findings:,} hands "
                "with an error or warning; the findings table lists every finding."
            )
        counts = Counter(row.room for row in self.findings)
        stats = (
            _stats_table(frames, PLAYER, "Players"),
            _stats_table(frames, "stakes", "By stakes"),
            _stats_table(frames, "game", "By game"),
            _stats_table(frames, "day", "By day"),
            _stats_table(frames, "table", "By table"),
        )
        problems = tuple(
            f"{path}:{line}: left out of the statistics: {error}" for path, line, error in self.builder.problems
        )
        shown = ", ".join(self.inputs[:5]) + (f" and {len(self.inputs) - 5:,} more" if len(self.inputs) > 5 else "")
        return Report(
            title=self.title,
            inputs=shown,
            generated=datetime.datetime.now().strftime("%Y-%m-%d %H:%M"),
            csp=csp,
            style=Markup(style),
            script=Markup(script),
            summary=_summary(tally),
            findings=_worst_first(_with_tables(self.findings, frames)),
            findings_note=findings_note,
            page_size=self.page_size,
            codes=tuple(sorted({row.code for row in self.findings})),
            severities=tuple(s.value for s in Severity if any(row.severity == s.value for row in self.findings)),
            rooms=tuple(sorted(counts)),
            hand_views=self.views,
            hand_views_note=views_note,
            hands_page=HANDS_PAGE,
            table_views=tuple(self.table_views),
            table_views_note=(
                f"The first {len(self.table_views):,} tables with an error or warning across hands are shown."
                if len(self.table_views) >= MAX_TABLE_VIEWS
                else ""
            ),
            tables=tally.tables,
            stats=stats,
            code_chart=_code_chart(tally),
            net_charts=_net_charts(frames),
            by_table=by_table(frames, self.table_anchors),
            over_time=over_time(frames),
            problems=problems,
            fairness=None if self.fairness is None else Markup(self.fairness),
        )

    def write(self, tally: Tally, path: Path) -> None:
        """Render and write the report atomically (a temporary file renamed over `path`), piece by piece
        as the template makes it: the page (20 MB for 200,000 hands) is never one string in memory."""
        with atomic_path(Path(path)) as temporary, temporary.open("w", encoding="utf-8") as out:
            for chunk in self._chunks(tally):
                out.write(chunk)

    def _chunks(self, tally: Tally) -> Iterator[str]:
        return environment().get_template("report.html.j2").generate(report=self.context(tally))
