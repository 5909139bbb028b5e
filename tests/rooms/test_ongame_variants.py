"""OnGame's number styles and header forms, on hands written here (docs/ROOMS.md section 13: digits with
`.`, `,`, K and M; a currency sign before the digits; tournament chips bare): each style read back to the
exact amounts and audited clean, one amount in no style being one line not read (a single finding)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from omaha_audit.model import ActionKind, Hand, UnreadableHand
from omaha_audit.rooms import hand_source
from omaha_audit.rules.base import Finding
from omaha_audit.run.pipeline import Auditor

# Heads-up at 5/10: A (the button, the small blind) raises 1,000 to 1,005, B calls 995; on the flop A
# bets 1,234.56 and B folds: the pot of 2,010 (the uncalled bet left out, as OnGame does) less 3 of rake.
HAND = """***** History for hand {kind}5-1-1{tournament} *****
Start hand: Mon Jan 06 08:55:00 CET 2014
Table: Nowhere [1] (NO_LIMIT OMAHA_HI {sb}/{bb}, {money})
Button: seat 1
Players in round: 2
Seat 1: A ({a})
Seat 2: B ({b})
A posts small blind ({sb})
B posts big blind ({bb})
---
Dealing pocket cards
A raises {raise_} to {raise_to}
B calls {call}
--- Dealing flop [2c, 3d, 4h]
B checks
A bets {bet}
B folds
---
Summary:
Main pot: {pot} won by A ({won})
Rake taken: {rake}
Seat 1: A ({a_after}), net: +{a_net}
Seat 2: B ({b_after}), net: -{b_net}
***** End of hand {kind}5-1-1 *****"""
CASH = {
    "sb": 500,
    "bb": 1000,
    "a": 345678,
    "b": 123456,
    "raise_": 100000,
    "raise_to": 100500,
    "call": 99500,
    "bet": 123456,
    "pot": 201000,
    "won": 200700,
    "rake": 300,
    "a_after": 445878,
    "a_net": 100200,
    "b_after": 22956,
    "b_net": 100500,
}


def grouped(units: int, sign: str, group: str = ",", point: str = ".") -> str:
    whole, cents = divmod(units, 100)
    return sign + f"{whole:,}".replace(",", group) + (f"{point}{cents:02}" if cents else "")


STYLES: dict[str, tuple[Callable[[int], str], str]] = {
    "dollars `$1,234.56`": (lambda units: grouped(units, "$"), "USD"),
    "euros `€1,234.56`": (lambda units: grouped(units, "\u20ac"), "EUR"),
    "pounds `£1,234.56`": (lambda units: grouped(units, "\u00a3"), "GBP"),
    "no thousands mark `$1234.56`": (lambda units: grouped(units, "$", ""), "USD"),
}


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "ongame.txt"
    path.write_text(text, encoding="utf-8")
    return path


def read(tmp_path: Path, text: str) -> Hand | UnreadableHand:
    (item,) = [
        item for item in hand_source().read_file(write(tmp_path, text)) if isinstance(item, Hand | UnreadableHand)
    ]
    return item


def audit(tmp_path: Path, text: str) -> list[Finding]:
    (audited,) = Auditor(strict=True, keep_text=False).audit_files([write(tmp_path, text)])
    return list(audited.findings)


def cash_hand(money: Callable[[int], str], **changed: str) -> str:
    fields = {name: money(units) for name, units in CASH.items()}
    fields.update(changed)
    return HAND.format(kind="R", tournament="", money="Real money", **fields)


@pytest.mark.parametrize("style", STYLES)
def test_every_number_style_reads_back_exact(tmp_path: Path, style: str) -> None:
    money, currency = STYLES[style]
    text = cash_hand(money)
    hand = read(tmp_path, text)
    assert isinstance(hand, Hand) and not hand.defects, hand
    assert hand.unit.currency == currency
    assert [seat.stack for seat in hand.seats] == [345678, 123456]
    assert [(a.kind, a.amount) for a in hand.actions if a.amount] == [
        (ActionKind.POST_SMALL_BLIND, 500),
        (ActionKind.POST_BIG_BLIND, 1000),
        (ActionKind.RAISE, 100000),
        (ActionKind.CALL, 99500),
        (ActionKind.BET, 123456),
    ]
    assert hand.pot is not None and (hand.pot.main, hand.pot.rake) == (201000, 300)
    assert [(c.player, c.amount) for c in hand.collected] == [("A", 200700)]
    assert [f.code for f in audit(tmp_path, text)] == []


def test_tournament_chips_with_multipliers(tmp_path: Path) -> None:
    """Tournament chips, bare, grouped by comma or written with K and M (the converters' number class)."""
    chips = {name: f"{units // 100:,}" for name, units in CASH.items()}
    chips.update(a="3.5K", a_after="4,505", a_net="1,005", b="2M", b_after="1,998,995", b_net="1,005")
    chips.update(bet="1,234", pot="2,010", won="2,010", rake="0")
    tournament = ' (TOURNAMENT: "PLO", R-1-1, buy-in: $1.20)'
    text = HAND.format(kind="T", tournament=tournament, money="TC", **chips)
    hand = read(tmp_path, text)
    assert isinstance(hand, Hand) and not hand.defects, hand
    assert hand.unit.currency == "chips" and hand.tournament is not None
    assert [seat.stack for seat in hand.seats] == [3500, 2_000_000]
    assert [(c.player, c.amount) for c in hand.collected] == [("A", 2010)]
    assert [f.code for f in audit(tmp_path, text)] == []


def test_one_amount_in_no_style_is_one_line_not_read(tmp_path: Path) -> None:
    """`A bets $1,2,3,4.56`: commas in no grouping. That line is not read (one OA106, which says what it
    withholds); the hand is read, the seat lines are not cross-checked against a hand missing a line, and no
    dealer's error follows from the misread."""
    money, _ = STYLES["dollars `$1,234.56`"]
    text = cash_hand(money, bet="$1,2,3,4.56")
    hand = read(tmp_path, text)
    assert isinstance(hand, Hand)
    assert [(d.line, d.not_read) for d in hand.defects] == [(16, True)]
    assert [(f.code, f.line) for f in audit(tmp_path, text)] == [("OA106", 16)]


def test_table_stakes_in_no_style_leave_the_hand_unread(tmp_path: Path) -> None:
    money, _ = STYLES["dollars `$1,234.56`"]
    text = cash_hand(money).replace("OMAHA_HI $5/$10,", "OMAHA_HI $5/$1,0,0,")
    item = read(tmp_path, text)
    assert isinstance(item, UnreadableHand) and item.line == 3 and "1,0,0" in item.reason


def test_play_money(tmp_path: Path) -> None:
    money, _ = STYLES["no thousands mark `$1234.56`"]
    text = cash_hand(lambda units: money(units).lstrip("$")).replace("Real money", "Play money")
    hand = read(tmp_path, text)
    assert isinstance(hand, Hand) and not hand.defects and hand.play_money
    assert [seat.stack for seat in hand.seats] == [345678, 123456]


TOURNAMENT = """***** History for hand T5-17631959-1 (TOURNAMENT: "Freeroll", R-274-69, buy-in: €0) *****
Start hand: Sat Dec 25 21:18:38 GMT+0100 2010
Table: Table #29 [17631959] (NO_LIMIT TEXAS_HOLDEM 10/20, TC)
User: besac025
Button: seat 8
Players in round: 3
Seat 9: besac025 (1500)
Seat 10: Chanel777 (1500)
Seat 8: FOUINIBABY (1500)
besac025 posts small blind (10)
Chanel777 posts big blind ({big})
---
Dealing pocket cards
Dealing to besac025: [Qc, 7h]
FOUINIBABY folds
besac025 folds
---
Summary:
Pot: {pot}
Seat 8: FOUINIBABY (1500), net: 0
Seat 9: besac025 (1490), net: -10
Seat 10: Chanel777 ({end}), net: +10
***** End of hand T5-17631959-1 *****
"""


def test_a_big_blind_other_than_the_table_lines_is_the_dealers_error(tmp_path: Path) -> None:
    """The table line's pair is the blinds (`10/20`): a big blind of 40 is reported (OA309), where the stakes
    were once taken from the posts themselves and nothing could differ."""
    right = TOURNAMENT.format(big="20", pot="30", end="1510")
    hand = read(tmp_path, right)
    assert isinstance(hand, Hand) and (hand.stakes.small_blind, hand.stakes.big_blind) == (10, 20)
    wrong = TOURNAMENT.format(big="40", pot="50", end="1510")
    assert "OA309" in [finding.code for finding in audit(tmp_path, wrong)]
