"""888poker's number styles, client languages and header forms, on hands written here (docs/ROOMS.md section 3.2,
3.4): every style 888's clients write an amount in (thousands by comma, dot, space or no-break
space; a decimal point or comma; the currency sign before or after, with or without a space) read back to
the exact amounts, one amount in no style being one line not read (a single finding), a German client's
hand audited clean, and the banner's kinds and sites."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from omaha_audit.model import ActionKind, Hand, UnreadableHand
from omaha_audit.parse.files import FileNotice
from omaha_audit.rooms import hand_source
from omaha_audit.rules.base import Finding
from omaha_audit.run.pipeline import Auditor

NBSP = "\u00a0"

# A heads-up hand at $5/$10 whose every amount goes through `money`: the stacks $1,234.56 and $3,243, the
# blinds, a raise that adds $1,000, its call of $995, an all-in bet of $229.56 nobody calls, and the pot of
# $2,010 paid as $2,007.50 (a rake of $2.50). The uncalled $229.56 is left out of the collected amount.
HAND = """#Game No : 501
***** 888poker Hand History for Game 501 *****
{sb}/{bb} Blinds No Limit Holdem - *** 04 02 2011 13:04:49
Table Baku 6 Max (Real Money)
Seat 6 is the button
Total number of players : 2
Seat 6: Ann ( {ann} )
Seat 9: Bob ( {bob} )
Ann posts small blind [{sb}]
Bob posts big blind [{bb}]
** Dealing down cards **
Dealt to Bob [ {cards} ]
Ann raises [{raise_}]
Bob calls [{call}]
** Dealing flop ** [ {flop} ]
Bob checks
Ann bets [{shove}]
Bob folds
** Summary **
Ann collected [ {won} ]
"""
AMOUNTS = {"sb": 500, "bb": 1000, "ann": 123456, "bob": 324300, "raise_": 100000, "call": 99500, "shove": 22956}
WON = 200750


def grouped(units: int, group: str, point: str) -> str:
    """`units` (cents) with thousands grouped by `group` and the cents after `point` (none when whole)."""
    whole, cents = divmod(units, 100)
    digits = f"{whole:,}".replace(",", group)
    return digits + (f"{point}{cents:02}" if cents else "")


# style -> how it writes an amount (docs/ROOMS.md section 3.2's quoted forms)
STYLES: dict[str, Callable[[int], str]] = {
    "US: `$2,141`, `$0.05`": lambda units: "$" + grouped(units, ",", "."),
    "Dutch: `$ 3.243`, `$ 552,72`": lambda units: "$ " + grouped(units, ".", ","),
    "Swedish: `5 000 $` with no-break spaces": lambda units: grouped(units, NBSP, ",") + NBSP + "$",
    "spaces: `15 788,50 $`": lambda units: grouped(units, " ", ",") + " $",
    "Russian: `7,17$`": lambda units: grouped(units, NBSP, ",") + "$",
    "euros after: `2.000 €`": lambda units: grouped(units, ".", ",") + " \u20ac",
    "euros before: `€1,234.56`": lambda units: "\u20ac" + grouped(units, ",", "."),
    "narrow no-break space: `1\u202f234,56 $`": lambda units: grouped(units, "\u202f", ",") + " $",
}


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "888.txt"
    path.write_text(text, encoding="utf-8")
    return path


def read(tmp_path: Path, text: str) -> list[Hand | UnreadableHand | FileNotice]:
    return list(hand_source().read_file(write(tmp_path, text)))


def audit(tmp_path: Path, text: str) -> list[Finding]:
    (audited,) = Auditor(strict=True, keep_text=False).audit_files([write(tmp_path, text)])
    return list(audited.findings)


def hand_text(money: Callable[[int], str], cards: str = "Ac, Kd", flop: str = "Jh, 7c, 5h", **changed: str) -> str:
    fields = {name: money(units) for name, units in AMOUNTS.items()}
    fields.update(changed)
    return HAND.format(cards=cards, flop=flop, won=changed.get("won", money(WON)), **fields)


@pytest.mark.parametrize("style", STYLES)
def test_every_number_style_reads_back_exact(tmp_path: Path, style: str) -> None:
    (hand,) = read(tmp_path, hand_text(STYLES[style]))
    assert isinstance(hand, Hand) and not hand.defects, hand
    assert hand.unit.currency == ("EUR" if "euros" in style else "USD")
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (500, 1000)
    assert [seat.stack for seat in hand.seats] == [123456, 324300]
    assert [(a.kind, a.amount) for a in hand.actions if a.amount] == [
        (ActionKind.POST_SMALL_BLIND, 500),
        (ActionKind.POST_BIG_BLIND, 1000),
        (ActionKind.RAISE, 100000),
        (ActionKind.CALL, 99500),
        (ActionKind.BET, 22956),
    ]
    assert [(c.player, c.amount) for c in hand.collected] == [("Ann", WON)]
    assert not [f.code for f in audit(tmp_path, hand_text(STYLES[style]))]


def test_tournament_chips_with_a_currency_sign_and_millions(tmp_path: Path) -> None:
    """Tournament chips printed with a sign (`( 2.000 € )`, `[ 1.183.764 $ ]`): whole chips."""
    chips = {"sb": 50, "bb": 100, "ann": 1183764, "bob": 2000, "raise_": 1000, "call": 950, "shove": 1000}
    fields = {name: grouped(100 * units, ".", ",") + " \u20ac" for name, units in chips.items()}
    fields["ann"] = "1.183.764 $"
    text = HAND.format(cards="Ac, Kd", flop="Jh, 7c, 5h", won="2.000 \u20ac", **fields)
    text = text.replace("Table Baku 6 Max (Real Money)", "Tournament #38955860 0,01 \u20ac - Table #29 (Real Money)")
    (hand,) = read(tmp_path, text)
    assert isinstance(hand, Hand) and not hand.defects and hand.unit.currency == "chips"
    assert [seat.stack for seat in hand.seats] == [1183764, 2000]
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (50, 100)
    assert [c.amount for c in hand.collected] == [2000]


def test_one_amount_in_no_style_is_one_line_not_read(tmp_path: Path) -> None:
    """`Ann bets [$1,7,0.0]`: commas in no grouping. The line is not read (OA106, which says what it
    withholds), the rest of the hand is; no dealer's error follows from it, and the hand is not unreadable."""
    text = hand_text(STYLES["US: `$2,141`, `$0.05`"], shove="$1,7,0.0")
    (hand,) = read(tmp_path, text)
    assert isinstance(hand, Hand)
    assert [(d.line, d.not_read) for d in hand.defects] == [(17, True)]
    assert not any(a.kind is ActionKind.BET for a in hand.actions)
    findings = audit(tmp_path, text)
    assert [(f.code, f.line) for f in findings] == [("OA106", 17)], [f.message for f in findings]


