"""The lexer Lark is built with. The line classifier makes the tokens, so this one only hands them on.

This module is never compiled by mypyc (hatch_build.py leaves it out): a compiled class cannot derive
from Lark's `Lexer`, a plain Python class (its compiled `lex` crashed the interpreter).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Iterator
from typing import Any

from lark import Lark
from lark.lexer import Lexer

from omaha_audit.cache import cache_folder


class TokenFeed(Lexer):
    """Lark needs a lexer to build the parser; the line classifier makes the tokens instead."""

    def __init__(self, lexer_conf: object) -> None:
        pass

    def lex(self, data: Any) -> Iterator[Any]:  # type: ignore[override]
        return iter(data or ())


def lalr_parser(grammar: str) -> Lark:
    """Lark's LALR(1) analysis of `grammar`, with this lexer. The analysis takes about 30 ms a grammar, on
    every run; it is kept in the user's cache folder (`$XDG_CACHE_HOME/omaha-audit`, else
    `~/.cache/omaha-audit`), one file per grammar, Lark version and Python version, named by their digest
    (Lark checks the same before it uses the file). A new file is written beside its place and renamed
    into it, so runs at the same time never read half a file. Where the folder cannot be written, the
    grammar is analysed every time."""
    import sys

    import lark as lark_package

    key = f"{grammar}\0{lark_package.__version__}\0{sys.version_info[:2]}"
    folder = cache_folder()
    if folder is None:  # (no home folder to be found)
        return _with_ignored(Lark(grammar, parser="lalr", lexer=TokenFeed))
    final = folder / f"lark-{hashlib.sha256(key.encode('utf-8')).hexdigest()[:24]}.cache"
    try:
        if final.is_file():
            return _with_ignored(Lark(grammar, parser="lalr", lexer=TokenFeed, cache=str(final)))
        folder.mkdir(parents=True, exist_ok=True)
        if not os.access(folder, os.W_OK):
            raise PermissionError(str(folder))
    except OSError:  # (no writable cache folder)
        return _with_ignored(Lark(grammar, parser="lalr", lexer=TokenFeed))
    temporary = final.with_name(f"{final.name}.{os.getpid()}.tmp")
    lark = Lark(grammar, parser="lalr", lexer=TokenFeed, cache=str(temporary))
    with contextlib.suppress(OSError):
        os.replace(temporary, final)
    return _with_ignored(lark)


def _with_ignored(lark: Lark) -> Lark:
    if not hasattr(lark, "ignore_tokens"):  # (set only when Lark analysed the grammar itself)
        lark.ignore_tokens = list(lark.lexer_conf.ignore)
    return lark
