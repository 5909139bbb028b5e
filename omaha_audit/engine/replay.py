"""Replay a hand action by action, keeping the table state before and after each line and the legal
range for it. The replay is permissive: it records what was legal, then applies the line as written,
so every deviation in a hand can be reported, not only the first.

Legal ranges follow RULES.md: pot-limit maximum PL-1..PL-6, minimum bet and raise MR-1..MR-3,
re-opening MR-4 and the limit half-bet rule FL-4, fixed-limit sizes and cap FL-1..FL-3.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from omaha_audit.engine.stud import first_to_act, open_pair, up_cards
from omaha_audit.engine.table import clockwise_from
from omaha_audit.model import STUD_GAMES, Action, ActionKind, Card, Game, Hand, Seat, Street, Structure
from omaha_audit.model.frozen import fast_init
from omaha_audit.model.house_rules import HouseRules

LIVE_POSTS: Final = frozenset(
    {
        ActionKind.POST_SMALL_BLIND,
        ActionKind.POST_BIG_BLIND,
        ActionKind.POST_STRADDLE,
        ActionKind.POST_BUTTON_BLIND,
        ActionKind.BRING_IN,
    }
)
DEAD_POSTS: Final = frozenset({ActionKind.POST_ANTE, ActionKind.POST_DEAD})
VOLUNTARY: Final = frozenset({ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE})
BLIND_POSTS: Final = LIVE_POSTS | {ActionKind.POST_SMALL_AND_BIG_BLIND}
# Members bound once: the loops below test them for every action (see omaha_audit/model/enums.py).
_FOLD: Final = ActionKind.FOLD
_BET: Final = ActionKind.BET
_RAISE: Final = ActionKind.RAISE
_ANTE: Final = ActionKind.POST_ANTE
_CALL: Final = ActionKind.CALL
_CHECK: Final = ActionKind.CHECK
_SMALL_BLIND: Final = ActionKind.POST_SMALL_BLIND
_BIG_BLIND: Final = ActionKind.POST_BIG_BLIND
_STRADDLE: Final = ActionKind.POST_STRADDLE
# ST-4: the high stud games, where a pair showing on the round with two up cards allows the big bet
_OPEN_PAIR_GAMES: Final = frozenset({Game.STUD, Game.FIVE_CARD_STUD})
_SMALL_AND_BIG: Final = ActionKind.POST_SMALL_AND_BIG_BLIND
_PREFLOP: Final = Street.PREFLOP
_FLOP: Final = Street.FLOP
_TURN: Final = Street.TURN
_RIVER: Final = Street.RIVER
_SHOWDOWN: Final = Street.SHOWDOWN
_BRING_IN: Final = ActionKind.BRING_IN
_THIRD: Final = Street.THIRD
_FOURTH: Final = Street.FOURTH
_SEVENTH: Final = Street.SEVENTH
STUD_STREETS: Final = (Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH)
DRAW_STREETS: Final = (Street.DRAW1, Street.DRAW2, Street.DRAW3)  # each draw and the betting after it
_DRAW1: Final = Street.DRAW1
DRAWS: Final = frozenset({ActionKind.DISCARD, ActionKind.STAND_PAT})
NEXT_DRAW: Final = {Street.PREFLOP: Street.DRAW1, Street.DRAW1: Street.DRAW2, Street.DRAW2: Street.DRAW3}
_ONE_DRAW: Final = frozenset({Game.SINGLE_DRAW_2_7, Game.FIVE_CARD_DRAW})  # the games with one draw
# stud: how many up cards each street's betting sees (seventh street's card is dealt down)
_UP_COUNT: Final = {Street.FOURTH: 2, Street.FIFTH: 3, Street.SIXTH: 4, Street.SEVENTH: 4}
_FIXED_LIMIT: Final = Structure.FIXED_LIMIT
_POT_LIMIT: Final = Structure.POT_LIMIT
_PL_PREFLOP_NL_POSTFLOP: Final = Structure.POT_LIMIT_PREFLOP_NO_LIMIT_POSTFLOP
POSTFLOP_STREETS: Final = (Street.FLOP, Street.TURN, Street.RIVER)
FL_CAP_BETS: Final = 4


@dataclass(slots=True, eq=False, init=False)  # one object per player: compared by identity
class PlayerState:
    name: str
    seat: int
    stack: int
    street_bet: int
    contributed: int
    ante: int  # of `contributed`, the antes
    dead: int  # of `contributed`, dead blind money: the small-blind part of missed blinds (BL-5)
    folded: bool
    all_in: bool
    last_acted_high: int  # high bet the player matched or faced when last acting this street

    def __init__(self, name: str, seat: int, stack: int) -> None:
        # (written out, with the starting values: compiled, the __init__ that dataclasses generates
        # runs interpreted)
        self.name = name
        self.seat = seat
        self.stack = stack
        self.street_bet = 0
        self.contributed = 0
        self.ante = 0
        self.dead = 0
        self.folded = False
        self.all_in = False
        self.last_acted_high = -1

    @property
    def can_act(self) -> bool:
        return not self.folded and not self.all_in


@dataclass(frozen=True, slots=True, init=False)
class Step:
    """One voluntary action or post, with the state before it and what was legal."""

    number: int  # position of the action in the hand's action list
    action: Action
    street: Street
    player: str
    seat: int | None
    expected_actor: str | None  # who was due to act; None when no action was due from anyone
    known_player: bool
    was_folded: bool
    was_all_in: bool
    stack_before: int
    bet_before: int
    high_bet_before: int
    pot_before: int
    to_call: int
    min_to: int | None  # smallest legal bet or raise-to (street total); None when raising is closed
    max_to: int | None  # largest legal bet or raise-to
    may_raise: bool  # betting re-opened for this player (MR-4/FL-4) and the limit cap not reached
    bets_before: int  # fixed limit: bets and raises already made on this street
    capped: bool  # fixed limit: betting was capped when this line came (FL-2, FL-3)
    unit: int | None  # fixed limit: the bet size of this street
    added: int
    stack_after: int
    bet_after: int
    high_bet_after: int
    full_raise: bool

    def __init__(
        self,
        number: int,
        action: Action,
        street: Street,
        player: str,
        seat: int | None,
        expected_actor: str | None,
        known_player: bool,
        was_folded: bool,
        was_all_in: bool,
        stack_before: int,
        bet_before: int,
        high_bet_before: int,
        pot_before: int,
        to_call: int,
        min_to: int | None,
        max_to: int | None,
        may_raise: bool,
        bets_before: int,
        capped: bool,
        unit: int | None,
        added: int,
        stack_after: int,
        bet_after: int,
        high_bet_after: int,
        full_raise: bool,
    ) -> None:
        self.number, self.action, self.street, self.player = number, action, street, player  # type: ignore[misc]
        self.seat, self.expected_actor, self.known_player = seat, expected_actor, known_player  # type: ignore[misc]
        self.was_folded, self.was_all_in, self.stack_before = was_folded, was_all_in, stack_before  # type: ignore[misc]
        self.bet_before, self.high_bet_before = bet_before, high_bet_before  # type: ignore[misc]
        self.pot_before, self.to_call, self.min_to = pot_before, to_call, min_to  # type: ignore[misc]
        self.max_to, self.may_raise, self.bets_before = max_to, may_raise, bets_before  # type: ignore[misc]
        self.capped, self.unit, self.added, self.stack_after = capped, unit, added, stack_after  # type: ignore[misc]
        self.bet_after, self.high_bet_after = bet_after, high_bet_after  # type: ignore[misc]
        self.full_raise = full_raise  # type: ignore[misc]


@dataclass(frozen=True, slots=True, init=False)
class StreetStart:
    """A new street (or the showdown) and the players whose betting was still open at that point."""

    street: Street
    line: int
    run: int
    pending: tuple[str, ...]

    def __init__(self, street: Street, line: int, run: int, pending: tuple[str, ...]) -> None:
        self.street, self.line, self.run, self.pending = street, line, run, pending  # type: ignore[misc]


@dataclass(slots=True, init=False)
class Replay:
    hand: Hand
    house: HouseRules
    players: dict[str, PlayerState]
    order: list[str]  # dealt-in players by seat
    steps: list[Step]
    street_starts: list[StreetStart]
    last_street: Street
    big_blind_player: str | None
    small_blind_player: str | None
    bring_in_player: str | None  # stud: who posted the bring-in
    # The steps again, by what they are, so that each rule reads only the lines it judges.
    wagers: list[Step]  # bets and raises
    calls: list[Step]
    checks: list[Step]
    voluntary: list[Step]  # folds, checks, calls, bets, raises
    paying: list[Step]  # every line that put chips in

    def __init__(self, hand: Hand, house: HouseRules, players: dict[str, PlayerState], order: list[str]) -> None:
        # (written out, with the starting values, as PlayerState's)
        self.hand = hand
        self.house = house
        self.players = players
        self.order = order
        self.steps = []
        self.street_starts = []
        self.last_street = _PREFLOP
        self.big_blind_player = None
        self.small_blind_player = None
        self.bring_in_player = None
        self.wagers = []
        self.calls = []
        self.checks = []
        self.voluntary = []
        self.paying = []

    @property
    def contributions(self) -> dict[str, int]:
        return {name: state.contributed for name, state in self.players.items()}

    @property
    def live_contributions(self) -> dict[str, int]:
        """What each player bet, without antes and dead blinds: what an uncalled bet is measured on (UC-1)."""
        return {name: state.contributed - state.dead - state.ante for name, state in self.players.items()}

    @property
    def dead_blinds(self) -> dict[str, int]:
        """Dead blind money per player: it goes into the pot but does not buy a stake in it (BL-5)."""
        return {name: state.dead for name, state in self.players.items() if state.dead}

    @property
    def folded(self) -> frozenset[str]:
        return frozenset(name for name, state in self.players.items() if state.folded)

    @property
    def ended_preflop(self) -> bool:
        """True when the hand ended in the first betting round (no flop dealt): RK-1."""
        return not any(deal.street is _FLOP for deal in self.hand.streets)


def dealt_in_players(hand: Hand) -> list[str]:
    """Players who took part: anyone with a post, action, dealt cards, showdown or collect line."""
    names: set[str] = set()
    for action in hand.actions:  # (loops: compiled, set.update over a generator is a generic call)
        names.add(action.player)
    for shown in hand.showdown:
        names.add(shown.player)
    for collected in hand.collected:
        names.add(collected.player)
    seats: dict[str, int] = {}
    taking: list[str] = []  # in the seat list's order, never a set's (that changes with the hash seed)
    for seat in hand.seats:  # (a player listed twice keeps the first seat: OA108 reports the list)
        if seat.player not in seats:
            seats[seat.player] = seat.seat
            if seat.player in names:
                taking.append(seat.player)
    return sorted(taking, key=seats.__getitem__)  # (stable: a seat listed twice keeps the list's order)


class _Replayer:
    def __init__(self, hand: Hand, house: HouseRules) -> None:
        self.hand = hand
        self.house = house
        stacks: dict[str, Seat] = {}
        for seat in hand.seats:
            stacks.setdefault(seat.player, seat)
        order = dealt_in_players(hand)
        players = {name: PlayerState(name, stacks[name].seat, stacks[name].stack) for name in order}
        self.replay = Replay(hand, house, players, order)
        self.players = players
        self.seating = list(players.values())  # (in seat order: `order` is)
        self.rotations: dict[int, list[PlayerState]] = {}  # seat -> everyone clockwise after it
        # money the site put in the pot (a cash drop, splash the pot) is in the pot the limits are measured on
        self.pot_total = hand.stp
        self.fixed = hand.structure is _FIXED_LIMIT
        self.street = _PREFLOP
        self.high_bet = 0  # the largest live bet actually made on this street
        # Preflop the price of the game is the big blind even if the big blind is short or missing
        # (BL-4, PL-6): calls and raises are measured from this level.
        # The nominal big blind; in fixed limit it is the small bet (FL-1).
        self.big_blind = hand.stakes.big_blind or (hand.stakes.small_bet if hand.structure is _FIXED_LIMIT else 0) or 0
        self.bring_in = self.big_blind
        self.last_full_raise = hand.stakes.big_blind or hand.stakes.small_bet or 0
        self.full_level = 0  # fixed limit: the high bet as of the last full bet or raise
        self.bets = 0  # fixed limit: bets and raises on this street (the big blind counts preflop)
        self.last_actor: str | None = None
        # The seat before the first to act: preflop the big blind's (set when the blinds are posted),
        # after the flop the button's.
        self.anchor_seat: int | None = hand.button
        # Stud (ST-1..ST-4): no blinds, a bring-in on third street, then the best hand showing acts first.
        self.stud = hand.game in STUD_GAMES
        self.up: dict[str, list[Card]] = {}
        self.first_choices: list[str] | None = None  # stud: who may act first on this street, if known
        self.open_pair = False  # stud, fourth street: a pair showing lets players bet the big bet (ST-4)
        self.big_fourth = False  # ... and someone did, so this street's raises are big bets too
        # Draw (DR-1..DR-3): blinds and the button as in the flop games, a betting round after each draw.
        self.draw = hand.game.is_draw
        if self.draw and not any(action.kind is _BIG_BLIND or action.kind is _SMALL_BLIND for action in hand.actions):
            self.bring_in = 0  # an ante-only draw table (Merge's half-pot-limit badugi): no price to call preflop
        if self.stud:
            self.bring_in = 0
            self.anchor_seat = None
            self.street = _THIRD
            self.replay.last_street = _THIRD
            self.up = up_cards(hand)

    # ---- street bookkeeping ------------------------------------------------------------------
    def unit(self) -> int | None:
        """Fixed limit: the bet size of the current street (small bet, then big bet from the turn)."""
        if not self.fixed:
            return None
        stakes = self.hand.stakes
        if self.stud:  # small bets on third and fourth street (big ones after an open pair), then big
            street = self.street
            small = street is _THIRD or (street is _FOURTH and not self.big_fourth)
            return stakes.small_bet if small else stakes.big_bet
        if self.draw:  # DR-2: triple draw and badugi double after the second draw, single draw after the draw
            street = self.street
            small = street is _PREFLOP or (street is _DRAW1 and self.hand.game not in _ONE_DRAW)
            return stakes.small_bet if small else stakes.big_bet
        return stakes.big_bet if self.street is _TURN or self.street is _RIVER else stakes.small_bet

    def level(self) -> int:
        """The bet a player must match: the high bet, and preflop at least the big blind."""
        return self.high_bet if self.high_bet > self.bring_in else self.bring_in

    def owed(self, state: PlayerState) -> int:
        """Chips `state` must add to call. When everyone else still in is all-in, no more than the most
        any of them has in is owed: anything above that could not be called (UC-1)."""
        owed = self.level() - state.street_bet
        if owed <= 0:
            return 0
        top = -1
        for other in self.seating:
            if other is state or other.folded:
                continue
            if not other.all_in:
                return owed
            top = max(top, other.street_bet)
        return owed if top < 0 else min(owed, max(top - state.street_bet, 0))

    def due(self) -> list[PlayerState]:
        """Players who must still act on this street, in seat order."""
        live = 0
        able: list[PlayerState] = []
        for state in self.seating:
            if not state.folded:
                live += 1
                if not state.all_in:
                    able.append(state)
        if live <= 1 or not able:
            return []
        if len(able) == 1:
            # everyone else is all-in: this player acts only if they still owe chips
            return able if self.owed(able[0]) > 0 else []
        level = self.level()
        return [state for state in able if state.street_bet < level or state.last_acted_high < 0]

    def new_street(self, street: Street, line: int, run: int) -> None:
        self.replay.street_starts.append(StreetStart(street, line, run, tuple(state.name for state in self.due())))
        if street is _SHOWDOWN or street is self.street:
            return
        self.street = street
        self.replay.last_street = street
        for state in self.players.values():
            state.street_bet = 0
            state.last_acted_high = -1
        self.high_bet = 0
        self.bring_in = 0
        self.last_full_raise = self.hand.stakes.big_blind or self.hand.stakes.small_bet or 0
        if self.fixed:
            self.last_full_raise = self.unit() or 0
        self.full_level = 0
        self.bets = 0
        self.last_actor = None
        self.anchor_seat = self.hand.button
        if self.stud:
            self.stud_street()

    def stud_street(self) -> None:
        """Stud, from fourth street: who may act first (the best hand showing among the players who can
        still bet, ties left open: ST-3) and whether a pair shows on fourth street (ST-4); unknown where
        a live player's up cards are not in the text or a card shows twice."""
        self.first_choices = None
        self.open_pair = False
        self.big_fourth = False
        count = _UP_COUNT.get(self.street, 0)
        if not count:
            return
        showing: dict[str, tuple[Card, ...]] = {}
        known = True
        for state in self.seating:
            if state.folded:
                continue
            cards = self.up.get(state.name, [])
            if len(cards) < count:
                known = False
                continue
            showing[state.name] = tuple(cards[:count])
        seen = [card for cards in showing.values() for card in cards]
        if len(set(seen)) != len(seen):  # a card shown twice (OA201's finding): the order is not judged
            known = False
            showing = {}
        if self.street is _FOURTH:
            # where a live player's cards are not known, either size is allowed
            self.open_pair = self.hand.game in _OPEN_PAIR_GAMES and (open_pair(showing) or not known)
        if known:
            able = {name: cards for name, cards in showing.items() if self.players[name].can_act}
            self.first_choices = first_to_act(self.hand.game, able, [state.name for state in self.seating])

    def stud_expected(self, actor: str) -> str | None:
        """Stud: who was due to act. The first to act on third street is left of the bring-in, from fourth
        street the best hand showing (any of several equal ones); then clockwise. Where the text does not
        show who was first, the first line's player is taken as due (not judged)."""
        if self.last_actor is not None or (self.street is _THIRD and self.anchor_seat is not None):
            return self.expected_actor()
        due = self.due()
        if not due:
            return None
        due_names = [state.name for state in due]
        if self.street is not _THIRD and self.first_choices is not None:
            choices = [name for name in self.first_choices if name in due_names]
            if choices:
                return actor if actor in choices else choices[0]
        return actor if actor in due_names else due_names[0]

    def expected_actor(self) -> str | None:
        """The first player clockwise from the last to act (or from the anchor seat) who is `due`."""
        due = self.due()
        if not due:
            return None
        start = self.anchor_seat
        if self.last_actor is not None:
            start = self.players[self.last_actor].seat
        if start is None:
            return None
        rotation = self.rotations.get(start)
        if rotation is None:
            after = [state for state in self.seating if state.seat > start]
            rotation = self.rotations[start] = after + self.seating[: len(self.seating) - len(after)]
        for state in rotation:
            if state in due:
                return state.name
        return None

    # ---- legal range -------------------------------------------------------------------------
    def capped(self) -> bool:
        """Fixed limit: no more raising on this street: four bets (FL-2), or the house's heads-up rule
        once only two players can still bet (FL-3: `unlimited`, or `5_raises` = six bets)."""
        if not self.fixed:
            return False
        heads_up = sum(1 for s in self.seating if s.can_act) <= 2
        if heads_up and self.house.hu_cap == "unlimited":
            return False
        if heads_up and self.house.hu_cap == "5_raises":
            return self.bets >= 6
        return self.bets >= FL_CAP_BETS

    def may_raise(self, state: PlayerState, capped: bool) -> bool:
        if capped:
            return False
        if state.last_acted_high < 0:
            return True
        if self.fixed and self.full_level > state.last_acted_high:
            return True
        return self.high_bet - state.last_acted_high >= max(self.last_full_raise, 1)

    def legal_range(self, state: PlayerState) -> tuple[int | None, int | None]:
        """(min_to, max_to) for a bet or raise by `state` now, before capping at the stack."""
        stakes = self.hand.stakes
        structure = self.hand.structure
        all_in_to = state.street_bet + state.stack
        if structure is _FIXED_LIMIT:
            unit = self.unit() or 0
            if self.stud and not unit:  # the header gave no bet sizes (Bovada): not judged
                return None, None
            to = self.full_level + unit if self.level() else unit
            most = to
            if self.open_pair and not self.big_fourth and self.street is _FOURTH:
                # ST-4: with a pair showing on fourth street the first bet may be the big bet
                big = self.hand.stakes.big_bet or unit
                most = self.full_level + big if self.level() else big
            return min(to, all_in_to), min(most, all_in_to)
        big_blind = stakes.big_blind or 0
        level = self.level()
        preflop = self.street is _PREFLOP
        if level == 0:
            min_to = big_blind
        else:
            min_to = level + max(self.last_full_raise, big_blind if preflop else 0)
        pot_limit = structure is _POT_LIMIT or (structure is _PL_PREFLOP_NL_POSTFLOP and preflop)
        if pot_limit:
            pot = self.pot_total
            if preflop and self.house.short_bb_counts_full_for_pl_max:
                bb_state = self.players.get(self.replay.big_blind_player or "")
                if bb_state is not None and bb_state.street_bet < big_blind:
                    pot += big_blind - bb_state.street_bet
            if preflop and self.house.sb_counts_as_bb_for_pot:
                sb_state = self.players.get(self.replay.small_blind_player or "")
                if sb_state is not None and stakes.small_blind is not None:
                    pot += big_blind - stakes.small_blind  # PL-7: the small blind counted as a big blind
            call = level - state.street_bet
            max_to = level + pot + call
        else:
            max_to = all_in_to
        max_to = min(max_to, all_in_to)
        return min(min_to, all_in_to), max_to

    # ---- applying lines ------------------------------------------------------------------------
    def apply(self, index: int, action: Action) -> None:
        state = self.players.get(action.player)
        known = state is not None
        if state is None:  # a line naming someone without a seat: track them with no chips
            state = PlayerState(action.player, action.seat or 0, 0)
        kind = action.kind
        voluntary = kind in VOLUNTARY
        high_before = self.high_bet
        stack_before = state.stack
        bet_before = state.street_bet
        was_folded = state.folded
        was_all_in = state.all_in
        pot_before = self.pot_total
        to_call = self.owed(state)
        if voluntary:
            expected = self.stud_expected(action.player) if self.stud else self.expected_actor()
            min_to, max_to = self.legal_range(state)
            capped = self.capped()
            may_raise = self.may_raise(state, capped)
        else:
            expected, min_to, max_to, may_raise, capped = None, None, None, False, False
        bets_before = self.bets
        added, live = self.chips(action, state)
        state.stack -= added
        state.contributed += added
        if kind is _ANTE:
            state.ante += added
        else:
            state.dead += added - live
        if known:
            self.pot_total += added
        state.street_bet += live
        if (state.stack <= 0 and added > 0) or action.cap_reached:
            state.all_in = True  # CAP games: reaching the cap counts as all-in (MR-6)
        full_raise = False
        if (
            self.open_pair
            and kind is _BET
            and self.street is _FOURTH
            and state.street_bet > (self.hand.stakes.small_bet or 0)
        ):
            self.big_fourth = True  # ST-4: a big bet on fourth street makes the raises big bets
        if kind is _FOLD:
            state.folded = True
        elif kind is _BET or kind is _RAISE or (kind in LIVE_POSTS and state.street_bet > high_before):
            full_raise = self.raise_made(state, high_before, kind)
        if kind in BLIND_POSTS:
            self.note_blind(action, state)
        if state.street_bet > self.high_bet:
            self.high_bet = state.street_bet
        if voluntary:
            state.last_acted_high = self.level()
            if known:
                self.last_actor = action.player
        self.replay.steps.append(
            Step(
                index,
                action,
                self.street,
                action.player,
                action.seat,
                expected,
                known,
                was_folded,
                was_all_in,
                stack_before,
                bet_before,
                high_before,
                pot_before,
                to_call,
                min_to,
                max_to,
                may_raise,
                bets_before,
                capped,
                self.unit(),
                added,
                state.stack,
                state.street_bet,
                self.high_bet,
                full_raise,
            )
        )

    def chips(self, action: Action, state: PlayerState) -> tuple[int, int]:
        """(chips put in, of which live) for a line, as the reader recorded it: `amount` is what the line
        put in, `raise_to` the street total it brought the player to."""
        kind = action.kind
        added = action.amount
        if kind is _RAISE or kind is _CALL or kind is _BET or kind in LIVE_POSTS:
            return added, added
        if kind is _SMALL_AND_BIG:  # the small-blind part is dead (BL-5)
            if action.raise_to is not None:
                live = action.raise_to - state.street_bet
            else:
                live = min(added, self.big_blind or added)
            return added, max(0, min(live, added))
        if kind in DEAD_POSTS:
            return added, 0
        return 0, 0

    def raise_made(self, state: PlayerState, high_before: int, kind: ActionKind) -> bool:
        if kind not in LIVE_POSTS:
            high_before = max(high_before, self.bring_in)
        increment = state.street_bet - high_before
        if increment <= 0:
            return False
        if self.fixed:
            unit = self.unit() or 0
            # FL-4: a bet or raise is full when it reaches a whole bet over the last full level (so
            # completing a short all-in counts), or, all-in, at least half a bet over the high bet.
            full = state.street_bet - self.full_level >= unit or (
                state.all_in and self.house.fl_short_raise_mode == "half_bet" and 2 * increment >= unit
            )
            if kind in LIVE_POSTS:
                # a bring-in for a whole small bet is the street's first bet (ST-2)
                full = kind is _BIG_BLIND or kind is _STRADDLE or (kind is _BRING_IN and state.street_bet >= unit > 0)
            if full:
                self.full_level = state.street_bet
                self.bets += 1
            return full
        if kind in LIVE_POSTS:
            if kind is _STRADDLE and self.house.straddle_sets_min_raise:
                self.last_full_raise = max(self.last_full_raise, state.street_bet)
            return False
        if high_before == 0:
            # An opening bet sets the raise size, but never below the big blind: an all-in bet for less
            # than the big blind leaves the minimum raise at one big blind over it (MR-1, MR-3).
            big_blind = self.hand.stakes.big_blind or 0
            self.last_full_raise = max(increment, big_blind)
            return increment >= big_blind
        if increment >= self.last_full_raise:
            self.last_full_raise = increment
            return True
        return False

    def note_blind(self, action: Action, state: PlayerState) -> None:
        if action.kind is _SMALL_BLIND and self.replay.small_blind_player is None:
            self.replay.small_blind_player = action.player
            if self.replay.big_blind_player is None:  # the big blind's seat, should nobody post it
                seats = [state.seat for state in self.players.values()]
                self.anchor_seat = clockwise_from(state.seat, seats)[0] if len(seats) > 1 else state.seat
        if action.kind is _BIG_BLIND and self.replay.big_blind_player is None:
            self.replay.big_blind_player = action.player
            self.anchor_seat = state.seat
        if action.kind is _STRADDLE:
            self.anchor_seat = state.seat
        if action.kind is _BRING_IN and self.replay.bring_in_player is None:
            self.replay.bring_in_player = action.player
            self.anchor_seat = state.seat  # third street's action starts left of the bring-in (ST-2)
            state.last_acted_high = state.street_bet  # no option: when all call, third street is over


