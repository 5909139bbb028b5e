"""`omaha-audit watch DIR` (issue 38, item 3): each hand a room appends is audited once it is complete, with
the rules across hands; a watch killed at any point and started again audits every hand exactly once; files
rotated, truncated or rewritten by the room are followed. The first tests drive the watch in this process
with a clock of their own (when the file counts as quiet); the last run the command as a room's folder is
written, with the system's change notifications (watchfiles). No wall time is asserted: the latency from a
hand's last line to its finding is measured by benchmarks/watch_latency.py."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from room_writer import RoomHand, session_hands, table_file, write_hand, write_room

from omaha_audit.rules.registry import ALL_RULES
from omaha_audit.run.pipeline import Auditor
from omaha_audit.run.watch import Batch, FolderWatch, StateProblem

MAIN = "from omaha_audit.cli.app import main; main()"
QUIET = 1.0  # seconds added to the clock: every file counts as quiet (past --settle, short of --stale)
BUSY = -100.0  # every file counts as just written


@pytest.fixture
def room(tmp_path: Path) -> Path:
    folder = tmp_path / "room"
    folder.mkdir()
    return folder


@pytest.fixture(scope="module")
def hands() -> list[RoomHand]:
    return session_hands(45, seed=11, fault_rate=0.5, tables=3)


def one_table(hands: list[RoomHand]) -> list[RoomHand]:
    table = hands[0].table
    return [hand for hand in hands if hand.table == table]


class InProcess:
    """A FolderWatch on `folder` whose clock is time.time() + `ahead` (QUIET or BUSY), its batches kept."""

    def __init__(self, folder: Path, state: Path | None = None, stale: float = 30.0) -> None:
        state = state if state is not None else folder.parent / "state.json"
        self.ahead = QUIET
        self.batches: list[Batch] = []
        self.watch = FolderWatch(
            folder,
            state,
            Auditor(None, ALL_RULES),
            self.batches.append,
            stale=stale,
            clock=lambda: time.time() + self.ahead,
        )

    def look(self, ahead: float = QUIET) -> list[str]:
        """Look at every file; the hand numbers audited (copies left out)."""
        self.ahead = ahead
        before = len(self.batches)
        self.watch.catch_up()
        return [
            audited.item.hand_id or "?"
            for batch in self.batches[before:]
            for audited in batch.hands
            if not audited.copy
        ]


def numbers(hands: list[RoomHand]) -> list[str]:
    return [hand.number for hand in hands]


def test_the_last_hand_is_complete_at_the_blank_line_after_it(room: Path, hands: list[RoomHand]) -> None:
    table = one_table(hands)
    path = table_file(room, table[0].table)
    watch = InProcess(room)
    write_hand(path, table[0])  # (the hand, then the blank lines the room writes after it)
    assert watch.look(BUSY) == [table[0].number]
    assert watch.look(BUSY) == []


def test_the_last_hand_with_no_blank_line_is_complete_once_the_file_is_quiet(room: Path, hands: list[RoomHand]) -> None:
    table = one_table(hands)
    path = table_file(room, table[0].table)
    watch = InProcess(room)
    path.write_text(table[0].text + table[1].text.rstrip("\n") + "\n", encoding="utf-8")
    assert watch.look(BUSY) == [table[0].number]  # (the next header shows the first complete)
    assert watch.look(BUSY) == []
    assert watch.look(QUIET) == [table[1].number]
    assert watch.look(QUIET) == []
    assert [hand["line"] for hand in watch.watch.record.hands] == [1, len(table[0].text.splitlines()) + 1]


def test_a_hand_half_written_waits_for_the_rest(room: Path, hands: list[RoomHand]) -> None:
    table = one_table(hands)
    path = table_file(room, table[0].table)
    watch = InProcess(room)
    lines = table[0].text.splitlines(keepends=True)
    half = len(lines) // 2
    path.write_text("".join(lines[:half]), encoding="utf-8")
    assert watch.look(BUSY) == []
    assert watch.look(QUIET) == []  # (no summary yet: the reader would read it, but it is not complete)
    with path.open("a", encoding="utf-8", newline="") as stream:
        stream.write(lines[half][:5])  # (a line cut in the middle)
    assert watch.look(BUSY) == []
    with path.open("a", encoding="utf-8", newline="") as stream:
        stream.write(lines[half][5:] + "".join(lines[half + 1 :]))
    assert watch.look(QUIET) == [table[0].number]
    record = watch.watch.record
    assert [hand["line"] for hand in record.hands] == [1]
    assert record.tally.unreadable == 0


def test_unreadable_text_at_the_end_is_reported_once_stale(room: Path, hands: list[RoomHand]) -> None:
    table = one_table(hands)
    path = table_file(room, table[0].table)
    watch = InProcess(room)
    write_hand(path, table[0])
    with path.open("a", encoding="utf-8") as stream:
        stream.write("this line is no hand\nnor is this one\n")
    assert watch.look(QUIET) == [table[0].number]  # (the hand is complete; the text after it waits)
    assert watch.watch.record.tally.unreadable == 0
    watch.look(100.0)  # (stale: reported as it stands)
    record = watch.watch.record
    assert record.tally.unreadable == 1
    unreadable = [finding for finding in record.findings if finding["code"] == "OA101"]
    lines = len(table[0].text.splitlines())
    assert [(finding["path"], finding["line"]) for finding in unreadable] == [(str(path), lines + 1)]
    write_hand(path, table[1])  # (the file goes on: the line numbers follow)
    assert watch.look(QUIET) == [table[1].number]
    assert record.hands[-1]["line"] == lines + 3


def test_rules_across_hands_judge_each_hand_against_its_tables_last(room: Path, hands: list[RoomHand]) -> None:
    """The findings across hands of the folder written a hand at a time are those of `audit` on the whole
    folder (one file per table, each in order)."""
    watch = InProcess(room)
    for hand in hands:
        write_hand(table_file(room, hand.table), hand)
        watch.look(QUIET)
    assert sorted(hand["hand_id"] for hand in watch.watch.record.hands) == sorted(numbers(hands))
    assert _keys(watch.watch.record.findings) == _keys(_audit(room)["findings"])
    assert any(finding["code"].startswith("OA7") for finding in watch.watch.record.findings)


def test_a_restart_goes_on_where_the_last_run_stopped(room: Path, hands: list[RoomHand]) -> None:
    state = room.parent / "state.json"
    first = InProcess(room, state)
    for hand in hands[:20]:
        write_hand(table_file(room, hand.table), hand)
    assert sorted(first.look(QUIET)) == sorted(numbers(hands[:20]))
    for hand in hands[20:]:
        write_hand(table_file(room, hand.table), hand)
    second = InProcess(room, state)
    assert len(second.watch.record.hands) == 20
    assert sorted(second.look(QUIET)) == sorted(numbers(hands[20:]))
    assert sorted(hand["hand_id"] for hand in second.watch.record.hands) == sorted(numbers(hands))
    assert _keys(second.watch.record.findings) == _keys(_audit(room)["findings"])


def test_killed_between_the_journal_and_the_state(
    room: Path, hands: list[RoomHand], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The journal is appended before the state is saved: a run killed between the two leaves journal lines
    the state does not count, cut off by the next run, which audits those hands again, once."""
    state = room.parent / "state.json"
    first = InProcess(room, state)
    for hand in hands[:10]:
        write_hand(table_file(room, hand.table), hand)
    first.look(QUIET)
    saved = state.read_bytes()
    for hand in hands[10:]:
        write_hand(table_file(room, hand.table), hand)

    def killed(self: FolderWatch) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(FolderWatch, "save", killed)
    with pytest.raises(KeyboardInterrupt):
        first.look(QUIET)
    monkeypatch.undo()
    assert state.read_bytes() == saved
    second = InProcess(room, state)
    assert len(second.watch.record.hands) == 10
    second.look(QUIET)
    assert sorted(hand["hand_id"] for hand in second.watch.record.hands) == sorted(numbers(hands))
    assert _keys(second.watch.record.findings) == _keys(_audit(room)["findings"])


