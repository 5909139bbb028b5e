"""Kings Club (ROOMS.md 18): every file of the corpus's KingsClub folder is read hand for hand (one record per
hand header, counted here with ROOMS.md's appendix A pattern), no hand is unreadable, the pots add up (Σ put
in - the uncalled part of the top bet - Σ collected = the rake; the summary's seat nets add up to minus the
rake), the side pots the summary leaves out are read from the nets, and every error or warning the audit
reports is listed below with the reason it is genuine. Every game of the folder is replayed: seven-card stud
hi/lo, 2-7 razz, 2-7 draw, badugi, Badeucey and 2-7 Drawmaha (no OA102). The corpus has no fpdb companion files
(.hands, .hp, .gt) for Kings Club.
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

from omaha_audit.model import ActionKind, Game, Hand, Structure, UnreadableHand
from omaha_audit.parse.files import FileNotice
from omaha_audit.rooms import hand_source
from omaha_audit.rules.base import Finding, Severity
from omaha_audit.run.pipeline import Auditor

pytestmark = pytest.mark.corpus

FOLDER = "KingsClub"
HEADER = re.compile(r"^#\d+: ", re.MULTILINE)  # ROOMS.md appendix A
COMPANIONS = (".hands", ".hp", ".gt")
FILES = 20
HANDS = 20
# The summary's seat lines and rake, read here on their own: `Seat 1: Player0 (1,089) +89`, `Rake 1`.
NET = re.compile(r"^Seat \d+: (.*?) \([\d,.]+\)(?: ([+-])([\d,.]+))?$", re.MULTILINE)
RAKE = re.compile(r"^Rake ([\d,.]+)$", re.MULTILINE)
# The mixed games the engine once left unreplayed: the header's game names (2-7 razz, Drawmaha, Badeucey).
MIXED = re.compile(r"^#\d+: [^\n]*(?:2-7 Razz|Drawmaha|Badeucey)", re.MULTILINE)
RAZZ_27 = "fpdb-3/cash/Stud/2-7 Razz-USD-22-44-202101.txt"


@dataclass(frozen=True)
class Known:
    path: str  # relative to the corpus's KingsClub folder
    hand_id: str | None
    code: str
    line: int
    reason: str


AOF = "fpdb-chaz/AOF-PLO-USD-100-200-202308.txt"

KNOWN: tuple[Known, ...] = (
    Known(
        RAZZ_27,
        "40091899",
        "OA304",
        31,
        "2-7 razz at 22/44: over Player0's completion to 22 (`Player0 bets 22`), `Player5 raises to 38.58` raises by"
        " 16.58 (the ante and bring-in size), not by the small bet of 22; Player0 calls 38.58 and the summary's nets"
        " (-165.16 = 16.58 + 38.58 + 22 + 44 + 44) confirm the short raise the room let stand",
    ),
    Known(
        AOF,
        "7071017",
        "OA109",
        13,
        "`*** FLOP *** [Ah Qd Tc]` comes right after the deal, before the only betting round (`Brian Str folds`,"
        " `Nich B raises to 1,000, and is all in` over the big blind): the flop is out of place",
    ),
)
# Lines not read where no dealer's check depends on them (OA106 at info: nothing withheld on the hand).
KNOWN_INFO: tuple[Known, ...] = (Known(AOF, "7071017", "OA106", 20, "the summary line is garbled: `*** SUMMARY * **`"),)


def club_files() -> list[Path]:
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
    return [item for path in club_files() for item in read(path) if isinstance(item, Hand)]


def units(text: str, decimals: int) -> int:
    whole, _, frac = text.replace(",", "").partition(".")
    scale: int = 10**decimals
    return int(whole) * scale + int((frac or "0").ljust(decimals, "0")[:decimals] or "0")


def uncalled(hand: Hand) -> tuple[str, int] | None:
    """The top bet's part nobody matched (antes aside): Kings Club prints no line for it."""
    live: dict[str, int] = {}
    for action in hand.actions:
        if action.kind is not ActionKind.POST_ANTE:
            live[action.player] = live.get(action.player, 0) + action.amount
    ranked = sorted(live.items(), key=lambda item: item[1], reverse=True)
    if len(ranked) < 2 or ranked[0][1] == ranked[1][1]:
        return None
    return ranked[0][0], ranked[0][1] - ranked[1][1]


