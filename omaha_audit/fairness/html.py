"""The fairness report as one self-contained HTML page: the verdict, one line per test with its p-values
and power, the hero's card frequencies with their 95% band, the hero's all-in pots won against expected
over the all-ins, and the luck per player. Plain SVG, no script."""

from __future__ import annotations

import os
import tempfile
from html import escape
from pathlib import Path

from omaha_audit.fairness.analysis import FairnessReport, money

_STYLE = """
body{font-family:system-ui,sans-serif;margin:2em;max-width:70em;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{padding:.25em .6em;border-bottom:1px solid #ddd;text-align:left}
td{overflow-wrap:break-word}.id,td.num{white-space:nowrap}
.reject{color:#b00;font-weight:bold}.ok{color:#070}.small{color:#666;font-size:.9em}
svg{background:#fafafa;max-width:100%;height:auto}
@media (max-width:760px){body{margin:8px}table.stack,table.stack>thead,table.stack>tbody{display:block}
table.stack>thead>tr{display:flex;flex-wrap:wrap;gap:4px}table.stack>thead th{border:1px solid #ddd;border-radius:10px}
table.stack>tbody>tr{display:flex;flex-wrap:wrap;column-gap:10px;border:1px solid #ddd;border-radius:6px;
margin:0 0 6px;padding:4px 8px}table.stack>tbody>tr>td{display:block;border:0;padding:0;max-width:100%}
table.stack>tbody>tr>td.wide{flex:1 1 100%}table.stack td:empty{display:none}
table.stack td[data-label]::before{content:attr(data-label) " ";color:#666;font-size:11px}}
"""


def _frequency_chart(observed: list[int], expected: float, band: float, names: list[str]) -> str:
    width, height, left = 52 * 14 + 40, 220, 40
    top = max(max(observed), expected + band) * 1.1 or 1.0

    def y(value: float) -> float:
        return height - 20 - (height - 40) * value / top

    parts = [
        f'<svg id="card-frequencies" viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
        'aria-label="card frequencies">'
    ]
    parts.append(
        f'<rect x="{left}" y="{y(expected + band):.1f}" width="{52 * 14}" '
        f'height="{y(expected - band) - y(expected + band):.1f}" fill="#cde" />'
    )
    parts.append(
        f'<line x1="{left}" x2="{left + 52 * 14}" y1="{y(expected):.1f}" y2="{y(expected):.1f}" stroke="#468" />'
    )
    for index, count in enumerate(observed):
        outside = abs(count - expected) > band
        parts.append(
            f'<rect class="bar" x="{left + index * 14 + 2}" y="{y(count):.1f}" width="10" '
            f'height="{y(0) - y(count):.1f}" '
            f'fill="{"#b33" if outside else "#555"}"><title>{escape(names[index])}: {count}</title></rect>'
        )
        parts.append(
            f'<text x="{left + index * 14 + 7}" y="{height - 6}" font-size="8" text-anchor="middle">'
            f"{escape(names[index])}</text>"
        )
    parts.append(f'<text x="2" y="{y(expected):.1f}" font-size="10">{expected:.0f}</text></svg>')
    return "".join(parts)


def _luck_chart(running: list[list[float]]) -> str:
    width, height = 700, 240
    top = max(max(max(pair) for pair in running), 1.0)
    count = len(running)

    def point(index: int, value: float) -> str:
        return f"{40 + (width - 60) * index / max(1, count - 1):.1f},{height - 20 - (height - 40) * value / top:.1f}"

    expected = " ".join(point(index, pair[0]) for index, pair in enumerate(running))
    actual = " ".join(point(index, pair[1]) for index, pair in enumerate(running))
    return (
        f'<svg id="all-in-luck" viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
        'aria-label="all-in luck">'
        f'<polyline points="{expected}" fill="none" stroke="#468" stroke-dasharray="4 3" />'
        f'<polyline points="{actual}" fill="none" stroke="#b33" />'
        f'<text x="45" y="14" font-size="11">pots won (red) and expected (blue, dashed) over the hero\'s all-ins</text>'
        "</svg>"
    )