def test_a_file_renamed_away_keeps_its_place(room: Path, hands: list[RoomHand]) -> None:
    """The room rotates its file: renamed (with a hand the watch has not read yet), a new one started."""
    table = one_table(hands)
    path = table_file(room, table[0].table)
    watch = InProcess(room)
    for hand in table[:4]:
        write_hand(path, hand)
    watch.look(QUIET)
    write_hand(path, table[4])
    path.rename(path.with_name(path.name + ".1"))
    for hand in table[5:8]:
        write_hand(path, hand)
    watch.look(QUIET)
    record = watch.watch.record
    assert [hand["hand_id"] for hand in record.hands] == numbers(table[:8])
    assert record.hands[4]["path"] == str(path) + ".1"
    assert record.tally.copies == 0


def test_a_file_truncated_or_rewritten_is_read_again(room: Path, hands: list[RoomHand]) -> None:
    """Emptied and written again, or rewritten with other text before the offset the watch had reached
    (its first hand as it was, then others, past that offset before the watch looks): read from its start;
    a hand audited already is an identical copy, counted as one, not audited again."""
    table = one_table(hands)
    path = table_file(room, table[0].table)
    watch = InProcess(room)
    for hand in table[:3]:
        write_hand(path, hand)
    assert watch.look(QUIET) == numbers(table[:3])
    path.write_text("", encoding="utf-8")
    assert watch.look(QUIET) == []
    for hand in table[3:5]:
        write_hand(path, hand)
    assert watch.look(QUIET) == numbers(table[3:5])
    # the same first hand, then others: the same head, other bytes before the old offset, and longer
    rewritten = table[3].text + table[5].text + table[6].text
    assert len(rewritten) > len(table[3].text + table[4].text)
    path.write_text(rewritten, encoding="utf-8")
    assert watch.look(QUIET) == numbers(table[5:7])
    record = watch.watch.record
    assert record.tally.copies == 1
    assert [hand["hand_id"] for hand in record.hands] == [*numbers(table[:5]), table[3].number, *numbers(table[5:7])]
    # written again as it was, and more: only the new hands are read
    path.write_text(rewritten + table[7].text, encoding="utf-8")
    assert watch.look(QUIET) == [table[7].number]
    assert record.tally.copies == 1


