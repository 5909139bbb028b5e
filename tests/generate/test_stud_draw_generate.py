"""Generated stud and draw hands (generate/stud_draw.py) through `omaha-audit generate` and `audit`, as a user
runs them: clean hands get no finding at all (each is replayed: no `OA102` either), and at fault rate 0.5
every fault kind that applies to the games is injected and caught by one of the codes its label expects, in
PokerStars text (all seven games) and in ACR's (stud and stud hi/lo, the stud games ACR deals). A few hundred
hands per room here; the larger run is marked slow."""

from __future__ import annotations

from pathlib import Path

import pytest
from gen_helpers import assert_audited_as_labelled
from typer.testing import CliRunner

from omaha_audit.cli.app import app
from omaha_audit.generate import GenerateConfig, chosen_faults
from omaha_audit.generate.faults import all_faults
from omaha_audit.generate.faults_stud_draw import NOT_APPLICABLE, stud_draw_faults
from omaha_audit.generate.writers import stud_draw_written
from omaha_audit.model import Game

STARS_GAMES = stud_draw_written("pokerstars")  # (the generator deals A-5 triple draw besides: Full Tilt text only)
ALL_GAMES = tuple(game.value for game in STARS_GAMES)
ROOMS = {"pokerstars": ALL_GAMES, "acr": ("stud", "stud-hi-lo")}


@pytest.mark.parametrize("room", ROOMS)
def test_generated_stud_and_draw_hands_audit_as_labelled(room: str, tmp_path: Path) -> None:
    assert_audited_as_labelled(room, ROOMS[room], 400, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("room", ROOMS)
def test_generated_stud_and_draw_hands_audit_as_labelled_at_scale(room: str, tmp_path: Path) -> None:
    assert_audited_as_labelled(room, ROOMS[room], 4_000, tmp_path)


def test_every_flop_fault_kind_applies_to_stud_and_draw_or_is_listed_with_its_reason() -> None:
    for name in all_faults():
        assert (name in stud_draw_faults()) != (name in NOT_APPLICABLE), name
    assert set(stud_draw_faults()) - set(all_faults()) == {
        "bring_in_wrong_player",
        "bring_in_over_small_bet",
        "draw_wrong_count",
    }


def test_stud_kinds_and_draw_kinds_go_to_their_own_games() -> None:
    stud = GenerateConfig(hands=1, seed=1, games=(Game.STUD,), fault_rate=0.5)
    draw = GenerateConfig(hands=1, seed=1, games=(Game.BADUGI,), fault_rate=0.5)
    assert {"bring_in_wrong_player", "bring_in_over_small_bet", "odd_chip_wrong"} <= set(chosen_faults(stud))
    assert not {"wrong_blind_amount", "wrong_blind_seat", "draw_wrong_count"} & set(chosen_faults(stud))
    assert {"wrong_blind_amount", "wrong_blind_seat", "draw_wrong_count", "odd_chip_wrong"} <= set(chosen_faults(draw))
    assert not {"bring_in_wrong_player", "hi_lo_split_wrong"} & set(chosen_faults(draw))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "razz", "--room", "acr"], "does not write razz"),
        (["--game", "stud", "--game", "omaha"], "runs of their own"),
        (["--game", "stud", "--fault", "over_pot_raise"], "fixed limit"),
        (["--game", "badugi", "--structure", "pot-limit"], "fixed limit only"),
    ],
)
def test_stud_and_draw_runs_refuse_what_they_cannot_deal(args: list[str], message: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["generate", "--hands", "3", "--seed", "1", "--output", str(tmp_path / "x.txt"), *args]
    )
    assert result.exit_code == 2
    assert message in result.output


def test_draw_table_sessions_give_total_recall_and_no_false_alarm(tmp_path: Path) -> None:
    """Sessions of draw tables (blinds and a button, as flop tables): every continuity kind caught, no error or
    warning on the clean session hands (measured as benchmarks/audit_accuracy.py --sessions does)."""
    from devtools.accuracy import Accuracy, measure

    from omaha_audit.generate import session_fault_names

    games = tuple(game for game in STARS_GAMES if game.is_draw)
    accuracy = Accuracy()
    measure(tmp_path, GenerateConfig(hands=1_500, seed=5, games=games, sessions=True, fault_rate=0.5), accuracy)
    measure(tmp_path, GenerateConfig(hands=1_500, seed=6, games=games, sessions=True), accuracy)
    assert set(accuracy.faulty) == set(session_fault_names()), accuracy.report()
    assert accuracy.perfect() and not accuracy.unreadable, accuracy.report()
    assert {game.split()[0] for game in accuracy.games} == {game.value for game in games}


# (Sessions of stud tables: tests/generate/test_stud_sessions.py.)
