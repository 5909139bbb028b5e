"""The allocator setting the command line makes before polars loads (omaha_audit/stats/allocator.py)."""

from __future__ import annotations

import os
import subprocess
import sys

from omaha_audit.stats.allocator import JEMALLOC_SETTINGS, RETURN_AT_ONCE, return_freed_memory

PROBE = (
    "import os, sys\n"
    "from omaha_audit.stats.allocator import return_freed_memory\n"
    "first = return_freed_memory()\n"
    "import polars\n"
    "again = return_freed_memory()\n"
    "print(first, again, os.environ.get('_RJEM_MALLOC_CONF'))\n"
)


def _probe(env: dict[str, str]) -> str:
    return subprocess.run(
        [sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True
    ).stdout.strip()


def test_set_before_polars_loads_and_only_then() -> None:
    env = {key: value for key, value in os.environ.items() if key != JEMALLOC_SETTINGS}
    first, again, settings = _probe(env).split(" ")
    # (polars puts its own defaults in front when it loads; the later setting is the one jemalloc keeps)
    assert (first, again) == ("True", "False") and settings.endswith("," + RETURN_AT_ONCE), settings


def test_a_setting_of_the_users_own_is_kept() -> None:
    env = {**os.environ, JEMALLOC_SETTINGS: "narenas:1"}
    first, again, settings = _probe(env).split(" ")
    assert (first, again) == ("False", "False") and settings.endswith("narenas:1") and RETURN_AT_ONCE not in settings


def test_too_late_once_polars_is_loaded() -> None:
    import polars  # noqa: F401  (loaded by the test run already; here to say why)

    assert return_freed_memory() is False


def test_the_command_line_makes_it() -> None:
    """`omaha-audit` itself: polars' allocator gets the setting in the process that runs the command."""
    env = {key: value for key, value in os.environ.items() if key != JEMALLOC_SETTINGS}
    code = (
        "import os, sys\n"
        "sys.argv = ['omaha-audit', 'rules', 'OA101']\n"
        "from omaha_audit.cli import app\n"
        "try:\n"
        "    app.main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "sys.stderr.write(os.environ.get('_RJEM_MALLOC_CONF', 'unset'))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert done.stderr.endswith(RETURN_AT_ONCE)
