"""iPoker (ROOMS.md 6): every file of the corpus's iPoker folder is read game for game (one record per
`<game gamecode="` element, counted here with ROOMS.md's appendix A pattern), no game is unreadable, the
pots add up as far as the XML allows (it prints no total and no rake: Σ `bet` - Σ `win` is what the pot
kept, ROOMS.md 6.6), fpdb's own import of the two files that keep it (.hands, .hp, .gt) agrees, and every
error or warning the audit reports is listed below with the reason it is genuine.

The second half reads made-up files: broken XML loses only the games it breaks (each an unreadable hand
with its line), whatever the encoding the file claims, and the format claims iPoker files by their head.
"""

from __future__ import annotations

import ast
import functools
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest
from corpus_paths import corpus_root, require_corpus
from corpus_text import decoded

from omaha_audit.model import ActionKind, Game, Hand, Refunds, ShowdownKind, Street, Structure, UnreadableHand
from omaha_audit.parse.files import FileNotice
from omaha_audit.rooms import BY_NAME, hand_source
from omaha_audit.rules.base import Finding, Severity
from omaha_audit.run.pipeline import Auditor

FOLDER = "iPoker"
HEADER = re.compile(r'<game gamecode="')  # ROOMS.md appendix A
GAME = re.compile(r'<game gamecode="(\d+)"(.*?)(?=<game gamecode="|\Z)', re.DOTALL)
PLAYER = re.compile(r"<player [^>]*>")
ATTRIBUTE = re.compile(r'(\w+)="([^"]*)"')
COMPANIONS = (".hands", ".hp", ".gt")
FILES = 20
HANDS = 116  # the corpus survey's count

SAMPLE = "fpdb-3/cash/Flop/PLO-USD-0.01-0.02-201108.Sample.txt"
LIMIT_10MAX = "fpdb-3/cash/Flop/LHE-10max-USD-0.10-0.20-201107.player.sitting.out.xml"
DATETIME = "fpdb-3/cash/Flop/NLHE-EUR-0.01-0.02-201701.new.datetime.format.txt"
ANTES = "fpdb-3/cash/Flop/NLHE-USD-0.05-0.10-201312.player.antes.then.sits.out.txt"
PARTIAL = "fpdb-3/cash/Flop/PLO-USD-5-10-201631.partial.format.xml"
SPANISH = "fpdb-3/cash/Flop/NLHE-6max-USD-0.01-0.02-201111.Spanish.sample.xml"
STUD = "fpdb-3/cash/Stud/5-StudL-USD-0.05-0.10-201111.Sample.with.showdown.xml"


@dataclass(frozen=True)
class Known:
    path: str  # relative to the corpus's iPoker folder
    hand_id: str | None
    code: str
    line: int
    reason: str


KNOWN: tuple[Known, ...] = (
    Known(
        LIMIT_10MAX,
        "2855472319",
        "OA306",
        75,
        '`<action no="12" player="Player7" type="7" sum="DP">`: Player7, disconnected, is kept in the hand'
        " as all in facing the $0.10 raise without calling it (the room's disconnect protection, which no"
        " RULES.md rule allows)",
    ),
    Known(
        LIMIT_10MAX,
        "2855501026",
        "OA304",
        405,
        "Player4 bets his last $0.13 on the river of a $0.10/$0.20 game (at least half a bet) and Player13 makes"
        " it $0.40: the room counts the short all-in as a whole bet, RULES.md FL-4 raises it to $0.13 + $0.20",
    ),
    Known(
        DATETIME,
        "3858162748",
        "OA109",
        82,
        'Player1\'s `bet="€0.05"` disagrees with his actions: small blind €0.01, then `type="23" sum="€0.04"`'
        " (raise to €0.04, which Player0's two calls of €0.02 match): €0.04 in all",
    ),
    Known(
        ANTES,
        "5338624766",
        "OA310",
        30,
        'fpdb\'s `player.antes.then.sits.out`: Player3 (seat 6) posts the $0.02 ante, then sits out (`type="9"`,'
        " no=6) when the big blind comes to him, and is dealt no cards: the room keeps his ante and passes the big"
        " blind to Hero (seat 8)",
    ),
    Known(ANTES, "5338624766", "OA311", 33, "the same: Player3 leaves the hand (no=6) before the big blind is posted"),
    Known(
        ANTES,
        "5338624766",
        "OA311",
        33,
        "the same: the order of play counts Player3 in, so after his leaving it expects Hero before bf411509",
    ),
)
# Every game of the partial export (fpdb's `partial.format`) holds only its two blinds and no `win` or
# `bet`: each is a truncated hand (OA107), reported on its last line.
TRUNCATED_FILES = {PARTIAL: 31}
# The games whose players' `bet` totals are not what their actions put in (the room's record: OA109).
BET_MISMATCH = {"3858162748": 1}


