"""The skeleton every text reader shares: a block is read by the room's `_read`, and a failure of the reader
itself (a bug of ours) is an internal error on that block (OA104), never an unreadable hand and never a crash
of the run; the lines the room's grammar does not know become the hand's lines not read."""

from __future__ import annotations

import re
from typing import Final

from omaha_audit.model import Defect, UnreadableHand
from omaha_audit.model.hand import LINE_CUT_OFF
from omaha_audit.model.numbers import MOST_DIGITS, NumberTooLong
from omaha_audit.parse.split import Block

UNREADABLE_LINE = "a line of a kind the reader does not know"


def crashed(block: Block, error: BaseException, hand_id: str | None = None) -> UnreadableHand:
    """The block the reader failed on, as an internal error (OA104), with the reader's exception; a number
    too long to be one, as an unreadable hand at the line that holds it."""
    found = crashed_at(block.path, block.first_line, block.last_line, error, hand_id, block.format)
    if isinstance(error, NumberTooLong):
        for number, line in enumerate(block.lines, block.first_line):
            if len(line) > MOST_DIGITS and _LONG_DIGITS.search(line):
                return UnreadableHand(
                    block.path, number, block.first_line, found.last_line, found.reason, hand_id, found.room
                )
    return found


_LONG_DIGITS: Final = re.compile(rf"\d{{{MOST_DIGITS + 1}}}")


def crashed_at(
    path: str, first_line: int, last_line: int, error: BaseException, hand_id: str | None, room: str | None
) -> UnreadableHand:
    """The same for a hand the reader took out of a whole file (an XML element, a JSON object) rather than
    a block: its lines, its id and the room or format. A number too long to be one (model/numbers.py) is
    the text's fault, not ours: the hand is unreadable, with that reason."""
    if isinstance(error, NumberTooLong):
        return UnreadableHand(path, first_line, first_line, max(last_line, first_line), str(error), hand_id, room)
    reason = f"internal reader error: {error!r}"
    return UnreadableHand(
        path, first_line, first_line, max(last_line, first_line), reason, hand_id, room, internal=True
    )


def unknown_lines(unknown: list[tuple[int, str]], block: Block, cut: bool) -> list[Defect]:
    """The lines no terminal of the room's grammar matched, as lines not read; the block's last line is
    `line cut off` instead when the hand stops before its end (`cut`)."""
    return [
        Defect(line, text, LINE_CUT_OFF if cut and line == block.last_line else UNREADABLE_LINE)
        for line, text in unknown
    ]


class BlockReader:
    """A text room's reader: `read` never raises; rooms implement `_read`."""

    def read(self, block: Block) -> object:
        try:
            return self._read(block)
        except Exception as error:  # a reader bug must not lose the hand, nor pass for an unreadable one
            return crashed(block, error)

    def _read(self, block: Block) -> object:
        raise NotImplementedError
