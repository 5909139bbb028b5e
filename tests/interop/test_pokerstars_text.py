"""PokerStars text out (omaha_audit/interop/pokerstars_text.py): every corpus hand of every room that the
format can carry is written as PokerStars text, read back by our PokerStars reader, and must say the
same thing (tests/interop/roundtrip.py `carried`: table, players, chips, every line in order, cards,
awards, the pot figures the room printed); the hands it cannot carry are counted by reason, and each
reason is one listed here with why it is genuine."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from corpus_paths import REPO, corpus_root, folder_param, require_corpus

from interop.roundtrip import carried, differences
from omaha_audit.interop import pokerstars_text
from omaha_audit.interop.common import Unconvertible
from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.rooms import hand_source

# Every reason a corpus hand is not written, with why that is right (not a gap of the writer's).
REASONS = {
    "the hand's text ends before its summary": "a cut-off hand (iPoker's truncated files): no result",
    "a cancelled hand": "PokerStars' `Hand cancelled`: nothing was played",
    "a game PokerStars text has no name for": "short deck, 5 Card Draw, Split Hold'em: PokerStars has no name",
    "amounts in 0.01 chips: PokerStars text writes whole chips": "tournament chips with cents (PokerTracker 4 exports)",
    "amounts in 0.01 play: PokerStars text writes whole chips": "play money with cents (Winamax, 888, WPN)",
    "a currency PokerStars text has no code for (mBTC)": "Seals With Clubs' millibitcoin has no ISO code",
    "a fee PokerStars text has no line for (insurance, EV cash-out, outside jackpot)": "GGPoker's insurance",
    "collected amounts printed before the rake": "MPL's gross collected lines: no net award to write",
    "no stakes": "a header without blinds (Merge's tournament XML, broken partypoker and 888 files)",
    "no start time": "TheBigGame's objects carry no time; PokerStars' header needs one",
    "a player without a name": "WPN's `Unknown player acts` file: a line by a seat with no name",
}

# Folders where no hand can be carried, and why.
NOTHING_CARRIED = {
    "SealsWithClubs": "millibitcoin amounts",
    "TheBigGame": "no start times",
}


def _round_trip(paths: list[Path], scratch: Path) -> tuple[int, Counter[str], list[str]]:
    """(hands carried and equal, reasons not written, problems)."""
    source = hand_source()
    equal = 0
    reasons: Counter[str] = Counter()
    problems: list[str] = []
    for path in paths:
        hands = [item for item in source.read_file(path) if isinstance(item, Hand)]
        written: list[tuple[Hand, str]] = []
        for hand in hands:
            result = pokerstars_text.convert(hand)
            if isinstance(result, Unconvertible):
                reasons[result.reason] += 1
            else:
                written.append((hand, result))
        if not written:
            continue
        out = scratch / "converted.txt"
        out.write_text("".join(pokerstars_text.entry(i, text) for i, (_, text) in enumerate(written, 1)), "utf-8")
        back = list(source.read_file(out))
        if len(back) != len(written):
            problems.append(f"{path}: {len(written)} hands written, {len(back)} read back")
            continue
        for (hand, _), again in zip(written, back, strict=True):
            if isinstance(again, UnreadableHand):
                problems.append(f"{path}:{hand.source.line}: #{hand.hand_id} read back unreadable: {again.reason}")
                continue
            keys = differences(carried(hand), carried(again))
            if keys:
                problems.append(f"{path}:{hand.source.line}: #{hand.hand_id} differs in {keys}")
            else:
                equal += 1
    return equal, reasons, problems


def _folders() -> list[str]:
    root = corpus_root()
    return sorted(p.name for p in root.iterdir() if p.is_dir()) if root else ["(corpus absent)"]


@pytest.mark.corpus
@pytest.mark.parametrize("folder", [folder_param(name) for name in _folders()])
def test_every_corpus_room_round_trips(folder: str, tmp_path: Path) -> None:
    root = require_corpus()
    paths = sorted(p for p in (root / folder).rglob("*") if p.is_file())
    equal, reasons, problems = _round_trip(paths, tmp_path)
    print(f"{folder}: {equal} hands round-trip equal; not written: {dict(reasons)}")
    assert not problems, "\n".join(problems[:20])
    unknown = set(reasons) - set(REASONS)
    assert not unknown, f"hands not written for a reason not listed: {unknown}"
    if folder in NOTHING_CARRIED:
        assert equal == 0
    else:
        assert equal > 0, f"{folder}: no hand written as PokerStars text"


@pytest.mark.slow
@pytest.mark.corpus
def test_the_corpus_as_a_whole(tmp_path: Path) -> None:
    """A floor, so that a writer refusing more hands than today fails: 4,136 of the corpus's hands are
    carried, stud, razz and draw included (every hand but those REASONS lists)."""
    root = require_corpus()
    paths = sorted(p for p in root.rglob("*") if p.is_file())
    equal, reasons, problems = _round_trip(paths, tmp_path)
    print(f"corpus: {equal} hands round-trip equal; not written: {dict(reasons)}")
    assert not problems
    assert equal >= 4136


def _corpus_hand(relative: str, hand_id: str | None = None) -> Hand:
    root = require_corpus()
    hands = [item for item in hand_source().read_file(root / relative) if isinstance(item, Hand)]
    return next(hand for hand in hands if hand_id is None or hand.hand_id == hand_id)


def test_refunds_paid_inside_collected_get_their_own_line() -> None:
    """Winamax pays the uncalled bet back inside `collected` (`Refunds.IN_COLLECTED`): hand
    270777-163-1284847433 has Player5's unmatched 0.05 in what he collects. PokerStars text returns it
    on its own line and the collected amount is the pot won; the id with dashes becomes 18 digits that
    start with the hand's UTC seconds."""
    hand = _corpus_hand("Winamax/fpdb-chaz/PLO-FR-EUR-0.02-0.05-201009.Sample", "270777-163-1284847433")
    text = pokerstars_text.convert(hand)
    assert isinstance(text, str)
    assert "Uncalled bet (€0.05) returned to Player5" in text.splitlines()
    collected = [line.amount for line in hand.collected if line.player == "Player5"]
    written = re.findall(r"^Player5 collected €([\d.]+) from", text, re.M)
    assert [round(float(x) * 100) for x in written] == [sum(collected) - 5]
    number = re.match(r"PokerStars Hand #(\d+):", text)
    assert number and len(number.group(1)) == 18 and number.group(1) == pokerstars_text.hand_number(hand)
    assert hand.started is not None and number.group(1).startswith(str(int(hand.started.timestamp())))


