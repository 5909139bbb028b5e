"""2-7 triple draw, 2-7 single draw and badugi as PHH (`F2L3D`, `N2L1D`, `FB`): the writer of
omaha_audit/interop/phh_writer.py with the draws between the betting rounds.

* Players, blinds and antes as in the flop games (p1 the first seat after the button).
* Cards: each player is dealt five cards (badugi four) at the start, as the text shows them or `??`. Each
  draw is one `pN sd ...` per player still in, in the text's order (the discarded cards, `??` for each
  card of a player whose hand is unknown, nothing for standing pat), then `d dh pN ...` with each
  discarder's new cards. The hero's discards and new cards are known when his dealt lines give the
  hand kept and the cards drawn at every draw; where a draw of his has no such line, his whole hand is
  written unknown (`??`), so that nothing is guessed.
* At the showdown a player shows the hand the text shows (pokerkit puts those cards in place of the
  unknown ones) or mucks. Players all in before the last draw draw on: pokerkit shows their hands after
  it, not when they go all in as in the flop games.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from omaha_audit.interop import phh_writer
from omaha_audit.interop.phh_writer import Refused
from omaha_audit.model import Action, ActionKind, Card, Game, ShowdownKind, Street, Structure

__all__ = ["DRAW_VARIANTS", "DrawWriter"]

DRAW_VARIANTS: Final = {
    (Game.TRIPLE_DRAW_2_7, Structure.FIXED_LIMIT): "F2L3D",
    (Game.SINGLE_DRAW_2_7, Structure.NO_LIMIT): "N2L1D",
    (Game.BADUGI, Structure.FIXED_LIMIT): "FB",
}
_ROUNDS: Final = {
    Game.TRIPLE_DRAW_2_7: (Street.PREFLOP, Street.DRAW1, Street.DRAW2, Street.DRAW3),
    Game.SINGLE_DRAW_2_7: (Street.PREFLOP, Street.DRAW1),
    Game.BADUGI: (Street.PREFLOP, Street.DRAW1, Street.DRAW2, Street.DRAW3),
}
_DRAWS: Final = frozenset({ActionKind.DISCARD, ActionKind.STAND_PAT})


class DrawWriter(phh_writer._Writer):
    SHOW_WHEN_ALL_IN = False

    def write(self) -> str:
        hand = self.hand
        variant = DRAW_VARIANTS.get((hand.game, hand.structure))
        if variant is None:
            raise Refused(f"{hand.structure.value} {hand.game.value}: no PHH variant code")
        phh_writer.refuse_hand(hand)
        if hand.run_twice:
            raise Refused("run it twice (pokerkit's HandHistory always selects one runout)")
        phh_writer.refuse_blind_game(hand)
        seat_of, stacks = self.seat_players()
        draws = [action for action in hand.actions if action.kind in _DRAWS]
        antes, blinds, dead, voluntary = self.forced(stacks, [a for a in hand.actions if a.kind not in _DRAWS])
        actions = self.draw_actions(stacks, antes, blinds, voluntary, draws)
        return self.finish(variant, seat_of, stacks, antes, blinds, dead, actions)

    # ---- cards ---------------------------------------------------------------------------------
    def hero_draws(self, draws: Sequence[Action]) -> tuple[str, list[Card], list[tuple[list[Card], list[Card]]]] | None:
        """The hero (the one player whose first hand the dealt lines give), his first hand, and (discarded,
        drawn) for each of his discards, when his dealt lines give them all; else None."""
        hand = self.hand
        held = hand.game.cards_held or 0
        # (the player whose first hand the text shows: the hero of the history, whoever the text calls so)
        heroes = {dealt.player for dealt in hand.dealt if len(dealt.cards) == held and not dealt.new_cards}
        if len(heroes) != 1 or next(iter(heroes)) not in self.index:
            return None
        (hero,) = heroes
        lines = [dealt for dealt in hand.dealt if dealt.player == hero]
        if not lines or len(lines[0].cards) != held or lines[0].new_cards:
            return None
        current = list(lines[0].cards)
        changes: list[tuple[list[Card], list[Card]]] = []
        for dealt in lines[1:]:
            kept, drawn = list(dealt.cards), list(dealt.new_cards)
            if len(kept) + len(drawn) != held or any(card not in current for card in kept):
                return None
            discarded = [card for card in current if card not in kept]
            if not discarded:  # (a line repeating the hand of a player who stood pat)
                continue
            changes.append((discarded, drawn))
            current = kept + drawn
        discards = [action for action in draws if action.player == hero and action.kind is ActionKind.DISCARD]
        if len(discards) != len(changes):
            return None
        if any(action.discarded != len(drawn) for action, (_, drawn) in zip(discards, changes, strict=True)):
            return None
        return hero, list(lines[0].cards), changes

    def final_cards(self) -> dict[str, tuple[Card, ...]]:
        held = self.hand.game.cards_held or 0
        shown: dict[str, tuple[Card, ...]] = {}
        for seat in self.hand.summary_seats:
            if len(seat.cards) == held and seat.player in self.index:
                shown[seat.player] = seat.cards
        for line in self.hand.showdown:
            if line.kind is ShowdownKind.SHOWS and line.player in self.index:
                if len(line.cards) != held:
                    raise Refused("a draw player shows other than the cards he holds (the text is wrong)")
                shown[line.player] = line.cards
        return shown

    # ---- actions -------------------------------------------------------------------------------
    def draw_actions(
        self,
        stacks: list[int],
        antes: list[int],
        blinds: list[int],
        voluntary: list[Action],
        draws: list[Action],
    ) -> list[str]:
        hand = self.hand
        rounds = _ROUNDS[hand.game]
        held = hand.game.cards_held or 0
        hero = self.hero_draws(draws)
        shown = self.final_cards()
        out: list[str] = []
        for i, name in enumerate(self.players):
            cards = "".join(map(str, hero[1])) if hero is not None and name == hero[0] else "??" * held
            out.append(f"d dh p{i + 1} {cards}")
        by_street: dict[Street, list[Action]] = {street: [] for street in rounds}
        draws_by_street: dict[Street, list[Action]] = {street: [] for street in rounds[1:]}
        for action in voluntary:
            street = Street.PREFLOP if action.street is Street.BLINDS else action.street
            if street not in by_street:
                raise Refused(f"an action on the {street.value}")
            by_street[street].append(action)
        for action in draws:
            if action.street not in draws_by_street:
                raise Refused(f"a draw on the {action.street.value}")
            draws_by_street[action.street].append(action)
        folded: set[str] = set()
        hero_changes = list(hero[2]) if hero is not None else []

        def deal(number: int, street: Street, all_in: bool) -> list[str] | None:
            for action in by_street[rounds[number - 1]] if number else ():
                if action.kind is ActionKind.FOLD:
                    folded.add(action.player)
            if not number:
                return []
            lines: list[str] = []
            dealing: list[str] = []
            drawing = [action for action in draws_by_street[street] if action.player not in folded]
            in_hand = [name for name in self.players if name not in folded]
            players = {action.player for action in drawing}
            if [action.player for action in drawing] != [name for name in in_hand if name in players]:
                raise Refused("draws out of the players' order (pokerkit draws in position order)")
            if players != set(in_hand):
                if not drawing and all_in:
                    return None  # (the text stops: the hand is settled without the draws)
                raise Refused("a player still in the hand has no draw line (the text leaves it out)")
            for action in drawing:
                player = f"p{self.index[action.player] + 1}"
                count = action.discarded or 0
                if action.kind is ActionKind.STAND_PAT or count == 0:
                    lines.append(f"{player} sd")
                    continue
                if hero is not None and action.player == hero[0]:
                    discarded, drawn = hero_changes.pop(0)
                    lines.append(f"{player} sd {''.join(map(str, discarded))}")
                    dealing.append(f"d dh {player} {''.join(map(str, drawn))}")
                else:
                    lines.append(f"{player} sd {'??' * count}")
                    dealing.append(f"d dh {player} {'??' * count}")
            return lines + dealing

        left = [stacks[i] - antes[i] - abs(blinds[i]) for i in range(len(stacks))]
        first_bets = [abs(blind) for blind in blinds]
        return out + self.betting(rounds, by_street, left, first_bets, deal, shown.get)
