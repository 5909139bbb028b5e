"""Every worked number of docs/RULES.md, checked against the engine.

Betting limits (PL-*, MR-*, FL-*) are read from the replay of small PokerStars-format hands: the `Step` of the
action in question carries `min_to`, `max_to` and `may_raise`. Pots, uncalled bets and splits (SP-*, UC-1,
OC-*, HL-4, RIT-2) go through omaha_audit.engine.pots and, for whole hands, omaha_audit.engine.settle. Where
RULES.md quotes a real hand that is in ../shared/corpus, the number is also checked on that hand.

Hands written here stop at the action being examined (no summary): the reader marks them truncated and the
replay is the same. Amounts are integers of the smallest unit (cents; chips in tournaments).
"""

from __future__ import annotations

import io
from dataclasses import dataclass, replace
from decimal import Decimal
from pathlib import Path

import pytest
from corpus_paths import require_corpus

from omaha_audit.engine.pots import build_pots, split_boards, split_evenly, split_halves, uncalled_bet
from omaha_audit.engine.replay import Replay, Step, replay
from omaha_audit.engine.settle import Settlement, settle
from omaha_audit.model import Hand
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.parse.reader import FileText, read_lines
from omaha_audit.rooms import SPLITTER, hand_source
from omaha_audit.rooms.pokerstars.presets import POKERSTARS
from omaha_audit.rooms.pokerstars.reader import StarsReader as PokerStarsReader

READER = PokerStarsReader()


# ---- helpers -------------------------------------------------------------------------------------------
def cents(amount: str) -> int:
    return int(Decimal(amount) * 100)


def read(text: str) -> Hand:
    raw = text.strip("\n").encode("utf-8")
    blocks = [
        b
        for b in SPLITTER.split_blocks("worked.txt", read_lines(io.BytesIO(raw), FileText("worked.txt")))
        if b.kind == "hand"
    ]
    assert len(blocks) == 1
    hand = READER.read(blocks[0])
    assert isinstance(hand, Hand), hand
    return hand


def table(header: str, button: int, seats: list[tuple[int, str, str]], body: str, max_seats: int = 6) -> str:
    """A hand: header line, table line, seat lines (seat, name, stack as printed), then `body`."""
    lines = [header, f"Table 'Worked' {max_seats}-max Seat #{button} is the button"]
    lines += [f"Seat {seat}: {name} ({stack} in chips)" for seat, name, stack in seats]
    return "\n".join(lines) + "\n" + body.strip("\n")


def cash(game: str, stakes: str, button: int, seats: list[tuple[int, str, str]], body: str) -> str:
    header = f"PokerStars Hand #100000000001:  {game} ({stakes}) - 2014/03/05 18:00:00 ET"
    return table(header, button, seats, body)


def tournament(game: str, level: str, button: int, seats: list[tuple[int, str, str]], body: str) -> str:
    header = (
        f"PokerStars Hand #100000000002: Tournament #900000001, $5.00+$0.50 USD {game} - {level}"
        " - 2014/10/19 13:41:10 ET"
    )
    return table(header, button, seats, body, max_seats=9)


@dataclass(frozen=True)
class Played:
    """A hand written here, replayed: find the step of a line by its exact text."""

    replay: Replay
    lines: tuple[str, ...]

    def step(self, line_text: str, occurrence: int = 1) -> Step:
        numbers = [number for number, text in enumerate(self.lines, 1) if text == line_text]
        assert len(numbers) >= occurrence, f"no line {line_text!r}"
        wanted = numbers[occurrence - 1]
        return next(step for step in self.replay.steps if step.action.source.line == wanted)


def played(text: str, house: HouseRules = POKERSTARS) -> Played:
    return Played(replay(read(text), house), tuple(text.strip("\n").split("\n")))


def corpus_hand(file_name: str, hand_id: str) -> Hand:
    root = require_corpus()
    (path,) = [p for p in (root / "PokerStars").rglob(file_name)]
    for item in hand_source().read_file(Path(path)):
        if isinstance(item, Hand) and item.hand_id == hand_id:
            return item
    raise AssertionError(f"hand #{hand_id} not found in {file_name}")


def steps_by_player(replayed: Replay, player: str, kind: str) -> list[Step]:
    return [s for s in replayed.steps if s.player == player and s.action.kind.value == kind]


def collected(hand: Hand) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in hand.collected:
        out[item.player] = out.get(item.player, 0) + item.amount
    return out


def expected_awards(settlement: Settlement) -> dict[str, int]:
    out: dict[str, int] = {}
    for (player, _pot, _run), amount in settlement.expected().items():
        out[player] = out.get(player, 0) + amount
    return out


SIX = [
    (1, "Player1", "$200"),
    (2, "Player2", "$200"),
    (3, "Player3", "$200"),
    (4, "Player4", "$200"),
    (5, "Player5", "$200"),
    (6, "Player6", "$200"),
]


# ---- PL-1: the pot-limit maximum ------------------------------------------------------------------------
def test_pl1_first_in_at_1_2_is_7() -> None:
    hand = cash(
        "Omaha Pot Limit",
        "$1/$2 USD",
        6,
        SIX,
        """
Player1: posts small blind $1
Player2: posts big blind $2
*** HOLE CARDS ***
Player3: raises $5 to $7""",
    )
    step = played(hand).step("Player3: raises $5 to $7")
    assert step.max_to == cents("7")  # pot 3, call 2 -> 5; 2 + 5
    assert step.min_to == cents("4")


