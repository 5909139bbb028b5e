"""Betfair Poker: recognised, its reader still to come (ROOMS.md)."""

from __future__ import annotations

from typing import Final

from omaha_audit.rooms.base import NotReadYet, RoomFormat

FORMAT: Final[RoomFormat] = NotReadYet("betfair", "Betfair Poker", r"\*{5} Betfair Poker Hand History for Game")
