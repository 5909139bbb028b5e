"""Memory does not grow with text that is not a hand (issue 36, S13): a file of junk lines, a gigabyte of
junk with no line end (in a zip, streamed), a hand header followed by junk. The text outside hands is
counted and reported (its first line quoted, its lines numbered), never kept whole; a hand is at most
split.HAND_CHARS of text. Checked with tracemalloc's peak over inputs several times larger than the bound
(no wall time asserted)."""

from __future__ import annotations

import tracemalloc
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.parse.files import FileNotice
from omaha_audit.parse.split import OUTSIDE_LINES
from omaha_audit.rooms import hand_source

SAMPLE = Path(__file__).resolve().parents[2] / "sample_histories" / "omaha-pot-limit.txt"
JUNK = b"this line is not part of any hand history\n"
SIZE = 16 << 20  # the junk of each input (16 MiB): kept whole before, 40 to 130 MB traced
BOUND = 14 << 20  # the most memory reading it may take (traced Python allocations; about 11 MiB now)


def _write(path: Path, head: bytes, junk: bytes, tail: bytes = b"") -> Path:
    with path.open("wb") as out:
        out.write(head)
        block = junk * max(1, (1 << 20) // len(junk))
        for _ in range(SIZE // len(block)):
            out.write(block)
        out.write(tail)
    return path


def _peak(read: Callable[[], list[object]]) -> tuple[int, list[object]]:
    tracemalloc.start()
    try:
        items = read()
        return tracemalloc.get_traced_memory()[1], items
    finally:
        tracemalloc.stop()


def _items(path: Path) -> list[object]:
    return list(hand_source().read_file(path))


pytestmark = pytest.mark.integration  # (inputs of many megabytes: tests/conftest.py)


@pytest.mark.skipif(not hasattr(tracemalloc, "start"), reason="tracemalloc")
def test_a_file_of_junk_lines_is_read_in_bounded_memory(tmp_path: Path) -> None:
    target = _write(tmp_path / "junk.txt", b"", JUNK)
    peak, items = _peak(lambda: _items(target))
    assert peak < BOUND, f"{peak:,} bytes"
    (notice,) = items
    assert isinstance(notice, FileNotice) and notice.kind == "not-hand-history"


def test_junk_between_hands_is_one_record_with_its_lines_counted(tmp_path: Path) -> None:
    """Between two hands: one unreadable record, from its first line to its last, the count of its lines in
    the reason; the hands on either side read."""
    hands = SAMPLE.read_text(encoding="utf-8").split("\n\n\n")
    head = (hands[0] + "\n\n\n").encode()
    target = _write(tmp_path / "between.txt", head, JUNK, ("\n\n" + hands[1] + "\n").encode())
    peak, items = _peak(lambda: _items(target))
    assert peak < BOUND, f"{peak:,} bytes"
    first, stray, second = items
    assert isinstance(first, Hand) and isinstance(second, Hand)
    assert isinstance(stray, UnreadableHand)
    lines = SIZE // len(JUNK) // ((1 << 20) // len(JUNK)) * ((1 << 20) // len(JUNK))
    assert stray.last_line - stray.first_line + 1 == lines
    assert stray.reason.startswith(f"{lines} line(s) of text outside any hand")
    assert stray.last_line < second.source.line <= stray.last_line + 4  # (blank lines between)


def test_a_gigabyte_with_no_line_end_in_a_zip_is_streamed(tmp_path: Path) -> None:
    target = tmp_path / "junk.zip"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive, archive.open("b.txt", "w") as member:
        for _ in range(3 * SIZE >> 20):  # (48 MiB: the reader's 1 MiB pieces of one "line" each kept before)
            member.write(b"a" * (1 << 20))
    from omaha_audit.parse.files import expand_paths

    (member_path,) = expand_paths([target])
    source = hand_source()
    peak, items = _peak(lambda: list(source.read_file(member_path)))
    assert peak < BOUND, f"{peak:,} bytes"
    (notice,) = items
    assert isinstance(notice, FileNotice)


def test_a_header_then_junk_is_a_bounded_hand_and_a_record(tmp_path: Path) -> None:
    """A hand header with junk after it and no next header: the hand is its first split.HAND_CHARS of text,
    the rest one record of text outside hands, nothing lost."""
    header = SAMPLE.read_text(encoding="utf-8").split("\n", 1)[0] + "\n"
    target = _write(tmp_path / "header.txt", header.encode(), JUNK)
    peak, items = _peak(lambda: _items(target))
    assert peak < BOUND, f"{peak:,} bytes"
    hand, stray = items
    assert isinstance(hand, Hand) and isinstance(stray, UnreadableHand)
    assert hand.source.line == 1 and stray.first_line == hand.source.end_line + 1
    total = 1 + SIZE // len(JUNK) // ((1 << 20) // len(JUNK)) * ((1 << 20) // len(JUNK))
    assert stray.last_line == total


def test_the_splitter_gives_text_outside_hands_in_bounded_blocks() -> None:
    import io

    from omaha_audit.parse.reader import FileText, read_texts
    from omaha_audit.rooms import hand_source as source

    splitter = source().splitter
    data = JUNK * (3 * OUTSIDE_LINES + 5)
    blocks = list(splitter.split_texts("x", read_texts(io.BytesIO(data), FileText("x"))))
    assert [len(block.lines) for block in blocks] == [OUTSIDE_LINES] * 3 + [5]
    assert [block.first_line for block in blocks] == [1 + n * OUTSIDE_LINES for n in range(4)]
    assert {block.kind for block in blocks} == {"stray"}
