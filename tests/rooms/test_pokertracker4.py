"""PokerTracker 4 re-exports (the `pokertracker4` format, ROOMS.md 26): every hand of the corpus's
PokerTracker4-export folder is read, one record per header (counted here with ROOMS.md's appendix A
pattern), none unreadable, in the dialect its header names (iPoker, Merge, Microgaming, Everest); the
tournament summary is a file notice; the pots add up in each dialect's own terms; and every error or warning
the audit reports is listed below with the reason it is genuine, or with the shared change it waits for.
The corpus has no fpdb companion files for these exports.
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

from omaha_audit.model import ALL_POTS, ActionKind, Game, Hand, PotBasis, Refunds, Street, Structure, UnreadableHand
from omaha_audit.parse.files import FileNotice
from omaha_audit.rooms import hand_source, preset_for
from omaha_audit.rules.base import Severity
from omaha_audit.run.pipeline import Auditor

FOLDER = "PokerTracker4-export"
# ROOMS.md appendix A's pattern for the PokerTracker 4 exports, written out here on its own.
HEADER = re.compile(
    r"^(\*\* (Game ID|Hand #) ?\d+.* starting|Merge Game #|MERGE_GAME #|GAME #\d+|EverestPoker Game #)", re.MULTILINE
)
FILES = 17
HANDS = 426
SUMMARY = "fpdb-chaz/PLO-USD-37.5-MTT-201502.PokerStars.bounty.txt"
MG_AT_END = re.compile(r"with \D?([\d.]+) at end \D?([\d.]+)")

SNG = "fpdb-3/tour/Flop/NLHE-USD-SNG-2-201106.iPoker.txt"
EV_CASH = "fpdb-chaz/NLHE-USD-0.50-1.00-201101.Everest.txt"
EV_SNG = "fpdb-3/tour/Flop/LHE-EUR-SNG-201111.Everest.txt"
CORRUPTED = "fpdb-3/cash/Flop/NLHE-6max-USD-0.02-0.04-201412.Merge.weird.allin.sb.corrupted.txt"
ALL_IN_BLIND = "fpdb-chaz/PLO-USD-5-201202.Merge.all.in.blind.txt"
RAISE_BY = "fpdb-3/cash/Flop/NLHE-USD-0.50-1.00-201101.iPoker.raise.by.txt"
CORRUPT_SB = "fpdb's `weird.allin.sb.corrupted` sample: `Player1: Post SB $3.74` (his whole stack) at $0.02/$0.04"
TWO_SMALL_BLINDS = "fpdb's `Merge.all.in.blind` sample: two `Post SB` lines (100 by the button, 135 by a $0.00 stack)"
STREET_LATE = "the export writes the next street's line after that street's actions"
NEW_PLAYER = "a new player dealt in with no post line (another newcomer of the table posts `the dead blind of $1.00`)"
# Every error or warning on the room's real hands: (file, hand, code, line) -> why it is genuine.
KNOWN: dict[tuple[str, str, str, int], str] = {
    (CORRUPTED, "80257431-64", "OA309", 8): CORRUPT_SB,
    (CORRUPTED, "80257431-64", "OA302", 12): CORRUPT_SB + ": the raise to $0.08 is under it",
    (CORRUPTED, "80257431-64", "OA307", 15): CORRUPT_SB + ": the big blind's call of $0.04 does not match it",
    (CORRUPTED, "80257431-64", "OA313", 16): CORRUPT_SB + ": the flop comes while it is still to be called",
    (CORRUPTED, "80257431-64", "OA401", 22): CORRUPT_SB + ": the excess returned is Player2's $0.08, not Player1's",
    (CORRUPTED, "80257431-64", "OA603", 20): CORRUPT_SB + ": his $3.74, of which nobody is paid back or awarded"
    " anything, is what the pot keeps (95% of $3.90)",
    (RAISE_BY, "2607739781", "OA302", 31): "`Raise $23.38` over a bet of $14.05 (called with `Call $9.33`): short",
    (RAISE_BY, "2607739781", "OA313", 36): "the river is dealt and shown down with no river play by either player",
    (EV_SNG, "7164321511", "OA304", 149): (
        "`raises to $670.00` after a short all-in to 520: the raise is a full bet over the all-in, where FL-4 "
        "measures it from the last full bet (600)"
    ),
    (EV_SNG, "7164325481", "OA309", 221): "`posts the small blind of $150.00` at 75/150 blinds, and no big blind",
    (EV_SNG, "7164325481", "OA311", 225): "with no big blind posted, the seat after the small blind acts first",
    (EV_SNG, "7164325481", "OA304", 226): "`raises to $300.00` over the small blind's 150: one bet is 150",
    (EV_SNG, "7164326055", "OA701", 235): "`The button is in seat #4` (empty the hand before) after seat 3",
    (SNG, "3616779771", "OA308", 181): "`Raise (NF) $1,615.00` (the player's starting stack) with 1,390 left",
    (SNG, "3616779777", "OA311", 386): STREET_LATE,
    (SNG, "3616779777", "OA311", 387): STREET_LATE,
    (SNG, "3616779777", "OA313", 389): STREET_LATE,
    (SNG, "3616973070", "OA308", 3839): "`Bet $2,172.60` with 2,132.60 left (the stack less only the 160 call)",
    (SNG, "3616991938", "OA311", 4438): STREET_LATE,
    (SNG, "3616991938", "OA311", 4439): STREET_LATE,
    (SNG, "3616991938", "OA311", 4440): STREET_LATE,
    (SNG, "3616991938", "OA313", 4444): STREET_LATE,
    (EV_CASH, "6474571169", "OA306", 2961): (
        "`Player26 has been disconnected, and is allin`: kept in facing the big blind without calling (all-in "
        "protection; no rule of RULES.md allows it)"
    ),
    (ALL_IN_BLIND, "4927169400080", "OA310", 6): TWO_SMALL_BLINDS,
    (ALL_IN_BLIND, "4927169400080", "OA308", 7): TWO_SMALL_BLINDS,
    (ALL_IN_BLIND, "4927169400080", "OA309", 7): TWO_SMALL_BLINDS,
    (ALL_IN_BLIND, "4927169400080", "OA307", 11): TWO_SMALL_BLINDS + ": the button's call of 100 makes 200",
    (EV_CASH, "6450848903", "OA704", 886): NEW_PLAYER,
    (EV_CASH, "6450853986", "OA704", 935): NEW_PLAYER,
    (EV_CASH, "6450936869", "OA704", 1834): NEW_PLAYER,
    (EV_CASH, "6474578753", "OA704", 3023): NEW_PLAYER,
    (EV_CASH, "6474626570", "OA704", 3557): NEW_PLAYER,
}
# The iPoker export pays the uncalled part of a bet back with a `wins` line (Refunds.IN_COLLECTED) and names
# no pot (Collected ALL_POTS): these hands' totals are judged with that refund taken out (they are clean).
REFUND_AS_WIN = (
    "3616820191",
    "3616842511",
    "3616869233",
    "3616869506",
    "3616973190",
    "3617041886",
    "3616939243",
    "3616939401",
    "3616957363",
)
# Findings that come from what the rules do not yet take in, not from the hand (a shared change is asked for):
# OA307: a call of the full big blind over a short all-in big blind (`Post BB $65.00`, then `Call $1,200.00` at
# 600/1,200): RULES.md PL-6 says the required call stays the full big blind; the rule asks the high bet.
MODEL_LIMITS: dict[tuple[str, str, str, int], str] = {
    (SNG, "3616964206", "OA307", 8007): "the full big blind called over a short all-in big blind (PL-6, see above)",
}
# What the pots kept where the export prints no rake (Merge, Everest): the chips put in less what came back and
# was won, by hand; Everest's cash hands keep up to 5% of the pot (and nothing before the flop), its
# tournament and Merge's keep nothing, but for these.
MERGE_KEPT = {"46893440-366": 3, "80257431-64": 374, "4927169400080": 0}


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


def excess(hand: Hand) -> tuple[str, int]:
    """The largest live stake's excess over the next: the uncalled part, as the test counts it."""
    live: Counter[str] = Counter()
    for action in hand.actions:
        if action.kind not in (ActionKind.POST_ANTE, ActionKind.POST_DEAD):
            live[action.player] += action.amount
    top = [*live.most_common(2), ("", 0), ("", 0)]
    return top[0][0], top[0][1] - top[1][1]


