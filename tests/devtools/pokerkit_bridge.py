"""Replay a parsed hand in pokerkit (github.com/uoftcprg/pokerkit), an independent rules engine, and
report what pokerkit made of it: contributions, uncalled bets, pots, who was pushed what, net results.

    result = replay_in_pokerkit(hand)   # PokerkitResult, or None when pokerkit cannot represent the hand

pokerkit is a test-only dependency: it is imported inside the functions, so this module (and the
package) imports without it.

How a hand is put into pokerkit:

* Players in pokerkit's order for blind games: index 0 is the first dealt-in seat clockwise after the
  button, the button last. Heads-up that makes index 0 the big blind and index 1 the button/small blind;
  pokerkit reads antes and blinds of a two-player table swapped (`blinds[not i]`), so they are passed
  swapped too.
* Starting stacks are the seat stacks; antes, blinds, extra big blinds and dead blinds are the amounts
  the hand posts: small and big blind as pokerkit blinds; an extra big blind of a new player, or the live
  part of "posts small & big blinds" (BL-5/BL-6), as a pokerkit *post* (a negative blind: live, but not a
  position for who acts first); the dead part of a missed blind (and other rooms' dead posts) as a
  per-player ante with ante trimming off, so it is dead money in the main pot (BL-5, PL-3). A straddle
  is supported right after the big blind. pokerkit posts them itself (ante and blind automations) and
  the posted amounts are checked against the hand's.
* Betting: pot-limit / no-limit with the big blind as the minimum bet on every street; fixed limit with
  the small bet (pre-flop, flop) and the big bet (turn, river), capped at four bets a round: three raises
  pre-flop (the big blind is the first bet) and a bet and three raises after (FL-2, FL-3: PokerStars caps
  at four bets heads-up too).
* Games: Hold'em (`StandardHighHand`); Omaha with 4, 5 or 6 hole cards (`OmahaHoldemHand`, exactly two
  hole and three board cards); hi/lo adds `OmahaEightOrBetterLowHand` as a second hand type;
  Courchevel deals the first board card with the hole cards (a pre-flop street dealing one board card,
  then two on the flop).
* Cards: known hole cards (dealt to hero, shown, listed in the summary) are dealt as they are; a player
  whose cards are unknown gets unused cards, which matters only if he reaches showdown, where he must
  either muck (as the hand says) or have known cards (else the hand is unsupported). Boards are dealt
  from the hand; no burn cards (they change nothing and a full table of 5-card Omaha run twice would run
  out of cards). Run it twice: in cash games pokerkit asks every player in the hand for a runout count;
  each selects two when the hand ran twice, else one. Tournament hands use pokerkit's tournament mode.
* Showdown: players show in pokerkit's order, except those the hand says mucked, who muck. pokerkit's
  automations kill hands that cannot win, push the chips and let the players pull them.
* Rake: the rake function takes from the pots exactly what the hand's summary says the room took, spread
  the way the room's preset says (RK-4, SP-4) over pokerkit's pots as they stood when betting ended: the
  printed net main/side pots when the room prints them net and there are as many, else the rake (and
  other fees) in proportion to the pots, the remainder on the main pot; nothing when the room's collected
  amounts are gross (MPL). pokerkit then merges pots whose remaining players coincide; a merged pot
  carries the rake of its parts.
* pokerkit 0.7.7 quirks worked around: `select_runout_count` checks its player index as the runout count
  (so the bridge lets pokerkit pick the selector); dealing the rest of the board to a single player left
  after mucks fails an assertion (such hands are unsupported); an all-in player has no action, so a hand
  where one folds (PokerStars folds sitting-out players all-in on the posts) is unsupported.

Everything pokerkit does is recorded with integer chips in our units. An action pokerkit refuses (an
error, a different call amount, a different player to act, a different betting round) ends the replay
with `rejected_at` = the line of the action and pokerkit's reason: pokerkit thinks the line illegal.
Unsupported hands (stud, draw, bring-ins, button blinds, CAP games, splash-the-pot, unknown cards at
showdown, cancelled or cut-off hands...) give None; `pokerkit_replay` says why. Warnings pokerkit issues
(in cash-game mode a fold facing no bet is a warning, not an error) are kept in `warnings`.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from omaha_audit.engine.replay import VOLUNTARY, dealt_in_players
from omaha_audit.engine.settle import known_hole_cards, mucked_players
from omaha_audit.engine.table import clockwise_from
from omaha_audit.model import DECK, Action, ActionKind, Card, Game, Hand, PotBasis, Street, Structure
from omaha_audit.model.house_rules import HouseRules
from omaha_audit.rooms import preset_for

__all__ = [
    "PokerkitPot",
    "PokerkitPush",
    "PokerkitResult",
    "Unsupported",
    "pokerkit_replay",
    "replay_in_pokerkit",
]

_STREET_INDEX = {Street.PREFLOP: 0, Street.FLOP: 1, Street.TURN: 2, Street.RIVER: 3}
_STREET_NAME = ("pre-flop", "flop", "turn", "river")
# Hold'em and the Omaha family; 6+ Hold'em ranks hands differently.
_SUPPORTED_GAMES = frozenset(game for game in Game if game.is_flop_game) - {Game.SIX_PLUS_HOLDEM}


# ---- results -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Unsupported:
    """pokerkit cannot represent this hand (or the hand lacks what a replay needs)."""

    reason: str


@dataclass(frozen=True, slots=True)
class PokerkitPot:
    amount: int  # gross: everything put into this pot
    eligible: tuple[str, ...]  # players who may win it, in pokerkit's order
    rake: int = 0  # what the rake function took from it (final pots only)


@dataclass(frozen=True, slots=True)
class PokerkitPush:
    """One pokerkit chips-pushing operation: a pot's share for one board and one hand type."""

    pot: int  # index into PokerkitResult.final_pots
    board: int | None  # 0, or 1 for the second runout; None when the pot was won uncontested
    hand_type: int | None  # 0 high (or the only type), 1 low; None when won uncontested
    amounts: dict[str, int]


