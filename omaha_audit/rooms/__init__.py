"""The one registry of rooms: the formats, in detection order, and what the rest of the program asks of them.

`REGISTRY` is the explicit tuple of every format (no discovery, no registration at import time), each with
the fuzz family and the corpus folders of its hands; `FORMATS` its formats. A hand block belongs to the first
format whose header matches its first line. Formats that are recognised but not read yet are listed too
(`NotReadYet`), so their hands are counted and reported, never lost. A room is one folder: its reader, and
where the generator writes its text, its writer (`rooms/<folder>/writer.py`, the generator's layer, looked up
by module name and never imported with the reader). The generator (`generate --room`), the fuzzer's families
and the accuracy benchmark take their lists of rooms from here.
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
from omaha_audit.rooms.base import Room, RoomFormat

# The fuzz families (tests/devtools/fuzz.py): the PokerStars-like text rooms, the other text rooms, the XML rooms,
# and the interchange formats (their seeds are the text rooms' hands written in them).
STARS_LIKE: Final = "pokerstars-like"
OTHER_TEXT: Final = "other-text"
XML: Final = "xml"
INTERCHANGE: Final = "interchange"

# The one registry of rooms, in detection order (order matters where headers overlap): each format, its fuzz
# family and its folders in the corpus. Whether a room has a writer (the generator's) is its folder's own:
# `RoomFormat.writer()`.
REGISTRY: Final[tuple[Room, ...]] = (
    Room(pokerstars.FORMAT, STARS_LIKE, ("PokerStars",)),
    Room(ggpoker.FORMAT, STARS_LIKE, ("GGPoker",)),
    Room(winamax.FORMAT, STARS_LIKE, ("Winamax",)),
    Room(acr.FORMAT, STARS_LIKE, ("WinningPoker-ACR",)),
    Room(wpn.FORMAT, STARS_LIKE, ("WinningPoker-ACR",)),
    Room(fulltilt.FORMAT, STARS_LIKE, ("FullTiltPoker",)),
    Room(cake.FORMAT, STARS_LIKE, ("Cake",)),
    Room(kingsclub.FORMAT, STARS_LIKE, ("KingsClub",)),
    Room(betonline.FORMAT, STARS_LIKE, ("BetOnline",)),
    Room(poker888.FORMAT, OTHER_TEXT, ("888poker",)),
    Room(partypoker.FORMAT, OTHER_TEXT, ("PartyPoker",)),
    Room(betfair.FORMAT, OTHER_TEXT, ("Betfair",)),
    Room(ongame.FORMAT, OTHER_TEXT, ("OnGame",)),
    Room(bovada.FORMAT, OTHER_TEXT, ("Bovada",)),
    Room(pkr.FORMAT, OTHER_TEXT, ("PKR",)),
    Room(entraction.FORMAT, OTHER_TEXT, ("Entraction",)),
    Room(unibet.FORMAT, OTHER_TEXT, ("Unibet",)),  # (before Enet: `Game #N: Table` is Unibet's, `Game #N:` Enet's)
    Room(absolute.FORMAT, OTHER_TEXT, ("Absolute",)),
    Room(everleaf.FORMAT, OTHER_TEXT, ("Everleaf",)),
    Room(sealswithclubs.FORMAT, OTHER_TEXT, ("SealsWithClubs",)),
    Room(pokertracker4.FORMAT, OTHER_TEXT, ("PokerTracker4-export",)),
    Room(thebiggame.FORMAT, OTHER_TEXT, ("TheBigGame",)),
    Room(ipoker.FORMAT, XML, ("iPoker",)),
    Room(bossmedia.FORMAT, XML, ("BossMedia",)),
    Room(microgaming.FORMAT, XML, ("Microgaming",)),
    Room(merge.FORMAT, XML, ("Merge",)),
    Room(everest.FORMAT, XML, ("Everest",)),
    Room(enet.FORMAT, STARS_LIKE, ("Enet",)),
    Room(ohh.FORMAT, INTERCHANGE, ("OHH",)),
    Room(phh.FORMAT, INTERCHANGE),
    # (JSON files claimed whole by their head: never OHH's `{"ohh":`; not fuzzed: no family reads JSON seeds)
    Room(globalpoker.FORMAT, None, ("GlobalPoker",)),
)
FORMATS: Final[tuple[RoomFormat, ...]] = tuple(room.format for room in REGISTRY)
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
    if room_format is None:
        return GENERIC
    if room_format.copies():  # (a copy is judged by the house rules of the room that dealt it)
        own = room_format.own_preset(room)
        if own is not None:
            return own
        native = native_format(room)
        if native is not None:
            return native.preset(room)
    return room_format.preset(room)


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
    return room_format.hand_words(hand) if room_format is not None else None


def writer_rooms() -> tuple[str, ...]:
    """The formats whose folder holds a writer (the generator's: `generate --room`), in registry order. The
    writers are looked up, not imported."""
    return tuple(room_format.name for room_format in FORMATS if room_format.writer() is not None)


def writer_of(name: str) -> str | None:
    """The module name of format `name`'s writer, or None (no such format, or no writer)."""
    room_format = BY_NAME.get(name)
    return room_format.writer() if room_format is not None else None


def fuzz_families() -> dict[str, tuple[str, ...]]:
    """Each fuzz family's room folders of the corpus (the interchange family: its formats' names in capitals,
    `OHH`, `PHH`, whose seeds are the text rooms' hands written in them), in registry order."""
    found: dict[str, dict[str, None]] = {}
    for room in REGISTRY:
        if room.family is None:
            continue
        names = (room.name.upper(),) if room.family == INTERCHANGE else room.corpus
        found.setdefault(room.family, {}).update(dict.fromkeys(names))
    return {family: tuple(names) for family, names in found.items()}


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
    "INTERCHANGE",
    "OTHER_TEXT",
    "REGISTRY",
    "SPLITTER",
    "STARS_LIKE",
    "XML",
    "Room",
    "RoomFormat",
    "all_presets",
    "format_of",
    "fuzz_families",
    "hand_source",
    "native_format",
    "preset_for",
    "preset_of",
    "words_for",
    "writer_of",
    "writer_rooms",
]
