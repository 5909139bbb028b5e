"""888poker (ROOMS.md section 3): every file of the corpus's 888poker folder is read hand for hand (one record
per hand header, counted here with ROOMS.md's appendix A pattern), no hand is unreadable, the pots add up
as far as 888's text allows (it prints no total pot and no rake: what the players put in, less the
uncalled bet returned, less what they collected, is what the pot kept), the localised numbers and card
letters are read as ROOMS.md 3.2 and 3.4 say, and every error or warning the audit reports (hand by hand
and across the hands of a table) is listed below with the reason it is genuine. The corpus has no fpdb
companion files (.hands, .hp, .gt) for 888poker.
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

from omaha_audit.model import ALL_POTS, ActionKind, Game, Hand, Refunds, ShowdownKind, Street, Structure, UnreadableHand
from omaha_audit.parse.files import FileNotice
from omaha_audit.rooms import hand_source
from omaha_audit.rules.base import Finding, Severity
from omaha_audit.run.pipeline import Auditor

corpus = pytest.mark.corpus

FOLDER = "888poker"
# ROOMS.md appendix A: the banner line of every hand.
HEADER = re.compile(
    r"^\*{5} (Cassava|888poker|888)(\.[a-z]{2})?(-[a-z]{2})?( Snap Poker| BLAST)? Hand History for Game \d+ \*{5}",
    re.MULTILINE,
)
FILES = 31
HANDS = 191

DUTCH = "fpdb-chaz/888-PLO-USD-10.00-20.00-201405.dutch.txt"
SWEDISH = "fpdb-chaz/PLO-6max-USD-25-50-201604.Swedish.txt"
OBSERVED = "fpdb-chaz/PLO-6max-USD-25-50-201503.observed.hand.txt"
RUSSIAN = "fpdb-3/cash/Flop/888-NLHE-USD-0.02-0.04-201107.russian.cards.txt"
SPANISH = "fpdb-3/tour/Flop/NLHE-6max-SNG-0.10-201206.hands.txt"
EURO_CHIPS = "fpdb-chaz/NLHE-MTT-EUR-0.01-201206.freeroll.buyin.hands.txt"
SECOND_SB = "fpdb-chaz/888-PLO-USD-25-50-201508.secondsb.txt"
FLOHL = "fpdb-chaz/888-FLOHL-PM-30-60.txt"
FLO = "fpdb-chaz/888-FLO-PM-30-60.txt"
CALL_ALL_IN = "fpdb-chaz/NLHE-USD-MTT-3.15-201205.call.allin.txt"
ALL_IN_BLIND = "fpdb-3/cash/Flop/888-FHE-USD-5-10-201203.all.in.blind.txt"
UNCALLED = "fpdb-3/cash/Flop/888-NLHE-USD-5-10-201205.uncalled.non.blind.txt"
NO_UNCALLED = "fpdb-3/tour/Flop/NLHE-FREE-MTT-201311.all.in.blind.no.uncalled.txt"
CA_ON = "fpdb-3/cash/Flop/NLHE-6max-USD-0.12-0.25-202206.ca-on.txt"
RO = "fpdb-3/tour/Flop/NLHE-6max-MTT-40-4-201901.ro.MM.fix.txt"
BLAST = "fpdb-3/tour/Flop/NLHE-MTT-USD-13.95-1.05-201901.BLAST.txt"
MULTI_POT = "fpdb-3/tour/Flop/NLHE-FREE-MTT-$75Freeroll-201202.multi.pot.ante.all.in.txt"
FREEROLL = "fpdb-3/tour/Flop/NLHE-FREE-MTT-$75Freeroll20120217.txt"
RAKE_25 = "fpdb-3/cash/Flop/888-NLHE-USD-0.01-0.02.rake.greater.than.25.pct.txt"
BLANK = "fpdb-3/cash/Flop/NLHE-USD-50.00-100.00-201406.blank.player.names.txt"
BAD_POT = "fpdb-chaz/PLO8-USD-MTT-1.80-0.20-201306.all.in.blind.bad.pot.txt"
NO_AWARD = "fpdb-chaz/PLO8-USD-STT-10-1-201308.no.pot.awarded.txt"
HILO = "PokerHandHistoryParser/OmahaHiLoShowdown.txt"

# Hands whose pot kept what a pot may not keep: (put in - returned - collected, in the hand's units), why.
# Otherwise a tournament pot, and a cash pot that ended before the flop, keeps nothing; a cash or play-money
# pot that saw a flop keeps a rake of at least nothing and at most 7% (888: 5%, 6.25% at $0.01/$0.02).
EXPECTED_KEPT = {
    (RAKE_25, "172275663"): (28, "a tie (both 444-77) of which only campdog14's half is paid: $0.28 of $0.52 kept"),
    (BLANK, "315882986"): (-20000, "every name is empty: the two players are one to the model (ROOMS.md 3.6)"),
    (BLAST, "1008664844"): (1060, "playurbet's all-in ante exceeds the other's by 1,060, given back by no line"),
    (BAD_POT, "489318468"): (500, "the side pot is paid as 76 (38 + 38) instead of 576: 500 chips vanish"),
    (NO_AWARD, "424764397"): (1049, "`Player4 did not show his hand` and no collected line: the pot is paid out"),
}


@dataclass(frozen=True)
class Known:
    path: str  # relative to the corpus's 888poker folder
    hand_id: str | None
    code: str
    line: int
    reason: str


_BLANK_NAMES = "the file's names are all empty (fpdb's blank.player.names sample): the two seats are one player"
# (BLAST's forced all-in antes, playurbet's 3,530 against 2,470: the 1,060 above is the uncalled part of an
# ante, returned (UC-1); 888 prints returned chips nowhere, so the hand is clean.)
_REBUY = "a player who ended the hand before with nothing sits down again with 2,000: a re-buy 888 prints no line for"

KNOWN: tuple[Known, ...] = (
    Known(RAKE_25, "172275663", "OA501", 47, "the tied pot (444-77 both) is paid to campdog14 only: $0.24 of $0.52"),
    Known(BLANK, "315882986", "OA106", 7, "`Seat 2:  ( $895 )`: no player name (ROOMS.md 3.6)"),
    Known(BLANK, "315882986", "OA106", 8, "`Seat 6:  ( $600 )`: no player name (ROOMS.md 3.6)"),
    Known(BLANK, "315882986", "OA108", 8, _BLANK_NAMES),
    # (FREEROLL hand 190625798: `Hero calls [$100]` completes the small blind to the full $200 big blind though
    # the big blind is all-in for $125, and `Hero collected [ $75 ]` returns the excess: RULES.md PL-6's
    # full-big-blind call, which OA307 accepts)
    Known(BAD_POT, "489318468", "OA601", 39, "the side pot of 576 is paid as 38 + 38: 500 chips vanish (ROOMS.md 3.6)"),
    Known(NO_AWARD, "424764397", "OA501", 41, "the hand ends with `did not show his hand` and no collected line"),
    Known(NO_AWARD, "424764397", "OA601", 41, "the pot of 1,049 is collected by nobody (ROOMS.md 3.6)"),
    # across the hands of a table
    Known(FREEROLL, "190606852", "OA705", 135, _REBUY),
    Known(FREEROLL, "190631995", "OA705", 2559, _REBUY),
)


def files_888() -> list[Path]:
    root = corpus_root()
    if root is None:
        return []
    return sorted(p for p in (root / FOLDER).rglob("*") if p.is_file())


@functools.cache
def read(path: Path) -> list[Hand | UnreadableHand | FileNotice]:
    return list(hand_source().read_file(path))


def relative(path: Path | str) -> str:
    root = require_corpus() / FOLDER
    return Path(path).resolve().relative_to(root.resolve()).as_posix()


def hands() -> list[Hand]:
    return [item for path in files_888() for item in read(path) if isinstance(item, Hand)]


@functools.cache
def by_file() -> dict[str, list[Hand]]:
    found: dict[str, list[Hand]] = {}
    for hand in hands():
        found.setdefault(relative(hand.source.path), []).append(hand)
    return found


@corpus
def test_the_corpus_has_the_888_files() -> None:
    require_corpus()
    assert len(files_888()) == FILES
    assert sum(len(HEADER.findall(decoded(path))) for path in files_888()) == HANDS
    assert {hand.format for hand in hands()} == {"888poker"}
    assert Counter(hand.room for hand in hands()) == {"888poker": 187, "888.ro": 3, "888poker.ca-on": 1}


@corpus
@pytest.mark.parametrize("path", files_888(), ids=lambda p: p.name)
def test_one_record_per_header_and_none_unreadable(path: Path) -> None:
    require_corpus()
    items = read(path)
    found = [item for item in items if isinstance(item, Hand)]
    assert [item for item in items if not isinstance(item, Hand)] == []
    assert len(found) == len(HEADER.findall(decoded(path)))
    assert len({hand.hand_id for hand in found}) == len(found)


_LIVE = {ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE}


def returned(hand: Hand) -> int:
    """The uncalled bet (UC-1), worked out here from the actions: the largest live stake less the second."""
    live: Counter[str] = Counter()
    for action in hand.actions:
        if action.kind in _LIVE:
            live[action.player] += action.amount
        elif action.kind is ActionKind.POST_SMALL_AND_BIG_BLIND:
            live[action.player] += min(action.amount, hand.stakes.big_blind or action.amount)
    top = [*sorted(live.values(), reverse=True), 0, 0]
    return top[0] - top[1]


@corpus
def test_pot_identity() -> None:
    """Σ put in - Σ returned - Σ collected = what the pot kept, whichever of 888's three ways the hand gives
    the uncalled bet back: a line of its own (read as an UncalledReturn), inside a collected amount, or
    left out of the collected amounts (IMPLIED: then it is the excess worked out above)."""
    require_corpus()
    problems: list[str] = []
    seen: set[tuple[str, str]] = set()
    for hand in hands():
        assert hand.pot is not None and hand.pot.total is None
        assert hand.pot.rake == (0 if hand.tournament is not None else None)
        put_in = sum(action.amount for action in hand.actions)
        back = sum(item.amount for item in hand.uncalled) or (returned(hand) if hand.refunds is Refunds.IMPLIED else 0)
        kept = put_in - back - sum(item.amount for item in hand.collected)
        key = (relative(hand.source.path), hand.hand_id)
        if key in EXPECTED_KEPT:
            seen.add(key)
            if kept != EXPECTED_KEPT[key][0]:
                problems.append(f"{key}: kept {kept}, listed {EXPECTED_KEPT[key][0]}")
            continue
        flop = any(deal.street is Street.FLOP for deal in hand.streets)
        if hand.tournament is not None or not flop:
            if kept != 0:
                problems.append(f"{key}: kept {kept} where the pot keeps nothing")
        elif not 0 <= kept * 100 <= 7 * (put_in - back):
            problems.append(f"{key}: kept {kept} of {put_in - back}")
    assert not problems, "\n".join(problems)
    assert seen == set(EXPECTED_KEPT)


@corpus
def test_the_three_ways_of_returning_the_uncalled_bet() -> None:
    """ROOMS.md 3.3: each way as the hands show it."""
    require_corpus()
    files = by_file()
    # a line of its own: `Player1 collected [ $651 ]` = 1,500 less the small blind's 849 all-in
    extra = files[CALL_ALL_IN][0]
    assert extra.refunds is Refunds.LINE and [(u.player, u.amount) for u in extra.uncalled] == [("Player1", 651)]
    assert [(c.player, c.amount) for c in extra.collected] == [("Player1", 2898)]
    limit = files[ALL_IN_BLIND][0]  # Hero's $10 over the all-in big blind, after Player0's $23.75
    assert limit.refunds is Refunds.LINE and [(u.player, u.amount) for u in limit.uncalled] == [("Hero", 1000)]
    # inside the collected amount: `raises [284,48$]`, all fold, `collected [ 299,48$ ]`; the big blind's walk
    assert files[UNCALLED][0].refunds is Refunds.IN_COLLECTED
    assert files[SECOND_SB][0].refunds is Refunds.IN_COLLECTED
    # left out: `raises [$400]` over the 200 big blind, `collected [ $210 ]` + `[ $260 ]` = 670 - 200
    left_out = files[NO_UNCALLED][0]
    assert left_out.refunds is Refunds.IMPLIED and not left_out.uncalled
    assert [(c.amount, c.pot) for c in left_out.collected] == [(210, 0), (260, 1)]  # main pot, side pot
    assert Counter(hand.refunds for hand in hands()) == {Refunds.IMPLIED: 178, Refunds.IN_COLLECTED: 8, Refunds.LINE: 5}


@corpus
def test_localised_numbers_and_cards() -> None:
    """ROOMS.md 3.2 and 3.4: the Dutch, Swedish, Russian and Spanish hands, and 888.ro's chips."""
    require_corpus()
    files = by_file()
    dutch = files[DUTCH][0]  # `$ 3.243` (3 243) and `$ 552,72` in one hand; `Hc` a king, `Vs` a queen, `Bh` a jack
    assert [seat.stack for seat in dutch.seats] == [324300, 402600, 369200, 55272, 80000]
    assert [str(card) for card in dutch.dealt[0].cards] == ["Kc", "8h", "Td", "6h"]
    assert [str(card) for card in dutch.boards[0]] == ["7c", "Kh", "Ts", "Qs", "6s"]
    assert [str(card) for card in dutch.showdown[0].cards] == ["4h", "9d", "Jh", "3s"]
    swedish = files[SWEDISH][0]  # `5 000 $` with no-break spaces; `Knh` a jack, `Kh` a king, `Ec` an ace
    assert [seat.stack for seat in swedish.seats] == [500000, 649700]
    assert [str(card) for card in swedish.showdown[1].cards] == ["Ac", "Jd", "4c", "Kh"]
    raises = [(a.amount, a.raise_to) for a in swedish.actions if a.kind is ActionKind.RAISE]
    assert raises == [(12500, 15000), (40000, 45000)]  # `raises [125 $]` adds 125 to the small blind's 25
    observed = files[OBSERVED][0]  # `15 788,50 $`; no deal line: the betting after the blinds is preflop
    assert observed.seats[0].stack == 1578850 and observed.actions[2].street is Street.PREFLOP
    russian = files[RUSSIAN][0]  # `0,02$`; cp1251 `Â` `Ä` `Ò` read by their Russian names (J, Q, A)
    assert (russian.stakes.small_blind, russian.stakes.big_blind) == (2, 4)
    assert [str(card) for card in russian.boards[0]] == ["9s", "Jh", "2s", "5h", "Qc"]
    assert [event.kind for event in russian.events] == ["card-letters"]
    spanish = files[SPANISH][0]  # `7p` a spade, `8t` a club (tréboles): recorded as unverified
    assert [str(card) for card in spanish.dealt[0].cards] == ["7s", "8c"]
    assert [event.kind for event in spanish.events] == ["card-letters"]
    euro_chips = files[EURO_CHIPS][0]  # tournament chips with a euro sign: `( 2.000 € )`
    assert euro_chips.unit.currency == "chips" and euro_chips.seats[0].stack == 2000
    ro = files[RO][0]  # no date; `1.183.764 $`
    assert ro.started_local == "" and ro.collected[0].amount == 1183764 and ro.room == "888.ro"


