"""Global Poker (the `globalpoker` format, omaha_audit/rooms/globalpoker): the room's JSON hand records.

Every corpus file of the GlobalPoker folder is read hand for hand: the records equal an independent count
(one `"tableIntegrationId"` key per record, counted on the text), none is unreadable, the reader's own
cross-checks of the record (every `balanceAfterAction`, `PlayerBalances`, `PotUpdate` pot and `results`
figure against what the actions put in) find nothing, the pot identity holds (chips in, less the bets
returned, are the pots; the awards and the rake are the pots), and every error or warning the audit reports
is listed with the reason it is genuine (none). Then records written here: a side pot, a split pot, dead
and entry blinds, a walk; and bad input, each an unreadable hand with its line and reason, or a hand with a
defect (OA106), never an exception.
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections import Counter
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from corpus_paths import corpus_root, require_corpus
from devtools import fuzz
from patching import break_method

from omaha_audit.model import (
    ActionKind,
    Game,
    Hand,
    PotBasis,
    Refunds,
    ShowdownKind,
    Street,
    Structure,
    Unit,
    UnreadableHand,
)
from omaha_audit.parse.files import FileNotice, expand_paths
from omaha_audit.rooms import BY_NAME, FORMATS, hand_source, preset_for, words_for
from omaha_audit.rooms.globalpoker.words import words_for as hand_type
from omaha_audit.rules.base import Finding, Severity
from omaha_audit.run.pipeline import Auditor

FOLDER = "GlobalPoker"
GLOBALPOKER = BY_NAME["globalpoker"]
RECORD = re.compile(r'"tableIntegrationId"\s*:')  # one per hand record (its `table` object)
VARIANT = re.compile(r'"variant"\s*:\s*"(\w+)"')
FILES = 3
HANDS = 3
GAMES = {"TEXAS_HOLDEM": 2, "OMAHA": 1}
# Every error or warning the audit reports on the room's real hands: (file, hand, code) -> (count, why).
KNOWN: dict[tuple[str, str, str], tuple[int, str]] = {}


def room_files() -> list[Path]:
    root = corpus_root()
    return sorted(p for p in (root / FOLDER).rglob("*") if p.is_file()) if root is not None else []


@functools.cache
def read(path: Path) -> list[object]:
    return list(hand_source().read_file(path))


def corpus_hand(name: str) -> Hand:
    (path,) = [p for p in room_files() if p.name == name]
    (hand,) = [item for item in read(path) if isinstance(item, Hand)]
    return hand


# ---- the corpus -----------------------------------------------------------------------------------------
@pytest.mark.corpus
def test_the_folder_has_the_global_poker_records() -> None:
    require_corpus()
    files = room_files()
    assert len(files) == FILES and all(path.suffix == ".json" for path in files)
    texts = [path.read_text(encoding="utf-8") for path in files]
    assert sum(len(RECORD.findall(text)) for text in texts) == HANDS
    assert Counter(v for text in texts for v in VARIANT.findall(text)) == GAMES


@pytest.mark.corpus
@pytest.mark.parametrize("path", room_files(), ids=lambda p: p.name)
def test_file_is_read_hand_for_hand(path: Path) -> None:
    require_corpus()
    text = path.read_text(encoding="utf-8")
    items = read(path)
    assert not [item for item in items if isinstance(item, UnreadableHand)]
    hands = [item for item in items if isinstance(item, Hand)]
    assert len(hands) == len(RECORD.findall(text)) == len(items)
    lines = text.split("\n")
    for hand in hands:
        assert hand.format == "globalpoker" and hand.room == "globalpoker"
        assert re.search(rf'"id"\s*:\s*"{hand.hand_id}"', text)
        assert (hand.source.line, hand.source.end_line) == (1, len(text.rstrip("\n").split("\n")))
        assert hand.unit == Unit("XSD", 2) and not hand.defects
        for action in hand.actions:  # each line points at the record's event for it
            event = "\n".join(lines[action.source.line - 1 : action.source.end_line])
            assert '"type": "PlayerAction"' in event and '"playerId": ' in event


@pytest.mark.corpus
def test_pot_identity() -> None:
    """Σ put in - Σ returned = the pots (`potSize`, gross) = Σ awarded + rake, in every hand."""
    require_corpus()
    for path in room_files():
        for hand in (item for item in read(path) if isinstance(item, Hand)):
            assert hand.pot is not None and hand.pot.total_basis is PotBasis.GROSS and hand.refunds is Refunds.LINE
            put_in = sum(action.amount for action in hand.actions) - sum(back.amount for back in hand.uncalled)
            assert put_in == hand.pot.total
            assert sum(won.amount for won in hand.collected) + (hand.rake or 0) == hand.pot.total


@pytest.mark.corpus
def test_findings_are_known() -> None:
    root = require_corpus() / FOLDER
    found: Counter[tuple[str, str, str]] = Counter()
    auditor = Auditor(strict=True, keep_text=False)
    findings = [finding for audited in auditor.audit_files(room_files()) for finding in audited.findings]
    for finding in [*findings, *auditor.across]:
        if finding.severity.rank >= Severity.WARNING.rank:
            found[(Path(finding.path).relative_to(root).as_posix(), finding.hand_id or "", finding.code)] += 1
    assert auditor.tally.hands == HANDS
    assert dict(found) == {key: count for key, (count, _) in KNOWN.items()}


@pytest.mark.corpus
def test_a_directory_scan_reads_the_json_records() -> None:
    """`.json` files are read by content (they were passed over by their suffix): the folder gives its hands."""
    root = require_corpus() / FOLDER
    items = list(hand_source().read_paths(expand_paths([root])))
    assert len([item for item in items if isinstance(item, Hand)]) == HANDS


@pytest.mark.corpus
def test_raises_state_the_street_total_and_calls_the_chips_added() -> None:
    """CashHandMadeToRiverShowdown's river: mr_feek bets 0.72, Player#3699 raises to 1.84, mr_feek raises to
    4.16 (all in: 3.44 more, `balanceAfterAction` 0.00) and Player#3699 calls 2.32 (`balanceAfterAction`
    7.06 -> 4.74)."""
    require_corpus()
    hand = corpus_hand("CashHandMadeToRiverShowdown.json")
    river = [(a.player, a.kind, a.amount, a.raise_to, a.all_in) for a in hand.actions if a.street is Street.RIVER]
    assert river == [
        ("mr_feek", ActionKind.BET, 72, 72, False),
        ("Player#3699", ActionKind.RAISE, 184, 184, False),
        ("mr_feek", ActionKind.RAISE, 344, 416, True),
        ("Player#3699", ActionKind.CALL, 232, 416, False),
    ]
    assert hand.game is Game.HOLDEM and hand.structure is Structure.NO_LIMIT
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (2, 4)
    assert hand.table == "Odessa" and hand.table_id == "114059" and hand.max_seats == 6
    assert hand.started is not None and hand.started.isoformat() == "2018-01-04T06:30:11.788000+00:00"
    assert [(s.seat, s.player, s.stack) for s in hand.seats] == [
        (1, "mr_feek", 480),
        (3, "Player#3699", 954),
        (4, "Player#4531", 211),
    ]
    assert hand.button == 4 and hand.hero == "mr_feek"  # the player before the small blind (seat 1)
    # the winner shows (a straight on the board), the caller mucks; the pot 9.76 less the rake 0.48
    assert [(s.player, s.kind, s.description) for s in hand.showdown] == [
        ("mr_feek", ShowdownKind.SHOWS, "STRAIGHT"),
        ("Player#3699", ShowdownKind.MUCKS, None),
    ]
    assert [(c.player, c.amount) for c in hand.collected] == [("mr_feek", 928)] and hand.rake == 48
    assert [e.kind for e in hand.events] == ["time-bank", "button-inferred"]


@pytest.mark.corpus
def test_a_side_pot_and_its_rake_from_the_main_pot() -> None:
    """PloHandWithSidePot: pfefferkopf is all in for 859.50 before the flop; the side pot of the other two
    (2,106.50) is awarded whole, the main pot (3,458.00) less the rake (5.50); 1,462.50 of Player#3722's
    flop raise comes back (`fromChipStackToPlayer`)."""
    require_corpus()
    hand = corpus_hand("PloHandWithSidePot.json")
    assert hand.game is Game.OMAHA and hand.structure is Structure.POT_LIMIT
    assert hand.pot is not None and (hand.pot.total, hand.pot.main, hand.pot.sides) == (556450, 345800, (210650,))
    assert hand.pot.pots_basis is PotBasis.GROSS and hand.rake == 550
    assert [(c.player, c.amount, c.pot, c.pot_text) for c in hand.collected] == [
        ("Player#3722", 210650, 1, "side pot-1"),
        ("Player#3722", 345250, 0, "main pot"),
    ]
    assert [(u.player, u.amount, u.street) for u in hand.uncalled] == [("Player#3722", 146250, Street.FLOP)]
    assert [(s.player, s.description) for s in hand.showdown] == [
        ("pfefferkopf", "THREE_OF_A_KIND"),
        ("Player#1882", "PAIR"),
        ("Player#3722", "FLUSH"),
    ]
    assert [e.text for e in hand.events if e.kind == "time-bank"] == [
        "Player#3586 uses the time bank (60.00 s)",  # (seconds: no chips move)
        "Player#1882 uses the time bank (55.17 s)",
    ]


@pytest.mark.corpus
def test_a_split_pot_and_a_player_waiting_for_the_big_blind() -> None:
    """SplitPotNetLoss: two pairs of aces with a jack tie; the pot 3.36 less 0.16 is split 1.60 each.
    Player#0526 waits for the big blind: seated, dealt nothing (sitting out)."""
    require_corpus()
    hand = corpus_hand("SplitPotNetLoss.json")
    assert sorted((c.player, c.amount, c.pot) for c in hand.collected) == [
        ("Player#2263", 160, 0),
        ("Player#5368", 160, 0),
    ]
    assert [s.player for s in hand.seats if s.sitting_out] == ["Player#0526"]
    assert (hand.events[0].kind, hand.events[0].player) == ("waiting-for-big-blind", "Player#0526")
    assert len(hand.showdown_marks) == 1 and hand.button == 1


