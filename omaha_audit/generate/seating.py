"""Where the button and the blinds go in the next hand of a table session, and who is dealt in (RULES.md
BL-1 ... BL-6, CT-1 ... CT-3), computed from the hand before and the players' wishes.

The session (sessions.py) describes every occupied seat as a `Wish`:

- ``on``: dealt in the hand before and playing this one;
- ``free``: coming back owing nothing (or, in a tournament, moved in from another table): dealt in
  wherever the seat falls;
- ``enter``: owes blinds or has just sat down: dealt in when the big blind reaches the seat, or anywhere
  else by posting (`post`: ``extra``, a big blind out of position, or ``small & big blinds``); with no
  `post` the player waits for the big blind;
- ``out``: sitting out.

A moving button goes to the next player dealt in both hands and the blinds follow it; a dead button goes
to the seat where the small blind was due in the hand before (the small blind's seat, or where a dead
small blind was: the big blind's seat of the hand before that), even when that seat is empty or sits out,
and the big blind moves to the next player who can take it, so that nobody dealt in twice running is
passed over. Heads-up the player who had the big blind gets the button and posts the small blind (BL-2).

`place` returns None for a hand this module will not deal (fewer than two players from the hand before,
or blinds no correct dealer could post with these wishes); the session then deals it with fewer changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

MOVING = "moving"
DEAD = "dead"
BIG = "big blind"
SMALL = "small blind"


@dataclass(frozen=True, slots=True)
class Previous:
    """What the hand before leaves for placing the next: its button and blinds (seats), who had the big
    blind, the seats dealt in and the seats listed, and where its small blind was due."""

    button: int
    small: int | None
    big: int
    big_player: str
    dealt: frozenset[int]
    listed: tuple[int, ...]
    small_due: int


@dataclass(frozen=True, slots=True)
class Wish:
    kind: str  # on | free | enter | out
    post: str | None = None  # enter: "extra" | "small & big blinds" | None (waits for the big blind)


@dataclass(slots=True)
class Placement:
    button: int
    small: int | None
    big: int
    dealt: list[int]  # seats dealt in, in seat order
    extras: dict[int, str] = field(default_factory=dict)  # seat -> what it posts besides the blinds


def clockwise_from(start: int, seats: list[int] | set[int] | frozenset[int]) -> list[int]:
    """`seats` clockwise from the first after `start` (`start` itself, if present, last)."""
    ordered = sorted(seats)
    return [seat for seat in ordered if seat > start] + [seat for seat in ordered if seat <= start]


def between(start: int, end: int, seat: int) -> bool:
    """Whether `seat` lies strictly between `start` and `end` going clockwise."""
    if start < end:
        return start < seat < end
    return seat > start or seat < end


def first_placement(seats: list[int], button_index: int) -> Placement:
    """A table's first hand: every listed player dealt in, the button where the dealer put it."""
    button = seats[button_index]
    if len(seats) == 2:
        return Placement(button, button, seats[1 - button_index], list(seats))
    order = clockwise_from(button, seats)
    return Placement(button, order[0], order[1], list(seats))


def place(mode: str, prev: Previous, wishes: dict[int, Wish], button: int | None = None) -> Placement | None:
    """The next hand's placement for `wishes` (seat -> wish), or None. `button` forces the button's seat
    (a dealer's error: faults_table.py); the blinds then follow it as the mode says."""
    on = [seat for seat, wish in wishes.items() if wish.kind == "on"]
    if len(on) < 2:
        return None
    placed = _dead(prev, wishes, on, button) if mode == DEAD else _moving(prev, wishes, on, button)
    if placed is not None and len(placed.dealt) > 2 and blinds_in_order(placed):
        return placed
    if len(on) == 2 and not any(wish.kind == "free" for wish in wishes.values()):
        placed = _heads_up(mode, prev, on, button)
        if placed is not None and blinds_in_order(placed):
            return placed
    return None


def _entrants(wishes: dict[int, Wish]) -> dict[int, Wish]:
    return {seat: wish for seat, wish in wishes.items() if wish.kind == "enter"}


def _finish(button: int, small: int | None, big: int, pool: list[int], wishes: dict[int, Wish]) -> Placement:
    extras = {
        seat: wish.post
        for seat, wish in _entrants(wishes).items()
        if seat != big and seat != small and wish.post is not None
    }
    dealt = sorted({*pool, big, *extras})
    return Placement(button, small, big, dealt, extras)


