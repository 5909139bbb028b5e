"""The HTML report as text: complete, self-contained, escaped, capped, and written atomically."""

from __future__ import annotations

import base64
import hashlib
import html
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest

from omaha_audit.cli.html_option import write_html_report
from omaha_audit.report import html as html_module
from omaha_audit.report.html import environment
from omaha_audit.run.pipeline import Auditor
from report.sample import CHAT, IMG_NAME, SCRIPT_NAME, Run, audit_to_html


class Elements(HTMLParser):
    """Every start tag with its attributes, and the text inside <script> (the scripts that run) and <style>;
    `views`: the hand views the page keeps as the text of a script that is not run, drawn when opened
    (id, summary markup, body markup); the findings table's rows, kept as markup the same way (built a page
    at a time), are parsed where they stand: their tags are among `tags`."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.raw: dict[str, list[str]] = {"script": [], "style": [], "views": [], "findings": []}
        self._inside: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        kind = {"text/x-omaha-audit-views": "views", "text/x-omaha-audit-findings": "findings"}.get(
            str(dict(attrs).get("type")) if tag == "script" else "", tag
        )
        if kind in self.raw:
            self._inside = kind
            self.raw[kind].append("")

    @property
    def views(self) -> list[list[str]]:
        text = "".join(self.raw["views"])
        return [part.split("<|>") for part in text.split("<#>\n") if part]

    def handle_endtag(self, tag: str) -> None:
        if self._inside and tag == ("script" if self._inside in ("views", "findings") else self._inside):
            if self._inside == "findings":
                rows = Elements()
                rows.feed(self.raw["findings"][-1])
                self.tags.extend(rows.tags)
            self._inside = None

    def handle_data(self, data: str) -> None:
        if self._inside:
            self.raw[self._inside][-1] += data


def parsed(path: Path) -> Elements:
    elements = Elements()
    elements.feed(path.read_text(encoding="utf-8"))
    return elements


@pytest.fixture(scope="module")
def page(sample_run: Run) -> Elements:
    return parsed(sample_run.html)


def test_the_run_has_findings_of_several_codes(sample_run: Run) -> None:
    assert sample_run.tally.findings == len(sample_run.findings) > 20
    assert len(sample_run.tally.by_code) >= 5


def test_findings_table_lists_every_finding(sample_run: Run, page: Elements) -> None:
    rows = [attrs for tag, attrs in page.tags if tag == "tr" and "data-code" in attrs]
    assert len(rows) == len(sample_run.findings)
    rank = {"error": 0, "warning": 1, "info": 2}  # the worst first, each severity in the order found
    order = sorted(sample_run.findings, key=lambda f: rank[f.severity.value])  # (a stable sort)
    assert [row["data-code"] for row in rows] == [finding.code for finding in order]
    assert [row["data-severity"] for row in rows] == [finding.severity.value for finding in order]


def test_one_script_one_style_and_nothing_fetched(sample_run: Run, page: Elements) -> None:
    assert len(page.raw["script"]) == 1 and len(page.raw["style"]) == 1
    for tag, attrs in page.tags:
        assert tag not in ("iframe", "object", "embed", "img", "link") or (
            tag == "link" and attrs.get("href") == "data:,"
        )
        assert "src" not in attrs, (tag, attrs)
        href = attrs.get("href") or ""
        assert not href or href.startswith("#") or href == "data:,", (tag, attrs)
    text = sample_run.html.read_text(encoding="utf-8")
    assert "http://" not in text and "https://" not in text
    assert "@import" not in page.raw["style"][0] and "url(" not in page.raw["style"][0]
    for forbidden in ("fetch(", "XMLHttpRequest", "import(", "WebSocket", "eval("):
        assert forbidden not in page.raw["script"][0]


def test_content_security_policy_allows_only_the_report_own_code(sample_run: Run, page: Elements) -> None:
    policy = next(attrs["content"] for tag, attrs in page.tags if tag == "meta" and attrs.get("http-equiv"))
    assert policy is not None and "default-src 'none'" in policy

    def digest(text: str) -> str:
        return base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode()

    assert f"script-src 'sha256-{digest(page.raw['script'][0])}'" in policy
    assert f"style-src 'sha256-{digest(page.raw['style'][0])}'" in policy


def test_hostile_names_and_chat_are_shown_as_text(sample_run: Run, page: Elements) -> None:
    text = sample_run.html.read_text(encoding="utf-8")
    for hostile in (SCRIPT_NAME, IMG_NAME, CHAT):
        assert hostile not in text
    assert "&lt;script&gt;window.__pwned=1&lt;/script&gt;" in text
    assert "&lt;img src=x onerror=&#34;window.__pwned=2&#34;&gt;" in text
    assert "&lt;/td&gt;&lt;script&gt;window.__pwned=3&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;" in text
    assert not any(tag == "img" for tag, _ in page.tags)
    assert len(page.raw["script"]) == 1 and "__pwned" not in page.raw["script"][0]


def test_hand_views_for_hands_with_findings(sample_run: Run, page: Elements) -> None:
    views = [view[0] for view in page.views]
    assert views and all(len(view) == 3 and view[0].startswith("hand-") for view in page.views)
    assert all(view[1].startswith('<b class="id">Hand #') and '<div class="body">' in view[2] for view in page.views)
    loud = {f.hand_id for f in sample_run.findings if f.severity.value in ("error", "warning")}
    assert len(views) == len(loud) == sample_run.report.hands_with_findings
    hrefs = [attrs.get("href") or "" for tag, attrs in page.tags if tag == "a"]
    links = {href[1:] for href in hrefs if href.startswith("#hand-")}
    assert links == set(views)
    text = sample_run.html.read_text(encoding="utf-8")
    assert '<tr class="f">' in text  # the offending lines are marked
    assert "legal bet / raise to" in text and "Awards: expected and actual" in text


def test_tables_with_no_finding_are_folded_away(page: Elements) -> None:
    folds = [attrs for tag, attrs in page.tags if tag == "details" and attrs.get("id") == "quiet-tables"]
    assert len(folds) == 1 and "open" not in folds[0]
    tables = [attrs.get("id") for tag, attrs in page.tags if tag == "table"]
    assert tables.index("by-table-table") < tables.index("quiet-tables-table")


def test_the_findings_table_names_each_finding_s_table(sample_run: Run) -> None:
    """Each finding's row names its hand's table, as the hand's text does ("Table 'Zaurak X' 6-max...")."""
    tables: dict[str, str] = {}
    for path in sample_run.folder.glob("*.txt"):
        for number, table in re.findall(r"Hand #(\d+):.*\n(?:.*\n)??Table '([^']+)'", path.read_text(encoding="utf-8")):
            tables[number] = table
    text = sample_run.html.read_text(encoding="utf-8")
    head = text[text.index('id="findings-table"') :].split("</thead>")[0]
    assert "<th>table</th>" in head
    rows = re.findall(r"<tr data-code=.*?</tr>", text)
    assert len(rows) == len(sample_run.findings)
    checked = 0
    for row in rows:
        hand = re.search(r'data-label="hand"[^>]*><span class="id">(?:<a [^>]*>)?(\d+)<', row)
        table = re.search(r'data-label="table">(.*?)</td>', row)
        assert hand and table, row
        if hand.group(1) in tables:
            shown = re.sub(r"</?span[^>]*>", "", table.group(1))
            assert html.unescape(shown) == tables[hand.group(1)], row
            checked += 1
    assert checked >= len(rows) - 2  # (all but the findings whose hand has no number)


