"""Microgaming's XML (`microgaming`, ROOMS.md section 9): every `<Game>` element of the corpus's Microgaming folder,
bare or wrapped as PRIMA.DAT, is one record, none unreadable, and the SQLite `GameHistory.dat` beside them is not
taken for a hand history; the pots add up (the chips put in less the returned bet make the awards plus the rake,
printed in cents), every seat's `endbalance` is its `balance` less what the actions put in plus what came back,
fpdb's import agrees where it exists, and every error or warning the audit reports is listed with its reason."""

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

from omaha_audit.model import (
    ActionKind,
    FeeEffect,
    FeeKind,
    Game,
    Half,
    Hand,
    Refunds,
    ShowdownKind,
    Street,
    UnreadableHand,
)
from omaha_audit.parse.files import FileNotice, HandSource
from omaha_audit.rooms import BY_NAME, hand_source
from omaha_audit.rules.base import Severity
from omaha_audit.run.pipeline import Auditor

FOLDER = "Microgaming"
HEADER = re.compile(r'<Game (hhversion="\d+" )?id="')  # ROOMS.md appendix A
COMPANIONS = (".hands", ".hp", ".gt")
SQLITE = "fpdb-3/unsupported-sites/GameHistory.dat"
FILES = 17
HANDS = 17
# Read here on their own: each seat's balances.
SEAT = re.compile(r'<Seat num="(\d+)" alias="([^"]*)"[^>]*? balance="([\d.]+)" endbalance="([\d.]+)"')

HHSP = "PokerHandHistoryParser/"
V1 = "fpdb-3/cash/Flop/NLHE-EUR-0.50-1.00-201001.v1.allin.call.txt"

# Hands whose pot identity does not hold: chips put in - returned - awards - rake, and why.
EXPECTED_POT_DIFFERENCES: dict[tuple[str, str], tuple[int, str]] = {
    (V1, "3063530490"): (
        50,
        'a 15.78 pot pays 14.50 and prints `rake="78"`: the seats\' balances say 1.28 was kept (0.50 unprinted)',
    ),
}
KNOWN: dict[tuple[str, str, str, int], str] = {
    (HHSP + "HeroName.txt", "48976532125", "OA103", 1): (
        '`stakes="3|6"` at `Karl - €200 Max` with blinds of 1 and 2 posted (HHSmithy\'s edited sample)'
    ),
    (HHSP + "HeroName.txt", "48976532125", "OA302", 19): (
        "the first raise, to 6 over the big blind of 2, judged against the header's big blind of 6 (see OA103)"
    ),
    (V1, "3063530490", "OA601", 46): 'the pot kept 1.28 (the balances say so) where `rake="78"` says 0.78',
}


def room_files() -> list[Path]:
    root = corpus_root()
    if root is None:
        return []
    return sorted(
        p for p in (root / FOLDER).rglob("*") if p.is_file() and p.suffix not in COMPANIONS and relative(p) != SQLITE
    )


@functools.cache
def source() -> HandSource:
    return hand_source()


@functools.cache
def read(path: Path) -> list[Hand | UnreadableHand | FileNotice]:
    return list(source().read_file(path))


def relative(path: Path | str) -> str:
    root = corpus_root()
    assert root is not None
    return Path(path).relative_to(root / FOLDER).as_posix()


def hands() -> list[tuple[str, Hand]]:
    return [(relative(path), item) for path in room_files() for item in read(path) if isinstance(item, Hand)]


def by_id(hand_id: str) -> Hand:
    for _, hand in hands():
        if hand.hand_id == hand_id:
            return hand
    raise KeyError(hand_id)


def cents(text: str) -> int:
    whole, _, frac = text.partition(".")
    return int(whole) * 100 + int((frac or "0").ljust(2, "0")[:2])


def excess(hand: Hand) -> int:
    live: dict[str, int] = {}
    for action in hand.actions:
        if action.kind is not ActionKind.POST_ANTE:
            live[action.player] = live.get(action.player, 0) + action.amount
    ranked = sorted(live.values(), reverse=True)
    return ranked[0] - ranked[1] if len(ranked) > 1 else 0


def returned(hand: Hand) -> int:
    """What came back to the top bettor: the `MoneyReturned` lines, or, unprinted, the part nobody matched (a
    hand that pays it back inside `Win` returns nothing apart)."""
    if hand.refunds is Refunds.LINE:
        return sum(item.amount for item in hand.uncalled)
    return excess(hand) if hand.refunds is Refunds.IMPLIED else 0


