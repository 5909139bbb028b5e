"""The progress line (drawn by rich): on a terminal only, throttled, erased at the end."""

from __future__ import annotations

import io

import pytest

from omaha_audit.output.progress import Progress, format_line, track, wants_progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_silent_when_not_a_terminal() -> None:
    stream = io.StringIO()
    progress = Progress(3, stream, interval=0)
    assert not progress.enabled
    for _ in track(range(100), progress):
        pass
    assert stream.getvalue() == ""
    assert progress.hands == 100


def test_silent_on_a_dumb_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "dumb")
    assert not wants_progress(Terminal())
    monkeypatch.setenv("TERM", "xterm-256color")
    assert wants_progress(Terminal())


def test_draws_counts_and_rate_then_erases(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "xterm")
    stream = Terminal()
    files = ["a.txt", "b.txt"]
    items = [("a.txt", 1), ("a.txt", 2), ("b.txt", 3)]
    seen = list(track(items, Progress(len(files), stream, interval=0), files, lambda item: item[0]))
    assert seen == items
    output = stream.getvalue()
    assert "3 hands" in output and "hands/s" in output and "1/2 files" in output
    assert "━" in output  # rich's bar
    assert output.endswith("\x1b[2K")  # the line is erased so the report starts clean


def test_throttled() -> None:
    stream = Terminal()
    progress = Progress(None, stream, enabled=True, interval=3600)
    for _ in range(1000):
        progress.update()
    assert stream.getvalue() == ""  # not yet time to draw
    progress.draw()
    assert "1,000 hands" in stream.getvalue()


def test_format_line() -> None:
    line = format_line(12_345, 10.0, 1, 4)
    assert line == "[######..................]  1/4 files  12,345 hands  1,234 hands/s  0:10"
    assert format_line(0, 0.0, 0, None) == "0 hands  0 hands/s  0:00"
