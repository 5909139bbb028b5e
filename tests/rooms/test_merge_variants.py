"""Merge Gaming's number styles, header variants and lines with no chips (omaha_audit/rooms/merge/README.md),
each claim in a game written here: one no-limit Hold'em game in every number style the room writes, read back to
the exact amounts, and one amount in no style is one finding on its hand, never a number.

The game: A (button, small blind) and B post $5/$10, A calls, B checks; on the flop B bets $1,000.50 (returned,
`uncalled="true"`) and A folds: B collects the $20 pot.
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


def money(group: str, sign: str = "", cents: bool = True) -> Style:
    """Cents as Merge writes them: a decimal point (two places always, or only where there are cents), thousands
    grouped by `group`, a sign before."""

    def written(units: int) -> str:
        whole, fraction = divmod(units, 100)
        digits = f"{whole:,}".replace(",", group)
        return f"{sign}{digits}" + (f".{fraction:02d}" if cents or fraction else "")

    return written


STYLES: dict[str, tuple[Style, Style]] = {  # (amounts, balances)
    "decimal point, balances with a dollar": (money(""), money("", "$")),
    "thousands grouped by commas": (money(","), money(",", "$")),
    "whole amounts without decimals": (money("", cents=False), money("", "$", cents=False)),
}


def game(amount: Style, balance: Style, stakes: str = "No Limit ($5/$10)", kind: str = "Holdem", bet: str = "") -> str:
    return f"""<description type="{kind}" stakes="{stakes}"/>
<game id="1-1" starttime="20110428130032" numholecards="2" gametype="2" realmoney="true" \
data="20110428|T (1)|1|1-1|false">
\t<players dealer="0">
\t\t<player seat="0" nickname="A" balance="{balance(121450)}" dealtin="true" />
\t\t<player seat="1" nickname="B" balance="{balance(200000)}" dealtin="true" />
\t</players>
\t<round id="BLINDS" sequence="1">
\t\t<event sequence="1" type="SMALL_BLIND" player="0" amount="{amount(500)}"/>
\t\t<event sequence="2" type="BIG_BLIND" player="1" amount="{amount(1000)}"/>
\t</round>
\t<round id="PREFLOP" sequence="2">
\t\t<event sequence="3" type="CALL" player="0" amount="{amount(500)}"/>
\t\t<event sequence="4" type="CHECK" player="1"/>
\t\t<event sequence="5" type="CHAT" player="1" text="gl"/>
\t\t<cards type="HOLE" cards="As,Ah" player="0"/>
\t</round>
\t<round id="POSTFLOP" sequence="3">
\t\t<event sequence="6" type="BET" player="1" amount="{bet or amount(100050)}"/>
\t\t<event sequence="7" type="DISCONNECTED" player="0"/>
\t\t<event sequence="8" type="RECONNECTED" player="0"/>
\t\t<event sequence="9" type="FOLD" player="0"/>
\t\t<cards type="COMMUNITY" cards="Js,Kh,Ad"/>
\t</round>
\t<round id="END_OF_FOLDED_GAME" sequence="4">
\t\t<winner amount="{amount(100050)}" uncalled="true" potnumber="2" player="1" pottype="n"/>
\t\t<winner amount="{amount(2000)}" uncalled="false" potnumber="1" player="1" pottype="n"/>
\t</round>
</game>
"""


def read(tmp_path: Path, text: str) -> Hand:
    path = tmp_path / "merge.txt"
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
    amount, balance = STYLES[name]
    text = game(amount, balance)
    hand = read(tmp_path, text)
    assert not hand.defects
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


@pytest.mark.parametrize(
    ("kind", "stakes", "game_", "structure", "blinds", "bets"),
    [
        ("Holdem", "No Limit ($5/$10)", Game.HOLDEM, Structure.NO_LIMIT, (500, 1000), (None, None)),
        ("Omaha", "Pot Limit ($5/$10)", Game.OMAHA, Structure.POT_LIMIT, (500, 1000), (None, None)),
        ("Holdem", "Limit $10/$20", Game.HOLDEM, Structure.FIXED_LIMIT, (None, None), (1000, 2000)),
        ("Holdem", "No Limit ($1,000/$2,000)", Game.HOLDEM, Structure.NO_LIMIT, (100000, 200000), (None, None)),
    ],
)
def test_header_variants(
    tmp_path: Path, kind: str, stakes: str, game_: Game, structure: Structure, blinds: object, bets: object
) -> None:
    amount, balance = STYLES["decimal point, balances with a dollar"]
    text = game(amount, balance, stakes, kind)
    if game_ is Game.OMAHA:
        text = text.replace('numholecards="2"', 'numholecards="4"').replace("As,Ah", "As,Ah,Kd,Kc")
    hand = read(tmp_path, text)
    assert (hand.game, hand.structure) == (game_, structure)
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == blinds
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == bets


def test_a_tournament_reads_its_chips(tmp_path: Path) -> None:
    """`Holdem Tournament` with `No Limit` and no stakes: chips (`1214.00` whole), the balances printed after the
    blinds, the blinds the posts'."""
    chips = money("", cents=True)
    text = game(chips, chips, "No Limit", "Holdem Tournament").replace(chips(100050), chips(100000))
    text = text.replace(chips(121450), chips(121400))
    text = text.replace('data="20110428|T (1)|1|1-1|false"', 'data="20110428|T (1)|777-3|1-1|false"')
    hand = read(tmp_path, text)
    assert not hand.defects and (hand.unit.currency, hand.unit.decimals) == ("chips", 0)
    assert [seat.stack for seat in hand.seats] == [1214 + 5, 2000 + 10]
    # chips with decimals: the game is read again in hundredths
    decimals = read(tmp_path, text.replace(chips(121400), chips(121450)))
    assert not decimals.defects and decimals.unit.decimals == 2 and decimals.seats[0].stack == 121450 + 500
    assert hand.tournament is not None and hand.tournament.tournament_id == "777"


def test_lines_with_no_chips_are_events(tmp_path: Path) -> None:
    amount, balance = STYLES["decimal point, balances with a dollar"]
    hand = read(tmp_path, game(amount, balance))
    assert [event.kind for event in hand.events] == ["chat", "disconnected", "reconnected"]


def test_one_amount_in_no_style_is_one_finding(tmp_path: Path) -> None:
    amount, balance = STYLES["decimal point, balances with a dollar"]
    text = game(amount, balance, bet="1,7,0.0")
    hand = read(tmp_path, text)
    (defect,) = hand.defects
    assert defect.not_read and "1,7,0.0" in defect.reason and 'amount="1,7,0.0"' in defect.text
    assert ActionKind.BET not in [a.kind for a in hand.actions]
    findings = audit(tmp_path, text)
    assert [(code, line) for code, _, line in findings] == [("OA106", defect.line)], findings
