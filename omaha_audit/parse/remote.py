"""Inputs named by URLs (`s3://bucket/2026-03/`, `gs://...`, `memory://...`, `file:///data/day1.zip`), read
through `fsspec` where it is installed (it comes with the `dask` extra; a file system's own package, such as
`s3fs`, for its scheme). A URL names a file or a folder, as a path does: a folder is listed recursively, and
an archive among its files is read as its members (`s3://bucket/day.zip!/table1.txt`). Every finding's path
is the URL. Nothing is copied to local disk first: a file is opened and streamed where it is, by the process
that reads it (a Dask worker opens the URLs it is given itself).

A zip archive is read from its end (its directory), so it needs a file system that serves byte ranges. One
that does not (an HTTP server without range requests: fsspec's ranged reads then fail) has the archive read
whole, from the start, into a temporary file, once per process for consecutive members of one archive
(`RemoteFile.whole_copy`); a copy that cannot be read either is then really damaged, and reported so.

(Plain Python, not compiled: fsspec's file systems are plain Python objects of many classes; hatch_build.py
NOT_COMPILED.)
"""

from __future__ import annotations

import atexit
import os
import re
import shutil
import tempfile
from pathlib import Path, PurePosixPath
from typing import Any, BinaryIO, Final, cast

_URL: Final = re.compile(r"[A-Za-z][A-Za-z0-9+.-]+://")


def is_url(text: str) -> bool:
    """Whether `text` names a file by URL (`scheme://...`), not a local path."""
    return _URL.match(text) is not None


class RemoteProblem(Exception):
    """A URL that cannot be read at all: fsspec missing, an unknown scheme, nothing there."""


def _filesystem(url: str) -> tuple[Any, str]:
    """(fsspec's file system for the URL, the path inside it)."""
    try:
        from fsspec.core import url_to_fs
    except ImportError:
        raise RemoteProblem(f"{url}: reading URLs needs the fsspec package (pip install 'omaha-audit[dask]')") from None
    try:
        fs, path = url_to_fs(url)
    except (ImportError, ValueError) as error:  # (an unknown scheme, or its package not installed)
        raise RemoteProblem(f"{url}: {error}") from None
    except Exception as error:
        # A file system is made (and some connect) here, each raising errors of its own: nothing there
        # (`zip://` of a missing archive), arguments the URL cannot give (`reference://`), a server that
        # cannot be reached (`ftp://`: OSError), a library's own exception classes.
        raise RemoteProblem(f"{url}: cannot be read: {_what(error)}") from None
    return fs, str(path)


def _what(error: Exception) -> str:
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__


class RemoteFile:
    """A file named by a URL, opened like a Path."""

    __slots__ = ("url",)

    def __init__(self, url: str) -> None:
        self.url = url

    @property
    def name(self) -> str:
        return PurePosixPath(self.url.split("://", 1)[1]).name

    @property
    def suffix(self) -> str:
        return PurePosixPath(self.name).suffix

    def __str__(self) -> str:
        return self.url

    def __repr__(self) -> str:
        return f"RemoteFile({self.url!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RemoteFile) and self.url == other.url

    def __hash__(self) -> int:
        return hash(("url", self.url))

    def __reduce__(self) -> tuple[object, ...]:
        return (RemoteFile, (self.url,))

    def open(self, mode: str = "rb") -> BinaryIO:
        """A binary stream of the file's bytes (seekable, as fsspec's files are). Raises OSError with the
        reason when it cannot be opened: a network or permission error of any kind included."""
        if mode != "rb":
            raise ValueError("URLs are read only, in binary")
        try:
            fs, path = _filesystem(self.url)
            return cast(BinaryIO, fs.open(path, "rb"))
        except RemoteProblem as problem:
            raise OSError(str(problem)) from None
        except OSError:
            raise
        except Exception as error:  # (a file system's own errors: botocore's, aiohttp's ...)
            raise OSError(f"{type(error).__name__}: {error}") from None

    def whole_copy(self) -> Path:
        """The file's bytes read from the start into a local temporary file (for an archive a file system
        cannot serve in byte ranges). The last copy made in this process is kept for the next call: the
        members of one archive, opened one after the other, read it once. Raises OSError as `open` does."""
        return _copies.copy(self)


class _Copies:
    """The whole copy of the last URL copied (a temporary file, removed when the next is made and at exit)."""

    def __init__(self) -> None:
        self.url: str | None = None
        self.path: Path | None = None
        atexit.register(self.clear)

    def copy(self, file: RemoteFile) -> Path:
        if self.url == file.url and self.path is not None and self.path.exists():
            return self.path
        self.clear()
        try:
            fs, path = _filesystem(file.url)
            source = fs.open(path, "rb", block_size=0)  # (a stream from the start: no ranges asked for)
        except RemoteProblem as problem:
            raise OSError(str(problem)) from None
        except OSError:
            raise
        except Exception as error:
            raise OSError(f"{type(error).__name__}: {error}") from None
        handle, name = tempfile.mkstemp(prefix="omaha-audit-url-", suffix=".copy")
        try:
            with source, os.fdopen(handle, "wb") as target:
                shutil.copyfileobj(source, target, 1 << 20)
        except BaseException as error:
            os.unlink(name)
            if isinstance(error, Exception) and not isinstance(error, OSError):
                raise OSError(f"{type(error).__name__}: {error}") from None
            raise
        self.url, self.path = file.url, Path(name)
        return self.path

    def clear(self) -> None:
        if self.path is not None:
            self.path.unlink(missing_ok=True)
        self.url = self.path = None


_copies = _Copies()


def expand_url(url: str) -> list[RemoteFile]:
    """The files a URL names: itself, or every file under it when it is a folder (sorted, recursive; hidden
    ones left out, as for a local folder). Raises RemoteProblem when nothing is there or it cannot be listed."""
    fs, path = _filesystem(url)
    try:
        if fs.isdir(path):
            root = path.rstrip("/")
            found = sorted(fs.find(root))
            relative = [(entry, entry[len(root) :].lstrip("/")) for entry in found]
            return [
                RemoteFile(fs.unstrip_protocol(entry))
                for entry, inner in relative
                if not any(part.startswith(".") for part in inner.split("/"))
            ]
        if fs.isfile(path):
            return [RemoteFile(url)]
    except Exception as error:
        raise RemoteProblem(f"cannot list {url}: {type(error).__name__}: {error}") from None
    raise RemoteProblem(f"no such file or folder: {url}")
