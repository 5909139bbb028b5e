"""Dealer errors made after the betting: pots, awards, rake, cards and descriptions. Each one looks at the
correctly settled hand for an opportunity, then settles it again with one `DealerBugs` setting (or one
changed card), so every line that follows from the error agrees with it."""

from __future__ import annotations

from random import Random

from omaha_audit.generate.config import RakeSchedule
from omaha_audit.generate.fault_kinds import BIG_BET, Fault, Needs
from omaha_audit.generate.play import DealerHooks
from omaha_audit.generate.record import BoardLine, Dealt, HandRecord, Settlement
from omaha_audit.generate.showdown import DealerBugs, evaluate, settle
from omaha_audit.generate.table import Scenario
from omaha_audit.model import Card, Game
from omaha_audit.model.hand_value import describe_key


def _awards(settlement: Settlement) -> list[tuple[str, int, int, int]]:
    """What each player collected from each pot of each board (what an auditor can check: PokerStars
    does not say which collected line is the high half and which the low)."""
    totals: dict[tuple[str, int, int], int] = {}
    for share in settlement.shares():
        key = (share.player, share.pot, share.run)
        totals[key] = totals.get(key, 0) + share.amount
    return sorted((*key, amount) for key, amount in totals.items())


class _SettleFault(Fault):
    def bug_options(self, rec: HandRecord, rng: Random, schedule: RakeSchedule) -> list[DealerBugs]:
        """Ways to get this hand wrong, best first; the first one that changes the awards is used."""
        raise NotImplementedError

    def finish(self, rec: HandRecord, rng: Random, schedule: RakeSchedule, hooks: DealerHooks | None) -> bool:
        settlement = rec.settlement
        if settlement is None:
            return False
        before = _awards(settlement)
        for bugs in self.bug_options(rec, rng, schedule):
            changed = settle(rec, schedule, bugs)
            if self.differs(settlement, changed, before):
                rec.settlement = changed
                return True
        return False

    def differs(self, before: Settlement, after: Settlement, awards: list[tuple[str, int, int, int]]) -> bool:
        return _awards(after) != awards or after.rake != before.rake or after.pots_net != before.pots_net


