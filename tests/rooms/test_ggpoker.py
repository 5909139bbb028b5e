"""Every GGPoker hand of the shared corpus (ROOMS.md section 1: 18 files, 136 hands; and the 2025 Rush & Cash
sessions of GGPoker-Hand-Analyzer: 29 files, 4,984 hands) is read into the model: one record per hand header,
nothing unreadable, GG's pot identity on every hand (ROOMS.md 1.6), GG's own lines (straddle, missed blind,
cash drop, EV cashout, insurance, time bank card, run it two or three times) read as the text says, and the
audit's findings on these hands exactly the table below, each with its reason."""

from __future__ import annotations

import functools
import re
from collections import Counter
from pathlib import Path

import pytest
from corpus_paths import corpus_root, require_corpus

from omaha_audit.engine.evaluate.high import evaluate_high, evaluate_holdem
from omaha_audit.model import (
    ActionKind,
    Card,
    FeeEffect,
    FeeKind,
    Game,
    Hand,
    Structure,
    UnreadableHand,
    parse_card,
)
from omaha_audit.parse.files import FileNotice
from omaha_audit.rooms import BY_NAME, hand_source
from omaha_audit.rooms.ggpoker.words import describe, describe_2025
from omaha_audit.rules.base import Severity
from omaha_audit.run.pipeline import Auditor

pytestmark = pytest.mark.corpus

# ROOMS.md appendix A's count of GG hands, written out here: a line starting `Poker Hand #`, up to two
# capitals (OM, RC, TM or none), the hand number and a colon.
HEADER = re.compile(r"^Poker Hand #[A-Z]{0,2}\d+: ", re.MULTILINE)
FILES, HANDS = 47, 5120  # fpdb: 18 files, 136 hands; GGPoker-Hand-Analyzer: 29 files, 4,984 hands

# The 2020 exports print `Total pot $37.5` with no rake or fee fields (ROOMS.md 1.6).
NO_RAKE_FIELD = {
    "PLO-6max-USD-0.50-1.00-202004.txt",
    "PLO-6max-USD-0.5-1.00-202006.txt",
    "PLO-6max-MTT-USD-1k-202006.txt",
    "NLHE-8max-MTT-USD-5k-202008.txt",
}

# Hands where the identities do not hold, with the difference and why (the 136 fpdb hands balance).
EXPECTED_POT_DIFFERENCES: dict[tuple[str, str], tuple[int, int, str]] = {
    ("GG20250809-0105 - RushAndCash10648915 - 0.02 - 0.05 - 6max.txt", "3793645305"): (
        0,
        1,
        "`Total pot $2.01 | Rake $0.09 | Jackpot $0.07 | ... | Tax $0.01` leaves $1.84, and `d630ffa8 collected "
        "$1.85 from pot`: collected, rake and fees come to $2.02, a cent over the pot",
    ),
}

STP = "fpdb-chaz/PLO-6max-USD-0.01-0.02-202104.STP.txt"
SHORT_DECK = "fpdb-3/cash/Flop/NL-ShortDeck-5max-USD-100-202104.internal.txt"
RUSH = "GGPoker-Hand-Analyzer/demo_data/10000_data/GG{} - RushAndCash{} - 0.02 - 0.05 - 6max.txt"

# Error and warning findings on the corpus: (file, hand, code, line) -> why. The 136 fpdb hands are dealt right
# (the STP hand's pot-size raise and bet count GG's cash drop, which is in the pot before the blinds).
KNOWN: dict[tuple[str, str, str, int], str] = {
    (RUSH.format("20250808-2108", "10562907"), "3793222491", "OA501", 2956): "a tie (439b575 [Qs 9d] and Hero "
    "[Ah 9h], both Ten-to-Six straights, each $4.51 in) paid $4.37 and $4.41 of the $8.78 left after rake and "
    "jackpot; Hero's next hand (#RC3793222729) starts with $4.41",
    (RUSH.format("20250808-2306", "10604582"), "3793507388", "OA506", 1297): "run twice: $10.12 less $0.21 "
    "leaves $9.91, paid $4.95 on the first board and $4.96 on the second (RIT-2, and GG's other run-twice "
    "hands, give the odd cent to the first: #OM232657303 $48.93/$48.92, #RC3793508388 $4.57/$4.56); one "
    "finding per board",
    (RUSH.format("20250809-0105", "10648915"), "3793645305", "OA601", 9663): "`Total pot $2.01 | Rake $0.09 | "
    "Jackpot $0.07 | ... | Tax $0.01` leaves $1.84 and d630ffa8 collects $1.85: the printed figures disagree "
    "by a cent (EXPECTED_POT_DIFFERENCES)",
}
# Findings reported more than once on their line: one per board.
TIMES = {(RUSH.format("20250808-2306", "10604582"), "3793507388", "OA506", 1297): 2}
# Info findings: games the engine does not replay.
KNOWN_INFO = {(SHORT_DECK, "1171217378123557259", "OA102"): "ShortDeck (36 cards) is read but not replayed"}


def gg_files() -> list[Path]:
    root = corpus_root()
    if root is None:
        return []
    return sorted(path for path in (root / "GGPoker").rglob("*.txt"))


def relative(path: Path) -> str:
    return path.relative_to(require_corpus() / "GGPoker").as_posix()


def text_of(path: Path) -> str:
    return path.read_bytes().decode("utf-8").replace("\r\n", "\n")


@functools.cache
def source():
    return hand_source()


@functools.cache
def read(path: Path) -> list[Hand | UnreadableHand | FileNotice]:
    return list(source().read_file(path))


def hands_of(path: Path) -> list[Hand]:
    return [item for item in read(path) if isinstance(item, Hand)]


@functools.cache
def by_name() -> dict[str, Path]:
    return {relative(path): path for path in gg_files()}


def the_hand(name: str, hand_id: str | None = None) -> Hand:
    hands = [hand for hand in hands_of(by_name()[name]) if hand_id is None or hand.hand_id == hand_id]
    assert len(hands) == 1
    return hands[0]


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(word) for word in text.split())


# ---- one record per header -------------------------------------------------------------------------


def test_the_corpus_has_its_gg_files() -> None:
    require_corpus()
    files = gg_files()
    assert len(files) == FILES
    assert sum(len(HEADER.findall(text_of(path))) for path in files) == HANDS
    companions = [p for p in (require_corpus() / "GGPoker").rglob("*") if p.suffix in (".hands", ".hp", ".gt")]
    assert companions == [], "fpdb companion files appeared beside GG hands: compare them (tests/parse)"


@pytest.mark.parametrize("path", gg_files(), ids=lambda p: p.name)
def test_file_is_read_hand_for_hand(path: Path) -> None:
    require_corpus()
    text = text_of(path)
    items = read(path)
    assert not [item for item in items if isinstance(item, UnreadableHand)]
    assert not [item for item in items if isinstance(item, FileNotice)]
    hands = hands_of(path)
    assert len(hands) == len(HEADER.findall(text))
    lines = text.split("\n")
    assert all(HEADER.match(lines[hand.source.line - 1] + " ") for hand in hands)
    assert [hand.source.line for hand in hands] == sorted(hand.source.line for hand in hands)
    assert len({hand.hand_id for hand in hands}) == len(hands)
    for hand in hands:
        assert (hand.room, hand.format) == ("ggpoker", "ggpoker")
        assert hand.hand_id.isdigit()  # the number without GG's OM/RC/TM prefix, as fpdb reads it
        assert not hand.defects and not hand.truncated
        assert hand.started is None and re.fullmatch(r"\d{4}/\d\d/\d\d \d\d:\d\d:\d\d", hand.started_local)


