"""The OHH room format (omaha_audit/rooms/ohh): Open Hand History files read into the model.

The round trip: every corpus hand the OHH writer exports (omaha_audit/interop/ohh.py) is written into one
`.ohh` file (JSON Lines), read back through `hand_source()` (the format claims the file whole) and compared
with the original, field by field: table, seats, button, stakes, game, structure, the betting lines in
order, boards, dealt and shown cards, each player's total collected, the uncalled returns (the room's lines,
or as the audit computes them) and the start time. The writer's documented translations are undone in the
comparison, each with its reason (`TRANSLATIONS`); what is left is counted by kind and each kind is listed
with the reason it is genuine (`GENUINE`, with its count: the test fails when a count changes). Then
hand-written OHH (the spec's structure, pretty-printed and in an array), bad input (each an unreadable hand
with a line and a reason, the next hand still read), and the command line.
"""

from __future__ import annotations

import functools
import json
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from copies import new_on_clean as copies_audited
from corpus_paths import corpus_root, require_corpus
from patching import break_method

from omaha_audit.interop import ohh
from omaha_audit.interop.common import returned_bets
from omaha_audit.model import (
    ALL_POTS,
    ActionKind,
    Card,
    EventKind,
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
from omaha_audit.parse.files import expand_paths
from omaha_audit.rooms import BY_NAME, hand_source, preset_for
from omaha_audit.rules.base import Finding, Severity
from omaha_audit.run.pipeline import Auditor

OHH = BY_NAME["ohh"]
MAIN = "from omaha_audit.cli.app import main; main()"  # (the command, run by this interpreter)

# ---- the writer's documented translations, undone in the comparison (interop/ohh.py's docstring) ------
TRANSLATIONS = {
    "draw": "draws and stand-pats have no OHH action and no chips: the writer leaves them out",
    "uncertain-button": "a button the room's reader inferred and could not place for sure (Boss Media): the "
    "writer leaves dealer_seat out",
    "refund-in-collected": "a room that pays the uncalled bet inside `collected`: the writer pays it through "
    "a pot of its own, which the reader leaves out (the return is implied)",
    "gross-collected": "collects printed before the rake: the writer takes the rake off each win",
    "first-round-bet": "`Bet` is not a valid first-round OHH action: a first-round bet (stud's completion) is "
    "written `Raise`",
    "seconds": "OHH's start_date_utc is written to the second (the spec's form): fractions of a second are dropped",
    "doesnt-show": "a `doesn't show` line has no OHH action: the writer leaves it out",
}

# ---- differences that remain, by kind, with the reason they are genuine and their count ---------------
FIRST_ROUND = frozenset({Street.BLINDS, Street.PREFLOP, Street.THIRD})
GENUINE: dict[str, tuple[str, int]] = {
    # fixed limit: OHH has blind fields only; the writer writes the small bet as the big blind, and for
    # stud (no blinds) the reader takes it from the first completion, which one Bovada stud hand lacks
    "stakes": ("a stud hand's bet size: OHH states none; no big blind, no completion to infer it from", 1),
    # PokerStars' weird boards, a stud shared card, KingsClub's missing summary board): the writer writes
    # the street lines
    "boards": ("the room's summary board disagrees with its street lines; OHH holds the street lines", 7),
    # the room's own `returned` line is not the bet nobody called (converted PokerStars walks, The Big
    # Game's `Takes Back`, Cake, a corrupted PT4 export): read back, the audit computes the return itself
    "uncalled": ("the room's printed return is not the unmatched bet the audit computes from the betting", 6),
    # Entraction's text has no hole-card line: its reader keeps the whole first round on BLINDS
    "action streets": ("Entraction's model keeps the first round's voluntary lines on BLINDS (no hole-card line)", 6),
    # PokerStars' Courchevel hand with a two-card flop and no first card: five hole cards read as omaha5
    "game": ("a Courchevel hand whose text shows no pre-flop board card reads back as five-card Omaha", 1),
}


def _cards(cards: tuple[Card, ...]) -> tuple[str, ...]:
    return tuple(str(card) for card in cards)


def seats(hand: Hand) -> list[tuple[int, str, int, bool]]:
    return [(s.seat, s.player, s.stack, s.sitting_out or s.out_of_hand) for s in hand.seats]


def stakes(hand: Hand) -> tuple[int | None, ...]:
    """The stakes as the room states them: a fixed-limit game's small and big bet (readers differ in
    whether they also name its blinds), else the blinds."""
    s = hand.stakes
    if hand.structure is Structure.FIXED_LIMIT:
        return (None, None, s.small_bet, s.big_bet, s.ante or None, s.cap or None)
    return (s.small_blind, s.big_blind, s.small_bet, s.big_bet, s.ante or None, s.cap or None)


def actions(hand: Hand, used: set[str] | None = None) -> list[tuple[Any, ...]]:
    """(street, player, kind, amount, raise_to, all_in) of each line; for the original (`used` given), with
    the writer's translations undone (each one used is added to `used`)."""
    found: list[tuple[Any, ...]] = []
    for a in hand.actions:
        if used is not None and a.kind in (ActionKind.DISCARD, ActionKind.STAND_PAT):
            used.add("draw")
            continue
        kind = a.kind
        if used is not None and kind is ActionKind.BET and a.street in FIRST_ROUND:
            used.add("first-round-bet")
            kind = ActionKind.RAISE
        found.append((a.street, a.player, kind, a.amount, a.raise_to, a.all_in))
    return found


def dealt(hand: Hand) -> dict[str, tuple[str, ...]]:
    """Every card each player was dealt, in order (a stud or draw player's later deals: the new cards)."""
    found: dict[str, list[str]] = {}
    for line in hand.dealt:
        if not line.cards and not line.new_cards:  # (an opponent's cards the room does not show)
            continue
        known = found.get(line.player)
        if known is None:
            found[line.player] = list(_cards(line.cards + line.new_cards))
        else:
            known.extend(card for card in _cards(line.new_cards or line.cards) if card not in known)
    return {player: tuple(cards) for player, cards in found.items()}


def shown(hand: Hand, used: set[str] | None = None) -> set[tuple[str, ShowdownKind, tuple[str, ...]]]:
    found: set[tuple[str, ShowdownKind, tuple[str, ...]]] = set()
    for line in hand.showdown:
        if line.kind is ShowdownKind.DOESNT_SHOW:
            if used is not None:
                used.add("doesnt-show")
            continue
        found.add((line.player, line.kind, _cards(line.cards)))
    return found


def collected(hand: Hand) -> dict[str, int]:
    totals: dict[str, int] = {}
    for line in hand.collected:
        totals[line.player] = totals.get(line.player, 0) + line.amount
    return {player: amount for player, amount in totals.items() if amount}


def expected_collected(hand: Hand, used: set[str]) -> dict[str, int] | None:
    """The original's collected totals as the writer writes them; None where only the sum can be compared
    (collects printed before the rake: the writer shares the rake over the wins)."""
    totals = collected(hand)
    if hand.refunds is Refunds.IN_COLLECTED:
        for player, amount in returned_bets(hand).items():
            if totals.get(player, 0) >= amount:
                used.add("refund-in-collected")
                totals[player] -= amount
    if hand.pot is not None and hand.pot.collected_basis is PotBasis.GROSS and hand.rake:
        used.add("gross-collected")
        return None
    return {player: amount for player, amount in totals.items() if amount}


def compare(original: Hand, read: Hand, used: set[str]) -> list[str]:
    """The kinds of field that differ between the original and the hand read back."""
    differ: list[str] = []

    def check(kind: str, ours: Any, theirs: Any) -> None:
        if ours != theirs:
            differ.append(kind)

    check("table", original.table, read.table)
    check("seats", seats(original), seats(read))
    button = original.button
    if button is not None and any(event.kind == EventKind.BUTTON_UNCERTAIN for event in original.events):
        used.add("uncertain-button")
        button = None
    check("button", button, read.button)
    check("stakes", stakes(original), stakes(read))
    check("game", original.game, read.game)
    check("structure", original.structure, read.structure)
    ours, theirs = actions(original, used), actions(read)
    check("actions", [a[1:] for a in ours], [a[1:] for a in theirs])
    check("action streets", [a[0] for a in ours], [a[0] for a in theirs])
    check("boards", [_cards(b) for b in original.boards], [_cards(b) for b in read.boards])
    check("dealt", dealt(original), dealt(read))
    check("shown", shown(original, used), shown(read))
    expected = expected_collected(original, used)
    if expected is None:
        rake = original.rake or 0
        check("collected", sum(collected(original).values()) - rake, sum(collected(read).values()))
    else:
        check("collected", expected, collected(read))
    check("uncalled", returned_bets(original), returned_bets(read))
    started = original.started
    if started is not None and started.microsecond:
        used.add("seconds")
        started = started.replace(microsecond=0)
    check("started", started, read.started)
    return differ


def corpus_hands() -> list[Hand]:
    root = require_corpus()
    return [item for item in hand_source().read_paths(expand_paths([root])) if isinstance(item, Hand)]


def round_trip(tmp: Path) -> tuple[int, Counter[str], dict[str, list[str]], set[str]]:
    """(hands compared, differences by kind, examples by kind, translations used)."""
    exported: list[Hand] = []
    path = tmp / "corpus.ohh"
    with path.open("w", encoding="utf-8") as stream:
        for hand in corpus_hands():
            text = ohh.convert(hand)
            if isinstance(text, str):
                stream.write(ohh.entry(len(exported), text))
                exported.append(hand)
    items = list(hand_source().read_file(path))
    unreadable = [item for item in items if not isinstance(item, Hand)]
    assert not unreadable, unreadable[:3]
    assert len(items) == len(exported)
    kinds: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
    used: set[str] = set()
    for original, read in zip(exported, items, strict=True):
        assert isinstance(read, Hand) and read.hand_id == original.hand_id
        for kind in compare(original, read, used):
            kinds[kind] += 1
            examples.setdefault(kind, []).append(f"{original.source.path} {original.hand_id}")
    return len(exported), kinds, examples, used


@pytest.mark.slow
@pytest.mark.corpus
def test_round_trip_of_the_corpus(tmp_path: Path) -> None:
    compared, kinds, examples, used = round_trip(tmp_path)
    equal = compared - len({e for found in examples.values() for e in found})
    print(f"\nOHH round trip: {compared} hands compared, {equal} equal in every field compared")
    for kind, count in kinds.most_common():
        print(f"  {count:5d}  {kind}: {GENUINE.get(kind, ('NOT LISTED', 0))[0]}  e.g. {examples[kind][0]}")
    print(f"  translations undone: {sorted(used)}")
    assert compared == 12459
    assert dict(kinds) == {kind: count for kind, (_, count) in GENUINE.items()}
    assert used == set(TRANSLATIONS)


# ---- hand-written OHH: the spec's structure -------------------------------------------------------------
# A no-limit Hold'em hand as OHH 1.4.x lays it out: Hero completes the small blind, raises the flop (12.34
# added over his nothing), bets the turn and Alice folds: the turn bet is uncalled and left out of the pot
# (31.68 gross, 1.00 rake), so the return is implied.
SPEC_HAND = (
    '{"ohh": {"spec_version": "1.4.6", "site_name": "ExampleSite", "network_name": "ExampleNet",'
    ' "internal_version": "1.2", "tournament": false, "game_number": "7890",'
    ' "start_date_utc": "2020-04-07T14:32:50Z", "table_name": "Table 1", "game_type": "Holdem",'
    ' "bet_limit": {"bet_type": "NL", "bet_cap": 0}, "table_size": 6, "currency": "USD", "dealer_seat": 1,'
    ' "small_blind_amount": 0.5, "big_blind_amount": 1.00, "ante_amount": 0, "hero_player_id": 1, "flags": [],'
    ' "players": [{"id": 0, "seat": 1, "name": "Alice", "starting_stack": 100.00},'
    ' {"id": 1, "seat": 3, "name": "Hero", "starting_stack": 50.25},'
    ' {"id": 2, "seat": 5, "name": "Bob", "starting_stack": 80, "is_sitting_out": false}],'
    ' "rounds": [{"id": 0, "street": "Preflop", "actions": ['
    '{"action_number": 1, "player_id": 1, "action": "Post SB", "amount": 0.50},'
    ' {"action_number": 2, "player_id": 2, "action": "Post BB", "amount": 1.00},'
    ' {"action_number": 3, "player_id": 1, "action": "Dealt Cards", "cards": ["Ah", "Kd"]},'
    ' {"action_number": 4, "player_id": 0, "action": "Raise", "amount": 3.00},'
    ' {"action_number": 5, "player_id": 1, "action": "Call", "amount": 2.50},'
    ' {"action_number": 6, "player_id": 2, "action": "Fold"}]},'
    ' {"id": 1, "street": "Flop", "cards": ["2c", "7d", "Jh"], "actions": ['
    '{"action_number": 1, "player_id": 1, "action": "Check"},'
    ' {"action_number": 2, "player_id": 0, "action": "Bet", "amount": 4.50},'
    ' {"action_number": 3, "player_id": 1, "action": "Raise", "amount": 12.34},'
    ' {"action_number": 4, "player_id": 0, "action": "Call", "amount": 7.84, "is_allin": false}]},'
    ' {"id": 2, "street": "Turn", "cards": ["Qs"], "actions": ['
    '{"action_number": 1, "player_id": 1, "action": "Bet", "amount": 10.00, "is_allin": false},'
    ' {"action_number": 2, "player_id": 0, "action": "Fold"}]},'
    ' {"id": 3, "street": "Showdown", "actions": ['
    '{"action_number": 1, "player_id": 1, "action": "Mucks Cards"}]}],'
    ' "pots": [{"number": 0, "amount": 31.68, "rake": 1.00,'
    ' "player_wins": [{"player_id": 1, "win_amount": 30.68}]}]}}'
)


def read_text(tmp: Path, data: bytes, name: str = "hands.ohh") -> list[Any]:
    path = tmp / name
    path.write_bytes(data)
    return list(hand_source().read_file(path))


def test_spec_hand_reads_into_the_model(tmp_path: Path) -> None:
    (hand,) = read_text(tmp_path, SPEC_HAND.encode() + b"\n")
    assert isinstance(hand, Hand)
    assert (hand.format, hand.room, hand.hand_id, hand.table) == ("ohh", "ExampleSite", "7890", "Table 1")
    assert (hand.game, hand.structure, hand.unit) == (Game.HOLDEM, Structure.NO_LIMIT, Unit("USD", 2))
    assert stakes(hand) == (50, 100, None, None, None, None)
    assert (hand.button, hand.max_seats, hand.hero) == (1, 6, "Hero")
    assert hand.started == datetime(2020, 4, 7, 14, 32, 50, tzinfo=UTC)
    assert seats(hand) == [(1, "Alice", 10000, False), (3, "Hero", 5025, False), (5, "Bob", 8000, False)]
    assert actions(hand) == [
        (Street.BLINDS, "Hero", ActionKind.POST_SMALL_BLIND, 50, 50, False),
        (Street.BLINDS, "Bob", ActionKind.POST_BIG_BLIND, 100, 100, False),
        (Street.PREFLOP, "Alice", ActionKind.RAISE, 300, 300, False),
        (Street.PREFLOP, "Hero", ActionKind.CALL, 250, 300, False),
        (Street.PREFLOP, "Bob", ActionKind.FOLD, 0, None, False),
        (Street.FLOP, "Hero", ActionKind.CHECK, 0, None, False),
        (Street.FLOP, "Alice", ActionKind.BET, 450, 450, False),
        (Street.FLOP, "Hero", ActionKind.RAISE, 1234, 1234, False),
        (Street.FLOP, "Alice", ActionKind.CALL, 784, 1234, False),
        (Street.TURN, "Hero", ActionKind.BET, 1000, 1000, False),
        (Street.TURN, "Alice", ActionKind.FOLD, 0, None, False),
    ]
    assert [(s.street, s.run, _cards(s.cards)) for s in hand.streets] == [
        (Street.FLOP, 0, ("2c", "7d", "Jh")),
        (Street.TURN, 0, ("2c", "7d", "Jh", "Qs")),
    ]
    assert [_cards(board) for board in hand.boards] == [("2c", "7d", "Jh", "Qs")]
    assert dealt(hand) == {"Hero": ("Ah", "Kd")}
    assert shown(hand) == {("Hero", ShowdownKind.MUCKS, ())}
    assert [(c.player, c.amount, c.pot) for c in hand.collected] == [("Hero", 3068, ALL_POTS)]
    assert hand.pot is not None and (hand.pot.total, hand.pot.rake) == (3168, 100)
    assert (hand.pot.total_basis, hand.pot.collected_basis) == (PotBasis.GROSS, PotBasis.NET)
    assert hand.refunds is Refunds.IMPLIED and not hand.uncalled
    assert returned_bets(hand) == {"Hero": 1000}  # the audit's own reckoning of the unmatched turn bet
    assert preset_for(hand).name == "ohh"  # a site no format of ours reads


def test_pretty_printed_and_array_files(tmp_path: Path) -> None:
    document = json.loads(SPEC_HAND)
    pretty = json.dumps(document, indent=2)
    blank_separated = read_text(tmp_path, f"{pretty}\n\n{pretty}\n".encode(), "pretty.ohh")
    array = read_text(tmp_path, json.dumps([document, document], indent=1).encode(), "array.ohh")
    bom = read_text(tmp_path, b"\xef\xbb\xbf" + SPEC_HAND.encode(), "bom.ohh")
    for items in (blank_separated, array, bom):
        assert all(isinstance(item, Hand) for item in items) and items
        assert [c.amount for c in items[0].collected] == [3068]
    assert len(blank_separated) == 2 and len(array) == 2
    assert blank_separated[1].source.line == pretty.count("\n") + 3  # the second object's first line


def _variant(change: Callable[[dict[str, Any]], None]) -> str:
    document = json.loads(SPEC_HAND)
    change(document["ohh"])
    return json.dumps(document)


def _set_action(round_: int, index: int, **fields: Any) -> Callable[[dict[str, Any]], None]:
    def change(hand: dict[str, Any]) -> None:
        hand["rounds"][round_]["actions"][index].update(fields)

    return change


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        (SPEC_HAND[:400], "bad JSON"),  # cut off
        (_variant(lambda hand: hand.pop("players")), "players missing"),
        (_variant(lambda hand: hand.update(game_type="Pinochle")), "unknown game_type"),
        (_variant(lambda hand: hand["players"][2].update(name="Alice")), "two players are named 'Alice'"),
        (_variant(lambda hand: hand.update(start_date_utc="yesterday")), "start_date_utc"),
    ],
)
def test_a_bad_hand_is_unreadable_and_the_next_is_read(tmp_path: Path, bad: str, words: str) -> None:
    data = "\n".join([SPEC_HAND, bad, SPEC_HAND]).encode() + b"\n"
    first, broken, after = read_text(tmp_path, data)
    assert isinstance(first, Hand) and isinstance(after, Hand)
    assert isinstance(broken, UnreadableHand)
    assert words in broken.reason and broken.reason.startswith("OHH: ")
    assert (broken.line, broken.first_line, broken.last_line) == (2, 2, 2)
    assert broken.room == "ohh" and after.source.line == 3