# ---- records written here -------------------------------------------------------------------------------
RANKS = {"2": "TWO", "3": "THREE", "4": "FOUR", "5": "FIVE", "6": "SIX", "7": "SEVEN", "8": "EIGHT", "9": "NINE"}
RANKS |= {"T": "TEN", "J": "JACK", "Q": "QUEEN", "K": "KING", "A": "ACE"}
SUITS = {"c": "CLUBS", "d": "DIAMONDS", "h": "HEARTS", "s": "SPADES"}


class Record:
    """A hand record as the room writes one, built event by event (card ids as the room gives them)."""

    def __init__(self, seats: list[tuple[int, str, int, float]], variant: str = "TEXAS_HOLDEM") -> None:
        self.seats = [{"playerId": p, "initialBalance": b, "seatId": s, "name": n} for p, n, s, b in seats]
        self.events: list[dict[str, Any]] = []
        self.ids: dict[str, int] = {}
        self.time = 1600000000000
        self.settings = {
            "variant": variant,
            "currencyCode": "XSD",
            "betStrategyType": "NO_LIMIT" if variant == "TEXAS_HOLDEM" else "POT_LIMIT",
            "capacity": 6,
            "bigBlind": 0.04,
            "smallBlind": 0.02,
            "ante": 0,
        }
        self.results: dict[str, Any] = {"totalRake": 0, "results": {}, "transfers": []}

    def card(self, text: str, shown: bool = True) -> dict[str, Any]:
        card_id = self.ids.setdefault(text, len(self.ids))
        return {"id": card_id, "suit": SUITS[text[1]], "rank": RANKS[text[0]]} if shown else {"id": card_id}

    def event(self, kind: str, **fields: Any) -> Record:
        self.time += 1000
        self.events.append({"type": kind, "time": self.time, **fields})
        return self

    def act(self, player: int, action: str, amount: float | None, after: float) -> Record:
        fields: dict[str, Any] = {"cards": [], "action": action}
        if amount is not None:
            fields["amount"] = {"type": "BET", "amount": amount}
        return self.event("PlayerAction", **fields, timeout=False, playerId=player, balanceAfterAction=after)

    def deal(self, player: int, cards: str, shown: bool = False) -> Record:
        return self.event(
            "PlayerCardsDealt", playerId=player, cards=[self.card(c, shown) for c in cards.split()], exposed=False
        )

    def board(self, cards: str) -> Record:
        return self.event("TableCardsDealt", cards=[self.card(c) for c in cards.split()], stackId=0)

    def pots(self, pots: list[tuple[int, list[int], float]], back: list[tuple[int, float]] | None = None) -> Record:
        moves = [{"playerId": p, "amount": a, "fromChipStackToPlayer": True} for p, a in back or []]
        pot_list = [{"potId": n, "players": who, "potSize": size} for n, who, size in pots]
        return self.event("PotUpdate", pots=pot_list, potTransitions=moves)

    def show(self, player: int, cards: str) -> Record:
        return self.event("PlayerCardsExposed", playerId=player, cards=[self.card(c) for c in cards.split()])

    def best(self, player: int, hand_type: str, cards: str) -> Record:
        five = [self.card(c) for c in cards.split()]
        hand = {"playerId": player, "handId": 0, "cards": five}
        return self.event(
            "PlayerBestHand", playerHand=hand, handInfoCommon={"handType": hand_type, "cardsUsedInHand": five},
            bestHandCards=five,
        )  # fmt: skip

    def award(self, player: int, pot: int, size: float, amount: float) -> Record:
        kind = "MAIN" if pot == 0 else "SIDE"
        transfer = {"playerId": player, "pot": {"potId": pot, "type": kind, "potSize": size}, "amount": amount}
        self.results["transfers"].append({**transfer, "fromChipStackToPlayer": False})
        return self

    def result(self, player: int, bet: float, win: float, rake: float) -> Record:
        net = round(win - bet, 2)
        self.results["results"][str(player)] = {
            "playerId": player, "netWin": net, "totalWin": win, "rake": rake, "totalBet": bet,
            "transactionIds": ["1"], "timeBank": 30000,
        }  # fmt: skip
        return self

    def json(self) -> dict[str, Any]:
        return {
            "id": "11111111-2222-3333-4444-555555555555",
            "table": {"tableId": 7, "tableIntegrationId": "TABLE::x", "tableName": "Testville", "handIndex": -1},
            "startTime": 1600000000000,
            "endTime": self.time,
            "results": self.results,
            "events": self.events,
            "seats": self.seats,
            "settings": self.settings,
        }  # fmt: skip

    def text(self) -> str:
        return json.dumps(self.json(), indent="\t")


