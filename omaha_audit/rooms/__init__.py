"""The room formats, in detection order, and what the rest of the program asks of them.

`FORMATS` is the explicit tuple of every format (no discovery, no registration at import time): a hand
block belongs to the first format whose header matches its first line. Formats that are recognised but
not read yet are listed too (`NotReadYet`), so their hands are counted and reported, never lost.
"""

from __future__ import annotations

from typing import Final

from omaha_audit.model import Hand
from omaha_audit.model.hand_value import Words
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.parse.files import HandSource
from omaha_audit.parse.split import Splitter
from omaha_audit.rooms import (
    absolute,
    acr,
    betfair,
    betonline,
    bossmedia,
    bovada,
    cake,
    enet,
    entraction,
    everest,
    everleaf,
    fulltilt,
    ggpoker,
    globalpoker,
    ipoker,
    kingsclub,
    merge,
    microgaming,
    ohh,
    ongame,
    partypoker,
    phh,
    pkr,
    poker888,
    pokerstars,
    pokertracker4,
    sealswithclubs,
    thebiggame,
    unibet,
    winamax,
    wpn,
)
from omaha_audit.rooms.base import RoomFormat

# (order matters where headers overlap)
FORMATS: Final[tuple[RoomFormat, ...]] = (
    pokerstars.FORMAT,
    ggpoker.FORMAT,
    winamax.FORMAT,
    acr.FORMAT,
    wpn.FORMAT,
    fulltilt.FORMAT,
    cake.FORMAT,
    kingsclub.FORMAT,
    betonline.FORMAT,
    poker888.FORMAT,
    partypoker.FORMAT,
    betfair.FORMAT,
    ongame.FORMAT,
    bovada.FORMAT,
    pkr.FORMAT,
    entraction.FORMAT,
    unibet.FORMAT,  # (before Enet: `Game #N: Table` is Unibet's, `Game #N:` Enet's)
    absolute.FORMAT,
    everleaf.FORMAT,
    sealswithclubs.FORMAT,
    pokertracker4.FORMAT,
    thebiggame.FORMAT,
    ipoker.FORMAT,
    bossmedia.FORMAT,
    microgaming.FORMAT,
    merge.FORMAT,
    everest.FORMAT,
    enet.FORMAT,
    ohh.FORMAT,
    phh.FORMAT,
    globalpoker.FORMAT,  # (JSON files claimed whole by their head: never OHH's `{"ohh":`)
)
BY_NAME: Final[dict[str, RoomFormat]] = {room_format.name: room_format for room_format in FORMATS}
SPLITTER: Final = Splitter([room_format.marks for room_format in FORMATS])


def hand_source() -> HandSource:
    """A reader of files hand by hand, with every room format."""
    return HandSource(SPLITTER, FORMATS)


def format_of(hand: Hand) -> RoomFormat | None:
    return BY_NAME.get(hand.format)


def preset_for(hand: Hand) -> HouseRules:
    """The house rules of the room that dealt `hand`."""
    return preset_of(hand.format, hand.room)


def preset_of(format_name: str, room: str) -> HouseRules:
    """The house rules of `room`, whose hands are written in `format_name`."""
    room_format = BY_NAME.get(format_name)
    return room_format.preset(room) if room_format is not None else GENERIC


def native_format(room: str) -> RoomFormat | None:
    """The format of ours that writes `room`'s own hand histories: the first in detection order that reads
    the room, never an interchange format (OHH, PHH: their hands are copies, judged and ruled as the
    room's own)."""
    for room_format in FORMATS:
        if not room_format.copies() and room in room_format.rooms():
            return room_format
    return None


def words_for(hand: Hand) -> Words | None:
    """The words the room describes shown hands with, where they are checked (OA507)."""
    room_format = BY_NAME.get(hand.format)
    return room_format.words(hand.room) if room_format is not None else None


def all_presets() -> dict[str, HouseRules]:
    """Every named preset of every format, and `generic`."""
    found = {GENERIC.name: GENERIC}
    for room_format in FORMATS:
        for preset in room_format.presets():
            found.setdefault(preset.name, preset)
    return found


__all__ = [
    "BY_NAME",
    "FORMATS",
    "SPLITTER",
    "RoomFormat",
    "all_presets",
    "format_of",
    "hand_source",
    "native_format",
    "preset_for",
    "preset_of",
    "words_for",
]
