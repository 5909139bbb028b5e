"""Merge Gaming's XML-like text (`merge`, ROOMS.md section 10): every `<game id=...>` element of the corpus's Merge
folder is one record, read with the `<description>` before it, none unreadable; the pots add up as far as the text
allows (no total and no rake are printed: what the pot kept is never negative, is nothing in tournaments and in hands
that end before the flop, and is at most 5 % of the pot), fpdb's import agrees, and every error or warning the audit
reports is listed with the reason it is genuine."""

from __future__ import annotations

import ast
import functools
import re
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from corpus_paths import corpus_root, require_corpus
from corpus_text import decoded

from omaha_audit.model import ActionKind, Game, Hand, Refunds, ShowdownKind, Street, Structure, UnreadableHand
from omaha_audit.parse.files import FileNotice, HandSource
from omaha_audit.rooms import BY_NAME, hand_source
from omaha_audit.rules.base import Severity
from omaha_audit.run.pipeline import Auditor

FOLDER = "Merge"
HEADER = re.compile(r'<game id="')  # ROOMS.md appendix A
COMPANIONS = (".hands", ".hp", ".gt")
FILES = 23
HANDS = 66
NO_FLOP_GAMES = {Game.STUD_HI_LO, Game.RAZZ, Game.BADUGI, Game.TRIPLE_DRAW_2_7}

FLHE = "fpdb-3/cash/Flop/FLHE-9max-USD-0.02-0.04.20110416.xml"
NO_BOARD = "fpdb-3/cash/Flop/NLHE-6max-USD-0.02-0.04.201107.no.community.xml"
PREAMBLE = "fpdb-3/cash/Flop/NLHE-6max-USD-0.10-0.25-201208.player.not.in.preamble.txt"
WEIRD = "fpdb-3/cash/Flop/NLHE-6max-USD-1.00-2.00-201308.weird.all.in.line.txt"
NOT_LISTED = "fpdb's `player.not.in.preamble`: the big blind is posted by seat 5, which the player list lacks"
KNOWN: dict[tuple[str, str, str, int], str] = {
    (
        FLHE,
        "33325037-509",
        "OA107",
        524,
    ): "the game stops when the hero leaves: no END_OF_GAME, no award (fpdb: partial)",
    (NO_BOARD, "35035866-453", "OA109", 22): "fpdb's `no.community`: the room's flop round has no COMMUNITY cards",
    (NO_BOARD, "35035866-453", "OA203", 22): "the same: a flop of no cards",
    (NO_BOARD, "35035866-453", "OA313", 22): "Hero (big blind) DISCONNECTED preflop and never got his option",
    (NO_BOARD, "35035866-453", "OA311", 24): "on the flop Hero checks first; the small blind, first to act, never acts",
    (NO_BOARD, "35035866-453", "OA313", 31): "the turn comes with the small blind's flop action missing",
    # seat 5's lines cannot be placed: its BIG_BLIND (line 12) is a line not read and a player with no seat, once;
    # the dealer's checks after it (the order of play, the returned 0.60, the pot paid) are withheld
    (PREAMBLE, "59766765-529", "OA105", 12): NOT_LISTED,
    (PREAMBLE, "59766765-529", "OA106", 12): NOT_LISTED,
    (
        WEIRD,
        "71748131-1802",
        "OA109",
        36,
    ): "fpdb's `weird.all.in.line`: a river CHECK by Player2, $0.00 and not dealt in (left out of the hand)",
}
# What the audit withholds (a misread is not a dealer's error): on PREAMBLE, OA311 15, OA105 19 (said once, on line
# 12), OA601 24 and OA401 25, all consequences of seat 5's chips having no seat to go to.


def room_files() -> list[Path]:
    root = corpus_root()
    if root is None:
        return []
    return sorted(p for p in (root / FOLDER).rglob("*") if p.is_file() and p.suffix not in COMPANIONS)


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
    """A hand of the corpus's Merge folder (the test skips, with the corpus guard's message, without it)."""
    require_corpus()
    for _, hand in hands():
        if hand.hand_id == hand_id:
            return hand
    raise KeyError(hand_id)


@pytest.mark.corpus
def test_the_folder_has_the_merge_files() -> None:
    require_corpus()
    files = room_files()
    assert len(files) == FILES
    assert sum(len(HEADER.findall(decoded(path))) for path in files) == HANDS
    assert all(BY_NAME["merge"].claims_file(path.read_bytes()[:4096]) for path in files)
    assert not BY_NAME["merge"].claims_file(b'<session sessioncode="1">\n<game gamecode="1">')  # iPoker's


