"""Bad input never stops the reader, and every hand is accounted for: read (maybe with defects or cut
off), or reported unreadable with where and why."""

from __future__ import annotations

import codecs
import functools
import io
import json
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.parse.files import FileNotice, HandSource
from omaha_audit.rooms import hand_source

HAND = """\
PokerStars Hand #112824228684:  Omaha Pot Limit ($2/$4 USD) - 2014/03/05 16:34:05 ET
Table 'Gaby II' 6-max Seat #3 is the button
Seat 1: J\u00fcrgen ($400 in chips)
Seat 3: Hero ($412.50 in chips)
Seat 5: Villain ($380 in chips)
Villain: posts small blind $2
J\u00fcrgen: posts big blind $4
*** HOLE CARDS ***
Dealt to Hero [8d As 2h Ks]
Hero: raises $10 to $14
Villain: calls $12
J\u00fcrgen: folds
*** FLOP *** [Qh 7c Qs]
Villain: checks
Hero: bets $20
Villain: folds
Uncalled bet ($20) returned to Hero
Hero collected $30.60 from pot
Hero: doesn't show hand
*** SUMMARY ***
Total pot $32 | Rake $1.40
Board [Qh 7c Qs]
Seat 1: J\u00fcrgen (big blind) folded before Flop
Seat 3: Hero (button) collected ($30.60)
Seat 5: Villain (small blind) folded on the Flop
"""
LINES = HAND.splitlines()
SUMMARY_AT = LINES.index("*** SUMMARY ***")


def hand_text(hand_id: int) -> str:
    return HAND.replace("#112824228684", f"#{hand_id}")


@functools.cache
def source() -> HandSource:
    return hand_source()


def read_bytes(tmp_path: Path, data: bytes, name: str = "input.txt") -> list[Hand | UnreadableHand | FileNotice]:
    path = tmp_path / name
    path.write_bytes(data)
    return list(source().read_file(path))


def only_hand(items: list) -> Hand:
    assert len(items) == 1, items
    assert isinstance(items[0], Hand), items[0]
    return items[0]


def test_the_sample_hand_reads_cleanly(tmp_path):
    hand = only_hand(read_bytes(tmp_path, HAND.encode()))
    assert not hand.defects and not hand.truncated
    assert hand.total_pot == 3200 and hand.rake == 140
    assert [seat.player for seat in hand.seats] == ["J\u00fcrgen", "Hero", "Villain"]


@pytest.mark.parametrize("cut", range(2, len(LINES)))
def test_hand_cut_off_after_any_line(tmp_path, cut):
    hand = only_hand(read_bytes(tmp_path, "\n".join(LINES[:cut]).encode()))
    assert hand.truncated == (cut <= SUMMARY_AT)
    assert hand.source.end_line == cut
    if cut == SUMMARY_AT + 1:  # the text stops right after `*** SUMMARY ***`: the pot line is missing
        assert [(defect.line, defect.reason) for defect in hand.defects] == [(cut, "the summary has no pot line")]
    else:
        assert not hand.defects