@pytest.mark.corpus
def test_the_folder_has_the_microgaming_files() -> None:
    root = require_corpus()
    files = room_files()
    assert len(files) == FILES
    assert sum(len(HEADER.findall(decoded(path))) for path in files) == HANDS
    formats = BY_NAME["microgaming"]
    assert all(formats.claims_file(path.read_bytes()[:4096]) for path in files)
    assert sum(1 for path in files if decoded(path).startswith("----PRIMA.DAT----")) == 8
    sqlite = root / FOLDER / SQLITE
    assert not any(room.claims_file(sqlite.read_bytes()[:4096]) for room in BY_NAME.values())
    items = [item for _, item in source().read_blocks(sqlite, scanned=True)]
    assert [(type(item).__name__, getattr(item, "kind", "")) for item in items] == [("FileNotice", "not-hand-history")]


@pytest.mark.corpus
@pytest.mark.parametrize("path", room_files(), ids=lambda p: p.name)
def test_one_record_per_game_element_none_unreadable(path: Path) -> None:
    require_corpus()
    text = decoded(path)
    items = read(path)
    assert not [item for item in items if isinstance(item, UnreadableHand)], items
    found = [item for item in items if isinstance(item, Hand)]
    assert len(found) == len(HEADER.findall(text)) == len(items) == 1
    lines = text.split("\n")
    assert HEADER.search(lines[found[0].source.line - 1])
    assert found[0].format == found[0].room == "microgaming"


@pytest.mark.corpus
def test_pots_add_up() -> None:
    """Σ put in - returned = Σ Win + rake (`rake` in cents); a `Win` that pays the uncalled bet back holds it."""
    require_corpus()
    problems = []
    for name, hand in hands():
        assert hand.pot is not None and hand.pot.total is None and hand.pot.rake is not None
        put_in = sum(action.amount for action in hand.actions)
        found = put_in - returned(hand) - sum(item.amount for item in hand.collected) - hand.pot.rake
        expected = EXPECTED_POT_DIFFERENCES.get((name, hand.hand_id), (0, ""))[0]
        if found != expected:
            problems.append(f"{name} #{hand.hand_id}: {found}, expected {expected}")
    assert not problems, "\n".join(problems)


@pytest.mark.corpus
def test_every_seat_ends_with_its_balance_less_what_it_put_in() -> None:
    """endbalance = balance - Σ own amounts - a jackpot fee + returned + awards, seat by seat (read from the text)."""
    require_corpus()
    checked = 0
    for path in room_files():
        (hand,) = [item for item in read(path) if isinstance(item, Hand)]
        for _, name, balance, end in SEAT.findall(decoded(path)):
            checked += 1
            put = sum(action.amount for action in hand.actions if action.player == name)
            fee = sum(item.amount for item in hand.fees if item.player == name and item.effect is FeeEffect.OUTSIDE)
            won = sum(item.amount for item in hand.collected if item.player == name)
            back = returned(hand) if hand.refunds is not Refunds.IN_COLLECTED else 0
            top = max(hand.actions, key=lambda action: action.raise_to or 0).player if hand.actions else ""
            if hand.refunds is Refunds.LINE:
                back = sum(item.amount for item in hand.uncalled if item.player == name)
            elif name != top:
                back = 0
            assert cents(balance) - put - fee + back + won == cents(end), (relative(path), name)
    assert checked == 96


# ---- fpdb ---------------------------------------------------------------------------------------------------------
def fpdb_literal(path: Path) -> Any:
    class Text(ast.NodeTransformer):
        def visit_Call(self, node: ast.Call) -> ast.Constant:
            return ast.Constant(ast.unparse(node))

    return ast.literal_eval(ast.fix_missing_locations(Text().visit(ast.parse(path.read_text("utf-8"), mode="eval"))))


@pytest.mark.corpus
def test_matches_fpdb() -> None:
    root = require_corpus()
    companions = sorted({p.with_suffix("") for p in (root / FOLDER).rglob("*") if p.suffix in COMPANIONS})
    assert [relative(p) for p in companions] == ["fpdb-3/cash/Flop/NLHE-0.10-0.20-201111.Walk.in.second.bb.txt"]
    (history,) = companions
    (hand,) = [item for item in read(history) if isinstance(item, Hand)]
    expected = fpdb_literal(history.with_name(history.name + ".hands"))
    assert (expected["siteHandNo"], expected["tableName"], expected["seats"]) == (hand.hand_id, hand.table, 6)
    assert expected["boardcard1"] == 0 and hand.boards == ()
    players = fpdb_literal(history.with_name(history.name + ".hp"))
    assert set(players) == {seat.player for seat in hand.seats}
    for seat in hand.seats:
        values = players[seat.player]
        won = sum(item.amount for item in hand.collected if item.player == seat.player)
        assert (values["seatNo"], values["startCash"], values["winnings"]) == (seat.seat, seat.stack, won)
    assert sum(values["rake"] for values in players.values()) == (hand.pot.rake if hand.pot else None) == 0
    _, currency, kind, base, category, limit, _, _, small, big, *_ = fpdb_literal(
        history.with_name(history.name + ".gt")
    )
    assert (currency, kind, base, category, limit) == ("EUR", "ring", "hold", "holdem", "nl")
    assert (small, big) == (hand.stakes.small_blind, hand.stakes.big_blind) == (10, 20)
    assert hand.unit.currency == "EUR"


