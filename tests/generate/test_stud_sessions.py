"""Sessions of stud tables (`generate --sessions --game stud|stud-hi-lo|razz`: generate/session_stud.py): what the
sessions must be (no button and no blinds, every player dealt in posting the ante, stacks carried over,
players coming and going, tournament levels raising the limits, the ante and the bring-in), the continuity
fault kinds that apply to stud (stacks, duplicate hands, levels) found 100% with no false alarm, in PokerStars
text and ACR's, and the kinds about the button and the blinds refused with the reason."""

from __future__ import annotations

import io
import itertools
import re
from dataclasses import replace
from pathlib import Path

import pytest
from devtools.accuracy import Accuracy, measure
from gen_helpers import by_table, end_chips
from typer.testing import CliRunner

from omaha_audit.cli.app import app
from omaha_audit.generate import GenerateConfig, generate
from omaha_audit.generate.faults_table import STUD_NOT_APPLICABLE, table_faults
from omaha_audit.generate.record import HandRecord, Post
from omaha_audit.generate.session_stud import STUD_LEVELS
from omaha_audit.generate.sessions import SessionRun, chosen_table_faults
from omaha_audit.generate.stud_draw import STUD_STAKES
from omaha_audit.model import Game, Hand
from omaha_audit.rules.base import Severity
from omaha_audit.run.pipeline import Auditor

GAMES = {"pokerstars": (Game.STUD, Game.STUD_HI_LO, Game.RAZZ), "acr": (Game.STUD, Game.STUD_HI_LO)}
STUD_KINDS = {name for name in table_faults() if name not in STUD_NOT_APPLICABLE}
Records = list[tuple[HandRecord, dict[str, object]]]


def _config(room: str, hands: int, seed: int, rate: float = 0.0) -> GenerateConfig:
    return GenerateConfig(
        hands=hands,
        seed=seed,
        games=GAMES[room],
        sessions=True,
        tables=5,
        fault_rate=rate,
        tournament_share=0.4,
        room=room,
    )


@pytest.fixture(scope="module")
def clean_records() -> dict[str, Records]:
    return {room: list(SessionRun(_config(room, 1_200, 41)).hands()) for room in GAMES}


def test_stud_tables_have_antes_and_no_button_or_blinds(clean_records: dict[str, Records]) -> None:
    cash_stakes = {(small, big, ante, bring_in) for small, big, ante, bring_in in STUD_STAKES}
    levels = {name: (small, big, ante, bring_in) for name, small, big, ante, bring_in in STUD_LEVELS}
    for room, records in clean_records.items():
        assert {rec.game for rec, _ in records} == set(GAMES[room])
        for rec, _ in records:
            stakes = rec.stakes
            assert rec.button == 0 and stakes.small_blind == 0, rec.hand_id
            limits = (stakes.small_bet, stakes.big_bet, stakes.ante, stakes.bring_in)
            assert limits in cash_stakes if rec.cash else limits == levels[str(stakes.level)], rec.hand_id
            posts = [line for line in rec.body if isinstance(line, Post)]
            assert [post.what for post in posts] == ["the ante"] * len(rec.dealt), rec.hand_id
            assert {post.player for post in posts} == {p.name for p in rec.dealt}
            assert all(post.amount == stakes.ante for post in posts)


def test_stacks_carry_over_and_levels_rise(clean_records: dict[str, Records]) -> None:
    """At most one stack changes between two hands of a table (a cash top-up or re-buy), two players or more
    stay, and a tournament table's level never goes down."""
    for room, records in clean_records.items():
        for hands in by_table(records).values():
            for before, after in itertools.pairwise(hands):
                ends = end_chips(before)
                common = [p for p in after.seats if p.name in ends]
                moved = [p.name for p in common if p.stack != ends[p.name]]
                assert len(common) >= 2 and len(moved) <= 1, (room, after.hand_id, moved)
                assert not moved or (after.cash and "top-up" in after.tags), (room, after.hand_id)
            names = [name for name, *_ in STUD_LEVELS]
            order = [names.index(str(rec.stakes.level)) for rec in hands if not rec.cash]
            assert order == sorted(order)


def test_stud_sessions_show_their_features(clean_records: dict[str, Records]) -> None:
    tags: set[str] = set()
    for records in clean_records.values():
        for rec, _ in records:
            tags |= rec.tags
    wanted = {"sits-out", "returned", "new-player", "new-player-dealt-in", "player-left", "top-up", "left-short"}
    wanted |= {"to-heads-up", "from-heads-up", "level-up", "moved-in", "busted", "tournament", "cash"}
    assert wanted <= tags, wanted - tags
    assert not tags & {"dead-small-blind", "button-on-empty-seat", "missed-blinds", "extra-big-blind"}


