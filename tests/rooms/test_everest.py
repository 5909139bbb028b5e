"""Everest Poker's XML (`everest`, ROOMS.md section 11): every `<HAND>` element of the corpus's Everest folder is one
record, read with the `<SESSION>` before it, none unreadable; the pots add up (Σ blinds and bets - Σ PUSH = the last
SWEEP + its rake + its tax = Σ WIN, and every SWEEP is what was put in before it, net), fpdb's import agrees where it
reads the file right, and the audit reports no error or warning on these hands."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path
from typing import Any

import pytest
from corpus_paths import corpus_root, require_corpus
from corpus_text import decoded

from omaha_audit.model import (
    ActionKind,
    FeeEffect,
    FeeKind,
    Game,
    Hand,
    Refunds,
    ShowdownKind,
    Street,
    Structure,
    UnreadableHand,
)
from omaha_audit.parse.files import FileNotice
from omaha_audit.rooms import BY_NAME, hand_source
from omaha_audit.rules.base import Severity
from omaha_audit.run.pipeline import Auditor

FOLDER = "Everest"
HEADER = re.compile(r'<HAND time="')  # ROOMS.md appendix A
COMPANIONS = (".hands", ".hp", ".gt")
SWEEP = re.compile(r'<SWEEP rake="(\d+)" tax="(\d+)">(\d+)</SWEEP>')


def room_files() -> list[Path]:
    root = corpus_root()
    if root is None:
        return []
    return sorted(p for p in (root / FOLDER).rglob("*") if p.is_file() and p.suffix not in COMPANIONS)


@functools.cache
def read(path: Path) -> list[Hand | UnreadableHand | FileNotice]:
    return list(hand_source().read_file(path))


def hands() -> list[Hand]:
    return [item for path in room_files() for item in read(path) if isinstance(item, Hand)]


def by_id(hand_id: str) -> Hand:
    return next(hand for hand in hands() if hand.hand_id == hand_id)


@pytest.mark.corpus
def test_the_folder_has_the_everest_files() -> None:
    require_corpus()
    files = room_files()
    assert len(files) == 4
    assert sum(len(HEADER.findall(decoded(path))) for path in files) == 4
    assert all(BY_NAME["everest"].claims_file(path.read_bytes()[:4096]) for path in files)


@pytest.mark.corpus
@pytest.mark.parametrize("path", room_files(), ids=lambda p: p.name)
def test_one_record_per_hand_element_and_the_pots(path: Path) -> None:
    require_corpus()
    text = decoded(path)
    items = read(path)
    assert len(items) == len(HEADER.findall(text)) == 1
    (hand,) = items
    assert isinstance(hand, Hand) and hand.format == hand.room == "everest"
    assert HEADER.search(text.split("\n")[hand.source.line - 1])
    assert hand.pot is not None and hand.pot.total is not None and hand.refunds is Refunds.LINE
    put_in = sum(action.amount for action in hand.actions)
    pushed = sum(item.amount for item in hand.uncalled)
    rake, tax = hand.pot.rake or 0, hand.fees_taken
    assert put_in - pushed == hand.pot.total + rake + tax
    assert sum(item.amount for item in hand.collected) == hand.pot.total
    # every SWEEP (read here from the text, with its line): the pot so far, net of the cumulative rake and tax
    sweeps = [(number, SWEEP.search(line)) for number, line in enumerate(text.split("\n"), 1) if "<SWEEP" in line]
    assert sweeps
    for number, found in sweeps:
        assert found is not None
        rake_so_far, tax_so_far, value = (int(part) for part in found.groups())
        paid = sum(action.amount for action in hand.actions if action.source.line < number)
        back = sum(item.amount for item in hand.uncalled if item.source.line < number)
        assert paid - back == value + rake_so_far + tax_so_far, (path.name, number)


# ---- fpdb ---------------------------------------------------------------------------------------------------------
def fpdb_literal(path: Path) -> Any:
    class Text(ast.NodeTransformer):
        def visit_Call(self, node: ast.Call) -> ast.Constant:
            return ast.Constant(ast.unparse(node))

    return ast.literal_eval(ast.fix_missing_locations(Text().visit(ast.parse(path.read_text("utf-8"), mode="eval"))))


def fpdb_card(number: int) -> str:
    suit, rank = divmod(number - 1, 13)
    return "23456789TJQKA"[rank] + "hdcs"[suit]


def companion_histories() -> list[Path]:
    root = corpus_root()
    if root is None:
        return []
    return sorted({p.with_suffix("") for p in (root / FOLDER).rglob("*") if p.suffix in COMPANIONS})


@pytest.mark.corpus
@pytest.mark.parametrize("history", companion_histories(), ids=lambda p: p.name)
def test_matches_fpdb(history: Path) -> None:
    """fpdb's Everest import is itself off in three ways, so those values are compared as fpdb makes them: its
    `startCash` is the balance times 100 again (it divides the cents by 100, then stores cents of that), its
    `seatNo` the position as a string, and of the flop it keeps the first card only (`6s, 8c, Jh` split badly)."""
    require_corpus()
    (hand,) = [item for item in read(history) if isinstance(item, Hand)]
    expected = fpdb_literal(history.with_name(history.name + ".hands"))
    assert (expected["siteHandNo"], expected["tableName"], expected["seats"]) == (
        hand.hand_id,
        hand.table,
        len(hand.seats),
    )
    board = [str(card) for card in hand.boards[0]]
    fpdb_board = [fpdb_card(expected[f"boardcard{n}"]) for n in range(1, 6) if expected[f"boardcard{n}"]]
    assert fpdb_board == [board[0], *board[3:]]
    players = fpdb_literal(history.with_name(history.name + ".hp"))
    assert set(players) == {seat.player for seat in hand.seats}
    assert hand.pot is not None
    for seat in hand.seats:
        values = players[seat.player]
        won = sum(item.amount for item in hand.collected if item.player == seat.player)
        assert (values["seatNo"], values["startCash"], values["winnings"]) == (str(seat.seat), seat.stack * 100, won)
    assert sum(values["rake"] for values in players.values()) == (hand.pot.rake or 0) + hand.fees_taken
    _, currency, kind, base, category, limit, _, _, small, big, *_ = fpdb_literal(
        history.with_name(history.name + ".gt")
    )
    assert (currency, kind, base) == (hand.unit.currency, "ring", "hold")
    assert {"omahahi": Game.OMAHA, "holdem": Game.HOLDEM}[category] is hand.game
    assert {"pl": Structure.POT_LIMIT, "nl": Structure.NO_LIMIT}[limit] is hand.structure
    assert (small, big) == (hand.stakes.small_blind, hand.stakes.big_blind)


@pytest.mark.corpus
def test_no_findings() -> None:
    require_corpus()
    auditor = Auditor(strict=True, keep_text=False)
    found = [
        (finding.code, finding.line)
        for audited in auditor.audit_files(room_files())
        for finding in audited.findings
        if finding.severity.rank >= Severity.WARNING.rank
    ]
    assert found == []
    assert not [finding for finding in getattr(auditor, "across", []) if finding.severity.rank >= Severity.WARNING.rank]


# ---- the traps of ROOMS.md section 11 -----------------------------------------------------------------------------
@pytest.mark.corpus
def test_cents_bets_sweeps_and_pushes() -> None:
    require_corpus()
    plo = by_id("6351562000")
    assert plo.unit.currency == "EUR" and plo.stakes.big_blind == 1000  # `blinds="5 €/10 €"`, cents
    pre = [(a.player, a.kind, a.amount, a.raise_to) for a in plo.actions if a.street is Street.PREFLOP]
    assert pre == [("Hero", ActionKind.RAISE, 2500, 3000), ("Villain", ActionKind.CALL, 2000, 3000)]  # BET: added
    assert [a.kind for a in plo.actions if a.street is Street.TURN] == [ActionKind.CHECK, ActionKind.CHECK]  # BET 0
    assert plo.pot is not None and (plo.pot.total, plo.pot.rake) == (17750, 150)
    assert [(f.kind, f.amount, f.effect) for f in plo.fees] == [(FeeKind.TAX, 100, FeeEffect.TAKEN)]
    assert [(u.player, u.amount) for u in plo.uncalled] == [("Villain", 18000)]
    assert [line.kind for line in plo.showdown] == [ShowdownKind.DOESNT_SHOW]  # `<XSHOW>`
    assert plo.hero == "Hero" and [str(c) for c in plo.dealt[0].cards] == ["8h", "2c", "Qc", "Ah"]
    assert [seat.seat for seat in plo.seats] == [0, 4] and plo.button == 0  # positions, as printed
    euro = by_id("6754716931")  # `blinds="0,01 €/0,02 €"`; `<XBLIND position="3"/>`
    assert (euro.stakes.small_blind, euro.stakes.big_blind) == (1, 2)
    assert any(event.kind == "no-blind" for event in euro.events)
    limit = by_id("7526266449")  # `$0.01/$0.02` blinds, `$0.02/$0.04` bets, one blind posted
    assert (limit.structure, limit.stakes.small_bet, limit.stakes.big_bet) == (Structure.FIXED_LIMIT, 2, 4)
    assert [a.kind for a in limit.actions if a.kind.is_post] == [ActionKind.POST_BIG_BLIND]
    assert [str(c) for c in limit.boards[0]] == ["Td", "Ts", "Kd"]  # `10d, 10s, Kd`
    level = by_id("7144066651")  # `blinds="5/10" stakes="10/20"`, 10 and 20 posted: the new level
    assert (level.stakes.small_blind, level.stakes.big_blind, level.stakes.small_bet) == (1000, 2000, 2000)
    assert any(event.kind == "level-changed" for event in level.events)
    assert level.tournament is not None and level.unit.currency == "chips"


SESSION = (
    '<SESSION time="1" tableName="T" id="1" type="ring" money="$" screenName="A" game="hold-em" gametype="no-limit"/>\n'
)
HAND = """<HAND time="1291155932" id="9" index="0" blinds="$1/$2" stakes="$2/$4">
  <SEAT position="0" name="A" balance="10000"/>
  <SEAT position="1" name="B" balance="10000"/>
  <DEALER position="0"/>
  <BLIND position="0" amount="100" penalty="0"/>
  <BLIND position="1" amount="200" penalty="0"/>
  <BET position="0" amount="100"/>
  <BET position="1" amount="0"/>
  <SWEEP rake="0" tax="0">400</SWEEP>
  <WIN position="1" amount="400" pot="0" potAmount="400"/>
</HAND>
"""


def test_a_hand_needs_its_session(tmp_path: Path) -> None:
    path = tmp_path / "everest.txt"
    path.write_text(SESSION + HAND + HAND.replace('id="9"', 'id="10"'), encoding="utf-8")
    first, second = hand_source().read_file(path)
    assert isinstance(first, Hand) and isinstance(second, Hand) and second.hand_id == "10"
    assert [a.kind for a in first.actions] == [
        ActionKind.POST_SMALL_BLIND,
        ActionKind.POST_BIG_BLIND,
        ActionKind.CALL,
        ActionKind.CHECK,
    ]
    path.write_text(HAND, encoding="utf-8")
    (alone,) = hand_source().read_file(path)
    assert isinstance(alone, UnreadableHand) and "no <SESSION>" in alone.reason


def test_format_interface() -> None:
    room = BY_NAME["everest"]
    assert [preset.name for preset in room.presets()] == ["everest"]
    assert "OA315" in room.cannot_check()
