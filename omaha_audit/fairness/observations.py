"""What one hand gives the fairness tests, read from the room-neutral model, free of selection:

* the hero's hole cards (dealt whatever anyone does), with Courchevel's exposed board card, the hero's
  seat and position, and the table and time that order the hands of a table;
* the all-in, when every player left holds cards that are shown and the board is not complete: the cards
  known at that moment, the board(s) dealt after it, and each player's chips in the pot. The run-out is
  uniform over the unseen cards only when no dealt hand is unknown, so `fair_runout` is True only when every
  player dealt in is known (the folded hands, chosen by their cards, would otherwise bias the stub);
* the keys that find one deal seen twice (a known hand and the flop and turn dealt with it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from omaha_audit.model import ActionKind, Card, Game, Hand, ShowdownKind, Street

POSITIONS: Final = ("button", "small blind", "big blind", "other")
_BOARD_BEFORE: Final = {Street.BLINDS: 0, Street.PREFLOP: 0, Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}
# a 36-card deck (6+ Hold'em), stud and draw games are not dealt as the tests assume
_FLOP_GAMES: Final = frozenset(game for game in Game if game.is_flop_game and game is not Game.SIX_PLUS_HOLDEM)


@dataclass(frozen=True, slots=True)
class HeroDeal:
    hand: str  # room and hand id
    table: str
    order: tuple[str, int, str]  # (start time, hand number, hand id): the hands of a table in order
    game: Game
    cards: tuple[int, ...]  # card indexes 0..51 (Card.index), as dealt
    exposed: int | None  # Courchevel: the flop card shown before the betting
    seat: int
    position: str  # one of POSITIONS
    hero: str


@dataclass(frozen=True, slots=True)
class Contender:
    player: str
    seat: int
    cards: tuple[Card, ...]
    chips: int  # put in the pot over the hand
    hero: bool


@dataclass(frozen=True, slots=True)
class AllIn:
    """The betting is over with the board incomplete and every remaining hand shown."""

    hand: str
    game: Game
    unit: str
    contenders: tuple[Contender, ...]
    dead: int  # the chips of players who folded
    known_board: tuple[Card, ...]  # the board when the betting ended
    boards: tuple[tuple[Card, ...], ...]  # the final board of each run
    fair_runout: bool  # every hand dealt in is known: the run-out is uniform over the unseen cards
    known: frozenset[Card]  # every card known when the betting ended (hands and board)


@dataclass(frozen=True, slots=True)
class Observation:
    hand: str  # room and hand id
    deal: HeroDeal | None
    all_in: AllIn | None
    repeat_keys: tuple[tuple[int, frozenset[int], frozenset[int], int], ...]  # (hole count, hole, flop, turn)


def observe(hand: Hand) -> Observation | None:
    """The fairness observations of one hand, or None when its game is not one the tests model."""
    game = hand.game
    if game not in _FLOP_GAMES or hand.cancelled or hand.truncated:
        return None
    size = game.hole_cards or 0
    known = _known_holes(hand, size)
    deal = _hero_deal(hand, known, size)
    return Observation(_hand_name(hand), deal, _all_in(hand, known, size), _repeat_keys(hand, known, size))


def _hand_name(hand: Hand) -> str:
    return f"{hand.room}:{hand.hand_id}"


def _known_holes(hand: Hand, size: int) -> dict[str, tuple[Card, ...]]:
    known: dict[str, tuple[Card, ...]] = {}
    for dealt in hand.dealt:
        if len(dealt.cards) == size:
            known[dealt.player] = dealt.cards
    for line in hand.showdown:
        if line.kind is not ShowdownKind.DOESNT_SHOW and len(line.cards) == size:
            known.setdefault(line.player, line.cards)
    for seat in hand.summary_seats:
        if len(seat.cards) == size:
            known.setdefault(seat.player, seat.cards)
    return known


def _hero_deal(hand: Hand, known: dict[str, tuple[Card, ...]], size: int) -> HeroDeal | None:
    hero = hand.hero
    if hero is None or hero not in known or not any(dealt.player == hero for dealt in hand.dealt):
        return None
    cards = known[hero]
    if len({card.index for card in cards}) != size:
        return None
    seat = next((seat.seat for seat in hand.seats if seat.player == hero), 0)
    positions = next((summary.positions for summary in hand.summary_seats if summary.player == hero), ())
    position = next((name for name in POSITIONS if name in positions), "other")
    exposed = None
    if hand.game.is_courchevel:
        first = next((street for street in hand.streets if street.street is Street.PREFLOP and street.cards), None)
        if first is not None and first.cards[0] not in cards:
            exposed = first.cards[0].index
    stamp = hand.started.isoformat() if hand.started is not None else hand.started_local
    number = int(hand.hand_id) if hand.hand_id.isdigit() else 0
    return HeroDeal(
        _hand_name(hand),
        f"{hand.room}:{hand.table_id}",
        (stamp, number, hand.hand_id),
        hand.game,
        tuple(card.index for card in cards),
        exposed,
        seat,
        position,
        hero,
    )


def _all_in(hand: Hand, known: dict[str, tuple[Card, ...]], size: int) -> AllIn | None:
    boards = tuple(board for board in hand.boards if len(board) == 5)
    if not boards or len(boards) != len(hand.boards):
        return None
    chips: dict[str, int] = {}
    folded: set[str] = set()
    dealt_in: set[str] = set()
    last_street = Street.PREFLOP
    any_all_in = False
    for action in hand.actions:
        dealt_in.add(action.player)
        chips[action.player] = chips.get(action.player, 0) + action.amount
        if action.kind is ActionKind.FOLD:
            folded.add(action.player)
        elif not action.kind.is_post:
            last_street = action.street
        any_all_in = any_all_in or action.all_in
    for returned in hand.uncalled:
        chips[returned.player] = chips.get(returned.player, 0) - returned.amount
    if not any_all_in or last_street not in _BOARD_BEFORE:
        return None
    shown = _BOARD_BEFORE[last_street]
    if hand.game.is_courchevel and shown == 0:
        shown = 1
    if shown >= 5:
        return None
    players = [player for player in chips if player not in folded and chips[player] > 0]
    if len(players) < 2 or any(player not in known for player in players):
        return None
    known_board = boards[0][:shown]
    if any(board[:shown] != known_board for board in boards):
        return None
    seats = {seat.player: seat.seat for seat in hand.seats}
    contenders = tuple(
        Contender(player, seats.get(player, 0), known[player], chips[player], player == hand.hero) for player in players
    )
    held = [card for contender in contenders for card in contender.cards]
    cards = held + list(known_board)
    if len(set(cards)) != len(cards) or any(set(board) & set(held) for board in boards):
        return None  # (a card dealt twice: the audit reports it; no equity can be computed)
    dead = sum(amount for player, amount in chips.items() if player in folded)
    everyone_known = all(player in known for player in dealt_in)
    known_cards = frozenset(cards) | frozenset(card for player in dealt_in for card in known.get(player, ()))
    unit = f"{hand.unit.currency}/{hand.unit.decimals}"
    return AllIn(_hand_name(hand), hand.game, unit, contenders, dead, known_board, boards, everyone_known, known_cards)


def _repeat_keys(
    hand: Hand, known: dict[str, tuple[Card, ...]], size: int
) -> tuple[tuple[int, frozenset[int], frozenset[int], int], ...]:
    board = hand.boards[0] if hand.boards else ()
    if len(board) < 4:
        return ()
    flop = frozenset(card.index for card in board[:3])
    turn = board[3].index
    return tuple(
        (size, frozenset(card.index for card in cards), flop, turn)
        for cards in known.values()
        if len({card.index for card in cards}) == size
    )