def read_text(tmp: Path, text: str | bytes, name: str = "hand.json") -> list[Any]:
    path = tmp / name
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return list(hand_source().read_file(path))


def audit_text(tmp: Path, text: str) -> list[Finding]:
    path = tmp / "audited.json"
    path.write_text(text, encoding="utf-8")
    auditor = Auditor(strict=True, keep_text=False)
    return [finding for audited in auditor.audit_files([path]) for finding in audited.findings]


def problems(findings: list[Finding]) -> list[tuple[str, str]]:
    return [(f.code, f.message) for f in findings if f.severity.rank >= Severity.WARNING.rank]


A, B, C, D, E, F = 11, 12, 13, 14, 15, 16


def side_pot_record() -> Record:
    """A (10.00) all in before the flop against B and C (50.00 each): main pot 30.00, side pot 40.00; C's
    flop bet of 20.00 is folded to and comes back; A's aces win the main pot, less the rake (3.50), C the
    side pot."""
    record = Record([(A, "Ann", 0, 10), (B, "Bob", 1, 50), (C, "Cyd", 2, 50)])
    record.settings |= {"smallBlind": 0.5, "bigBlind": 1}
    record.act(B, "SMALL_BLIND", 0.5, 49.5).act(C, "BIG_BLIND", 1, 49)
    record.deal(B, "2c 3d").deal(C, "Kh Qh", shown=True).deal(A, "Ah Ad")
    record.act(A, "RAISE", 10, 0).act(B, "CALL", 9.5, 40).act(C, "RAISE", 30, 20).act(B, "CALL", 20, 20)
    record.pots([(0, [A, B, C], 30), (1, [B, C], 40)])
    record.board("Ks 7h 2d").act(B, "CHECK", 0, 20).act(C, "BET", 20, 0).act(B, "FOLD", 0, 20)
    record.pots([(0, [A, B, C], 30), (1, [B, C], 40)], [(C, 20)])
    record.show(A, "Ah Ad").show(C, "Kh Qh")
    record.board("5c").pots([(0, [A, B, C], 30), (1, [B, C], 40)])
    record.board("9s").pots([(0, [A, B, C], 30), (1, [B, C], 40)])
    record.event("ShowDownSummary")
    record.best(A, "PAIR", "Ah Ad Ks 9s 7h").best(C, "PAIR", "Kh Ks Qh 9s 7h")
    record.award(C, 1, 40, 40).award(A, 0, 30, 26.5)
    record.results["totalRake"] = 3.5
    record.result(A, 10, 26.5, 0.5).result(B, 30, 0, 1.5).result(C, 30, 40, 1.5)
    return record


