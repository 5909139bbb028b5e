"""Everleaf's text in every number style, currency placement and line variant the reader claims
(omaha_audit/rooms/everleaf/README.md), written here and read back with the exact amounts; and one amount in no
number style, which is one line not read on the hand, never a dealer's error nor an unreadable hand.

The hand: heads-up pot-limit Omaha, blinds 500/1,000; A (the button, small blind) raises 2,500 more (to
3,000), B calls 2,000, checks the flop, A bets 1,500.50 and B folds: A wins the 6,000 in the pot (Everleaf
prints no uncalled bet: the 1,500.50 is left out of the award).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from omaha_audit.model import ActionKind, Half, Hand, Structure, UnreadableHand
from omaha_audit.parse.split import Block
from omaha_audit.rooms import BY_NAME
from omaha_audit.run.pipeline import Auditor

HAND = """Everleaf Gaming Game #7
***** Hand history for game #7 *****
Blinds {small}/{big} PL Omaha - 2010/03/02 - 19:35:19
Table Somewhere
Seat 1 is the button
Total number of players: 2
Seat 1: A (  {stack} )
Seat 2: B (  {stack} )
A: posts small blind [{small_post}]
B: posts big blind [{big_post}]
** Dealing down cards **
Dealt to A [ Ah, Kh, Qh, Jh ]
A raises [{raise_}]
B calls [{call}]
** Dealing Flop ** [ 2c, 3d, 4h ]
B checks
A: bets [{bet}]
B folds
A wins {win} from main pot
"""
# the amounts in hundredths of the unit: small blind, big blind, stack, raise, call, bet, win
HUNDREDTHS = {"small": 50000, "big": 100000, "stack": 2500000, "raise_": 250000, "call": 200000, "bet": 150050}
WIN = 600000


def number(hundredths: int, thousands: str, point: str, decimals: int = 2) -> str:
    """`hundredths` written with `thousands` between groups of three and `point` before the decimals (none
    when they are zero, as Everleaf writes `$ 1 USD`)."""
    whole, cents = divmod(hundredths, 100)
    digits = f"{whole:,}".replace(",", thousands)
    return digits + (f"{point}{cents:02d}" if cents and decimals else "")


Style = Callable[[int], tuple[str, str]]  # hundredths -> (header text, bracket text)


def style(sign: str, word: str, thousands: str, point: str) -> Style:
    def write(hundredths: int) -> tuple[str, str]:
        text = number(hundredths, thousands, point)
        bracket = f"{sign} {text}" if sign else text
        return f"{sign}{text}", f"{bracket} {word}" if word else bracket

    return write


# name -> (style, the unit's currency, the amounts' decimals)
STYLES: dict[str, tuple[Style, str, int]] = {
    "dollar before, comma thousands, decimal point": (style("$", "USD", ",", "."), "USD", 2),
    "euro before, dot thousands, decimal comma": (style("€", "EURO", ".", ","), "EUR", 2),
    "euro before, no-break space thousands, decimal comma": (style("€", "EUR", "\u00a0", ","), "EUR", 2),
    "euro before, space thousands, decimal comma": (style("€", "EURO", " ", ","), "EUR", 2),
    "a euro read from the wrong code page (U+02C6)": (style("\u02c6", "EURO", ",", "."), "EUR", 2),
    "no sign, lari after (GEL)": (style("", "GEL", ",", "."), "GEL", 2),
    "no sign, dollars named after": (style("", "USD", ",", "."), "USD", 2),
}


def hand_text(write: Style, bet: str | None = None) -> str:
    header = {key: write(value)[0] for key, value in HUNDREDTHS.items()}
    bracket = {key: write(value)[1] for key, value in HUNDREDTHS.items()}
    return HAND.format(
        small=header["small"],
        big=header["big"],
        stack=bracket["stack"],
        small_post=bracket["small"],
        big_post=bracket["big"],
        raise_=bracket["raise_"],
        call=bracket["call"],
        bet=bet if bet is not None else bracket["bet"],
        win=write(WIN)[1],
    )


def read(text: str) -> Hand | UnreadableHand:
    return BY_NAME["everleaf"].read(Block("hand", "memory.txt", 1, text.split("\n"), "everleaf"))


@pytest.mark.parametrize("name", STYLES)
def test_every_number_style_is_read_exactly(name: str) -> None:
    write, currency, _ = STYLES[name]
    hand = read(hand_text(write))
    assert isinstance(hand, Hand) and hand.defects == ()
    assert hand.unit.currency == currency and hand.unit.decimals == 2
    assert (hand.stakes.small_blind, hand.stakes.big_blind, hand.structure) == (50000, 100000, Structure.POT_LIMIT)
    assert [seat.stack for seat in hand.seats] == [2500000, 2500000]
    assert [(a.player, a.kind, a.amount) for a in hand.actions if a.amount] == [
        ("A", ActionKind.POST_SMALL_BLIND, 50000),
        ("B", ActionKind.POST_BIG_BLIND, 100000),
        ("A", ActionKind.RAISE, 250000),
        ("B", ActionKind.CALL, 200000),
        ("A", ActionKind.BET, 150050),
    ]
    assert [c.amount for c in hand.collected] == [WIN]


def test_tournament_chips_with_thousands() -> None:
    """No sign and `Chips` after: a tournament's chips, whole, grouped by commas (`[ 1,500 Chips]`)."""
    chips = HAND.format(
        small="500",
        big="1,000",
        stack="25,000 Chips",
        small_post=" 500 Chips",
        big_post=" 1,000 Chips",
        raise_=" 2,500 Chips",
        call=" 2,000 Chips",
        bet=" 1,500 Chips",
        win="6,000 chips",
    )
    hand = read(chips)
    assert isinstance(hand, Hand) and hand.defects == () and hand.tournament is not None
    assert (hand.unit.currency, hand.unit.decimals) == ("chips", 0)
    assert [a.amount for a in hand.actions if a.amount] == [500, 1000, 2500, 2000, 1500]
    assert [seat.stack for seat in hand.seats] == [25000, 25000] and [c.amount for c in hand.collected] == [6000]


