"""iPoker's number styles, header variants and lines with no chips (omaha_audit/rooms/ipoker/README.md), each
claim in a session written here: the same heads-up game in every number style the network's skins write, read
back to the exact amounts; a session whose amounts tell no decimal mark takes its first game's; tournament chips
grouped by commas, dots or spaces; and one amount in no style is one finding on its hand, never a number.

The game (no-limit Hold'em): Hero (button, small blind) and Villain post 5/10, Hero calls 5, Villain checks; on
the flop Villain bets 1,000.50 and Hero folds. An old client (no `client_version`): Villain's `win` holds his
uncalled 1,000.50, so the pot's 20 is what he collected.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from patching import break_method

from omaha_audit.model import ActionKind, Game, Hand, Structure, UnreadableHand
from omaha_audit.parse.files import FileNotice
from omaha_audit.rooms import hand_source
from omaha_audit.rules.base import Severity
from omaha_audit.run.pipeline import Auditor

Style = Callable[[int], str]


def style(sign: str, after: bool, group: str, point: str, space: str = "", pad: int = 1) -> Style:
    """An amount in cents as a skin writes it: the sign before or after (with `space` between), thousands
    grouped by `group`, the decimal `point`, decimals only where there are cents, the whole part padded with
    leading zeros to `pad` digits."""

    def written(cents: int) -> str:
        whole, fraction = divmod(cents, 100)
        digits = f"{whole:,}".replace(",", group) if group else str(whole)
        digits = digits.zfill(pad)
        text = digits + (f"{point}{fraction:02d}" if fraction else "")
        return f"{text}{space}{sign}" if after else f"{sign}{space}{text}"

    return written


STYLES: dict[str, Style] = {
    "dollar, comma thousands, decimal point": style("$", False, ",", "."),
    "euro after, dot thousands, decimal comma": style("€", True, ".", ","),
    "euro after a space, space thousands, decimal comma": style("€", True, " ", ",", " "),
    "euro after a space, no-break space thousands": style("€", True, "\u00a0", ",", " "),
    "dinar code before, no space": style("RSD", False, ",", "."),
    "pound, no grouping": style("£", False, "", "."),
    "krona after, space thousands": style("kr", True, " ", ",", " "),
    "euro read as cp1252 (â‚¬)": style("\u00e2\u201a\u00ac", False, ",", "."),
    "leading zeros (Betclic, FDJ)": style("€", True, "", ",", "", pad=3),
}


def session(money: Style, extra: str = "", gametype: str = "Holdem NL {sb}/{bb}", client: str = "") -> str:
    sb, bb = money(500), money(1000)
    return f"""<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="1">
 <general>{client}
  <gametype>{gametype.format(sb=sb, bb=bb)}</gametype>
  <tablename>Variants, 1</tablename>
  <nickname>Hero</nickname>{extra}
 </general>
"""


def game(money: Style, code: int = 1, bet: str | None = None) -> str:
    return f""" <game gamecode="{code}">
  <general>
   <startdate>2020-01-01 10:00:00</startdate>
   <players>
    <player seat="1" name="Hero" chips="{money(121450)}" dealer="1" win="{money(0)}" bet="{money(1000)}"/>
    <player seat="2" name="Villain" chips="{money(200000)}" dealer="0" win="{money(102050)}" bet="{money(101050)}"/>
   </players>
  </general>
  <round no="0">
   <action no="1" player="Hero" type="1" sum="{money(500)}"/>
   <action no="2" player="Villain" type="2" sum="{money(1000)}"/>
  </round>
  <round no="1">
   <cards type="Pocket" player="Hero">SA HA</cards>
   <action no="3" player="Hero" type="3" sum="{money(500)}"/>
   <cards type="Pocket" player="Villain">X X</cards>
   <action no="4" player="Villain" type="4" sum="{money(0)}"/>
  </round>
  <round no="2">
   <cards type="Flop" player="">SJ HK DA</cards>
   <action no="5" player="Villain" type="5" sum="{bet or money(100050)}"/>
   <action no="6" player="Hero" type="0" sum="{money(0)}"/>
  </round>
 </game>
