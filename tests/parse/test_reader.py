"""The reader: bytes to (line number, text), any encoding the rooms write, never raising."""

from __future__ import annotations

import codecs
import io

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from omaha_audit.parse import reader
from omaha_audit.parse.reader import FileText, read_lines

HAND = (
    "PokerStars Hand #1:  Omaha Pot Limit ($0.01/$0.02 USD) - 2010/01/01 10:00:00 ET\n"
    "Table 'Caf\u00e9 \u20ac' 6-max Seat #1 is the button\n"
    "Seat 1: J\u00fcrgen ($1 in chips) \n"
)
EXPECTED = [
    "PokerStars Hand #1:  Omaha Pot Limit ($0.01/$0.02 USD) - 2010/01/01 10:00:00 ET",
    "Table 'Caf\u00e9 \u20ac' 6-max Seat #1 is the button",
    "Seat 1: J\u00fcrgen ($1 in chips)",
]


def read(data: bytes, **kw) -> tuple[list[tuple[int, str]], FileText]:
    info = FileText("x.txt")
    return list(read_lines(io.BytesIO(data), info, **kw)), info


def texts(data: bytes, **kw) -> list[str]:
    return [text for _, text in read(data, **kw)[0]]


def numbered(lines: list[str]) -> list[tuple[int, str]]:
    return list(enumerate(lines, 1))


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        (HAND.encode("utf-8"), "utf-8"),
        (codecs.BOM_UTF8 + HAND.encode("utf-8"), "utf-8"),
        (codecs.BOM_UTF16_LE + HAND.encode("utf-16-le"), "utf-16-le"),
        (codecs.BOM_UTF16_BE + HAND.encode("utf-16-be"), "utf-16-be"),
        (HAND.encode("utf-16-le"), "utf-16-le"),  # no BOM: recognised by the NUL bytes
        (HAND.encode("utf-16-be"), "utf-16-be"),
        (HAND.encode("cp1252"), "cp1252"),  # ASCII lines are both; no UTF-8 text: cp1252
    ],
    ids=["utf8", "utf8-bom", "utf16le-bom", "utf16be-bom", "utf16le", "utf16be", "cp1252"],
)
def test_encodings(data, encoding):
    lines, info = read(data)
    assert lines == numbered(EXPECTED)
    assert info.encoding == encoding


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"], ids=["lf", "crlf", "cr"])
def test_line_endings_keep_line_numbers(newline):
    text = "a\n\nb  \n\n\nc\t\n"
    data = text.replace("\n", newline).encode()
    assert read(data)[0] == [(1, "a"), (2, ""), (3, "b"), (4, ""), (5, ""), (6, "c")]


def test_mixed_and_odd_line_endings():
    assert texts(b"a\r\nb\nc\rd") == ["a", "b", "c", "d"]
    assert texts(b"a\r\r\nb") == ["a", "", "b"]  # CR CR LF: a line end, then an empty line
    assert texts(b"a\n\r\nb\r") == ["a", "", "b"]
    assert texts(b"\r\n") == [""]
    assert texts(b"last line without newline") == ["last line without newline"]


def test_bom_in_the_middle_of_a_file_is_dropped():
    data = codecs.BOM_UTF8 + b"hand one\r\n\r\n" + codecs.BOM_UTF8 + b"hand two\r\n"
    lines, info = read(data)
    assert lines == [(1, "hand one"), (2, ""), (3, "hand two")]
    assert info.encoding == "utf-8"


def test_mixed_utf8_and_cp1252_lines():
    data = "caf\u00e9 utf-8\n".encode() + "caf\u00e9 \u20ac cp1252\n".encode("cp1252") + b"plain\n"
    lines, info = read(data)
    assert lines == [(1, "caf\u00e9 utf-8"), (2, "caf\u00e9 \u20ac cp1252"), (3, "plain")]
    assert info.encoding == "mixed utf-8/cp1252"
    assert info.fallback_lines == 1


def test_cp1252_undefined_bytes_are_replaced():
    assert texts(b"a\x81b\n") == ["a\ufffdb"]


def test_utf16_with_carriage_returns_and_bom_mid_file():
    text = "one\r\ntwo\r\n\ufeffthree\rfour"
    lines, info = read(codecs.BOM_UTF16_LE + text.encode("utf-16-le"))
    assert lines == numbered(["one", "two", "three", "four"])
    assert info.encoding == "utf-16-le"


def test_empty_file():
    lines, info = read(b"")
    assert lines == []
    assert info.encoding == "utf-8"


def test_binary_content_is_counted_not_fatal():
    data = bytes(range(256)) * 40
    lines, info = read(data)
    assert lines  # read as text, somehow
    assert info.nul_lines >= 1


