"""Playing one hand: the posts, the betting rounds, the streets (run twice when allowed), the uncalled
bet, then the settlement. The dealer is correct unless `DealerHooks` says otherwise (faults.py)."""

from __future__ import annotations

from random import Random

from omaha_audit.generate import bias
from omaha_audit.generate.config import RakeSchedule
from omaha_audit.generate.deal import draw
from omaha_audit.generate.policy import Legal, RoundState, choose, legal_options, record_raise, reopened_for
from omaha_audit.generate.pots import uncalled_excess
from omaha_audit.generate.record import (
    Act,
    BoardLine,
    Dealt,
    HandRecord,
    Player,
    Post,
    PreFlopCard,
    Text,
    Uncalled,
)
from omaha_audit.generate.showdown import settle
from omaha_audit.generate.table import Table
from omaha_audit.model import Card, Street, Structure

STREETS = ((Street.PREFLOP, 0), (Street.FLOP, 3), (Street.TURN, 4), (Street.RIVER, 5))


class DealerHooks:
    """A correct dealer. Fault plans override these to make exactly one thing go wrong."""

    def betting(self, dealer: Dealer, rs: RoundState, player: Player, legal: Legal) -> tuple[str, int] | None:
        """A decision to take instead of the player's own, or None."""
        return None

    def refund(self, dealer: Dealer, player: Player, amount: int) -> int:
        """The uncalled bet the dealer returns (0: none and no line)."""
        return amount


