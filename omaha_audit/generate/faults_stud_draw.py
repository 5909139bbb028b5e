"""The dealer errors the generator puts into stud and draw hands (generate/stud_draw.py), and which of the
flop games' kinds apply to them.

Kinds of the flop games that apply, unchanged (generate/faults.py, faults_settle.py): a raise after the cap
(fixed limit), two folds or checks written in the wrong order, a wrong uncalled bet, wrong side pots, the pot
to the wrong player, the hi/lo split and a low without a qualifier (stud hi/lo), the odd chip to the low half
or to the wrong tied winner (in stud by the cards, RULES.md OC-7: the tied hands are dealt as one player's
ranks in other suits), the rake over the cap, the collected amounts and the rake not adding up; in draw games,
where blinds and a button are dealt, a blind of the wrong amount or from the wrong seat.

Kinds of their own: the bring-in from the wrong player (OA316) or for more than the small bet (OA317), a
draw that gives the player a card too many or too few (OA207), a card dealt twice and a hand of the wrong
size (OA201, OA202, written on the stud and draw lines), a shown hand described as another of its kind
(OA507; in the rooms whose stud and draw words the audit knows, PokerStars' among the writers).

Kinds that do not apply, and why (`NOT_APPLICABLE`): the pot-limit and no-limit betting errors (the games
are dealt at fixed limit, as PokerStars deals its stud and its limit draw tables); run it twice (no board);
in stud, the blinds (stud has none: its forced bet is the bring-in).
"""

from __future__ import annotations

from functools import lru_cache
from random import Random
from typing import Final

from omaha_audit.engine.evaluate.games import word_value
from omaha_audit.generate.config import RakeSchedule
from omaha_audit.generate.fault_kinds import Fault
from omaha_audit.generate.faults import (
    ActionOutOfTurn,
    RaiseAfterCap,
    WrongBlindAmount,
    WrongBlindSeat,
    WrongUncalledBet,
)
from omaha_audit.generate.faults_settle import (
    CollectedPlusRakeMismatch,
    HiLoSplitWrong,
    LowWithoutQualifier,
    OddChipWrong,
    RakeOverCap,
    SidePotWrong,
    WrongHandDescription,
    WrongWinner,
)
from omaha_audit.generate.play import DealerHooks
from omaha_audit.generate.record import Act, Dealt, DrawLine, HandRecord, Player, StudCards
from omaha_audit.generate.showdown import DealerBugs
from omaha_audit.generate.stud_draw import DRAW, STUD, StudDrawDealer, StudDrawHooks
from omaha_audit.generate.table import Table
from omaha_audit.model import Game
from omaha_audit.model.hand_value import describe_stud_draw

ALL: Final = frozenset(STUD + DRAW)
STUD_ONLY: Final = frozenset(STUD)
DRAW_ONLY: Final = frozenset(DRAW)

NOT_APPLICABLE: Final = {
    "over_pot_raise": "pot-limit betting: the stud and draw games are dealt at fixed limit",
    "under_min_raise": "pot-limit and no-limit betting: the stud and draw games are dealt at fixed limit",
    "raise_after_non_reopening_all_in": "big-bet betting: the stud and draw games are dealt at fixed limit, "
    "where nobody raises after a short all-in",
    "run_twice_split_wrong": "no board to run twice",
}


class _BringInWrong(StudDrawHooks):
    def __init__(self) -> None:
        self.done = False

    def bring_in_player(self, dealer: StudDrawDealer, due: Player, able: list[Player]) -> Player:
        others = [player for player in able if player is not due and player.hole[2].rank != due.hole[2].rank]
        if not others:
            return due
        self.done = True
        return dealer.rng.choice(others)


class BringInWrongPlayer(Fault):
    name = "bring_in_wrong_player"
    codes = ("OA316", "OA311")
    description = "stud: the bring-in posted by a player who did not have the lowest (razz: highest) up card"

    def prepare(self, table: Table, rng: Random) -> DealerHooks | None:
        return _BringInWrong()

    def finish(self, rec: HandRecord, rng: Random, schedule: RakeSchedule, hooks: DealerHooks | None) -> bool:
        return isinstance(hooks, _BringInWrong) and hooks.done


class _BringInOver(StudDrawHooks):
    def __init__(self) -> None:
        self.done = False

    def bring_in_amount(self, dealer: StudDrawDealer, amount: int) -> int:
        self.done = True
        return dealer.rec.stakes.small_bet + amount  # (the dealer then lets the street be called or folded only)


class BringInOverSmallBet(Fault):
    name = "bring_in_over_small_bet"
    codes = ("OA317",)
    description = "stud: a bring-in of more than the small bet"

    def prepare(self, table: Table, rng: Random) -> DealerHooks | None:
        return _BringInOver()

    def finish(self, rec: HandRecord, rng: Random, schedule: RakeSchedule, hooks: DealerHooks | None) -> bool:
        return isinstance(hooks, _BringInOver) and hooks.done


def _hero_lines(rec: HandRecord) -> list[int]:
    return [index for index, line in enumerate(rec.body) if isinstance(line, StudCards) and line.player == rec.hero]


