"""Seven-card stud, stud hi/lo and razz as PHH (`F7S`, `F7S/8`, `FR`): the writer of omaha_audit/interop/
phh_writer.py with a stud hand's own forced bets and dealing.

* Players in seat order (p1 the lowest seat): stud has no button, pokerkit finds the bring-in and the
  first player of each street from the cards showing, as the room does.
* Forced bets: `antes` (every player's ante post; swapped for two players, as pokerkit reads them) and
  `bring_in`, the amount the bring-in line posts. A hand whose bring-in player completes instead states no
  bring-in amount: `Unconvertible`. `small_bet`/`big_bet` are the limit's two bets.
* Cards, street by street (`d dh pN ...` in player order, for the players still in): third street two
  down cards and one up, fourth to sixth one up, seventh one down. Up cards are as the dealt lines show
  them; down cards are the hero's (his dealt lines) and a shower's (the shown cards less his up cards, in
  the order shown), else `??`. pokerkit ranks the up cards to find who opens a street, so a hand whose
  dealt lines leave an up card out is `Unconvertible`, and so is one whose shown cards are not the cards
  the player was dealt.
* Betting and showdown as in the flop games (the bring-in is `pb`, a completion `cbr` to the small bet).
"""

from __future__ import annotations

from typing import Final

from omaha_audit.engine.settle import mucked_players
from omaha_audit.interop import phh_writer
from omaha_audit.interop.phh_writer import Refused
from omaha_audit.model import Action, ActionKind, Card, Game, ShowdownKind, Street, Structure

__all__ = ["STUD_VARIANTS", "StudWriter"]

STUD_VARIANTS: Final = {Game.STUD: "F7S", Game.STUD_HI_LO: "F7S/8", Game.RAZZ: "FR"}
_STREETS: Final = (Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH)
_UP: Final = (1, 1, 1, 1, 0)  # up cards dealt on each street (third street: one, with two down)
_DOWN: Final = (2, 0, 0, 0, 1)
_UNKNOWN: Final = "??"