def test_pl1_first_in_real_plo8_hand() -> None:
    hand = corpus_hand("PLO8-6max-USD-0.01-0.02-200911.txt", "35874998500")
    (step,) = steps_by_player(replay(hand, POKERSTARS), "UnderMeSensi", "raise")
    assert (step.bet_after, step.max_to) == (cents("0.07"), cents("0.07"))  # "raises $0.05 to $0.07"


SIX_CARD = """
Hero: posts small blind $0.10
Player0: posts big blind $0.25
*** HOLE CARDS ***
Player1: raises $0.60 to $0.85
Player2: folds
Hero: calls $0.75
Player0: raises $2.55 to $3.40
Player1: raises $7.65 to $11.05
Hero: raises $25.50 to $36.55"""
SIX_CARD_SEATS = [(1, "Hero", "$48.46"), (3, "Player0", "$7.79"), (4, "Player1", "$63.90"), (6, "Player2", "$46.46")]


@pytest.mark.parametrize(
    ("line", "maximum"),
    [
        ("Player1: raises $0.60 to $0.85", "0.85"),  # 0.35 + 0.25 = 0.60; 0.25 + 0.60
        ("Player0: raises $2.55 to $3.40", "3.40"),  # pot 1.95, call 0.60 -> 2.55; 0.85 + 2.55
        ("Player1: raises $7.65 to $11.05", "11.05"),  # pot 5.10, call 2.55 -> 7.65; 3.40 + 7.65
        ("Hero: raises $25.50 to $36.55", "36.55"),  # pot 15.30, call 10.20 -> 25.50; 11.05 + 25.50
    ],
)
def test_pl1_six_card_omaha_raise_sequence(line: str, maximum: str) -> None:
    hand = cash("6 Card Omaha Pot Limit", "$0.10/$0.25 USD", 6, SIX_CARD_SEATS, SIX_CARD)
    assert played(hand).step(line).max_to == cents(maximum)


def test_pl1_six_card_omaha_real_hand_raises_are_the_maximum() -> None:
    hand = corpus_hand("6-Card-PLO-6max-USD-0.10-0.25-202201.multiway.allin.deadcards.txt", "232772509770")
    raises = [s for s in replay(hand, POKERSTARS).steps if s.action.kind.value == "raise" and not s.action.all_in]
    assert [(s.bet_after, s.max_to) for s in raises] == [
        (cents(v), cents(v)) for v in ("0.85", "3.40", "11.05", "36.55")
    ]


def test_pl1_heads_up_200_400_re_pots() -> None:
    hand = cash(
        "Omaha Pot Limit",
        "$200/$400 USD",
        1,
        [(1, "Hero", "$80000"), (2, "Villain", "$80000")],
        """
Hero: posts small blind $200
Villain: posts big blind $400
*** HOLE CARDS ***
Hero: raises $800 to $1200
Villain: raises $2400 to $3600
Hero: raises $7200 to $10800""",
    )
    result = played(hand)
    assert result.step("Hero: raises $800 to $1200").max_to == cents("1200")  # pot 600, call 200
    assert result.step("Villain: raises $2400 to $3600").max_to == cents("3600")  # pot 1600, call 800
    assert result.step("Hero: raises $7200 to $10800").max_to == cents("10800")  # pot 4800, call 2400


def test_pl1_and_pl2_heads_up_with_antes_is_1360() -> None:
    hand = cash(
        "Omaha Pot Limit",
        "$200/$400 USD",
        1,
        [(1, "Isildur1", "$80000"), (2, "Player0", "$80000")],
        """
Isildur1: posts small blind $200
Player0: posts big blind $400
Isildur1: posts the ante $80
Player0: posts the ante $80
*** HOLE CARDS ***
Isildur1: raises $960 to $1360""",
    )
    assert played(hand).step("Isildur1: raises $960 to $1360").max_to == cents("1360")  # pot 760, call 200


def _postflop(small: str, big: str, players: int, flop_actions: str) -> str:
    """`players` limp in at `small`/`big`: the flop starts with a pot of `players` big blinds."""
    names = ["A", "B", "C", "D"][:players]
    seats = [(seat, name, "$50000") for seat, name in enumerate(names, 1)]
    limps = "\n".join(f"{name}: calls ${big}" for name in names[2:])
    return cash(
        "Omaha Pot Limit",
        f"${small}/${big} USD",
        players,
        seats,
        f"""
A: posts small blind ${small}
B: posts big blind ${big}
*** HOLE CARDS ***
{limps}
A: calls ${Decimal(big) - Decimal(small)}
B: checks
*** FLOP *** [Kc 9d 4h]
{flop_actions}""",
    )


def test_pl1_postflop_bet_into_the_pot_is_at_most_the_pot() -> None:
    hand = _postflop("12.50", "25", 4, "A: bets $100")  # pot 100
    step = played(hand).step("A: bets $100")
    assert step.pot_before == cents("100")
    assert step.max_to == cents("100")


def test_pl1_postflop_raise_of_a_half_pot_bet_is_250() -> None:
    hand = _postflop("12.50", "25", 4, "A: bets $50\nB: raises $200 to $250")
    assert played(hand).step("B: raises $200 to $250").max_to == cents("250")  # 100 + 50 + 50 = 200; 50 + 200