def replay(hand: Hand, house: HouseRules) -> Replay:
    """Replay the betting of a flop-game hand (Hold'em and the Omaha family), a stud hand (seven-card stud,
    stud hi/lo, razz) or a draw hand (2-7 single and triple draw, badugi): the streets of stud and draw
    hands are the actions' own, as they print no board."""
    replayer = _Replayer(hand, house)
    stud = replayer.stud
    draw = replayer.draw
    drawn = False  # draw games: the line before was a discard or a stand-pat
    if hand.structure is _FIXED_LIMIT:
        replayer.last_full_raise = hand.stakes.small_bet or 0
    markers = sorted(
        (
            (deal.order, deal.source.line, deal.street, deal.run)
            for deal in hand.streets
            if deal.street in POSTFLOP_STREETS
        ),
        key=lambda item: item[0],
    )
    showdowns = sorted(
        {
            *((mark.order, mark.source.line) for mark in hand.showdown_marks),
            *((line.order, line.source.line) for line in hand.showdown if line.order),
        }
    )
    first_showdown = showdowns[0] if showdowns else None
    marker_index = 0
    showdown_noted = False
    for index, action in enumerate(hand.actions):
        order = action.order
        while marker_index < len(markers) and markers[marker_index][0] < order:
            _, marker_line, street, run = markers[marker_index]
            replayer.new_street(street, marker_line, run)
            marker_index += 1
        if first_showdown is not None and not showdown_noted and first_showdown[0] < order:
            replayer.new_street(_SHOWDOWN, first_showdown[1], 0)
            showdown_noted = True
        own = action.street
        if stud and own is not replayer.street and own in STUD_STREETS:
            replayer.new_street(own, action.source.line, 0)
        elif draw:
            drawing = action.kind in DRAWS
            if own is not replayer.street and own in DRAW_STREETS:
                replayer.new_street(own, action.source.line, 0)
            elif drawing and not drawn and replayer.street in NEXT_DRAW:
                # a draw the text gives no street line (PokerStars' single draw): its discards start it
                replayer.new_street(NEXT_DRAW[replayer.street], action.source.line, 0)
            drawn = drawing
        replayer.apply(index, action)
    while marker_index < len(markers):
        _, marker_line, street, run = markers[marker_index]
        replayer.new_street(street, marker_line, run)
        marker_index += 1
    if first_showdown is not None and not showdown_noted:
        replayer.new_street(_SHOWDOWN, first_showdown[1], 0)
    result = replayer.replay
    for step in result.steps:
        kind = step.action.kind
        if kind in VOLUNTARY:
            result.voluntary.append(step)
            if kind is _BET or kind is _RAISE:
                result.wagers.append(step)
            elif kind is _CALL:
                result.calls.append(step)
            elif kind is _CHECK:
                result.checks.append(step)
        if step.added > 0:
            result.paying.append(step)
    return result


fast_init(Step, StreetStart)