class DrawWrongCount(Fault):
    name = "draw_wrong_count"
    codes = ("OA207", "OA202")
    description = "draw: the hero given one card more or fewer than he discarded"

    def finish(self, rec: HandRecord, rng: Random, schedule: RakeSchedule, hooks: DealerHooks | None) -> bool:
        draws = [
            index
            for index in _hero_lines(rec)
            if index > 0 and isinstance(previous := rec.body[index - 1], DrawLine) and previous.count > 0
        ]
        if not draws or not rec.unused_cards:
            return False
        line = rec.body[rng.choice(draws)]
        assert isinstance(line, StudCards)
        if rng.random() < 0.5 and len(line.new) > 1:
            line.new = line.new[:-1]
        else:
            line.new = (*line.new, rec.unused_cards[0])
        return True


class StudDrawCardCount(Fault):
    name = "wrong_hole_card_count"
    codes = ("OA202",)
    description = "stud: the hero dealt an eighth card; draw: the hero dealt one card too many or too few"

    def finish(self, rec: HandRecord, rng: Random, schedule: RakeSchedule, hooks: DealerHooks | None) -> bool:
        if not rec.unused_cards:
            return False
        spare = rec.unused_cards[0]
        if rec.game.is_draw:
            for line in rec.body:
                if isinstance(line, Dealt) and line.player == rec.hero:
                    cards = list(line.cards)
                    if rng.random() < 0.5:
                        cards.pop(rng.randrange(len(cards)))
                    else:
                        cards.append(spare)
                    line.cards = tuple(cards)
                    return True
            return False
        for index in _hero_lines(rec):
            line = rec.body[index]
            if isinstance(line, StudCards) and len(line.old) == 6:  # seventh street
                line.new = (*line.new, spare)
                return True
        return False


class StudDrawDuplicateCard(Fault):
    name = "duplicate_card"
    codes = ("OA201",)
    description = "the same card dealt twice in the hero's hand"

    def finish(self, rec: HandRecord, rng: Random, schedule: RakeSchedule, hooks: DealerHooks | None) -> bool:
        for line in rec.body:
            if isinstance(line, Dealt) and line.player == rec.hero:
                line.cards = (*line.cards[:-1], line.cards[0])
                return True
            if isinstance(line, StudCards) and line.player == rec.hero and len(line.new) == 3:
                line.new = (*line.new[:-1], line.new[0])
                return True
        return False


class _StudUncalled(WrongUncalledBet):
    """The wrong uncalled bet, in stud not on a bring-in nobody called: ACR leaves an uncalled bring-in in the
    pot as it leaves a big blind nobody called (the audit accepts either there), so no text would show it."""

    def finish(self, rec: HandRecord, rng: Random, schedule: RakeSchedule, hooks: DealerHooks | None) -> bool:
        acted = [line for line in rec.body if isinstance(line, Act) and line.verb in ("calls", "bets", "raises")]
        if rec.game in STUD and not acted:
            return False
        return super().finish(rec, rng, schedule, hooks)


class StudDrawWrongDescription(WrongHandDescription):
    """A shown stud or draw hand described as another of its kind (the top rank one or two off)."""

    def bug_options(self, rec: HandRecord, rng: Random, schedule: RakeSchedule) -> list[DealerBugs]:
        settlement = rec.settlement
        assert settlement is not None
        keys = sorted(settlement.summary_descriptions)
        if not keys:
            return []
        player, run = rng.choice(keys)
        hole = rec.player(player).hole
        if len(set(hole)) != len(hole):
            return []
        value, low = word_value(rec.game, hole)
        right = describe_stud_draw(rec.game, value, low)
        top = 12 if rec.game is Game.BADUGI else 16
        rank = (value >> top) & 15
        deltas = [-1, 1, -2, 2]
        rng.shuffle(deltas)
        for delta in deltas:
            if not 1 <= rank + delta <= 14:
                continue
            moved = value + (delta << top)
            wrong = describe_stud_draw(rec.game, moved, low)
            if wrong != right and "0" not in wrong.split(":")[-1].split(","):
                return [DealerBugs(description=(player, run, wrong))]
        return []


@lru_cache(maxsize=1)
def stud_draw_faults() -> dict[str, tuple[Fault, frozenset[Game]]]:
    """Every fault kind of the stud and draw games by name: (the kind, the games it applies to)."""
    kinds: list[tuple[Fault, frozenset[Game]]] = [
        (RaiseAfterCap(), ALL),
        (WrongBlindAmount(), DRAW_ONLY),
        (WrongBlindSeat(), DRAW_ONLY),
        (BringInWrongPlayer(), STUD_ONLY),
        (BringInOverSmallBet(), STUD_ONLY),
        (ActionOutOfTurn(), ALL),
        (_StudUncalled(), ALL),
        (SidePotWrong(), ALL),
        (WrongWinner(), ALL),
        (HiLoSplitWrong(), frozenset({Game.STUD_HI_LO})),
        (OddChipWrong(), ALL),
        (LowWithoutQualifier(), frozenset({Game.STUD_HI_LO})),
        (RakeOverCap(), ALL),
        (CollectedPlusRakeMismatch(), ALL),
        (StudDrawWrongDescription(), ALL),
        (StudDrawDuplicateCard(), ALL),
        (StudDrawCardCount(), ALL),
        (DrawWrongCount(), DRAW_ONLY),
    ]
    return {fault.name: (fault, games) for fault, games in kinds}
