"""The lexer Lark is built with. The line classifier makes the tokens, so this one only hands them on.

This module is never compiled by mypyc (hatch_build.py leaves it out): a compiled class cannot derive
from Lark's `Lexer`, a plain Python class (its compiled `lex` crashed the interpreter).
"""

from __future__ import annotations

import contextlib
import hashlib
import marshal
from collections.abc import Iterator
from typing import Any, Final

from lark import Lark
from lark.grammar import Rule
from lark.lexer import Lexer, TerminalDef

from omaha_audit.cache import read_entry, usable_folder, write_entry


class TokenFeed(Lexer):
    """Lark needs a lexer to build the parser; the line classifier makes the tokens instead."""

    def __init__(self, lexer_conf: object) -> None:
        pass

    def lex(self, data: Any) -> Iterator[Any]:  # type: ignore[override]
        return iter(data or ())


def lalr_parser(grammar: str) -> Lark:
    """Lark's LALR(1) analysis of `grammar`, with this lexer. The analysis takes about 30 ms a grammar, on
    every run; it is kept in the user's cache folder (omaha_audit/cache.py: signed entries of plain data),
    one entry per grammar, Lark version and Python version, named by their digest. The entry holds what
    Lark's own serializer gives (dicts, lists, strings and numbers; this lexer's class by name), marshalled:
    never a pickle, and Lark's own `cache=` option (which unpickles its file before it checks the file's
    digest) is not used. An entry that does not verify, or that Lark cannot load, means the grammar is
    analysed again and the entry written anew; where there is no usable cache folder, every time."""
    import sys

    import lark as lark_package

    key = f"{grammar}\0{lark_package.__version__}\0{sys.version_info[:2]}\0{ENTRY_FORMAT}"
    name = f"lark-{hashlib.sha256(key.encode('utf-8')).hexdigest()[:24]}.cache"
    kept = read_entry(name)
    if kept is not None:
        try:
            return _with_ignored(_from_plain(marshal.loads(kept)))
        except Exception:  # (an entry this Lark cannot load: analysed again below, and replaced)
            pass
    lark = Lark(grammar, parser="lalr", lexer=TokenFeed)
    if usable_folder() is not None:  # (else there is nothing to write it to)
        with contextlib.suppress(ValueError):  # (Lark's data holding something marshal cannot write: not kept)
            write_entry(name, marshal.dumps(_plain(lark)))
    return _with_ignored(lark)


ENTRY_FORMAT: Final = "plain-1"  # (part of the entry's name: a change of what _plain writes bumps it)
FEED: Final = "TokenFeed"  # (this lexer's class, as the entry names it)


def _plain(lark: Lark) -> dict[str, Any]:
    """Lark's serialized analysis (`Lark.save` without the pickle), with this lexer's class named."""
    data, memo = lark.memo_serialize([TerminalDef, Rule])
    # (copies of the dicts changed below: Lark's options serialize as the live Lark's own dict)
    parser = {**data["parser"], "lexer_conf": {**data["parser"]["lexer_conf"]}}
    data = {**data, "options": {**data["options"]}, "parser": parser}
    for holder, field in _lexer_places(data):
        if holder[field] is not TokenFeed:
            raise ValueError("not this lexer's analysis")
        holder[field] = FEED
    return {"data": data, "memo": memo}


def _from_plain(plain: Any) -> Lark:
    """The Lark `_plain` serialized (it raises on anything else: a KeyError, TypeError or ValueError)."""
    data, memo = plain["data"], plain["memo"]
    for holder, field in _lexer_places(data):
        if holder[field] != FEED:
            raise ValueError("not this lexer's analysis")
        holder[field] = TokenFeed
    return Lark.__new__(Lark)._load({"data": data, "memo": memo})  # (what Lark.load does after its pickle.load)


def _lexer_places(data: dict[str, Any]) -> list[tuple[dict[str, Any], str]]:
    """Where Lark's serialized analysis names the lexer's class: its options and its lexer's settings."""
    return [(data["options"], "lexer"), (data["parser"]["lexer_conf"], "lexer_type")]


def _with_ignored(lark: Lark) -> Lark:
    if not hasattr(lark, "ignore_tokens"):  # (set only when Lark analysed the grammar itself)
        lark.ignore_tokens = list(lark.lexer_conf.ignore)
    return lark