def ipoker_files() -> list[Path]:
    root = corpus_root()
    if root is None:
        return []
    return sorted(p for p in (root / FOLDER).rglob("*") if p.is_file() and p.suffix not in COMPANIONS)


@functools.cache
def read(path: Path) -> list[Hand | UnreadableHand | FileNotice]:
    return list(hand_source().read_file(path))


def relative(path: Path | str) -> str:
    root = require_corpus() / FOLDER
    return Path(path).resolve().relative_to(root.resolve()).as_posix()


def hands() -> list[Hand]:
    return [item for path in ipoker_files() for item in read(path) if isinstance(item, Hand)]


def by_id(hand_id: str) -> Hand:
    return next(hand for hand in hands() if hand.hand_id == hand_id)


def amount(text: str, decimals: int) -> int:
    """An XML amount, read plainly: the currency dropped, `1,214.15`, `5,350` (thousands) and `51,18`."""
    digits = re.sub(r"^[^\d]*", "", text)
    if re.search(r",\d{1,2}$", digits):
        digits = digits.replace(".", "").replace(",", ".")
    digits = digits.replace(",", "")
    whole, _, fraction = digits.partition(".")
    scale: int = 10**decimals
    return int(whole or 0) * scale + int((fraction + "00")[:decimals] or 0)


@functools.cache
def xml_totals(path: Path) -> dict[str, tuple[int, int]]:
    """gamecode -> (Σ bet, Σ win) as the players' attributes print them (games that print them)."""
    text = decoded(path)
    decimals = 0 if re.search(r"<gametype>[^<]*\b(?:NL|PL|L)</gametype>", text) else 2
    totals = {}
    for code, body in GAME.findall(text):
        players = [dict(ATTRIBUTE.findall(player)) for player in PLAYER.findall(body)]
        if any("bet" in player for player in players):
            bet = sum(amount(player.get("bet", "0"), decimals) for player in players)
            win = sum(amount(player.get("win", "0"), decimals) for player in players)
            totals[code] = (bet, win)
    return totals


def new_client(path: Path) -> bool:
    """Client 20 on, or `uncalled_bet_enabled` (ROOMS.md 6.6): `win` leaves the uncalled bet out."""
    text = decoded(path)
    version = re.search(r"<client_version>(\d+)", text)
    return (version is not None and int(version.group(1)) >= 20) or "<uncalled_bet_enabled>true" in text


def excess(hand: Hand) -> int:
    """The top live bet's unmatched part (UC-1), from the actions: antes are not bets, nor is the small
    blind's part of a post of both blinds."""
    live: Counter[str] = Counter()
    big_blind = hand.stakes.big_blind or hand.stakes.small_bet or 0
    for action in hand.actions:
        if action.kind is ActionKind.POST_SMALL_AND_BIG_BLIND:
            live[action.player] += min(action.amount, big_blind)
        elif action.kind is not ActionKind.POST_ANTE:
            live[action.player] += action.amount
    top = [*sorted(live.values(), reverse=True), 0, 0]
    return top[0] - top[1]


# ---- the corpus ----------------------------------------------------------------------------------------


