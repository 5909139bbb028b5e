"""PokerTracker 4 export: recognised, its reader still to come (ROOMS.md)."""

from __future__ import annotations

from typing import Final

from omaha_audit.rooms.base import NotReadYet, RoomFormat

FORMAT: Final[RoomFormat] = NotReadYet(
    "pokertracker4",
    "PokerTracker 4 export",
    r"(?:\*\* (?:Game ID|Hand #) ?\d+.* starting|Merge Game #|MERGE_GAME #|GAME #\d+|EverestPoker Game #)",
)