def test_a_german_clients_hand_is_audited_clean(tmp_path: Path) -> None:
    """888's German client: English rank letters and `10`, German suit words (`3Karo`, `KKreuz`, `QHerz`,
    `JPik`), dot thousands and decimal commas (`$ 1.234,56`); every other word is English."""
    text = hand_text(STYLES["Dutch: `$ 3.243`, `$ 552,72`"], cards="10Karo, KKreuz", flop="QHerz, JPik, 2Herz")
    (hand,) = read(tmp_path, text)
    assert isinstance(hand, Hand) and not hand.defects
    assert [str(card) for card in hand.dealt[0].cards] == ["Td", "Kc"]
    assert [str(card) for card in hand.boards[0]] == ["Qh", "Js", "2h"]
    assert audit(tmp_path, text) == []


def test_a_spanish_suit_fpdb_lists_but_no_hand_shows_is_not_read(tmp_path: Path) -> None:
    """fpdb's Spanish table has `e` and `o` suits besides `p` and `t`, with meanings (`e` diamonds, `o`
    hearts) the Spanish names do not give: not read (a line not read), never guessed (README.md)."""
    (hand,) = read(tmp_path, hand_text(STYLES["US: `$2,141`, `$0.05`"], cards="Ap, Ke", flop="Jp, 7t, 5d"))
    assert isinstance(hand, Hand)
    assert [(d.line, "'Ke'" in d.reason) for d in hand.defects] == [(12, True)]


BANNERS = {
    "***** 888poker Snap Poker Hand History for Game 501 *****": ("888poker", "zoom"),
    "***** 888.es Hand History for Game 501 *****": ("888.es", "hand"),
    "***** Cassava Hand History for Game 501 *****": ("888poker", "hand"),
    "***** 888poker.ca-on Hand History for Game 501 *****": ("888poker.ca-on", "hand"),
    "**** 888poker Hand History for Game 501 ****": ("888poker", "hand"),
}


@pytest.mark.parametrize("banner", BANNERS)
def test_banners(tmp_path: Path, banner: str) -> None:
    """The banner's site (`888.es`, `888poker.ca-on`; `Cassava` until 2014) and kind (`Snap Poker`: 888's
    fast-fold pool, a new table every hand)."""
    text = hand_text(STYLES["US: `$2,141`, `$0.05`"]).replace("***** 888poker Hand History for Game 501 *****", banner)
    (hand,) = read(tmp_path, text)
    assert isinstance(hand, Hand) and not hand.defects
    assert (hand.room, hand.kind) == BANNERS[banner]


def test_a_jackpot_table_and_play_money(tmp_path: Path) -> None:
    """`Blinds No Limit Holdem Jackpot table - ***`; `(Practice Play)`: play money, amounts with no sign."""
    us = STYLES["US: `$2,141`, `$0.05`"]
    text = hand_text(lambda units: us(units).lstrip("$"))
    text = text.replace("No Limit Holdem -", "No Limit Holdem Jackpot table -")
    text = text.replace("(Real Money)", "(Practice Play)")
    (hand,) = read(tmp_path, text)
    assert isinstance(hand, Hand) and not hand.defects
    assert hand.play_money and hand.seats[0].stack == 123456
