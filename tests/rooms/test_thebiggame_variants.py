"""The Big Game's `LoadHand({...})` literal in every number form the reader claims (omaha_audit/rooms/
thebiggame/README.md), written here and read back with the exact amounts; and one amount in no number style,
which is one line not read on the hand (the hand is one line), never a dealer's error nor an unreadable hand.

The hand: three seats, blinds 200/400; A (the dealer, first to act) raises to 1,200, B folds, C calls, checks
the flop, A bets 3,000 and C folds: `Wins` 5,600 holds the 3,000 nobody called.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from omaha_audit.model import ActionKind, Hand, UnreadableHand
from omaha_audit.parse.split import Block
from omaha_audit.rooms import BY_NAME
from omaha_audit.run.pipeline import Auditor

URL = "URL: http://thebiggame.pokerstars.net/data/s9/w9/d9/d9h1.js"
LOADHAND = (
    'LoadHand({{Hand:{{Title:"d9h1",NumberOfSeats:3,PotSize:0,BigBlind:{big},SmallBlind:{small},Ante:0,'
    "CurrentBet:0,Dealer:1,CardsOut:[],Players:["
    '{{Name:"A",Seat:1,Stack:{stack},Cards:["ca","ck"],CurrentBet:0}},'
    '{{Name:"B",Seat:2,Stack:{stack},Cards:["d2","d7"],CurrentBet:0}},'
    '{{Name:"C",Seat:3,Stack:{stack},Cards:["h9","st"],CurrentBet:0}}]}},'
    'Plays:[{{Seat:1,Action:"Raises To",value:{raise_to}}},{{Seat:2,Action:"Folds"}},{{Seat:3,Action:"Calls"}},'
    '{{Seat:0,Action:"Deal",value:["d8","s4","d3"]}},{{Seat:3,Action:"Checks"}},'
    '{{Seat:1,Action:"Bets",value:{bet}}},{{Seat:3,Action:"Folds"}},{{Seat:1,Action:"Wins",value:{win}}}]}})'
)
WHOLE = {"small": "200", "big": "400", "stack": "100000", "raise_to": "1200", "bet": "3000", "win": "5600"}


def hand_lines(**replace: str) -> list[str]:
    return [URL, LOADHAND.format(**(WHOLE | replace))]


def read(lines: list[str]) -> Hand | UnreadableHand:
    return BY_NAME["thebiggame"].read(Block("hand", "memory.txt", 1, lines, "thebiggame"))


@pytest.mark.parametrize(
    "form",
    [
        {},  # whole numbers, as the show writes them
        {key: f"{value}.0" for key, value in WHOLE.items()},  # a whole number with a decimal point
        {"stack": '"100000"', "bet": "'3000'"},  # a number's text in quotes (double or single)
    ],
)
def test_every_number_form_is_read_exactly(form: dict[str, str]) -> None:
    hand = read(hand_lines(**form))
    assert isinstance(hand, Hand) and hand.defects == ()
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (200, 400)
    assert [seat.stack for seat in hand.seats] == [100000] * 3
    assert [(a.player, a.kind, a.amount, a.raise_to) for a in hand.actions if a.amount] == [
        ("B", ActionKind.POST_SMALL_BLIND, 200, 200),
        ("C", ActionKind.POST_BIG_BLIND, 400, 400),
        ("A", ActionKind.RAISE, 1200, 1200),
        ("C", ActionKind.CALL, 800, 1200),
        ("A", ActionKind.BET, 3000, 3000),
    ]
    assert [c.amount for c in hand.collected] == [5600]
    assert [str(card) for card in hand.dealt[2].cards] == ["9h", "Ts"]  # `st`: suit first, the ten as `t`


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("3000.5", "'3000.5' is finer than the unit (10^-0)"),  # half a chip
        ('"1,5,0.0"', "'1,5,0.0': digits not grouped in thousands (1|5|0)"),
        ("-3000", "'-3000': a negative amount where none can be"),
    ],
)
def test_one_amount_in_no_style_is_one_line_not_read(tmp_path: Path, value: str, reason: str) -> None:
    """A bet of no whole number of chips: the audit says it once (OA106), no dealer's error, the hand read."""
    path = tmp_path / "thebiggame.txt"
    path.write_text("\n".join(hand_lines(bet=value)) + "\n")
    (audited,) = list(Auditor().audit_files([path]))
    hand = audited.item
    assert isinstance(hand, Hand)
    assert [(d.line, d.reason, d.inconsistent) for d in hand.defects] == [(2, reason, False)]
    assert [a.amount for a in hand.actions if a.player == "A" and a.amount] == [1200]  # the bet left out
    assert [f.code for f in audited.findings] == ["OA106"]


def test_a_play_the_reader_does_not_know_is_left_out() -> None:
    lines = hand_lines()
    lines[1] = lines[1].replace('{Seat:2,Action:"Folds"}', '{Seat:2,Action:"Sings"}')
    hand = read(lines)
    assert isinstance(hand, Hand)
    assert [(d.text, d.reason) for d in hand.defects] == [
        ('{Seat:2,Action:"Sings"}', "play 'Sings' of seat '2': not one the reader knows")
    ]


def test_blinds_not_read_make_the_hand_unreadable() -> None:
    item = read(hand_lines(big="400.5"))
    assert isinstance(item, UnreadableHand) and item.reason == "stakes: '400.5' is finer than the unit (10^-0)"