def test_tables_with_findings_across_hands_are_shown_seat_by_seat(sample_run: Run, page: Elements) -> None:
    """The hostile hand is the hand-written set's first hand with other text: two records of one hand
    (OA706). Its table is shown in order, and the finding's row in the findings table links to it."""
    across = [f for f in sample_run.findings if f.code.startswith("OA7")]
    assert [(f.code, f.severity.value) for f in across] == [("OA706", "error")]
    tables = [attrs["id"] for tag, attrs in page.tags if tag == "details" and attrs["id"].startswith("table-")]
    assert tables == ["table-1"]
    links = [attrs for tag, attrs in page.tags if tag == "a" and attrs.get("href") == "#table-1"]
    assert len(links) == 2  # the finding's row, and the table's row in "Findings by table"
    text = sample_run.html.read_text(encoding="utf-8")
    assert "Tables: their hands in order" in text and "again, with different text" in text


def test_hand_views_are_capped_with_a_note(sample_folder: Path, tmp_path: Path) -> None:
    run = audit_to_html(sample_folder, tmp_path / "capped.html", max_hand_views=3)
    page = parsed(run.html)
    assert len(page.views) == 3
    assert "Hand views are shown for the first 3 of" in run.html.read_text(encoding="utf-8")
    rows = [attrs for tag, attrs in page.tags if tag == "tr" and "data-code" in attrs]
    assert len(rows) == len(run.findings)  # the findings table still lists them all