@pytest.mark.corpus
def test_the_folder_has_the_export_files() -> None:
    require_corpus()
    files = room_files()
    assert len(files) == FILES
    assert sum(len(HEADER.findall(decoded(path))) for path in files) == HANDS
    assert [p for p in files if p.suffix in (".hands", ".hp", ".gt")] == []  # no fpdb companion files


@pytest.mark.corpus
@pytest.mark.parametrize("path", room_files(), ids=lambda p: p.name)
def test_file_is_read_hand_for_hand(path: Path) -> None:
    root = require_corpus() / FOLDER
    text = decoded(path)
    items = read(path)
    assert not [item for item in items if isinstance(item, UnreadableHand)]
    found = [item for item in items if isinstance(item, Hand)]
    assert len(found) == len(HEADER.findall(text))
    if path.relative_to(root).as_posix() == SUMMARY:  # `PokerTracker 4 Tournament Summary`: no hands
        assert not found and [item.kind for item in items if isinstance(item, FileNotice)] == ["tournament-summary"]
        return
    assert len(found) == len(items)
    assert {hand.format for hand in found} == {"pokertracker4"}
    assert len({hand.hand_id for hand in found}) == len(found)
    assert not [defect for hand in found for defect in hand.defects]


@pytest.mark.corpus
def test_the_dialects() -> None:
    require_corpus()
    rooms = Counter(hand.room for _, hand in hands())
    assert rooms == Counter({"ipoker": 245, "everest": 167, "microgaming": 11, "merge": 3})
    assert {preset_for(hand).name for _, hand in hands()} == {
        "pt4-ipoker",
        "pt4-everest",
        "pt4-microgaming",
        "pt4-merge",
    }


