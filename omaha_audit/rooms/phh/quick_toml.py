"""The TOML of PHH files as their writers write it, read a line at a time; anything else is left to tomli.

`quick_load(text)` gives what `tomli.loads(text, parse_float=Decimal)` gives, or None where the text holds
anything outside the part of TOML read here, and the caller then asks tomli, whose result and errors stand.
tomli reads a character at a time: on a file of many hands it took about 60% of the PHH parse, where a
pattern or two per line does the same work in less than half the time (0.83 against 1.87 s for 11,927 hands,
compiled; benchmarks/parse_throughput.py: phh).

The part read here, each piece exactly as TOML 1.0 defines it (https://toml.io/en/v1.0.0):
- blank lines and comment lines; a comment after a value; LF or CRLF line ends;
- table headers of a bare name (`[12]`, `[hand_3]`), each table once;
- `key = value` with a bare key, each key once per table;
- values: a basic string (`"..."`, its escapes of one character, `\\"` and the like), a literal string
  (`'...'`), a decimal integer without underscores, a float of the form `1.25` (a `Decimal` of its text,
  as `parse_float=Decimal` makes it), `true` and `false`, a local time `HH:MM:SS` (`time = 03:18:14`), and
  an array of those, on one line or over several lines with comments between its items and a comma after
  the last.
The values PHH writers write most (a string, an integer, an array of strings or of integers on one line)
each have a pattern of their own; the rest go through the general one.
Not read here: `\\u` and `\\U` escapes, multi-line strings, dates, exponents, underscores in numbers, inf
and nan, dotted or quoted keys, inline tables, arrays of tables, nested arrays, a key or table defined twice,
and control characters TOML does not allow. tests/rooms/test_phh_quick_toml.py compares the two readers on
generated documents and on documents broken at random.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal
from typing import Any, Final

from omaha_audit.parse.regex_programs import compile_kept

_NAME: Final = r"[A-Za-z0-9_-]+"
_PLAIN: Final = r"[^\"\\\x00-\x08\x0a-\x1f\x7f]"  # a character a basic string holds as itself
_BASIC: Final = rf'"(?:{_PLAIN}|\\[btnfr"\\])*"'  # (with the escapes of one character; \u and \U are tomli's)
_LITERAL: Final = r"'[^'\x00-\x08\x0a-\x1f\x7f]*'"
_FLOAT: Final = r"[+-]?(?:0|[1-9][0-9]*)\.[0-9]+"
# (at most 100 digits: a longer one is tomli's to read, or to refuse as Python refuses an int of 4,301)
_INTEGER: Final = r"[+-]?(?:0|[1-9][0-9]{0,99})"
_TIME: Final = r"(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]"
_BOOLEAN: Final = r"true|false"
# (the float and the time before the integer, which begins both)
_SCALAR: Final = f"{_BASIC}|{_LITERAL}|{_TIME}|{_FLOAT}|{_INTEGER}|{_BOOLEAN}"
_COMMENT: Final = r"#[^\x00-\x08\x0a-\x1f\x7f]*"
_SPACE: Final = r"[ \t]*"
# between the items of an array over several lines: white space, line ends and comments
_GAP: Final = rf"(?:[ \t]|\r?\n|{_COMMENT}(?=\r?\n))*"
_ARRAY: Final = rf"\[{_GAP}(?:(?:{_SCALAR}){_GAP},{_GAP})*(?:(?:{_SCALAR}){_GAP})?\]"
_END: Final = rf"{_SPACE}(?:{_COMMENT})?\r?"

# (compiled at every start: from the programs kept across runs, parse/regex_programs.py)
_BLANK: Final = compile_kept(_END)
_HEADER: Final = compile_kept(rf"{_SPACE}\[{_SPACE}({_NAME}){_SPACE}\]{_END}")
_KEY: Final = compile_kept(rf"{_SPACE}({_NAME}){_SPACE}={_SPACE}")
# the values PHH writers write most, each matched by a pattern of its own after the key (the general one,
# `_VALUE`, is several times as slow): a string, an integer, an array of strings or of integers on one line
_STRING_VALUE: Final = compile_kept(rf'"({_PLAIN}*)"{_END}')
_INTEGER_VALUE: Final = compile_kept(rf"({_INTEGER}){_END}")
_STRINGS: Final = compile_kept(rf'(\[{_SPACE}"{_PLAIN}*"(?:{_SPACE},{_SPACE}"{_PLAIN}*")*{_SPACE},?{_SPACE}\]){_END}')
_STRING_ITEM: Final = compile_kept(rf'"({_PLAIN}*)"')
_INTEGERS: Final = compile_kept(rf"(\[{_SPACE}{_INTEGER}(?:{_SPACE},{_SPACE}{_INTEGER})*{_SPACE},?{_SPACE}\]){_END}")
_INTEGER_ITEM: Final = compile_kept(_INTEGER)
_VALUE: Final = compile_kept(rf"({_SCALAR}|{_ARRAY}){_END}")
_ARRAY_END: Final = compile_kept(rf"({_ARRAY}){_END}\Z")
_QUOTED: Final = compile_kept(rf"{_BASIC}|{_LITERAL}|{_COMMENT}")  # what a line's `]` may stand in
# one item of an array the patterns above have found whole (strings first: a string may hold anything else)
_ITEM: Final = compile_kept(rf"({_BASIC}|{_LITERAL})|({_TIME})|({_FLOAT})|({_INTEGER})|(true)|(false)|({_COMMENT})")
_ESCAPE: Final = compile_kept(r"\\(.)")
_ESCAPED: Final = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}


def quick_load(text: str) -> dict[str, Any] | None:
    """`tomli.loads(text, parse_float=Decimal)` of a document within the part of TOML read here, else None."""
    if text.endswith("\r"):
        return None  # (a carriage return ends a line only before a line feed: the patterns allow one at the end)
    document: dict[str, Any] = {}
    table = document
    lines = text.split("\n")
    count = len(lines)
    index = 0
    while index < count:
        line = lines[index]
        index += 1
        pair = _KEY.match(line)
        if pair is not None:
            key = pair.group(1)
            if key in table:
                return None
            at = pair.end()
            value = _common_value(line, at)
            if value is None:
                found = _VALUE.fullmatch(line, at)
                if found is None:
                    if line.startswith("[", at):
                        # an array over several lines: up to the first line with a `]` outside its strings and
                        # comment, which must close it (else the whole is tomli's: joined and matched once)
                        gathered = [line[at:]]
                        while index < count:
                            gathered.append(lines[index])
                            index += 1
                            if "]" in gathered[-1] and "]" in _QUOTED.sub("", gathered[-1]):
                                break
                        else:
                            return None
                        found = _ARRAY_END.match("\n".join(gathered))
                    if found is None:
                        return None
                value = _value(found.group(1))
            table[key] = value
            continue
        header = _HEADER.fullmatch(line)
        if header is not None:
            name = header.group(1)
            if name in document:
                return None
            table = {}
            document[name] = table
            continue
        if _BLANK.fullmatch(line) is None:
            return None
    return document


def _common_value(line: str, at: int) -> Any:
    """The value after `at` when it is of the forms PHH writers write most (`_STRINGS`...), else None."""
    first = line[at] if at < len(line) else ""
    if first == '"':
        found = _STRING_VALUE.fullmatch(line, at)
        return found.group(1) if found is not None else None
    if first == "[":
        found = _STRINGS.fullmatch(line, at)
        if found is not None:
            return _STRING_ITEM.findall(found.group(1))
        found = _INTEGERS.fullmatch(line, at)
        if found is not None:
            return [int(item) for item in _INTEGER_ITEM.findall(found.group(1))]
        return None
    found = _INTEGER_VALUE.fullmatch(line, at)
    return int(found.group(1)) if found is not None else None


def _value(text: str) -> Any:
    """The value of a scalar or array the line patterns matched whole."""
    if text[0] == "[":
        items: list[Any] = []
        for item in _ITEM.finditer(text):
            if item.group(7) is None:  # (not a comment)
                items.append(_scalar(item.group(0)))
        return items
    return _scalar(text)


def _scalar(text: str) -> Any:
    first = text[0]
    if first == '"':
        inner = text[1:-1]
        return _ESCAPE.sub(_unescape, inner) if "\\" in inner else inner
    if first == "'":
        return text[1:-1]
    if text == "true":
        return True
    if text == "false":
        return False
    if ":" in text:
        return datetime.time(int(text[0:2]), int(text[3:5]), int(text[6:8]))
    if "." in text:
        return Decimal(text)
    return int(text)


def _unescape(found: re.Match[str]) -> str:
    return _ESCAPED[found.group(1)]
