"""Enet Poker (ROOMS.md 19): every file of the corpus's Enet folder is read hand for hand (one record per
hand header, counted here with ROOMS.md's appendix A pattern), no hand is unreadable, the pots add up
(Σ put in - Σ returned - Σ collected = the rake, the sum of the running rake lines) or the difference is
listed with its reason, and every error or warning the audit reports is listed below with the reason it
is genuine. Enet's `Total pot` is not the pot (€0 in most hands) and is not read. The corpus has no fpdb
companion files (.hands, .hp, .gt) for Enet.
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

from omaha_audit.model import ActionKind, Hand, Structure, UnreadableHand
from omaha_audit.parse.files import FileNotice
from omaha_audit.rooms import hand_source
from omaha_audit.rules.base import Finding, Severity
from omaha_audit.run.pipeline import Auditor

pytestmark = pytest.mark.corpus

FOLDER = "Enet"
HEADER = re.compile(r"^Game #\d+: ", re.MULTILINE)  # ROOMS.md appendix A
COMPANIONS = (".hands", ".hp", ".gt")
FILES = 5
HANDS = 5
RAKE_LINE = re.compile(r"^Rake: \u20ac(-?[\d,]+)$", re.MULTILINE)
SUMMARY_RAKE = re.compile(r"^Total pot \u20ac[-\d,]+ \| Rake \u20ac(-?[\d,]+)$", re.MULTILINE)

POST_DEAD = "fpdb-chaz/NLHE-6max-EUR-0.05-0.10-201210.post.dead.txt"
SIDE_POT = "fpdb-chaz/PLO-6max-USD-0.25-0.50-201207.side.pot.failure.txt"
BAD_COLLECTED = "fpdb-chaz/PLO-9max-EUR-0.10-0.25-201207.bad.collected.txt"
ACCOUNTING = "fpdb-chaz/PLO-9max-USD-0.10-0.25-201208.accounting.issue.txt"

# (put in - returned - collected) - rake, in cents, and why: Enet's defects (ROOMS.md 19, fpdb's file names).
EXPECTED_DIFFERENCES = {
    "19408739": (5, "the collected line is the uncalled €0.20 again, not the €0.25 pot (the summary says €0.30)"),
    "7732419": (8250, "the side pot of €80.28 is never collected; `Rake: €3,61` then `Rake: €-2,22`"),
    "6404139": (967, "side pot 1 (€9.15) is never collected; the rake lines are €0.52, €0.02 and €-0.27"),
    "12036770": (-13, "the collected line is the uncalled €0.82 again; the summary says €1.04 of a €0.75 pot"),
}


@dataclass(frozen=True)
class Known:
    path: str  # relative to the corpus's Enet folder
    hand_id: str | None
    code: str
    line: int
    reason: str
    times: int = 1  # the same code on the same line more than once (one finding per pot)


KNOWN: tuple[Known, ...] = (
    # fpdb's `post.dead`: two players post blinds without amounts; the collect line repeats the refund. What the
    # two posts put in is not known, so the pot and the awards are not judged (OA601 on line 20 and OA605 on
    # line 27 are withheld: the pot is €0.25 plus the unprinted blinds, which the `collected (€0,30)` may hold)
    Known(POST_DEAD, "19408739", "OA106", 11, "`Player4: posts big blind ` has no amount (he never acts: `showed []`)"),
    Known(POST_DEAD, "19408739", "OA106", 12, "`Player1: posts small blind ` has no amount"),
    Known(POST_DEAD, "19408739", "OA109", 20, "`Hero collected (€0,20)` right after `Uncalled bet (€0,20)`"),
    # fpdb's `side.pot.failure`: Player2 wins both pots, only the main pot is collected
    Known(SIDE_POT, "7732419", "OA109", 32, "`Rake: €-2,22`: a negative rake increment"),
    Known(SIDE_POT, "7732419", "OA601", 40, "€56.64 collected of €140.53 put in (rake €1.39)"),
    Known(SIDE_POT, "7732419", "OA501", 42, "the side pot Player2 won against cik (2 × €40.14) is paid to nobody"),
    # fpdb's `bad.collected`: three pots, two collected lines (neither says which pot)
    Known(BAD_COLLECTED, "6404139", "OA109", 32, "`Rake: €-0,27`: a negative rake increment"),
    Known(
        BAD_COLLECTED,
        "6404139",
        "OA501",
        38,
        "Player0's trips win the main pot (€8.40 less its rake share); he collects €7.88 (less €0.52, more than the"
        " hand's €0.27 rake); Player4's line (no pot named) is read against the main pot too",
    ),
    Known(BAD_COLLECTED, "6404139", "OA601", 42, "€12.27 collected of €22.21 put in (rake €0.27)"),
    Known(
        BAD_COLLECTED,
        "6404139",
        "OA501",
        44,
        "side pot 1 (€9.15, Player0's trips) is paid to nobody; side pot 2 (€4.66, Player4's kings over Player3)"
        " has no line of its own",
        times=2,
    ),
    # fpdb's `accounting.issue`: a player who never posted checks; the collect line repeats the refund
    Known(ACCOUNTING, "12036770", "OA306", 19, "Player6 checks preflop with nothing in, facing the €0.25 big blind"),
    Known(ACCOUNTING, "12036770", "OA313", 23, "so the flop comes while Player6 still owes the big blind"),
    Known(ACCOUNTING, "12036770", "OA301", 34, "and the pot is €0.75, below Player0's river bet of €0.82"),
    Known(ACCOUNTING, "12036770", "OA109", 39, "`Player0 collected (€0,82)` right after `Uncalled bet (€0,82)`"),
    Known(ACCOUNTING, "12036770", "OA601", 39, "so €0.82 is collected from a pot of €0.75 less €0.06 rake"),
    Known(ACCOUNTING, "12036770", "OA605", 44, "the summary's `collected (€1,04)` is neither"),
)


def enet_files() -> list[Path]:
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
    return [item for path in enet_files() for item in read(path) if isinstance(item, Hand)]


def cents(text: str) -> int:
    negative = text.startswith("-")
    whole, _, frac = text.lstrip("-").partition(",")
    value = int(whole) * 100 + int((frac or "0").ljust(2, "0"))
    return -value if negative else value


def test_the_corpus_has_the_enet_files() -> None:
    require_corpus()
    assert len(enet_files()) == FILES
    assert sum(len(HEADER.findall(decoded(path))) for path in enet_files()) == HANDS
    assert {hand.format for hand in hands()} == {"enet"}


@pytest.mark.parametrize("path", enet_files(), ids=lambda p: p.name)
def test_one_record_per_header_and_none_unreadable(path: Path) -> None:
    require_corpus()
    items = read(path)
    assert not [item for item in items if isinstance(item, UnreadableHand)]
    assert len([item for item in items if isinstance(item, Hand)]) == len(HEADER.findall(decoded(path)))


@pytest.mark.parametrize("path", enet_files(), ids=lambda p: p.name)
def test_pot_identity(path: Path) -> None:
    """Σ put in - Σ returned - Σ collected = rake; the rake is the running lines' sum; no total is read."""
    require_corpus()
    text = decoded(path)
    for hand in (item for item in read(path) if isinstance(item, Hand)):
        assert hand.pot is not None and hand.pot.total is None
        increments = [cents(value) for value in RAKE_LINE.findall(text)]
        printed = SUMMARY_RAKE.search(text)
        assert printed is not None
        assert hand.pot.rake == cents(printed.group(1)) == sum(increments)
        put_in = sum(action.amount for action in hand.actions)
        kept = put_in - sum(item.amount for item in hand.uncalled) - sum(item.amount for item in hand.collected)
        difference, _ = EXPECTED_DIFFERENCES.get(hand.hand_id, (0, ""))
        assert kept - hand.pot.rake == difference