@pytest.mark.corpus
@pytest.mark.parametrize("path", room_files(), ids=lambda p: p.name)
def test_one_record_per_game_element_none_unreadable(path: Path) -> None:
    require_corpus()
    text = decoded(path)
    items = read(path)
    assert not [item for item in items if isinstance(item, UnreadableHand)], items
    found = [item for item in items if isinstance(item, Hand)]
    assert len(found) == len(HEADER.findall(text)) == len(items)
    lines = text.split("\n")
    assert all(HEADER.search(lines[hand.source.line - 1]) for hand in found)
    assert all(hand.format == hand.room == "merge" for hand in found)
    assert len({hand.hand_id for hand in found}) == len(found)


@pytest.mark.corpus
def test_what_the_pot_kept() -> None:
    """The rake is not printed: Σ put in - the uncalled rows - Σ awards (the awards hold the uncalled bet where no
    row returns it) is what the pot kept. It is never negative, nothing in tournaments and before a flop (no flop,
    no drop), and at most 5 % of the pot. The hands of seat-less players are the exceptions listed."""
    require_corpus()
    kept_any = 0
    for name, hand in hands():
        put_in = sum(action.amount for action in hand.actions)
        returned = sum(item.amount for item in hand.uncalled)
        kept = put_in - returned - sum(item.amount for item in hand.collected)
        assert hand.pot is not None and (hand.pot.total, hand.pot.rake) == (None, None)
        assert (hand.refunds is Refunds.LINE) == bool(hand.uncalled)
        if hand.truncated:
            assert (name, hand.hand_id) == (FLHE, "33325037-509") and not hand.collected
            continue
        pot = put_in - returned
        flop = any(deal.street is Street.FLOP for deal in hand.streets) or hand.game in NO_FLOP_GAMES
        assert 0 <= kept <= -(-pot * 5 // 100), (name, hand.hand_id, kept, pot)
        if hand.tournament is not None or not flop:
            assert kept == 0, (name, hand.hand_id)
        kept_any += kept > 0
    assert kept_any == 24


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
    """fpdb numbers seats from 1 (`seat + 1`), drops the players no event names, writes the hand id without its
    dash and counts the awards without the uncalled rows: the same values, so compared."""
    require_corpus()
    (hand,) = [item for item in read(history) if isinstance(item, Hand)]
    dealt = [seat for seat in hand.seats if not seat.sitting_out]
    hands_file = history.with_name(history.name + ".hands")
    if hands_file.exists():
        expected = fpdb_literal(hands_file)
        assert expected["siteHandNo"] == hand.hand_id.replace("-", "")
        assert expected["tableName"] == hand.table and expected["seats"] == len(dealt)
        board = [fpdb_card(expected[f"boardcard{n}"]) for n in range(1, 6) if expected[f"boardcard{n}"]]
        assert board == [str(card) for card in hand.boards[0]]
    players = fpdb_literal(history.with_name(history.name + ".hp"))
    assert set(players) == {seat.player for seat in dealt}
    for seat in dealt:
        values = players[seat.player]
        won = sum(item.amount for item in hand.collected if item.player == seat.player)
        assert (values["seatNo"], values["startCash"], values["winnings"]) == (seat.seat + 1, seat.stack, won)
    put_in = sum(action.amount for action in hand.actions) - sum(item.amount for item in hand.uncalled)
    kept = put_in - sum(item.amount for item in hand.collected)
    assert sum(values["rake"] for values in players.values()) == kept
    type_file = history.with_name(history.name + ".gt")
    if type_file.exists():
        _, currency, kind, base, category, limit, _, _, small, big, *_ = fpdb_literal(type_file)
        assert (currency, kind, base, category, limit) == ("USD", "ring", "hold", "omahahi", "nl")
        assert (hand.game, hand.structure, hand.unit.currency) == (Game.OMAHA, Structure.NO_LIMIT, "USD")
        assert (small, big) == (hand.stakes.small_blind, hand.stakes.big_blind)


# ---- the audit ----------------------------------------------------------------------------------------------------
@pytest.mark.corpus
def test_findings_are_known() -> None:
    require_corpus()
    auditor = Auditor(strict=True, keep_text=False)
    found: Counter[tuple[str, str, str, int]] = Counter()
    info: Counter[str] = Counter()
    for audited in auditor.audit_files(room_files()):
        assert isinstance(audited.item, Hand)
        for finding in audited.findings:
            if finding.severity.rank >= Severity.WARNING.rank:
                found[(relative(finding.path), finding.hand_id or "", finding.code, finding.line)] += 1
            else:
                info[finding.code] += 1
    assert dict(found) == {key: 1 for key in KNOWN}
    assert info == Counter()  # (stud, razz, triple draw and badugi are replayed: no OA102)
    # across hands: dmlink's two top-ups at the FLHE table (OA705, info)
    assert all(finding.severity is Severity.INFO for finding in getattr(auditor, "across", []))


# ---- the traps of ROOMS.md section 10 -----------------------------------------------------------------------------
@pytest.mark.corpus
def test_raises_before_and_after_2010_09_08() -> None:
    require_corpus()
    old = by_id("15245216-1000")  # 2008: the big blind's `RAISE amount="5.00"` adds 5 (to 5.50), called with 4.50
    raised = [(a.player, a.amount, a.raise_to) for a in old.actions if a.kind is ActionKind.RAISE]
    assert raised == [("Player8", 100, 100), ("Player3", 500, 550)]
    assert [(u.player, u.amount) for u in old.uncalled] == [("Player3", 183)] and old.refunds is Refunds.LINE
    walk = by_id("27626183-2")  # 2010-09-07: `RAISE 5.00` by the 1.00 small blind adds 5; the 8.00 won holds 4
    assert [(a.amount, a.raise_to) for a in walk.actions if a.kind is ActionKind.RAISE] == [(500, 600)]
    assert walk.refunds is Refunds.IN_COLLECTED and [c.amount for c in walk.collected] == [800]
    new = by_id("71748131-1802")  # 2013: `RAISE amount="19.50"` by the big blind is to 19.50
    assert [(a.player, a.amount, a.raise_to) for a in new.actions if a.kind is ActionKind.RAISE] == [
        ("Player3", 600, 600),
        ("Player1", 1750, 1950),
        ("Player3", 7492, 8092),  # `ALL_IN amount="74.92"`: the chips added, a raise
    ]
    shove = next(a for a in new.actions if a.all_in and a.player == "Player3")  # `ALL_IN 74.92`: added
    assert (shove.amount, shove.raise_to) == (7492, 8092)
    assert any(event.kind == "all-in" for event in new.events)  # the `ALL_IN` with no amount


@pytest.mark.corpus
def test_seats_times_tables_and_cards() -> None:
    require_corpus()
    plo = by_id("27618225-108")
    assert [seat.seat for seat in plo.seats] == [0, 1, 2, 3, 4, 5] and plo.button == 5  # 0-based, as printed
    assert plo.started == datetime(2010, 9, 7, 16, 43, 37, 285000, tzinfo=UTC)  # the first event's timestamp
    assert (plo.started_local, plo.table) == ("20100907114335", "Ganges River (27618225)")
    assert [(c.player, c.amount, c.pot) for c in plo.collected] == [("Player3", 499, 0), ("Player7", 499, 0)]
    assert plo.hero == "Player4" and [str(c) for c in plo.dealt[0].cards] == ["As", "5d", "Jc", "5h"]
    offset = by_id("59766765-529")
    assert offset.started_local == "2012/08/14 21:50:08 +0400"
    assert offset.started is not None and offset.started.hour == 17  # (the events: 17:50:01 UTC)
    assert by_id("15245216-1000").started is None  # 2008: no event timestamps, no zone
    blind = by_id("35428805-25")  # a tournament prints balances after the blinds: Hero's `$0.00` big blind of 900
    hero = blind.seat_of("Hero")
    assert hero is not None and hero.stack == 900 and blind.tournament is not None
    assert (blind.tournament.tournament_id, blind.table, blind.unit.currency) == ("35428050", "1", "chips")
    one = by_id("35368081-1133")  # `cards="null,Ac"`: one card shown
    assert [[str(c) for c in line.cards] for line in one.showdown if line.kind is ShowdownKind.SHOWS] == [["Ac"]]
    sitting = by_id("31226377-1375")
    assert {seat.player for seat in sitting.seats if seat.sitting_out} == {"Player4"}  # dealtin="false", no event
    dealt = by_id("34717229-304")  # every `dealtin="false"`, yet they act
    assert not any(seat.sitting_out for seat in dealt.seats if seat.player != "Player0")
    stud = by_id("70969727-130")
    assert stud.game is Game.STUD_HI_LO and [a.kind for a in stud.actions if a.street is Street.THIRD][:2] == [
        ActionKind.BRING_IN,
        ActionKind.RAISE,  # COMPLETE 0.25: to
    ]
    assert BY_NAME["merge"].preset("merge").fl_small_blind(__import__("decimal").Decimal("0.25")) is not None


GAMES = """<description type="Omaha" stakes="Pot Limit ($0.10/$0.25)"/>
<game id="1-1" starttime="20110428130032" numholecards="4" gametype="9" realmoney="false" \
data="20110428|T (1)|1|1-1|false">
\t<players dealer="0">
\t\t<player seat="0" nickname="A" balance="$10.00" dealtin="true" />
\t\t<player seat="1" nickname="B" balance="$10.00" dealtin="true" />
\t</players>
\t<round id="PREFLOP" sequence="2">
\t\t<event sequence="4" type="FOLD" player="1"/>
\t\t<event sequence="3" type="RAISE" player="0" amount="0.75"/>
\t</round>
\t<round id="BLINDS" sequence="1">
\t\t<event sequence="2" type="BIG_BLIND" player="1" amount="0.25"/>
\t\t<event sequence="1" type="SMALL_BLIND" player="0" amount="0.10"/>
\t</round>
\t<round id="END_OF_FOLDED_GAME" sequence="3">
\t\t<winner amount="0.50" uncalled="false" potnumber="1" player="0" pottype="n"/>
\t\t<winner amount="0.50" uncalled="true" potnumber="2" player="0" pottype="n"/>
\t</round>
</game>
"""


def test_sequence_numbers_order_the_play(tmp_path: Path) -> None:
    path = tmp_path / "merge.txt"
    path.write_text(GAMES + GAMES.split("\n", 1)[1].replace('id="1-1"', 'id="1-2"'), encoding="utf-8")
    first, second = hand_source().read_file(path)
    assert isinstance(first, Hand) and isinstance(second, Hand) and second.hand_id == "1-2"
    assert [(a.player, a.kind, a.source.line) for a in first.actions] == [
        ("A", ActionKind.POST_SMALL_BLIND, 13),
        ("B", ActionKind.POST_BIG_BLIND, 12),
        ("A", ActionKind.RAISE, 9),
        ("B", ActionKind.FOLD, 8),
    ]
    assert first.play_money and first.unit.currency == "play"
    assert [(u.player, u.amount) for u in first.uncalled] == [("A", 50)]
    alone = tmp_path / "alone.txt"
    alone.write_text(GAMES.split("\n", 1)[1], encoding="utf-8")  # a game with no <description> before it
    (item,) = hand_source().read_file(alone)
    assert isinstance(item, UnreadableHand) and "no <description>" in item.reason and item.line == 1


def test_format_interface() -> None:
    room = BY_NAME["merge"]
    assert [preset.name for preset in room.presets()] == ["merge"]
    assert {"OA602", "OA402", "OA507", "OA603"} == set(room.cannot_check())


def test_a_game_cut_off_before_the_next_description(tmp_path: Path) -> None:
    """A game whose closing tag is missing is reported; the description and the game after it are read."""
    head, rest = GAMES.split("\n", 1)
    cut = rest[: rest.index('\t<round id="END_OF_FOLDED_GAME"')]
    stud = head.replace('type="Omaha" stakes="Pot Limit ($0.10/$0.25)"', 'type="Razz" stakes="Limit $0.50/$1"')
    path = tmp_path / "merge.txt"
    path.write_text(head + "\n" + cut + stud + "\n" + rest.replace('id="1-1"', 'id="1-2"'), encoding="utf-8")
    broken, razz = hand_source().read_file(path)
    assert isinstance(broken, UnreadableHand) and "closing tag is missing" in broken.reason and broken.first_line == 2
    assert isinstance(razz, Hand) and razz.hand_id == "1-2" and razz.game is Game.RAZZ


@pytest.mark.corpus
def test_stud_cards_street_by_street() -> None:
    """Each round lists every player's cards so far (`HOLE` the hero's, `DRAW_DRAWN_CARDS` another's with
    `null` for the down cards): dealt lines street by street, the cards held and the new one."""
    hand = by_id("40263637-116")  # 7-StudHL-USD-0.25-0.50-201111.txt: heads up to seventh street
    assert hand.game is Game.STUD_HI_LO and hand.hero == "Hero"
    lines = {
        name: [(tuple(map(str, d.cards)), tuple(map(str, d.new_cards))) for d in hand.dealt if d.player == name]
        for name in ("Hero", "Player1")
    }
    assert lines["Player1"][:2] == [(("7h",), ()), (("7h",), ("Qh",))]
    assert len(lines["Player1"]) == 5 and lines["Player1"][-1][1] == ()  # (seventh street: a down card)
    assert lines["Hero"][0] == (("8h", "2s", "3h"), ()) and len(lines["Hero"]) == 5
    assert lines["Hero"][-1] == (("8h", "2s", "3h", "Jc", "Kh", "As"), ("5d",))


@pytest.mark.corpus
def test_draw_cards_kept_and_drawn() -> None:
    """In a draw game the hero's `DRAW_DRAWN_CARDS` after a draw is his new hand: the cards kept and drawn."""
    hand = by_id("33423082-14")  # 3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.txt
    dealt = [(tuple(map(str, d.cards)), tuple(map(str, d.new_cards))) for d in hand.dealt if d.player == "Hero"]
    assert dealt[0] == (("Qh", "Tc", "4s", "6h", "7h"), ())
    assert dealt[1] == (("4s", "6h", "7h"), ("9d", "9c"))
    assert dealt[2] == (("9c", "4s", "6h", "7h"), ("3c",))
    assert len(dealt) == 3  # (standing pat deals nothing)