# ---- the audit ----------------------------------------------------------------------------------------------------
@pytest.mark.corpus
def test_findings_are_known() -> None:
    require_corpus()
    auditor = Auditor(strict=True, keep_text=False)
    found: Counter[tuple[str, str, str, int]] = Counter()
    for audited in auditor.audit_files(room_files()):
        assert isinstance(audited.item, Hand)
        for finding in audited.findings:
            assert finding.severity.rank >= Severity.WARNING.rank, finding
            found[(relative(finding.path), finding.hand_id or "", finding.code, finding.line)] += 1
    assert dict(found) == {key: 1 for key in KNOWN}
    # across hands: only the top-up of NisshinMaru between HHSmithy's two Hijack PLO 42 hands (OA705, info)
    assert all(finding.severity is Severity.INFO for finding in getattr(auditor, "across", []))


# ---- the traps of ROOMS.md section 9 ------------------------------------------------------------------------------
@pytest.mark.corpus
def test_versions_and_their_numbers() -> None:
    require_corpus()
    v2 = by_id("4519660221")  # hhversion 2: `Call seat 2 value 0.40` after the 0.05 small blind is added
    call = next(a for a in v2.actions if a.player == "Player1" and a.kind is ActionKind.CALL)
    assert (call.amount, call.raise_to) == (40, 45)
    shoves = [(a.player, a.amount, a.all_in) for a in v2.actions if a.street is Street.RIVER and a.amount]
    assert shoves == [("Player0", 639, True), ("Player2", 565, True)]
    assert v2.refunds is Refunds.LINE and [(u.player, u.amount) for u in v2.uncalled] == [("Player0", 74)]
    assert v2.pot is not None and v2.pot.rake == 106  # `rake="106"`: cents
    v5 = by_id("5905509634")  # v5: PostedToPlay 5 (a live small blind), `Raise 30` adds 30: to 35, called at 35
    pre = [(a.player, a.kind, a.amount, a.raise_to) for a in v5.actions if a.street in (Street.BLINDS, Street.PREFLOP)]
    assert pre[2:5] == [
        ("Player0", ActionKind.POST_SMALL_BLIND, 500, 500),
        ("Player0", ActionKind.RAISE, 3000, 3500),
        ("Player2", ActionKind.CALL, 3500, 3500),
    ]
    walk = by_id("5948296191")  # no MoneyReturned: the 50 won holds the uncalled 20
    assert walk.refunds is Refunds.IN_COLLECTED and [c.amount for c in walk.collected] == [5000]
    v1 = by_id("3063530490")  # version 1: the uncalled 8.75 came back outside the Win, unprinted
    assert v1.refunds is Refunds.IMPLIED and v1.unit.currency == "USD"  # `currencysymbol="IAAkAA=="`: " $"


