"""Build hook: compile the reader, the engine and the rules with mypyc when building a wheel.

The compiled modules are the same source, type-checked and turned into C extension modules; they run the
audit about three times as fast (docs/PERFORMANCE.md). mypyc writes one C file per module (multi-file mode)
and the C compiler runs on every core the process may use, at -O2 (OMAHA_AUDIT_OPT_LEVEL and
OMAHA_AUDIT_BUILD_JOBS override both); the build says what it does on the terminal as it goes, since pip keeps
a build's output to itself. The hook compiles in a temporary copy of the package,
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
    "omaha_audit/run/pipeline.py",
    "omaha_audit/run/sequences.py",  # (every hand's picture goes through it, for the rules across hands)
    # the fairness audit's equities: every board of every all-in through the evaluators (fairness takes
    # most of its time here: docs/PERFORMANCE.md); the rest of omaha_audit/fairness runs once per run
    "omaha_audit/fairness/equity.py",
    # the rows of the dataset's tables, built per hand by `export` and `stats` (a third of an export's time
    # when interpreted: docs/PERFORMANCE.md)
    "omaha_audit/stats/frames.py",
    "omaha_audit/stats/flags.py",
)
# A compiled class cannot derive from a plain Python class such as Lark's Lexer, nor from `list`.
NOT_COMPILED = (
    "omaha_audit/parse/token_feed.py",
    "omaha_audit/parse/input_files.py",
    "omaha_audit/parse/chunks.py",  # (its FileGroup goes to the workers by pickle)
    "omaha_audit/parse/pieces.py",  # (its FileChunk goes to the workers by pickle)
    "omaha_audit/parse/archives.py",
    "omaha_audit/parse/remote.py",
    "omaha_audit/rooms/thebiggame/literal.py",  # (its Number derives from str; the JSON reader runs in C anyway)
    "omaha_audit/rooms/globalpoker/numbers.py",  # (its NumberTexts derives from dict: the decoder calls it in C)
)


# A room folder's writer (rooms/<room>/writer.py) is the generator's, which is not compiled: it ships as its
# `.py` source, found by the registry by module name.
WRITER = "writer.py"
# Cold modules of the room folders, read once at start-up: the house-rule presets and the room registry.
# Compiling them costs build time and saves nothing measurable. (A room's `__init__` and `words.py` define
# classes derived from compiled ones, which an interpreted module cannot do: they stay compiled.)
COLD_IN_ROOMS = ("presets.py",)


def compiled_files(root: Path) -> list[str]:
    """The source files to compile, relative to `root`, in a stable order."""
    files: list[str] = []
    for entry in COMPILED:
        path = root / entry
        found = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        files += [p.relative_to(root).as_posix() for p in found]
    return [f for f in files if f not in NOT_COMPILED and not _is_writer(f) and not _is_cold(f)]


def _is_writer(file: str) -> bool:
    """`omaha_audit/rooms/<room>/writer.py`."""
    parts = file.split("/")
    return len(parts) == 4 and parts[:2] == ["omaha_audit", "rooms"] and parts[3] == WRITER


def _is_cold(file: str) -> bool:
    """`omaha_audit/rooms/__init__.py`, and a room folder's presets."""
    parts = file.split("/")
    if parts == ["omaha_audit", "rooms", "__init__.py"]:
        return True
    return len(parts) == 4 and parts[:2] == ["omaha_audit", "rooms"] and parts[2] != "kit" and parts[3] in COLD_IN_ROOMS


# mypyc's optimisation level for the C compiler (-O2: the audit's throughput within noise of -O3,
# docs/PERFORMANCE.md, and a shorter compile). OMAHA_AUDIT_OPT_LEVEL overrides it.
OPT_LEVEL = os.environ.get("OMAHA_AUDIT_OPT_LEVEL", "2")
PROGRESS = "omaha-audit-progress: "

