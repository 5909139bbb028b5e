"""The PHH writer of the flop games, and the base of the stud and draw writers (omaha_audit/interop/phh.py
chooses among them). It writes a read hand as PHH, the Poker Hand History format
(github.com/uoftcprg/phh-std) that pokerkit's `pokerkit.notation.HandHistory` loads: one hand is TOML
`key = value` lines; a `.phhs` file holds many, each under a `[n]` table (`HandHistory.load_all`).

Plain Python: pokerkit is not imported here (it is a test dependency; tests/interop/test_phh.py replays
every exported corpus hand in it).

How a hand is written:

* Variants: PHH's codes are fixed games, so only these are written: no-limit Hold'em `NT`, fixed-limit
  Hold'em `FT`, pot-limit Omaha (four cards) `PO` and fixed-limit Omaha hi/lo `FO/8`. The other flop games
  and structures the readers know (pot-limit Hold'em, no-limit or fixed-limit Omaha, pot-limit Omaha
  hi/lo, 5- and 6-card Omaha, Courchevel, 6+ Hold'em) are `Unconvertible`: pokerkit 0.7 accepts no other
  code (`HandHistory.game_types`), and a code it does not know fails to load. Seven-card stud, stud
  hi/lo and razz (F7S, F7S/8, FR) are written by omaha_audit/interop/phh_stud.py on this writer, 2-7
  triple draw, 2-7 single draw and badugi (F2L3D, N2L1D, FB) by omaha_audit/interop/phh_draw.py.
* Players in PHH's order for blind games (pokerkit's): p1 is the first dealt-in seat clockwise after the
  button, the button last. pokerkit reads a heads-up table's antes and blinds swapped, so for two players
  the lists are written swapped (as tests/devtools/pokerkit_bridge.py does).
* Forced bets are the amounts the hand posts: small and big blind (and a straddle right after the big
  blind) in `blinds_or_straddles`; an extra big blind of a new player, or the live part of "posts small &
  big blinds", as a negative entry (pokerkit's *post*: live, not a position); antes and dead money (the
  dead part of a missed blind, other rooms' dead posts) in `antes`, with `ante_trimming_status = false`
  when there is dead money (so it stays in the main pot) and true otherwise; `_dead` then says how much of
  each player's ante is dead money (so that a reader can tell a dead blind from an ante).
* `min_bet` is the big blind (no-limit, pot-limit); `small_bet`/`big_bet` the limit's two bets.
* Cards: hole cards the text shows (dealt to the hero, shown, listed in the summary) are dealt as they
  are, others as `??`. Boards are dealt street by street; the burn cards are left to pokerkit.
* Actions: `cc` for checks and calls, `cbr` with the player's street total for bets and raises, `f` for
  folds; at showdown `sm <cards>` for a player who shows and `sm` (muck) for one who mucks, placed where
  pokerkit holds its showdown (when betting is over: after the river, or before the rest of the board
  when the players are all in). A player the room lets skip a turn with no decision (every other player
  all in, his bet the highest: a big blind facing an all-in call below it) checks, as pokerkit asks.
  A bet or raise nobody can call (every other player still in is all in
  or covered, or the bettor is all in for no more than the call) is written as the call it amounts to:
  pokerkit refuses such a raise, and the room returns its excess as an uncalled bet anyway (UC-1). A call
  above the highest bet (the price of the game stays the big blind when the big blind is short, BL-4,
  PL-6; pokerkit prices a call at the highest bet made) is written as the completion it is in pokerkit
  when it puts the player all in (a short completion pokerkit takes), else the hand is `Unconvertible`.
* Amounts are the model's integers (minor units: cents, chips); `_unit` says what one unit is.
* Metadata: `venue` (the room), `hand`, `table`, `seats`, `seat_count`, `players`, `year`/`month`/`day`/
  `time` with `time_zone = "UTC"` (when the text gives the zone), `currency` (ISO code, real money only),
  `level` (a tournament's), `winnings` (each player's collected lines, less the part of the uncalled bet
  a room pays back inside them: Merge's, Microgaming's, a walk's blind where no line returns it) and the
  user fields `_rake`, `_fees` (the jackpot, bingo and other fees taken from the pot), `_dead`, `_unit`,
  `_format`, `_game`, `_tournament`, `_buy_in`, `_button`. PHH's `rake` would be read by pokerkit 0.7 as its
  rake *function*, so the printed rake is `_rake`.

What PHH (or pokerkit, its reference reader) cannot express is `Unconvertible`, with one short reason per
cause: run it twice (pokerkit's `HandHistory` always lets its automation select one runout), CAP games,
splash-the-pot money, cancelled or cut-off hands, no button, a player at showdown whose cards are unknown
while an opponent shows, a post after the betting began, a player all-in on the posts who then acts (an
all-in player has no action), button blinds, more than four bets a round in fixed limit, equal blinds
heads-up, and names TOML cannot hold (lone surrogates). So is a hand whose text is wrong in a way pokerkit
would replay differently (a check facing a bet, a short call, a player "all in" with chips left, a turn
left out): pokerkit would replay another hand than the one the room recorded.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Final

from omaha_audit.engine.ledger import ledger
from omaha_audit.engine.replay import VOLUNTARY, dealt_in_players
from omaha_audit.engine.settle import known_hole_cards, mucked_players
from omaha_audit.engine.table import clockwise_from
from omaha_audit.model import Action, ActionKind, Card, Game, Hand, Refunds, Street, Structure

__all__ = ["NAME", "SUFFIX", "Refused", "toml_string", "write_flop"]

NAME: Final = "phh"
SUFFIX: Final = ".phhs"

_VARIANTS: Final = {
    (Game.HOLDEM, Structure.NO_LIMIT): "NT",
    (Game.HOLDEM, Structure.FIXED_LIMIT): "FT",
    (Game.OMAHA, Structure.POT_LIMIT): "PO",
    (Game.OMAHA_HI_LO, Structure.FIXED_LIMIT): "FO/8",
}
_STREETS: Final = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)
_BOARD_SIZE: Final = {Street.PREFLOP: 0, Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}
_LIMIT_RAISES: Final = 4  # pokerkit's fixed-limit games: at most four completions, bets or raises a round
_ROMAN: Final = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
_CURRENCY: Final = re.compile(r"[A-Z]{3}")
_ESCAPES: Final = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


class Refused(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# ---- TOML ----------------------------------------------------------------------------------------


def toml_string(text: str) -> str:
    """`text` as a TOML basic string: quotes, backslashes and control characters escaped, other
    characters as they are. Raises ValueError for a lone surrogate (TOML holds Unicode scalar values)."""
    out = ['"']
    for char in text:
        code = ord(char)
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif code < 0x20 or code == 0x7F:
            out.append(f"\\u{code:04X}")
        elif 0xD800 <= code <= 0xDFFF:
            raise ValueError("a lone surrogate cannot be written in TOML")
        else:
            out.append(char)
    out.append('"')
    return "".join(out)


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, list):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    raise TypeError(f"no TOML form for {type(value).__name__}")


def _cards(cards: tuple[Card, ...] | list[Card]) -> str:
    return "".join(str(card) for card in cards)


def _level(text: str | None) -> int | None:
    if not text:
        return None
    if text.isdigit():
        return int(text)
    letters = text.strip().upper()
    if not letters or any(char not in _ROMAN for char in letters):
        return None
    total = 0
    for i, char in enumerate(letters):
        value = _ROMAN[char]
        total += -value if i + 1 < len(letters) and _ROMAN[letters[i + 1]] > value else value
    return total


# ---- the writer ----------------------------------------------------------------------------------


def _refuse_early(hand: Hand) -> None:
    variant = _VARIANTS.get((hand.game, hand.structure))
    if hand.game is Game.OTHER:
        raise Refused("a game the reader does not name")
    if variant is None:
        raise Refused(f"{hand.structure.value} {hand.game.value}: no PHH variant code")
    refuse_hand(hand)
    if hand.run_twice or len([board for board in hand.boards if board]) > 1:
        raise Refused("run it twice (pokerkit's HandHistory always selects one runout)")
    refuse_blind_game(hand)


def refuse_blind_game(hand: Hand) -> None:
    """Refuse what a game with a button and blinds needs and the hand lacks."""
    if hand.button is None:
        raise Refused("no button seat (PHH's player order starts after the button)")
    if hand.structure is Structure.FIXED_LIMIT and (not hand.stakes.small_bet or not hand.stakes.big_bet):
        raise Refused("fixed limit without small and big bet")


def refuse_hand(hand: Hand) -> None:
    """Refuse what no PHH variant can hold, in any game."""
    if hand.cancelled:
        raise Refused("hand cancelled")
    if hand.truncated:
        raise Refused("hand cut off before the summary")
    if hand.stakes.cap is not None or any(action.cap_reached for action in hand.actions):
        raise Refused("CAP game (PHH has no per-hand cap)")
    if hand.stp:
        raise Refused("splash-the-pot money (PHH cannot add chips to a pot)")


class _Writer:
    # pokerkit shows the hands as soon as the players are all in, before the rest of the board (or of a
    # stud hand's cards) is dealt; in the draw games it lets them draw first and shows them at the end
    SHOW_WHEN_ALL_IN = True

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.lines: list[str] = []
        self.players: list[str] = []
        self.index: dict[str, int] = {}
        self.board: tuple[Card, ...] = ()
        self.dead: list[int] = []  # the dead money in each player's ante

    def put(self, key: str, value: object) -> None:
        try:
            self.lines.append(f"{key} = {_value(value)}")
        except ValueError:
            raise Refused("a name or label TOML cannot hold (a lone surrogate)") from None

    def write(self) -> str:
        hand = self.hand
        _refuse_early(hand)
        variant = _VARIANTS[(hand.game, hand.structure)]
        seat_of, stacks = self.seat_players()
        antes, blinds, dead, voluntary = self.forced(stacks, hand.actions)
        cards = self.cards()
        actions = self.actions(stacks, antes, blinds, voluntary, cards)
        return self.finish(variant, seat_of, stacks, antes, blinds, dead, actions)

    def seat_players(self, from_button: bool = True) -> tuple[dict[str, int], list[int]]:
        """The players dealt in, in PHH's order (p1 the first seat after the button; in stud, which has no
        button, the lowest seat); their seats and starting stacks."""
        hand = self.hand
        names = dealt_in_players(hand)
        if len(names) < 2:
            raise Refused("fewer than two players dealt in")
        seat_of: dict[str, int] = {}
        stack_of: dict[str, int] = {}
        for seat in hand.seats:
            seat_of.setdefault(seat.player, seat.seat)
            stack_of.setdefault(seat.player, seat.stack)
        by_seat = {seat_of[name]: name for name in names}
        if from_button:
            assert hand.button is not None
            order = [by_seat[seat] for seat in clockwise_from(hand.button, list(by_seat))]
        else:
            order = [by_seat[seat] for seat in sorted(by_seat)]
        self.players = order
        self.index = {name: i for i, name in enumerate(order)}
        stacks = [stack_of[name] for name in order]
        if min(stacks) <= 0:
            raise Refused("a dealt-in player has no chips")
        return seat_of, stacks

    def finish(
        self,
        variant: str,
        seat_of: dict[str, int],
        stacks: list[int],
        antes: list[int],
        blinds: list[int],
        dead: bool,
        actions: list[str],
    ) -> str:
        """The hand's lines, for a game with blinds."""
        hand = self.hand
        if len(self.players) == 2:  # pokerkit reads a heads-up table's antes and blinds swapped
            antes.reverse()
            blinds.reverse()
            self.dead.reverse()
        self.put("variant", variant)
        self.put("ante_trimming_status", not dead)
        self.put("antes", antes)
        self.put("blinds_or_straddles", blinds)
        if dead:
            self.put("_dead", self.dead)  # (our field: the part of each ante that is dead money)
        if hand.structure is Structure.FIXED_LIMIT:
            assert hand.stakes.small_bet is not None and hand.stakes.big_bet is not None
            self.put("small_bet", hand.stakes.small_bet)
            self.put("big_bet", hand.stakes.big_bet)
        else:
            big_blind = hand.stakes.big_blind or max((abs(blind) for blind in blinds), default=0)
            if big_blind <= 0:
                raise Refused("no big blind to size bets")
            self.put("min_bet", big_blind)
        self.put("starting_stacks", stacks)
        self.put("actions", actions)
        self.metadata(self.players, seat_of)
        return "\n".join(self.lines)

    # ---- forced bets --------------------------------------------------------------------------
    def forced(self, stacks: list[int], actions: Sequence[Action]) -> tuple[list[int], list[int], bool, list[Action]]:
        hand = self.hand
        count = len(self.players)
        antes, blinds, posted = [0] * count, [0] * count, [0] * count
        nominal_bb = hand.stakes.big_blind or next(
            (action.amount for action in hand.actions if action.kind is ActionKind.POST_BIG_BLIND), 0
        )
        dead = small_seen = big_seen = False
        self.dead = [0] * count
        big_index: int | None = None
        voluntary: list[Action] = []
        for action in actions:
            kind = action.kind
            i = self.index.get(action.player)
            if i is None:
                raise Refused("an action by a player without a seat")
            if kind in VOLUNTARY:
                voluntary.append(action)
                continue
            if not kind.is_post:
                raise Refused(f"{kind.value} in a flop game")
            if voluntary:
                raise Refused("a post after the betting began")
            posted[i] += action.amount
            if kind is ActionKind.POST_ANTE:
                antes[i] += action.amount
            elif kind is ActionKind.POST_DEAD:
                antes[i] += action.amount
                self.dead[i] += action.amount
                dead = True
            elif kind is ActionKind.POST_SMALL_BLIND:
                if small_seen or blinds[i]:
                    raise Refused("two small blinds")
                blinds[i] = action.amount
                small_seen = True
            elif kind is ActionKind.POST_BIG_BLIND:
                if blinds[i]:
                    raise Refused("a player posts two blinds")
                if not big_seen:
                    blinds[i] = action.amount
                    big_seen = True
                    big_index = i
                else:  # a new player's extra big blind: live, not a position
                    blinds[i] = -action.amount
            elif kind is ActionKind.POST_SMALL_AND_BIG_BLIND:
                if blinds[i] or not nominal_bb:
                    raise Refused("missed blinds from a player who also posts a blind")
                live = min(action.amount, nominal_bb)
                blinds[i] = -live
                if action.amount > live:
                    antes[i] += action.amount - live
                    self.dead[i] += action.amount - live
                    dead = True
            elif kind is ActionKind.POST_STRADDLE:
                if big_index is None or i != (big_index + 1) % count or blinds[i]:
                    raise Refused("a straddle not right after the big blind")
                blinds[i] = action.amount
            else:
                raise Refused(f"{kind.value} (PHH has no such forced bet in blind games)")
        if not any(blinds) and not any(antes):
            raise Refused("no blinds or antes")
        if count == 2 and blinds[0] > 0 and blinds[0] == blinds[1]:
            # pokerkit opens the betting after the highest blind, the last of equal ones: the button here
            raise Refused("heads-up with the small blind equal to the big blind (pokerkit lets the big blind open)")
        for action in voluntary:
            i = self.index[action.player]
            if posted[i] >= stacks[i]:
                raise Refused("a player all-in on the posts then acts (an all-in player has no action)")
        return antes, blinds, dead, voluntary

    # ---- cards --------------------------------------------------------------------------------
    def cards(self) -> dict[str, tuple[Card, ...]]:
        hand = self.hand
        known = {name: cards for name, cards in known_hole_cards(hand).items() if name in self.index}
        board = next((board for board in hand.boards if board), ())
        if not board and hand.streets:
            board = max(hand.streets, key=lambda deal: len(deal.cards)).cards
        used = [card for cards in known.values() for card in cards] + list(board)
        if len(set(used)) != len(used):
            raise Refused("a card appears twice among the known cards")
        self.board = tuple(board)
        return known

    # ---- actions ------------------------------------------------------------------------------
    def actions(
        self,
        stacks: list[int],
        antes: list[int],
        blinds: list[int],
        voluntary: list[Action],
        known: dict[str, tuple[Card, ...]],
    ) -> list[str]:
        hole = self.hand.game.hole_cards or 0
        out: list[str] = []
        for i, name in enumerate(self.players):
            cards = known.get(name)
            out.append(f"d dh p{i + 1} {_cards(cards) if cards else '??' * hole}")
        by_street: dict[Street, list[Action]] = {street: [] for street in _STREETS}
        for action in voluntary:
            # (a betting line before the first street marker is pre-flop: Entraction prints no such marker)
            street = Street.PREFLOP if action.street is Street.BLINDS else action.street
            if street not in by_street:
                raise Refused(f"an action on the {street.value}")
            by_street[street].append(action)
        left = [stacks[i] - antes[i] - abs(blinds[i]) for i in range(len(stacks))]
        dealt = 0

        def deal(number: int, street: Street, shown: bool) -> list[str] | None:
            nonlocal dealt
            size = _BOARD_SIZE[street]
            if not number:
                return []
            if len(self.board) < size:
                if by_street[street] or not shown:
                    raise Refused("the board is shorter than the hand's streets")
                return None
            cards, dealt = self.board[dealt:size], size
            return [f"d db {_cards(cards)}"]

        first_bets = [abs(blind) for blind in blinds]
        return out + self.betting(_STREETS, by_street, left, first_bets, deal, known.get)

    def betting(
        self,
        streets: tuple[Street, ...],
        by_street: dict[Street, list[Action]],
        left: list[int],
        first_bets: list[int],
        deal: Callable[[int, Street, bool], list[str] | None],
        shown_cards: Callable[[str], tuple[Card, ...] | None],
    ) -> list[str]:
        """The betting rounds, street by street, with each street's dealing (`deal`: its lines, or None
        when the hand stops there) and the showdown where pokerkit holds it."""
        hand = self.hand
        out: list[str] = []
        count = len(self.players)
        folded = [False] * count
        mucked = mucked_players(hand)
        shown = False
        limit = hand.structure is Structure.FIXED_LIMIT
        for number, street in enumerate(streets):
            if number and sum(1 for i in range(count) if not folded[i]) < 2:
                if by_street[street]:
                    raise Refused("an action after everyone else folded")
                break
            dealing = deal(number, street, shown)
            if dealing is None:
                break
            out += dealing
            bets = list(first_bets) if not number else [0] * count
            first = len(out)
            acted = [False] * count
            for action in by_street[street]:
                if shown:
                    raise Refused("an action after the players were all in")
                i = self.index[action.player]
                player = f"p{i + 1}"
                acted[i] = True
                kind = action.kind
                if kind is ActionKind.FOLD:
                    folded[i] = True
                    out.append(f"{player} f")
                elif kind is ActionKind.BRING_IN:
                    out.append(f"{player} pb")
                elif kind is ActionKind.CHECK:
                    if bets[i] < max(bets) and left[i] > 0:
                        raise Refused("a check facing a bet (the text is wrong)")
                    out.append(f"{player} cc")
                elif kind is ActionKind.CALL:
                    to = action.raise_to if action.raise_to is not None else bets[i] + action.amount
                    if to > max(bets) and not self.nobody_can_call(i, bets, left, folded):
                        if action.amount < left[i]:
                            raise Refused(
                                "a call priced at the big blind above a short or missing one (pokerkit prices "
                                "a call at the highest bet)"
                            )
                        out.append(f"{player} cbr {to}")  # all in: pokerkit's short completion
                    elif action.amount < min(max(bets) - bets[i], left[i]):
                        raise Refused("a call short of the bet to call (the text is wrong)")
                    else:
                        out.append(f"{player} cc")
                elif self.nobody_can_call(i, bets, left, folded):
                    out.append(f"{player} cc")  # the excess comes back as the uncalled bet
                    call = min(max(bets) - bets[i], left[i])
                    bets[i] += call
                    left[i] -= call
                    continue
                else:
                    to = action.raise_to if action.raise_to is not None else bets[i] + action.amount
                    out.append(f"{player} cbr {to}")
                bets[i] += action.amount
                left[i] -= action.amount
                if action.all_in and left[i] != 0:
                    raise Refused("a player the text says is all in has chips left, or too few (the text is wrong)")
            if limit and sum(1 for line in out[first:] if " cbr " in line) > _LIMIT_RAISES:
                raise Refused("fixed limit with more than four bets a round (PHH's FT and FO/8 cap at four)")
            live = [i for i in range(count) if not folded[i]]
            with_chips = [i for i in live if left[i] > 0]
            if not shown and len(live) >= 2 and len(with_chips) >= 2 and not all(acted[i] for i in with_chips):
                raise Refused("a player with chips never acts on a street (betting lines missing)")
            if not shown and len(live) >= 2 and len(with_chips) == 1 and self.SHOW_WHEN_ALL_IN:
                i = with_chips[0]
                if not acted[i]:  # the room skips a turn with no decision (all others all in); pokerkit asks
                    if bets[i] < max(bets):
                        raise Refused("a player all others are all in against never acts")
                    out.append(f"p{i + 1} cc")
            last = number == len(streets) - 1
            if not shown and len(live) >= 2 and (last or (len(with_chips) <= 1 and self.SHOW_WHEN_ALL_IN)):
                out += self.showdown(live, shown_cards, mucked)
                shown = True
        return out

    @staticmethod
    def nobody_can_call(i: int, bets: list[int], left: list[int], folded: list[bool]) -> bool:
        """A bet or raise pokerkit refuses: the player is already covered (all in for no more than the call),
        or no other player still in has chips beyond the highest bet. The room takes it and returns the
        excess as an uncalled bet; in PHH it is the call it amounts to."""
        high = max(bets)
        if left[i] <= high - bets[i]:
            return True
        return not any(j != i and not folded[j] and left[j] + bets[j] > high for j in range(len(bets)))

    def showdown(
        self, live: list[int], shown_cards: Callable[[str], tuple[Card, ...] | None], mucked: frozenset[str]
    ) -> list[str]:
        out: list[str] = []
        unknown = []
        showing = 0
        for i in live:
            name = self.players[i]
            cards = shown_cards(name)
            if name in mucked:
                out.append(f"p{i + 1} sm")
            elif cards:
                out.append(f"p{i + 1} sm {_cards(cards)}")
                showing += 1
            else:
                unknown.append(i)
        if unknown and (len(unknown) > 1 or showing):
            raise Refused("a player at showdown whose cards are unknown, against an opponent who shows")
        return out

    # ---- metadata -----------------------------------------------------------------------------
    def metadata(self, order: list[str], seat_of: dict[str, int]) -> None:
        hand = self.hand
        self.put("venue", hand.room)
        self.put("hand", hand.hand_id)
        if hand.table:
            self.put("table", hand.table)
        self.put("players", order)
        self.put("seats", [seat_of[name] for name in order])
        if hand.max_seats:
            self.put("seat_count", hand.max_seats)
        started = hand.started
        if started is not None:
            self.put("year", started.year)
            self.put("month", started.month)
            self.put("day", started.day)
            self.lines.append(f"time = {started.hour:02d}:{started.minute:02d}:{started.second:02d}")
            self.put("time_zone", "UTC")
        currency = hand.unit.currency
        if not hand.play_money and hand.tournament is None and _CURRENCY.fullmatch(currency):
            self.put("currency", currency)
        winnings = [0] * len(order)
        for collected in hand.collected:
            i = self.index.get(collected.player)
            if i is None:
                raise Refused("a collected line of a player without a seat")
            winnings[i] += collected.amount
        # PHH's winnings are what a player won, the uncalled bet (which a PHH reader computes) apart: take out
        # the part of it a room pays back inside the collected amount (all of it where the room prints no
        # return, Refunds.IN_COLLECTED; where it prints return lines, what they leave out: a walk's blind)
        uncalled = ledger(hand).uncalled if hand.refunds is not Refunds.IMPLIED else None
        if uncalled is not None and uncalled[0] in self.index:
            printed = sum(line.amount for line in hand.uncalled if line.player == uncalled[0])
            if hand.refunds is Refunds.IN_COLLECTED:
                printed = 0
            i = self.index[uncalled[0]]
            winnings[i] = max(0, winnings[i] - max(0, uncalled[1] - printed))
        self.put("winnings", winnings)
        if hand.tournament is not None:
            level = _level(hand.tournament.level)
            if level is not None:
                self.put("level", level)
            if hand.tournament.tournament_id:
                self.put("_tournament", hand.tournament.tournament_id)
            if hand.tournament.buy_in:
                self.put("_buy_in", hand.tournament.buy_in)
        if hand.rake is not None:
            self.put("_rake", hand.rake)
        if hand.fees_taken:
            self.put("_fees", hand.fees_taken)  # (our field: what the room takes from the pot besides the rake)
        self.put("_unit", hand.unit.describe())
        self.put("_format", hand.format)
        self.put("_game", hand.game_text)
        self.put("_button", hand.button or 0)


def write_flop(hand: Hand) -> str:
    """A flop game's hand as PHH lines; raises Refused."""
    return _Writer(hand).write()
