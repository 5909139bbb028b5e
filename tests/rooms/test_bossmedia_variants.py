"""Boss Media's number styles, header variants and lines with no chips (omaha_audit/rooms/bossmedia/README.md),
each claim in a hand written here: one no-limit Hold'em hand in every number style the room writes, read back to
the exact amounts (cards numbered 0-51), and one amount in no style is one finding on its hand, never a number.

The hand: A (button, small blind) and B post 5/10, A calls, B checks; on the flop B bets 1,000.50 and A folds: B
wins the 20 pot (the uncalled bet is in no figure).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from patching import break_method

from omaha_audit.model import ActionKind, Game, Hand, Structure, UnreadableHand
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


def card(link: str) -> str:
    return f'<CARD LINK="{link}"></CARD>'


def history(m: Style, game: str = "GAME_THM", limit: str = "NL", kind: str = "GAMEKIND_CASH", bet: str = "") -> str:
    return f"""<HISTORY ID="1" SESSION="session1.xml" TABLE="T" GAME="{game}" GAMETYPE="GAMETYPE_REAL" \
GAMEKIND="{kind}" TABLECURRENCY="USD" LIMIT="{limit}" STAKES="{m(500)}/{m(1000)}" DATE="1395094259" TABLETOURNEYID="" \
BET="0.00" POT="20.00" WIN="0.00" LOSS="0.00" ENDTIME="1395094344">
<PLAYER NAME="A" SEAT="1" AMOUNT="{m(121450)}" STATE="STATE_PLAYING" DEALER="Y"></PLAYER>
<PLAYER NAME="B" SEAT="2" AMOUNT="{m(200000)}" STATE="STATE_PLAYING" DEALER="N"></PLAYER>
<PLAYER NAME="UNKNOWN" SEAT="3" AMOUNT="0.00" STATE="STATE_EMPTY" DEALER="N"></PLAYER>
<ACTION TYPE="HAND_BLINDS" PLAYER="A" KIND="HAND_SB" VALUE="{m(500)}"></ACTION>
<ACTION TYPE="HAND_BLINDS" PLAYER="B" KIND="HAND_BB" VALUE="{m(1000)}"></ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="B">{card("b")}{card("b")}</ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="A">{card("13")}{card("26")}</ACTION>
<ACTION TYPE="ACTION_CALL" PLAYER="A" VALUE="{m(500)}"></ACTION>
<ACTION TYPE="ACTION_CHECK" PLAYER="B"></ACTION>
<ACTION TYPE="HAND_BOARD" VALUE="BOARD_FLOP" POT="{m(2000)}" RAKE="0.00" MAINPOT="{m(2000)}" LEFTPOT="" RIGHTPOT="">\
{card("10")}{card("51")}{card("9")}</ACTION>
<ACTION TYPE="ACTION_BET" PLAYER="B" VALUE="{bet or m(100050)}"></ACTION>
<ACTION TYPE="ACTION_FOLD" PLAYER="A"></ACTION>
<SHOWDOWN NAME="HAND_SHOWDOWN" POT="{m(2000)}" RAKE="0.00" MAINPOT="{m(2000)}" LEFTPOT="" RIGHTPOT="">
<RESULT PLAYER="B" WIN="{m(2000)}" HAND="$(STR_BY_DEFAULT)" WINCARDS="">{card("b")}{card("b")}</RESULT>
<RESULT PLAYER="A" WIN="0.00" HAND="$(STR_G_FOLD)" WINCARDS="">{card("13")}{card("26")}</RESULT></SHOWDOWN></HISTORY>
"""


def read(tmp_path: Path, text: str) -> Hand:
    path = tmp_path / "hand.xml"
    path.write_text(text, encoding="utf-8")
    (hand,) = list(hand_source().read_file(path))
    assert isinstance(hand, Hand), hand
    return hand


def audit(tmp_path: Path, text: str) -> list[tuple[str, Severity, int]]:
    path = tmp_path / "audited.xml"
    path.write_text(text, encoding="utf-8")
    auditor = Auditor(strict=True, keep_text=False)
    return [(f.code, f.severity, f.line) for item in auditor.audit_files([path]) for f in item.findings]


@pytest.mark.parametrize("name", list(STYLES))
def test_every_number_style_reads_back_exact(tmp_path: Path, name: str) -> None:
    text = history(STYLES[name])
    hand = read(tmp_path, text)
    assert not hand.defects, hand.defects
    assert (hand.unit.currency, hand.stakes.small_blind, hand.stakes.big_blind) == ("USD", 500, 1000)
    assert [(seat.player, seat.stack) for seat in hand.seats] == [("A", 121450), ("B", 200000)]
    assert [(a.player, a.kind, a.amount) for a in hand.actions] == [
        ("A", ActionKind.POST_SMALL_BLIND, 500),
        ("B", ActionKind.POST_BIG_BLIND, 1000),
        ("A", ActionKind.CALL, 500),
        ("B", ActionKind.CHECK, 0),
        ("B", ActionKind.BET, 100050),
        ("A", ActionKind.FOLD, 0),
    ]
    assert [(c.player, c.amount) for c in hand.collected] == [("B", 2000)]
    # cards by number: 13 the ace of clubs, 26 of hearts; the flop 10, 51, 9: Jd Ks Td
    assert [str(c) for d in hand.dealt for c in d.cards] == ["Ac", "Ah"]
    assert [str(c) for c in hand.boards[0]] == ["Jd", "Ks", "Td"]
    assert [code for code, severity, _ in audit(tmp_path, text) if severity is not Severity.INFO] == []


@pytest.mark.parametrize(
    ("game", "limit", "kind", "game_", "structure"),
    [
        ("GAME_THM", "NL", "GAMEKIND_CASH", Game.HOLDEM, Structure.NO_LIMIT),
        ("GAME_OMA", "PL", "GAMEKIND_CASH", Game.OMAHA, Structure.POT_LIMIT),
        ("GAME_OMAHL", "PL", "GAMEKIND_CASH", Game.OMAHA_HI_LO, Structure.POT_LIMIT),
        ("GAME_THM", "FL", "GAMEKIND_CASH", Game.HOLDEM, Structure.FIXED_LIMIT),
        ("GAME_THM", "NL", "GAMEKIND_TOURNAMENT", Game.HOLDEM, Structure.NO_LIMIT),
    ],
)
def test_header_variants(tmp_path: Path, game: str, limit: str, kind: str, game_: Game, structure: Structure) -> None:
    m = STYLES["decimal point"]
    hand = read(tmp_path, history(m, game, limit, kind, bet=m(2000)))
    assert (hand.game, hand.structure) == (game_, structure)
    if kind == "GAMEKIND_TOURNAMENT":  # chips with decimals: read in hundredths
        assert hand.tournament is not None and (hand.unit.currency, hand.unit.decimals) == ("chips", 2)


def test_empty_seats_are_no_seats(tmp_path: Path) -> None:
    hand = read(tmp_path, history(STYLES["decimal point"]))
    assert [seat.seat for seat in hand.seats] == [1, 2]


def test_one_amount_in_no_style_is_one_finding(tmp_path: Path) -> None:
    text = history(STYLES["decimal point"], bet="1,7,0.0")
    hand = read(tmp_path, text)
    (defect,) = hand.defects
    assert defect.not_read and "1,7,0.0" in defect.reason and 'VALUE="1,7,0.0"' in defect.text
    assert ActionKind.BET not in [a.kind for a in hand.actions]
    findings = audit(tmp_path, text)
    assert [(code, line) for code, _, line in findings] == [("OA106", defect.line)], findings


def test_a_readers_own_failure_is_oa104_on_its_hand(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """(The XML rooms' format, xml_format.py, wraps Merge's, Microgaming's and Everest's readers the same way.)"""
    from omaha_audit.rooms.bossmedia import reader

    def broken(self: object) -> Hand:
        raise KeyError("a reader bug")

    break_method(monkeypatch, reader.BossHand, "build", broken)
    path = tmp_path / "hand.xml"
    path.write_text(history(STYLES["decimal point"]), encoding="utf-8")
    (item,) = list(hand_source().read_file(path))
    assert isinstance(item, UnreadableHand) and item.internal and "a reader bug" in item.reason
    assert [code for code, _, _ in audit(tmp_path, history(STYLES["decimal point"]))] == ["OA104"]
