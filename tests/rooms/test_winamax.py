"""Winamax (ROOMS.md section 5): every hand of the corpus's Winamax folder is read, one record per hand
header, none unreadable; Winamax's pot identity holds on every hand but the listed ones; fpdb's own import
of three hands agrees; and every error or warning the audit reports is listed here with its reason.
"""

from __future__ import annotations

import ast
import functools
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from corpus_paths import corpus_root, require_corpus
from corpus_text import decoded

from omaha_audit.model import (
    ActionKind,
    Card,
    Game,
    Half,
    Hand,
    PotBasis,
    Refunds,
    Structure,
    UnreadableHand,
    parse_card,
)
from omaha_audit.parse.files import FileNotice
from omaha_audit.rooms import hand_source
from omaha_audit.rules.base import Finding, Severity
from omaha_audit.run.pipeline import Auditor

pytestmark = pytest.mark.corpus

# The test's own idea of a hand header (ROOMS.md appendix A), and of a tournament summary file.
HEADER = re.compile(r'^\ufeff?Winamax Poker - (?:CashGame|Go Fast|HOLD-UP|ESCAPE|Tournament ")', re.MULTILINE)
SUMMARY_FILE = re.compile(r"^\ufeff?Winamax Poker - Tournament summary", re.MULTILINE)
COMPANIONS = (".hands", ".hp", ".gt")

RAISE_TO = "fpdb-chaz/5-Card-PLO-6max-EUR-2.00-4.00-201611.raiseTo.txt"
FIVE_CARD = "fpdb-chaz/5-Card-PLO8-6max-EUR-1.00-2.00-201611.txt"
BAD_POT = "fpdb-chaz/PLO-5max-EUR-1.00-2.00-201408.bad.pot.txt"
POST_BOTH = "fpdb-chaz/PLO-5max-EUR-1.00-2.00-201611.post.both.txt"
SB_OOP = "fpdb-chaz/PLO-5max-EUR-2.00-4.00-201412.sb.oop.txt"
NO_COLON = "fpdb-chaz/PLO-5max-EUR-2-4-202104.no.colon.txt"
PLO8 = "fpdb-chaz/PLO8-6max-EUR-1.00-2.00-201611.txt"
PLO8_PLAY = "fpdb-chaz/PLO8-2max-play-0.05-0.10-201610.export.txt"
SIDE_POT = "fpdb-chaz/NLHE-Ticket-MTT-201010.side.pot.txt"
SAMPLE = "fpdb-chaz/PLO-FR-EUR-0.02-0.05-201009.Sample"
TIE = "fpdb-3/tour/Flop/NLHE-EUR-0.92-STT-201207.no.cur.txt"
FULL_HISTORY = "fpdb-3/tour/Flop/NLHE-Free-MTT-201103.Full.History.txt"
SITTING_OUT = "fpdb-3/cash/Flop/NLHE-5max-EUR-1-2-201201.Hero.Sitting.Out.txt"
_MIKRETHOR = "cardroom-winamax-parser/src/test/resources/"
NICE = _MIKRETHOR + "20170107_Nice_real_holdem_no-limit.txt"
FISH = _MIKRETHOR + "20170107_Fish&Ship(180691328)_real_holdem_no-limit.txt"
FREEROLL = _MIKRETHOR + "20170107_Freeroll(180688949)_real_omaha_pot-limit.txt"
NOCTAMBULE = _MIKRETHOR + "20170107_NOCTAMBULE(180688705)_real_holdem_no-limit.txt"


def winamax_files() -> list[Path]:
    """Every Winamax hand-history file (any name: the 60-hand `.Sample`), not fpdb's companion files."""
    root = corpus_root()
    if root is None:
        return []
    return sorted(p for p in (root / "Winamax").rglob("*") if p.is_file() and p.suffix not in COMPANIONS)


def relative(path: Path | str) -> str:
    return Path(path).resolve().relative_to((require_corpus() / "Winamax").resolve()).as_posix()


@functools.cache
def read(path: Path) -> list[Hand | UnreadableHand | FileNotice]:
    return list(hand_source().read_file(path))


