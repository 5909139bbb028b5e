"""The report's layout in headless Chromium at a phone's width (390 px) and a desktop's (1280 px): no
sideways scroll, nothing outside the viewport unless inside a container meant to scroll, nothing cut off,
no identifier broken over two lines and no word of a name broken (tests/report/layout.py), with every
folded part opened too; a link to a hand or a table lands with its title in view below the sticky
navigation; the hand views are listed a page at a time and drawn only when opened. Screenshots of each
width are saved under the test's tmp_path (and in $OMAHA_AUDIT_ARTIFACTS when set)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from corpus_paths import require_corpus
from typer.testing import CliRunner

from omaha_audit.cli.app import app
from report.browser import CHROMIUM, Browser
from report.layout import check_layout, open_everything, screenshots
from report.sample import Run

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} not found: install Debian's `chromium` package"
)

WIDTHS = (390, 1280)
PLACES = ("#summary", "#by-table", "#findings", "#hands", "#tables", "#statistics")


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    with Browser() as browser:
        yield browser


def _cli_report(inputs: list[Path], page: Path) -> Path:
    """A report as `omaha-audit audit ... --html` writes it (with the stacks of each hand's neighbours)."""
    result = CliRunner().invoke(app, ["audit", *map(str, inputs), "--html", str(page), "--fail-on", "never"])
    assert result.exit_code == 0, result.output
    return page


def _keep(shots: list[Path]) -> None:
    artifacts = os.environ.get("OMAHA_AUDIT_ARTIFACTS")
    if artifacts:
        Path(artifacts).mkdir(parents=True, exist_ok=True)
        for shot in shots:
            shutil.copy(shot, Path(artifacts) / shot.name)


def _assert_layout(chromium: Browser, page: Path, width: int, shots: Path, name: str) -> None:
    log = chromium.open(page, width=width)
    assert log.console_errors == []
    assert chromium.evaluate("window.innerWidth") == width
    closed = check_layout(chromium)
    assert closed["problems"] == [], closed
    assert closed["identifiers"] > 100
    open_everything(chromium)
    assert chromium.evaluate("document.querySelectorAll('#hand-list .body').length") > 0
    opened = check_layout(chromium)
    assert opened["problems"] == [], opened
    assert opened["identifiers"] > closed["identifiers"]  # (the drawn views' codes, amounts and lines)
    _keep(screenshots(chromium, shots, f"{name}-{width}", PLACES))
    assert chromium.log().console_errors == []


@pytest.mark.parametrize("width", WIDTHS)
def test_the_sample_report_fits_at(width: int, sample_run: Run, chromium: Browser, tmp_path: Path) -> None:
    _assert_layout(chromium, sample_run.html, width, tmp_path, "sample")


@pytest.mark.parametrize("width", WIDTHS)
def test_the_command_s_report_fits_at(width: int, sample_folder: Path, chromium: Browser, tmp_path: Path) -> None:
    """The command's report also shows each hand's neighbours at its table (wide column titles)."""
    page = _cli_report([sample_folder], tmp_path / "cli.html")
    _assert_layout(chromium, page, width, tmp_path, "cli")


@pytest.mark.parametrize("width", WIDTHS)
def test_a_corpus_report_fits_at(width: int, chromium: Browser, tmp_path: Path) -> None:
    """Real hands of many rooms: long file, table, tournament and player names, long hand numbers."""
    root = require_corpus()
    rooms = ["PokerStars", "iPoker", "Entraction", "888poker", "BetOnline", "Winamax", "GGPoker"]
    page = _cli_report([root / room for room in rooms if (root / room).exists()], tmp_path / "corpus.html")
    _assert_layout(chromium, page, width, tmp_path, "corpus")


def _title_in_view(chromium: Browser, element_id: str) -> dict[str, float]:
    return chromium.evaluate(  # type: ignore[no-any-return]
        "(() => { const nav = document.querySelector('nav.sections').getBoundingClientRect();"
        f" const target = document.getElementById({element_id!r});"
        " const title = target.querySelector(':scope > summary').getBoundingClientRect();"
        " return {nav: nav.bottom, top: title.top, bottom: title.bottom, height: innerHeight, open: target.open}; })()"
    )


@pytest.mark.parametrize("width", WIDTHS)
def test_a_link_lands_with_the_title_in_view(width: int, sample_run: Run, chromium: Browser) -> None:
    """The last hand's link in the findings table (its view on the last page of hands) and a table's
    link: the view opens, its title just below the navigation, not under it."""
    chromium.open(sample_run.html, width=width)
    links = chromium.evaluate(
        "Array.from(document.querySelectorAll('#findings-table a[href^=\"#hand-\"]')).map(a => a.getAttribute('href'))"
    )
    views = chromium.evaluate("document.getElementById('hand-views').textContent.split('<#>\\n').length - 1")
    assert views > 50  # (more than a page of hand views: the last is not listed when the page opens)
    last = max(links, key=lambda href: int(href.split("-")[1]))
    assert chromium.evaluate(f"document.getElementById({last[1:]!r})") is None
    for href in (last, "#table-1"):
        chromium.evaluate("window.scrollTo(0, 0)")
        chromium.evaluate(f"document.querySelector('a[href=\"{href}\"]').click()")
        chromium.evaluate("new Promise(done => requestAnimationFrame(() => setTimeout(done, 50)))")
        place = _title_in_view(chromium, href[1:])
        assert place["open"] is True
        assert place["nav"] <= place["top"] < place["nav"] + 24, place  # right below the navigation
        assert place["bottom"] < place["height"]
    assert chromium.evaluate(f"document.querySelectorAll('{last} tr.f').length") >= 1  # drawn when opened
    assert chromium.evaluate("document.getElementById('hands-label').textContent").endswith(f"of {views}")
    assert chromium.log().console_errors == []


def test_hand_views_are_listed_a_page_at_a_time_and_drawn_when_opened(sample_run: Run, chromium: Browser) -> None:
    chromium.open(sample_run.html)
    views = chromium.evaluate("document.getElementById('hand-views').textContent.split('<#>\\n').length - 1")
    listed = "Array.from(document.querySelectorAll('#hand-list > details.hand')).map(d => d.id)"
    first = chromium.evaluate(listed)
    assert len(first) == 50 < views
    assert chromium.evaluate("document.querySelectorAll('#hand-list .body').length") == 0  # none drawn yet
    chromium.evaluate(f"document.getElementById({first[0]!r}).open = true")
    chromium.evaluate("new Promise(done => requestAnimationFrame(() => setTimeout(done, 50)))")
    assert chromium.evaluate("document.querySelectorAll('#hand-list .body').length") == 1
    assert chromium.evaluate(f"document.querySelectorAll('#{first[0]} .body tr').length") > 5
    pages = []
    while True:
        pages.append(chromium.evaluate(listed))
        if chromium.evaluate("document.getElementById('hands-next').disabled"):
            break
        chromium.evaluate("document.getElementById('hands-next').click()")
    ids = [view for page in pages for view in page]
    assert len(ids) == len(set(ids)) == views and len(pages) == -(-views // 50)
    assert chromium.evaluate("document.getElementById('hands-previous').disabled") is False
    assert chromium.log().console_errors == []