def test_write_html_report_is_atomic(sample_folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "report.html"
    target.write_text("the previous report", encoding="utf-8")

    def broken(*args: object, **kwargs: object) -> Iterator[str]:
        yield "<!doctype html>\n<p>half a page, written to disk as the template makes it"
        raise RuntimeError("rendering failed")

    monkeypatch.setattr(html_module.HtmlReport, "_chunks", broken)  # (fails halfway through the page)
    auditor = Auditor()
    with pytest.raises(RuntimeError):
        write_html_report(auditor.audit_files(sorted(sample_folder.glob("*.txt"))), auditor.tally, target)
    assert target.read_text(encoding="utf-8") == "the previous report"
    assert [path.name for path in tmp_path.iterdir()] == ["report.html"]
    monkeypatch.undo()
    auditor = Auditor()
    write_html_report(auditor.audit_files(sorted(sample_folder.glob("*.txt"))), auditor.tally, target)
    assert target.read_text(encoding="utf-8").startswith("<!doctype html>")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["report.html"]


def test_one_environment_autoescape_and_strict_undefined() -> None:
    env = environment()
    assert env is environment()
    assert env.autoescape is True
    with pytest.raises(Exception, match="undefined"):
        env.from_string("{{ missing.thing }}").render()
    assert env.from_string("{{ name }}").render(name="<b>") == "&lt;b&gt;"


def test_empty_run(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    auditor = Auditor()
    write_html_report(auditor.audit_files([empty]), auditor.tally, tmp_path / "empty.html")
    text = (tmp_path / "empty.html").read_text(encoding="utf-8")
    assert "No findings" in text and "No hand has an error or a warning" in text


@pytest.mark.parametrize("target", ["no/such/dir/r.html", "."])
def test_an_html_path_that_cannot_be_written_is_a_usage_error_before_any_work(target: str, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from omaha_audit.cli.app import app

    result = CliRunner().invoke(app, ["audit", str(tmp_path / "missing-input.txt"), "--html", str(tmp_path / target)])
    assert result.exit_code == 2, result.output
    assert "--html" in result.output and "Traceback" not in result.output
    assert "missing-input" not in result.output  # (the output path is checked first, before the inputs)


def test_markup_kept_in_a_script_cannot_end_it() -> None:
    from omaha_audit.report.html import inert

    kept = inert("<td>a</td></SCRIPT><script>x()</script><!-- c -->")
    assert "</script" not in kept.lower() and "<!--" not in kept
    assert kept.startswith("<td>a</td>&lt;/SCRIPT>")


def test_a_name_wraps_between_its_words_only() -> None:
    from omaha_audit.report.html import words

    assert words("Zaurak X") == "Zaurak X"
    assert words("Cristalite (JP) - 6-Max") == (
        'Cristalite <span class="id">(JP)</span> <span class="id">-</span> <span class="id">6-Max</span>'
    )
    assert words("<b>x-y</b>") == '<span class="id">&lt;b&gt;x-y&lt;/b&gt;</span>'
