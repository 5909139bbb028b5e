"""A small stand-in auditor for the generator's tests.

It reads hands through the project's parser (so it sees only what the text says) and re-derives, with its
own code, what RULES.md requires: blinds, turn order, call amounts, pot-limit maxima, minimum raises,
reopening (cumulative TDA reading), fixed-limit sizes and cap, uncalled bets, chip accounting, rake,
cards, descriptions, and the awards of every pot (side pots, hi/lo halves, odd chips, run-it-twice).
It returns the audit codes (docs/RULE_CODES.md) it would report, so tests can check that clean hands
are clean and that each injected fault is caught by one of its expected codes.

It is deliberately written apart from omaha_audit.generate (different structure, chip-by-chip odd-chip
dealing) so the two can catch each other's mistakes. Hand strength uses the project's evaluator.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from omaha_audit.engine.evaluate import describe_hi_lo, evaluate_high, evaluate_holdem, evaluate_low
from omaha_audit.generate.config import POKERSTARS_RAKE
from omaha_audit.model import ActionKind, Game, Hand, ShowdownKind, Street, Structure

BETTING_STREETS = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)
# PokerStars' posted fixed-limit blinds by small bet, in cents (RULES.md FL-1: $3/$6 posts $1/$3, $5/$10 $2/$5).
FL_BLINDS = {
    10: (5, 10),
    25: (10, 25),
    50: (25, 50),
    100: (50, 100),
    200: (100, 200),
    300: (100, 300),
    500: (200, 500),
    1000: (500, 1000),
    1500: (1000, 1500),
}


@dataclass
class Finding:
    code: str
    message: str


def _blinds(hand: Hand) -> tuple[int, int]:
    stakes = hand.stakes
    if hand.structure is Structure.FIXED_LIMIT:
        small_bet = stakes.small_bet or 0
        if hand.tournament is not None:
            return small_bet // 2, small_bet
        return FL_BLINDS[small_bet]
    return stakes.small_blind or 0, stakes.big_blind or 0


def audit(hand: Hand) -> list[Finding]:
    state = _Replay(hand)
    state.run()
    if hand.pot is not None:
        state.accounting()
        state.cards()
        state.awards()
    return state.findings


class _Replay:
    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.findings: list[Finding] = []
        self.players = [seat for seat in hand.seats if not seat.sitting_out]
        self.names = [seat.player for seat in self.players]
        self.seat_of = {seat.player: seat.seat for seat in self.players}
        self.chips = {seat.player: seat.stack for seat in self.players}
        self.total: dict[str, int] = defaultdict(int)
        self.dead: dict[str, int] = defaultdict(int)
        self.folded: set[str] = set()
        self.flop = any(deal.street is Street.FLOP for deal in hand.streets)
        self.small_blind, self.big_blind = _blinds(hand)
        self.big_blind_player: str | None = None

    def flag(self, code: str, message: str) -> None:
        self.findings.append(Finding(code, message))

    def after(self, seat: int) -> list[str]:
        ordered = sorted(self.players, key=lambda s: (s.seat - seat - 1) % 100)
        return [s.player for s in ordered]

    # ---- blinds --------------------------------------------------------------------------------
    def posts(self, street_bet: dict[str, int]) -> None:
        hand = self.hand
        button = hand.button or 0
        rotation = self.after(button)
        if len(self.players) == 2:
            want_small = next(s.player for s in self.players if s.seat == button)
            want_big = next(name for name in self.names if name != want_small)
        else:
            want_small, want_big = rotation[0], rotation[1]
        small_seen = big_seen = False
        for action in hand.actions:
            if not action.kind.is_post:
                continue
            name, amount = action.player, action.amount
            self.total[name] += amount
            self.chips[name] -= amount
            if action.kind is ActionKind.POST_ANTE:
                self.dead[name] += amount
            elif action.kind is ActionKind.POST_SMALL_AND_BIG_BLIND:
                street_bet[name] += self.big_blind
                self.dead[name] += amount - self.big_blind
                if amount != self.small_blind + self.big_blind:
                    self.flag("OA309", f"{name} posted {amount} for missed blinds")
            elif action.kind is ActionKind.POST_SMALL_BLIND and not small_seen:
                small_seen = True
                street_bet[name] += amount
                if name != want_small:
                    self.flag("OA310", f"small blind posted by {name}, not {want_small}")
                if amount != self.small_blind:
                    self.flag("OA309", f"small blind {amount}, not {self.small_blind}")
            elif action.kind is ActionKind.POST_BIG_BLIND and not big_seen:
                big_seen = True
                self.big_blind_player = name
                street_bet[name] += amount
                if name != want_big:
                    self.flag("OA310", f"big blind posted by {name}, not {want_big}")
                if amount != self.big_blind:
                    self.flag("OA309", f"big blind {amount}, not {self.big_blind}")
            else:
                street_bet[name] += amount
                if amount != self.big_blind:
                    self.flag("OA309", f"extra big blind {amount}")

    # ---- betting -------------------------------------------------------------------------------
    def run(self) -> None:
        hand = self.hand
        street_bet: dict[str, int] = defaultdict(int)
        self.posts(street_bet)
        for street in BETTING_STREETS:
            if street is not Street.PREFLOP:
                if not any(deal.street is street for deal in hand.streets):
                    break
                street_bet = defaultdict(int)
            self.street(street, street_bet)
            for returned in hand.uncalled:
                if returned.street is street:
                    self.uncalled(returned.player, returned.amount)

    def street(self, street: Street, bet: dict[str, int]) -> None:
        hand = self.hand
        fixed = hand.structure is Structure.FIXED_LIMIT
        unit = 0
        if fixed:
            small = hand.stakes.small_bet or 0
            unit = small if street in (Street.PREFLOP, Street.FLOP) else (hand.stakes.big_bet or 0)
        acts = [a for a in hand.actions if a.street is street and not a.kind.is_post]
        high = max(bet.values(), default=0) if street is Street.PREFLOP else 0
        last_full = self.big_blind
        bets = 1 if street is Street.PREFLOP else 0
        faced: dict[str, int] = {}
        capped_lines = sum(1 for e in hand.events if e.kind == "betting-capped" and e.street is street)
        capped_seen = 0
        if street is Street.PREFLOP:
            anchor = self.seat_of.get(self.big_blind_player or "", hand.button or 0)
        else:
            anchor = hand.button or 0
        rotation = self.after(anchor)
        pending = {n for n in rotation if n not in self.folded and self.chips[n] > 0}
        position = 0
        for act in acts:
            name = act.player
            expected = self._next(rotation, position, pending, bet, high)
            if expected != name:
                self.flag("OA311", f"{name} acted on the {street} when {expected} was to act")
            if name in rotation:
                position = rotation.index(name) + 1
            if act.kind is ActionKind.FOLD:
                self.folded.add(name)
            elif act.kind is ActionKind.CHECK:
                if bet[name] != high:
                    self.flag("OA306", f"{name} checked facing {high}")
            elif act.kind is ActionKind.CALL:
                want = min(high - bet[name], self.chips[name])
                if act.amount != want:
                    self.flag("OA307", f"{name} called {act.amount}, not {want}")
                self._pay(name, act.amount, bet)
                self._all_in_flag(name, act.all_in)
            else:
                to = act.raise_to if act.kind is ActionKind.RAISE else bet[name] + act.amount
                to = to or 0
                increment = to - high
                if act.kind is ActionKind.RAISE and act.increment != increment:
                    self.flag("OA314", f"{name} raise increment {act.increment}, not {increment}")
                added = to - bet[name]
                all_in = added == self.chips[name]
                if added > self.chips[name]:
                    self.flag("OA308", f"{name} put in more than his stack")
                if fixed:
                    if not all_in and increment != unit:
                        self.flag("OA304", f"{name} raised by {increment}, the limit is {unit}")
                    if bets >= 4:
                        self.flag("OA305", f"{name} raised after the cap")
                else:
                    if high == 0:
                        if to < self.big_blind and not all_in:
                            self.flag("OA302", f"{name} bet {to} below the big blind")
                    elif increment < last_full and not all_in:
                        self.flag("OA302", f"{name} raised by {increment}, the minimum is {last_full}")
                    if name in faced and high - faced[name] < last_full:
                        self.flag("OA303", f"{name} raised though betting was not reopened for him")
                    if hand.structure is Structure.POT_LIMIT:
                        pot = sum(self.total.values())
                        most = high + pot + (high - bet[name])
                        if to > most:
                            self.flag("OA301", f"{name} made it {to}, the pot-limit maximum was {most}")
                full = increment >= (unit if fixed else (self.big_blind if high == 0 else last_full))
                if full:
                    bets += 1
                    if not fixed:
                        last_full = increment
                    if fixed and bets == 4:
                        capped_seen += 1
                high = max(high, to)
                self._pay(name, added, bet)
                self._all_in_flag(name, act.all_in)
            pending.discard(name)
            faced[name] = high
        if fixed and capped_seen != min(capped_lines, 1) and capped_lines <= 1:
            self.flag("OA305", f"`Betting is capped` lines {capped_lines}, cap reached {capped_seen}")
        live = [n for n in rotation if n not in self.folded]
        if len(live) > 1 and self._next(rotation, position, pending, bet, high) is not None:
            self.flag("OA313", f"the {street} ended with a player still to act")

    def _next(
        self, rotation: list[str], position: int, pending: set[str], bet: dict[str, int], high: int
    ) -> str | None:
        live = [n for n in rotation if n not in self.folded]
        if len(live) <= 1:
            return None
        can_act = [n for n in live if self.chips[n] > 0]
        if len(can_act) == 1 and bet[can_act[0]] >= high:
            return None
        for step in range(len(rotation)):
            name = rotation[(position + step) % len(rotation)]
            if name in can_act and (name in pending or bet[name] < high):
                return name
        return None

    def _pay(self, name: str, amount: int, bet: dict[str, int]) -> None:
        self.chips[name] -= amount
        self.total[name] += amount
        bet[name] += amount

    def _all_in_flag(self, name: str, printed: bool) -> None:
        if printed != (self.chips[name] == 0):
            self.flag("OA315", f"{name} all-in marker {printed} with {self.chips[name]} behind")

    def uncalled(self, name: str, amount: int) -> None:
        live = sorted(((self.total[n] - self.dead[n], n) for n in self.names), reverse=True)
        want = live[0][0] - live[1][0]
        if live[0][1] != name or want != amount:
            self.flag("OA401", f"uncalled bet {amount} to {name}; expected {want} to {live[0][1]}")
        self.total[name] -= amount
        self.chips[name] += amount

    # ---- accounting ----------------------------------------------------------------------------
    def accounting(self) -> None:
        hand = self.hand
        pot = hand.pot
        assert pot is not None
        live = sorted(((self.total[n] - self.dead[n], n) for n in self.names), reverse=True)
        if len(live) > 1 and live[0][0] > live[1][0]:
            self.flag("OA401", f"{live[0][1]} kept an uncalled {live[0][0] - live[1][0]}")
        if sum(self.total.values()) != pot.total:
            self.flag("OA602", f"contributions {sum(self.total.values())} but total pot {pot.total}")
        collected = sum(c.amount for c in hand.collected)
        if collected + pot.rake != pot.total:
            self.flag("OA601", f"collected {collected} + rake {pot.rake} != total {pot.total}")
        if pot.main is not None and pot.main + sum(pot.sides) != pot.total - pot.rake:
            self.flag("OA402", "main and side pots do not add up to the total less the rake")
        if hand.tournament is None:
            big = self.big_blind
            cap = POKERSTARS_RAKE.cap(big, len(self.players))
            if pot.rake > cap:
                self.flag("OA603", f"rake {pot.rake} above the cap {cap}")
            want = POKERSTARS_RAKE.rake(pot.total, big, len(self.players), self.flop)
            if pot.rake != want and pot.rake <= cap:
                self.flag("OA603-schedule", f"rake {pot.rake}, schedule {want}")
        won: dict[tuple[str, int], int] = defaultdict(int)
        for c in hand.collected:
            won[(c.player, c.run)] += c.amount
        for seat in hand.summary_seats:
            runs = sorted({c.run for c in hand.collected}) or [0]
            printed = [amount for amount in seat.won]
            if seat.outcome == "showed":
                expected = [won.get((seat.player, run), 0) for run in runs]
                amounts = iter(printed)
                clauses = re.findall(r"(?:\] |, )and (won|lost)", seat.text)
                got = [next(amounts) if clause == "won" else 0 for clause in clauses]
                if got != expected:
                    self.flag("OA605", f"summary for {seat.player}: {got} != {expected}")
            elif seat.outcome == "collected" and printed != [won.get((seat.player, 0), 0)]:
                self.flag("OA605", f"summary collected for {seat.player}")

    # ---- cards ---------------------------------------------------------------------------------
    def cards(self) -> None:
        hand = self.hand
        game = hand.game
        size = game.hole_cards
        seen: dict[object, str] = {}
        owners: dict[str, tuple] = {}
        for dealt in hand.dealt:
            owners[dealt.player] = dealt.cards
        for line in hand.showdown:
            if line.cards:
                if line.player in owners and tuple(owners[line.player]) != tuple(line.cards):
                    self.flag("OA201", f"{line.player} shows other cards than dealt")
                owners[line.player] = line.cards
        for seat in hand.summary_seats:
            if seat.cards and seat.player not in owners:
                owners[seat.player] = seat.cards
        for player, cards in owners.items():
            if len(cards) != size:
                self.flag("OA202", f"{player} holds {len(cards)} cards")
            for card in cards:
                if card in seen and seen[card] != player:
                    self.flag("OA201", f"{card} held by {player} and {seen[card]}")
                elif card in seen:
                    self.flag("OA201", f"{card} twice in {player}'s hand")
                seen[card] = player
        boards = hand.boards
        if not boards:
            return
        shared = (
            len(boards[0])
            if len(boards) == 1
            else next((i for i, (a, b) in enumerate(zip(boards[0], boards[1], strict=False)) if a != b), 5)
        )
        for index, board in enumerate(boards):
            for position, card in enumerate(board):
                if index == 1 and position < shared:
                    continue
                if card in seen:
                    self.flag("OA201", f"board card {card} also held by {seen[card]}")
                seen[card] = "board"

    # ---- awards --------------------------------------------------------------------------------
    def awards(self) -> None:
        hand = self.hand
        pot = hand.pot
        assert pot is not None
        live = [n for n in self.names if n not in self.folded]
        if len(live) == 1:
            if any(c.player != live[0] for c in hand.collected):
                self.flag("OA501", "someone other than the last player collected")
            return
        contributions = {n: self.total[n] - self.dead[n] for n in self.names}
        levels = sorted({contributions[n] for n in live if self.chips[n] == 0} | {max(contributions.values())})
        gross: list[int] = []
        eligible: list[list[str]] = []
        floor = 0
        for level in levels:
            amount = sum(min(max(c - floor, 0), level - floor) for c in contributions.values())
            players = [n for n in live if contributions[n] >= level]
            floor = level
            if amount == 0:
                continue
            if eligible and eligible[-1] == players:
                gross[-1] += amount
            else:
                gross.append(amount)
                eligible.append(players)
        gross[0] += sum(self.dead.values())
        printed = [pot.total - pot.rake] if pot.main is None else [pot.main, *pot.sides]
        if len(printed) != len(gross):
            self.flag("OA402", f"{len(printed)} pots printed, {len(gross)} computed")
            return
        for amount, net in zip(gross, printed, strict=True):
            if not amount - pot.rake <= net <= amount:
                self.flag("OA402", f"pot printed {net}, computed {amount} before rake {pot.rake}")
        runs = [0] if len(hand.boards) == 1 else [1, 2]
        got: dict[tuple[str, int, int], int] = defaultdict(int)
        for c in hand.collected:
            got[(c.player, c.pot, c.run)] += c.amount
        want: dict[tuple[str, int, int], int] = defaultdict(int)
        order = self.after(hand.button or 0)
        for index, run in enumerate(runs):
            board = hand.boards[index]
            shown = {line.player: line for line in hand.showdown if line.run == run and line.kind is ShowdownKind.SHOWS}
            values = {name: self._value(line.cards, board) for name, line in shown.items()}
            for name, line in shown.items():
                self._description(line.description or "", values[name])
            no_low_printed = run in hand.no_low
            any_low = any(v[1] is not None for v in values.values())
            if hand.game.is_hi_lo and no_low_printed and any_low:
                self.flag("OA504", "`No low hand qualified` with a qualifying low shown")
            for pot_index, net in enumerate(printed):
                share = net // len(runs) + (1 if index < net % len(runs) else 0)
                contenders = [n for n in order if n in eligible[pot_index] and n in shown]
                if len(eligible[pot_index]) == 1:
                    want[(eligible[pot_index][0], pot_index, run)] += share
                    continue
                for name, chips in self._split(share, contenders, values).items():
                    want[(name, pot_index, run)] += chips
        want = defaultdict(int, {key: value for key, value in want.items() if value})
        if dict(got) == dict(want):
            return
        if len(runs) > 1:
            per_run = {run: sum(v for k, v in got.items() if k[2] == run) for run in runs}
            expected = {run: sum(v for k, v in want.items() if k[2] == run) for run in runs}
            if per_run != expected:
                self.flag("OA506", f"boards got {per_run}, expected {expected}")
                return
        for key in sorted(set(got) | set(want)):
            if got[key] == want[key]:
                continue
            name, pot_index, run = key
            keys = [k for k in set(got) | set(want) if k[1:] == (pot_index, run)]
            worst = max(abs(got[k] - want[k]) for k in keys)
            board_index = max(run, 1) - 1
            lows = self.hand.game.is_hi_lo and any(
                self._value(line.cards, hand.boards[board_index])[1] is not None
                for line in hand.showdown
                if line.run == run and line.kind is ShowdownKind.SHOWS and line.player in eligible[pot_index]
            )
            paid = {k[0] for k in keys if got[k]}
            owed = {k[0] for k in keys if want[k]}
            if paid != owed and not (self.hand.game.is_hi_lo and not lows and len(paid) > len(owed)):
                self.flag("OA501", f"pot {pot_index} on run {run} paid {sorted(paid)}, not {sorted(owed)}")
            elif worst == 1:
                self.flag("OA505", f"odd chip of pot {pot_index} on run {run} went to the wrong player")
            elif (
                self.hand.game.is_hi_lo
                and not lows
                and sum(1 for k in keys if got[k]) > len([k for k in keys if want[k]])
            ):
                self.flag("OA503", f"pot {pot_index} split as hi/lo without a qualifying low")
            elif lows:
                self.flag("OA502", f"hi/lo halves of pot {pot_index} on run {run} split wrongly")
            else:
                self.flag("OA501", f"pot {pot_index} on run {run} awarded {got[key]} to {name}, not {want[key]}")
            return

    def _value(self, cards: tuple, board: tuple) -> tuple:
        game = self.hand.game
        if game is Game.HOLDEM:
            return evaluate_holdem(cards, board), None
        low = evaluate_low(cards, board) if game.is_hi_lo else None
        return evaluate_high(cards, board), low

    def _description(self, printed: str, value: tuple) -> None:
        high, low = value
        want = describe_hi_lo(high, low) if self.hand.game.is_hi_lo else high.describe()
        main = printed.split(" - ")[0] if " - " in printed and ";" not in printed else printed
        if ";" in printed:
            hi_part, lo_part = printed.split("; ", 1)
            main = hi_part.split(" - ")[0] + "; " + lo_part
        elif printed.startswith("HI:"):
            main = printed.split(" - ")[0]
        if main != want:
            self.flag("OA507", f"described {printed!r}, the hand is {want!r}")

    def _split(self, amount: int, contenders: list[str], values: dict) -> dict[str, int]:
        """Deal the chips one by one: halves first (odd chip to the high half), then each half among
        its winners starting first clockwise from the button (OC-5: one shared turn for both halves
        when the same players win both)."""
        best_high = max(values[n][0] for n in contenders)
        high_winners = [n for n in contenders if values[n][0] == best_high]
        lows = [n for n in contenders if values[n][1] is not None]
        result: dict[str, int] = defaultdict(int)
        if not lows:
            halves = [(amount, high_winners)]
        else:
            best_low = min(values[n][1] for n in lows)
            low_winners = [n for n in lows if values[n][1] == best_low]
            halves = [(amount - amount // 2, high_winners), (amount // 2, low_winners)]
        turn = 0
        same = len(halves) == 2 and set(halves[0][1]) == set(halves[1][1])
        for chips, winners in halves:
            for name in winners:
                result[name] += chips // len(winners)
            if not same:
                turn = 0
            for _ in range(chips % len(winners)):
                result[winners[turn % len(winners)]] += 1
                turn += 1
        return result
