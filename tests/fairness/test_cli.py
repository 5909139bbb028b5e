"""`omaha-audit fairness`: text, JSON and HTML, and the exit code (0: no test rejects a fair deal)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from omaha_audit.cli.app import app

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"


def test_text_over_the_samples_gives_a_verdict_and_exit_0() -> None:
    result = CliRunner().invoke(app, ["fairness", str(SAMPLES)])
    assert result.exit_code == 0, result.output
    assert "Verdict: no test rejects a fair deal at level 0.01 after correction." in result.output
    assert "hero's cards: each card's frequency (52 cells)" in result.output
    assert "power: with" in result.output
    assert "All-in luck" in result.output


def test_json_holds_every_test_with_its_adjusted_p_value(tmp_path: Path) -> None:
    page = tmp_path / "fairness.html"
    result = CliRunner().invoke(
        app, ["fairness", str(SAMPLES), "-f", "json", "--correction", "bh", "--html", str(page)]
    )
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert payload["correction"] == "bh" and payload["level"] == 0.01
    keys = {test["key"] for test in payload["tests"]}
    assert {"card-frequency", "rank-frequency", "suit-frequency", "hero-luck", "repeated-deal"} <= keys
    for test in payload["tests"]:
        assert 0 <= test["p_value"] <= test["adjusted_p_value"] <= 1
        assert test["scope"] and not test["rejected"]
    assert payload["players"] and all(isinstance(v, int) for v in payload["players"][0]["expected"].values())
    html = page.read_text(encoding="utf-8")
    assert '<section id="fairness">' in html and 'id="card-frequencies"' in html and 'id="all-in-luck"' in html


def test_a_rejected_test_exits_1(tmp_path: Path) -> None:
    """A deck that deals the hero the weakest hand (`generate --unfair hero-worse=1`): rejected, exit 1."""
    text = tmp_path / "biased.txt"
    unfair = ["--unfair", "hero-worse=1"]
    made = CliRunner().invoke(
        app,
        ["generate", "--hands", "300", "--seed", "3", "--game", "plo", "--players", "2-6", "-o", str(text), *unfair],
    )
    assert made.exit_code == 0, made.output
    result = CliRunner().invoke(app, ["fairness", str(text)])
    assert result.exit_code == 1, result.output
    assert "NOT FAIR" in result.output
