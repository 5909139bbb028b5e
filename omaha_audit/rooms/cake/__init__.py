"""Cake Poker: recognised, its reader still to come (ROOMS.md)."""

from __future__ import annotations

from typing import Final

from omaha_audit.rooms.base import NotReadYet, RoomFormat

FORMAT: Final[RoomFormat] = NotReadYet("cake", "Cake Poker", r"(?:\u00ef\u00bb\u00bf)?Hand#\w+ - ")
