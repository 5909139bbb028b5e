"""Splitting a file into hand blocks, with each block's first line number."""

from __future__ import annotations

import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from omaha_audit.parse.reader import FileText, read_chunks, read_lines, read_texts
from omaha_audit.rooms import SPLITTER

HEADER = "PokerStars Hand #{}:  Omaha Pot Limit ($0.01/$0.02 USD) - 2010/01/01 10:00:00 ET"


def hand(number: int, body: str = "Seat 1: a ($1 in chips)") -> str:
    return f"{HEADER.format(number)}\n{body}\n*** SUMMARY ***\nTotal pot $0 | Rake $0\nSeat 1: a collected ($0)\n"


def blocks(text: str, chunk_size: int = 1 << 18) -> list[tuple[str, int, list[str], str]]:
    info = FileText("x")
    found = SPLITTER.split_texts("x", read_texts(io.BytesIO(text.encode()), info, chunk_size))
    return [(block.kind, block.first_line, block.lines, block.format) for block in found]


@pytest.mark.parametrize(
    ("line", "room"),
    [
        (HEADER.format(1), "pokerstars"),
        ("PokerStars Game #35874998500:  Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD)", "pokerstars"),
        ("PokerStars Zoom Hand #1: x", "pokerstars"),
        ("PokerStars Home Game Hand #74655014750: {club}  Hold'em No Limit (1/2)", "pokerstars"),
        ("Run It Once Poker Hand #36197946: x", "pokerstars"),
        ("MPLPoker Hand #4227871731: x", "pokerstars"),
        ("  PokerStars Hand #1: leading white space", "pokerstars"),
        ("#Game No : 385494443", "888poker"),
        ("***** Hand History for Game 11443748272 *****", "partypoker"),
        ("Winamax Poker - CashGame - HandId: #9247976-238-1478874600", "winamax"),
        ("Full Tilt Poker Game #33286946295: Table Mesa", "fulltilt"),
        ("Poker Hand #OM232657303: PLO ($2/$5) - 2021/01/21 02:41:55", "ggpoker"),
        ("PokerStars Tournament #492967531, Omaha Pot Limit", None),
        ("Player1: folds", None),
        ("*** SUMMARY ***", None),
        ("", None),
    ],
)
def test_header_room(line, room):
    assert SPLITTER.header_format(line) == room
    if room is not None:  # (the prefilter lets every header line through)
        assert SPLITTER.first_line_word.match(line) is not None


def test_only_lines_that_start_like_a_header_are_tried_as_one() -> None:
    """The splitter tries the header alternation only on lines that start with a word a header starts with.
    A format claimed whole (OHH, PHH, Global Poker: a header that never matches, `(?!)`) adds no word; when
    it added the empty word, every line of every file was tried against the whole alternation."""
    from omaha_audit.parse.lexer import literal_starts

    assert literal_starts("(?!)") == frozenset()
    assert literal_starts("(?!x)ab") == frozenset({""})  # (a lookahead that can match: no word known)
    body = ["Seat 1: a ($1 in chips)", "a: folds", "*** SUMMARY ***", "Total pot $0 | Rake $0", "Dealt to a [Ah]"]
    assert [line for line in body if SPLITTER.first_line_word.match(line)] == []
    assert SPLITTER.line_word.search("\n".join(["x", *body])) is None


def test_hands_and_their_first_lines():
    text = hand(1) + "\n\n" + hand(2) + "\n\n\n" + hand(3)
    found = blocks(text)
    assert [(kind, first) for kind, first, _, _ in found] == [("hand", 1), ("hand", 8), ("hand", 16)]
    assert found[0][2] == text.splitlines()[:5]
    assert all(room == "pokerstars" for *_, room in found)


def test_hands_without_blank_lines_between_them():
    found = blocks(hand(1) + hand(2))
    assert [(kind, first, len(lines)) for kind, first, lines, _ in found] == [("hand", 1, 5), ("hand", 6, 5)]


def test_blank_lines_inside_a_hand_before_its_summary_stay_in_it():
    text = f"{HEADER.format(1)}\nSeat 1: a ($1 in chips)\n\n\nPlayer: folds\n*** SUMMARY ***\nTotal pot $0 | Rake $0\n"
    assert blocks(text) == [("hand", 1, text.splitlines(), "pokerstars")]


def test_a_hand_without_summary_runs_to_the_next_header():
    text = f"{HEADER.format(1)}\nSeat 1: a ($1 in chips)\n\n\n" + hand(2)
    found = blocks(text)
    assert found[0] == ("hand", 1, [HEADER.format(1), "Seat 1: a ($1 in chips)"], "pokerstars")
    assert found[1][:2] == ("hand", 5)