def test_pl1_postflop_raise_of_a_pot_bet_is_four_times_the_pot() -> None:
    hand = _postflop("250", "500", 3, "A: bets $1500\nB: raises $4500 to $6000")  # BARGE: pot 1500, bet 1500
    assert played(hand).step("B: raises $4500 to $6000").max_to == cents("6000")


# ---- PL-3 .. PL-6 --------------------------------------------------------------------------------------
def test_pl3_dead_small_blind_counts_in_the_pot() -> None:
    seats = [
        (1, "Button", "$200"),
        (2, "Small", "$200"),
        (3, "Big", "$200"),
        (4, "Utg", "$200"),
        (5, "Returning", "$200"),
    ]
    hand = cash(
        "Omaha Pot Limit",
        "$1/$2 USD",
        1,
        seats,
        """
Small: posts small blind $1
Big: posts big blind $2
Returning: posts small & big blinds $3
*** HOLE CARDS ***
Utg: raises $8 to $10""",
    )
    step = played(hand).step("Utg: raises $8 to $10")
    assert step.pot_before == cents("6")  # 1 + 2 + (1 dead + 2 live)
    assert step.max_to == cents("10")  # call 2 -> 8; 2 + 8


STRADDLE = """
Player2: posts small blind $1
Player3: posts big blind $2
Player4: posts straddle $4
*** HOLE CARDS ***
Player5: raises $11 to $15"""


def test_pl4_first_raise_after_a_straddle() -> None:
    step = played(cash("Omaha Pot Limit", "$1/$2 USD", 1, SIX, STRADDLE)).step("Player5: raises $11 to $15")
    assert step.max_to == cents("15")  # pot 7, call 4 -> 11; 4 + 11
    assert step.min_to == cents("8")  # the straddle is the bring-in: 4 + 4
    assert step.expected_actor == "Player5"  # first to act is left of the straddle


def test_pl4_straddle_with_antes_gg_example() -> None:
    seats = [
        (1, "Button", "$10000"),
        (2, "Small", "$10000"),
        (3, "Big", "$10000"),
        (4, "Straddler", "$10000"),
        (5, "Raiser", "$10000"),
    ]
    hand = cash(
        "5 Card Omaha Pot Limit",
        "$25/$50 USD",
        1,
        seats,
        """
Small: posts small blind $25
Big: posts big blind $50
Straddler: posts straddle $100
Small: posts the ante $10
Big: posts the ante $10
Straddler: posts the ante $10
*** HOLE CARDS ***
Raiser: raises $225 to $325""",
    )
    step = played(hand).step("Raiser: raises $225 to $325")
    assert step.pot_before == cents("205")
    assert step.max_to == cents("405")  # pot 205, call 100 -> 305; 100 + 305
    assert step.min_to == cents("200")
    assert cents("200") <= cents("325") <= cents("405")  # the observed raise to 325 is legal


PL5 = """
Player2: posts small blind $1
Player3: posts big blind $2
*** HOLE CARDS ***
Player4: calls $2
Player5: calls $2
Player1: calls $2
Player2: calls $1
Player3: checks
*** FLOP *** [Ah Kd 7c]
Player2: bets $6
Player3: raises $6 to $12 and is all-in
"""
PL5_SEATS = [
    (1, "Player1", "$200"),
    (2, "Player2", "$200"),
    (3, "Player3", "$14"),
    (4, "Player4", "$200"),
    (5, "Player5", "$200"),
]


def test_pl5_facing_an_all_in_c_may_raise_to_52() -> None:
    hand = cash("Omaha Pot Limit", "$1/$2 USD", 1, PL5_SEATS, PL5 + "Player4: raises $40 to $52")
    step = played(hand).step("Player4: raises $40 to $52")
    assert step.max_to == cents("52")  # pot_after_call = 10 + 6 + 12 + 12 = 40; 12 + 40
    assert step.min_to == cents("18")  # 12 + the full raise of 6


def test_pl5_back_to_a_after_c_calls_the_all_in_is_58() -> None:
    hand = cash(
        "Omaha Pot Limit",
        "$1/$2 USD",
        1,
        PL5_SEATS,
        PL5 + "Player4: calls $12\nPlayer5: folds\nPlayer1: folds\nPlayer2: raises $46 to $58",
    )
    step = played(hand).step("Player2: raises $46 to $58")
    assert step.pot_before == cents("40")
    assert step.max_to == cents("58")  # 2 x 12 - 6 + 40
    assert step.may_raise  # B's raise to 12 was a full raise of 6


SHORT_BB = """
Player2: posts small blind 200
Player3: posts big blind 150 and is all-in
*** HOLE CARDS ***
Player4: raises 750 to 1150"""
SHORT_BB_SEATS = [(1, "Player1", "12000"), (2, "Player2", "9000"), (3, "Player3", "150"), (4, "Player4", "15000")]


def test_pl6_short_big_blind_counts_as_posted() -> None:
    hand = tournament("Omaha Pot Limit", "Level XII (200/400)", 1, SHORT_BB_SEATS, SHORT_BB)
    step = played(hand).step("Player4: raises 750 to 1150")
    assert step.to_call == 400  # the call stays the full big blind (RRoP-BB rule 1)
    assert step.max_to == 1150  # pot 350, call 400 -> 750; 400 + 750


