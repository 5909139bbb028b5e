"""The XML rooms' stream (rooms/bossmedia/xml_stream.py): every hand element with its lines and the lines of
the elements inside it, and a break in the XML ending only its hand, the hands before it given first."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest

from omaha_audit.rooms.bossmedia.xml_stream import BrokenHand, HandElement, XmlSpec, stream


def _iterparse_tags(text: str) -> list[tuple[str, str]]:
    return [(event, element.tag) for event, element in ET.iterparse(io.StringIO(text), events=("start", "end"))]


SPEC = XmlSpec("HAND")


@pytest.mark.parametrize("hands", [1, 3, 400])
def test_the_stream_gives_every_hand_with_its_lines(hands: int) -> None:
    one = '<HAND ID="{n}">\n  <ACTION A="1"/>\n  <ACTION A="2">text</ACTION>\n</HAND>\n'
    text = "".join(one.format(n=n) for n in range(hands))
    seen = []
    for piece in stream([text], SPEC):  # (a hand element is emptied when the next piece is asked for)
        assert isinstance(piece, HandElement)
        actions = [piece.line(action) for action in piece.element.iter("ACTION")]
        seen.append((piece.element.get("ID"), piece.first_line, piece.last_line, actions))
    assert seen == [(str(n), 1 + 4 * n, 4 + 4 * n, [2 + 4 * n, 3 + 4 * n]) for n in range(hands)]
    # (iterparse, on the same hands under one root, sees the same elements)
    assert len(_iterparse_tags(f"<r>{text}</r>")) == 2 * (1 + 3 * hands)


def test_a_break_ends_only_its_hand_and_the_hands_before_it_come_first() -> None:
    text = (
        '<HAND ID="1">\n<ACTION A="1"/>\n</HAND>\n'
        '<HAND ID="2">\n<ACTION A="&bad;"/>\n</HAND>\n'
        '<HAND ID="3">\n<ACTION A="3"/>\n</HAND>\n'
    )
    pieces = list(stream([text], SPEC))
    kinds = [type(piece).__name__ for piece in pieces]
    assert kinds == ["HandElement", "BrokenHand", "HandElement"]
    broken = pieces[1]
    assert isinstance(broken, BrokenHand) and broken.first_line == 4 and broken.line == 5
    assert "undefined entity" in broken.reason
