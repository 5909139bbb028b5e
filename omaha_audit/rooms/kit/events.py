"""The kind of an event read from a line that a room's grammar matches and the betting skips (an `%ignore`d
terminal): the EventKind the rules read when the terminal is one of theirs, else the terminal's own name
(`SITS_OUT`: `sits-out`)."""

from __future__ import annotations

from typing import Final

from omaha_audit.model import EventKind

# the grammars' terminals (grammar/*.lark) whose lines are events the rules read
KINDS: Final = {
    "REBUY": EventKind.REBUY,
    "ADD_ON": EventKind.ADD_ON,
    "TOP_UP": EventKind.TOP_UP,
    "TABLE_TOP_UP": EventKind.TOP_UP,  # (Bovada's `Table deposit $1.50` of a player not in the hand)
}


def event_kind(terminal: str) -> str:
    kind = KINDS.get(terminal)
    return kind if kind is not None else terminal.lower().replace("_", "-")
