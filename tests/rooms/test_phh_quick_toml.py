"""The PHH reader's line-at-a-time TOML (omaha_audit/rooms/phh/quick_toml.py) against tomli, its reference:
on documents generated in every form it claims it gives tomli's result (never None), on the PHH the
project's own writer writes of every sample hand too, and on documents broken at random it gives either
None (tomli then reads, or refuses) or exactly what tomli gives: never a value where tomli refuses, never a
different one."""

from __future__ import annotations

import datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import tomli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from omaha_audit.interop import phh
from omaha_audit.model import Hand
from omaha_audit.rooms import hand_source
from omaha_audit.rooms.phh.quick_toml import quick_load

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"


def reference(text: str) -> dict[str, Any] | None:
    """tomli's reading (as the PHH reader asks it), or None where it refuses the text."""
    try:
        return tomli.loads(text, parse_float=Decimal)
    except (tomli.TOMLDecodeError, ValueError):
        return None


NAMES = st.from_regex(r"[A-Za-z0-9_-]{1,8}", fullmatch=True)
SPACE = st.sampled_from(["", " ", "  ", "\t"])
COMMENT = st.sampled_from(["", " # note", "# x = [1, 2] 'q' \"r\"", "\t#"])
PLAIN = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\"'\\\x7f", min_codepoint=0x20), max_size=12
)


@st.composite
def scalars(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["basic", "escaped", "literal", "int", "float", "bool", "time"]))
    if kind == "basic":
        return '"' + draw(PLAIN) + '"'
    if kind == "escaped":
        escapes = st.sampled_from(["\\b", "\\t", "\\n", "\\f", "\\r", '\\"', "\\\\"])
        return '"' + "".join(draw(st.lists(st.one_of(PLAIN, escapes), max_size=4))) + '"'
    if kind == "literal":
        return "'" + draw(PLAIN) + "'"
    if kind == "int":
        return draw(st.sampled_from(["", "+", "-"])) + str(draw(st.integers(0, 10**30)))
    if kind == "float":
        whole, fraction = draw(st.integers(0, 10**6)), draw(st.from_regex(r"[0-9]{1,8}", fullmatch=True))
        return f"{draw(st.sampled_from(['', '+', '-']))}{whole}.{fraction}"
    if kind == "bool":
        return draw(st.sampled_from(["true", "false"]))
    hour, minute, second = draw(st.integers(0, 23)), draw(st.integers(0, 59)), draw(st.integers(0, 59))
    return f"{hour:02}:{minute:02}:{second:02}"


@st.composite
def values(draw: st.DrawFn) -> str:
    if draw(st.booleans()):
        return draw(scalars())
    items = draw(st.lists(scalars(), max_size=6))
    if draw(st.booleans()):  # on one line
        gap = draw(SPACE)
        return "[" + gap + ("," + draw(SPACE)).join(items) + gap + "]"
    # over several lines: one item a line, comments between, a comma after the last or not
    body = "".join(f"\n{draw(SPACE)}{item},{draw(COMMENT)}" for item in items)
    if items and draw(st.booleans()):
        body = body.rstrip(",") if not body.endswith(",") else body
    return "[" + draw(COMMENT) + body + "\n" + draw(SPACE) + "]"


@st.composite
def documents(draw: st.DrawFn) -> str:
    lines: list[str] = []
    tables = ["t" + name for name in draw(st.lists(NAMES, unique=True, max_size=4))]  # (no key's name)
    for table in [None, *tables]:
        if table is not None:
            lines.append(f"{draw(SPACE)}[{draw(SPACE)}{table}{draw(SPACE)}]{draw(COMMENT)}")
        for key in draw(st.lists(NAMES.filter(lambda name: not name.startswith("t")), unique=True, max_size=5)):
            lines.append(f"{draw(SPACE)}{key}{draw(SPACE)}={draw(SPACE)}{draw(values())}{draw(SPACE)}{draw(COMMENT)}")
        if draw(st.booleans()):
            lines.append(draw(st.sampled_from(["", "   ", "# a comment line"])))
    end = draw(st.sampled_from(["\n", "\r\n"]))
    return end.join(lines) + draw(st.sampled_from(["", end]))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents())
