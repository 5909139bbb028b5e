"""Global Poker's JSON as Python values that know their lines, and the typed access the reader uses.

JSON numbers are read as `Decimal` (never a float: `4.80` stays 4.80) or `int`; `NaN` and `Infinity` are
refused. Every JSON object is a plain dict, and `Values.lines(obj)` gives the lines it spans in the file:
the braces are found in the text with its strings emptied (`""`, in C: a JSON string holds no line end, so
every line keeps its number, and braces inside strings are gone), and the decoder closes objects in the
order their closing braces stand, so the n-th object it builds is the one the n-th closing brace ends.

A file holds one hand record (the client's download), or several: a JSON array of them, or objects one
after another (JSON Lines or pretty-printed). `values(text)` yields each top-level value with its lines,
and stops at the first place the JSON is broken (the line and the decoder's reason).
"""

from __future__ import annotations

import bisect
import json
import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Final

from omaha_audit.model.numbers import decimal_whole

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
    """The lines of the JSON objects of one text (`lines`), filled in as the decoder builds them."""

    def __init__(self, text: str, line_offset: int = 0) -> None:
        self.text = text
        self.line_offset = line_offset
        self._newlines: list[int] | None = None  # (the offsets of the line ends, found when first needed)
        self.spans: dict[int, tuple[int, int]] = {}  # id(object) -> (first line, last line)
        self.closing: list[tuple[int, int]] = []  # (opening, closing) lines, in the order objects close
        self.next = 0  # the next object the decoder closes
        self.kept: list[dict[str, Any]] = []  # (the objects spanned, kept alive so that ids stay theirs)
        bare = _STRING.sub('""', text) if '"' in text else text
        opened: list[int] = []
        line = 1 + line_offset
        last = 0
        for match in _BRACE.finditer(bare):
            at = match.start()
            line += bare.count("\n", last, at)
            last = at
            if match.group() == "{":
                opened.append(line)
            elif opened:
                self.closing.append((opened.pop(), line))

    def line_at(self, offset: int) -> int:
        newlines = self._newlines
        if newlines is None:
            newlines = self._newlines = [match.start() for match in re.finditer("\n", self.text)]
        return bisect.bisect_left(newlines, offset) + 1 + self.line_offset

    def lines(self, value: Any) -> tuple[int, int]:
        """The first and last line of a JSON object of this text (the text's first line for anything else)."""
        return self.spans.get(id(value), (1 + self.line_offset, 1 + self.line_offset))

    def build(self, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        """The decoder's object_pairs_hook: the object, with the lines of the braces it closes."""
        found: dict[str, Any] = dict(pairs)
        if self.next < len(self.closing):
            self.spans[id(found)] = self.closing[self.next]
            self.kept.append(found)
        self.next += 1
        return found


def values(text: str, line_offset: int = 0) -> tuple[Values, list[tuple[Any, int, int] | Broken]]:
    """Every top-level value of `text` with its first and last line, in order; a `Broken` last where the
    text stops being JSON (nothing after it is read)."""
    found = Values(text, line_offset)
    decoder = json.JSONDecoder(parse_float=Decimal, parse_constant=_no_constant, object_pairs_hook=found.build)
    out: list[tuple[Any, int, int] | Broken] = []
    position = _skip(text, 1 if text.startswith("\ufeff") else 0)
    if text.startswith("[", position):  # an array of hand records: each is a top-level value
        position = _skip(text, position + 1)
    while position < len(text):
        if text.startswith("]", position):
            position = _skip(text, position + 1)
            continue
        try:
            value, end = decoder.raw_decode(text, position)
        except json.JSONDecodeError as error:
            out.append(Broken(found.line_at(error.pos), f"bad JSON: {error.msg} (column {error.colno})"))
            break
        except ValueError as bad_value:  # NaN, Infinity
            out.append(Broken(found.line_at(position), f"bad JSON: {bad_value}"))
            break
        first, last = found.lines(value) if isinstance(value, dict) else (found.line_at(position),) * 2
        out.append((value, first, last if isinstance(value, dict) else found.line_at(end - 1)))
        position = _skip(text, end)
    return found, out


def _skip(text: str, position: int) -> int:
    match = _BETWEEN.match(text, position)
    return match.end() if match else position


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


# ---- typed access ---------------------------------------------------------------------------------------
def required(obj: dict[str, Any], key: str, where: str) -> Any:
    if key not in obj or obj[key] is None:
        raise ShapeError(f"required field {where}.{key} missing")
    return obj[key]


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


def places(number: Decimal) -> int:
    exponent = number.as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


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
