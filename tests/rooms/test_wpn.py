"""The Winning Poker Network's old text, 2014-2018 (the `wpn` format, ROOMS.md section 7): every hand of the
corpus's WinningPoker-ACR folder written in it is read, one record per `Game started at:` line, with pots
that add up (or the reason they do not), and every error or warning the audit reports is listed below with
the reason it is genuine."""

from __future__ import annotations

import functools
import re
from collections import Counter
from pathlib import Path

import pytest
from corpus_paths import corpus_root, require_corpus
from corpus_text import decoded

from omaha_audit.model import ActionKind, FeeKind, Game, Hand, ShowdownKind, Street, Structure, UnreadableHand
from omaha_audit.parse.files import HandSource
from omaha_audit.parse.split import Block
from omaha_audit.rooms import BY_NAME, hand_source
from omaha_audit.rules.base import Severity
from omaha_audit.run.pipeline import Auditor

# ROOMS.md appendix A's count pattern for the older text, written out here on its own.
HEADER = re.compile(r"^Game started at: \d", re.MULTILINE)
FOLDER = "WinningPoker-ACR"
# The summary's own figures on each player's line, read here with a pattern of the test's.
RESULT = re.compile(r"Bets: ([\d.]+)\. Collects: ([\d.]+)\. (Wins|Loses): ([\d.]+)\.$")

HHSP = "PokerHandHistoryParser/"
STRADDLE = HHSP + "Straddle.txt"
UNKNOWN_2016 = "fpdb-chaz/NLHE-9max-USD-1.00-2.00-201612.Unknown.Player.Acts.HH20160621 G30997753.txt"
UNKNOWN_T1 = "fpdb-chaz/NLHE-NA-0-0 HH00000000 T1-G0-201601.unknown.player.acts.txt"
NO_FLOP = "fpdb-chaz/PLO8-6max-USD-20-40-201609.no.flop.HH20160913 G31116857.txt"
DISCONNECTED = "fpdb-chaz/PLO8-6max-USD-40-80-201610.disconnected.allin.HH00000000 G0.txt"

# Hands whose pot identity does not hold: (chips put in - returned - (Pot + Rake + JP fee), collected - Pot),
# in the hand's units, and why.
EXPECTED_POT_DIFFERENCES: dict[tuple[str, str], tuple[int, int, str]] = {
    (HHSP + "BasicHand.txt", "261679750"): (25, 0, "a `( Beast )` table: $0.25 of the $48 is in no printed figure"),
    (HHSP + "StrangePlayerNames.txt", "258671202"): (25, 0, "a `( Beast )` table: $0.25 missing, as above"),
    (STRADDLE, "266899075"): (25, 0, "ROOMS.md 7.6: 0.10 + 0.25 + 0.25 + 0.50 = 1.10, `Pot: 0.80. Rake 0.05`"),
    (NO_FLOP, "727152195"): (
        2000,
        0,
        "fpdb's sample with the names scrambled: the summary's Bets are not the actions'",
    ),
    (UNKNOWN_T1, "547441485"): (0, -3220, "the winner has an empty name, no seat and no summary line"),
}

