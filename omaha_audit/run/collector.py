"""Python's cyclic garbage collector set for a run that reads and audits hand after hand.

With Python's defaults (a young-generation pass every 700 new container objects), the collector's passes
over a run's objects were about a tenth of the command's samples under perf: a hand makes thousands of
containers (tokens, match objects, actions, the replay's steps), so a pass came every few lines of a hand,
and each one walked the hand's objects that were still in use, moving them to the older generations that
later passes walk again. The audit makes almost no reference cycles (its memory is the same with the
collector off), so `for_batch_run` makes the passes rarer and keeps the objects loaded at start-up (modules,
grammars, rule tables) out of them for good. Measured on `omaha-audit audit` of 3,000 generated hands
(benchmarks/cli_rate.py's file), in instructions under callgrind: 6,387M with the defaults, 6,140M set for
the run (-3.9%); in CPU time, 5-7% of the command on 8,000 (docs/PERFORMANCE.md).

Only the commands call it (cli/), and the `--jobs` workers (run/parallel.py), and only its first call in a
process does anything: a program that imports the package keeps its own collector settings, and a process
that runs many commands (the tests) freezes once.

The passes at the run's two ends walked what it had loaded or made too:

- The imports: the commands that audit load the readers, the rules and the report after they start (the
  collector tracks some 18,000 containers once the CLI is loaded, 41,000 once an audit's modules are);
  with young passes every 700, sixty passes ran among those imports, and the older generations' ones
  walked all that was loaded so far. `for_batch_start`, called before a
  command imports them, makes the young passes rare from then on.
- The exit: Python's exit runs four full passes, which walked every object the run still held (the
  findings for the output, the tables' pictures, the readers' caches), objects that their reference counts
  free anyway. `for_batch_run` has them frozen at exit (`atexit`), out of those passes. (An object in a
  cycle is then not finalised at exit; the commands need none to be: their files are closed and their
  temporary folders removed before they return.)

The command on 1,000 generated hands, callgrind: 3,142M instructions -> 3,012M with both (docs/PERFORMANCE.md).
"""

from __future__ import annotations

import atexit
import gc
from typing import Final

YOUNG_THRESHOLD: Final = 20_000  # new container objects between young-generation passes (Python's: 700)
_DONE: Final[list[bool]] = []  # (not empty once the process is set)


def for_batch_run() -> None:
    """Keep what is loaded so far out of every later pass (`gc.freeze`), and make young-generation passes
    rarer (YOUNG_THRESHOLD; a higher one already set is kept); at the process's exit, freeze what is left
    before Python's last passes. The collector stays on: a run that does make cycles still has them
    collected."""
    if _DONE:
        return
    _DONE.append(True)
    gc.freeze()
    _rarer_young_passes()
    atexit.register(gc.freeze)


def for_batch_start() -> None:
    """Before a command that audits imports what it needs: young-generation passes rarer at once, as
    `for_batch_run` (called once the modules are loaded) makes them."""
    if not _DONE:
        _rarer_young_passes()


def _rarer_young_passes() -> None:
    young, middle, old = gc.get_threshold()
    if young:  # (0: the user turned collection off)
        gc.set_threshold(max(young, YOUNG_THRESHOLD), middle, old)