@pytest.mark.corpus
def test_posts_fees_cards_and_awards() -> None:
    require_corpus()
    both = by_id("4160087729")  # `PostedToPlay value 0.10`, and the seat's balance 10.00 -> 9.85
    post = next(a for a in both.actions if a.player == "player1" and a.kind.is_post)
    assert (post.kind, post.amount, post.raise_to) == (ActionKind.POST_SMALL_AND_BIG_BLIND, 15, 10)
    assert any(event.kind == "post-inferred" for event in both.events)
    second = by_id("4155596174")  # `PostedToPlay value 0.20`, balance 20.00 -> 20.30 after a 0.50 win
    assert next(a.kind for a in second.actions if a.player == "Player1") is ActionKind.POST_BIG_BLIND
    jackpot = by_id("5541791811")  # BadBeatContribution 0.02: paid outside the pot
    assert [(f.kind, f.amount, f.effect, f.player) for f in jackpot.fees] == [
        (FeeKind.JACKPOT, 2, FeeEffect.OUTSIDE, "tuffgong")
    ]
    assert any(event.kind == "disconnect" for event in jackpot.events)
    hilo = by_id("5049105591")
    assert hilo.game is Game.OMAHA_HI_LO and hilo.unit.currency == "EUR"  # `rCA=`
    assert [(c.player, c.amount, c.half) for c in hilo.collected] == [
        ("uk_munchkin", 17, None),
        ("tigersue", 16, Half.LOW),
    ]
    assert [str(card) for card in hilo.boards[0]] == ["7c", "5c", "Th", "2c", "2d"]  # (ids 19 17 48 14 27: s/c/d/h)
    assert not any(d.reason.startswith("the card id") for _, h in hands() for d in h.defects)
    hero = by_id("48976532125")
    assert hero.hero == "MGN_Hero" and [str(c) for c in hero.dealt[0].cards] == ["Ah", "Qs", "Ks", "8c"]
    shows = [line for line in hero.showdown if line.kind is ShowdownKind.SHOWS]
    turn = next(deal for deal in hero.streets if deal.street is Street.TURN)
    assert all(line.order < turn.order for line in shows)  # shown before the all-in's run-out, as `seq` says
    assert by_id("5049092192").table == "Turbo: Micro NLHE 4 - €2 Max"  # cp1252 `€` in a file with no declaration


GAME = """<Game id="1" date="2010-01-04 18:08:29" tablename="T" stakes="0.50|1.00" betlimit="NL" tabletype="Cash Game" \
gametypeid="1" gametype="Hold&apos;em" realmoney="true" currencysymbol="rCA=" rake="0" playerseat="0" istournament="0">
<Seats>
<Seat num="1" alias="A" balance="100.00" endbalance="97.00" dealer="true"/>
<Seat num="2" alias="B" balance="100.00" endbalance="103.00"/>
</Seats>
<Gameplay>
<Action seq="4" type="Call" seat="2" value="3.00"/>
<Action seq="1" type="SmallBlind" seat="1" value="0.50"/>
<Action seq="3" type="Raise" seat="1" value="3.00"/>
<Action seq="2" type="BigBlind" seat="2" value="1.00"/>
<Action seq="5" type="DealFlop"><Card value="A" suit="s" id="0"/><Card value="2" suit="c" id="14"/>\
<Card value="3" suit="d" id="28"/></Action>
<Action seq="6" type="Bet" seat="2" value="1.00"/>
<Action seq="7" type="Fold" seat="1"/>
<Action seq="8" type="MoneyReturned" seat="2" value="1.00"/>
<Action type="Win"><Seat num="2" amount="6.00" pot="0" type="" lowhandwin="0"/></Action>
</Gameplay>
</Game>
"""


def test_version_1_calls_and_raises_are_totals_and_seq_orders_the_play(tmp_path: Path) -> None:
    path = tmp_path / "PRIMA.DAT"
    path.write_text("----PRIMA.DAT----\n\n" + GAME + "ExtendedTableName: T [1]\n", encoding="utf-8")
    (hand,) = list(hand_source().read_file(path))
    assert isinstance(hand, Hand)
    lines = [(a.player, a.kind, a.amount, a.raise_to, a.source.line) for a in hand.actions]
    assert lines[:4] == [
        ("A", ActionKind.POST_SMALL_BLIND, 50, 50, 10),
        ("B", ActionKind.POST_BIG_BLIND, 100, 100, 12),
        ("A", ActionKind.RAISE, 250, 300, 11),  # v1 `Raise 3.00`: to 3
        ("B", ActionKind.CALL, 200, 300, 9),  # v1 `Call 3.00`: to 3
    ]
    assert [a.order for a in hand.actions] == sorted(a.order for a in hand.actions)
    assert hand.streets[0].order < hand.actions[4].order
    assert not hand.defects and hand.refunds is Refunds.LINE
    bad = GAME.replace('value="2" suit="c" id="14"', 'value="2" suit="c" id="15"')
    path.write_text(bad, encoding="utf-8")
    (wrong,) = list(hand_source().read_file(path))
    assert isinstance(wrong, Hand) and [(d.reason, d.inconsistent) for d in wrong.defects] == [
        ("the card id 15 is 3c, not the 2c its value and suit say", True)  # the room's error (OA109)
    ]


def test_format_interface() -> None:
    room = BY_NAME["microgaming"]
    assert [preset.name for preset in room.presets()] == ["microgaming"] and room.preset("microgaming").no_flop_no_drop
    assert set(room.cannot_check()) == {"OA602", "OA402", "OA507"}
    assert room.claims_file(b'----PRIMA.DAT----\r\n\r\n<Game hhversion="5" id="5905016440" date=')
    assert not room.claims_file(b"SQLite format 3\x00")