class StudWriter(phh_writer._Writer):
    def write(self) -> str:
        hand = self.hand
        variant = STUD_VARIANTS.get(hand.game)
        if variant is None or hand.structure is not Structure.FIXED_LIMIT:
            raise Refused(f"{hand.structure.value} {hand.game.value}: no PHH variant code")
        phh_writer.refuse_hand(hand)
        small_bet, big_bet = hand.stakes.small_bet, hand.stakes.big_bet
        if not small_bet or not big_bet:
            raise Refused("fixed limit without small and big bet")
        seat_of, stacks = self.seat_players(from_button=False)
        order = self.players
        antes, voluntary = self.stud_forced(stacks)
        bring_in = next((action.amount for action in voluntary if action.kind is ActionKind.BRING_IN), None)
        if bring_in is None:
            raise Refused("a stud hand whose bring-in player completes: the text states no bring-in amount")
        if not 0 < bring_in < small_bet:
            raise Refused("a bring-in short of the room's (all in) or not below the small bet")
        actions = self.stud_actions(stacks, antes, voluntary, small_bet)
        if len(order) == 2:  # pokerkit reads a heads-up table's antes swapped
            antes.reverse()
        self.put("variant", variant)
        self.put("ante_trimming_status", True)
        self.put("antes", antes)
        self.put("bring_in", bring_in)
        self.put("small_bet", small_bet)
        self.put("big_bet", big_bet)
        self.put("starting_stacks", stacks)
        self.put("actions", actions)
        self.metadata(order, seat_of)
        return "\n".join(self.lines)

    def stud_forced(self, stacks: list[int]) -> tuple[list[int], list[Action]]:
        antes = [0] * len(self.players)
        voluntary: list[Action] = []
        for action in self.hand.actions:
            i = self.index.get(action.player)
            if i is None:
                raise Refused("an action by a player without a seat")
            if action.kind is ActionKind.POST_ANTE:
                if voluntary:
                    raise Refused("a post after the betting began")
                antes[i] += action.amount
            elif action.kind.is_post:
                raise Refused(f"{action.kind.value} in a stud game (PHH's stud has antes and a bring-in)")
            else:
                voluntary.append(action)
        if not any(antes):
            raise Refused("no antes in a stud hand")  # (pokerkit's stud needs them to open the betting)
        for action in voluntary:
            i = self.index[action.player]
            if antes[i] >= stacks[i]:
                raise Refused("a player all-in on the posts then acts (an all-in player has no action)")
        return antes, voluntary

    # ---- cards ---------------------------------------------------------------------------------
    def stud_cards(self, shown: dict[str, tuple[Card, ...]]) -> dict[str, list[list[Card | None]]]:
        """Each player's cards street by street (None where the text does not show one).

        A player's first dealt line is third street: three cards (two down, one up) for the hero, one (up)
        for the others. Each later line is the next street: its new card (the second bracket, or the one
        card not seen before) is up on fourth to sixth, down on seventh; cards of the first bracket not seen
        before are down cards the room shows (an all-in player's, say)."""
        hand = self.hand
        ups: dict[str, list[Card]] = {name: [] for name in self.players}
        downs: dict[str, list[Card]] = {name: [] for name in self.players}
        streets_seen: dict[str, int] = {}
        for dealt in hand.dealt:
            name = dealt.player
            if name not in ups:
                continue
            street = streets_seen.get(name, 0)
            streets_seen[name] = street + 1
            if street == 0:
                first = [*dealt.cards, *dealt.new_cards]
                if len(first) == 3:
                    downs[name], ups[name] = first[:2], first[2:]
                elif len(first) == 1:
                    ups[name] = first
                else:
                    raise Refused("stud cards dealt in lines the writer cannot place (third street)")
                continue
            held = {*ups[name], *downs[name]}
            revealed = [card for card in dealt.cards if card not in held]
            new = [card for card in dealt.new_cards if card not in held] if dealt.new_cards else revealed[-1:]
            if dealt.new_cards:
                downs[name] += revealed
            if len(new) > 1 or street > 4:
                raise Refused("stud cards dealt in lines the writer cannot place (more than one new card)")
            (downs if street == 4 else ups)[name].extend(new)
        plan: dict[str, list[list[Card | None]]] = {}
        for name in self.players:
            up, down = ups[name], downs[name]
            if len(up) > 4 or len(down) > 3:
                raise Refused("stud cards dealt in lines the writer cannot place (more than seven)")
            showing = shown.get(name)
            if showing is not None:
                if len(showing) > 7:
                    raise Refused("a stud player shows more than seven cards (the text is wrong)")
                # (a show before seventh street holds fewer cards than the lines: shown cards are a part of his)
                extra = [card for card in showing if card not in up and card not in down]
                if len(extra) > (3 - len(down)) + (4 - len(up)):
                    raise Refused("a stud player shows other cards than the dealt lines give him")
                down = down + extra[: 3 - len(down)]  # (beyond: up cards the lines leave out, refused below)
            streets: list[list[Card | None]] = []
            up_at = down_at = 0
            for up_count, down_count in zip(_UP, _DOWN, strict=True):
                cards: list[Card | None] = [
                    down[down_at + k] if down_at + k < len(down) else None for k in range(down_count)
                ]
                down_at += down_count
                if up_count:
                    cards.append(up[up_at] if up_at < len(up) else None)
                    up_at += up_count
                streets.append(cards)
            plan[name] = streets
        return plan

    def shown_cards(self) -> dict[str, tuple[Card, ...]]:
        shown: dict[str, tuple[Card, ...]] = {}
        for seat in self.hand.summary_seats:
            if seat.cards and seat.player in self.index:
                shown[seat.player] = seat.cards
        for line in self.hand.showdown:
            if line.kind is ShowdownKind.SHOWS and line.cards and line.player in self.index:
                shown[line.player] = line.cards
        return shown

    # ---- actions -------------------------------------------------------------------------------
    def stud_actions(self, stacks: list[int], antes: list[int], voluntary: list[Action], small_bet: int) -> list[str]:
        shown = self.shown_cards()
        plan = self.stud_cards(shown)
        by_street: dict[Street, list[Action]] = {street: [] for street in _STREETS}
        gone: dict[str, int] = {}  # the street each player folds on
        for action in voluntary:
            street = Street.THIRD if action.street is Street.BLINDS else action.street
            if street not in by_street:
                raise Refused(f"an action on the {street.value}")
            by_street[street].append(action)
            if street is Street.FOURTH and action.kind is ActionKind.BET and action.amount > small_bet:
                raise Refused("a big bet on fourth street (an open pair): pokerkit's stud has no such option")
            if action.kind is ActionKind.FOLD:
                gone.setdefault(action.player, _STREETS.index(street))
        left = [stacks[i] - antes[i] for i in range(len(stacks))]

        dealt = [0]  # the streets dealt so far

        def deal(number: int, street: Street, shown: bool) -> list[str] | None:
            out = []
            for name in self.players:
                if gone.get(name, len(_STREETS)) < number:
                    continue
                cards = plan[name][number]
                if number < 4 and cards[-1] is None:
                    if number and not shown and not by_street[street]:
                        return None  # (the text stops dealing: nothing more happened)
                    raise Refused("a stud up card the dealt lines do not show (pokerkit ranks the up cards)")
                out.append(f"d dh p{self.index[name] + 1} {''.join(_UNKNOWN if c is None else str(c) for c in cards)}")
            dealt[0] = number + 1
            return out

        def known(name: str) -> tuple[Card, ...] | None:
            """The cards a player holds at the showdown (the streets dealt so far), when all are known."""
            cards = [card for street in plan[name][: dealt[0]] for card in street]
            if any(card is None for card in cards):
                if name in shown:
                    raise Refused("a stud player shows fewer cards than he holds (the text is wrong)")
                return None
            return tuple(card for card in cards if card is not None)

        out = self.betting(_STREETS, by_street, left, [0] * len(self.players), deal, known)
        shows = [i for i, line in enumerate(out) if " sm" in line]
        if shows and any(line.startswith("d dh") for line in out[shows[-1] :]):
            # All in before seventh street: the players show, the rest is dealt, and pokerkit asks them to
            # show again (the cards dealt since)
            live = [int(out[i].split()[0][1:]) - 1 for i in shows]
            out += self.showdown(live, known, mucked_players(self.hand))
        return out