@corpus
def test_what_else_the_reader_makes_of_888_text() -> None:
    require_corpus()
    files = by_file()
    # fixed limit prints the blinds: `15/30 Blinds Fix Limit OmahaHL` is a 30/60 game in play money
    flohl = files[FLOHL][0]
    assert (flohl.game, flohl.structure, flohl.play_money) == (Game.OMAHA_HI_LO, Structure.FIXED_LIMIT, True)
    assert (flohl.stakes.small_bet, flohl.stakes.big_bet) == (3000, 6000)
    # `Borr_09 folds` before the deal: never dealt in; `(Hi: ...)`/`(Lo: ...)` describe the winners' hands
    assert "Borr_09" not in {action.player for action in flohl.actions}
    assert [event.kind for event in flohl.events] == ["folded-before-deal"]
    assert [line.description for line in flohl.showdown if line.description] == [
        "Hi: Jd Jc 2d 2s Ks",
        "Lo: 2s 4d 5h 6c Ac",
    ]
    assert [item.amount for item in files[HILO][0].collected] == [38, 38]  # the two halves: two lines
    # dead blinds: `[$0.01 + $0.02]` the small blind dead and the big blind live; `[$25 + $0]` dead only
    both = [a for a in files[RAKE_25][0].actions if a.kind is ActionKind.POST_SMALL_AND_BIG_BLIND]
    assert [(a.amount, a.raise_to) for a in both] == [(3, 2), (3, 2)]
    dead = [a for a in files[SECOND_SB][0].actions if a.kind is ActionKind.POST_DEAD]
    assert [(a.player, a.amount) for a in dead] == [("Player0", 2500)]
    # no all-in marker: all-ins from the stacks (the small blind of 58 is all the stack)
    assert files[BAD_POT][0].actions[0].all_in
    # an all-in player's `mucks [..]` is a live hand: surubi88 wins side pot 1 with it
    muck = next(h for h in files[FREEROLL] if h.hand_id == "190631995")
    assert next(line.kind for line in muck.showdown if line.player == "surubi88") is ShowdownKind.SHOWS
    # side pots: the lines, main pot first, cut into the pots they make; where they make none (the 500 chips
    # short of the bad pot), each player's winnings over all pots
    assert [(item.amount, item.pot) for item in files[MULTI_POT][0].collected] == [(120, 0), (3403, 1)]
    assert {item.pot for item in files[BAD_POT][0].collected} == {ALL_POTS}
    raked = next(h for h in files[FLO] if h.hand_id == "362979074")  # the play-money rake is the main pot's
    assert [(item.amount, item.pot) for item in raked.collected] == [(95750, 0), (12000, 1)]
    # Ontario's `$0.12/$0.25` is the $0.10/$0.25 table; BLAST's first figure is the prize pool
    ca_on = files[CA_ON][0]
    assert (ca_on.stakes.small_blind, ca_on.stakes.big_blind, ca_on.room) == (10, 25, "888poker.ca-on")
    blast = files[BLAST][0]
    assert blast.stakes.small_blind is None and {a.kind for a in blast.actions} == {ActionKind.POST_ANTE}
    # day-month-year, no zone: the time is kept as printed, not placed in UTC
    assert flohl.started is None and flohl.started_local == "11 03 2011 15:43:53"


