"""PKR text (the `pkr` format, ROOMS.md section 17): every hand of the corpus's PKR folder is read, one record
per `Starting Hand #` line (the hand that lost its `Table #` line included), its pots, awards and closing
stacks add up (or the reason they do not is listed), fpdb's import of the same file agrees where it can, and
every error or warning the audit reports is listed below with the reason it is genuine."""

from __future__ import annotations

import ast
import functools
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from corpus_paths import corpus_root, require_corpus
from corpus_text import decoded

from omaha_audit.model import ActionKind, Half, Hand, PotBasis, Refunds, ShowdownKind, Street, UnreadableHand
from omaha_audit.parse.files import HandSource
from omaha_audit.parse.split import Block
from omaha_audit.rooms import BY_NAME, hand_source
from omaha_audit.rules.base import Severity
from omaha_audit.run.pipeline import Auditor

pytestmark = pytest.mark.corpus

FOLDER = "PKR"
# ROOMS.md appendix A's count pattern, written out here on its own.
HEADER = re.compile(r"^Starting Hand #\d+", re.MULTILINE)
# the seat lines, read with a pattern of the test's: before the deal the stacks before, after it the stacks after
SEAT = re.compile(r"^Seat \d+: (.+?)(?: \(bounty [^)]*\))? - \$?([\d,.]+)", re.MULTILINE)

PARTIAL = "fpdb-3/cash/Flop/NLHE-USD-3.00-6.00-201108.partial.txt"
POST_BOTH = "fpdb-3/cash/Flop/NLHE-USD-1.00-2.00-201108.post.both.txt"
TURN_2009 = "fpdb-3/cash/Flop/NLHE-2max-USD-0.02-0.04-200903.All-in.on.turn.txt"
STT = "fpdb-3/tour/Flop/NLHE-USD-STT-201205.txt"
ANTES = "fpdb-chaz/NLHE-USD-STT-201205.all.in.ante.txt"
DISCONNECTED = "fpdb-chaz/NLHE-10max-USD-0.02-0.04-201208.disconnected.won.txt"
SIDE_POTS = "fpdb-chaz/NLHE-10max-USD-0.02-0.04-201208.multiple.side.pots.txt"
TIES = "fpdb-chaz/PLO8-USD-2.00-4.00-201108.ties.low.txt"
PLO = "fpdb-chaz/PLO-6max-USD-0.02-0.04-201205.txt"

# Hands whose pots do not add up: (file, hand) -> (the last `Pot sizes` group less what the chips make, why).
EXPECTED_POT_DIFFERENCES: dict[tuple[str, str], tuple[int, str]] = {
    (STT, "2072801748"): (400, "`Pot sizes: 400` printed twice for a pot of 400 (everyone folded to the big blind)"),
}

# Every error or warning finding on the room's real hands: (file, hand, code, line) -> why it is genuine.
KNOWN: dict[tuple[str, str, str, int], str] = {
    (TURN_2009, "746382000", "OA109", 60): "fpdb's anonymised sample: `Starting Hand #746382000` (and `Last Hand"
    " #746380000`) rounded, the end line `End Of Hand #746382682` not: the record contradicts itself",
    (STT, "2072801748", "OA402", 700): "`Pot sizes: 400` twice: the text lists a second pot of 400 that no chips"
    " make (the pot is the 200 + 200 of the blinds, and the hand pays 400)",
    (DISCONNECTED, "2138526544", "OA306", 35): "PKR's disconnection protection: Player5 stays in the hand facing"
    " $0.18 without calling (no RULES.md rule allows it), and is limited to $0.04 of the pot he wins",
    (SIDE_POTS, "2147625245", "OA505", 66): "side pot 1 ($0.85) split between Player0 (seat 1) and Player3 (seat 5):"
    " the odd cent goes to Player3, not to Player0, first left of the button on seat 9 (OC-2)",
}
# (hand 2050887314: `Returning 10 to Hero uncalled`, the part of Hero's all-in ante of 20 that Player0's 10
# cannot match, is the uncalled part of an ante, as the engine finds it: UC-1; the hand is clean.)
MODEL_LIMITS: dict[tuple[str, str, str, int], str] = {}