def test_a_stud_hand_deals_each_street_before_its_betting() -> None:
    """PokerStars' own stud text: each street's mark, its `Dealt to` lines (the up card, then old and new
    cards), the bring-in; the hand read back is the same (the corpus test checks every stud hand)."""
    hand = _corpus_hand("PokerStars/fpdb-3/cash/Stud/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt")
    text = pokerstars_text.convert(hand)
    assert isinstance(text, str)
    lines = text.splitlines()
    third, fourth = lines.index("*** 3rd STREET ***"), lines.index("*** 4th STREET ***")
    assert lines[third + 1] == "Dealt to u.pressure [Td]"
    assert "denny501: brings in for $0.02" in lines[third:fourth]
    assert "Dealt to Hero [7c 3s 5h] [Qc]" in lines[fourth:]
    assert "*** HOLE CARDS ***" not in lines


CLI = [sys.executable, "-c", "from omaha_audit.cli.app import main; main()"]
HOSTILE = 'Uncalled bet ($1) returned to x: raises [Ah Kh] said, "hi" ) collected $100 from pot'


def test_a_hostile_name_survives_the_round_trip(tmp_path: Path) -> None:
    """Names are written as they are and read back by the seat lines (issue 19's hostile names)."""
    root = require_corpus()
    original = root / "PokerStars/PokerHandHistoryParser/OmahaShowdown.txt"
    first = next(item for item in hand_source().read_file(original) if isinstance(item, Hand))
    victim = first.seats[0].player
    renamed = tmp_path / "renamed.txt"
    renamed.write_bytes(original.read_bytes().replace(victim.encode(), HOSTILE.encode()))
    hand = next(item for item in hand_source().read_file(renamed) if isinstance(item, Hand))
    assert hand.seats[0].player == HOSTILE
    equal, _, problems = _round_trip([renamed], tmp_path)
    assert not problems and equal >= 1


def test_convert_command_writes_one_file_per_input_and_counts_what_it_cannot(tmp_path: Path) -> None:
    root = require_corpus()
    inputs = tmp_path / "in"
    (inputs / "day").mkdir(parents=True)
    flop = root / "Winamax/fpdb-chaz/PLO-FR-EUR-0.02-0.05-201009.Sample"
    play = root / "Winamax/fpdb-chaz/NLHE-5max-play-0.10-0.20-201208.txt"  # play money with cents
    (inputs / "day" / "plo.txt").write_bytes(flop.read_bytes())
    (inputs / "play.txt").write_bytes(play.read_bytes())
    out = tmp_path / "out"
    done = subprocess.run(
        [*CLI, "convert", str(inputs), "--to", "pokerstars", "--output", str(out)],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert done.returncode == 1, done.stderr  # a hand was not written: said, and the exit code says so
    assert "not written as pokerstars: amounts in 0.01 play" in done.stderr
    assert re.search(r"first: .*play\.txt:\d+\)", done.stderr)
    written = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert written == ["day/plo.pokerstars.txt"]  # the play-money file had nothing to write: no empty file
    hands = [item for item in hand_source().read_file(out / "day" / "plo.pokerstars.txt")]
    source = [item for item in hand_source().read_file(flop) if isinstance(item, Hand)]
    assert len(hands) == len(source) and all(isinstance(item, Hand) for item in hands)
    assert not list(out.rglob("*.tmp"))


def test_convert_refuses_a_file_as_the_output_folder(tmp_path: Path) -> None:
    target = tmp_path / "file"
    target.write_text("x")
    done = subprocess.run(
        [*CLI, "convert", str(REPO / "sample_histories"), "--to", "ohh", "-o", str(target)],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert done.returncode == 2 and "not a folder" in done.stderr and done.stderr.count("\n") == 1
