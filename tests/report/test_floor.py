"""The report's floor-manager sections (findings by table, findings over time) and the net-won charts per
kind of money, checked against counts the test makes itself: from the audit's JSON output and the
`parse` command's records of the same files, on real corpus files and on generated hands."""

from __future__ import annotations

import io
import json
import re
import tracemalloc
from collections import Counter, defaultdict
from datetime import UTC, datetime
from html.parser import HTMLParser
from pathlib import Path

import polars as pl
import pytest
from corpus_paths import require_corpus
from typer.testing import CliRunner

from omaha_audit.cli.app import app
from omaha_audit.generate import GenerateConfig, generate
from omaha_audit.report import floor
from omaha_audit.report.charts import line_chart
from omaha_audit.report.html import HtmlReport
from omaha_audit.run.pipeline import Auditor

# real files with tournaments (PokerStars), cash tables with many findings (Entraction), XML (iPoker) and
# hands whose room prints no time zone (Everleaf, iPoker): their start in UTC is unknown
CORPUS_FOLDERS = ("PokerStars", "Everleaf", "Entraction", "iPoker")


class Page(HTMLParser):
    """The text of every cell of every table by the table's id, and the net-won figures: per chart its
    caption, its players' option texts and each series' last label."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: dict[str, list[list[str]]] = defaultdict(list)
        self.links: dict[str, list[str]] = defaultdict(list)  # table id: the href of each row's link, or ""
        self.charts: list[dict[str, object]] = []
        self._table: str | None = None
        self._row: list[str] | None = None
        self._cell: list[str] | None = None
        self._href = ""
        self._capture: list[str] | None = None
        self._in_body = False
        feed = text
        self.feed(feed)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "table" and named.get("id"):
            self._table = named["id"]
        elif tag == "tbody" and self._table:
            self._in_body = True
        elif tag == "tr" and self._in_body:
            self._row, self._href = [], ""
        elif tag in ("td", "th") and self._row is not None:
            self._cell = []
        elif tag == "a" and self._row is not None:
            self._href = named.get("href") or ""
        elif tag == "figure" and "net" in (named.get("class") or ""):
            self.charts.append({"key": named.get("data-chart"), "caption": "", "options": [], "finals": []})
        elif tag in ("figcaption", "option") or (tag == "text" and self.charts):
            self._capture = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tr" and self._row is not None and self._table:
            self.tables[self._table].append(self._row)
            self.links[self._table].append(self._href)
            self._row = None
        elif tag == "tbody":
            self._in_body = False
        elif tag == "table":
            self._table = None
        elif tag in ("figcaption", "option", "text") and self._capture is not None:
            text = "".join(self._capture).strip()
            self._capture = None
            if not self.charts:
                return
            chart = self.charts[-1]
            if tag == "figcaption":
                chart["caption"] = text
            elif tag == "option":
                chart["options"].append(text)  # type: ignore[attr-defined]
            elif text.startswith("hand ") and ":" in text:
                chart["finals"].append(text)  # type: ignore[attr-defined]

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)
        if self._capture is not None:
            self._capture.append(data)


def number(text: str) -> int:
    return int(text.replace(",", ""))


def audit_json(paths: list[Path], html: Path) -> dict[str, object]:
    result = CliRunner().invoke(
        app, ["audit", *map(str, paths), "--format", "json", "--fail-on", "never", "--html", str(html)]
    )
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def parse_records(paths: list[Path]) -> list[dict[str, object]]:
    result = CliRunner().invoke(app, ["parse", *map(str, paths), "--format", "jsonl"])
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]


def table_key(record: dict[str, object]) -> tuple[str, str, str]:
    """The test's own idea of a table: room, table id, tournament ("cash" when none)."""
    if "table_id" not in record:  # an unreadable hand
        return (str(record.get("room") or ""), floor.NO_TABLE, "cash")
    tournament = record.get("tournament")
    if not tournament:
        return (str(record["room"]), str(record["table_id"]), "cash")
    return (str(record["room"]), str(record["table_id"]), str(tournament["id"]) or floor.NO_TOURNAMENT_ID)  # type: ignore[index]


def utc_day(record: dict[str, object]) -> str:
    started = record.get("started")
    if not started:
        return floor.UNKNOWN_TIME
    return datetime.fromisoformat(str(started)).astimezone(UTC).strftime("%Y-%m-%d")


def where(record: dict[str, object]) -> tuple[str, str]:
    source = record.get("source") or {}
    path = source.get("path") if isinstance(source, dict) else record.get("path")  # (unreadable records)
    return (str(path or record.get("path")), str(record.get("hand_id") or ""))


