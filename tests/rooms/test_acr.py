"""Americas Cardroom's text of 2019 on (the `acr` format, ROOMS.md section 7): every hand of the corpus's
WinningPoker-ACR folder written in it is read, one record per header, with pots that add up and no error or
warning finding; and the lines that differ from PokerStars mean what ROOMS.md says they mean."""

from __future__ import annotations

import functools
import re
from collections import Counter
from pathlib import Path

import pytest
from corpus_paths import corpus_root, require_corpus
from corpus_text import decoded
from text_audit import Style, audit_text, fill

from omaha_audit.model import ActionKind, FeeEffect, FeeKind, Game, Hand, PotBasis, Refunds, Structure, UnreadableHand
from omaha_audit.parse.files import HandSource
from omaha_audit.parse.split import Block
from omaha_audit.rooms import BY_NAME, hand_source
from omaha_audit.rooms.acr.words import ACR_WORDS
from omaha_audit.rules.base import Severity
from omaha_audit.run.pipeline import Auditor

# ROOMS.md appendix A's count pattern for the newer text, written out here on its own.
HEADER = re.compile(r"^(?:Hand #\d+ - |Game Hand #\d+ - )", re.MULTILINE)
FOLDER = "WinningPoker-ACR"
# Hands whose pot identity (chips put in less the returned bet = total + rake + fees; collected = total)
# does not hold, with (difference in units, why). ACR's hands all balance.
EXPECTED_POT_DIFFERENCES: dict[tuple[str, str], tuple[int, int, str]] = {}
# Error and warning findings on ACR's real hands, each with why it is genuine: none.
KNOWN: dict[tuple[str, str, str, int], str] = {}


def room_files() -> list[Path]:
    root = corpus_root()
    if root is None:
        return []
    return sorted(path for path in (root / FOLDER).rglob("*.txt") if HEADER.search(decoded(path)))


@functools.cache
def source() -> HandSource:
    return hand_source()


@functools.cache
def read(path: Path) -> list[object]:
    return list(source().read_file(path))


def hands() -> list[tuple[Path, Hand]]:
    return [(path, item) for path in room_files() for item in read(path) if isinstance(item, Hand)]


@pytest.mark.corpus
def test_the_folder_has_acr_files():
    require_corpus()
    files = room_files()
    assert len(files) == 12
    assert sum(len(HEADER.findall(decoded(path))) for path in files) == 12


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
    assert all(hand.format == "acr" and hand.room == "acr" for hand in read_hands)
    assert all(not hand.defects and not hand.truncated for hand in read_hands)
    lines = text.split("\n")
    assert all(HEADER.match(lines[hand.source.line - 1]) for hand in read_hands)


@pytest.mark.corpus
def test_pots_add_up():
    """ACR's identity (ROOMS.md 7.6): chips put in less the uncalled bet = Total pot + Rake + JP Fee, and the
    collected amounts make the total; a walk keeps the big blind's unmatched chips in both."""
    require_corpus()
    problems = []
    checked = 0
    for path, hand in hands():
        assert hand.pot is not None, hand.hand_id
        put_in = sum(action.amount for action in hand.actions)
        returned = sum(item.amount for item in hand.uncalled)
        deducted = (hand.pot.rake or 0) + sum(fee.amount for fee in hand.fees if fee.effect is FeeEffect.TAKEN)
        first = put_in - returned - (hand.pot.total or 0) - deducted
        second = sum(item.amount for item in hand.collected) - (hand.pot.total or 0)
        expected = EXPECTED_POT_DIFFERENCES.get((path.name, hand.hand_id), (0, 0, ""))[:2]
        if (first, second) != expected:
            problems.append(f"{path.name} #{hand.hand_id}: {first}, {second}")
        checked += 1
    assert checked == 12
    assert not problems, "\n".join(problems)


