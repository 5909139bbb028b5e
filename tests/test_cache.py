"""The user's cache folder (omaha_audit/cache.py, issue 36): where it is (a relative XDG_CACHE_HOME is
ignored), whose it must be (this user's, writable by no one else, below folders no one else can write),
and its entries, read back only as this user's runs wrote them (signed with a per-user key kept 0600)."""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from omaha_audit import cache
from omaha_audit.cache import KEY_NAME, cache_folder, read_entry, usable_folder, write_entry

SAMPLE = Path(__file__).resolve().parents[1] / "sample_histories" / "omaha-pot-limit.txt"


@pytest.fixture(autouse=True)
def new_process(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test as a new process finds the module: nothing looked at yet, nothing said."""
    monkeypatch.setattr(cache, "_STATE", cache._State())
    yield


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home folder of the test's own, and no XDG_CACHE_HOME."""
    folder = tmp_path / "home"
    folder.mkdir(mode=0o700)
    monkeypatch.setenv("HOME", str(folder))
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    return folder


def test_a_relative_xdg_cache_home_is_ignored(home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """S01: the XDG Base Directory specification says a relative path there is invalid and must be
    ignored; it was taken against the current folder, so a folder of received files carrying
    `cachedir/omaha-audit/...` fed the cache when audited from inside it."""
    bundle = tmp_path / "bundle"
    bundle.mkdir()
    monkeypatch.chdir(bundle)
    for value in ("cachedir", "./cachedir", "", "~/.cache"):
        monkeypatch.setenv("XDG_CACHE_HOME", value)
        assert cache_folder() == home / ".cache" / "omaha-audit", value
    monkeypatch.setenv("XDG_CACHE_HOME", "cachedir")
    write_entry("a.marshal", b"data")
    assert read_entry("a.marshal") == b"data"
    assert list(bundle.iterdir()) == []
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "absolute"))
    assert cache_folder() == tmp_path / "absolute" / "omaha-audit"


def test_no_home_folder_is_no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", "relative")
    monkeypatch.setenv("HOME", "also-relative")
    assert cache_folder() is None and read_entry("a.marshal") is None
    write_entry("a.marshal", b"data")  # (nothing to write to: nothing happens)


def test_the_folder_the_key_and_the_entries_are_the_users_alone(home: Path) -> None:
    before = os.umask(0)  # (an open umask: the modes do not depend on it)
    try:
        write_entry("a.marshal", b"data")
    finally:
        os.umask(before)
    folder = home / ".cache" / "omaha-audit"
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE((home / ".cache").stat().st_mode) == 0o700  # (the XDG base, made here: 0700 too)
    assert stat.S_IMODE((folder / KEY_NAME).stat().st_mode) == 0o600
    assert len((folder / KEY_NAME).read_bytes()) == 32
    assert stat.S_IMODE((folder / "a.marshal").stat().st_mode) == 0o600
    assert sorted(path.name for path in folder.iterdir()) == ["a.marshal", KEY_NAME]  # (no file left behind)


def test_reading_makes_no_folder(home: Path) -> None:
    assert read_entry("a.marshal") is None
    assert not (home / ".cache").exists()