# ---- the pot identity (ROOMS.md 1.6) ----------------------------------------------------------------


@pytest.mark.parametrize("path", gg_files(), ids=lambda p: p.name)
def test_pot_identity(path: Path) -> None:
    """Σ contributions after refunds + cash drop = Total pot; Σ collected + rake + jackpot + bingo = Total
    pot. EV cashout and insurance money is outside the pot and in neither sum."""
    require_corpus()
    problems = []
    for hand in hands_of(path):
        assert hand.pot is not None and hand.pot.total is not None
        total = hand.pot.total
        put_in = sum(action.amount for action in hand.actions) - sum(item.amount for item in hand.uncalled)
        added = sum(fee.amount for fee in hand.fees if fee.effect is FeeEffect.ADDED)
        taken = sum(fee.amount for fee in hand.fees if fee.effect is FeeEffect.TAKEN)
        paid = sum(item.amount for item in hand.collected) + (hand.pot.rake or 0) + taken
        differences = (put_in + added - total, paid - total)
        expected = EXPECTED_POT_DIFFERENCES.get((path.name, hand.hand_id), (0, 0, ""))[:2]
        if differences != expected:
            problems.append(f"#{hand.hand_id}: put in {put_in} + {added}, paid {paid}, total {total}")
        assert (hand.pot.rake is None) == (path.name in NO_RAKE_FIELD)
    assert not problems, "\n".join(problems)


# ---- GG's own lines -----------------------------------------------------------------------------------


def test_game_labels() -> None:
    require_corpus()
    seen = {(hand.game_text, hand.game, hand.structure) for path in gg_files() for hand in hands_of(path)}
    assert seen == {
        ("PLO", Game.OMAHA, Structure.POT_LIMIT),
        ("PLO-5", Game.OMAHA5, Structure.POT_LIMIT),
        ("Omaha Pot Limit", Game.OMAHA, Structure.POT_LIMIT),
        ("Omaha (NL postflop)", Game.OMAHA, Structure.POT_LIMIT_PREFLOP_NO_LIMIT_POSTFLOP),
        ("Hold'em No Limit", Game.HOLDEM, Structure.NO_LIMIT),
        ("ShortDeck No Limit", Game.OTHER, Structure.NO_LIMIT),
    }
    knockout = the_hand("fpdb-chaz/PLO-NLO-6max-MTT-USD-8.40-202104.KO.txt")
    assert knockout.tournament is not None and knockout.tournament.tournament_id == "25942319"
    assert knockout.tournament.level == "18" and knockout.unit.currency == "chips"
    assert (knockout.stakes.small_blind, knockout.stakes.big_blind) == (1250, 2500)
    assert knockout.table_id == "25942319/4"
    assert the_hand(STP).kind == "zoom"  # Rush & Cash, GG's fast-fold pool
    short_deck = the_hand(SHORT_DECK)
    assert (short_deck.stakes.big_blind, short_deck.stakes.ante) == (10000, 10000)
    assert short_deck.hero == "559023"


def test_rush_and_cash_sessions() -> None:
    """The 2025 files: Rush & Cash (`#RC`, GG's fast-fold pool: a new table every hand), pot lines with all
    five fees, the time bank card, cash drop, EV cashout and tax read as printed."""
    require_corpus()
    rush = [hand for path in gg_files() if "Hand-Analyzer" in path.as_posix() for hand in hands_of(path)]
    assert len(rush) == 4984
    assert {hand.kind for hand in rush} == {"zoom"}
    assert all(hand.table.startswith("RushAndCash") for hand in rush)
    assert len({hand.table for hand in rush}) == len(rush)
    assert {(hand.game_text, hand.unit.currency) for hand in rush} == {
        ("Hold'em No Limit", "USD"),
        ("Omaha Pot Limit", "USD"),
    }
    assert all(
        [fee.kind for fee in hand.fees if fee.effect is FeeEffect.TAKEN]
        == [FeeKind.JACKPOT, FeeKind.BINGO, FeeKind.FORTUNE, FeeKind.SHARE_TAX]
        for hand in rush
    )
    timebank = the_hand(RUSH.format("20250809-0105", "10630528"), "3793614092")
    assert [(f.kind, f.amount, f.effect, f.player) for f in timebank.fees if f.effect is FeeEffect.OUTSIDE] == [
        (FeeKind.OTHER, 5, FeeEffect.OUTSIDE, "93751890"),
        *(
            (FeeKind.OTHER, -1, FeeEffect.OUTSIDE, name)
            for name in ("Hero", "75296ff3", "d631a319", "5b4b2ab5", "c060a993")
        ),
    ]
    assert [(s.outcome, s.won, s.folded_street) for s in timebank.summary_seats] == [
        ("collected", (213,), None),  # `bought time bank card ($0.05), won ($2.13)`
        ("folded", (), "Flop"),  # `received ($0.01) from time bank card, folded before Flop`
        ("folded", (), "Flop"),
        ("folded", (), "Flop"),
        ("folded", (), "Flop"),
        ("folded", (), "River"),
    ]
    drop = the_hand(RUSH.format("20250809-0105", "10630528"), "3793611479")  # `Cash Drop to Pot : total $0.5 `
    assert [(f.kind, f.amount) for f in drop.fees if f.effect is FeeEffect.ADDED] == [(FeeKind.CASH_DROP, 50)]
    cashed = the_hand(RUSH.format("20250809-0105", "10648915"), "3793653142")
    assert [(c.player, c.amount) for c in cashed.cash_outs] == [("b2a20a9c", 357)]
    assert [s.player for s in cashed.summary_seats if s.cashed_out] == ["b2a20a9c"]
    risk = the_hand(RUSH.format("20250809-1753", "10970044"), "3795416026")
    assert [(f.kind, f.amount, f.player) for f in risk.fees if f.effect is FeeEffect.OUTSIDE] == [
        (FeeKind.CASH_OUT_RISK, 210, "52310931")
    ]
    taxed = the_hand(RUSH.format("20250809-0106", "10649063"), "3793607183")
    assert [(f.kind, f.amount) for f in taxed.fees if f.amount] == [(FeeKind.JACKPOT, 7), (FeeKind.SHARE_TAX, 2)]


def test_posts() -> None:
    require_corpus()
    straddle = the_hand("fpdb-chaz/PLO5-6max-USD-5-10-202104.straddle.txt")
    posts = [(a.player, a.kind, a.amount, a.raise_to) for a in straddle.actions if a.kind.is_post]
    assert posts[-1] == ("6bf5ff85", ActionKind.POST_STRADDLE, 2000, 2000)
    assert [(u.player, u.amount) for u in straddle.uncalled] == [("6bf5ff85", 1000)]
    rit = the_hand("fpdb-chaz/PLO-6max-USD-2-5-202101.RIT.txt")
    returning = [(a.kind, a.amount, a.raise_to) for a in rit.actions if a.player == "3b7dff87"]
    assert returning[:3] == [
        (ActionKind.POST_DEAD, 200, 0),
        (ActionKind.POST_BIG_BLIND, 500, 500),
        (ActionKind.RAISE, 1400, 1900),
    ]
    hero_raise = next(a for a in rit.actions if a.player == "Hero" and a.kind is ActionKind.RAISE)
    assert (hero_raise.amount, hero_raise.raise_to, hero_raise.increment) == (6200, 6400, 4500)
    missed = the_hand("fpdb-chaz/PLO5-6max-USD-2-5-202104.missed.txt")
    assert next((a.kind, a.amount) for a in missed.actions if a.player == "22c0851a") == (ActionKind.POST_DEAD, 200)
    tournament = the_hand("fpdb-chaz/NLHE-8max-MTT-USD-52.50-202104.KO.txt")
    kinds = [a.kind for a in tournament.actions if a.kind.is_post]
    assert kinds == [ActionKind.POST_ANTE] * 8 + [ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND]


