"""PartyPoker (ROOMS.md 4): every file of the corpus's PartyPoker folder is read hand for hand, all three
texts (the "Dealing" text of 2010-2016 and the hands converted into it, the 2013 and 2021 balance summaries,
the 2026 text), one record per hand banner (counted here with ROOMS.md's appendix A pattern), none of them
unreadable; the pots add up (Σ put in - the uncalled part of the top bet - Σ collected = the rake, printed
or kept; 0 in tournaments; the printed net pots of the balance summaries); the one fpdb companion file
(`.hp`) agrees; and every error or warning the audit reports is listed below with why it is genuine.

The old client writes `Game #N starts.` and `#Game No : N` before each banner. They belong to the hand that
follows, and the splitter attaches them to it (the format's preamble); where no banner follows, `#Game No :`
is 888poker's header: a record of its own, made of those lines only, but for the one hand Party announced and
did not write (`Table Closed`, `The hand history for this hand number is not available here.`), reported as
unreadable, not dropped.

The folder `PokerHandHistory/` holds a player's own files of July 2012: Party's tournaments (MTT qualifiers
and freerolls, with `Blinds-Antes(600/1,200 -50)` levels, blinds printed nowhere, absent players folded ahead
of their turn) and $0.01/$0.02 cash tables.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from pathlib import Path

import pytest
from corpus_paths import corpus_root, require_corpus
from corpus_text import decoded

from omaha_audit.model import ALL_POTS, ActionKind, Game, Half, Hand, PotBasis, Refunds, ShowdownKind, UnreadableHand
from omaha_audit.parse.files import FileNotice
from omaha_audit.rooms import hand_source
from omaha_audit.rules.base import Finding, Severity
from omaha_audit.run.pipeline import Auditor

pytestmark = pytest.mark.corpus

FOLDER = "PartyPoker"
HEADER = re.compile(r"^\*{5} Hand History [Ff]or Game \w+ \*{5}", re.MULTILINE)  # ROOMS.md appendix A
PREAMBLE = re.compile(r"\x00*(?:Game #\d+ starts\.|#Game No : ?\d+)?\s*")  # (or a blank line)
# the hand Party announced and did not write (its table closed), and where it stands
NOT_WRITTEN = re.compile(r"Table Closed|The hand history for this hand number is not available here\..*")
UNWRITTEN = ("PokerHandHistory/docs/SampleHandHistories/PartyPoker/HandHistory/Jerome_Terry/20120719/file3.txt", 667)
COMPANIONS = (".hands", ".hp", ".gt")
FILES = 59  # and one fpdb companion (.hp): the folder's 60 files
HANDS = 582
TOURNAMENT = re.compile(r"Trny|Tourney|Buy-in")

# Hands whose pots do not add up, and why (all the text's own numbers).
UNBALANCED = {
    "12359566781": "a broken file (fpdb's `tourno.missing`): every seat is printed with a stack of 1 chip",
    "16194828757579au6ou93d1": "2021 MTT: the bets are printed a chip short of what the summary counts",
    "161938625156465v9fyd47bg": "2021 MTT: the raise, the pots and the nets are printed a few chips apart",
}

MTT_100 = "fpdb-3/tour/Flop/NLHE-MTT-USD-100-9-202104.anon.txt"
MTT_50 = "fpdb-chaz/NLHE-MTT-USD-50-5-202104.anon.txt"
TOURNO = "fpdb-3/tour/Flop/NLHE-1-EUR-STT-201211.tourno.missing.txt"
_ROUNDED = "Party's 2021 MTT text prints chip amounts rounded differently in the actions and the summary"
_BROKEN_STACKS = "a broken file (fpdb's `tourno.missing`): every seat is printed `( 1 )`, a 1-chip stack, then bets 40"
_UNSEATED = "the seat list leaves out a player who joined and posted the big blind (ROOMS.md 4.7): seated to replay"
_NO_ALL_IN = "the converter writes a bet or call that empties the stack without Party's `is all-In`"

# (file, hand, code) -> (lines, why the finding is genuine)
KNOWN: dict[tuple[str, str, str], tuple[tuple[int, ...], str]] = {
    ("fpdb-3/cash/Flop/NLHE-6max-USD-0.01-0.02-201812.converted.txt", "1111111111", "OA315"): ((34,), _NO_ALL_IN),
    ("fpdb-3/cash/Flop/NLHE-USD-0.01-0.02-201901.WPN.converted.txt", "1111111111", "OA315"): ((30, 31), _NO_ALL_IN),
    ("fpdb-3/cash/Flop/NLHE-USD-0.50-1.00-202103.PokerBros.txt", "1111111111", "OA315"): ((28,), _NO_ALL_IN),
    ("fpdb-3/tour/Flop/NLHE-9max-MTT-unknownBuyin-201812.converted.txt", "1111111111", "OA315"): ((34,), _NO_ALL_IN),
    ("fpdb-3/cash/Flop/NLHE-6max-USD-0.05-0.10-201210.enet.converted.txt", "19421044", "OA310"): (
        (15,),
        "an Enet hand converted into Party's text: the button is printed on seat 1, but the blinds (seats 3 and"
        " 4) and the order of play (seat 2 acts after seat 1) put it on seat 2",
    ),
    ("fpdb-chaz/PLO8-6max-USD-1.00-2.00-201601.preamble.fatal.txt", "14978808642", "OA105"): (
        (13, 14),
        "fpdb's `preamble.fatal` sample: `holdem_AA folds` and `playclever99 folds` name players of no seat",
    ),
    # (the small blind and the button, seated as Player3 and Player5, never act by those names: the OA313 of
    # line 15, the blinds won by the big blind, follows from the two unseated names and is withheld by them)
    (TOURNO, "12359566781", "OA105"): ((21,), "the broken `tourno.missing` sample: `oup77777 folds` has no seat"),
    # (the 1-chip stacks' later calls, bets and awards, OA307 x7, OA308 x10, OA312 x14 and OA601, follow the
    # unseated `oup77777` of line 21 and are withheld by it: the same broken stacks as line 20's)
    (TOURNO, "12359566781", "OA307"): ((20,), _BROKEN_STACKS),
    (TOURNO, "12359566781", "OA308"): ((20,), _BROKEN_STACKS),
    (MTT_100, "16194828757579au6ou93d1", "OA109"): (
        (48, 50),
        f"{_ROUNDED}: the flop bets of 751624 are counted 751625 in `bet 6971125` and `lost 3079125`",
    ),
    (MTT_100, "16194828757579au6ou93d1", "OA402"): ((43,), f"{_ROUNDED}: the pot is 2 chips above the bets printed"),
    (MTT_100, "16194828757579au6ou93d1", "OA602"): ((43,), f"{_ROUNDED}: the pot is 2 chips above the bets printed"),
    (MTT_50, "161938625156465v9fyd47bg", "OA315"): (
        (25,),
        f"{_ROUNDED}: `Player5 raises 11302166 to 11302166` then `is all-In.` leaves 1 of his 11389667 (less"
        " the 87500 ante); the summary has him lose all 11389667",
    ),
    (MTT_50, "161938625156465v9fyd47bg", "OA313"): (
        (36,),
        f"{_ROUNDED}: the chip the raise line leaves Player5 lets him act again, by the numbers printed",
    ),
    (MTT_50, "161938625156465v9fyd47bg", "OA402"): (
        (42,),
        f"{_ROUNDED}: by the bets printed Player5 is not all in, so there is no side pot for Hero's extra chips",
    ),
    (MTT_50, "161938625156465v9fyd47bg", "OA602"): ((42,), f"{_ROUNDED}: the pots are 2 chips above the bets printed"),
    (MTT_50, "161938625156465v9fyd47bg", "OA601"): (
        (50,),
        f"{_ROUNDED}: Player7's `collected 42618560` is a chip short of the pots and his refund",
    ),
    (MTT_50, "161938625156465v9fyd47bg", "OA109"): (
        (47, 48, 50),
        f"{_ROUNDED}: Player4's balance is 4 chips off his stack less his bets, Player5's `lost` 1 above his"
        " bets, Player7's `net +26150540` 3 below collected less bet",
    ),
}


def party_files() -> list[Path]:
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


def party_hands(path: Path) -> list[Hand]:
    return [item for item in read(path) if isinstance(item, Hand) and item.format == "partypoker"]


def hands() -> list[Hand]:
    return [hand for path in party_files() for hand in party_hands(path)]


def by_id(hand_id: str, path_part: str = "") -> Hand:
    found = [hand for hand in hands() if hand.hand_id == hand_id and path_part in hand.source.path]
    assert len(found) == 1, (hand_id, len(found))
    return found[0]


def uncalled(hand: Hand) -> tuple[str, int] | None:
    """The part of the top bet nobody matched (antes and dead blinds aside): Party prints no line for it."""
    live: dict[str, int] = {}
    big_blind = hand.stakes.big_blind or hand.stakes.small_bet or 0
    for action in hand.actions:
        if action.kind in (ActionKind.POST_ANTE, ActionKind.POST_DEAD):
            continue
        chips = action.amount
        if action.kind is ActionKind.POST_SMALL_AND_BIG_BLIND:
            chips = min(chips, big_blind)
        live[action.player] = live.get(action.player, 0) + chips
    ranked = sorted(live.items(), key=lambda item: item[1], reverse=True)
    if len(ranked) < 2 or ranked[0][1] == ranked[1][1]:
        return None
    return ranked[0][0], ranked[0][1] - ranked[1][1]


# ---- the files and their records ------------------------------------------------------------------------


def test_the_corpus_has_the_party_files() -> None:
    require_corpus()
    assert len(party_files()) == FILES
    assert len([p for p in (require_corpus() / FOLDER).rglob("*") if p.is_file()]) == FILES + 1
    assert sum(len(HEADER.findall(decoded(path))) for path in party_files()) == HANDS
    assert len(hands()) == HANDS
    assert {(hand.format, hand.room) for hand in hands()} == {("partypoker", "partypoker")}


@pytest.mark.parametrize("path", party_files(), ids=lambda p: p.name)
def test_one_record_per_header_and_none_unreadable(path: Path) -> None:
    require_corpus()
    items = read(path)
    assert len(party_hands(path)) == len(HEADER.findall(decoded(path)))
    lines = decoded(path).split("\n")
    for item in items:
        if isinstance(item, Hand) and item.format == "partypoker":
            continue
        assert isinstance(item, UnreadableHand) and item.room in (None, "888poker"), item
        # a hand's preamble the splitter leaves apart: `Game #N starts.` (text outside any hand) or
        # `#Game No : N` (888poker's header), nothing else; or the hand Party did not write
        text = lines[item.first_line - 1 : item.last_line]
        if (relative(path), item.first_line) == UNWRITTEN:
            assert [line for line in text if NOT_WRITTEN.fullmatch(line)] == text[1:3], text
            text = [text[0], *text[3:]]
        assert all(PREAMBLE.fullmatch(line) for line in text), (item.first_line, text)


def test_the_preambles_left_apart_today() -> None:
    """Where the splitter leaves the old client's preamble lines: 12 `Game #N starts.` lines opening a file
    and 29 `#Game No : N` lines (888poker's header) apart, every other one at the end of the hand before."""
    require_corpus()
    others = [item for path in party_files() for item in read(path) if not isinstance(item, Hand)]
    rooms = Counter(item.room for item in others if isinstance(item, UnreadableHand))
    assert sum(rooms.values()) == len(others)
    assert rooms[None] + rooms["888poker"] <= 41  # (fewer once the splitter attaches them to their hands)
    trailing = [event for hand in hands() for event in hand.events if event.kind == "next-hand"]
    assert trailing and all(event.text.startswith("Game #") for event in trailing)


# ---- the pots ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", party_files(), ids=lambda p: p.name)
def test_pot_identity(path: Path) -> None:
    """Σ put in - the uncalled part - Σ collected is the rake: printed in the balance summaries (whose pots
    are net of it), kept by the pot in the old text (never below 0; 0 in tournaments)."""
    require_corpus()
    for hand in party_hands(path):
        assert hand.refunds is Refunds.IMPLIED and not hand.uncalled
        refund = uncalled(hand)
        put_in = sum(action.amount for action in hand.actions)
        collected = sum(item.amount for item in hand.collected)
        kept = put_in - (refund[1] if refund else 0) - collected
        summary = hand.pot
        assert summary is not None
        if hand.hand_id in UNBALANCED:
            assert kept != (summary.rake or 0), UNBALANCED[hand.hand_id]
            continue
        if summary.total is None:  # the old text: no total, no rake
            assert summary.rake is None and summary.main is None
            assert kept >= 0, (hand.hand_id, kept)
            if hand.tournament is not None:
                assert kept == 0, hand.hand_id
            else:
                assert kept <= put_in // 10, (hand.hand_id, kept)  # (about 5% at most)
            continue
        assert summary.total_basis is PotBasis.NET and summary.pots_basis is PotBasis.NET
        assert summary.total == (summary.main or 0) + sum(summary.sides)
        assert kept == (summary.rake or 0), hand.hand_id
        assert summary.total == put_in - (refund[1] if refund else 0) - (summary.rake or 0)
        assert collected == summary.total, hand.hand_id  # (the cashed-out player's money is not the pot's)
        assert all(item.pot == ALL_POTS for item in hand.collected)


def test_what_rooms_md_quotes_of_the_pots() -> None:
    require_corpus()
    # LO8 FL: contributed 240, the turn bet of 40 uncalled, `Player1 wins $239 USD`: the rake is 1
    lo8 = by_id("11354414824")
    assert [(c.player, c.amount) for c in lo8.collected] == [("Player1", 19900)]
    # PLO: 366 in, `Hero wins $364 USD` (raises are the chips added: `raises[ $25 USD ]` reaches 30)
    plo = by_id("11443748272")
    raise_ = next(action for action in plo.actions if action.kind is ActionKind.RAISE)
    assert (raise_.player, raise_.amount, raise_.raise_to) == ("Player3", 2500, 3000)
    assert sum(a.amount for a in plo.actions) == 36600 and plo.collected[0].amount == 36400
    # the refund as a side pot of its own: robertp10's unmatched 1 (31 against the all-in 30)
    hilo = by_id("13550918572")
    assert [(c.player, c.amount, c.pot, c.half) for c in hilo.collected] == [
        ("robertp10", 2875, 0, None),
        ("fistfock123", 2875, 0, Half.LOW),
    ]
    multiple = [hand for hand in hands() if hand.source.path.endswith("5MultipleHands.txt")][-1]
    assert ("Player1", 10, 2) not in [(c.player, c.amount, c.pot) for c in multiple.collected]
    assert {c.pot for c in multiple.collected} == {0, 1}
    # and inside a real side pot: Player8's 1,200 from side pot 1 holds his uncalled 400 (LHE freeroll)
    freeroll = by_id("11932613562")
    assert ("Player8", 800, 1) in [(c.player, c.amount, c.pot) for c in freeroll.collected]
    # 2026: `Main Pot: $38.50 Rake: $2.0`, Hero collected 41.47 = 38.50 + 2.97 returned; Player2 cashed out
    cash_out = by_id("1770659766668adeb0h5qfm")
    assert cash_out.pot is not None and (cash_out.pot.total, cash_out.pot.rake) == (3850, 200)
    assert [(c.player, c.amount) for c in cash_out.collected] == [("Hero", 3850)]
    assert [(c.player, c.amount, c.fee) for c in cash_out.cash_outs] == [("Player2", 2301, 23)]
    assert [(f.kind.value, f.effect.value, f.amount) for f in cash_out.fees] == [("cash-out-fee", "outside", 23)]
    # `Player2 raises 2.40 to 2.65` on the 0.25 big blind: 2.40 added, to 2.65
    raises = [(a.player, a.amount, a.raise_to) for a in cash_out.actions if a.kind is ActionKind.RAISE]
    assert raises == [("Hero", 85, 85), ("Player2", 240, 265), ("Hero", 2052, 2052)]
    assert cash_out.actions[-1].all_in and cash_out.actions[-1].kind is ActionKind.CALL  # `Player2 is all-In.`
    # the walk: `Main Pot: $0.20 Rake: $0.0`, `Hero balance $124.44, bet $0.25, collected $0.35`
    walk = by_id("1784559652796h1yodv7zdsi")
    assert [(c.player, c.amount) for c in walk.collected] == [("Hero", 20)]


def test_fpdb_companion() -> None:
    """`NLHE-USD-0.01-0.02-201008.Sample.txt.hp`: fpdb's per-player import of the hand (money in cents)."""
    root = require_corpus()
    from parse.test_fpdb_expected import fpdb_card, fpdb_literal

    history = root / FOLDER / "fpdb-3/cash/Flop/NLHE-USD-0.01-0.02-201008.Sample.txt"
    expected = fpdb_literal(history.with_name(history.name + ".hp"))
    (hand,) = party_hands(history)
    assert set(expected) == {seat.player for seat in hand.seats}
    refund = uncalled(hand)
    for seat in hand.seats:
        values = expected[seat.player]
        assert values["seatNo"] == seat.seat
        assert values["startCash"] == seat.stack
        assert values["sitout"] == seat.sitting_out
        won = sum(award.amount for award in hand.collected if award.player == seat.player)
        assert values["winnings"] == won, seat.player
        put = sum(action.amount for action in hand.actions if action.player == seat.player)
        back = refund[1] if refund and refund[0] == seat.player else 0
        assert values["totalProfit"] == won - put + back, seat.player
        cards = [fpdb_card(values[f"card{n}"]) for n in (1, 2)]
        shown = [line.cards for line in hand.showdown if line.player == seat.player and line.cards]
        dealt = [line.cards for line in hand.dealt if line.player == seat.player]
        known = (shown or dealt or [()])[0]
        assert [card for card in cards if card] == list(known), seat.player
    rake = sum(values["rake"] for values in expected.values())
    put_in = sum(action.amount for action in hand.actions)
    assert rake == put_in - (refund[1] if refund else 0) - sum(award.amount for award in hand.collected) == 3


# ---- what the reader makes of the text ----------------------------------------------------------------


def test_the_old_texts_conventions() -> None:
    require_corpus()
    # the Mac format: decimal commas, two awards on one line
    mac = by_id("12395241485")
    assert mac.seats[0].stack == 2602
    assert [(c.player, c.amount) for c in mac.collected] == [("Player3", 2737), ("Player4", 2736)]
    # the maximum buy-in header: the blinds are the posted ones; `$15/$30 USD Texas Hold'em` is fixed limit
    assert (plo_stakes := by_id("13550493674").stakes).small_blind == 50 and plo_stakes.big_blind == 100
    limit = by_id("10398176832")
    assert (limit.stakes.small_bet, limit.stakes.big_bet, limit.structure.value) == (1500, 3000, "fixed-limit")
    # tournaments print no blinds: the level's, by the seats after the button (heads-up: the button's small)
    stt = by_id("9582205000")
    posts = [(a.player, a.kind, a.amount) for a in stt.actions if a.kind.is_post]
    assert posts == [("Villain", ActionKind.POST_SMALL_BLIND, 50), ("Hero", ActionKind.POST_BIG_BLIND, 100)]
    assert [event.kind for event in stt.events].count("blind-not-printed") == 2
    heads_up = by_id("10315752770")
    assert [(a.player, a.kind) for a in heads_up.actions if a.kind.is_post] == [
        ("Player0", ActionKind.POST_SMALL_BLIND),
        ("Player1", ActionKind.POST_BIG_BLIND),
    ]
    fixed = by_id("11932611928")  # `Stakes(200/400)`: the bets; the blinds 100 and 200
    assert [a.amount for a in fixed.actions if a.kind.is_post] == [100, 200]
    # `posts big blind + dead [$3].` at $1/$2: the live big blind and the dead small blind
    posting = by_id("14507003662")
    dead = next(a for a in posting.actions if a.kind is ActionKind.POST_SMALL_AND_BIG_BLIND)
    assert (dead.player, dead.amount, dead.raise_to) == ("Peacli", 300, 200)
    # `is all-In  [$19 USD]`: a call for less (11 in, 31 to call) by what it adds; a raise where it goes above
    hilo = by_id("13550918572")
    all_in = next(a for a in hilo.actions if a.all_in)
    assert (all_in.player, all_in.kind, all_in.amount, all_in.raise_to) == ("fistfock123", ActionKind.CALL, 1900, 3000)
    shove = next(a for a in by_id("10315754293").actions if a.all_in)  # `Player0 is all-In  [4,220]` as the button
    assert (shove.kind, shove.amount, shove.raise_to) == (ActionKind.RAISE, 4220, 4520)
    # `doesn't show [..]`: a loser's cards, revealed; the player conceded (mucked)
    pexim = next(line for line in by_id("13550803036").showdown if line.player == "pexiM")
    assert pexim.kind is ShowdownKind.MUCKS and len(pexim.cards) == 4
    # chat with a colon is chat (`Player6: u r getting boring with ur min raises`), not an action
    chat = by_id("13387439135")
    assert any(event.kind == "chat" and event.text.startswith("Player6:") for event in chat.events)
    assert not any(":" in action.player for action in chat.actions)
    # NUL bytes dropped; the converters' hands read as Party's text, their tag an event
    assert by_id("9582251255").started is not None
    converted = [hand for hand in hands() if any(e.kind == "converted" for e in hand.events)]
    assert len(converted) == 4
    # localised zones
    assert by_id("11970291958").started is not None  # YEKST
    assert by_id("12395241485").started is not None  # ICT
    assert by_id("15492724092").kind == "zoom"  # fastforward


def test_the_2012_tournaments_and_cash_tables() -> None:
    """`PokerHandHistory/`: 405 tournament hands (blinds printed nowhere: 2 posts each, but the 17 with `There
    is no Small Blind in this hand`) and 113 cash hands of a `$2 USD NL Texas Hold'em` table."""
    require_corpus()
    new = [hand for hand in hands() if "/PokerHandHistory/" in hand.source.path]
    assert len(new) == 518 and sum(hand.tournament is not None for hand in new) == 405
    events = Counter(event.kind for hand in new for event in hand.events)
    assert (events["blind-not-printed"], events["no-small-blind"]) == (2 * 405 - 17, 17)
    assert (events["fold-ahead-of-turn"], events["level-changed"], events["finished"]) == (88, 2, 79)
    assert not [defect for hand in new for defect in hand.defects]
    # `Blinds-Antes(600/1,200 -50)`: Lei_CZ's ante of 40 is his stack; conelciber's big blind, 710, too
    first = by_id("11931653319")
    assert (first.stakes.small_blind, first.stakes.big_blind, first.stakes.ante) == (600, 1200, 50)
    posted = [(a.player, a.kind, a.amount) for a in first.actions if a.all_in and a.kind.is_post]
    assert posted == [("Lei_CZ", ActionKind.POST_ANTE, 40), ("conelciber", ActionKind.POST_BIG_BLIND, 710)]
    # the header's level 16, the hand's 17 (antes of 400, and 27,200 won = 8 x 400 + 8,000 + 16,000)
    raised = by_id("11931684488")
    assert raised.tournament is not None and raised.tournament.level == "17"
    assert (raised.stakes.big_blind, raised.stakes.ante) == (16000, 400)
    # BigBacardi, moved in during the hand before, seated between the button and the blinds, is not dealt in
    waiting = by_id("11939429781")
    assert [(a.player, a.amount) for a in waiting.actions if a.kind.is_post] == [("bigrob99999", 20), ("pipite", 40)]
    # the absent players' folds, read at their turns (seats 9, 10, 2 from the big blind on seat 8)
    absent = by_id("11941168262")
    assert [a.player for a in absent.actions if a.kind is ActionKind.FOLD][:3] == [
        "Pokerguru64",
        "Leopold115",
        "Tertingslots",
    ]
    # the cash table: the table's maximum buy-in in the header, the blinds posted; a newcomer's big blind
    cash = by_id("11969240244")
    assert (cash.stakes.small_blind, cash.stakes.big_blind, cash.tournament) == (1, 2, None)
    assert [a.player for a in cash.actions if a.kind is ActionKind.POST_BIG_BLIND] == ["lea5155", "Jerome_Terry"]


def test_the_hand_party_did_not_write() -> None:
    """`Game #11938898367 starts.`, `#Game No : 11938898367`, `Table Closed`, `The hand history for this hand
    number is not available here. ...`: no banner, no hand; the record is there, unreadable."""
    root = require_corpus() / FOLDER
    path, line = UNWRITTEN
    records = [item for item in read(root / path) if isinstance(item, UnreadableHand)]
    assert [(item.first_line, item.last_line) for item in records] == [(line, line + 4)]


def test_the_balance_texts_conventions() -> None:
    require_corpus()
    # `Dealt to Hero Name [ Ad, 5d ]`, `Hero Name raises 3.0 to 3.0` for the seat of `Hero`; `sits out`
    names = by_id("12566995177")
    assert {action.player for action in names.actions} <= {seat.player for seat in names.seats}
    assert names.hero == "Hero"
    assert {seat.player for seat in names.seats if seat.sitting_out} == {"Player0", "Player1"}
    assert [(c.player, c.amount) for c in names.collected] == [("Hero", 357), ("Player2", 356)]
    # shown hands: the words before `--` are the description; the 2021 MTT's antes and side pot
    mtt = by_id("161938625156465v9fyd47bg")
    assert mtt.pot is not None and mtt.pot.sides == (3767420,) and mtt.pot.rake is None
    descriptions = {line.player: line.description for line in mtt.showdown}
    assert descriptions == {"Player5": "a flush, king high", "Player7": "a flush, ace high", "Hero": "a pair of aces"}
    assert mtt.tournament is not None and mtt.tournament.tournament_id == "301084002"
    assert mtt.game is Game.HOLDEM and mtt.unit.currency == "chips"


# ---- the audit ----------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def party_findings() -> list[tuple[str, Finding]]:
    require_corpus()
    auditor = Auditor(strict=True, keep_text=False)
    found = []
    for item in auditor.audit_files(party_files()):
        hand = item.item
        if isinstance(hand, Hand) and hand.format == "partypoker":
            found.extend((relative(f.path), f) for f in item.findings)
    return found


def test_no_internal_errors(party_findings: list[tuple[str, Finding]]) -> None:
    assert [f.message for _, f in party_findings if f.code == "OA104"] == []


def test_every_finding_is_a_known_error_of_the_hand(party_findings: list[tuple[str, Finding]]) -> None:
    actual = Counter((path, f.hand_id, f.code, f.line) for path, f in party_findings if f.severity is not Severity.INFO)
    expected = Counter(
        (path, hand_id, code, line) for (path, hand_id, code), (lines, _) in KNOWN.items() for line in lines
    )
    messages = {(path, f.hand_id, f.code, f.line): f.message for path, f in party_findings}
    unexpected = sorted(f"{key} {messages[key]}" for key in actual - expected)
    missing = sorted(str(key) for key in expected - actual)
    assert not unexpected, "findings not in the table:\n" + "\n".join(unexpected)
    assert not missing, "table entries no longer found:\n" + "\n".join(missing)


# The info findings: the players the seat list leaves out (the stud hands are replayed), who joined
# and posted the big blind (ROOMS.md 4.7): seated by the reader to replay the hand, their post line reported
# (OA106), with no dealer's check withheld (the hand is whole with the seat given).
INFO = {
    ("fpdb-3/cash/Flop/NLHE-0.02-0.04-USD-201207.players.joining.leaving.txt", "OA106"): _UNSEATED,
    ("fpdb-3/cash/Flop/NLHE-6max-USD-0.10-0.25-201309.player.joins.as.bb.txt", "OA106"): _UNSEATED,
    ("fpdb-3/cash/Flop/NLHE-USD-0.02-0.04-20100811.unseatedPlayerActions.txt", "OA106"): _UNSEATED,
    ("fpdb-chaz/NLHE-USD-0.01-0.02-201105.Unseated.player.is.only.big.blind.txt", "OA106"): _UNSEATED,
}


def test_info_findings_are_the_stud_hands_and_the_players_seated_to_replay(
    party_findings: list[tuple[str, Finding]],
) -> None:
    info = Counter((path, f.code) for path, f in party_findings if f.severity is Severity.INFO)
    assert info == dict.fromkeys(INFO, 1)
    unseated = [f for _, f in party_findings if f.code == "OA106"]
    assert len(unseated) == 4 and all("has no seat line" in f.message for f in unseated)


def test_every_known_entry_has_a_reason() -> None:
    assert all(reason.strip() and lines for lines, reason in KNOWN.values())
