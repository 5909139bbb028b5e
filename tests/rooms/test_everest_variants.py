"""Everest's number styles, header variants and lines with no chips (omaha_audit/rooms/everest/README.md), each
claim in a hand written here: the blinds and stakes in every style the client writes them (`$0.01/$0.02`,
`0,01 €/0,02 €`, `5 €/10 €`, chips `1 750/3 500`), the amounts in cents (whole, grouped too), read back exact;
and one amount in no style is one finding on its hand, never a number.

The hand: A (button, small blind) and B post the blinds, A calls, B checks; on the flop B bets and A folds; B's
uncalled bet comes back (`PUSH`) and B wins the pot.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from omaha_audit.model import ActionKind, Game, Hand, Structure
from omaha_audit.rooms import hand_source
from omaha_audit.rules.base import Severity
from omaha_audit.run.pipeline import Auditor


def hand_text(
    blinds: str,
    small: int,
    big: int,
    money: str = "€",
    kind: str = "ring",
    game: str = "hold-em",
    limit: str = "no-limit",
    cents: Callable[[int], str] = str,
    bet: str = "",
) -> str:
    """The hand with blinds `small`/`big` cents (as `blinds` writes them); `cents` writes every other amount."""
    c = cents
    scale = 10 if big > 100000 else 1  # (stacks deep enough for the blinds)

    pot = 2 * big
    return f"""<SESSION time="1291146443" tableName="Toulouse-2" id="1.2.3" type="{kind}" money="{money}" \
screenName="A" game="{game}" gametype="{limit}"/>
<HAND time="1291155932" id="1" index="0" blinds="{blinds}" stakes="{blinds}">
  <SEAT position="0" name="A" balance="{c(121450 * scale)}"/>
  <SEAT position="1" name="B" balance="{c(200000 * scale)}"/>
  <DEALER position="0"/>
  <BLIND position="0" amount="{c(small)}" penalty="0"/>
  <BLIND position="1" amount="{c(big)}" penalty="0"/>
  <HOLE position="0">Ah</HOLE>
  <HOLE position="1">--</HOLE>
  <HOLE position="0">10h</HOLE>
  <HOLE position="1">--</HOLE>
  <CHAT time="1291155935" name="B">gl</CHAT>
  <BET position="0" amount="{c(big - small)}"/>
  <BET position="1" amount="0"/>
  <SWEEP rake="0" tax="0">{c(pot)}</SWEEP>
  <COMMUNITY>6s, 8c, Jh</COMMUNITY>
  <BET position="1" amount="{bet or c(100050 * scale)}"/>
  <FOLD position="0"/>
  <PUSH position="1" amount="{bet or c(100050 * scale)}"/>
  <SWEEP rake="0" tax="0">{c(pot)}</SWEEP>
  <WIN position="1" amount="{c(pot)}" pot="0" potAmount="{c(pot)}"/>
</HAND>
"""


def read(tmp_path: Path, text: str) -> Hand:
    path = tmp_path / "everest.txt"
    path.write_text(text, encoding="utf-8")
    (hand,) = list(hand_source().read_file(path))
    assert isinstance(hand, Hand), hand
    return hand


def audit(tmp_path: Path, text: str) -> list[tuple[str, Severity, int]]:
    path = tmp_path / "audited.txt"
    path.write_text(text, encoding="utf-8")
    auditor = Auditor(strict=True, keep_text=False)
    return [(f.code, f.severity, f.line) for item in auditor.audit_files([path]) for f in item.findings]


@pytest.mark.parametrize(
    ("blinds", "small", "big", "money", "kind"),
    [
        ("$0.01/$0.02", 1, 2, "$", "ring"),  # dollar before, decimal point
        ("0,01 €/0,02 €", 1, 2, "€", "ring"),  # euro after, decimal comma
        ("5 €/10 €", 500, 1000, "€", "ring"),  # whole euros
        ("5/10", 500, 1000, "", "tournament"),  # tournament chips (in hundredths)
        ("1 750/3 500", 175000, 350000, "", "tournament"),  # chips, space thousands
        ("1,750/3,500", 175000, 350000, "", "tournament"),  # chips, comma thousands
    ],
)
def test_every_number_style_reads_back_exact(
    tmp_path: Path, blinds: str, small: int, big: int, money: str, kind: str
) -> None:
    for cents in (str, "{:,}".format, lambda value: f"{value:,}".replace(",", " ")):  # whole, grouped
        text = hand_text(blinds, small, big, money, kind, cents=cents)
        hand = read(tmp_path, text)
        assert not hand.defects, hand.defects
        assert (hand.stakes.small_blind, hand.stakes.big_blind) == (small, big)
        scale = 10 if big > 100000 else 1
        assert [(seat.player, seat.stack) for seat in hand.seats] == [("A", 121450 * scale), ("B", 200000 * scale)]
        assert [(a.player, a.kind, a.amount) for a in hand.actions] == [
            ("A", ActionKind.POST_SMALL_BLIND, small),
            ("B", ActionKind.POST_BIG_BLIND, big),
            ("A", ActionKind.CALL, big - small),
            ("B", ActionKind.CHECK, 0),
            ("B", ActionKind.BET, 100050 * scale),
            ("A", ActionKind.FOLD, 0),
        ]
        assert [(c.player, c.amount) for c in hand.collected] == [("B", 2 * big)]
        assert hand.pot is not None and hand.pot.total == 2 * big
        assert [code for code, severity, _ in audit(tmp_path, text) if severity is not Severity.INFO] == []


@pytest.mark.parametrize(
    ("game", "limit", "game_", "structure"),
    [
        ("hold-em", "no-limit", Game.HOLDEM, Structure.NO_LIMIT),
        ("omaha-hi", "pot-limit", Game.OMAHA, Structure.POT_LIMIT),
        ("omaha-hi-lo", "pot-limit", Game.OMAHA_HI_LO, Structure.POT_LIMIT),
        ("hold-em", "fixed-limit", Game.HOLDEM, Structure.FIXED_LIMIT),
    ],
)
def test_header_variants(tmp_path: Path, game: str, limit: str, game_: Game, structure: Structure) -> None:
    text = hand_text("5 €/10 €", 500, 1000, game=game, limit=limit, bet="1000")
    if game_.is_omaha:
        text = text.replace(
            '<HOLE position="0">10h</HOLE>', '<HOLE position="0">10h</HOLE><HOLE position="0">2c</HOLE>'
        )
    hand = read(tmp_path, text)
    assert (hand.game, hand.structure) == (game_, structure)


def test_lines_with_no_chips(tmp_path: Path) -> None:
    """`<CHAT>` is an event; the cards one an element (`10h`, `--` hidden)."""
    hand = read(tmp_path, hand_text("5 €/10 €", 500, 1000))
    assert [(event.kind, event.text) for event in hand.events] == [("chat", "gl")]
    assert [str(card) for dealt in hand.dealt for card in dealt.cards] == ["Ah", "Th"]


def test_one_amount_in_no_style_is_one_finding(tmp_path: Path) -> None:
    text = hand_text("5 €/10 €", 500, 1000).replace(
        'BET position="1" amount="100050"', 'BET position="1" amount="1,7,0.0"'
    )
    hand = read(tmp_path, text)
    (defect,) = hand.defects
    assert defect.not_read and "1,7,0.0" in defect.reason and 'amount="1,7,0.0"' in defect.text
    assert ActionKind.BET not in [a.kind for a in hand.actions]
    findings = audit(tmp_path, text)
    assert [(code, line) for code, _, line in findings] == [("OA106", defect.line)], findings
