"""Found by the long fuzz run: a dead-button table whose hand has a seat (or button) number beyond any
table, with no small blind posted, made OA701 count every seat up to that number (a run that never ended).
Such a number is an OA108 finding on its own hand; across hands the rule now looks only at the seats there
are."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path

from omaha_audit.model import ActionKind, Hand
from omaha_audit.rooms import hand_source, preset_for
from omaha_audit.rules import oa701_button_movement as oa701
from omaha_audit.rules.base import HandContext
from omaha_audit.rules.tables import table_hand

CASES = Path(__file__).parent / "table_cases" / "OA701.toml"


def test_dead_button_seats_with_a_seat_number_beyond_any_table(tmp_path: Path) -> None:
    text = tomllib.loads(CASES.read_text(encoding="utf-8"))["case"][0]["hands"]
    path = tmp_path / "hands.txt"
    path.write_text(text.lstrip("\n"), encoding="utf-8")
    first = next(item for item in hand_source().read_file(path) if isinstance(item, Hand))
    hand = table_hand(HandContext(first, preset_for(first)), 1, b"")
    big = next(post for post in hand.posts if post.kind is ActionKind.POST_BIG_BLIND)
    seat = next(seat for seat in hand.seats if seat.player == big.player)
    far = replace(seat, seat=10**30, player="far")
    absurd = replace(hand, posts=(big,), max_seats=10**30, seats=(*hand.seats, far))
    dead = oa701._dead_buttons(absurd)  # (before the fix: a set comprehension over range(1, 10**30 + 1))
    assert dead and dead <= {*(s.seat for s in absurd.seats), hand.button}