@pytest.fixture(scope="module")
def audited() -> tuple[list[tuple[str, Finding]], list[tuple[str, Finding]]]:
    require_corpus()
    auditor = Auditor(strict=True, keep_text=False)
    per_hand = [(relative(f.path), f) for item in auditor.audit_files(files_888()) for f in item.findings]
    return per_hand, [(relative(f.path), f) for f in auditor.across]


@corpus
def test_no_internal_errors(audited: tuple[list[tuple[str, Finding]], list[tuple[str, Finding]]]) -> None:
    assert [f.message for _, f in audited[0] if f.code == "OA104"] == []


@corpus
def test_every_finding_is_a_known_error_of_the_hand(
    audited: tuple[list[tuple[str, Finding]], list[tuple[str, Finding]]],
) -> None:
    findings = audited[0] + audited[1]
    actual: Counter[tuple[str, str | None, str, int]] = Counter(
        (path, f.hand_id, f.code, f.line) for path, f in findings if f.severity is not Severity.INFO
    )
    expected: Counter[tuple[str, str | None, str, int]] = Counter((k.path, k.hand_id, k.code, k.line) for k in KNOWN)
    messages = {(path, f.hand_id, f.code, f.line): f.message for path, f in findings}
    unexpected = sorted(f"{key} {messages[key]}" for key in actual - expected)
    missing = sorted(str(key) for key in expected - actual)
    assert not unexpected, "findings not in the table:\n" + "\n".join(unexpected)
    assert not missing, "table entries no longer found:\n" + "\n".join(missing)


