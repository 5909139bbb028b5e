"""A small progress line on stderr for long runs: files done as a bar, hands processed, hands per second.

It draws only when the stream is a terminal (and TERM is not "dumb"); redirected to a file or a pipe,
or under CI, it writes nothing at all. Redraws are throttled to a few per second so the cost per hand
is one clock read. The line is drawn by `rich` (which Typer brings): a `Live` display that is refreshed
only when this class says so (no thread of its own) and erased when the run ends; rich is imported at
the first draw, so a short run on a terminal and every run off one never load it.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TextIO, TypeVar

T = TypeVar("T")
BAR_WIDTH = 24


def wants_progress(stream: TextIO) -> bool:
    try:
        is_tty = stream.isatty()
    except (AttributeError, ValueError):  # closed or not a real file
        return False
    return is_tty and os.environ.get("TERM") != "dumb"


def format_line(hands: int, elapsed: float, files_done: int, files_total: int | None) -> str:
    """`[#########...........]  3/57 files  12,345 hands  4,321 hands/s  0:03`"""
    rate = hands / elapsed if elapsed > 0 else 0.0
    minutes, seconds = divmod(int(elapsed), 60)
    parts = []
    if files_total:
        filled = min(BAR_WIDTH, BAR_WIDTH * files_done // files_total)
        parts.append("[" + "#" * filled + "." * (BAR_WIDTH - filled) + "]")
        parts.append(f"{files_done}/{files_total} files")
    parts.append(f"{hands:,} hands")
    parts.append(f"{rate:,.0f} hands/s")
    parts.append(f"{minutes}:{seconds:02d}")
    return "  ".join(parts)


class Progress:
    """`update()` once per hand, `file_done()` when a file is finished, `close()` at the end."""

    def __init__(
        self,
        files_total: int | None = None,
        stream: TextIO | None = None,
        *,
        enabled: bool | None = None,
        interval: float = 0.2,
    ) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = wants_progress(self.stream) if enabled is None else enabled
        self.files_total = files_total
        self.files_done = 0
        self.hands = 0
        self.interval = interval
        self.started = time.monotonic()
        self.next_draw = self.started + interval
        self.drawn = False
        self.live: Any = None  # rich's Live display, once drawn

    def update(self, hands: int = 1) -> None:
        self.hands += hands
        if self.enabled:
            now = time.monotonic()
            if now >= self.next_draw:
                self.next_draw = now + self.interval
                self.draw(now)

    def file_done(self) -> None:
        self.files_done += 1

    def draw(self, now: float | None = None) -> None:
        elapsed = (now or time.monotonic()) - self.started
        renderable = self._renderable(elapsed)
        if self.live is None:
            from rich.console import Console
            from rich.live import Live

            console = Console(file=self.stream, force_terminal=True, highlight=False, soft_wrap=False)
            self.live = Live(
                renderable,
                console=console,
                auto_refresh=False,
                transient=True,
                redirect_stdout=False,
                redirect_stderr=False,
            )
            self.live.start()
        self.live.update(renderable, refresh=True)
        self.drawn = True

    def _renderable(self, elapsed: float) -> Any:
        from rich.progress_bar import ProgressBar
        from rich.table import Table
        from rich.text import Text

        line = Table.grid(padding=(0, 2))
        counts = format_line(self.hands, elapsed, self.files_done, None)
        if self.files_total:
            bar = ProgressBar(total=self.files_total, completed=self.files_done, width=BAR_WIDTH)
            line.add_row(bar, Text(f"{self.files_done}/{self.files_total} files"), Text(counts))
        else:
            line.add_row(Text(counts))
        return line

    def close(self) -> None:
        """Erase the line, so whatever is printed next starts on a clean line."""
        if self.live is not None:
            self.live.stop()
            self.live = None
            self.stream.flush()
        self.enabled = False

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def track(
    items: Iterable[T], progress: Progress, files: Sequence[object] = (), path_of: Callable[[T], str] | None = None
) -> Iterator[T]:
    """Yield `items`, counting each one. With the run's `files` and `path_of(item)` the bar follows the
    file being read. The line is erased when the items run out (or the caller stops early)."""
    position = {str(path): index for index, path in enumerate(files)}
    try:
        for item in items:
            if path_of is not None:
                progress.files_done = position.get(path_of(item), progress.files_done)
            progress.update()
            yield item
    finally:
        progress.close()
