"""The lexer Lark is built with. The line classifier makes the tokens, so this one only hands them on.

This module is never compiled by mypyc (hatch_build.py leaves it out): a compiled class cannot derive
from Lark's `Lexer`, a plain Python class (its compiled `lex` crashed the interpreter).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from lark.lexer import Lexer


class TokenFeed(Lexer):
    """Lark needs a lexer to build the parser; the line classifier makes the tokens instead."""

    def __init__(self, lexer_conf: object) -> None:
        pass

    def lex(self, data: Any) -> Iterator[Any]:  # type: ignore[override]
        return iter(data or ())