@corpus
def test_info_findings_are_top_ups(audited: tuple[list[tuple[str, Finding]], list[tuple[str, Finding]]]) -> None:
    """The only info findings: cash players adding chips between hands (888 tops stacks up)."""
    info = [f for _, f in audited[0] + audited[1] if f.severity is Severity.INFO]
    assert info and all(f.code == "OA705" and "added" in f.message for f in info)


def test_every_known_entry_has_a_reason() -> None:
    assert all(known.reason.strip() for known in KNOWN)
    assert len({(k.path, k.hand_id, k.code, k.line) for k in KNOWN}) == len(KNOWN)


# ---- text written here (no corpus needed): what the reader does with what it does not understand -------------
_HAND = """#Game No : 77
***** 888poker Hand History for Game 77 *****
$0.05/$0.10 Blinds Pot Limit Omaha - *** 04 02 2011 13:04:49{zone}
Table Baku 6 Max (Real Money)
Seat 6 is the button
Total number of players : 2
Seat 6: Ann ( {stack} )
Seat 9: Bob ( $10.04 )
Ann posts small blind [$0.05]
Bob posts big blind [$0.10]
** Dealing down cards **
Dealt to Bob [ {cards} ]
Ann calls [$0.05]
Bob checks
** Dealing flop ** [ Jh, 7c, 5h ]
Bob checks
Ann bets [$0.10]
Bob folds
** Summary **
Ann collected [ $0.19 ]
"""


