"""Which build is under test: the package compiled by mypyc (a normal install) or the pure-Python one (an
editable install, or OMAHA_AUDIT_PURE_PYTHON=1). Both give the same results; the whole suite runs on each
in CI (.ci/run), which names the build it expects in OMAHA_AUDIT_EXPECT_BUILD."""

from __future__ import annotations

import dataclasses
import importlib
import importlib.machinery
import importlib.util
import os
from pathlib import Path

import pytest

import omaha_audit

REPO = Path(__file__).resolve().parents[1]


def _hatch_build():
    spec = importlib.util.spec_from_file_location("hatch_build", REPO / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _module_name(file: str) -> str:
    name = file.removesuffix(".py").replace("/", ".")
    return name.removesuffix(".__init__")


def _compiled_set() -> list[str]:
    """The modules hatch_build.py compiles."""
    return [_module_name(file) for file in _hatch_build().compiled_files(REPO)]


def _is_extension(name: str) -> bool:
    path = importlib.import_module(name).__file__ or ""
    return path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def test_the_build_is_all_compiled_or_all_interpreted() -> None:
    names = _compiled_set()
    compiled = [name for name in names if _is_extension(name)]
    assert len(names) > 50
    assert compiled in ([], names), f"a partly compiled package: only {compiled}"
    build = "compiled" if compiled else "pure"
    expected = os.environ.get("OMAHA_AUDIT_EXPECT_BUILD")
    if expected is not None:
        assert build == expected, f"expected the {expected} build, found the {build} one ({omaha_audit.__file__})"


def test_the_rest_of_the_package_is_never_compiled() -> None:
    """The CLI, the reports and the statistics' queries stay Python (typer reads the commands' docstrings and
    signatures; the queries are polars' work), and so
    do the hot-path modules left out on purpose (a class derived from Lark's Lexer, one derived from list, and
    the archive streams, derived from io.RawIOBase, the pieces of a big file and the groups of small ones, sent
    to the workers by pickle, the URL inputs, which hold fsspec's objects, The Big Game's literal loader, whose
    Number derives from str, and Global Poker's number texts, derived from dict)."""
    left_out = [_module_name(file) for file in _hatch_build().NOT_COMPILED]
    assert left_out == [
        "omaha_audit.parse.token_feed",
        "omaha_audit.parse.input_files",
        "omaha_audit.parse.chunks",
        "omaha_audit.parse.pieces",
        "omaha_audit.parse.archives",
        "omaha_audit.parse.remote",
        "omaha_audit.rooms.thebiggame.literal",
        "omaha_audit.rooms.globalpoker.numbers",
    ]
    assert not set(left_out) & set(_compiled_set())
    for name in (
        "omaha_audit.cli.app",
        "omaha_audit.report.html",
        "omaha_audit.stats.statistics",
        "omaha_audit.run.parallel",
        *left_out,
    ):
        assert not _is_extension(name), name
    # the rooms' writers are the generator's (rooms/<room>/writer.py), shipped as Python source
    writers = sorted(
        f"omaha_audit.rooms.{path.parent.name}.writer" for path in REPO.glob("omaha_audit/rooms/*/writer.py")
    )
    assert "omaha_audit.rooms.pokerstars.writer" in writers
    assert not set(writers) & set(_compiled_set())
    # (the rows of the dataset's tables, built per hand, are compiled: hatch_build.py)
    assert {"omaha_audit.stats.frames", "omaha_audit.stats.flags"} <= set(_compiled_set())
    for name in writers:
        assert not _is_extension(name), name


@pytest.mark.parametrize("name", ["omaha_audit.model.hand", "omaha_audit.engine.settle"])
def test_model_classes_stay_frozen_dataclasses_in_either_build(name: str) -> None:
    module = importlib.import_module(name)
    classes = [c for c in vars(module).values() if isinstance(c, type) and c.__module__ == name]
    frozen = [c for c in classes if dataclasses.is_dataclass(c)]
    assert frozen
    assert all(c.__dataclass_params__.frozen for c in frozen)  # type: ignore[attr-defined]


def test_assigning_to_a_field_raises_in_either_build() -> None:
    from omaha_audit.model import Source

    source = Source("hands.txt", 3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        source.line = 4  # type: ignore[misc]
    assert (source.path, source.line, source.end_line) == ("hands.txt", 3, 0)
    assert source == Source("hands.txt", 3, 0) and hash(source) == hash(Source("hands.txt", 3, 0))


def test_a_written_init_that_misses_a_field_is_refused() -> None:
    """The compiled build runs each class's written `__init__`, the interpreted one a replacement made from
    the fields: fast_init refuses a class where the two could differ."""
    from omaha_audit.model.frozen import fast_init

    @dataclasses.dataclass(frozen=True, slots=True, init=False)
    class Pair:
        first: int
        second: int = 0

        def __init__(self, first: int) -> None:  # forgot `second`
            self.first = first  # type: ignore[misc]

    with pytest.raises(TypeError, match="first, second"):
        fast_init(Pair)

    @dataclasses.dataclass(frozen=True, slots=True, init=False)
    class Good:
        first: int
        second: int = 0

        def __init__(self, first: int, second: int = 0) -> None:
            self.first, self.second = first, second  # type: ignore[misc]

    fast_init(Good)
    assert (Good(1).first, Good(1).second, Good(1, 2).second) == (1, 0, 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        Good(1).first = 3  # type: ignore[misc]


def test_written_inits_of_the_mutable_classes_set_every_field() -> None:
    """PlayerState, Replay, Block and AuditedHand write their own `__init__` (compiled, the one dataclasses
    generates runs interpreted): each must give every declared field its starting value."""
    from omaha_audit.model import Hand
    from omaha_audit.run.pipeline import Auditor

    path = sorted((REPO / "sample_histories").glob("*.txt"))[0]
    auditor = Auditor()
    audited = next(a for a in auditor.audit_files([path]) if isinstance(a.item, Hand) and a.context)
    assert audited.context is not None
    replayed = audited.context.replay
    block = next(block for block, _ in auditor.source.read_blocks(path) if block is not None)
    objects = [audited, replayed, block, *replayed.players.values()]
    assert {type(o).__name__ for o in objects} == {"AuditedHand", "Replay", "Block", "PlayerState"}
    for obj in objects:
        unset = [f.name for f in dataclasses.fields(obj) if not hasattr(obj, f.name)]
        assert not unset, f"{type(obj).__name__} leaves {unset} unset"