@pytest.mark.corpus
def test_the_corpus_has_the_ipoker_files() -> None:
    require_corpus()
    assert len(ipoker_files()) == FILES
    assert sum(len(HEADER.findall(decoded(path))) for path in ipoker_files()) == HANDS
    assert {hand.format for hand in hands()} == {"ipoker"}
    # The corpus survey counts 63 Omaha games and 52 Hold'em; the game types give 65 and 50: PLO $0.01/$0.02 x28,
    # €0.10/€0.20 x2, €0.50/€1, €5/€10, the partial export's 31, five-card PLO x2; and one five-card stud.
    games = Counter("omaha" if hand.game.is_omaha else hand.game.value for hand in hands())
    assert games == {"omaha": 65, "holdem": 50, "five-card-stud": 1}


@pytest.mark.corpus
@pytest.mark.parametrize("path", ipoker_files(), ids=lambda p: p.name)
def test_one_record_per_game_and_none_unreadable(path: Path) -> None:
    require_corpus()
    assert BY_NAME["ipoker"].claims_file(path.read_bytes()[:4096])
    items = read(path)
    found = [item for item in items if isinstance(item, Hand)]
    assert not [item for item in items if isinstance(item, UnreadableHand)]
    assert len(found) == len(HEADER.findall(decoded(path)))
    assert len({hand.hand_id for hand in found}) == len(found)
    truncated = [hand for hand in found if hand.truncated]
    assert len(truncated) == TRUNCATED_FILES.get(relative(path), 0)


@pytest.mark.corpus
def test_pot_identity() -> None:
    """ROOMS.md 6.6: what the pot kept is Σ bet - Σ win (old clients pay the uncalled bet back inside
    `win`; from client 20 it is left out of `win`, so Σ bet - Σ win holds it too). From the model: Σ put in
    - the unmatched part of the top bet - Σ collected. The two must agree, the actions must put in Σ bet,
    and what the pot kept is nothing in tournaments and in hands that end before the flop, and never below
    nothing."""
    require_corpus()
    problems: list[str] = []
    checked = 0
    for path in ipoker_files():
        totals = xml_totals(path)
        for item in read(path):
            if not isinstance(item, Hand) or item.truncated:
                continue
            checked += 1
            put_in = sum(action.amount for action in item.actions)
            returned = excess(item)
            kept = put_in - returned - sum(award.amount for award in item.collected)
            bet, win = totals[item.hand_id]
            key = f"{path.name} {item.hand_id}"
            mismatch = BET_MISMATCH.get(item.hand_id, 0)
            if put_in + mismatch != bet:
                problems.append(f"{key}: the actions put in {put_in}, the players' bets say {bet}")
            room_kept = bet - mismatch - win - (returned if new_client(path) else 0)
            if kept != room_kept:
                problems.append(f"{key}: the model keeps {kept}, the XML {room_kept}")
            preflop = not any(deal.street is Street.FLOP for deal in item.streets)
            if (item.tournament is not None or preflop) and item.game.is_flop_game and kept != 0:
                problems.append(f"{key}: kept {kept} where the pot keeps nothing")
            if kept < 0:
                problems.append(f"{key}: paid out {-kept} more than was put in")
    assert not problems, "\n".join(problems)
    assert checked == HANDS - sum(TRUNCATED_FILES.values())


def _fpdb_literal(path: Path) -> object:
    text = re.sub(r"datetime\.datetime\([^)]*\)", "None", path.read_text(encoding="utf-8"))
    return ast.literal_eval(text)


FPDB_SUITS = "hdcs"


def _fpdb_card(number: int) -> str | None:
    if number == 0:
        return None
    suit, rank = divmod(number - 1, 13)
    return "23456789TJQKA"[rank] + FPDB_SUITS[suit]


