"""omaha_audit/report/atomic.py: an interrupted write leaves no temporary file, wherever the Ctrl-C lands.

Once seen in .ci/run (tests/test_interrupt.py, `generate`): a Ctrl-C arriving just after the temporary
file was made and before the block that removes it on error left `.g.txt.*.tmp` behind.
"""

from __future__ import annotations

import os
import signal
import tempfile
from pathlib import Path

import pytest

from omaha_audit.report.atomic import atomic_path


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="signal masks are POSIX")
def test_a_ctrl_c_while_the_temporary_file_is_made_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = tempfile.mkstemp

    def mkstemp_then_ctrl_c(*args: object, **kwargs: object) -> tuple[int, str]:
        result = made(*args, **kwargs)  # type: ignore[call-overload]
        os.kill(os.getpid(), signal.SIGINT)  # (Python's handler raises KeyboardInterrupt at once unless held)
        return result

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp_then_ctrl_c)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt), atomic_path(tmp_path / "out.txt") as path:
            path.write_text("never\n")
    finally:
        signal.signal(signal.SIGINT, previous)
    assert list(tmp_path.iterdir()) == []


def test_a_complete_write_replaces_the_target_and_an_error_keeps_it(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old\n")
    with pytest.raises(RuntimeError), atomic_path(target) as path:
        path.write_text("half")
        raise RuntimeError
    assert target.read_text() == "old\n" and sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]
    with atomic_path(target) as path:
        path.write_text("new\n")
    assert target.read_text() == "new\n" and sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]