def test_dealt_lines() -> None:
    """Every seat gets a `Dealt to` line; only Hero's has cards (the others with a trailing space or not)."""
    require_corpus()
    for path in gg_files():
        for hand in hands_of(path):
            with_cards = [line.player for line in hand.dealt if line.cards]
            assert with_cards == [hand.hero]
            if path.name != Path(SHORT_DECK).name:
                assert {line.player for line in hand.dealt} == {seat.player for seat in hand.seats}


def test_fees_and_money_outside_the_pot() -> None:
    require_corpus()
    stp = the_hand(STP)
    assert [(f.kind, f.amount, f.effect) for f in stp.fees if f.amount] == [
        (FeeKind.CASH_DROP, 20, FeeEffect.ADDED),
        (FeeKind.JACKPOT, 2, FeeEffect.TAKEN),
    ]
    jackpot = the_hand("fpdb-chaz/PLO5-6max-USD-2-5-202104.Jackpot.txt")
    assert [(f.kind, f.amount) for f in jackpot.fees] == [(FeeKind.JACKPOT, 500), (FeeKind.BINGO, 0)]
    loss = the_hand("fpdb-chaz/PLO5-6max-USD-2-5-202205.cashout.loss.txt")
    assert [(c.player, c.amount, c.fee) for c in loss.cash_outs] == [("Hero", 130618, 0)]
    assert [s.cashed_out for s in loss.summary_seats if s.player == "Hero"] == [True]
    folded = next(s for s in loss.summary_seats if s.player == "68e6a63e")
    assert folded.outcome == "folded" and folded.folded_street == "Flop"  # `folded before Flop with King High Flush`
    double = the_hand("fpdb-chaz/PLO5-6max-USD-2-5-202205.cashout.win.double.txt")
    risks = [(f.kind, f.amount, f.effect, f.player) for f in double.fees if f.kind is FeeKind.CASH_OUT_RISK]
    assert risks == [(FeeKind.CASH_OUT_RISK, 200, FeeEffect.OUTSIDE, "466a0aa1")] * 2
    assert not double.cash_outs and "cashout-choice" in {event.kind for event in double.events}
    win = the_hand("fpdb-chaz/PLO5-6max-USD-2-5-202205.cashout.win.txt")
    assert [(f.amount, f.player) for f in win.fees if f.kind is FeeKind.CASH_OUT_RISK] == [(1315, "Hero")]
    insured = the_hand("fpdb-chaz/PLO-6max-USD-0.50-1.00-202004.txt", "181427480")
    assert [(f.kind, f.amount, f.effect, f.player) for f in insured.fees] == [
        (FeeKind.INSURANCE, 400, FeeEffect.OUTSIDE, "23aca38f")
    ]


def test_collected_lines_get_their_pots() -> None:
    """GG writes `from pot` for every pot, the main pot's line first: the reader numbers them."""
    require_corpus()
    loss = the_hand("fpdb-chaz/PLO5-6max-USD-2-5-202205.cashout.loss.txt")
    assert [(c.player, c.amount, c.pot) for c in loss.collected] == [("466a0aa1", 147742, 0), ("466a0aa1", 67507, 1)]
    jackpot = the_hand("fpdb-chaz/PLO5-6max-USD-2-5-202104.Jackpot.txt")
    # the side pot only 3a59c1a9 is in is not run out: its line, under the first showdown, pays no board
    assert [(c.player, c.pot, c.run) for c in jackpot.collected] == [("Hero", 0, 1), ("3a59c1a9", 1, 0), ("Hero", 0, 2)]
    split = the_hand("fpdb-chaz/PLO-6max-USD-0.50-1.00-202004.txt", "181427818")
    assert [(c.player, c.amount, c.pot) for c in split.collected] == [
        ("b84ff923", 805, 0),
        ("b673c93c", 806, 0),
        ("b84ff923", 2200, 1),
    ]


def test_run_it_twice_boards() -> None:
    require_corpus()
    boards = {
        "fpdb-chaz/PLO-6max-USD-2-5-202101.RIT.txt": ("2d 4h Ac 7h Qs", "Td Qc 2c Kc Ah"),
        # `SECOND Board [3d Td]`: the second run's own cards only, after the shared flop
        "fpdb-chaz/PLO5-6max-USD-2-5-202104.Jackpot.txt": ("5d 2h 6c 5c 6h", "5d 2h 6c 3d Td"),
        "fpdb-chaz/PLO5-6max-USD-25-50-202104.RIT.txt": ("5c 6s 8c Jh Jd", "5c 6s 8c 2c Kc"),
        # the internal export: `FIRST` / `Board [..]` on lines of their own, `*** FIRST FLOP ***  [..]`
        SHORT_DECK: ("Tc 8h Ah 6h Jd", "9h 9c Kc 6s As"),
    }
    for name, (first, second) in boards.items():
        hand = the_hand(name)
        assert hand.run_twice and hand.boards == (cards(first), cards(second)), name
        assert {mark.run for mark in hand.showdown_marks} == {1, 2}
    # 2025: the streets bet before the all-in are printed FIRST too (`*** FIRST FLOP *** [Th Jc Tc]`, bets,
    # then `*** SECOND TURN *** [Th Jc Tc] [Kd]`); both runs share them: streets of run 0
    parted = {
        ("20250808-2306", "10604582", "3793508388"): ("Th Jc Tc 8s 6d", "Th Jc Tc Kd 2h", ["flop"]),
        ("20250808-2306", "10604582", "3793444291"): ("Ah Jc 8c 7h 5c", "Ah Jc 8c 7h 2h", ["flop", "turn"]),
        ("20250808-1932", "10539692", "3793132572"): ("8h 7s Tc 3s 9h", "Ts Kh 7c Qh Th", []),
    }
    for (day, entry, hand_id), (first, second, shared) in parted.items():
        hand = the_hand(RUSH.format(day, entry), hand_id)
        assert hand.boards == (cards(first), cards(second)), hand_id
        assert [deal.street.value for deal in hand.streets if deal.run == 0] == shared
        assert {deal.run for deal in hand.streets} - {0} == {1, 2}
    # a side pot only one player is in is not run out: GG pays it under the first showdown, on no board
    side = the_hand(RUSH.format("20250808-2309", "10604643"), "3793439667")
    assert [(c.amount, c.pot, c.run) for c in side.collected] == [(111, 0, 1), (4, 1, 0), (110, 0, 2)]


