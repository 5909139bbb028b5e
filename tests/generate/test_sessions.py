"""Table sessions (`generate --sessions`): what the sessions themselves must be (stacks carried over, the
button moving as the room moves it, hand numbers and times rising, each table's hands consecutive), and a
CI-sized run of benchmarks/audit_accuracy.py --sessions: every continuity fault found, no false alarm on
clean session hands."""

from __future__ import annotations

import io
import itertools
import json
from dataclasses import replace
from pathlib import Path

import pytest
import typer
from devtools.accuracy import Accuracy, measure
from gen_helpers import by_table, end_chips, problems, read_back
from typer.testing import CliRunner

from omaha_audit.cli.generate_cmd import generate_command
from omaha_audit.generate import GenerateConfig, generate, session_fault_names
from omaha_audit.generate.config import FIXED_LIMIT_LEVELS, TOURNAMENT_LEVELS
from omaha_audit.generate.faults_table import session_rooms, table_fault_codes
from omaha_audit.generate.record import HandRecord, Post
from omaha_audit.generate.sessions import SessionRun
from omaha_audit.generate.writers import cannot_show
from omaha_audit.model import Structure
from omaha_audit.rooms import preset_of

SESSION_ROOMS = session_rooms()
ROOMS = sorted(SESSION_ROOMS)
# The fast tests run the accuracy measure on the PokerStars text; the suite's whole run, on every room's.
ROOMS_PARAMS = [room if room == "pokerstars" else pytest.param(room, marks=pytest.mark.slow) for room in ROOMS]
Runs = dict[str, list[tuple[HandRecord, dict[str, object]]]]


def _records(config: GenerateConfig) -> list[tuple[HandRecord, dict[str, object]]]:
    return list(SessionRun(config).hands())


def _seat_of(rec: HandRecord, tag: str) -> int | None:
    return next((p.seat for p in rec.seats if tag in p.positions and not p.sitting_out), None)


def _clockwise(start: int, seats: set[int]) -> list[int]:
    ordered = sorted(seats)
    return [s for s in ordered if s > start] + [s for s in ordered if s <= start]


def _between(start: int, end: int, seat: int) -> bool:
    return start < seat < end if start < end else seat > start or seat < end


@pytest.fixture(scope="module")
def clean_runs() -> Runs:
    return {
        room: _records(GenerateConfig(hands=1_500, seed=5, sessions=True, tables=5, room=room, tournament_share=0.3))
        for room in ("pokerstars", "winamax")
    }


def test_default_mode_is_unchanged_by_the_new_options() -> None:
    config = GenerateConfig(hands=40, seed=3, fault_rate=0.3)
    first, second = io.StringIO(), io.StringIO()
    generate(config, first, io.StringIO())
    generate(replace(config, tables=9), second, io.StringIO())  # `tables` means nothing without `sessions`
    assert first.getvalue() == second.getvalue()


@pytest.mark.integration  # (a generator-sized run, generated and audited: tests/conftest.py)
def test_sessions_are_reproducible_and_read_back_cleanly(tmp_path: Path) -> None:
    for room in ROOMS:
        config = GenerateConfig(hands=300, seed=9, sessions=True, tables=3, room=room, fault_rate=0.3)
        texts = []
        for _ in range(2):
            text, labels = io.StringIO(), io.StringIO()
            summary = generate(config, text, labels)
            texts.append((text.getvalue(), labels.getvalue()))
        assert texts[0] == texts[1], room
        assert summary.hands == 300 == len(texts[0][1].splitlines())
        items = read_back(texts[0][0], tmp_path, f"{room}.txt")
        assert len(items) == 300 and not problems(items), (room, problems(items)[:3])


def test_stacks_carry_over_and_tables_stay_consecutive(clean_runs: Runs) -> None:
    """At most one stack changes between two hands of a table (a top-up or re-buy at a cash table), every
    other player listed in both starts with what they ended with, and at least two players stay."""
    for room, records in clean_runs.items():
        for table, hands in by_table(records).items():
            for before, after in itertools.pairwise(hands):
                ends = end_chips(before)
                common = [p for p in after.seats if p.name in ends]
                moved = [p.name for p in common if p.stack != ends[p.name]]
                assert len(common) >= 2, (room, table, after.hand_id)
                assert len(moved) <= 1, (room, after.hand_id, moved)
                if moved:
                    assert after.cash and "top-up" in after.tags, (room, after.hand_id, moved)


