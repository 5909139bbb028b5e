"""Seals With Clubs (the `sealswithclubs` format, ROOMS.md 24): every hand of the corpus's SealsWithClubs
folder is read, one record per header (counted here with ROOMS.md's appendix A pattern), none unreadable;
the pots add up as far as the text allows (no total pot is printed: the chips put in, less the refunds,
are what the pots paid out plus their rake), and the audit reports no error or warning on these hands. The
corpus has no fpdb companion files for Seals With Clubs.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from pathlib import Path

import pytest
from corpus_paths import corpus_root, require_corpus
from corpus_text import decoded
from text_audit import Style, audit_text, fill, read_text

from omaha_audit.model import ActionKind, Game, Hand, Refunds, Street, Structure, UnreadableHand
from omaha_audit.rooms import hand_source
from omaha_audit.rules.base import Severity
from omaha_audit.run.pipeline import Auditor

FOLDER = "SealsWithClubs"
# ROOMS.md appendix A's pattern for Seals With Clubs, written out here on its own.
HEADER = re.compile(r"^Hand #\d+-\d+ - \d{4}-", re.MULTILINE)
FILES = 5
HANDS = 5
# Every error or warning on the room's real hands: (file, hand, code, line) -> why it is genuine.
KNOWN: dict[tuple[str, str, str, int], str] = {}


def room_files() -> list[Path]:
    root = corpus_root()
    if root is None:
        return []
    return sorted(path for path in (root / FOLDER).rglob("*") if path.is_file())


@functools.cache
def read(path: Path) -> list[object]:
    return list(hand_source().read_file(path))


def hands() -> list[Hand]:
    return [item for path in room_files() for item in read(path) if isinstance(item, Hand)]


def by_id(hand_id: str) -> Hand:
    return next(hand for hand in hands() if hand.hand_id == hand_id)


@pytest.mark.corpus
def test_the_folder_has_the_seals_files() -> None:
    require_corpus()
    files = room_files()
    assert len(files) == FILES
    assert sum(len(HEADER.findall(decoded(path))) for path in files) == HANDS
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
    assert {(hand.format, hand.room, hand.unit.currency) for hand in found} == {
        ("sealswithclubs", "sealswithclubs", "mBTC")
    }
    assert not [defect for hand in found for defect in hand.defects]


@pytest.mark.corpus
def test_pots_add_up() -> None:
    """Σ put in - Σ refunded = Σ won + Σ rake (each pot's award after its `Rake (x)` line)."""
    require_corpus()
    for hand in hands():
        assert hand.pot is not None and hand.pot.total is None and hand.pot.rake is not None
        put_in = sum(action.amount for action in hand.actions)
        refunded = sum(item.amount for item in hand.uncalled)
        won = sum(item.amount for item in hand.collected)
        assert put_in - refunded == won + hand.pot.rake, hand.hand_id
        assert hand.refunds is Refunds.LINE


@pytest.mark.corpus
def test_findings_are_known() -> None:
    root = require_corpus() / FOLDER
    found: Counter[tuple[str, str, str, int]] = Counter()
    auditor = Auditor(strict=True, keep_text=False)
    findings = [finding for audited in auditor.audit_files(room_files()) for finding in audited.findings]
    for finding in [*findings, *auditor.across]:
        if finding.severity.rank >= Severity.WARNING.rank:
            where = Path(finding.path).relative_to(root).as_posix()
            found[(where, finding.hand_id or "", finding.code, finding.line)] += 1
    assert dict(found) == dict.fromkeys(KNOWN, 1)


@pytest.mark.corpus
def test_what_the_lines_say() -> None:
    require_corpus()
    omaha = by_id("5297786-137")  # `Game: PL Omaha (20 - 100) - Blinds 1/1`, `Table: PLO 9max 1/1 #1`
    assert (omaha.game, omaha.structure, omaha.stakes.small_blind, omaha.stakes.big_blind) == (
        Game.OMAHA,
        Structure.POT_LIMIT,
        100,
        100,
    )
    assert (omaha.max_seats, omaha.button, omaha.started) == (9, 5, None)  # `Player4 has the dealer button`
    assert [seat.player for seat in omaha.seats if seat.sitting_out] == ["Player2"]
    raised = next(a for a in omaha.actions if a.kind is ActionKind.RAISE)  # `Player3 raises to 3`: the total
    assert (raised.player, raised.amount, raised.raise_to) == ("Player3", 300, 300)
    assert [str(c) for c in omaha.streets[-1].cards] == ["3d", "4h", "2d", "Qd"]  # `** Turn ** [Qd]`
    assert [(u.player, u.amount) for u in omaha.uncalled] == [("Hero", 600)]  # `Hero refunded 6`
    side = by_id("5338590-82")  # `Player2 wins Side Pot 1 (2)` before `Hero wins Main Pot (6)`
    assert [(c.player, c.amount, c.pot) for c in side.collected] == [("Player2", 200, 1), ("Hero", 600, 0)]
    allin = next(a for a in side.actions if a.all_in)  # `Hero calls 1 (All-in)`
    assert (allin.player, allin.kind, allin.amount) == ("Hero", ActionKind.CALL, 100)
    both = by_id("5557960-70")  # `Player4 posts small & big blind 1.50`: 1 live, 0.50 dead
    post = next(a for a in both.actions if a.kind is ActionKind.POST_SMALL_AND_BIG_BLIND)
    assert (post.amount, post.raise_to) == (150, 100)
    limit = by_id("6340502-110")  # `Game: Limit Hold'em (40 - 1000000) - Stakes 2/4`
    assert limit.structure is Structure.FIXED_LIMIT and (limit.stakes.small_bet, limit.stakes.big_bet) == (200, 400)
    assert limit.pot is not None and limit.pot.rake == 30 and [c.amount for c in limit.collected] == [1170]
    assert {a.street for a in limit.actions} >= {Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER}


# A hand in Seals With Clubs' lines with every amount a placeholder (hundredths of a millibitcoin), written in
# each number style the room prints (omaha_audit/rooms/sealswithclubs/README.md): A raises, B folds.
STYLED = """Hand #5297786-138 - 2013-04-11 02:08:55
Game: NL Hold'em (20 - 100) - Blinds {50}/{100}
Site: Seals With Clubs
Table: NLHE 6max .5/1 #3
Seat 1: A ({250050})
Seat 2: B ({123456})
A has the dealer button
A posts small blind {50}
B posts big blind {100}
** Hole Cards **
Dealt to A [8s 8h]
A raises to {150000}
B folds
A refunded {149900}
A wins Pot ({200})
Rake ({0})"""
STYLES = {
    "grouped": Style("", ",", "."),
    "grouped, whole amounts without decimals": Style("", ",", ".", all_places=False),
    "plain": Style("", "", ".", all_places=False),
}


@pytest.mark.parametrize("style", sorted(STYLES))
def test_every_number_style_reads_back_exact(style: str) -> None:
    hand = read_text("sealswithclubs", fill(STYLED, STYLES[style]))
    assert isinstance(hand, Hand) and not hand.defects
    assert [seat.stack for seat in hand.seats] == [250050, 123456]
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (50, 100)
    assert [(a.kind, a.amount, a.raise_to) for a in hand.actions] == [
        (ActionKind.POST_SMALL_BLIND, 50, 50),
        (ActionKind.POST_BIG_BLIND, 100, 100),
        (ActionKind.RAISE, 149950, 150000),
        (ActionKind.FOLD, 0, None),
    ]
    assert [u.amount for u in hand.uncalled] == [149900]
    assert [c.amount for c in hand.collected] == [200]
    assert hand.pot is not None and hand.pot.rake == 0


def test_an_amount_in_no_style_is_one_finding(tmp_path: Path) -> None:
    """`1,5,0,0.00` fits no number style: its line is not read (OA106), the rest of the hand is, and the
    dealer's checks the line could change are withheld: one finding, no dealer's error."""
    text = fill(STYLED, STYLES["grouped"]).replace("A raises to 1,500.00", "A raises to 1,5,0,0.00")
    hand, findings = audit_text(tmp_path, text)
    assert isinstance(hand, Hand)
    assert [(d.line, d.not_read) for d in hand.defects] == [(12, True)]
    assert [(f.code, f.line) for f in findings] == [("OA106", 12)]