def room_files() -> list[Path]:
    root = corpus_root()
    if root is None:
        return []
    return sorted(
        path
        for path in (root / FOLDER).rglob("*")
        if path.is_file() and path.suffix not in (".hp", ".hands", ".gt") and HEADER.search(decoded(path))
    )


def name(path: Path) -> str:
    root = corpus_root()
    assert root is not None
    return str(path.relative_to(root / FOLDER))


@functools.cache
def source() -> HandSource:
    return hand_source()


@functools.cache
def read(path: Path) -> list[object]:
    return list(source().read_file(path))


def hands_of(relative: str) -> list[Hand]:
    return [item for item in read(require_corpus() / FOLDER / relative) if isinstance(item, Hand)]


def all_hands() -> list[tuple[Path, Hand]]:
    return [(path, item) for path in room_files() for item in read(path) if isinstance(item, Hand)]


def test_the_folder_has_pkr_files() -> None:
    require_corpus()
    files = room_files()
    assert len(files) == 11
    assert sum(len(HEADER.findall(decoded(path))) for path in files) == 24


@pytest.mark.parametrize("path", room_files(), ids=lambda p: p.name)
def test_file_is_read_hand_for_hand(path: Path) -> None:
    require_corpus()
    text = decoded(path)
    items = read(path)
    unreadable = [item for item in items if isinstance(item, UnreadableHand)]
    assert not unreadable, unreadable
    hands = [item for item in items if isinstance(item, Hand)]
    assert len(hands) == len(HEADER.findall(text)) == len(items)
    assert all(hand.format == "pkr" and hand.room == "pkr" for hand in hands)
    lines = text.split("\n")
    for hand in hands:  # a hand starts at its table line, or at `Starting Hand #` where it has none
        first = lines[hand.source.line - 1]
        assert HEADER.match(first) or HEADER.match(lines[hand.source.line]), first
    assert len({hand.hand_id for hand in hands}) == len(hands)


def stakes(hand: Hand) -> dict[str, int]:
    """What each player bet: all they put in but dead blind money, less what went back by a line."""
    stake: dict[str, int] = {}
    for action in hand.actions:
        dead = action.amount if action.kind is ActionKind.POST_DEAD else 0
        if action.kind is ActionKind.POST_SMALL_AND_BIG_BLIND:
            dead = action.amount - (action.raise_to or 0)
        stake[action.player] = stake.get(action.player, 0) + action.amount - dead
    for item in hand.uncalled:
        stake[item.player] -= item.amount
    return stake


def returned(hand: Hand) -> dict[str, int]:
    """The chips that went back: the `Returning ... uncalled` lines, else the uncalled excess (UC-1)."""
    back = {item.player: item.amount for item in hand.uncalled}
    ranked = sorted(stakes(hand).items(), key=lambda item: -item[1])
    if ranked and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]):
        player, excess = ranked[0][0], ranked[0][1] - (ranked[1][1] if len(ranked) > 1 else 0)
        back[player] = back.get(player, 0) + excess
    return back


def test_pots_add_up() -> None:
    """ROOMS.md 17: the chips put in, less what went back, are the last `Pot sizes` group (before the rake);
    the awards plus the rake taken from the pots are those chips. The model's pots are the group less the rake
    of each pot (PotBasis.NET)."""
    require_corpus()
    problems = []
    for path, hand in all_hands():
        assert hand.refunds is (Refunds.LINE if hand.uncalled else Refunds.IMPLIED)
        put_in = sum(action.amount for action in hand.actions)
        chips = put_in - sum(returned(hand).values())
        assert hand.pot is not None and hand.pot.rake is not None, hand.hand_id
        paid = sum(item.amount for item in hand.collected)
        assert paid + hand.pot.rake == chips, f"{name(path)} #{hand.hand_id}"
        if hand.pot.main is None:
            assert name(path) == TURN_2009  # the 2009 text prints no `Pot sizes`
            continue
        assert hand.pot.pots_basis is PotBasis.NET
        printed = hand.pot.main + sum(hand.pot.sides) + hand.pot.rake
        found = printed - chips
        expected = EXPECTED_POT_DIFFERENCES.get((name(path), hand.hand_id), (0, ""))[0]
        if found != expected:
            problems.append(f"{name(path)} #{hand.hand_id}: {found}, expected {expected}")
    assert not problems, "\n".join(problems)