def expected_counts(
    records: list[dict[str, object]], findings: list[dict[str, object]], bucket: object
) -> dict[object, list[int]]:
    """hands, errors, warnings, infos per bucket of the hands (`bucket(record)`), counted here."""
    of_hand = {where(record): bucket(record) for record in records}  # type: ignore[operator]
    counts: dict[object, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for record in records:
        counts[bucket(record)][0] += 1  # type: ignore[operator]
    column = {"error": 1, "warning": 2, "info": 3}
    for finding in findings:
        key = of_hand[(str(finding["path"]), str(finding.get("hand_id") or ""))]
        counts[key][column[str(finding["severity"])]] += 1
    return dict(counts)


# ---- real corpus files ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, object], list[dict[str, object]], Page]:
    root = require_corpus()
    paths = [root / name for name in CORPUS_FOLDERS]
    html = tmp_path_factory.mktemp("floor") / "corpus.html"
    audit = audit_json(paths, html)
    records = parse_records(paths)
    return audit, records, Page(html.read_text(encoding="utf-8"))


def test_corpus_run_is_what_the_test_counts(corpus: tuple[dict[str, object], list[dict[str, object]], Page]) -> None:
    audit, records, _ = corpus
    summary = audit["summary"]
    assert isinstance(summary, dict)
    assert len(records) == summary["hands"] > 1000  # (no identical copies among these files)
    assert len({where(record) for record in records}) == len(records)
    assert len(audit["findings"]) == summary["findings"] > 100  # type: ignore[arg-type]


def test_findings_by_table_equal_the_counts_from_the_json_output(
    corpus: tuple[dict[str, object], list[dict[str, object]], Page],
) -> None:
    audit, records, page = corpus
    expected = expected_counts(records, audit["findings"], table_key)  # type: ignore[arg-type]
    rows = page.tables["by-table-table"] + page.tables["quiet-tables-table"]  # (those with no finding folded)
    assert all(sum(number(cell) for cell in row[4:7]) > 0 for row in page.tables["by-table-table"])
    assert all(sum(number(cell) for cell in row[4:7]) == 0 for row in page.tables["quiet-tables-table"])
    shown = {
        (room, table, tournament): [number(cell) for cell in figures] for room, table, tournament, *figures, _ in rows
    }
    assert len(rows) == len(shown) == len(expected)
    assert shown == expected
    assert len({key[2] for key in expected if key[2] != "cash"}) >= 20  # many tournaments among them
    # the most frequent codes of a table are its own findings' codes, most first
    of_hand = {where(record): table_key(record) for record in records}
    codes: dict[tuple[str, str, str], Counter[str]] = defaultdict(Counter)
    for finding in audit["findings"]:  # type: ignore[union-attr]
        codes[of_hand[(finding["path"], finding.get("hand_id") or "")]][finding["code"]] += 1
    for room, table, tournament, *_, named in rows:
        counted = codes[(room, table, tournament)]
        if not counted:
            assert named == ""
            continue
        first, count = named.split(", ")[0].split(" ×")
        assert number(count) == max(counted.values()) == counted[first]
    # rows open in the most errors first; the chart draws the first of them
    errors = [number(row[4]) for row in rows]
    assert errors == sorted(errors, reverse=True)


def test_findings_by_table_link_to_the_table_views(
    corpus: tuple[dict[str, object], list[dict[str, object]], Page],
) -> None:
    _, _, page = corpus
    views = {href for href in page.links["by-table-table"] if href}
    assert views, "some tables with findings across hands have a view"
    assert all(re.fullmatch(r"#table-\d+", href) for href in views)


def test_findings_by_day_equal_the_counts_from_the_json_output(
    corpus: tuple[dict[str, object], list[dict[str, object]], Page],
) -> None:
    audit, records, page = corpus
    expected = expected_counts(records, audit["findings"], utc_day)  # type: ignore[arg-type]
    rows = page.tables["time-day-table"]
    shown = {day: [number(cell) for cell in figures] for day, *figures in rows}
    assert shown == expected
    assert [row[0] for row in rows][-1] == floor.UNKNOWN_TIME  # the unknown row last, after the days in order
    days = [row[0] for row in rows][:-1]
    assert days == sorted(days)
    unknown = sum(1 for record in records if not record.get("started"))
    assert shown[floor.UNKNOWN_TIME][0] == unknown > 300  # Everleaf's and iPoker's hands: no zone printed
    assert "time-hour-table" not in page.tables  # years of hands: no table by hour


def test_net_won_charts_never_mix_currencies_or_tournaments(
    corpus: tuple[dict[str, object], list[dict[str, object]], Page],
) -> None:
    _, _, page = corpus
    assert len(page.charts) == 6  # capped
    for chart in page.charts:
        caption = str(chart["caption"])
        assert re.fullmatch(
            r"(Cash games in \w+|\w+: tournament (\d+|at table .+ \(id not printed\)) \(chips\)), [\d,]+ hands", caption
        ), caption


# ---- generated hands ---------------------------------------------------------------------------------


def generated(folder: Path, config: GenerateConfig, name: str = "generated.txt") -> Path:
    text = io.StringIO()
    generate(config, text, io.StringIO())
    path = folder / name
    path.write_text(text.getvalue(), encoding="utf-8")
    return path


def test_chips_of_two_tournaments_are_never_in_one_chart(tmp_path: Path) -> None:
    """Every generated hand is of its own tournament, dealt from one pool of names: many players play in
    several tournaments. Each chart is one tournament's, and each player's line in it holds exactly their
    hands of that tournament and their net won there (summed here from the statistics' player rows)."""
    path = generated(tmp_path, GenerateConfig(hands=80, seed=8, tournament_share=1.0))
    auditor = Auditor()
    report = HtmlReport(max_hand_views=0)
    for audited in auditor.audit_files([path]):
        report.add_hand(audited)
    frames = report.builder.frames()
    money = frames.players.join(frames.hands.select("hand_no", "tournament_id"), on="hand_no")
    per = money.group_by("tournament_id", "player").agg(pl.len().alias("hands"), pl.col("net").sum().alias("net"))
    assert per.group_by("player").agg(pl.col("tournament_id").n_unique().alias("n"))["n"].max() >= 3  # type: ignore[operator]
    expected = {(t, p): (h, n) for t, p, h, n in per.iter_rows()}
    report.write(auditor.tally, tmp_path / "r.html")
    page = Page((tmp_path / "r.html").read_text(encoding="utf-8"))
    assert len(page.charts) == 6
    tournaments = set()
    for chart in page.charts:
        match = re.fullmatch(r"pokerstars: tournament (\d+) \(chips\), ([\d,]+) hands", str(chart["caption"]))
        assert match, chart["caption"]
        tournament = match.group(1)
        tournaments.add(tournament)
        players = {p for (t, p) in expected if t == tournament}
        options = chart["options"]
        finals = chart["finals"]
        assert isinstance(options, list) and isinstance(finals, list)
        assert len(options) == len(finals) == len(players)
        for option, final in zip(options, finals, strict=True):
            name, _, hands = option.rpartition(" (")
            hands_shown = number(hands.removesuffix(" hands)"))
            assert (
                hands_shown,
                f"hand {hands_shown}: {expected[(tournament, name)][1]:,} chips of tournament {tournament}",
            ) == (
                expected[(tournament, name)][0],
                final,
            )
    assert len(tournaments) == 6
    assert "more charts are not drawn (74 tournaments, with fewer hands): the first 6 of 80 are shown" in (
        tmp_path / "r.html"
    ).read_text(encoding="utf-8")


def test_a_hand_without_a_start_time_is_counted_under_time_unknown(tmp_path: Path) -> None:
    """Three hands within an hour; the first has its time zone taken away: its start in UTC is unknown."""
    path = generated(tmp_path, GenerateConfig(hands=3, seed=4, fault_rate=0.0))
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(" ET\n", "\n", 1), encoding="utf-8")
    audit = audit_json([path], tmp_path / "r.html")
    records = parse_records([path])
    assert [record["started"] is None for record in records] == [True, False, False]
    page = Page((tmp_path / "r.html").read_text(encoding="utf-8"))
    days = {day: [number(cell) for cell in figures] for day, *figures in page.tables["time-day-table"]}
    assert days == expected_counts(records, audit["findings"], utc_day)  # type: ignore[arg-type]
    assert days[floor.UNKNOWN_TIME][0] == 1 and sum(row[0] for row in days.values()) == 3
    hours = page.tables["time-hour-table"]  # a short run: by hour too, the unknown row last
    assert hours[-1][0] == floor.UNKNOWN_TIME and number(hours[-1][1]) == 1
    assert sum(number(row[1]) for row in hours) == 3
    assert "1 hands have no start time known in UTC" in (tmp_path / "r.html").read_text(encoding="utf-8")