def split_pot_record() -> Record:
    """A and C both make the ace-high straight on As Ks Qh Jd 2c: the pot 0.33 less 0.01 is split 0.16 each."""
    record = Record([(A, "Ann", 0, 2), (B, "Bob", 1, 1), (C, "Cyd", 2, 2)])
    record.settings |= {"smallBlind": 0.01, "bigBlind": 0.02}
    record.act(B, "SMALL_BLIND", 0.01, 0.99).act(C, "BIG_BLIND", 0.02, 1.98)
    record.deal(B, "3c 4c").deal(C, "Th 4d").deal(A, "Tc 3h", shown=True)
    record.act(A, "RAISE", 0.06, 1.94).act(B, "FOLD", 0, 0.99).act(C, "CALL", 0.04, 1.94)
    record.pots([(0, [A, B, C], 0.13)])
    record.board("As Ks Qh").act(C, "CHECK", 0, 1.94).act(A, "CHECK", 0, 1.94).pots([(0, [A, B, C], 0.13)])
    record.board("Jd").act(C, "CHECK", 0, 1.94).act(A, "CHECK", 0, 1.94).pots([(0, [A, B, C], 0.13)])
    record.board("2c").act(C, "BET", 0.1, 1.84).act(A, "CALL", 0.1, 1.84).pots([(0, [A, B, C], 0.33)])
    record.show(C, "Th 4d").show(A, "Tc 3h").event("ShowDownSummary")
    record.best(C, "STRAIGHT", "As Ks Qh Jd Th").best(A, "STRAIGHT", "As Ks Qh Jd Tc")
    record.award(A, 0, 0.33, 0.16).award(C, 0, 0.33, 0.16)
    record.results["totalRake"] = 0.01
    record.result(A, 0.16, 0.16, 0.01).result(B, 0.01, 0, 0).result(C, 0.16, 0.16, 0)
    return record


def only_hand(items: list[Any]) -> Hand:
    (hand,) = items
    assert isinstance(hand, Hand), hand
    return hand


def test_a_side_pot_written_here(tmp_path: Path) -> None:
    text = side_pot_record().text()
    hand = only_hand(read_text(tmp_path, text))
    assert not hand.defects
    assert hand.pot is not None and (hand.pot.total, hand.pot.main, hand.pot.sides, hand.pot.rake) == (
        7000,
        3000,
        (4000,),
        350,
    )
    assert [(c.player, c.amount, c.pot) for c in hand.collected] == [("Cyd", 4000, 1), ("Ann", 2650, 0)]
    assert [(u.player, u.amount) for u in hand.uncalled] == [("Cyd", 2000)]
    assert hand.button == 1 and hand.hero == "Cyd"
    assert problems(audit_text(tmp_path, text)) == []


def test_a_split_pot_written_here(tmp_path: Path) -> None:
    text = split_pot_record().text()
    hand = only_hand(read_text(tmp_path, text))
    assert not hand.defects and hand.rake == 1
    assert [(c.player, c.amount) for c in hand.collected] == [("Ann", 16), ("Cyd", 16)]
    assert problems(audit_text(tmp_path, text)) == []
    # the same hand with Cyd's half paid to Ann: the audit sees the winner wrong
    record = split_pot_record()
    record.results["transfers"] = record.results["transfers"][:1]
    record.results["transfers"][0]["amount"] = 0.32
    record.result(A, 0.16, 0.32, 0.01).result(C, 0.16, 0, 0)
    codes = {code for code, _ in problems(audit_text(tmp_path, record.text()))}
    assert "OA501" in codes


