"""The Big Game (the `thebiggame` format, ROOMS.md 27): every `LoadHand({...})` line of the corpus's
TheBigGame folder is one hand, read with the `URL:` line before it (the hand's first line, so no text is
outside any hand), none unreadable; the chips put in, less what came back (`Takes Back`), make what was won
(`Wins`, which holds a bet nobody called), but for the hands listed with their reason; and every error or
warning the audit reports is listed below with the reason it is genuine. The corpus has no fpdb companion
files for The Big Game.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from pathlib import Path

import pytest
from corpus_paths import corpus_root, require_corpus
from corpus_text import decoded

from omaha_audit.model import ActionKind, Game, Hand, Refunds, Street, Structure, UnreadableHand
from omaha_audit.parse.split import Block
from omaha_audit.rooms import BY_NAME, hand_source
from omaha_audit.rules.base import Severity
from omaha_audit.run.pipeline import Auditor

FOLDER = "TheBigGame"
# ROOMS.md appendix A's pattern for The Big Game, and the line before each hand
HEADER = re.compile(r"^LoadHand\(", re.MULTILINE)
URL = re.compile(r"^URL: \S+\.js$", re.MULTILINE)
FILES = 6
HANDS = 900

# Hands whose chips do not balance: put in - taken back - won, and why (the stacks of the next hand agree).
EXPECTED_BALANCE: dict[str, tuple[int, str]] = {
    "s1/w2/d2/d2h31": (200, "a walk: `Wins 1000` of the 1,200 in; the next hand gives the small blind his 200 back"),
    "s1/w2/d2/d2h46": (-2000, "`Wins 206400` of the 204,400 in"),
    "s1/w2/d5/d2h131": (-2000, "`Wins 133600` of the 131,600 in"),
    "s1/w3/d2/d3h36": (-400, "`Wins 104700` of the 104,300 in"),
    "s1/w6/d5/d6h131": (-2000, "`Wins 27300` of the 25,300 in"),
    "s1/w8/d4/d8h118": (-800, "D. BRUNSON's 800 is in no play (he checks facing the big blind); the stacks count it"),
    "s1/w9/d4/d9h109": (600, "`Wins 48500` of the 49,100 in: the dealer's ante is in no win; the stacks give it back"),
}

E02, E03, E06, E08, E09, E12 = (
    f"fpdb-3/cash/TheBigGame.S1E{n}.txt"
    for n in ("02.Davs", "03.Magnus", "06.Capella", "08.Harlow.2", "09.Houston", "12.Ferdinand")
)
MISSING_PLAY = "a play is missing from the show's record"
# Every error or warning on the room's real hands: (file, hand, code) -> (how many, why it is genuine).
KNOWN: dict[tuple[str, str, str], tuple[int, str]] = {
    (E02, "s1/w2/d1/d2h22", "OA311"): (1, "the big blind (seat 3) folds before the small blind (seat 2) acts"),
    (E02, "s1/w2/d2/d2h31", "OA604"): (1, "the walk's 200 the pot kept (see EXPECTED_BALANCE): no rake is taken"),
    (E02, "s1/w2/d2/d2h46", "OA601"): (1, "`Wins 206400`, 2,000 more than the pot"),
    (E02, "s1/w2/d4/d2h95", "OA311"): (
        1,
        "seat 4 bets after both players checked the flop: the turn's deal is missing",
    ),
    (E02, "s1/w2/d4/d2h101", "OA313"): (1, f"the river is dealt and the pot won with no river play: {MISSING_PLAY}"),
    (E02, "s1/w2/d5/d2h131", "OA601"): (1, "`Wins 133600`, 2,000 more than the pot"),
    (E03, "s1/w3/d1/d3h7", "OA201"): (1, "the As in D. ALAEI's hand and on the board"),
    (E03, "s1/w3/d2/d3h36", "OA601"): (1, "`Wins 104700`, 400 more than the pot"),
    (E03, "s1/w3/d2/d3h56", "OA201"): (1, "the 2h in two players' hands"),
    (E03, "s1/w3/d3/d3h61", "OA401"): (1, "`Takes Back 41100` to the dealer: his 600 ante counted in his bet"),
    (E03, "s1/w3/d5/d3h119", "OA201"): (1, "the 3c in two players' hands"),
    (E06, "s1/w6/d5/d6h131", "OA601"): (1, "`Wins 27300`, 2,000 more than the pot"),
    (E08, "s1/w8/d2/d8h41", "OA313"): (1, f"D. BRUNSON never answers the flop bet before the win: {MISSING_PLAY}"),
    (E08, "s1/w8/d4/d8h118", "OA306"): (1, "D. BRUNSON checks facing the big blind: his 800 post is in no play"),
    (E08, "s1/w8/d4/d8h118", "OA601"): (1, "`Wins 6600`: the pot holds D. BRUNSON's unrecorded 800"),
    (E08, "s1/w8/d4/d8h119", "OA705"): (1, "D. BRUNSON starts 800 short: the post the hand before does not record"),
    (E09, "s1/w9/d2/d9h48", "OA311"): (1, "PEAT checks the flop and then folds without a bet"),
    (E09, "s1/w9/d2/d9h55", "OA501"): (1, "PEAT's straight (As 7s on Jc Tc Qd 6d Kd) loses the pot to TONY G's kings"),
    (E09, "s1/w9/d4/d9h92", "OA311"): (1, "TONY G folds on the turn after BARI called his bet"),
    (E09, "s1/w9/d4/d9h98", "OA302"): (1, "TONY G raises to 2,500 over a raise to 1,500: the minimum is 2,600"),
    (E09, "s1/w9/d4/d9h100", "OA401"): (1, "`Takes Back 860700`: the dealer's 600 ante counted in the caller's bet"),
    (E09, "s1/w9/d4/d9h104", "OA311"): (1, "NEGREANU checks the flop and then folds without a bet"),
    (E09, "s1/w9/d4/d9h107", "OA311"): (1, "TONY G folds the flop before REYNOLDS, first to act, has acted"),
    (E09, "s1/w9/d4/d9h115", "OA311"): (1, "NEGREANU checks the flop and then folds without a bet"),
    (E12, "s1/w12/d3/d12h80", "OA311"): (2, "seat 1 (under the gun's left) is listed first, before seat 6 opens"),
    (E12, "s1/w12/d5/d12h144", "OA109"): (
        2,
        '`Deal ["hj"]`, `Deal ["s8"]`, then `Deal ["ha","h6","s6"]`: the first two deals are one card each'
        " (read whole: the record's own error)",
    ),
    (E12, "s1/w12/d5/d12h144", "OA203"): (2, "the same: a one-card flop, a two-card turn"),
}


def room_files() -> list[Path]:
    root = corpus_root()
    if root is None:
        return []
    return sorted(path for path in (root / FOLDER).rglob("*") if path.is_file())


@functools.cache
def read(path: Path) -> list[object]:
    return list(hand_source().read_file(path))


def hands() -> list[tuple[str, Hand]]:
    root = require_corpus() / FOLDER
    return [
        (path.relative_to(root).as_posix(), item)
        for path in room_files()
        for item in read(path)
        if isinstance(item, Hand)
    ]


def by_id(hand_id: str) -> Hand:
    for _, hand in hands():
        if hand.hand_id == hand_id:
            return hand
    raise KeyError(hand_id)


@pytest.mark.corpus
def test_the_folder_has_the_big_game_files() -> None:
    require_corpus()
    files = room_files()
    assert len(files) == FILES
    assert sum(len(HEADER.findall(decoded(path))) for path in files) == HANDS
    assert sum(len(URL.findall(decoded(path))) for path in files) == HANDS
    assert [p for p in files if p.suffix in (".hands", ".hp", ".gt")] == []  # no fpdb companion files


@pytest.mark.corpus
@pytest.mark.parametrize("path", room_files(), ids=lambda p: p.name)
def test_file_is_read_hand_for_hand(path: Path) -> None:
    require_corpus()
    text = decoded(path)
    items = read(path)
    assert not [item for item in items if isinstance(item, UnreadableHand)]
    found = [item for item in items if isinstance(item, Hand)]
    assert len(found) == len(HEADER.findall(text)) == len(items)
    lines = text.split("\n")
    for hand in found:  # the URL line, then the hand's LoadHand line
        assert URL.match(lines[hand.source.line - 1]) and HEADER.match(lines[hand.source.line])
        assert hand.format == "thebiggame" and hand.game is Game.HOLDEM and hand.structure is Structure.NO_LIMIT
    assert len({hand.hand_id for hand in found}) == len(found)


@pytest.mark.corpus
def test_chips_balance() -> None:
    """Σ put in (the posts the reader places, and the plays) - Σ `Takes Back` = Σ `Wins`."""
    require_corpus()
    found = {}
    for _, hand in hands():
        put_in = sum(action.amount for action in hand.actions)
        back = sum(item.amount for item in hand.uncalled)
        won = sum(item.amount for item in hand.collected)
        if put_in - back != won:
            found[hand.hand_id] = put_in - back - won
    assert found == {hand_id: value for hand_id, (value, _) in EXPECTED_BALANCE.items()}


@pytest.mark.corpus
def test_stacks_carry_over() -> None:
    """Each hand's end (start - put in + taken back + won) is the next hand's start, for the players seated
    in both, but for rebuys (a player at 0 starts again with 100,000 or 50,000) and the few changes between
    hands the show's record does not explain (OA705 reports them: info where chips appear, an error where
    they vanish)."""
    require_corpus()
    pairs = same = 0
    read_hands = hands()
    for index, (name, hand) in enumerate(read_hands[:-1]):
        later_name, later = read_hands[index + 1]
        if later_name != name:
            continue
        ends = {seat.player: seat.stack for seat in hand.seats}
        for action in hand.actions:
            ends[action.player] -= action.amount
        for returned in hand.uncalled:
            ends[returned.player] += returned.amount
        for won in hand.collected:
            ends[won.player] += won.amount
        starts = {seat.player: seat.stack for seat in later.seats}
        pairs += 1
        same += all(ends[player] == stack for player, stack in starts.items() if player in ends)
    assert pairs == 894 and same == 865


@pytest.mark.corpus
def test_findings_are_known() -> None:
    root = require_corpus() / FOLDER
    found: Counter[tuple[str, str, str]] = Counter()
    auditor = Auditor(strict=True, keep_text=False)
    findings = [finding for audited in auditor.audit_files(room_files()) for finding in audited.findings]
    for finding in [*findings, *auditor.across]:
        if finding.severity.rank >= Severity.WARNING.rank:
            found[(Path(finding.path).relative_to(root).as_posix(), finding.hand_id or "", finding.code)] += 1
    assert dict(found) == {key: count for key, (count, _) in KNOWN.items()}


@pytest.mark.corpus
def test_blinds_antes_and_plays() -> None:
    require_corpus()
    first = by_id("s1/w2/d1/d2h1")  # Dealer:4: D. NEGREANU antes 600, seats 5 and 6 post the blinds
    posts = [(a.player, a.kind, a.amount) for a in first.actions if a.kind.is_post]
    assert posts == [
        ("D. NEGREANU", ActionKind.POST_DEAD, 600),  # the table ante: dead money
        ("D. BRUNSON", ActionKind.POST_SMALL_BLIND, 200),
        ("D. WILLIAMS", ActionKind.POST_BIG_BLIND, 400),
    ]
    # `Raises To 1200`, `Calls`, `Bets 3000`, `Bets 7000` folded to: `Wins 17400` holds the 7,000 nobody called
    assert first.refunds is Refunds.IN_COLLECTED and [c.amount for c in first.collected] == [17400]
    assert sum(a.amount for a in first.actions) == 17400 and first.stakes.ante == 600
    assert [str(card) for card in first.dealt[0].cards] == ["Qc", "5s"]  # `Cards:["cq","s5"]`
    big_blind_bets = by_id("s1/w3/d5/d3h130")  # the big blind's `Bets 1400` before the flop: 400 -> 1,800
    raised = next(a for a in big_blind_bets.actions if a.street is Street.PREFLOP and a.kind is ActionKind.RAISE)
    assert (raised.amount, raised.raise_to) == (1400, 1800)
    dead = by_id("s1/w9/d3/d9h73")  # seat 5 empty after the dealer's seat 4: a dead small blind
    assert [(a.player, a.kind) for a in dead.actions if a.kind.is_post][1:] == [("TONY G", ActionKind.POST_BIG_BLIND)]
    assert [e.kind for e in dead.events] == ["dead-small-blind"]
    sitting = by_id("s1/w12/d3/d12h70")  # HELLMUTH plays nothing: he sits out, and is not blinded
    assert [seat.player for seat in sitting.seats if seat.sitting_out] == ["HELLMUTH"]
    assert [a.player for a in sitting.actions if a.kind.is_post] == ["MOSSERI", "JETTEN", "MAKHIJA"]
    returned = by_id("s1/w2/d2/d2h60")  # `Takes Back 6600`: a line for the uncalled part
    assert returned.refunds is Refunds.LINE and [(u.player, u.amount) for u in returned.uncalled] == [
        ("D. BRUNSON", 6600)
    ]


@pytest.mark.corpus
def test_boards_run_more_than_once() -> None:
    require_corpus()
    twice = by_id("s1/w2/d2/d2h60")  # all in on the flop; `Deal d4`, `Deal ha`, `Deal ["dj","d9"]`
    assert twice.run_twice
    assert [[str(c) for c in board] for board in twice.boards] == [
        ["9h", "Jh", "Td", "4d", "Ah"],
        ["9h", "Jh", "Td", "Jd", "9d"],
    ]
    thrice = by_id("s1/w3/d3/d3h61")  # all in on the flop; three boards
    assert len(thrice.boards) == 3
    river_thrice = by_id("s1/w2/d2/d2h46")  # all in on the turn; `ht`, `c2`, `s5`: three rivers
    assert [str(board[-1]) for board in river_thrice.boards] == ["Th", "2c", "5s"]
    stale = by_id("s1/w6/d5/d6h143")  # `Deal ["cj"]` after the win: left over, kept as an event
    assert not stale.streets and [e.kind for e in stale.events] == ["dealt-after-the-award"]


def block(lines: list[str]) -> Block:
    return Block("hand", "memory.txt", 1, lines, "thebiggame")


def test_literals_are_read_not_evaluated() -> None:
    reader = BY_NAME["thebiggame"]
    hand = reader.read(
        block(
            [
                "URL: http://thebiggame.pokerstars.net/data/s9/w9/d9/x.js",
                "LoadHand({Hand:{Title:'x, y: z',NumberOfSeats:2,PotSize:0,BigBlind:400,SmallBlind:200,Ante:0,"
                "Dealer:1,Players:[{Name:'A',Seat:1,Stack:1000,Cards:['ca','ck'],},{Name:\"B\",Seat:2,Stack:1000,"
                'Cards:["d2","d7"]}]},Plays:[{Seat:1,Action:"Folds"},{Seat:2,Action:"Wins",value:600}]})',
            ]
        )
    )
    assert isinstance(hand, Hand) and hand.hand_id == "s9/w9/d9/x"
    assert [(a.player, a.kind, a.amount) for a in hand.actions] == [
        ("A", ActionKind.POST_SMALL_BLIND, 200),
        ("B", ActionKind.POST_BIG_BLIND, 400),
        ("A", ActionKind.FOLD, 0),
    ]
    broken = reader.read(block(["URL: http://thebiggame.pokerstars.net/data/a.js", "LoadHand({Hand:alert(1)})"]))
    assert isinstance(broken, UnreadableHand) and "not an object literal" in broken.reason