def test_pl6_house_flag_counts_the_short_big_blind_in_full() -> None:
    hand = tournament("Omaha Pot Limit", "Level XII (200/400)", 1, SHORT_BB_SEATS, SHORT_BB)
    house = replace(POKERSTARS, short_bb_counts_full_for_pl_max=True)
    # Pot 200 + 400 = 600, call 400 -> 1000; 400 + 1000 = 1400 by PL-1's formula (3.5 big blinds, as in the
    # 1/2 -> 7 row). An earlier statement of PL-6 printed 1200 here, which its own formula does not give.
    assert played(hand, house).step("Player4: raises 750 to 1150").max_to == 1400


# ---- MR-2, MR-3: minimum raises --------------------------------------------------------------------------
def test_mr2_nl_raise_to_6_sets_the_next_minimum_at_10() -> None:
    hand = cash(
        "Omaha No Limit",
        "$1/$2 USD",
        1,
        SIX,
        """
Player2: posts small blind $1
Player3: posts big blind $2
*** HOLE CARDS ***
Player4: raises $4 to $6
Player5: raises $4 to $10""",
    )
    assert played(hand).step("Player5: raises $4 to $10").min_to == cents("10")


def test_mr2_successive_min_raises_of_3_78() -> None:
    seats = [(1, "A", "$100"), (2, "B", "$100"), (3, "C", "$100"), (4, "D", "$100")]
    hand = cash(
        "Hold'em No Limit",
        "$0.05/$0.10 USD",
        4,
        seats,
        """
A: posts small blind $0.05
B: posts big blind $0.10
*** HOLE CARDS ***
C: calls $0.10
D: calls $0.10
A: calls $0.05
B: checks
*** FLOP *** [Kc 9d 4h]
A: bets $3.62
B: raises $3.78 to $7.40
C: raises $3.78 to $11.18
D: raises $3.78 to $14.96""",
    )
    result = played(hand)
    assert result.step("C: raises $3.78 to $11.18").min_to == cents("11.18")
    assert result.step("D: raises $3.78 to $14.96").min_to == cents("14.96")


MR3_SEATS = [(1, "P1", "3000"), (2, "A", "3000"), (3, "B", "180"), (4, "C", "3000")]


def test_mr3_incomplete_all_in_keeps_the_raise_size() -> None:
    hand = tournament(
        "Omaha Hi/Lo No Limit",
        "Level III (20/40)",
        1,
        MR3_SEATS,
        """
A: posts small blind 20
B: posts big blind 40
*** HOLE CARDS ***
C: calls 40
P1: folds
A: calls 20
B: checks
*** FLOP *** [Kc 9d 4h]
A: bets 100
B: raises 40 to 140 and is all-in
C: raises 100 to 240""",
    )
    assert played(hand).step("C: raises 100 to 240").min_to == 240  # 140 + the last full raise of 100


def test_mr3_all_in_bet_below_the_minimum_does_not_lower_the_raise() -> None:
    seats = [(1, "P1", "3000"), (2, "A", "3000"), (3, "B", "60"), (4, "C", "3000")]
    hand = tournament(
        "Omaha Hi/Lo No Limit",
        "Level III (20/40)",
        1,
        seats,
        """
A: posts small blind 20
B: posts big blind 40
*** HOLE CARDS ***
C: calls 40
P1: folds
A: calls 20
B: checks
*** FLOP *** [Kc 9d 4h]
A: checks
B: bets 20 and is all-in
C: raises 40 to 60""",
    )
    assert played(hand).step("C: raises 40 to 60").min_to == 60  # RULES: 20 into 100 -> at least 120


# ---- MR-4: re-opening ----------------------------------------------------------------------------------
RROP_SEATS = [
    (1, "P1", "3000"),
    (2, "P2", "3000"),
    (3, "P3", "3000"),
    (4, "A", "3000"),
    (5, "B", "3000"),
    (6, "C", "300"),
]
RROP = """
P2: posts small blind 25
P3: posts big blind 50
*** HOLE CARDS ***
A: calls 50
B: calls 50
C: calls 50
P1: folds
P2: folds
P3: checks
*** FLOP *** [Kc 9d 4h]
P3: checks
A: bets 100
B: raises 100 to 200
C: raises 50 to 250 and is all-in
P3: folds
"""


def test_mr4_rrop_a_faced_a_full_raise_and_may_raise() -> None:
    hand = tournament("Omaha Hi/Lo No Limit", "Level IV (25/50)", 1, RROP_SEATS, RROP + "A: raises 250 to 500")
    step = played(hand).step("A: raises 250 to 500")
    assert step.may_raise  # A faced 150 more than the 100 A bet: a full raise (B's) is among it
    assert step.min_to == 350  # 250 + 100


def test_mr4_rrop_b_was_not_fully_raised_and_may_only_call() -> None:
    hand = tournament(
        "Omaha Hi/Lo No Limit", "Level IV (25/50)", 1, RROP_SEATS, RROP + "A: calls 150\nB: raises 400 to 650"
    )
    step = played(hand).step("B: raises 400 to 650")
    assert not step.may_raise  # C's all-in added 50 < 100 above B's 200
    assert step.to_call == 50


def test_mr4_tda_cumulative_short_all_ins_reopen_for_a() -> None:
    seats = [(1, "E", "5000"), (2, "A", "5000"), (3, "B", "225"), (4, "C", "5000"), (5, "D", "300")]
    hand = tournament(
        "Omaha Hi/Lo No Limit",
        "Level VI (50/100)",
        1,
        seats,
        """
A: posts small blind 50
B: posts big blind 100
*** HOLE CARDS ***
C: calls 100
D: calls 100
E: calls 100
A: calls 50
B: checks
*** FLOP *** [Kc 9d 4h]
A: bets 100
B: raises 25 to 125 and is all-in
C: calls 125
D: raises 75 to 200 and is all-in
E: calls 200
A: raises 100 to 300""",
    )
    step = played(hand).step("A: raises 100 to 300")
    assert step.may_raise  # 125 + 200: A faces +100, a full raise
    assert step.min_to == 300


