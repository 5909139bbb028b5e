"""Cake Poker (ROOMS.md 16): every file of the corpus's Cake folder is read hand for hand (one record per
hand header, counted here with ROOMS.md's appendix A pattern), no hand is unreadable, the pots add up as
far as Cake's text allows (it prints no total and no rake: what the players put in, less the uncalled
bets returned, less what they won, is what the pot kept), and every error or warning the audit reports is
listed below with the reason it is genuine. The corpus has no fpdb companion files (.hands, .hp, .gt) for
Cake.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest
from corpus_paths import corpus_root, require_corpus
from corpus_text import decoded
from text_audit import Style, audit_text, fill, read_text

from omaha_audit.model import ActionKind, Hand, Street, UnreadableHand
from omaha_audit.parse.files import FileNotice
from omaha_audit.rooms import hand_source
from omaha_audit.rules.base import Finding, Severity
from omaha_audit.run.pipeline import Auditor

pytestmark = pytest.mark.corpus

FOLDER = "Cake"
# ROOMS.md appendix A: `^Hand#\w+ - ` after stripping `ï»¿` (a second byte-order mark read as text).
HEADER = re.compile(r"^Hand#\w+ - ", re.MULTILINE)
COMPANIONS = (".hands", ".hp", ".gt")
FILES = 16
HANDS = 35  # the corpus survey says 32; the appendix pattern finds 35 (the 2011 sample file holds 20 headers)

# Text outside any hand: one unreadable record each (not a hand: there is no header).
EXPECTED_STRAY = {
    "fpdb-3/tour/Flop/NLHE-9max-USD-10-1-201312.trim.hh.txt": "trimmed: the file starts with a hand's last 12 lines",
}

# Hands whose pot kept what a pot may not keep: (put in - returned - won, in the hand's units) and why.
# Otherwise a tournament or play-money pot keeps nothing, and a cash pot keeps a rake of at least nothing
# (nothing when the hand ended before the flop).
EXPECTED_KEPT = {
    ("NLHE-2max-USD-STT-0.75-201212.player.left.the.table.txt", "3165C58A73000009"): (
        530,
        "the hand ends at `***SHOW DOWN***` and `Player left the table`: no award line for the pot of 530",
    ),
}


@dataclass(frozen=True)
class Known:
    path: str  # relative to the corpus's Cake folder
    hand_id: str | None
    code: str
    line: int
    reason: str


SAMPLE = "fpdb-3/cash/Flop/NLHE-6-max-0.05-0.10-201108.Sample.txt"
LEFT = "fpdb-3/tour/Flop/NLHE-2max-USD-STT-0.75-201212.player.left.the.table.txt"
TRIMMED = "fpdb-3/tour/Flop/NLHE-9max-USD-10-1-201312.trim.hh.txt"
DEAD_BLIND = "fpdb-chaz/NLHE-USD-0.05-0.10-201205.dead.blind.txt"

KNOWN: tuple[Known, ...] = (
    Known(
        SAMPLE,
        "2701011985001691",
        "OA401",
        37,
        "a walk: the small blind folds, `1UIG***8 wins $0.15` pays back the big blind's uncalled $0.05 inside the"
        " award; no `returns uncalled bet` line, as the other walks of the corpus print",
    ),
    Known(
        LEFT,
        "3165C58A73000009",
        "OA501",
        18,
        "fpdb's `player.left.the.table`: the text stops at the showdown, nobody is paid the pot (Player0's full"
        " house wins it)",
    ),
    Known(TRIMMED, None, "OA101", 1, "the file starts with the last 12 lines of a hand whose header was cut off"),
)
# Lines not read where no dealer's check depends on them (OA106 at info: nothing withheld on the hand).
KNOWN_INFO: tuple[Known, ...] = (
    Known(
        DEAD_BLIND,
        "2862015946001029",
        "OA106",
        11,
        "`posts dead blind $-0,10 and big blind $0,10`: a negative dead blind is no amount (the big blind is read;"
        " a dead $0.05 would leave the pot's rake at $0.05 of $0.80, Cake's 6% at this table, $0.10 at 12%)",
    ),
)


def cake_files() -> list[Path]:
    root = corpus_root()
    if root is None:
        return []
    return sorted(p for p in (root / FOLDER).rglob("*") if p.is_file() and p.suffix not in COMPANIONS)


@functools.cache
def read(path: Path) -> list[Hand | UnreadableHand | FileNotice]:
    return list(hand_source().read_file(path))


def relative(path: Path | str) -> str:
    root = require_corpus() / FOLDER
    return Path(path).resolve().relative_to(root.resolve()).as_posix()


def hands() -> list[Hand]:
    return [item for path in cake_files() for item in read(path) if isinstance(item, Hand)]


def test_the_corpus_has_the_cake_files() -> None:
    require_corpus()
    assert len(cake_files()) == FILES
    assert sum(len(HEADER.findall(decoded(path))) for path in cake_files()) == HANDS
    assert {hand.format for hand in hands()} == {"cake"}


@pytest.mark.parametrize("path", cake_files(), ids=lambda p: p.name)
def test_one_record_per_header_and_none_unreadable(path: Path) -> None:
    require_corpus()
    items = read(path)
    found = [item for item in items if isinstance(item, Hand)]
    unreadable = [item for item in items if isinstance(item, UnreadableHand)]
    stray = EXPECTED_STRAY.get(relative(path))
    if stray:
        assert len(unreadable) == 1 and unreadable[0].hand_id is None, stray
        assert "outside any hand" in unreadable[0].reason
    else:
        assert not unreadable, unreadable
    assert len(found) == len(HEADER.findall(decoded(path)))
    assert len({hand.hand_id for hand in found}) == len(found)


def test_pot_identity() -> None:
    """Σ put in - Σ returned - Σ won = what the pot kept (Cake prints neither a total nor a rake)."""
    require_corpus()
    problems: list[str] = []
    seen: set[tuple[str, str]] = set()
    for hand in hands():
        assert hand.pot is not None and hand.pot.total is None and hand.pot.rake is None
        put_in = sum(action.amount for action in hand.actions)
        kept = put_in - sum(item.amount for item in hand.uncalled) - sum(item.amount for item in hand.collected)
        key = (Path(hand.source.path).name, hand.hand_id)
        if key in EXPECTED_KEPT:
            seen.add(key)
            if kept != EXPECTED_KEPT[key][0]:
                problems.append(f"{key}: kept {kept}, listed {EXPECTED_KEPT[key][0]}")
            continue
        preflop = not any(deal.street is Street.FLOP for deal in hand.streets)
        if hand.tournament is not None or hand.play_money or preflop:
            if kept != 0:
                problems.append(f"{key}: kept {kept} where the pot keeps nothing")
        elif kept < 0:
            problems.append(f"{key}: paid out {-kept} more than was put in")
    assert not problems, "\n".join(problems)
    assert seen == set(EXPECTED_KEPT)


def test_what_the_reader_makes_of_cake_text() -> None:
    """The lines ROOMS.md 16 singles out, read as the brief says."""
    require_corpus()
    by_id = {hand.hand_id: hand for hand in hands()}
    # a euro-display table: dollars read, the euro values ignored, the stakes the blinds posted in dollars
    plo = by_id["2999013495000096"]
    assert (plo.unit.currency, plo.stakes.small_blind, plo.stakes.big_blind) == ("USD", 5, 10)
    assert [seat.stack for seat in plo.seats][:2] == [2189, 968]
    assert [(item.player, item.amount) for item in plo.collected] == [("Player3", 355)]
    assert plo.started is None and plo.started_local == "2012-06-21 - 05:30:58"
    raise_line = next(action for action in plo.actions if action.kind is ActionKind.RAISE)
    assert (raise_line.amount, raise_line.raise_to) == (30, 30)  # `raises to $0,30`
    assert [str(card) for card in plo.streets[1].cards] == ["3d", "Qs", "8d", "4s"]  # `*** TURN *** [4s]`
    assert [len(d.cards) for d in plo.dealt] == [4]  # `[3c,5d,Ks,6h]`
    penny = by_id["3048012347000109"]  # `€0.20/€0.41` over $0.25/$0.50 blinds
    assert (penny.stakes.small_blind, penny.stakes.big_blind) == (25, 50)
    # the double byte-order mark: the header is read; a tournament's ante/SB/BB and thousands commas
    mtt = by_id["2865A31455000004"]
    assert mtt.tournament is not None and mtt.tournament.tournament_id == "10687573"
    assert (mtt.stakes.small_blind, mtt.stakes.big_blind, mtt.unit.currency) == (10, 20, "chips")
    assert mtt.collected[0].amount == 3644
    # no-break spaces between thousands, `is all in` as the chips added
    delimiter = by_id["2964A95039000045"]
    assert delimiter.seats[0].stack == 2477 and delimiter.collected[0].amount == 1836
    assert (delimiter.stakes.ante, delimiter.stakes.big_blind) == (20, 200)
    # two showdowns: the side pot first, then the main pot
    bounty = by_id["2990AB91EA000229"]
    assert [(item.amount, item.pot) for item in bounty.collected] == [(84, 1), (9574, 0)]
    # `Player_Space: mucks [8h,9d]` is the seat `Player Space`
    spaced = by_id["2990AB91EA000257"]
    assert {line.player for line in spaced.showdown} <= {seat.player for seat in spaced.seats}
    # play money; the 2011 format's `DEALER` seat mark for the button
    assert by_id["2972014254000151"].play_money
    assert by_id["2701011985001689"].button == 3


@pytest.fixture(scope="module")
def cake_findings() -> list[tuple[str, Finding]]:
    require_corpus()
    auditor = Auditor(strict=True, keep_text=False)
    return [(relative(f.path), f) for item in auditor.audit_files(cake_files()) for f in item.findings]


def test_no_internal_errors(cake_findings: list[tuple[str, Finding]]) -> None:
    assert [f.message for _, f in cake_findings if f.code == "OA104"] == []


def test_every_finding_is_a_known_error_of_the_hand(cake_findings: list[tuple[str, Finding]]) -> None:
    actual: Counter[tuple[str, str | None, str, int]] = Counter(
        (path, f.hand_id, f.code, f.line) for path, f in cake_findings if f.severity is not Severity.INFO
    )
    expected: Counter[tuple[str, str | None, str, int]] = Counter((k.path, k.hand_id, k.code, k.line) for k in KNOWN)
    messages = {(path, f.hand_id, f.code, f.line): f.message for path, f in cake_findings}
    unexpected = sorted(f"{key} {messages[key]}" for key in actual - expected)
    missing = sorted(str(key) for key in expected - actual)
    assert not unexpected, "findings not in the table:\n" + "\n".join(unexpected)
    assert not missing, "table entries no longer found:\n" + "\n".join(missing)


def test_info_findings_are_the_lines_not_read_nothing_depends_on(cake_findings: list[tuple[str, Finding]]) -> None:
    info = [(path, f.hand_id, f.code, f.line) for path, f in cake_findings if f.severity is Severity.INFO]
    assert info == [(k.path, k.hand_id, k.code, k.line) for k in KNOWN_INFO]  # (Hold'em and Omaha only: no OA102)


def test_every_known_entry_has_a_reason() -> None:
    assert all(known.reason.strip() for known in (*KNOWN, *KNOWN_INFO))
    assert len({(k.path, k.hand_id, k.code, k.line) for k in KNOWN}) == len(KNOWN)


# A hand in Cake's lines with every amount a placeholder (cents), written in each number style Cake prints
# (omaha_audit/rooms/cake/README.md): A raises, B folds.
STYLED = """Hand#2701011985001799 - Paris (6-max) 11985 -- {5}/{10} NL Hold'em -- 2011/08/28 - 00:54:34
Dealer: Seat 1
Seat 1: A ({250050} in chips)
Seat 2: B ({123456} in chips)
A: posts small blind {5}
B: posts big blind {10}
Dealt to A [9h,4s]
A: raises to {124000}
B: folds
A: returns uncalled bet {123990}
***SHOW DOWN***
A: mucks
A wins {20}"""
STYLES = {
    "comma thousands, decimal point": Style("$", ",", "."),
    "point thousands, decimal comma": Style("$", ".", ","),
    "no-break space thousands, decimal comma": Style("$", "\u00a0", ","),
    "space thousands, decimal comma": Style("$", " ", ","),
    "whole amounts without decimals": Style("$", ",", ".", all_places=False),
}


@pytest.mark.parametrize("style", sorted(STYLES))
def test_every_number_style_reads_back_exact(style: str) -> None:
    hand = read_text("cake", fill(STYLED, STYLES[style]))
    assert isinstance(hand, Hand) and not hand.defects
    assert hand.unit.currency == "USD" and (hand.stakes.small_blind, hand.stakes.big_blind) == (5, 10)
    assert [seat.stack for seat in hand.seats] == [250050, 123456]
    assert [(a.kind, a.amount, a.raise_to) for a in hand.actions] == [
        (ActionKind.POST_SMALL_BLIND, 5, 5),
        (ActionKind.POST_BIG_BLIND, 10, 10),
        (ActionKind.RAISE, 123995, 124000),
        (ActionKind.FOLD, 0, None),
    ]
    assert [u.amount for u in hand.uncalled] == [123990]
    assert [c.amount for c in hand.collected] == [20]


def test_euro_values_after_the_dollars_are_left_aside() -> None:
    text = fill(STYLED, STYLES["point thousands, decimal comma"])
    text = text.replace("A: raises to $1.240,00", "A: raises to $1.240,00 (EUR €979,60)")
    text = text.replace("A wins $0,20", "A wins $0,20   (EUR €0,16)")
    hand = read_text("cake", text)
    assert isinstance(hand, Hand) and not hand.defects
    assert [a.raise_to for a in hand.actions if a.kind is ActionKind.RAISE] == [124000]
    assert [c.amount for c in hand.collected] == [20]


def test_a_dead_blind_and_a_negative_one() -> None:
    """`posts dead blind $0,05 and big blind $0,10`: both posts; the corpus's `$-0,10` is no amount: the big
    blind is read and the line reported (the dead blind left out)."""
    base = fill(STYLED, STYLES["point thousands, decimal comma"])
    base = base.replace("Seat 2: B ($1.234,56 in chips)", "Seat 2: B ($1.234,56 in chips)\nSeat 3: C ($5,00 in chips)")
    base = base.replace("B: folds", "B: folds\nC: folds")
    dead = read_text("cake", base.replace("Dealt to A", "C:posts dead blind $0,05 and big blind $0,10\nDealt to A"))
    assert isinstance(dead, Hand) and not dead.defects
    assert [(a.kind, a.amount) for a in dead.actions if a.player == "C"] == [
        (ActionKind.POST_DEAD, 5),
        (ActionKind.POST_BIG_BLIND, 10),
        (ActionKind.FOLD, 0),
    ]
    negative = read_text(
        "cake", base.replace("Dealt to A", "C:posts dead blind $-0,10 and big blind $0,10\nDealt to A")
    )
    assert isinstance(negative, Hand)
    assert [(d.line, d.not_read) for d in negative.defects] == [(8, True)]
    assert [(a.kind, a.amount) for a in negative.actions if a.player == "C"] == [
        (ActionKind.POST_BIG_BLIND, 10),
        (ActionKind.FOLD, 0),
    ]


def test_an_amount_in_no_style_is_one_finding(tmp_path: Path) -> None:
    """`$1,2,4,0.00` fits no number style: its line is not read (OA106), the rest of the hand is, and the
    dealer's checks the line could change are withheld: one finding, no dealer's error."""
    text = fill(STYLED, STYLES["comma thousands, decimal point"]).replace(
        "raises to $1,240.00", "raises to $1,2,4,0.00"
    )
    hand, findings = audit_text(tmp_path, text)
    assert isinstance(hand, Hand)
    assert [(d.line, d.not_read) for d in hand.defects] == [(8, True)]
    assert [(f.code, f.line) for f in findings] == [("OA106", 8)]