def hands_of(name: str) -> list[Hand]:
    return [item for item in read(require_corpus() / "Winamax" / name) if isinstance(item, Hand)]


def the_hand(name: str, hand_id: str | None = None) -> Hand:
    hands = [hand for hand in hands_of(name) if hand_id is None or hand.hand_id == hand_id]
    assert len(hands) == 1
    return hands[0]


# ---- one record per header ---------------------------------------------------------------------


def test_the_corpus_has_the_winamax_files():
    require_corpus()
    files = winamax_files()
    # 30 files of fpdb and HHSmithy, and mikrethor's four of 2017-01-07 (a 0.01€/0.02€ cash table, two
    # Hold'em tournaments and a pot-limit Omaha freeroll: 151 hands)
    assert len(files) == 34
    assert sum(len(HEADER.findall(decoded(path))) for path in files) == 285


@pytest.mark.parametrize("path", winamax_files(), ids=lambda p: p.name)
def test_file_is_read_hand_for_hand(path: Path):
    require_corpus()
    text = decoded(path)
    headers = len(HEADER.findall(text))
    items = read(path)
    unreadable = [item for item in items if isinstance(item, UnreadableHand)]
    assert not unreadable, unreadable
    hands = [item for item in items if isinstance(item, Hand)]
    notices = [item for item in items if isinstance(item, FileNotice)]
    assert len(hands) == headers
    if headers == 0:
        assert SUMMARY_FILE.search(text)
        assert [notice.kind for notice in notices] == ["tournament-summary"]
    else:
        assert not notices
    lines = text.split("\n")
    assert all(HEADER.match(lines[hand.source.line - 1]) for hand in hands)
    assert len({hand.hand_id for hand in hands}) == len(hands)
    for hand in hands:
        assert hand.format == "winamax" and hand.room == "winamax"
        assert hand.refunds is Refunds.IN_COLLECTED and not hand.uncalled
        assert hand.started is not None and hand.started.utcoffset() is not None
        assert hand.started.utcoffset().total_seconds() == 0  # type: ignore[union-attr]


def test_games_are_counted_as_rooms_md_says():
    """The corpus survey: 134 hands; 71 Omaha (PLO 67, PLO8 2, five-card 2, read hi-only), stud 1, draw 1, and
    Hold'em 61 (the survey says 60, which leaves its sum one short of its 134). The 2017 files add 144 Hold'em
    hands (`Holdem no limit`: 11 cash, 21 + 112 tournament) and 7 of the `Omaha pot limit` freeroll."""
    require_corpus()
    games = Counter(item.game for path in winamax_files() for item in read(path) if isinstance(item, Hand))
    assert games == {
        Game.OMAHA: 74,
        Game.OMAHA_HI_LO: 2,
        Game.OMAHA5: 2,
        Game.HOLDEM: 205,
        Game.STUD_HI_LO: 1,
        Game.TRIPLE_DRAW_2_7: 1,
    }


# ---- the pot identity (ROOMS.md 5.6) -----------------------------------------------------------
# Σ chips put in (uncalled chips included) = Total pot + Rake, and Σ collected = Total pot. Where the total
# is printed in thousands (`Total pot 15.52k`) it is rounded and the model has none: the printed figure
# must then lie within ten chips of the chips put in less the rake, and the collected amounts must make
# exactly that.

EXPECTED_POT_DIFFERENCES: dict[tuple[str, str], tuple[int, int, str]] = {
    # (file, hand): (put in - rake - total, collected - total), in the hand's units
    (BAD_POT, "6468352-1737-1408024646"): (
        -100,
        0,
        "ROOMS.md 5.6's real defect: SB 1 + BB 2 + raise to 6 = 9€ put in; `Total pot 10€ | No rake`, 10€ collected",
    ),
    (SIDE_POT, "6307872438747255-71-1288124090"): (
        0,
        50,
        "15520.50 chips put in (Player2 had 7410.50), 15.52k printed; the 369.50 returned to Player6 is "
        "printed `collected 370`: half a chip more is collected than was put in",
    ),
}
_K_TOTAL = re.compile(r"Total pot (\d+(?:\.\d+)?)k")