def test_by_hour_counts_every_hour_of_a_short_run(tmp_path: Path) -> None:
    path = generated(tmp_path, GenerateConfig(hands=200, seed=3, fault_rate=0.2))
    audit = audit_json([path], tmp_path / "r.html")
    records = parse_records([path])

    def hour(record: dict[str, object]) -> str:
        return datetime.fromisoformat(str(record["started"])).astimezone(UTC).strftime("%Y-%m-%d %H:00")

    expected = expected_counts(records, audit["findings"], hour)  # type: ignore[arg-type]
    page = Page((tmp_path / "r.html").read_text(encoding="utf-8"))
    shown = {label: [number(cell) for cell in figures] for label, *figures in page.tables["time-hour-table"]}
    assert {label: figures for label, figures in shown.items() if figures[0]} == expected
    labels = list(shown)
    assert labels == sorted(labels) and len(labels) == len(set(labels))  # every hour once, in order


@pytest.mark.slow
def test_memory_stays_bounded(tmp_path: Path) -> None:
    """The sections keep a row per table and per time bucket, and the report keeps nothing new per hand:
    after 1,000 hands and after 3,000 hands (the statistics' rows of both are flushed to Polars, whose
    memory Python does not trace) the report's Python memory is the same to within 150 bytes a hand."""
    path = generated(tmp_path, GenerateConfig(hands=3000, seed=6, sessions=True, tables=3))
    auditor = Auditor()
    hands = list(auditor.audit_files([path]))
    assert len(hands) == 3000
    report = HtmlReport(max_hand_views=0, max_finding_rows=0)
    tracemalloc.start()
    try:
        for audited in hands[:1000]:
            report.add_hand(audited)
        first, _ = tracemalloc.get_traced_memory()
        for audited in hands[1000:]:
            report.add_hand(audited)
        last, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    print(f"report memory: {first:,} bytes after 1,000 hands, {last:,} after 3,000")
    assert last - first < 150 * 2000, f"{last - first:,} bytes more for 2,000 more hands"
    context = report.context(auditor.tally)
    tables = {record["table_id"] for record in parse_records([path])}
    assert len(context.by_table.rows) == len(tables) < 100
    capped = floor.by_table(report.builder.frames(), {}, limit=3)
    assert [row.errors for row in capped.rows] == [row.errors for row in context.by_table.rows[:3]]
    assert capped.note == f"The 3 of {len(tables)} tables with the most errors (then warnings) are listed."
    day_rows = context.over_time.tables[0].rows
    assert len(day_rows) <= 4 and sum(row.hands for row in day_rows) == 3000


