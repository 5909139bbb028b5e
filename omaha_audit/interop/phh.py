"""Write a read hand as PHH, the Poker Hand History format (github.com/uoftcprg/phh-std) that pokerkit's
`pokerkit.notation.HandHistory` loads: the flop games by omaha_audit/interop/phh_writer.py (which says how a
hand is written, and what PHH cannot express), stud by phh_stud.py and the draws by phh_draw.py, both built on
the first."""

from __future__ import annotations

from omaha_audit.interop.common import Unconvertible
from omaha_audit.interop.phh_draw import DrawWriter
from omaha_audit.interop.phh_stud import StudWriter
from omaha_audit.interop.phh_writer import NAME, SUFFIX, Refused, toml_string, write_flop
from omaha_audit.model import Game, Hand

__all__ = ["NAME", "SUFFIX", "convert", "entry", "toml_string"]


def convert(hand: Hand) -> str | Unconvertible:
    """`hand` as PHH `key = value` lines, or why PHH cannot express it. Never raises."""
    try:
        if hand.game.is_draw:
            return DrawWriter(hand).write()
        if hand.game is not Game.OTHER and not hand.game.is_flop_game:
            return StudWriter(hand).write()
        return write_flop(hand)
    except Refused as refused:
        return Unconvertible(refused.reason)


def entry(index: int, text: str) -> str:
    """The hand as the `[index]` table of a `.phhs` file (pokerkit's `HandHistory.load_all`)."""
    return f"[{index}]\n{text}\n"
