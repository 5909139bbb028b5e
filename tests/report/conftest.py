"""Fixtures of the report tests: one sample run (generated hands with injected dealer errors, the
hand-written statistics hands, and a hand with hostile names and chat) and its HTML report."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from omaha_audit.generate import GenerateConfig, generate
from report.sample import HANDWRITTEN, Run, audit_to_html, hostile_hand


@pytest.fixture(scope="session")
def sample_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("histories")
    with (folder / "generated.txt").open("w", encoding="utf-8") as text:
        generate(GenerateConfig(hands=300, seed=21, fault_rate=0.3), text, io.StringIO())
    (folder / "handwritten.txt").write_text(HANDWRITTEN.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "hostile.txt").write_text(hostile_hand(), encoding="utf-8")
    return folder


@pytest.fixture(scope="session")
def sample_run(sample_folder: Path, tmp_path_factory: pytest.TempPathFactory) -> Run:
    return audit_to_html(sample_folder, tmp_path_factory.mktemp("report") / "report.html")