def test_text_outside_hands_is_stray():
    text = "junk before\nmore junk\n\n" + hand(1) + "\nafter the summary\n\nand more\n"
    found = blocks(text)
    assert [(kind, first, lines) for kind, first, lines, _ in found] == [
        ("stray", 1, ["junk before", "more junk"]),
        ("hand", 4, hand(1).splitlines()),
        ("stray", 10, ["after the summary"]),
        ("stray", 12, ["and more"]),
    ]


def test_lines_right_after_a_summary_belong_to_the_hand_until_a_blank_line():
    text = hand(1) + "Seat 2: b folded before Flop\n\nstray\n"
    found = blocks(text)
    assert found[0][2][-1] == "Seat 2: b folded before Flop"
    assert found[1] == ("stray", 8, ["stray"], "")


def test_tournament_summary_runs_across_blank_lines():
    text = "PokerStars Tournament #1, No Limit Hold'em\nBuy-In: $1\n\n1: a (x), still playing\n"
    assert blocks(text) == [
        (
            "tournament-summary",
            1,
            ["PokerStars Tournament #1, No Limit Hold'em", "Buy-In: $1", "", "1: a (x), still playing"],
            "",
        )
    ]


def test_other_rooms_are_blocks_too():
    text = "#Game No : 1\n***** 888poker Hand History for Game 1 *****\n\n\n" + hand(1)
    found = blocks(text)
    assert [(kind, room) for kind, _, _, room in found] == [("hand", "888poker"), ("hand", "pokerstars")]


def test_a_header_must_be_a_whole_line_start():
    text = hand(1) + "\nchat: PokerStars Hand #2: not a header\n"
    assert [kind for kind, *_ in blocks(text)] == ["hand", "stray"]
    # trailing white space is not part of a line, so it cannot complete a header
    assert blocks("Winamax Poker - \n") == [("stray", 1, ["Winamax Poker -"], "")]


def test_bom_at_the_start_of_every_hand_and_crlf():
    data = ("\ufeff" + hand(1) + "\n\n\ufeff" + hand(2)).replace("\n", "\r\n").encode()
    found = list(SPLITTER.split_texts("x", read_texts(io.BytesIO(data), FileText("x"))))
    assert [(block.kind, block.first_line) for block in found] == [("hand", 1), ("hand", 8)]
    assert found[1].lines[0] == HEADER.format(2)


def test_empty_and_blank_texts():
    assert blocks("") == []
    assert blocks("\n\n   \n") == []


LINES = st.sampled_from(
    [
        HEADER.format(1),
        " PokerStars Game #2: y",
        "*** SUMMARY ***",
        "*** SUMMARY *** x",
        "",
        "  ",
        "\t",
        "\u3000",
        "Seat 1: a",
        "PokerStars Tournament #5, x",
        "#Game No : 1",
        "Game #1 starts.",  # (PartyPoker's preamble: its `#Game No : 1` and this line before its banner)
        "***** Hand History for Game 1 *****",
        "Winamax Poker - ",
        "junk",
        "x PokerStars Hand #3:",
        "Poker Hand #HD1: z",
    ]
)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    lines=st.lists(LINES, max_size=25),
    newline=st.sampled_from(["\n", "\r\n", "\r"]),
    size=st.integers(min_value=1, max_value=40),
)
def test_every_line_is_in_one_block_or_blank_and_every_api_agrees(lines, newline, size):
    data = newline.join(lines).encode()

    def run(source):
        return [(block.kind, block.first_line, block.lines, block.format) for block in source]

    by_text = run(SPLITTER.split_texts("x", read_texts(io.BytesIO(data), FileText("x"), size)))
    assert run(SPLITTER.split_chunks("x", read_chunks(io.BytesIO(data), FileText("x"), size))) == by_text
    assert run(SPLITTER.split_blocks("x", read_lines(io.BytesIO(data), FileText("x")))) == by_text
    numbered = dict(read_lines(io.BytesIO(data), FileText("x")))
    covered: set[int] = set()
    for kind, first, block_lines, room in by_text:
        assert block_lines and block_lines[0] and block_lines[-1], "blocks start and end with a non-blank line"
        assert (kind == "hand") == bool(room)
        for number, text in enumerate(block_lines, first):
            assert numbered[number] == text
            assert number not in covered
            covered.add(number)
    assert all(not text for number, text in numbered.items() if number not in covered)


