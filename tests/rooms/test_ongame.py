"""OnGame network text (the `ongame` format, ROOMS.md section 13): every hand of the corpus's OnGame folder is
read, one record per `***** History for hand` banner, its pots and seat lines add up (or the reason they do
not is listed), fpdb's import of the same files agrees, and every error or warning the audit reports is
listed below with the reason it is genuine."""

from __future__ import annotations

import ast
import functools
import re
from collections import Counter
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from corpus_paths import corpus_root, require_corpus
from corpus_text import decoded

from omaha_audit.model import ActionKind, Card, Game, Half, Hand, Refunds, Street, Structure, UnreadableHand, parse_card
from omaha_audit.parse.files import HandSource
from omaha_audit.parse.split import Block
from omaha_audit.rooms import BY_NAME, hand_source
from omaha_audit.rooms.ongame.words import describe_high
from omaha_audit.rules.base import Severity
from omaha_audit.run.pipeline import Auditor

pytestmark = pytest.mark.corpus

FOLDER = "OnGame"
# ROOMS.md appendix A's count pattern, written out here on its own.
HEADER = re.compile(r"^\*{5} History for hand [RT]\d-", re.MULTILINE)
# The summary's seat lines, read with a pattern of the test's: the stack after the hand and the net.
SEAT_RESULT = re.compile(r"^Seat \d+: (.+?) \(([^\d\s]?)([\d,.]+)\)(?:, net: ([-+])[^\d\s]?([\d,.]+))?", re.MULTILINE)
STARTING_SEAT = re.compile(r"^Seat \d+: (.+?) \([^\d\s]?([\d,.]+)\)$", re.MULTILINE)

EQUAL_BLINDS = "fpdb-chaz/PLO8-USD-0.50-0.50-201111.txt"
DEAD_SMALL_BLIND = "fpdb-chaz/NLHE-9max-USD-0.05-0.10-201009.Dead.Small.Blind.txt"
LIMIT_OMAHA = "fpdb-chaz/LO-9max-0.05-0.10-201009.Sample.txt"
PLO_EUR = "fpdb-chaz/PLO-6max-EUR-1-1-2011002.Sample.txt"
COINFLIP = "fpdb-3/tour/NLHE-2max-STT-21-201212.ante.all.in.txt"
ALL_IN_LHE = "fpdb-3/cash/Flop/LHE-9max-USD-0.50-1.00-201008.All-in.with.showdown.txt"
SPEED = "fpdb-3/cash/Flop/NLHE-10max-USD-0.02-0.04-201102.Speed.table.BWin.txt"
PLO8_TOURNAMENT = "fpdb-chaz/R-186-1481_1.txt"

# Every error or warning finding on the room's real hands: (file, hand, code, line) -> why it is genuine.
KNOWN: dict[tuple[str, str, str, int], str] = {
    (LIMIT_OMAHA, "R5-81867677-657", "OA505", 71): "a tie for $0.53: the odd cent goes to nickgerm on the button,"
    " not to XYXY26XYXY, first left of it (OC-2); the network's tournament split in S-929-1303 (hand 27, 198/197)"
    " follows OC-2",
    (PLO_EUR, "R5-21973400-50", "OA109", 44): "fpdb's edited sample: the banner's hand R5-21973400-50 is not the"
    " table's number [21973414], which the end line `R5-21973414-50` carries (a record contradicting itself)",
}
# (the Coinflip hand T5-295703542-3, both players all in on the antes, 1 and 4 chips: the room gives back the 3
# chips no other stake matches, the uncalled part of an ante, as the engine does: UC-1; it is clean.)
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


def test_the_folder_has_ongame_files() -> None:
    require_corpus()
    files = room_files()
    assert len(files) == 21  # and HHSmithy's PotLimitHoldem.txt, PokerStars text (tests/rooms/test_misfiled.py)
    assert sum(len(HEADER.findall(decoded(path))) for path in files) == 118