def _pot_differences(hand: Hand) -> tuple[int, int]:
    assert hand.pot is not None and hand.pot.rake is not None
    put_in = sum(action.amount for action in hand.actions)
    collected = sum(award.amount for award in hand.collected)
    total = hand.pot.total
    if total is None:
        (printed,) = [event.text for event in hand.events if event.kind == "rounded-total"]
        match = _K_TOTAL.match(printed)
        assert match is not None
        thousands = round(float(match.group(1)) * 1000 * 10**hand.unit.decimals)
        assert abs(put_in - hand.pot.rake - thousands) < 10 * 10**hand.unit.decimals, printed
        total = put_in - hand.pot.rake  # the exact total, within the rounding of the printed one
    return put_in - hand.pot.rake - total, collected - total


@pytest.mark.parametrize("path", winamax_files(), ids=lambda p: p.name)
def test_pot_identity(path: Path):
    require_corpus()
    problems = []
    for hand in read(path):
        if not isinstance(hand, Hand):
            continue
        assert hand.pot is not None
        assert (hand.pot.total_basis, hand.pot.collected_basis) == (PotBasis.NET_WITH_REFUNDS, PotBasis.NET)
        expected = EXPECTED_POT_DIFFERENCES.get((relative(path), hand.hand_id), (0, 0, ""))[:2]
        if _pot_differences(hand) != expected:
            problems.append(f"#{hand.hand_id}: {_pot_differences(hand)} (expected {expected})")
    assert not problems, "\n".join(problems)


def test_rounded_totals_are_not_known_exactly():
    """13 tournament hands print the total in thousands; 2 of them round it (15.52k, 17.68k)."""
    require_corpus()
    rounded = [
        hand for path in winamax_files() for hand in read(path) if isinstance(hand, Hand) and hand.pot.total is None
    ]
    assert len(rounded) == 13
    assert all(hand.tournament is not None and hand.pot.rake == 0 for hand in rounded)


def test_expected_pot_differences_are_still_there():
    for (name, hand_id), (put_in, collected, reason) in EXPECTED_POT_DIFFERENCES.items():
        assert reason
        assert _pot_differences(the_hand(name, hand_id)) == (put_in, collected)


# ---- fpdb's import of the same hands (.hands, .hp, .gt beside three hand files) ----------------


def fpdb_literal(path: Path) -> Any:
    text = re.sub(r"datetime\.datetime\(([^)]*)\)", r"'\1'", path.read_text(encoding="utf-8"))
    return ast.literal_eval(text)


def fpdb_card(number: int) -> Card | None:
    """fpdb's card numbers: 1-13 hearts, 14-26 diamonds, 27-39 clubs, 40-52 spades (2 to ace), 0 none."""
    if number == 0:
        return None
    suit, rank = divmod(number - 1, 13)
    return parse_card("23456789TJQKA"[rank] + "hdcs"[suit])


def companions() -> list[Path]:
    root = corpus_root()
    if root is None:
        return []
    return sorted({p.with_suffix("") for p in (root / "Winamax").rglob("*.txt.*") if p.suffix in COMPANIONS})


def _refund(hand: Hand) -> tuple[str, int] | None:
    """The bet nobody called: Winamax prints no line for it; fpdb takes it out of the winner's winnings."""
    live: Counter[str] = Counter()
    for action in hand.actions:
        if action.kind not in (ActionKind.POST_ANTE, ActionKind.POST_DEAD):
            live[action.player] += action.amount
    (top, first), (_, second) = live.most_common(2)
    return (top, first - second) if first > second else None


def test_there_are_companion_files():
    require_corpus()
    assert len(companions()) == 3
    assert sum(path.with_name(path.name + kind).exists() for path in companions() for kind in COMPANIONS) == 5


