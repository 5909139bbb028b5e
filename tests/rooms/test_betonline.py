"""BetOnline and Gear Poker (ROOMS.md 21): every file of the corpus's BetOnline folder is read hand for hand
(one record per hand header, counted here with ROOMS.md's appendix A pattern), no hand is unreadable, the
pots add up (the summary's `Total pot` and the side pots printed during the hand are net of the rake:
together they are Σ put in - Σ returned - rake) and the awards with them, or the difference is listed
with its reason, and every error or warning the audit reports is listed below with the reason it is
genuine. The corpus has no fpdb companion files (.hands, .hp, .gt) for BetOnline.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest
from corpus_paths import corpus_root, require_corpus
from corpus_text import decoded
from text_audit import Style, audit_text, fill, read_text

from omaha_audit.model import ActionKind, Hand, Refunds, UnreadableHand
from omaha_audit.parse.files import FileNotice
from omaha_audit.rooms import hand_source
from omaha_audit.rules.base import Finding, Severity
from omaha_audit.run.pipeline import Auditor

pytestmark = pytest.mark.corpus

FOLDER = "BetOnline"
HEADER = re.compile(r"^(?:BetOnline Poker|Gear Poker) Game #\d+", re.MULTILINE)  # ROOMS.md appendix A
COMPANIONS = (".hands", ".hp", ".gt")
FILES = 9
HANDS = 10

UNKNOWN = "fpdb-3/cash/Flop/NLHE-10max-0.25-0.50-201203.unknown.player.wins.txt"
NO_SHOW = "fpdb-3/cash/Flop/NLHE-10max-USD-0.01-0.02-201605.winner.no.show.txt"
DEAD_STACK = "fpdb-3/tour/Flop/NLHE-10max-USD-MTT-201210.dead.stack.txt"
THREE_WAY = "fpdb-chaz/NLHE-10max-USD-0.01-0.02-201605.3.way.allin.txt"
GEAR = "fpdb-chaz/NLHE-10max-play-10-20-201204.GearPoker.txt"

# Hands whose awards (the summary's `won`/`collected`) plus the rake are not the pot: the difference
# (pot - rake - awards, in the hand's units) and why.
EXPECTED_UNAWARDED = {
    "991142904": (3634, "the pot went to the player with no seat: no summary line awards it"),
    "1606125823": (126, "the summary pays Player1 the main pot (2.49) only; the side pot of 1.26 is his too"),
    "1078353699": (120000, "the summary pays Hero the main pot (500) only; the side pot of 1,200 is his too"),
}


@dataclass(frozen=True)
class Known:
    path: str  # relative to the corpus's BetOnline folder
    hand_id: str | None
    code: str
    line: int
    reason: str


KNOWN: tuple[Known, ...] = (
    # (the pot's checks are withheld on this hand: nobody is paid the 36.34 pot because its winner, the
    # seat-less player, has no summary line to be paid on; OA601 on line 31 is the record's gap, not the dealer's)
    Known(
        UNKNOWN,
        "991142904",
        "OA106",
        21,
        "fpdb's `unknown.player.wins`: `Unknown player: raises 3.00 to 3.00` names a player with no seat line",
    ),
    Known(NO_SHOW, "1605375848", "OA315", 35, "`Player4: calls 0.05`: his last chips (0.07), no `and is all in`"),
    Known(DEAD_STACK, "1078353699", "OA315", 13, "`: posts small blind 100.00` is the nameless seat's whole stack"),
    Known(
        DEAD_STACK,
        "1078353699",
        "OA501",
        37,
        "the side pot of 1,200 (printed as `Total pot 1200.00` before the showdown) is awarded to nobody",
    ),
    Known(THREE_WAY, "1606125823", "OA315", 39, "`Player6: bets 0.81` is his last 0.81 with no `and is all in`"),
    Known(
        THREE_WAY,
        "1606125823",
        "OA501",
        50,
        "the side pot (`Total pot 1.26` during the hand) is awarded to nobody: Player1's full house wins it",
    ),
    Known(THREE_WAY, "1606125823", "OA601", 53, "so the summary's `won (2.49)` plus the 0.22 rake is not the 3.97"),
)
# Lines not read where no dealer's check depends on them (OA106 at info: nothing withheld on the hand).
KNOWN_INFO: tuple[Known, ...] = (
    Known(GEAR, "1014850512", "OA106", 43, "`Seat 8: Player7 (Small Blind) Seat 9: Player8 (Button)`: two in one"),
)


def betonline_files() -> list[Path]:
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
    return [item for path in betonline_files() for item in read(path) if isinstance(item, Hand)]


def returned(hand: Hand) -> int:
    """The uncalled bets: BetOnline's lines; Gear prints none (the top bet's excess over the next)."""
    if hand.refunds is Refunds.LINE:
        return sum(item.amount for item in hand.uncalled)
    paid: dict[str, int] = {}
    for action in hand.actions:
        paid[action.player] = paid.get(action.player, 0) + action.amount
    top, second = [*sorted(paid.values(), reverse=True), 0, 0][:2]
    return top - second


def test_the_corpus_has_the_betonline_files() -> None:
    require_corpus()
    assert len(betonline_files()) == FILES
    assert sum(len(HEADER.findall(decoded(path))) for path in betonline_files()) == HANDS
    assert {hand.format for hand in hands()} == {"betonline"}
    assert {hand.room for hand in hands()} == {"betonline", "gear"}


@pytest.mark.parametrize("path", betonline_files(), ids=lambda p: p.name)
def test_one_record_per_header_and_none_unreadable(path: Path) -> None:
    require_corpus()
    items = read(path)
    assert not [item for item in items if isinstance(item, UnreadableHand)]
    assert len([item for item in items if isinstance(item, Hand)]) == len(HEADER.findall(decoded(path)))


def test_pot_identity() -> None:
    """The printed pots (summary total, or main pot and the side pots printed during the hand) are the
    chips put in less the uncalled bets and the rake; the awards are too, except where listed."""
    require_corpus()
    problems: list[str] = []
    for hand in hands():
        pot = hand.pot
        assert pot is not None
        gross = sum(action.amount for action in hand.actions) - returned(hand)
        net = gross - (pot.rake or 0)
        printed = pot.total if pot.total is not None else (pot.main or 0) + sum(pot.sides)
        if printed != net:
            problems.append(f"#{hand.hand_id}: pots printed {printed}, put in less returned and rake {net}")
        unawarded = net - sum(item.amount for item in hand.collected)
        if unawarded != EXPECTED_UNAWARDED.get(hand.hand_id, (0, ""))[0]:
            problems.append(f"#{hand.hand_id}: {unawarded} of the pot is not awarded")
    assert not problems, "\n".join(problems)


def test_what_the_reader_makes_of_betonline_text() -> None:
    require_corpus()
    by_id = {hand.hand_id: hand for hand in hands()}
    # 0-based seats listed out of order; zero antes are no posts; Windows zone names
    three = by_id["1606125823"]
    assert [seat.seat for seat in three.seats][:3] == [4, 2, 0]
    assert not any(action.kind is ActionKind.POST_ANTE for action in three.actions)
    assert three.started == datetime(2016, 5, 4, 14, 36, 39, tzinfo=UTC)  # Eastern Daylight Time
    assert by_id["991142904"].started == datetime(2012, 3, 18, 15, 58, 15, tzinfo=UTC)  # GMT Standard Time
    assert by_id["1002134798"].started == datetime(2012, 4, 11, 0, 59, 39, tzinfo=UTC)  # GMT Daylight Time
    assert {seat.player for seat in three.seats if seat.sitting_out} == {"Player7"}
    # `raises 11.00 to 12.00`: 11.00 added to the 1.00 he had in
    unknown = by_id["991142904"]
    raise_line = [a for a in unknown.actions if a.player == "Player2" and a.kind is ActionKind.RAISE][-1]
    assert (raise_line.amount, raise_line.raise_to) == (1100, 1200)
    # the seat-less player gets the empty seat his turn falls on; the all-in run-out comes from the board
    seated = unknown.seat_of("Unknown player")
    assert seated is not None and seated.seat == 8
    assert [deal.street.value for deal in unknown.streets] == ["flop", "turn", "river"]
    # `post dead 0.50`: the big blind and the dead small blind
    dead = by_id["1002134798"]
    post = next(action for action in dead.actions if action.kind is ActionKind.POST_SMALL_AND_BIG_BLIND)
    assert (post.player, post.amount, post.raise_to) == ("Player0", 75, 50)
    # the side pot printed during the hand, the main pot in the summary, each won by its own player
    no_show = by_id["1605375848"]
    assert no_show.pot is not None and (no_show.pot.main, no_show.pot.sides) == (29, (42,))
    assert sorted((c.player, c.amount, c.pot) for c in no_show.collected) == [("Player2", 42, 1), ("Player4", 29, 0)]
    # Gear: play money, no blinds in the header, seats numbered against the direction of play
    gear = by_id["1014850512"]
    assert gear.play_money and (gear.stakes.small_blind, gear.stakes.big_blind) == (10, 20)
    hero = gear.seat_of("Hero")
    assert hero is not None and hero.seat == 9 and gear.button == 0  # the text's seat 0 and button 9
    assert gear.refunds is Refunds.IMPLIED and gear.started is None


@pytest.fixture(scope="module")
def betonline_findings() -> list[tuple[str, Finding]]:
    require_corpus()
    auditor = Auditor(strict=True, keep_text=False)
    return [(relative(f.path), f) for item in auditor.audit_files(betonline_files()) for f in item.findings]


def test_no_internal_errors(betonline_findings: list[tuple[str, Finding]]) -> None:
    assert [f.message for _, f in betonline_findings if f.code == "OA104"] == []


def test_every_finding_is_a_known_error_of_the_hand(betonline_findings: list[tuple[str, Finding]]) -> None:
    actual: Counter[tuple[str, str | None, str, int]] = Counter(
        (path, f.hand_id, f.code, f.line) for path, f in betonline_findings if f.severity is not Severity.INFO
    )
    expected: Counter[tuple[str, str | None, str, int]] = Counter((k.path, k.hand_id, k.code, k.line) for k in KNOWN)
    messages = {(path, f.hand_id, f.code, f.line): f.message for path, f in betonline_findings}
    unexpected = sorted(f"{key} {messages[key]}" for key in actual - expected)
    missing = sorted(str(key) for key in expected - actual)
    assert not unexpected, "findings not in the table:\n" + "\n".join(unexpected)
    assert not missing, "table entries no longer found:\n" + "\n".join(missing)


def test_info_findings_are_the_lines_not_read_nothing_depends_on(betonline_findings: list[tuple[str, Finding]]) -> None:
    info = [(path, f.hand_id, f.code, f.line) for path, f in betonline_findings if f.severity is Severity.INFO]
    assert info == [(k.path, k.hand_id, k.code, k.line) for k in KNOWN_INFO]


def test_every_known_entry_has_a_reason() -> None:
    assert all(known.reason.strip() for known in (*KNOWN, *KNOWN_INFO))
    assert len({(k.path, k.hand_id, k.code, k.line) for k in KNOWN}) == len(KNOWN)


# A hand in BetOnline's lines with every amount a placeholder (cents), written in each number style BetOnline
# prints (omaha_audit/rooms/betonline/README.md): A raises, B folds.
STYLED = """BetOnline Poker Game #1606125899: Hold'em No Limit (${50}/{100}) - 2016/05/04 10:36:39 Eastern Daylight Time
Table '24' 10-Max, Seat #1 is the button
Seat 1: A ({250050} in chips) - The button
Seat 2: B ({123456} in chips) - Big Blind
A: posts small blind {50}
B: posts big blind {100}
*** HOLE CARDS ***
Dealt to A [Ac 10d]
A: raises {149950} to {150000}
B: folds
Uncalled bet ({149900}) returned to A
*** SUMMARY ***
Total pot {200} | Rake {0}
Seat 1: A collected ({200})
Seat 2: B folded before Flop"""
STYLES = {"not grouped": Style("", "", "."), "thousands by commas": Style("", ",", ".")}


@pytest.mark.parametrize("style", sorted(STYLES))
def test_every_number_style_reads_back_exact(style: str) -> None:
    hand = read_text("betonline", fill(STYLED, STYLES[style]))
    assert isinstance(hand, Hand) and not hand.defects
    assert hand.unit.currency == "USD" and (hand.stakes.small_blind, hand.stakes.big_blind) == (50, 100)
    assert [seat.stack for seat in hand.seats] == [250050, 123456]
    assert [(a.kind, a.amount, a.raise_to) for a in hand.actions] == [
        (ActionKind.POST_SMALL_BLIND, 50, 50),
        (ActionKind.POST_BIG_BLIND, 100, 100),
        (ActionKind.RAISE, 149950, 150000),
        (ActionKind.FOLD, 0, None),
    ]
    assert [u.amount for u in hand.uncalled] == [149900]
    assert [c.amount for c in hand.collected] == [200]
    assert hand.pot is not None and (hand.pot.total, hand.pot.rake) == (200, 0)


def test_gear_thousands_and_full_stops() -> None:
    """Gear ends its lines with a full stop (`Calls 20.00.`): a thousands comma (`1,150.00.`) reads the same
    amount, the full stop left out."""
    require_corpus()
    path = next(path for path in betonline_files() if path.name == Path(GEAR).name)
    first = decoded(path).split("\n\n")[0].strip()
    grouped = re.sub(r"\b(\d)(\d{3}\.\d\d)\b", r"\1,\2", first)
    assert grouped != first
    plain, commas = read_text("betonline", first), read_text("betonline", grouped)
    assert isinstance(plain, Hand) and isinstance(commas, Hand)
    assert [s.stack for s in commas.seats] == [s.stack for s in plain.seats] and 1150 in [s.stack for s in plain.seats]
    assert [(a.kind, a.amount) for a in commas.actions] == [(a.kind, a.amount) for a in plain.actions]
    assert [str(c) for c in plain.streets[0].cards] == ["As", "Qh", "3s"]  # Gear's capitals: `[AS QH 3S]`


def test_an_amount_in_no_style_is_one_finding(tmp_path: Path) -> None:
    """`1,4,9,9.50` fits no number style: its line is not read (OA106), the rest of the hand is, and the
    dealer's checks the line could change are withheld: one finding, no dealer's error."""
    text = fill(STYLED, STYLES["thousands by commas"]).replace("raises 1,499.50 to", "raises 1,4,9,9.50 to")
    hand, findings = audit_text(tmp_path, text)
    assert isinstance(hand, Hand)
    assert [(d.line, d.not_read) for d in hand.defects] == [(9, True)]
    assert [(f.code, f.line) for f in findings] == [("OA106", 9)]