def test_dead_and_entry_blinds(tmp_path: Path) -> None:
    """BIG_BLIND_PLUS_DEAD_SMALL_BLIND 0.06 is a big blind live and a small blind dead; ENTRY_BET a new
    player's live big blind; DEAD_SMALL_BLIND dead money, the player then calls the big blind."""
    record = Record(
        [(A, "Ann", 0, 5), (B, "Bob", 1, 5), (C, "Cyd", 2, 5), (D, "Dee", 3, 5), (E, "Eve", 4, 5), (F, "Fay", 5, 5)]
    )
    record.act(B, "SMALL_BLIND", 0.02, 4.98).act(C, "BIG_BLIND", 0.04, 4.96)
    record.act(D, "BIG_BLIND_PLUS_DEAD_SMALL_BLIND", 0.06, 4.94).act(E, "ENTRY_BET", 0.04, 4.96)
    record.act(F, "DEAD_SMALL_BLIND", 0.02, 4.98)
    for player, cards in ((D, "2c 3c"), (E, "4c 5c"), (F, "6c 7c"), (A, "8c 9c"), (B, "Tc Jc"), (C, "Qc Kc")):
        record.deal(player, cards)
    record.act(D, "CHECK", 0, 4.94).act(E, "CHECK", 0, 4.96).act(F, "CALL", 0.04, 4.94).act(A, "CALL", 0.04, 4.96)
    record.act(B, "CALL", 0.02, 4.96).act(C, "CHECK", 0, 4.96)
    record.pots([(0, [A, B, C, D, E, F], 0.28)])
    record.board("2d 7h Ks").act(B, "BET", 0.28, 4.68)
    for player in (C, D, E, F, A):
        record.act(player, "FOLD", 0, 4.94 if player in (D, F) else 4.96)
    record.pots([(0, [A, B, C, D, E, F], 0.28)], [(B, 0.28)]).act(B, "MUCK_CARDS", 0, 4.96).event("ShowDownSummary")
    record.award(B, 0, 0.28, 0.27).results["totalRake"] = 0.01
    hand = only_hand(read_text(tmp_path, record.text()))
    assert not hand.defects, hand.defects
    posts = [(a.player, a.kind, a.amount, a.raise_to) for a in hand.actions if a.kind.is_post]
    assert posts == [
        ("Bob", ActionKind.POST_SMALL_BLIND, 2, 2),
        ("Cyd", ActionKind.POST_BIG_BLIND, 4, 4),
        ("Dee", ActionKind.POST_SMALL_AND_BIG_BLIND, 6, 4),
        ("Eve", ActionKind.POST_BIG_BLIND, 4, 4),
        ("Fay", ActionKind.POST_DEAD, 2, 0),
    ]
    assert [(s.player, s.kind) for s in hand.showdown] == [("Bob", ShowdownKind.DOESNT_SHOW)]
    assert not hand.showdown_marks  # (ShowDownSummary with one player left: no showdown)
    assert problems(audit_text(tmp_path, record.text())) == []


def test_a_walk_has_no_award(tmp_path: Path) -> None:
    """Everyone folds to a big blind posted alone (the small blind's seat, 2, is empty): the blind comes
    back, no pot, no `transfers`."""
    record = Record([(A, "Ann", 0, 3), (B, "Bob", 2, 3), (C, "Cyd", 3, 3)])
    record.act(B, "BIG_BLIND", 0.04, 2.96).deal(C, "2c 3c").deal(A, "4c 5c").deal(B, "6c 7c")
    record.act(C, "FOLD", 0, 3).event("PlayerAction", cards=[], action="FOLD", timeout=True, playerId=A)
    record.pots([], [(B, 0.04)]).event("ShowDownSummary")
    del record.results["transfers"]
    hand = only_hand(read_text(tmp_path, record.text()))
    assert not hand.defects and not hand.collected and hand.pot is not None and hand.pot.total == 0
    assert [(u.player, u.amount) for u in hand.uncalled] == [("Bob", 4)]
    assert [e.kind for e in hand.events] == ["timed-out", "button-inferred"]
    assert hand.button == 1  # (the player before the big blind: the small blind's seat is empty)
    assert problems(audit_text(tmp_path, record.text())) == []


def test_an_omaha_deal_of_five_cards_is_five_card_omaha(tmp_path: Path) -> None:
    record = Record([(A, "Ann", 0, 3), (B, "Bob", 1, 3)], variant="OMAHA")
    record.act(A, "SMALL_BLIND", 0.02, 2.98).act(B, "BIG_BLIND", 0.04, 2.96)
    record.deal(A, "2c 3c 4c 5c 6c").deal(B, "2d 3d 4d 5d 6d").act(A, "FOLD", 0, 2.98)
    record.pots([(0, [A, B], 0.04)], [(B, 0.02)]).award(B, 0, 0.04, 0.04)
    hand = only_hand(read_text(tmp_path, record.text()))
    assert hand.game is Game.OMAHA5 and not hand.defects
    assert hand.button == 1  # heads-up: the small blind is the button


# ---- what the reader refuses, and what it keeps with a defect --------------------------------------------
def test_an_unknown_action_that_moves_chips_is_a_line_not_read(tmp_path: Path) -> None:
    """A line of a kind the reader does not know that moves chips: that event is not read (OA106, the dealer's
    checks it could change withheld), the rest of the hand is, and no printed figure after it is compared."""
    record = split_pot_record()
    record.events.insert(2, {"type": "PlayerAction", "time": 1, "cards": [], "action": "STRADDLE",
                             "amount": {"type": "BET", "amount": 0.04}, "timeout": False, "playerId": A,
                             "balanceAfterAction": 1.96})  # fmt: skip
    text = record.text()
    hand = only_hand(read_text(tmp_path, text))
    assert hand.hand_id == "11111111-2222-3333-4444-555555555555"
    (defect,) = hand.defects
    assert (defect.reason, defect.not_read) == ("unknown action 'STRADDLE' by Ann moves chips: not read", True)
    assert '"action": "STRADDLE"' in "\n".join(text.split("\n")[defect.line - 1 : defect.line + 5])
    assert len(hand.actions) == len(only_hand(read_text(tmp_path, split_pot_record().text())).actions)
    # (the record's other figures leave the straddle's chips out: no dealer's check finds anything to withhold)
    assert [(f.code, f.line) for f in audit_text(tmp_path, text)] == [("OA106", defect.line)]


