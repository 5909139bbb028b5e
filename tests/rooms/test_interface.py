"""Every room format keeps to the interface (omaha_audit/rooms/base.py): a unique name, its presets
named, the checks its text cannot support named by real rule codes, and never an exception out of read()."""

from __future__ import annotations

from omaha_audit.parse.split import Block
from omaha_audit.rooms import FORMATS
from omaha_audit.rules.registry import BY_CODE
from omaha_audit.run.house import PRESETS


def test_names_are_unique_and_presets_are_named() -> None:
    names = [room_format.name for room_format in FORMATS]
    assert len(names) == len(set(names))
    for room_format in FORMATS:
        for preset in room_format.presets():
            assert PRESETS[preset.name] is preset
        for room in room_format.rooms():
            assert room_format.preset(room) is not None


def test_what_a_room_cannot_check_is_said_with_real_codes_and_reasons() -> None:
    for room_format in FORMATS:
        for code, why in room_format.cannot_check().items():
            assert code in BY_CODE, (room_format.name, code)
            assert why.strip(), (room_format.name, code)


def test_read_never_raises_on_nonsense() -> None:
    for room_format in FORMATS:
        for lines in ([""], ["\x00\x01"], ["#"], ["Seat 1: x ($1 in chips)"] * 3):
            room_format.read(Block("hand", "x.txt", 1, list(lines), room_format.name))