@pytest.mark.parametrize("history", companions(), ids=lambda p: p.name)
def test_matches_fpdb(history: Path):
    require_corpus()
    (hand,) = [item for item in read(history) if isinstance(item, Hand)]
    assert hand.pot is not None
    in_summary = {seat.player for seat in hand.summary_seats}
    hands_file = history.with_name(history.name + ".hands")
    if hands_file.exists():
        expected = fpdb_literal(hands_file)
        # fpdb-3 numbers a Winamax hand by the last two parts of its id joined; the model keeps `a-b-c`
        assert expected["siteHandNo"] == "".join(hand.hand_id.split("-")[1:])
        assert expected["tableName"] == hand.table
        board = [fpdb_card(expected[f"boardcard{n}"]) for n in range(1, 6)]
        assert [card for card in board if card] == list(hand.boards[0] if hand.boards else ())
        # fpdb counts the players of the summary; the seat list also holds two who sat out
        assert expected["seats"] == len(in_summary) == 3 and len(hand.seats) == 5
        assert expected["startTime"] == "2012, 1, 19, 12, 3, 46"
        assert hand.started is not None and hand.started.isoformat() == "2012-01-19T12:03:46+00:00"
    players_file = history.with_name(history.name + ".hp")
    if players_file.exists():
        expected = fpdb_literal(players_file)
        seats = {seat.player: seat for seat in hand.seats}
        assert set(expected) <= set(seats)
        assert set(expected) == in_summary | {s.player for s in hand.seats if s.player in expected}
        refund = _refund(hand)
        for player, values in expected.items():
            assert values["seatNo"] == seats[player].seat, player
            assert values["startCash"] == seats[player].stack, player
            assert values["sitout"] is False
            won = sum(award.amount for award in hand.collected if award.player == player)
            if refund is not None and refund[0] == player:
                won -= refund[1]  # paid back inside the collected line: fpdb does not count it as won
            assert values["winnings"] == won, player
        total_won = sum(values["winnings"] for values in expected.values())
        total_rake = sum(values["rake"] for values in expected.values())
        assert total_rake == hand.pot.rake
        returned = refund[1] if refund else 0
        assert hand.pot.total is not None and total_won + total_rake == hand.pot.total + hand.pot.rake - returned
        assert sum(values["totalProfit"] for values in expected.values()) == -total_rake
    type_file = history.with_name(history.name + ".gt")
    if type_file.exists():
        _, currency, kind, base, category, limit, _, _, small_blind, big_blind, *_ = fpdb_literal(type_file)
        assert (currency, kind, base, category, limit) == ("EUR", "ring", "hold", "holdem", "nl")
        assert hand.unit.currency == "EUR" and hand.game is Game.HOLDEM and hand.structure is Structure.NO_LIMIT
        assert (small_blind, big_blind) == (hand.stakes.small_blind, hand.stakes.big_blind)


# ---- what the reader makes of Winamax's lines ---------------------------------------------------


def test_dead_money_raise_is_read_as_winamax_writes_it():
    """`Player3 raises 14€ to 20€` over a big blind of 4 while Player2 has 2 dead + 4 called in front of
    him: Winamax measures the 14 from the 6 (dead money included). Not a dealer error: the model's
    increment is the 16 over the high bet, and no raise-size finding follows."""
    hand = the_hand(RAISE_TO)
    dead = [a for a in hand.actions if a.kind is ActionKind.POST_DEAD]
    assert [(a.player, a.amount, a.raise_to) for a in dead] == [("Player2", 200, 0)]
    raises = [(a.player, a.raise_to, a.increment) for a in hand.actions if a.kind is ActionKind.RAISE]
    assert raises == [("Player3", 2000, 1600), ("Player0", 6800, 4800), ("Player3", 16524, 2124)]


