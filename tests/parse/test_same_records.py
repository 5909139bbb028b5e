"""Nothing skipped quietly: a file named alone and the same file found in a folder give the same records, and
every file a run passes over is counted in the summary (text and JSON), not only named on stderr."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from omaha_audit.cli.app import app

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"
PLO = (SAMPLES / "omaha-pot-limit.txt").read_text(encoding="utf-8")
HILO = (SAMPLES / "omaha-hi-lo-pot-limit.txt").read_text(encoding="utf-8")
FILES = {
    "hands.txt": PLO,
    "hands.md": HILO,  # hands in a file whose name says it is a document: read, as its content says
    "notes.txt": "hello\nnothing to see\n",
    "readme.md": "# notes\n",
    "empty.txt": "",
    "companion.hp": "{'player': 1}\n",
}


def _audit(*paths: Path) -> dict[str, object]:
    result = CliRunner().invoke(app, ["audit", *map(str, paths), "--format", "json"])
    assert result.exit_code in (0, 1, 4), result.output
    data: dict[str, object] = json.loads(result.stdout)
    return data


def _records(data: dict[str, object], folder: Path) -> list[tuple[str, str, int]]:
    findings = data["findings"]
    assert isinstance(findings, list)
    return sorted((Path(str(f["path"])).name, str(f["code"]), int(f["line"])) for f in findings)


@pytest.mark.parametrize("name", sorted(FILES))
def test_a_file_named_alone_gives_the_records_it_gives_in_a_folder(name: str, tmp_path: Path) -> None:
    alone, folder = tmp_path / "alone", tmp_path / "folder"
    alone.mkdir()
    folder.mkdir()
    (alone / name).write_text(FILES[name], encoding="utf-8")
    (folder / name).write_text(FILES[name], encoding="utf-8")
    named, scanned = _audit(alone / name), _audit(folder)
    assert _records(named, alone) == _records(scanned, folder)
    keys = ("files", "hands", "audited", "unreadable", "skipped_files", "reading", "dealer")
    summary_named, summary_scanned = named["summary"], scanned["summary"]
    assert isinstance(summary_named, dict) and isinstance(summary_scanned, dict)
    assert {key: summary_named[key] for key in keys} == {key: summary_scanned[key] for key in keys}


def test_every_file_passed_over_is_counted_in_the_summary(tmp_path: Path) -> None:
    for name, text in FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    data = _audit(tmp_path)
    summary = data["summary"]
    assert isinstance(summary, dict)
    assert summary["files"] == len(FILES)
    assert summary["hands"] == 80
    assert summary["skipped_files"] == {"empty": 1, "not-hand-history": 1, "skipped": 2}
    text = CliRunner().invoke(app, ["audit", str(tmp_path)]).stdout
    assert "files with no hand to audit: 4 (empty 1, no hand of any format 1, passed over 2)" in text


def test_no_hand_in_the_inputs_is_not_a_clean_audit(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("hello\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["audit", str(tmp_path / "notes.txt")])
    assert result.exit_code == 4
    assert "no hand of any known room format in the inputs" in result.output
