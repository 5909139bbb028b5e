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


_LAST: Final = (1 << 32) - 1  # (a span's last line: `Values.spans`)
# msgspec's decoder and its error, once a Global Poker text is first decoded (`_msgspec`)
_MSGSPEC: Final[list[Any]] = []
_FOLLOWS: Final = re.compile(r"trailing characters \(byte (\d+)\)")  # (msgspec: where what follows a value starts)


def _msgspec() -> tuple[Any, type[Exception]]:
    """msgspec's JSON decoder (numbers by `NUMBERS`) and its DecodeError. msgspec is imported here, when a
    Global Poker text is first decoded, not with the room: its import is some 10 ms of every run's start."""
    if not _MSGSPEC:
        import msgspec

        _MSGSPEC.extend((msgspec.json.Decoder(float_hook=NUMBERS.__getitem__), msgspec.DecodeError))
    return _MSGSPEC[0], _MSGSPEC[1]


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
    braces in that order (`values`), as one number, the first line times 2^32 plus the last (no tuple to
    make and for the collector to follow, 177 times a record). `places` gives each record's unit places
    where the quick way found them (`unit_places`)."""

    def __init__(self, text: str, line_offset: int = 0) -> None:
        self.text = text
        self.line_offset = line_offset
        self._newlines: list[int] | None = None  # (the offsets of the line ends, found when first needed)
        self.spans: dict[int, int] = {}  # id(object) -> first line << 32 | last line
        self.objects: list[dict[str, Any]] = []
        self.places: dict[int, int] = {}  # id(record) -> the places of its unit (`unit_places`)

    def line_at(self, offset: int) -> int:
        newlines = self._newlines
        if newlines is None:
            newlines = self._newlines = [match.start() for match in re.finditer("\n", self.text)]
        return bisect.bisect_left(newlines, offset) + 1 + self.line_offset

    def lines(self, value: Any) -> tuple[int, int]:
        """The first and last line of a JSON object of this text (the text's first line for anything else)."""
        span = self.spans.get(id(value))
        if span is None:
            return 1 + self.line_offset, 1 + self.line_offset
        return span >> 32, span & _LAST

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


def values(
    text: str, line_offset: int = 0, data: bytes | None = None
) -> Iterator[tuple[Any, int, int, Values] | Broken]:
    """Every top-level value of `text`, in order, with its first and last line and the lines of its objects
    (its own `Values`), each decoded when it is asked for (a file of many records is never held whole as
    values); a `Broken` last where the text stops being JSON (nothing after it is read).

    The quick way, a value at a time: the value decoded by a decoder in C alone (msgspec's where the bytes
    are ASCII, `QuickDecoder`, else the standard library's), its numbers by `NUMBERS`; its objects listed by
    a walk in the order their closing braces stand (a key's value before the next key's, an object after
    what it holds); its braces found by their bytes, with no look at strings. That pairing holds exactly
    when the braces pair up with none left over and there are as many pairs as objects decoded: a brace
    inside a string, or an object a duplicate key drops, leaves the counts apart. Otherwise the value is decoded
    again with a hook that lists each object as the decoder builds it, and its braces are found with the
    strings emptied (`hooked_values` reads a whole text that way).

    `data`, the bytes `text` was decoded from, where the caller holds them: if they are ASCII (each character
    a byte, at the same offset), msgspec's decoder reads them, twice as fast (`QuickDecoder`)."""
    exact = json.JSONDecoder(parse_float=NUMBERS.__getitem__, parse_constant=_no_constant)
    decoder: json.JSONDecoder | QuickDecoder = exact
    if data is not None and len(data) == len(text) and data.isascii():
        decoder = QuickDecoder(data, exact)
    for item in _tops(text, decoder, line_offset, lined=True):
        if isinstance(item, Broken):
            yield item
            return
        value, _, _, line, last, found = item
        assert found is not None  # (lined)
        yield value, line, last, found


class QuickDecoder:
    """`raw_decode` as the standard library's decoder gives it (`exact`), by msgspec's decoder, twice as fast,
    for an ASCII text, from its bytes. msgspec decodes one whole value and says where anything follows it,
    so each object is given to it cut out of the text at a `}` where it may end (`_cut`): where the text
    first shows again the last line of the object before and what stood between that one and this one
    (`\n}\n{`, `\n\t},\n\t{`), at the end of its line where the objects stand one a line, else at the last
    `}` of the text. Whatever msgspec decodes whole is that object as the standard decoder reads it (an
    object ends at its closing brace: nothing can follow it in the cut). Where it says something follows
    the object, the object is cut again where that starts; where it refuses a cut for any other reason (cut
    short, or JSON it refuses), the next cut is tried, and then the standard decoder reads at the same place,
    and gives the value or the same error as ever."""

    def __init__(self, data: bytes, exact: json.JSONDecoder) -> None:
        self.raw = data  # (the text's bytes, each at its character's offset)
        self.data = memoryview(data)  # (cut without a copy)
        self.exact = exact
        # the last object's last line, from the line end before it; None where it stood alone on its one
        # line; "" where neither tells where the next one ends (none read yet, several on one line)
        self.closing: str | None = ""
        self.stop = 0  # (where the last object ended)
        # the length of the shortest object read: the next one's end is not sought before half of it
        self.shortest = 0
        self.decoder, self.refused = _msgspec()

    def raw_decode(self, text: str, position: int) -> tuple[Any, int]:
        if not text.startswith("{", position):
            return self.exact.raw_decode(text, position)
        last = text.rfind("}", position) + 1
        cut = self._cut(text, position)
        decode, refused = self.decoder.decode, self.refused
        for stop in (cut, last) if position < cut < last else (last,):
            try:
                value = decode(self.data[position:stop])
            except refused as error:
                follows = _FOLLOWS.search(str(error))
                if follows is None:
                    continue
                stop = text.rfind("}", position, position + int(follows[1])) + 1
                if stop <= position:
                    break
                try:
                    value = decode(self.data[position:stop])
                except refused:
                    break
            self._learn(text, position, stop)
            return value, stop
        return self.exact.raw_decode(text, position)

    def _cut(self, text: str, position: int) -> int:
        """Where the object at `position` may end, from how the last one ended (0: no guess)."""
        if self.closing is None:
            end = text.find("\n", position)
            return text.rfind("}", position, end if end >= 0 else len(text)) + 1
        if not self.closing:
            return 0
        needle = self.closing + text[self.stop : position + 1]  # (a long needle: a quick search)
        found = text.find(needle, position + self.shortest // 2)  # (one found too far on: "something follows")
        return found + len(self.closing) if found >= 0 else 0

    def _learn(self, text: str, position: int, stop: int) -> None:
        line = text.rfind("\n", position, stop)
        if line >= 0:
            self.closing = text[line:stop]
        else:
            end = text.find("\n", stop)
            self.closing = None if text.find("{", stop, end if end >= 0 else len(text)) < 0 else ""
        self.stop = stop
        self.shortest = stop - position if not self.shortest else min(self.shortest, stop - position)


def _lined_value(
    text: str, value: Any, position: int, end: int, line: int, line_offset: int, fine: bool, raw: bytes | None = None
) -> tuple[Any, Values]:
    """A top-level value decoded at `position` (on `line`) with the lines of its objects: the quick way, or
    decoded again with the hook (`values`). `fine`: the value holds a number of more than 2 places (else its
    unit's places are known with no walk of its numbers). `raw`: the text's bytes where each stands at its
    character's offset (`QuickDecoder`), whose braces are then found with no encoding of the text."""
    found = Values(text, line_offset)
    try:
        most = _visit(value, False, found.objects) if fine else _gather(value, found.objects)
    except RecursionError:  # (a value nested about as deep as the decoder allows: the loop has no limit)
        found.objects.clear()
        most = _walk(value, found.objects)
    found.places[id(value)] = max(2, most) if fine else 2  # (not fine: no figure has more than 2 places)
    piece = raw[position:end] if raw is not None else text[position:end].encode("utf-8", "surrogatepass")
    spans = _quick_spans(piece, line - 1, found.objects)
    if spans is None:
        found = Values(text, line_offset)
        hooked = json.JSONDecoder(parse_float=Decimal, parse_constant=_no_constant, object_pairs_hook=found.build)
        value = hooked.raw_decode(text, position)[0]
        pairs = _exact_pairs(text[position:end], line - 1)
        spans = _packed(found.objects, pairs)
    found.spans = spans
    return value, found


def hooked_values(text: str, line_offset: int = 0) -> tuple[Values, list[tuple[Any, int, int] | Broken]]:
    """A whole text read the other way, at once (the tests' independent reading): each object listed by the
    decoder's hook as it builds it, the braces of the whole text found with the strings emptied
    (`_exact_pairs`); one `Values` for every object of the text."""
    found = Values(text, line_offset)
    hooked = json.JSONDecoder(parse_float=Decimal, parse_constant=_no_constant, object_pairs_hook=found.build)
    decoded = list(_tops(text, hooked, line_offset))
    pairs = _exact_pairs(text, line_offset)
    found.spans = _packed(found.objects, pairs)
    out: list[tuple[Any, int, int] | Broken] = []
    for item in decoded:
        if isinstance(item, Broken):
            out.append(item)
            continue
        value, position, end, _, _, _ = item
        if isinstance(value, dict):
            first, last = found.lines(value)
        else:
            first, last = found.line_at(position), found.line_at(end - 1)
        out.append((value, first, last))
    return found, out


def _packed(objects: list[dict[str, Any]], pairs: list[tuple[int, int]]) -> dict[int, int]:
    """`Values.spans` of objects listed in the order their closing braces stand, from their braces' lines."""
    return {id(obj): first << 32 | last for obj, (first, last) in zip(objects, pairs, strict=False)}


def _tops(
    text: str, decoder: json.JSONDecoder | QuickDecoder, line_offset: int, lined: bool = False
) -> Iterator[tuple[Any, int, int, int, int, Values | None] | Broken]:
    """Every top-level value decoded in turn, with its start and end offsets, its first and last line (each
    line end of the text counted once) and, where `lined`, the lines of its objects (`_lined_value`, whose
    scan of the braces gives the last line); a `Broken` last where the JSON breaks."""
    line = 1 + line_offset  # the line at `at`
    at = 0
    raw = decoder.raw if lined and isinstance(decoder, QuickDecoder) else None  # (`_lined_value`)
    position = _skip(text, 1 if text.startswith("\ufeff") else 0)
    if text.startswith("[", position):  # an array of hand records: each is a top-level value
        position = _skip(text, position + 1)
    while position < len(text):
        if text.startswith("]", position):
            position = _skip(text, position + 1)
            continue
        line += text.count("\n", at, position)
        at = position
        seen = NUMBERS.finer
        # (the Broken is yielded after the handler, not inside it: a compiled generator that yields inside an
        # `except` leaves that exception as the one being handled once it is done, and each such exception then
        # chains to the last one, without end)
        broken: Broken | None = None
        try:
            value, end = decoder.raw_decode(text, position)
        except json.JSONDecodeError as error:
            broken = Broken(
                line + text.count("\n", position, error.pos), f"bad JSON: {error.msg} (column {error.colno})"
            )
        except ValueError as bad_value:  # NaN, Infinity
            broken = Broken(line, f"bad JSON: {bad_value}")
        if broken is not None:
            yield broken
            return
        found = None
        if lined:  # (the finer numbers counted in the decoding just done: nothing else ran since)
            fine = NUMBERS.finer != seen
            value, found = _lined_value(text, value, position, end, line, line_offset, fine, raw)
        span = found.spans.get(id(value)) if found is not None and isinstance(value, dict) else None
        last = span & _LAST if span is not None else line + text.count("\n", position, end - 1)
        yield value, position, end, line, last, found
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
    """`_visit` where no number needs a look: the objects of `value` only, in the same order (0: no places
    looked at)."""
    if isinstance(value, dict):
        _gather_object(value, objects)
    elif isinstance(value, list):
        _gather_list(value, objects)
    return 0


def _gather_object(value: dict[str, Any], objects: list[dict[str, Any]]) -> None:
    for item in value.values():  # (typed: compiled, the dict's own iteration, no iterator object)
        if isinstance(item, dict):
            _gather_object(item, objects)
        elif isinstance(item, list):
            _gather_list(item, objects)
    objects.append(value)


def _gather_list(value: list[Any], objects: list[dict[str, Any]]) -> None:
    for item in value:
        if isinstance(item, dict):
            _gather_object(item, objects)
        elif isinstance(item, list):
            _gather_list(item, objects)


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


def _quick_spans(piece: bytes, line_offset: int, objects: list[dict[str, Any]]) -> dict[int, int] | None:
    """The (opening, closing) lines of the braces of a piece of the text's bytes (as `Values.spans` holds
    them), strings not looked at, given to `objects` (listed in the order their closing braces stand) by their
    ids; None when the braces do not pair up with none left over, or there are not as many pairs as objects (a
    brace inside a string, an object a duplicate key dropped)."""
    line = 1 + line_offset
    opened: list[int] = []
    spans: dict[int, int] = {}
    closed = 0
    count = len(objects)
    marks = piece.translate(None, _NOT_BRACES)
    for at in range(len(marks)):  # (by index: compiled, a byte is then read with no object made)
        byte = marks[at]
        if byte == 10:
            line += 1
        elif byte == 123:
            opened.append(line)
        elif opened and closed < count:
            spans[id(objects[closed])] = opened.pop() << 32 | line
            closed += 1
        else:
            return None
    return None if opened or closed != count else spans


def _exact_pairs(text: str, line_offset: int) -> list[tuple[int, int]]:
    """The (opening, closing) lines of the text's braces, in the order the closing ones stand, the strings
    emptied first (`""`: a JSON string holds no line end, so every line keeps its number, and braces inside
    strings are gone); an unpaired brace of broken JSON is left out."""
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