@pytest.mark.parametrize(
    ("bad", "words", "seated"),
    [
        (_variant(lambda hand: hand["players"][1].pop("starting_stack")), "starting_stack missing", False),
        (_variant(_set_action(1, 1, action="Dance")), "unknown action 'Dance'", True),
        (_variant(_set_action(1, 1, player_id=9)), "9 is not the id of any of the hand's players", True),
        (_variant(lambda hand: hand.update(hero_player_id=7)), "7 is not the id", True),
        (_variant(_set_action(1, 1, amount="4.50")), "is not a number: '4.50'", True),
        (_variant(_set_action(1, 1, amount=-4.5)), "a negative amount", True),
        (_variant(_set_action(1, 1, amount=True)), "is not a number: True", True),
        (_variant(lambda hand: hand["rounds"][1].update(cards=["2c", "Zz", "Jh"])), "not a card: 'Zz'", True),
    ],
)
def test_a_part_not_read_is_a_defect_and_the_hand_is_read(tmp_path: Path, bad: str, words: str, seated: bool) -> None:
    """A figure that is no amount, a card that is none, an action or a player the reader cannot place: that part
    is not read (a defect on the hand's line, OA106), the rest of the hand is, and no dealer's error is said of
    it (a player whose stack is not read has no seat: OA105, once)."""
    (hand,) = read_text(tmp_path, bad.encode() + b"\n")
    assert isinstance(hand, Hand)
    (defect,) = hand.defects
    assert words in defect.reason and defect.not_read and defect.line == hand.source.line == 1
    path = tmp_path / "one.ohh"
    path.write_text(bad + "\n", encoding="utf-8")
    findings = [f for audited in Auditor(strict=True, keep_text=False).audit_files([path]) for f in audited.findings]
    loud = sorted(f.code for f in findings if f.severity.rank >= Severity.WARNING.rank)
    assert loud in ([], ["OA106"]) if seated else loud == ["OA105", "OA106"], findings
    assert [f.code for f in findings].count("OA106") == 1