@pytest.mark.corpus
def test_pots_add_up_in_each_dialect() -> None:
    """iPoker: `Total pot` + rake = the chips put in (without `Version:`, the uncalled part still in it; with
    `Uncalled:Y`, left out), and the `wins` make the total. Microgaming: what was won + `Rake:` = the chips
    put in (less the excess over an all-in), and each `at end` stack is the start less what the player put
    in plus what came back. Merge and Everest print no rake: what the pot kept is listed or bounded."""
    require_corpus()
    problems = []
    texts = {path.relative_to(require_corpus() / FOLDER).as_posix(): decoded(path).split("\n") for path in room_files()}
    for name, hand in hands():
        put_in = sum(action.amount for action in hand.actions)
        returned = sum(item.amount for item in hand.uncalled)
        won = sum(item.amount for item in hand.collected)
        assert hand.pot is not None
        rake = hand.pot.rake or 0
        player, extra = excess(hand)
        silent = extra if hand.refunds is Refunds.IMPLIED else 0
        if hand.room == "ipoker":
            if (hand.pot.total, won) != (put_in - silent - rake, hand.pot.total):
                problems.append(f"{name} #{hand.hand_id}: total {hand.pot.total}, won {won}, put in {put_in}")
        elif hand.room == "microgaming":
            kept = put_in - silent - won - rake
            # `Version:3` with `badbeat` in the table line: 1 of 650 kept, printed nowhere (a jackpot drop?)
            if kept != (100 if hand.hand_id == "4908778359" else 0):
                problems.append(f"{name} #{hand.hand_id}: kept {kept}")
            for seat in hand.seats:
                ends = MG_AT_END.search(texts[name][seat.source.line - 1])
                if ends:
                    spent = sum(a.amount for a in hand.actions if a.player == seat.player)
                    got = sum(c.amount for c in hand.collected if c.player == seat.player) + (
                        silent if seat.player == player else 0
                    )
                    end = round(float(ends.group(2)) * 10**hand.unit.decimals)
                    if seat.stack - spent + got != end:
                        problems.append(f"{name} #{hand.hand_id}: {seat.player} ends with {end}")
        else:
            kept = put_in - returned - won
            if hand.room == "merge":
                if kept != MERGE_KEPT[hand.hand_id]:
                    problems.append(f"{name} #{hand.hand_id}: kept {kept}")
            elif hand.tournament is not None or not any(d.street is Street.FLOP for d in hand.streets):
                if kept != 0:
                    problems.append(f"{name} #{hand.hand_id}: kept {kept}")
            elif not 0 <= kept * 20 <= put_in - returned:
                problems.append(f"{name} #{hand.hand_id}: kept {kept} of {put_in - returned}")
    assert not problems, "\n".join(problems)


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
    assert dict(found) == dict.fromkeys({**KNOWN, **MODEL_LIMITS}, 1)
    for hand_id in REFUND_AS_WIN:  # the refund paid as a `wins`: exactly the excess
        hand = by_id(hand_id)
        player, extra = excess(hand)
        assert hand.refunds is Refunds.IN_COLLECTED and extra in [
            c.amount for c in hand.collected if c.player == player
        ]