@pytest.mark.parametrize("path", room_files(), ids=lambda p: p.name)
def test_file_is_read_hand_for_hand(path: Path) -> None:
    require_corpus()
    text = decoded(path)
    items = read(path)
    unreadable = [item for item in items if isinstance(item, UnreadableHand)]
    assert not unreadable, unreadable
    hands = [item for item in items if isinstance(item, Hand)]
    assert len(hands) == len(HEADER.findall(text)) == len(items)
    assert all(hand.format == "ongame" and hand.room == "ongame" for hand in hands)
    lines = text.split("\n")
    assert all(HEADER.match(lines[hand.source.line - 1]) for hand in hands)
    assert len({hand.hand_id for hand in hands}) == len(hands)


def uncalled(hand: Hand) -> tuple[str, int]:
    """The test's own reading of UC-1: the excess of the largest contribution over the second, dead blind
    money left out (it buys no stake); antes count (an ante nobody could match goes back too)."""
    stake: dict[str, int] = {}
    for action in hand.actions:
        dead = action.amount if action.kind is ActionKind.POST_DEAD else 0
        if action.kind is ActionKind.POST_SMALL_AND_BIG_BLIND:
            dead = action.amount - (action.raise_to or 0)
        stake[action.player] = stake.get(action.player, 0) + action.amount - dead
    ranked = sorted(stake.items(), key=lambda item: -item[1])
    if not ranked or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
        return "", 0
    return ranked[0][0], ranked[0][1] - (ranked[1][1] if len(ranked) > 1 else 0)


def test_pots_add_up() -> None:
    """ROOMS.md 13.6: the chips put in, less the uncalled excess (no line returns it), are the printed pots
    (`Main pot`, `Side pot n`: before the rake); what the pot lines pay plus `Rake taken` are the pots."""
    require_corpus()
    for path, hand in all_hands():
        assert hand.refunds is Refunds.IMPLIED and not hand.uncalled
        assert hand.pot is not None and hand.pot.main is not None, hand.hand_id
        pots = hand.pot.main + sum(hand.pot.sides)
        put_in = sum(action.amount for action in hand.actions)
        assert put_in - uncalled(hand)[1] == pots, f"{name(path)} #{hand.hand_id}"
        paid = sum(item.amount for item in hand.collected)
        assert paid + (hand.pot.rake or 0) == pots, f"{name(path)} #{hand.hand_id}"


def money(text: str, hand: Hand) -> int:
    scale: int = 10**hand.unit.decimals
    return round(float(text.replace(",", "")) * scale)


def test_seat_lines_add_up() -> None:
    """Each summary seat line, read here from the text: its net is what the player collected less what they
    put in (plus their uncalled excess), and its stack the stack before plus the net."""
    require_corpus()
    checked = seated = 0
    for path, hand in all_hands():
        seated += len(hand.seats)
        text = "\n".join(decoded(path).split("\n")[hand.source.line - 1 : hand.source.end_line])
        head, _, summary = text.partition("\nSummary:\n")
        before = {player: money(stack, hand) for player, stack in STARTING_SEAT.findall(head)}
        refund = uncalled(hand)
        for player, _, stack, sign, net_text in SEAT_RESULT.findall(summary):
            net = (-1 if sign == "-" else 1) * money(net_text, hand) if net_text else 0
            assert money(stack, hand) == before[player] + net, f"{hand.hand_id} {player}"
            put_in = sum(action.amount for action in hand.actions if action.player == player)
            got = sum(item.amount for item in hand.collected if item.player == player)
            back = refund[1] if refund[0] == player else 0
            assert net == got - put_in + back, f"{hand.hand_id} {player}"
            checked += 1
    assert checked == seated == 819  # a line for every seat


# ---- fpdb's import of the same files ---------------------------------------------------------------------
class _Text(ast.NodeTransformer):
    """Calls and names in fpdb's literals (datetime.datetime(...), pytz.utc) read as their source text."""

    def visit_Call(self, node: ast.Call) -> ast.Constant:
        return ast.Constant(ast.unparse(node))

    def visit_Attribute(self, node: ast.Attribute) -> ast.Constant:
        return ast.Constant(ast.unparse(node))

    def visit_Name(self, node: ast.Name) -> ast.Constant:
        return ast.Constant(node.id)


def fpdb_literal(path: Path) -> Any:
    tree = _Text().visit(ast.parse(path.read_text(encoding="utf-8"), mode="eval"))
    return ast.literal_eval(ast.fix_missing_locations(tree))


