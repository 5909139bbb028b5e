"""The garbage collector set for a run of hand after hand (omaha_audit/run/collector.py)."""

from __future__ import annotations

import subprocess
import sys

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
    # (in a process of its own: the test process keeps its own collector settings)
    result = subprocess.run(
        [sys.executable, "-c", PROBE.format(young=young)], capture_output=True, text=True, check=True
    )
    return result.stdout.split(" ", 1)


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
    result = subprocess.run([sys.executable, "-c", code, str(empty)], capture_output=True, text=True, check=False)
    assert result.stderr.strip().splitlines()[-1] == "20000 True", result.stderr
