"""The line terminals' regexes, compiled once and kept across runs.

Every run builds the line classifiers of the formats it reads (parse/lexer.py): a hundred or more regexes
a grammar, each parsed by Python's regex parser and compiled, about 20 ms of a short run's start for the
PokerStars family alone. What the compiler makes of a pattern is a program (a list of integers, with its
flags and groups) that Python's regex engine, `_sre`, turns into a pattern object at once; those programs
are kept in the user's cache folder (cache.py), one file per Python version and regex engine version
(`_sre.MAGIC`), keyed by the pattern's text, so a second run compiles nothing it has compiled before.

Only the grammars' own patterns are kept (never one made for a player's name), the file is checked whole
(a digest before its contents) and read once per run; any doubt (a damaged or foreign file, a program
the engine refuses, a Python whose private regex modules differ) means the pattern is compiled as usual,
which gives the same pattern object. A new file is written beside its place and renamed into it.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import marshal
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from omaha_audit.cache import cache_folder

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
    """Write the programs to the cache file if any were added (where the folder can be written)."""
    path = _path()
    if not _KEPT.added or path is None or _KEPT.programs is None:
        return
    _KEPT.added = False
    with contextlib.suppress(OSError, ValueError):
        payload = marshal.dumps(_KEPT.programs)
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        temporary.write_bytes(hashlib.sha256(payload).digest() + payload)
        temporary.replace(path)


def _programs() -> dict[str, Program]:
    programs = _KEPT.programs
    if programs is None:
        programs = _KEPT.programs = _read(_path())
    return programs


def _read(path: Path | None) -> dict[str, Program]:
    if path is None:
        return {}
    try:
        data = path.read_bytes()
        payload = data[32:]
        if data[:32] != hashlib.sha256(payload).digest():
            return {}
        found = marshal.loads(payload)
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    return found if isinstance(found, dict) else {}


def _path() -> Path | None:
    folder = cache_folder()
    if folder is None:
        return None
    version = f"{sys.version_info[0]}.{sys.version_info[1]}-{_sre.MAGIC}-{FILE_FORMAT}"
    return folder / f"regex-programs-{version}.marshal"


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