# ---- forms the corpus does not hold (ROOMS.md 1.1, 1.4: fpdb reads THIRD FLOP/TURN/RIVER, `PLO-6`, `Omaha Hi/Lo`)

RUN_THREE_TIMES = """\
Poker Hand #OM900001: PLO-6 ($1/$2) - 2022/01/01 10:00:00
Table 'PLO-6Test1' 6-max Seat #1 is the button
Seat 1: aaaa1111 ($100 in chips)
Seat 2: Hero ($100 in chips)
Seat 3: bbbb2222 ($200 in chips)
Hero: posts small blind $1
bbbb2222: posts big blind $2
*** HOLE CARDS ***
Dealt to aaaa1111\x20
Dealt to Hero [Ah Kh Qh Jh Th 9h]
Dealt to bbbb2222\x20
aaaa1111: folds
Hero: raises $4 to $6
bbbb2222: calls $4
*** FLOP *** [2c 3d 4s]
Hero: bets $94 and is all-in
bbbb2222: calls $94
Hero: shows [Ah Kh Qh Jh Th 9h] (Ace-High)
bbbb2222: shows [5c 6c 7d 8d 2h 2s] (Three Twos)
*** FIRST TURN *** [2c 3d 4s] [Kc]
*** FIRST RIVER *** [2c 3d 4s Kc] [Kd]
*** SECOND TURN *** [2c 3d 4s] [Qc]
*** SECOND RIVER *** [2c 3d 4s Qc] [Js]
*** THIRD TURN *** [2c 3d 4s] [9c]
*** THIRD RIVER *** [2c 3d 4s 9c] [Tc]
*** FIRST SHOWDOWN ***
Hero collected $65.34 from pot
*** SECOND SHOWDOWN ***
bbbb2222 collected $65.33 from pot
*** THIRD SHOWDOWN ***
bbbb2222 collected $65.33 from pot
*** SUMMARY ***
Total pot $200 | Rake $3 | Jackpot $1 | Bingo $0
Hand was run three times
FIRST Board [2c 3d 4s Kc Kd]
SECOND Board [Qc Js]
THIRD Board [9c Tc]
Seat 1: aaaa1111 (button) folded before Flop (didn't bet)
Seat 2: Hero (small blind) showed [Ah Kh Qh Jh Th 9h] and won ($65.34) with Three Kings, and lost with \
Pair of Queens, and lost with Ace-High
Seat 3: bbbb2222 (big blind) showed [5c 6c 7d 8d 2h 2s] and lost with Three Twos, and won ($65.33) with \
Sevens-High Straight, and won ($65.33) with Sevens-High Straight
"""


def test_run_three_times_and_other_labels(tmp_path: Path) -> None:
    path = tmp_path / "gg.txt"
    path.write_text(RUN_THREE_TIMES, encoding="utf-8")
    (hand,) = [item for item in hand_source().read_file(path) if isinstance(item, Hand)]
    assert (hand.format, hand.hand_id, hand.game, hand.structure) == (
        "ggpoker",
        "900001",
        Game.OMAHA6,
        Structure.POT_LIMIT,
    )
    assert not hand.defects and hand.run_twice
    assert hand.boards == (cards("2c 3d 4s Kc Kd"), cards("2c 3d 4s Qc Js"), cards("2c 3d 4s 9c Tc"))
    assert [(c.player, c.amount, c.run) for c in hand.collected] == [
        ("Hero", 6534, 1),
        ("bbbb2222", 6533, 2),
        ("bbbb2222", 6533, 3),
    ]
    assert [len(seat.won) for seat in hand.summary_seats] == [0, 1, 2]
    for header, game, structure in (
        ("Omaha Hi/Lo Pot Limit ($0.5/$1)", Game.OMAHA_HI_LO, Structure.POT_LIMIT),
        ("Hold'em No Limit ($1/$2)", Game.HOLDEM, Structure.NO_LIMIT),
        ("PLO-5 ($2/$5)", Game.OMAHA5, Structure.POT_LIMIT),
    ):
        path.write_text(RUN_THREE_TIMES.replace("PLO-6 ($1/$2)", header), encoding="utf-8")
        (other,) = [item for item in hand_source().read_file(path) if isinstance(item, Hand)]
        assert (other.game, other.structure) == (game, structure)


# ---- the 2025 forms and their siblings, written out ---------------------------------------------------


def read_text(tmp_path: Path, text: str) -> Hand:
    path = tmp_path / "gg.txt"
    path.write_text(text, encoding="utf-8")
    (hand,) = [item for item in hand_source().read_file(path) if isinstance(item, Hand)]
    assert not hand.defects
    return hand


def loud_findings(tmp_path: Path, text: str) -> list[str]:
    """The audit's error and warning findings on a hand written out."""
    path = tmp_path / "audited.txt"
    path.write_text(text, encoding="utf-8")
    auditor = Auditor(strict=True, keep_text=False)
    items = list(auditor.audit_files([path]))
    assert auditor.tally.hands == 1
    return [f"{f.code} {f.message}" for item in items for f in item.findings if f.severity is not Severity.INFO]


def pot_differences(hand: Hand) -> tuple[int, int]:
    """(Σ put in + money added - Total pot, Σ collected + rake + fees taken - Total pot): (0, 0) when it balances."""
    assert hand.pot is not None and hand.pot.total is not None
    put_in = sum(action.amount for action in hand.actions) - sum(item.amount for item in hand.uncalled)
    added = sum(fee.amount for fee in hand.fees if fee.effect is FeeEffect.ADDED)
    taken = sum(fee.amount for fee in hand.fees if fee.effect is FeeEffect.TAKEN)
    paid = sum(item.amount for item in hand.collected) + (hand.pot.rake or 0) + taken
    return put_in + added - hand.pot.total, paid - hand.pot.total


RUSH_HEAD = """\
Poker Hand #RC900100: Hold'em No Limit ($0.02/$0.05) - 2025/08/09 10:00:00
Table 'RushAndCash900100' 6-max Seat #1 is the button
Seat 1: aaaa1111 ($5 in chips)
Seat 2: Hero ($5 in chips)
Seat 3: bbbb2222 ($5 in chips)
Hero: posts small blind $0.02
bbbb2222: posts big blind $0.05
*** HOLE CARDS ***
Dealt to aaaa1111\x20
Dealt to Hero [{hero}]
Dealt to bbbb2222\x20
aaaa1111: folds
"""
RUSH_POT = "Total pot $10 | Rake $0.24 | Jackpot $0.07 | Bingo $0 | Fortune $0 | Tax $0\n"
SHOWS = "Hero: shows [Qs Qh] (two pair, Queens and Tens)\nbbbb2222: shows [Jd Qd] (two pair, Jacks and Tens)\n"
FOLDED = "Seat 1: aaaa1111 (button) folded before Flop (didn't bet)\n"