def test_out_of_position_posts():
    post_both = the_hand(POST_BOTH)
    posts = [(a.player, a.kind, a.amount, a.raise_to) for a in post_both.actions if a.kind.is_post]
    assert posts == [
        ("Player2", ActionKind.POST_SMALL_BLIND, 100, 100),
        ("Player3", ActionKind.POST_BIG_BLIND, 200, 200),
        ("Player4", ActionKind.POST_SMALL_AND_BIG_BLIND, 300, 200),  # 1€ dead + 2€ live
    ]
    assert [e.kind for e in post_both.events] == ["post-both-big-blind"]  # `posts big blind 0€ out of position`
    oop = the_hand(SB_OOP)
    assert [(a.player, a.kind) for a in oop.actions if a.kind is ActionKind.POST_DEAD] == [
        ("Incognito 2", ActionKind.POST_DEAD)
    ]
    assert {a.player for a in oop.actions} <= {seat.player for seat in oop.seats}  # names with spaces


def test_hi_lo_halves_and_lines():
    hand = the_hand(PLO8)
    assert hand.game is Game.OMAHA_HI_LO
    assert [(c.player, c.amount, c.half) for c in hand.collected] == [("Hero", 496, Half.HIGH), ("Hero", 495, Half.LOW)]
    assert [(s.player, s.won) for s in hand.summary_seats] == [("Player0", ()), ("Hero", (496, 495))]
    shows = [(s.player, s.description) for s in hand.showdown]
    assert shows == [("Player0", "Two pairs : 5 and 2"), ("Hero", "HI : Two pairs : 5 and 4; LO : High card : 7")]
    play = the_hand(PLO8_PLAY)
    assert play.unit.currency == "play" and play.play_money
    assert [(c.player, c.half) for c in play.collected] == [("Player0", Half.HIGH), ("Hero", Half.LOW)]


def test_five_card_hi_lo_label_is_read_hi_only_and_reported():
    for name in (RAISE_TO, FIVE_CARD):
        hand = the_hand(name)
        assert hand.game_text == "5 Card Omaha Hi/Lo" and hand.game is Game.OMAHA5
        assert [(d.line, d.inconsistent) for d in hand.defects] == [(1, True)]
        assert "no award is a high or a low half" in hand.defects[0].reason


def test_awards_pot_by_pot():
    """One line per winner: spread over the pots; the uncalled excess stays in its bettor's line."""
    five = the_hand(FIVE_CARD)  # Hero's uncalled 84€ printed `from side pot 1`: one pot in fact
    assert [(c.player, c.amount, c.pot, c.pot_text) for c in five.collected] == [
        ("Hero", 8400, 0, "side pot 1"),
        ("Player0", 15450, 0, "main pot"),
    ]
    # Player5's `6.22€ from main pot` is the main pot and side pot 1 (3.30€ less its part of the rake,
    # 0.33€ x 330/655); Player0's `1.60€ from side pot 1` is his uncalled river bet
    lumped = the_hand(SAMPLE, "270777-176-1284848794")
    assert [(c.player, c.amount, c.pot) for c in lumped.collected] == [
        ("Player5", 308, 0),
        ("Player5", 314, 1),
        ("Player0", 160, 0),
    ]
    everything = the_hand(FULL_HISTORY, "56408884989919351-34-1319724384")  # `collected 3803 from pot`
    assert [(c.amount, c.pot) for c in everything.collected] == [(1872, 0), (1931, 1)]


_COLLECTED = re.compile(r"^(.+?) collected (\d+(?:\.\d+)?)\S* from ", re.MULTILINE)


@pytest.mark.parametrize("path", winamax_files(), ids=lambda p: p.name)
def test_awards_keep_what_each_player_collected(path: Path):
    """However the lines are spread over the pots, each player's amounts are the ones printed."""
    require_corpus()
    lines = decoded(path).split("\n")
    for hand in read(path):
        if not isinstance(hand, Hand):
            continue
        text = "\n".join(lines[hand.source.line - 1 : hand.source.end_line])
        printed: Counter[str] = Counter()
        for name, amount in _COLLECTED.findall(text):
            printed[name] += round(float(amount) * 10**hand.unit.decimals)
        model: Counter[str] = Counter()
        for award in hand.collected:
            model[award.player] += award.amount
        assert model == printed, hand.hand_id