def _moving(prev: Previous, wishes: dict[int, Wish], on: list[int], forced: int | None) -> Placement | None:
    button = forced if forced is not None else clockwise_from(prev.button, on)[0]
    pool = sorted([*on, *(seat for seat, wish in wishes.items() if wish.kind == "free")])
    order = clockwise_from(button, pool)
    small, big = order[0], order[1]
    waiting = [seat for seat in clockwise_from(small, list(_entrants(wishes))) if between(small, big, seat)]
    if waiting:
        big = waiting[0]  # the first player waiting between the blinds takes the big blind
    return _finish(button, small, big, pool, wishes)


def _dead(prev: Previous, wishes: dict[int, Wish], on: list[int], forced: int | None) -> Placement | None:
    pool = sorted([*on, *(seat for seat, wish in wishes.items() if wish.kind == "free")])
    takers = clockwise_from(prev.big, [*pool, *_entrants(wishes)])
    big = takers[0]
    if big == prev.big:
        return None
    small = prev.big if prev.big in on else None  # the big blind of the hand before, else a dead small blind
    button = forced if forced is not None else prev.small_due
    return _finish(button, small, big, pool, wishes)


def _heads_up(mode: str, prev: Previous, on: list[int], forced: int | None) -> Placement | None:
    """Two players, nobody entering: the big blind of the hand before gets the button (BL-2)."""
    if forced is not None:
        button = forced
    elif prev.big in on and prev.big in prev.dealt:
        button = prev.big
    elif mode == DEAD:
        button = prev.small_due
    else:
        button = clockwise_from(prev.button, on)[0]
    if button not in on:
        return None
    other = on[0] if on[1] == button else on[1]
    return Placement(button, button, other, sorted(on))


def blinds_in_order(placed: Placement) -> bool:
    """Whether the blinds sit where BL-1/BL-2 put them for this button, counting the players dealt in who
    post no extra blind: the small blind first clockwise from the button (heads-up the button itself), the
    big blind next; with no small blind, the big blind one of the first two."""
    plain = [seat for seat in placed.dealt if seat not in placed.extras]
    if len(plain) < 2 or placed.big not in plain or (placed.small is not None and placed.small not in plain):
        return False
    order = clockwise_from(placed.button, plain)
    if placed.small is None:
        return placed.big in order[:2]
    heads_up = len(plain) == 2
    wanted = placed.button if heads_up and placed.button in plain else order[0]
    return placed.small == wanted and clockwise_from(placed.small, plain)[0] == placed.big


def note_missed(
    owed: dict[str, set[str]],
    played: set[str],
    prev_big: int | None,
    placed: Placement,
    listed: dict[int, str],
) -> None:
    """Keep `owed` (player -> the blinds missed) as a cash dealer does: players dealt in have settled up;
    a player sitting out who has played at the table (`played`: a new player waiting owes a big blind to
    come in, whatever passed them) owes the big blind when it passed their seat, and the small blind when
    their seat lies between the button and the big blind."""
    for seat in placed.dealt:
        owed.pop(listed[seat], None)
    for seat, name in listed.items():
        if seat in placed.dealt or name not in played:
            continue
        if prev_big is not None and seat != prev_big and between(prev_big, placed.big, seat):
            owed.setdefault(name, set()).add(BIG)
        elif between(placed.button, placed.big, seat):
            owed.setdefault(name, set()).add(SMALL)


def next_previous(placed: Placement, prev: Previous | None, listed: dict[int, str]) -> Previous:
    """The `Previous` this placement leaves for the hand after it."""
    if placed.small is not None:
        due = placed.small
    else:
        due = prev.big if prev is not None else placed.button  # the dead small blind's seat
    return Previous(
        placed.button,
        placed.small,
        placed.big,
        listed[placed.big],
        frozenset(placed.dealt),
        tuple(sorted(listed)),
        due,
    )


def accepted_buttons(mode: str, prev: Previous, dealt: list[int], listed: dict[int, str]) -> set[int]:
    """Every seat a dealer following `mode` (or either mode, `either`) could put the button on after
    `prev` with these players dealt in: a dealer's error must avoid them all (faults_table.py)."""
    kept = [seat for seat in dealt if seat in prev.dealt and seat in listed]
    seats: set[int] = set()
    if len(dealt) == 2 and prev.big in dealt and prev.big in prev.dealt:
        seats.add(prev.big)
    if kept:
        seats.add(clockwise_from(prev.button, kept)[0])
    if mode != MOVING:
        seats.add(prev.small_due)
        seats.add(prev.small if prev.small is not None else clockwise_from(prev.button, list(prev.listed))[0])
    return seats
