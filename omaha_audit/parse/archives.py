"""Archives read as folders of files, streamed: `.zip`, `.tar` (plain, gz, bz2, xz), and single compressed
files (`.gz`, `.bz2`, `.xz`, and `.zst` where the `zstandard` package is installed). Nothing is extracted to
disk. A member is named `day.zip!/folder/table1.txt` in every finding; a single compressed file keeps its
own name.

A member is found again by its place in the archive, never by its name: an archive may hold two members of one
name (a file added twice, `tar -r`), and each is read. The second of a name is shown as `name#2` (the third
`name#3`, and so on; a higher number where the archive holds a member of that name too), so that every
member's findings have a path of their own. A name is only ever a label: nothing is extracted, so a `..` part
or a leading `/` is read like any other name. Entries that are neither folders nor regular files (tar's
links, devices, pipes) are listed with the reason they are not read.

A broken archive is not an error of the run: what could be listed is read, and the break itself becomes an
input whose opening fails with the reason, so that the run reports it (unreadable, OA101) and goes on.

An archive named by a URL (parse/remote.py) is read the same way, through the stream fsspec opens (seekable).

(Plain Python, not compiled: the stream wrapper derives from `io.RawIOBase`; hatch_build.py NOT_COMPILED.)
"""

from __future__ import annotations

import bz2
import gzip
import io
import lzma
import tarfile
import zipfile
import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path, PurePosixPath
from typing import IO, Any, BinaryIO, Final, TypeVar, cast

from omaha_audit.parse.remote import RemoteFile

Container = Path | RemoteFile  # an archive: on disk, or named by a URL
_T = TypeVar("_T")

# Errors a decompressor raises on damaged data: each is reported as an OSError ("corrupt archive: ..."),
# which the readers already turn into an unreadable record at the line where reading stopped.
_DAMAGE: Final = (EOFError, zlib.error, lzma.LZMAError, zipfile.BadZipFile, tarfile.TarError, ValueError)

_TAR_SUFFIXES: Final = (".tar", ".tar.gz", ".tgz", ".tar.bz2", ".tbz2", ".tar.xz", ".txz")
_SINGLE: Final[dict[str, Callable[..., Any]]] = {".gz": gzip.open, ".bz2": bz2.open, ".xz": lzma.open}
HEAD_KEPT: Final = 1 << 16  # the bytes of a member kept for a rewind (a reader looks at the head, then starts over)


def archive_kind(path: Path | RemoteFile) -> str | None:
    """ "zip", "tar", "single" or None, by the file's name."""
    name = path.name.lower()
    if name.endswith(".zip"):
        return "zip"
    if name.endswith(_TAR_SUFFIXES):
        return "tar"
    if name.endswith((".gz", ".bz2", ".xz", ".zst")):
        return "single"
    return None


class ArchiveMember:
    """One file inside an archive (or the content of a single compressed file), opened like a Path.

    `member`: the name the archive gives it; `position`: its place among the archive's entries (zip: in the
    central directory, tar: among the headers), by which it is opened; `shown`: its name as printed (the
    name, or `name#2` for a later member of a name already taken); `skip`: why an entry that is not a
    regular file is not read (None: read it)."""

    __slots__ = ("archive", "kind", "member", "position", "problem", "shown", "skip")

    def __init__(
        self,
        archive: Container,
        member: str | None,
        kind: str,
        problem: str | None = None,
        position: int = -1,
        shown: str | None = None,
        skip: str | None = None,
    ) -> None:
        self.archive = archive
        self.member = member  # None: a single compressed file, or the archive itself when it is broken
        self.kind = kind
        self.problem = problem  # set: the archive is damaged here; opening this entry reports it
        self.position = position  # -1: a single compressed file, or the damage entry
        self.shown = shown if shown is not None else (member or "").removeprefix("./")
        self.skip = skip

    @property
    def name(self) -> str:
        return PurePosixPath(self.member).name if self.member is not None else self.archive.name

    @property
    def suffix(self) -> str:
        return PurePosixPath(self.name).suffix

    def __str__(self) -> str:
        return f"{self.archive}!/{self.shown}" if self.member is not None else str(self.archive)

    def __repr__(self) -> str:
        return f"ArchiveMember({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ArchiveMember) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple[Container, str | None, int]:
        return (self.archive, self.member, self.position)

    def __reduce__(self) -> tuple[object, ...]:
        return (
            ArchiveMember,
            (self.archive, self.member, self.kind, self.problem, self.position, self.shown, self.skip),
        )

    def open(self, mode: str = "rb") -> BinaryIO:
        """A binary stream of the member's bytes. Raises OSError when it cannot be opened (the reason says
        what broke); damage found while reading is raised as OSError too."""
        if mode != "rb":
            raise ValueError("archive members are read only, in binary")
        if self.problem is not None:
            raise OSError(f"corrupt archive: {self.problem}")
        if self.skip is not None:
            raise OSError(self.skip)
        try:
            return cast(BinaryIO, _Rewindable(self._open()))
        except _DAMAGE as error:
            raise OSError(f"corrupt archive: {_reason(error)}") from None

    def _open(self) -> IO[bytes]:
        if self.kind == "zip":
            archive, close = _open_zip(self.archive)
            try:
                stream = archive.open(_zip_member(archive, self.position, str(self.member)))
            except BaseException:
                close()
                raise
            return cast(IO[bytes], _Closing(stream, close))
        if self.kind == "tar":
            tar = _open_tar(self.archive, keep=True)
            member = tar.extractfile(_tar_member(tar, self.position, str(self.member)))
            if member is None:
                raise OSError(f"{self.shown}: not a regular file in the archive")
            return member
        return _open_single(self.archive)