def test_header_table_and_tournament():
    hand = the_hand(SIDE_POT)
    assert hand.hand_id == "6307872438747255-71-1288124090"
    assert (hand.stakes.ante, hand.stakes.small_blind, hand.stakes.big_blind) == (1500, 7500, 15000)  # 15/75/150
    assert hand.unit.decimals == 2  # a stack of 7410.50 chips
    assert hand.tournament is not None and hand.tournament.tournament_id == "1468666"
    assert hand.tournament.buy_in == "Ticket" and hand.tournament.level == "8"
    assert hand.table_id == "KING 5 - Stade 2C(1468666)#118"
    no_colon = the_hand(NO_COLON)
    assert (no_colon.table, no_colon.max_seats, no_colon.button) == ("Nagoya", 5, 3)
    assert [len(deal.cards) for deal in no_colon.streets] == [3, 4]
    sitting_out = the_hand(SITTING_OUT)
    assert sitting_out.button == 5 and [e.kind for e in sitting_out.events] == ["denies-blind"]


def test_the_2017_tournaments_and_cash_table() -> None:
    """mikrethor's files of 2017-01-07: the tournament number is the one in the table's name, the buy-in is
    kept as printed (`0€ + 0€` for the freeroll), and NOCTAMBULE's stakes carry an ante as their first of
    three numbers from level 5 on (`Holdem no limit (25/150/300)`)."""
    for name, number, buy_in, game in (
        (FISH, "180691328", "0.22€ + 0.03€", Game.HOLDEM),
        (FREEROLL, "180688949", "0€ + 0€", Game.OMAHA),
        (NOCTAMBULE, "180688705", "9€ + 1€", Game.HOLDEM),
    ):
        hands = hands_of(name)
        found = {(h.tournament.tournament_id, h.tournament.buy_in, h.game) for h in hands if h.tournament}
        assert found == {(number, buy_in, game)} and all(h.unit.currency == "chips" for h in hands)
    levels = {
        (h.tournament.level, h.stakes.ante, h.stakes.small_blind, h.stakes.big_blind)
        for h in hands_of(NOCTAMBULE)
        if h.tournament
    }
    assert ("4", None, 150, 300) in levels and ("5", 25, 150, 300) in levels and ("11", 150, 600, 1200) in levels
    assert all(ante is None for level, ante, _, _ in levels if level is not None and int(level) < 5)
    cash = hands_of(NICE)[0]
    assert (cash.unit.currency, cash.stakes.small_blind, cash.stakes.big_blind) == ("EUR", 1, 2)
    assert [(seat.player, seat.stack) for seat in cash.seats][:2] == [("bilboquets", 404), ("papynelson08", 200)]


# ---- findings ------------------------------------------------------------------------------------
# Every error and warning the audit reports on Winamax's hands, with why it is genuine: (file, hand, code,
# line) -> reason.
KNOWN: dict[tuple[str, str, str, int], str] = {
    # the header read whole and contradicted by the awards: the room's record (OA109, an error, withholding
    # nothing: the hands are replayed as the 5-card Omaha they were dealt)
    (RAISE_TO, "9273404-970-1479780841", "OA109", 1): (
        "`5 Card Omaha Hi/Lo` on a hi-only table (fpdb: 'incorrect in file'): one `collected 471.48€ from pot`, "
        "no pot(HI)/pot(LO), no `HI :` in the summary; read as 5-card Omaha"
    ),
    (FIVE_CARD, "9247976-232-1478874498", "OA109", 1): (
        "the same mislabel: `collected ... from main pot` / `side pot 1`, summary without `HI :`"
    ),
    (BAD_POT, "6468352-1737-1408024646", "OA602", 20): (
        "ROOMS.md 5.6's real defect: 9€ put in (SB 1, BB 2, raise to 6), `Total pot 10€`: 1€ from nothing"
    ),
    (BAD_POT, "6468352-1737-1408024646", "OA310", 9): (
        "the same broken file: the button is seat 5, so seat 1 (Hero) posts the small blind, not seat 4"
    ),
    (SIDE_POT, "6307872438747255-71-1288124090", "OA601", 46): (
        "15521 chips collected, 15520.50 put in: the 369.50 returned to Player6 is printed `collected 370`"
    ),
    (SIDE_POT, "6307872438747255-71-1288124090", "OA501", 45): (
        "that extra half chip is paid to Player6 out of the main pot Player2 won"
    ),
    (TIE, "119419173368496129-1-1343577528", "OA505", 45): (
        "three-way tie for 260 (button seat 2): the odd chips go to seats 3 and 7 first clockwise (OC-2); "
        "Winamax gave them to seats 7 and 8 and 86 to seat 3"
    ),
}
# Games not replayed (OA102, info), one per hand whose header names one: none in the corpus (stud, razz and
# 2-7 triple draw are replayed).
NOT_REPLAYED = re.compile(r"^Winamax Poker - .* - (?:5 Card Draw|Badugi)", re.MULTILINE)


