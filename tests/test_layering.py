"""The layers import only downwards (docs/ARCHITECTURE.md), and no file of the package imports itself back
through others. Every package and top-level module of omaha_audit is a layer here (the package's own
`__init__`, which holds the version, is the layer ""), each with the layers it may import, lowest first:

    "" , cache, errors, scheduler_address   leaves: import nothing of ours
    output      the I/O leaf: files written whole, standard output, the progress line (errors)
    model       the data (the cache folder)
    parse       the reading kit (model)
    rooms       one folder per room format (model, parse): never the engine, rules, stats or report
    engine      replay and evaluators (model)
    rules       one module per rule (model, engine)
    generate    synthetic hands (model, the engine's evaluator, the rooms' words)
    run         the audit of a run: pipeline, sequences, workers, house rules (all of the above but generate)
    stats       the statistics tables (run and below)
    report      text and HTML (stats and below)
    fairness    the fairness audit (run, output and below)
    interop     PHH, OHH and PokerStars text (report's terminal-safe text, output, rooms, engine)
    cli         the command line, on top

The model and the engine never import lark, polars or jinja2. Imports are read from the source with `ast`,
including imports inside functions (and, for the layers, inside `if TYPE_CHECKING:` blocks).

A room is one folder, but its writer (`rooms/<room>/writer.py`, the text the generator writes) belongs to the
generator's layer: writer files are checked as the generate layer, the rest of the folder as the rooms layer,
and importing the rooms (or a room) never imports a writer: the registry finds it by module name.

Between files: the graph of which file imports which, over the whole package, imports inside functions
included, has no cycle. Only `if TYPE_CHECKING:` blocks are left out of that graph: they never run, and the
one file pair that needs one (rooms/globalpoker/results.py types its reader argument with the reader's class)
would otherwise need a protocol on a compiled hot path. (A file importing a module of its package does not
count as importing the package's `__init__`, which Python runs first either way.)"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "omaha_audit"
HEAVY = {"lark", "polars", "jinja2"}

# layer -> the parts of omaha_audit it may import (besides itself)
_RUN: set[str] = {"model", "parse", "rooms", "engine", "rules", "errors", "output", "cache"}
ALLOWED: dict[str, set[str]] = {
    "": set(),
    "cache": set(),
    "errors": set(),
    "scheduler_address": set(),
    "output": {"errors"},
    "model": {"cache"},
    "parse": {"model", "cache"},
    "rooms": {"model", "parse", "cache"},
    "engine": {"model", "cache"},
    "rules": {"model", "engine", "cache"},
    "generate": {"model", "engine", "rooms", "cache"},
    "run": _RUN,
    "stats": _RUN | {"run"},
    "report": _RUN | {"run", "stats"},
    # the fairness audit reads hands through the pipeline (as the statistics do) and shows its progress (output)
    "fairness": {"model", "engine", "run", "parse", "output", "cache"},
    "interop": {"", "model", "parse", "rooms", "engine", "output", "report", "errors", "cache"},
}
# the command line may import everything
ALLOWED["cli"] = set(ALLOWED) - {"cli"}
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
    """The files of a layer: its folder's (or its one file), where the rooms' writers count as the
    generator's."""
    if layer == "":
        return [PACKAGE / "__init__.py"]
    if not (PACKAGE / layer).is_dir():
        return [PACKAGE / f"{layer}.py"]
    files = sorted((PACKAGE / layer).rglob("*.py"))
    if layer == "rooms":
        return [path for path in files if path.name != WRITER or path.parent.parent != PACKAGE / "rooms"]
    if layer == "generate":
        return files + writer_files()
    return files


def top_level() -> set[str]:
    """The package's layers: its packages and top-level modules, and "" for its `__init__`."""
    names = {path.parent.name for path in PACKAGE.glob("*/__init__.py")}
    names |= {path.stem for path in PACKAGE.glob("*.py") if path.name != "__init__.py"}
    return names | {""}


def ours(module: str) -> str | None:
    """The layer of one of our modules (`omaha_audit.parse.split` -> `parse`; a name the package's
    `__init__` defines, `omaha_audit.__version__`, -> ""), else None."""
    parts = module.split(".")
    if parts[0] != "omaha_audit":
        return None
    if len(parts) == 1 or not ((PACKAGE / parts[1]).is_dir() or (PACKAGE / f"{parts[1]}.py").is_file()):
        return ""
    return parts[1]


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
            if target not in ALLOWED[layer]:
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


def test_every_package_and_module_is_a_layer():
    assert top_level() == set(ALLOWED), sorted(top_level() ^ set(ALLOWED))


def test_the_layers_stack():
    """The layers' allowances have no cycle: an order exists in which each imports only those before it."""
    left = {layer: set(allowed) for layer, allowed in ALLOWED.items()}
    while left:
        ready = [layer for layer, allowed in left.items() if not allowed & set(left)]
        assert ready, f"the layers import each other: {sorted(left)}"
        for layer in ready:
            del left[layer]


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def module_name(path: Path, package_dir: Path = PACKAGE) -> str:
    parts = path.relative_to(package_dir.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def file_graph(package_dir: Path = PACKAGE) -> dict[str, set[str]]:
    """Which of the package's files (by module name) each file imports, imports inside functions included,
    `if TYPE_CHECKING:` blocks left out; `from package import module` names the module."""
    files = {module_name(path, package_dir): path for path in sorted(package_dir.rglob("*.py"))}

    def known(name: str) -> str | None:
        while name and name not in files:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        hidden = {
            id(inner)
            for node in ast.walk(tree)
            if isinstance(node, ast.If) and _type_checking(node)
            for statement in node.body
            for inner in ast.walk(statement)
        }
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(tree):
            if id(node) in hidden:
                continue
            if isinstance(node, ast.Import):
                found.update(filter(None, (known(alias.name) for alias in node.names)))
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[: len(base) - node.level + 1]
                    source = ".".join([*base, node.module] if node.module else base)
                else:
                    source = node.module or ""
                for alias in node.names:
                    target = f"{source}.{alias.name}" if f"{source}.{alias.name}" in files else known(source)
                    if target is not None:
                        found.add(target)
        found.discard(name)
        graph[name] = found
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The graph's strongly connected components of more than one file (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            advanced = False
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph.get(target, ())))))
                    advanced = True
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_cycle_between_files():
    graph = file_graph()
    assert len(graph) > 300 and "omaha_audit.run.pipeline" in graph["omaha_audit.cli.audit_cmd"]
    assert cycles(graph) == []


def test_the_cycle_check_sees_cycles_through_functions(tmp_path):
    package = tmp_path / "omaha_audit"
    (package / "a").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "a" / "__init__.py").write_text("", encoding="utf-8")
    (package / "a" / "x.py").write_text("from omaha_audit.a import y\n", encoding="utf-8")
    (package / "a" / "y.py").write_text("def f():\n    from . import z\n", encoding="utf-8")
    typed = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from omaha_audit.a import y\n"
    (package / "a" / "z.py").write_text(typed + "import omaha_audit.a.x\n", encoding="utf-8")
    graph = file_graph(package)
    assert graph["omaha_audit.a.x"] == {"omaha_audit.a.y"} and graph["omaha_audit.a.y"] == {"omaha_audit.a.z"}
    assert graph["omaha_audit.a.z"] == {"omaha_audit.a.x"}  # (the TYPE_CHECKING import left out)
    assert cycles(graph) == [["omaha_audit.a.x", "omaha_audit.a.y", "omaha_audit.a.z"]]
    (package / "a" / "z.py").write_text("import omaha_audit.a\n", encoding="utf-8")
    assert cycles(file_graph(package)) == []