def test_the_corpus_has_the_kings_club_files() -> None:
    require_corpus()
    assert len(club_files()) == FILES
    assert sum(len(HEADER.findall(decoded(path))) for path in club_files()) == HANDS
    assert {hand.format for hand in hands()} == {"kingsclub"}


@pytest.mark.parametrize("path", club_files(), ids=lambda p: p.name)
def test_one_record_per_header_and_none_unreadable(path: Path) -> None:
    require_corpus()
    items = read(path)
    assert not [item for item in items if isinstance(item, UnreadableHand)]
    found = [item for item in items if isinstance(item, Hand)]
    assert len(found) == len(HEADER.findall(decoded(path)))


@pytest.mark.parametrize("path", club_files(), ids=lambda p: p.name)
def test_pot_identity(path: Path) -> None:
    """Σ put in - uncalled - Σ collected = rake, and the printed nets add up to minus the rake."""
    require_corpus()
    text = decoded(path)
    for hand in (item for item in read(path) if isinstance(item, Hand)):
        assert hand.pot is not None and hand.pot.total is None
        rake_line = RAKE.search(text)
        decimals = hand.unit.decimals
        rake = units(rake_line.group(1), decimals) if rake_line else 0
        assert hand.pot.rake == rake
        nets = {
            name: (-1 if sign == "-" else 1) * units(value, decimals) if sign else 0
            for name, sign, value in NET.findall(text)
        }
        assert sum(nets.values()) == -rake, "the seat nets should add up to minus the rake"
        refund = uncalled(hand)
        put_in = sum(action.amount for action in hand.actions)
        collected = sum(item.amount for item in hand.collected)
        assert put_in - (refund[1] if refund else 0) - collected == rake
        # each seat collected what it put in plus its net, less the uncalled part of its bet
        for seat in hand.summary_seats:
            mine = sum(action.amount for action in hand.actions if action.player == seat.player)
            returned = refund[1] if refund and refund[0] == seat.player else 0
            got = sum(item.amount for item in hand.collected if item.player == seat.player)
            assert got == sum(seat.won) == mine + nets[seat.player] - returned, seat.player


def test_side_pots_from_the_nets() -> None:
    """Only the main pot's award is printed; the side pots come from the seats' nets (ROOMS.md 18)."""
    require_corpus()
    by_id = {hand.hand_id: hand for hand in hands()}
    multi = by_id["3264632"]  # `Player2 wins pot (1,350)`, `Seat 3: Player2 (12,925) +2,925`
    assert [(c.player, c.amount, c.pot) for c in multi.collected] == [("Player2", 1350, 0), ("Player2", 3450, 1)]
    river_only = by_id["3969308"]  # Hero's own side pot of 250 (the folded small blind's excess)
    assert [(c.player, c.amount, c.pot) for c in river_only.collected] == [("Player0", 375, 0), ("Hero", 250, 1)]
    assert [str(card) for card in river_only.streets[0].new_cards] == ["2s", "Th", "6h", "7c", "5s"]
    razz = by_id["3703449"]  # stud, not replayed: the side pot is Player1's
    assert ("Player1", 267450, 1) in [(c.player, c.amount, c.pot) for c in razz.collected]