# ---- FL-4: the limit half-bet rule (U = 20 on a $20/$40 flop) ---------------------------------------------
FL_SEATS = [(1, "P1", "$800"), (2, "A", "$800"), (3, "B", "$48"), (4, "C", "$800")]
FL_START = """
A: posts small blind $10
B: posts big blind $20
*** HOLE CARDS ***
C: calls $20
P1: calls $20
A: calls $10
B: checks
*** FLOP *** [Kc 9d 4h]
"""


def _fl(flop: str, b_stack: str = "$48") -> Played:
    seats = [(s, n, b_stack if n == "B" else st) for s, n, st in FL_SEATS]
    return played(cash("Omaha Hi/Lo Limit", "$20/$40 USD", 1, seats, FL_START + flop))


def test_fl4_all_in_bet_under_half_a_bet_may_be_completed() -> None:
    result = _fl("A: checks\nB: bets $5 and is all-in\nC: raises $15 to $20", b_stack="$25")
    step = result.step("C: raises $15 to $20")
    assert (step.min_to, step.max_to) == (cents("20"), cents("20"))  # complete to U


def test_fl4_all_in_bet_under_half_does_not_reopen_for_a_checker() -> None:
    result = _fl("A: checks\nB: bets $5 and is all-in\nC: calls $5\nP1: calls $5\nA: raises $15 to $20", b_stack="$25")
    assert not result.step("A: raises $15 to $20").may_raise


def test_fl4_all_in_bet_of_half_a_bet_or_more_is_a_full_bet() -> None:
    result = _fl("A: checks\nB: bets $15 and is all-in\nC: raises $20 to $35", b_stack="$35")
    step = result.step("C: raises $20 to $35")
    assert (step.min_to, step.max_to) == (cents("35"), cents("35"))  # x + U


def test_fl4_short_all_in_raise_is_completed_and_does_not_reopen() -> None:
    result = _fl(
        "A: bets $20\nB: raises $8 to $28 and is all-in\nC: raises $12 to $40\nP1: folds\nA: raises $20 to $60"
    )
    step = result.step("C: raises $12 to $40")
    assert (step.min_to, step.max_to) == (cents("40"), cents("40"))  # 20 + U
    # A re-raising after C's completion is legal: C's 40 is a full raise over A's 20.
    assert result.step("A: raises $20 to $60").may_raise


def test_fl4_after_a_completion_the_next_raise_is_one_unit_more() -> None:
    result = _fl(
        "A: bets $20\nB: raises $8 to $28 and is all-in\nC: raises $12 to $40\nP1: folds\nA: raises $20 to $60"
    )
    step = result.step("A: raises $20 to $60")
    assert (step.min_to, step.max_to) == (cents("60"), cents("60"))
    assert step.bets_before == 2  # A's bet and C's completion


def test_fl4_short_all_in_raise_alone_does_not_reopen_for_the_bettor() -> None:
    result = _fl("A: bets $20\nB: raises $8 to $28 and is all-in\nC: calls $28\nP1: folds\nA: raises $12 to $40")
    assert not result.step("A: raises $12 to $40").may_raise


def test_fl4_all_in_raise_of_half_a_bet_reopens_and_the_next_raise_is_50() -> None:
    result = _fl(
        "A: bets $20\nB: raises $10 to $30 and is all-in\nC: calls $30\nP1: folds\nA: raises $20 to $50", b_stack="$50"
    )
    step = result.step("A: raises $20 to $50")
    assert step.may_raise
    assert (step.min_to, step.max_to) == (cents("50"), cents("50"))  # 30 + U


# ---- FL-2, FL-3: the cap -----------------------------------------------------------------------------
HU_LIMIT = """
Player0: posts small blind 15
Hero: posts big blind 30
*** HOLE CARDS ***
Player0: raises 30 to 60
Hero: calls 30
*** FLOP *** [2d 7c 8s]
Hero: bets 30
Player0: raises 30 to 60
Hero: raises 30 to 90
Player0: raises 30 to 120
Hero: raises 30 to 150"""
HU_SEATS = [(1, "Player0", "500"), (2, "Hero", "2500")]


def _hu_limit(house: HouseRules) -> Step:
    hand = tournament("Omaha Hi/Lo Limit", "Level III (30/60)", 1, HU_SEATS, HU_LIMIT)
    return played(hand, house).step("Hero: raises 30 to 150")


def test_fl3_pokerstars_caps_at_four_bets_heads_up() -> None:
    step = _hu_limit(POKERSTARS)
    assert step.bets_before == 4
    assert not step.may_raise


def test_fl3_unlimited_heads_up_house_allows_a_fifth_bet() -> None:
    assert _hu_limit(replace(POKERSTARS, hu_cap="unlimited")).may_raise


def test_fl3_real_heads_up_hand_is_capped_at_four_bets() -> None:
    hand = corpus_hand("8-Game-2max-STT-play-100-201306.homeGame.shootout.txt", "99632136884")
    result = replay(hand, POKERSTARS)
    flop_river = [s for s in result.steps if s.street.value in ("flop", "river")]
    # Hero: bets / Player0: raises / Hero: raises / Player0: raises (4 bets, then `Betting is capped`) / Hero: calls
    assert [s.bets_before for s in flop_river if s.action.kind.value in ("bet", "raise")] == [0, 1, 2, 3] * 2
    calls = [s for s in flop_river if s.action.kind.value == "call"]
    assert [s.may_raise for s in calls] == [False, False]