def test_closing_stacks_add_up() -> None:
    """The seat lines after the awards, read here from the text: each is the stack before, less what the
    player put in, plus what went back and what they collected."""
    require_corpus()
    checked = 0
    for path, hand in all_hands():
        text = "\n".join(decoded(path).split("\n")[hand.source.line - 1 : hand.source.end_line])
        head, _, tail = text.partition("\nDealing Cards\n")
        before = {
            player: round(float(stack.replace(",", "")) * 10**hand.unit.decimals)
            for player, stack in SEAT.findall(head)
        }
        back = returned(hand)
        for player, stack in SEAT.findall(tail):
            put_in = sum(action.amount for action in hand.actions if action.player == player)
            got = sum(item.amount for item in hand.collected if item.player == player)
            after = round(float(stack.replace(",", "")) * 10**hand.unit.decimals)
            assert after == before[player] - put_in + back.get(player, 0) + got, f"{hand.hand_id} {player}"
            checked += 1
    assert checked == sum(len(hand.seats) for _, hand in all_hands()) == 164


def test_running_pot_sizes_are_checked() -> None:
    """Every `Pot sizes` group before the last is checked as the hand is read (a defect when it disagrees): none
    does in the corpus; the one hand with a defect is the anonymised end line."""
    require_corpus()
    defects = [(name(path), hand.hand_id, d.reason, d.inconsistent) for path, hand in all_hands() for d in hand.defects]
    assert defects == [(TURN_2009, "746382000", "the end line names another hand than #746382000", True)]


# ---- fpdb's import of the same file -------------------------------------------------------------------------
class _Text(ast.NodeTransformer):
    def visit_Call(self, node: ast.Call) -> ast.Constant:
        return ast.Constant(ast.unparse(node))

    def visit_Attribute(self, node: ast.Attribute) -> ast.Constant:
        return ast.Constant(ast.unparse(node))

    def visit_Name(self, node: ast.Name) -> ast.Constant:
        return ast.Constant(node.id)


def fpdb_literal(path: Path) -> Any:
    tree = _Text().visit(ast.parse(path.read_text(encoding="utf-8"), mode="eval"))
    return ast.literal_eval(ast.fix_missing_locations(tree))


# fpdb's figures for the 2009 hand, where they are not the hand's: its `winnings` are 0 for everybody (it counts
# the $3.66 in Player3's profit all the same), and it reads two of the call-to and new-player lines otherwise.
FPDB_DIFFERENCES: dict[str, tuple[int, str]] = {
    "Hero": (
        -88,
        "fpdb leaves out `Hero posts $0.04` (a new player's big blind): the closing `Seat 6: Hero - $3.08` is 4 - 0.92",
    ),
    "Player2": (
        -28,
        "fpdb counts the small blind's `calls $0.04` as $0.04 more, not to $0.04: the closing"
        " `Seat 2: Player2 - $5.08` is 5.28 - 0.20",
    ),
}


def test_matches_fpdb() -> None:
    root = require_corpus()
    companions = sorted(path for path in (root / FOLDER).rglob("*") if path.suffix in (".hands", ".hp", ".gt"))
    assert [name(path) for path in companions] == [TURN_2009 + ".hp"]
    (hand,) = hands_of(TURN_2009)
    expected = fpdb_literal(companions[0])
    seated = {seat.player: seat for seat in hand.seats}
    assert set(expected) == set(seated)
    back = returned(hand)
    assert hand.pot is not None
    for player, values in expected.items():
        assert values["seatNo"] == seated[player].seat, player
        assert values["startCash"] == seated[player].stack, player
        assert values["winnings"] == 0, player  # (fpdb's, whatever the awards)
        put_in = sum(action.amount for action in hand.actions if action.player == player)
        got = sum(item.amount for item in hand.collected if item.player == player)
        profit = FPDB_DIFFERENCES.get(player, (got - put_in + back.get(player, 0), ""))[0]
        assert values["totalProfit"] == profit, player
    assert sum(values["rake"] for values in expected.values()) == hand.pot.rake == 40


