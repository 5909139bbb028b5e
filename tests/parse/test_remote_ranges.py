"""A zip archive named by URL on a file system that serves no byte ranges (an HTTP server without range
requests, as fsspec's HTTP files then fail): read whole from its start, never reported as corrupt; a copy
that is damaged still is (omaha_audit/parse/remote.py)."""

from __future__ import annotations

import io
import json
import uuid
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
from typer.testing import CliRunner

from omaha_audit.cli.app import app

fsspec = pytest.importorskip("fsspec", reason="fsspec comes with the dask extra, in the test extra")
from fsspec.implementations.memory import MemoryFileSystem  # noqa: E402

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"
REFUSED = "The HTTP server doesn't appear to support range requests. Only reading this file from the beginning"


class _FromTheStart(io.BytesIO):
    """A file read only from its start, as fsspec's HTTP file on a server without range requests."""

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        if (offset, whence) not in ((0, io.SEEK_SET), (0, io.SEEK_CUR)):
            raise ValueError(REFUSED)
        return super().seek(offset, whence)


class NoRangesFileSystem(MemoryFileSystem):
    protocol = "noranges"
    root_marker = "/"
    store: ClassVar[dict[str, Any]] = {}
    pseudo_dirs: ClassVar[list[str]] = [""]

    @classmethod
    def _strip_protocol(cls, path: str) -> str:
        return str(MemoryFileSystem._strip_protocol(path.replace("noranges://", "memory://", 1)))

    def _open(self, path: str, mode: str = "rb", block_size: int | None = None, **kwargs: Any) -> Any:
        if mode != "rb":
            return super()._open(path, mode, block_size, **kwargs)
        data = self.cat_file(path)
        return io.BytesIO(data) if block_size == 0 else _FromTheStart(data)


@pytest.fixture
def day() -> Iterator[str]:
    fsspec.register_implementation("noranges", NoRangesFileSystem, clobber=True)
    fs = NoRangesFileSystem()
    root = f"/day-{uuid.uuid4().hex}"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("a/plo.txt", (SAMPLES / "omaha-pot-limit.txt").read_bytes())
        archive.writestr("b/holdem.txt", (SAMPLES / "holdem-no-limit.txt").read_bytes())
    fs.pipe(f"{root}/day.zip", buffer.getvalue())
    fs.pipe(f"{root}/cut.zip", buffer.getvalue()[:-30])
    yield f"noranges://{root}"
    fs.rm(root, recursive=True)


def _audit(url: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    result = CliRunner().invoke(app, ["audit", url, "-f", "json", "--fail-on", "never"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    return payload["summary"], payload["findings"]


def test_a_zip_from_a_server_without_ranges_is_read_whole(day: str) -> None:
    summary, findings = _audit(f"{day}/day.zip")
    assert (summary["files"], summary["hands"], summary["unreadable"]) == (2, 80, 0)
    assert not [finding for finding in findings if "corrupt" in str(finding["message"])]


def test_a_damaged_zip_is_still_reported(day: str) -> None:
    summary, findings = _audit(f"{day}/cut.zip")
    assert summary["unreadable"] == 1
    (unreadable,) = [finding for finding in findings if finding["code"] == "OA101"]
    assert "corrupt archive" in unreadable["message"] and "range requests" not in unreadable["message"]