@pytest.mark.corpus
def test_ipoker_lines() -> None:
    require_corpus()
    archive = by_id("4999408769")  # `GAME #4999408769: Omaha 50/100`: no limit word, money from the seats
    assert (archive.game, archive.structure, archive.unit.currency) == (Game.OMAHA, Structure.POT_LIMIT, "USD")
    assert [e.kind for e in archive.events] == ["limit-inferred"]
    raises = [(a.player, a.amount, a.raise_to) for a in archive.actions if a.kind is ActionKind.RAISE]
    # `Raise to $250.00` by the small blind (50 in): to 300; `Raise to $800.00` by the big blind: to 900;
    # `Raise to $5,400.00` on the flop
    assert raises == [("Player0", 25000, 30000), ("Hero", 80000, 90000), ("Hero", 540000, 540000)]
    assert archive.pot is not None and (archive.pot.total, archive.pot.rake) == (839800, 200)
    assert (archive.pot.total_basis, archive.refunds) == (PotBasis.NET_WITH_REFUNDS, Refunds.IN_COLLECTED)
    assert [str(c) for c in archive.dealt[0].cards] == ["7c", "Qs", "Jh", "Kc"]  # `[C7 SQ HJ CK]`
    versioned = by_id("9041315698")  # `Version:20.11.3.12 Uncalled:Y ... Tournament`
    assert versioned.refunds is Refunds.IMPLIED and versioned.unit.currency == "chips"
    assert versioned.tournament is not None and versioned.tournament.tournament_id == "998818966"
    assert str(by_id("4402349920").started) == "2019-01-03 11:56:34+00:00"  # `.../GMT`
    total = next(a for a in by_id("4402349920").actions if a.player == "ov3rthinking" and a.kind is ActionKind.RAISE)
    assert (total.amount, total.raise_to) == (90, 100)  # `Raise (NF) €1.00` from the big blind: the street total


@pytest.mark.corpus
def test_merge_microgaming_and_everest_lines() -> None:
    require_corpus()
    both = by_id("46893440-366")  # `DontTapTheGlass0: Post DB $0.35`: the big blind live, the small dead
    post = next(a for a in both.actions if a.kind is ActionKind.POST_SMALL_AND_BIG_BLIND)
    assert (post.amount, post.raise_to) == (35, 25)
    uncalled = by_id("80257431-64")  # `Player2: wins $0.08 (uncalled)`
    assert uncalled.refunds is Refunds.LINE and [(u.player, u.amount) for u in uncalled.uncalled] == [("Player2", 8)]
    assert str(uncalled.started) == "2014-12-05 22:05:06+00:00"  # `12/05/2014 17:05:06 EST`
    blind = by_id("4927169400080")  # `wins $270.00` and `wins $65.00`: the second is the excess, paid back
    assert [(c.player, c.amount, c.pot) for c in blind.collected] == [
        ("JustJay4Reals", 270, ALL_POTS),
        ("JustJay4Reals", 65, ALL_POTS),
    ]
    microgaming = by_id("5870377181")  # `raised to €16.75` after 1.75 in: to 18.50, matched by `called - €12.50`
    raised = [
        (a.amount, a.raise_to) for a in microgaming.actions if a.player == "Player0" and a.kind is ActionKind.RAISE
    ]
    assert raised == [(175, 175), (1675, 1850)]
    assert microgaming.refunds is Refunds.IMPLIED and [c.amount for c in microgaming.collected] == [9677]
    folded_to = by_id("5029053937")  # a bet nobody called: inside `Hero wins €4.35`
    assert folded_to.refunds is Refunds.IN_COLLECTED and folded_to.pot is not None and folded_to.pot.rake == 15
    assert [str(c) for c in by_id("4962892238").dealt[0].cards] == ["Tc", "9s"]  # `10 of c, 9 of s`
    short = by_id("4969489282")  # `Player0 went all-in - 10.00` before the cards: his big blind, all in
    assert [(a.player, a.kind, a.amount, a.all_in) for a in short.actions if a.kind.is_post] == [
        ("Hero", ActionKind.POST_SMALL_BLIND, 10, False),
        ("Player0", ActionKind.POST_BIG_BLIND, 10, True),
    ]
    everest = by_id("6450768434")  # `raises to $5.50`, `calls $4.50`, `Uncalled bet of $7.00 returned to`
    assert [(a.kind, a.amount, a.raise_to) for a in everest.actions if a.player == "Player16"][1:] == [
        (ActionKind.CALL, 450, 550),
        (ActionKind.CHECK, 0, None),
        (ActionKind.FOLD, 0, None),
    ]
    assert everest.refunds is Refunds.LINE and [c.amount for c in everest.collected] == [1285]
    dead = by_id("6474531197")  # `posts the dead blind of $0.50` and `posts $1.00`: dead, then a live big blind
    posts = [(a.kind, a.amount, a.raise_to) for a in dead.actions if a.player == "Player5" and a.kind.is_post]
    assert posts == [(ActionKind.POST_DEAD, 50, 0), (ActionKind.POST_BIG_BLIND, 100, 100)]
    alone = by_id("6450848903")  # `posts the dead blind of $1.00` alone: a live big blind (he checks on it)
    assert [a.kind for a in alone.actions if a.player == "Player25"][:2] == [
        ActionKind.POST_BIG_BLIND,
        ActionKind.CHECK,
    ]
    protected = by_id("6474571169")  # `Player26 has been disconnected, and is allin`
    kept = next(a for a in protected.actions if a.player == "Player26" and not a.kind.is_post)
    assert (kept.kind, kept.all_in, kept.cap_reached) == (ActionKind.CHECK, True, True)