def test_what_the_reader_makes_of_enet_text() -> None:
    require_corpus()
    by_id = {hand.hand_id: hand for hand in hands()}
    plo = by_id["7732310"]
    assert plo.structure is Structure.POT_LIMIT and plo.table == "SantElena 1"
    assert plo.started is None and plo.started_local == "23:31:54 29.7.2012"
    assert (plo.unit.currency, plo.stakes.small_blind, plo.stakes.big_blind) == ("EUR", 25, 50)
    assert [str(card) for card in plo.boards[0]] == ["9c", "2c", "Qd", "8s", "Ac"]
    assert [len(deal.new_cards) for deal in plo.streets] == [3, 1, 1]
    assert [(item.player, item.amount) for item in plo.collected] == [("Player4", 1057)]
    assert plo.button == 5  # `Seat #4 is the button`: numbered from 0 (the blinds are on seats 6 and 1)
    assert by_id["19408739"].structure is Structure.NO_LIMIT
    # `raises €11,75` by a player with €0.50 in: to €12.25; `goes all-in €5,75`: €18 in all
    failure = by_id["7732419"]
    raise_line = next(a for a in failure.actions if a.player == "amazing_mck" and a.kind.value == "raise")
    assert raise_line.raise_to == 1225
    assert sum(a.amount for a in failure.actions if a.player == "amazing_mck") == 1800


@pytest.fixture(scope="module")
def enet_findings() -> list[tuple[str, Finding]]:
    require_corpus()
    auditor = Auditor(strict=True, keep_text=False)
    return [(relative(f.path), f) for item in auditor.audit_files(enet_files()) for f in item.findings]


def test_no_internal_errors(enet_findings: list[tuple[str, Finding]]) -> None:
    assert [f.message for _, f in enet_findings if f.code == "OA104"] == []


