"""The line terminals' regexes, compiled once and kept across runs.

Every run builds the line classifiers of the formats it reads (parse/lexer.py): a hundred or more regexes
a grammar, each parsed by Python's regex parser and compiled, about 20 ms of a short run's start for the
PokerStars family alone. What the compiler makes of a pattern is a program (a list of integers, with its
flags and groups) that Python's regex engine, `_sre`, turns into a pattern object at once; those programs
are kept in the user's cache folder (cache.py), one file per Python version and regex engine version
(`_sre.MAGIC`), keyed by the pattern's text, so a second run compiles nothing it has compiled before.

Only the grammars' own patterns are kept (never one made for a player's name), in one cache entry, read
once per run: signed by this user's key (omaha_audit/cache.py), so a program nobody but this user's runs
wrote is never used (a program is a different regex as soon as one integer changes: a plain digest would
let anyone who can write the file change what a line is read as). Any doubt (an entry that does not
verify, a program the engine refuses, a Python whose private regex modules differ) means the pattern is
compiled as usual, which gives the same pattern object.
"""

from __future__ import annotations

import contextlib
import importlib
import marshal
import re
import sys
from collections.abc import Callable
from typing import Any, Final

from omaha_audit.cache import read_entry, usable_folder, write_entry

# Python's regex modules (private: no type stubs, so typed Any)
_sre: Any = importlib.import_module("_sre")
sre_parser: Any = importlib.import_module("re._parser")
sre_compiler: Any = importlib.import_module("re._compiler")

FILE_FORMAT: Final = 1
MOST: Final = 20_000  # programs a file holds at most: past that it starts afresh (grammars edited many times)
# (flags, code, groups, group index, index group), as re._compiler.compile hands them to _sre.compile
Program = tuple[int, list[int], int, dict[str, int], tuple[Any, ...]]


class _Kept:
    """The programs read from the cache file (once), and whether any were added since."""

    def __init__(self) -> None:
        self.programs: dict[str, Program] | None = None
        self.added = False


_KEPT: Final = _Kept()


def compile_kept(pattern: str, rewrite: Callable[[Any], None] | None = None) -> re.Pattern[str]:
    """`pattern` compiled (after `rewrite` of its parsed form, a change that keeps what it matches), from
    the kept program when there is one."""
    programs = _programs()
    key = ("R" if rewrite is not None else "P") + pattern
    shown = None if rewrite is not None else pattern  # (as re._compiler gives a pattern parsed first)
    program = programs.get(key)
    if program is not None:
        try:
            return _pattern(shown, program)
        except Exception:  # (a program this engine refuses: compiled again below, and replaced)
            pass
    try:
        tree = sre_parser.parse(pattern)
        if rewrite is not None:
            rewrite(tree)
        program = _program(tree)
        compiled = _pattern(shown, program)
    except Exception:  # (private modules: any change in them only costs the kept programs)
        return re.compile(pattern)
    if len(programs) < MOST:
        programs[key] = program
        _KEPT.added = True
    return compiled


def save_kept() -> None:
    """Keep the programs in the cache if any were added (omaha_audit/cache.py: a signed entry)."""
    if not _KEPT.added or _KEPT.programs is None or usable_folder() is None:
        return
    _KEPT.added = False
    with contextlib.suppress(ValueError):
        write_entry(_entry_name(), marshal.dumps(_KEPT.programs))


def _programs() -> dict[str, Program]:
    programs = _KEPT.programs
    if programs is None:
        programs = _KEPT.programs = _read()
    return programs


def _read() -> dict[str, Program]:
    """The kept programs: the cache entry's, when it verifies and is a dict of them (each program is
    checked again by the regex engine when it is used, and compiled afresh if refused)."""
    payload = read_entry(_entry_name())
    if payload is None:
        return {}
    try:
        found: Any = marshal.loads(payload)
    except (EOFError, ValueError, TypeError):
        return {}
    if type(found) is not dict or not all(type(key) is str and type(value) is tuple for key, value in found.items()):
        return {}
    programs: dict[str, Program] = found
    return programs


def _entry_name() -> str:
    version = f"{sys.version_info[0]}.{sys.version_info[1]}-{_sre.MAGIC}-{FILE_FORMAT}"
    return f"regex-programs-{version}.marshal"


def _program(tree: Any) -> Program:
    """re._compiler.compile's work on a parsed pattern, up to the call of _sre.compile."""
    code = [int(number) for number in sre_compiler._code(tree, 0)]  # (plain ints: the opcodes are a subclass)
    groupindex = {str(name): int(index) for name, index in tree.state.groupdict.items()}
    indexgroup: list[str | None] = [None] * tree.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    return (int(tree.state.flags), code, int(tree.state.groups) - 1, groupindex, tuple(indexgroup))


def _pattern(pattern: str | None, program: Program) -> re.Pattern[str]:
    flags, code, groups, groupindex, indexgroup = program
    compiled: re.Pattern[str] = _sre.compile(pattern, flags, code, groups, groupindex, indexgroup)
    return compiled