@pytest.mark.parametrize("cut", [len(LINES[9]) // 2, 5, 1])
def test_hand_cut_off_in_the_middle_of_a_line(tmp_path, cut):
    text = "\n".join(LINES[:9]) + "\n" + LINES[9][:cut]
    hand = only_hand(read_bytes(tmp_path, text.encode()))
    assert hand.truncated
    assert [(defect.line, defect.reason) for defect in hand.defects] == [(10, "line cut off")]


def test_a_hand_with_only_its_header(tmp_path):
    hand = only_hand(read_bytes(tmp_path, LINES[0].encode()))
    assert hand.truncated and not hand.seats


@pytest.mark.parametrize("garbage", ["\x00\x01\x02", "%%%% garbage %%%%", "Hero: dances", "*** FLOOP *** [Qh]"])
@pytest.mark.parametrize("at", [3, 9, 13, SUMMARY_AT + 2])
def test_garbage_line_inside_a_hand_is_a_defect(tmp_path, garbage, at):
    lines = [*LINES[:at], garbage, *LINES[at:]]
    hand = only_hand(read_bytes(tmp_path, "\n".join(lines).encode()))
    assert [(defect.line, defect.text, defect.reason) for defect in hand.defects] == [
        (at + 1, garbage.rstrip(), "unreadable line")
    ]
    assert not hand.truncated
    assert hand.total_pot == 3200


def test_lines_out_of_order_make_an_unreadable_hand_with_a_line_and_reason(tmp_path):
    lines = list(LINES)
    lines[2], lines[7] = lines[7], lines[2]  # a seat line after the hole cards
    items = read_bytes(tmp_path, ("\n".join(lines) + "\n\n\n" + hand_text(2)).encode())
    assert isinstance(items[0], UnreadableHand) and isinstance(items[1], Hand)
    bad = items[0]
    assert (bad.first_line, bad.last_line, bad.line) == (1, len(LINES), 3)
    assert bad.reason.startswith("unexpected HOLE_CARDS line after TABLE")
    assert bad.hand_id == "112824228684" and bad.room == "pokerstars"  # the header was read


def test_a_bad_amount_makes_a_line_not_read(tmp_path):
    """An amount not read (`$20.123`: a tenth of a cent) is its line not read, with the reason: the hand is
    read without that line (a Defect, reported once as OA106), never unreadable and never a guessed bet."""
    text = HAND.replace("Hero: bets $20", "Hero: bets $20.123")
    (hand,) = read_bytes(tmp_path, text.encode())
    assert isinstance(hand, Hand) and hand.hand_id == "112824228684"
    ((line, printed, reason, inconsistent),) = [(d.line, d.text, d.reason, d.inconsistent) for d in hand.defects]
    assert (line, printed, inconsistent) == (15, "Hero: bets $20.123", False)
    assert "20.123" in reason and "finer than the unit" in reason
    assert [a.source.line for a in hand.actions if a.player == "Hero" and a.amount] == [10]  # the flop bet left out


def test_binary_file(tmp_path):
    """A file of binary bytes holds no hand: it is named once as skipped, whether named or found in a folder."""
    data = bytes(range(256)) * 64 + b"\x00" * 5000 + bytes(range(255, -1, -1)) * 64
    (notice,) = read_bytes(tmp_path, data)
    assert isinstance(notice, FileNotice) and notice.kind == "not-hand-history"
    assert "binary content" in notice.message


def test_binary_junk_between_hands_is_reported_once_and_the_hands_are_read(tmp_path):
    data = hand_text(1).encode() + b"\n\n" + bytes(range(256)) * 8 + b"\n\n" + hand_text(2).encode()
    items = read_bytes(tmp_path, data)
    assert [type(item).__name__ for item in items] == ["Hand", "UnreadableHand", "Hand"]
    assert [item.hand_id for item in items if isinstance(item, Hand)] == ["1", "2"]


def test_empty_file(tmp_path):
    (notice,) = read_bytes(tmp_path, b"")
    assert isinstance(notice, FileNotice) and notice.kind == "empty"
    (notice,) = read_bytes(tmp_path, b"\r\n\r\n  \n")
    assert isinstance(notice, FileNotice) and notice.kind == "empty"


def test_mixed_encodings_in_one_file(tmp_path):
    parts = [
        codecs.BOM_UTF8 + hand_text(1).encode("utf-8"),
        hand_text(2).encode("cp1252"),
        codecs.BOM_UTF8 + hand_text(3).replace("\n", "\r\n").encode("utf-8"),
        hand_text(4).encode("latin-1"),
    ]
    items = read_bytes(tmp_path, b"\n\n".join(parts))
    assert [(item.hand_id, item.seats[0].player) for item in items] == [(str(n), "J\u00fcrgen") for n in (1, 2, 3, 4)]
    assert all(not item.defects for item in items)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_files(tmp_path, encoding):
    text = hand_text(1) + "\r\n\r\n" + hand_text(2)
    data = text.encode(encoding)
    if encoding != "utf-16":
        data = (codecs.BOM_UTF16_LE if encoding.endswith("le") else codecs.BOM_UTF16_BE) + data
    items = read_bytes(tmp_path, data)
    assert [item.hand_id for item in items] == ["1", "2"]
    assert items[1].source.line == len(LINES) + 3


def test_unknown_room_and_stray_text_are_reported(tmp_path):
    text = "junk\n\n#Game No : 1\n***** 888poker Hand History for Game 1 *****\n\n\n" + hand_text(1)
    items = read_bytes(tmp_path, text.encode())
    assert [type(item).__name__ for item in items] == ["UnreadableHand", "UnreadableHand", "Hand"]
    assert items[0].line == 1 and "outside any hand" in items[0].reason
    assert items[1].line == 3 and "888poker" in items[1].reason


def test_a_file_that_cannot_be_opened(tmp_path):
    missing = tmp_path / "missing.txt"
    (item,) = source().read_file(missing)
    assert isinstance(item, UnreadableHand) and "cannot open" in item.reason


# ---- a 100 MB file ------------------------------------------------------------------------------------

_CHILD = textwrap.dedent(
    """
    import json, resource, sys
    from pathlib import Path
    from omaha_audit.model import Hand
    from omaha_audit.parse.files import HandSource
    from omaha_audit.rooms import hand_source
    hands = other = 0
    for item in hand_source().read_file(Path(sys.argv[1])):
        if isinstance(item, Hand) and not item.truncated and not item.defects:
            hands += 1
        else:
            other += 1
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"hands": hands, "other": other, "max_rss_kb": peak}))
    """
)


def _read_in_child(path: Path) -> dict[str, int]:
    result = subprocess.run(
        [sys.executable, "-c", _CHILD, str(path)], capture_output=True, text=True, check=True, timeout=600
    )
    return json.loads(result.stdout)


@pytest.mark.slow
def test_a_100_mb_file_streams_in_flat_memory(tmp_path):
    pytest.importorskip("resource")
    big = tmp_path / "big.txt"
    block = "".join(hand_text(n) + "\r\n\r\n\r\n" for n in range(1000)).replace("\n", "\r\n").encode()
    target = 100 * 1024 * 1024
    rounds = -(-target // len(block))
    with big.open("wb") as out:
        out.write(codecs.BOM_UTF8)
        for number in range(rounds):
            # fresh hand ids: the round number in front of the 1000 ids of a block
            out.write(block.replace(b"Hand #", f"Hand #{number + 1}".encode()))
    size = big.stat().st_size
    assert size >= target
    small = tmp_path / "small.txt"
    small.write_bytes(block[: len(block) // 100])
    baseline = _read_in_child(small)
    measured = _read_in_child(big)
    assert measured == {"hands": rounds * 1000, "other": 0, "max_rss_kb": measured["max_rss_kb"]}
    grown = (measured["max_rss_kb"] - baseline["max_rss_kb"]) * 1024
    assert grown < size / 20, f"memory grew by {grown / 1e6:.0f} MB reading a {size / 1e6:.0f} MB file"


def test_a_read_error_is_reported_not_raised(tmp_path, monkeypatch):
    """The disk fails at the end of the first hand, before the reader knows the hand is complete: one record
    says where reading stopped. (The failure comes from the file object, so the test holds for the reader
    compiled by mypyc too, whose internal calls cannot be patched.)"""
    data = (hand_text(1) + "\n").encode()  # the hand and a blank line: len(LINES) + 1 lines

    class FailingFile(io.BytesIO):
        def read(self, size=-1):
            if self.tell() >= len(data):
                raise OSError(5, "Input/output error")
            return super().read(size)

    real_open = Path.open

    def open_failing(self, *args, **kwargs):
        return FailingFile(data) if self.name == "failing.txt" else real_open(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", open_failing)
    (item,) = read_bytes(tmp_path, b"ignored", name="failing.txt")
    assert isinstance(item, UnreadableHand)
    assert item.reason == f"read error after line {len(LINES) + 1}: Input/output error"
    assert (item.first_line, item.last_line, item.line) == (1, len(LINES) + 1, len(LINES) + 2)


def _first_item(items: Iterator[object]) -> object:
    """The first item of a reader, checked to leave the exception being handled as it was, both while the
    reader waits after giving it and once the reader is dropped there (a compiled generator that yields inside
    an `except` block leaves its error behind: tests/test_lint.py keeps such yields out)."""
    before = sys.exc_info()
    first = next(items)
    assert sys.exc_info() == before
    del items
    assert sys.exc_info() == before
    return first


def test_a_reader_that_reports_an_error_leaves_no_exception_being_handled(tmp_path: Path) -> None:
    from omaha_audit.rooms import FORMATS
    from omaha_audit.rooms.base import RoomFormat
    from omaha_audit.rooms.globalpoker import read_bytes
    from omaha_audit.rooms.phh.reader import read_text
    from omaha_audit.run.pipeline import read_ahead

    missing = tmp_path / "missing.txt"
    first = _first_item(hand_source().read_file(missing))
    assert isinstance(first, UnreadableHand) and "cannot open file" in first.reason
    whole_file = [f for f in FORMATS if type(f).read_path is not RoomFormat.read_path]
    assert len(whole_file) >= 6
    for room_format in whole_file:
        first = _first_item(iter(room_format.read_path(missing)))
        assert isinstance(first, UnreadableHand), room_format.name
    first = _first_item(read_bytes(b'{"a": "\xff"}', "bad.json"))
    assert isinstance(first, UnreadableHand) and "not UTF-8" in first.reason
    first = _first_item(read_text("variant = [", "bad.phh"))
    assert isinstance(first, UnreadableHand) and "not TOML" in first.reason

    def failing() -> Iterator[int]:
        yield 1
        raise ValueError("bad read")

    assert _first_item(read_ahead(failing(), 8)) == 1
