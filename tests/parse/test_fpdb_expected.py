"""Compare with fpdb's own import of the same files, where the corpus keeps it: `.hands` (hand-level
values), `.hp` (per-player values) and `.gt` (the game type) beside the hand-history file.

They are Python literals written by fpdb (`u'...'`, plus a few constructor calls such as
`datetime.datetime(...)`, read here as their text). fpdb keeps money in hundredths of the currency, or
of a chip, whatever the room's unit: an amount of ours is `value * 10 ** (2 - unit.decimals)` there.
Board cards are numbered 1-13 hearts, 14-26 diamonds, 27-39 clubs, 40-52 spades (2 to ace), 0 = none.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from corpus_paths import corpus_root, require_corpus

from omaha_audit.model import Card, Game, Hand, Structure, parse_card
from omaha_audit.rooms import hand_source

pytestmark = pytest.mark.corpus

FPDB_SUITS = "hdcs"
FPDB_CATEGORY = {
    "omahahi": {Game.OMAHA},
    "omahahilo": {Game.OMAHA_HI_LO},
    "holdem": {Game.HOLDEM},
    "27_1draw": {Game.SINGLE_DRAW_2_7},
    "studhi": {Game.STUD},
}
STUD_GAMES = {Game.STUD, Game.STUD_HI_LO, Game.RAZZ}
FPDB_LIMIT = {"pl": Structure.POT_LIMIT, "nl": Structure.NO_LIMIT, "fl": Structure.FIXED_LIMIT}


class _Text(ast.NodeTransformer):
    """Replace calls and names (datetime.datetime(...), pytz.utc) by their source text."""

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
    return parse_card("23456789TJQKA"[rank] + FPDB_SUITS[suit])


def companions() -> list[Path]:
    root = corpus_root()
    if root is None:
        return []
    return sorted(
        path.with_suffix("")
        for path in (root / "PokerStars").rglob("*.txt.*")
        if path.suffix in (".hands", ".hp", ".gt")
    )


def the_hand(history: Path) -> Hand:
    hands = [item for item in hand_source().read_file(history) if isinstance(item, Hand)]
    assert len(hands) == 1, "companion files describe a one-hand file"
    return hands[0]


def fpdb_money(hand: Hand, value: int) -> int:
    return value * 10 ** (2 - hand.unit.decimals)


def test_there_are_companion_files():
    require_corpus()
    assert companions(), "the corpus should hold fpdb companion files for PokerStars hands"


@pytest.mark.parametrize("history", sorted(set(companions())), ids=lambda p: p.name)
def test_matches_fpdb(history: Path):
    require_corpus()
    hand = the_hand(history)
    checked = []
    hands_file = history.with_name(history.name + ".hands")
    if hands_file.exists():
        expected = fpdb_literal(hands_file)
        assert expected["siteHandNo"] == hand.hand_id
        board = [fpdb_card(expected[f"boardcard{n}"]) for n in range(1, 6)]
        assert [card for card in board if card] == list(hand.boards[0] if hand.boards else ())
        assert expected["tableName"] == hand.table
        assert expected["seats"] == len(hand.seats)
        assert expected["runItTwice"] == hand.run_twice
        checked.append("hands")
    players_file = history.with_name(history.name + ".hp")
    if players_file.exists():
        expected = fpdb_literal(players_file)
        assert set(expected) == {seat.player for seat in hand.seats}
        assert hand.pot is not None
        for seat in hand.seats:
            values = expected[seat.player]
            assert values["seatNo"] == seat.seat, seat.player
            assert values["startCash"] == fpdb_money(hand, seat.stack), seat.player
            assert values["sitout"] == seat.sitting_out, seat.player
            won = sum(award.amount for award in hand.collected if award.player == seat.player)
            assert values["winnings"] == fpdb_money(hand, won), seat.player
        total_won = sum(values["winnings"] for values in expected.values())
        total_rake = sum(values["rake"] for values in expected.values())
        assert total_rake == fpdb_money(hand, hand.pot.rake)
        assert total_won + total_rake == fpdb_money(hand, hand.pot.total)
        # chips are conserved: what the winners gained, the others lost, less the rake
        assert sum(values["totalProfit"] for values in expected.values()) == -total_rake
        checked.append("hp")
    type_file = history.with_name(history.name + ".gt")
    if type_file.exists():
        expected = fpdb_literal(type_file)
        _, currency, kind, base, category, limit, _, _, small_blind, big_blind, small_bet, big_bet, *_ = expected
        assert (kind == "tour") == (hand.tournament is not None)
        assert base == ("hold" if hand.game.is_flop_game else "stud" if hand.game in STUD_GAMES else "draw")
        assert hand.game in FPDB_CATEGORY[category]
        assert FPDB_LIMIT[limit] is hand.structure
        if hand.structure is Structure.FIXED_LIMIT:  # fpdb's blinds are half its bets; ours are the bets
            assert (small_bet, big_bet) == (
                fpdb_money(hand, hand.stakes.small_bet or 0),
                fpdb_money(hand, hand.stakes.big_bet or 0),
            )
        else:
            assert (small_blind, big_blind) == (
                fpdb_money(hand, hand.stakes.small_blind or 0),
                fpdb_money(hand, hand.stakes.big_blind or 0),
            )
        assert currency in ("T$", hand.unit.currency)
        checked.append("gt")
    assert checked
