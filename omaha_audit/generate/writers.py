"""The generator's writers: the rooms whose folder holds a `writer.py` (omaha_audit/rooms/<room>/writer.py,
found through the one registry of rooms, omaha_audit/rooms), each turning a `HandRecord` into that room's
text.

A writer module provides:

- `write_hand(rec, variants=frozenset()) -> str`: the hand's text, ending with the room's separator between
  hands, written in the variants asked (names of `VARIANTS`);
- `VARIANTS` (optional): the variants of the room's text it can write, by name (`Variant`: a client
  language, a number style, a header kind), selected with `generate --variant NAME`;
- `CANNOT_SHOW` (optional): the fault kinds its text cannot show (e.g. a wrong uncalled-bet line in a room
  that prints none), which are then not injected;
- `CURRENCY` (optional, "USD" if not given): the currency its cash hands name (the generator deals in
  cents of it);
- `RUNS_TWICE = False` where the room never runs a board twice (its hands are then dealt with one board);
- `STUD_DRAW` (optional, none if not given): the stud and draw games it writes (generate/stud_draw.py);
- `SESSIONS = True` where its text can show table sessions (`generate --sessions`), dealt as the room's
  preset says (faults_table.py `RoomSessions`).

How the hands are dealt (blinds, rake, the button) is not the writer's: it is the room's house-rules preset,
the one the audit applies to the room's hands, through generate/dealing.py (`room_dealing`). A fault kind no
check can see under that preset (a rake over a cap the preset does not know) is not injected either.

The same record (same play, same faults) is written in every room's conventions: raise numbers, pot lines,
fees and uncalled bets as that room prints them, so that recall can be measured through each room's reader
(benchmarks/audit_accuracy.py --room R [--variant V]).
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from types import ModuleType
from typing import Final

from omaha_audit.generate.dealing import DealingRules, room_rules
from omaha_audit.generate.record import HandRecord
from omaha_audit.model import Game, Structure

# The kinds of variant: each hand is written in at most one variant of each kind.
LANGUAGE: Final = "language"
NUMBERS: Final = "numbers"
HEADER: Final = "header"
KINDS: Final = (LANGUAGE, NUMBERS, HEADER)


@dataclass(frozen=True, slots=True)
class Variant:
    """One variant of a room's text that its writer can write. `kind`: language, numbers or header. What the
    variant writes may narrow what is dealt: `games` and `structures` (the hands a language's words are known
    for), `tournament` (True: tournament hands only, a tournament kind; False: cash hands only, a fast-fold
    pool; None: both); and the fault kinds its text cannot show besides the room's (`cannot_show`: e.g. a
    wrong hand description where the reader leaves the language's descriptions out)."""

    name: str
    kind: str
    description: str
    games: tuple[Game, ...] | None = None
    structures: tuple[Structure, ...] | None = None
    tournament: bool | None = None
    currency: str | None = None
    cannot_show: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"variant {self.name!r}: kind {self.kind!r} is not one of {', '.join(KINDS)}")


def variants(*found: Variant) -> dict[str, Variant]:
    """A writer's `VARIANTS`, by name."""
    return {variant.name: variant for variant in found}


def rooms() -> tuple[str, ...]:
    """The rooms with a writer, in the registry's order."""
    from omaha_audit.rooms import writer_rooms

    return writer_rooms()


@functools.cache
def _module(room: str) -> ModuleType:
    from omaha_audit.rooms import writer_of

    name = writer_of(room)
    if name is None:
        raise ValueError(f"no writer for room {room!r}; rooms with a writer: {', '.join(rooms())}")
    return importlib.import_module(name)


def room_variants(room: str) -> dict[str, Variant]:
    """The variants `room`'s writer can write, by name."""
    found: dict[str, Variant] = getattr(_module(room), "VARIANTS", {})
    return found


def chosen_variants(room: str, names: Iterable[str]) -> tuple[Variant, ...]:
    """The variants named, checked: ValueError for a name the room's writer does not offer (listing those it
    does) or for two of one kind."""
    offered = room_variants(room)
    chosen: list[Variant] = []
    for name in dict.fromkeys(names):
        variant = offered.get(name)
        if variant is None:
            known = ", ".join(offered) or "none"
            raise ValueError(f"unknown variant {name!r} of {room} text; its writer writes: {known}")
        clash = next((other for other in chosen if other.kind == variant.kind), None)
        if clash is not None:
            raise ValueError(f"variants {clash.name!r} and {name!r} are both of kind {variant.kind}: choose one")
        chosen.append(variant)
    return tuple(chosen)


def writer_for(room: str, names: Iterable[str] = ()) -> Callable[[HandRecord], str]:
    """`room`'s writer, writing the variants named (checked: `chosen_variants`)."""
    chosen = frozenset(variant.name for variant in chosen_variants(room, names))
    write: Callable[..., str] = _module(room).write_hand
    if not chosen:
        return write
    return functools.partial(write, variants=chosen)


def room_currency(room: str, names: Iterable[str] = ()) -> str:
    """The currency `room`'s cash hands name, in the variants named."""
    currency: str = getattr(_module(room), "CURRENCY", "USD")
    for variant in chosen_variants(room, names):
        currency = variant.currency or currency
    return currency


@functools.lru_cache(maxsize=64)  # (asked for every hand dealt)
def room_dealing(room: str, names: tuple[str, ...] = ()) -> DealingRules:
    """How `room`'s hands are dealt, in the variants named: by the room's preset (generate/dealing.py)."""
    return room_rules(room, room_currency(room, names))


def cannot_show_why(room: str, names: Iterable[str] = ()) -> dict[str, str]:
    """The fault kinds `room`'s hands (in the variants named) cannot show, with the reason where it is the
    room's preset (the others: the writer's and its variants' `CANNOT_SHOW`, whose reasons are noted there)."""
    hidden = dict.fromkeys(getattr(_module(room), "CANNOT_SHOW", frozenset()), "the room's text")
    for variant in chosen_variants(room, names):
        hidden.update(dict.fromkeys(variant.cannot_show, f"the text of variant {variant.name!r}"))
    hidden.update(room_dealing(room, tuple(names)).unshown())
    return dict(sorted(hidden.items()))


def cannot_show(room: str, names: Iterable[str] = ()) -> frozenset[str]:
    """The fault kinds `room`'s hands (in the variants named) cannot show: they are not injected there."""
    return frozenset(cannot_show_why(room, names))


def stud_draw_written(room: str) -> tuple[Game, ...]:
    """The stud and draw games `room`'s writer writes (its `STUD_DRAW`)."""
    return tuple(getattr(_module(room), "STUD_DRAW", ()))


def sessions_shown(room: str) -> bool:
    """Whether `room`'s writer shows table sessions (its `SESSIONS`)."""
    return bool(getattr(_module(room), "SESSIONS", False))


@functools.cache  # (asked for every hand dealt)
def runs_twice(room: str) -> bool:
    """Whether `room`'s hands may be run twice (a room that never does is dealt one board)."""
    return bool(getattr(_module(room), "RUNS_TWICE", True))
