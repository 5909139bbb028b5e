"""The OnGame summary's arithmetic: the winners of a pot line, and the uncalled excess its seat lines imply."""

from __future__ import annotations

import re
from typing import Final

from omaha_audit.model import Half

HALVES: Final = {"High": Half.HIGH, "Low": Half.LOW}
# one winner's share on a pot line: `name ($259.50)`, `name (125 High)`, then `, ` or the end
_SHARE: Final = re.compile(
    r"(?P<name>.+?) \((?P<amount>[^\d\s()]?\d(?:[\d,.]*\d)?[KM]?)(?: (?P<half>High|Low))?\)(?:, |$)"
)


def shares(winners: str) -> list[tuple[str, str, Half | None]] | None:
    """`A ($259.50), A ($259.50)` or `K (3030 High), A (3030 Low)`: each share's (name, amount text, half);
    None when the text is not a list of shares."""
    found: list[tuple[str, str, Half | None]] = []
    position = 0
    for share in _SHARE.finditer(winners):
        if share.start() != position:
            return None
        position = share.end()
        found.append((share["name"], share["amount"], HALVES.get(share["half"] or "")))
    return found if position == len(winners) else None


def uncalled_excess(stakes: dict[str, int]) -> tuple[str, int]:
    """(player, chips) of the uncalled part of the largest stake: its excess over the second largest (UC-1);
    ("", 0) when the two largest are equal."""
    first_name, first, second = "", 0, 0
    for name, amount in stakes.items():
        if amount > first:
            first_name, first, second = name, amount, first
        elif amount > second:
            second = amount
    return (first_name, first - second) if first > second else ("", 0)