# A run-twice hand as the 2025 exports print it, by where the runs part: after the flop (the flop and its
# betting printed `FIRST FLOP`, the summary's `SECOND Board [Jh 2h]`), after the turn (`SECOND Board [Jh]`),
# before the flop (every street printed twice); and run three times after the flop. Board 1 goes to Hero's
# queens, board 2 to bbbb2222's jacks, board 3 (three runs) to Hero's full house.
RUN_OUTS = {
    "flop": (
        "Hero: raises $0.1 to $0.15\nbbbb2222: calls $0.1\n*** FIRST FLOP *** [Th Jc Tc]\nHero: bets $0.2\n"
        "bbbb2222: raises $4.65 to $4.85 and is all-in\nHero: calls $4.65 and is all-in\n" + SHOWS + "*** FIRST TURN "
        "*** [Th Jc Tc] [8s]\n*** FIRST RIVER *** [Th Jc Tc 8s] [6d]\n*** SECOND TURN *** [Th Jc Tc] [Jh]\n"
        "*** SECOND RIVER *** [Th Jc Tc Jh] [2h]\n",
        ("Jh 2h",),
        ("Th Jc Tc 8s 6d", "Th Jc Tc Jh 2h"),
        ["flop"],
    ),
    "turn": (
        "Hero: raises $0.1 to $0.15\nbbbb2222: calls $0.1\n*** FIRST FLOP *** [Th Jc Tc]\nHero: checks\n"
        "bbbb2222: checks\n*** FIRST TURN *** [Th Jc Tc] [8s]\nHero: bets $0.2\nbbbb2222: raises $4.65 to $4.85 "
        "and is all-in\nHero: calls $4.65 and is all-in\n" + SHOWS + "*** FIRST RIVER *** [Th Jc Tc 8s] [6d]\n"
        "*** SECOND RIVER *** [Th Jc Tc 8s] [Jh]\n",
        ("Jh",),
        ("Th Jc Tc 8s 6d", "Th Jc Tc 8s Jh"),
        ["flop", "turn"],
    ),
    "preflop": (
        "Hero: raises $4.95 to $5 and is all-in\nbbbb2222: calls $4.95 and is all-in\n" + SHOWS + "*** FIRST FLOP "
        "*** [Th Jc Tc]\n*** FIRST TURN *** [Th Jc Tc] [8s]\n*** FIRST RIVER *** [Th Jc Tc 8s] [6d]\n*** SECOND "
        "FLOP *** [Jh 2h 3c]\n*** SECOND TURN *** [Jh 2h 3c] [Js]\n*** SECOND RIVER *** [Jh 2h 3c Js] [4d]\n",
        ("Jh 2h 3c Js 4d",),
        ("Th Jc Tc 8s 6d", "Jh 2h 3c Js 4d"),
        [],
    ),
    "three": (
        "Hero: raises $0.1 to $0.15\nbbbb2222: calls $0.1\n*** FIRST FLOP *** [Th Jc Tc]\nHero: bets $0.2\n"
        "bbbb2222: raises $4.65 to $4.85 and is all-in\nHero: calls $4.65 and is all-in\n" + SHOWS + "*** FIRST TURN "
        "*** [Th Jc Tc] [8s]\n*** FIRST RIVER *** [Th Jc Tc 8s] [6d]\n*** SECOND TURN *** [Th Jc Tc] [Jh]\n"
        "*** SECOND RIVER *** [Th Jc Tc Jh] [2h]\n*** THIRD TURN *** [Th Jc Tc] [Qc]\n*** THIRD RIVER *** "
        "[Th Jc Tc Qc] [3s]\n",
        ("Jh 2h", "Qc 3s"),
        ("Th Jc Tc 8s 6d", "Th Jc Tc Jh 2h", "Th Jc Tc Qc 3s"),
        ["flop"],
    ),
}


def run_out_text(shape: str) -> str:
    streets, others, _, _ = RUN_OUTS[shape]
    words = ("FIRST", "SECOND", "THIRD")
    runs = len(others) + 1
    amounts = ["$4.85", "$4.84"] if runs == 2 else ["$3.23"] * 3
    winners = ["Hero", "bbbb2222", "Hero"][:runs]
    showdowns = "".join(
        f"*** {word} SHOWDOWN ***\n{winner} collected {amount} from pot\n"
        for word, winner, amount in zip(words, winners, amounts, strict=False)
    )
    boards = "FIRST Board [Th Jc Tc 8s 6d]\n" + "".join(
        f"{word} Board [{board}]\n" for word, board in zip(words[1:], others, strict=False)
    )
    hero = ", and ".join(
        f"won ({amount})" if winner == "Hero" else "lost" for winner, amount in zip(winners, amounts, strict=True)
    )
    other = ", and ".join(
        f"won ({amount})" if winner != "Hero" else "lost" for winner, amount in zip(winners, amounts, strict=True)
    )
    hero = hero.replace(")", ") with two pair, Queens and Tens", 1) if hero.startswith("won") else hero
    other = other.replace("lost", "lost with two pair, Jacks and Tens", 1)
    return (
        RUSH_HEAD.format(hero="Qs Qh")
        + streets
        + showdowns
        + "*** SUMMARY ***\n"
        + RUSH_POT
        + f"Hand was run {'two' if runs == 2 else 'three'} times\n"
        + boards
        + FOLDED
        + f"Seat 2: Hero (small blind) showed [Qs Qh] and {hero}\n"
        + f"Seat 3: bbbb2222 (big blind) showed [Jd Qd] and {other}\n"
    )


@pytest.mark.parametrize("shape", RUN_OUTS)
def test_run_outs_as_the_2025_exports_print_them(tmp_path: Path, shape: str) -> None:
    text = run_out_text(shape)
    hand = read_text(tmp_path, text)
    _, _, boards, shared = RUN_OUTS[shape]
    runs = len(boards)
    assert hand.run_twice and hand.boards == tuple(cards(board) for board in boards)
    assert [deal.street.value for deal in hand.streets if deal.run == 0] == shared
    assert {deal.run for deal in hand.streets} - {0} == set(range(1, runs + 1))
    assert [line.run for line in hand.showdown] == [0, 0]  # shown before the runs part
    assert [(c.player, c.run) for c in hand.collected] == list(
        zip(["Hero", "bbbb2222", "Hero"][:runs], range(1, runs + 1), strict=True)
    )
    assert [len(seat.won) for seat in hand.summary_seats] == [0, 2 if runs == 3 else 1, 1]
    assert pot_differences(hand) == (0, 0)
    assert loud_findings(tmp_path, text) == []
    # the same hand as the older exports print it: the shared streets without FIRST (ROOMS.md 1.4)
    if shared:
        older = text.replace("*** FIRST FLOP ***", "*** FLOP ***")
        if "turn" in shared:
            older = older.replace("*** FIRST TURN ***", "*** TURN ***")
        again = read_text(tmp_path, older)
        assert (again.boards, [(d.street, d.run) for d in again.streets]) == (
            hand.boards,
            [(d.street, d.run) for d in hand.streets],
        )