@dataclass(frozen=True, slots=True)
class PokerkitResult:
    hand_id: str
    players: tuple[str, ...]  # pokerkit's order: first seat after the button ... the button
    starting_stacks: dict[str, int]
    put_in: dict[str, int]  # every chip a player put in: antes, blinds, calls, bets, raises
    returned: dict[str, int]  # chips pokerkit gave back unmatched (uncalled bets)
    contributions: dict[str, int]  # put_in - returned: what stayed in the pots
    pots: tuple[PokerkitPot, ...]  # gross pots when betting ended, before anyone showed or mucked
    final_pots: tuple[PokerkitPot, ...]  # the pots pokerkit split (after mucks), with their rake
    pushes: tuple[PokerkitPush, ...]
    awards: dict[str, int]  # chips pushed to each player from the pots
    net: dict[str, int]  # final stack - starting stack
    boards: tuple[tuple[str, ...], ...]
    runouts: int
    won_uncontested: bool  # everyone else folded
    # The bets of the last betting round as they stood when it ended (before pokerkit collected them).
    # When everyone folds, pokerkit leaves the winner's whole bet of that betting round in front of him (it is in
    # `returned`), where UC-1 returns only the part nobody matched.
    last_round_bets: dict[str, int] = field(default_factory=dict)
    rejected_at: int | None = None  # line of the first action pokerkit refused
    rejected_reason: str | None = None
    warnings: tuple[str, ...] = ()

    @property
    def refund(self) -> tuple[str, int] | None:
        """The chips pokerkit returned, as (player, amount); None when nothing came back."""
        back = [(name, amount) for name, amount in self.returned.items() if amount]
        if not back:
            return None
        return max(back, key=lambda item: item[1])

    @property
    def rake(self) -> int:
        return sum(pot.rake for pot in self.final_pots)


# ---- entry points --------------------------------------------------------------------------------


def replay_in_pokerkit(hand: Hand) -> PokerkitResult | None:
    """pokerkit's replay of `hand`, or None when pokerkit cannot represent it. Never raises."""
    result = pokerkit_replay(hand)
    return result if isinstance(result, PokerkitResult) else None


