"""OnGame: recognised, its reader still to come (ROOMS.md)."""

from __future__ import annotations

from typing import Final

from omaha_audit.rooms.base import NotReadYet, RoomFormat

FORMAT: Final[RoomFormat] = NotReadYet("ongame", "OnGame", r"\*{5} History for hand [RT]\d-")
