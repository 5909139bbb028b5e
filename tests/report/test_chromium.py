"""The HTML report in a real browser: headless Chromium loads it from disk with the network emulated
offline, and the test checks that nothing is requested, nothing is logged as an error, the findings table
lists every finding, sorting and filtering work, injected markup stays text, and the screenshot shows a
page. Needs Debian's `chromium` package (`.ci/run` installs it); skipped with a message without it.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from corpus_paths import require_corpus

from omaha_audit.parse.files import expand_paths
from report.browser import CHROMIUM, Browser, PageLog, blank_share
from report.layout import open_everything
from report.sample import CHAT, IMG_NAME, SCRIPT_NAME, Run, audit_to_html

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason=f"{CHROMIUM} not found: install Debian's `chromium` package (as .ci/run does) to test the HTML report "
    "in a browser",
)


@pytest.fixture(scope="module")
def browser(sample_run: Run) -> Iterator[tuple[Browser, PageLog]]:
    with Browser() as chromium:
        log = chromium.open(sample_run.html)
        yield chromium, log


def visible_rows(chromium: Browser, attribute: str) -> list[str]:
    return chromium.evaluate(  # type: ignore[no-any-return]
        f"Array.from(document.querySelectorAll('#findings-table tbody tr'))"
        f".filter(row => !row.hidden).map(row => row.getAttribute('{attribute}'))"
    )


def set_filter(chromium: Browser, select_id: str, value: str) -> None:
    chromium.evaluate(
        f"(() => {{ const s = document.getElementById('{select_id}'); s.value = {json.dumps(value)};"
        " s.dispatchEvent(new Event('change')); })()"
    )


def click_header(chromium: Browser, title: str) -> None:
    chromium.evaluate(
        "Array.from(document.querySelectorAll('#findings-table thead th'))"
        f".find(th => th.textContent.trim() === {json.dumps(title)}).click()"
    )


def column(chromium: Browser, index: int) -> list[str]:
    return chromium.evaluate(  # type: ignore[no-any-return]
        "Array.from(document.querySelectorAll('#findings-table tbody tr'))"
        f".filter(row => !row.hidden).map(row => row.cells[{index}].textContent.trim())"
    )


def test_loads_offline_without_errors_or_requests(sample_run: Run, browser: tuple[Browser, PageLog]) -> None:
    chromium, log = browser
    assert log.console_errors == []
    assert log.requests == [sample_run.html.resolve().as_uri()], "the page asked for something besides itself"
    assert chromium.evaluate("document.readyState") == "complete"


def test_findings_table_lists_every_finding(sample_run: Run, browser: tuple[Browser, PageLog]) -> None:
    chromium, _ = browser
    codes = visible_rows(chromium, "data-code")
    assert len(codes) == len(sample_run.findings) == sample_run.tally.findings
    assert Counter(codes) == Counter(finding.code for finding in sample_run.findings)
    counter = chromium.evaluate("document.getElementById('findings-count').textContent")
    assert counter == f"{len(codes):,} of {len(codes):,} findings shown"


def test_sorting(sample_run: Run, browser: tuple[Browser, PageLog]) -> None:
    chromium, _ = browser
    click_header(chromium, "code")
    codes = visible_rows(chromium, "data-code")  # (the code's cell also names the street)
    assert codes == sorted(codes)
    click_header(chromium, "code")
    assert visible_rows(chromium, "data-code") == sorted(codes, reverse=True)
    click_header(chromium, "#")  # numeric: 2 before 10
    numbers = [int(value) for value in column(chromium, 0)]
    assert numbers == list(range(1, len(sample_run.findings) + 1))
    click_header(chromium, "#")
    assert [int(value) for value in column(chromium, 0)] == numbers[::-1]
    click_header(chromium, "#")
    assert chromium.log().console_errors == []


def test_filtering(sample_run: Run, browser: tuple[Browser, PageLog]) -> None:
    chromium, _ = browser
    by_severity = Counter(finding.severity.value for finding in sample_run.findings)
    for severity, count in by_severity.items():
        set_filter(chromium, "filter-severity", severity)
        shown = visible_rows(chromium, "data-severity")
        assert shown == [severity] * count
    set_filter(chromium, "filter-severity", "")
    code, count = Counter(finding.code for finding in sample_run.findings).most_common(1)[0]
    set_filter(chromium, "filter-code", code)
    assert visible_rows(chromium, "data-code") == [code] * count
    set_filter(chromium, "filter-room", "pokerstars")
    assert len(visible_rows(chromium, "data-code")) == count
    errors_of_code = sum(1 for f in sample_run.findings if f.code == code and f.severity.value == "error")
    set_filter(chromium, "filter-severity", "error")
    assert len(visible_rows(chromium, "data-code")) == errors_of_code
    for select in ("filter-code", "filter-severity", "filter-room"):
        set_filter(chromium, select, "")
    assert len(visible_rows(chromium, "data-code")) == len(sample_run.findings)
    chromium.evaluate(
        "(() => { const s = document.getElementById('filter-text'); s.value = 'carol';"
        " s.dispatchEvent(new Event('input')); })()"
    )
    time.sleep(0.4)  # the text filter waits for typing to pause
    texts = chromium.evaluate(
        "Array.from(document.querySelectorAll('#findings-table tbody tr')).filter(r => !r.hidden)"
        ".map(r => r.textContent.toLowerCase())"
    )
    assert texts and all("carol" in text for text in texts)
    assert len(texts) == sum(1 for f in sample_run.findings if "carol" in (f.message + (f.player or "")).lower())
    chromium.evaluate(
        "(() => { const s = document.getElementById('filter-text'); s.value = '';"
        " s.dispatchEvent(new Event('input')); })()"
    )
    time.sleep(0.4)
    assert len(visible_rows(chromium, "data-code")) == len(sample_run.findings)
    assert chromium.log().console_errors == []


def test_injected_markup_stays_text(browser: tuple[Browser, PageLog]) -> None:
    """Also once every hand view is drawn (from the markup the page keeps as the text of a script that is
    not run: `<script type="text/x-omaha-audit-views">`)."""
    chromium, _ = browser
    shown = "Array.from(document.body.children).filter(e => e.tagName !== 'SCRIPT').map(e => e.textContent).join(' ')"
    text = ""
    for _ in range(100):  # every page of hand views, each view opened
        open_everything(chromium)
        text += chromium.evaluate(shown)
        if chromium.evaluate("document.getElementById('hands-next').disabled"):
            break
        chromium.evaluate("document.getElementById('hands-next').click()")
    assert chromium.evaluate("typeof window.__pwned") == "undefined"
    for hostile in (SCRIPT_NAME, IMG_NAME, CHAT):
        assert hostile in text
    types = chromium.evaluate("Array.from(document.scripts).map(s => s.type)")
    # one script runs; the others hold the hand views and the findings table's rows
    assert sorted(types) == ["", "text/x-omaha-audit-findings", "text/x-omaha-audit-views"]
    assert chromium.evaluate("document.images.length") == 0
    assert chromium.evaluate("document.querySelectorAll('b').length") == chromium.evaluate(
        "document.querySelectorAll('main b, section b, details b, li b').length"
    )


def test_hand_link_opens_the_hand_view(browser: tuple[Browser, PageLog]) -> None:
    chromium, _ = browser
    anchor = chromium.evaluate("document.querySelector('#findings-table a[href^=\"#hand-\"]').getAttribute('href')")
    chromium.evaluate(f"document.querySelector('a[href=\"{anchor}\"]').click()")
    time.sleep(0.2)
    assert chromium.evaluate(f"document.getElementById('{anchor[1:]}').open") is True
    flagged = chromium.evaluate(f"document.querySelectorAll('{anchor} tr.f').length")
    assert flagged >= 1


def test_net_charts_show_one_player_at_a_time(browser: tuple[Browser, PageLog]) -> None:
    chromium, _ = browser
    charts = chromium.evaluate("document.querySelectorAll('figure.net').length")
    assert charts >= 2  # the sample's cash games in USD and its tournaments, each on its own
    assert chromium.evaluate("document.querySelectorAll('figure.net [data-series]').length") > charts
    visible = (
        "Array.from(document.querySelectorAll('figure.net')).map(f => "
        "Array.from(f.querySelectorAll('[data-series]:not([hidden])')).map(g => g.dataset.series))"
    )
    assert all(len(shown) == 1 for shown in chromium.evaluate(visible))
    set_filter(chromium, "net1-player", "net1-p1")
    shown = chromium.evaluate(visible)
    assert shown[0] == ["net1-p1"] and all(len(group) == 1 for group in shown)


def table_column(chromium: Browser, table: str, index: int) -> list[str]:
    return chromium.evaluate(  # type: ignore[no-any-return]
        f"Array.from(document.querySelectorAll('#{table} tbody tr')).map(row => row.cells[{index}].textContent.trim())"
    )


def click_title(chromium: Browser, table: str, title: str) -> None:
    chromium.evaluate(
        f"Array.from(document.querySelectorAll('#{table} thead th'))"
        f".find(th => th.textContent.trim() === {json.dumps(title)}).click()"
    )


def test_findings_by_table_and_over_time_render_and_sort(browser: tuple[Browser, PageLog]) -> None:
    chromium, _ = browser
    errors = [int(value.replace(",", "")) for value in table_column(chromium, "by-table-table", 4)]
    assert errors == sorted(errors, reverse=True)
    quiet = [
        sum(int(cell.replace(",", "")) for cell in row)
        for row in zip(*(table_column(chromium, "quiet-tables-table", index) for index in (4, 5, 6)), strict=True)
    ]
    assert len(errors) + len(quiet) > 100 and quiet and not any(quiet)  # the tables with no finding, folded
    click_title(chromium, "by-table-table", "hands")
    hands = [int(value.replace(",", "")) for value in table_column(chromium, "by-table-table", 3)]
    assert hands == sorted(hands)
    click_title(chromium, "by-table-table", "hands")
    assert [int(v.replace(",", "")) for v in table_column(chromium, "by-table-table", 3)] == sorted(hands, reverse=True)
    click_title(chromium, "by-table-table", "table")
    tables = table_column(chromium, "by-table-table", 1)
    assert tables == sorted(tables, key=str.lower)
    assert chromium.evaluate("document.querySelectorAll('#by-table svg rect').length") >= 1
    tables = chromium.evaluate("Array.from(document.querySelectorAll('#over-time table')).map(t => t.id)")
    assert tables[0] == "time-day-table"  # (and "time-hour-table" when the run spans less than 3 days)
    for table in tables:
        labels = table_column(chromium, table, 0)
        assert labels and labels == sorted(labels)
        click_title(chromium, table, "errors")
        counts = [int(value.replace(",", "")) for value in table_column(chromium, table, 2)]
        assert counts == sorted(counts)
    assert chromium.evaluate("document.querySelectorAll('#over-time svg rect.bar-error').length") >= 1
    assert chromium.log().console_errors == []


WIDE_TABLES = """(() => {
  for (const details of document.querySelectorAll('details')) details.open = true;
  const wide = [];
  let seen = 0;
  for (const table of document.querySelectorAll('table')) {
    if (table.offsetParent === null) continue;
    seen += 1;
    const container = table.parentElement;
    if (table.scrollWidth > container.clientWidth + 1) {
      wide.push((table.id || table.className || 'table') + ': ' + table.scrollWidth + ' > ' + container.clientWidth);
    }
  }
  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth + 1) wide.push('page: ' + page.scrollWidth + ' > ' + page.clientWidth);
  return {seen: seen, wide: wide};
})()"""


def test_every_table_fits_its_container_at_1280_px(browser: tuple[Browser, PageLog]) -> None:
    """At 1280 px wide (Browser.open's width) no table is wider than the element around it, with every
    hand and table view opened: long cells wrap instead of pushing columns off-screen."""
    chromium, _ = browser
    assert chromium.evaluate("window.innerWidth") == 1280
    result = chromium.evaluate(WIDE_TABLES)
    assert result["seen"] > 10
    assert result["wide"] == []


def test_a_corpus_report_fits_at_1280_px(browser: tuple[Browser, PageLog], tmp_path: Path) -> None:
    """The same on real hands: long file names, table names and messages of many rooms."""
    chromium, _ = browser
    root = require_corpus()
    files = expand_paths([root / "PokerStars", root / "iPoker", root / "Entraction"])
    run = audit_to_html(root, tmp_path / "corpus.html", files=files)
    log = chromium.open(run.html)
    assert log.console_errors == []
    result = chromium.evaluate(WIDE_TABLES)
    assert result["seen"] > 10
    assert result["wide"] == []


def test_screenshot_is_not_blank(browser: tuple[Browser, PageLog], tmp_path: Path) -> None:
    chromium, _ = browser
    chromium.evaluate("window.scrollTo(0, 0)")
    png = chromium.screenshot()
    (tmp_path / "report.png").write_bytes(png)
    artifacts = os.environ.get("OMAHA_AUDIT_ARTIFACTS")
    if artifacts:
        Path(artifacts).mkdir(parents=True, exist_ok=True)
        shutil.copy(tmp_path / "report.png", Path(artifacts) / "report.png")
    share, colours = blank_share(png)
    assert share < 0.95, f"{share:.0%} of the screenshot is one colour"
    assert colours > 50
    assert chromium.log().console_errors == []


def test_findings_table_pages(sample_folder: Path, tmp_path: Path, browser: tuple[Browser, PageLog]) -> None:
    """A long findings table shows a page of rows at a time; filters and sorting work on every row."""
    chromium, _ = browser
    run = audit_to_html(sample_folder, tmp_path / "paged.html", page_size=25)
    total = len(run.findings)
    assert total > 50
    log = chromium.open(run.html)
    assert log.console_errors == []
    assert chromium.evaluate("document.querySelectorAll('#findings-table tbody tr').length") == 25  # built: a page
    kept = "document.getElementById('findings-rows').textContent.split('<#>\\n').length - 1"
    assert chromium.evaluate(kept) == total
    rank = {"error": 0, "warning": 1, "info": 2}  # the worst first, each severity in the order found
    first = sorted(range(1, total + 1), key=lambda n: (rank[run.findings[n - 1].severity.value], n))
    assert column(chromium, 0) == [str(number) for number in first[:25]]
    assert chromium.evaluate("document.getElementById('page-label').textContent") == f"page 1 of {-(-total // 25)}"
    chromium.evaluate("document.getElementById('page-next').click()")
    assert column(chromium, 0) == [str(number) for number in first[25:50]]
    counter = chromium.evaluate("document.getElementById('findings-count').textContent")
    assert counter == f"{total} of {total} findings match; rows 26–50 shown"
    severity, count = Counter(finding.severity.value for finding in run.findings).most_common()[-1]
    set_filter(chromium, "filter-severity", severity)  # back to page 1 of the matching rows
    assert visible_rows(chromium, "data-severity") == [severity] * min(count, 25)
    set_filter(chromium, "filter-severity", "")
    click_header(chromium, "#")
    click_header(chromium, "#")  # descending: the last findings come first
    assert column(chromium, 0) == [str(number) for number in range(total, total - 25, -1)]
    assert chromium.log().console_errors == []