def test_fl2_multiway_cap_after_the_big_blind_and_three_raises() -> None:
    seats = [(1, "Player1", "$4"), (2, "Player2", "$4"), (3, "Player3", "$4")]
    hand = cash(
        "Omaha Hi/Lo Limit",
        "$0.10/$0.20 USD",
        1,
        seats,
        """
Player2: posts small blind $0.05
Player3: posts big blind $0.10
*** HOLE CARDS ***
Player1: raises $0.10 to $0.20
Player2: raises $0.10 to $0.30
Player3: raises $0.10 to $0.40
Betting is capped
Player1: raises $0.10 to $0.50""",
    )
    for house in (POKERSTARS, replace(POKERSTARS, hu_cap="unlimited")):
        step = played(hand, house).step("Player1: raises $0.10 to $0.50")
        assert step.bets_before == 4
        assert not step.may_raise  # three players: capped whatever the heads-up rule


# ---- SP-1, SP-3: side pots ------------------------------------------------------------------------------
def test_sp1_two_bet_100_third_all_in_60() -> None:
    pots = build_pots({"A": 100, "B": 100, "C": 60}, ["A", "B", "C"], ["C"])
    assert [(p.amount, p.eligible) for p in pots] == [(180, ("A", "B", "C")), (80, ("A", "B"))]


SP3_CONTRIBUTIONS = {
    "Player6": 1,
    "Player3": 2,
    "Player2": 105,
    "Player5": 8,
    "Hero": 59,
    "Player0": 90,
    "Player4": 105,
}


def test_sp3_main_and_two_side_pots() -> None:
    live = ["Player2", "Hero", "Player0", "Player4"]
    pots = build_pots(SP3_CONTRIBUTIONS, live, ["Player2", "Hero", "Player0"])
    assert [(p.amount, p.eligible) for p in pots] == [
        (247, ("Player2", "Hero", "Player0", "Player4")),  # 4 x 0.59 + 0.08 + 0.01 + 0.02
        (93, ("Player2", "Player0", "Player4")),  # 3 x 0.31
        (30, ("Player2", "Player4")),  # 2 x 0.15
    ]
    assert sum(p.amount for p in pots) == 370
    # printed net of the 0.18 rake: 2.35 / 0.88 / 0.29
    assert [247 - 12, 93 - 5, 30 - 1] == [235, 88, 29]


# ---- UC-1: uncalled bets --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("contributions", "refund"),
    [
        (
            {"HELVER4728": cents("9.65"), "immo 1000": cents("8.86"), "topspud": cents("0.10")},
            ("HELVER4728", cents("0.79")),
        ),
        ({"Player1": cents("63.90"), "Hero": cents("48.46"), "Player0": cents("7.79")}, ("Player1", cents("15.44"))),
        ({"Hero": cents("10800"), "Player0": cents("8386.36")}, ("Hero", cents("2413.64"))),
        ({"Player2": cents("12"), "Player5": cents("2"), "Player7": cents("4")}, ("Player2", cents("8"))),
        ({"A": 100, "B": 100}, None),
    ],
)
def test_uc1_uncalled_bet(contributions: dict[str, int], refund: tuple[str, int] | None) -> None:
    assert uncalled_bet(contributions) == refund


@pytest.mark.parametrize(
    ("file_name", "hand_id", "player", "refund"),
    [
        ("OmahaHiLoShowdown.txt", "109707013172", "HELVER4728", "0.79"),
        ("6-Card-PLO-6max-USD-0.10-0.25-202201.multiway.allin.deadcards.txt", "232772509770", "Player1", "15.44"),
        ("PLO-6max-USD-2.00-4.00-201403.2.partial.txt", "112825191734", "Player2", "8"),
    ],
)
def test_uc1_real_hands(file_name: str, hand_id: str, player: str, refund: str) -> None:
    hand = corpus_hand(file_name, hand_id)
    settlement = settle(replay(hand, POKERSTARS))
    assert settlement.refund == (player, cents(refund))
    assert [(u.player, u.amount) for u in hand.uncalled] == [(player, cents(refund))]


def test_uc1_preflop_walk_collects_2_4_4() -> None:
    hand = corpus_hand("PLO-6max-USD-2.00-4.00-201403.2.partial.txt", "112825191734")
    settlement = settle(replay(hand, POKERSTARS))
    assert sum(settlement.contributions.values()) == cents("10")  # 2 + 4 + 4
    assert expected_awards(settlement) == collected(hand) == {"Player2": cents("10")}


# ---- OC-1 .. OC-6: odd chips ---------------------------------------------------------------------------
THREE_WAY = {"A": 2, "B": 4, "C": 6}


@pytest.mark.parametrize(
    ("amount", "shares"),
    [
        (100, {"A": 34, "B": 33, "C": 33}),  # the 0.34 to the first tied winner left of the button
        (101, {"A": 34, "B": 34, "C": 33}),  # first two clockwise
    ],
)
def test_oc2_three_way_ties(amount: int, shares: dict[str, int]) -> None:
    assert split_evenly(amount, ["C", "A", "B"], THREE_WAY, button=1) == shares