def test_non_utf8_bytes_lose_only_their_hand(tmp_path: Path) -> None:
    bad = SPEC_HAND.replace('"Bob"', '"B\x00b"').encode().replace(b"\x00", b"\xff")
    pretty = json.dumps(json.loads(SPEC_HAND), indent=2).encode()
    first, broken, after = read_text(tmp_path, pretty + b"\n\n" + bad + b"\n" + SPEC_HAND.encode())
    assert isinstance(first, Hand) and isinstance(after, Hand)
    assert isinstance(broken, UnreadableHand) and "not UTF-8" in broken.reason
    assert broken.line == pretty.count(b"\n") + 3


def test_text_outside_any_hand_is_reported(tmp_path: Path) -> None:
    items = read_text(tmp_path, b"[" + SPEC_HAND.encode() + b"] trailing words\n")
    assert isinstance(items[0], Hand)
    assert isinstance(items[1], UnreadableHand) and "trailing words" in items[1].reason


def test_claims_only_ohh_files() -> None:
    assert OHH.claims_file(b'{"ohh": {') and OHH.claims_file(b'\xef\xbb\xbf\n [ {\n  "ohh" :')
    assert not OHH.claims_file(b'{"hand": 1}') and not OHH.claims_file(b"PokerStars Hand #1:")
    assert set(OHH.cannot_check()) == {"OA314", "OA401", "OA507", "OA605"}