# A hand in the export's iPoker lines with every amount a placeholder (cents), written in each number style the
# export prints (omaha_audit/rooms/pokertracker4/README.md): A raises, B folds; `Uncalled:Y`: the raise's
# uncalled part is left out of the total and the award without a line.
STYLED = """GAME #4402349999 Version:18.9.3.4 Uncalled:Y Texas Hold'em NL {5}/{10} 2019-01-03 11:56:34/GMT
Table Boggstown
Seat 1: A ({250050} in chips) DEALER
Seat 3: B ({123456} in chips)
A: Post SB {5}
B: Post BB {10}
*** HOLE CARDS ***
Dealt to A [HA C10]
A: Raise (NF) {124000}
B: Fold
*** SUMMARY ***
Total pot {20} Rake {0}
A: wins {20}"""
STYLES = {
    "EUR": Style("€", ",", "."),
    "USD": Style("$", ",", "."),
    "GBP": Style("£", ",", "."),
    "no sign, not grouped": Style("", "", "."),
}
# Microgaming's lines: every number the chips added, the table line's stakes without a sign.
MICROGAMING = """** Hand # 5029053999 starting - 2013-09-07 02:30:38
** Position PLO HU 47 - €50 Max [Omaha] (0.25|0.50 PL - Cash Game) Real Money

A sitting in seat 1 with {1478500}[Dealer]
B sitting in seat 2 with {123456}
A posted the small blind - {25}
B posted the big blind - {50}

** Dealing cards to A: Q of h, 9 of c, 2 of h, A of h
A raised to {125}
B folded
A wins {200} from the main pot

Rake: {0}"""


@pytest.mark.parametrize("style", sorted(STYLES))
def test_every_number_style_reads_back_exact(style: str) -> None:
    hand = read_text("pokertracker4", fill(STYLED, STYLES[style]))
    assert isinstance(hand, Hand) and not hand.defects
    assert hand.unit.currency == ("USD" if style.startswith("no sign") else style)
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (5, 10)
    assert [seat.stack for seat in hand.seats] == [250050, 123456]
    assert [(a.kind, a.amount, a.raise_to) for a in hand.actions] == [
        (ActionKind.POST_SMALL_BLIND, 5, 5),
        (ActionKind.POST_BIG_BLIND, 10, 10),
        (ActionKind.RAISE, 123995, 124000),
        (ActionKind.FOLD, 0, None),
    ]
    assert [c.amount for c in hand.collected] == [20]
    assert hand.pot is not None and (hand.pot.total, hand.pot.rake) == (20, 0)
    assert [str(card) for card in hand.dealt[0].cards] == ["Ah", "Tc"]  # iPoker's suit first: `[HA C10]`


def test_microgaming_amounts_and_cards() -> None:
    hand = read_text("pokertracker4", fill(MICROGAMING, Style("€", ",", ".")))
    assert isinstance(hand, Hand) and not hand.defects
    assert hand.unit.currency == "EUR" and (hand.stakes.small_blind, hand.stakes.big_blind) == (25, 50)
    assert [seat.stack for seat in hand.seats] == [1478500, 123456]  # `€14,785.00`
    assert [(a.kind, a.amount, a.raise_to) for a in hand.actions][2] == (ActionKind.RAISE, 125, 150)
    assert [c.amount for c in hand.collected] == [200]
    assert [str(card) for card in hand.dealt[0].cards] == ["Qh", "9c", "2h", "Ah"]  # `Q of h, ...`


def test_an_amount_in_no_style_is_one_finding(tmp_path: Path) -> None:
    """`€1,2,4,0.00` fits no number style: its line is not read (OA106), the rest of the hand is, and the
    dealer's checks the line could change are withheld: one finding, no dealer's error."""
    text = fill(STYLED, STYLES["EUR"]).replace("A: Raise (NF) €1,240.00", "A: Raise (NF) €1,2,4,0.00")
    hand, findings = audit_text(tmp_path, text)
    assert isinstance(hand, Hand)
    assert [(d.line, d.not_read) for d in hand.defects] == [(9, True)]
    assert [(f.code, f.line) for f in findings] == [("OA106", 9)]
