"""The user's cache folder, and the one way anything is kept in it: what a run would otherwise build on every
start (the grammars' LALR analysis, the Omaha evaluator's rank-pair rows, the line terminals' regex
programs, the table `omaha-audit rules` prints). A module of its own, outside the model package and
importing nothing of ours, so that any layer may use it.

The folder may be shared with other users, or planted (a folder of received files carrying one, a folder
another user made first), so nothing in it is trusted for being there:

- Where: `$XDG_CACHE_HOME/omaha-audit` when XDG_CACHE_HOME is an absolute path (a relative one is ignored,
  as the XDG Base Directory specification says), else `~/.cache/omaha-audit`.
- Whose: the folder is created 0700, and used only when its real path is a folder of this user's that no
  other user can write, below folders that are this user's or root's and that no other user can write
  (or sticky ones, as /tmp): then no one else can put a file in it, or move it away and put another in
  its place. Otherwise the run goes on without the cache (the same results, a slower start), and says so
  once on stderr where the command line asked for it (`say_refusals`); a worker process says nothing.
- What: every entry is signed with HMAC-SHA256 under a per-user key kept in the folder (`secret.key`, 32
  random bytes, 0600, written whole before it is linked into place), over the entry's name and contents.
  An entry whose tag does not verify (damaged, cut short, forged with a digest anyone can compute, moved
  from another name, written under another key) is not read: its owner builds what it holds again and
  writes it anew.
- How: the entries hold plain data only (marshal's numbers, strings, lists and dicts; JSON), which each
  owner checks again before use. Nothing read from the folder is unpickled or run.
"""

from __future__ import annotations

import contextlib
import hmac
import os
import stat
import sys
from pathlib import Path

KEY_NAME = "secret.key"
KEY_BYTES = 32
TAG_BYTES = 32  # HMAC-SHA256
MOST_BYTES = 64 * 1024 * 1024  # an entry larger than this is not read (the largest, the rows, is about 3 MB)
NAME_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
_TAG_CONTEXT = b"omaha-audit cache entry 1\0"
# (open flags: a link is not followed, a FIFO does not block the open; 0 where the system lacks the flag)
_COMMON_FLAGS = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | _COMMON_FLAGS
_CREATE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _COMMON_FLAGS


class Unsafe(Exception):
    """Why a cache folder is not used."""


class _State:
    """What a process has found out (once): each location's usable folder, each folder's key, and whether
    a refusal is said on stderr (and was)."""

    def __init__(self) -> None:
        self.folders: dict[str, Path | None] = {}
        self.keys: dict[str, bytes | None] = {}
        self.say = False
        self.said = False


_STATE = _State()


def cache_folder() -> Path | None:
    """Where the cache folder is (neither created nor checked here); None when there is no absolute place
    for it (no home folder to be found)."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):  # (unset, empty or relative: the specification's default)
        try:
            base = str(Path.home() / ".cache")
        except (OSError, RuntimeError, KeyError):
            return None
        if not os.path.isabs(base):
            return None
    return Path(base) / "omaha-audit"


def say_refusals() -> None:
    """Say on stderr, once a process, when the cache folder is not used because it is not safe: called by
    the command line, which looks at the folder at once (with `--jobs` only its workers use the cache);
    a library's caller or a worker process is not told."""
    _STATE.say = True
    usable_folder(create=False)


def usable_folder(create: bool = True) -> Path | None:
    """The cache folder's real path, when it is safe to use (created if missing, unless `create` is false);
    else None (no home folder, a folder that cannot be made, or one that is not safe: `Unsafe`, said once
    where asked for)."""
    where = cache_folder()
    if where is None:
        return None
    known = str(where)
    if known in _STATE.folders:
        return _STATE.folders[known]
    if not create and not os.path.lexists(where):
        return None  # (nothing kept yet: the folder is made when something is)
    folder = None
    try:
        folder = _prepare(where)
    except Unsafe as why:
        _refuse(where, str(why))
    except OSError:
        pass  # (cannot be made or looked at, as on a read-only home: no cache, nothing to say)
    _STATE.folders[known] = folder
    return folder


def read_entry(name: str) -> bytes | None:
    """The contents of entry `name` as `write_entry` wrote them under this user's key; None when there is no
    such entry or it does not verify (then the caller builds what it holds, and may write it again)."""
    _check_name(name)
    folder = usable_folder(create=False)
    key = _key(folder) if folder is not None else None
    if folder is None or key is None:
        return None
    found = _read_file(folder / name, MOST_BYTES)
    if found is None:
        return None
    tag, payload = found
    return payload if hmac.compare_digest(tag, _tag(key, name, payload)) else None


def write_entry(name: str, payload: bytes) -> None:
    """Keep `payload` as entry `name`, signed (written beside its place and renamed into it, so a run at
    the same time reads the old entry or the new one, whole); nothing where there is no usable folder."""
    _check_name(name)
    folder = usable_folder()
    key = _key(folder) if folder is not None else None
    if folder is None or key is None:
        return
    try:
        temporary = _new_file(folder, name, _tag(key, name, payload) + payload)
    except OSError:
        return
    try:
        os.replace(temporary, folder / name)
    except OSError:
        _remove(temporary)


