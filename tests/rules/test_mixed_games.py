"""The games replayed beside the flop games, stud and draw, that only a few rooms deal: five-card stud (Full
Tilt, iPoker), 2-7 razz, Badeucey and 2-7 Drawmaha (Kings Club), on the corpus's own hands (copied here whole,
bytes as the rooms wrote them, so that the test runs without ../shared). Each real hand is audited as it is (its
findings are the listed ones), then with one dealer error put in by changing a line, which the audit must
report: the player who brings in (2-7 razz: the highest up card, ace high; five-card stud: the lowest), who acts
first from the second up card on (2-7 razz: the lowest 2-7 hand showing; five-card stud: the highest), and the
split of Badeucey (badugi with aces high, 2-7) and 2-7 Drawmaha (the board's Omaha high, the hand's 2-7 low).
RULES.md ST-1, ST-3, ST-6, ST-7, SG-1, SG-2.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from text_audit import audit_text

from omaha_audit.model import Game, Hand
from omaha_audit.rules.base import Severity

# KingsClub/fpdb-3/cash/Stud/2-7 Razz-USD-22-44-202101.txt
RAZZ_27 = """
#40091899: Limit 2-7 Razz - 22/44
2021-01-06 07:03:50
Table 'Crazy Anti-Nit Mix'
Seat 1: Player0 (1,827.32)
Seat 2: Player1 (440)
Seat 3: Player2 (2,150.12)
Seat 4: Player3 (1,161.97)
Seat 5: Player4 (497.66)
Seat 6: Player5 (739.68)
Seat 7: Hero (440)
Player0: posts ante 16.58
Player1: posts ante 16.58
Player2: posts ante 16.58
Player3: posts ante 16.58
Player4: posts ante 16.58
Player5: posts ante 16.58
Hero: posts ante 16.58
Dealt to Player0: [X X 4d]
Dealt to Player1: [X X Td]
Dealt to Player2: [X X 6c]
Dealt to Player3: [X X 3d]
Dealt to Player4: [X X Qc]
Dealt to Player5: [X X 2s]
Dealt to Hero: [5h Qs Ah]
Hero brings in for 16.58
Player0 bets 22
Player1 folds
Player2 folds
Player3 folds
Player4 folds
Player5 raises to 38.58
Hero folds
Player0 calls 38.58
*** 3RD STREET ***
Dealt to Player0: [Jc]
Dealt to Player5: [8c]
Player5 bets 22
Player0 calls 22
*** 4TH STREET ***
Dealt to Player0: [5d]
Dealt to Player5: [Ks]
Player0 bets 44
Player5 calls 44
*** 5TH STREET ***
Dealt to Player0: [Kc]
Dealt to Player5: [9h]
Player5 bets 44
Player0 calls 44
*** 6TH STREET ***
Dealt to Player0: [X]
Dealt to Player5: [X]
Player5 checks
Player0 bets 44
Player5 folds
*** SUMMARY ***
Seat 1: Player0 (2,086.96) +259.64
Seat 2: Player1 (423.42) -16.58
Seat 3: Player2 (2,133.54) -16.58
Seat 4: Player3 (1,145.39) -16.58
Seat 5: Player4 (481.08) -16.58
Seat 6: Player5 (574.52) -165.16
Seat 7: Hero (406.84) -33.16
Rake 5
Player0 wins pot (424.80)
""".lstrip("\n")

# KingsClub/fpdb-3/cash/Draw/Badeucey-Limit-USD-22-44-202101.txt
BADEUCEY = """
#40200897: Limit Badeucey - 22/44
2021-01-09 18:23:18
Table 'Real Deal Mix' Seat 4 is the button
Seat 1: Player0 (1,895.42)
Seat 2: Hero (666)
Seat 3: Player1 (1,504.73)
Seat 4: Player2 (3,236.54)
Seat 5: Player3 (2,421.02)
Seat 6: Player4 (683.24)
Seat 7: Player5 (1,411.89)
*** 1ST BETTING ROUND ***
Player0: posts ante 5.50
Hero: posts ante 5.50
Player1: posts ante 5.50
Player2: posts ante 5.50
Player3: posts ante 5.50
Player4: posts ante 5.50
Player5: posts ante 5.50
Player3: posts the small blind 11
Player4: posts the big blind 22
Dealt to Player0: [X X X X X]
Dealt to Hero: [Kc 5d 2d Jc 3h]
Dealt to Player1: [X X X X X]
Dealt to Player2: [X X X X X]
Dealt to Player3: [X X X X X]
Dealt to Player4: [X X X X X]
Dealt to Player5: [X X X X X]
Player5 folds
Player0 folds
Hero raises to 44
Player1 folds
Player2 calls 44
Player3 folds
Player4 calls 44
*** 1ST DRAW ***
Player4 draws 2
Hero discards [Kc 5d Jc] draws [Jd Tc Qs]
Player2 draws 3
*** 2ND BETTING ROUND ***
Player4 bets 22
Hero calls 22
Player2 raises to 44
Player4 raises to 66
Hero calls 66
Player2 raises to 88
Player4 calls 88
Hero calls 88
*** 2ND DRAW ***
Player4 draws 1
Hero discards [Jd Tc Qs] draws [6s 7c 2c]
Player2 stands pat
*** 3RD BETTING ROUND ***
Player4 checks
Hero checks
Player2 bets 44
Player4 calls 44
Hero raises to 88
Player2 raises to 132
Player4 calls 132
Hero raises to 176
Player2 calls 176
Player4 calls 176
*** 3RD DRAW ***
Player4 stands pat
Hero discards [2c] draws [8h]
Player2 stands pat
*** 4TH BETTING ROUND ***
Player4 checks
Hero bets 44
Player2 calls 44
Player4 calls 44
Hero shows [6s 7c 2d 8h 3h]
Player2 shows [8c 5h 2s 3s 7h]
Player4 shows [6h 5s 4d 3c 9h]
*** SUMMARY ***
Seat 1: Player0 (1,889.92) -5.50
Seat 2: Hero (308.50) -357.50
Seat 3: Player1 (1,499.23) -5.50
Seat 4: Player2 (3,429.29) +192.75
Seat 5: Player3 (2,404.52) -16.50
Seat 6: Player4 (875.99) +192.75
Seat 7: Player5 (1,406.39) -5.50
Rake 5
Player2 wins (550.25) from pot
Player4 wins (550.25) from pot
""".lstrip("\n")

# KingsClub/fpdb-3/cash/Draw/2-7 Drawmaha-FL-USD-60-120-202108.showdown.txt
DRAWMAHA = """
#45381014: Limit 2-7 Drawmaha - 60/120
2021-08-04 05:20:01
Table 'The Zoo' Seat 3 is the button
Seat 1: Player0 (3,533.50)
Seat 3: Hero (2,407)
Player0: posts ante 5
Hero: posts ante 5
Hero: posts the small blind 30
Player0: posts the big blind 60
Dealt to Player0: [X X X X X]
Dealt to Hero: [4c 8d 8c Ks 2h]
Hero raises to 120
Player0 calls 120
*** FLOP *** [3c 5c 7s]
Player0 checks
Hero checks
Player0 draws 1
Hero discards [8d Ks] draws [Ac Qc]
*** TURN *** [3c 5c 7s] [Kc]
Player0 bets 120
Hero raises to 240
Player0 calls 240
*** RIVER *** [3c 5c 7s Kc] [Jd]
Player0 checks
Hero bets 120
Player0 calls 120
Hero shows [4c Ac 8c Qc 2h]
Player0 shows [6h 3d 2s 8s 9h]
*** SUMMARY ***
Seat 1: Player0 (3,533) -0.50
Seat 3: Hero (2,406.50) -0.50
Rake 1
Player0 wins (484.50) from pot
Hero wins (484.50) from pot
""".lstrip("\n")

# FullTiltPoker/fpdb-3/tour/Stud/5-Stud-USD-MTT-100-201303.txt (its header is one line of 143 characters)
FIVE_CARD_STUD = """
Full Tilt Poker Game #32412111030: Big Game of the Week (251332389), Table 1 - 800/1600 Ante 150 - Limit 5 Card Stud - 18:30:57 ET - 2013/03/31
Seat 1: Player0 (4,950)
Seat 2: Player1 (27,915)
Seat 4: Player2 (3,740)
Seat 5: Player3 (12,330)
Seat 6: Hero (17,724)
Seat 7: Player4 (1,495)
Seat 8: Player5 (14,030)
Player0 antes 150
Player1 antes 150
Player2 antes 150
Player3 antes 150
Hero antes 150
Player4 antes 150
Player5 antes 150
*** 2ND STREET *** (Total Pot: 1,050, 7 Players)
Dealt to Player0 [Kc]
Dealt to Player1 [Qh]
Dealt to Player2 [5s]
Dealt to Player3 [7s]
Dealt to Hero [6s] [6h]
Dealt to Player4 [Js]
Dealt to Player5 [2c]
Player5 is low with [2c]
Player5 brings in for 250
Player0 completes it to 800
Player1 calls 800
Player2 folds
Player3 folds
Hero has 15 seconds left to act
Hero has timed out
Hero folds
Hero is sitting out
Player4 raises to 1,345, and is all in
Player5 folds
Player0 raises to 2,145
Player1 calls 1,345
*** 3RD STREET *** (Total Pot: 6,935, 3 Players, 1 All-In)
Dealt to Player0 [Kc] [Tc]
Dealt to Player1 [Qh] [3h]
Dealt to Player4 [Js] [9h]
Player0 bets 800
Player1 calls 800
*** 4TH STREET *** (Total Pot: 8,535, 3 Players, 1 All-In)
Dealt to Player0 [Kc Tc] [Qd]
Dealt to Player1 [Qh 3h] [Kd]
Dealt to Player4 [Js 9h] [4c]
Player0 bets 1,600
Player1 calls 1,600
*** 5TH STREET *** (Total Pot: 11,735, 3 Players, 1 All-In)
Dealt to Player0 [Kc Tc Qd] [3d]
Dealt to Player1 [Qh 3h Kd] [Ah]
Dealt to Player4 [Js 9h 4c] [2d]
Player1 bets 1,600
Player0 calls 255, and is all in
Uncalled bet of 1,345 returned to Player1
*** SHOW DOWN ***
Player1 shows [Ad Qh 3h Kd Ah] a pair of Aces
Hero has returned
Player0 mucks
Player1 wins the side pot (6,910) with a pair of Aces
Player4 mucks
Player1 wins the main pot (5,335) with a pair of Aces
*** SUMMARY ***
Total pot 12,245 Main pot 5,335. Side pot 6,910. | Rake 0
Seat 1: Player0 mucked [Ks Kc Tc Qd 3d] - a pair of Kings
Seat 2: Player1 showed [Ad Qh 3h Kd Ah] and won (12,245) with a pair of Aces
Seat 4: Player2 folded on 2nd St.
Seat 5: Player3 folded on 2nd St.
Seat 6: Hero folded on 2nd St.
Seat 7: Player4 mucked [Ac Js 9h 4c 2d] - Ace Jack high
Seat 8: Player5 folded on 2nd St.
""".lstrip("\n")  # noqa: E501


def loud(tmp_path: Path, text: str) -> tuple[Hand, list[tuple[str, int, str | None, str | None]]]:
    """The hand and its errors and warnings: (code, line, expected, actual)."""
    hand, findings = audit_text(tmp_path, text)
    assert isinstance(hand, Hand)
    return hand, [
        (f.code, f.line, f.expected, f.actual) for f in findings if f.severity in (Severity.ERROR, Severity.WARNING)
    ]


def changed(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


@pytest.mark.parametrize(
    ("text", "game", "findings"),
    [
        # the room's own short raise (test_kingsclub.py lists it with its reason)
        (RAZZ_27, Game.RAZZ_2_7, [("OA304", 31, "44", "38.58")]),
        (BADEUCEY, Game.BADEUCEY, []),
        (DRAWMAHA, Game.DRAWMAHA_2_7, []),
        (FIVE_CARD_STUD, Game.FIVE_CARD_STUD, []),
    ],
    ids=["2-7 razz", "badeucey", "drawmaha", "five-card stud"],
)
def test_the_real_hands_are_replayed(
    tmp_path: Path, text: str, game: Game, findings: list[tuple[str, int, str, str]]
) -> None:
    """Replayed (no OA102), and only the listed findings: the Ah brings in in 2-7 razz (ace high: in A-5 razz
    the Qc would), the 8-2 showing acts before the J-4 (2-7 low), each split pays its halves."""
    hand, found = loud(tmp_path, text)
    assert hand.game is game
    _, every = audit_text(tmp_path, text)
    assert "OA102" not in {f.code for f in every}
    assert found == findings


def test_2_7_razz_bring_in_is_the_highest_card_ace_high(tmp_path: Path) -> None:
    """Hero's Ah made a 2h: the highest up card is Player4's Qc, yet Hero brings in."""
    text = changed(RAZZ_27, "Dealt to Hero: [5h Qs Ah]", "Dealt to Hero: [5h Qs 2h]")
    _, found = loud(tmp_path, text)
    assert ("OA316", 25, "Player4", "Hero") in found


def test_2_7_razz_the_lowest_hand_showing_acts_first(tmp_path: Path) -> None:
    """Kings Club's `3RD STREET` deals the fourth card: Player5 shows [2s 8c], Player0 [4d Jc]; the 8-2 is the
    better 2-7 low, so Player5 acts first. Player0 betting first there is reported."""
    text = changed(RAZZ_27, "Player5 bets 22\nPlayer0 calls 22", "Player0 bets 22\nPlayer5 calls 22")
    _, found = loud(tmp_path, text)
    assert ("OA311", 37, "Player5", "Player0") in found


def test_badeucey_badugi_half_is_aces_high(tmp_path: Path) -> None:
    """Player4's 6h made an Ah: A-5-4-3 is a worse badugi than Hero's 7-6-3-2 with aces high (it would be the
    best with aces low), so the badugi half is Hero's; the room's award to Player4 is reported."""
    text = changed(BADEUCEY, "Player4 shows [6h 5s 4d 3c 9h]", "Player4 shows [Ah 5s 4d 3c 9h]")
    _, found = loud(tmp_path, text)
    assert found == [("OA501", 84, "Hero 550.25, Player2 550.25", "Player2 550.25, Player4 550.25")]


def test_drawmaha_halves_are_the_board_high_and_the_hand_low(tmp_path: Path) -> None:
    """Player0's 2s made a 3s: trips on the board's 3c lose the Omaha half to Hero's club flush, and a pair of
    threes loses the 2-7 half to Hero's ace high. Hero scoops; the room's split is reported."""
    text = changed(DRAWMAHA, "Player0 shows [6h 3d 2s 8s 9h]", "Player0 shows [6h 3d 3s 8s 9h]")
    _, found = loud(tmp_path, text)
    assert found == [("OA501", 33, "Hero 969", "Hero 484.50, Player0 484.50")]


def test_five_card_stud_bring_in_is_the_lowest_card(tmp_path: Path) -> None:
    """Player5's 2c made an As: the lowest up card is Player2's 5s, yet Player5 brings in."""
    text = changed(FIVE_CARD_STUD, "Dealt to Player5 [2c]", "Dealt to Player5 [As]")
    text = changed(text, "Player5 is low with [2c]", "Player5 is low with [As]")
    _, found = loud(tmp_path, text)
    assert found == [("OA316", 25, "Player2", "Player5")]


def test_five_card_stud_the_highest_hand_showing_acts_first(tmp_path: Path) -> None:
    """Fourth street (three up cards): Player0's K-Q-T beats Player1's K-Q-3 and acts first; Player1 betting
    first there is reported."""
    text = changed(
        FIVE_CARD_STUD,
        "Player0 bets 1,600\nPlayer1 calls 1,600\n*** 5TH",
        "Player1 bets 1,600\nPlayer0 calls 1,600\n*** 5TH",
    )
    _, found = loud(tmp_path, text)
    assert found == [("OA311", 48, "Player0", "Player1")]