def test_every_finding_is_a_known_error_of_the_hand(enet_findings: list[tuple[str, Finding]]) -> None:
    actual: Counter[tuple[str, str | None, str, int]] = Counter(
        (path, f.hand_id, f.code, f.line) for path, f in enet_findings if f.severity is not Severity.INFO
    )
    expected: Counter[tuple[str, str | None, str, int]] = Counter()
    for known in KNOWN:
        expected[(known.path, known.hand_id, known.code, known.line)] += known.times
    messages = {(path, f.hand_id, f.code, f.line): f.message for path, f in enet_findings}
    unexpected = sorted(f"{key} {messages[key]}" for key in actual - expected)
    missing = sorted(str(key) for key in expected - actual)
    assert not unexpected, "findings not in the table:\n" + "\n".join(unexpected)
    assert not missing, "table entries no longer found:\n" + "\n".join(missing)


def test_the_defect_files_report_their_defect(enet_findings: list[tuple[str, Finding]]) -> None:
    """fpdb names each regression file after its defect: the audit must report it."""
    codes: dict[str, set[str]] = {}
    for path, finding in enet_findings:
        codes.setdefault(path, set()).add(finding.code)
    assert {"OA109", "OA601", "OA501"} <= codes[SIDE_POT]  # negative rake, the side pot not collected
    assert {"OA109", "OA601", "OA501"} <= codes[BAD_COLLECTED]
    assert {"OA109", "OA601", "OA605"} <= codes[ACCOUNTING]  # the refund collected again
    assert {"OA106"} <= codes[POST_DEAD]  # blinds posted without amounts


def test_every_known_entry_has_a_reason() -> None:
    assert all(known.reason.strip() for known in KNOWN)
    assert len({(k.path, k.hand_id, k.code, k.line) for k in KNOWN}) == len(KNOWN)


# A hand in Enet's lines with every amount a placeholder (euro cents), written in each number style Enet prints
# (omaha_audit/rooms/enet/README.md): A raises, B folds, the raise comes back but for B's big blind.
STYLED = """Game #7732311: Hold'em ({25}/{50}) - 23:31:54 29.7.2012 - %6
Table 'Parfigi 1 - No Limit' 6-max Seat #0 is the button
Seat 1: A ({250050} in chips)
Seat 2: B ({123456} in chips)
A: posts small blind {25}
B: posts big blind {50}
*** HOLECARDS ***
A: raises {124975}
B: folds
Rake: {0}
Uncalled bet ({120000}) returned to A
A: collected ({100}) from pot
*** SUMMARY ***
Total pot {0} | Rake {0}
Board []
Seat 1: A (small blind) collected ({100}) from pot
Seat 2: B (big blind) folded"""
STYLES = {
    "grouped by points": Style("€", ".", ","),
    "whole amounts without decimals": Style("€", ".", ",", all_places=False),
    "not grouped": Style("€", "", ","),
}


@pytest.mark.parametrize("style", sorted(STYLES))
def test_every_number_style_reads_back_exact(style: str) -> None:
    hand = read_text("enet", fill(STYLED, STYLES[style]))
    assert isinstance(hand, Hand) and not hand.defects
    assert hand.unit.currency == "EUR" and (hand.stakes.small_blind, hand.stakes.big_blind) == (25, 50)
    assert [seat.stack for seat in hand.seats] == [250050, 123456]
    assert [(a.kind, a.amount, a.raise_to) for a in hand.actions] == [
        (ActionKind.POST_SMALL_BLIND, 25, 25),
        (ActionKind.POST_BIG_BLIND, 50, 50),
        (ActionKind.RAISE, 124975, 125000),
        (ActionKind.FOLD, 0, None),
    ]
    assert [u.amount for u in hand.uncalled] == [120000]
    assert [c.amount for c in hand.collected] == [100]
    assert hand.pot is not None and hand.pot.rake == 0


def test_a_negative_rake_line_is_read_and_reported() -> None:
    text = fill(STYLED, STYLES["grouped by points"]).replace("Rake: €0,00", "Rake: €-0,05")
    hand = read_text("enet", text)
    assert isinstance(hand, Hand)
    assert [(d.line, d.reason, d.inconsistent) for d in hand.defects] == [
        (10, "a negative rake increment", True),
        (14, "the rake is not the rake lines' sum", True),
    ]


def test_an_amount_in_no_style_is_one_finding(tmp_path: Path) -> None:
    """`€1.2.4.9,75` fits no number style: its line is not read (OA106), the rest of the hand is, and the
    dealer's checks the line could change are withheld: one finding, no dealer's error. A minus is read on the
    running rake lines only."""
    text = fill(STYLED, STYLES["grouped by points"]).replace("A: raises €1.249,75", "A: raises €1.2.4.9,75")
    hand, findings = audit_text(tmp_path, text)
    assert isinstance(hand, Hand)
    assert [(d.line, d.not_read) for d in hand.defects] == [(8, True)]
    assert [(f.code, f.line) for f in findings] == [("OA106", 8)]
    negative = read_text(
        "enet", fill(STYLED, STYLES["grouped by points"]).replace("B: posts big blind €", "B: posts big blind €-")
    )
    assert isinstance(negative, Hand)
    assert [(d.line, d.not_read) for d in negative.defects] == [(6, True)]