def members(path: Container) -> Iterator[ArchiveMember]:
    """The files inside an archive, in the archive's order (for a single compressed file: one entry), each
    with its place in the archive; entries that are not regular files (tar's links, devices) with the
    reason they are not read (`skip`); folders left out. A damaged archive yields what could be listed,
    then one entry that reports the damage when opened."""
    kind = archive_kind(path)
    if kind is None or kind == "single":
        yield ArchiveMember(path, None, "single")
        return
    entries: list[tuple[int, str, str | None]] = []  # (position, name, why not read)
    try:
        if kind == "zip":
            archive, close = _open_zip(path)
            try:
                for position, zip_info in enumerate(archive.infolist()):
                    if not zip_info.filename.endswith("/"):  # (not is_dir(): it fails on an empty name)
                        entries.append((position, zip_info.filename, None))
            finally:
                close()
        else:
            with _open_tar(path) as tar:
                # (listed one by one: a break late in the archive keeps what came first)
                for position, tar_info in enumerate(tar):
                    if not tar_info.isdir():
                        entries.append((position, tar_info.name, _not_regular(tar_info)))
    except OSError as error:
        if isinstance(path, RemoteFile) or not path.exists() or isinstance(error, PermissionError):
            raise
        problem: str | None = _reason(error)
    except _DAMAGE as error:
        problem = _reason(error)
    else:
        problem = None
    labels = shown_names([name for _, name, _ in entries])
    for (position, name, skip), shown in zip(entries, labels, strict=True):
        yield ArchiveMember(path, name, kind, None, position, shown, skip)
    if problem is not None:
        yield ArchiveMember(path, None, kind, problem)


def shown_names(names: list[str]) -> list[str]:
    """The names members are shown by, one for each and no two alike: the name (a leading `./` left out),
    and for a later member of a name already seen `name#N`, N its count among the members of that name
    (raised past any name the archive holds)."""
    plain = [name.removeprefix("./") for name in names]
    taken = set(plain)
    seen: Counter[str] = Counter()
    shown: list[str] = []
    for name in plain:
        seen[name] += 1
        if seen[name] == 1:
            shown.append(name)
            continue
        number = seen[name]
        while f"{name}#{number}" in taken:
            number += 1
        label = f"{name}#{number}"
        taken.add(label)
        shown.append(label)
    return shown


def _not_regular(info: tarfile.TarInfo) -> str | None:
    """Why a tar entry that is not a regular file is not read (None: it is one)."""
    if info.isfile():
        return None
    if info.issym():
        return "a symbolic link inside the archive (not followed): skipped"
    if info.islnk():
        return "a hard link inside the archive (its content is read under the name it links to): skipped"
    return "not a regular file (a device or a pipe) inside the archive: skipped"


def _reason(error: BaseException) -> str:
    text = str(error) or type(error).__name__
    return text if isinstance(error, OSError) else f"{text} ({type(error).__name__})"


def _on_stream(path: RemoteFile, reader: Callable[[IO[bytes]], _T]) -> tuple[_T, IO[bytes]]:
    """`reader` (an archive or decompressor) on the stream of a URL's file, and that stream (closed here if
    the reader fails)."""
    stream = path.open("rb")
    try:
        return reader(stream), stream
    except BaseException:
        stream.close()
        raise


def _open_zip(path: Container) -> tuple[zipfile.ZipFile, Callable[[], None]]:
    """A zip archive opened for reading, and what closes it (and the URL's stream it reads from)."""
    if isinstance(path, Path):
        archive = zipfile.ZipFile(path)
        return archive, archive.close
    try:
        archive, stream = _on_stream(path, zipfile.ZipFile)
    except _DAMAGE:
        # (the file system may not serve byte ranges, as an HTTP server without range requests: the
        # archive read whole, from its start, tells a transport that cannot seek from real damage)
        copy = zipfile.ZipFile(path.whole_copy())
        return copy, copy.close

    def close() -> None:
        try:
            archive.close()
        finally:
            stream.close()

    return archive, close


class _StreamTar(tarfile.TarFile):
    """A tar archive read from a URL's stream, which it closes with itself."""

    source: IO[bytes] | None = None

    def close(self) -> None:
        try:
            super().close()
        finally:
            if self.source is not None:
                self.source.close()


