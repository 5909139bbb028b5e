"""Dealer errors the generator can put into a hand, one per faulty hand, each with the audit codes that
may flag it (docs/RULE_CODES.md; recall counts a hit when any of them is reported).

A fault is written the way a room with a buggy dealer would write it: the one thing goes wrong, and
everything after it is computed from what the dealer did, so the text stays consistent around the error.
Betting and blind errors happen while the hand is played (`DealerHooks`); settlement and card errors
re-settle the finished hand with one `DealerBugs` setting or one changed card (faults_settle.py).

Every kind lists what the hand must allow (`Needs`) and what it asks of the deal (`scenario`); when a
hand turns out to give no opportunity (`finish` returns False) the generator deals again.
"""

from __future__ import annotations

from functools import lru_cache
from random import Random

from omaha_audit.generate import faults_settle
from omaha_audit.generate.config import RakeSchedule
from omaha_audit.generate.fault_kinds import BIG_BET, BettingFault, Fault, Needs
from omaha_audit.generate.play import Dealer, DealerHooks
from omaha_audit.generate.policy import Legal, RoundState
from omaha_audit.generate.record import Act, HandRecord, Player
from omaha_audit.generate.table import Scenario, Table
from omaha_audit.model import Street, Structure


def _others_can_act(dealer: Dealer, player: Player) -> bool:
    return any(other.can_act for other in dealer.players if other is not player)


