"""`--jobs N` with the fairness audit: the workers observe the hands and work out the all-ins' equities, and
the report is the one-process report, byte for byte (a hand read twice, in another file, still counts once)."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from omaha_audit.cli.app import app
from omaha_audit.fairness.analysis import analyse
from omaha_audit.fairness.read import observe_files
from omaha_audit.generate import GenerateConfig, generate
from omaha_audit.model import Game
from omaha_audit.parse.files import expand_paths
from omaha_audit.run.parallel import Workers, executor_for

# (the workers' reports against one process's, differential runs: the full run, CI, makes them; the audit's
# own `--jobs 2` runs are in tests/test_parallel.py)
pytestmark = pytest.mark.slow

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"
GAMES = (Game.OMAHA, Game.OMAHA_HI_LO, Game.COURCHEVEL, Game.HOLDEM)


def _inputs(folder: Path) -> Path:
    """Three generated files, a copy of the first (its hands are copies), and the sample histories."""
    folder.mkdir()
    for seed in (1, 2, 3):
        text, labels = io.StringIO(), io.StringIO()
        generate(GenerateConfig(hands=120, seed=seed, games=GAMES, sessions=seed == 2), text, labels)
        (folder / f"hands-{seed}.txt").write_text(text.getvalue(), encoding="utf-8")
    shutil.copy(folder / "hands-1.txt", folder / "hands-1-again.txt")
    shutil.copytree(SAMPLES, folder / "samples")
    return folder


def test_the_workers_observations_give_the_one_process_report(tmp_path: Path) -> None:
    folder = _inputs(tmp_path / "in")
    files = expand_paths([folder])
    alone = observe_files(files, None)
    shared = observe_files(expand_paths([folder]), None, workers=Workers(executor_for(2, None)))
    assert shared.hands == alone.hands and shared.deals == alone.deals and shared.all_ins == alone.all_ins
    assert shared.repeat_keys == alone.repeat_keys
    assert all(worked is not None for worked in shared.outcomes)  # (the equities came from the workers)
    assert len(alone.all_ins) > 20 and any(all_in.game.is_hi_lo for all_in in alone.all_ins)
    assert analyse(shared).as_dict() == analyse(alone).as_dict()


def test_fairness_jobs_2_prints_what_one_process_prints(tmp_path: Path) -> None:
    folder = _inputs(tmp_path / "in")
    runner = CliRunner()
    one = runner.invoke(app, ["fairness", str(folder), "-f", "json"])
    two = runner.invoke(app, ["fairness", str(folder), "-f", "json", "--jobs", "2"])
    assert one.exit_code == two.exit_code == 0, two.output
    assert one.stdout == two.stdout
    assert '"hi_lo_all_ins"' in one.stdout


def _section(page: Path) -> str:
    found = re.search(r'<section id="fairness">.*?</section>', page.read_text(encoding="utf-8"), re.S)
    assert found, "no fairness section"
    return found.group(0)


def test_audit_html_fairness_with_jobs(tmp_path: Path) -> None:
    folder = _inputs(tmp_path / "in")
    runner = CliRunner()
    pages = []
    for jobs in ("1", "2"):
        page = tmp_path / f"report-{jobs}.html"
        result = runner.invoke(
            app, ["audit", str(folder), "--html", str(page), "--fairness", "--fail-on", "never", "--jobs", jobs]
        )
        assert result.exit_code == 0, result.output
        pages.append(_section(page))
    assert pages[0] == pages[1]
    assert "all-in" in pages[0]