def test_stud_draw_and_run_twice_rounds(tmp_path: Path) -> None:
    def stud(hand: dict[str, Any]) -> None:
        hand.update(game_type="Stud", bet_limit={"bet_type": "FL", "bet_cap": 0})
        streets = ["Preflop", "Flop", "Turn", "River", "River"]
        hand["rounds"] = [
            {"id": i, "street": street, "actions": [{"action_number": 1, "player_id": 0, "action": "Check"}]}
            for i, street in enumerate(streets)
        ]
        hand["rounds"][0]["actions"] = [
            {"action_number": 1, "player_id": 0, "action": "Post Ante", "amount": 0.10},
            {"action_number": 2, "player_id": 0, "action": "Dealt Cards", "cards": ["2c", "3c", "4c"]},
            {"action_number": 3, "player_id": 0, "action": "Post Extra Blind", "amount": 0.25},
            {"action_number": 4, "player_id": 1, "action": "Raise", "amount": 1.00},
        ]
        hand["rounds"][1]["actions"].append(
            {"action_number": 2, "player_id": 0, "action": "Dealt Cards", "cards": ["5c"]}
        )

    def twice(hand: dict[str, Any]) -> None:
        hand["flags"] = ["Run_It_Twice"]
        hand["rounds"][2:] = [
            {"id": 2, "street": "Turn", "cards": ["Qs"], "actions": []},
            {"id": 3, "street": "River", "cards": ["3h"], "actions": []},
            {"id": 4, "street": "Turn", "cards": ["4s"], "actions": []},
            {"id": 5, "street": "River", "cards": ["5h"], "actions": []},
        ]

    stud_hand, twice_hand = read_text(tmp_path, f"{_variant(stud)}\n{_variant(twice)}\n".encode())
    assert isinstance(stud_hand, Hand) and stud_hand.game is Game.STUD
    assert [(a.street, a.kind) for a in stud_hand.actions] == [
        (Street.BLINDS, ActionKind.POST_ANTE),
        (Street.THIRD, ActionKind.BRING_IN),
        (Street.THIRD, ActionKind.RAISE),
        (Street.FOURTH, ActionKind.CHECK),
        (Street.FIFTH, ActionKind.CHECK),
        (Street.SIXTH, ActionKind.CHECK),
        (Street.SEVENTH, ActionKind.CHECK),
    ]
    assert stud_hand.stakes.small_bet == 100 and stud_hand.stakes.big_bet == 200
    assert dealt(stud_hand) == {"Hero": ("2c", "3c", "4c", "5c")} or dealt(stud_hand) == {
        "Alice": ("2c", "3c", "4c", "5c")
    }
    assert isinstance(twice_hand, Hand) and twice_hand.run_twice
    assert [(s.street, s.run, _cards(s.new_cards)) for s in twice_hand.streets] == [
        (Street.FLOP, 0, ("2c", "7d", "Jh")),
        (Street.TURN, 1, ("Qs",)),
        (Street.RIVER, 1, ("3h",)),
        (Street.TURN, 2, ("4s",)),
        (Street.RIVER, 2, ("5h",)),
    ]
    assert [_cards(board) for board in twice_hand.boards] == [
        ("2c", "7d", "Jh", "Qs", "3h"),
        ("2c", "7d", "Jh", "4s", "5h"),
    ]


# ---- what the spec's own example files write beside the field list ----------------------------------------
def _example_forms(hand: dict[str, Any]) -> None:
    """The spec's example files' forms: `"cards": ""` on the first round (and here on a muck; `null` on the
    showdown round), the table size as a string of digits (the iPoker example's `"table_size": "6"`), a
    `player_bounty` of 0 on every player of a cash hand, and a `Payout` action in the Showdown round (the
    PokerStars example's)."""
    hand["table_size"] = "6"
    hand["rounds"][0]["cards"] = ""
    for player in hand["players"]:
        player["player_bounty"] = 0
    hand["rounds"][3]["cards"] = None  # (and a null one)
    showdown = hand["rounds"][3]["actions"]
    showdown[0]["cards"] = ""
    showdown.append({"action_number": 2, "player_id": 1, "action": "Payout", "amount": 0.31, "is_allin": False})