# ---- the net-won chart's scale ---------------------------------------------------------------------------


def test_the_scale_fits_a_minus_sign_and_writes_0_once() -> None:
    values = [0.0, -1500.25, -123456.75]  # never above 0: the top of the scale is 0
    chart = line_chart([("p", "USD", values, "-123,456.75", "0.00", "-123,456.75")])
    (series,) = chart.series
    texts = [label.text for label in series.labels]
    assert texts.count("0") == 1 and "0.00" not in texts and "-123,456.75" in texts
    assert chart.left >= 6 + 6.6 * len("-123,456.75")  # room at the left of the axis for the whole figure
    rising = line_chart([("p", "USD", [0.0, 5.0, 12.5], "12.50", "12.50", "0.00")]).series[0]
    assert [label.text for label in rising.labels] == ["12.50", "0"]
    both = line_chart([("p", "USD", [0.0, 50.0, -50.0], "-50.00", "50.00", "-50.00")]).series[0]
    assert [label.text for label in both.labels] == ["50.00", "0", "-50.00"]


@pytest.mark.slow
def test_the_sections_are_the_same_when_workers_audit(sample_folder: Path, tmp_path: Path) -> None:
    """With `--jobs 2` the report's rows come from the workers' tables: the same sections, byte for byte."""
    pages = {}
    for name, extra in (("one", []), ("two", ["--jobs", "2"])):
        html = tmp_path / f"{name}.html"
        result = CliRunner().invoke(
            app, ["audit", str(sample_folder), "--format", "json", "--fail-on", "never", "--html", str(html), *extra]
        )
        assert result.exit_code == 0, result.output
        pages[name] = html.read_text(encoding="utf-8")

    def section(text: str, name: str) -> str:
        start = text.index(f'<section id="{name}">')
        return text[start : text.index("</section>", start)]

    for name in ("by-table", "over-time", "charts"):
        assert section(pages["one"], name) == section(pages["two"], name)
    assert section(pages["one"], "by-table").count("<tr>") > 100