@pytest.mark.corpus
@pytest.mark.parametrize("name", [SPANISH, STUD])
def test_matches_fpdb(name: str) -> None:
    """fpdb's import of the two files: hand id, table, seats, board, each player's seat, stack, cards and
    winnings, the rake, and the game type. fpdb's winnings leave the uncalled bet out (its
    `setUncalledBets(True)`), as the model's collected amounts do; its fixed-limit bets for the stud table
    are twice the table's `$0.05/$0.10`, which the hand's own bets contradict (bring-in $0.02, bets of $0.05
    on the first two streets, $0.10 after): the model keeps the table's pair as the bets."""
    root = require_corpus() / FOLDER
    history = root / name
    [hand] = [item for item in read(history) if isinstance(item, Hand)]
    expected = _fpdb_literal(history.with_name(history.name + ".hands"))
    assert isinstance(expected, dict)
    assert expected["siteHandNo"] == hand.hand_id
    assert expected["tableName"] == hand.table
    assert expected["seats"] == len(hand.seats)
    board = [_fpdb_card(expected[f"boardcard{n}"]) for n in range(1, 6)]
    assert [card for card in board if card] == [str(card) for card in (hand.boards[0] if hand.boards else ())]
    players = _fpdb_literal(history.with_name(history.name + ".hp"))
    assert isinstance(players, dict)
    assert set(players) == {seat.player for seat in hand.seats}
    kept = sum(a.amount for a in hand.actions) - excess(hand) - sum(c.amount for c in hand.collected)
    for seat in hand.seats:
        values = players[seat.player]
        assert (values["seatNo"], values["startCash"], values["sitout"]) == (seat.seat, seat.stack, False)
        won = sum(award.amount for award in hand.collected if award.player == seat.player)
        assert values["winnings"] == won, seat.player
        cards = [_fpdb_card(values[f"card{n}"]) for n in range(1, 8)]
        shown = [str(card) for dealt in hand.dealt if dealt.player == seat.player for card in dealt.cards]
        shown += [str(card) for dealt in hand.dealt if dealt.player == seat.player for card in dealt.new_cards]
        if any(cards):
            assert sorted(card for card in cards if card) == sorted(set(shown)), seat.player
    assert sum(values["rake"] for values in players.values()) == kept
    assert sum(values["totalProfit"] for values in players.values()) == -kept
    game_type = _fpdb_literal(history.with_name(history.name + ".gt"))
    assert isinstance(game_type, tuple)
    _, currency, kind, base, category, limit, _, _, small_blind, big_blind, small_bet, big_bet, *_ = game_type
    assert (kind, currency) == ("ring", hand.unit.currency)
    if base == "hold":
        assert (category, limit, hand.game, hand.structure) == ("holdem", "nl", Game.HOLDEM, Structure.NO_LIMIT)
        assert (small_blind, big_blind) == (hand.stakes.small_blind, hand.stakes.big_blind)
    else:
        assert (category, limit, hand.game, hand.structure) == (
            "5studhi",
            "fl",
            Game.FIVE_CARD_STUD,
            Structure.FIXED_LIMIT,
        )
        assert (small_bet, big_bet) == (2 * (hand.stakes.small_bet or 0), 2 * (hand.stakes.big_bet or 0))