def read_text(tmp_path: Path, *hands: str) -> list[Hand | UnreadableHand | FileNotice]:
    path = tmp_path / "888.txt"
    path.write_text("\n\n\n".join(hands), encoding="utf-8")
    return list(hand_source().read_file(path))


def hand_text(cards: str = "Ac, Kd, 7s, 2h", stack: str = "$10.05", zone: str = "") -> str:
    return _HAND.format(cards=cards, stack=stack, zone=zone)


def test_a_plain_hand(tmp_path: Path) -> None:
    (hand,) = read_text(tmp_path, hand_text(zone=" CET"))
    assert isinstance(hand, Hand) and not hand.defects and hand.format == "888poker"
    assert [(c.player, c.amount) for c in hand.collected] == [("Ann", 19)] and hand.refunds is Refunds.IMPLIED
    assert hand.started is not None and hand.started.hour == 12  # a zone printed after the time places it in UTC


def test_a_card_no_known_language_explains_is_reported_not_guessed(tmp_path: Path) -> None:
    (hand,) = read_text(tmp_path, hand_text(cards="10Zweig, Ad, 7s, 2h"))
    assert isinstance(hand, Hand)
    assert [(d.line, "10Zweig" in d.reason) for d in hand.defects] == [(12, True)]
    assert [str(card) for card in hand.dealt[0].cards] == ["Ad", "7s", "2h"]