@pytest.mark.corpus
def test_no_fpdb_companion_files():
    """fpdb's own import (`.hands`, `.hp`, `.gt`) is not kept for this folder: nothing to compare (should one
    be added, this test says so)."""
    root = require_corpus()
    companions = [p for p in (root / FOLDER).rglob("*") if p.suffix in (".hands", ".hp", ".gt")]
    assert companions == []


@pytest.mark.corpus
def test_findings_are_known():
    root = require_corpus()
    found: dict[tuple[str, str, str, int], int] = Counter()
    info: Counter[str] = Counter()
    for audited in Auditor(strict=True, keep_text=False).audit_files(room_files()):
        item = audited.item
        assert isinstance(item, Hand)
        for finding in audited.findings:
            if finding.severity.rank >= Severity.WARNING.rank:
                where = str(Path(finding.path).relative_to(root / FOLDER))
                found[(where, finding.hand_id, finding.code, finding.line)] += 1
            else:
                info[finding.code] += 1
    assert dict(found) == {key: 1 for key in KNOWN}
    # the seven-card stud hand (replayed: no OA102): the folder holds two identical copies of its file, and an
    # identical copy of a hand is counted and audited once (CT-5, OA706 info)
    assert info == Counter()


def by_id(hand_id: str) -> Hand:
    for _, hand in hands():
        if hand.hand_id == hand_id:
            return hand
    raise KeyError(hand_id)


@pytest.mark.corpus
def test_raise_numbers_are_chips_added():
    require_corpus()
    hand = by_id("78708209")  # Hero posts $10.00, then `Hero raises $30.00 to $40.00`
    raise_ = next(a for a in hand.actions if a.kind is ActionKind.RAISE)
    assert (raise_.amount, raise_.raise_to, raise_.increment) == (3000, 4000, 2000)
    assert hand.structure is Structure.FIXED_LIMIT and hand.stakes.small_bet == 2000
    assert hand.started is not None and hand.started.isoformat() == "2019-07-18T15:13:01+00:00"
    assert hand.table == "St. Lucie" and hand.button == 1 and hand.max_seats == 6
    assert [(f.kind, f.amount, f.effect) for f in hand.fees] == [(FeeKind.JACKPOT, 4, FeeEffect.TAKEN)]
    assert hand.pot is not None and (hand.pot.total, hand.pot.rake, hand.pot.total_basis) == (
        19900,
        96,
        PotBasis.NET,
    )
    # a raise over an all-in raise: `Player2 raises $134.00 to $134.00` after Hero's $120: 14 over it
    rit = by_id("779379637")
    raises = [(a.player, a.amount, a.raise_to, a.increment) for a in rit.actions if a.kind is ActionKind.RAISE]
    assert raises == [("Hero", 12000, 12000, 11400), ("Player2", 13400, 13400, 1400)]


@pytest.mark.corpus
def test_run_it_twice():
    require_corpus()
    hand = by_id("779379637")
    assert hand.run_twice and len(hand.boards) == 2
    assert [(c.player, c.amount, c.run) for c in hand.collected] == [
        ("Hero", 9225, 1),
        ("Player2", 3075, 1),
        ("Player2", 12300, 2),
    ]
    assert [mark.run for mark in hand.showdown_marks] == [1, 2]
    # the shows lines keep their words without the best five; the summary's high halves are events
    assert hand.showdown[0].description == "HI - a flush, Queen high | LO - [8,7,5,2,1]"
    assert sorted(e.player or "" for e in hand.events if e.kind == "summary-high-half") == ["Hero", "Player2"]
    assert {seat.player for seat in hand.summary_seats} == {"Player0", "Player1", "Player3", "Player4"}


