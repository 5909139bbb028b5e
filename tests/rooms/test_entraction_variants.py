"""Entraction's columnar text in every number style, currency word and header variant the reader claims
(omaha_audit/rooms/entraction/README.md), written here and read back with the exact amounts; and one amount in
no number style, which is one line not read on the hand, never a dealer's error nor an unreadable hand.

The hand: pot-limit Omaha, blinds 500/1,000; A (the dealer) raises 3,500 (to 3,500), B folds, C calls 2,500
more, checks the flop, A bets 1,500.50, C folds and the bet comes back (`Payback`); 50 rake from the 7,500
pot, A wins 7,450.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from omaha_audit.model import ActionKind, Hand, UnreadableHand
from omaha_audit.parse.split import Block
from omaha_audit.rooms import BY_NAME
from omaha_audit.run.pipeline import Auditor

HAND = """Game # 2695932189 - Omaha High Pot Limit {word}{small}/{big}{ante_clause} - Table "{table}"

Players(max 6):
A                           ({word}{stack} in seat 1)
B                           ({word}{stack} in seat 2)
C                           ({word}{stack} in seat 3)

Dealer:                     A
{antes}Small Blind:                B           ({small})
Big Blind:                  C           ({big})

B was dealt:                Qs - 7d - 8c - 9s

A                           Raise       ({raise_})
B                           Fold
C                           Call        ({call})

Flop                        Kc - 2s - 2d

C                           Check
A                           Bet         ({bet})
C                           Fold
A                           Payback     ({bet})

A wins:                     {word}{win}
Rake:                       {word}{rake}

Game ended 2012-08-07 00:36:56 BST"""
HUNDREDTHS = {
    "small": 50000,
    "big": 100000,
    "stack": 2500000,
    "raise_": 350000,
    "call": 250000,
    "bet": 150050,
    "win": 745000,
    "rake": 5000,
}


def number(hundredths: int, thousands: str, point: str, decimals: int = 2) -> str:
    whole, cents = divmod(hundredths, 100)
    text = f"{whole:,}".replace(",", thousands)
    return text + (f"{point}{cents:02d}" if decimals else "")


def hand_text(word: str, thousands: str = ",", point: str = ".", decimals: int = 2, **replace: str) -> str:
    amounts = {key: number(value, thousands, point, decimals) for key, value in HUNDREDTHS.items()}
    amounts.update(replace)
    fields = {"ante_clause": "", "antes": "", "table": "Nampa"} | amounts
    return HAND.format(word=f"{word} " if word else "", **fields)


def read(text: str) -> Hand | UnreadableHand:
    """The hand as the file reader gives it to the room: lines without their trailing spaces."""
    lines = [line.rstrip() for line in text.split("\n")]
    return BY_NAME["entraction"].read(Block("hand", "memory.txt", 1, lines, "entraction"))


EXPECTED = [
    ("B", ActionKind.POST_SMALL_BLIND, 50000),
    ("C", ActionKind.POST_BIG_BLIND, 100000),
    ("A", ActionKind.RAISE, 350000),
    ("C", ActionKind.CALL, 250000),
    ("A", ActionKind.BET, 150050),
]


@pytest.mark.parametrize(
    ("word", "thousands", "point", "currency"),
    [
        ("EUR", ",", ".", "EUR"),  # the corpus: `EUR 2,950.00`
        ("Fun", ",", ".", "play"),  # play money
        ("SEK", ",", ".", "SEK"),  # another ISO code
        ("EUR", ".", ",", "EUR"),  # a decimal comma, thousands by dot: read because the text decides
    ],
)
def test_every_number_style_is_read_exactly(word: str, thousands: str, point: str, currency: str) -> None:
    hand = read(hand_text(word, thousands, point))
    assert isinstance(hand, Hand) and hand.defects == ()
    assert hand.unit.currency == currency and hand.play_money == (currency == "play")
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (50000, 100000)
    assert [seat.stack for seat in hand.seats] == [2500000] * 3
    assert [(a.player, a.kind, a.amount) for a in hand.actions if a.amount] == EXPECTED
    assert [u.amount for u in hand.uncalled] == [150050] and [c.amount for c in hand.collected] == [745000]
    assert hand.pot is not None and hand.pot.rake == 5000


def test_tournament_chips_antes_and_their_decimals() -> None:
    """No currency word: a tournament's chips; `and 10 ante` after the blinds, `A Ante (10)` lines; chips
    printed with decimals (`1,085.00`, as the corpus's sit & go prints them) are read again in hundredths."""
    antes = "".join(f"{name}                           Ante        (10)\n" for name in "ABC")
    text = hand_text("", decimals=0, ante_clause=" and 10 ante", antes=antes, table="Turbo Sit & Go 12713943 1")
    hand = read(text)
    assert isinstance(hand, Hand) and hand.defects == ()
    assert (hand.unit.currency, hand.unit.decimals, hand.stakes.ante) == ("chips", 0, 10)
    assert hand.tournament is not None and hand.tournament.tournament_id == "12713943"
    assert [(a.kind, a.amount) for a in hand.actions[:3]] == [(ActionKind.POST_ANTE, 10)] * 3
    finer = read(hand_text("", decimals=2))
    assert isinstance(finer, Hand) and (finer.unit.currency, finer.unit.decimals) == ("chips", 2)
    assert [a.amount for a in finer.actions if a.amount][-1] == 150050


def test_one_amount_in_no_style_is_one_line_not_read(tmp_path: Path) -> None:
    """`A Bet (1,5,0.0)`: the audit says it once (OA106), no dealer's error, the hand is read."""
    path = tmp_path / "entraction.txt"
    text = hand_text("EUR").replace("Bet         (1,500.50)", "Bet         (1,5,0.0)")
    path.write_text(text)
    (audited,) = list(Auditor().audit_files([path]))
    assert isinstance(audited.item, Hand)
    assert [(d.line, d.inconsistent) for d in audited.item.defects] == [(21, False)]
    assert [f.code for f in audited.findings] == ["OA106"]


def test_stakes_in_no_style_make_the_hand_unreadable() -> None:
    item = read(hand_text("EUR").replace("EUR 500.00/1,000.00", "EUR 500.00/1,0,00.00"))
    assert isinstance(item, UnreadableHand) and item.reason.startswith("header stakes: ")
