"""Microgaming's number styles, header variants and lines with no chips (omaha_audit/rooms/microgaming/README.md),
each claim in a game written here: one no-limit Hold'em game (version 4: a `Call` adds its chips) in every
number style the room writes, read back to the exact amounts, and one amount in no style is one finding on its
hand, never a number.

The game: A (button, small blind) and B post 5/10, A calls, B checks; on the flop B bets 1,000.50 (returned,
`MoneyReturned`) and A folds: B wins the 20 pot; the seats' endbalances agree.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from omaha_audit.model import ActionKind, Game, Hand, Structure
from omaha_audit.rooms import hand_source
from omaha_audit.rules.base import Severity
from omaha_audit.run.pipeline import Auditor

Style = Callable[[int], str]


def money(group: str) -> Style:
    def written(units: int) -> str:
        whole, fraction = divmod(units, 100)
        return f"{whole:,}".replace(",", group) + f".{fraction:02d}"

    return written


STYLES: dict[str, Style] = {"decimal point": money(""), "thousands grouped by commas": money(",")}


def game(m: Style, gametype: str = "Hold&apos;em", limit: str = "NL", bet: str = "", wrapper: bool = False) -> str:
    text = f"""<Game hhversion="4" id="1" date="2013-09-23 14:41:33" tablename="T" stakes="{m(500)}|{m(1000)}" \