def remove_old_entries(prefix: str, keep: str, seconds: float) -> None:
    """Remove the entries named `prefix...` but `keep` last changed more than `seconds` ago (the files of
    other installs, which share the folder)."""
    import time

    folder = usable_folder(create=False)
    if folder is None:
        return
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if not entry.name.startswith(prefix) or entry.name == keep:
                    continue
                if time.time() - entry.stat(follow_symlinks=False).st_mtime > seconds:
                    _remove(Path(entry.path))
    except OSError:
        pass


# ---- the folder ----------------------------------------------------------------------------------------


def _prepare(where: Path) -> Path:
    where.parent.mkdir(mode=0o700, parents=True, exist_ok=True)  # (the XDG base too, when missing: 0700)
    where.mkdir(mode=0o700, exist_ok=True)
    real = Path(os.path.realpath(where))
    if not hasattr(os, "geteuid"):  # (Windows: a profile's folders are the user's by their access lists)
        return real
    user = os.geteuid()
    info = os.lstat(real)
    if not stat.S_ISDIR(info.st_mode):
        raise Unsafe("it is not a folder")
    if info.st_uid != user:
        raise Unsafe(f"it belongs to another user (uid {info.st_uid})")
    if info.st_mode & 0o022:
        raise Unsafe("other users can write in it")
    for above in real.parents:
        info = os.lstat(above)
        if info.st_uid not in (user, 0):
            raise Unsafe(f"the folder {_shown(above)} above it belongs to another user (uid {info.st_uid})")
        if info.st_mode & 0o022 and not info.st_mode & stat.S_ISVTX:
            raise Unsafe(f"other users can write in the folder {_shown(above)} above it")
    return real


def _refuse(where: Path, why: str) -> None:
    if not _STATE.say or _STATE.said:
        return
    _STATE.said = True
    with contextlib.suppress(OSError, ValueError, AttributeError):  # (no stderr, or a closed one)
        sys.stderr.write(
            f"omaha-audit: the cache folder {_shown(where)} is not used: {why}; the run builds what it would "
            "read there (the same results, a slower start)\n"
        )


def _shown(path: Path) -> str:
    """A path as printed: a control character as its escape, not written raw to the terminal."""
    return "".join(char if char.isprintable() else ascii(char)[1:-1] for char in str(path))


# ---- the key and the entries -----------------------------------------------------------------------------


def _key(folder: Path) -> bytes | None:
    """This user's key, made on first use (None when it can be neither read nor made: then no cache)."""
    known = str(folder)
    if known not in _STATE.keys:
        _STATE.keys[known] = _read_or_make_key(folder / KEY_NAME)
    return _STATE.keys[known]


def _read_or_make_key(path: Path) -> bytes | None:
    try:
        key = _read_key(path)
        if key is not None:
            return key
        _remove(path)  # (a key another user could read, or not a key at all: replaced by a new one)
    except FileNotFoundError:
        pass
    except OSError:  # (a link, say: only this user can have put it in this user's folder)
        _remove(path)
    try:
        temporary = _new_file(path.parent, KEY_NAME, os.urandom(KEY_BYTES))
    except OSError:
        return None
    try:
        os.link(temporary, path)  # (never replaces: two first runs at once both end with the first key)
    except FileExistsError:
        pass
    except OSError:  # (a file system without links)
        try:
            os.replace(temporary, path)
        except OSError:
            return None
    finally:
        _remove(temporary)
    try:
        return _read_key(path)
    except OSError:
        return None


def _read_key(path: Path) -> bytes | None:
    """The key, or None when the file is not one: not a plain file of 32 bytes, or (on POSIX) another
    user's, or readable by others. FileNotFoundError when there is none."""
    fd = os.open(path, _READ_FLAGS)
    with open(fd, "rb", buffering=0) as file:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size != KEY_BYTES:
            return None
        if hasattr(os, "geteuid") and (info.st_uid != os.geteuid() or info.st_mode & 0o077):
            return None
        key = file.read(KEY_BYTES + 1)
    return key if len(key) == KEY_BYTES else None


def _read_file(path: Path, most: int) -> tuple[bytes, bytes] | None:
    """An entry's file: its tag and the bytes after it, each read into its own bytes (the rows' entry is
    megabytes, which a slice of the whole would copy again). None when the file is missing, not a plain file
    (or reached through a link), shorter than a tag, larger than `most`, or cannot be read."""
    try:
        fd = os.open(path, _READ_FLAGS)
    except OSError:
        return None
    try:
        with open(fd, "rb") as file:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode) or info.st_size > most:
                return None
            tag = file.read(TAG_BYTES)
            payload = file.read(most + 1 - TAG_BYTES)
    except OSError:
        return None
    if len(tag) < TAG_BYTES or len(tag) + len(payload) > most:
        return None
    return tag, payload


def _new_file(folder: Path, name: str, data: bytes) -> Path:
    """A new file (0600, made here and nowhere else) holding `data`, beside `name`'s place."""
    path = folder / f".{name}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
    fd = os.open(path, _CREATE_FLAGS, 0o600)
    try:
        with open(fd, "wb") as file:
            file.write(data)
    except BaseException:
        _remove(path)
        raise
    return path


def _tag(key: bytes, name: str, payload: bytes) -> bytes:
    signer = hmac.new(key, _TAG_CONTEXT + name.encode("ascii") + b"\0", "sha256")
    signer.update(payload)
    return signer.digest()


def _check_name(name: str) -> None:
    if not name or name.startswith(".") or name == KEY_NAME or not NAME_CHARACTERS.issuperset(name):
        raise ValueError(f"not a cache entry's name: {name!r}")


def _remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)
