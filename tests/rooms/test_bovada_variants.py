"""Bovada / Ignition / Bodog: the header forms and the chip-less lines, on small hands written here (the corpus
holds Ignition's Zone Poker and full-ring files of 2017; the siblings below are the forms public converters
know for Bovada: every brand word, the `C` before a hand number, every game word, the Zone Poker game
words, tournament ids `M-`, heads-up `1 on 1`, speed words where the limit belongs, `$` level blinds)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from omaha_audit.model import Game, Hand, Street, Structure, UnreadableHand
from omaha_audit.rooms import hand_source
from omaha_audit.rules.base import Severity
from omaha_audit.run.pipeline import Auditor

# a walk to the big blind, after the header line (cash amounts with `$`, tournament chips without)
_WALK = """{header}
Seat 1: Dealer ({m}500 in chips)
Seat 2: Small Blind ({m}500 in chips)
Seat 3: Big Blind [ME] ({m}500 in chips)
Dealer : Set dealer [1]
Small Blind : Small Blind {m}10
Big Blind  [ME] : Big blind {m}20
*** HOLE CARDS ***
Dealer : Card dealt to a spot [{cards1}]
Small Blind : Card dealt to a spot [{cards2}]
Big Blind  [ME] : Card dealt to a spot [{cards3}]
Dealer : Folds
Small Blind : Folds
Big Blind  [ME] : Does not show [{cards3}] (High Card)
Big Blind  [ME] : Hand result {m}30
*** SUMMARY ***
Total Pot({m}30)
Seat+1: Dealer Folded before the FLOP
Seat+2: Small Blind Folded before the FLOP
Seat+3: Big Blind {m}30 [Does not show]"""

_HOLDEM = ("6s 9c", "2h 2c", "Kc 9d")
_OMAHA = ("6s 9c 8d 7h", "2h 2c 3s 4s", "Kc 9d Qh Jh")

# header -> (room, hand id, game, structure, "zoom" or "hand", tournament id, level blinds, heads-up)
HEADERS: dict[str, tuple[str, str, Game, Structure, str, str | None, tuple[int, int] | None, bool]] = {
    "Ignition Hand #3434244956  Zone Poker ID#952 HOLDEMZonePoker No Limit - 2017-03-08 19:45:26": (
        "ignition",
        "3434244956",
        Game.HOLDEM,
        Structure.NO_LIMIT,
        "zoom",
        None,
        None,
        False,
    ),
    "Bovada Hand #11  Zone Poker ID#77 OMAHAZonePoker Pot Limit - 2017-03-08 19:45:26": (
        "bovada",
        "11",
        Game.OMAHA,
        Structure.POT_LIMIT,
        "zoom",
        None,
        None,
        False,
    ),
    "Bodog Hand #12  Zone Poker ID#78 OMAHA HiLoZonePoker Pot Limit - 2017-03-08 19:45:26": (
        "bodog",
        "12",
        Game.OMAHA_HI_LO,
        Structure.POT_LIMIT,
        "zoom",
        None,
        None,
        False,
    ),
    "Bovada Hand #24 TBL#953 OMAHAZonePoker Pot Limit - 2017-03-08 19:45:26": (
        "bovada",
        "24",
        Game.OMAHA,
        Structure.POT_LIMIT,
        "zoom",
        None,
        None,
        False,
    ),
    "Bovada Hand #25: TBL#954 HOLDEM No Limit - 2017-03-08 19:45:26": (
        "bovada",
        "25",
        Game.HOLDEM,
        Structure.NO_LIMIT,
        "hand",
        None,
        None,
        False,
    ),
    "Bodog UK Hand #C13 TBL#5 OMAHA_HL Pot Limit - 2014-08-05 00:56:59": (
        "bodog",
        "13",
        Game.OMAHA_HI_LO,
        Structure.POT_LIMIT,
        "hand",
        None,
        None,
        False,
    ),
    "Bodog Canada Hand #14 TBL#5 OMAHA HiLo Fixed Limit - 2014-08-05 00:56:59": (
        "bodog",
        "14",
        Game.OMAHA_HI_LO,
        Structure.FIXED_LIMIT,
        "hand",
        None,
        None,
        False,
    ),
    "Bodog88 Hand #15 TBL#5 HOLDEM  Fixed Limit - 2012-04-03 16:25:23": (
        "bodog",
        "15",
        Game.HOLDEM,
        Structure.FIXED_LIMIT,
        "hand",
        None,
        None,
        False,
    ),
    "Bodog.eu Hand #16 TBL#5 OMAHA Pot Limit [MVS] - 2022-12-05 04:04:40 UTC": (
        "bodog",
        "16",
        Game.OMAHA,
        Structure.POT_LIMIT,
        "hand",
        None,
        None,
        False,
    ),
    "Bovada Hand #17: OMAHA HiLo Tournament #1909784 TBL#19, Pot Limit- Level 5 (10/20) - 2012-07-01 10:00:00": (
        "bovada",
        "17",
        Game.OMAHA_HI_LO,
        Structure.POT_LIMIT,
        "hand",
        "1909784",
        (10, 20),
        False,
    ),
    "Bovada Hand #18: OMAHA Tournament #M-1909785 TBL#1, 1 on 1 Pot Limit- Level 1 ($10/$20) - 2016-01-01 10:00:00": (
        "bovada",
        "18",
        Game.OMAHA,
        Structure.POT_LIMIT,
        "hand",
        "M-1909785",
        (10, 20),
        True,
    ),
    "Bovada Hand #19: HOLDEM Tournament #3 TBL#2, Turbo- Level 1 (10/20) - 2012-04-01 10:00:00": (
        "bovada",
        "19",
        Game.HOLDEM,
        Structure.NO_LIMIT,
        "hand",
        "3",
        (10, 20),
        False,
    ),
    "Ignition Hand #20: HOLDEM Tournament #4 TBL#2, No Limit Normal- Level 2 (10/20 USD) - 2016-04-01 10:00:00": (
        "ignition",
        "20",
        Game.HOLDEM,
        Structure.NO_LIMIT,
        "hand",
        "4",
        (10, 20),
        False,
    ),
    "Bovada Hand #23: HOLDEM Tournament #6 TBL#2, No Limit- Level 3 (10/20) [MVS] - 2021-04-01 10:00:00": (
        "bovada",
        "23",
        Game.HOLDEM,
        Structure.NO_LIMIT,
        "hand",
        "6",
        (10, 20),
        False,
    ),
    "Bovada Hand #21: HOLDEM Tournament #5 TBL#2, No Limit - 2016-04-01 10:00:00": (
        "bovada",
        "21",
        Game.HOLDEM,
        Structure.NO_LIMIT,
        "hand",
        "5",
        None,
        False,
    ),
}


def read_text(tmp_path: Path, *hands: str) -> list[object]:
    path = tmp_path / "bovada.txt"
    path.write_text("\n\n\n".join(hands), encoding="utf-8")
    return list(hand_source().read_file(path))


def loud_findings(tmp_path: Path) -> list[tuple[str, int]]:
    auditor = Auditor(strict=True, keep_text=False)
    return [
        (finding.code, finding.line)
        for audited in auditor.audit_files([tmp_path / "bovada.txt"])
        for finding in audited.findings
        if finding.severity.rank >= Severity.WARNING.rank
    ]


@pytest.mark.parametrize("header", HEADERS, ids=lambda header: header.split(" - ")[0])
def test_every_header_form(tmp_path: Path, header: str) -> None:
    room, hand_id, game, structure, kind, tournament_id, level, heads_up = HEADERS[header]
    cards = _OMAHA if game.is_omaha else _HOLDEM
    money = "" if tournament_id else "$"
    text = _WALK.format(header=header, m=money, cards1=cards[0], cards2=cards[1], cards3=cards[2])
    (hand,) = read_text(tmp_path, text)
    assert isinstance(hand, Hand), hand
    assert (hand.room, hand.hand_id, hand.game, hand.structure, hand.kind) == (room, hand_id, game, structure, kind)
    assert not hand.defects
    assert (hand.tournament.tournament_id if hand.tournament else None) == tournament_id
    assert (hand.max_seats == 2) is heads_up
    if level is not None:
        assert (hand.stakes.small_blind, hand.stakes.big_blind) == level
    assert [(c.player, c.amount) for c in hand.collected] == [("Seat 3", 30 if tournament_id else 3000)]
    assert not loud_findings(tmp_path)


_STUD = """Bovada Hand #7 TBL#5 {game} Fixed Limit - 2014-04-06 19:50:19
Seat+1: $1 in chips
Seat+2 [ME]: $1 in chips
Seat+1 : Ante chip $0.01
Seat+2 [ME] : Ante chip $0.01
*** 3RD STREET ***
Seat+1 : Card dealt to a spot [7d 9c 3d]
Seat+2 [ME] : Card dealt to a spot [Ad Qd 2d]
Seat+1 : Bring_in chip $0.02
Seat+2 [ME] : Calls $0.02
Seat+1 : Card dealt to a spot [2c]
Seat+2 [ME] : Card dealt to a spot [Ac]
Seat+2 [ME] : Bets $0.05
Seat+1 : Folds
Seat+2 [ME] : Return uncalled portion of bet $0.05
Seat+2 [ME] : Hand result $0.06
*** SUMMARY ***
Total Pot($0.06) | Rake ($0)
Seat 1:  Folded on the 4TH STREET
Seat 2:  $0.06 [Does not show]"""


@pytest.mark.parametrize(
    ("word", "game"), [("7CARD", Game.STUD), ("7CARD HiLo", Game.STUD_HI_LO), ("7CARD_HL", Game.STUD_HI_LO)]
)
def test_every_stud_game_word(tmp_path: Path, word: str, game: Game) -> None:
    (hand,) = read_text(tmp_path, _STUD.format(game=word))
    assert isinstance(hand, Hand) and not hand.defects
    assert (hand.game, hand.structure, hand.hero) == (game, Structure.FIXED_LIMIT, "Seat 2")


def test_a_tournament_limit_word_not_known_is_not_guessed(tmp_path: Path) -> None:
    header = "Bovada Hand #22: OMAHA Tournament #5 TBL#2, Normal- Level 2 (10/20) - 2016-04-01 10:00:00"
    (item,) = read_text(
        tmp_path, _WALK.format(header=header, m="", cards1="6s 9c 8d 7h", cards2="2h 2c 3s 4s", cards3="Kc 9d Qh Jh")
    )
    assert isinstance(item, UnreadableHand) and "no limit printed for omaha" in item.reason


# Zone Poker: a fast fold (`Small Blind : Leave(Auto)` before its `Folds`), the summary's `lost with` line for
# it, the pool's comings and goings, and chips brought to the table for the next hand
ZONE = """Ignition Hand #100  Zone Poker ID#952 HOLDEMZonePoker No Limit - 2017-03-08 19:45:26
Seat 1: UTG ($5 in chips)
Seat 2: Dealer ($5 in chips)
Seat 3: Small Blind ($5 in chips)
Seat 4: Big Blind [ME] ($5 in chips)
Dealer : Set dealer [2]
Small Blind : Small Blind $0.02
Big Blind  [ME] : Big blind $0.05
*** HOLE CARDS ***
UTG : Card dealt to a spot [6s 9c]
Dealer : Card dealt to a spot [2h 2c]
Small Blind : Card dealt to a spot [4d 8h]
Big Blind  [ME] : Card dealt to a spot [Kc 9d]
Small Blind : Leave(Auto)
UTG : Folds
UTG : Leave(Auto)
Dealer : Raises $0.15 to $0.15
Small Blind : Folds
Big Blind  [ME] : Calls $0.10
*** FLOP *** [Jh 3h As]
Big Blind  [ME] : Checks
Dealer : Bets $0.20
Big Blind  [ME] : Folds (auth)
Big Blind  [ME] : Leave(Auto)
Dealer : Return uncalled portion of bet $0.20
Dealer : Does not show [2h 2c] (One pair)
Dealer : Hand result $0.30
Dealer : Leave(Auto)
Leave(Auto)
Enter(Auto)
Big Blind  [ME] : Enter(Auto)
{tail}"""
ZONE_SUMMARY = """*** SUMMARY ***
Total Pot($0.32)
Board [Jh 3h As  ]
Seat+1: UTG Folded before the RIVER
Seat+2: Dealer $0.30 [Does not show]
Seat+3: Small Blind lost with High Card [4d 8h]
Seat+4: Big Blind Folded on the RIVER"""


def test_zone_poker_fast_fold(tmp_path: Path) -> None:
    (hand,) = read_text(tmp_path, ZONE.format(tail=ZONE_SUMMARY))
    assert isinstance(hand, Hand) and not hand.defects
    assert (hand.kind, hand.table, hand.room) == ("zoom", "952", "ignition")
    outcomes = [(seat.player, seat.outcome, [str(card) for card in seat.cards]) for seat in hand.summary_seats]
    assert outcomes == [
        ("Seat 1", "folded", []),
        ("Seat 2", "collected", []),
        ("Seat 3", "folded", ["4d", "8h"]),  # `lost with High Card [4d 8h]`: the fast fold's summary line
        ("Seat 4", "folded", []),
    ]
    seating = [(event.kind, event.player) for event in hand.events if "Auto" in event.text]
    assert seating == [
        ("seating", "Seat 3"),
        ("seating", "Seat 1"),
        ("seating", "Seat 4"),
        ("seating", "Seat 2"),
        ("table-notice", None),
        ("table-notice", None),
        ("seating", "Seat 4"),
    ]
    assert [(a.player, a.kind.value) for a in hand.actions if a.street is Street.PREFLOP][:2] == [
        ("Seat 1", "fold"),
        ("Seat 2", "raise"),
    ]
    assert not loud_findings(tmp_path)


def test_a_lost_with_line_of_a_player_who_did_not_fold_is_a_showdown(tmp_path: Path) -> None:
    """Only a player whose fold the hand shows is read as fast-folded: a `lost with` line without its best
    five at a showdown stays a shown hand that lost its best five (a defect)."""
    text = ZONE.format(tail=ZONE_SUMMARY).replace("Small Blind : Folds\n", "")
    (hand,) = read_text(tmp_path, text)
    assert isinstance(hand, Hand)
    seat = next(seat for seat in hand.summary_seats if seat.player == "Seat 3")
    assert seat.outcome == "showed"


def test_zone_poker_empty_summary(tmp_path: Path) -> None:
    """Zone hands may end with an empty summary : no total printed, not a damaged hand."""
    (hand,) = read_text(tmp_path, ZONE.format(tail="*** SUMMARY ***"))
    assert isinstance(hand, Hand) and not hand.defects
    assert hand.pot is not None and hand.pot.total is None and hand.pot.rake is None
    assert "summary-empty" in {event.kind for event in hand.events}
    ring = ZONE.format(tail="*** SUMMARY ***").replace(" Zone Poker ID#952 HOLDEMZonePoker", " TBL#952 HOLDEM")
    (table_hand,) = read_text(tmp_path, ring)
    assert isinstance(table_hand, Hand) and table_hand.kind == "hand"
    assert [defect.reason for defect in table_hand.defects] == ["the summary has no `Total Pot` line"]


# a full-ring hand with the lines of players coming and going, chips brought to the table, and no button seated
RING = """Ignition Hand #3435152097 TBL#11428343 HOLDEM No Limit - 2017-03-10 21:49:51
Seat 1: Big Blind ($6.94 in chips)
Seat 2: UTG [ME] ($5.39 in chips)
Seat 3: UTG+1 ($5.33 in chips)
Set dealer
Big Blind : Big blind $0.05
*** HOLE CARDS ***
Big Blind : Card dealt to a spot [Qc Th]
UTG  [ME] : Card dealt to a spot [5d 4c]
UTG+1 : Card dealt to a spot [3s Jc]
UTG  [ME] : Folds
UTG  [ME] : Seat sit out
UTG+1 : Calls $0.05
Table enter user
Seat sit down
Big Blind : Checks
*** FLOP *** [7s Js Td]
UTG  [ME] : Seat stand
UTG  [ME] : Table leave user
Table deposit $2.50
Big Blind : Table deposit $1.25
Big Blind : Bets $0.10
UTG+1 : Folds
Big Blind : Return uncalled portion of bet $0.10
Big Blind : Does not show [Qc Th] (High Card)
Big Blind : Hand result $0.09
*** SUMMARY ***
Total Pot($0.10)
Board [7s Js Td  ]
Seat+1: Big Blind $0.09 [Does not show]
Seat+2: UTG Folded before the FLOP
Seat+3: UTG+1 Folded on the FLOP"""


def test_seating_lines_deposits_and_no_button(tmp_path: Path) -> None:
    (hand,) = read_text(tmp_path, RING)
    assert isinstance(hand, Hand) and not hand.defects
    assert hand.button is None  # `Set dealer` alone: no seated player has the button
    events = [(event.kind, event.player, event.text.strip()) for event in hand.events]
    assert events == [
        ("seating", "Seat 2", "UTG  [ME] : Seat sit out"),
        ("table-notice", None, "Table enter user"),
        ("table-notice", None, "Seat sit down"),
        ("seating", "Seat 2", "UTG  [ME] : Seat stand"),
        ("seating", "Seat 2", "UTG  [ME] : Table leave user"),
        ("top-up", None, "Table deposit $2.50"),
        ("top-up", "Seat 1", "Big Blind : Table deposit $1.25"),
    ]
    # the deposits put nothing in the pot: the Big Blind's chips are its blind and its returned bet
    assert sum(a.amount for a in hand.actions if a.player == "Seat 1") == 15
    assert [(c.player, c.amount) for c in hand.collected] == [("Seat 1", 9)]


# ---- number styles: `$` before the digits, thousands by comma, a decimal point; tournament chips bare ------
# A hand at $5/$10 in the thousands: the Dealer raises $1,000, the Small Blind moves all in for $1,229.56 more
# (to $1,234.56), the Dealer calls $234.56; the Small Blind's wheel wins the $2,479.12 pot, less $3 of rake.
STYLED = """Bovada Hand #900 TBL#5 HOLDEM No Limit - 2016-04-01 10:00:00
Seat 1: Dealer ({m}3,456.78 in chips)
Seat 2: Small Blind ({m}1,234.56 in chips)
Seat 3: Big Blind [ME] ({m}2,000 in chips)
Dealer : Set dealer [1]
Small Blind : Small Blind {m}5
Big Blind  [ME] : Big blind {m}10
*** HOLE CARDS ***
Dealer : Card dealt to a spot [6s 9c]
Small Blind : Card dealt to a spot [2h 2c]
Big Blind  [ME] : Card dealt to a spot [Kc 9d]
Dealer : Raises {raise_} to {m}1,000
Small Blind : All-in {m}1,229.56
Big Blind  [ME] : Folds
Dealer : Calls {m}234.56
*** FLOP *** [Jh 3h As]
*** TURN *** [Jh 3h As] [4d]
*** RIVER *** [Jh 3h As 4d] [5c]
Small Blind : Showdown [5c 4d 3h 2h As] (Straight)
Dealer : Showdown [As Jh 9c 6s 5c] (High Card)
Small Blind : Hand result {m}2,476.12
*** SUMMARY ***
Total Pot({m}2,479.12)
Board [Jh 3h As 4d 5c]
Seat+1: Dealer lost with High Card [6s 9c-As Jh 9c 6s 5c]
Seat+2: Small Blind {m}2,476.12  with Straight [2h 2c-5c 4d 3h 2h As]
Seat+3: Big Blind Folded before the FLOP"""


def test_amounts_in_the_thousands_read_back_exact(tmp_path: Path) -> None:
    (hand,) = read_text(tmp_path, STYLED.format(m="$", raise_="$1,000"))
    assert isinstance(hand, Hand) and not hand.defects, hand
    assert [seat.stack for seat in hand.seats] == [345678, 123456, 200000]
    assert [(a.player, a.amount) for a in hand.actions if a.amount] == [
        ("Seat 2", 500),
        ("Seat 3", 1000),
        ("Seat 1", 100000),
        ("Seat 2", 122956),
        ("Seat 1", 23456),
    ]
    assert [(c.player, c.amount) for c in hand.collected] == [("Seat 2", 247612)]
    assert not loud_findings(tmp_path)


def test_tournament_chips_are_bare_and_grouped(tmp_path: Path) -> None:
    """Tournament chips print no sign, thousands by comma (`10,000 in chips`); chips with decimals are not
    chips: those lines are not read (the kit says why)."""
    header = "Bovada Hand #901: HOLDEM Tournament #7 TBL#2, No Limit- Level 1 (5/10) - 2016-04-01 10:00:00"
    text = STYLED.format(m="", raise_="1,000").replace(STYLED.split("\n")[0], header)
    whole = text.replace("3,456.78", "3,456").replace("1,234.56", "1,234").replace("1,229.56", "1,229")
    whole = whole.replace("234.56", "234").replace("2,476.12", "2,465").replace("2,479.12", "2,478")
    (hand,) = read_text(tmp_path, whole)
    assert isinstance(hand, Hand) and not hand.defects and hand.unit.currency == "chips"
    assert [seat.stack for seat in hand.seats] == [3456, 1234, 2000]
    (cents,) = read_text(tmp_path, text)
    assert isinstance(cents, Hand)
    with_cents = {number for number, line in enumerate(text.split("\n"), 1) if re.search(r"\d\.\d\d", line)}
    assert [d.line for d in cents.defects] == sorted(with_cents) == [2, 3, 13, 15, 21, 23, 26]
    assert all(d.not_read and "finer than the unit" in d.reason for d in cents.defects)


def test_one_amount_in_no_style_is_one_line_not_read(tmp_path: Path) -> None:
    """`Dealer : Raises $1,0,00 to $1,000`: commas in no grouping. The line is not read (one OA106, which says
    what it withholds), the rest of the hand is; no dealer's error follows from the misread."""
    (hand,) = read_text(tmp_path, STYLED.format(m="$", raise_="$1,0,00"))
    assert isinstance(hand, Hand)
    assert [(d.line, d.not_read) for d in hand.defects] == [(12, True)]
    assert loud_findings(tmp_path) == [("OA106", 12)]