def test_the_spec_examples_forms_read_as_they_mean(tmp_path: Path) -> None:
    """Before, a round's `"cards": ""` (in all five of the spec's example files) made the hand unreadable
    (`round 0 cards is not a list`), and so did the iPoker example's `"table_size": "6"` and the PokerStars
    example's `Payout`."""
    (plain,) = read_text(tmp_path, SPEC_HAND.encode(), "plain.ohh")
    (hand,) = read_text(tmp_path, _variant(_example_forms).encode())
    assert isinstance(plain, Hand) and isinstance(hand, Hand)
    assert hand.max_seats == 6 and [seat.bounty for seat in hand.seats] == [None, None, None]
    assert [s.cards for s in hand.streets] == [s.cards for s in plain.streets] and len(hand.streets) == 2
    assert shown(hand) == {("Hero", ShowdownKind.MUCKS, ())}
    # the Payout moves no chips: the pot's player_wins are the award
    assert [(e.kind, e.text, e.street, e.player) for e in hand.events] == [
        ("payout", "Payout 0.31", Street.SHOWDOWN, "Hero")
    ]
    assert actions(hand) == actions(plain) and collected(hand) == collected(plain) == {"Hero": 3068}
    # a bounty that is not 0 is kept; a size that is not a number is still refused
    bounty = _variant(lambda hand: hand["players"][0].update(player_bounty=2.5))
    wrong = _variant(lambda hand: hand.update(table_size="six"))
    kept, refused = read_text(tmp_path, f"{bounty}\n{wrong}\n".encode(), "more.ohh")
    assert isinstance(kept, Hand) and kept.seats[0].bounty == "2.5"
    assert isinstance(refused, UnreadableHand) and "table_size is not a whole number: 'six'" in refused.reason


# ---- PokerNow games, as the PokerNow-to-OHH converter writes them ----------------------------------------
POKERNOW_GAME = "pgllrZB4-s11jXpJVdapSiar1"


def _pokernow(hand: dict[str, Any]) -> None:
    """The converter's marks: `site_name` "PokerStars" (its default setting), the game number the hand's
    start in milliseconds, the PokerNow game id as the table name."""
    hand.update(
        site_name="PokerStars",
        network_name="PokerStars",
        game_number="1660966546948",
        start_date_utc="2022-08-20T03:35:46Z",
        table_name=POKERNOW_GAME,
        table_size=10,
    )