def test_what_the_reader_makes_of_kings_club_text() -> None:
    require_corpus()
    by_id = {hand.hand_id: hand for hand in hands()}
    plo8 = by_id["39969304"]
    assert plo8.started is None and plo8.started_local == "2021-01-02 15:45:10"
    assert (plo8.table, plo8.button, plo8.unit.currency) == ("8 Game Mix", 6, "chips")
    call = next(action for action in plo8.actions if action.kind is ActionKind.CALL)
    assert (call.amount, call.raise_to) == (60, 90)  # `Hero calls 90`: the street total
    assert [len(dealt.cards) for dealt in plo8.dealt] == [0, 4]  # `[X X X X]` hidden
    # the double board: read on its first board, the second kept as events, no final board to judge
    split = by_id["45395871"]
    assert split.boards == () and len(split.streets) == 3
    assert len([event for event in split.events if event.kind == "second-board"]) == 3
    # the all-in-or-fold table: no pot-limit maximum; its flop placed after the betting round
    aof = by_id["7071017"]
    assert aof.structure is Structure.NO_LIMIT
    assert aof.streets[0].order == max(a.order for a in aof.actions)
    # `posts blind 44` at 44/88: the big blind and the dead small blind (the seat's net is -77 with an ante)
    missed = by_id["39879543"]
    post = next(action for action in missed.actions if action.kind is ActionKind.POST_SMALL_AND_BIG_BLIND)
    assert (post.player, post.amount) == ("Player1", 6600)


@pytest.fixture(scope="module")
def club_findings() -> list[tuple[str, Finding]]:
    require_corpus()
    auditor = Auditor(strict=True, keep_text=False)
    return [(relative(f.path), f) for item in auditor.audit_files(club_files()) for f in item.findings]


def test_no_internal_errors(club_findings: list[tuple[str, Finding]]) -> None:
    assert [f.message for _, f in club_findings if f.code == "OA104"] == []


def test_every_finding_is_a_known_error_of_the_hand(club_findings: list[tuple[str, Finding]]) -> None:
    actual: Counter[tuple[str, str | None, str, int]] = Counter(
        (path, f.hand_id, f.code, f.line) for path, f in club_findings if f.severity is not Severity.INFO
    )
    expected: Counter[tuple[str, str | None, str, int]] = Counter((k.path, k.hand_id, k.code, k.line) for k in KNOWN)
    messages = {(path, f.hand_id, f.code, f.line): f.message for path, f in club_findings}
    unexpected = sorted(f"{key} {messages[key]}" for key in actual - expected)
    missing = sorted(str(key) for key in expected - actual)
    assert not unexpected, "findings not in the table:\n" + "\n".join(unexpected)
    assert not missing, "table entries no longer found:\n" + "\n".join(missing)


def test_every_game_is_replayed(club_findings: list[tuple[str, Finding]]) -> None:
    """No game is left unreplayed (no OA102: 2-7 razz, Drawmaha and Badeucey included), and the only info
    findings are the lines not read that nothing depends on (KNOWN_INFO)."""
    assert sum(len(MIXED.findall(decoded(path))) for path in club_files()) >= 5
    assert [(path, f.code) for path, f in club_findings if f.code == "OA102"] == []
    assert {f.code for _, f in club_findings if f.severity is Severity.INFO} <= {"OA106"}
    not_read = [
        (p, f.hand_id, f.code, f.line) for p, f in club_findings if f.severity is Severity.INFO and f.code == "OA106"
    ]
    assert not_read == [(k.path, k.hand_id, k.code, k.line) for k in KNOWN_INFO]


def test_every_known_entry_has_a_reason() -> None:
    assert all(known.reason.strip() for known in (*KNOWN, *KNOWN_INFO))
    assert len({(k.path, k.hand_id, k.code, k.line) for k in KNOWN}) == len(KNOWN)


# A hand in Kings Club's lines with every amount a placeholder, written in each number style Kings Club prints
# (omaha_audit/rooms/kingsclub/README.md): A raises, B folds; no uncalled-bet line, the nets say the rest.
STYLED = """#39969399: No Limit Holdem - {50}/{100}
2021-01-02 15:45:10
Table 'Test' Seat 1 is the button
Seat 1: A ({250050})
Seat 2: B ({123456})
A: posts the small blind {50}
B: posts the big blind {100}
*** HOLE CARDS ***
Dealt to A: [Ac Kd]
Dealt to B: [X X]
A raises to {150000}
B folds
*** SUMMARY ***
Seat 1: A ({250150}) +{100}
Seat 2: B ({123356}) -{100}
A wins pot ({200})"""
STYLES = {
    "whole chips, thousands by commas": (Style("", ",", "."), 0),
    "chips with decimals, thousands by commas": (Style("", ",", "."), 2),
    "whole chips, not grouped": (Style("", "", "."), 0),
}