def pokerkit_replay(hand: Hand) -> PokerkitResult | Unsupported:
    """Like `replay_in_pokerkit`, saying why a hand is unsupported. Never raises."""
    try:
        import pokerkit  # noqa: F401
    except ImportError:
        return Unsupported("pokerkit is not installed")
    saved = random.getstate()  # pokerkit shuffles its deck with the global random generator
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            outcome = _Bridge(hand).run()
        if isinstance(outcome, PokerkitResult) and caught:
            messages = tuple(dict.fromkeys(str(item.message) for item in caught))
            outcome = replace(outcome, warnings=messages)
        return outcome
    except Exception as error:  # a bridge bug or a pokerkit crash outside an action: not a verdict
        return Unsupported(f"bridge error: {type(error).__name__}: {error}")
    finally:
        random.setstate(saved)


# ---- the replay ----------------------------------------------------------------------------------


class _Rejected(Exception):
    def __init__(self, line: int, reason: str) -> None:
        super().__init__(reason)
        self.line = line
        self.reason = reason


class _Skip(Exception):
    """Raised inside the replay when the hand turns out to be unsupported."""


def _cards_text(cards: Iterable[Card]) -> str:
    return "".join(str(card) for card in cards)


class _Rake:
    """pokerkit's rake function (called per pot). It takes what the hand's summary says, and only when
    pokerkit computes the pots it will push (street index None, pots not yet frozen); pokerkit also
    computes pots during the hand (pot-limit sizes, who can still win) and those are left unraked.

    The rake is spread over the pots as they stood when betting ended (`before`, set by the bridge at
    the first showdown operation): those are the pots the room prints. pokerkit then kills the hands
    that cannot win and splits the pots recomputed without them, merging neighbours whose remaining
    players coincide; each such final pot is a run of consecutive earlier pots and takes their rake.

    pokerkit builds the final pots level by level and merges a pot into the previous one when their
    players coincide, calling this function again for the merged amount; so the plan is made on
    pokerkit's own final pot list (computed once, re-entrantly, unraked) and applied to the call whose
    amount is the next final pot's."""

    def __init__(self, hand: Hand, house: HouseRules) -> None:
        summary = hand.pot
        self.deduction = 0
        self.printed: list[int] | None = None
        if summary is not None and summary.collected_basis is PotBasis.NET:
            self.deduction = (summary.rake or 0) + hand.fees_taken
            if summary.pots_basis is PotBasis.NET and summary.main is not None:
                self.printed = [summary.main, *summary.sides]
        self.busy = False
        self.before: list[int] | None = None
        self.grosses: list[int] | None = None
        self.eligible: list[tuple[int, ...]] = []
        self.cuts: list[int] = []
        self.pointer = 0
        self.problem: str | None = None

    def plan(self, grosses: list[int]) -> list[int]:
        before = self.before if self.before is not None else grosses
        cuts = self.spread(before)
        if before is grosses:
            return cuts
        final: list[int] = []
        position = 0
        for gross in grosses:
            taken = cut = 0
            while taken < gross and position < len(before):
                taken += before[position]
                cut += cuts[position]
                position += 1
            if taken != gross:
                self.problem = "pokerkit's final pots do not line up with the pots before the showdown"
                return [0] * len(grosses)
            final.append(cut)
        return final

    def spread(self, grosses: list[int]) -> list[int]:
        printed = self.printed
        if printed is not None and len(printed) == len(grosses):
            cuts = [gross - net for gross, net in zip(grosses, printed, strict=True)]
            if all(0 <= cut <= gross for cut, gross in zip(cuts, grosses, strict=True)):
                return cuts
        total = sum(grosses)
        if total <= 0 or self.deduction <= 0:
            return [0] * len(grosses)
        if self.deduction > total:
            self.problem = f"the printed rake {self.deduction} exceeds the pot {total}"
            return [0] * len(grosses)
        cuts = [self.deduction * gross // total for gross in grosses]
        cuts[0] += self.deduction - sum(cuts)
        if cuts[0] > grosses[0]:
            self.problem = "the rake's remainder does not fit in the main pot"
            return [0] * len(grosses)
        return cuts

    def __call__(self, amount: int, state: Any) -> tuple[int, int]:
        if self.busy or state.street_index is not None or state._pots is not None:
            return 0, amount
        if self.grosses is None:
            self.busy = True
            try:
                pots = list(state.pots)
            finally:
                self.busy = False
            self.grosses = [pot.amount for pot in pots]
            self.eligible = [tuple(pot.player_indices) for pot in pots]
            self.cuts = self.plan(self.grosses)
        if self.pointer < len(self.grosses) and amount == self.grosses[self.pointer]:
            cut = self.cuts[self.pointer]
            self.pointer += 1
            return cut, amount - cut
        return 0, amount


@dataclass(slots=True)
class _Setup:
    players: list[str]
    stacks: list[int]
    antes: list[int]
    blinds: list[int]
    posted: list[int]
    dead: bool  # dead money (missed blinds) is passed as untrimmed antes
    voluntary: list[Action] = field(default_factory=list)


class _Bridge:
    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.house = preset_for(hand)
        self.state: Any = None
        self.index: dict[str, int] = {}
        self.players: list[str] = []
        self.holes: dict[str, tuple[Card, ...]] = {}
        self.known: set[str] = set()  # players whose hole cards the text shows
        self.mucked: set[str] = set()
        self.boards: tuple[tuple[Card, ...], ...] = ()
        self.runouts = 1
        self.pots_at_showdown: list[Any] | None = None
        self.rake: _Rake | None = None

    # ---- checks before building ---------------------------------------------------------------
    def unsupported(self) -> str | None:
        hand = self.hand
        if hand.game not in _SUPPORTED_GAMES:
            return f"game {hand.game.value} is not modelled"
        if hand.structure not in (Structure.POT_LIMIT, Structure.NO_LIMIT, Structure.FIXED_LIMIT):
            return f"betting structure {hand.structure.value} is not modelled"
        if hand.cancelled:
            return "hand cancelled"
        if hand.truncated:
            return "hand cut off before the summary"
        if hand.stakes.cap is not None:
            return "CAP game (a per-hand cap pokerkit has no notion of)"
        if hand.stp:
            return "splash-the-pot money (pokerkit cannot add chips to a pot)"
        if hand.button is None:
            return "no button seat"
        if hand.run_twice and hand.tournament is not None:
            return "run twice in a tournament (pokerkit's tournament mode runs once)"
        if len(hand.boards) > 2:
            return "more than two runouts"
        if hand.structure is Structure.FIXED_LIMIT:
            if not hand.stakes.small_bet or not hand.stakes.big_bet:
                return "fixed limit without small/big bet"
            if self.house.hu_cap != "4_bets":
                return f"fixed-limit heads-up cap {self.house.hu_cap!r} (pokerkit caps every round alike)"
        if any(action.cap_reached for action in hand.actions):
            return "CAP game"
        return None

    def setup(self) -> _Setup | str:
        hand = self.hand
        names = dealt_in_players(hand)
        if len(names) < 2:
            return "fewer than two players dealt in"
        assert hand.button is not None
        seat_of = {seat.player: seat.seat for seat in hand.seats}
        by_seat = {seat_of[name]: name for name in names}
        order = [by_seat[seat] for seat in clockwise_from(hand.button, list(by_seat))]
        self.players = order
        self.index = {name: i for i, name in enumerate(order)}
        stacks_by_name = {seat.player: seat.stack for seat in hand.seats}
        stacks = [stacks_by_name[name] for name in order]
        if min(stacks) <= 0:
            return "a dealt-in player has no chips"
        count = len(order)
        antes, blinds, posted = [0] * count, [0] * count, [0] * count
        nominal_bb = hand.stakes.big_blind or next(
            (action.amount for action in hand.actions if action.kind is ActionKind.POST_BIG_BLIND), 0
        )
        dead = False
        small_seen = big_seen = False
        big_index: int | None = None
        voluntary: list[Action] = []
        for action in hand.actions:
            kind = action.kind
            if action.player not in self.index:
                return f"line {action.source.line}: {action.player} has no seat"
            i = self.index[action.player]
            if kind in VOLUNTARY:
                voluntary.append(action)
                continue
            if not kind.is_post:
                return f"line {action.source.line}: {kind.value} is not modelled"
            if voluntary:
                return f"line {action.source.line}: a post after the betting began"
            posted[i] += action.amount
            if kind is ActionKind.POST_ANTE:
                antes[i] += action.amount
            elif kind is ActionKind.POST_DEAD:
                antes[i] += action.amount
                dead = True
            elif kind is ActionKind.POST_SMALL_BLIND:
                if small_seen or blinds[i]:
                    return "two small blinds"
                blinds[i] = action.amount
                small_seen = True
            elif kind is ActionKind.POST_BIG_BLIND:
                if blinds[i]:
                    return "a player posts two blinds"
                if not big_seen:
                    blinds[i] = action.amount
                    big_seen = True
                    big_index = i
                else:  # a new player's extra big blind: live, not a position (BL-6)
                    blinds[i] = -action.amount
            elif kind is ActionKind.POST_SMALL_AND_BIG_BLIND:
                if blinds[i] or not nominal_bb:
                    return "missed blinds from a player who also posts a blind"
                live = min(action.amount, nominal_bb)
                blinds[i] = -live
                if action.amount > live:
                    antes[i] += action.amount - live
                    dead = True
            elif kind is ActionKind.POST_STRADDLE:
                if big_index is None or i != (big_index + 1) % count or blinds[i]:
                    return "a straddle not right after the big blind"
                blinds[i] = action.amount
            else:
                return f"{kind.value} is not modelled"
        if not any(blinds) and not any(antes):
            return "no blinds or antes"
        for action in voluntary:
            i = self.index[action.player]
            if posted[i] >= stacks[i]:
                # PokerStars folds a sitting-out player who is all-in on the ante or a blind (and then
                # splits the pots at his stake); in pokerkit an all-in player has no action and stays in.
                return f"line {action.source.line}: {action.player}, all-in on the posts, {action.kind.value}s"
        return _Setup(order, stacks, antes, blinds, posted, dead, voluntary)

    # ---- building the state -------------------------------------------------------------------
    def build(self, setup: _Setup) -> Any:
        from pokerkit import (
            Automation,
            BettingStructure,
            Deck,
            Mode,
            OmahaEightOrBetterLowHand,
            OmahaHoldemHand,
            Opening,
            StandardHighHand,
            State,
        )
        from pokerkit import Street as KitStreet

        hand = self.hand
        game = hand.game
        hole = game.hole_cards or 0
        if game is Game.HOLDEM:
            hand_types: tuple[Any, ...] = (StandardHighHand,)
        elif game.is_hi_lo:
            hand_types = (OmahaHoldemHand, OmahaEightOrBetterLowHand)
        else:
            hand_types = (OmahaHoldemHand,)
        if hand.structure is Structure.FIXED_LIMIT:
            assert hand.stakes.small_bet and hand.stakes.big_bet
            small, big = hand.stakes.small_bet, hand.stakes.big_bet
            caps: list[int | None] = [3, 4, 4, 4]  # FL-2/FL-3: four bets a round, the big blind the first
            structure = BettingStructure.FIXED_LIMIT
        else:
            bb = hand.stakes.big_blind or max(setup.blinds, default=0)
            if bb <= 0:
                raise _Skip("no big blind to size bets")
            small = big = bb
            caps = [None, None, None, None]
            structure = (
                BettingStructure.POT_LIMIT if hand.structure is Structure.POT_LIMIT else BettingStructure.NO_LIMIT
            )
        courchevel = game.is_courchevel
        streets = (
            KitStreet(False, (False,) * hole, 1 if courchevel else 0, False, Opening.POSITION, small, caps[0]),
            KitStreet(False, (), 2 if courchevel else 3, False, Opening.POSITION, small, caps[1]),
            KitStreet(False, (), 1, False, Opening.POSITION, big, caps[2]),
            KitStreet(False, (), 1, False, Opening.POSITION, big, caps[3]),
        )
        antes, blinds = list(setup.antes), list(setup.blinds)
        if len(antes) == 2:  # pokerkit reads a heads-up table's antes and blinds swapped
            antes.reverse()
            blinds.reverse()
        self.rake = _Rake(hand, self.house)
        return State(
            (
                Automation.ANTE_POSTING,
                Automation.BET_COLLECTION,
                Automation.BLIND_OR_STRADDLE_POSTING,
                Automation.HAND_KILLING,
                Automation.CHIPS_PUSHING,
                Automation.CHIPS_PULLING,
            ),
            Deck.STANDARD,
            hand_types,
            streets,
            structure,
            not setup.dead,  # uniform antes are trimmed like bets; dead money is not
            tuple(antes),
            tuple(blinds),
            0,
            tuple(setup.stacks),
            len(setup.players),
            mode=Mode.TOURNAMENT if hand.tournament is not None else Mode.CASH_GAME,
            rake=self.rake,
        )

    def prepare_cards(self) -> str | None:
        hand = self.hand
        wanted = hand.game.hole_cards or 0
        known = {name: cards for name, cards in known_hole_cards(hand).items() if name in self.index}
        boards = tuple(board for board in hand.boards if board)
        if not boards:  # no Board line (e.g. Courchevel ended pre-flop): the cards the streets show
            dealt = sorted(hand.streets, key=lambda deal: deal.source.line)
            boards = (dealt[-1].cards,) if dealt else ((),)
        used: list[Card] = [card for cards in known.values() for card in cards]
        shared = 0
        if len(boards) == 2:
            first, second = boards
            while shared < min(len(first), len(second)) and first[shared] is second[shared]:
                shared += 1
            used += list(first) + list(second[shared:])
        else:
            used += list(boards[0])
        if len(set(used)) != len(used):
            return "a card appears twice among the known cards (card integrity, OM-4)"
        spare = [card for card in DECK if card not in set(used)]
        holes: dict[str, tuple[Card, ...]] = {}
        for name in self.players:
            if name in known:
                holes[name] = known[name]
            else:
                if len(spare) < wanted:
                    return "not enough unused cards for the unknown hands"
                holes[name], spare = tuple(spare[:wanted]), spare[wanted:]
        self.holes = holes
        self.known = set(known)
        self.boards = boards
        self.runouts = len(boards) if hand.run_twice or len(boards) == 2 else 1
        self.mucked = set(mucked_players(hand))
        return None

    # ---- driving ------------------------------------------------------------------------------
    def advance(self) -> None:
        """Do everything that is not a player's betting decision: deal, select runouts, show or muck."""
        state = self.state
        while state.status:
            dealee = state.hole_dealee_index
            if dealee is not None:
                state.deal_hole(_cards_text(self.holes[self.players[dealee]]), dealee)
                continue
            count = state.board_dealing_count
            if count:
                state.deal_board(self.board_cards(count))
                continue
            if state.can_select_runout_count():
                # pokerkit 0.7.7's select_runout_count verifies its player_index argument as the runout
                # count (index 0 reads as "runout count 0"): let it pick the next selector itself.
                state.select_runout_count(self.runouts)
                continue
            shower = state.showdown_index
            if shower is not None:
                if self.pots_at_showdown is None:
                    self.pots_at_showdown = list(state.pots)
                    if self.rake is not None:
                        self.rake.before = [pot.amount for pot in self.pots_at_showdown]
                name = self.players[shower]
                if name in self.mucked:
                    if sum(state.statuses) <= 2 and state.street is not state.streets[-1]:
                        # pokerkit 0.7.7 fails an assertion (get_effective_stack) dealing the rest of the
                        # board to one player left in the hand
                        raise _Skip("all but one player muck in an all-in showdown before the board is complete")
                    state.show_or_muck_hole_cards(False, shower)
                elif name in self.known:
                    state.show_or_muck_hole_cards(True, shower)
                else:
                    raise _Skip(f"{name} reaches showdown and neither shows nor mucks known cards")
                continue
            break

    def board_cards(self, count: int) -> str:
        state = self.state
        first = list(state.get_board_cards(0))
        target = 0
        if state.board_count > 1 and len(first) >= len(self.boards[0]):
            target = 1
        if target >= len(self.boards):
            raise _Skip("pokerkit deals a second runout the hand does not have")
        have = len(list(state.get_board_cards(target)))
        cards = self.boards[target][have : have + count]
        if len(cards) < count:
            raise _Skip("the board in the text is shorter than pokerkit deals")
        return _cards_text(cards)

    def apply(self, action: Action) -> None:
        state = self.state
        line = action.source.line
        i = self.index[action.player]
        expected_street = _STREET_INDEX.get(action.street)
        if expected_street is None:
            raise _Skip(f"line {line}: an action on {action.street.value}")
        actor = state.actor_index
        if actor is None:
            if not state.status:
                raise _Rejected(line, "pokerkit: the hand is already over")
            raise _Rejected(line, "pokerkit: nobody is to act now (betting closed)")
        if state.street_index != expected_street:
            here = _STREET_NAME[state.street_index] if state.street_index is not None else "none"
            raise _Rejected(
                line, f"pokerkit is still betting on the {here}, the line is on the {_STREET_NAME[expected_street]}"
            )
        if actor != i:
            raise _Rejected(line, f"pokerkit: {self.players[actor]} is to act, not {action.player}")
        kind = action.kind
        try:
            if kind is ActionKind.FOLD:
                state.fold()
            elif kind is ActionKind.CHECK or kind is ActionKind.CALL:
                amount = state.checking_or_calling_amount
                wanted = 0 if kind is ActionKind.CHECK else action.amount
                if amount != wanted:
                    raise _Rejected(
                        line, f"pokerkit: {action.player} must put in {amount} to call, the line has {wanted}"
                    )
                state.check_or_call()
            elif kind is ActionKind.BET:
                state.complete_bet_or_raise_to(state.bets[i] + action.amount)
            else:
                to = action.raise_to if action.raise_to is not None else action.amount + max(state.bets)
                state.complete_bet_or_raise_to(to)
        except _Rejected:
            raise
        except (ValueError, UserWarning) as error:
            raise _Rejected(line, f"pokerkit: {error}") from None
        except Exception as error:
            raise _Rejected(line, f"pokerkit: {type(error).__name__}: {error}") from None

    # ---- the whole replay ---------------------------------------------------------------------
    def run(self) -> PokerkitResult | Unsupported:
        problem = self.unsupported()
        if problem:
            return Unsupported(problem)
        setup = self.setup()
        if isinstance(setup, str):
            return Unsupported(setup)
        wanted = self.hand.game.hole_cards or 0
        if len(setup.players) * wanted + 2 * 5 > 52:
            return Unsupported("more hole cards than the deck holds beside two boards")
        problem = self.prepare_cards()
        if problem:
            return Unsupported(problem)
        try:
            self.state = self.build(setup)
        except _Skip as skip:
            return Unsupported(str(skip))
        except ValueError as error:
            return Unsupported(f"pokerkit refuses the table: {error}")
        posted = self.posted_amounts()
        if posted != setup.posted:
            detail = ", ".join(
                f"{name} {theirs} not {ours}"
                for name, theirs, ours in zip(self.players, posted, setup.posted, strict=True)
                if theirs != ours
            )
            return Unsupported(f"pokerkit posts differently: {detail}")
        rejected: _Rejected | None = None
        try:
            self.advance()
            for action in setup.voluntary:
                self.apply(action)
                self.advance()
            if self.state.status:
                actor = self.state.actor_index
                last = setup.voluntary[-1].source.line if setup.voluntary else self.hand.source.line
                if actor is not None:
                    raise _Rejected(last, f"pokerkit: the hand ends but {self.players[actor]} is still to act")
                raise _Rejected(last, "pokerkit: the hand ends but pokerkit's does not")
        except _Skip as skip:
            return Unsupported(str(skip))
        except _Rejected as error:
            rejected = error
        if self.rake is not None and self.rake.problem:
            return Unsupported(self.rake.problem)
        return self.result(rejected)

    def posted_amounts(self) -> list[int]:
        from pokerkit import AntePosting, BlindOrStraddlePosting

        posted = [0] * len(self.players)
        for operation in self.state.operations:
            if isinstance(operation, (AntePosting, BlindOrStraddlePosting)):
                posted[operation.player_index] += operation.amount
        return posted

    def result(self, rejected: _Rejected | None) -> PokerkitResult:
        from pokerkit import (
            AntePosting,
            BetCollection,
            BlindOrStraddlePosting,
            BoardDealing,
            CheckingOrCalling,
            ChipsPushing,
            CompletionBettingOrRaisingTo,
        )

        state = self.state
        names = self.players
        count = len(names)
        put_in, street, awards = [0] * count, [0] * count, [0] * count
        last_round = [0] * count
        pushes: list[PokerkitPush] = []
        for operation in state.operations:
            if isinstance(operation, (AntePosting, BlindOrStraddlePosting, CheckingOrCalling)):
                put_in[operation.player_index] += operation.amount
                street[operation.player_index] += operation.amount
            elif isinstance(operation, CompletionBettingOrRaisingTo):
                i = operation.player_index
                put_in[i] += operation.amount - street[i]
                street[i] = operation.amount
            elif isinstance(operation, BetCollection):
                last_round = list(street)
                street = [0] * count
            elif isinstance(operation, BoardDealing):
                last_round = [0] * count
            elif isinstance(operation, ChipsPushing):
                shares = {names[i]: amount for i, amount in enumerate(operation.amounts) if amount}
                for i, amount in enumerate(operation.amounts):
                    awards[i] += amount
                pushes.append(
                    PokerkitPush(operation.pot_index, operation.board_index, operation.hand_type_index, shares)
                )
        net = list(state.payoffs)
        done = rejected is None and not state.status
        returned = [put_in[i] + net[i] - awards[i] for i in range(count)] if done else [0] * count
        contributions = [put_in[i] - returned[i] for i in range(count)]

        def named(pots: Iterable[Any]) -> tuple[PokerkitPot, ...]:
            return tuple(PokerkitPot(pot.amount, tuple(names[i] for i in pot.player_indices)) for pot in pots)

        final: tuple[PokerkitPot, ...] = ()
        rake = self.rake
        if done and rake is not None and rake.grosses is not None:
            final = tuple(
                PokerkitPot(gross, tuple(names[i] for i in eligible), cut)
                for gross, eligible, cut in zip(rake.grosses, rake.eligible, rake.cuts, strict=True)
            )
        pots = named(self.pots_at_showdown) if self.pots_at_showdown is not None else final
        if not done:
            pots = final = ()
        boards: tuple[tuple[str, ...], ...] = ()
        if done:
            boards = tuple(tuple(repr(card) for card in state.get_board_cards(b)) for b in state.board_indices)
        return PokerkitResult(
            hand_id=self.hand.hand_id,
            players=tuple(names),
            starting_stacks=dict(zip(names, state.starting_stacks, strict=True)),
            put_in=dict(zip(names, put_in, strict=True)),
            returned=dict(zip(names, returned, strict=True)),
            contributions=dict(zip(names, contributions, strict=True)),
            pots=pots,
            final_pots=final,
            pushes=tuple(pushes),
            awards=dict(zip(names, awards, strict=True)),
            net=dict(zip(names, net, strict=True)) if done else {},
            boards=boards,
            runouts=(state.runout_count or 1) if done else 1,
            won_uncontested=bool(state.folded_status),
            last_round_bets=dict(zip(names, last_round, strict=True)),
            rejected_at=rejected.line if rejected else None,
            rejected_reason=rejected.reason if rejected else None,
        )