CASH_OUT_HAND = """\
Poker Hand #RC900200: Hold'em No Limit ($0.02/$0.05) - 2025/08/09 10:00:00
Table 'RushAndCash900200' 6-max Seat #1 is the button
Seat 1: aaaa1111 ($5 in chips)
Seat 2: Hero ($5 in chips)
Seat 3: bbbb2222 ($5 in chips)
Hero: posts small blind $0.02
bbbb2222: posts big blind $0.05
*** HOLE CARDS ***
Dealt to aaaa1111\x20
Dealt to Hero [9d 9c]
Dealt to bbbb2222\x20
aaaa1111: folds
Hero: raises $0.1 to $0.15
bbbb2222: calls $0.1
*** FLOP *** [3h Td 7h]
Hero: checks
bbbb2222: bets $0.2
Hero: calls $0.2
*** TURN *** [3h Td 7h] [8d]
Hero: bets $4.65 and is all-in
bbbb2222: calls $4.65 and is all-in
Hero: shows [9d 9c] (a pair of Nines)
bbbb2222: shows [5h 6h] (Ten high)
{before}*** RIVER *** [3h Td 7h 8d] [{river}]
{after}*** SHOWDOWN ***
{winner} collected $9.69 from pot
*** SUMMARY ***
Total pot $10 | Rake $0.24 | Jackpot $0.07 | Bingo $0 | Fortune $0 | Tax $0
Board [3h Td 7h 8d {river}]
Seat 1: aaaa1111 (button) folded before Flop (didn't bet)
Seat 2: Hero (small blind) showed [9d 9c] and {hero}
Seat 3: bbbb2222 (big blind) showed [5h 6h] and {other}
"""
LOSES = {"river": "Th", "winner": "bbbb2222", "other": "won ($9.69) with a flush Ten high"}
WINS = {"river": "2c", "winner": "Hero", "other": "lost with Ten high"}
# Money between a player and the site outside the pot (ROOMS.md 1.7): EV Cashout (2022, 2025) and all-in
# insurance (2020), every line form: (the lines, Hero's summary, cash-outs, fees outside the pot).
OUTSIDE_THE_POT = {
    "cashout, the hand lost": (
        {**LOSES, "before": "Hero: Chooses to EV Cashout\n", "after": "Hero: Receives Cashout ($3.57)\n"},
        "lost with two pair, Tens and Nines, EV Cashout ($3.57)",
        [("Hero", 357)],
        [],
    ),
    "cashout, trailing space": (
        {**LOSES, "before": "Hero: Chooses to EV Cashout \n", "after": "Hero: Receives Cashout ($3.57)\n"},
        "lost with two pair, Tens and Nines, EV Cashout ($3.57)",
        [("Hero", 357)],
        [],
    ),
    "cashout, the hand won": (
        {**WINS, "before": "Hero: Chooses to EV Cashout\n", "after": "Hero: Pays Cashout Risk ($1.24)\n"},
        "won ($9.69) with a pair of Nines, Cashout Risk ($1.24)",
        [],
        [(FeeKind.CASH_OUT_RISK, 124)],
    ),
    "cashout on two streets": (
        {
            **WINS,
            "before": "Hero: Chooses to EV Cashout \nHero: Pays Cashout Risk ($0.5)\nHero: Chooses to EV Cashout \n",
            "after": "Hero: Pays Cashout Risk ($0.74)\n",
        },
        "won ($9.69) with a pair of Nines, Cashout Risk ($1.24)",
        [],
        [(FeeKind.CASH_OUT_RISK, 50), (FeeKind.CASH_OUT_RISK, 74)],
    ),
    "all-in insurance": (
        {
            **WINS,
            "before": "Hero: get an all-in insurance (premium ($0/$0.4/$0) for ($0/$1.08/$0) - (Mandatory/Main/Sub))\n",
            "after": "Hero: pay premium of all-in insurance ($0.4)\n",
        },
        "won ($9.69) with a pair of Nines, AII Premium ($0.4)",
        [],
        [(FeeKind.INSURANCE, 40)],
    ),
}


@pytest.mark.parametrize("form", OUTSIDE_THE_POT)
def test_cash_out_and_insurance_forms(tmp_path: Path, form: str) -> None:
    lines, summary, cash_outs, fees = OUTSIDE_THE_POT[form]
    text = CASH_OUT_HAND.format(**lines, hero=summary)
    hand = read_text(tmp_path, text)
    assert [(c.player, c.amount) for c in hand.cash_outs] == cash_outs
    outside = [fee for fee in hand.fees if fee.effect is FeeEffect.OUTSIDE]
    assert [(fee.kind, fee.amount) for fee in outside] == fees and {fee.player for fee in outside} <= {"Hero"}
    hero = next(seat for seat in hand.summary_seats if seat.player == "Hero")
    assert hero.cashed_out == bool(cash_outs) and hero.outcome == "showed"
    assert hero.won == ((969,) if lines["winner"] == "Hero" else ())
    assert pot_differences(hand) == (0, 0)  # the money outside the pot is in neither sum
    assert loud_findings(tmp_path, text) == []


TIME_BANK_HAND = """\
Poker Hand #RC900300: Hold'em No Limit ($0.02/$0.05) - 2025/08/09 10:00:00
Table 'RushAndCash900300' 6-max Seat #1 is the button
Seat 1: aaaa1111 ($5 in chips)
Seat 2: Hero ($5 in chips)
Seat 3: bbbb2222 ($5 in chips)
Seat 4: cccc3333 ($5 in chips)
Seat 5: dddd4444 ($5 in chips)
Seat 6: eeee5555 ($5 in chips)
Hero: posts small blind $0.02
bbbb2222: posts big blind $0.05
*** HOLE CARDS ***
Dealt to aaaa1111\x20
Dealt to Hero [7h 2c]
Dealt to bbbb2222\x20
Dealt to cccc3333\x20
Dealt to dddd4444\x20
Dealt to eeee5555\x20
cccc3333: folds
dddd4444: folds
eeee5555: folds
aaaa1111: raises $0.1 to $0.15
Hero: folds
bbbb2222: folds
Uncalled bet ($0.1) returned to aaaa1111
*** SHOWDOWN ***
aaaa1111 collected $0.12 from pot
*** SUMMARY ***
Total pot $0.12 | Rake $0 | Jackpot $0 | Bingo $0 | Fortune $0 | Tax $0
Seat 1: aaaa1111 (button) {1}won ($0.12)
Seat 2: Hero (small blind) {2}folded before Flop
Seat 3: bbbb2222 (big blind) {3}folded before Flop
Seat 4: cccc3333 {4}folded before Flop (didn't bet)
Seat 5: dddd4444 {5}folded before Flop (didn't bet)
Seat 6: eeee5555 {6}folded before Flop (didn't bet)
"""


@pytest.mark.parametrize("buyer", [1, 2, 6])
def test_time_bank_card(tmp_path: Path, buyer: int) -> None:
    """Rush & Cash's time bank card (2025): the buyer pays a big blind, the five others get a cent each, off the
    pot: fees outside it on each player; each seat's outcome read from the rest of its line."""
    clauses = {
        seat: "bought time bank card ($0.05), " if seat == buyer else "received ($0.01) from time bank card, "
        for seat in range(1, 7)
    }
    text = TIME_BANK_HAND.format("", *(clauses[seat] for seat in range(1, 7)))
    hand = read_text(tmp_path, text)
    names = [seat.player for seat in hand.seats]
    assert [(f.kind, f.amount, f.effect, f.player, f.label) for f in hand.fees if f.effect is FeeEffect.OUTSIDE] == [
        (FeeKind.OTHER, 5 if seat == buyer else -1, FeeEffect.OUTSIDE, name, "time bank card")
        if seat == buyer
        else (FeeKind.OTHER, -1, FeeEffect.OUTSIDE, name, "share of a time bank card")
        for seat, name in enumerate(names, 1)
    ]
    assert [(s.outcome, s.won, s.folded_street) for s in hand.summary_seats] == [
        ("collected", (12,), None),
        *[("folded", (), "Flop")] * 5,
    ]
    assert pot_differences(hand) == (0, 0)
    assert loud_findings(tmp_path, text) == []