@pytest.mark.corpus
def test_what_the_reader_makes_of_ipoker_xml() -> None:
    """The lines ROOMS.md 6 singles out, read as it says."""
    require_corpus()
    # the Broadway chop: actions in `no` order (not the document's), type 23 = raise to, type 7 all in
    chop = by_id("2874218654")
    flop = [a for a in chop.actions if a.street is Street.FLOP]
    assert [(a.player, a.kind, a.amount, a.raise_to) for a in flop[2:]] == [
        ("Player8", ActionKind.BET, 9, 9),
        ("Player2", ActionKind.FOLD, 0, None),
        ("Player3", ActionKind.CALL, 9, 9),
        ("Player4", ActionKind.RAISE, 48, 48),
        ("Player5", ActionKind.FOLD, 0, None),
        ("Player6", ActionKind.FOLD, 0, None),
        ("Player8", ActionKind.RAISE, 156, 165),
        ("Player3", ActionKind.CALL, 63, 72),  # `type="7" sum="$0.63"`: all in, the chips added
        ("Player4", ActionKind.RAISE, 530, 578),  # `type="23" sum="$5.78"`: to his whole stack
        ("Player8", ActionKind.CALL, 309, 474),
    ]
    assert [a.all_in for a in flop[-3:]] == [True, True, True]
    orders = [a.order for a in chop.actions]
    assert orders == sorted(orders) and chop.streets[0].order == flop[0].order - 1
    # win includes the uncalled $1.04 of Player4's bet (a 2011 client): collected is without it
    assert chop.refunds is Refunds.IMPLIED
    assert sorted((c.player, c.amount) for c in chop.collected) == [("Player4", 481), ("Player8", 483)]
    assert [str(card) for card in chop.boards[0]] == ["Js", "Kh", "Ad", "3h", "8c"]  # `SJ HK DA`, `H3`, `C8`
    assert [line.kind for line in chop.showdown] == [ShowdownKind.SHOWS] * 3
    # the uncalled bet as the loser's only `win` (fpdb's `uncalled.2nd.winner`): nothing collected
    second = by_id("4988874195")
    assert [(c.player, c.amount) for c in second.collected] == [("P0k3rkIng2k", 1142)]
    # client 21: `win` leaves the uncalled €2.40 out; five-card Omaha from a game type with no game word
    five = by_id("3595391256")
    assert (five.game, five.game_text, five.unit.currency) == (Game.OMAHA5, "PL €0.05/€0.10", "EUR")
    assert [(c.player, c.amount) for c in five.collected] == [("Player1", 233)]
    assert five.started_local == "18.05.2021 18:26:13" and five.started is None
    # decimal commas (`€0,50/€1`, `€341,49`), stakes, cards of a `<cards>` without a player attribute
    commas = by_id("3651461297")
    assert (commas.stakes.small_blind, commas.stakes.big_blind, commas.seats[0].stack) == (50, 100, 34149)
    assert commas.game is Game.OMAHA5 and len(commas.boards[0]) == 5
    # cp1252 bytes in a file that says UTF-8: the euro sign and a player's name (`Präxn`)
    assert {seat.player for seat in by_id("6423466372").seats} >= {"Präxn"}
    assert by_id("3359865320").unit.currency == "EUR"  # `<currency>CNY</currency>`: the account's, not the table's
    assert by_id("1712488009").unit.currency == "RSD"
    # fixed limit: `LH 20/40 x2 Limit $10.00/$20.00` (bets 20/40), `type="6"` adds its chips
    heads_up = by_id("2686565878")
    assert (heads_up.structure, heads_up.stakes.small_bet, heads_up.stakes.big_bet) == (
        Structure.FIXED_LIMIT,
        2000,
        4000,
    )
    assert [(a.kind, a.amount, a.raise_to) for a in heads_up.actions[2:4]] == [
        (ActionKind.RAISE, 3000, 4000),
        (ActionKind.CALL, 2000, 4000),
    ]
    # a type-2 post above the big blind: small and big blind together (`Holdem L $5/$10`: big blind $5)
    both = by_id("3232378938")
    assert [(a.player, a.kind, a.amount) for a in both.actions[:3]][2] == (
        "Player2",
        ActionKind.POST_SMALL_AND_BIG_BLIND,
        750,
    )
    # the disconnect protection: all in without a chip; joined and sitting-out players are not dealt in
    disconnected = next(a for a in by_id("2855472319").actions if a.player == "Player7" and a.amount == 0)
    assert (disconnected.kind, disconnected.all_in, disconnected.cap_reached) == (ActionKind.CHECK, True, True)
    joined = by_id("2874216438")
    assert "Hero" not in {a.player for a in joined.actions} and joined.events[0].kind == "joined"
    assert by_id("2874271447").events[0].kind == "sitting-out"
    # tournaments: chips, thousands commas, the buy-in
    mtt = by_id("4528040825")
    assert mtt.tournament is not None and mtt.tournament.buy_in == "€30.00+€3.00"
    assert (mtt.unit.currency, mtt.seats[0].stack, mtt.stakes.big_blind) == ("chips", 5350, 100)
    # the partial export: blinds only
    assert by_id("7372093672").truncated and not by_id("7372093672").collected
    # five-card stud is read, not replayed
    stud = by_id("3013529647")
    assert (stud.game, stud.stakes.small_bet, stud.stakes.big_bet) == (Game.FIVE_CARD_STUD, 5, 10)
    assert any(a.kind is ActionKind.BRING_IN for a in stud.actions)