"""


def read(tmp_path: Path, text: str) -> list[Hand | UnreadableHand | FileNotice]:
    path = tmp_path / "session.xml"
    path.write_text(text, encoding="utf-8")
    return list(hand_source().read_file(path))


def audit(tmp_path: Path, text: str) -> list[tuple[str, Severity, int]]:
    path = tmp_path / "audited.xml"
    path.write_text(text, encoding="utf-8")
    auditor = Auditor(strict=True, keep_text=False)
    return [(f.code, f.severity, f.line) for item in auditor.audit_files([path]) for f in item.findings]


def amounts(hand: Hand) -> tuple[object, ...]:
    return (
        [(seat.player, seat.stack) for seat in hand.seats],
        [(a.player, a.kind, a.amount) for a in hand.actions],
        [(c.player, c.amount) for c in hand.collected],
        (hand.stakes.small_blind, hand.stakes.big_blind),
    )


EXPECTED = (
    [("Hero", 121450), ("Villain", 200000)],
    [
        ("Hero", ActionKind.POST_SMALL_BLIND, 500),
        ("Villain", ActionKind.POST_BIG_BLIND, 1000),
        ("Hero", ActionKind.CALL, 500),
        ("Villain", ActionKind.CHECK, 0),
        ("Villain", ActionKind.BET, 100050),
        ("Hero", ActionKind.FOLD, 0),
    ],
    [("Villain", 2000)],
    (500, 1000),
)


@pytest.mark.parametrize("name", list(STYLES))
def test_every_number_style_reads_back_exact(tmp_path: Path, name: str) -> None:
    money = STYLES[name]
    text = session(money) + game(money) + game(money, 2) + "</session>\n"
    items = read(tmp_path, text)
    assert [type(item).__name__ for item in items] == ["Hand", "Hand"]
    for hand in items:
        assert isinstance(hand, Hand) and not hand.defects, hand
        assert amounts(hand) == EXPECTED
    assert [code for code, severity, _ in audit(tmp_path, text) if severity is not Severity.INFO] == []


def test_the_sessions_decimal_mark_decides_a_lone_mark_before_three_digits(tmp_path: Path) -> None:
    """`1,000` is 1 in a session whose amounts write decimal commas, 1000 in one of decimal points: the mark the
    session's block shows (`<bets>`), else its first game's, is passed to the kit."""
    comma = STYLES["euro after, dot thousands, decimal comma"]
    told = session(comma, "\n  <bets>507,79 €</bets>")
    one = game(comma).replace(f'chips="{comma(121450)}"', 'chips="1,000 €"')
    (hand,) = read(tmp_path, told + one + "</session>\n")
    assert isinstance(hand, Hand) and hand.seats[0].stack == 100  # 1,000 € with decimal commas: one euro
    point = STYLES["dollar, comma thousands, decimal point"]
    thousand = game(point).replace(f'chips="{point(121450)}"', 'chips="$1,000"')
    (hand,) = read(tmp_path, session(point) + thousand + "</session>\n")  # (the game's $1,020.50... tell it)
    assert isinstance(hand, Hand) and hand.seats[0].stack == 100000
    # in a session of decimal commas, an amount in the other style is refused, never read as another number
    wrong = game(comma).replace(f'sum="{comma(100050)}"', 'sum="1,000.50€"')
    (hand,) = read(tmp_path, told + wrong + "</session>\n")
    assert isinstance(hand, Hand) and [d.reason for d in hand.defects if d.not_read]
    assert ActionKind.BET not in [a.kind for a in hand.actions]


@pytest.mark.parametrize(
    ("group", "buyin"),
    [(",", "€30.00+€3.00"), (".", "30,00 €+3,00 €"), (" ", ""), ("\u00a0", "")],
    ids=["comma", "dot", "space", "no-break space"],
)
def test_tournament_chips_grouped_every_way(tmp_path: Path, group: str, buyin: str) -> None:
    """Tournament chips (`Holdem NL`, no stakes) grouped by commas (`5,350`), dots (`1.500`, in a session whose
    buy-in writes decimal commas) or spaces; the blinds are the posts'."""

    def chips(cents: int) -> str:
        return f"{cents // 100:,}".replace(",", group)

    extra = f"\n  <tournamentname>Test</tournamentname>\n  <buyin>{buyin}</buyin>"
    text = session(chips, extra, "Holdem NL") + game(chips) + "</session>\n"
    text = text.replace(f'sum="{chips(100050)}"', f'sum="{chips(100000)}"')
    text = text.replace(f'win="{chips(102050)}"', f'win="{chips(102000)}"')
    text = text.replace(f'bet="{chips(101050)}"', f'bet="{chips(101000)}"')
    (hand,) = read(tmp_path, text)
    assert isinstance(hand, Hand) and not hand.defects and hand.tournament is not None, hand
    assert (hand.unit.currency, hand.unit.decimals, hand.game) == ("chips", 0, Game.HOLDEM)
    assert [seat.stack for seat in hand.seats] == [1214, 2000]
    assert [a.amount for a in hand.actions] == [5, 10, 5, 0, 1000, 0]
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (5, 10)


def test_tournament_chips_with_decimals_are_read_in_hundredths(tmp_path: Path) -> None:
    def chips(cents: int) -> str:
        return f"{cents // 100:,}" + (f".{cents % 100:02d}" if cents % 100 else "")

    extra = "\n  <tournamentname>Test</tournamentname>"
    text = session(chips, extra, "Holdem NL") + game(chips) + "</session>\n"
    (hand,) = read(tmp_path, text)
    assert isinstance(hand, Hand) and not hand.defects and hand.unit.decimals == 2
    assert [a.amount for a in hand.actions] == [500, 1000, 500, 0, 100050, 0]