def section(report: FairnessReport) -> str:
    """The fairness section (`<section id="fairness">`), for this page or the audit's report."""
    verdict = (
        f'<p class="reject">Not fair: {len(report.rejected)} test(s) reject a fair deal at level {report.level:g} '
        "after correction.</p>"
        if report.rejected
        else f'<p class="ok">No test rejects a fair deal at level {report.level:g} after correction.</p>'
    )
    rows = []
    for test in report.tests:
        mark = '<span class="reject">not fair</span>' if test.rejected else '<span class="ok">ok</span>'
        adjusted = "" if test.adjusted is None else f"{test.adjusted:.3g}"
        rows.append(
            f'<tr class="test" data-key="{escape(test.key)}"><td class="id">{mark}</td><td class="wide">'
            f'{escape(test.title)}<div class="small">{escape(test.summary)}</div><div class="small">'
            f'{escape(test.scope)}</div></td><td class="num" data-label="p-value">{test.p_value:.3g}</td>'
            f'<td class="num" data-label="adjusted">{adjusted}</td>'
            f'<td class="small wide">{escape(test.power)}</td></tr>'
        )
    charts = []
    frequency = next((test for test in report.tests if test.key == "card-frequency"), None)
    if frequency is not None:
        figures = frequency.figures
        charts.append("<h2>The hero's cards, with the 95% band of a fair deal</h2>")
        charts.append(
            _frequency_chart(
                list(figures["observed"]),  # type: ignore[call-overload]
                float(figures["expected"]),  # type: ignore[arg-type]
                float(figures["band"]),  # type: ignore[arg-type]
                list(figures["cells"]),  # type: ignore[call-overload]
            )
        )
    hero = next((test for test in report.tests if test.key == "hero-luck"), None)
    if hero is not None and hero.figures.get("running"):
        charts.append("<h2>The hero's all-ins: pots won against expected</h2>")
        charts.append(_luck_chart(list(hero.figures["running"])))  # type: ignore[call-overload]
    players = "".join(
        f'<tr class="player"><td class="id">{escape(player.player)}</td><td class="num" data-label="all-ins">'
        f'{player.all_ins:,}</td><td class="wide" data-label="expected">'
        + escape("; ".join(money(player.expected[unit], unit) for unit in player.expected))
        + '</td><td class="wide" data-label="luck">'
        + escape(
            "; ".join(money(player.actual[unit] - player.expected[unit], unit, sign=True) for unit in player.expected)
        )
        + f'</td><td class="num" data-label="z">{player.z:+.2f}</td></tr>'
        for player in report.players[:200]
    )
    notes = "".join(f'<p class="small">{escape(note)}</p>' for note in report.notes)
    return (
        '<section id="fairness"><h2>Is the deal fair?</h2>'
        f"<p>{report.hands:,} hands read, {report.deals:,} with the hero's cards, "
        f"{report.all_ins:,} all-ins with the hands shown.</p>{verdict}"
        '<table class="stack"><thead><tr><th>verdict</th><th>test</th><th>p-value</th><th>adjusted</th>'
        "<th>power</th></tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table>"
        + "".join(charts)
        + '<h2>All-in luck per player</h2><table class="stack"><thead><tr><th>player</th><th>all-ins</th>'
        "<th>expected</th><th>luck (won less expected)</th><th>z</th></tr></thead><tbody>"
        + players
        + f"</tbody></table>{notes}</section>"
    )


def render(report: FairnessReport) -> str:
    """The section as a page of its own."""
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1"><title>omaha-audit fairness</title>'
        f"<style>{_STYLE}</style></head><body>{section(report)}</body></html>\n"
    )


def write_html(report: FairnessReport, path: Path) -> None:
    """Write the page to `path` through a temporary file in the same folder, renamed over it."""
    text = render(report)
    handle, temporary = tempfile.mkstemp(prefix=".fairness-", suffix=".html", dir=path.parent or Path("."))
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