betlimit="{limit}" tabletype="Cash Game" gametypeid="1" gametype="{gametype}" realmoney="true" currencysymbol="rCA=" \
rake="0" playerseat="1" istournament="0">
<Seats>
<Seat num="1" alias="A" balance="{m(121450)}" endbalance="{m(120450)}" dealer="true"/>
<Seat num="2" alias="B" balance="{m(200000)}" endbalance="{m(201000)}"/>
</Seats>
<Gameplay>
<Action seq="1" type="SmallBlind" seat="1" value="{m(500)}"/>
<Action seq="2" type="BigBlind" seat="2" value="{m(1000)}"/>
<Action seq="3" type="DealCards" seat="1"><Card value="A" suit="s" id="0"/><Card value="A" suit="h" id="39"/></Action>
<Action seq="4" type="Call" seat="1" value="{m(500)}"/>
<Action seq="5" type="Check" seat="2"/>
<Action seq="6" type="DealFlop"><Card value="J" suit="s" id="10"/><Card value="K" suit="h" id="51"/>\
<Card value="10" suit="d" id="35"/></Action>
<Action seq="7" type="Disconnect" seat="1"/>
<Action seq="8" type="Reconnect" seat="1"/>
<Action seq="9" type="Bet" seat="2" value="{bet or m(100050)}"/>
<Action seq="10" type="Fold" seat="1"/>
<Action seq="11" type="MoneyReturned" seat="2" value="{m(100050)}"/>
<Action type="Win"><Seat num="2" amount="{m(2000)}" pot="0" type="" lowhandwin="0"/></Action>
</Gameplay>
</Game>
"""
    return f"----PRIMA.DAT----\n\n{text}ExtendedTableName: T [1]\n" if wrapper else text


def read(tmp_path: Path, text: str) -> Hand:
    path = tmp_path / "game.txt"
    path.write_text(text, encoding="utf-8")
    (hand,) = list(hand_source().read_file(path))
    assert isinstance(hand, Hand), hand
    return hand


def audit(tmp_path: Path, text: str) -> list[tuple[str, Severity, int]]:
    path = tmp_path / "audited.txt"
    path.write_text(text, encoding="utf-8")
    auditor = Auditor(strict=True, keep_text=False)
    return [(f.code, f.severity, f.line) for item in auditor.audit_files([path]) for f in item.findings]


@pytest.mark.parametrize("name", list(STYLES))
def test_every_number_style_reads_back_exact(tmp_path: Path, name: str) -> None:
    text = game(STYLES[name])
    hand = read(tmp_path, text)
    assert not hand.defects, hand.defects
    assert (hand.unit.currency, hand.stakes.small_blind, hand.stakes.big_blind) == ("EUR", 500, 1000)
    assert [(seat.player, seat.stack) for seat in hand.seats] == [("A", 121450), ("B", 200000)]
    assert [(a.player, a.kind, a.amount) for a in hand.actions] == [
        ("A", ActionKind.POST_SMALL_BLIND, 500),
        ("B", ActionKind.POST_BIG_BLIND, 1000),
        ("A", ActionKind.CALL, 500),
        ("B", ActionKind.CHECK, 0),
        ("B", ActionKind.BET, 100050),
        ("A", ActionKind.FOLD, 0),
    ]
    assert [(u.player, u.amount) for u in hand.uncalled] == [("B", 100050)]
    assert [(c.player, c.amount) for c in hand.collected] == [("B", 2000)]
    assert [code for code, severity, _ in audit(tmp_path, text) if severity is not Severity.INFO] == []


def test_the_rake_is_in_cents(tmp_path: Path) -> None:
    text = game(STYLES["decimal point"]).replace('rake="0"', 'rake="3"').replace('amount="20.00"', 'amount="19.97"')
    text = text.replace('endbalance="2010.00"', 'endbalance="2009.97"')
    hand = read(tmp_path, text)
    assert not hand.defects and hand.pot is not None and hand.pot.rake == 3


@pytest.mark.parametrize(
    ("gametype", "limit", "game_", "structure"),
    [
        ("Hold&apos;em", "NL", Game.HOLDEM, Structure.NO_LIMIT),
        ("Omaha", "PL", Game.OMAHA, Structure.POT_LIMIT),
        ("Omaha H/L", "PL", Game.OMAHA_HI_LO, Structure.POT_LIMIT),
    ],
)
def test_header_variants(tmp_path: Path, gametype: str, limit: str, game_: Game, structure: Structure) -> None:
    m = STYLES["decimal point"]
    for wrapped in (False, True):  # bare, and wrapped as PRIMA.DAT
        hand = read(tmp_path, game(m, gametype, limit, m(2000), wrapped).replace(m(100050), m(2000)))
        assert (hand.game, hand.structure) == (game_, structure)


def test_lines_with_no_chips_are_events(tmp_path: Path) -> None:
    hand = read(tmp_path, game(STYLES["decimal point"]))
    assert [event.kind for event in hand.events] == ["disconnect", "reconnect"]


def test_one_amount_in_no_style_is_one_finding(tmp_path: Path) -> None:
    text = game(STYLES["decimal point"], bet="1,7,0.0")
    hand = read(tmp_path, text)
    (defect,) = hand.defects
    assert defect.not_read and "1,7,0.0" in defect.reason and 'value="1,7,0.0"' in defect.text
    assert ActionKind.BET not in [a.kind for a in hand.actions]
    findings = audit(tmp_path, text)
    assert [(code, line) for code, _, line in findings] == [("OA106", defect.line)], findings


def test_a_tournament_reads_its_chips(tmp_path: Path) -> None:
    """`istournament="1"`: chips, whole; a hand whose chips have decimals is read again in hundredths."""
    m = STYLES["decimal point"]
    text = game(m).replace('istournament="0"', 'istournament="1"').replace('tabletype="Cash Game"', 'tabletype="MTT"')
    hand = read(tmp_path, text)
    assert not hand.defects and hand.tournament is not None
    assert (hand.unit.currency, hand.unit.decimals) == ("chips", 2)  # (1214.50: chips with decimals)
    whole = text.replace(m(121450), m(121400)).replace(m(120450), m(120400)).replace(m(100050), m(100000))
    hand = read(tmp_path, whole)
    assert not hand.defects and (hand.unit.decimals, hand.seats[0].stack) == (0, 1214)
    assert [a.amount for a in hand.actions] == [5, 10, 5, 0, 1000, 0]
