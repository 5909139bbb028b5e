"""Bovada / Ignition / Bodog (ROOMS.md 15): every file of the corpus's Bovada folder is read hand for hand
(one record per hand header, counted here with ROOMS.md's appendix A pattern), no hand is unreadable, the
pots add up (`Total Pot`, read here from the text, is what the players put in less what was returned; the
results and the printed rake make it, or leave a rake that is not printed) or the difference is listed
with its reason, and every error or warning the audit reports is listed below with the reason it is
genuine. The corpus has no fpdb companion files (.hands, .hp, .gt) for Bovada.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from pathlib import Path

import pytest
from corpus_paths import corpus_root, require_corpus
from corpus_text import decoded

from omaha_audit.model import ActionKind, Game, Half, Hand, Refunds, ShowdownKind, Street, Structure, UnreadableHand
from omaha_audit.parse.split import Block
from omaha_audit.rooms import BY_NAME, hand_source
from omaha_audit.rules.base import Severity
from omaha_audit.run.pipeline import Auditor

FOLDER = "Bovada"
HEADER = re.compile(r"^(?:Bovada|Ignition|Bodog|Bodog\.com|Bodog\.eu) Hand #\d+", re.MULTILINE)  # appendix A
TOTAL = re.compile(r"^Total Pot\(\$?([\d,.]+)\)(?: \| Rake \(\$?([\d,.]+)\))?", re.MULTILINE)
FILES = 45
HANDS = 2269
OMAHA = 75

LHE_OLD = "fpdb-3/cash/Flop/LHE-USD-8-16-201204.old.format.txt"
PLO8 = "fpdb-chaz/PLO8-9max-USD-0.02-0.05-201408.corrupted.lines.txt"
PLO_2012 = "fpdb-chaz/PLO-USD-5-10-201204.new.format.txt"
CONCATENATED = "fpdb-3/cash/Flop/NLHE-USD-5-10-201511.concatenated.partial.txt"
STUD = "fpdb-3/cash/Stud/7-Stud-USD-2.00-4.00-201205.txt"
_IGNITION = "PokerHandHistoryParser/Hand History Files/Ignition/"
RING_8834 = _IGNITION + "FullRing/HH20170310-201056 - 5178269 - RING - $0.02-$0.05 - HOLDEM - NL - TBL No.11428834.txt"
RING_7701 = _IGNITION + "FullRing/HH20170310-225929 - 5178274 - RING - $0.02-$0.05 - HOLDEM - NL - TBL No.11427701.txt"
RING_9355 = _IGNITION + "FullRing/HH20170311-002841 - 5178276 - RING - $0.02-$0.05 - HOLDEM - NL - TBL No.11429355.txt"
_ZONE = _IGNITION + "Zone/HH201703{} - ZONE - $0.02-$0.05 - HOLDEMZonePoker - NL - ZonePoker No.952.txt"
ZONE_0137 = _ZONE.format("08-223306 - 815137")
ZONE_0136 = _ZONE.format("09-231219 - 815136")
MISSING_LIMIT = "fpdb-3/tour/Flop/NLHE-9max-USD-3-201204.missing.limit.info.txt"
FOREIGN = "2596806815"  # the LHE hand whose summary is another (Omaha) hand's

# Hands whose `Total Pot` is not the chips put in less those returned: (put in - returned - total), and why.
EXPECTED_POT_DIFFERENCES = {
    FOREIGN: (4250, "the summary is another hand's: `Total Pot($57.50)` of a hand whose bets make $100"),
}

# The writer's lost ace of clubs: in every corrupted summary line of the corpus, the card missing is the Ac
# (left out of the hole cards, of the best five, or of the low five), as ROOMS.md 15.4 lists for PLO8.
AC_HOLE = "the summary's hole cards leave out the Ac the player was dealt"
AC_BEST = "the best five are left out: the player's best five hold the Ac"
AC_LOW = "the low five lose their ace: the Ac"
# Ignition's 2017 files lose the best five whenever they start with the Ac (every one of the corpus's 2017
# best fives that starts with it is missing, every one that holds it elsewhere is printed)
AC_FIRST = "the best five are left out: they start with the Ac"
# Every error or warning finding on the room's real hands: (file, hand, code, line) -> why it is genuine. A
# summary line whose cards are not the hand's (hole cards not dealt, a best five left out) was read whole: the
# room's record contradicting itself (OA109), which withholds nothing.
KNOWN: dict[tuple[str, str, str, int], str] = {
    (LHE_OLD, "2596778432", "OA109", 298): AC_BEST + " (Ac Kc Qc Jh 9s on Ac 8s 9s Kc 6h)",
    (LHE_OLD, "2596787199", "OA109", 2658): AC_BEST,
    (LHE_OLD, "2596798548", "OA109", 5699): AC_BEST + " (the player holds it: [Ac 9s])",
    (LHE_OLD, "2596806660", "OA109", 7818): AC_BEST + " (a straight, Ace high)",
    (LHE_OLD, "2596818702", "OA109", 10481): AC_BEST + " (the player holds it: [4s Ac])",
    (LHE_OLD, "2596795140", "OA304", 4825): (
        "an all-in turn bet of $8.50 (over half the $16 bet) is raised to $32, not to $24.50 (RULES.md FL-4, "
        "RRoP's half-bet rule); Bovada treats the short bet as no bet"
    ),
    # the LHE hand whose summary belongs to another hand (four hole cards, another board, $57.50)
    (LHE_OLD, FOREIGN, "OA601", 7856): "$98 collected by the Big Blind against the other hand's `Total Pot($57.50)`",
    (LHE_OLD, FOREIGN, "OA602", 7859): "$100 put in, `Total Pot($57.50)`: the total is the other hand's",
    (LHE_OLD, FOREIGN, "OA109", 7862): (
        "the other hand's hole cards [Tc Ac Qd 4c] for a player dealt [5s 9h]; and their best five, with the Ac, "
        "left out"
    ),
    (LHE_OLD, FOREIGN, "OA201", 7862): "the other hand's Qd, also the Big Blind's own",
    (LHE_OLD, FOREIGN, "OA605", 7862): "the other hand's $27.75 for a player who folded preflop",
    (LHE_OLD, FOREIGN, "OA109", 7863): "the other hand's [7s Qh Ah Ts] for a player dealt [7s 6h]",
    (LHE_OLD, FOREIGN, "OA605", 7863): "the other hand's $27.75 for a player who folded preflop",
    (LHE_OLD, FOREIGN, "OA109", 7864): "the other hand's [4h 6s 7c As] for the winner, dealt [Ad Qd]",
    (LHE_OLD, FOREIGN, "OA201", 7864): "the other hand's 7c, dealt to UTG+1 in this one",
    (LHE_OLD, FOREIGN, "OA605", 7864): "the winner of $98 is `[Mucked]` in the other hand's summary",
    (STUD, "2604291699", "OA109", 120): AC_HOLE + " (six of seven cards)",
    (MISSING_LIMIT, "2607979051", "OA103", 1): "`Level 5 (75/150)` with `Small blind 50`, `Big blind 100` posted",
    (PLO_2012, "2601408756", "OA109", 268): AC_HOLE + " (three hole cards in an Omaha hand)",
    (PLO8, "2902238171", "OA109", 426): AC_HOLE + " (three hole cards)",
    (PLO8, "2902243401", "OA109", 787): AC_HOLE + " (three hole cards)",
    (PLO8, "2902244789", "OA109", 899): AC_HOLE + " (three hole cards)",
    (PLO8, "2902246344", "OA109", 1034): "`LO $3.34` with no cards: the low five (with the player's Ac) are lost",
    (PLO8, "2902247832", "OA109", 1152): AC_BEST + " ([Ac 3h 7d 6c   ], ROOMS.md 15.4)",
    (PLO8, "2902251636", "OA109", 1430): AC_HOLE + " ([3c Qh As-...], ROOMS.md 15.4)",
    (PLO8, "2902253333", "OA109", 1634): AC_BEST,
    (PLO8, "2902255845", "OA109", 1915): AC_HOLE + " (three hole cards)",
    (PLO8, "2902256243", "OA109", 1988): AC_HOLE + " (the mucked hand's three cards)",
    (PLO8, "2902256725", "OA109", 2052): AC_BEST + "; and `LO $2.40` has no cards",
    (PLO8, "2902257572", "OA109", 2117): AC_HOLE + "; and " + AC_LOW + " (four low cards)",
    (PLO8, "2902258394", "OA109", 2245): AC_HOLE + " (three hole cards)",
    (PLO8, "2902260511", "OA109", 2455): AC_LOW + " of the board (four low cards)",
    (PLO8, "2902260511", "OA109", 2458): AC_LOW + " of the board (four low cards)",
    (PLO8, "2902261280", "OA109", 2527): AC_BEST,
    (PLO8, "2902266598", "OA109", 3038): AC_HOLE + " (three hole cards)",
    (PLO8, "2902267286", "OA109", 3095): AC_HOLE + " (three hole cards)",
    (RING_8834, "3435120697", "OA109", 953): AC_FIRST + " ([Ac Js 9d 8h 7c] on Js 8h 6h Ac 7c)",
    (RING_8834, "3435120697", "OA109", 954): AC_FIRST + " ([Ac Ks Js 8h 7c])",
    (RING_8834, "3435120697", "OA109", 955): AC_FIRST + " ([Ac Kc Qc Js 8h], the winner's)",
    (RING_8834, "3435129407", "OA109", 1823): AC_FIRST + " ([Ac Jc Ts 7c 4c] on 2s 4c Ac 7c Ts)",
    (RING_7701, "3435210657", "OA109", 2241): AC_FIRST + " ([Ac Jd Td 9d 8h] on 8h Ac 3s 9d 4h)",
    (RING_7701, "3435223655", "OA109", 3244): AC_FIRST + " (the player holds it: [Ac Kc Jc Td 8h])",
    (RING_9355, "3435234036", "OA109", 658): AC_FIRST + " (a flush, Ace high: [Ac Kc Qc Tc 4c])",
    (ZONE_0137, "3434343220", "OA109", 6751): AC_FIRST + " (the winner's flush: [Ac Jc 8c 6c 4c])",
    (ZONE_0136, "3434768525", "OA109", 2837): AC_FIRST + " (the winner's [Ac Qh Ts 9s 7c] on 3h 9s 6s 7c Ac)",
    (ZONE_0136, "3434768525", "OA109", 2839): AC_FIRST + " ([Ac 9s 7c 6s 5d])",
    (ZONE_0136, "3434792198", "OA109", 11339): AC_FIRST + " (the player holds it: flush [Ac Kc 9c 3c 2c])",
}
# the same code twice on one line (two reasons on one summary line)
TWICE = {
    (PLO8, "2902256725", "OA109", 2052),
    (PLO8, "2902257572", "OA109", 2117),
    (LHE_OLD, FOREIGN, "OA109", 7862),
    (LHE_OLD, FOREIGN, "OA201", 7864),  # 7c and As
}


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
def test_the_folder_holds_the_bovada_files():
    require_corpus()
    files = room_files()
    assert len(files) == FILES
    assert sum(len(HEADER.findall(decoded(path))) for path in files) == HANDS
    omaha = [hand for _, hand in hands() if hand.game.is_omaha]
    assert len(omaha) == OMAHA


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
    assert all(hand.format == "bovada" and hand.room in ("bovada", "ignition", "bodog") for hand in read_hands)
    lines = text.split("\n")
    assert all(HEADER.match(lines[hand.source.line - 1]) for hand in read_hands)


@pytest.mark.corpus
def test_pots_add_up():
    """`Total Pot` (read here from the text) is gross: the chips put in less those returned (a walk returns
    nothing: the big blind's unmatched part stays in the total and the win). The results and the printed
    rake make the total; where no rake is printed, the results leave a rake of at most what was put in, and
    none in a hand that ends before the flop."""
    root = require_corpus()
    problems: list[str] = []
    implied = 0
    for path in room_files():
        lines = decoded(path).split("\n")
        for item in read(path):
            if not isinstance(item, Hand):
                continue
            hand = item
            found = TOTAL.search("\n".join(lines[hand.source.line - 1 : hand.source.end_line]))
            assert found is not None, hand.hand_id
            scale = 10**hand.unit.decimals
            total = round(float(found.group(1).replace(",", "")) * scale)
            rake = round(float(found.group(2).replace(",", "")) * scale) if found.group(2) else None
            put_in = sum(action.amount for action in hand.actions) - sum(item.amount for item in hand.uncalled)
            expected = EXPECTED_POT_DIFFERENCES.get(hand.hand_id, (0, ""))[0]
            if put_in - total != expected:
                problems.append(f"{path.relative_to(root)} #{hand.hand_id}: {put_in - total} (expected {expected})")
            if expected:
                continue
            kept = total - sum(item.amount for item in hand.collected)
            flop = hand.game.is_flop_game and any(deal.street is Street.FLOP for deal in hand.streets)
            if (rake is not None and kept != rake) or kept < 0 or (not flop and hand.game.is_flop_game and kept):
                problems.append(f"{path.relative_to(root)} #{hand.hand_id}: kept {kept}, rake {rake}")
            if rake is None and kept:
                implied += 1
            # cash hands without a printed rake (2013 on) give the model their total and no rake (see the reader)
            assert hand.pot is not None and (hand.pot.total, hand.pot.rake) == (total, rake)
    assert not problems, "\n".join(problems)
    # cash hands of 2013 on with a flop: the rake is what the pot kept (55 of 2013-2022, 729 of Ignition's 2017)
    assert implied == 784


@pytest.mark.corpus
def test_no_fpdb_companion_files():
    root = require_corpus()
    assert [p for p in (root / FOLDER).rglob("*") if p.suffix in (".hands", ".hp", ".gt")] == []


@pytest.mark.corpus
def test_findings_are_known():
    root = require_corpus()
    found: Counter[tuple[str, str, str, int]] = Counter()
    info: Counter[str] = Counter()
    not_read: list[tuple[str, str, str, int]] = []
    for audited in Auditor(strict=True, keep_text=False).audit_files(room_files()):
        assert isinstance(audited.item, Hand)
        for finding in audited.findings:
            where = str(Path(finding.path).relative_to(root / FOLDER))
            if finding.severity.rank >= Severity.WARNING.rank:
                found[(where, finding.hand_id, finding.code, finding.line)] += 1
            else:
                info[finding.code] += 1
                if finding.code == "OA106":
                    not_read.append((where, finding.hand_id, finding.code, finding.line))
    expected = {key: 2 if key in TWICE else 1 for key in KNOWN}
    assert dict(found) == expected
    # seven-card stud (five hands) is replayed (no OA102); the file whose copies are concatenated, its summary
    # running into a hand cut (line 36 on: 32 lines not read, the hand's last: no dealer's check withheld)
    assert info == Counter({"OA106": 1})
    assert not_read == [(CONCATENATED, "3178646516", "OA106", 36)]


@pytest.mark.corpus
def test_raises_calls_and_all_ins():
    require_corpus()
    mvs = the_hand("4383748337")  # `Raises $3.50 to $3.50`, `Raises $10 to $11` (from the $1 blind), `All-in $52.25`
    lines = [(a.player, a.kind, a.amount, a.raise_to, a.increment) for a in mvs.actions if a.street is Street.PREFLOP]
    assert lines[1] == ("Seat 2", ActionKind.RAISE, 350, 350, 250)
    assert lines[4] == ("Seat 6", ActionKind.RAISE, 1000, 1100, 750)
    assert lines[5] == ("Seat 2", ActionKind.CALL, 750, 1100, None)
    shove = [a for a in mvs.actions if a.street is Street.TURN][1]
    assert (shove.kind, shove.amount, shove.all_in) == (ActionKind.BET, 5225, True)
    assert (mvs.stakes.small_blind, mvs.stakes.big_blind) == (50, 100)  # `Table Info: ... Stakes: $0.50-$1`
    assert mvs.started is not None and mvs.hero == "Seat 6" and mvs.button == 4
    old = the_hand("2601407966")  # 2012: `Raises $35`, `Raises $115` (street totals), `Calls $80`
    raises = [(a.player, a.kind, a.amount, a.raise_to) for a in old.actions if a.street is Street.PREFLOP][:5]
    assert raises[2:] == [
        ("Seat 3", ActionKind.RAISE, 3500, 3500),
        ("Seat 4", ActionKind.RAISE, 11000, 11500),
        ("Seat 5", ActionKind.FOLD, 0, None),
    ]
    dead = the_hand("2599656336")  # `Posts dead chip $30` at $10/$20: 10 dead and 20 live; then `Checks`
    post = next(a for a in dead.actions if a.player == "Seat 3" and a.kind.is_post)
    assert (post.kind, post.amount, post.raise_to) == (ActionKind.POST_SMALL_AND_BIG_BLIND, 3000, 2000)
    short = the_hand("2725384529")  # `Big Blind : All-in $8` in place of the big blind
    assert next(a for a in short.actions if a.player == "Seat 4").kind is ActionKind.POST_BIG_BLIND
    ante = the_hand("2690849153")  # `Ante chip 240` then `Return uncalled portion of bet 74` before the cards
    assert [(a.kind, a.amount) for a in ante.actions if a.player == "Seat 5"] == [(ActionKind.POST_ANTE, 166)]
    assert [event.kind for event in ante.events if event.kind == "ante-returned"] == ["ante-returned"]


@pytest.mark.corpus
def test_streets_found_from_the_betting():
    """The 2012 text prints no street lines: the rounds end where the betting says, the cards are the
    summary board's."""
    require_corpus()
    hand = the_hand("2601408198")  # limp, check; bet, call, call; checks; bet, folds
    assert [(deal.street, len(deal.cards)) for deal in hand.streets] == [
        (Street.FLOP, 3),
        (Street.TURN, 4),
        (Street.RIVER, 5),
    ]
    assert [a.street for a in hand.actions if a.player == "Seat 2"] == [
        Street.BLINDS,
        Street.PREFLOP,
        Street.FLOP,
        Street.FLOP,
        Street.TURN,
        Street.RIVER,
    ]
    allin = the_hand("2601408756")  # all in on the flop, called: turn and river dealt after the betting
    assert [deal.street for deal in allin.streets] == [Street.FLOP, Street.TURN, Street.RIVER]
    assert allin.streets[-1].order > max(a.order for a in allin.actions)


@pytest.mark.corpus
def test_seats_positions_and_hero():
    require_corpus()
    mtt = the_hand("3412667991")  # `Seat 75: UTG+3`, `Seat 111: Dealer`: ids in the table's order
    assert [(seat.seat, seat.player) for seat in mtt.seats][:4] == [
        (1, "Seat 75"),
        (2, "Seat 92"),
        (3, "Seat 6"),
        (4, "Seat 111"),
    ]
    assert mtt.button == 4 and mtt.hero == "Seat 92" and mtt.tournament is not None
    assert mtt.table_id == "14890254/5" and mtt.unit.currency == "chips"
    winner = next(seat for seat in mtt.summary_seats if seat.player == "Seat 35")  # `Seat+35: UTG+1 20250 ...`
    assert winner.won == (20250,) and winner.outcome == "showed"
    stud = the_hand("2604291510")  # `Seat+3 [ME]: $0.50 in chips`
    assert stud.game is Game.STUD and stud.hero == "Seat 3"
    speed = the_hand("2607979051")  # `Normal- Level 5`: no limit printed
    assert speed.structure is Structure.NO_LIMIT
    assert any(event.kind == "limit-inferred" for event in speed.events)
    assert the_hand("3340409736").room == "ignition"
    assert the_hand("2604291510").room == "bodog"


@pytest.mark.corpus
def test_showdown_and_results():
    require_corpus()
    hand = the_hand("2902234353")  # PLO8: HI $3.21, LO $6.40, HI $3.20 (the summary says which half)
    assert [(c.player, c.amount, c.pot, c.half) for c in hand.collected] == [
        ("Seat 6", 321, 0, Half.HIGH),
        ("Seat 7", 640, 0, Half.LOW),
        ("Seat 8", 320, 0, Half.HIGH),
    ]
    shown = next(line for line in hand.showdown if line.player == "Seat 6")
    # `Showdown [9d 7d 6c 8c Tc 8h 7d 6c 2d 3s] (Straight)`: the best fives; the hand is the dealt one
    assert (shown.kind, [str(c) for c in shown.cards], shown.description) == (
        ShowdownKind.SHOWS,
        ["9d", "8h", "2s", "7d"],
        "Straight",
    )
    side = the_hand("4086249181")  # `Hand result-Side pot $11.94`, `Hand result $207.27`
    assert [(c.amount, c.pot) for c in side.collected] == [(1194, 1), (20727, 0)]
    walk = the_hand("2601408155")  # everyone folds to the big blind: $15 won, nothing returned
    assert walk.refunds is Refunds.IN_COLLECTED and walk.pot is not None and walk.pot.total == 1500


GARBLED = """Bovada Hand #1 TBL#2 OMAHA Pot Limit - 2014-08-05 00:56:59
Seat 1: Dealer ($5 in chips)
Seat 2: Small Blind ($5 in chips)
Seat 3: Big Blind [ME] ($5 in chips)
Small Blind : Ante/Small Blind $0.02
Big Blind  [ME] : Big blind/Bring in $0.05
*** HOLE CARDS ***
Dealer : Card dealt to a spot [Ah Kh Qh Jh]
Dealer : Fonds
Dealer : Folds
Small Blind : Folds
Big Blind  [ME] : Does not show [2c 3c 4c 5c] (High Card)
Big Blind  [ME] : Hand result $0.07
*** SUMMARY ***
Total Pot($0.07)
Seat+1: Dealer Folded before the FLOP
Seat+2: Small Blind Folded before the FLOP
Seat+3: Big Blind $0.07 [Does not show]"""


def test_a_garbled_line_is_a_defect():
    hand = BY_NAME["bovada"].read(Block("hand", "memory.txt", 1, GARBLED.split("\n"), "bovada"))
    assert isinstance(hand, Hand)
    assert [(d.line, d.reason) for d in hand.defects] == [(9, "a line of a kind the reader does not know")]
    assert hand.hero == "Seat 3" and hand.pot is not None and (hand.pot.total, hand.pot.rake) == (7, None)


FAST_FOLD = re.compile(r"^Seat\+\d+: .* lost with [^\[]*\[[^\]-]*\]", re.MULTILINE)  # no best five


@pytest.mark.corpus
def test_zone_poker() -> None:
    """Ignition's Zone Poker (`Zone Poker ID#952 HOLDEMZonePoker`): a new table every hand. A player who
    leaves before their fold is printed (`UTG+1 : Leave(Auto)`, then `UTG+1 : Folds`) is named in the
    summary as if they had lost at a showdown (`lost with One pair [2h 2c]`, no best five): a fold."""
    root = require_corpus()
    hand = the_hand("3434244956")
    assert (hand.kind, hand.table, hand.room, hand.structure) == ("zoom", "952", "ignition", Structure.NO_LIMIT)
    outcomes = {seat.player: seat.outcome for seat in hand.summary_seats}
    assert outcomes == {
        "Seat 1": "folded",  # `Folded before the RIVER` (a preflop fold: Zone's fold streets are the river's)
        "Seat 2": "folded",  # `lost with One pair [2h 2c]`: left, then folded on the flop
        "Seat 3": "collected",
        "Seat 4": "folded",  # `lost with High Card [6c Td]`
        "Seat 5": "folded",
        "Seat 6": "folded",
    }
    zone = [path for path in room_files() if "ZonePoker" in path.name]
    lines = sum(len(FAST_FOLD.findall(decoded(path))) for path in zone)
    read_so = sum(
        1
        for path in zone
        for item in read(path)
        if isinstance(item, Hand)
        for seat in item.summary_seats
        if seat.outcome == "folded" and " lost with " in seat.text
    )
    lost_ace = [key for key in KNOWN if key[0] in (ZONE_0136, ZONE_0137) and " lost " in line_text(root, key)]
    assert (lines, read_so, len(lost_ace)) == (1523, 1522, 1)  # the other is a showdown that lost its Ac


def line_text(root: Path, key: tuple[str, str, str, int]) -> str:
    return decoded(root / FOLDER / key[0]).split("\n")[key[3] - 1]


@pytest.mark.corpus
def test_deposits_and_the_button_nobody_has() -> None:
    require_corpus()
    hand = the_hand("3435120697")  # `Small Blind : Table deposit $1.47` on the turn: for the next hand
    (top_up,) = [event for event in hand.events if event.kind == "top-up"]
    assert top_up.player == "Seat 3" and "$1.47" in top_up.text
    assert sum(a.amount for a in hand.actions if a.player == "Seat 3") == 2  # only the small blind went in
    after = the_hand("3435121230")
    assert next(seat.stack for seat in after.seats if seat.player == "Seat 3") == 355 - 2 + 147
    dead = the_hand("3435152097")  # `Set dealer` alone, no `Dealer` seated, only the big blind posted
    assert dead.button is None and not dead.defects