def test_a_state_of_another_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    state = tmp_path / "state.json"
    InProcess(tmp_path / "a", state).watch.save()
    with pytest.raises(StateProblem, match="another folder"):
        InProcess(tmp_path / "b", state)


# the command, driven by the system's change notifications


class Watcher:
    """`omaha-audit watch` in a process of its own, its standard output read as it comes."""

    def __init__(self, folder: Path, output: Path, *extra: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", MAIN, "watch", str(folder), "--json", str(output), *extra],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.output = output
        self.lines: list[tuple[float, str]] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append((time.time(), line))

    def stop(self, how: int = signal.SIGTERM) -> tuple[int, str]:
        self.process.send_signal(how)
        _, err = self.process.communicate(timeout=60)
        self.reader.join(timeout=10)
        return self.process.returncode, err


def wait_for(condition: Callable[[], bool], timeout: float = 90.0) -> None:
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            pytest.fail("the watch did not get there in time")
        time.sleep(0.05)


def audited(output: Path) -> int:
    try:
        return int(json.loads(output.read_text(encoding="utf-8"))["summary"]["hands"])
    except (OSError, ValueError):
        return -1


def test_the_watch_prints_each_hands_findings_as_the_room_writes_it(tmp_path: Path, hands: list[RoomHand]) -> None:
    room = tmp_path / "room"
    room.mkdir()
    output = tmp_path / "watch.json"
    watcher = Watcher(room, output, "--html", str(tmp_path / "watch.html"))
    write_room(room, hands, line_pause=0.0005)
    wait_for(lambda: audited(output) == len(hands))
    code, err = watcher.stop(signal.SIGINT)
    assert code == 130, err
    assert "Traceback" not in err
    assert err.strip().splitlines()[-1].startswith("omaha-audit: watch stopped; 45 hands audited")
    document = json.loads(output.read_text(encoding="utf-8"))
    assert sorted(hand["hand_id"] for hand in document["hands"]) == sorted(numbers(hands))
    expected = _audit(room)
    assert _keys(document["findings"]) == _keys(expected["findings"])
    assert document["summary"]["by_code"] == expected["summary"]["by_code"]
    printed = "".join(line for _, line in watcher.lines)
    for finding in expected["findings"]:
        if finding["severity"] != "info":
            assert f"#{finding['hand_id']}" in printed
            assert f"{finding['code']} {finding['severity']:<7}" in printed
    assert not [path.name for path in tmp_path.rglob("*.tmp")]
    page = (tmp_path / "watch.html").read_text(encoding="utf-8")  # (written when the watch stopped)
    assert all(finding["hand_id"] in page for finding in expected["findings"] if finding["severity"] == "error")


def test_a_watch_killed_mid_file_and_started_again_loses_and_repeats_nothing(
    tmp_path: Path, hands: list[RoomHand]
) -> None:
    """SIGKILL (no cleanup at all) three times while the room writes its tables' files, a line at a time;
    the watch started again each time at once. Every hand is in the JSON output exactly once, and the
    findings are the audit's of the finished folder."""
    room = tmp_path / "room"
    room.mkdir()
    output = tmp_path / "watch.json"
    watchers = [Watcher(room, output)]
    kills: list[threading.Thread] = []

    def kill() -> None:
        time.sleep(0.02)  # (the room writes a hand's lines in some 50 ms: the kill comes in mid-hand)
        watchers[-1].process.kill()
        watchers[-1].process.wait()
        watchers.append(Watcher(room, output))

    def before(index: int) -> None:
        if index in (9, 21, 33):
            for thread in kills:
                thread.join()
            kills.append(threading.Thread(target=kill))
            kills[-1].start()

    write_room(room, hands, pause=(0.0, 0.03), before=before, line_pause=0.001)
    for thread in kills:
        thread.join()
    wait_for(lambda: audited(output) == len(hands))
    code, err = watchers[-1].stop()
    assert code == 143, err
    assert [watcher.process.returncode for watcher in watchers[:-1]] == [-signal.SIGKILL] * 3
    document = json.loads(output.read_text(encoding="utf-8"))
    assert sorted(hand["hand_id"] for hand in document["hands"]) == sorted(numbers(hands))
    assert document["summary"]["hands"] == len(hands)
    assert document["summary"]["copies"] == 0
    assert _keys(document["findings"]) == _keys(_audit(room)["findings"])


def test_a_folder_that_is_no_folder_is_a_usage_error(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", MAIN, "watch", str(tmp_path / "missing")], capture_output=True, text=True
    )
    assert done.returncode == 2
    assert done.stderr.startswith("omaha-audit: error: ") and "not a folder" in done.stderr


def _audit(folder: Path) -> dict[str, object]:
    """`audit --format json` of the folder's hand histories (the watch's own files left out)."""
    files = sorted(str(path) for path in folder.iterdir() if not path.name.startswith("."))
    done = subprocess.run(
        [sys.executable, "-c", MAIN, "audit", *files, "--format", "json", "--fail-on", "never"],
        capture_output=True,
        text=True,
        env={**os.environ},
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def _keys(findings: object) -> list[tuple[object, ...]]:
    assert isinstance(findings, list)
    return sorted((f["code"], f["path"], f["line"], f["hand_id"], f["message"]) for f in findings)


def test_a_file_read_whole_gives_its_new_hands_only(room: Path, tmp_path: Path) -> None:
    """An XML history (iPoker) the room rewrites with more hands: read whole each time it changes, the hands
    audited already passed over."""
    from omaha_audit.generate import GenerateConfig, generate

    texts = []
    for count in (4, 7):
        text = io.StringIO()
        generate(GenerateConfig(hands=count, seed=3, room="ipoker"), text, io.StringIO())
        texts.append(text.getvalue())
    assert texts[1].startswith(texts[0])  # (the room's file as it grows)
    path = room / "session.xml"
    watch = InProcess(room)
    path.write_text(texts[0], encoding="utf-8")
    assert watch.look(BUSY) == []
    assert len(watch.look(QUIET)) == 4
    assert watch.look(QUIET) == []
    path.write_text(texts[1], encoding="utf-8")
    assert len(watch.look(QUIET)) == 3
    numbers = [hand["hand_id"] for hand in watch.watch.record.hands]
    assert len(set(numbers)) == 7
    assert _keys(watch.watch.record.findings) == _keys(_audit(room)["findings"])


def test_watch_help_loads_nothing_heavy() -> None:
    probe = (
        "import io, sys\nfrom contextlib import redirect_stdout\nfrom omaha_audit.cli.app import app\n"
        "with redirect_stdout(io.StringIO()):\n    try:\n        app(['watch', '--help'], standalone_mode=False)\n"
        "    except SystemExit:\n        pass\n"
        "heavy = ('watchfiles', 'polars', 'jinja2', 'omaha_audit.run.pipeline', 'omaha_audit.run.watch')\n"
        "print([name for name in heavy if name in sys.modules])"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"