def test_oc2_first_left_of_the_button_wraps_around() -> None:
    assert split_evenly(100, ["A", "B", "C"], THREE_WAY, button=4) == {"A": 33, "B": 33, "C": 34}


def test_oc2_real_six_card_tie_per_pot() -> None:
    seat_of = {"Hero": 1, "Player1": 4}
    assert split_evenly(cents("22.38"), ["Hero", "Player1"], seat_of, button=6) == {"Hero": 1119, "Player1": 1119}
    assert split_evenly(cents("81.33"), ["Hero", "Player1"], seat_of, button=6) == {"Hero": 4067, "Player1": 4066}


def test_oc2_real_six_card_hand_settles_51_86_and_51_85() -> None:
    hand = corpus_hand("6-Card-PLO-6max-USD-0.10-0.25-202201.multiway.allin.deadcards.txt", "232772509770")
    settlement = settle(replay(hand, POKERSTARS))
    assert [r.net for r in settlement.results] == [cents("22.38"), cents("81.33")]
    assert expected_awards(settlement) == {"Hero": cents("51.86"), "Player1": cents("51.85")}
    assert {s.player: sum(s.won) for s in hand.summary_seats if s.won} == expected_awards(settlement)


def test_oc3_odd_chip_of_a_hi_lo_pot_goes_high() -> None:
    assert split_halves(39) == (20, 19)
    assert split_halves(cents("19.10")) == (cents("9.55"), cents("9.55"))


def test_oc4_side_pot_86_splits_43_22_21() -> None:
    high, low = split_halves(86)
    assert (high, low) == (43, 43)
    seat_of = {"Player2": 5, "Player5": 6, "Hero": 9}
    assert split_evenly(low, ["Hero", "Player5"], seat_of, button=3) == {"Player5": 22, "Hero": 21}
    main_high, main_low = split_halves(4765)
    assert (main_high, main_low) == (2383, 2382)
    assert split_evenly(main_low, ["Player5", "Hero"], seat_of, button=3) == {"Player5": 1191, "Hero": 1191}
    # Hero collects 43 + 21 + 1191 = 1255; Player5 22 + 1191 = 1213; Player2 2383
    assert (43 + 21 + 1191, 22 + 1191) == (1255, 1213)


OC5 = """
PokerStars Home Game Hand #74655019911: {chipchipchip}  Omaha Hi/Lo Pot Limit (1/2) - 2012/01/28 21:14:02 ET
Table 'test_hu' 9-max (Play Money) Seat #5 is the button
Seat 4: Player0 (400 in chips)
Seat 5: Hero (150 in chips)
Hero: posts small blind 1
Player0: posts big blind 2
*** HOLE CARDS ***
Hero: raises 4 to 6
Player0: calls 4
*** FLOP *** [3h 4d 5c]
Player0: bets 12
Hero: calls 12
*** TURN *** [3h 4d 5c] [Kh]
Player0: bets 15
Hero: calls 15
*** RIVER *** [3h 4d 5c Kh] [Qs]
Player0: checks
Hero: checks
*** SHOW DOWN ***
Player0: shows [2d 6s Th Tc] (HI: a straight, Deuce to Six; LO: 6,5,4,3,2)
Hero: shows [2c 6d Jh Js] (HI: a straight, Deuce to Six; LO: 6,5,4,3,2)
Player0 collected 33 from pot
Hero collected 33 from pot
*** SUMMARY ***
Total pot 66 | Rake 0
Board [3h 4d 5c Kh Qs]
Seat 4: Player0 (big blind) showed [2d 6s Th Tc] and won (33) with HI: a straight, Deuce to Six; LO: 6,5,4,3,2
Seat 5: Hero (button) (small blind) showed [2c 6d Jh Js] and won (33) with HI: a straight, Deuce to Six; LO: 6,5,4,3,2
"""


def test_oc5_identical_hands_win_both_halves_33_33() -> None:
    settlement = settle(replay(read(OC5), GENERIC))
    assert expected_awards(settlement) == {"Player0": 33, "Hero": 33}  # not 34 / 32


# ---- HL-4: hi/lo splitting, examples 1-5 ---------------------------------------------------------------
def test_hl4_example_1_real_plo8_hand() -> None:
    hand = corpus_hand("PLO8-6max-USD-0.01-0.02-200911.txt", "35875034981")
    settlement = settle(replay(hand, POKERSTARS))
    (result,) = settlement.results
    (board,) = result.boards
    assert board.high_winners == ("supermeXXX",)
    assert set(board.low_winners) == {"UnderMeSensi", "supermeXXX"}
    assert expected_awards(settlement) == collected(hand) == {"supermeXXX": 29, "UnderMeSensi": 10}
    assert split_halves(39) == (20, 19)
    assert split_evenly(19, ["supermeXXX", "UnderMeSensi"], {"UnderMeSensi": 2, "supermeXXX": 3}, 5) == {
        "UnderMeSensi": 10,
        "supermeXXX": 9,
    }


def test_hl4_example_2_real_nl_omaha_hi_lo_hand() -> None:
    hand = corpus_hand("NoLimitOmahaHiLo.txt", "109680525613")
    settlement = settle(replay(hand, POKERSTARS))
    assert settlement.results[0].net == cents("19.10")  # 20 - 0.90
    assert expected_awards(settlement) == collected(hand) == {"Mindster": cents("14.32"), "Aphily8": cents("4.78")}