def test_the_german_client_writes_suit_words(tmp_path: Path) -> None:
    """888's German client: English rank letters, German suit words (`3Karo`, `KKreuz`, `QHerz`, `JPik`)."""
    german = hand_text(cards="3Karo, KKreuz, QHerz, JPik").replace("[ Jh, 7c, 5h ]", "[ JHerz, 7Kreuz, 10Herz ]")
    (hand,) = read_text(tmp_path, german)
    assert isinstance(hand, Hand) and not hand.defects
    assert [str(card) for card in hand.dealt[0].cards] == ["3d", "Kc", "Qh", "Js"]
    assert [str(card) for card in hand.boards[0]][:3] == ["Jh", "7c", "Th"]


def test_a_hand_mixing_two_languages_reads_only_the_cards_they_read_alike(tmp_path: Path) -> None:
    """A Dutch king (`Hc`) and a Swedish jack (`Knd`) in one hand: which language the hand is in cannot be
    told, so a card is read only where Dutch and Swedish read it alike (`7s`, `2h`); the others are left out
    of their lines, which are lines not read (the English `Jh` of the flop is no card in either)."""
    (hand,) = read_text(tmp_path, hand_text(cards="Hc, Knd, 7s, 2h"))
    assert isinstance(hand, Hand)
    assert [str(card) for card in hand.dealt[0].cards] == ["7s", "2h"]
    assert [(d.line, d.not_read) for d in hand.defects] == [(12, True), (12, True), (15, True)]
    assert all("Dutch and Swedish" in d.reason for d in hand.defects)


