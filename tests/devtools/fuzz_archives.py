"""Fuzzing the inputs around the hands (issue 36): archives whose members have hostile names, and URLs that
name nothing readable. Part of the harness of tests/devtools/fuzz.py, judged the same way (its `Outcome`).

An archive input is a zip, a tar or a gzipped tar of real inputs (the fuzz seeds), each member under a name
drawn from MEMBER_NAMES: two members of one name, `..` parts, a leading `/`, control characters, hidden
folders, macOS's `__MACOSX` copies, a name longer than a file system allows, an archive's name, an empty
name. What is checked (`check_archive`): no exception; every entry the archive lists is read or named as
skipped, each under a path of its own; and each member read gives as many records (hands and unreadable
hands), or the same notice, as the text put at its place in the archive does read loose from disk.

A URL input (`check_urls`) names nothing readable, through fsspec's local file systems only (no network:
a file system that would look a host up, or ask a cloud's metadata service, is left out): it must be read,
or refused as a usage error (PathProblem), never raise anything else.
"""

from __future__ import annotations

import io
import random
import socket
import tarfile
import warnings
import zipfile
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

from devtools.fuzz import Outcome
from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.parse.archives import members
from omaha_audit.parse.files import FileNotice, PathProblem, expand_paths
from omaha_audit.rooms import hand_source

ARCHIVE_KINDS = ("zip", "tar", "tar.gz")
MEMBER_NAMES = (
    "t.txt", "t.txt", "day/t.txt", "./t.txt", "../up/t.txt", "../../../../etc/t.txt", "/abs/t.txt", "//two/t.txt",
    "a/../t.txt", ".hidden/t.txt", ".t.txt", "__MACOSX/day/._t.txt", "t\x1b]0;title\x07.txt", "t\x1b[2J\x1b[31m.txt",
    "t\x00hidden.txt", "t\r\n.txt", "\u202etxt.exe", "a\\b.txt", "t.txt#2", "x" * 300 + ".txt", "inner.zip",
    "é/ü.txt", " ", "t.txt ", "", "t.md", "t.xml",
)  # fmt: skip
# URLs that read nothing: schemes of fsspec's local file systems, alone, chained or with a path not there
# (`{tmp}`: a fresh folder, `{port}`: a port of the loopback where nothing listens)
URLS = (
    "reference://", "zip://", "tar://", "zip://x::memory://nope.zip", "tar://x::memory://nope.tar",
    "zip://a::tar://b::memory://c", "ftp://127.0.0.1:{port}/x", "memory://nope/x", "file://{tmp}/missing",
    "simplecache::memory://nope", "blockcache://x", "filecache://x", "cached://x", "dir://x", "generic://x",
    "data://x", "data://text/plain;base64,!!!", "nosuchscheme://x", "zip://{tmp}", "tar://x::file://{tmp}",
    "memory://", "zip://x::file://{tmp}/missing.zip", "simplecache::file://{tmp}/missing", "reference://x::{tmp}",
    "asyncwrapper://x", "local://{tmp}/missing", "file://{tmp}/junk.zip", "file://{tmp}/junk.tar.gz",
)  # fmt: skip


def archive_bytes(entries: Sequence[tuple[str, str]], kind: str) -> bytes:
    """An archive of `kind` (ARCHIVE_KINDS) holding each (name, text) in order, names as they are."""
    buffer = io.BytesIO()
    if kind == "zip":
        with warnings.catch_warnings(), zipfile.ZipFile(buffer, "w") as archive:
            warnings.simplefilter("ignore")  # (zipfile warns of a duplicate name, and writes it)
            for name, text in entries:
                archive.writestr(zipfile.ZipInfo(name), text.encode("utf-8", "surrogatepass"))
        return buffer.getvalue()
    with tarfile.open(fileobj=buffer, mode="w:gz" if kind == "tar.gz" else "w", format=tarfile.PAX_FORMAT) as tar:
        for name, text in entries:
            data = text.encode("utf-8", "surrogatepass")
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def check_archive(
    entries: Sequence[tuple[str, str]], kind: str, folder: Path, outcome: Outcome | None = None
) -> Outcome:
    """Read an archive of `entries` (name, text) as the audit does, and count what went wrong."""
    outcome = outcome or Outcome()
    outcome.inputs += 1
    target = folder / f"fuzz{outcome.inputs}.{kind}"  # (a new file each time, as a run meets them)
    target.write_bytes(archive_bytes(entries, kind))
    try:
        _check_archive(target, entries, folder, outcome)
    except Exception as error:  # (nothing may escape)
        outcome.crashes += 1
        outcome.note("crash", f"{error!r}\n{kind}: {[name for name, _ in entries]!r}")
    finally:
        target.unlink()
    return outcome