def test_stakes_printed_in_no_style_leave_the_hand_unread(tmp_path: Path) -> None:
    """A tournament level's blinds (or an MVS table's `Stakes:`) in no style: without the stakes the hand is
    not read (UnreadableHand, at the line), never read with other stakes."""
    header = "Bovada Hand #902: HOLDEM Tournament #7 TBL#2, No Limit- Level 1 (5/1,0,0) - 2016-04-01 10:00:00"
    text = STYLED.format(m="", raise_="1,000").replace(STYLED.split("\n")[0], header)
    (item,) = read_text(tmp_path, text)
    assert isinstance(item, UnreadableHand) and item.line == 1 and "1,0,0" in item.reason


def test_a_card_not_read_is_said_once(tmp_path: Path) -> None:
    """`Card dealt to a spot [6s 9x]`: the card is left out and its line not read (one OA106); the summary's
    `[6s 9c-...]` is then not held against the cards read (no OA109 for the misread)."""
    text = STYLED.format(m="$", raise_="$1,000").replace(
        "Dealer : Card dealt to a spot [6s 9c]", "Dealer : Card dealt to a spot [6s 9x]"
    )
    (hand,) = read_text(tmp_path, text)
    assert isinstance(hand, Hand)
    assert [(d.line, d.not_read) for d in hand.defects] == [(9, True)]
    assert loud_findings(tmp_path) == [("OA106", 9)]


def test_a_total_printed_without_its_rake_is_still_judged(tmp_path: Path) -> None:
    """Cash hands of 2013 on print `Total Pot($x)` and no rake: the total is judged against the chips put in
    (OA602), and the players may not be paid more than it (OA601). It once passed unseen whatever it said."""
    read_text(tmp_path, RING)
    assert loud_findings(tmp_path) == []
    read_text(tmp_path, RING.replace("Total Pot($0.10)", "Total Pot($0.30)"))
    assert ("OA602", 28) in loud_findings(tmp_path)
    read_text(
        tmp_path,
        RING.replace("Hand result $0.09", "Hand result $0.12").replace("Big Blind $0.09 [", "Big Blind $0.12 ["),
    )
    assert [code for code, _ in loud_findings(tmp_path)] == ["OA601"]
