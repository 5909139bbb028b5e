"""Write a file so that readers see either the old file or the whole new one, never a partial file:
write a temporary file beside it, then rename it over the target (os.replace is atomic on one volume)."""

from __future__ import annotations

import contextlib
import os
import signal
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any


@contextlib.contextmanager
def atomic_path(target: Path) -> Iterator[Path]:
    """Yield a temporary path in the target's folder; on success it replaces `target`, on error it is
    removed and `target` is left as it was.

    A Ctrl-C that comes while the temporary file is made is held and raised only inside the block that
    removes it: raised between the file's creation and that block, it would leave the file behind."""
    target = Path(target)
    folder = target.parent if str(target.parent) else Path(".")
    held: list[int] = []
    previous = _hold_ctrl_c(held)
    try:
        handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except BaseException:
        _release(previous, held)
        raise
    temporary = Path(name)
    try:
        os.close(handle)
        _release(previous, held)  # (a Ctrl-C held meanwhile is raised here, inside the block that removes the file)
        yield temporary
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()
        raise


def _hold_ctrl_c(held: list[int]) -> Any:
    """Put a handler that notes SIGINT in place of the current one (Python runs handlers in the main thread
    only, and only there can they be set); the handler it replaced, or None where nothing was changed."""
    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGINT, lambda signum, frame: held.append(signum))


def _release(previous: Any, held: list[int]) -> None:
    """Put the handler back and give it the Ctrl-C held meanwhile, if one came."""
    if previous is None:
        return
    signal.signal(signal.SIGINT, previous)
    if held:
        if callable(previous):
            previous(signal.SIGINT, None)
        elif previous == signal.SIG_DFL:
            raise KeyboardInterrupt