@pytest.fixture(scope="module")
def corpus_audit() -> tuple[list[tuple[str, Finding]], list[tuple[str, Finding]]]:
    """The findings of every hand, and the findings across hands (OA7xx), of the whole folder."""
    require_corpus()
    auditor = Auditor(strict=True, keep_text=False)
    found = [
        (relative(finding.path), finding) for item in auditor.audit_files(winamax_files()) for finding in item.findings
    ]
    assert auditor.tally.hands == 285
    return found, [(relative(finding.path), finding) for finding in auditor.across]


@pytest.fixture(scope="module")
def corpus_findings(
    corpus_audit: tuple[list[tuple[str, Finding]], list[tuple[str, Finding]]],
) -> list[tuple[str, Finding]]:
    return corpus_audit[0]


def test_no_internal_errors(corpus_findings: list[tuple[str, Finding]]):
    assert [f.message for _, f in corpus_findings if f.code == "OA104"] == []


def test_every_finding_is_a_known_error_of_the_hand(corpus_findings: list[tuple[str, Finding]]):
    actual = Counter(
        (path, f.hand_id, f.code, f.line) for path, f in corpus_findings if f.severity is not Severity.INFO
    )
    messages = {(path, f.hand_id, f.code, f.line): f.message for path, f in corpus_findings}
    unexpected = sorted(f"{key} {messages[key]}" for key in actual - Counter(KNOWN.keys()))
    missing = sorted(str(key) for key in Counter(KNOWN.keys()) - actual)
    assert not unexpected, "findings not in the table:\n" + "\n".join(unexpected)
    assert not missing, "table entries no longer found:\n" + "\n".join(missing)
    assert all(reason.strip() for reason in KNOWN.values())


def test_info_findings_are_the_games_not_replayed(corpus_findings: list[tuple[str, Finding]]):
    counts = Counter((path, f.code) for path, f in corpus_findings if f.severity is Severity.INFO)
    expected = Counter()
    for path in winamax_files():
        found = len(NOT_REPLAYED.findall(decoded(path)))
        if found:
            expected[(relative(path), "OA102")] = found
    assert counts == expected and sum(expected.values()) == 0


def test_across_hands_only_top_ups(
    corpus_audit: tuple[list[tuple[str, Finding]], list[tuple[str, Finding]]],
) -> None:
    """Across hands the folder's only findings are chips added between two cash hands (OA705, info): 11 at
    the 2010 table of `.Sample`, and 4 at the 2017 `Nice` table (0.01€/0.02€), where ...Thor... starts
    each hand after one he lost a blind in (`posts big blind 0.02€`, then `folds`) with 2€ again: the
    table's 100 big blinds, an automatic top-up, not chips from nowhere."""
    across = corpus_audit[1]
    assert all(f.code == "OA705" and f.severity is Severity.INFO and " added " in f.message for _, f in across)
    assert Counter(path for path, _ in across) == {SAMPLE: 11, NICE: 4}
    nice = [(f.player, f.expected, f.actual, f.line) for path, f in across if path == NICE]
    assert nice == [
        ("...Thor...", "€1.98", "€2", 63),
        ("...Thor...", "€1.99", "€2", 105),
        ("...Thor...", "€1.98", "€2", 187),
        ("...Thor...", "€1.99", "€2", 208),
    ]