@pytest.fixture(scope="module")
def ipoker_findings() -> list[tuple[str, Finding]]:
    require_corpus()
    auditor = Auditor(strict=True, keep_text=False)
    return [(relative(f.path), f) for item in auditor.audit_files(ipoker_files()) for f in item.findings]


@pytest.mark.corpus
def test_no_internal_errors(ipoker_findings: list[tuple[str, Finding]]) -> None:
    assert [f.message for _, f in ipoker_findings if f.code == "OA104"] == []


@pytest.mark.corpus
def test_every_finding_is_a_known_error_of_the_hand(ipoker_findings: list[tuple[str, Finding]]) -> None:
    loud = [(path, f) for path, f in ipoker_findings if f.severity is not Severity.INFO]
    truncated = Counter(path for path, f in loud if f.code == "OA107")
    assert truncated == Counter(TRUNCATED_FILES)
    actual: Counter[tuple[str, str | None, str, int]] = Counter(
        (path, f.hand_id, f.code, f.line) for path, f in loud if f.code != "OA107"
    )
    expected: Counter[tuple[str, str | None, str, int]] = Counter((k.path, k.hand_id, k.code, k.line) for k in KNOWN)
    messages = {(path, f.hand_id, f.code, f.line): f.message for path, f in ipoker_findings}
    unexpected = sorted(f"{key} {messages[key]}" for key in actual - expected)
    missing = sorted(str(key) for key in expected - actual)
    assert not unexpected, "findings not in the table:\n" + "\n".join(unexpected)
    assert not missing, "table entries no longer found:\n" + "\n".join(missing)


@pytest.mark.corpus
def test_no_info_findings(ipoker_findings: list[tuple[str, Finding]]) -> None:
    """Five-card stud is replayed too (no OA102): no hand of the folder has an info finding."""
    assert [(path, f.code) for path, f in ipoker_findings if f.severity is Severity.INFO] == []


def test_every_known_entry_has_a_reason() -> None:
    assert all(known.reason.strip() for known in KNOWN)
    assert len({(k.path, k.hand_id, k.code, k.line, k.reason) for k in KNOWN}) == len(KNOWN)


# ---- broken XML, encodings, claims (made-up files) ----------------------------------------------------

SESSION = """<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="1">
 <general>
  <gametype>Omaha PL $0.25/$0.50</gametype>
  <tablename>Test, 1</tablename>
  <currency>USD</currency>
  <nickname>Hero</nickname>
 </general>
"""


def game(code: int, villain: str = "Villain", extra: str = "") -> str:
    """A heads-up Omaha game: Hero (button) limps, Villain bets the flop, Hero folds; Villain's `win`
    holds his uncalled $0.50 (an old client), the pot keeps $0.05."""
    return f""" <game gamecode="{code}">
  <general>
   <startdate>2020-01-01 10:00:00</startdate>
   <players>
    <player seat="1" name="Hero" chips="$50" dealer="1" win="$0" bet="$0.50"/>
    <player seat="2" name="{villain}" chips="$50" dealer="0" win="$1.45" bet="$1"/>
   </players>
  </general>
  <round no="0">
   <action no="1" player="Hero" type="1" sum="$0.25"/>
   <action no="2" player="{villain}" type="2" sum="$0.50"/>
  </round>
  <round no="1">
   <cards type="Pocket" player="Hero">SA HA D10 C2</cards>
   <action no="3" player="Hero" type="3" sum="$0.25"/>{extra}
   <cards type="Pocket" player="{villain}">X X X X</cards>
   <action no="4" player="{villain}" type="4" sum="$0"/>
  </round>
  <round no="2">
   <cards type="Flop" player="">SJ HK DA</cards>
   <action no="6" player="Hero" type="0" sum="$0"/>
   <action no="5" player="{villain}" type="5" sum="$0.50"/>
  </round>
 </game>
"""


