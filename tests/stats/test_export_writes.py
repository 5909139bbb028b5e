"""How an export's dataset writes its working files (omaha_audit/output/files.py write_scratch): through handles the
tool opens, never by giving polars a path, which it would create, close and open again truncated (ext4 then
writes each file out as it is closed, and removing it waits for that: 3 ms a file, thousands of files in
an export of many small inputs); and the units' staged batches as Arrow IPC streams, which polars writes
without starting its query engine (docs/PERFORMANCE.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl
import pytest
from typer.testing import CliRunner

from omaha_audit.cli.app import app

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"


def test_the_dataset_gives_polars_no_path_to_write(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    targets: list[tuple[str, object]] = []

    def watched(name: str, method: Any) -> Any:
        def write(self: object, target: object, *args: Any, **kwargs: Any) -> Any:
            targets.append((name, target))
            return method(self, target, *args, **kwargs)

        return write

    for owner, name in (
        (pl.DataFrame, "write_ipc"),
        (pl.DataFrame, "write_ipc_stream"),
        (pl.LazyFrame, "sink_parquet"),
    ):
        monkeypatch.setattr(owner, name, watched(name, getattr(owner, name)))
    inputs = tmp_path / "in"
    inputs.mkdir()
    for index, path in enumerate(sorted(SAMPLES.glob("*.txt"))[:3]):
        (inputs / f"{index}.txt").write_bytes(path.read_bytes())
    result = CliRunner().invoke(app, ["export", str(inputs), "--to", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert list((tmp_path / "out" / "hands").rglob("part-0.parquet"))
    kinds = {name for name, _ in targets}
    assert {"write_ipc_stream", "write_ipc", "sink_parquet"} <= kinds  # (staged batches, pieces, partitions)
    assert not [target for _, target in targets if isinstance(target, (str, Path))]