def test_an_entry_is_read_only_as_written(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """S01, S02: damaged, cut short, behind a plain digest, under another name or another key, a link:
    not read."""
    payload = bytes(range(256)) * 20
    write_entry("a.marshal", payload)
    write_entry("b.marshal", b"other")
    folder = home / ".cache" / "omaha-audit"
    entry = folder / "a.marshal"
    written = entry.read_bytes()
    assert read_entry("a.marshal") == payload

    flipped = bytearray(written)
    flipped[len(flipped) // 2] ^= 1
    forged = payload[::-1]
    for bad in (
        bytes(flipped),
        written[:-1],
        written[:31],
        b"",
        hashlib.sha256(forged).digest() + forged,  # (a digest anyone can compute)
        (folder / "b.marshal").read_bytes(),  # (another entry, moved to this name)
    ):
        entry.write_bytes(bad)
        assert read_entry("a.marshal") is None, bad[:40]
    entry.write_bytes(written)
    assert read_entry("a.marshal") == payload

    entry.unlink()
    entry.symlink_to(folder / "b.marshal")
    assert read_entry("a.marshal") is None
    entry.unlink()
    entry.write_bytes(written)

    (folder / KEY_NAME).write_bytes(os.urandom(32))  # (another key: what the old one signed is not read)
    monkeypatch.setattr(cache, "_STATE", cache._State())
    assert read_entry("a.marshal") is None


def test_an_entry_larger_than_the_most_is_not_read(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    payload = bytes(100)
    write_entry("a.marshal", payload)
    size = (home / ".cache" / "omaha-audit" / "a.marshal").stat().st_size  # (the tag and the payload)
    monkeypatch.setattr(cache, "MOST_BYTES", size)
    assert read_entry("a.marshal") == payload
    monkeypatch.setattr(cache, "MOST_BYTES", size - 1)
    assert read_entry("a.marshal") is None


@pytest.mark.parametrize("mode", [0o644, 0o400])
def test_a_key_others_could_read_or_not_a_key_is_replaced(
    home: Path, monkeypatch: pytest.MonkeyPatch, mode: int
) -> None:
    write_entry("a.marshal", b"data")
    key = home / ".cache" / "omaha-audit" / KEY_NAME
    old = key.read_bytes()
    if mode == 0o644:
        key.chmod(mode)
    else:
        key.write_bytes(old[:16])  # (not a key: 16 bytes)
        key.chmod(0o600)
    monkeypatch.setattr(cache, "_STATE", cache._State())
    assert read_entry("a.marshal") is None  # (signed with a key that may be known: not read)
    assert stat.S_IMODE(key.stat().st_mode) == 0o600 and len(key.read_bytes()) == 32 and key.read_bytes() != old
    write_entry("a.marshal", b"data")
    assert read_entry("a.marshal") == b"data"


def _unsafe_cases(home: Path, monkeypatch: pytest.MonkeyPatch, case: str) -> None:
    folder = home / ".cache" / "omaha-audit"
    if case == "group-writable":
        folder.chmod(0o770)
    elif case == "world-writable":
        folder.chmod(0o757)
    elif case == "another user's":
        real = os.geteuid()
        monkeypatch.setattr(os, "geteuid", lambda: real + 1 if real else 4242)
    elif case == "above, writable by others":
        (home / ".cache").chmod(0o777)
    elif case == "a link to a folder below one others can write":
        shared = home / "shared"
        shared.mkdir(mode=0o777)
        shared.chmod(0o777)
        (shared / "omaha-audit").mkdir(mode=0o700)
        shutil.rmtree(folder)
        folder.symlink_to(shared / "omaha-audit")


@pytest.mark.parametrize(
    "case",
    [
        "group-writable",
        "world-writable",
        "another user's",
        "above, writable by others",
        "a link to a folder below one others can write",
    ],
)
def test_a_folder_that_is_not_safe_is_not_used(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    (home / ".cache" / "omaha-audit").mkdir(mode=0o700, parents=True)
    write_entry("a.marshal", b"data")
    monkeypatch.setattr(cache, "_STATE", cache._State())
    _unsafe_cases(home, monkeypatch, case)
    cache.say_refusals()
    assert usable_folder() is None
    assert read_entry("a.marshal") is None
    write_entry("b.marshal", b"data")
    assert read_entry("b.marshal") is None
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("omaha-audit: the cache folder "), err  # (said once)
    assert "not used" in err and "same results" in err
    assert not list((home / ".cache").rglob("b.marshal"))


def test_a_sticky_folder_above_is_safe(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As /tmp: others can write in it but not move what is this user's."""
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777)
    monkeypatch.setenv("XDG_CACHE_HOME", str(shared / "mine"))
    write_entry("a.marshal", b"data")
    assert read_entry("a.marshal") == b"data"


def test_the_refusal_is_said_only_where_asked_for(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A library's caller and a worker process are not told (the command line calls say_refusals)."""
    (home / ".cache" / "omaha-audit").mkdir(mode=0o777, parents=True)
    (home / ".cache" / "omaha-audit").chmod(0o777)
    assert usable_folder() is None
    assert capsys.readouterr().err == ""


def test_the_command_line_says_it_once_and_audits_the_same(tmp_path: Path) -> None:
    """`audit --jobs 2` with a cache folder others can write: the same report as with a clean cache, and
    one line on stderr (the workers say nothing)."""
    command = [sys.executable, "-c", "from omaha_audit.cli.entry import main; main()"]
    args = ["audit", str(SAMPLE), str(SAMPLE.with_name("omaha-hi-lo-pot-limit.txt")), "--format", "json"]
    env = {**os.environ, "HOME": str(tmp_path / "home"), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    clean = subprocess.run([*command, *args, "--jobs", "2"], capture_output=True, text=True, env=env)
    assert "cache folder" not in clean.stderr
    (tmp_path / "cache" / "omaha-audit").chmod(0o777)
    shared = subprocess.run([*command, *args, "--jobs", "2"], capture_output=True, text=True, env=env)
    assert (shared.returncode, shared.stdout) == (clean.returncode, clean.stdout)
    notices = [line for line in shared.stderr.splitlines() if "cache folder" in line]
    assert len(notices) == 1 and notices[0].startswith("omaha-audit: "), shared.stderr
    assert "Traceback" not in shared.stderr