def fpdb_card(number: int) -> Card | None:
    if number == 0:
        return None
    suit, rank = divmod(number - 1, 13)
    return parse_card("23456789TJQKA"[rank] + "hdcs"[suit])


_FPDB_TIME = re.compile(r"datetime\.datetime\((\d+), (\d+), (\d+), (\d+), (\d+)(?:, (\d+))?")


def companions() -> list[Path]:
    root = corpus_root()
    if root is None:
        return []
    return sorted({path.with_suffix("") for path in (root / FOLDER).rglob("*.txt.*")})


def test_there_are_fpdb_companions() -> None:
    require_corpus()
    assert [name(path) for path in companions()] == [ALL_IN_LHE, SPEED]


@pytest.mark.parametrize("history", companions(), ids=lambda p: p.name)
def test_matches_fpdb(history: Path) -> None:
    require_corpus()
    (hand,) = [item for item in read(history) if isinstance(item, Hand)]
    checked = []
    hands_file = history.with_name(history.name + ".hands")
    if hands_file.exists():
        expected = fpdb_literal(hands_file)
        assert expected["siteHandNo"] == re.sub(r"\D", "", hand.hand_id)  # fpdb drops the letters and dashes
        board = [fpdb_card(expected[f"boardcard{n}"]) for n in range(1, 6)]
        assert [card for card in board if card] == list(hand.boards[0])
        assert expected["tableName"] == hand.table  # `[SPEED] Dijon`: fpdb drops the mark too
        assert expected["seats"] == len(hand.seats)
        when = _FPDB_TIME.match(expected["startTime"])
        assert when is not None
        year, month, day, hour, minute, second = (int(part or 0) for part in when.groups())
        assert datetime(year, month, day, hour, minute, second, tzinfo=UTC) == hand.started
        checked.append("hands")
    players_file = history.with_name(history.name + ".hp")
    if players_file.exists():
        expected = fpdb_literal(players_file)
        seated = {seat.player: seat for seat in hand.seats}
        assert set(expected) == set(seated)
        assert hand.pot is not None and hand.pot.main is not None
        refund = uncalled(hand)
        for player, values in expected.items():
            assert values["seatNo"] == seated[player].seat, player
            assert values["startCash"] == seated[player].stack, player
            won = sum(award.amount for award in hand.collected if award.player == player)
            assert values["winnings"] == won, player
            put_in = sum(action.amount for action in hand.actions if action.player == player)
            back = refund[1] if refund[0] == player else 0
            assert values["totalProfit"] == won - put_in + back, player
        assert sum(values["rake"] for values in expected.values()) == hand.pot.rake
        assert sum(values["winnings"] for values in expected.values()) + (hand.pot.rake or 0) == hand.pot.main
        checked.append("hp")
    type_file = history.with_name(history.name + ".gt")
    if type_file.exists():
        _, currency, kind, base, category, limit, _, _, small_blind, big_blind, *_ = fpdb_literal(type_file)
        assert (kind, base, category, limit) == ("ring", "hold", "holdem", "nl")
        assert hand.game is Game.HOLDEM and hand.structure is Structure.NO_LIMIT and hand.tournament is None
        assert currency == hand.unit.currency
        assert (small_blind, big_blind) == (hand.stakes.small_blind, hand.stakes.big_blind)
        checked.append("gt")
    assert checked


# ---- the audit's findings ----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def corpus_findings() -> tuple[Counter[tuple[str, str, str, int]], Counter[str]]:
    require_corpus()
    auditor = Auditor(strict=True, keep_text=False)
    found: Counter[tuple[str, str, str, int]] = Counter()
    info: Counter[str] = Counter()
    for audited in auditor.audit_files(room_files()):
        assert isinstance(audited.item, Hand)
        for finding in audited.findings:
            if finding.severity.rank >= Severity.WARNING.rank:
                found[(name(Path(finding.path)), finding.hand_id or "", finding.code, finding.line)] += 1
            else:
                info[finding.code] += 1
    assert auditor.tally.hands == 118
    return found, info


def test_every_finding_is_known(corpus_findings: tuple[Counter[tuple[str, str, str, int]], Counter[str]]) -> None:
    found, _ = corpus_findings
    assert dict(found) == dict.fromkeys({**KNOWN, **MODEL_LIMITS}, 1)
    assert all(reason.strip() for reason in {**KNOWN, **MODEL_LIMITS}.values())


