"""Every file the tool writes and its standard output go through here.

A file is written beside its target and renamed over it when complete (os.replace is atomic on one
volume): readers see the old file or the whole new one, never a partial file, and an interrupted or failed
write leaves the target as it was. Only a regular file, or nothing, is ever replaced:

- a symbolic link is followed, and the file it leads to is written (the link stays);
- a folder, a device, a FIFO, a socket, a link into /proc (`/dev/stdout`, `/proc/self/fd/1`: a process's
  open file), a file we may not write, and a link that another user left in a shared sticky folder such as
  /tmp (which the kernel's protected_symlinks would not follow either) are refused: OutputRefused;
- a new file gets the mode 0666 less the umask, a replaced file keeps its mode (and its owner where we may
  give it).

Any OSError while a file or standard output is written is a WriteFailed naming it; a reader of standard
output that went away (`| head`) is a ReaderGone. The command line turns each into one line on stderr and
its exit code (cli/app.py).
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import stat
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any, Final, TextIO, cast

from omaha_audit.errors import OutputRefused, ReaderGone, WriteFailed

NAME_LIMIT: Final = 150  # bytes of a file or folder name made from data (file systems allow 255)
LINK_HOPS: Final = 40  # symbolic links followed at most (the kernel's own limit)


def bounded_name(text: str, limit: int = NAME_LIMIT, pieces: Sequence[str] | None = None) -> str:
    """`pieces` (default: the characters of `text`, which they spell) joined, as a name of at most `limit`
    bytes: a longer one is cut at a piece's end and ends in `-` and 16 hex digits of a hash of `text`, so
    two long names that start alike stay two names."""
    pieces = list(text) if pieces is None else pieces
    whole = "".join(pieces)
    if len(whole.encode("utf-8", "surrogatepass")) <= limit:
        return whole
    import hashlib

    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    kept: list[str] = []
    room = limit - len(digest) - 1
    for piece in pieces:
        room -= len(piece.encode("utf-8", "surrogatepass"))
        if room < 0:
            break
        kept.append(piece)
    return "".join(kept) + "-" + digest


def check_target(path: Path) -> Path:
    """The file that writing `path` replaces or creates: `path`, or the file its links lead to. Raises
    OutputRefused when it is not a regular file or nothing (see the module's note)."""
    current = Path.cwd() / path
    followed = False
    for _ in range(LINK_HOPS):
        folder = Path(os.path.realpath(current.parent))
        current = folder / current.name
        if folder.parts[:2] == ("/", "proc"):
            raise OutputRefused(f"{path}: leads to {current}, a process's open file, not a file to replace")
        try:
            info = os.lstat(current)
        except FileNotFoundError:
            return current
        except OSError as error:
            raise OutputRefused(f"{path}: {_reason(error)}") from None
        if stat.S_ISREG(info.st_mode):
            if not os.access(current, os.W_OK):
                raise OutputRefused(f"{path}: the file {current} is read-only")
            return current
        if not stat.S_ISLNK(info.st_mode):
            where = f"leads to {current}, " if followed else ""
            raise OutputRefused(f"{path}: {where}{_kind(info.st_mode)}, not a file")
        if _planted(info, folder):
            raise OutputRefused(f"{path}: a symbolic link of another user in the shared folder {folder}: not followed")
        current = folder / os.readlink(current)
        followed = True
    raise OutputRefused(f"{path}: too many symbolic links")


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _planted(link: os.stat_result, folder: Path) -> bool:
    """A link in a sticky folder that anyone may write to (/tmp), owned neither by us nor by the folder's
    owner: what fs.protected_symlinks refuses to follow."""
    if not hasattr(os, "geteuid"):
        return False
    try:
        place = os.stat(folder)
    except OSError:
        return False
    shared = place.st_mode & stat.S_ISVTX and place.st_mode & stat.S_IWOTH
    return bool(shared) and link.st_uid not in (os.geteuid(), place.st_uid)


@contextlib.contextmanager
def atomic_path(target: Path) -> Iterator[Path]:
    """Yield a temporary path beside the file `target` names (check_target); once the block is done it
    replaces that file, on error it is removed and the file is left as it was. An OSError in the block (or
    in making or placing the file) is raised as a WriteFailed naming `target`.

    A Ctrl-C that comes while the temporary file is made is held and raised only inside the block that
    removes it: raised between the file's creation and that block, it would leave the file behind."""
    import tempfile

    target = Path(target)
    real = check_target(target)
    held: list[int] = []
    previous = _hold_ctrl_c(held)
    try:
        handle, name = tempfile.mkstemp(prefix=f".{bounded_name(real.name, 100)}.", suffix=".tmp", dir=real.parent)
    except BaseException as error:
        _release(previous, held)
        if isinstance(error, OSError):
            raise WriteFailed(f"cannot write {target}: {_reason(error)}") from None
        raise
    temporary = Path(name)
    try:
        os.close(handle)
        _release(previous, held)  # (a Ctrl-C held meanwhile is raised here, inside the block that removes the file)
        yield temporary
        _take_place(temporary, real, target)
    except BaseException as error:
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()
        if isinstance(error, OSError):
            raise WriteFailed(f"cannot write {target}: {_reason(error)}") from None
        raise


def _take_place(temporary: Path, real: Path, target: Path) -> None:
    """Give the written file its mode (the replaced file's, or a new file's) and rename it over `real`,
    checked again: what is there now must still be a regular file or nothing."""
    try:
        old: os.stat_result | None = os.lstat(real)
    except FileNotFoundError:
        old = None
    if old is not None and not stat.S_ISREG(old.st_mode):
        raise OutputRefused(f"{target}: {real} is now {_kind(old.st_mode)}, not a file")
    if old is None:
        os.chmod(temporary, 0o666 & ~umask())
    else:
        mine = os.stat(temporary)
        if hasattr(os, "chown") and (old.st_uid, old.st_gid) != (mine.st_uid, mine.st_gid):
            with contextlib.suppress(OSError):  # (only root may give a file away; a group we are in is fine)
                os.chown(temporary, old.st_uid, old.st_gid)
        os.chmod(temporary, stat.S_IMODE(old.st_mode))
    os.replace(temporary, real)


def umask() -> int:
    """The process's umask, read without changing it where Linux shows it (/proc/self/status): setting it
    to read it back would give files another thread makes meanwhile a wrong mode."""
    with contextlib.suppress(OSError, ValueError), open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


def describe(error: BaseException) -> str:
    """An error as a message's end: the OS's words, and the file it names, if any."""
    if isinstance(error, OSError) and error.strerror:
        return error.strerror + (f" ({error.filename})" if error.filename else "")
    return str(error)


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


def write_scratch(path: Path, write: Callable[[IO[bytes]], object]) -> None:
    """Write one of the tool's own working files (a spilled batch, a staged table, a piece of a dataset's
    partition) through a handle opened here: `write` gets the open file. Given a path instead, polars creates
    the file, closes it and opens it again truncating it, and ext4 (its `auto_da_alloc`) then takes it for a
    file replaced by truncation: it starts writing the file to disk as it is closed, and removing it waits for
    that write, about 3 ms a file against 0.01 ms (measured here: docs/PERFORMANCE.md). A dataset export
    writes and removes thousands of such files."""
    with open(path, "wb") as stream:
        write(stream)


def make_folder(folder: Path) -> None:
    """`folder` and those above it, made where missing; an OSError is a WriteFailed naming it."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise WriteFailed(f"cannot make the folder {folder}: {_reason(error)}") from None


def standard_output(target: TextIO, keep_going: bool = False) -> TextIO:
    """`target` (sys.stdout, as a command is given it) as a StandardOutput."""
    return target if isinstance(target, StandardOutput) else cast(TextIO, StandardOutput(target, keep_going))


class StandardOutput(io.TextIOBase):
    """A command's standard output: a write error is a WriteFailed, a reader that went away (`| head`) a
    ReaderGone; with `keep_going`, the writes then stop and the run goes on (`audit --html r.html | head`:
    the report and the exit code still come)."""

    def __init__(self, target: TextIO, keep_going: bool = False) -> None:
        self.target = target
        self.keep_going = keep_going
        self.reader_gone = False

    def write(self, text: str) -> int:
        if not self.reader_gone:
            self._guarded(self.target.write, text)
        return len(text)

    def flush(self) -> None:
        if not self.reader_gone:
            self._guarded(self.target.flush)

    def isatty(self) -> bool:
        return self.target.isatty()

    def _guarded(self, call: Any, *args: str) -> None:
        try:
            call(*args)
        except BrokenPipeError:
            self.reader_gone = True
            if not self.keep_going:
                raise ReaderGone from None
        except OSError as error:
            raise WriteFailed(f"cannot write to standard output: {_reason(error)}") from None


def end_quietly() -> None:
    """End the process as a Unix tool whose reader went away does: killed by SIGPIPE, no message (a shell
    shows exit status 141). Called once everything is cleaned up; standard output is not flushed again."""
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGPIPE)
    os._exit(128 + 13)
