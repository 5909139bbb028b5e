"""`generate_command`, registered on a throwaway Typer app the way cli/app.py will register it."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from typer.testing import CliRunner

from omaha_audit.cli.generate_cmd import generate_command


def _app() -> typer.Typer:
    app = typer.Typer()
    app.command("generate")(generate_command)

    @app.callback()
    def root() -> None:
        """Test app."""

    return app


def test_generate_command_writes_hands_and_labels(tmp_path: Path) -> None:
    output, labels = tmp_path / "hands.txt", tmp_path / "labels.jsonl"
    args = [
        "generate",
        "--hands",
        "30",
        "--seed",
        "4",
        "--game",
        "omaha-hi-lo",
        "--game",
        "courchevel",
        "--structure",
        "pot-limit",
        "--players",
        "2-6",
        "--fault-rate",
        "0.5",
        "--fault",
        "wrong_winner",
        "--fault",
        "odd_chip_wrong",
        "--output",
        str(output),
        "--labels",
        str(labels),
    ]
    result = CliRunner().invoke(_app(), args)
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in labels.read_text().splitlines()]
    assert len(rows) == 30 == output.read_text(encoding="utf-8").count("PokerStars Hand #")
    assert {row["fault"] for row in rows} <= {None, "wrong_winner", "odd_chip_wrong"}
    assert "Pot Limit" in output.read_text(encoding="utf-8")
    again = tmp_path / "again.txt"
    args[args.index(str(output))] = str(again)
    assert CliRunner().invoke(_app(), args).exit_code == 0
    assert again.read_bytes() == output.read_bytes()


def test_generate_command_rejects_impossible_requests(tmp_path: Path) -> None:
    output, labels = tmp_path / "hands.txt", tmp_path / "labels.jsonl"
    base = ["generate", "--hands", "5", "--seed", "1", "--output", str(output), "--labels", str(labels)]
    result = CliRunner().invoke(_app(), [*base, "--game", "omaha", "--fault", "hi_lo_split_wrong"])
    assert result.exit_code == 2
    assert not output.exists()
    result = CliRunner().invoke(_app(), [*base, "--players", "1-4"])
    assert result.exit_code == 2


def test_the_names_the_command_lists_are_the_generators_own() -> None:
    # (generate_cmd writes them out so that `--help` does not load the generator)
    from omaha_audit.cli import generate_cmd
    from omaha_audit.generate.config import GENERATED_GAMES, GENERATED_STRUCTURES, STUD_DRAW_GAMES

    assert tuple(game.value for game in GENERATED_GAMES + STUD_DRAW_GAMES) == generate_cmd.GAMES
    assert tuple(structure.value for structure in GENERATED_STRUCTURES) == generate_cmd.STRUCTURES
    assert not hasattr(generate_cmd, "ROOMS")  # (the rooms are the registry's: omaha_audit/rooms)
    assert set(generate_cmd.GAME_ALIASES.values()) <= set(generate_cmd.GAMES)


def test_short_game_names_are_accepted_and_unknown_ones_are_a_usage_error(tmp_path: Path) -> None:
    output, labels = tmp_path / "hands.txt", tmp_path / "labels.jsonl"
    base = ["generate", "--hands", "3", "--seed", "1", "-o", str(output), "--labels", str(labels)]
    ok = CliRunner().invoke(_app(), [*base, "--game", "plo", "--structure", "pl"])
    assert ok.exit_code == 0, ok.output
    assert output.read_text(encoding="utf-8").count("Pot Limit") == 3
    bad = CliRunner().invoke(_app(), [*base, "--game", "chess"])
    assert bad.exit_code == 2
    assert "--game 'chess': not one of omaha" in bad.output


def test_the_labels_go_beside_the_output_unless_named(tmp_path: Path) -> None:
    """`--labels` may be left out: the labels are written beside the hands, NAME.labels.jsonl (as the
    bundled sample_histories/ name them)."""
    output = tmp_path / "plo.txt"
    result = CliRunner().invoke(_app(), ["generate", "--hands", "12", "--seed", "2", "--output", str(output)])
    assert result.exit_code == 0, result.output
    labels = tmp_path / "plo.labels.jsonl"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plo.labels.jsonl", "plo.txt"]
    rows = [json.loads(line) for line in labels.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 12 and output.read_text(encoding="utf-8").count("PokerStars Hand #") == 12


def test_the_unfair_deck_forms_the_help_names_are_the_generators_own() -> None:
    from omaha_audit.generate.bias import UNFAIR_SPECS

    result = CliRunner().invoke(_app(), ["generate", "--help"], env={"COLUMNS": "400"})
    assert all(form in result.output for form in UNFAIR_SPECS), result.output


def test_an_unfair_deck_is_seeded_and_a_bad_one_is_a_usage_error(tmp_path: Path) -> None:
    """`--unfair`: the same seed gives the same bytes; the hands differ from the fair deck's; what the deck
    did is said; a form it does not know, a value out of range and a stud or draw game are refused before
    any file is written."""
    base = ["generate", "--hands", "40", "--seed", "4", "--game", "plo", "--players", "6"]
    files = [tmp_path / name for name in ("a.txt", "b.txt", "fair.txt")]
    said = []
    for path, extra in zip(files, (["--unfair", "card=As:0.5"], ["--unfair", "card=As:0.5"], []), strict=True):
        result = CliRunner().invoke(_app(), [*base, "--output", str(path), *extra])
        assert result.exit_code == 0, result.output
        said.append(result.output)
    assert files[0].read_bytes() == files[1].read_bytes() != files[2].read_bytes()
    assert "omaha-audit: an unfair deck (card=As:0.5): card " in said[0] and "an unfair deck" not in said[2]
    worse = CliRunner().invoke(_app(), [*base, "--output", str(files[0]), "--unfair", "hero-worse=1"])
    assert "omaha-audit: an unfair deck (hero-worse=1): hero 40 times" in worse.output
    for spec, message in (
        ("card=Zz:0.2", "not a card: 'Zz'"),
        ("repeat=2", "a chance above 0 and at most 1, not 2"),
        ("strong-seat=11:1", "seat '11' is not a seat number from 1 to 10"),
        ("luck=1", "unknown name"),
        ("repeat", "no value"),
    ):
        target = tmp_path / "refused.txt"
        result = CliRunner().invoke(_app(), [*base, "--output", str(target), "--unfair", spec])
        assert result.exit_code == 2 and message in result.output, (spec, result.output)
        assert not target.exists()
    result = CliRunner().invoke(
        _app(), [*base, "--game", "razz", "--output", str(tmp_path / "r.txt"), "--unfair", "repeat=0.5"]
    )
    assert result.exit_code == 2 and "the flop games only" in result.output