def test_over_long_lines_are_cut_into_pieces(monkeypatch):
    monkeypatch.setattr(reader, "MAX_LINE_BYTES", 10)
    data = b"0123456789abcdefghij" + b"XYZ\nshort\n" + b"A" * 25
    assert texts(data, chunk_size=4) == ["0123456789", "abcdefghij", "XYZ", "short", "A" * 10, "A" * 10, "A" * 5]
    assert texts(data, chunk_size=7) == texts(data, chunk_size=1000)


@pytest.mark.parametrize("size", [1, 2, 3, 5, 64])
def test_chunk_boundaries_do_not_change_the_lines(size):
    data = (
        codecs.BOM_UTF8 + "\u20ac caf\u00e9\r\n\r\n".encode() + "x\u00e9\r\n".encode("cp1252") + b"a\rb\r\r\nc  \n"
    ) * 3
    assert read(data, chunk_size=size) == read(data)


@settings(max_examples=300, deadline=None)
@given(data=st.binary(max_size=300), size=st.integers(min_value=1, max_value=40))
def test_any_bytes_read_the_same_in_any_chunk_size(data, size):
    lines, _ = read(data)
    assert read(data, chunk_size=size)[0] == lines
    assert [number for number, _ in lines] == list(range(1, len(lines) + 1))
    assert all(text == text.rstrip() and "\n" not in text and "\r" not in text for _, text in lines)


def _as_read(lines: list[str]) -> list[str]:
    """The lines as the reader gives them (parse/reader.py `_normalise`): a BOM is dropped where a file
    starts (the text's start, or the start of a later line where a joined file began) but kept where it is
    a character of the text: elsewhere in a line, or at a line's start before a colon, a space or the
    line's end (a player named U+FEFF); trailing whitespace removed."""
    out = []
    for index, line in enumerate(lines):
        bare = line.lstrip("\ufeff")
        boms = len(line) - len(bare)
        if index == 0 or (boms and bare[:1] not in (":", " ", "")):
            line = bare
        elif boms > 1:  # the BOM before the colon, space or end is the name's; those before it start a file
            line = line[boms - 1 :]
        out.append(line.rstrip())
    return out


@settings(max_examples=200, deadline=None)
@given(
    lines=st.lists(
        st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n\x00")), max_size=12
    ),
    newline=st.sampled_from(["\n", "\r\n", "\r"]),
    encoding=st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "bom+utf-16-be"]),
)
@example(lines=["0\ufeff"], newline="\n", encoding="utf-8")  # (a U+FEFF inside a line is kept)
@example(lines=[" "], newline="\n", encoding="utf-8")  # (a file of one blank line: that line, blank)
@example(lines=["a", "\ufeffb", "\ufeff: c", "\ufeff", "\ufeff\ufeff: d"], newline="\n", encoding="utf-8")
def test_text_round_trips(lines, newline, encoding):
    """Whatever the encoding, lines come back as written, less trailing whitespace and the BOMs that
    start a file (`_as_read`)."""
    text = newline.join(lines)
    data = codecs.BOM_UTF16_BE + text.encode("utf-16-be") if encoding.startswith("bom+") else text.encode(encoding)
    want = _as_read(lines)
    if len(lines) <= 1 and not "".join(lines).lstrip("\ufeff"):
        want = []  # nothing, or nothing but BOMs where a file starts: no lines (a blank line is a line)
    elif len(lines) > 1 and lines[-1] == "":
        want.pop()  # the text ends with a line end: no line after it
    assert texts(data) == want


@pytest.mark.parametrize("newline", [b"\r", b"\r\n", b"\n"])
@pytest.mark.parametrize("size", [3, 7, 16])
def test_lines_are_never_cut_at_the_long_line_limit_whatever_the_line_ends(monkeypatch, newline, size):
    """A file of short lines ending in CR alone (the corpus has such files) was read as one long line
    and cut every MAX_LINE_BYTES (../shared/repro/R05_cr_only_1MiB_boundary.txt): every line end counts."""
    monkeypatch.setattr(reader, "MAX_LINE_BYTES", 10)
    lines = [f"line {n}" for n in range(40)]
    data = newline.join(line.encode() for line in lines)
    assert texts(data, chunk_size=size) == lines


def test_the_cr_only_reproducer_reads_clean():
    from corpus_paths import corpus_root

    root = corpus_root()
    path = root.parent / "repro" / "R05_cr_only_1MiB_boundary.txt" if root is not None else None
    if path is None or not path.exists():
        pytest.skip("../shared/repro not found")
    from omaha_audit.run.pipeline import Auditor

    auditor = Auditor(strict=True, keep_text=False)
    findings = [f for audited in auditor.audit_files([path]) for f in audited.findings]
    assert auditor.tally.hands == 764 and auditor.tally.unreadable == 0
    assert findings == []