def test_an_unknown_action_that_moves_no_chips_is_a_defect(tmp_path: Path) -> None:
    record = split_pot_record()
    record.events.insert(2, {"type": "PlayerAction", "time": 1, "cards": [], "action": "SIT_OUT_NEXT_HAND",
                             "timeout": False, "playerId": B, "balanceAfterAction": 0.99})  # fmt: skip
    text = record.text()
    hand = only_hand(read_text(tmp_path, text))
    (defect,) = hand.defects
    assert "SIT_OUT_NEXT_HAND" in defect.reason and "moving no chips" in defect.reason
    assert '"action": "SIT_OUT_NEXT_HAND"' in "\n".join(text.split("\n")[defect.line - 1 : defect.line + 5])
    # nothing depends on it: one reading finding, info, and no dealer's finding
    assert [(f.code, f.severity) for f in audit_text(tmp_path, text)] == [("OA106", Severity.INFO)]


def test_an_unknown_event_is_a_defect(tmp_path: Path) -> None:
    record = split_pot_record()
    record.events.insert(5, {"type": "DeckInfo", "time": 1, "deckSize": 52})
    hand = only_hand(read_text(tmp_path, record.text()))
    assert [d.reason for d in hand.defects] == ["an event of a kind the reader does not know ('DeckInfo'): not read"]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda r: r.events[5]["amount"].update(amount="0.06"), 'RAISE amount is not a number: "0.06"'),
        (lambda r: r.events[5]["amount"].update(amount=-0.06), "RAISE amount: -0.06: a negative amount"),
        (lambda r: r.events[5]["amount"].update(amount=True), "RAISE amount is not a number: true"),
        (lambda r: r.events[5].update(playerId=99), "PlayerAction playerId 99 is not the id of any seated player"),
        (lambda r: r.events[-9].update(stackId=1), "board cards of stack 1 (a second board?) are not read"),
    ],
    ids=["text-amount", "negative", "boolean", "unknown-player", "second-board"],
)  # fmt: skip
def test_an_event_not_read_is_a_defect_on_its_line(tmp_path: Path, change: Any, words: str) -> None:
    """A figure that is no amount, or an event the reader cannot follow: that event is a line not read (its
    line, the reason), the hand is read, and the audit says it once (OA106), with no dealer's error."""
    record = split_pot_record()
    change(record)
    text = record.text()
    hand = only_hand(read_text(tmp_path, text))
    (defect,) = hand.defects
    assert defect.not_read and defect.reason.startswith(words), defect.reason
    findings = audit_text(tmp_path, text)
    assert [(f.code, f.line) for f in findings if f.severity.rank >= Severity.WARNING.rank] == [("OA106", defect.line)]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda r: setattr(r, "seats", None), "required field record.seats missing"),
        (lambda r: r.settings.update(variant="SEVEN_CARD_STUD"), "unknown settings.variant 'SEVEN_CARD_STUD'"),
        (lambda r: r.settings.update(betStrategyType="SPREAD"), "unknown settings.betStrategyType 'SPREAD'"),
        (lambda r: r.settings.update(bigBlind="1"), 'settings.bigBlind is not a number: "1"'),
    ],
    ids=["no-seats", "stud", "spread-limit", "stakes"],
)  # fmt: skip
def test_a_record_that_cannot_be_read_says_why(tmp_path: Path, change: Any, words: str) -> None:
    record = split_pot_record()
    change(record)
    (item,) = read_text(tmp_path, record.text())
    assert isinstance(item, UnreadableHand) and item.reason == f"Global Poker: {words}"


def test_a_balance_that_disagrees_is_a_defect_once(tmp_path: Path) -> None:
    """Ann's raise to 0.06 leaves her 1.94; a record saying 1.95 keeps the hand, with one defect for Ann
    (her later figures, 1.94 and 1.84, are not compared again)."""
    record = split_pot_record()
    record.events[5]["balanceAfterAction"] = 1.95
    hand = only_hand(read_text(tmp_path, record.text()))
    assert [d.reason for d in hand.defects] == [
        "Ann's balanceAfterAction is 1.95; the chips the actions leave Ann are 1.94"
    ]
    assert [action.amount for action in hand.actions if action.player == "Ann"] == [6, 0, 0, 10]


def test_results_that_disagree_with_the_actions_are_defects(tmp_path: Path) -> None:
    record = split_pot_record()
    record.result(B, 0.02, 0, 0)  # Bob put in 0.01 only
    record.results["totalRake"] = 0.02  # the shares add up to 0.01; the awards to 0.32 of 0.33
    hand = only_hand(read_text(tmp_path, record.text()))
    assert sorted(d.reason for d in hand.defects) == [
        "Bob's totalBet is 0.02; the actions put in 0.01",
        "the players' rake shares add up to 0.01, not totalRake 0.02",
    ]


