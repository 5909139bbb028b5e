"""Bovada's text (also written under the Ignition and Bodog names: one network's software), 2012-2022:
positions instead of player names, ` : ` after them, raises printed as the chips added and the street total
(ROOMS.md section 15). Read by reader.py; see there for what the text means."""

from __future__ import annotations

from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.hand_value import Words
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.parse.split import Block, Marks
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.bovada import presets
from omaha_audit.rooms.bovada.reader import BovadaReader
from omaha_audit.rooms.bovada.words import BOVADA_WORDS

HEADER: Final = r"(?:Bovada|Ignition|Bodog(?:\.com|\.eu| UK| Canada|88)?) Hand #C?\d+"


class BovadaFormat(RoomFormat):
    def __init__(self) -> None:
        super().__init__("bovada", "Bovada", Marks("bovada", HEADER, r"\*\*\* SUMMARY \*\*\*"))
        self._reader: BovadaReader | None = None

    @property
    def reader(self) -> BovadaReader:
        if self._reader is None:
            self._reader = BovadaReader()
        return self._reader

    def read(self, block: Block) -> Hand | UnreadableHand:
        return self.reader.read(block)

    def presets(self) -> tuple[HouseRules, ...]:
        return presets.PRESETS

    def preset(self, room: str) -> HouseRules:
        return presets.BY_ROOM.get(room, GENERIC)

    def rooms(self) -> tuple[str, ...]:
        return tuple(presets.BY_ROOM)

    def words(self, room: str) -> Words | None:
        return BOVADA_WORDS

    def cannot_check(self) -> dict[str, str]:
        return {
            "OA103": "cash tables print no stakes before the MVS tables (2021): their blinds are read from the posts",
            "OA309": "cash tables print no stakes before the MVS tables (2021): their blinds are read from the posts",
            "OA402": "no main and side pot figures are printed (only each player's result per pot)",
            "OA601": "cash hands print no rake from 2013: their awards are checked to be no more than `Total Pot`, "
            "and the rake is what the pot kept (its size judged by OA603)",
            **{code: _ANONYMOUS for code in ("OA701", "OA702", "OA703", "OA704", "OA705")},
        }


# The rules across hands that follow players from one hand to the next: at anonymous tables a seat is all
# there is to know a player by, and a seat can change hands between two hands unseen (a player who busts
# and one who sits down in the same seat look like one player: e.g. LHE-USD-8-16-201204.old.format.txt,
# seat 4 all in for $59.50, then $160 in the next hand).
_ANONYMOUS: Final = "players are anonymous (named by seat): who sat out, left, came back or sat down is not known"

FORMAT: Final[RoomFormat] = BovadaFormat()
