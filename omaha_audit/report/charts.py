"""Inline SVG charts for the HTML report, as plain geometry the templates only draw: horizontal bars
(findings per code, the tables with the most errors), columns of errors and warnings per time bucket, and
each player's cumulative net won over their hands (at most `MAX_POINTS` points per line, so the page
stays small however many hands there are)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

MAX_POINTS = 400
CHAR_WIDTH = 6.6  # a generous width of one character of the charts' 11 px labels


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
    name: str  # the chart's accessible name


def bar_chart(
    rows: Sequence[tuple[str, str, int, str]],
    width: int = 720,
    bar_height: int = 18,
    label_width: int = 80,
    name: str = "Findings per code",
) -> BarChart:
    """`rows`: (label, tooltip, count, css class), drawn top to bottom, longest bar = full width."""
    gap = 6
    top = max((count for _, _, count, _ in rows), default=0) or 1
    room = width - label_width - 70
    bars = tuple(
        Bar(label, title, f"{count:,}", css, index * (bar_height + gap), max(1.0, room * count / top))
        for index, (label, title, count, css) in enumerate(rows)
    )
    height = max(len(rows) * (bar_height + gap), bar_height)
    return BarChart(width, height, label_width, bar_height, bars, name)


@dataclass(frozen=True, slots=True)
class Column:
    """One time bucket: its errors drawn from the baseline up, its warnings stacked on them."""

    title: str  # tooltip: the bucket and its figures
    x: float
    width: float
    error_y: float
    error_height: float
    warning_y: float
    warning_height: float


@dataclass(frozen=True, slots=True)
class ColumnChart:
    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    columns: tuple[Column, ...]
    top_label: str  # the value at the top of the scale
    first_label: str  # the first bucket's name, under the axis at the left
    last_label: str  # the last bucket's, at the right
    name: str


def column_chart(
    buckets: Sequence[tuple[str, int, int]], name: str, width: int = 720, height: int = 200
) -> ColumnChart:
    """`buckets`: (name, errors, warnings) in time order; the tallest stack fills the height."""
    top_value = max((errors + warnings for _, errors, warnings in buckets), default=0)
    label = f"{top_value:,}"
    left = int(12 + CHAR_WIDTH * len(label))
    right, top, bottom = width - 10, 10, height - 22
    scale = (bottom - top) / (top_value or 1)
    step = (right - left) / max(len(buckets), 1)
    bar = min(max(step * 0.8, 0.5), 40.0)
    columns = []
    for index, (bucket, errors, warnings) in enumerate(buckets):
        error_height = errors * scale
        warning_height = warnings * scale
        columns.append(
            Column(
                f"{bucket}: {errors:,} errors, {warnings:,} warnings",
                round(left + index * step + (step - bar) / 2, 2),
                round(bar, 2),
                round(bottom - error_height, 2),
                round(error_height, 2),
                round(bottom - error_height - warning_height, 2),
                round(warning_height, 2),
            )
        )
    first = buckets[0][0] if buckets else ""
    last = buckets[-1][0] if len(buckets) > 1 else ""
    return ColumnChart(width, height, left, right, top, bottom, tuple(columns), label, first, last, name)


@dataclass(frozen=True, slots=True)
class Label:
    y: float
    text: str


@dataclass(frozen=True, slots=True)
class Series:
    key: str  # element id suffix
    name: str  # player (untrusted text: the template escapes it)
    unit: str
    hands: int
    final: str  # formatted final net won
    points: str  # SVG polyline points
    zero_y: float
    labels: tuple[Label, ...]  # the scale's figures at the left: the top, 0 and the bottom, each once


@dataclass(frozen=True, slots=True)
class LineChart:
    key: str  # element id prefix, unique in the page
    title: str  # what the chart's money is: a currency, or one tournament's chips
    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    series: tuple[Series, ...]
    note: str  # how many of the players are shown


@dataclass(frozen=True, slots=True)
class Sampled:
    """A line already reduced to its drawn points (what a large run's report builds in Polars instead
    of holding every value): `count` values in all, `points` (index, value) among them, and the line's
    true highest and lowest values."""

    count: int
    points: tuple[tuple[int, float], ...]
    high: float
    low: float


def sample_indices(count: int, limit: int = MAX_POINTS) -> list[int]:
    """The indices drawn of `count` values: every one when few, else an even spread that keeps the first
    and the last."""
    if count <= limit:
        return list(range(count))
    step = (count - 1) / (limit - 1)
    return sorted({round(i * step) for i in range(limit)} | {count - 1})


def _sample(values: Sequence[float] | Sampled) -> Sampled:
    if isinstance(values, Sampled):
        return values
    points = tuple((i, values[i]) for i in sample_indices(len(values)))
    return Sampled(len(values), points, max(values, default=0.0), min(values, default=0.0))


def _scale_labels(top: float, bottom: float, zero_y: float, top_text: str, bottom_text: str) -> tuple[Label, ...]:
    """The top figure, "0" and the bottom figure, leaving out any that would sit on another (a line that
    never goes below 0 has its bottom at 0: "0" is written once)."""
    labels = [Label(top + 10, top_text), Label(bottom, bottom_text)]
    kept: list[Label] = []
    for label in labels:
        if abs(label.y - (zero_y + 4)) >= 12:
            kept.append(label)
    kept.append(Label(zero_y + 4, "0"))
    return tuple(sorted(kept, key=lambda label: label.y))


def line_chart(
    players: Sequence[tuple[str, str, Sequence[float] | Sampled, str, str, str]],
    width: int = 720,
    height: int = 260,
    *,
    key: str = "net",
    title: str = "",
    note: str = "",
) -> LineChart:
    """`players`: (name, unit, cumulative values or their sample, final text, top text, bottom text). The
    left margin fits the longest figure of the scale, minus sign included."""
    longest = max((max(len(top_text), len(bottom_text)) for *_, top_text, bottom_text in players), default=1)
    left = int(14 + CHAR_WIDTH * max(longest, 1))
    right, top, bottom = width - 10, 10, height - 24
    series = []
    for number, (name, unit, values, final, top_text, bottom_text) in enumerate(players):
        line = _sample(values)
        high = max(line.high, 0.0)
        low = min(line.low, 0.0)
        span = (high - low) or 1.0
        last = max(line.count - 1, 1)

        def y_of(value: float, high: float = high, span: float = span) -> float:
            return top + (high - value) * (bottom - top) / span

        points = " ".join(
            f"{left + (right - left) * index / last:.1f},{y_of(value):.1f}" for index, value in line.points
        )
        zero_y = round(y_of(0.0), 1)
        series.append(
            Series(
                f"{key}-p{number}",
                name,
                unit,
                line.count,
                final,
                points,
                zero_y,
                _scale_labels(top, bottom, zero_y, top_text, bottom_text),
            )
        )
    return LineChart(key, title, width, height, left, right, top, bottom, tuple(series), note)
