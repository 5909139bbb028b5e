"""PKR's text in every number style and currency the reader claims (omaha_audit/rooms/pkr/README.md), written
here and read back with the exact amounts; and one amount in no number style, which is one line not read on
the hand, never a dealer's error nor an unreadable hand.

The hand: heads-up pot-limit Omaha, blinds 500/1,000; A (the button, small blind) raises to 3,000, B calls,
checks the flop, A bets 1,500.50 and B folds (no line returns the bet); 50 rake from the 6,000 pot, A wins
5,950; the closing seat lines are the stacks after the hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from omaha_audit.model import ActionKind, Hand, Refunds, UnreadableHand
from omaha_audit.parse.split import Block
from omaha_audit.rooms import BY_NAME
from omaha_audit.run.pipeline import Auditor

HAND = """Table #1 - Nowhere
Starting Hand #7
Start time of hand: 26 Aug 2011 11:24:50
Last Hand #6
Game Type: OMAHA
Limit Type: POT LIMIT
Table Type: {table_type}
Money Type: {money_type}
Blinds are now {small} / {big}
Button is at seat 1
Seat 1: A - {stack}
Seat 2: B - {stack}
Shuffling Deck
Moving Button to seat 1
A posts small blind ({small})
B posts big blind ({big})
Dealing Cards
A raises to {raise_to}
B calls {raise_to}
Pot sizes: {pot}
Dealing Flop [2 c][3 d][4 h]
B checks
A bets {bet}
B folds
Pot sizes: {pot}
Taking Rake of {rake} from pot 1
A wins {win}
Seat 1: A - {stack_a}
Seat 2: B - {stack_b}
End of Hand #7"""
# hundredths of the unit
AMOUNTS = {
    "small": 50000,
    "big": 100000,
    "stack": 2500000,
    "raise_to": 300000,
    "pot": 600000,
    "bet": 150050,
    "rake": 5000,
    "win": 595000,
    "stack_a": 2795000,
    "stack_b": 2200000,
}


def money(hundredths: int, sign: str, thousands: str, point: str) -> str:
    whole, cents = divmod(hundredths, 100)
    return sign + f"{whole:,}".replace(",", thousands) + (f"{point}{cents:02d}" if cents else "")


def hand_text(sign: str, thousands: str = ",", point: str = ".", **replace: str) -> str:
    amounts = {key: money(value, sign, thousands, point) for key, value in AMOUNTS.items()}
    amounts.update(replace)
    return HAND.format(table_type="RING", money_type="REAL MONEY", **amounts)


def read(text: str) -> Hand | UnreadableHand:
    return BY_NAME["pkr"].read(Block("hand", "memory.txt", 1, text.split("\n"), "pkr"))


@pytest.mark.parametrize(
    ("sign", "thousands", "point"),
    [
        ("$", ",", "."),  # the corpus's dollars: `$0.02`, `$402`
        ("€", ",", "."),
        ("£", ",", "."),
        ("€", ".", ","),  # a decimal comma: read because the text decides (no PKR text seen writes it)
    ],
)
def test_every_number_style_is_read_exactly(sign: str, thousands: str, point: str) -> None:
    hand = read(hand_text(sign, thousands, point))
    assert isinstance(hand, Hand) and hand.defects == () and not hand.truncated
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (50000, 100000)
    assert [seat.stack for seat in hand.seats] == [2500000, 2500000]
    assert [(a.player, a.kind, a.amount, a.raise_to) for a in hand.actions if a.amount] == [
        ("A", ActionKind.POST_SMALL_BLIND, 50000, 50000),
        ("B", ActionKind.POST_BIG_BLIND, 100000, 100000),
        ("A", ActionKind.RAISE, 250000, 300000),
        ("B", ActionKind.CALL, 200000, 300000),  # `calls 3,000`: the street total
        ("A", ActionKind.BET, 150050, 150050),
    ]
    assert hand.refunds is Refunds.IMPLIED and [c.amount for c in hand.collected] == [595000]
    assert hand.pot is not None and (hand.pot.main, hand.pot.rake) == (595000, 5000)


def test_tournament_chips_and_their_decimals() -> None:
    """`Money Type: TOURNAMENT CHIPS`: whole chips with thousands commas; chips printed with decimals make the
    reader read the hand again in hundredths."""
    chips = {key: f"{value // 100:,}" for key, value in AMOUNTS.items() if key != "bet"}
    text = HAND.format(table_type="TOURNAMENT", money_type="TOURNAMENT CHIPS", bet="1,500", **chips)
    hand = read(text)
    assert isinstance(hand, Hand) and hand.defects == () and (hand.unit.currency, hand.unit.decimals) == ("chips", 0)
    assert [a.amount for a in hand.actions if a.amount] == [500, 1000, 2500, 2000, 1500]
    finer = read(HAND.format(table_type="TOURNAMENT", money_type="TOURNAMENT CHIPS", bet="1,500.50", **chips))
    assert isinstance(finer, Hand) and finer.unit.decimals == 2
    assert [a.amount for a in finer.actions if a.amount][-1] == 150050


def test_one_amount_in_no_style_is_one_line_not_read(tmp_path: Path) -> None:
    """`A bets $1,5,0.0`: the audit says it once (OA106), no dealer's error, the hand is read; the closing
    stacks after the line not read are not cross-checked (its chips are not known)."""
    path = tmp_path / "pkr.txt"
    path.write_text(hand_text("$", bet="$1,5,0.0"))
    (audited,) = list(Auditor().audit_files([path]))
    hand = audited.item
    assert isinstance(hand, Hand)
    assert [(d.line, d.inconsistent) for d in hand.defects] == [(23, False)]
    assert [f.code for f in audited.findings] == ["OA106"]


def test_blinds_in_no_style_make_the_hand_unreadable() -> None:
    item = read(hand_text("$", small="$5,0,0"))
    assert isinstance(item, UnreadableHand) and item.reason.startswith("blinds: ")


def test_play_money() -> None:
    hand = read(hand_text("").replace("Money Type: REAL MONEY", "Money Type: PLAY MONEY"))
    assert isinstance(hand, Hand) and hand.play_money and hand.unit.currency == "play"
    assert [a.amount for a in hand.actions if a.amount][-1] == 150050