def _check_archive(target: Path, entries: Sequence[tuple[str, str]], folder: Path, outcome: Outcome) -> None:
    listed = list(members(target))
    files = expand_paths([target])
    read = [str(source) for source in files]
    skipped = [path for path, _ in files.skipped]
    shown = [str(member) for member in listed]
    if len(set(shown)) != len(shown) or sorted(read + skipped) != sorted(shown):
        outcome.lost += 1
        outcome.note("lost", f"listed {shown!r}\nread {read!r}\nskipped {skipped!r}")
        return
    source = hand_source()
    records: Counter[str] = Counter()
    notices: set[str] = set()
    for item in source.read_paths(files):
        if isinstance(item, FileNotice):
            notices.add(item.path)
            continue
        records[item.path if isinstance(item, UnreadableHand) else item.source.path] += 1
        if isinstance(item, Hand):
            outcome.hands += 1
        else:
            outcome.unreadable += 1
    for member in listed:
        path = str(member)
        if path in skipped:
            continue
        loose = folder / f"loose{_suffix(member.suffix)}"
        loose.write_bytes(entries[member.position][1].encode("utf-8", "surrogatepass"))  # (its own text, by place)
        expected, noticed = _loose(loose)
        if records[path] != expected or (noticed and path not in notices):
            outcome.lost += 1
            outcome.note("lost", f"{path!r}: {records[path]} records (loose: {expected}, notice: {noticed})")


def _suffix(suffix: str) -> str:
    """A member's suffix as a loose file's (one a file name can hold)."""
    return suffix if len(suffix) <= 16 and "\x00" not in suffix else ""


def _loose(path: Path) -> tuple[int, bool]:
    """The records a file gives read loose, and whether it gives a notice."""
    count, noticed = 0, False
    for item in hand_source().read_file(path):
        if isinstance(item, FileNotice):
            noticed = True
        else:
            count += 1
    return count, noticed


def archive_entries(rng: random.Random, texts: Sequence[str], most: int = 5) -> list[tuple[str, str]]:
    """1 to `most` members: each a text of `texts` under a name of MEMBER_NAMES."""
    return [(rng.choice(MEMBER_NAMES), rng.choice(texts)) for _ in range(rng.randint(1, most))]


def closed_port() -> int:
    """A port of the loopback where nothing listens (bound, then let go)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def fuzz_urls(folder: Path) -> list[str]:
    """URLS with their blanks filled: `folder` holds junk an archive scheme may open."""
    (folder / "junk.zip").write_bytes(b"PK\x03\x04 no zip")
    (folder / "junk.tar.gz").write_bytes(b"\x1f\x8b no gzip")
    port = closed_port()
    return [url.format(tmp=folder.as_posix(), port=port) for url in URLS]


def check_urls(urls: Iterable[str], outcome: Outcome | None = None) -> Outcome:
    """Each URL read (every record out, whatever they are) or refused with PathProblem; anything else
    raised is a crash."""
    outcome = outcome or Outcome()
    source = hand_source()
    for url in urls:
        outcome.inputs += 1
        try:
            files = expand_paths([url])
        except PathProblem:
            continue
        except Exception as error:
            outcome.crashes += 1
            outcome.note("crash", f"{url}: {error!r}")
            continue
        try:
            for item in source.read_paths(files):
                if isinstance(item, Hand):
                    outcome.hands += 1
                elif isinstance(item, UnreadableHand):
                    outcome.unreadable += 1
        except Exception as error:
            outcome.crashes += 1
            outcome.note("crash", f"{url} (reading): {error!r}")
    return outcome


def fuzz_archives(texts: Sequence[str], count: int, seed: int, folder: Path) -> Outcome:
    """`count` archives of a seeded random stream (kinds, names, texts), each checked."""
    rng = random.Random(seed)
    outcome = Outcome()
    for _ in range(count):
        check_archive(archive_entries(rng, texts), rng.choice(ARCHIVE_KINDS), folder, outcome)
    return outcome