class SidePotWrong(_SettleFault):
    name = "side_pot_wrong"
    codes = ("OA402", "OA403", "OA501")
    needs = Needs(min_players=3)
    description = "main and side pots built with the wrong amounts (more than the rake apart)"

    def scenario(self, rng: Random) -> Scenario:
        return Scenario(style="wild", short_stacks=3, players=(3, 7))

    def bug_options(self, rec: HandRecord, rng: Random, schedule: RakeSchedule) -> list[DealerBugs]:
        settlement = rec.settlement
        assert settlement is not None
        if settlement.pot_count < 2:
            return []
        options = []
        least = settlement.rake + 1  # an auditor may allow each printed pot to be short by the rake
        for side in range(1, settlement.pot_count):
            for source, target in ((side, 0), (0, side)):
                available = settlement.pots_net[source] - 1
                if available >= least:
                    chips = rng.randint(least, max(least, min(available, settlement.pots_net[source] // 2)))
                    options.append(DealerBugs(pot_shift=(source, target, chips)))
        rng.shuffle(options)
        return options


class WrongWinner(_SettleFault):
    name = "wrong_winner"
    codes = ("OA501", "OA502")
    description = "a pot (or the high half) awarded to a player who did not have the best hand"

    def scenario(self, rng: Random) -> Scenario:
        return Scenario(style="passive")

    def bug_options(self, rec: HandRecord, rng: Random, schedule: RakeSchedule) -> list[DealerBugs]:
        assert rec.settlement is not None
        clear: list[DealerBugs] = []  # a loser who wins nothing else in the pot makes the clearest case
        shared: list[DealerBugs] = []
        for result in rec.settlement.results:
            if len(result.contenders) < 2 or len(result.high_winners) != 1 or result.amount < 2:
                continue
            for loser in result.contenders:
                if loser not in result.high_winners:
                    group = shared if loser in result.low_winners else clear
                    group.append(DealerBugs(winner=(result.run, result.pot, loser)))
        rng.shuffle(clear)
        rng.shuffle(shared)
        return clear + shared


class HiLoSplitWrong(_SettleFault):
    name = "hi_lo_split_wrong"
    codes = ("OA502", "OA504", "OA505")
    needs = Needs(hi_lo=True)
    description = "a hi/lo pot split unevenly between the halves, or the qualifying low ignored"

    def scenario(self, rng: Random) -> Scenario:
        return Scenario(style="passive")

    def bug_options(self, rec: HandRecord, rng: Random, schedule: RakeSchedule) -> list[DealerBugs]:
        assert rec.settlement is not None
        options = []
        for result in rec.settlement.results:
            if not result.low_winners or set(result.high_winners) & set(result.low_winners):
                continue
            if rng.random() < 0.25:
                options.append(DealerBugs(ignore_low=result.run))
            elif result.amount >= 6:
                chips = max(2, result.amount // 6) * rng.choice((1, -1))
                options.append(DealerBugs(hi_lo_skew=(result.run, result.pot, chips)))
        rng.shuffle(options)
        return options


class OddChipWrong(_SettleFault):
    name = "odd_chip_wrong"
    codes = ("OA505", "OA502")
    description = "the odd chip to the low half, or to a tied winner other than the first left of the button"

    def scenario(self, rng: Random) -> Scenario:
        return Scenario(style="passive", mirror=True)

    def bug_options(self, rec: HandRecord, rng: Random, schedule: RakeSchedule) -> list[DealerBugs]:
        assert rec.settlement is not None
        options = []
        for result in rec.settlement.results:
            if len(result.contenders) < 2:
                continue
            if result.low_winners and result.amount % 2 and set(result.high_winners) != set(result.low_winners):
                options.append(DealerBugs(odd_chip=(result.run, result.pot, "half")))
            if len(result.high_winners) > 1 or len(result.low_winners) > 1:
                options.append(DealerBugs(odd_chip=(result.run, result.pot, "tie")))
        rng.shuffle(options)
        return options


class LowWithoutQualifier(_SettleFault):
    name = "low_without_qualifier"
    codes = ("OA503",)
    needs = Needs(hi_lo=True)
    description = "half a hi/lo pot awarded as a low when no hand qualified"

    def scenario(self, rng: Random) -> Scenario:
        return Scenario(style="passive", board="no_low")

    def bug_options(self, rec: HandRecord, rng: Random, schedule: RakeSchedule) -> list[DealerBugs]:
        settlement = rec.settlement
        assert settlement is not None
        no_low_runs = {showdown.run for showdown in settlement.showdowns if showdown.no_low}
        options = []
        for result in settlement.results:
            if result.run not in no_low_runs or len(result.contenders) < 2 or result.amount < 10:
                continue
            # Half the pot to a player who lost the high: the "low" can only be the dealer's invention.
            for loser in result.contenders:
                if loser not in result.high_winners:
                    options.append(DealerBugs(fake_low=(result.run, result.pot, loser)))
        rng.shuffle(options)
        return options


class RunTwiceSplitWrong(_SettleFault):
    name = "run_twice_split_wrong"
    codes = ("OA506", "OA505")  # OC-6: the board split's odd chip belongs to the first board
    needs = Needs(structures=BIG_BET, cash=True)
    description = "a pot run twice split unevenly between the boards (or the odd chip to the second)"

    def scenario(self, rng: Random) -> Scenario:
        return Scenario(style="wild", rit=1.0, short_stacks=2, players=(2, 4))

    def bug_options(self, rec: HandRecord, rng: Random, schedule: RakeSchedule) -> list[DealerBugs]:
        settlement = rec.settlement
        if not rec.run_twice or settlement is None:
            return []
        options = []
        for pot, amount in enumerate(settlement.pots_net):
            if amount < 2 or not _contested(settlement, pot):
                continue
            chips = 1 if amount % 2 and rng.random() < 0.5 else rng.randint(1, max(1, amount // 4))
            options.append(DealerBugs(board_skew=(pot, chips)))
        rng.shuffle(options)
        return options


def _contested(settlement: Settlement, pot: int) -> bool:
    """Whether two players or more could win the pot: a pot only one player is eligible for (a side pot
    behind a short all-in) goes to that player whatever the boards, and how it is cut between them is no
    player's loss; a room may print it whole or split, and neither is a dealer's error."""
    return any(len(result.contenders) > 1 for result in settlement.results if result.pot == pot)


class RakeOverCap(_SettleFault):
    name = "rake_over_cap"
    codes = ("OA603",)
    needs = Needs(cash=True)
    description = "more rake taken than the cap for the stakes and players dealt"

    def scenario(self, rng: Random) -> Scenario:
        return Scenario(style="wild")

    def bug_options(self, rec: HandRecord, rng: Random, schedule: RakeSchedule) -> list[DealerBugs]:
        settlement = rec.settlement
        if not rec.cash or not rec.flop_dealt or settlement is None:
            return []
        if not schedule.audited_cap(rec.stakes.big_blind):
            return []  # (the room's preset states no cap here: a rake above the usual one is no error)
        cap = schedule.cap(rec.stakes.big_blind, len(rec.dealt))
        rake = cap + rng.randint(1, max(1, cap // 2))
        if rake * 2 > settlement.total:
            return []
        return [DealerBugs(rake=rake)]


class CollectedPlusRakeMismatch(_SettleFault):
    name = "collected_plus_rake_mismatch"
    codes = ("OA601",)
    description = "a collected amount that makes collected plus rake differ from the total pot"

    def bug_options(self, rec: HandRecord, rng: Random, schedule: RakeSchedule) -> list[DealerBugs]:
        settlement = rec.settlement
        assert settlement is not None
        shares = settlement.shares()
        if not shares:
            return []
        index = rng.randrange(len(shares))
        chips = rng.randint(1, max(1, settlement.total // 20)) * rng.choice((1, -1))
        if shares[index].amount + chips < 1:
            chips = abs(chips)
        return [DealerBugs(share_delta=(index, chips))]


class WrongHandDescription(_SettleFault):
    name = "wrong_hand_description"
    codes = ("OA507",)
    description = "a shown hand described as a different hand"

    def scenario(self, rng: Random) -> Scenario:
        return Scenario(style="passive")

    def bug_options(self, rec: HandRecord, rng: Random, schedule: RakeSchedule) -> list[DealerBugs]:
        settlement = rec.settlement
        assert settlement is not None
        keys = sorted(settlement.summary_descriptions)
        if not keys:
            return []
        player, run = rng.choice(keys)
        board = rec.boards[max(run, 1) - 1]
        high, low = evaluate(rec.game, rec.player(player).hole, board)
        wrong = wrong_words(high.key, rng)
        if rec.game.is_hi_lo:
            wrong = f"HI: {wrong}" if low is None else f"HI: {wrong}; LO: {low.describe()}"
        return [DealerBugs(description=(player, run, wrong))]

    def differs(self, before: Settlement, after: Settlement, awards: list[tuple[str, int, int, int]]) -> bool:
        return after.summary_descriptions != before.summary_descriptions


def wrong_words(key: int, rng: Random) -> str:
    """The words for a hand of the same kind one rank up or down (`a pair of Kings` → `a pair of Queens`)."""
    category = key >> 20
    ranks = [(key >> shift) & 15 for shift in (16, 12, 8, 4, 0)]
    right = describe_key(key)
    deltas = [-1, 1]
    rng.shuffle(deltas)
    for delta in (*deltas, -2, 2):
        moved = [rank + delta for rank in ranks]
        lowest = 1 if category in (4, 8) else 2
        if all(lowest <= rank <= 14 for rank in moved) and not (category in (4, 8) and 1 in moved[:4]):
            key = (category << 20) | (moved[0] << 16) | (moved[1] << 12) | (moved[2] << 8) | (moved[3] << 4) | moved[4]
            words = describe_key(key)
            if words != right:
                return words
    return "high card Ace" if right != "high card Ace" else "high card King"


# ---------------------------------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------------------------------


def _hero_hidden(rec: HandRecord) -> bool:
    settlement = rec.settlement
    return settlement is not None and rec.hero not in settlement.shown and rec.hero not in settlement.mucked


def _replace_dealt(rec: HandRecord, cards: tuple[Card, ...]) -> None:
    for line in rec.body:
        if isinstance(line, Dealt):
            line.cards = cards


class DuplicateCard(Fault):
    name = "duplicate_card"
    codes = ("OA201",)
    description = "the same card dealt twice (board and hero, two shown hands, or within hero's hand)"

    def finish(self, rec: HandRecord, rng: Random, schedule: RakeSchedule, hooks: DealerHooks | None) -> bool:
        settlement = rec.settlement
        assert settlement is not None
        variants = []
        hidden = _hero_hidden(rec)
        if hidden and rec.flop_dealt and len(rec.boards[0]) >= 3:
            variants.append("board")
        visible = sorted({*settlement.shown, *settlement.mucked})
        if len(visible) >= 2:
            variants.append("hands")
        if hidden:
            variants.append("hero")
        if not variants:
            return False
        variant = rng.choice(variants)
        if variant == "board":
            board = rec.boards[0]
            old = board[-1]
            new = rng.choice(rec.player(rec.hero).hole)
            board[-1] = new
            for line in rec.body:
                if isinstance(line, BoardLine) and old in line.new:
                    line.new = tuple(new if card == old else card for card in line.new)
        elif variant == "hands":
            taker, giver = rng.sample(visible, 2)
            receiving = rec.player(taker)
            position = rng.randrange(len(receiving.hole))
            hole = list(receiving.hole)
            hole[position] = rng.choice(rec.player(giver).hole)
            receiving.hole = tuple(hole)
            receiving.muck_if_beaten = False  # both hands stay on the table, not only in the summary
            rec.player(giver).muck_if_beaten = False
            if taker == rec.hero:
                _replace_dealt(rec, receiving.hole)
        else:
            cards = list(rec.hero_cards())
            cards[-1] = cards[0]
            _replace_dealt(rec, tuple(cards))
            return True
        rec.settlement = settle(rec, schedule)
        return True


class WrongHoleCardCount(Fault):
    name = "wrong_hole_card_count"
    codes = ("OA202",)
    description = "a player dealt one card too many or too few"

    def finish(self, rec: HandRecord, rng: Random, schedule: RakeSchedule, hooks: DealerHooks | None) -> bool:
        settlement = rec.settlement
        assert settlement is not None
        if not rec.unused_cards:
            return False
        spare = rec.unused_cards[0]
        shown = sorted(settlement.shown) if rec.game is not Game.HOLDEM else []
        if _hero_hidden(rec) and (not shown or rng.random() < 0.5):
            cards = list(rec.hero_cards())
            if rng.random() < 0.5 and len(cards) > 1:
                cards.pop(rng.randrange(len(cards)))
            else:
                cards.insert(rng.randrange(len(cards) + 1), spare)
            _replace_dealt(rec, tuple(cards))
            return True
        if not shown:
            return False
        player = rec.player(rng.choice(shown))
        hole = list(player.hole)
        if len(hole) < 6 and (len(hole) <= 3 or rng.random() < 0.5):
            hole.insert(rng.randrange(len(hole) + 1), spare)
        else:
            hole.pop(rng.randrange(len(hole)))
        player.hole = tuple(hole)
        player.muck_if_beaten = False  # the hand is shown even if it no longer wins anything
        if player.name == rec.hero:
            _replace_dealt(rec, player.hole)
        rec.settlement = settle(rec, schedule)
        return True


SETTLEMENT_FAULTS: tuple[Fault, ...] = (
    SidePotWrong(),
    WrongWinner(),
    HiLoSplitWrong(),
    OddChipWrong(),
    LowWithoutQualifier(),
    RunTwiceSplitWrong(),
    RakeOverCap(),
    CollectedPlusRakeMismatch(),
    DuplicateCard(),
    WrongHoleCardCount(),
    WrongHandDescription(),
)