def _posts_first(*posts: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    def change(hand: dict[str, Any]) -> None:
        hand["rounds"][0]["actions"][2:2] = list(posts)

    return change


def _both(*changes: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    def change(hand: dict[str, Any]) -> None:
        for one in changes:
            one(hand)

    return change


def test_a_pokernow_game_is_read_as_pokernow_whatever_its_site_name(tmp_path: Path) -> None:
    """A PokerNow game converted to OHH names the site the converter's settings name ("PokerStars"): its
    room is PokerNow, told by the game number (the start in milliseconds) and the PokerNow game id, and it
    is audited with PokerNow's house rules, where a player may sit in anywhere without posting (CT-3).
    Before, its hands were judged by RULES.md's defaults: 3 OA704 on the corpus's PokerNow log."""
    one_second_off = _both(_pokernow, lambda hand: hand.update(game_number="1660966547948"))
    other_table = _both(_pokernow, lambda hand: hand.update(table_name="Table 1"))
    texts = [_variant(change) for change in (_pokernow, one_second_off, other_table)]
    pokernow, off, other = read_text(tmp_path, ("\n".join(texts) + "\n").encode())
    assert isinstance(pokernow, Hand) and isinstance(off, Hand) and isinstance(other, Hand)
    assert (pokernow.room, off.room, other.room) == ("pokernow", "PokerStars", "PokerStars")
    rules = preset_for(pokernow)
    assert rules.name == "pokernow" and rules.sit_in_between_blinds
    assert not preset_for(off).sit_in_between_blinds
    assert pokernow.table == POKERNOW_GAME and pokernow.started == datetime(2022, 8, 20, 3, 35, 46, tzinfo=UTC)


DEAD_SMALL = {"action_number": 3, "player_id": 0, "action": "Post Dead", "amount": 0.50}
MISSED_BIG = {"action_number": 4, "player_id": 0, "action": "Post Extra Blind", "amount": 1.00}


def test_a_pokernow_missed_big_blind_is_a_live_big_blind(tmp_path: Path) -> None:
    """The converter writes PokerNow's `posts a missed big blind` as `Post Extra Blind` (live: it counts it
    in the player's street total) and `posts a missing small blind` as `Post Dead`: a big blind and a dead
    small blind, as the Boss Media reader keeps them (the big blind and then the dead blind are one post of
    both, as for any OHH hand). Another site's `Post Extra Blind` is a blind of its own (the model's button
    blind)."""
    dead_first = _both(_pokernow, _posts_first(DEAD_SMALL, MISSED_BIG))
    big_first = _both(_pokernow, _posts_first(MISSED_BIG, DEAD_SMALL))
    elsewhere = _posts_first(MISSED_BIG)
    texts = [_variant(change) for change in (dead_first, big_first, elsewhere)]
    dead, both, other = read_text(tmp_path, ("\n".join(texts) + "\n").encode())
    blinds = [("Hero", ActionKind.POST_SMALL_BLIND, 50, 50), ("Bob", ActionKind.POST_BIG_BLIND, 100, 100)]
    assert _posts(dead) == [
        *blinds,
        ("Alice", ActionKind.POST_DEAD, 50, 0),
        ("Alice", ActionKind.POST_BIG_BLIND, 100, 100),
    ]
    assert _posts(both) == [*blinds, ("Alice", ActionKind.POST_SMALL_AND_BIG_BLIND, 150, 100)]
    assert _posts(other) == [*blinds, ("Alice", ActionKind.POST_BUTTON_BLIND, 100, 100)]


def test_a_pokernow_dealer_seat_nobody_sits_on_is_no_button(tmp_path: Path) -> None:
    """The converter writes the dealer's seat, the previous dealer's for a dead button, and its default seat
    1 where that player is not in the hand: a PokerNow `dealer_seat` no player of the hand sits on says
    nothing. Another site's dealer_seat on an empty seat is a dead button, as OHH states it."""
    texts = [
        _variant(_both(_pokernow, lambda hand: hand.update(dealer_seat=2))),
        _variant(_both(_pokernow, lambda hand: hand.update(dealer_seat=5))),
        _variant(lambda hand: hand.update(dealer_seat=2)),
    ]
    stand_in, seated, dead = read_text(tmp_path, ("\n".join(texts) + "\n").encode())
    assert (stand_in.button, seated.button, dead.button) == (None, 5, 2)


# ---- corpus hands read back: what the copy must keep -----------------------------------------------------
def _original_and_copy(tmp: Path, relative: str, hand_id: str) -> tuple[Hand, Hand]:
    path = require_corpus() / relative
    original = next(h for h in hand_source().read_file(path) if isinstance(h, Hand) and h.hand_id == hand_id)
    text = ohh.convert(original)
    assert isinstance(text, str), text
    (copy,) = read_text(tmp, (text + "\n").encode())
    assert isinstance(copy, Hand)
    return original, copy


def _posts(hand: Hand) -> list[tuple[str, ActionKind, int, int | None]]:
    return [(a.player, a.kind, a.amount, a.raise_to) for a in hand.actions if a.street is Street.BLINDS]


@pytest.mark.corpus
def test_a_big_blind_and_a_dead_blind_of_one_player_are_one_post(tmp_path: Path) -> None:
    """OnGame's `Hero posts big blind ($0.10)` and `Hero posts dead blind ($0.05)`, heads-up beside the
    other player's big blind, is the model's post of small and big blind together; the writer gives it as
    `Post BB` and `Post Dead`, and the reader makes it one post again. Before, the copy had two big blinds
    and the action started after the first (Hero's): Hero's raise, first as the button, was out of turn
    (OA311)."""
    relative = "OnGame/fpdb-chaz/NLHE-9max-USD-0.05-0.10-201009.Dead.Small.Blind.txt"
    original, copy = _original_and_copy(tmp_path, relative, "R5-79836934-72")
    assert _posts(original)[0] == ("Hero", ActionKind.POST_SMALL_AND_BIG_BLIND, 15, 10)
    assert _posts(copy) == _posts(original)
    assert actions(copy) == actions(original)


@pytest.mark.corpus
@pytest.mark.parametrize(
    ("relative", "hand_id"),
    [
        ("PokerStars/PokerHandHistoryParser/RunItTwice2.txt", "133974380110"),  # `has reached the $80 cap`
        ("WinningPoker-ACR/fpdb-chaz/PLO-6max-USD-5.00-10.00-201504.capped.HH00000000 G0.txt", "406051551"),
    ],
)
def test_a_cap_table_reaches_its_cap(tmp_path: Path, relative: str, hand_id: str) -> None:
    """On a CAP table (OHH `bet_cap`), the line that brings a player's chips in the hand to the cap reaches
    it: the player is in as if all in (MR-6). Before, the copy's capped players still had to act, and each
    street began too early (OA313)."""
    original, copy = _original_and_copy(tmp_path, relative, hand_id)
    assert original.stakes.cap and copy.stakes.cap == original.stakes.cap
    capped = [(a.player, a.amount) for a in original.actions if a.cap_reached]
    assert capped and [(a.player, a.amount) for a in copy.actions if a.cap_reached] == capped


# ---- the command line -----------------------------------------------------------------------------------
def test_omaha_audit_audits_an_ohh_file(tmp_path: Path) -> None:
    path = tmp_path / "some.ohh"
    path.write_text(SPEC_HAND + "\n" + SPEC_HAND.replace('"7890"', '"7891"') + "\n", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-c", MAIN, "audit", "--format", "json", "--fail-on", "never", str(path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)["summary"]
    assert (summary["hands"], summary["audited"], summary["unreadable"]) == (2, 2, 0)
    assert summary["by_format"] == {"ohh": 2} and summary["findings"] == 0  # the spec hand is dealt right


# ---- the OHH copies audited ----------------------------------------------------------------------------

_REBUY = (
    "a re-buy between two tournament hands (PokerStars' `re-buys and receives 3000 chips`): OHH has no place "
    "for it (1.4.3 took re-buys out of the hand, to the Open Tournament Summary spec; `Added Chips` is for cash "
    "games only), so the chips appear between the copies"
)
_HOUSE = (
    "the copy is audited with the house rules of the first of our formats that reads its site, the original "
    "with its own format's: the copy names that format (`network_name`), but house rules are chosen by format "
    "and site, and a copy's format is `ohh`"
)
# An OHH copy (every corpus hand written as OHH, then audited) raises no error or warning its original does
# not, on hands whose original the audit finds clean, except these, each for what the copy cannot carry or
# the audit cannot use: listed so that a new one fails this test and a mended one is taken off (README,
# "Hands out").
# GGPoker's `Tax $0.01` is taken from one winner's share once the pot is split (Hand.share_taxes): OHH has no such
# field, so the copy states it as part of the pot's rake, and the split of the pot less it gives the odd cent to
# the other winner
_GG_TAX = (
    "GGPoker's Tax, taken from one winner's share after an even split, has no OHH field: the copy's pot rake holds "
    "it, and the even split of the pot less it moves the odd cent"
)
OHH_COPY_DEFECTS: dict[tuple[str, str, str], str] = {
    **{
        ("pokerstars", hand_id, "OA705"): _REBUY
        for hand_id in (
            "12637593243",
            "12637633416",
            "12637670288",
            "12637713844",
            "12637730964",
            "12637766397",
            "12637772664",
            "12637799384",
            "12637806924",
            "12637813141",
            "31048178850",
            "53469813066",
            "61011805711",
        )
    },
    # Full Tilt's own text judged as PokerStars deals Full Tilt's hands since 2016: a moving button where
    # Full Tilt's is dead (a button on the seat a player busted from), PokerStars' rake caps
    **{
        ("fulltilt", hand_id, "OA701"): f"{_HOUSE} (Full Tilt: PokerStars' moving button, not its dead button)"
        for hand_id in ("31493017236", "31493024170", "31493027478", "31493033027", "33730957082")
    },
    ("fulltilt", "26063988000", "OA603"): f"{_HOUSE} (Full Tilt: PokerStars' rake caps)",
    ("merge", "40231841-160", "OA309"): f"{_HOUSE} (Merge: PokerTracker 4's, without the $0.10 small blind "
    "of Merge's $0.25/$0.50 limit tables)",
    ("ggpoker", "181427500", "OA705"): "GGPoker's all-in insurance premium ($4.00 of hand 181427480, paid from "
    "the stack outside the pot) has no OHH field: the next copy's stack is that much short of the last's end",
    ("ignition", "3434245566", "OA505"): "Ignition prints no rake: the original's split of the $4.05 pot is judged "
    "on gross shares ($2.025 each, which `Dealer : Hand result $1.93` and `Small Blind : Hand result $1.92` both "
    "fit); OHH's pots add up, so the copy states the $0.20 they lack as the rake, and of the net $3.85 the odd "
    "cent is the small blind's (seat 6, first left of the button, OC-2): Ignition paid it to the button",
    **{
        ("ggpoker", hand_id, "OA505"): _GG_TAX
        for hand_id in ("3793609224", "3793612972")  # ($4.29 net split $2.15/$2.14-$0.01; $14.35 $7.18/$7.17)
    },
    # stud and draw, replayed: the copy's pots state each pot with its rake, the rake split as the engine
    # spreads it (the odd cent on the main pot) beside PokerStars' printed net pots (which took it from the side
    # pot): the copy's main pot is a cent above what its contributions build
    ("pokerstars", "60974484959", "OA402"): "7 Card Stud, `Main pot $0.42. Side pot $0.61. | Rake $0.05`: the "
    "copy's pots $0.45 (rake $0.03) and $0.63 ($0.02) where the contributions make $0.44 and $0.64",
    ("pokerstars", "49164202872", "OA402"): "Badugi, a side pot and $0.25 rake: the copy's main pot a cent above "
    "its contributions, as for #60974484959",
    ("pokerstars", "63826125692", "OA311"): "PokerStars' single draw prints no draw line: the model keeps the "
    "betting after the draw on the first round with the discards between; the copy has no discard, so the two "
    "checks after the draw come after the first round's betting was complete",
    ("kingsclub", "45395871", "OA501"): "a double-board hand (KingsClub's split Omaha, two boards each for half "
    "the pot): the model keeps the first board's streets and no final board, and OHH has one board per run "
    "(Run_It_Twice is another deal): the copy's first board decides the whole pot",
}


@pytest.mark.corpus
@pytest.mark.slow
def test_the_ohh_copies_raise_no_new_alarm_but_the_listed_defects(tmp_path: Path) -> None:
    new_on_clean, copies = copies_audited(require_corpus(), tmp_path / "ohh", "ohh")
    assert copies >= 40  # (the corpus's broken hands keep their findings)
    assert new_on_clean == set(OHH_COPY_DEFECTS), sorted(new_on_clean ^ set(OHH_COPY_DEFECTS))


# ---- the corpus's OHH files: the spec's examples and two PokerNow logs ---------------------------------
# Every file of the corpus's OHH folder is read hand for hand (one record per `"ohh":` key, counted here on
# the text), no hand is unreadable, each hand's chips add up, and every error or warning the audit reports on
# a hand is listed below with the reason it is genuine. The rules across hands (OA7xx) are judged over the
# whole corpus in tests/rules/test_tables_corpus.py.
FOLDER = "OHH"
OHH_KEY = re.compile(r'"ohh"\s*:')
OHH_FILES = 7
OHH_HANDS = 177
# the spec's examples name their sites; the PokerNow logs' 172 hands say "PokerStars" (the converter's default)
ROOMS = {"pokernow": 172, "PokerStars": 2, "Pacific Poker": 1, "iPoker": 1, "America's Cardroom": 1}
# (file relative to the OHH folder, hand, code, line) -> why the finding is genuine
KNOWN_OHH: dict[tuple[str, str | None, str, int], str] = {}


def ohh_files() -> list[Path]:
    root = corpus_root()
    return sorted(p for p in (root / FOLDER).rglob("*") if p.is_file()) if root is not None else []


@functools.cache
def read_ohh(path: Path) -> list[Any]:
    return list(hand_source().read_file(path))


def ohh_hands() -> list[Hand]:
    return [item for path in ohh_files() for item in read_ohh(path) if isinstance(item, Hand)]


@pytest.mark.corpus
def test_the_corpus_has_the_ohh_files() -> None:
    require_corpus()
    assert len(ohh_files()) == OHH_FILES
    assert sum(len(OHH_KEY.findall(path.read_text(encoding="utf-8"))) for path in ohh_files()) == OHH_HANDS
    assert {hand.format for hand in ohh_hands()} == {"ohh"}
    assert Counter(hand.room for hand in ohh_hands()) == ROOMS


@pytest.mark.corpus
@pytest.mark.parametrize("path", ohh_files(), ids=lambda p: p.name)
def test_one_record_per_ohh_object_and_none_unreadable(path: Path) -> None:
    items = read_ohh(path)
    assert not [item for item in items if not isinstance(item, Hand)]
    assert len(items) == len(OHH_KEY.findall(path.read_text(encoding="utf-8")))


@pytest.mark.corpus
def test_every_ohh_hand_adds_up() -> None:
    """Σ put in - the bet nobody called = Σ won + rake, on every hand (the PokerNow logs' rake is 0)."""
    require_corpus()
    for hand in ohh_hands():
        put_in = sum(action.amount for action in hand.actions)
        returned = sum(returned_bets(hand).values())
        assert hand.pot is not None and hand.pot.rake is not None
        assert put_in - returned == sum(collected(hand).values()) + hand.pot.rake == hand.pot.total, hand.hand_id


@pytest.mark.corpus
def test_what_the_reader_makes_of_the_corpus_ohh() -> None:
    require_corpus()
    by_id = {hand.hand_id: hand for hand in ohh_hands()}
    stars = by_id["226935652098"]  # `"flags": ["Fast"]`, and the Payout of 0.31 beside the pot's 0.74 win
    assert stars.kind == "zoom" and [e.text for e in stars.events] == ["Payout 0.31"]
    assert collected(stars) == {"Player7": 74} and (stars.pot and stars.pot.rake) == 3
    ipoker = by_id["8599887794"]  # `"table_size": "6"`, seats numbered up to 10, the flop raise uncalled
    assert (ipoker.max_seats, ipoker.button, [s.seat for s in ipoker.seats]) == (6, 8, [1, 3, 5, 6, 8, 10])
    assert returned_bets(ipoker) == {"Player1": 12}
    hilo = by_id["142665060918"]
    assert hilo.game is Game.OMAHA_HI_LO and collected(hilo) == {"Player2": 8, "Player9": 7}
    # PokerNow: all in before the flop, the cards shown in a Showdown betting round ahead of the Flop one; the
    # folded SudduthM shows his 8d 8h after the hand, in a second Showdown round
    allin = by_id["1660967652967"]
    assert allin.room == "pokernow" and allin.button == 2
    assert [_cards(board) for board in allin.boards] == [("5s", "8c", "Td", "Kc", "3d")]
    assert [(line.player, _cards(line.cards)) for line in allin.showdown] == [
        ("DeckerM", ("Ks", "8s")),
        ("SumnerT", ("Js", "Jd")),
        ("SudduthM", ("8d", "8h")),
    ]
    raise_ = next(a for a in allin.actions if a.player == "SumnerT" and a.kind is ActionKind.RAISE)
    assert (raise_.amount, raise_.raise_to) == (262, 287)  # `"Raise", "amount": 2.62` over his 0.25 big blind


@pytest.fixture(scope="module")
def ohh_findings() -> list[tuple[str, Finding]]:
    root = require_corpus() / FOLDER
    auditor = Auditor(strict=True, keep_text=False)
    return [
        (Path(f.path).resolve().relative_to(root.resolve()).as_posix(), f)
        for item in auditor.audit_files(ohh_files())
        for f in item.findings
    ]


@pytest.mark.corpus
def test_no_internal_errors_on_the_corpus_ohh(ohh_findings: list[tuple[str, Finding]]) -> None:
    assert [f.message for _, f in ohh_findings if f.code in ("OA101", "OA104")] == []


@pytest.mark.corpus
def test_every_ohh_finding_is_a_known_error_of_the_hand(ohh_findings: list[tuple[str, Finding]]) -> None:
    actual = {
        (path, f.hand_id, f.code, f.line): f.message
        for path, f in ohh_findings
        if f.severity is not Severity.INFO and not f.code.startswith("OA7")
    }
    unexpected = sorted(f"{key} {message}" for key, message in actual.items() if key not in KNOWN_OHH)
    missing = sorted(str(key) for key in KNOWN_OHH if key not in actual)
    assert not unexpected, "findings not in the table:\n" + "\n".join(unexpected)
    assert not missing, "table entries no longer found:\n" + "\n".join(missing)
    assert all(reason.strip() for reason in KNOWN_OHH.values())


# ---- number styles (README.md): JSON numbers every way a writer gives them, read back exact ----------------
_MONEY_KEYS = frozenset(
    {"starting_stack", "amount", "win_amount", "rake", "small_blind_amount", "big_blind_amount", "ante_amount"}
)
_MARKED = re.compile(r'"#(-?[0-9.]+)#"')


def _restyled(value: Any, style: str, key: str = "") -> Any:
    """The money figures of a hand as `style` writes them: `short` the fewest places (`0.5`, whole ones `80`),
    `two` two places (`0.50`, `80.00`), `three` three (`0.500`); marked for `_styled` to write them bare."""
    if isinstance(value, dict):
        return {name: _restyled(item, style, name) for name, item in value.items()}
    if isinstance(value, list):
        return [_restyled(item, style, key) for item in value]
    if key in _MONEY_KEYS and isinstance(value, Decimal | int) and not isinstance(value, bool):
        exact = Decimal(value).quantize(Decimal("0.01"))
        text = {"short": f"{exact.normalize():f}", "two": f"{exact:.2f}", "three": f"{exact:.3f}"}[style]
        return f"#{text}#"
    return value


def _styled(style: str) -> str:
    return _MARKED.sub(r"\1", json.dumps(_restyled(json.loads(SPEC_HAND, parse_float=Decimal), style)))


@pytest.mark.parametrize("style", ["short", "two", "three"])
def test_every_number_style_reads_back_exact(tmp_path: Path, style: str) -> None:
    """The spec hand with its figures written `0.5` (whole ones `80`), `0.50` or `0.500`: the same hand to the
    unit (three places make the unit a thousandth: every amount ten times the cents)."""
    text = _styled(style)
    assert ('"starting_stack": 80,' in text) == (style == "short") and ("0.500" in text) == (style == "three")
    (hand,) = read_text(tmp_path, text.encode() + b"\n")
    assert isinstance(hand, Hand) and not hand.defects, hand
    scale = 10 if style == "three" else 1
    assert hand.unit == Unit("USD", 3 if style == "three" else 2)
    assert [seat.stack for seat in hand.seats] == [10000 * scale, 5025 * scale, 8000 * scale]
    assert [a.amount for a in hand.actions if a.amount] == [
        x * scale for x in (50, 100, 300, 250, 450, 1234, 784, 1000)
    ]
    assert [c.amount for c in hand.collected] == [3068 * scale]
    assert hand.pot is not None and (hand.pot.total, hand.pot.rake) == (3168 * scale, 100 * scale)


def test_one_amount_in_no_style_is_one_finding(tmp_path: Path) -> None:
    """Alice's flop bet written `"1,7,0.0"`: that action is not read (OA106), the hand is, no dealer's error."""
    bad = _variant(_set_action(1, 1, amount="1,7,0.0"))
    (hand,) = read_text(tmp_path, bad.encode() + b"\n")
    assert isinstance(hand, Hand)
    (defect,) = hand.defects
    assert defect.not_read and "1,7,0.0" in defect.reason
    path = tmp_path / "one.ohh"
    path.write_text(bad + "\n", encoding="utf-8")
    findings = [f for audited in Auditor(strict=True, keep_text=False).audit_files([path]) for f in audited.findings]
    assert [(f.code, f.line) for f in findings] == [("OA106", 1)], findings


@pytest.mark.parametrize(
    ("currency", "tournament", "unit"),
    [
        ("USD", False, Unit("USD", 2)),
        ("JPY", False, Unit("JPY", 2)),  # (the spec hand's figures have two places: the most of the hand's)
        ("", True, Unit("chips", 2)),  # a tournament's chips
        ("XPM", False, Unit("play", 2)),  # play money
        ("XBT", False, Unit("XBT", 2)),  # bitcoin (in mBTC where its figures have three places or more)
    ],
)
def test_header_variants_currencies(tmp_path: Path, currency: str, tournament: bool, unit: Unit) -> None:
    def change(hand: dict[str, Any]) -> None:
        hand.update(currency=currency, tournament=tournament)
        if tournament:
            hand["tournament_info"] = {
                "tournament_number": "77",
                "buyin_amount": 5,
                "fee_amount": 0.5,
                "currency": "USD",
            }

    (hand,) = read_text(tmp_path, _variant(change).encode() + b"\n")
    assert isinstance(hand, Hand) and not hand.defects, hand
    assert hand.unit == unit and [c.amount for c in hand.collected] == [3068]
    assert (hand.tournament is not None) == tournament and hand.play_money == (currency == "XPM")
    if tournament:
        assert hand.tournament is not None and (hand.tournament.tournament_id, hand.tournament.buy_in) == (
            "77",
            "$5+$0.5",
        )


def test_a_readers_own_failure_is_oa104(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from omaha_audit.rooms.ohh import reader

    def broken(self: object) -> Hand:
        raise KeyError("a reader bug")

    break_method(monkeypatch, reader.HandReader, "read", broken)
    (item,) = read_text(tmp_path, SPEC_HAND.encode() + b"\n")
    assert isinstance(item, UnreadableHand) and item.internal and "a reader bug" in item.reason