# Every error or warning finding on the room's real hands: (file, hand, code, line) -> why it is genuine.
BROKEN_NAME_2016 = "fpdb's `Unknown.Player.Acts` sample: the big blind's name is empty and has no seat line"
KNOWN: dict[tuple[str, str, str, int], str] = {
    (HHSP + "BasicHand.txt", "261679750", "OA602", 55): "$48 put in, `Pot: 45.75. Rake 2`: $0.25 unaccounted",
    (HHSP + "StrangePlayerNames.txt", "258671202", "OA602", 39): "$41.75 accounted for of $42: $0.25 unaccounted",
    (STRADDLE, "266899075", "OA602", 38): "the HHSmithy sample's missing $0.25 (ROOMS.md 7.6), maybe hand-edited",
    # the damaged fpdb-3 UTF-16 copies: a cut-off seat line
    ("fpdb-3/cash/Stud/7-Stud-HL-8max-USD-1.00-2.00-201608.HH00000000 G0.txt", "693976187", "OA107", 101): (
        "the copy ends in this hand's seat lines, the last one with a U+FFFD"
    ),
    # stud hi/lo, replayed: `Pot: 7.05` after the rake split between KickAzzJohnny's two pair (high) and
    # ChazDazzle's A-2-4-6-7 (low); the odd cent goes to the low half ($3.53, high $3.52), where OC-3 gives it
    # to the high half
    ("fpdb-3/cash/Stud/7-Stud-HL-8max-USD-1.00-2.00-201608.HH00000000 G0.txt", "693975843", "OA505", 87): (
        "the odd cent of a hi/lo split paid to the low half, not the high (OC-3)"
    ),
    # fpdb's samples of a player with an empty name and no seat: said once per player, at the first line naming
    # them; the dealer's checks after it (the order of play without that seat, its chips in the pot and the
    # awards) are withheld, since the text does not say where that player sits
    (UNKNOWN_2016, "665312038", "OA105", 15): BROKEN_NAME_2016 + " (and on line 37)",
    (UNKNOWN_2016, "665307190", "OA105", 71): BROKEN_NAME_2016 + " (and on lines 81 to 100: its call, bets, the"
    " `Uncalled bet (10.18) returned to `, and `*Player  mucks` collecting)",
    (UNKNOWN_T1, "547441485", "OA105", 8): "`Player  ante (20)`: an empty name with no seat (fpdb's sample; and"
    " `Player  allin (1480)` on line 15)",
    # fpdb's `no.flop` sample: an empty flop line, and names that do not fit the actions
    (NO_FLOP, "727152195", "OA109", 13): "`*** FLOP ***:` with no cards, before the deal: a line the room wrote"
    " that cannot be (read whole, it withholds nothing)",
    (NO_FLOP, "727152195", "OA311", 33): "Player4 acts after Player0's re-raise while Player2 (big blind) has not",
    (NO_FLOP, "727152195", "OA401", 34): "the uncalled bet goes to Player3, who folded, not to the raiser",
    (NO_FLOP, "727152195", "OA602", 37): "120 put in, 20 returned, `Pot: 79.25. Rake 0.51. JP fee 0.24`",
    (NO_FLOP, "727152195", "OA604", 37): "rake on a hand that ended before the flop (the network's other hands: none)",
    (NO_FLOP, "727152195", "OA313", 41): "the summary comes while the big blind has a raise to answer",
    (NO_FLOP, "727152195", "OA403", 41): "Player3, who folded first, collects the pot",
    (NO_FLOP, "727152195", "OA501", 41): "the pot should go to the raiser left in, not to Player3",
    # the network's disconnect protection (no RULES.md rule allows it)
    (DISCONNECTED, "741631166", "OA306", 52): "Player0, disconnected, stays in facing $40 without calling",
}
# Lines not read that withhold nothing (OA106 info: the hand is whole without them), and why.
LINES_NOT_READ: dict[tuple[str, str, str, int], str] = {
    # the damaged fpdb-3 UTF-16 copies: a U+FFFD line after the last hand's `Game ended at:`
    ("fpdb-3/cash/7-Stud-8max-USD-1.00-2.00-201608.HH00000000 G0.txt", "693978378", "OA106", 271): "U+FFFD line",
    ("fpdb-3/cash/Flop/LHE-2max-USD-2.00-4.00-201608.HH00000000 G0.txt", "693968595", "OA106", 53): "U+FFFD line",
    ("fpdb-3/cash/Flop/NLHE-6max-USD-0.01-0.02-201608.Cap.HH00000000 G0.txt", "698339630", "OA106", 241): "U+FFFD",
    ("fpdb-3/cash/Flop/NLHE-6max-USD-0.01-0.02-201608.Short.HH00000000 G0.txt", "698347770", "OA106", 171): "U+FFFD",
    ("fpdb-3/cash/Flop/NLHE-6max-play-5.00-10.00-201608.HH00000000 G0.txt", "698333926", "OA106", 61): "U+FFFD line",
    # (fpdb-3/cash/NLHE-6max-USD-0.01-0.02-201608.Short.HH00000000 G0.txt is an identical copy of the Flop/ file:
    # its hands are counted and audited once, CT-5, so its U+FFFD line is reported on the first copy only)
    ("fpdb-3/tour/NLHE-9max-USD-5.00 HH00000000 T5731520-G0-201608.Regular.txt", "695317268", "OA106", 5307): "U+FFFD",
}
# Findings that come from what the model cannot say, not from the hand: the summary's `Collects:` is a
# player's total over all pots, and the model's collected amounts are per pot (a shared change is asked
# for: awards compared per player across pots for rooms that print totals only).
# (none left: the totals WPN prints over every pot are compared as totals, Collected.pot ALL_POTS)
MODEL_LIMITS: dict[tuple[str, str, str, int], str] = {}


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


