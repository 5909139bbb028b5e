"""The lexer Lark is built with. The line classifier makes the tokens, so this one only hands them on.

This module is never compiled by mypyc (hatch_build.py leaves it out): a compiled class cannot derive
from Lark's `Lexer`, a plain Python class (its compiled `lex` crashed the interpreter).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lark import Lark
from lark.lexer import Lexer


class TokenFeed(Lexer):
    """Lark needs a lexer to build the parser; the line classifier makes the tokens instead."""

    def __init__(self, lexer_conf: object) -> None:
        pass

    def lex(self, data: Any) -> Iterator[Any]:  # type: ignore[override]
        return iter(data or ())


def lalr_parser(grammar: str) -> Lark:
    """Lark's LALR(1) analysis of `grammar`, with this lexer. The analysis takes about 30 ms a grammar, on
    every run; it is kept in the user's cache folder (`$XDG_CACHE_HOME/omaha-audit`, else
    `~/.cache/omaha-audit`), one file per grammar named by its digest, which Lark checks against the
    grammar, its own version and Python's before it uses the file. Where that folder cannot be written, the
    grammar is analysed every time, as before."""
    folder = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "omaha-audit"
    cache: str | bool = False
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if os.access(folder, os.W_OK):
            digest = hashlib.sha256(grammar.encode("utf-8")).hexdigest()[:24]
            cache = str(folder / f"lark-{digest}.cache")
    except OSError:
        cache = False
    lark = Lark(grammar, parser="lalr", lexer=TokenFeed, cache=cache)
    if not hasattr(lark, "ignore_tokens"):  # (set only when Lark analysed the grammar itself)
        lark.ignore_tokens = list(lark.lexer_conf.ignore)
    return lark