@pytest.mark.corpus
def test_walks_and_wins_without_showdown():
    require_corpus()
    walk = by_id("779388412")  # SB $3, BB $6, all fold: `Total pot $9.00`, `did not show and won $9.00`
    assert walk.refunds is Refunds.IN_COLLECTED and not walk.uncalled
    assert walk.pot is not None and walk.pot.total_basis is PotBasis.NET_WITH_REFUNDS
    assert [(c.player, c.amount) for c in walk.collected] == [("Player0", 900)]
    tournament = by_id("1296393662")  # a river bet returned, the win only in the summary
    assert tournament.refunds is Refunds.LINE and tournament.uncalled[0].amount == 30954
    assert [(c.player, c.amount) for c in tournament.collected] == [("Hero", 46200)]
    assert tournament.unit.currency == "chips" and tournament.tournament is not None
    assert (tournament.table, tournament.table_id) == ("99", "27099516/99")
    assert tournament.tournament.buy_in == "$5,000 GTD"


@pytest.mark.corpus
def test_posts_and_odd_tables():
    require_corpus()
    dead = by_id("784383001")  # `Player8 posts dead $0.07` at $0.02/$0.05, then checks his option
    post = next(a for a in dead.actions if a.player == "Player8" and a.kind.is_post)
    assert (post.kind, post.amount, post.raise_to) == (ActionKind.POST_SMALL_AND_BIG_BLIND, 7, 5)
    aof = by_id("1672582062")
    assert aof.kind == "all-in-or-fold" and aof.structure is Structure.NO_LIMIT
    assert aof.game_text == "Omaha (All-in or Fold Limit)"
    sitgo = by_id("82980175")  # the draw for the button before the antes is not the hero's hand
    assert [len(d.cards) for d in sitgo.dealt] == [4]
    assert sum(1 for e in sitgo.events if e.kind == "button-draw") == 6
    stud = by_id("85198832")
    assert stud.game is Game.STUD and stud.button is None and stud.table == "Gorham"
    assert by_id("1916523972").game is Game.OMAHA_HI_LO  # `Omaha H/L (No Limit)`: a space before `(`


HAND = """Hand #1 - Omaha(Pot Limit) - $0.50/$1.00 - 2024/01/02 03:04:05 UTC
Table One 6-max Seat #1 is the button
Seat 1: A ($100.00)
Seat 2: B ($100.00)
A posts the small blind $0.50
B posts the big blind $1.00
*** HOLE CARDS ***
A calls $0.50
B checks
*** FLOP *** [2c 3d 4h]
Main pot $1.90 | Rake $0.10
A checks
B checks
*** TURN *** [2c 3d 4h] [Ts]
Main pot $1.90 | Rake $0.10
A checks
B checks
*** RIVER *** [2c 3d 4h Ts] [Jd]
Main pot $1.90 | Rake $0.10
A checks
B checks
*** SHOW DOWN ***
Main pot $1.90 | Rake $0.10
A shows [As Ks 5c 9h] (a straight, Five high [5c 4h 3d 2c As])
B shows [Qh Qc 8s 7s] (a pair of Queens [Qh Qc Jd Ts 4h])
A collected $1.90 from main pot
*** SUMMARY ***
Total pot $1.90 | Rake $0.10
Board [2c 3d 4h Ts Jd]
Seat 1: A (button) (small blind) showed [As Ks 5c 9h] and won $1.90 with a straight, Five high [5c 4h 3d 2c As]
Seat 2: B (big blind) showed [Qh Qc 8s 7s] and lost with a pair of Queens [Qh Qc Jd Ts 4h]"""


def read_text(text: str) -> Hand:
    lines = text.split("\n")
    item = BY_NAME["acr"].read(Block("hand", "memory.txt", 1, lines, "acr"))
    assert isinstance(item, Hand), item
    return item


def test_best_five_is_checked():
    hand = read_text(HAND)
    assert not hand.defects
    assert [line.description for line in hand.showdown] == ["a straight, Five high", "a pair of Queens"]
    # B's best five with three of his cards is not an Omaha hand: the line is reported
    broken = read_text(HAND.replace("(a pair of Queens [Qh Qc Jd Ts 4h])", "(a pair of Queens [Qh Qc 8s Jd Ts])"))
    assert [defect.line for defect in broken.defects] == [25]


