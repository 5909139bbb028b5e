"""Global Poker's JSON as Python values that know their lines, and the typed access the reader uses.

JSON numbers are read as `Decimal` (never a float: `4.80` stays 4.80) or `int`; `NaN` and `Infinity` are
refused. Every JSON object is a plain dict, and `Values.lines(obj)` gives the lines it spans in the file:
the n-th object in the order the closing braces stand is the one the n-th closing brace ends (`values`
says how the objects and the braces are found).

A file holds one hand record (the client's download), or several: a JSON array of them, or objects one
after another (JSON Lines or pretty-printed). `values(text)` yields each top-level value with its lines,
decoded one after another as they are asked for (the memory of a file of many records is that of one), and
stops at the first place the JSON is broken (the line and the decoder's reason).
"""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Final

from omaha_audit.model.numbers import decimal_whole
from omaha_audit.rooms.globalpoker.numbers import NUMBERS, places

# a JSON string (emptied: braces inside it are text)
_STRING: Final = re.compile(r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"')  # (as `"(?:[^"\\\n]|\\.)*"`, twice as fast)
_BRACE: Final = re.compile(r"[{}]")
# what may stand between top-level values: white space and the commas and brackets of an array
_BETWEEN: Final = re.compile(r"[\s,]*")


class ShapeError(ValueError):
    """A hand record lacks a field, or has one of the wrong kind, or contradicts itself beyond reading."""


@dataclass(slots=True)
class Broken:
    """Where the JSON of a file stops being JSON, and why."""

    line: int
    reason: str


class Values:
    """The lines of the JSON objects of one top-level value of a text, or of the whole text for
    `hooked_values` (`lines`). `objects` holds every object decoded, in the order their closing braces stand
    (kept alive, so that their ids stay theirs), and `spans` the lines of each: those of the n-th pair of
    braces in that order (`values`). `places` gives each record's unit places where the quick way found
    them (`unit_places`)."""

    def __init__(self, text: str, line_offset: int = 0) -> None:
        self.text = text
        self.line_offset = line_offset
        self._newlines: list[int] | None = None  # (the offsets of the line ends, found when first needed)
        self.spans: dict[int, tuple[int, int]] = {}  # id(object) -> (first line, last line)
        self.objects: list[dict[str, Any]] = []
        self.places: dict[int, int] = {}  # id(record) -> the places of its unit (`unit_places`)

    def line_at(self, offset: int) -> int:
        newlines = self._newlines
        if newlines is None:
            newlines = self._newlines = [match.start() for match in re.finditer("\n", self.text)]
        return bisect.bisect_left(newlines, offset) + 1 + self.line_offset

    def lines(self, value: Any) -> tuple[int, int]:
        """The first and last line of a JSON object of this text (the text's first line for anything else)."""
        return self.spans.get(id(value), (1 + self.line_offset, 1 + self.line_offset))

    def unit_places(self, record: Any) -> int:
        """The decimal places of a record's unit: the most its money figures are written with, at least 2 (a
        TIME_BANK's amount is seconds: left out)."""
        known = self.places.get(id(record))
        return known if known is not None else max(2, _walk(record, None))

    def build(self, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        """The decoder's object_pairs_hook (`values` where the quick way does not hold): every object built,
        in the order the decoder closes them, an object a later duplicate key drops among them."""
        found: dict[str, Any] = dict(pairs)
        self.objects.append(found)
        return found


def values(text: str, line_offset: int = 0) -> Iterator[tuple[Any, int, int, Values] | Broken]:
    """Every top-level value of `text`, in order, with its first and last line and the lines of its objects
    (its own `Values`), each decoded when it is asked for (a file of many records is never held whole as
    values); a `Broken` last where the text stops being JSON (nothing after it is read).

    The quick way, a value at a time: the value decoded by the C decoder alone; its objects listed by a walk
    in the order their closing braces stand (a key's value before the next key's, an object after what it
    holds); its braces found by their bytes, with no look at strings. That pairing holds exactly when the
    braces pair up with none left over and there are as many pairs as objects decoded: a brace inside a
    string, or an object a duplicate key drops, leaves the counts apart. Otherwise the value is decoded
    again with a hook that lists each object as the decoder builds it, and its braces are found with the
    strings emptied (`hooked_values` reads a whole text that way)."""
    decoder = json.JSONDecoder(parse_float=NUMBERS.__getitem__, parse_constant=_no_constant)
    seen = NUMBERS.finer
    for item in _tops(text, decoder, line_offset):
        if isinstance(item, Broken):
            yield item
            return
        fine = NUMBERS.finer != seen  # (nothing ran between this value's decoding and here)
        value, position, end, line, last = item
        value, found = _lined_value(text, value, position, end, line, line_offset, fine)
        yield value, line, last, found
        seen = NUMBERS.finer  # (the next value's count starts here: another text's reading may have counted)


def _lined_value(
    text: str, value: Any, position: int, end: int, line: int, line_offset: int, fine: bool
) -> tuple[Any, Values]:
    """A top-level value decoded at `position` (on `line`) with the lines of its objects: the quick way, or
    decoded again with the hook (`values`). `fine`: the value holds a number of more than 2 places (else its
    unit's places are known with no walk of its numbers)."""
    found = Values(text, line_offset)
    try:
        most = _visit(value, False, found.objects) if fine else _gather(value, found.objects)
    except RecursionError:  # (a value nested about as deep as the decoder allows: the loop has no limit)
        found.objects.clear()
        most = _walk(value, found.objects)
    found.places[id(value)] = max(2, most) if fine else 2
    pairs = _quick_pairs(text[position:end], line - 1)
    if pairs is None or len(pairs) != len(found.objects):
        found = Values(text, line_offset)
        hooked = json.JSONDecoder(parse_float=Decimal, parse_constant=_no_constant, object_pairs_hook=found.build)
        value = hooked.raw_decode(text, position)[0]
        pairs = _exact_pairs(text[position:end], line - 1)
    found.spans = {id(obj): span for obj, span in zip(found.objects, pairs, strict=False)}
    return value, found


def hooked_values(text: str, line_offset: int = 0) -> tuple[Values, list[tuple[Any, int, int] | Broken]]:
    """A whole text read the other way, at once (the tests' independent reading): each object listed by the
    decoder's hook as it builds it, the braces of the whole text found with the strings emptied
    (`_exact_pairs`); one `Values` for every object of the text."""
    found = Values(text, line_offset)
    hooked = json.JSONDecoder(parse_float=Decimal, parse_constant=_no_constant, object_pairs_hook=found.build)
    decoded = list(_tops(text, hooked, line_offset))
    found.spans = {id(obj): span for obj, span in zip(found.objects, _exact_pairs(text, line_offset), strict=False)}
    out: list[tuple[Any, int, int] | Broken] = []
    for item in decoded:
        if isinstance(item, Broken):
            out.append(item)
            continue
        value, position, end, _, _ = item
        if isinstance(value, dict):
            first, last = found.lines(value)
        else:
            first, last = found.line_at(position), found.line_at(end - 1)
        out.append((value, first, last))
    return found, out


def _tops(text: str, decoder: json.JSONDecoder, line_offset: int) -> Iterator[tuple[Any, int, int, int, int] | Broken]:
    """Every top-level value decoded in turn, with its start and end offsets and its first and last line (each
    line end of the text counted once); a `Broken` last where the JSON breaks."""
    line = 1 + line_offset  # the line at `at`
    at = 0
    position = _skip(text, 1 if text.startswith("\ufeff") else 0)
    if text.startswith("[", position):  # an array of hand records: each is a top-level value
        position = _skip(text, position + 1)
    while position < len(text):
        if text.startswith("]", position):
            position = _skip(text, position + 1)
            continue
        line += text.count("\n", at, position)
        at = position
        try:
            value, end = decoder.raw_decode(text, position)
        except json.JSONDecodeError as error:
            yield Broken(line + text.count("\n", position, error.pos), f"bad JSON: {error.msg} (column {error.colno})")
            return
        except ValueError as bad_value:  # NaN, Infinity
            yield Broken(line, f"bad JSON: {bad_value}")
            return
        last = line + text.count("\n", position, end - 1)
        yield value, position, end, line, last
        line, at = last, end - 1
        position = _skip(text, end)


def _visit(value: Any, time_bank: bool, objects: list[dict[str, Any]]) -> int:
    """`_walk` by recursion, twice as fast compiled: the most decimal places of `value`'s money figures (none
    inside a TIME_BANK action), its objects appended to `objects` in the order their closing braces stand."""
    if isinstance(value, dict):
        time_bank = time_bank or value.get("action") == "TIME_BANK"
        items: Any = value.values()
    elif isinstance(value, list):
        items = value
    else:
        return places(value) if isinstance(value, Decimal) and not time_bank else 0
    most = 0
    for item in items:
        # (two tests: compiled, each is a type check, where one on a tuple of types is a call: 10% of the walk)
        if isinstance(item, dict):  # noqa: SIM114
            inner = _visit(item, time_bank, objects)
        elif isinstance(item, list):
            inner = _visit(item, time_bank, objects)
        elif not time_bank and isinstance(item, Decimal):
            inner = places(item)
        else:
            continue
        if inner > most:
            most = inner
    if isinstance(value, dict):
        objects.append(value)
    return most


def _gather(value: Any, objects: list[dict[str, Any]]) -> int:
    """`_visit` where no number needs a look: the objects of `value` only, in the same order; 0."""
    items: Any = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    for item in items:
        if isinstance(item, dict):  # noqa: SIM114
            _gather(item, objects)
        elif isinstance(item, list):
            _gather(item, objects)
    if isinstance(value, dict):
        objects.append(value)
    return 0


def _walk(record: Any, objects: list[dict[str, Any]] | None) -> int:
    """The most decimal places of a record's money figures (a TIME_BANK's amount is seconds: left out), and
    (`objects`) its objects appended in the order their closing braces stand; one visit a value, in a loop."""
    if not isinstance(record, (dict, list)):
        return places(record) if isinstance(record, Decimal) else 0
    most = 0
    pending: list[tuple[Any, bool, bool]] = [(record, False, False)]  # (value, in a TIME_BANK, its values seen)
    while pending:
        value, time_bank, seen = pending.pop()
        if seen:
            if objects is not None:
                objects.append(value)
            continue
        if isinstance(value, dict):
            time_bank = time_bank or value.get("action") == "TIME_BANK"
            pending.append((value, time_bank, True))
            items: Any = value.values()
        else:
            items = value
        for item in reversed(items):
            if isinstance(item, (dict, list)):
                pending.append((item, time_bank, False))
            elif not time_bank and isinstance(item, Decimal):
                most = max(most, places(item))
    return most


_NOT_BRACES: Final = bytes(byte for byte in range(256) if byte not in b"{}\n")


def _quick_pairs(text: str, line_offset: int) -> list[tuple[int, int]] | None:
    """The (opening, closing) lines of the text's braces, in the order the closing ones stand, strings not
    looked at; None when they do not pair up (a brace inside a string)."""
    line = 1 + line_offset
    opened: list[int] = []
    closing: list[tuple[int, int]] = []
    marks = text.encode("utf-8", "surrogatepass").translate(None, _NOT_BRACES)
    for at in range(len(marks)):  # (by index: compiled, a byte is then read with no object made)
        byte = marks[at]
        if byte == 10:
            line += 1
        elif byte == 123:
            opened.append(line)
        elif opened:
            closing.append((opened.pop(), line))
        else:
            return None
    return None if opened else closing


def _exact_pairs(text: str, line_offset: int) -> list[tuple[int, int]]:
    """`_quick_pairs` with the strings emptied first (`""`: a JSON string holds no line end, so every line
    keeps its number, and braces inside strings are gone); an unpaired brace of broken JSON is left out."""
    bare = _STRING.sub('""', text) if '"' in text else text
    opened: list[int] = []
    closing: list[tuple[int, int]] = []
    line = 1 + line_offset
    last = 0
    for match in _BRACE.finditer(bare):
        at = match.start()
        line += bare.count("\n", last, at)
        last = at
        if match.group() == "{":
            opened.append(line)
        elif opened:
            closing.append((opened.pop(), line))
    return closing


def _skip(text: str, position: int) -> int:
    match = _BETWEEN.match(text, position)
    return match.end() if match else position


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


# ---- typed access ---------------------------------------------------------------------------------------
def required(obj: dict[str, Any], key: str, where: str) -> Any:
    value = obj.get(key)
    if value is None:
        raise ShapeError(f"required field {where}.{key} missing")
    return value


def as_object(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ShapeError(f"{what} is not an object" if value is not None else f"required field {what} missing")
    return value


def as_list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise ShapeError(f"{what} is not a list" if value is not None else f"required field {what} missing")
    return value


def as_text(value: Any, what: str) -> str:
    if isinstance(value, str):
        return value
    raise ShapeError(f"{what} is not a string: {show(value)}")


def as_int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, Decimal) and value.is_finite() and value == value.to_integral_value():
            return decimal_whole(value)
        raise ShapeError(f"{what} is not a whole number: {show(value)}")
    return value


def as_bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise ShapeError(f"{what} is not true or false: {show(value)}")
    return value


def as_number(value: Any, what: str) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        raise ShapeError(f"{what} is not a number: {show(value)}")
    return Decimal(value)


def show(value: Any, most: int = 160) -> str:
    """A JSON value written back as JSON (numbers as the file wrote them), cut to `most` characters."""
    text = _render(value)
    return text if len(text) <= most else text[: most - 3] + "..."


def _render(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(key))}: {_render(item)}" for key, item in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_render(item) for item in value) + "]"
    if isinstance(value, Decimal):
        return str(value)
    return json.dumps(value, ensure_ascii=False)
