"""The report's hand views kept on disk while the run goes on: each view is pickled to one file in the
report's temporary directory as it is made, and read back one at a time while the page is written, so
the 2,000 views of a large run (about 19 KiB each in memory, 38 MiB in all, measured on generated hands)
are never all held at once. What the run learns about a view later (its table's hands before and after
it) is kept beside it and applied as the view is read."""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from omaha_audit.report.hand_view import HandView, TableContext


class ViewStore:
    """Hand views in the order they were added; `len()`, truth and iteration as a list of them."""

    def __init__(self, directory: Path) -> None:
        self.path = directory / "hand-views.pickle"
        self.file = self.path.open("wb")
        self.offsets: list[int] = []  # where each view's pickle starts in the file
        self.keys: list[tuple[str, int]] = []  # each view's hand (path, first line)
        self.tables: dict[int, TableContext] = {}  # a view's table context, by its place

    def append(self, view: HandView) -> None:
        self.offsets.append(self.file.tell())
        self.keys.append(view.key)
        pickle.dump(view, self.file, protocol=pickle.HIGHEST_PROTOCOL)

    def set_table(self, index: int, table: TableContext) -> None:
        self.tables[index] = table

    def __len__(self) -> int:
        return len(self.offsets)

    def __bool__(self) -> bool:
        return bool(self.offsets)

    def __iter__(self) -> Iterator[HandView]:
        self.file.flush()
        with self.path.open("rb") as source:
            for index in range(len(self.offsets)):
                view: HandView = pickle.load(source)  # (our own file, written above: trusted)
                table = self.tables.get(index)
                yield view if table is None else replace(view, table=table)

    def close(self) -> None:
        self.file.close()