def test_over_long_lines_are_cut_the_same_way_for_blocks_and_lines(monkeypatch):
    from omaha_audit.parse import reader

    monkeypatch.setattr(reader, "MAX_LINE_BYTES", 100)
    text = hand(1).replace("Seat 1: a ($1 in chips)", "Seat 1: " + "x" * 250 + " ($1 in chips)") + "\n" + "y" * 150
    data = text.encode()
    numbered = dict(read_lines(io.BytesIO(data), FileText("x"), chunk_size=37))
    found = list(SPLITTER.split_texts("x", read_texts(io.BytesIO(data), FileText("x"), chunk_size=37)))
    assert [block.kind for block in found] == ["hand", "stray"]
    for block in found:
        assert block.lines == [numbered[n] for n in range(block.first_line, block.last_line + 1)]
    assert max(len(line) for line in numbered.values()) <= 100


PARTY = (
    "Game #1 starts.\n\n#Game No : 1 \n***** Hand History for Game 1 *****\nx\nA wins 1 chips\n"
    "Game #2 starts.\n\n#Game No : 2 \n***** Hand History for Game 2 *****\ny\nB wins 1 chips\n"
)


@pytest.mark.parametrize("size", range(1, len(PARTY) + 1))
def test_a_preamble_stays_with_its_banner_wherever_the_text_is_cut(size: int) -> None:
    """PartyPoker's `Game #N starts.` and `#Game No : N` (888poker's header) belong to the banner after them,
    even when a chunk of the file ends between them and it."""
    lines = [line.rstrip() for line in PARTY.splitlines()]
    assert blocks(PARTY, size) == [("hand", 1, lines[:6], "partypoker"), ("hand", 7, lines[6:], "partypoker")]


def _inline_by_whole_scan(text: str) -> list[tuple[int, str]]:
    """The splitter's inline headers as found by its pattern scanned over the whole text (the reference for
    `_inline_lines`, which matches it only on the lines where a header's first words stand after other text)."""
    inline = SPLITTER.inline
    assert inline is not None
    found: list[tuple[int, str]] = []
    for match in inline.finditer(text):
        start = match.start()
        line_start = text.rfind("\n", 0, start) + 1
        if start == line_start or not text[line_start:start].strip():
            continue
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        if match.end() < len(text[:end].rstrip()) or 'said, "' in text[line_start:start]:
            continue
        found.append((start, SPLITTER.format_of_inline[match.lastgroup or ""]))
    return found


_HEADERS = [
    "PokerStars Hand #{n}: Omaha Pot Limit ($0.01/$0.02 USD) - 2020/01/02 3:04:05 ET",
    "PokerStars Zoom Hand #{n}: Hold'em No Limit ($0.05/$0.10) - 2020/01/02 3:04:05 ET",
    "Run It Once Poker Hand #{n}: Omaha Pot Limit (€0.10/€0.25) - 2019/5/6 7:08:09 CET",
    "MPLPoker Home Game Hand #{n}: Omaha Pot Limit (10/20) - 2021/12/31 23:59:59 IST",
    "PokerStars Hand #{n}: not a header: no date",
]
_PIECES = [
    "Seat 1: Alice ($1 in chips)",
    "Alice: calls $0.0",  # (cut off mid-line)
    'Bob said, "PokerStars Hand #1: x - 2020/01/02"',
    "PokerStars Tournament #1, No Limit Hold'em",
    "Run It Once Poker ",
    "   ",
    "",
]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(_PIECES), st.sampled_from(_HEADERS), st.booleans()), max_size=12))
def test_inline_headers_are_found_as_by_a_scan_of_the_whole_text(parts: list[tuple[str, str, bool]]) -> None:
    lines = []
    for n, (piece, header, same_line) in enumerate(parts):
        lines.append(piece + header.format(n=n) if same_line else piece)
        if not same_line:
            lines.append(header.format(n=n))
    text = "\n".join(lines)
    assert SPLITTER.inline_words is not None
    assert sorted(SPLITTER._inline_headers(text)) == sorted(_inline_by_whole_scan(text))


def test_inline_header_words_are_the_patterns_starts() -> None:
    assert SPLITTER.inline_words == ("MPLPoker ", "PokerStars ", "Run It Once Poker ")
    cut = "Alice: raises $0.1PokerStars Hand #7: Omaha Pot Limit ($0.01/$0.02 USD) - 2020/01/02 3:04:05 ET\nx"
    assert SPLITTER._inline_headers(cut) == [(18, "pokerstars")] == _inline_by_whole_scan(cut)
