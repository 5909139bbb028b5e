"""Property tests: damaged input never makes the reader raise or lose text, and the fast paths (line
classification, the LALR check) give exactly what the plain definitions give."""

from __future__ import annotations

import functools
import io
import os
import re
from pathlib import Path

import pytest
from corpus_paths import corpus_root
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from lark import Token
from lark.exceptions import UnexpectedToken

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.parse.files import FileNotice, HandSource
from omaha_audit.parse.lexer import compile_terminal
from omaha_audit.parse.reader import FileText, read_lines
from omaha_audit.rooms import hand_source
from omaha_audit.rooms.pokerstars.reader import StarsReader as PokerStarsReader

from .fingerprint import sample_hands

FALLBACK_HAND = (
    b"PokerStars Hand #1:  Omaha Pot Limit ($0.01/$0.02 USD) - 2010/01/01 10:00:00 ET\n"
    b"Table 'T' 6-max Seat #1 is the button\nSeat 1: a ($1 in chips)\nSeat 2: b ($1 in chips)\n"
    b"a: posts small blind $0.01\nb: posts big blind $0.02\n*** HOLE CARDS ***\na: folds\n"
    b"Uncalled bet ($0.01) returned to b\nb collected $0.02 from pot\n*** SUMMARY ***\n"
    b"Total pot $0.02 | Rake $0\nSeat 1: a (small blind) folded before Flop\nSeat 2: b (big blind) collected ($0.02)\n"
)
SETTINGS = settings(
    max_examples=int(os.environ.get("OMAHA_AUDIT_EXAMPLES", "250")),  # more for a long hunt
    deadline=None,
    suppress_health_check=list(HealthCheck),
)


@functools.cache
def hands() -> list[bytes]:
    root = corpus_root()
    return sample_hands(root) if root is not None else [FALLBACK_HAND]


@functools.cache
def reader() -> PokerStarsReader:
    return PokerStarsReader()


@functools.cache
def source() -> HandSource:
    return hand_source()


# ---- damaged hands ---------------------------------------------------------------------------------

ENCODINGS = ["utf-8", "utf-8-sig", "cp1252", "utf-16", "utf-16-be", "latin-1"]


@st.composite
def damaged(draw) -> bytes:
    """One to three corpus hands, each damaged by a few byte- or line-level edits."""
    parts = []
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        data = bytearray(draw(st.sampled_from(hands())))
        for _ in range(draw(st.integers(min_value=0, max_value=6))):
            op = draw(st.sampled_from(["insert", "delete", "replace", "truncate", "duplicate", "swap", "encode"]))
            at = draw(st.integers(min_value=0, max_value=max(len(data) - 1, 0)))
            if op == "insert":
                data[at:at] = draw(st.binary(min_size=1, max_size=8))
            elif op == "delete":
                del data[at : at + draw(st.integers(min_value=1, max_value=40))]
            elif op == "replace" and data:
                data[at] = draw(st.integers(min_value=0, max_value=255))
            elif op == "truncate":
                del data[at:]
            elif op in ("duplicate", "swap"):
                lines = bytes(data).split(b"\n")
                i = draw(st.integers(min_value=0, max_value=len(lines) - 1))
                j = draw(st.integers(min_value=0, max_value=len(lines) - 1))
                if op == "duplicate":
                    lines.insert(j, lines[i])
                else:
                    lines[i], lines[j] = lines[j], lines[i]
                data = bytearray(b"\n".join(lines))
            else:
                text = bytes(data).decode("utf-8", errors="replace")
                data = bytearray(text.encode(draw(st.sampled_from(ENCODINGS)), errors="replace"))
        parts.append(bytes(data))
    separator = draw(st.sampled_from([b"\n\n\n", b"\r\n\r\n", b"\n", b""]))
    return separator.join(parts)


def records(tmp_path: Path, data: bytes) -> list[Hand | UnreadableHand | FileNotice]:
    path = tmp_path / "damaged.txt"
    path.write_bytes(data)
    return list(source().read_file(path))


