"""omaha_audit/output/files.py: an interrupted write leaves no temporary file, wherever the Ctrl-C lands; only a
regular file (or nothing) is replaced, a link to one followed; a new file follows the umask and a replaced
one keeps its mode; names made from data are bounded; write errors are named (issue 36).

Once seen in .ci/run (tests/test_interrupt.py, `generate`): a Ctrl-C arriving just after the temporary
file was made and before the block that removes it on error left `.g.txt.*.tmp` behind.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import signal
import socket
import stat
import tempfile
from pathlib import Path

import pytest

from omaha_audit.errors import OutputRefused, ReaderGone, WriteFailed
from omaha_audit.output.files import NAME_LIMIT, atomic_path, bounded_name, standard_output, umask


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


# ---- what is replaced, what is refused (issue 36, S04), modes (S05), bounded names (S09) ----------------


def test_a_link_to_a_file_is_followed_and_stays_a_link(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "report.html").write_text("old\n")
    link = tmp_path / "link.html"
    link.symlink_to(Path("real") / "report.html")
    with atomic_path(link) as path:
        path.write_text("new\n")
    assert link.is_symlink() and os.readlink(link) == str(Path("real") / "report.html")
    assert (tmp_path / "real" / "report.html").read_text() == "new\n"
    dangling = tmp_path / "dangling.html"
    dangling.symlink_to(tmp_path / "real" / "absent.html")  # (written where it leads, as the shell's > does)
    with atomic_path(dangling) as path:
        path.write_text("made\n")
    assert dangling.is_symlink() and (tmp_path / "real" / "absent.html").read_text() == "made\n"


def _non_files(folder: Path) -> dict[str, Path]:
    made = {"folder": folder / "folder", "fifo": folder / "fifo", "loop": folder / "loop"}
    made["folder"].mkdir()
    os.mkfifo(made["fifo"])
    made["loop"].symlink_to("loop")
    for name, to in (("proc", "/proc/self/fd/1"), ("stdout", "/dev/stdout"), ("full", "/dev/full")):
        made[name] = folder / name
        made[name].symlink_to(to)
    try:  # (a device node of our own, where we may make one: root)
        os.mknod(folder / "device", 0o600 | stat.S_IFCHR, os.makedev(1, 7))
        made["device"] = folder / "device"
    except OSError:
        pass
    with socket.socket(socket.AF_UNIX) as server, contextlib.suppress(OSError):
        server.bind(str(folder / "socket"))
        made["socket"] = folder / "socket"
    return made


def test_anything_but_a_file_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    """A folder, a FIFO, a device, a socket, a link into /proc or to a device, a link loop: OutputRefused,
    nothing written, nothing replaced (before the fix, os.replace turned each into a regular file)."""
    for name, target in _non_files(tmp_path).items():
        before = os.lstat(target)
        link = os.readlink(target) if target.is_symlink() else None
        with pytest.raises(OutputRefused), atomic_path(target) as path:
            path.write_text("never\n")
        after = os.lstat(target)
        assert (stat.S_IFMT(after.st_mode), after.st_ino, after.st_rdev) == (
            stat.S_IFMT(before.st_mode),
            before.st_ino,
            before.st_rdev,
        ), name
        assert (os.readlink(target) if target.is_symlink() else None) == link, name
    assert not [path.name for path in tmp_path.iterdir() if path.name.endswith(".tmp")]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root may write any file")
def test_a_read_only_file_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "kept.html"
    target.write_text("old\n")
    target.chmod(0o444)
    with pytest.raises(OutputRefused, match="read-only"), atomic_path(target) as path:
        path.write_text("new\n")
    assert target.read_text() == "old\n"


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="making another user's link needs root")
def test_a_link_another_user_left_in_a_shared_folder_is_not_followed(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777)
    (tmp_path / "victim").write_text("mine\n")
    link = shared / "report.html"
    link.symlink_to(tmp_path / "victim")
    os.lchown(link, 54321, 54321)
    with pytest.raises(OutputRefused, match="another user"), atomic_path(link) as path:
        path.write_text("overwritten\n")
    assert (tmp_path / "victim").read_text() == "mine\n" and link.is_symlink()


def test_a_new_file_follows_the_umask_and_a_replaced_file_keeps_its_mode(tmp_path: Path) -> None:
    """Before the fix every file became 0644: a private 0600 report world-readable, a umask of 077 unheard."""
    private = tmp_path / "private.html"
    private.write_text("old\n")
    private.chmod(0o600)
    shared = tmp_path / "shared.html"
    shared.write_text("old\n")
    shared.chmod(0o664)
    previous = os.umask(0o077)
    try:
        for target in (private, shared, tmp_path / "new.html"):
            with atomic_path(target) as path:
                path.write_text("new\n")
        os.umask(0o002)
        with atomic_path(tmp_path / "other.html") as path:
            path.write_text("new\n")
    finally:
        os.umask(previous)
    modes = {path.name: stat.S_IMODE(path.stat().st_mode) for path in tmp_path.iterdir()}
    assert modes == {"private.html": 0o600, "shared.html": 0o664, "new.html": 0o600, "other.html": 0o664}


def test_the_umask_is_read_without_being_changed() -> None:
    previous = os.umask(0o027)
    try:
        assert umask() == 0o027
        assert os.umask(0o027) == 0o027
    finally:
        os.umask(previous)


def test_a_write_error_is_a_write_failed_naming_the_file_and_keeps_the_old_one(tmp_path: Path) -> None:
    target = tmp_path / "report.html"
    target.write_text("old\n")
    full = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    with (
        pytest.raises(WriteFailed, match=r"cannot write .*report.html: No space left on device"),
        atomic_path(target) as path,
    ):
        path.write_text("half")
        raise full
    assert target.read_text() == "old\n" and [path.name for path in tmp_path.iterdir()] == ["report.html"]
    with pytest.raises(WriteFailed, match="No such file"), atomic_path(tmp_path / "missing" / "x.html"):
        pass


def test_a_name_from_the_data_is_bounded_readable_and_unique() -> None:
    assert bounded_name("PokerStars") == "PokerStars"
    long_a, long_b = "A" * 300, "A" * 299 + "B"
    for text in (long_a, "é" * 300, "\U0001f0a1" * 100):
        name = bounded_name(text)
        assert len(name.encode()) <= NAME_LIMIT and name[:10] == text[:10], name
    assert bounded_name(long_a) != bounded_name(long_b)
    assert bounded_name(long_a) == bounded_name(long_a)  # (the same room, the same folder every run)


def test_a_partition_value_fits_a_folder_name() -> None:
    """S09: a 300-character room name made a `room=...` folder name too long for the file system."""
    from omaha_audit.stats.export import PARTITION_LIMIT, partition_value

    for room in ("A" * 300, "<" * 300, "PokerStars", "Pokerstars.it - Sisal"):
        value = partition_value(room)
        assert len(value.encode()) <= PARTITION_LIMIT and len(f".room={value}.0123456789ab.tmp") <= 255
    kept, digest = partition_value("<" * 300).rsplit("-", 1)
    assert kept == "%3C" * (len(kept) // 3) and len(digest) == 16  # (cut between escapes, never inside one)
    assert partition_value("Pokerstars.it - Sisal") == "Pokerstars.it%20-%20Sisal"


def test_a_converted_file_name_is_bounded() -> None:
    from omaha_audit.interop.convert import output_name

    path = output_name("day.zip!/" + "t" * 250 + ".txt", "", ".txt", "pokerstars")
    assert all(len(part.encode()) <= 255 for part in path.parts) and path.name.endswith(".pokerstars.txt")
    assert output_name("/in/t1.txt", "/in", ".phhs", "phh") == Path("t1.phhs")


# ---- standard output (S16) -------------------------------------------------------------------------------


class _Failing(io.StringIO):
    def __init__(self, error: OSError) -> None:
        super().__init__()
        self.error = error

    def write(self, text: str) -> int:
        raise self.error


def test_standard_output_errors_are_named() -> None:
    full = standard_output(_Failing(OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))))
    with pytest.raises(WriteFailed, match="cannot write to standard output: No space left on device"):
        full.write("x")
    with pytest.raises(ReaderGone):
        standard_output(_Failing(BrokenPipeError(errno.EPIPE, "Broken pipe"))).write("x")
    going_on = standard_output(_Failing(BrokenPipeError(errno.EPIPE, "Broken pipe")), keep_going=True)
    assert going_on.write("x") == 1 and going_on.write("y") == 1  # (with --html: the audit goes on)
