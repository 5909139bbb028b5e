"""The fairness page in headless Chromium (tests/report/browser.py): it loads offline asking for nothing but
itself, logs no error, shows a line per test and the two charts, and keeps a hostile player name as text."""

from __future__ import annotations

from pathlib import Path

import pytest
from report.browser import CHROMIUM, Browser, blank_share
from report.layout import check_layout, screenshots

from omaha_audit.fairness.analysis import analyse
from omaha_audit.fairness.html import write_html
from omaha_audit.fairness.luck import PlayerLuck
from omaha_audit.fairness.read import observe_files
from omaha_audit.parse.files import expand_paths

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} not found: install Debian's `chromium` package"
)


def test_the_fairness_page_in_a_browser(tmp_path: Path) -> None:
    report = analyse(observe_files(expand_paths([SAMPLES]), None))
    hostile = '<img src=x onerror="document.title=1">'
    report.players.insert(0, PlayerLuck(hostile, 1, {"USD/2": 100.0}, {"USD/2": 50.0}, -0.25, 0.04))
    page = tmp_path / "fairness.html"
    write_html(report, page)
    with Browser() as chromium:
        log = chromium.open(page)
        assert log.requests == [page.resolve().as_uri()]
        rows = chromium.evaluate("document.querySelectorAll('#fairness tr.test').length")
        assert rows == len(report.tests) > 5
        bars = chromium.evaluate("document.querySelectorAll('#card-frequencies rect.bar').length")
        assert bars == 52
        assert chromium.evaluate("document.querySelector('#all-in-luck polyline') !== null")
        first = chromium.evaluate("document.querySelector('#fairness tr.player td').textContent")
        assert first == hostile and chromium.evaluate("document.title") == "omaha-audit fairness"
        share, _ = blank_share(chromium.screenshot())
        assert share < 0.995
        assert chromium.log().console_errors == []
        for width in (390, 1280):  # the report's layout rules (tests/report/layout.py) on its own page
            chromium.open(page, width=width)
            layout = check_layout(chromium)
            assert layout["problems"] == [] and layout["identifiers"] > 10, layout
            screenshots(chromium, tmp_path / "shots", f"fairness-{width}", ("#card-frequencies",))


def test_the_fairness_section_of_the_audit_s_report(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from omaha_audit.cli.app import app

    page = tmp_path / "report.html"
    result = CliRunner().invoke(app, ["audit", str(SAMPLES), "--html", str(page), "--fairness", "--fail-on", "never"])
    assert result.exit_code == 0, result.output
    with Browser() as chromium:
        log = chromium.open(page)
        assert log.requests == [page.resolve().as_uri()]
        assert chromium.evaluate("document.querySelectorAll('#fairness tr.test').length") > 5
        assert chromium.evaluate("document.querySelectorAll('#card-frequencies rect.bar').length") == 52
        assert chromium.evaluate('document.querySelector(\'nav a[href="#fairness"], a[href="#fairness"]\') !== null')
        assert chromium.log().console_errors == []
        for width in (390, 1280):  # the section follows the report's layout rules (tests/report/layout.py)
            chromium.open(page, width=width)
            layout = check_layout(chromium)
            assert layout["problems"] == [] and layout["identifiers"] > 100, layout
            screenshots(chromium, tmp_path / "shots", f"audit-fairness-{width}", ("#fairness", "#card-frequencies"))
    without = tmp_path / "plain.html"
    assert CliRunner().invoke(app, ["audit", str(SAMPLES), "--html", str(without), "--fail-on", "never"]).exit_code == 0
    assert 'id="fairness"' not in without.read_text(encoding="utf-8")
    refused = CliRunner().invoke(app, ["audit", str(SAMPLES), "--fairness"])
    assert refused.exit_code == 2