def test_the_button_and_blind_kinds_are_refused_at_stud_tables_with_the_reason(tmp_path: Path) -> None:
    for room in GAMES:
        config = _config(room, 10, 1, 0.5)
        assert set(chosen_table_faults(config)) == STUD_KINDS
        for name, reason in STUD_NOT_APPLICABLE.items():
            with pytest.raises(ValueError, match=re.escape(reason)):
                chosen_table_faults(replace(config, faults=(name,)))
    mixed = GenerateConfig(hands=10, seed=1, sessions=True, games=(Game.RAZZ, Game.BADUGI), fault_rate=0.5)
    assert set(chosen_table_faults(mixed)) == set(table_faults())  # (the draw tables take those kinds)
    args = ["generate", "--sessions", "--hands", "3", "--seed", "1", "--game", "razz", "--fault-rate", "0.3"]
    result = CliRunner().invoke(app, [*args, "--fault", "button_skips_seat", "--output", str(tmp_path / "x.txt")])
    words = " ".join(result.output.replace("│", " ").split())  # (the error box wraps the message)
    assert result.exit_code == 2 and "does not apply to stud tables: stud has no button" in words, words
    result = CliRunner().invoke(app, [*args, "--fault", "chips_vanish", "--output", str(tmp_path / "y.txt")])
    assert result.exit_code == 0, result.output


def _recall_and_alarms(room: str, hands: int, tmp_path: Path) -> Accuracy:
    """Every kind that applies to stud injected and found; no error or warning on the clean hands."""
    accuracy = Accuracy()
    measure(tmp_path, _config(room, hands, 43, 0.5), accuracy)
    measure(tmp_path, _config(room, hands, 44), accuracy)
    assert set(accuracy.faulty) == STUD_KINDS, accuracy.report()
    assert accuracy.perfect() and not accuracy.unreadable and not accuracy.reading, accuracy.report()
    assert {game.split()[0] for game in accuracy.games} == {game.value for game in GAMES[room]}, accuracy.report()
    return accuracy


def _quiet(room: str, hands: int, seed: int, tmp_path: Path) -> None:
    """Clean stud sessions audited: no finding of any severity on any hand, but the info finding of OA705 on a
    cash player's top-up between two hands (the room allows it), and only on the hands that have one."""
    config = _config(room, hands, seed)
    text = io.StringIO()
    generate(config, text, io.StringIO())
    topped = {rec.hand_id for rec, _ in SessionRun(config).hands() if "top-up" in rec.tags}
    file = tmp_path / f"{room}-clean.txt"
    file.write_text(text.getvalue(), encoding="utf-8", newline="")
    auditor = Auditor(keep_text=False)
    read = 0
    for audited in auditor.audit_files([file]):
        assert isinstance(audited.item, Hand)
        assert not audited.findings, [(f.code, f.message) for f in audited.findings]
        read += 1
    assert read == hands
    infos = {finding.hand_id for finding in auditor.across if finding.code == "OA705"}
    others = [(f.code, f.hand_id) for f in auditor.across if f.code != "OA705" or f.severity is not Severity.INFO]
    assert not others and infos <= topped and infos, (others, infos - topped)


@pytest.mark.parametrize("room", sorted(GAMES))
def test_stud_sessions_give_total_recall_and_no_false_alarm(room: str, tmp_path: Path) -> None:
    _recall_and_alarms(room, 350, tmp_path)
    _quiet(room, 350, 45, tmp_path)


@pytest.mark.slow
@pytest.mark.integration  # (a generator-sized run, generated and audited: tests/conftest.py)
@pytest.mark.parametrize("room", sorted(GAMES))
def test_stud_sessions_full_size(room: str, tmp_path: Path) -> None:
    accuracy = _recall_and_alarms(room, 1_500, tmp_path)
    assert all(count >= 25 for count in accuracy.faulty.values()), accuracy.report()
    _quiet(room, 1_500, 46, tmp_path)


def test_a_stud_level_dealt_at_two_sets_of_limits_is_reported_in_the_small_bet(tmp_path: Path) -> None:
    """OA707 on stud hands: the level and the limits in the header (a stud hand's figure is its small bet)."""
    config = GenerateConfig(hands=60, seed=7, games=(Game.RAZZ,), sessions=True, tables=1, tournament_share=1.0)
    text = io.StringIO()
    generate(config, text, io.StringIO())
    hands = text.getvalue().split("\n\n\n")
    header = re.compile(r"Level (\w+) \((\d+)/(\d+)\)")
    index = next(
        i
        for i in range(1, len(hands))
        if (a := header.search(hands[i - 1])) and (b := header.search(hands[i])) and a.group(1) == b.group(1)
    )
    match = header.search(hands[index])
    assert match is not None
    small, big = int(match.group(2)), int(match.group(3))
    hands[index] = hands[index].replace(match.group(0), f"Level {match.group(1)} ({small * 2}/{big * 2})", 1)
    file = tmp_path / "razz.txt"
    file.write_text("\n\n\n".join(hands), encoding="utf-8", newline="")
    auditor = Auditor(keep_text=False)
    list(auditor.audit_files([file]))
    changed = header_id(hands[index])
    found = [finding for finding in auditor.across if finding.code == "OA707" and finding.hand_id == changed]
    assert len(found) == 1, [(f.code, f.hand_id) for f in auditor.across]
    assert found[0].expected == str(small) and found[0].actual == str(small * 2) and "None" not in found[0].message


def header_id(hand: str) -> str:
    match = re.search(r"Hand #(\d+)", hand)
    assert match is not None
    return match.group(1)
