"""The layers import only downwards (ARCHITECTURE.md): model imports nothing else of ours; parse (the shared
reading kit) and engine import the model (and themselves); the room formats import the model and the parse
kit, never the engine, rules, stats or report; rules import the engine and the model; the generator imports
the model, the engine's hand evaluator and the rooms (their words). The model and the engine never import
lark, polars or jinja2. Any layer may use `omaha_audit.cache` (the user's cache folder), a leaf that imports
nothing of ours. Imports are read from the source with `ast`, including imports inside functions.

A room is one folder, but its writer (`rooms/<room>/writer.py`, the text the generator writes) belongs to the
generator's layer: writer files are checked as the generate layer, the rest of the folder as the rooms layer,
and importing the rooms (or a room) never imports a writer: the registry finds it by module name."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "omaha_audit"
HEAVY = {"lark", "polars", "jinja2"}

# layer -> the parts of omaha_audit it may import (besides itself)
ALLOWED = {
    "model": {"cache"},
    "parse": {"model", "cache"},
    "rooms": {"model", "parse", "cache"},
    "engine": {"model", "cache"},
    "rules": {"model", "engine", "cache"},
    "generate": {"model", "engine", "rooms", "cache"},
    # the fairness audit reads hands through the pipeline (as the statistics do) and shows its progress (output)
    "fairness": {"model", "engine", "run", "parse", "output", "cache"},
}
WRITER = "writer.py"  # a room folder's writer: the generate layer's
NO_HEAVY = ("model", "engine")


def test_every_room_folder_is_a_format_in_rooms():
    import importlib

    from omaha_audit.rooms import FORMATS

    for path in sorted((PACKAGE / "rooms").glob("*/__init__.py")):
        if path.parent.name == "kit":  # the reading kit every room shares, not a room
            continue
        module = importlib.import_module(f"omaha_audit.rooms.{path.parent.name}")
        assert module.FORMAT in FORMATS, f"rooms/{path.parent.name} exports a FORMAT not in rooms.FORMATS"


def imports(path: Path, package_dir: Path = PACKAGE) -> set[str]:
    """Absolute module names a file imports (relative imports resolved)."""
    package = ".".join(path.relative_to(package_dir.parent).with_suffix("").parts[:-1])
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def writer_files() -> list[Path]:
    return sorted((PACKAGE / "rooms").glob(f"*/{WRITER}"))


def layer_files(layer: str) -> list[Path]:
    """The files of a layer: its folder's, where the rooms' writers count as the generator's."""
    files = sorted((PACKAGE / layer).rglob("*.py"))
    if layer == "rooms":
        return [path for path in files if path.name != WRITER or path.parent.parent != PACKAGE / "rooms"]
    if layer == "generate":
        return files + writer_files()
    return files


def ours(module: str) -> str | None:
    """The layer of one of our modules (`omaha_audit.parse.split` -> `parse`), else None."""
    parts = module.split(".")
    if parts[0] != "omaha_audit":
        return None
    return parts[1] if len(parts) > 1 else ""


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layer_imports_only_downwards(layer):
    files = layer_files(layer)
    assert files, f"no files in omaha_audit/{layer}"
    problems = []
    for path in files:
        for module in imports(path):
            target = ours(module)
            if target is None or target == layer:
                continue
            if target not in ALLOWED[layer] and module not in {f"omaha_audit.{name}" for name in ALLOWED[layer]}:
                problems.append(f"{path.relative_to(PACKAGE.parent)} imports {module}")
    assert not problems, "\n".join(sorted(set(problems)))


def test_the_rooms_writers_are_the_generate_layers():
    """Every writer is a room folder's `writer.py`; the rooms layer's files (the readers) import no writer and
    nothing of the generator, and the generate layer's files include the writers."""
    writers = writer_files()
    assert {path.parent.name for path in writers} >= {"pokerstars", "ggpoker", "poker888"}, writers
    assert not (PACKAGE / "generate" / "writers").is_dir()
    readers = layer_files("rooms")
    assert not set(writers) & set(readers)
    assert set(writers) <= set(layer_files("generate"))
    problems = [
        f"{path.relative_to(PACKAGE.parent)} imports {module}"
        for path in readers
        for module in imports(path)
        if ours(module) == "generate" or (ours(module) is not None and ".writer." in f"{module}.")
    ]
    assert not problems, "\n".join(problems)


def test_importing_the_rooms_imports_no_writer():
    """The registry looks the writers up by module name: importing the rooms, and asking which have a writer,
    loads none of them and nothing of the generator."""
    import json
    import subprocess
    import sys

    probe = (
        "import json, sys\n"
        "import omaha_audit.rooms as rooms\n"
        "found = rooms.writer_rooms()\n"
        "loaded = sorted(m for m in sys.modules if m.endswith('.writer') or m.startswith('omaha_audit.generate'))\n"
        "print(json.dumps([list(found), loaded]))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    found, loaded = json.loads(done.stdout.strip().splitlines()[-1])
    assert loaded == []
    assert {"pokerstars", "ggpoker", "winamax", "acr", "partypoker", "ipoker", "888poker"} <= set(found)


def test_the_cache_folder_module_is_a_leaf():
    mine = [module for module in imports(PACKAGE / "cache.py") if ours(module) is not None]
    assert mine == [], mine


@pytest.mark.parametrize("layer", NO_HEAVY)
def test_no_lark_polars_or_jinja2(layer):
    problems = [
        f"{path.relative_to(PACKAGE.parent)} imports {module}"
        for path in layer_files(layer)
        for module in imports(path)
        if module.split(".")[0] in HEAVY
    ]
    assert not problems, "\n".join(problems)


def test_the_import_reader_sees_relative_and_nested_imports(tmp_path):
    source = "from . import split\nfrom ..model import Hand\n\ndef f():\n    import polars\n"
    fake = tmp_path / "omaha_audit" / "parse" / "x.py"
    fake.parent.mkdir(parents=True)
    fake.write_text(source, encoding="utf-8")
    found = imports(fake, tmp_path / "omaha_audit")
    assert {"omaha_audit.parse.split", "omaha_audit.model.Hand", "polars"} <= found
    assert ours("omaha_audit.parse.split") == "parse" and ours("polars") is None