class Dealer:
    def __init__(self, table: Table, rng: Random, schedule: RakeSchedule, hooks: DealerHooks | None = None):
        self.table = table
        self.rec: HandRecord = table.rec
        self.rng = rng
        self.schedule = schedule
        self.hooks = hooks or DealerHooks()
        self.players = self.rec.dealt
        self.last_aggressor: str | None = None

    # ---- helpers ---------------------------------------------------------------------------------
    def pot_total(self) -> int:
        return sum(player.total for player in self.players)

    def live(self) -> list[Player]:
        return [player for player in self.players if not player.folded]

    def actors(self) -> list[Player]:
        return [player for player in self.players if player.can_act]

    def _rotate_after(self, seat: int) -> list[Player]:
        after = [player for player in self.players if player.seat > seat]
        return after + [player for player in self.players if player.seat <= seat]

    def _put_in(self, player: Player, amount: int) -> None:
        player.chips -= amount
        player.bet += amount
        player.total += amount
        if player.chips == 0:
            player.all_in = True

    # ---- the hand --------------------------------------------------------------------------------
    def play(self) -> HandRecord:
        rec = self.rec
        self._post()
        rec.body.append(Text("*** HOLE CARDS ***"))
        hero = rec.player(rec.hero)
        rec.body.append(Dealt(hero.name, hero.hole))
        runout = self.table.runout
        board: list[Card] = []
        rec.boards = [board]
        if rec.game.is_courchevel:
            rec.body.append(PreFlopCard(runout[0]))
        for street, size in STREETS:
            if street is not Street.PREFLOP:
                old = tuple(board)
                board.extend(runout[len(board) : size])
                rec.body.append(BoardLine(street, 0, old, tuple(board[len(old) :])))
                rec.flop_dealt = True
                for player in self.players:
                    player.bet = 0
            if len(self.actors()) >= 2:
                self._betting_round(street)
            if len(self.live()) == 1:
                break
            if street is not Street.RIVER and len(self.actors()) <= 1:
                self._run_out(len(board))
                break
        live = self.live()
        if len(live) > 1:
            rec.all_in_showdown = any(player.all_in for player in live)
            rec.tags.add("showdown")
        else:
            rec.tags.add(f"ends-{self._last_street().value}")
        rec.show_first = self.last_aggressor
        rec.unused_cards = list(self.table.deck)
        rec.settlement = settle(rec, self.schedule)
        self._tag_settlement()
        return rec

    def _tag_settlement(self) -> None:
        """Record what the hand shows (for coverage tests and the run summary)."""
        rec = self.rec
        tags = rec.tags
        settlement = rec.settlement
        assert settlement is not None
        if len(self.players) == 2:
            tags.add("heads-up")
        if len(self.players) < len(rec.seats):
            tags.add("sitting-out")
        tags.add("cash" if rec.cash else "tournament")
        if rec.stakes.ante:
            tags.add("antes")
        if settlement.showdowns and len(self.live()) >= 3:
            tags.add("multiway-showdown")
        if settlement.pot_count >= 2:
            tags.add("side-pot")
        if settlement.pot_count >= 3:
            tags.add("two-side-pots")
        for result in settlement.results:
            highs, lows = len(result.high_winners), len(result.low_winners)
            if highs > 1 or lows > 1:
                tags.add("split-pot")
            if lows:
                tags.add("hi-lo-split")
                high_half, low_half = result.amount - result.amount // 2, result.amount // 2
                if lows > 1 or highs > 1:
                    tags.add("quartered")
                if result.amount % 2 or high_half % highs or low_half % lows:
                    tags.add("odd-chip")
            elif highs > 1 and result.amount % highs:
                tags.add("odd-chip")
        if any(showdown.no_low for showdown in settlement.showdowns):
            tags.add("no-low")
        preflop = [line for line in rec.body if isinstance(line, Act) and line.street is Street.PREFLOP]
        if not settlement.showdowns and not rec.flop_dealt and all(line.verb == "folds" for line in preflop):
            tags.add("walk")

    def _last_street(self) -> Street:
        for line in reversed(self.rec.body):
            if isinstance(line, BoardLine):
                return line.street
        return Street.PREFLOP

    def _post(self) -> None:
        for player, what, amount in self.table.posts:
            player.chips -= amount
            player.total += amount
            if what == "the ante":
                player.dead += amount
            elif what == "small & big blinds":
                live_part = self.rec.stakes.big_blind
                player.bet += live_part
                player.dead += amount - live_part
                player.posted_or_bet = True
            else:
                player.bet += amount
                player.posted_or_bet = True
            player.all_in = player.chips == 0
            printed = "big blind" if what == "extra" else what
            self.rec.body.append(Post(player.name, printed, amount, player.all_in))
        big_blind = self.table.big_blind
        small_blind = self.table.small_blind
        button = self.rec.player_at(self.rec.button)
        if button is not None:
            button.positions.append("button")
        if small_blind is not None:
            small_blind.positions.append("small blind")
        big_blind.positions.append("big blind")

    # ---- betting ---------------------------------------------------------------------------------
    def _betting_round(self, street: Street) -> None:
        rec = self.rec
        stakes = rec.stakes
        unit = 0
        if rec.structure is Structure.FIXED_LIMIT:
            unit = stakes.small_bet if street in (Street.PREFLOP, Street.FLOP) else stakes.big_bet
        rs = RoundState(street, rec.structure, stakes.big_blind, unit, last_full=stakes.big_blind)
        if street is Street.PREFLOP:
            rs.high = max(player.bet for player in self.players)
            rs.bets = 1
            order = self._rotate_after(self.table.big_blind.seat)
        else:
            order = self._rotate_after(rec.button)
        self._bet_around(rs, order, {player.name for player in order if player.can_act})

    def _bet_around(self, rs: RoundState, order: list[Player], pending: set[str]) -> None:
        """Turns around `order` until every player still able to act has acted and matched the high bet (or
        one player is left), then the uncalled bet back. `pending`: the players yet to act this street."""
        live = sum(1 for player in order if not player.folded)
        index = idle = 0
        while idle < len(order) and live > 1:
            player = order[index % len(order)]
            index += 1
            if not player.can_act or (player.name not in pending and player.bet >= rs.high):
                idle += 1
                continue
            idle = 0
            others = any(other.can_act for other in order if other is not player)
            if not others and player.bet >= rs.high:
                break  # everyone else is all-in and nothing is owed: no betting left
            self._turn(rs, player, others)
            pending.discard(player.name)
            if player.folded:
                live -= 1
        if rs.actions:
            self.last_aggressor = rs.aggressor
        self._return_uncalled()

    def _turn(self, rs: RoundState, player: Player, others: bool) -> None:
        """One player's decision, put on the table."""
        legal = legal_options(rs, player, self.pot_total(), others)
        if legal.to_call > 0 and not reopened_for(rs, player.name) and player.chips > legal.to_call:
            self.rec.tags.add("not-reopened")
        decision = self.hooks.betting(self, rs, player, legal)
        if decision is None:
            decision = self._decide(rs, legal, player)
        self.apply(rs, player, decision[0], decision[1], legal)

    def _decide(self, rs: RoundState, legal: Legal, player: Player) -> tuple[str, int]:
        if self.table.scenario.hero_folds_early and player.name == self.rec.hero:
            return ("folds", 0) if legal.to_call > 0 else ("checks", 0)
        return choose(self.rng, self.table.style, rs, legal, player)

    def apply(self, rs: RoundState, player: Player, verb: str, to: int, legal: Legal) -> None:
        """Put one decision on the table and in the text (also used by fault hooks' decisions)."""
        rec = self.rec
        street = rs.street
        if verb == "folds":
            player.folded = True
            player.fold_street = street
            rec.body.append(Act(player.name, "folds", street))
        elif verb == "checks":
            rec.body.append(Act(player.name, "checks", street))
        elif verb == "calls":
            self._put_in(player, legal.to_call)
            player.posted_or_bet = True
            rec.body.append(Act(player.name, "calls", street, legal.to_call, all_in=player.all_in))
            if player.all_in and player.bet < rs.high:
                rec.tags.add("short-call-all-in")
        else:
            high_before = rs.high
            added = to - player.bet
            self._put_in(player, added)
            player.posted_or_bet = True
            full = record_raise(rs, player.name, to)
            if verb == "bets":
                rec.body.append(Act(player.name, "bets", street, added, all_in=player.all_in))
            else:
                rec.body.append(Act(player.name, "raises", street, to - high_before, to, player.all_in))
            self._tag_raise(rs, legal, to, full, player)
            if rs.fixed_limit and full and rs.bets == 4:
                rec.body.append(Text("Betting is capped"))
                rec.tags.add("capped")
        rs.acted_seq[player.name] = rs.full_seq
        rs.faced[player.name] = rs.high
        rs.actions += 1

    def _tag_raise(self, rs: RoundState, legal: Legal, to: int, full: bool, player: Player) -> None:
        tags = self.rec.tags
        if not full:
            tags.add("short-all-in")
        elif to == legal.min_to and not legal.is_bet:
            tags.add("min-raise")
        if rs.structure is Structure.POT_LIMIT and to == legal.pot_to and not player.all_in:
            tags.add("pot-size")

    def _return_uncalled(self) -> None:
        excess = uncalled_excess([(player.name, player.total - player.dead) for player in self.players])
        if excess is None:
            return
        player = self.rec.player(excess[0])
        amount = self.hooks.refund(self, player, excess[1])
        if amount <= 0:
            return
        player.total -= amount
        player.bet -= amount
        player.chips += amount
        player.all_in = False
        self.rec.body.append(Uncalled(player.name, amount))
        self.rec.tags.add("uncalled")

    # ---- running the board out -------------------------------------------------------------------
    def _run_out(self, dealt: int) -> None:
        rec = self.rec
        runout = self.table.runout
        board = rec.boards[0]
        twice = (
            rec.cash
            and rec.structure in (Structure.POT_LIMIT, Structure.NO_LIMIT)
            and self.rng.random() < self.table.rit_chance
        )
        unfair = bias.active()
        if unfair is not None:  # (tests and benchmarks of the fairness audit only)
            left = self.live()
            seats = [player.seat for player in left]
            holes = [player.hole for player in left]
            unfair.all_in(rec.game, holes, seats, runout, dealt, self.table.deck, 2 if twice else 1)
        streets = [(street, size) for street, size in STREETS[1:] if size > dealt]
        if not twice:
            for street, size in streets:
                old = tuple(board)
                board.extend(runout[len(board) : size])
                rec.body.append(BoardLine(street, 0, old, tuple(board[len(old) :])))
                rec.flop_dealt = True
            return
        rec.run_twice = True
        rec.flop_dealt = True
        rec.tags.add("run-twice")
        first = list(board)
        first.extend(runout[len(first) :])
        second = list(board)
        if rec.game.is_courchevel and not second:
            second.append(runout[0])  # the pre-flop card is the first card of both flops
        second.extend(draw(self.table.deck, 5 - len(second)))
        for run, cards in ((1, first), (2, second)):
            previous = dealt
            for street, size in streets:
                rec.body.append(BoardLine(street, run, tuple(cards[:previous]), tuple(cards[previous:size])))
                previous = size
        rec.boards = [first, second]