def test_an_amount_not_understood_is_a_line_not_read(tmp_path: Path) -> None:
    """`Seat 6: Ann ( $10'05 )`: no number style of 888's (an apostrophe groups thousands in threes); the seat
    line is not read (Ann has no seat), the rest of the hand is."""
    (hand,) = read_text(tmp_path, hand_text(stack="$10'05"))
    assert isinstance(hand, Hand)
    assert [(d.line, d.not_read, "$10'05" in d.reason) for d in hand.defects] == [(7, True, True)]
    assert [seat.player for seat in hand.seats] == ["Bob"]
    assert [(c.player, c.amount) for c in hand.collected] == [("Ann", 19)]


def test_a_file_keeps_its_language(tmp_path: Path) -> None:
    """A Spanish hand's `c` is hearts: a later hand of the same file with no Spanish letter of its own is
    still read in Spanish."""
    spanish = hand_text(cards="Ap, Kt, 7d, 2c").replace("[ Jh, 7c, 5h ]", "[ Jp, 7t, 5d ]")
    later = hand_text(cards="Ad, Kd, 7d, 2c").replace("[ Jh, 7c, 5h ]", "[ Jd, 8d, 5d ]").replace(" 77", " 78")
    first, second = read_text(tmp_path, spanish, later)
    assert isinstance(first, Hand) and isinstance(second, Hand)
    assert [str(card) for card in first.dealt[0].cards] == ["As", "Kc", "7d", "2h"]
    assert [str(card) for card in second.dealt[0].cards] == ["Ad", "Kd", "7d", "2h"]


@corpus
@pytest.mark.parametrize(
    ("high", "low", "codes"),
    [
        ("238", "238", []),  # as 888 paid it: 480 in, 476 out, 4 kept by the pot
        ("240", "236", []),  # one half the whole 240, the other short by the 4 kept: a rake can do that
        ("338", "138", ["OA502"]),  # the high hand paid 98 more than half the pot: no rake pays that
        ("476", "0", ["OA504"]),  # the qualifying low paid nothing
    ],
)
def test_a_raked_split_with_no_rake_printed_is_judged_on_gross_shares(
    tmp_path: Path, high: str, low: str, codes: list[str]
) -> None:
    """888 prints no rake: a cash pot's shares are known only before the rake. A correct award pays each
    winner no more than their gross share (the hi/lo hand 440985926: high to harryabc, the 6-low to nugsy20,
    240 each of 480); a player paid more than that was paid another's chips, whatever the rake was."""
    require_corpus()
    text = decoded(corpus_root() / FOLDER / FLOHL)
    assert "harryabc collected [ 238 ]\nnugsy20 collected [ 238 ]" in text
    changed = text.replace("harryabc collected [ 238 ]", f"harryabc collected [ {high} ]")
    changed = changed.replace("nugsy20 collected [ 238 ]", f"nugsy20 collected [ {low} ]" if low != "0" else "")
    path = tmp_path / "888-FLOHL.txt"
    path.write_text(changed, encoding="utf-8")
    (audited,) = Auditor(strict=True, keep_text=False).audit_files([path])
    awards = [f.code for f in audited.findings if f.code.startswith("OA50")]
    assert awards == codes, [f.message for f in audited.findings]
