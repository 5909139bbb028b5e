"""Generated hands in Full Tilt Poker's text (rooms/fulltilt/writer.py) through `omaha-audit generate` and
`audit`, as a user runs them: A-5 triple draw (the one game of the generator that only Full Tilt's text
names) and every stud and draw game Full Tilt dealt. Clean hands get no finding at all; at fault rate 0.5
every fault kind that applies to the games is injected and caught by one of the codes its label expects.
A few hundred hands here; the larger run is marked slow. (Full Tilt's flop games are measured with every
room's in tests/generate/test_generate_then_audit.py.)"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from gen_helpers import assert_audited_as_labelled, generate_and_audit
from typer.testing import CliRunner

from omaha_audit.cli.app import app
from omaha_audit.generate import GenerateConfig, chosen_faults
from omaha_audit.generate.stud_draw import STUD_DRAW_GAMES
from omaha_audit.generate.writers import cannot_show, runs_twice, stud_draw_written
from omaha_audit.model import Game

A5 = ("triple-draw-a-5",)
ALL = tuple(game.value for game in STUD_DRAW_GAMES)


def _check(games: tuple[str, ...], hands: int, tmp_path: Path) -> None:
    text = assert_audited_as_labelled("fulltilt", games, hands, tmp_path)
    dealt = set(re.findall(r" - Limit (.+?) - \d", text))
    assert len(dealt) == len(games), dealt


@pytest.mark.parametrize("games", [A5, ALL], ids=["a-5-triple-draw", "every-stud-and-draw-game"])
def test_generated_full_tilt_hands_audit_as_labelled(games: tuple[str, ...], tmp_path: Path) -> None:
    _check(games, 400, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("games", [A5, ALL], ids=["a-5-triple-draw", "every-stud-and-draw-game"])
def test_generated_full_tilt_hands_audit_as_labelled_at_scale(games: tuple[str, ...], tmp_path: Path) -> None:
    _check(games, 4_000, tmp_path)


def test_full_tilt_writes_every_stud_and_draw_game_and_hides_only_what_its_text_cannot_show() -> None:
    assert set(stud_draw_written("fulltilt")) == set(STUD_DRAW_GAMES)
    # (no board run twice, no tournament level in the header, no rake cap in its preset)
    assert cannot_show("fulltilt") == {"run_twice_split_wrong", "level_goes_down", "rake_over_cap"}
    assert not runs_twice("fulltilt")
    draw = GenerateConfig(hands=1, seed=1, room="fulltilt", games=(Game.TRIPLE_DRAW_A_5,), fault_rate=0.5)
    assert {"draw_wrong_count", "odd_chip_wrong", "wrong_hand_description"} <= set(chosen_faults(draw))


def test_only_full_tilts_text_deals_a_5_triple_draw(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app,
        ["generate", "--hands", "3", "--seed", "1", "--game", "a-5-triple-draw", "--output", str(tmp_path / "x")],
    )
    assert result.exit_code == 2
    assert "does not write triple-draw-a-5" in result.output


def test_the_lines_are_full_tilts(tmp_path: Path) -> None:
    """The shapes of the corpus's A-5 and draw hands: the header, the button after the blinds, the draws'
    discards before their deals, the hero standing pat on his hand, the running pot on each draw line."""
    _, _, text = generate_and_audit("fulltilt", A5, 60, 9, "0", tmp_path)
    hand = text.split("\n\n\n")[0].splitlines()
    assert re.fullmatch(
        r"Full Tilt Poker Game #\d+: Table [^(]+?( \((\d max|heads up)\))? - \$[\d.]+/\$[\d.]+ - "
        r"Limit A-5 Triple Draw - \d{1,2}:\d\d:\d\d ET - \d{4}/\d\d/\d\d",
        hand[0],
    ), hand[0]
    blinds = [index for index, line in enumerate(hand) if " posts the " in line]
    assert hand[blinds[-1] + 1].startswith("The button is in seat #")
    assert hand[blinds[-1] + 2] == "*** HOLE CARDS ***"
    assert re.search(r"^\*\*\* FIRST DRAW \*\*\* \(Total Pot: \$[\d.,]+, \d Players(, \d All-In)?\)$", text, re.M)
    assert re.search(r"^\S+ stands pat on \[(\w\w ){4}\w\w\]$", text, re.M)
    assert re.search(r"^\S+ discards \d cards?\n(\S+ (discards \d cards?|stands pat)\n)*\S+ is dealt \d", text, re.M)
    assert re.search(r"^\S+ wins the pot \(\$[\d.,]+\) with ([2-9TJQKA],){4}[2-9TJQKA]$", text, re.M)
    assert re.search(r"^Seat \d: \S+ .*folded before the Draw", text, re.M)


def test_full_tilt_draw_table_sessions_give_total_recall_and_no_false_alarm(tmp_path: Path) -> None:
    """Sessions of A-5 and 2-7 triple draw tables in Full Tilt text: every continuity kind its text can show
    caught, no error or warning on the clean session hands (measured as benchmarks/audit_accuracy.py
    --sessions does). A tournament's level is not in Full Tilt's header: that kind is not injected."""
    from devtools.accuracy import Accuracy, measure

    from omaha_audit.generate import session_fault_names

    games = (Game.TRIPLE_DRAW_A_5, Game.TRIPLE_DRAW_2_7)
    accuracy = Accuracy()
    config = GenerateConfig(hands=1_000, seed=5, games=games, sessions=True, fault_rate=0.5, room="fulltilt")
    measure(tmp_path, config, accuracy)
    measure(tmp_path, GenerateConfig(hands=1_000, seed=6, games=games, sessions=True, room="fulltilt"), accuracy)
    assert set(accuracy.faulty) == set(session_fault_names()) - {"level_goes_down"}, accuracy.report()
    assert accuracy.perfect() and not accuracy.unreadable, accuracy.report()
    assert {game.split()[0] for game in accuracy.games} == {game.value for game in games}


_STOOD_PAT = """Full Tilt Poker Game #32617272179: Table Clackers - FL Badugi - $0.10/$0.20 - 10:18:16 ET - 2013/05/08
Seat 3: Player2 ($5.80)
Seat 4: Player3 ($3.85)
Seat 7: Hero ($5)
Player3 posts the small blind of $0.05
Hero posts the big blind of $0.10
The button is in seat #3
*** HOLE CARDS ***
Dealt to Hero [7s 4s 7h 5c]
Player2 raises to $0.20
Player3 folds
Hero calls $0.10
*** FIRST DRAW *** (Total Pot: $0.45, 2 Players)
Hero discards 1 card [7s]
Player2 discards 2 cards
Dealt to Hero [4s 7h 5c] [2h]
Player2 is dealt 2 cards
Hero checks
Player2 checks
*** SECOND DRAW *** (Total Pot: $0.45, 2 Players)
Hero stands pat on [4s 7h 5c 2h]
Player2 discards 1 card
Player2 is dealt 1 card
Hero checks
Player2 bets $0.20
Hero calls $0.20
*** THIRD DRAW *** (Total Pot: $0.85, 2 Players)
Hero discards 1 card [7h]
Player2 discards 1 card
Dealt to Hero [4s 5c 2h] [Js]
Player2 is dealt 1 card
Hero checks
Player2 checks
*** SHOW DOWN ***
Player2 shows [7d 2c Ah Jd] a 3-Card: 7, 2, A
Hero shows [5c 4s 2h Js] a 3-Card: 5, 4, 2
Hero wins the pot ($0.81) with a 3-Card: 5, 4, 2
*** SUMMARY ***
Total pot $0.85 | Rake $0.04
Seat 3: Player2 (button) showed [7d 2c Ah Jd] and lost with a 3-Card: 7, 2, A
Seat 4: Player3 (small blind) folded before the Draw
Seat 7: Hero (big blind) showed [5c 4s 2h Js] and won ($0.81) with a 3-Card: 5, 4, 2
"""


def _audit_text(text: str, tmp_path: Path) -> list[dict[str, Any]]:
    path = tmp_path / "hands.txt"
    path.write_text(text, encoding="utf-8")
    audited = CliRunner().invoke(app, ["audit", "--format", "jsonl", str(path)])
    assert audited.exit_code in (0, 1), audited.output
    return [json.loads(line) for line in audited.stdout.splitlines() if line.startswith("{")]


def test_standing_pat_on_the_hand_is_the_hand_after_that_draw(tmp_path: Path) -> None:
    """Full Tilt's `Hero stands pat on [..]` (the tournament file of the corpus) holds the hero's hand after that
    draw, and no `Dealt to` line follows: the next draw's cards are judged against that draw's discards only
    (OA207), not against the pat (the shape of the corpus's Badugi hand #32617272179, the hero standing pat on
    the second draw)."""
    assert _audit_text(_STOOD_PAT, tmp_path) == []
    two = _STOOD_PAT.replace("Dealt to Hero [4s 5c 2h] [Js]", "Dealt to Hero [4s 5c 2h] [Js Qs]")
    found = [(row["code"], row["line"], row["actual"]) for row in _audit_text(two, tmp_path) if row["code"] == "OA207"]
    assert found == [("OA207", 30, "2 drawn, 3 kept")]


def _walk(hand_id: int, button: int, blinds: str, stacks: str, outcome: str) -> str:
    return (
        f"Full Tilt Poker Game #{hand_id}: $3 + $0.30 Sit & Go (282265020), Table 32 - 50/100 Ante 10 - No Limit"
        f" Hold'em - 9:5{hand_id % 10}:05 ET - 2026/01/05\n{stacks}{blinds}The button is in seat #{button}\n"
        f"*** HOLE CARDS ***\n{outcome}\n\n\n"
    )


def test_a_dead_button_may_fall_past_the_highest_seat_of_a_table_of_unknown_size(tmp_path: Path) -> None:
    """A Full Tilt tournament table's size is not printed: after a hand whose small blind was dead (its seat
    past the highest seat seen), the dead button goes to that empty seat (OA701 accepts the seats up to the
    largest table's), and nowhere else."""
    seats = "Seat 1: Ann (1,000)\nSeat 2: Bob (1,000)\nSeat 4: Cat (1,000)\nSeat 5: Dan (1,000)\n"
    antes = "".join(f"{name} antes 10\n" for name in ("Ann", "Bob", "Cat", "Dan"))
    first = _walk(
        1001,
        5,
        antes + "Ann posts the big blind of 100\n",
        seats,
        "Bob folds\nCat folds\nDan folds\nUncalled bet of 100 returned to Ann\nAnn mucks\nAnn wins the pot (40)\n"
        "*** SUMMARY ***\nTotal pot 40 | Rake 0\nSeat 1: Ann (big blind) collected (40), mucked\n"
        "Seat 2: Bob didn't bet (folded)\nSeat 4: Cat didn't bet (folded)\nSeat 5: Dan (button) didn't bet (folded)",
    )
    after = "Seat 1: Ann (1,030)\nSeat 2: Bob (990)\nSeat 4: Cat (990)\nSeat 5: Dan (990)\n"

    def second(button: int) -> str:
        return _walk(
            1002,
            button,
            antes + "Ann posts the small blind of 50\nBob posts the big blind of 100\n",
            after,
            "Cat folds\nDan folds\nAnn folds\nUncalled bet of 50 returned to Bob\nBob mucks\nBob wins the pot (140)\n"
            "*** SUMMARY ***\nTotal pot 140 | Rake 0\nSeat 1: Ann (small blind) folded before the Flop\n"
            "Seat 2: Bob (big blind) collected (140), mucked\nSeat 4: Cat didn't bet (folded)\n"
            "Seat 5: Dan didn't bet (folded)",
        )

    assert [row["code"] for row in _audit_text(first + second(6), tmp_path)] == []
    assert "OA701" in [row["code"] for row in _audit_text(first + second(4), tmp_path)]