def write(tmp_path: Path, data: bytes, name: str = "session.xml") -> list[Hand | UnreadableHand | FileNotice]:
    path = tmp_path / name
    path.write_bytes(data)
    return list(hand_source().read_file(path))


def kinds(items: list[Hand | UnreadableHand | FileNotice]) -> list[str]:
    return [type(item).__name__ for item in items]


def test_a_made_up_session_reads_cleanly(tmp_path: Path) -> None:
    text = SESSION + game(1) + game(2) + "</session>\n"
    items = write(tmp_path, text.encode())
    assert kinds(items) == ["Hand", "Hand"]
    hand = items[0]
    assert isinstance(hand, Hand) and not hand.defects and not hand.truncated
    assert [(a.player, a.kind) for a in hand.actions][-2:] == [("Villain", ActionKind.BET), ("Hero", ActionKind.FOLD)]
    assert [(c.player, c.amount) for c in hand.collected] == [("Villain", 95)]  # $1.45 less the $0.50 returned

    def line_of(fragment: str) -> int:
        return text.count("\n", 0, text.index(fragment)) + 1

    assert (hand.source.line, hand.source.end_line) == (line_of('<game gamecode="1"'), line_of("</game>"))
    assert hand.actions[-1].source.line == line_of('<action no="6"')
    auditor = Auditor(keep_text=False)
    assert [f.code for item in auditor.audit_files([tmp_path / "session.xml"]) for f in item.findings] == []


def test_a_truncated_file_loses_only_its_last_game(tmp_path: Path) -> None:
    text = SESSION + game(1) + game(2) + game(3)
    cut = text.rindex('<action no="5"') + 12  # inside the last game's last action tag
    items = write(tmp_path, text[:cut].encode())
    assert kinds(items) == ["Hand", "Hand", "UnreadableHand", "FileNotice"]
    lost = items[2]
    assert isinstance(lost, UnreadableHand) and lost.hand_id == "3" and "cut off" in lost.reason
    assert lost.first_line == text.count("\n", 0, text.index('gamecode="3"')) + 1
    # cut between two rounds, before the betting ends: a truncated hand, not an unreadable one
    between = text.rindex('  <round no="2">')
    items = write(tmp_path, text[:between].encode())
    assert kinds(items) == ["Hand", "Hand", "Hand", "FileNotice"]
    assert [item.truncated for item in items[:3] if isinstance(item, Hand)] == [False, False, True]


def test_a_bad_entity_or_a_stray_tag_loses_only_its_game(tmp_path: Path) -> None:
    text = SESSION + game(1) + game(2, "Vill&nbsp;ain") + game(3) + game(4, extra="\n   <action no=9 />") + "</session>"
    items = write(tmp_path, text.encode())
    assert kinds(items) == ["Hand", "UnreadableHand", "Hand", "UnreadableHand"]
    entity, attribute = items[1], items[3]
    assert isinstance(entity, UnreadableHand) and isinstance(attribute, UnreadableHand)
    assert "not well-formed" in entity.reason and entity.hand_id == "2"
    assert entity.line == text.count("\n", 0, text.index("&nbsp;")) + 1
    assert attribute.line == text.count("\n", 0, text.index("<action no=9")) + 1


def test_mis_declared_encodings_are_read(tmp_path: Path) -> None:
    # UTF-8 declared, the euro sign and a name written in cp1252 (ROOMS.md 6.1), one name in UTF-8
    euro = SESSION.replace("$", "€") + game(1, "Präxn").replace("$", "€") + game(2, "Ünal") + "</session>"
    data = euro.replace("Präxn", "PRAXN").encode("utf-8").replace(b"PRAXN", "Präxn".encode("cp1252"))
    data = data.replace("€".encode(), b"\x80", 3)  # (the session's and the first game's first euros)
    items = write(tmp_path, data)
    assert kinds(items) == ["Hand", "Hand"]
    first, second = items
    assert isinstance(first, Hand) and isinstance(second, Hand)
    assert (first.unit.currency, first.seats[1].player, second.seats[1].player) == ("EUR", "Präxn", "Ünal")
    # a declaration that names another encoding than the bytes': the bytes win
    latin = (SESSION.replace("utf-8", "ISO-8859-1") + game(1, "Ünal") + "</session>").encode("utf-8")
    [hand] = write(tmp_path, latin)
    assert isinstance(hand, Hand) and hand.seats[1].player == "Ünal"
    # UTF-16 with its byte-order mark; control characters XML forbids: replaced, a defect of the hand
    [wide] = write(tmp_path, (SESSION + game(1) + "</session>").encode("utf-16"))
    assert isinstance(wide, Hand) and not wide.defects
    [control] = write(tmp_path, (SESSION + game(1, "Vill\x01ain") + "</session>").encode())
    assert isinstance(control, Hand) and next(d.reason for d in control.defects).startswith("control characters")