@pytest.mark.parametrize(
    ("gametype", "game_", "structure", "stakes"),
    [
        ("Omaha PL {sb}/{bb}", Game.OMAHA, Structure.POT_LIMIT, (500, 1000)),
        ("Omaha Hi-Lo PL {sb}/{bb}", Game.OMAHA_HI_LO, Structure.POT_LIMIT, (500, 1000)),
        ("PL {sb}/{bb}", Game.OMAHA, Structure.POT_LIMIT, (500, 1000)),  # no game word: the pockets decide
        ("LH {sb}/{bb} x2 Limit {sb}/{bb}", Game.HOLDEM, Structure.FIXED_LIMIT, (None, None)),  # the bets
        ("Holdem SL {sb}/{bb}", Game.HOLDEM, Structure.NO_LIMIT, (500, 1000)),  # Spanish `sin límite`
        ("Holdem LP {sb}/{bb}", Game.HOLDEM, Structure.POT_LIMIT, (500, 1000)),  # French `limite du pot`
        ("Holdem БЛ {sb}/{bb}", Game.HOLDEM, Structure.NO_LIMIT, (500, 1000)),  # Russian `без лимита`
        ("Holdem LZ {sb}/{bb}", Game.HOLDEM, Structure.NO_LIMIT, (500, 1000)),  # (fpdb's no-limit word)
        ("Holdem No limit {sb}/{bb}", Game.HOLDEM, Structure.NO_LIMIT, (500, 1000)),
        ("Omaha Pot limit {sb}/{bb}", Game.OMAHA, Structure.POT_LIMIT, (500, 1000)),
        ("Omaha HiLow PL {sb}/{bb}", Game.OMAHA_HI_LO, Structure.POT_LIMIT, (500, 1000)),
        ("Six Plus Holdem NL {sb}/{bb}", Game.SIX_PLUS_HOLDEM, Structure.NO_LIMIT, (500, 1000)),
        ("Holdem NL {sb}/{bb} Ante {sb}", Game.HOLDEM, Structure.NO_LIMIT, (500, 1000)),  # the ante: the posts'
    ],
)
def test_header_variants(tmp_path: Path, gametype: str, game_: Game, structure: Structure, stakes: object) -> None:
    money = STYLES["dollar, comma thousands, decimal point"]
    text = session(money, gametype=gametype) + game(money).replace(f'sum="{money(100050)}"', 'sum="$20"')
    text = text.replace(f'win="{money(102050)}"', 'win="$40"').replace(f'bet="{money(101050)}"', 'bet="$30"')
    if game_.is_omaha:
        text = text.replace("SA HA</", "SA HA D10 C2</").replace("X X</", "X X X X</")
    (hand,) = read(tmp_path, text + "</session>\n")
    assert isinstance(hand, Hand) and not hand.defects, hand
    assert (hand.game, hand.structure, (hand.stakes.small_blind, hand.stakes.big_blind)) == (game_, structure, stakes)


def test_lines_with_no_chips_are_events(tmp_path: Path) -> None:
    """`type="8"` (joined the table: no action this hand) and `type="9"` (sitting out) move no chips: events."""
    money = STYLES["dollar, comma thousands, decimal point"]
    extra = """
   <action no="0" player="Watcher" type="8" sum="$0"/>
   <action no="0" player="Napper" type="9" sum="$0"/>"""
    text = session(money) + game(money).replace('sum="$10"/>\n  </round>', 'sum="$10"/>' + extra + "\n  </round>", 1)
    (hand,) = read(tmp_path, text + "</session>\n")
    assert isinstance(hand, Hand) and not hand.defects
    assert [event.kind for event in hand.events] == ["joined", "sitting-out"]
    assert amounts(hand) == EXPECTED


def test_one_amount_in_no_style_is_one_finding(tmp_path: Path) -> None:
    """Villain's flop bet written `1,7,0.0`: that action is a line not read (OA106), the game is read and no
    dealer's error is reported on it."""
    money = STYLES["dollar, comma thousands, decimal point"]
    text = session(money) + game(money, bet="$1,7,0.0") + "</session>\n"
    (hand,) = read(tmp_path, text)
    assert isinstance(hand, Hand)
    (defect,) = hand.defects
    assert defect.not_read and "1,7,0.0" in defect.reason and 'sum="$1,7,0.0"' in defect.text
    assert ActionKind.BET not in [a.kind for a in hand.actions]
    findings = audit(tmp_path, text)
    assert [(code, line) for code, _, line in findings] == [("OA106", defect.line)], findings


def test_a_readers_own_failure_is_oa104_on_its_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from omaha_audit.rooms.ipoker import reader

    def broken(self: object) -> Hand:
        raise KeyError("a reader bug")

    break_method(monkeypatch, reader.HandMaker, "make", broken)
    money = STYLES["dollar, comma thousands, decimal point"]
    items = read(tmp_path, session(money) + game(money) + "</session>\n")
    assert [(type(item).__name__, getattr(item, "internal", None)) for item in items] == [("UnreadableHand", True)]
    assert [code for code, _, _ in audit(tmp_path, session(money) + game(money) + "</session>\n")] == ["OA104"]