# ---- the audit's findings ----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def corpus_findings() -> Counter[tuple[str, str, str, int]]:
    require_corpus()
    auditor = Auditor(strict=True, keep_text=False)
    found: Counter[tuple[str, str, str, int]] = Counter()
    for audited in auditor.audit_files(room_files()):
        assert isinstance(audited.item, Hand)
        for finding in audited.findings:
            assert finding.severity.rank >= Severity.WARNING.rank, finding  # (Hold'em and Omaha only)
            found[(name(Path(finding.path)), finding.hand_id or "", finding.code, finding.line)] += 1
    assert auditor.tally.hands == 24
    return found


def test_every_finding_is_known(corpus_findings: Counter[tuple[str, str, str, int]]) -> None:
    assert dict(corpus_findings) == dict.fromkeys({**KNOWN, **MODEL_LIMITS}, 1)
    assert all(reason.strip() for reason in {**KNOWN, **MODEL_LIMITS}.values())


# ---- what the text means --------------------------------------------------------------------------------
def test_calls_and_raises_are_street_totals() -> None:
    require_corpus()
    (hand,) = hands_of(TIES)  # `Hero raises to $12`, `Player0 calls $12` from the big blind of $4
    preflop = [(a.player, a.kind, a.amount, a.raise_to) for a in hand.actions if a.street is Street.PREFLOP]
    assert preflop[1:] == [("Hero", ActionKind.RAISE, 1000, 1200), ("Player0", ActionKind.CALL, 800, 1200)]
    assert hand.button == 6  # `Button is at seat 5`, then `Moving Button to seat 6`
    (hand,) = hands_of(PLO)  # `Player4 calls $0.05 (all-in)` from the big blind of $0.04
    call = next(a for a in hand.actions if a.player == "Player4" and a.kind is ActionKind.CALL)
    assert (call.amount, call.raise_to, call.all_in) == (1, 5, True)


def test_pots_halves_and_side_pots() -> None:
    require_corpus()
    (hand,) = hands_of(TIES)  # `Pot sizes: $140`, `Taking Rake of $1 from pot 1`, four shares of $34.75
    assert hand.pot is not None and (hand.pot.main, hand.pot.rake) == (13900, 100)
    assert [(c.player, c.amount, c.half) for c in hand.collected] == [
        ("Hero", 3475, Half.HIGH),
        ("Player0", 3475, Half.HIGH),
        ("Hero", 3475, Half.LOW),
        ("Player0", 3475, Half.LOW),
    ]
    assert [line.description for line in hand.showdown] == ["Straight, 5 high; low hand: A2345"] * 2
    (hand,) = hands_of(SIDE_POTS)  # $0.32, $1.02, $0.38 and `Taking Rake of $0.17 from pot 2`
    assert hand.pot is not None and (hand.pot.main, hand.pot.sides, hand.pot.rake) == (32, (85, 38), 17)
    assert [(c.player, c.amount, c.pot) for c in hand.collected] == [
        ("Player3", 38, 2),
        ("Player3", 43, 1),
        ("Player0", 42, 1),
        ("Player3", 16, 0),
        ("Player0", 16, 0),
    ]
    assert hand.seats[6].sitting_out  # `(away from table)`


def test_posts_returns_and_disconnection() -> None:
    require_corpus()
    (hand,) = hands_of(POST_BOTH)  # `Player2 posts $2` and `Player2 posts $1 dead`: missed blinds
    posts = [(a.player, a.kind, a.amount, a.raise_to) for a in hand.actions if a.kind.is_post]
    assert posts[2] == ("Player2", ActionKind.POST_SMALL_AND_BIG_BLIND, 300, 200)
    (hand,) = hands_of(ANTES)  # antes all in, and `Returning 10 to Hero uncalled` before the deal
    assert [(a.kind, a.amount, a.all_in) for a in hand.actions] == [(ActionKind.POST_ANTE, 10, True)] * 1 + [
        (ActionKind.POST_ANTE, 20, True)
    ]
    assert [(u.player, u.amount, u.street) for u in hand.uncalled] == [("Hero", 10, Street.BLINDS)]
    (hand,) = hands_of(DISCONNECTED)  # protected: a check that is all in
    protected = [a for a in hand.actions if a.player == "Player5"][-1]
    assert (protected.kind, protected.all_in, protected.cap_reached) == (ActionKind.CHECK, True, True)
    assert [e.kind for e in hand.events if e.kind.startswith("disconnection")] == [
        "disconnection-protection",
        "disconnection-protection-limit",
    ]