# The build script run in the temporary copy: mypyc writes one C file per module (multi_file), and the C
# files of the one extension are compiled in parallel, as are the small per-module extensions (--parallel).
SETUP = """\
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from mypyc.build import mypycify
from setuptools import setup
from setuptools.command.build_ext import build_ext

START = time.monotonic()


def progress(text):
    print(f"{{PREFIX}}[{{time.monotonic() - START:4.0f}} s] {{text}}", flush=True)


class ParallelBuildExt(build_ext):
    done = 0

    def build_extensions(self):
        progress(f"C compile of {{len(self.extensions)}} extension modules")
        super().build_extensions()

    def build_extension(self, ext):
        compiler = self.compiler
        original = compiler.compile
        if len(ext.sources) > 1:
            def compile(sources, output_dir=None, macros=None, include_dirs=None, debug=0, extra_preargs=None,
                        extra_postargs=None, depends=None):
                macros, objects, extra_postargs, pp_opts, build = compiler._setup_compile(
                    output_dir, macros, include_dirs, sources, depends, extra_postargs)
                cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)

                def one(obj):
                    source, kind = build[obj]
                    compiler._compile(obj, source, kind, cc_args, extra_postargs, pp_opts)

                count = 0
                with ThreadPoolExecutor({jobs}) as pool:
                    for _ in pool.map(one, objects):
                        count += 1
                        if count % 10 == 0 or count == len(objects):
                            progress(f"C files {{count}}/{{len(objects)}}")
                return objects
            compiler.compile = compile
        try:
            super().build_extension(ext)
        finally:
            compiler.compile = original
        ParallelBuildExt.done += 1
        if ParallelBuildExt.done % 40 == 0:
            progress(f"extension modules {{ParallelBuildExt.done}}/{{len(self.extensions)}}")


PREFIX = {prefix!r}
progress("type-checking and writing C")
modules = mypycify(["--ignore-missing-imports", *{files!r}], opt_level={opt_level!r}, multi_file=True)
progress("C written")
setup(name="omaha_audit_compiled", ext_modules=modules, cmdclass={{"build_ext": ParallelBuildExt}})
"""


def build_jobs() -> int:
    """The C compiler's parallel jobs: OMAHA_AUDIT_BUILD_JOBS, else the cores this process may use."""
    configured = os.environ.get("OMAHA_AUDIT_BUILD_JOBS", "")
    if configured.isdigit() and int(configured) > 0:
        return int(configured)
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


class Progress:
    """Says how the compile goes where the user sees it: pip keeps a build's output to itself unless it fails
    (or runs with -v), so the lines go to the terminal (/dev/tty) when there is one, and to stderr."""

    def __init__(self) -> None:
        try:
            self.tty: Any = open("/dev/tty", "w")  # noqa: SIM115 (kept open for the build's lines)
        except OSError:
            self.tty = None

    def __call__(self, text: str) -> None:
        sys.stderr.write(text + "\n")
        if self.tty is not None:
            try:
                self.tty.write(text + "\n")
                self.tty.flush()
            except OSError:
                self.tty = None


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
        files = compiled_files(work)
        jobs = build_jobs()
        (work / "setup_mypyc.py").write_text(SETUP.format(files=files, jobs=jobs, opt_level=OPT_LEVEL, prefix=PROGRESS))
        say = Progress()
        say(
            f"omaha-audit: compiling {len(files)} modules with mypyc on {jobs} core{'s' if jobs > 1 else ''} "
            "(type-check, then C); OMAHA_AUDIT_PURE_PYTHON=1 skips it"
        )
        command = [sys.executable, "setup_mypyc.py", "build_ext", "--inplace", f"--parallel={jobs}"]
        lines: list[str] = []
        with subprocess.Popen(
            command, cwd=work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1
        ) as process:
            assert process.stdout is not None
            for line in process.stdout:
                lines.append(line)
                if line.startswith(PROGRESS):
                    say(line[len(PROGRESS) :].rstrip("\n"))
        if process.returncode:
            raise subprocess.CalledProcessError(process.returncode, command, output="".join(lines))
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        found = sorted(p for p in work.rglob(f"*{suffix}") if "build" not in p.relative_to(work).parts)
        if not found:
            raise OSError("mypyc produced no extension modules")
        say(f"omaha-audit: compiled {len(found)} extension modules")
        return found

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
