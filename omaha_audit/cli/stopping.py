"""How a command stops on Ctrl-C (SIGINT) or SIGTERM: the handlers `main` installs (cli/app.py), the exception
they raise, and the exit code of a run they stopped. Apart from app.py so that a command that must know
(`watch`, which writes its outputs when it is stopped) imports it without importing the command line."""

from __future__ import annotations

import _thread
import signal
import sys
import threading
from types import FrameType
from typing import Any


class Interrupted(BaseException):
    """Ctrl-C or SIGTERM, raised in place of KeyboardInterrupt: Click would turn that into "Aborted!" and exit
    1, and a library calling back into Python may wrap it in an error of its own."""


class _Stop:
    """The signal that stopped the run (SIGINT or SIGTERM, the first to come), and whether an Interrupted
    was raised for it: the run is on its way out, and a signal after it is ignored (raised in the middle of
    the cleanup, it would cut it short: the workers left running, the stage folder left behind)."""

    signal: int | None = None
    raised = False


def _interrupt(signum: int, frame: FrameType | None) -> None:
    """SIGINT's handler, and SIGTERM's through it (_terminate)."""
    if _Stop.raised:
        return
    if _Stop.signal is None:
        _Stop.signal = signum
    _Stop.raised = True
    raise Interrupted(signum)


def _terminate(signum: int, frame: FrameType | None) -> None:
    """SIGTERM (`kill`, `timeout`, `docker stop`, systemd) stops the run as Ctrl-C does: through SIGINT's
    handler of the moment, so that a block that holds Ctrl-C back (omaha_audit/output/files.py) holds it too."""
    if _Stop.signal is None:
        _Stop.signal = signum
    handler = signal.getsignal(signal.SIGINT)
    if callable(handler):
        handler(signum, frame)
    else:
        _interrupt(signum, frame)


def _unraisable(hook: Any) -> None:
    """Ctrl-C that came while Python ran a callback it cannot raise from (a weak reference's, inside an
    import: it prints "Exception ignored in" with a traceback and goes on): delivered again to the main
    thread a moment later, out of the callback, where it stops the run as any Ctrl-C does."""
    if isinstance(hook.exc_value, Interrupted):
        _Stop.raised = False  # (it did not stop the run: the next one must)
        again = threading.Timer(0.05, _thread.interrupt_main, (signal.SIGINT,))
        again.daemon = True
        again.start()
        return
    sys.__unraisablehook__(hook)


def stop_signal() -> int | None:
    """The signal that stopped the run (SIGINT or SIGTERM), None while none came."""
    return _Stop.signal


def stopped_code(signum: int | None) -> int:
    """The exit code of a run stopped by `signum`: 128 + its number, as a shell gives a command a signal
    ended (130 for Ctrl-C, 143 for SIGTERM)."""
    return 128 + (signum if signum is not None else signal.SIGINT)