@pytest.mark.parametrize("byte", range(256))
def test_the_byte_check_for_control_characters_agrees_with_the_text_search(byte: int) -> None:
    # (document.py: the bytes are looked at before the text is searched; UTF-8 text, or cp1252 bytes within it)
    from omaha_audit.rooms.ipoker.document import _CONTROLS, decode, has_controls

    for data in (b"<a>x" + bytes([byte]) + b"y</a>", b"\xc3\xa9" + bytes([byte]), "Ü€".encode() + bytes([byte])):
        assert has_controls(data) == (_CONTROLS.search(decode(data)) is not None), data


def test_text_between_games_and_concatenated_sessions(tmp_path: Path) -> None:
    other = SESSION.replace("Omaha PL $0.25/$0.50", "Holdem NL $1/$2").replace('sessioncode="1"', 'sessioncode="2"')
    holdem = game(9).replace("SA HA D10 C2", "SA HA").replace("X X X X", "X X")
    text = SESSION + game(1) + "junk between games\n" + game(2) + "</session>\n" + other + holdem + "</session>\n"
    items = write(tmp_path, text.encode())
    assert kinds(items) == ["Hand", "UnreadableHand", "Hand", "Hand"]
    assert isinstance(items[1], UnreadableHand) and "outside any game" in items[1].reason
    last = items[3]
    assert isinstance(last, Hand) and (last.game, last.stakes.big_blind) == (Game.HOLDEM, 200)
    # a game that never closes before the next one starts, cut inside an element: only that game is lost
    broken = SESSION + game(1).replace('  </round>\n  <round no="2">', '  <round no="2"').replace(" </game>", "")
    items = write(tmp_path, (broken + game(2) + "</session>").encode())
    assert kinds(items) == ["UnreadableHand", "Hand"]
    # one whose elements are all complete but whose `</game>` is missing: read, the missing tag a defect
    unclosed = SESSION + game(1).replace(" </game>\n", "") + game(2) + "</session>"
    first, second = write(tmp_path, unclosed.encode())
    assert isinstance(first, Hand) and [d.reason for d in first.defects] == [
        "the game is not closed (no </game>) before the next tag"
    ]
    assert isinstance(second, Hand) and not second.defects


def test_a_piece_too_large_to_be_a_game_is_skipped(tmp_path: Path) -> None:
    padding = "<!--" + "x" * (33 << 20) + "-->\n"
    items = write(tmp_path, (SESSION + game(1) + padding + game(2) + "</session>").encode())
    assert kinds(items) == ["UnreadableHand", "Hand"]
    assert isinstance(items[0], UnreadableHand) and "not read" in items[0].reason


def test_the_format_claims_ipoker_files_by_their_head() -> None:
    ipoker = BY_NAME["ipoker"]
    assert ipoker.claims_file(SESSION.encode())
    assert ipoker.claims_file(b"\xef\xbb\xbf  \r\n" + SESSION.encode())
    assert ipoker.claims_file(b'<session sessioncode="0">\n  <general>')
    assert ipoker.claims_file(SESSION.encode("utf-16"))
    assert ipoker.claims_file(b'<game gamecode="1">')
    assert not ipoker.claims_file(b"PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD)")
    assert not ipoker.claims_file(b'<?xml version="1.0"?><HISTORY ID="1">')
    assert not ipoker.claims_file(b'<description type="Omaha"/><game id="1">')
