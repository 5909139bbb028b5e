"""The garbage collector set for a run of hand after hand (omaha_audit/run/collector.py)."""

from __future__ import annotations

import subprocess
import sys


def python(code: str, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    """`code` run by this Python in a process of its own (the test process keeps its own collector settings)."""
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, check=check)


PROBE = """
import gc
from omaha_audit.run.collector import YOUNG_THRESHOLD, for_batch_run

gc.set_threshold({young}, 10, 10)
before = gc.get_freeze_count()
for_batch_run()
frozen, first = gc.get_freeze_count(), gc.get_threshold()
gc.set_threshold(700, 10, 10)
for_batch_run()  # (a second call changes nothing)
print(before, frozen > before, first, gc.get_threshold(), gc.isenabled(), YOUNG_THRESHOLD)
"""


def probe(young: int) -> list[str]:
    return python(PROBE.format(young=young)).stdout.split(" ", 1)


def test_the_first_call_freezes_what_is_loaded_and_makes_young_passes_rarer() -> None:
    before, rest = probe(700)
    assert before == "0"
    assert rest.strip() == "True (20000, 10, 10) (700, 10, 10) True 20000"


def test_a_higher_threshold_is_kept_and_a_collector_turned_off_stays_off() -> None:
    assert probe(50_000)[1].strip() == "True (50000, 10, 10) (700, 10, 10) True 20000"
    assert probe(0)[1].strip() == "True (0, 10, 10) (700, 10, 10) True 20000"


def test_the_audit_command_sets_it(tmp_path) -> None:
    """The command's run (cli/audit_cmd.py run_audit) sets the collector before its first hand."""
    code = (
        "import gc, sys\n"
        "from omaha_audit.cli.app import main\n"
        "sys.argv = ['omaha-audit', 'audit', sys.argv[1], '--format', 'json', '--fail-on', 'never']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(gc.get_threshold()[0], gc.get_freeze_count() > 0, file=sys.stderr)\n"
    )
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    result = python(code, str(empty), check=False)
    assert result.stderr.strip().splitlines()[-1] == "20000 True", result.stderr


START_PROBE = """
import gc
from omaha_audit.run.collector import for_batch_run, for_batch_start

gc.set_threshold(700, 10, 10)
for_batch_start()
started = (gc.get_threshold()[0], gc.get_freeze_count())
for_batch_run()
print(started[0], started[1], gc.get_freeze_count() > 0)
"""


def test_the_start_makes_young_passes_rarer_and_leaves_the_freeze_to_the_run() -> None:
    assert python(START_PROBE).stdout.split() == ["20000", "0", "True"]


EXIT_PROBE = """
import atexit, gc, sys
from omaha_audit.run.collector import for_batch_run

# (registered first, so run last: after the run's own exit handler)
atexit.register(lambda: print(len(gc.get_objects()), file=sys.stderr))
if sys.argv[1] == "set":
    for_batch_run()
KEPT = [[n] for n in range(50_000)]  # what a run still holds when it ends
"""


def objects_walked_at_exit(setting: str) -> int:
    return int(python(EXIT_PROBE, setting).stderr.split()[-1])


def test_what_a_run_holds_at_exit_is_out_of_pythons_last_passes() -> None:
    """At exit, Python's full passes walk every tracked object (gc.get_objects() lists them); the run's are
    frozen first."""
    assert objects_walked_at_exit("default") > 50_000
    assert objects_walked_at_exit("set") < 1_000


IMPORT_PROBE = """
import builtins, gc, sys
from omaha_audit.cli.app import main

seen = []
real_import = builtins.__import__


def spy(name, *args, **kwargs):
    if name == "omaha_audit.cli.audit_cmd" and not seen:
        seen.append(gc.get_threshold()[0])
    return real_import(name, *args, **kwargs)


builtins.__import__ = spy
sys.argv = ["omaha-audit", "audit", sys.argv[1], "--format", "json", "--fail-on", "never"]
try:
    main()
except SystemExit:
    pass
print(seen, file=sys.stderr)
"""


def test_the_audit_command_makes_young_passes_rarer_before_it_loads_the_audit(tmp_path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    result = python(IMPORT_PROBE, str(empty), check=False)
    assert result.stderr.strip().splitlines()[-1] == "[20000]", result.stderr