def test_partial_file_chat_and_cards() -> None:
    require_corpus()
    (hand,) = hands_of(PARTIAL)  # the file starts at `Starting Hand #`: read whole, no table
    assert (hand.hand_id, hand.table, hand.button) == ("1829716517", "", 6)  # moved twice: 3, then 6
    assert BY_NAME["pkr"].claims_file(b"Starting Hand #1829716517\r\n")
    assert not BY_NAME["pkr"].claims_file(b"Table #39429846 - Montego Bay\r\nStarting Hand #1\r\n")
    (hand,) = hands_of(TURN_2009)  # 2009: `Dealing [Ad 8h] to Hero`, `Dealing Flop [9s Ac 5s]`
    assert [str(card) for card in hand.dealt[0].cards] == ["Ad", "8h"]
    assert [str(card) for card in hand.boards[0]] == ["9s", "Ac", "5s", "4s", "2c"]
    second = hands_of(STT)[1]  # `Player5 folds and shows [XX] [A d]`, `Player0 shows [XX] [J s]`
    shown = [(line.player, line.kind, [str(c) for c in line.cards], line.description) for line in second.showdown]
    assert shown == [("Player5", ShowdownKind.SHOWS, ["Ad"], None), ("Player0", ShowdownKind.SHOWS, ["Js"], None)]
    kinds = Counter(event.kind for hand in hands_of(STT) for event in hand.events)
    assert kinds == Counter({"emote": 9, "chat": 5, "timed-out": 4})
    (hand,) = hands_of("fpdb-chaz/NLHE-USD-MTT-201201.bounties.txt")
    assert hand.tournament is not None and hand.tournament.tournament_id == "24820874"
    assert hand.seats[0].bounty == "$0.40" and hand.unit.currency == "chips"


GAME = """Table #1 - Nowhere
Starting Hand #7
Start time of hand: 26 Aug 2011 11:24:50
Last Hand #6
Game Type: OMAHA
Limit Type: POT LIMIT
Table Type: RING
Money Type: REAL MONEY
Blinds are now $1 / $2
Button is at seat 1
Seat 1: A - $100
Seat 2: B - $100
Shuffling Deck
Moving Button to seat 1
A posts small blind ($1)
B posts big blind ($2)
Dealing Cards
A calls $2
B checks
Pot sizes: $5
Dealing Flop [2 c][3 d][4 h]
B bets $2
A folds
Pot sizes: $4
B doesn't show
B wins $4
Seat 1: A - $98
Seat 2: B - $103
End of Hand #7"""


def test_running_pots_and_closing_stacks_are_cross_checked() -> None:
    hand = BY_NAME["pkr"].read(Block("hand", "memory.txt", 1, GAME.split("\n"), "pkr"))
    assert isinstance(hand, Hand)
    assert [(d.line, d.reason, d.inconsistent) for d in hand.defects] == [
        (20, "the pots add up to $5; the chips put in by then make $4", True),
        (28, "the stack after the hand is $102 by the hand's lines, not $103", True),
    ]


def test_lines_with_no_chips_are_events() -> None:
    """Chat (`Player3: gl`), emotes (`says ...`, `cheers.`), `did not respond in time and is folded`, `has
    become disconnected and has 30 seconds to reconnect`, `will be dealt in after the button`: events, never
    errors (`Shuffling Deck`, `Moving Button to seat N` and `Last Hand` are header lines)."""
    require_corpus()
    kinds = Counter(event.kind for _, hand in all_hands() for event in hand.events)
    assert kinds == Counter(
        {
            "emote": 10,
            "chat": 6,
            "timed-out": 4,
            "disconnected": 1,
            "dealt-in-later": 1,
            "disconnection-protection": 1,
            "disconnection-protection-limit": 1,
        }
    )