def test_hand_numbers_and_times_rise_across_the_run(clean_runs: Runs) -> None:
    for records in clean_runs.values():
        ids = [int(rec.hand_id) for rec, _ in records]
        assert ids == sorted(ids) and len(set(ids)) == len(ids)
        for hands in by_table(records).values():
            times = [rec.started for rec in hands]
            assert all(_moment(a) < _moment(b) for a, b in itertools.pairwise(times))
            levels = [rec.stakes.level for rec in hands if not rec.cash]
            assert levels == sorted(levels, key=_roman)  # tournament levels only rise
            for rec in hands:  # one level, one set of blinds
                assert rec.cash or (rec.stakes.small_blind, rec.stakes.big_blind) == _level_blinds(rec)


def _level_blinds(rec: HandRecord) -> tuple[int, int]:
    if rec.structure is Structure.FIXED_LIMIT:
        _, small_bet, _, _ = next(row for row in FIXED_LIMIT_LEVELS if row[0] == rec.stakes.level)
        return small_bet // 2, small_bet
    _, small, big, _ = next(row for row in TOURNAMENT_LEVELS if row[0] == rec.stakes.level)
    return small, big


def _moment(text: str) -> tuple[int, ...]:
    day, _, time = text.partition(" ")
    return tuple(int(part) for part in day.split("/") + time.split(":"))


def _roman(level: str | None) -> int:
    values = {"I": 1, "V": 5, "X": 10}
    digits = [values[c] for c in level or ""]
    return sum(-d if i + 1 < len(digits) and digits[i + 1] > d else d for i, d in enumerate(digits))


def test_the_button_moves_as_the_room_moves_it(clean_runs: Runs) -> None:
    """PokerStars: to the next player dealt in both hands, the blinds after it. Winamax (dead button): the
    big blind to the next player dealt in after the last one, the button to the last small blind's seat
    (where there was none, a seat between the last button and big blind). Heads-up: the player who had the
    big blind gets the button and posts the small blind."""
    for room, records in clean_runs.items():
        dead = SESSION_ROOMS[room].judged == "dead"
        for hands in by_table(records).values():
            for before, after in itertools.pairwise(hands):
                dealt_before = {p.seat for p in before.dealt}
                dealt = {p.seat for p in after.dealt}
                big_before = _seat_of(before, "big blind")
                assert big_before is not None
                if len(dealt) == 2:
                    assert _seat_of(after, "small blind") == after.button, after.hand_id
                    if big_before in dealt:
                        assert after.button == big_before, after.hand_id
                    continue
                if not dead:
                    assert after.button == _clockwise(before.button, dealt & dealt_before)[0], after.hand_id
                    assert _seat_of(after, "small blind") == _clockwise(after.button, _plain(after))[0]
                    continue
                assert _seat_of(after, "big blind") == _clockwise(big_before, dealt)[0], after.hand_id
                small_before = _seat_of(before, "small blind")
                if small_before is not None:
                    assert after.button == small_before, after.hand_id
                else:
                    assert _between(before.button, big_before, after.button), after.hand_id


def _plain(rec: HandRecord) -> set[int]:
    """The seats dealt in that post no extra blind (missed blinds, a big blind out of position)."""
    extra = {
        line.player
        for line in rec.body
        if isinstance(line, Post)
        and (
            line.what == "small & big blinds"
            or (line.what == "big blind" and "big blind" not in rec.player(line.player).positions)
        )
    }
    return {p.seat for p in rec.dealt if p.name not in extra}


def test_sessions_show_every_feature(clean_runs: Runs) -> None:
    tags: set[str] = set()
    for records in clean_runs.values():
        for rec, _ in records:
            tags |= rec.tags
    wanted = {
        "sits-out",
        "returned",
        "returned-posting",
        "new-player",
        "new-player-posted",
        "new-player-in-big-blind",
        "player-left",
        "top-up",
        "left-short",
        "to-heads-up",
        "from-heads-up",
        "dead-small-blind",
        "level-up",
        "tournament",
        "cash",
    }
    assert wanted <= tags, wanted - tags