def test_hi_lo_halves_and_both_blinds() -> None:
    """`wins  high ($ 1.71 USD)` and `wins  low ($4.27)` are halves; `posts both blinds [$ 0.15 USD]` is a
    returning player's dead small blind and live big blind; a seat may say `All-in` after its stack."""
    text = """Everleaf Gaming Game #8
***** Hand history for game #8 *****
Blinds $0.05/$0.10 PL Omaha Hi/Lo - 2010/03/02 - 19:35:19
Table Somewhere
Seat 1 is the button
Total number of players: 3
Seat 1: A (  $ 10 USD )
Seat 2: B (  $ 10 USD )
Seat 3: C (  $ 0.15 USD All-in )
A: posts small blind [$ 0.05 USD]
B: posts big blind [$ 0.10 USD]
C: posts both blinds [$ 0.15 USD]
** Dealing down cards **
A calls [$ 0.05 USD]
B checks
** Dealing Flop ** [ 2c, 3d, 4h ]
** Dealing Turn ** [ 5s ]
** Dealing River ** [ 9s ]
A wins  high ($ 0.15 USD) from main pot
C wins  low ($0.15) from main pot"""
    hand = read(text)
    assert isinstance(hand, Hand) and hand.defects == ()
    both = next(a for a in hand.actions if a.player == "C")
    assert (both.kind, both.amount, both.raise_to) == (ActionKind.POST_SMALL_AND_BIG_BLIND, 15, 10)
    assert [seat.stack for seat in hand.seats] == [1000, 1000, 15]
    assert [(c.player, c.amount, c.half) for c in hand.collected] == [("A", 15, Half.HIGH), ("C", 15, Half.LOW)]


def test_a_bet_line_is_never_taken_for_chat() -> None:
    """A line `Name: bets ...` whose amount the grammar cannot place is a line not read, never chat."""
    broken = read(
        hand_text(STYLES["dollar before, comma thousands, decimal point"][0]).replace("A: bets [", "A: bets (")
    )
    assert isinstance(broken, Hand) and [d.line for d in broken.defects] == [17]
    assert not [e for e in broken.events if e.kind == "chat"]


def test_one_amount_in_no_style_is_one_line_not_read(tmp_path: Path) -> None:
    """`A: bets [$ 1,5,0.0 USD]`: the audit says it once (OA106), no dealer's error, the hand is read."""
    path = tmp_path / "everleaf.txt"
    path.write_text(hand_text(STYLES["dollar before, comma thousands, decimal point"][0], bet="$ 1,5,0.0 USD"))
    (audited,) = list(Auditor().audit_files([path]))
    assert isinstance(audited.item, Hand)
    assert [(d.line, d.inconsistent) for d in audited.item.defects] == [(17, False)]
    assert [f.code for f in audited.findings] == ["OA106"]
    assert "'$ 1,5,0.0': digits not grouped in thousands" in audited.findings[0].message


def test_stakes_in_no_style_make_the_hand_unreadable() -> None:
    """Without its stakes nothing of the hand can be judged: the one case an amount makes a hand unreadable."""
    text = hand_text(STYLES["dollar before, comma thousands, decimal point"][0])
    text = text.replace("Blinds $500/$1,000", "Blinds $500/$1,0,00")
    item = read(text)
    assert isinstance(item, UnreadableHand) and item.reason.startswith("header stakes: ")


def test_chat_stays_chat() -> None:
    """Chat that holds betting words, brackets or stakes is chat, not a line of the hand."""
    text = hand_text(STYLES["dollar before, comma thousands, decimal point"][0]).replace(
        "B checks\n", "B checks\nB: he bets [lol]\nA: 2/3 Omaha - lol\nB: raise it\n"
    )
    hand = read(text)
    assert isinstance(hand, Hand) and hand.defects == ()
    assert [event.text for event in hand.events if event.kind == "chat"] == [
        "B: he bets [lol]",
        "A: 2/3 Omaha - lol",
        "B: raise it",
    ]