@SETTINGS
@given(data=damaged())
def test_damaged_hands_never_raise_and_no_line_is_lost(tmp_path_factory, data):
    tmp_path = tmp_path_factory.mktemp("damaged")
    items = records(tmp_path, data)
    lines = dict(read_lines(io.BytesIO(data), FileText("x")))
    covered: set[int] = set()
    for item in items:
        if isinstance(item, FileNotice):
            assert item.kind in ("empty", "tournament-summary", "not-hand-history")
            if item.kind == "not-hand-history":  # the whole file named as skipped: text with no line of a hand
                assert len(items) == 1
                covered.update(lines)
            continue
        if isinstance(item, UnreadableHand):
            assert not item.reason.startswith("internal reader error"), item.reason
            first, last = item.first_line, item.last_line
            assert first <= item.line <= last
        else:
            first, last = item.source.line, item.source.end_line
            assert item.hand_id and item.room
            assert all(first <= defect.line <= last for defect in item.defects)
        shared = covered & set(range(first, last + 1))
        # the one line two records may share: a header starting mid-line after the cut-off end of what
        # came before it (the splitter's `inline` headers)
        assert not shared or (shared == {first} and first == max(covered) and _header_mid_line(lines[first])), (
            "records overlap"
        )
        covered.update(range(first, last + 1))
    missing = [number for number, text in lines.items() if text and number not in covered]
    assert not missing, f"lines in no record: {missing[:5]}"


def _header_mid_line(text: str) -> bool:
    return any(
        text[: match.start()].strip()
        for match in re.finditer(r"(?:PokerStars|Run It Once Poker|MPLPoker) (?:Hand|Game) #", text)
    )


@SETTINGS
@given(data=damaged())
def test_reading_a_damaged_block_directly_never_raises(data):
    from omaha_audit.rooms import SPLITTER

    for block in SPLITTER.split_blocks("x", read_lines(io.BytesIO(data), FileText("x"))):
        if block.kind == "hand" and block.format == "pokerstars":
            result = reader()._read(block)  # not .read(): no safety net here
            assert isinstance(result, Hand | UnreadableHand)


# ---- the line classifier is exact ---------------------------------------------------------------------


@functools.cache
def terminals_in_order() -> list[tuple[str, re.Pattern[str]]]:
    lark = reader().lark
    ordered = sorted(enumerate(lark.terminals), key=lambda item: (-item[1].priority, item[0]))
    return [(str(term.name), re.compile(term.pattern.to_regexp())) for _, term in ordered]


def first_terminal(line: str, in_summary: bool) -> str | None:
    """The definition: the first terminal, in priority then grammar order, matching the whole line,
    among those allowed where the line is (SUMMARY_* and %ignore'd ones after the summary marker)."""
    ignored = set(reader().lark.ignore_tokens)
    for name, regex in terminals_in_order():
        if name not in ignored and name.startswith("SUMMARY_") != in_summary:
            continue
        if regex.fullmatch(line):
            return name
    return None


@functools.cache
def corpus_lines() -> list[str]:
    found: list[str] = []
    for data in hands():
        found.extend(line for _, line in read_lines(io.BytesIO(data), FileText("x")) if line)
    return found


FRAGMENTS = [
    ": ",
    " ",
    ":",
    'said, "',
    " collected ",
    " shows [",
    "Seat 1: ",
    "*** ",
    "[Ah Kd]",
    "$1.50",
    " and is all-in",
    " is sitting out",
    " wins ",
    "(button) ",
    " folds",
    ": raises $2 to $4",
    "***** Hand History",
]


@st.composite
def odd_lines(draw) -> str:
    line = draw(st.sampled_from(corpus_lines()))
    for _ in range(draw(st.integers(min_value=0, max_value=3))):
        at = draw(st.integers(min_value=0, max_value=len(line)))
        piece = draw(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=4)))
        if draw(st.booleans()):
            line = line[:at] + piece + line[at:]
        else:
            line = line[:at] + line[at + len(piece) :]
    return line.rstrip()


@settings(max_examples=1500, deadline=None, suppress_health_check=list(HealthCheck))
@given(line=odd_lines(), in_summary=st.booleans())
def test_line_classification_is_the_first_full_match_in_grammar_order(line, in_summary):
    assume(line)
    found = reader().classifier.classify(line, in_summary)
    assert (found[0] if found else None) == first_terminal(line, in_summary)