def test_session_rooms_match_the_auditors_presets() -> None:
    for room, support in SESSION_ROOMS.items():
        house = preset_of(room, room)
        assert house.button_mode == support.judged, room
        assert house.missed_small_blind_owed == support.small_owed, room
        assert set(support.modes) <= {"moving", "dead"}
        assert support.judged == "either" or support.modes == (support.judged,)


def test_labels_name_continuity_faults_on_the_later_hand() -> None:
    config = GenerateConfig(hands=600, seed=4, sessions=True, tables=4, fault_rate=0.5, tournament_share=0.4)
    text, labels = io.StringIO(), io.StringIO()
    summary = generate(config, text, labels)
    rows = [json.loads(line) for line in labels.getvalue().splitlines()]
    codes = table_fault_codes("pokerstars")
    assert set(summary.faults) == set(session_fault_names())
    for row in rows:
        assert set(row) == {"hand_id", "fault", "expected_codes"}
        assert row["expected_codes"] == (list(codes[row["fault"]]) if row["fault"] else [])
    clean = [rec for rec, label in _records(config) if label["fault"] is None and not rec.cash]
    for hands in by_table([(rec, {}) for rec in clean]).values():  # faults change no clean hand's level
        levels = [rec.stakes.level for rec in hands]
        assert levels == sorted(levels, key=_roman), levels
    duplicates = [row for row in rows if row["fault"] == "duplicate_hand_different_text"]
    for row in duplicates:  # the copy carries the label; the first record before it is clean
        index = rows.index(row)
        assert rows[index - 1] == {"hand_id": row["hand_id"], "fault": None, "expected_codes": []}


def _app() -> typer.Typer:
    app = typer.Typer()
    app.command("generate")(generate_command)

    @app.callback()
    def root() -> None:
        """Test app."""

    return app


def test_cli_writes_sessions_and_refuses_per_hand_faults_in_them(tmp_path: Path) -> None:
    out, labels = tmp_path / "s.txt", tmp_path / "s.jsonl"
    base = ["generate", "--hands", "200", "--seed", "2", "--output", str(out), "--labels", str(labels)]
    args = [*base, "--sessions", "--tables", "3", "--fault-rate", "0.3", "--fault", "button_skips_seat"]
    result = CliRunner().invoke(_app(), args)
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in labels.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 200 and {row["fault"] for row in rows} == {None, "button_skips_seat"}
    result = CliRunner().invoke(_app(), [*base, "--sessions", "--fault-rate", "0.3", "--fault", "wrong_winner"])
    assert result.exit_code != 0 and "continuity" in result.output
    result = CliRunner().invoke(_app(), [*base, "--fault-rate", "0.3", "--fault", "chips_vanish"])
    assert result.exit_code != 0


# A CI-sized run of benchmarks/audit_accuracy.py --sessions, per room.


@pytest.mark.integration  # (a generator-sized run, generated and audited: tests/conftest.py)
@pytest.mark.parametrize("room", ROOMS_PARAMS)
def test_every_continuity_fault_is_found(room: str, tmp_path: Path) -> None:
    accuracy = Accuracy()
    config = GenerateConfig(
        hands=2_000, seed=31, sessions=True, tables=6, fault_rate=0.5, tournament_share=0.4, room=room
    )
    measure(tmp_path, config, accuracy)
    print(accuracy.report())
    assert accuracy.unreadable == 0
    assert set(accuracy.faulty) == set(session_fault_names()) - cannot_show(room)  # (Full Tilt: no level)
    assert all(count >= 25 for count in accuracy.faulty.values()), accuracy.faulty
    for fault in accuracy.faulty:
        assert accuracy.found[fault] == accuracy.faulty[fault], accuracy.report()


@pytest.mark.integration  # (a generator-sized run, generated and audited: tests/conftest.py)
@pytest.mark.parametrize("room", ROOMS_PARAMS)
def test_clean_sessions_raise_no_alarm(room: str, tmp_path: Path) -> None:
    accuracy = Accuracy()
    measure(tmp_path, GenerateConfig(hands=2_500, seed=32, sessions=True, tables=6, room=room), accuracy)
    print(accuracy.report())
    assert accuracy.clean == 2_500 and accuracy.unreadable == 0
    assert not accuracy.false_alarms, accuracy.report()
