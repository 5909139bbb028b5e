"""The Big Game's hands are JavaScript object literals (`LoadHand({Hand:{Title:"d2h1",...},Plays:[...]})`):
read here without evaluating anything. The keys are bare names, which JSON does not allow, so each bare
key is quoted (and a single-quoted string, or a comma before a closing bracket, made JSON's), the text
around strings being left as it is; the JSON reader (written in C) then does the rest. Numbers are kept as
their text (`Number`), so that an amount is read by the reading kit and a seat's number by its digits, never
through a float."""

from __future__ import annotations

import json
import re
from typing import Any, Final

# A string (kept as it is, so that what it holds is never taken for a key), a bare key before its colon,
# or a comma left before a closing bracket (JavaScript allows it, JSON does not).
_TOKEN: Final = re.compile(
    r"\"(?:[^\"\\]|\\.)*\"|'(?P<single>(?:[^'\\]|\\.)*)'|(?P<key>[A-Za-z_$][\w$]*)(?=\s*:)|,(?=\s*[\]}])"
)
_CALL: Final = re.compile(r"\s*LoadHand\((?P<body>.*)\)\s*;?\s*")


class LiteralError(ValueError):
    pass


class Number(str):
    """A number of the literal, as written (`100000`, `1500.5`): a text, told apart from a quoted string."""

    __slots__ = ()


def _quoted(match: re.Match[str]) -> str:
    key = match.group("key")
    if key is not None:
        return '"' + key + '"'
    single = match.group("single")
    if single is not None:
        return '"' + single.replace("\\'", "'").replace('"', '\\"') + '"'
    text = match.group()
    return "" if text == "," else text


def load_hand(line: str) -> dict[str, Any]:
    """The object a `LoadHand({...})` line passes; raises LiteralError when the line is not one."""
    call = _CALL.fullmatch(line)
    if call is None:
        raise LiteralError("not a `LoadHand({...})` line")
    try:
        value = json.loads(_TOKEN.sub(_quoted, call.group("body")), parse_int=Number, parse_float=Number)
    except ValueError as error:  # (json.JSONDecodeError is a ValueError)
        raise LiteralError(f"not an object literal: {error}") from None
    if not isinstance(value, dict):
        raise LiteralError("LoadHand's argument is not an object")
    return value
