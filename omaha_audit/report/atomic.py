"""Write a file so that readers see either the old file or the whole new one, never a partial file:
write a temporary file beside it, then rename it over the target (os.replace is atomic on one volume)."""

from __future__ import annotations

import contextlib
import os
import signal
import tempfile
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def atomic_path(target: Path) -> Iterator[Path]:
    """Yield a temporary path in the target's folder; on success it replaces `target`, on error it is
    removed and `target` is left as it was.

    Ctrl-C is held while the temporary file is made and let through only inside the block that removes
    it: one arriving between its creation and that block would leave the file behind."""
    target = Path(target)
    folder = target.parent if str(target.parent) else Path(".")
    held = _hold_interrupts()
    try:
        handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except BaseException:
        _release(held)
        raise
    temporary = Path(name)
    try:
        os.close(handle)
        _release(held)  # (a Ctrl-C held meanwhile is raised here, inside the block that removes the file)
        yield temporary
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()
        raise


def _hold_interrupts() -> set[int | signal.Signals] | None:
    if not hasattr(signal, "pthread_sigmask"):  # (not on Windows)
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})


def _release(held: set[int | signal.Signals] | None) -> None:
    if held is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