def test_every_form_it_claims_reads_as_tomli_reads_it(text: str) -> None:
    expected = reference(text)
    assert expected is not None, text  # (the strategy writes only valid TOML)
    assert quick_load(text) == expected


TRICKY = ['"', "'", "\\", "#", "[", "]", ",", "=", "\r", "\n", ".", "_", " ", "\x01", "e", ":", "-", "0", "{", "\x7f"]


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents(), st.data())
def test_a_broken_document_is_tomlis_or_read_the_same(text: str, data: st.DataObject) -> None:
    for _ in range(data.draw(st.integers(1, 3))):
        if not text:
            break
        at = data.draw(st.integers(0, len(text) - 1))
        change = data.draw(st.sampled_from(["insert", "delete", "replace"]))
        char = data.draw(st.sampled_from(TRICKY))
        if change == "insert":
            text = text[:at] + char + text[at:]
        elif change == "delete":
            text = text[:at] + text[at + 1 :]
        else:
            text = text[:at] + char + text[at + 1 :]
    quick = quick_load(text)
    if quick is not None:
        assert quick == reference(text), text


@pytest.mark.parametrize(
    "text",
    [
        'a = "x\\u00e9y"',  # an escape of a code point
        'a = """x"""',  # a multi-line string
        "a = 1979-05-27",  # a date
        "a = 1e3",  # an exponent
        "a = 1_000",  # an underscore
        "a = inf",
        "a.b = 1",  # a dotted key
        '"a" = 1',  # a quoted key
        "a = {b = 1}",  # an inline table
        "[[a]]\nb = 1",  # an array of tables
        "a = [[1], [2]]",  # a nested array
        "a = 1\na = 2",  # a key twice
        "[t]\n[t]",  # a table twice
        "a = 1\n[a]",  # a key then a table of its name
        "a = 007",  # leading zeros (not TOML)
        "a = 03:18:14.5",  # a fraction of a second
        "a = [\n 1,\n 2",  # an array never closed
        "a = 1\rb = 2",  # a carriage return that ends no line
        "\ufeffa = 1",  # a byte-order mark
        "a = " + "1" * 101,  # an integer of more digits than read here
    ],
)
def test_what_it_leaves_to_tomli(text: str) -> None:
    assert quick_load(text) is None


def test_times_floats_and_big_integers_are_tomlis_values() -> None:
    text = "t = 03:18:14\nf = -0.50\ni = +" + "9" * 100 + "\n"
    assert quick_load(text) == {"t": datetime.time(3, 18, 14), "f": Decimal("-0.50"), "i": int("9" * 100)}
    assert quick_load(text) == reference(text)
    # a `]` in a string or a comment of an array over several lines closes nothing
    text = "a = [\n 1, # [x]\n 'x]y',\n \"]\",\n]\nb = 2"
    assert quick_load(text) == {"a": [1, "x]y", "]"], "b": 2} == reference(text)
    # the escapes of one character
    text = 'a = "\\"SUPER\\" \\\\ \\t"\nb = ["x\\"", "y"]'
    assert quick_load(text) == {"a": '"SUPER" \\ \t', "b": ['x"', "y"]} == reference(text)


def test_the_projects_own_phh_of_every_sample_hand() -> None:
    texts: list[str] = []
    for path in sorted(SAMPLES.rglob("*")):
        if path.is_file():
            for item in hand_source().read_file(path):
                if isinstance(item, Hand):
                    converted = phh.convert(item)
                    if isinstance(converted, str):
                        texts.append(converted)
    assert len(texts) >= 100
    document = "".join(phh.entry(index, text) for index, text in enumerate(texts, 1))
    read = quick_load(document)
    assert read is not None and len(read) == len(texts)
    assert read == reference(document)
    for text in texts:
        assert quick_load(text) == reference(text)
