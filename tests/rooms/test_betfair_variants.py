"""Betfair's text in every number style the reader claims (omaha_audit/rooms/betfair/README.md), written here
and read back with the exact amounts; and one amount in no number style, which is one line not read on the
hand, never a dealer's error nor an unreadable hand.

The hand: heads-up pot-limit Omaha, blinds 500/1,000; A (the button, small blind) raises to 3,000, B calls
2,000, checks the flop, A bets 1,500.50 and B folds: A wins the 6,000 in the pot (Betfair prints no uncalled
bet: the 1,500.50 is left out of the award).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from omaha_audit.model import ActionKind, Game, Hand, Structure, UnreadableHand
from omaha_audit.parse.split import Block
from omaha_audit.rooms import BY_NAME
from omaha_audit.run.pipeline import Auditor

HAND = """***** Betfair Poker Hand History for Game 100000001 *****
PL {small}/{big} Omaha - Sunday, October 18, 20:00:00 GMT 2009
Table Death 1 6-max (Real Money)
Seat 1 is the button
Total number of active players : 2
Seat 1: A ( {stack} )
Seat 2: B ( {stack} )
A posts small blind [{small}]
B posts big blind [{big}]
** Dealing down cards **
Dealt to A [ Ah, Kh, Qh, Jh ]
A raises to [{raise_to}]
B calls [{call}]
** Dealing Flop ** [ 2c, 3d, 4h ]
B checks
A bets [{bet}]
B folds
** Hand Conclusion **
A wins {win} from main pot
************  Game 100000001 ends  ************"""
CENTS = {"small": 50000, "big": 100000, "stack": 2500000, "raise_to": 300000, "call": 200000, "bet": 150050}
WIN = 600000


def money(sign: str, cents: int) -> str:
    """`cents` as Betfair writes dollars: the sign, thousands by comma, a decimal point when there are cents."""
    whole, rest = divmod(cents, 100)
    return f"{sign}{whole:,}" + (f".{rest:02d}" if rest else "")


def hand_text(sign: str, bet: str | None = None) -> str:
    amounts = {key: money(sign, value) for key, value in CENTS.items()}
    if bet is not None:
        amounts["bet"] = bet
    return HAND.format(**amounts, win=money(sign, WIN))


def read(text: str) -> Hand | UnreadableHand:
    return BY_NAME["betfair"].read(Block("hand", "memory.txt", 1, text.split("\n"), "betfair"))


@pytest.mark.parametrize(("sign", "currency"), [("$", "USD"), ("€", "EUR"), ("£", "GBP")])
def test_thousands_and_decimal_point_are_read_exactly(sign: str, currency: str) -> None:
    hand = read(hand_text(sign))
    assert isinstance(hand, Hand) and hand.defects == ()
    assert (hand.unit.currency, hand.stakes.small_blind, hand.stakes.big_blind) == (currency, 50000, 100000)
    assert [seat.stack for seat in hand.seats] == [2500000, 2500000]
    assert [(a.player, a.kind, a.amount, a.raise_to) for a in hand.actions if a.amount] == [
        ("A", ActionKind.POST_SMALL_BLIND, 50000, 50000),
        ("B", ActionKind.POST_BIG_BLIND, 100000, 100000),
        ("A", ActionKind.RAISE, 250000, 300000),  # `raises to [$3,000]`: the street total
        ("B", ActionKind.CALL, 200000, 300000),
        ("A", ActionKind.BET, 150050, 150050),
    ]
    assert [c.amount for c in hand.collected] == [WIN]


def test_a_decimal_comma_is_not_betfairs() -> None:
    """Betfair writes a decimal point: `$1.500,50` is refused with its reason, its line not read."""
    hand = read(hand_text("$", bet="$1.500,50"))
    assert isinstance(hand, Hand)
    assert [(d.line, d.reason) for d in hand.defects] == [
        (16, "'$1.500,50': the decimal mark '.' is not followed by digits only")
    ]


def test_one_amount_in_no_style_is_one_line_not_read(tmp_path: Path) -> None:
    """`A bets [$1,5,0.0]`: the audit says it once (OA106), no dealer's error, the hand is read."""
    path = tmp_path / "betfair.txt"
    path.write_text(hand_text("$", bet="$1,5,0.0"))
    (audited,) = list(Auditor().audit_files([path]))
    assert isinstance(audited.item, Hand)
    assert [(d.line, d.inconsistent) for d in audited.item.defects] == [(16, False)]
    assert [f.code for f in audited.findings] == ["OA106"]


@pytest.mark.parametrize(
    ("words", "game", "structure"),
    [
        ("PL {small}/{big} Omaha", Game.OMAHA, Structure.POT_LIMIT),
        ("PL {small}/{big} Omaha Hi/Lo", Game.OMAHA_HI_LO, Structure.POT_LIMIT),
        ("NL {small}/{big} Hold'em", Game.HOLDEM, Structure.NO_LIMIT),
        ("NL {small}/{big} Texas Hold'em", Game.HOLDEM, Structure.NO_LIMIT),
    ],
)
def test_every_game_line(words: str, game: Game, structure: Structure) -> None:
    hand = read(hand_text("$").replace("PL $500/$1,000 Omaha", words.format(small="$500", big="$1,000")))
    assert isinstance(hand, Hand) and (hand.game, hand.structure) == (game, structure)


def test_play_money() -> None:
    hand = read(hand_text("").replace("(Real Money)", "(Play Money)"))
    assert isinstance(hand, Hand) and hand.play_money and hand.unit.currency == "play"
    assert [a.amount for a in hand.actions if a.amount][-1] == 150050