def _tar_from(path: Container) -> tarfile.TarFile:
    if isinstance(path, Path):
        return tarfile.open(path, mode="r:*")
    archive, stream = _on_stream(path, lambda source: _StreamTar.open(fileobj=source, mode="r:*"))
    archive.source = stream
    return archive


_KEPT_TAR: dict[tuple[object, ...], tarfile.TarFile] = {}  # the tar archive whose members are being read, open


def _open_tar(path: Container, keep: bool = False) -> tarfile.TarFile:
    """A tar archive opened for reading. `keep`: the one kept open for its members, which are read in the
    archive's order, so that a compressed tar is decompressed forwards rather than from its start for each
    member; kept for that file as it is on disk (a file written anew at the same path is opened anew)."""
    if not keep:
        return _tar_from(path)
    key = _identity(path)
    archive = _KEPT_TAR.get(key)
    if archive is None:
        for other in _KEPT_TAR.values():
            other.close()
        _KEPT_TAR.clear()
        archive = _KEPT_TAR[key] = _tar_from(path)
    return archive


def _identity(path: Container) -> tuple[object, ...]:
    """A file as it is now: its name, and on disk its inode, size and time of change."""
    if isinstance(path, RemoteFile):
        return ("url", path.url)
    try:
        found = path.stat()
    except OSError:
        return (str(path),)
    return (str(path), found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns, found.st_ctime_ns)


def _tar_member(archive: tarfile.TarFile, position: int, name: str) -> tarfile.TarInfo:
    """The entry at `position` among the archive's entries, read up to (not `getmember`, which reads the
    whole archive first: a break after the member would then hide the member too; nor by name, which finds
    only one of two members of a name)."""
    known: list[tarfile.TarInfo] = archive.members  # type: ignore[attr-defined]  # (those read so far)
    while len(known) <= position and archive.next() is not None:
        pass
    if not 0 <= position < len(known):
        raise OSError(f"{name}: not in the archive")
    found = known[position]
    if found.name != name:
        raise OSError(f"{name}: the archive changed while it was read")
    return found


def _zip_member(archive: zipfile.ZipFile, position: int, name: str) -> zipfile.ZipInfo:
    """The entry at `position` in the zip's central directory (by place: a zip may name two members alike,
    and `open(name)` finds only the last)."""
    entries = archive.infolist()
    if not 0 <= position < len(entries):
        raise OSError(f"{name}: not in the archive")
    found = entries[position]
    if found.filename != name:
        raise OSError(f"{name}: the archive changed while it was read")
    return found


def _open_single(path: Container) -> IO[bytes]:
    suffix = path.suffix.lower()
    if path.name.lower().endswith((".tgz", ".tbz2", ".txz")):
        suffix = {"tgz": ".gz", "tbz2": ".bz2", "txz": ".xz"}[path.name.lower().rsplit(".", 1)[1]]
    if suffix == ".zst":
        try:
            import zstandard  # type: ignore[import-not-found,unused-ignore]
        except ImportError:
            raise OSError("a .zst file needs the zstandard package (pip install zstandard)") from None
        opener: Callable[..., Any] = zstandard.open
    else:
        opener = _SINGLE[suffix]
    if isinstance(path, Path):
        return cast(IO[bytes], opener(path, "rb"))
    stream, source = _on_stream(path, lambda opened: opener(opened, "rb"))
    return cast(IO[bytes], _Closing(stream, source.close))


class _Closing(io.RawIOBase):
    """A member's stream that also closes its archive."""

    def __init__(self, stream: IO[bytes], close_archive: Callable[[], None]) -> None:
        self.stream = stream
        self.close_archive = close_archive

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        data = self.stream.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)

    def close(self) -> None:
        if not self.closed:
            try:
                self.stream.close()
            finally:
                self.close_archive()
        super().close()


class _Rewindable(io.RawIOBase):
    """A forward-only decompressed stream that can still go back to any point in its first HEAD_KEPT
    bytes (readers look at a file's head, then read it from the start), and that reports damage as OSError."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream
        self.head = bytearray()
        self.position = 0
        self.ahead = 0  # bytes taken from the stream so far

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self.position

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        target = offset if whence == io.SEEK_SET else self.position + offset if whence == io.SEEK_CUR else -1
        # (back or forth within the kept head, while nothing past it has been read)
        if target != self.position and not (self.ahead == len(self.head) and 0 <= target <= self.ahead):
            raise io.UnsupportedOperation("an archive member can only go back to its first 64 KiB")
        self.position = target
        return target

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        wanted = len(buffer)
        if self.position < self.ahead:  # (inside the kept head)
            data = bytes(self.head[self.position : self.position + wanted])
        else:
            try:
                data = self.stream.read(wanted)
            except _DAMAGE as error:
                raise OSError(f"corrupt archive: {_reason(error)}") from None
            if self.ahead < HEAD_KEPT:
                self.head += data[: HEAD_KEPT - self.ahead]
            self.ahead += len(data)
        buffer[: len(data)] = data
        self.position += len(data)
        return len(data)

    def close(self) -> None:
        if not self.closed:
            self.stream.close()
        super().close()
