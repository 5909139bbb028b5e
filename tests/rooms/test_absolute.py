"""Absolute Poker / UltimateBet (the `absolute` format, ROOMS.md 20): every hand of the corpus's Absolute
folder is read, one record per `Stage #` header (counted here with ROOMS.md's appendix A pattern), none
unreadable; the pots add up in the terms the text prints them (gross `Total Pot`, net awards, the rake
and the jackpot rake, the 7-2 game's proposition pot outside them); and every error or warning the audit
reports is listed below with the reason it is genuine. The corpus has no fpdb companion files for Absolute.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest
from corpus_paths import corpus_root, require_corpus
from corpus_text import decoded
from text_audit import Style, audit_text, fill, read_text

from omaha_audit.model import ActionKind, FeeEffect, FeeKind, Game, Hand, Refunds, Street, Structure, UnreadableHand
from omaha_audit.parse.split import Block
from omaha_audit.rooms import BY_NAME, hand_source, preset_for
from omaha_audit.rules.base import Severity
from omaha_audit.run.pipeline import Auditor

FOLDER = "Absolute"
# ROOMS.md appendix A's pattern for Absolute, written out here on its own.
HEADER = re.compile(r"^Stage #\w+", re.MULTILINE)
FILES = 8
HANDS = 94
TOURNAMENT = (
    "fpdb-chaz/IHH20110116 $1K Special Sunday FR 3 Tourney ID 5945889 No Limit Hold'em Freeroll(Real Money).txt"
)

# Every error or warning on the room's real hands: (file, hand, code, line) -> why it is genuine.
KNOWN: dict[tuple[str, str, str, int], str] = {
    ("fpdb-chaz/LHE-USD-25-50-200708.timeout.allin.txt", "736583015", "OA306", 24): (
        "`HOLDINGQUADS - All-In (Timeout)` facing a $50 bet with $2,682.46 behind: the disconnected player is kept"
        " in the hand without calling (the room's all-in protection; no rule of RULES.md allows it), and the bet"
        " is returned as not called"
    ),
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
def test_the_folder_has_the_absolute_files() -> None:
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
    assert {(hand.format, hand.room) for hand in found} == {("absolute", "absolute")}
    lines = text.split("\n")
    assert all(HEADER.match(lines[hand.source.line - 1]) for hand in found)
    assert len({hand.hand_id for hand in found}) == len(found)
    assert not [defect for hand in found for defect in hand.defects]


@pytest.mark.corpus
def test_pots_add_up() -> None:
    """Absolute's identities, from the model's numbers: chips put in less the returned bets = `Total Pot`
    (gross; a walk's unreturned excess stays in it); what the players collected + the rake + the jackpot rake
    = `Total Pot`; the printed main and side pots make the total; each summary line's `Total` is what the
    player collected, with the 7-2 game's proposition pot (paid outside the pot) on top."""
    require_corpus()
    problems = []
    walks = 0
    for name, hand in hands():
        assert hand.pot is not None and hand.pot.total is not None, hand.hand_id
        total = hand.pot.total
        put_in = sum(action.amount for action in hand.actions)
        returned = sum(item.amount for item in hand.uncalled)
        collected = sum(item.amount for item in hand.collected)
        if put_in - returned != total:
            problems.append(f"{name} #{hand.hand_id}: put in {put_in} - returned {returned} != total {total}")
        if collected + (hand.pot.rake or 0) + hand.fees_taken != total:
            problems.append(f"{name} #{hand.hand_id}: collected {collected} + rake != total {total}")
        if hand.pot.main is not None and hand.pot.main + sum(hand.pot.sides) != total:
            problems.append(f"{name} #{hand.hand_id}: main and side pots do not make the total")
        props = {fee.player: fee.amount for fee in hand.fees if fee.effect is FeeEffect.OUTSIDE}
        per_player = Counter[str]()
        for item in hand.collected:
            per_player[item.player] += item.amount
        for seat in hand.summary_seats:
            match = re.search(r"(?:won|collected) Total \(\$?([\d,.]+)\)", seat.text)
            if match:
                printed = round(float(match.group(1).replace(",", "")) * 10**hand.unit.decimals)
                assert printed == per_player[seat.player] + props.get(seat.player, 0), seat.text
        if hand.refunds is Refunds.IN_COLLECTED:
            walks += 1
            assert not hand.uncalled and all(
                action.kind is ActionKind.FOLD or action.kind.is_post for action in hand.actions
            )
    assert not problems, "\n".join(problems)
    assert walks == 4  # the tournament's walks: no `returned` line for the big blind's excess


@pytest.mark.corpus
def test_findings_are_known() -> None:
    root = require_corpus() / FOLDER
    found: Counter[tuple[str, str, str, int]] = Counter()
    info: Counter[str] = Counter()
    auditor = Auditor(strict=True, keep_text=False)
    findings = [finding for audited in auditor.audit_files(room_files()) for finding in audited.findings]
    for finding in [*findings, *auditor.across]:  # (the rules of each hand, and those across a table's hands)
        if finding.severity.rank >= Severity.WARNING.rank:
            where = Path(finding.path).relative_to(root).as_posix()
            found[(where, finding.hand_id or "", finding.code, finding.line)] += 1
        else:
            info[finding.code] += 1
    assert dict(found) == dict.fromkeys(KNOWN, 1)
    assert info == Counter()


@pytest.mark.corpus
def test_headers_and_stakes() -> None:
    require_corpus()
    limit = by_id("736661180")  # `HOLDEM NORMAL $25/$50`: fixed limit, the small and the big bet
    assert (limit.game, limit.structure) == (Game.HOLDEM, Structure.FIXED_LIMIT)
    assert (limit.stakes.small_bet, limit.stakes.big_bet, limit.unit.currency) == (2500, 5000, "USD")
    assert preset_for(limit).name == "absolute"
    assert preset_for(limit).fl_small_blind(Decimal(25)) == Decimal(15)  # `Posts small blind $15`
    assert str(limit.started) == "2007-08-17 10:49:16+00:00"  # (ET in August: EDT)
    ante = by_id("1773383021")  # `Holdem  No Limit $1, $0.25 ante`: the big blind and the ante
    assert (ante.stakes.small_blind, ante.stakes.big_blind, ante.stakes.ante) == (None, 100, 25)
    turbo = by_id("C379012708")  # `$0.10 Turbo - 2011-02-21 05:08:53.010 (ET) [ ... ]`
    assert turbo.stakes.big_blind == 10 and str(turbo.started) == "2011-02-21 10:08:53+00:00"
    tournament = by_id("525691746")  # `Tourney ID 5945889 Holdem Multi Normal Tournament No Limit 10`
    assert tournament.structure is Structure.NO_LIMIT and tournament.unit.currency == "chips"
    assert tournament.tournament is not None and tournament.tournament.tournament_id == "5945889"
    assert (tournament.table, tournament.table_id, tournament.button) == ("15", "5945889/15", 9)
    assert [seat.stack for seat in tournament.seats[:2]] == [1440, 1380]  # `(1,440 in chips)`


@pytest.mark.corpus
def test_raises_print_the_chips_added_and_the_street_total() -> None:
    require_corpus()
    hand = by_id("C379012708")
    raises = [(a.player, a.amount, a.raise_to, a.increment) for a in hand.actions if a.kind is ActionKind.RAISE]
    # `PLAYER5 - Raises $0.20 to $0.20` over the big blind, `PLAYER4 - Raises $0.20 to $0.30` after calling 0.10
    assert raises == [("PLAYER5", 20, 20, 10), ("PLAYER4", 20, 30, 10)]
    allin = [a for a in hand.actions if a.all_in]  # `PLAYER4 - All-In $1.47` on the river: a bet
    assert [(a.kind, a.amount, a.raise_to) for a in allin] == [(ActionKind.BET, 147, 147)]
    side = by_id("525744427")  # `All-In(Raise) 6,160 to 6,160`, `All-In 925` (a short call)
    flop = [(a.player, a.kind, a.amount, a.raise_to) for a in side.actions if a.street is Street.FLOP and a.all_in]
    assert flop == [
        ("MAKMOJARTU", ActionKind.RAISE, 6160, 6160),
        ("SHUSWAPER", ActionKind.CALL, 925, 1125),
        ("MARSHMAN5984", ActionKind.CALL, 1790, 1990),
    ]
    assert side.pot is not None and (side.pot.total, side.pot.main, side.pot.sides) == (5480, 3750, (1730,))
    dead = by_id("736661180")  # `P0KEHER - Posts dead $40 dead $15`, then `Raises $25 to $50`
    posts = [(a.kind, a.amount, a.raise_to) for a in dead.actions if a.player == "P0KEHER"][:2]
    assert posts == [(ActionKind.POST_SMALL_AND_BIG_BLIND, 4000, 2500), (ActionKind.RAISE, 2500, 5000)]
    protected = by_id("736583015")  # `HOLDINGQUADS - All-In (Timeout)`: nothing more put in, all in
    last = protected.actions[-1]
    assert (last.player, last.kind, last.amount, last.all_in, last.cap_reached) == (
        "HOLDINGQUADS",
        ActionKind.CHECK,
        0,
        True,
        True,
    )


@pytest.mark.corpus
def test_the_seven_deuce_game() -> None:
    require_corpus()
    hand = by_id("1981698003")  # `Total Pot($26) | Rake ($1.30) | Jackpot Rake ($0.50) | 72 Proposition Pot ($40)`
    assert hand.pot is not None and (hand.pot.total, hand.pot.rake) == (2600, 130)
    assert [(c.player, c.amount) for c in hand.collected] == [("PLAYER0", 2420)]
    assert [(f.kind, f.amount, f.effect) for f in hand.fees] == [
        (FeeKind.OTHER, 4000, FeeEffect.OUTSIDE),
        (FeeKind.JACKPOT, 50, FeeEffect.TAKEN),
    ]
    assert hand.game_text == "Holdem No Limit (7-2)"
    winner = next(seat for seat in hand.summary_seats if seat.player == "PLAYER0")
    assert winner.won == (2420,) and [str(c) for c in winner.cards] == ["2c", "7c"]


def block(lines: list[str]) -> Block:
    return Block("hand", "memory.txt", 1, lines, "absolute")


SIDE_POTS = """Stage #1: Holdem  No Limit $1 - 2009-11-30 15:50:12 (ET)
Table: X (Real Money) Seat #1 is the dealer
Seat 1 - A ($1,000 in chips)
Seat 2 - B ($500 in chips)
Seat 3 - C ($1,500 in chips)
A - Posts small blind $0.50
B - Posts big blind $1
*** POCKET CARDS ***
C - Raises $1,500 to $1,500
A - All-In $999.50
B - All-In $499
C - returned ($500) : not called
*** FLOP *** [2c 3d 4h]
*** TURN *** [2c 3d 4h] [5s]
*** RIVER *** [2c 3d 4h 5s] [9c]
*** SHOW DOWN ***
A - Shows [Ac Kd] (Straight, ace to five)
B - Shows [Qc Qd] (One pair, queens)
C - Shows [Jc Jd] (One pair, jacks)
A Collects $1,500 from main pot
A Collects $1,000 from side pot-1
*** SUMMARY ***
Total Pot($2,500:$1,500,$1,000)
Board [2c 3d 4h 5s 9c]
Seat 1: A (dealer) (small blind) won Total ($2,500) All-In HI:($2,500) with Straight [Ac Kd - B:5s]
Seat 2: B (big blind) HI:lost with One pair, queens [Qc Qd - P:Qc,P:Qd]
Seat 3: C HI:lost with One pair, jacks [Jc Jd - P:Jc,P:Jd]"""


def test_pots_with_signs_and_thousands() -> None:
    hand = BY_NAME["absolute"].read(block(SIDE_POTS.split("\n")))
    assert isinstance(hand, Hand), hand
    assert hand.pot is not None and (hand.pot.total, hand.pot.main, hand.pot.sides) == (250000, 150000, (100000,))
    assert not hand.defects
    # without signs, `1,500,1,000` reads as 1500 + 1000 only: the one cut that makes the total
    lines = SIDE_POTS.replace("Total Pot($2,500:$1,500,$1,000)", "Total Pot($2,500:1,500,1,000)").split("\n")
    again = BY_NAME["absolute"].read(block(lines))
    assert isinstance(again, Hand) and again.pot is not None and again.pot.sides == (100000,)
    # a list that no cut makes add up to the total is the room's error (OA109)
    broken = SIDE_POTS.replace("Total Pot($2,500:$1,500,$1,000)", "Total Pot($2,500:1,500,900)").split("\n")
    wrong = BY_NAME["absolute"].read(block(broken))
    assert isinstance(wrong, Hand) and wrong.pot is not None and wrong.pot.main is None
    assert [(d.reason, d.inconsistent) for d in wrong.defects] == [
        ("the main and side pots do not add up to the total", True)
    ]


# A hand in Absolute's lines with every amount a placeholder (cents), written in each number style Absolute
# prints (omaha_audit/rooms/absolute/README.md): A raises, B folds, the raise comes back but for the big blind.
STYLED = """Stage #C282012499: Holdem  No Limit {100} - 2010-12-07 22:18:14 (ET)
Table: X (Real Money) Seat #1 is the dealer
Seat 1 - A ({250050} in chips)
Seat 2 - B ({123456} in chips)
A - Posts small blind {50}
B - Posts big blind {100}
*** POCKET CARDS ***
A - Raises {149950} to {150000}
B - Folds
A - returned ({149800}) : not called
*** SHOW DOWN ***
A - Does not show
A Collects {200} from main pot
*** SUMMARY ***
Total Pot({200})
Seat 1: A (dealer) (small blind) collected Total ({200}) HI:({200})  [Does not show]
Seat 2: B (big blind) Folded on the POCKET CARDS"""
STYLES = {
    "dollars, thousands by commas": Style("$", ",", "."),
    "dollars, whole amounts without decimals": Style("$", ",", ".", all_places=False),
    "euros after a space": Style(" €", ",", "."),
}


@pytest.mark.parametrize("style", sorted(STYLES))
def test_every_number_style_reads_back_exact(style: str) -> None:
    text = fill(STYLED, STYLES[style]).replace("No Limit  €", "No Limit €")
    hand = read_text("absolute", text)
    assert isinstance(hand, Hand) and not hand.defects, hand
    assert hand.unit.currency == ("EUR" if "€" in STYLES[style].before else "USD")
    assert hand.stakes.big_blind == 100
    assert [seat.stack for seat in hand.seats] == [250050, 123456]
    assert [(a.kind, a.amount, a.raise_to) for a in hand.actions] == [
        (ActionKind.POST_SMALL_BLIND, 50, 50),
        (ActionKind.POST_BIG_BLIND, 100, 100),
        (ActionKind.RAISE, 149950, 150000),
        (ActionKind.FOLD, 0, None),
    ]
    assert [u.amount for u in hand.uncalled] == [149800]
    assert [c.amount for c in hand.collected] == [200]
    assert hand.pot is not None and hand.pot.total == 200


def test_an_amount_in_no_style_is_one_finding(tmp_path: Path) -> None:
    """`$1,4,9,9.50` fits no number style: its line is not read (OA106), the rest of the hand is, and the
    dealer's checks the line could change are withheld: one finding, no dealer's error."""
    text = fill(STYLED, STYLES["dollars, thousands by commas"]).replace("Raises $1,499.50 to", "Raises $1,4,9,9.50 to")
    hand, findings = audit_text(tmp_path, text)
    assert isinstance(hand, Hand)
    assert [(d.line, d.not_read) for d in hand.defects] == [(8, True)]
    assert [(f.code, f.line) for f in findings] == [("OA106", 8)]
