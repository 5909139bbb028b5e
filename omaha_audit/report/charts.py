"""Inline SVG charts for the HTML report, as plain geometry the templates only draw: a bar chart of
findings per code, and each player's cumulative net won over their hands (at most `MAX_POINTS` points
per line, so the page stays small however many hands there are)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

MAX_POINTS = 400


@dataclass(frozen=True, slots=True)
class Bar:
    label: str
    title: str  # tooltip
    value: str
    css: str  # severity class
    y: float
    width: float


@dataclass(frozen=True, slots=True)
class BarChart:
    width: int
    height: int
    label_width: int
    bar_height: int
    bars: tuple[Bar, ...]


def bar_chart(rows: Sequence[tuple[str, str, int, str]], width: int = 720, bar_height: int = 18) -> BarChart:
    """`rows`: (label, tooltip, count, css class), drawn top to bottom, longest bar = full width."""
    label_width = 80
    gap = 6
    top = max((count for _, _, count, _ in rows), default=0) or 1
    room = width - label_width - 70
    bars = tuple(
        Bar(label, title, f"{count:,}", css, index * (bar_height + gap), max(1.0, room * count / top))
        for index, (label, title, count, css) in enumerate(rows)
    )
    height = max(len(rows) * (bar_height + gap), bar_height)
    return BarChart(width, height, label_width, bar_height, bars)


@dataclass(frozen=True, slots=True)
class Series:
    key: str  # element id suffix
    name: str  # player (untrusted text: the template escapes it)
    unit: str
    hands: int
    final: str  # formatted final net won
    points: str  # SVG polyline points
    zero_y: float
    top_label: str
    bottom_label: str


@dataclass(frozen=True, slots=True)
class LineChart:
    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    series: tuple[Series, ...]


def _sample(values: Sequence[float], limit: int = MAX_POINTS) -> list[tuple[int, float]]:
    """(index, value) pairs: every value when few, else an even spread that keeps the first and last."""
    count = len(values)
    if count <= limit:
        return list(enumerate(values))
    step = (count - 1) / (limit - 1)
    indices = sorted({round(i * step) for i in range(limit)} | {count - 1})
    return [(i, values[i]) for i in indices]


def line_chart(
    players: Sequence[tuple[str, str, Sequence[float], str, str, str]], width: int = 720, height: int = 260
) -> LineChart:
    """`players`: (name, unit, cumulative values, final text, top text, bottom text)."""
    left, right, top, bottom = 70, width - 10, 10, height - 24
    series = []
    for number, (name, unit, values, final, top_text, bottom_text) in enumerate(players):
        high = max(max(values, default=0.0), 0.0)
        low = min(min(values, default=0.0), 0.0)
        span = (high - low) or 1.0
        last = max(len(values) - 1, 1)

        def y_of(value: float, high: float = high, span: float = span) -> float:
            return top + (high - value) * (bottom - top) / span

        points = " ".join(
            f"{left + (right - left) * index / last:.1f},{y_of(value):.1f}" for index, value in _sample(values)
        )
        series.append(
            Series(f"p{number}", name, unit, len(values), final, points, round(y_of(0.0), 1), top_text, bottom_text)
        )
    return LineChart(width, height, left, right, top, bottom, tuple(series))