@pytest.mark.parametrize("style", sorted(STYLES))
def test_every_number_style_reads_back_exact(style: str) -> None:
    written, decimals = STYLES[style]
    hand = read_text("kingsclub", fill(STYLED, written, decimals))
    assert isinstance(hand, Hand) and not hand.defects
    assert hand.unit.decimals == decimals  # chips with decimals are read in hundredths
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (50, 100)
    assert [seat.stack for seat in hand.seats] == [250050, 123456]
    assert [(a.kind, a.amount, a.raise_to) for a in hand.actions] == [
        (ActionKind.POST_SMALL_BLIND, 50, 50),
        (ActionKind.POST_BIG_BLIND, 100, 100),
        (ActionKind.RAISE, 149950, 150000),
        (ActionKind.FOLD, 0, None),
    ]
    assert [c.amount for c in hand.collected] == [200]
    assert [seat.won for seat in hand.summary_seats] == [(200,), ()]


def test_an_amount_in_no_style_is_one_finding(tmp_path: Path) -> None:
    """`1,5,0,0.00` fits no number style: its line is not read (OA106), the rest of the hand is, and the
    dealer's checks the line could change are withheld: one finding, no dealer's error (the nets, which
    the raise not read makes disagree with the lines, are no evidence on such a hand)."""
    text = fill(STYLED, Style("", ",", "."), 2).replace("A raises to 1,500.00", "A raises to 1,5,0,0.00")
    hand, findings = audit_text(tmp_path, text)
    assert isinstance(hand, Hand)
    assert [(d.line, d.not_read) for d in hand.defects] == [(11, True)]
    assert [(f.code, f.line) for f in findings] == [("OA106", 11)]


# The club's game names (fpdb's KingsClubToFpdb.py lists them), each in a header of its own: the game it is read
# as. A name with no game of the model is read and not replayed (Game.OTHER, OA102).
GAME_NAMES = {
    ("Pot Limit", "Omaha"): Game.OMAHA,
    ("Pot Limit", "Omaha Hi-Lo"): Game.OMAHA_HI_LO,
    ("Pot Limit", "Omaha 5 Card"): Game.OMAHA5,
    ("Pot Limit", "Big O"): Game.OMAHA5_HI_LO,
    ("Pot Limit", "Omaha 6 Card"): Game.OMAHA6,
    ("No Limit", "Holdem"): Game.HOLDEM,
    ("Limit", "Seven Card Stud"): Game.STUD,
    ("Limit", "Seven Card Stud Hi-Lo"): Game.STUD_HI_LO,
    ("Limit", "Razz"): Game.RAZZ,
    ("Limit", "2-7 Razz"): Game.RAZZ_2_7,
    ("Limit", "2-7 Triple Draw"): Game.TRIPLE_DRAW_2_7,
    ("No Limit", "2-7 Single Draw"): Game.SINGLE_DRAW_2_7,
    ("Limit", "A-5 Triple Draw"): Game.TRIPLE_DRAW_A_5,
    ("Limit", "5 Card Draw"): Game.FIVE_CARD_DRAW,
    ("Limit", "Badugi"): Game.BADUGI,
    ("Limit", "Badeucey"): Game.BADEUCEY,
    ("Limit", "2-7 Drawmaha"): Game.DRAWMAHA_2_7,
    ("Limit", "A-5 Single Draw"): Game.OTHER,
    ("Limit", "Badacey"): Game.OTHER,
    ("Limit", "Captain"): Game.OTHER,
}


@pytest.mark.parametrize(("limit", "name"), sorted(GAME_NAMES))
def test_game_names(limit: str, name: str) -> None:
    header = STYLED.replace("No Limit Holdem", f"{limit} {name}", 1)
    hand = read_text("kingsclub", fill(header, Style("", ",", "."), 0))
    assert isinstance(hand, Hand)
    assert (hand.game, hand.game_text) == (GAME_NAMES[(limit, name)], name)
