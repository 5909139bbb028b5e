"""PHH, the Poker Hand History format (github.com/uoftcprg/phh-std, pokerkit's notation): TOML, one hand
per `.phh` file or many under `[n]` tables in a `.phhs` file. Read a whole file at a time (reader.py); the
house rules are those of the room that dealt the hand (`venue`) where a format of ours names that room.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.parse.files import Item
from omaha_audit.parse.input_files import Source
from omaha_audit.parse.split import Block, Marks
from omaha_audit.rooms.base import RoomFormat
from omaha_audit.rooms.phh.reader import FORMAT_NAME, read_text

NEVER: Final = r"(?!)"  # text files never hold a PHH header: PHH files are claimed whole
# The first line that is neither blank nor a comment: a `[table]` header or a `key = value` line, and a
# `variant` key in the head of the file.
_FIRST: Final = re.compile(r"\A(?:\ufeff)?(?:[ \t]*(?:#[^\n]*)?\r?\n)*[ \t]*(?:\[[^\]\n]+\]|[A-Za-z_][\w-]*[ \t]*=)")
_VARIANT: Final = re.compile(r"^[ \t]*variant[ \t]*=[ \t]*[\"']", re.MULTILINE)


_DEALT_IN_ONLY: Final = (
    "PHH lists only the players dealt in (no seat sitting out, no missed blind, no top-up between hands): "
    "a rule across hands has no ground"
)


class PhhFormat(RoomFormat):
    def __init__(self) -> None:
        super().__init__(FORMAT_NAME, "PHH (Poker Hand History)", Marks(FORMAT_NAME, NEVER))

    def claims_file(self, head: bytes) -> bool:
        text = head.decode("utf-8", errors="replace")
        return _FIRST.match(text) is not None and _VARIANT.search(text) is not None

    def read_path(self, path: Source) -> Iterator[Item]:
        name = str(path)
        data = self.whole_bytes(path)
        if isinstance(data, UnreadableHand):
            yield data
            return
        failed: UnreadableHand | None = None
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as bad_bytes:
            line = data[: bad_bytes.start].count(b"\n") + 1
            failed = UnreadableHand(name, line, 1, line, f"PHH: not UTF-8 text: {bad_bytes.reason}", room=FORMAT_NAME)
        if failed is not None:
            yield failed
            return
        yield from read_text(text, name)

    def read(self, block: Block) -> Hand | UnreadableHand:
        for item in read_text("\n".join(block.lines), block.path):
            return item
        return UnreadableHand(block.path, block.first_line, block.first_line, block.last_line, "PHH: no hand")

    def preset(self, room: str) -> HouseRules:
        """The generic house rules: a hand of a room (`venue`) that a format of ours reads is judged by that
        format's (omaha_audit/rooms/__init__.py preset_of)."""
        return GENERIC

    def copies(self) -> bool:
        return True

    def cannot_check(self) -> dict[str, str]:
        return {
            "OA602": "PHH has no total pot figure",
            "OA402": "PHH has no main and side pot figures",
            "OA507": "PHH has no hand descriptions",
            **{code: _DEALT_IN_ONLY for code in ("OA701", "OA702", "OA703", "OA704", "OA705")},
            "OA707": (
                "PHH states no stakes: a level's blinds are read from the posts, which a missing or dead "
                "small blind changes (levels then seem dealt at two sizes)"
            ),
        }


FORMAT: Final[RoomFormat] = PhhFormat()