CASH_DROP_HAND = """\
Poker Hand #RC900400: Hold'em No Limit ($0.02/$0.05) - 2025/08/09 10:00:00
Table 'RushAndCash900400' 6-max Seat #1 is the button
Seat 1: aaaa1111 ($5 in chips)
Seat 2: Hero ($5 in chips)
Seat 3: bbbb2222 ($5 in chips)
{drop}
Hero: posts small blind $0.02
bbbb2222: posts big blind $0.05
*** HOLE CARDS ***
Dealt to aaaa1111\x20
Dealt to Hero [Kh Kd]
Dealt to bbbb2222\x20
aaaa1111: folds
Hero: calls $0.03
bbbb2222: checks
*** FLOP *** [2c 7d Ks]
Hero: bets $0.2
bbbb2222: folds
Uncalled bet ($0.2) returned to Hero
*** SHOWDOWN ***
Hero collected $0.57 from pot
*** SUMMARY ***
Total pot $0.6 | Rake $0.03 | Jackpot $0 | Bingo $0 | Fortune $0 | Tax $0
Board [2c 7d Ks]
Seat 1: aaaa1111 (button) folded before Flop (didn't bet)
Seat 2: Hero (small blind) won ($0.57)
Seat 3: bbbb2222 (big blind) folded on the Flop
"""


@pytest.mark.parametrize("drop", ["Cash Drop to Pot : total $0.5 ", "Cash Drop to Pot : total $0.5"])
def test_cash_drop(tmp_path: Path, drop: str) -> None:
    """`Cash Drop to Pot : total $0.5` (2025: with a trailing space; 2021: without): the site's money, in the
    pot before the blinds."""
    text = CASH_DROP_HAND.format(drop=drop)
    hand = read_text(tmp_path, text)
    assert [(f.kind, f.amount, f.effect) for f in hand.fees if f.amount] == [(FeeKind.CASH_DROP, 50, FeeEffect.ADDED)]
    assert pot_differences(hand) == (0, 0)
    assert loud_findings(tmp_path, text) == []


SPIN_AND_GOLD = """\
Poker Hand #SG900500: Tournament #239877416, Spin&Gold #5 Hold'em No Limit - Level5(40/80) - 2025/10/27 11:05:05
Table '7639' 3-max Seat #1 is the button
Seat 1: Hero (500 in chips)
Seat 2: aaaa1111 (400 in chips)
Hero: posts small blind 40
aaaa1111: posts big blind 80
*** HOLE CARDS ***
Dealt to Hero [4d 4c]
Dealt to aaaa1111
Hero: raises 420 to 500 and is all-in
aaaa1111: calls 320 and is all-in
Uncalled bet (100) returned to Hero
Hero: shows [4d 4c] (a pair of Fours)
aaaa1111: shows [As 9h] (Ace high)
*** FLOP *** [2h 7c Kd]
*** TURN *** [2h 7c Kd] [5s]
*** RIVER *** [2h 7c Kd 5s] [Jc]
*** SHOWDOWN ***
Hero collected 800 from pot
*** SUMMARY ***
Total pot 800 | Rake 0 | Jackpot 0 | Bingo 0 | Fortune 0 | Tax 0
Board [2h 7c Kd 5s Jc]
Seat 1: Hero (small blind) showed [4d 4c] and won (800) with a pair of Fours
Seat 2: aaaa1111 (big blind) showed [As 9h] and lost with Ace high
"""

ALL_IN_OR_FOLD = """\
Poker Hand #RC900600: Hold'em No Limit ($0.1/$0.2) - 2025/08/09 10:00:00
Table 'AFO 900600' 6-max Seat #1 is the button
Seat 1: aaaa1111 ($4 in chips)
Seat 2: Hero ($4 in chips)
Seat 3: bbbb2222 ($4 in chips)
Hero: posts small blind $0.1
bbbb2222: posts big blind $0.2
*** HOLE CARDS ***
Dealt to aaaa1111\x20
Dealt to Hero [Ah Kh]
Dealt to bbbb2222\x20
aaaa1111: folds
Hero: raises $3.8 to $4 and is all-in
bbbb2222: calls $3.8 and is all-in
Hero: shows [Ah Kh] (Ace high)
bbbb2222: shows [Qs Qd] (a pair of Queens)
*** SHOWDOWN ***
Hero collected $7.8 from pot
*** SUMMARY ***
Total pot $8 | Rake $0.2 | Jackpot $0 | Bingo $0 | Fortune $0 | Tax $0
Board [Ac 7d 2s 9h 3c]
Seat 1: aaaa1111 (button) folded before Flop (didn't bet)
Seat 2: Hero (small blind) showed [Ah Kh] and won ($7.8) with a pair of Aces
Seat 3: bbbb2222 (big blind) showed [Qs Qd] and lost with a pair of Queens
"""


def test_other_headers(tmp_path: Path) -> None:
    """Rush & Cash (`#RC`) in every game label GG deals it in, a Spin & Gold tournament (`#SG`), and All-in or
    Fold (fpdb: a table named `AFO`, no street lines, the board only in the summary)."""
    for label, game in (("Hold'em No Limit", Game.HOLDEM), ("Omaha Pot Limit", Game.OMAHA)):
        text = TIME_BANK_HAND.format(*[""] * 7).replace("Hold'em No Limit", label)
        hand = read_text(tmp_path, text)
        assert (hand.kind, hand.game, hand.hand_id, hand.table) == ("zoom", game, "900300", "RushAndCash900300")
    spin = read_text(tmp_path, SPIN_AND_GOLD)
    assert spin.tournament is not None and (spin.tournament.tournament_id, spin.tournament.level) == ("239877416", "5")
    assert (spin.kind, spin.unit.currency, spin.stakes.small_blind, spin.stakes.big_blind) == ("hand", "chips", 40, 80)
    assert pot_differences(spin) == (0, 0) and loud_findings(tmp_path, SPIN_AND_GOLD) == []
    fold = read_text(tmp_path, ALL_IN_OR_FOLD)
    assert fold.streets == () and fold.boards == (cards("Ac 7d 2s 9h 3c"),)
    assert pot_differences(fold) == (0, 0) and loud_findings(tmp_path, ALL_IN_OR_FOLD) == []


# ---- descriptions -------------------------------------------------------------------------------------


# Descriptions where GG ranked the hand wrongly: (file, hand, line, board number or 0 for a shows line) -> why.
GG_MISRANKED = {
    ("fpdb-chaz/PLO-NLO-6max-MTT-USD-8.40-202104.KO.txt", "2697462", 35, 1): "`Fives-High Straight` with "
    "[Kc 4s Ac 3d] on Th 2d 5h 7h Jh: a wheel needs three hole cards (Omaha: Ace-High)",
    ("fpdb-chaz/PLO5-6max-USD-2-5-202104.Jackpot.txt", "1349864", 29, 0): "`Pair of Nines and Pair of Fives` "
    "with [4d 9d 5s 4s 9c] on 5d 2h 6c: two pair from three hole cards (Omaha: Pair of Nines)",
    ("fpdb-chaz/PLO5-6max-USD-2-5-202104.Jackpot.txt", "1349864", 48, 1): "`Fives Full over Nines` on "
    "5d 2h 6c 5c 6h: three hole cards again (Omaha: Three Fives)",
    ("fpdb-chaz/PLO5-6max-USD-2-5-202104.Jackpot.txt", "1349864", 48, 2): "`Pair of Nines and Pair of Fours`: "
    "the second board described on its own two cards 3d Td (Omaha, on 5d 2h 6c 3d Td: Ten High Flush)",
    ("fpdb-chaz/PLO5-6max-USD-25-50-202104.RIT.txt", "785467", 26, 0): "`Pair of Kings and Pair of Sixes` with "
    "[6h 4d Kd Qc Ks] on 5c 6s 8c: three hole cards (Omaha: Pair of Kings)",
    ("fpdb-chaz/PLO5-6max-USD-25-50-202104.RIT.txt", "785467", 42, 2): "`Pair of Twos` for [6c Ts 7c 3s 2h] on "
    "the second board's own 2c Kc (Omaha, on 5c 6s 8c 2c Kc: King High Flush)",
}


