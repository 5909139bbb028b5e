"""Replacing a reader's method to make it fail, in the build under test.

A test that proves a reader's own exception becomes OA104 replaces one of the reader's methods with one that
raises. In the compiled build (mypyc) a compiled method calls another directly, so a replacement set on the
class is never called: there the test is skipped with that reason, and the pure-Python run of the same suite
(the second stage of .ci/run, and every editable install) makes the check."""

from __future__ import annotations

import importlib.machinery
import sys
from typing import Any

import pytest


def compiled(module_name: str) -> bool:
    """Whether the module was loaded from a compiled extension."""
    path = getattr(sys.modules[module_name], "__file__", None) or ""
    return path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def break_method(monkeypatch: pytest.MonkeyPatch, cls: type, name: str, replacement: Any) -> None:
    """Set `replacement` as `cls.name`, or skip the test where the build would never call it."""
    if compiled(cls.__module__):
        pytest.skip(
            f"{cls.__module__} is compiled: its calls to {cls.__name__}.{name} are direct, so a "
            "replacement is not seen; the pure-Python run of the suite checks this"
        )
    monkeypatch.setattr(cls, name, replacement)
