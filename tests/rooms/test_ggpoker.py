"""Every GGPoker hand of the shared corpus (ROOMS.md section 1: 18 files, 136 hands) is read into the model:
one record per hand header, nothing unreadable, GG's pot identity on every hand (ROOMS.md 1.6), GG's own
lines (straddle, missed blind, cash drop, EV cashout, insurance, run it twice) read as the text says, and
the audit's findings on these hands exactly the table below, each with its reason."""

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
from omaha_audit.pipeline import Auditor
from omaha_audit.rooms import BY_NAME, hand_source
from omaha_audit.rooms.ggpoker.words import describe
from omaha_audit.rules.base import Severity

pytestmark = pytest.mark.corpus

# ROOMS.md appendix A's count of GG hands, written out here: a line starting `Poker Hand #`, up to two
# capitals (OM, RC, TM or none), the hand number and a colon.
HEADER = re.compile(r"^Poker Hand #[A-Z]{0,2}\d+: ", re.MULTILINE)
FILES, HANDS = 18, 136  # ROOMS.md 1.9

# The 2020 exports print `Total pot $37.5` with no rake or fee fields (ROOMS.md 1.6).
NO_RAKE_FIELD = {
    "PLO-6max-USD-0.50-1.00-202004.txt",
    "PLO-6max-USD-0.5-1.00-202006.txt",
    "PLO-6max-MTT-USD-1k-202006.txt",
    "NLHE-8max-MTT-USD-5k-202008.txt",
}

# Hands where the identities do not hold, with the difference and why: none (ROOMS.md: 136/136 balance).
EXPECTED_POT_DIFFERENCES: dict[tuple[str, str], tuple[int, int, str]] = {}

STP = "fpdb-chaz/PLO-6max-USD-0.01-0.02-202104.STP.txt"
SHORT_DECK = "fpdb-3/cash/Flop/NL-ShortDeck-5max-USD-100-202104.internal.txt"

# Error and warning findings on the corpus: (file, hand, code, line) -> why. None: the 136 hands are dealt
# right (the STP hand's pot-size raise and bet count GG's cash drop, which is in the pot before the blinds).
KNOWN: dict[tuple[str, str, str, int], str] = {}
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
    assert [(c.player, c.pot, c.run) for c in jackpot.collected] == [("Hero", 0, 1), ("3a59c1a9", 1, 1), ("Hero", 0, 2)]
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


# ---- forms the corpus does not hold (ROOMS.md 1.4: fpdb reads THIRD FLOP/TURN/RIVER, `PLO-6`, `Omaha Hi/Lo`)

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


def test_gg_words_are_not_checked_but_reproduced() -> None:
    """OA507 does not read GG's descriptions (GG ranks some hands wrongly: GG_MISRANKED); ggpoker/words.py
    gives GG's phrases for the hand as Omaha (or Hold'em) ranks it, which is what GG prints on the others."""
    require_corpus()
    assert BY_NAME["ggpoker"].words("ggpoker") is None
    checked = 0
    wrong: set[tuple[str, str, int, int]] = set()
    for path in gg_files():
        for hand in hands_of(path):
            if hand.game is Game.OTHER:
                continue
            evaluate = evaluate_high if hand.game.is_omaha else evaluate_holdem
            said_on: list[tuple[int, int, tuple[Card, ...], tuple[Card, ...], str]] = []
            for line in hand.showdown:
                before = [deal for deal in hand.streets if deal.order < line.order]
                if line.description is not None and before:
                    said_on.append((line.source.line, 0, line.cards, before[-1].cards, line.description))
            for seat in hand.summary_seats:
                clauses = seat.text.split(" with ")[1:] if seat.outcome == "showed" else []
                for number, (clause, board) in enumerate(zip(clauses, hand.boards, strict=False), 1):
                    said_on.append((seat.source.line, number, seat.cards, board, clause.split(",")[0]))
            for line, number, hole, board, said in said_on:
                checked += 1
                if describe(evaluate(hole, board).key) != said:
                    wrong.add((relative(path), hand.hand_id, line, number))
    assert wrong == set(GG_MISRANKED)
    assert checked == 178


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
    assert all(count == 1 for count in loud.values())
    info = {(path, hand, code) for path, hand, code, _, severity, _ in corpus_findings if severity is Severity.INFO}
    assert info == set(KNOWN_INFO)


def test_no_internal_errors_and_no_description_checks(corpus_findings) -> None:
    codes = {code for _, _, code, _, _, _ in corpus_findings}
    assert "OA104" not in codes and "OA507" not in codes