def hands() -> list[tuple[str, Hand]]:
    root = corpus_root()
    assert root is not None
    return [
        (str(path.relative_to(root / FOLDER)), item)
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
def test_the_folder_has_wpn_files():
    require_corpus()
    files = room_files()
    assert len(files) == 28
    assert sum(len(HEADER.findall(decoded(path))) for path in files) == 93


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
    assert all(hand.format == "wpn" and hand.room == "wpn" for hand in read_hands)
    lines = text.split("\n")
    assert all(HEADER.match(lines[hand.source.line - 1]) for hand in read_hands)
    assert len({hand.hand_id for hand in read_hands}) == len(read_hands)


@pytest.mark.corpus
def test_pots_add_up():
    """The old text's identity (ROOMS.md 7.6): chips put in less the uncalled bet = Pot + Rake + JP fee, the
    players' Collects make the Pot; and each summary line's own Bets, Collects and Wins/Loses agree."""
    require_corpus()
    problems = []
    for name, hand in hands():
        if hand.pot is None:
            assert hand.truncated, hand.hand_id  # the cut-off stud hand only
            continue
        put_in = sum(action.amount for action in hand.actions)
        returned = sum(item.amount for item in hand.uncalled)
        deducted = (hand.pot.rake or 0) + hand.fees_taken
        total = hand.pot.total or 0
        found = (put_in - returned - total - deducted, sum(item.amount for item in hand.collected) - total)
        expected = EXPECTED_POT_DIFFERENCES.get((name, hand.hand_id), (0, 0, ""))[:2]
        if found != expected:
            problems.append(f"{name} #{hand.hand_id}: {found}, expected {expected}")
        bets = 0
        for seat in hand.summary_seats:
            match = RESULT.search(seat.text)
            assert match is not None, seat.text
            paid, got, net = (round(float(match.group(index)) * 100) for index in (1, 2, 4))
            assert got - paid == (net if match.group(3) == "Wins" else -net), seat.text
            bets += paid
        scale = 10 ** (2 - hand.unit.decimals)
        if (name, hand.hand_id) not in EXPECTED_POT_DIFFERENCES:
            assert bets == (total + deducted) * scale, f"{name} #{hand.hand_id}: Bets {bets}"
    assert not problems, "\n".join(problems)


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
            key = (str(Path(finding.path).relative_to(root / FOLDER)), finding.hand_id, finding.code, finding.line)
            if finding.severity.rank >= Severity.WARNING.rank:
                found[key] += 1
            else:
                info[finding.code] += 1
                not_read[key] += finding.code == "OA106"
    assert dict(found) == dict.fromkeys({**KNOWN, **MODEL_LIMITS}, 1)
    assert +not_read == Counter(dict.fromkeys(LINES_NOT_READ, 1))
    assert info == Counter({"OA106": 6})  # (seven-card stud, six hands, is replayed: no OA102)


@pytest.mark.corpus
def test_limits_as_fpdb_decides_them():
    require_corpus()
    fixed = by_id("741631166")  # `40/80` with `has big blind (40)`: the pair is the bets
    assert fixed.structure is Structure.FIXED_LIMIT
    assert (fixed.stakes.small_bet, fixed.stakes.big_bet) == (4000, 8000)
    assert by_id("262003062").structure is Structure.POT_LIMIT  # Omaha, `0.50/1` posting 0.50 and 1
    assert by_id("263627777").structure is Structure.NO_LIMIT  # Hold'em
    # `3/6 (PRR) Pamola (Short) (Omaha HiLow)`: an all-in of 402.40 into a pot of 33: no limit
    no_limit = by_id("820605052")
    assert no_limit.structure is Structure.NO_LIMIT
    assert [event.kind for event in no_limit.events if event.kind == "limit-inferred"] == ["limit-inferred"]
    assert by_id("693977667").structure is Structure.FIXED_LIMIT  # stud


@pytest.mark.corpus
def test_actions():
    require_corpus()
    capped = by_id("406051551")  # `5/10 Mauilite (PRR) - CAP - 6-Max - 3`: at most 300 a hand
    assert capped.stakes.cap == 30000
    lines = [(a.player, a.kind, a.amount, a.raise_to, a.cap_reached) for a in capped.actions if a.street is Street.FLOP]
    assert lines == [
        ("Player4", ActionKind.BET, 2612, 2612, False),
        ("Hero", ActionKind.RAISE, 9000, 9000, False),
        ("Player4", ActionKind.RAISE, 25388, 28000, True),  # caps (253.88)
        ("Hero", ActionKind.CALL, 19000, 28000, True),  # calls to the cap
    ]
    assert [(f.kind, f.amount) for f in capped.fees] == [(FeeKind.JACKPOT, 24)]
    disconnected = by_id("741631166")
    stays = [a for a in disconnected.actions if a.player == "Player0" and a.street is Street.FLOP][-1]
    assert (stays.kind, stays.amount, stays.all_in, stays.cap_reached) == (ActionKind.CHECK, 0, True, True)
    straddle = by_id("266899075")
    assert [a.kind for a in straddle.actions][:3] == [
        ActionKind.POST_SMALL_BLIND,
        ActionKind.POST_BIG_BLIND,
        ActionKind.POST_STRADDLE,
    ]
    dead = by_id("267244548")  # `posts (0.25) as a dead bet` then `posts (0.50)`
    posts = [(a.kind, a.amount, a.raise_to) for a in dead.actions if a.player == "TheKunttzz" and a.kind.is_post]
    assert posts == [(ActionKind.POST_DEAD, 25, 0), (ActionKind.POST_BIG_BLIND, 50, 50)]
    nameless = by_id("665307190")  # `Player  bets (5.22)`, `Uncalled bet (10.18) returned to `
    assert any(a.player == "" and a.kind is ActionKind.BET and a.amount == 522 for a in nameless.actions)
    assert [(u.player, u.amount) for u in nameless.uncalled] == [("", 1018)]
    spaced = by_id("261402183")  # `Player do not-call allin (124)`
    allin = next(a for a in spaced.actions if a.all_in)
    assert (allin.player, allin.kind, allin.amount) == ("do not-call", ActionKind.RAISE, 12400)


@pytest.mark.corpus
def test_cards_summary_and_tables():
    require_corpus()
    hand = by_id("741631166")
    assert hand.hero == "Hero" and [str(c) for c in hand.dealt[0].cards] == ["2d", "5h", "3c", "Kc"]
    assert hand.started is None and hand.started_local == "2016/10/2 21:0:42"
    assert [(c.player, c.amount) for c in hand.collected] == [("Player0", 19850), ("Player1", 23850), ("Player4", 4000)]
    shows = {line.player: line for line in hand.showdown if line.kind is ShowdownKind.SHOWS}
    assert shows["Player1"].description == "Two pairs. 7s and 2s; low A A 2 3 6 7"
    ten = by_id("261402183")  # `*** FLOP ***: [9h 10d 7c]`
    assert [str(c) for c in ten.streets[0].cards] == ["9h", "Td", "7c"]
    tournament = by_id("727816656")  # `$10 Freeroll - On Demand, Table 18`, `Pot: 490`
    assert tournament.tournament is not None and tournament.unit.currency == "chips"
    assert (tournament.table, tournament.table_id) == ("18", "$10 Freeroll - On Demand/18")
    assert by_id("1356882665").tournament is not None  # no table name, and a pot line without rake
    assert by_id("698333926").play_money  # `PM Hold`em 5/10 6-max`
    stud = by_id("693977839")
    assert [deal.street for deal in stud.streets] == []
    assert {a.street for a in stud.actions} >= {Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH}
    assert stud.game is Game.STUD


GAME = """Game started at: 2015/1/2 3:4:5
Game ID: 1 1/2 Table (Omaha)
Seat 1 is the button
Seat 1: A (100).
Seat 2: B (100).
Player A has small blind (1)
Player B has big blind (2)
Player A received card: [Ah]
Player A received card: [Kh]
Player A received card: [Qh]
Player A received card: [Jh]
Player B received a card.
Player B received a card.
Player B received a card.
Player B received a card.
Player A calls (1)
Player B checks
*** FLOP ***: [2c 3d 4h]
Player B checks
Player A checks
------ Summary ------
Pot: 4. Rake 0
Board: [2c 3d 4h]
*Player A shows: Flush [Ah Kh Qh Jh]. Bets: 2. Collects: 4. Wins: 3.
Player B does not show cards.Bets: 2. Collects: 0. Loses: 2.
Game ended at: 2015/1/2 3:5:0"""


def test_summary_arithmetic_is_checked():
    lines = GAME.split("\n")
    hand = BY_NAME["wpn"].read(Block("hand", "memory.txt", 1, lines, "wpn"))
    assert isinstance(hand, Hand)
    assert [(d.line, d.reason, d.inconsistent) for d in hand.defects] == [
        (24, "Collects less Bets is not the Wins or Loses the line prints", True)
    ]
    assert hand.truncated is False and hand.pot is not None and hand.pot.total == 400


@pytest.mark.corpus
def test_lines_with_no_chips_are_events():
    """`Player X mucks cards`, `is timed out.`, `sitting out`, `wait BB`, `is disconnected and ALL IN.` and
    `Game ended at:` are events, never errors (and `received a card.`, a hole card not seen, is no event)."""
    require_corpus()
    kinds = Counter(event.kind for _, hand in hands() for event in hand.events)
    assert kinds == Counter(
        {
            "game-ended": 92,  # (the cut-off stud hand has none)
            "mucks-cards": 82,
            "timed-out": 7,
            "sitting-out": 5,
            "wait-bb": 1,
            "disconnected": 1,
            "limit-inferred": 1,  # (not a line: the reader's note on the no-limit Omaha hand)
        }
    )