class _OverPot(BettingFault):
    def opportunity(self, dealer: Dealer, rs: RoundState, player: Player, legal: Legal) -> tuple[str, int] | None:
        if not legal.can_raise or legal.short_only:
            return None
        step = max(1, (legal.pot_to - rs.high) // 5, rs.big_blind // 2)
        to = legal.pot_to + step
        if to >= legal.all_in_to:
            return None
        return ("bets" if legal.is_bet else "raises"), to


class _UnderMin(BettingFault):
    def opportunity(self, dealer: Dealer, rs: RoundState, player: Player, legal: Legal) -> tuple[str, int] | None:
        if not legal.can_raise or legal.short_only:
            return None
        if legal.is_bet:
            to = rs.big_blind // 2
            ok = to >= 1
        else:
            to = rs.high + max(1, (legal.min_to - rs.high) // 2)
            ok = to < legal.min_to
        if not ok or to >= legal.all_in_to:
            return None
        return ("bets" if legal.is_bet else "raises"), to


class _NotReopened(BettingFault):
    def opportunity(self, dealer: Dealer, rs: RoundState, player: Player, legal: Legal) -> tuple[str, int] | None:
        name = player.name
        if name not in rs.acted_seq or rs.acted_seq[name] != rs.full_seq:
            return None
        raised_since = rs.high - rs.faced.get(name, rs.high)
        if not 0 < raised_since < rs.last_full:  # only short all-ins since: betting was not reopened
            return None
        if player.chips <= legal.to_call or not _others_can_act(dealer, player):
            return None
        return "raises", min(rs.high + rs.last_full, legal.all_in_to)

    def steer(self, dealer: Dealer, rs: RoundState, player: Player, legal: Legal) -> tuple[str, int] | None:
        # A short stack facing a bet moves in for less than a full raise whenever it can.
        if legal.can_raise and legal.short_only and legal.to_call > 0 and rs.acted_seq:
            return "raises", legal.all_in_to
        # Whoever bet first keeps calling later raises so the action comes back to him.
        return None


class _AfterCap(BettingFault):
    def __init__(self, skip: int, hu_capped: bool = True) -> None:
        super().__init__(skip)
        self.hu_capped = hu_capped  # the room caps a round at four bets heads-up too (FL-3)

    def opportunity(self, dealer: Dealer, rs: RoundState, player: Player, legal: Legal) -> tuple[str, int] | None:
        if not rs.fixed_limit or rs.bets < 4 or rs.short_all_in or legal.to_call <= 0:
            return None
        if not self.hu_capped and sum(1 for other in dealer.players if other.can_act) <= 2:
            return None  # (heads-up the room's cap is not four bets: a fifth is no error)
        to = rs.high + rs.unit
        if to >= legal.all_in_to or not _others_can_act(dealer, player):
            return None
        return "raises", to

    def steer(self, dealer: Dealer, rs: RoundState, player: Player, legal: Legal) -> tuple[str, int] | None:
        if legal.can_raise and not legal.short_only and rs.street is not Street.RIVER:
            return ("bets" if legal.is_bet else "raises"), legal.min_to
        return None


class _BettingKind(Fault):
    hook: type[BettingFault] = BettingFault

    def prepare(self, table: Table, rng: Random) -> DealerHooks | None:
        return self.hook(rng.choice((0, 0, 0, 1, 2)))


class OverPotRaise(_BettingKind):
    name = "over_pot_raise"
    codes = ("OA301",)
    needs = Needs(structures=frozenset({Structure.POT_LIMIT}))
    description = "a pot-limit bet or raise above the pot"
    hook = _OverPot


class UnderMinRaise(_BettingKind):
    name = "under_min_raise"
    codes = ("OA302",)
    needs = Needs(structures=BIG_BET)
    description = "a bet below the big blind or a raise below the minimum raise, not all-in"
    hook = _UnderMin


class RaiseAfterNonReopeningAllIn(_BettingKind):
    name = "raise_after_non_reopening_all_in"
    codes = ("OA303",)
    needs = Needs(structures=BIG_BET, min_players=3)
    description = "a raise by a player who already acted and faced only a short all-in"
    hook = _NotReopened

    def scenario(self, rng: Random) -> Scenario:
        return Scenario(style="raising", short_stacks=rng.choice((2, 3)), players=(3, 6))


class RaiseAfterCap(_BettingKind):
    name = "raise_after_cap"
    codes = ("OA305",)
    needs = Needs(structures=frozenset({Structure.FIXED_LIMIT}))
    description = "a fixed-limit raise after `Betting is capped`"
    hook = _AfterCap

    def scenario(self, rng: Random) -> Scenario:
        return Scenario(style="raising")

    def prepare(self, table: Table, rng: Random) -> DealerHooks | None:
        return _AfterCap(rng.choice((0, 0, 0, 1, 2)), table.hu_capped)


# ---------------------------------------------------------------------------------------------------
# Blinds and turn order
# ---------------------------------------------------------------------------------------------------


class _LockPreflop(DealerHooks):
    """After a wrong blind the preflop betting is called or folded only."""

    def __init__(self) -> None:
        self.done = True

    def betting(self, dealer: Dealer, rs: RoundState, player: Player, legal: Legal) -> tuple[str, int] | None:
        if rs.street is Street.PREFLOP:
            rs.locked = True
            if legal.to_call > 0:
                return ("calls", 0) if dealer.rng.random() < 0.6 else ("folds", 0)
            return "checks", 0
        return None


class WrongBlindAmount(Fault):
    name = "wrong_blind_amount"
    codes = ("OA309", "OA103")
    description = "a blind posted for the wrong amount"

    def prepare(self, table: Table, rng: Random) -> DealerHooks | None:
        stakes = table.rec.stakes
        small, big = stakes.small_blind, stakes.big_blind
        options = sorted(
            {v for v in (small // 2, small - 1, small + 1, (small + big) // 2, big - 1) if 0 < v < big and v != small}
        )
        for index, (player, what, _amount) in enumerate(table.posts):
            if what == "small blind" and options and rng.random() < 0.75:
                table.posts[index] = (player, what, rng.choice(options))
                return _LockPreflop()
        for index, (player, what, _amount) in enumerate(table.posts):
            if what == "big blind" and player is table.big_blind:
                wrong = big + rng.choice((small, big))
                if wrong + stakes.ante >= player.stack:
                    return None
                table.posts[index] = (player, what, wrong)
                return _LockPreflop()
        return None

    def finish(self, rec: HandRecord, rng: Random, schedule: RakeSchedule, hooks: DealerHooks | None) -> bool:
        return hooks is not None


class WrongBlindSeat(Fault):
    name = "wrong_blind_seat"
    codes = ("OA310", "OA311")
    description = "the blinds posted by the wrong seats (heads-up: the button posts the big blind)"

    def prepare(self, table: Table, rng: Random) -> DealerHooks | None:
        rec = table.rec
        dealt = rec.dealt
        small_blind, big_blind = table.small_blind, table.big_blind
        stakes = rec.stakes
        antes = [post for post in table.posts if post[1] == "the ante"]
        if small_blind is None:
            return None
        if len(dealt) == 2:
            new_small, new_big = big_blind, small_blind  # the button posts the big blind
        else:
            after = [player for player in dealt if player.seat > big_blind.seat]
            after += [player for player in dealt if player.seat <= big_blind.seat]
            new_small, new_big = big_blind, after[0]  # both blinds one seat late
        if new_big.stack <= stakes.big_blind + stakes.ante:
            return None
        table.posts = [*antes, (new_small, "small blind", stakes.small_blind), (new_big, "big blind", stakes.big_blind)]
        table.small_blind, table.big_blind = new_small, new_big
        rec.tags.discard("missed-blinds")
        rec.tags.discard("new-player-blind")
        return _Done()

    def finish(self, rec: HandRecord, rng: Random, schedule: RakeSchedule, hooks: DealerHooks | None) -> bool:
        return hooks is not None


class _Done(DealerHooks):
    done = True


class ActionOutOfTurn(Fault):
    name = "action_out_of_turn"
    codes = ("OA311",)
    description = "two players' folds or checks written in the wrong order"

    def finish(self, rec: HandRecord, rng: Random, schedule: RakeSchedule, hooks: DealerHooks | None) -> bool:
        pairs = []
        for index in range(len(rec.body) - 1):
            first, second = rec.body[index], rec.body[index + 1]
            if (
                isinstance(first, Act)
                and isinstance(second, Act)
                and first.verb == second.verb
                and first.verb in ("folds", "checks")
                and first.street == second.street
                and first.player != second.player
            ):
                pairs.append(index)
        if not pairs:
            return False
        index = rng.choice(pairs)
        rec.body[index], rec.body[index + 1] = rec.body[index + 1], rec.body[index]
        return True


# ---------------------------------------------------------------------------------------------------
# The uncalled bet (during play: the chips the dealer keeps stay in the pot)
# ---------------------------------------------------------------------------------------------------


class _WrongRefund(DealerHooks):
    def __init__(self, missing: bool) -> None:
        self.missing = missing
        self.done = False

    def refund(self, dealer: Dealer, player: Player, amount: int) -> int:
        if self.done or amount < 2:
            return amount
        self.done = True
        return 0 if self.missing else amount - max(1, amount // 3)


class WrongUncalledBet(Fault):
    name = "wrong_uncalled_bet"
    codes = ("OA401", "OA602", "OA402")
    description = "an uncalled bet returned short, or not returned"

    def prepare(self, table: Table, rng: Random) -> DealerHooks | None:
        return _WrongRefund(missing=rng.random() < 0.3)

    def finish(self, rec: HandRecord, rng: Random, schedule: RakeSchedule, hooks: DealerHooks | None) -> bool:
        return isinstance(hooks, _WrongRefund) and hooks.done


@lru_cache(maxsize=1)
def all_faults() -> dict[str, Fault]:
    """Every fault kind by name, in a fixed order."""
    kinds: list[Fault] = [
        OverPotRaise(),
        UnderMinRaise(),
        RaiseAfterNonReopeningAllIn(),
        RaiseAfterCap(),
        WrongBlindAmount(),
        WrongBlindSeat(),
        ActionOutOfTurn(),
        WrongUncalledBet(),
        *faults_settle.SETTLEMENT_FAULTS,
    ]
    return {fault.name: fault for fault in kinds}


def expected_codes() -> dict[str, tuple[str, ...]]:
    """Fault name → the audit codes that may flag it."""
    return {name: fault.codes for name, fault in all_faults().items()}
