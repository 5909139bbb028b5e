"""Everleaf Gaming (and Concord Gaming, Grand Poker: ROOMS.md 23): every hand file of the corpus's Everleaf
folder is read hand for hand (one record per hand header, counted here with ROOMS.md's appendix A pattern),
no hand is unreadable, the pots add up (the chips put in, less the unmatched part of the largest stake,
which no line returns, are the awards and a rake that is not printed: none in tournaments and in hands that
end before the flop) or the difference is listed with its reason, and every error or warning the audit
reports is listed below with the reason it is genuine. The corpus has no fpdb companion files (.hands, .hp,
.gt) for Everleaf.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from pathlib import Path

import pytest
from corpus_paths import corpus_root, require_corpus
from corpus_text import decoded

from omaha_audit.model import ALL_POTS, ActionKind, Game, Half, Hand, Refunds, Street, Structure, UnreadableHand
from omaha_audit.parse.split import Block
from omaha_audit.rooms import BY_NAME, hand_source
from omaha_audit.rules.base import Severity
from omaha_audit.run.pipeline import Auditor

FOLDER = "Everleaf"
HEADER = re.compile(r"^(?:Everleaf Gaming(?: - .+?)?|- - Grand Poker -) Game #\d+", re.MULTILINE)  # appendix A
FILES = 9  # and a README: the corpus survey's 10 files
HANDS = 199
OMAHA = 97

WTSD = "fpdb-3/cash/Flop/NLHE-10max-USD-0.01-0.02-2010-08-03.fixed_wtsd_bug.txt"
PLO8 = "fpdb-chaz/PLO8-10max-USD-0.05-0.10-201003.HU.on.10max.txt"

# Every error or warning finding on the room's real hands: (file, hand, code, line) -> why it is genuine (none).
KNOWN: dict[tuple[str, str, str, int], str] = {}
# Lines not read that withhold nothing (OA106 info: the hand is whole without them), and why.
LINES_NOT_READ: dict[tuple[str, str, str, int], str] = {
    (WTSD, "190075259", "OA106", 38): "`... from main pot with two pairs, jacks and` goes on as `eights [ Jc, ...]`:"
    " the award is read from the first part, the words and best five broken off are not",
    (WTSD, "190075259", "OA106", 40): "the side pot's line, broken the same way (fpdb's `fixed_wtsd_bug` sample)",
}
# Hands whose chips do not add up: (put in - unmatched - collected - what the pot kept), and why (none).
EXPECTED_POT_DIFFERENCES: dict[str, tuple[int, str]] = {}


def room_files() -> list[Path]:
    root = corpus_root()
    if root is None:
        return []
    return sorted(path for path in (root / FOLDER).rglob("*.txt"))


@functools.cache
def read(path: Path) -> list[object]:
    return list(hand_source().read_file(path))


def hands() -> list[tuple[str, Hand]]:
    root = corpus_root()
    assert root is not None
    return [
        (str(path.relative_to(root / FOLDER)), item)
        for path in room_files()
        for item in read(path)
        if isinstance(item, Hand)
    ]


def the_hand(hand_id: str) -> Hand:
    for _, hand in hands():
        if hand.hand_id == hand_id:
            return hand
    raise KeyError(hand_id)


@pytest.mark.corpus
def test_the_folder_holds_the_everleaf_files():
    root = require_corpus()
    files = room_files()
    assert len(files) == FILES
    assert [path.name for path in (root / FOLDER).rglob("*") if path.is_file() and path.suffix != ".txt"] == ["README"]
    assert sum(len(HEADER.findall(decoded(path))) for path in files) == HANDS
    assert len([hand for _, hand in hands() if hand.game.is_omaha]) == OMAHA


@pytest.mark.corpus
@pytest.mark.parametrize("path", room_files(), ids=lambda p: p.name)
def test_file_is_read_hand_for_hand(path: Path):
    root = require_corpus()
    text = decoded(path)
    items = read(path)
    unreadable = [item for item in items if isinstance(item, UnreadableHand)]
    assert not unreadable, f"{path.relative_to(root)}: {unreadable}"
    read_hands = [item for item in items if isinstance(item, Hand)]
    assert len(read_hands) == len(HEADER.findall(text)) == len(items)
    assert all(hand.format == "everleaf" for hand in read_hands)
    lines = text.split("\n")
    assert all(HEADER.match(lines[hand.source.line - 1]) for hand in read_hands)


@pytest.mark.corpus
def test_pots_add_up():
    """No total, no rake and no uncalled bet are printed: the chips put in, less the unmatched part of the
    largest stake, are what the players won and what the pot kept (the rake): never less than nothing, and
    nothing in a tournament or in a hand that ends before the flop."""
    require_corpus()
    problems: list[str] = []
    raked = 0
    for name, hand in hands():
        assert hand.refunds is Refunds.IMPLIED and hand.pot is not None
        assert (hand.pot.total, hand.pot.rake) == (None, None)
        put: dict[str, int] = {}
        for action in hand.actions:
            put[action.player] = put.get(action.player, 0) + action.amount
        stakes = sorted(put.values(), reverse=True)
        unmatched = stakes[0] - stakes[1] if len(stakes) > 1 else 0
        kept = sum(stakes) - unmatched - sum(item.amount for item in hand.collected)
        flop = not hand.game.is_flop_game or any(deal.street is Street.FLOP for deal in hand.streets)
        expected = EXPECTED_POT_DIFFERENCES.get(hand.hand_id, (0, ""))[0]
        if kept < expected or (kept != expected and (hand.unit.currency == "chips" or not flop)):
            problems.append(f"{name} #{hand.hand_id}: kept {kept}")
        raked += kept > 0
    assert not problems, "\n".join(problems)
    assert raked == 86  # the cash hands with a flop, but for eleven that kept nothing


@pytest.mark.corpus
def test_no_fpdb_companion_files():
    root = require_corpus()
    assert [p for p in (root / FOLDER).rglob("*") if p.suffix in (".hands", ".hp", ".gt")] == []


@pytest.mark.corpus
def test_findings_are_known():
    root = require_corpus()
    found: Counter[tuple[str, str, str, int]] = Counter()
    info: Counter[str] = Counter()
    not_read: Counter[tuple[str, str, str, int]] = Counter()
    for audited in Auditor(strict=True, keep_text=False).audit_files(room_files()):
        assert isinstance(audited.item, Hand)
        for finding in audited.findings:
            where = str(Path(finding.path).relative_to(root / FOLDER))
            if finding.severity.rank >= Severity.WARNING.rank:
                found[(where, finding.hand_id, finding.code, finding.line)] += 1
            else:
                info[finding.code] += 1
                if finding.code == "OA106":
                    not_read[(where, finding.hand_id, finding.code, finding.line)] += 1
    assert dict(found) == dict.fromkeys(KNOWN, 1)
    assert dict(not_read) == dict.fromkeys(LINES_NOT_READ, 1)
    assert info == Counter({"OA106": 2})  # (seven-card stud, 19 hands, is replayed: no OA102)


@pytest.mark.corpus
def test_headers_money_and_raises():
    require_corpus()
    plo8 = the_hand("149107406")  # `Blinds $0.05/$0.10 PL Omaha Hi/Lo`; `Hero raises [$ 0.20 USD]`: 0.10 to 0.30
    assert (plo8.game, plo8.structure, plo8.stakes.big_blind, plo8.button, plo8.hero) == (
        Game.OMAHA_HI_LO,
        Structure.POT_LIMIT,
        10,
        5,
        "Hero",
    )
    preflop = [(a.player, a.kind, a.amount, a.raise_to) for a in plo8.actions if a.street is Street.PREFLOP]
    assert preflop == [
        ("Villain", ActionKind.CALL, 5, 10),
        ("Hero", ActionKind.RAISE, 20, 30),
        ("Villain", ActionKind.CALL, 20, 30),
    ]
    assert [(c.player, c.amount, c.half) for c in plo8.collected] == [("Villain", 171, Half.HIGH)]
    fixed = the_hand("148735443")  # `$0.50/$1 Omaha Hi/Lo`: the bets
    assert fixed.structure is Structure.FIXED_LIMIT
    assert (fixed.stakes.small_bet, fixed.stakes.big_bet) == (50, 100)
    euro = the_hand("404865765")  # Concord Gaming, `( € 34.43 EURO )`
    assert (euro.room, euro.unit.currency, euro.max_seats, euro.seats[0].stack) == ("concord", "EUR", 4, 3443)
    grand = the_hand("15649156")  # `- - Grand Poker - Game #15649156`, `Tournament #2768325 - Level 2`
    assert grand.room == "grand-poker" and grand.tournament is not None and grand.unit.currency == "chips"
    assert grand.table_id == "2768325/1"
    newcomer = the_hand("282026578")  # `Seat 1: Nicole7 ( new player )`
    assert "Nicole7" not in [seat.player for seat in newcomer.seats]  # no stack printed: not a seat of the hand
    assert [event.player for event in newcomer.events if event.kind == "new-player"] == ["Nicole7"]
    stud = the_hand("285997675")  # `completes to $0.05.` after `posts bring-in $0.02.`
    assert stud.game is Game.STUD
    assert [(a.kind, a.amount, a.raise_to) for a in stud.actions if a.player == "Player3"][1] == (
        ActionKind.RAISE,
        5,
        5,
    )


@pytest.mark.corpus
def test_awards():
    require_corpus()
    low = next(h for _, h in hands() if any(c.half is Half.LOW for c in h.collected))  # `wins  low ($3.32)`
    assert {c.half for c in low.collected} == {Half.HIGH, Half.LOW}
    two_sides = the_hand("282028385")  # `from side pot` twice: the pots are not numbered
    assert {c.pot for c in two_sides.collected} == {ALL_POTS}
    broken = the_hand("190075259")  # the main pot's $0.13, the side pot's $1.81 (the rake: $0.09 of the side pot)
    assert [(c.amount, c.pot) for c in broken.collected] == [(13, 0), (181, 1)]
    allin = next(a for a in broken.actions if a.player == "zetnik" and a.kind is ActionKind.RAISE)
    assert allin.all_in  # `zetnik raises [$ 0.96 USD]` with $0.98: no all-in mark is printed


GAME = """Everleaf Gaming Game #1
***** Hand history for game #1 *****
Blinds $0.05/$0.10 PL Omaha - 2010/03/02 - 19:35:19
Table Somewhere
Seat 1 is the button
Total number of players: 2
Seat 1: A (  $ 10 USD )
Seat 2: B (  $ 10 USD )
A: posts small blind [$ 0.05 USD]
B: posts big blind [$ 0.10 USD]
** Dealing down cards **
A raises [$ 0.25 USD]
B folds"""


def test_a_hand_without_its_award_is_cut_off():
    hand = BY_NAME["everleaf"].read(Block("hand", "memory.txt", 1, GAME.split("\n"), "everleaf"))
    assert isinstance(hand, Hand) and hand.truncated
    assert [(a.player, a.amount, a.raise_to) for a in hand.actions][-2] == ("A", 25, 30)


@pytest.mark.corpus
def test_lines_with_no_chips_are_events():
    """`has disconnected and has been given a further 20 seconds to react`, `has been reseated to this table`,
    chat (`Player8: she is manager of the deli i think`) and `( new player )` seats: events, never errors."""
    require_corpus()
    kinds = Counter(event.kind for _, hand in hands() for event in hand.events)
    assert kinds == Counter({"chat": 24, "disconnected": 7, "new-player": 6, "reseated": 5})


def test_a_header_line_alone_is_an_unreadable_hand_not_a_reader_failure():
    """A header line cut from its hand (a doubled header in a damaged file: the fuzzer's find) is a hand that
    ends before its game line (OA101), never the reader's own failure (OA104)."""
    item = BY_NAME["everleaf"].read(Block("hand", "memory.txt", 1, GAME.split("\n")[:1], "everleaf"))
    assert isinstance(item, UnreadableHand) and not item.internal
    assert item.reason == "the hand ends before its game line"
