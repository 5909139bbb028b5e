"""The Winning Poker Network's old text in every number style and table variant the reader claims
(omaha_audit/rooms/wpn/README.md), written here and read back with the exact amounts; capped tables (a
`Miramar (Cap)` table was reported to make the reader fail once) read and audited; and one amount in no number
style, which is one line not read on the hand, never a dealer's error nor an unreadable hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from omaha_audit.model import ActionKind, Hand, Structure, UnreadableHand
from omaha_audit.parse.split import Block
from omaha_audit.rooms import BY_NAME
from omaha_audit.run.pipeline import Auditor

# Heads-up pot-limit Omaha at 500/1,000: A (the button, small blind) raises 2,500 more (to 3,000), B calls,
# checks the flop, A bets 1,500.50 and B folds; the bet comes back, 50 rake from the 6,000 pot.
HAND = """Game started at: 2016/8/10 12:3:4
Game ID: 698339999 {low}/{high} Alforsite (Omaha)
Seat 1 is the button
Seat 1: A ({stack}).
Seat 2: B ({stack}).
Player A has small blind ({low})
Player B has big blind ({high})
Player A received card: [Ah]
Player A received card: [Kh]
Player A received card: [Qh]
Player A received card: [Jh]
Player B received a card.
Player B received a card.
Player B received a card.
Player B received a card.
Player A raises ({raise_})
Player B calls ({call})
*** FLOP ***: [2c 3d 4h]
Player B checks
Player A bets ({bet})
Player B folds
Uncalled bet ({bet}) returned to A
------ Summary ------
Pot: {pot}. Rake {rake}
Board: [2c 3d 4h]
*Player A mucks (does not show cards). Bets: {total}. Collects: {pot}. Wins: {net}.
Player B does not show cards.Bets: {total}. Collects: 0. Loses: {total}.
Game ended at: 2016/8/10 12:4:0"""
HUNDREDTHS = {
    "low": 50000,
    "high": 100000,
    "stack": 2500000,
    "raise_": 250000,
    "call": 200000,
    "bet": 150050,
    "pot": 595000,
    "rake": 5000,
    "total": 300000,
    "net": 295000,
}


def number(hundredths: int, thousands: str, point: str) -> str:
    whole, cents = divmod(hundredths, 100)
    return f"{whole:,}".replace(",", thousands) + (f"{point}{cents:02d}" if cents else "")


def hand_text(thousands: str = "", point: str = ".", **replace: str) -> str:
    amounts = {key: number(value, thousands, point) for key, value in HUNDREDTHS.items()} | replace
    return HAND.format(**amounts)


def read(text: str) -> Hand | UnreadableHand:
    return BY_NAME["wpn"].read(Block("hand", "memory.txt", 1, text.split("\n"), "wpn"))


@pytest.mark.parametrize(
    ("thousands", "point"),
    [
        ("", "."),  # the corpus: `(2872.50)`, `(20)`, `Pot: 477.`
        (",", "."),  # thousands by comma (public converters: digits with `.` and `,`)
        (".", ","),  # a decimal comma: read because the text decides (no WPN text seen writes it)
    ],
)
def test_every_number_style_is_read_exactly(thousands: str, point: str) -> None:
    hand = read(hand_text(thousands, point))
    assert isinstance(hand, Hand) and hand.defects == ()
    assert (hand.unit.currency, hand.structure) == ("USD", Structure.POT_LIMIT)
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (50000, 100000)
    assert [seat.stack for seat in hand.seats] == [2500000, 2500000]
    assert [(a.player, a.kind, a.amount, a.raise_to) for a in hand.actions if a.amount] == [
        ("A", ActionKind.POST_SMALL_BLIND, 50000, 50000),
        ("B", ActionKind.POST_BIG_BLIND, 100000, 100000),
        ("A", ActionKind.RAISE, 250000, 300000),
        ("B", ActionKind.CALL, 200000, 300000),
        ("A", ActionKind.BET, 150050, 150050),
    ]
    assert [u.amount for u in hand.uncalled] == [150050] and [c.amount for c in hand.collected] == [595000]
    assert hand.pot is not None and (hand.pot.total, hand.pot.rake) == (595000, 5000)


def test_tournament_chips_and_their_decimals() -> None:
    """`<name>, Table <n>`: a tournament's chips, whole; printed with decimals, read again in hundredths."""
    whole = {key: str(value // 100) for key, value in HUNDREDTHS.items()} | {"bet": "1500"}
    text = HAND.format(**whole).replace("Alforsite (Omaha)", "$5 Regular 9-Max, Table 1 (Omaha)")
    hand = read(text.replace(". Rake 50", ""))
    assert isinstance(hand, Hand) and hand.defects == () and hand.tournament is not None
    assert (hand.unit.currency, hand.unit.decimals) == ("chips", 0)
    assert [a.amount for a in hand.actions if a.amount][-1] == 1500
    finer = read(text.replace(". Rake 50", "").replace("(1500)", "(1500.50)"))
    assert isinstance(finer, Hand) and (finer.unit.currency, finer.unit.decimals) == ("chips", 2)
    assert [a.amount for a in finer.actions if a.amount][-1] == 150050


# A capped no-limit Hold'em table (30 big blinds a hand): B caps, C and A call to the cap; nobody acts after.
CAPPED = """Game started at: 2016/8/10 12:3:4
Game ID: 698339999 0.01/0.02 {table} (Hold'em)
Seat 1 is the button
Seat 1: A (1.50).
Seat 2: B (2).
Seat 3: C (0.80).
Player B has small blind (0.01)
Player C has big blind (0.02)
Player A received card: [Ah]
Player A received card: [Kh]
Player B received a card.
Player B received a card.
Player C received a card.
Player C received a card.
Player A raises (0.06)
Player B caps (0.59)
Player C calls (0.58)
Player A calls (0.54)
*** FLOP ***: [2c 3d 4h]
*** TURN ***: [2c 3d 4h] [5s]
*** RIVER ***: [2c 3d 4h 5s] [9s]
------ Summary ------
Pot: 1.74. Rake 0.06
Board: [2c 3d 4h 5s 9s]
*Player A shows: Straight to 5 [Ah Kh]. Bets: 0.60. Collects: 1.74. Wins: 1.14.
Player B shows: Three Of Kind of 9s [9c 9d]. Bets: 0.60. Collects: 0. Loses: 0.60.
Player C shows: One pair of Qs [Qs Qd]. Bets: 0.60. Collects: 0. Loses: 0.60.
Game ended at: 2016/8/10 12:4:0"""


@pytest.mark.parametrize(
    "table",
    [
        "Miramar (Cap)",
        "(PRR) Miramar (Cap) - 5",
        "Miramar (Cap) 6-max",
        "Miramar (Cap, JP) - 2",
        "Mauilite (PRR) - CAP - 6-Max - 3",
    ],
)
def test_capped_tables_are_read_and_audited(tmp_path: Path, table: str) -> None:
    path = tmp_path / "capped.txt"
    path.write_text(CAPPED.format(table=table))
    (audited,) = list(Auditor().audit_files([path]))
    hand = audited.item
    assert isinstance(hand, Hand) and hand.defects == ()
    assert (hand.structure, hand.stakes.cap) == (Structure.NO_LIMIT, 60)
    reached = [(a.player, a.kind, a.amount, a.raise_to) for a in hand.actions if a.cap_reached]
    assert reached == [
        ("B", ActionKind.RAISE, 59, 60),  # `caps (0.59)`
        ("C", ActionKind.CALL, 58, 60),
        ("A", ActionKind.CALL, 54, 60),
    ]
    assert [f.code for f in audited.findings] == []


def test_one_amount_in_no_style_is_one_line_not_read(tmp_path: Path) -> None:
    """`Player A bets (1,5,0.0)`: the audit says it once (OA106), no dealer's error, the hand is read."""
    path = tmp_path / "wpn.txt"
    path.write_text(hand_text().replace("Player A bets (1500.50)", "Player A bets (1,5,0.0)"))
    (audited,) = list(Auditor().audit_files([path]))
    assert isinstance(audited.item, Hand)
    assert [(d.line, d.inconsistent) for d in audited.item.defects] == [(20, False)]
    assert [f.code for f in audited.findings] == ["OA106"]


def test_stakes_in_no_style_make_the_hand_unreadable() -> None:
    item = read(hand_text().replace("Game ID: 698339999 500/1000", "Game ID: 698339999 500/1,0,00"))
    assert isinstance(item, UnreadableHand) and item.reason.startswith("header stakes: ")
