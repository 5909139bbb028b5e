"""What every dealer error the generator can make has (faults.py, faults_settle.py): what a hand must allow
(`Needs`), the kind itself (`Fault`), and the base of the betting errors, which happen while the hand is
played (`BettingFault`)."""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

from omaha_audit.generate.config import RakeSchedule
from omaha_audit.generate.play import Dealer, DealerHooks
from omaha_audit.generate.policy import Legal, RoundState
from omaha_audit.generate.record import HandRecord, Player
from omaha_audit.generate.table import Scenario, Table
from omaha_audit.model import Structure

BIG_BET = frozenset({Structure.POT_LIMIT, Structure.NO_LIMIT})


@dataclass(frozen=True, slots=True)
class Needs:
    structures: frozenset[Structure] | None = None  # None: any
    hi_lo: bool = False  # a hi/lo game
    cash: bool = False  # a cash table (rake, run it twice)
    min_players: int = 2  # players dealt in (side pots and short all-ins need a third player)


class Fault:
    """One kind of dealer error."""

    name = ""
    codes: tuple[str, ...] = ()
    needs = Needs()
    description = ""

    def scenario(self, rng: Random) -> Scenario:
        return Scenario()

    def prepare(self, table: Table, rng: Random) -> DealerHooks | None:
        """Change the table before play and/or return hooks for the play; None: correct dealer."""
        return None

    def finish(self, rec: HandRecord, rng: Random, schedule: RakeSchedule, hooks: DealerHooks | None) -> bool:
        """Change the played hand; True when the error is now in it."""
        return isinstance(hooks, BettingFault) and hooks.done


# ---------------------------------------------------------------------------------------------------
# Betting errors: an illegal decision is taken once, and the rest of the street is called or folded
# (so no later raise depends on how an auditor sizes bets after the illegal one).
# ---------------------------------------------------------------------------------------------------


class BettingFault(DealerHooks):
    def __init__(self, skip: int) -> None:
        self.skip = skip  # opportunities to let pass first, so the error is not always the first chance
        self.done = False

    def betting(self, dealer: Dealer, rs: RoundState, player: Player, legal: Legal) -> tuple[str, int] | None:
        if self.done:
            return None
        decision = self.opportunity(dealer, rs, player, legal)
        if decision is None:
            return self.steer(dealer, rs, player, legal)
        if self.skip > 0:
            self.skip -= 1
            return None
        self.done = True
        rs.locked = True
        dealer.rec.tags.add("fault-betting")
        return decision

    def opportunity(self, dealer: Dealer, rs: RoundState, player: Player, legal: Legal) -> tuple[str, int] | None:
        raise NotImplementedError

    def steer(self, dealer: Dealer, rs: RoundState, player: Player, legal: Legal) -> tuple[str, int] | None:
        """A legal decision that makes an opportunity more likely, or None."""
        return None