# HL-4 example 3 (quartering with a side pot) is test_oc4_side_pot_86_splits_43_22_21 above; the whole hand is
# settled in tests/rules/cases/OA505.toml ("OC-4: main 4765 -> ...").


def test_hl4_example_4_limit_scoop_is_two_halves_of_17() -> None:
    assert split_halves(cents("35") - cents("1")) == (cents("17"), cents("17"))


@pytest.mark.parametrize(("pot", "a", "b", "c"), [(120, 60, 30, 30), (121, 61, 30, 30), (122, 61, 31, 30)])
def test_hl4_example_5_generic_quartering(pot: int, a: int, b: int, c: int) -> None:
    high, low = split_halves(pot)
    assert high == a
    # B (seat 3) is the first of the tied low hands left of the button (seat 1); C sits on seat 5
    assert split_evenly(low, ["C", "B"], {"A": 2, "B": 3, "C": 5}, button=1) == {"B": b, "C": c}


# ---- RIT-2: run it twice -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("total", "rake", "boards"),
    [
        ("225.32", "2.15", ["111.59", "111.58"]),
        ("103", "5.15", ["48.93", "48.92"]),
        ("163.50", "0.50", ["81.50", "81.50"]),
        ("16772.72", "2", ["8385.36", "8385.36"]),
    ],
)
def test_rit2_net_pot_split_between_the_boards(total: str, rake: str, boards: list[str]) -> None:
    assert split_boards(cents(total) - cents(rake), 2) == [cents(v) for v in boards]


def test_rit2_courchevel_second_board_low_tie() -> None:
    board_share = split_boards(cents("163.00"), 2)[1]
    high, low = split_halves(board_share)
    assert (high, low) == (cents("40.75"), cents("40.75"))
    # Hero is the big blind, first left of the button (seat 3) heads-up
    assert split_evenly(low, ["Player0", "Hero"], {"Player0": 3, "Hero": 5}, button=3) == {
        "Hero": cents("20.38"),
        "Player0": cents("20.37"),
    }


def test_rit2_real_hand_first_board_gets_the_odd_cent() -> None:
    hand = corpus_hand("NLHE-6max-EUR-1.00-2.00-201212.RunItTwice.txt", "90721705235")
    settlement = settle(replay(hand, POKERSTARS))
    (result,) = settlement.results
    assert [board.amount for board in result.boards] == [cents("111.59"), cents("111.58")]
    assert [(c.run, c.amount) for c in hand.collected] == [(1, cents("111.59")), (2, cents("111.58"))]


# ---- RK-1 .. RK-4: rake ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("file_name", "hand_id", "total"),
    [
        ("PLO8-6max-USD-0.01-0.02-200911.txt", "35875026976", "0.05"),
        ("PLO-6max-USD-2.00-4.00-201403.2.partial.txt", "112825191734", "10"),
    ],
)
def test_rk1_no_flop_no_drop_real_hands(file_name: str, hand_id: str, total: str) -> None:
    hand = corpus_hand(file_name, hand_id)
    assert replay(hand, POKERSTARS).ended_preflop
    assert hand.pot is not None and (hand.pot.total, hand.pot.rake) == (cents(total), 0)
    assert POKERSTARS.no_flop_no_drop


def test_rk2_incremental_rake_of_2009_plo8_hands() -> None:
    """2009 PLO8 $0.01/$0.02: $0.05 per full $1 of pot on hands that saw a flop ($4.85 -> $0.20); none on the
    smaller pots and none without a flop."""
    root = require_corpus()
    (path,) = list((root / "PokerStars").rglob("PLO8-6max-USD-0.01-0.02-200911.txt"))
    seen = {}
    for item in hand_source().read_file(path):
        assert isinstance(item, Hand) and item.pot is not None
        flop = not replay(item, POKERSTARS).ended_preflop
        expected = 5 * (item.pot.total // 100) if flop else 0
        assert item.pot.rake == expected, item.hand_id
        seen[item.pot.total] = item.pot.rake
    assert seen[cents("4.85")] == cents("0.20")


@pytest.mark.parametrize(
    ("big_blind", "players", "rake"),
    [
        ("0.02", 7, "0.18"),  # SP-3: $3.70 -> $0.18, 7 dealt in
        ("2", 2, "0.50"),  # RIT-2 Courchevel Hi/Lo heads-up: $163.50 -> $0.50
        ("400", 2, "2"),  # PLO $200/$400 heads-up: $16,772.72 -> $2
    ],
)
def test_rk2_observed_rakes_are_within_the_pokerstars_caps(big_blind: str, players: int, rake: str) -> None:
    cap = POKERSTARS.rake_cap("USD", Decimal(big_blind), players)
    assert cap is not None and Decimal(rake) <= cap


def test_rk3_rake_is_taken_from_the_total_after_the_refund() -> None:
    hand = corpus_hand("OmahaHiLoShowdown.txt", "109707013172")
    settlement = settle(replay(hand, POKERSTARS))
    assert hand.pot is not None
    assert sum(settlement.contributions.values()) == hand.pot.total == cents("17.82")  # after $0.79 returned
    assert hand.pot.total - hand.pot.rake == sum(collected(hand).values()) == cents("17.06")


def test_rk4_collected_plus_rake_is_the_total_pot() -> None:
    hand = corpus_hand("NoLimitOmahaHiLo.txt", "109680525613")
    assert hand.pot is not None
    assert sum(collected(hand).values()) + hand.pot.rake == hand.pot.total == cents("20")