def test_games_not_replayed_are_reported(
    corpus_findings: tuple[Counter[tuple[str, str, str, int]], Counter[str]],
) -> None:
    _, info = corpus_findings
    assert info == Counter()  # (the 14 five-card draw hands and the seven-card stud hand are replayed)


def test_descriptions_are_checked_in_ongames_words() -> None:
    """The upper-case descriptions of the summary's seat lines are OnGame's words for the cards (OA507 checks
    them: no finding above); all 118 of the Hold'em and Omaha hands' are compared."""
    require_corpus()
    assert BY_NAME["ongame"].words("ongame") is not None
    compared = 0
    for _, hand in all_hands():
        wanted = hand.game.hole_cards
        if (hand.game.is_omaha or hand.game is Game.HOLDEM) and hand.boards and len(hand.boards[0]) >= 3:
            compared += sum(1 for line in hand.showdown if line.description and len(line.cards) == wanted)
    assert compared == 118
    assert describe_high((2 << 20) | (13 << 16) | (13 << 12) | (7 << 8) | (7 << 4) | 9) == "TWO_PAIR KING, SEVEN"
    assert describe_high((4 << 20) | (5 << 16) | (4 << 12) | (3 << 8) | (2 << 4) | 1) == "STRAIGHT FIVE"


# ---- what the text means --------------------------------------------------------------------------------
def test_raises_add_chips_and_the_pots_are_gross() -> None:
    require_corpus()
    (hand,) = hands_of("PokerHandHistoryParser/OmahaHiLo.txt")
    lines = [(a.player, a.kind, a.amount, a.raise_to) for a in hand.actions if a.kind is ActionKind.RAISE]
    assert lines == [  # `raises $5.00 to $10.00` by the small blind of $5: X added, Y the street total
        ("McCall901", ActionKind.RAISE, 500, 1000),
        ("alikator21", ActionKind.RAISE, 2500, 3000),
        ("McCall901", ActionKind.RAISE, 24000, 24000),
        ("alikator21", ActionKind.RAISE, 26500, 32500),
    ]
    assert hand.actions[-2].all_in  # `[all in]`
    assert hand.pot is not None and (hand.pot.main, hand.pot.rake) == (71000, 100)
    assert [(c.player, c.amount, c.half) for c in hand.collected] == [
        ("alikator21", 35450, None),
        ("McCall901", 35450, None),
    ]


def test_blinds_come_from_the_posts() -> None:
    require_corpus()
    (hand,) = hands_of(PLO_EUR)  # `POT_LIMIT OMAHA_HI €1/€1` posting €0.50 and €1
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (50, 100)
    first, second = hands_of(EQUAL_BLINDS)  # `$0.50/$0.50`: the small-blind seat posts `big blind ($0.50)`
    for hand in (first, second):
        kinds = [(a.kind, a.amount) for a in hand.actions if a.kind.is_post]
        assert kinds == [(ActionKind.POST_SMALL_BLIND, 50), (ActionKind.POST_BIG_BLIND, 50)]
        assert (hand.stakes.small_blind, hand.stakes.big_blind) == (50, 50)
    (hand,) = hands_of(DEAD_SMALL_BLIND)  # `posts big blind ($0.10)` and `posts dead blind ($0.05)`: missed blinds
    posts = [(a.player, a.kind, a.amount, a.raise_to) for a in hand.actions if a.kind.is_post]
    assert posts == [
        ("Hero", ActionKind.POST_SMALL_AND_BIG_BLIND, 15, 10),
        ("feradf", ActionKind.POST_BIG_BLIND, 10, 10),
    ]
    assert hand.actions[0].source.end_line == hand.actions[0].source.line + 1
    (hand, *_) = hands_of(LIMIT_OMAHA)  # `LIMIT OMAHA_HI $0.05/$0.10`: the bets; blinds $0.02 and $0.05
    assert hand.structure is Structure.FIXED_LIMIT and (hand.stakes.small_bet, hand.stakes.big_bet) == (5, 10)
    assert BY_NAME["ongame"].preset("ongame").fl_small_blind(Decimal("0.05")) == Decimal("0.02")
    assert [(a.kind, a.amount) for a in hand.actions if a.kind.is_post] == [
        (ActionKind.POST_SMALL_BLIND, 2),
        (ActionKind.POST_BIG_BLIND, 5),
    ]