# A summary clause's description ends where the next board's clause or a cash-out tag begins (`and lost with
# two pair, Jacks and Tens, and lost`, `with three of a kind, Aces, Cashout Risk ($0.65)`).
CLAUSE_END = re.compile(r", (?:and (?:won|lost)|EV Cashout|Cashout Risk|AII Premium)")


def test_gg_words_are_not_checked_but_reproduced() -> None:
    """OA507 does not read GG's descriptions (GG ranks some hands wrongly: GG_MISRANKED); ggpoker/words.py
    gives GG's phrases for the hand as Omaha (or Hold'em) ranks it, which is what GG prints on the others:
    the 2020-2022 exports in one style (`describe`), the 2025 ones in another (`describe_2025`)."""
    require_corpus()
    assert BY_NAME["ggpoker"].words("ggpoker") is None
    checked = Counter[str]()
    wrong: set[tuple[str, str, int, int]] = set()
    for path in gg_files():
        for hand in hands_of(path):
            if hand.game is Game.OTHER:
                continue
            evaluate = evaluate_high if hand.game.is_omaha else evaluate_holdem
            style = "2025" if hand.started_local >= "2025" else "2020"
            words = describe_2025 if style == "2025" else describe
            said_on: list[tuple[int, int, tuple[Card, ...], tuple[Card, ...], str]] = []
            for shown in hand.showdown:
                before = [deal for deal in hand.streets if deal.order < shown.order]
                if shown.description is not None and before:
                    said_on.append((shown.source.line, 0, shown.cards, before[-1].cards, shown.description))
            for seat in hand.summary_seats:
                clauses = seat.text.split(" with ")[1:] if seat.outcome == "showed" else []
                for number, (clause, board) in enumerate(zip(clauses, hand.boards, strict=False), 1):
                    said_on.append((seat.source.line, number, seat.cards, board, CLAUSE_END.split(clause)[0]))
            for line, number, hole, board, said in said_on:
                checked[style] += 1
                if words(evaluate(hole, board).key) != said:
                    wrong.add((relative(path), hand.hand_id, line, number))
    assert wrong == set(GG_MISRANKED)
    assert checked == {"2020": 178, "2025": 2685}


# ---- the audit ----------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def corpus_findings() -> list[tuple[str, str, str, int, Severity, str]]:
    require_corpus()
    auditor = Auditor(strict=True, keep_text=False)
    found = []
    for item in auditor.audit_files(gg_files()):
        for finding in item.findings:
            found.append(
                (
                    relative(Path(finding.path)),
                    finding.hand_id or "",
                    finding.code,
                    finding.line,
                    finding.severity,
                    finding.message,
                )
            )
    assert auditor.tally.hands == HANDS
    return found


def test_every_finding_is_listed_with_its_reason(corpus_findings) -> None:
    loud = Counter(
        (path, hand, code, line)
        for path, hand, code, line, severity, _ in corpus_findings
        if severity is not Severity.INFO
    )
    messages = {(path, hand, code, line): message for path, hand, code, line, _, message in corpus_findings}
    unexpected = sorted(f"{key} {messages[key]}" for key in loud if key not in KNOWN)
    assert not unexpected, "findings not in the table:\n" + "\n".join(unexpected)
    assert not [key for key in KNOWN if key not in loud], "table entries no longer found"
    assert all(count == TIMES.get(key, 1) for key, count in loud.items())
    info = {(path, hand, code) for path, hand, code, _, severity, _ in corpus_findings if severity is Severity.INFO}
    assert info == set(KNOWN_INFO)


def test_no_internal_errors_and_no_description_checks(corpus_findings) -> None:
    codes = {code for _, _, code, _, _, _ in corpus_findings}
    assert "OA104" not in codes and "OA507" not in codes


TAXED_TIE = """\
Poker Hand #RC3793612972: Hold'em No Limit ($0.02/$0.05) - 2025/08/09 01:20:00
Table 'RushAndCash10630528' 6-max Seat #1 is the button
Seat 1: 584090 ($5 in chips)
Seat 2: 30183de7 ($5 in chips)
Seat 3: 33f8854c ($7.27 in chips)
Seat 4: d630ffa8 ($11.64 in chips)
30183de7: posts small blind $0.02
33f8854c: posts big blind $0.05
*** HOLE CARDS ***
d630ffa8: calls $0.05
584090: folds
30183de7: folds
33f8854c: checks
*** FLOP *** [Kc Js Td]
33f8854c: checks
d630ffa8: checks
*** TURN *** [Kc Js Td] [As]
33f8854c: checks
d630ffa8: checks
*** RIVER *** [Kc Js Td As] [Qd]
33f8854c: checks
d630ffa8: bets $11.59 and is all-in
33f8854c: calls $7.22 and is all-in
Uncalled bet ($4.37) returned to d630ffa8
d630ffa8: shows [3d 3c] (a straight, Ace to Ten)
33f8854c: shows [4h 2s] (a straight, Ace to Ten)
*** SHOWDOWN ***
33f8854c collected {first} from pot
d630ffa8 collected {second} from pot
*** SUMMARY ***
Total pot $14.56 | Rake $0.14 | Jackpot $0.07 | Bingo $0 | Fortune $0 | Tax $0.01
Board [Kc Js Td As Qd]
Seat 1: 584090 (button) folded before Flop (didn't bet)
Seat 2: 30183de7 (small blind) folded before Flop
Seat 3: 33f8854c (big blind) showed [4h 2s] and won ({first}) with a straight, Ace to Ten
Seat 4: d630ffa8 showed [3d 3c] and won ({second}) with a straight, Ace to Ten
"""


def test_the_tax_is_taken_from_one_winners_share(tmp_path: Path) -> None:
    """GG's `Tax` comes out of one winner's share once the pot is split (the corpus's #RC3793612972: $14.35
    split $7.18/$7.17, d630ffa8's share pays the cent): right as printed; a share short by more than the tax
    leaves the pot short (OA601), and a cent moved between the winners besides the tax is a misaward."""
    right = TAXED_TIE.format(first="$7.18", second="$7.16")
    assert loud_findings(tmp_path, right) == []
    assert loud_findings(tmp_path, TAXED_TIE.format(first="$7.18", second="$7.15"))[0].startswith("OA601")
    shifted = TAXED_TIE.format(first="$7.19", second="$7.15")  # the total right, a cent moved besides the tax
    assert any(finding.startswith(("OA505", "OA501")) for finding in loud_findings(tmp_path, shifted))
