"""The generator's writers: one module per room format, each turning a `HandRecord` into that room's text
(`write_hand(rec) -> str`, ending with the room's separator between hands) and saying which fault kinds its
text cannot show (`CANNOT_SHOW`: e.g. a wrong uncalled-bet line in a room that prints none) and, where the
room never runs a board twice, `RUNS_TWICE = False` (its hands are then dealt with one board).

The same record (same play, same faults) is written in every room's conventions: raise numbers,
pot lines, fees and uncalled bets as that room prints them, so that recall can be measured through each
room's reader (benchmarks/audit_accuracy.py --room R).
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Final

from omaha_audit.generate.record import HandRecord

# room -> the module that writes it (imported on first use)
WRITERS: Final = {
    "pokerstars": "omaha_audit.generate.writer",
    "ggpoker": "omaha_audit.generate.writers.ggpoker",
    "winamax": "omaha_audit.generate.writers.winamax",
    "acr": "omaha_audit.generate.writers.acr",
    "partypoker": "omaha_audit.generate.writers.partypoker",
    "ipoker": "omaha_audit.generate.writers.ipoker",
    "888poker": "omaha_audit.generate.writers.poker888",
}


def _module(room: str) -> ModuleType:
    if room not in WRITERS:
        raise ValueError(f"no writer for room {room!r}; known: {', '.join(WRITERS)}")
    try:
        return importlib.import_module(WRITERS[room])
    except ModuleNotFoundError as error:
        if error.name != WRITERS[room]:
            raise
        raise ValueError(f"the {room} writer is not installed") from None


def writer_for(room: str) -> Callable[[HandRecord], str]:
    """The `write_hand` of `room`'s writer."""
    write: Callable[[HandRecord], str] = _module(room).write_hand
    return write


def cannot_show(room: str) -> frozenset[str]:
    """The fault kinds `room`'s text cannot show (they are not injected when writing that room)."""
    return frozenset(getattr(_module(room), "CANNOT_SHOW", frozenset()))


@functools.cache  # (asked for every hand dealt)
def runs_twice(room: str) -> bool:
    """Whether `room`'s hands may be run twice (a room that never does is dealt one board)."""
    return bool(getattr(_module(room), "RUNS_TWICE", True))


def rooms() -> tuple[str, ...]:
    """The rooms whose writer is installed."""
    found = []
    for room in WRITERS:
        try:
            _module(room)
        except ValueError:
            continue
        found.append(room)
    return tuple(found)
