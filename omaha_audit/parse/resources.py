"""Locate the grammar and template folders, installed (inside the wheel) or from a source checkout."""

from __future__ import annotations

from pathlib import Path
from typing import Final

_PACKAGE: Final = Path(__file__).resolve().parent.parent


def data_dir(name: str) -> Path:
    """`grammar` or `templates`: the wheel keeps them in omaha_audit/_data/, a checkout at the top."""
    installed = _PACKAGE / "_data" / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name


def grammar_text(room: str) -> str:
    return (data_dir("grammar") / f"{room}.lark").read_text(encoding="utf-8")