def test_every_corpus_line_classifies_as_the_definition_says():
    for line in corpus_lines():
        for in_summary in (False, True):
            found = reader().classifier.classify(line, in_summary)
            assert (found[0] if found else None) == first_terminal(line, in_summary), line


def same_match(one: re.Match[str] | None, other: re.Match[str] | None) -> bool:
    if one is None or other is None:
        return one is other
    return one.span() == other.span() and [one.span(n) for n in range(one.re.groups + 1)] == [
        other.span(n) for n in range(other.re.groups + 1)
    ]


@functools.cache
def fast_terminals() -> list[tuple[str, re.Pattern[str], re.Pattern[str]]]:
    return [(name, regex, compile_terminal(regex.pattern)) for name, regex in terminals_in_order()]


def test_terminals_compiled_for_speed_match_every_corpus_line_as_written():
    """compile_terminal's regexes give the same matches and groups as the grammar's, on every line."""
    assert compile_terminal("(?:ab)?c").pattern is None  # the rewrite is in use on this Python
    for line in corpus_lines():
        for name, regex, fast in fast_terminals():
            assert same_match(fast.fullmatch(line), regex.fullmatch(line)), (name, line)


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(line=odd_lines())
def test_terminals_compiled_for_speed_match_odd_lines_as_written(line):
    for name, regex, fast in fast_terminals():
        assert same_match(fast.fullmatch(line), regex.fullmatch(line)), (name, line)


def test_compile_terminal_keeps_greedy_and_lazy_optionals_apart():
    for pattern, text in (("(a+)?(a*)", "aaa"), ("(a+)??(a*)", "aaa"), ("(?:(x)|y)?z", "xz"), ("(ab)?(ab)?", "ab")):
        assert same_match(compile_terminal(pattern).fullmatch(text), re.fullmatch(pattern, text)), pattern


# ---- the LALR check gives Lark's verdict ---------------------------------------------------------------


@functools.cache
def token_sequences() -> list[list[str]]:
    sequences = []
    for data in hands():
        lines = list(read_lines(io.BytesIO(data), FileText("x")))
        tokens, _, _ = reader().classifier.tokens(lines)
        sequences.append([token[0] for token in tokens])
    return sequences


def lark_verdict(types: list[str]) -> tuple[int, frozenset[str]] | None:
    tokens = [Token(kind, "", line=number + 1) for number, kind in enumerate(types)]
    try:
        reader().lark.parse(tokens)
    except UnexpectedToken as error:
        index = (
            len(types)
            if error.token.type == "$END"
            else next(n for n, token in enumerate(tokens) if token is error.token)
        )
        return index, frozenset(error.expected)
    return None


@st.composite
def type_sequences(draw) -> list[str]:
    types = list(draw(st.sampled_from(token_sequences())))
    kinds = sorted({kind for sequence in token_sequences() for kind in sequence} | {"CANCELLED", "SUMMARY_STP"})
    for _ in range(draw(st.integers(min_value=0, max_value=4))):
        op = draw(st.sampled_from(["repeat", "delete", "insert", "truncate"]))
        at = draw(st.integers(min_value=0, max_value=max(len(types) - 1, 0)))
        if op == "repeat" and types:
            types[at:at] = [types[at]] * draw(st.integers(min_value=1, max_value=4))
        elif op == "delete" and types:
            del types[at]
        elif op == "insert":
            types.insert(at, draw(st.sampled_from(kinds)))
        else:
            del types[at:]
    return types


@settings(max_examples=1500, deadline=None, suppress_health_check=list(HealthCheck))
@given(types=type_sequences())
def test_lalr_check_agrees_with_lark(types):
    rejection = reader().checker.check(types)
    mine = None if rejection is None else (rejection.at, rejection.expected)
    assert mine == lark_verdict(types)


@pytest.mark.parametrize("length", [1, 2, 3, 7])
def test_lalr_check_of_runs(length):
    for sequence in token_sequences():
        for at in range(len(sequence)):
            types = [*sequence[:at], *[sequence[at]] * length, *sequence[at:]]
            rejection = reader().checker.check(types)
            mine = None if rejection is None else (rejection.at, rejection.expected)
            assert mine == lark_verdict(types), (at, sequence[at])
