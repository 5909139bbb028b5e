"""Inputs named by URLs, read through fsspec (issue 17, point 3): a folder URL is listed as a local folder is,
its archives read as their members, with the URL in every finding's path; what cannot be read is reported,
never a crash. Here on fsspec's in-memory file system (one process) and `file://` URLs; tests/test_parallel.py
has the workers of `--jobs 2` and a Dask cluster open `file://` URLs themselves."""

from __future__ import annotations

import gzip
import io
import json
import tarfile
import uuid
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from omaha_audit.cli.app import app
from omaha_audit.parse.files import PathProblem, expand_paths
from omaha_audit.parse.remote import RemoteFile, is_url

fsspec = pytest.importorskip("fsspec", reason="fsspec comes with the dask extra, in the test extra")

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"
PLO = (SAMPLES / "omaha-pot-limit.txt").read_bytes()
HILO = (SAMPLES / "omaha-hi-lo-pot-limit.txt").read_bytes()
HOLDEM = (SAMPLES / "holdem-no-limit.txt").read_bytes()


def _tar_gz(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def _zip(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return buffer.getvalue()


# one day's files: loose, zipped, tarred, gzipped; a hidden file and a CSV a scan passes over
DAY = {
    "plo.txt": PLO,
    "deep/hilo.txt.gz": gzip.compress(HILO),
    "tables.zip": _zip({"t1/holdem.txt": HOLDEM, "t2/plo.txt": PLO}),
    "more.tar.gz": _tar_gz({"x/hilo.txt": HILO}),
    ".hidden/plo.txt": PLO,
    "notes.csv": b"a,b\n",
}


@pytest.fixture
def memory_day() -> Iterator[str]:
    """The DAY files under a fresh folder of fsspec's in-memory file system: its URL."""
    fs = fsspec.filesystem("memory")
    root = f"/day-{uuid.uuid4().hex}"
    for name, data in DAY.items():
        fs.pipe(f"{root}/{name}", data)
    yield f"memory://{root}"
    fs.rm(root, recursive=True)


def _local_day(tmp_path: Path) -> Path:
    for name, data in DAY.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(data)
    return tmp_path


def _audit(*inputs: str, extra: tuple[str, ...] = ()) -> tuple[int, dict[str, object], list[dict[str, object]], str]:
    result = CliRunner().invoke(app, ["audit", *inputs, "-f", "json", "--fail-on", "never", *extra])
    payload = json.loads(result.stdout) if result.exit_code == 0 else {"summary": {}, "findings": []}
    return result.exit_code, payload["summary"], payload["findings"], result.stderr


def _paths_from(findings: list[dict[str, object]], prefix: str) -> str:
    """The findings as JSON with `prefix` (of every path, and of the paths some messages quote) cut out."""
    assert all(str(finding["path"]).startswith(prefix) for finding in findings)
    return json.dumps(findings).replace(prefix, "")


def test_is_url() -> None:
    assert is_url("s3://bucket/day/") and is_url("memory:///x") and is_url("file:///tmp/a.txt")
    assert not is_url("/tmp/a.txt") and not is_url("C:\\hands\\a.txt")


def test_a_folder_url_reads_as_the_same_folder_on_disk(memory_day: str, tmp_path: Path) -> None:
    local = _local_day(tmp_path)
    code, summary, findings, stderr = _audit(memory_day)
    assert code == 0, stderr
    local_code, local_summary, local_findings, local_stderr = _audit(str(local))
    assert local_code == 0, local_stderr
    assert summary == local_summary
    # three sample files of 40 hands, two of them read twice (copies), the hidden one not read, and notes.csv
    # looked into (no hand in it)
    assert (summary["files"], summary["hands"], summary["copies"], summary["unreadable"]) == (6, 120, 80, 0)
    prefix = memory_day  # (`memory:///day-...`: the folder's URL, as fsspec spells it)
    assert _paths_from(findings, prefix) == _paths_from(local_findings, str(local))
    paths = {str(finding["path"]) for finding in findings}
    assert f"{prefix}/tables.zip!/t2/plo.txt" in paths, sorted(paths)[:5]
    assert f"{prefix}/more.tar.gz!/x/hilo.txt" in paths
    assert f"{prefix}/deep/hilo.txt.gz" in paths
    assert f"{prefix}/notes.csv: not a hand history (by its name, and no hand in its first 64 KiB): skipped" in stderr


def test_a_file_url_names_one_file(tmp_path: Path) -> None:
    path = tmp_path / "plo.txt"
    path.write_bytes(PLO)
    code, summary, findings, _ = _audit(f"file://{path}")
    assert code == 0
    assert summary == _audit(str(path))[1]
    assert findings and all(finding["path"] == f"file://{path}" for finding in findings)
    # a file named directly is read whatever its name, as a local path is
    odd = tmp_path / "plo.csv"
    odd.write_bytes(PLO)
    assert _audit(f"file://{odd}")[1]["hands"] == 40


def test_urls_that_cannot_be_read_are_usage_errors(tmp_path: Path) -> None:
    for url, message in [
        ("nosuchscheme://bucket/day", "nosuchscheme://bucket/day: Protocol not known: nosuchscheme"),
        (f"file://{tmp_path}/missing", f"no such file or folder: file://{tmp_path}/missing"),
    ]:
        result = CliRunner().invoke(app, ["audit", url])
        assert result.exit_code == 2, result.output
        assert result.stderr.strip() == f"omaha-audit: error: {message}"


def _closed_port() -> int:
    """A port of this machine's loopback where nothing listens (bound, then let go)."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.parametrize(
    ("url", "error"),
    [
        ("reference://", "TypeError"),  # (a file system that needs arguments a URL cannot give)
        ("zip://", "IsADirectoryError"),  # (no archive named: the current folder is opened)
        ("tar://", "IsADirectoryError"),
        ("zip://x::memory://nope.zip", "FileNotFoundError"),  # (a chained URL whose archive is not there)
        ("ftp://127.0.0.1:{port}/x", "ConnectionRefusedError"),  # (the FTP file system connects when made)
    ],
)
def test_a_file_system_that_fails_when_made_is_a_usage_error(
    url: str, error: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever a file system raises while it is made is the URL's error line and exit 2, not a traceback."""
    url = url.format(port=_closed_port())
    monkeypatch.chdir(tmp_path)
    for command in ("audit", "parse", "stats"):
        result = CliRunner().invoke(app, [command, url])
        assert result.exit_code == 2, (command, result.output, result.exception)
        assert result.stderr.startswith(f"omaha-audit: error: {url}: cannot be read: {error}"), result.stderr
        assert len(result.stderr.strip().splitlines()) == 1


def test_without_fsspec_a_url_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real_import = builtins.__import__

    def no_fsspec(name: str, *args: object, **kwargs: object) -> object:
        if name.startswith("fsspec"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_fsspec)
    with pytest.raises(PathProblem, match=r"reading URLs needs the fsspec package \(pip install"):
        expand_paths(["s3://bucket/day/"])


def test_a_file_gone_before_it_is_read_is_unreadable_and_the_rest_goes_on(memory_day: str) -> None:
    files = expand_paths([memory_day])
    gone = next(source for source in files if isinstance(source, RemoteFile) and source.name == "plo.txt")
    fsspec.filesystem("memory").rm(gone.url.removeprefix("memory://"))
    from omaha_audit.model import UnreadableHand
    from omaha_audit.rooms import hand_source

    items = list(hand_source().read_paths(files))
    unreadable = [item for item in items if isinstance(item, UnreadableHand)]
    assert [(item.path, item.reason.split(":")[0]) for item in unreadable] == [(gone.url, "cannot open file")]
    assert sum(1 for item in items if not isinstance(item, UnreadableHand)) >= 160


def test_a_remote_file_pickles_as_its_url() -> None:
    import pickle

    remote = RemoteFile("s3://bucket/day/t1.txt")
    assert pickle.loads(pickle.dumps(remote)) == remote
    assert (remote.name, remote.suffix, str(remote)) == ("t1.txt", ".txt", "s3://bucket/day/t1.txt")
