"""The XML stream's two ways through a file (rooms/bossmedia/xml_stream.py): hand elements one after another are
parsed one at a time (`stream`), anything else is read by the parser's events (`parsed_stream`). Both give
the same pieces with the same lines: on every file of the XML rooms' corpus folders, and on generated texts
broken in the ways real files are (cut off, a bad entity, a missing end tag, a hand inside a hand, comments,
declarations, roots opened in one file and closed in another), given in pieces of whole lines cut anywhere."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from pathlib import Path

import pytest
from corpus_paths import require_corpus

from omaha_audit.parse.reader import FileText, read_texts
from omaha_audit.rooms import BY_NAME
from omaha_audit.rooms.bossmedia.xml_format import XmlFormat
from omaha_audit.rooms.bossmedia.xml_stream import (
    BrokenHand,
    ContextElement,
    HandElement,
    Piece,
    XmlSpec,
    parsed_stream,
    stream,
)

XML_ROOMS = {"bossmedia": "BossMedia", "everest": "Everest", "merge": "Merge", "microgaming": "Microgaming"}


def _signature(pieces: Iterable[Piece]) -> list[tuple[object, ...]]:
    """What a stream gives, taken as it comes (a hand element is emptied when the next piece is asked for)."""
    out: list[tuple[object, ...]] = []
    for piece in pieces:
        if isinstance(piece, HandElement):
            lines = [piece.line(element) for element in piece.element.iter()]
            piece.element.tail = None  # (the white space after the hand: the event stream's tree keeps it)
            out.append(("hand", piece.first_line, piece.last_line, ET.tostring(piece.element), tuple(lines)))
        elif isinstance(piece, BrokenHand):
            out.append(("broken", piece.first_line, piece.line, piece.reason))
        else:
            assert isinstance(piece, ContextElement)
            out.append(("context", ET.tostring(piece.element)))
    return out


def _both(pieces: list[str], spec: XmlSpec) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    return _signature(stream(pieces, spec)), _signature(parsed_stream(pieces, spec))


def _texts(path: Path, chunk: int) -> list[str]:
    with path.open("rb") as handle:
        return list(read_texts(handle, FileText(str(path)), chunk))


@pytest.mark.parametrize("room", sorted(XML_ROOMS))
def test_every_corpus_file_of_the_xml_rooms_gives_the_same_pieces_both_ways(room: str) -> None:
    folder = require_corpus() / XML_ROOMS[room]
    room_format = BY_NAME[room]
    assert isinstance(room_format, XmlFormat)
    files = sorted(path for path in folder.rglob("*") if path.is_file())
    assert files, f"no file in {folder}"
    hands = 0
    for path in files:
        for chunk in (1 << 20, 700):  # (one piece, and pieces of a few lines: hands cut between pieces)
            quick, parsed = _both(_texts(path, chunk), room_format.spec)
            assert quick == parsed, f"{path} (pieces of {chunk} bytes)"
        hands += sum(1 for piece in quick if piece[0] == "hand")
    assert hands > 0


HAND = (
    '<HISTORY ID="{n}" TABLE="T &amp; 1" STAKES="1.00/2.00">\n'
    '<PLAYER NAME="a" SEAT="1" AMOUNT="100.00"></PLAYER><PLAYER NAME="b" SEAT="2" AMOUNT="50.00"/>\n'
    '<ACTION TYPE="HAND_DEAL" PLAYER="a">\n<CARD LINK="1"></CARD>\n<CARD LINK="b"/></ACTION>\n'
    '<ACTION TYPE="ACTION_CALL" PLAYER="b" VALUE="1.00" NOTE="a &gt; b"></ACTION>\n'
    "</HISTORY>"
)
# what real files put between or into hands (each a way the quick path must hand over, or pass)
BETWEEN = [
    "\n",
    "\n\n\n",
    "  \t",
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    "<ROOT>\n",
    "</ROOT>\n",
    '<ROOT date="x > y">',
    "<!-- a comment <HISTORY> -->\n",
    "<![CDATA[ <HISTORY> ]]>",
    '<description name="d"/>\n',
    '</ROOT>\n<description name="d"/>\n',  # (a break, then a context element: the event stream passes it)
    "stray text\n",
    "</HISTORY>\n",
]
BREAKS = [
    lambda hand: hand.replace('VALUE="1.00"', 'VALUE="&bad;"'),  # an entity XML does not know
    lambda hand: hand.replace("</HISTORY>", ""),  # the end tag missing: the next hand starts inside it
    lambda hand: hand.replace("<CARD", "<CARD<", 1),  # a broken tag
    lambda hand: hand.replace('NAME="a"', 'NAME="a\x01"', 1),  # a character XML refuses
    lambda hand: hand.replace("</ACTION>\n</HISTORY>", "</ACTION>\n<!-- end -->\n</HISTORY>"),  # a comment inside
    lambda hand: hand.replace('STAKES="1.00/2.00">', 'STAKES="1.00/2.00"', 1),  # the hand's own tag broken
    lambda hand: hand[: len(hand) // 2],  # cut off
]


@pytest.mark.parametrize("seed", range(300))
def test_generated_texts_broken_as_real_files_are_give_the_same_pieces_both_ways(seed: int) -> None:
    rng = random.Random(seed)
    parts: list[str] = []
    for n in range(rng.randint(1, 8)):
        if rng.random() < 0.5:
            parts.append(rng.choice(BETWEEN))
        hand = HAND.format(n=n)
        if rng.random() < 0.3:
            hand = rng.choice(BREAKS)(hand)
        parts.append(hand)
        parts.append(rng.choice(["\n", "\n\n", "", " "]))
    text = "".join(parts)
    if not text.endswith("\n"):
        text += "\n"
    lines = text.splitlines(keepends=True)
    cuts = sorted(rng.sample(range(1, len(lines)), min(len(lines) - 1, rng.randint(0, 3)))) if len(lines) > 1 else []
    pieces = ["".join(lines[a:b]) for a, b in zip([0, *cuts], [*cuts, len(lines)], strict=True)]
    for spec in (XmlSpec("HISTORY"), XmlSpec("HISTORY", ("description",))):
        quick, parsed = _both(pieces, spec)
        assert quick == parsed, text


def test_hands_after_a_root_and_a_declaration_keep_their_lines() -> None:
    text = '<?xml version="1.0"?>\n<ROOT>\n' + HAND.format(n=1) + "\n" + HAND.format(n=2) + "</ROOT>\n"
    pieces = _signature(stream([text], XmlSpec("HISTORY")))
    assert [(kind, first, last) for kind, first, last, *_ in pieces] == [("hand", 3, 9), ("hand", 10, 16)]
    assert pieces[0][4] == (3, 4, 4, 5, 6, 7, 8)  # (the hand, two players on one line, the deal, its cards, the call)


def test_a_hand_with_no_end_in_megabytes_of_text_is_read_by_the_events_with_the_same_pieces() -> None:
    open_hand = HAND.format(n=1).replace("</HISTORY>", "")
    filler = '<ACTION TYPE="ACTION_CHECK" PLAYER="a"></ACTION>\n' * 20_000  # (about 1 MB a piece)
    pieces = [HAND.format(n=0) + "\n" + open_hand + "\n", *([filler] * 6)]
    quick, parsed = _both(pieces, XmlSpec("HISTORY"))
    assert quick == parsed
    assert [piece[0] for piece in quick] == ["hand", "broken"]