def test_acr_words():
    # keys: category << 20 then five ranks; a wheel's top card is 5
    straight = (4 << 20) | (5 << 16) | (4 << 12) | (3 << 8) | (2 << 4) | 1
    two_pair = (2 << 20) | (6 << 16) | (6 << 12) | (2 << 8) | (2 << 4) | 11
    assert ACR_WORDS.showdown([straight], [(5, 4, 3, 2, 1)]) == ["HI - a straight, Five high | LO - [5,4,3,2,1]"]
    assert ACR_WORDS.showdown([two_pair, straight], [None, None]) == [
        "HI - two pair, Sixs and Deuces | LO - []",
        "HI - a straight, Five high | LO - []",
    ]
    assert ACR_WORDS.showdown([two_pair, straight], [None, (8, 5, 4, 2, 1)]) == [
        "HI - two pair, Sixs and Deuces",
        "HI - a straight, Five high | LO - [8,5,4,2,1]",
    ]
    assert BY_NAME["acr"].words("acr") is None  # not checked (see omaha_audit/rooms/acr/words.py)


# A hand in ACR's lines with every amount a placeholder (cents), written in each number style ACR prints
# (omaha_audit/rooms/acr/README.md): A raises, B folds, the raise comes back but for the big blind.
STYLED = """Hand #779379699 - Holdem(No Limit) - {50}/{100} - 2024/01/02 03:04:05 UTC
Table One 6-max Seat #1 is the button
Seat 1: A ({250050})
Seat 2: B ({123456})
A posts the small blind {50}
B posts the big blind {100}
*** HOLE CARDS ***
A raises {149950} to {150000}
B folds
Uncalled bet ({140000}) returned to A
A does not show
*** SUMMARY ***
Total pot {200}
Seat 1: A did not show and won {200}
Seat 2: B folded on the Pre-Flop"""
STYLES = {
    "dollars, thousands by commas": Style("$", ",", "."),
    "dollars, not grouped": Style("$", "", "."),
    "tournament chips": Style("", ",", "."),
}


@pytest.mark.parametrize("style", sorted(STYLES))
def test_every_number_style_reads_back_exact(style: str) -> None:
    text = fill(STYLED, STYLES[style])
    if not STYLES[style].before:  # a tournament's level stakes: chips with two decimals
        text = text.replace(
            "Hand #779379699 - Holdem(No Limit) - 0.50/1.00",
            "Game Hand #1296393699 - Tournament #27099599 - Holdem(No Limit) - Level 1 (0.50/1.00)",
        )
    hand = read_text(text)
    assert [seat.stack for seat in hand.seats] == [250050, 123456]
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (50, 100)
    assert [(a.kind, a.amount, a.raise_to) for a in hand.actions] == [
        (ActionKind.POST_SMALL_BLIND, 50, 50),
        (ActionKind.POST_BIG_BLIND, 100, 100),
        (ActionKind.RAISE, 149950, 150000),
        (ActionKind.FOLD, 0, None),
    ]
    assert [u.amount for u in hand.uncalled] == [140000]
    assert [c.amount for c in hand.collected] == [200]
    assert hand.pot is not None and hand.pot.total == 200


def test_an_amount_in_no_style_is_one_finding(tmp_path: Path) -> None:
    """`$1,4,9,9.50` fits no number style: its line is not read (OA106), the rest of the hand is, and the
    dealer's checks the line could change are withheld: one finding, no dealer's error."""
    text = fill(STYLED, STYLES["dollars, thousands by commas"]).replace("raises $1,499.50 to", "raises $1,4,9,9.50 to")
    hand, findings = audit_text(tmp_path, text)
    assert isinstance(hand, Hand)
    assert [(d.line, d.not_read) for d in hand.defects] == [(8, True)]
    assert [(f.code, f.line) for f in findings] == [("OA106", 8)]