def test_all_in_antes_and_tournaments() -> None:
    require_corpus()
    (hand,) = hands_of(COINFLIP)  # `Hero posts ante 1` with a stack of 1: all in, though OnGame never says so
    assert [(a.player, a.amount, a.all_in) for a in hand.actions] == [("Hero", 1, True), ("Player0", 4, True)]
    assert hand.tournament is not None and hand.unit.currency == "chips" and hand.stakes.ante == 40000
    hand = hands_of(PLO8_TOURNAMENT)[0]
    assert hand.tournament is not None and hand.tournament.tournament_id == "R-186-1481"
    assert (hand.table, hand.table_id, hand.max_seats) == ("Table #3", "330030241", 8)
    assert hand.started is None and hand.started_local == "Fri Jun 28 18:54:24 GST 2013"  # an unknown zone
    halves = [(c.player, c.amount, c.half) for c in hand.collected]
    assert halves == [("tsop13", 125, Half.HIGH), ("tsop13", 125, Half.LOW)]
    (missing,) = hands_of("fpdb-3/tour/NLHE-9max-200906.missing.tourno.txt")  # `(TOURNAMENT: )`
    assert missing.tournament is not None and missing.tournament.tournament_id == ""
    assert missing.pot is not None and missing.pot.rake is None  # no `Rake taken` line


def test_streets_times_and_other_games() -> None:
    require_corpus()
    (hand,) = hands_of(ALL_IN_LHE)  # the flop printed again before the rest is dealt to the all-in player
    assert [deal.street for deal in hand.streets] == [Street.FLOP, Street.TURN, Street.RIVER]
    assert [event.kind for event in hand.events] == ["street-repeated"]
    assert hand.unit.currency == "USD"  # `0.50/1` and `Rake taken: $0.15`
    (speed,) = hands_of(SPEED)
    assert speed.table == "Dijon" and [event.kind for event in speed.events] == ["speed-table"]
    assert speed.started == datetime(2011, 2, 13, 13, 14, 4, tzinfo=UTC)  # `GMT+0100`
    (first, *_) = hands_of(EQUAL_BLINDS)
    assert first.started == datetime(2011, 9, 11, 14, 58, 25, tzinfo=UTC)  # `EEST`
    assert first.hero == "Hero" and first.button == 8
    (stud,) = hands_of("fpdb-3/cash/Stud/7-Stud-USD-1.00-2.00-201212.big.bring.txt")
    assert stud.game is Game.STUD and stud.actions[2].kind is ActionKind.BRING_IN
    assert {a.street for a in stud.actions} >= {Street.THIRD, Street.FOURTH, Street.SEVENTH}
    draw = hands_of("fpdb-3/cash/Draw/5-Carddraw-USD-0.05-0.10-201009.Sample.txt")[0]
    assert [a.discarded for a in draw.actions if a.kind is ActionKind.DISCARD] == [2, 3]


GAME = """***** History for hand R5-1-1 *****
Start hand: Mon Jan 06 08:55:00 CET 2014
Table: Nowhere [1] (POT_LIMIT OMAHA_HI $0.50/$1, Real money)
Button: seat 1
Players in round: 2
Seat 1: A ($100)
Seat 2: B ($100)
A posts small blind ($0.50)
B posts big blind ($1)
---
Dealing pocket cards
A calls $0.50
B checks
--- Dealing flop [2c, 3d, 4h]
B bets $2
A folds
---
Summary:
Main pot: $2 won by B ($2)
Rake taken: $0
Seat 1: A ($99), net: -$1
Seat 2: B ($101.50), net: +$1
***** End of hand R5-1-1 *****"""


def test_seat_lines_are_cross_checked() -> None:
    hand = BY_NAME["ongame"].read(Block("hand", "memory.txt", 1, GAME.split("\n"), "ongame"))
    assert isinstance(hand, Hand)
    assert [(d.line, d.reason) for d in hand.defects] == [
        (22, "the stack after the hand is $101 (the stack before plus the net)")
    ]
