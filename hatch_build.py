"""Build hook: compile the reader, the engine and the rules with mypyc when building a wheel.

The compiled modules are the same source, type-checked and turned into C extension modules; they run the
audit about twice as fast (README, "Performance"). The hook compiles in a temporary copy of the package,
so no compiled file is left in the source tree to shadow the `.py` files there, and it adds the extension
modules to the wheel beside the `.py` sources (which stay in the wheel: the rules' documentation is read
from them).

It does nothing for an editable install (development runs the `.py` files) or when the environment sets
OMAHA_AUDIT_PURE_PYTHON=1. If compiling fails (no C compiler, say), it says why on stderr and the wheel is
the pure-Python package, which gives the same results, more slowly.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

# The hot path of `omaha-audit audit`: everything it runs per hand, less the modules in NOT_COMPILED. The
# room readers are compiled too: they run per line, and benchmarks/parse_throughput.py measures them.
COMPILED = (
    "omaha_audit/model",
    "omaha_audit/parse",
    "omaha_audit/rooms",
    "omaha_audit/engine",
    "omaha_audit/rules",
    "omaha_audit/pipeline.py",
    "omaha_audit/sequences.py",  # (every hand's picture goes through it, for the rules across hands)
)
# A compiled class cannot derive from a plain Python class such as Lark's Lexer, nor from `list`.
NOT_COMPILED = (
    "omaha_audit/parse/token_feed.py",
    "omaha_audit/parse/input_files.py",
    "omaha_audit/parse/archives.py",
    "omaha_audit/parse/remote.py",
    "omaha_audit/rooms/thebiggame/literal.py",  # (its Number derives from str; the JSON reader runs in C anyway)
)


# A room folder's writer (rooms/<room>/writer.py) is the generator's, which is not compiled: it ships as its
# `.py` source, found by the registry by module name.
WRITER = "writer.py"


def compiled_files(root: Path) -> list[str]:
    """The source files to compile, relative to `root`, in a stable order."""
    files: list[str] = []
    for entry in COMPILED:
        path = root / entry
        found = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        files += [p.relative_to(root).as_posix() for p in found]
    return [f for f in files if f not in NOT_COMPILED and not _is_writer(f)]


def _is_writer(file: str) -> bool:
    """`omaha_audit/rooms/<room>/writer.py`."""
    parts = file.split("/")
    return len(parts) == 4 and parts[:2] == ["omaha_audit", "rooms"] and parts[3] == WRITER


class MypycBuildHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        if os.environ.get("OMAHA_AUDIT_PURE_PYTHON", "") not in ("", "0"):
            self.app.display_info("omaha-audit: OMAHA_AUDIT_PURE_PYTHON is set; building the pure-Python package")
            return
        self.work = Path(tempfile.mkdtemp(prefix="omaha-audit-mypyc-"))
        try:
            extensions = self.compile(self.work)
        except (OSError, subprocess.CalledProcessError) as error:
            output = getattr(error, "output", None) or ""
            sys.stderr.write(
                f"{output[-4000:]}\nomaha-audit: compiling with mypyc failed ({error}); "
                "building the pure-Python package instead (same results, about half the speed)\n"
            )
            return
        for path in extensions:
            build_data["force_include"][str(path)] = path.relative_to(self.work).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        self.app.display_info(f"omaha-audit: compiled {len(extensions)} extension modules with mypyc")

    def compile(self, work: Path) -> list[Path]:
        root = Path(self.root)
        shutil.copytree(
            root / "omaha_audit", work / "omaha_audit", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd")
        )
        command = [sys.executable, "-m", "mypyc", "--ignore-missing-imports", *compiled_files(work)]
        subprocess.run(command, cwd=work, check=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        found = sorted(p for p in work.rglob(f"*{suffix}") if "build" not in p.relative_to(work).parts)
        if not found:
            raise OSError("mypyc produced no extension modules")
        return found

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