def test_broken_json_is_unreadable_with_its_line(tmp_path: Path) -> None:
    text = split_pot_record().text()
    cut = text[: len(text) // 2]
    (item,) = read_text(tmp_path, cut)
    assert isinstance(item, UnreadableHand) and item.reason.startswith("Global Poker: bad JSON: ")
    assert item.line == len(cut.split("\n")) and item.last_line == item.line
    (item,) = read_text(tmp_path, b'{"id": "x", "table": {"tableIntegrationId": "T"}, "startTime": 1, \xff}')
    assert isinstance(item, UnreadableHand) and "not UTF-8" in item.reason
    (item,) = read_text(tmp_path, '{"id": "x", "table": {"tableIntegrationId": "T"}, "startTime": NaN}')
    assert isinstance(item, UnreadableHand) and "NaN is not a number JSON allows" in item.reason


def test_an_array_and_concatenated_records_are_read_record_by_record(tmp_path: Path) -> None:
    one, two = side_pot_record().text(), split_pot_record().text()
    for text in (f"[{one},\n{two}]\n", f"{one}\n{two}\n"):
        items = read_text(tmp_path, text)
        assert [type(item) for item in items] == [Hand, Hand]
        second = items[1]
        assert isinstance(second, Hand) and second.source.line == len(one.split("\n")) + 1
    items = read_text(tmp_path, f"{one}\n{two[:-40]}")  # the second cut off: the first is still read
    assert [type(item) for item in items] == [Hand, UnreadableHand]


def test_a_scanned_json_file_of_no_format_is_named_as_skipped(tmp_path: Path) -> None:
    (tmp_path / "hand.json").write_text(split_pot_record().text(), encoding="utf-8")
    (tmp_path / "package.json").write_text('{"name": "x", "version": "1.0.0"}\n', encoding="utf-8")
    items = list(hand_source().read_paths(expand_paths([tmp_path])))
    assert [type(item).__name__ for item in items] == ["Hand", "FileNotice"]
    notice = items[1]
    assert isinstance(notice, FileNotice) and notice.kind == "not-hand-history"


def test_claims_only_global_poker_records() -> None:
    head = split_pot_record().text().encode()[:4096]
    assert GLOBALPOKER.claims_file(head) and GLOBALPOKER.claims_file(b"\xef\xbb\xbf [ " + head)
    assert not GLOBALPOKER.claims_file(b'{"ohh": {"spec_version": "1.4.6", "startTime": 1}}')
    assert not GLOBALPOKER.claims_file(b'{"name": "package", "version": "1.0.0"}')
    assert not GLOBALPOKER.claims_file(b"<session><general>")
    assert not GLOBALPOKER.claims_file(b'variant = "NT"\n')
    claiming = [f.name for f in FORMATS if f.claims_file(head)]
    assert claiming == ["globalpoker"]


def test_read_never_raises_on_a_text_block() -> None:
    from omaha_audit.parse.split import Block

    item = GLOBALPOKER.read(Block("hand", "x.txt", 3, ['{"id": "x",', '"events": [}'], "globalpoker"))
    assert isinstance(item, UnreadableHand) and item.line == 4


@pytest.mark.corpus
def test_mutated_records_never_crash_nor_lose_a_hand(tmp_path: Path) -> None:
    """The fuzz harness's edits (tests/devtools/fuzz.py: flipped characters, lines deleted, doubled, swapped,
    cut, absurd numbers, hostile names, truncation) on the corpus records and the records written here:
    no crash, no internal error, no file without an item, only valid JSON out."""
    require_corpus()
    texts = [path.read_text(encoding="utf-8") for path in room_files()]
    texts += [side_pot_record().text(), split_pot_record().text()]
    rng = random.Random(19)
    inputs = []
    for _ in range(250):
        text = fuzz.mutate(rng.choice(texts), fuzz.random_edits(rng), rng.choice(texts))
        inputs.append((text, "json"))
    outcome = fuzz.check_inputs(inputs, tmp_path)
    assert not outcome.failed(), f"{outcome.report()}\n{outcome.examples}"
    assert outcome.hands and outcome.unreadable  # (both kinds of result were met)


# ---- descriptions, presets, what the format cannot show -------------------------------------------------
def test_a_wrong_hand_type_is_reported_and_an_unknown_one_is_not_checked(tmp_path: Path) -> None:
    record = side_pot_record()
    record.events[-2]["handInfoCommon"]["handType"] = "TWO_PAIRS"  # Ann's aces: a pair
    found = problems(audit_text(tmp_path, record.text()))
    assert [code for code, _ in found] == ["OA507"] and "'TWO_PAIRS'" in found[0][1] and "'PAIR'" in found[0][1]
    record.events[-2]["handInfoCommon"]["handType"] = "ONE_PAIR"  # (not a name of the room's)
    hand = only_hand(read_text(tmp_path, record.text()))
    assert hand.showdown[0].description is None
    assert "not checked" in next(e.text for e in hand.events if e.kind == "best-hand")
    assert problems(audit_text(tmp_path, record.text())) == []


def test_words_name_the_category(tmp_path: Path) -> None:
    words = words_for(only_hand(read_text(tmp_path, split_pot_record().text())))
    assert words is GLOBALPOKER.words("globalpoker") and words is not None
    straight = 4 << 20 | 13 << 16
    royal, nine_high = 8 << 20 | 14 << 16, 8 << 20 | 9 << 16
    assert words.showdown([straight, royal, nine_high, 0], None) == [
        "STRAIGHT",
        "ROYAL_STRAIGHT_FLUSH",
        "STRAIGHT_FLUSH",
        "HIGH_CARD",
    ]
    assert hand_type(2 << 20) == "TWO_PAIRS"


def test_preset_and_what_the_record_cannot_show() -> None:
    hand_rules = GLOBALPOKER.preset("globalpoker")
    assert hand_rules.name == "globalpoker" and hand_rules.rake_caps == () and hand_rules.no_flop_no_drop
    assert "caps not known" in hand_rules.notes
    assert set(GLOBALPOKER.cannot_check()) == {"OA314", "OA605", "OA701"}
    assert GLOBALPOKER.rooms() == ("globalpoker",)


def test_the_preset_is_the_hands(tmp_path: Path) -> None:
    hand = only_hand(read_text(tmp_path, split_pot_record().text()))
    assert preset_for(hand).name == "globalpoker"


# ---- number styles (README.md): JSON numbers every way a writer gives them, read back exact ----------------
_NUMBER = re.compile(r'"#(-?[0-9.]+)#"')
_NOT_MONEY = ("time", "startTime", "endTime", "timeBank", "playerId", "seatId", "id", "potId", "tableId", "capacity")


def _restyled(value: Any, style: str) -> Any:
    """Every money figure of a record (floats as the Record writes them) as `style` writes it: `exact` two places
    (`0.10`), `short` the fewest (`0.1`, whole numbers as integers: `2`), `long` three places (`0.100`); marked
    `"#0.100#"` for `styled_text` to write as a bare number."""
    if isinstance(value, dict):
        return {key: item if key in _NOT_MONEY else _restyled(item, style) for key, item in value.items()}
    if isinstance(value, list):
        return [_restyled(item, style) for item in value]
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        exact = Decimal(str(value)).quantize(Decimal("0.01"))
        if style == "short":
            text = f"{exact.normalize():f}"
        else:
            text = f"{exact:.3f}" if style == "long" else f"{exact:.2f}"
        return f"#{text}#"
    return value


def styled_text(record: Record, style: str) -> str:
    return _NUMBER.sub(r"\1", json.dumps(_restyled(record.json(), style), indent=2))


@pytest.mark.parametrize("style", ["exact", "short", "long"])
def test_every_number_style_reads_back_exact(tmp_path: Path, style: str) -> None:
    """The split pot's record with its figures written `0.10`, `0.1` (whole ones `2`) or `0.100`: the same hand,
    to the unit (three places make the unit a thousandth: every amount ten times the cents)."""
    text = styled_text(split_pot_record(), style)
    assert ("0.100" in text) == (style == "long") and ('"initialBalance": 2,' in text) == (style == "short")
    hand = only_hand(read_text(tmp_path, text))
    assert not hand.defects, hand.defects
    scale = 10 if style == "long" else 1
    assert hand.unit.decimals == (3 if style == "long" else 2)
    assert [(seat.player, seat.stack) for seat in hand.seats] == [("Ann", 200 * scale), ("Bob", 100 * scale),
                                                                   ("Cyd", 200 * scale)]  # fmt: skip
    assert [a.amount for a in hand.actions if a.amount] == [x * scale for x in (1, 2, 6, 4, 10, 10)]
    assert sorted(c.amount for c in hand.collected) == [16 * scale, 16 * scale]
    assert problems(audit_text(tmp_path, text)) == []


def test_one_amount_in_no_style_is_one_finding(tmp_path: Path) -> None:
    """Cyd's river bet written `"1,7,0.0"`: that event is not read (OA106), the hand is, no dealer's error."""
    record = split_pot_record()
    bet = next(e for e in record.events if e.get("action") == "BET")
    bet["amount"]["amount"] = "1,7,0.0"
    text = record.text()
    hand = only_hand(read_text(tmp_path, text))
    (defect,) = hand.defects
    assert defect.not_read and "1,7,0.0" in defect.reason
    assert [(f.code, f.line) for f in audit_text(tmp_path, text)] == [("OA106", defect.line)]


def test_a_readers_own_failure_is_oa104(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from omaha_audit.rooms.globalpoker import reader

    def broken(self: object) -> Hand:
        raise KeyError("a reader bug")

    break_method(monkeypatch, reader.HandReader, "read", broken)
    text = split_pot_record().text()
    (item,) = read_text(tmp_path, text)
    assert isinstance(item, UnreadableHand) and item.internal
    assert [f.code for f in audit_text(tmp_path, text)] == ["OA104"]


def test_the_lines_of_each_object_skip_braces_and_quotes_inside_strings() -> None:
    """Each object's first and last line, where strings hold braces and escaped quotes and backslashes: a
    brace inside a string is text, not an object's."""
    from omaha_audit.rooms.globalpoker.document import values

    text = '{\n "a": "x{y}",\n "b": {\n  "c": "q\\"}{\\\\",\n  "d": {"e": "}"}\n },\n "f": "\\\\"\n}\n[{"g": 1}]\n'
    (first, first_line, last_line, found), (second, second_first, second_last, _) = values(text, 10)  # type: ignore[misc]
    assert (first_line, last_line) == (11, 18)
    assert found.lines(first["b"]) == (13, 16)
    assert found.lines(first["b"]["d"]) == (15, 15)
    assert first["b"]["c"] == 'q"}{\\' and first["f"] == "\\"
    assert second == [{"g": 1}] and (second_first, second_last) == (19, 19)


@pytest.mark.parametrize("rank", ["ONE", 14, ["ACE"], {"rank": "ACE"}], ids=["word", "number", "list", "object"])
def test_a_card_of_no_known_rank_is_a_defect_not_a_crash(tmp_path: Path, rank: Any) -> None:
    """A board card whose rank is no rank word (an unknown word, a number, a list, an object): the card is a
    line not read, said as such, and never the reader's own error (OA104)."""
    record = split_pot_record()
    record.events[-9]["cards"][0]["rank"] = rank
    text = record.text()
    hand = only_hand(read_text(tmp_path, text))
    assert any("is not a card: rank" in defect.reason for defect in hand.defects), hand.defects
    codes = {f.code for f in audit_text(tmp_path, text)}
    assert "OA106" in codes and "OA104" not in codes


def test_a_broken_text_leaves_no_exception_being_handled() -> None:
    """Where the JSON breaks, `values` gives a Broken and stops; the decoder's error is not left as the exception
    being handled (a compiled generator yielding inside its `except` left it so, and each next one chained to it)."""
    import sys

    from omaha_audit.rooms.globalpoker.document import Broken, values

    for text in ('{"a": 1} garbage', '{"a": NaN}'):
        before = sys.exc_info()  # (what other compiled code may have left in this process: not values()'s)
        assert isinstance(list(values(text))[-1], Broken)
        assert sys.exc_info() == before
