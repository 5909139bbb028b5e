"""Settling a generated hand: rake, pots, who shows and who mucks, who wins each pot of each board, the
collected lines and the hand descriptions.

Hand *strength* comes from the project's evaluator (allowed: it is checked against brute force); how the
chips are cut and handed out is this package's own code (`pots.py`), not the audit engine's.

A buggy dealer is modelled by `DealerBugs`: each field, when set, makes the settlement go wrong in one
named way and leaves everything else computed as usual, so the text stays self-consistent around the
single error (see faults.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from omaha_audit.engine.evaluate import (
    HighHand,
    LowHand,
    describe_hi_lo,
    evaluate_high,
    evaluate_holdem,
    evaluate_low,
    showdown_descriptions,
)
from omaha_audit.generate import stud_draw_value
from omaha_audit.generate.config import RakeSchedule
from omaha_audit.generate.pots import (
    Contribution,
    Pot,
    allocate_rake,
    build_pots,
    hi_lo_halves,
    split_among,
    split_between_boards,
)
from omaha_audit.generate.record import (
    HandRecord,
    PotResult,
    PotSection,
    Reveal,
    RunShowdown,
    Settlement,
    Share,
)
from omaha_audit.model import Card, Game


@dataclass(frozen=True, slots=True)
class DealerBugs:
    """One way for the dealer to settle the hand wrongly. Runs are 0 (single board) or 1/2."""

    rake: int | None = None  # rake taken instead of the schedule's
    pot_shift: tuple[int, int, int] | None = None  # (from pot, to pot, chips) moved between net pots
    board_skew: tuple[int, int] | None = None  # (pot, chips) moved from the first board to the second
    winner: tuple[int, int, str] | None = None  # (run, pot, player) who gets the high (or whole) share
    hi_lo_skew: tuple[int, int, int] | None = None  # (run, pot, chips) moved from the low half to the high
    ignore_low: int | None = None  # run on which the qualifying lows are ignored
    odd_chip: tuple[int, int, str] | None = None  # (run, pot, "half" | "tie"): odd chip to the wrong place
    fake_low: tuple[int, int, str] | None = None  # (run, pot, player) given a low half without a low
    share_delta: tuple[int, int] | None = None  # (index in Settlement.shares(), chips added)
    description: tuple[str, int, str] | None = None  # (player, run, words) printed instead


NO_BUGS = DealerBugs()


def evaluate(game: Game, hole: tuple[Card, ...], board: list[Card]) -> tuple[HighHand, LowHand | None]:
    if game is Game.HOLDEM:
        return evaluate_holdem(hole, board), None
    high = evaluate_high(hole, board)
    return high, (evaluate_low(hole, board) if game.is_hi_lo else None)


def show_order(rec: HandRecord) -> list[str]:
    """Live players in the order they table their hands (RULES.md SD-1)."""
    live = rec.clockwise_from_button([player.name for player in rec.dealt if not player.folded])
    if rec.show_first in live:
        start = live.index(rec.show_first)
        live = live[start:] + live[:start]
    return live


def settle(rec: HandRecord, schedule: RakeSchedule, bugs: DealerBugs = NO_BUGS) -> Settlement:
    dealt = rec.dealt
    total = sum(player.total for player in dealt)
    rake = 0
    if rec.cash:
        rake = schedule.rake(total, rec.stakes.big_blind, len(dealt), rec.flop_dealt)
    if bugs.rake is not None:
        rake = bugs.rake
    live = [player for player in dealt if not player.folded]
    if len(live) == 1:
        shares = [Share(live[0].name, total - rake, 0, 0, "whole")]
        if bugs.share_delta is not None:
            shares[0].amount += bugs.share_delta[1]
        return Settlement(total, rake, 1, [total - rake], [], shares, {}, {}, {})
    # Antes and dead blinds are nobody's bet: they go to the main pot, where every live player is in.
    pots = build_pots([Contribution(p.name, p.total - p.dead, not p.folded, p.all_in) for p in dealt])
    gross = [pot.amount for pot in pots]
    gross[0] += sum(player.dead for player in dealt)
    net = allocate_rake(gross, rake)
    if bugs.pot_shift is not None:
        source, target, chips = bugs.pot_shift
        net[source] -= chips
        net[target] += chips
    runs = [0] if len(rec.boards) == 1 else list(range(1, len(rec.boards) + 1))
    order = show_order(rec)
    settlement = Settlement(total, rake, len(pots), net, [], [], {}, {}, {})
    for index, run in enumerate(runs):
        board = rec.boards[index]
        values: Values
        if rec.game.is_flop_game:
            values = {name: evaluate(rec.game, rec.player(name).hole, board) for name in order}
        else:
            values = {name: stud_draw_value.value(rec.game, rec.player(name).hole) for name in order}
        revealed: dict[str, bool] = {}
        sections: list[PotSection] = []
        for pot_index in reversed(range(len(pots))):
            eligible = pots[pot_index].eligible
            reveals: list[Reveal] = []
            for name in order:
                if name in eligible and name not in revealed:
                    shows = _shows(rec, name, pots, values, revealed)
                    revealed[name] = shows
                    reveals.append(Reveal(name, shows))
            amount = split_between_boards(net[pot_index], len(runs))[index]
            if bugs.board_skew is not None and bugs.board_skew[0] == pot_index:
                amount += -bugs.board_skew[1] if index == 0 else bugs.board_skew[1]
            contenders = [name for name in rec.clockwise_from_button(list(eligible)) if revealed.get(name)]
            shares, result = _award(rec, run, pot_index, amount, contenders, len(eligible), values, bugs)
            settlement.results.append(result)
            sections.append(PotSection(pot_index, reveals, shares))
        shown = [name for name in revealed if revealed[name]]
        no_low = rec.game.is_hi_lo and (
            bugs.ignore_low == run or not any(values[name][1] is not None for name in shown)
        )
        if bugs.fake_low is not None and bugs.fake_low[0] == run:
            no_low = False
        settlement.showdowns.append(RunShowdown(run, sections, no_low))
        _describe(rec, run, sections, values, settlement, bugs)
        if index == 0:
            for name, shows in revealed.items():
                cards = settlement.shown if shows else settlement.mucked
                cards[name] = rec.player(name).hole
    if bugs.share_delta is not None:
        position, chips = bugs.share_delta
        settlement.shares()[position].amount += chips
    return settlement


# (high, low or None) per player: HighHand and LowHand in the flop games; in stud and draw, ints
# (generate/stud_draw_value.py: the high or only value, higher is better; the eight-or-better low mask, lower is
# better), which compare the same way.
Values = dict[str, tuple[Any, Any]]


def _shows(rec: HandRecord, name: str, pots: list[Pot], values: Values, revealed: dict[str, bool]) -> bool:
    """Whether `name` tables the hand: always when someone was all-in, or when the player might win or
    tie any pot he is in against the hands already shown; a beaten hand is mucked by most players."""
    if rec.all_in_showdown or not rec.player(name).muck_if_beaten:
        return True
    high, low = values[name]
    for pot in pots:
        if name not in pot.eligible:
            continue
        shown = [other for other in pot.eligible if revealed.get(other)]
        if not shown:
            return True
        if high >= max(values[other][0] for other in shown):
            return True
        if low is not None:
            lows = [other_low for other in shown if (other_low := values[other][1]) is not None]
            if not lows or low <= min(lows):
                return True
    return False


def _award(
    rec: HandRecord,
    run: int,
    pot: int,
    amount: int,
    contenders: list[str],
    eligible_count: int,
    values: Values,
    bugs: DealerBugs,
) -> tuple[list[Share], PotResult]:
    best_high = max(values[name][0] for name in contenders)
    high_winners = [name for name in contenders if values[name][0] == best_high]
    lows = {name: low for name in contenders if (low := values[name][1]) is not None} if bugs.ignore_low != run else {}
    low_winners: list[str] = []
    if lows:
        best_low = min(lows.values())
        low_winners = [name for name, low in lows.items() if low == best_low]
    result = PotResult(run, pot, amount, contenders, list(high_winners), list(low_winners))
    if bugs.fake_low is not None and bugs.fake_low[:2] == (run, pot) and not low_winners:
        low_winners = [bugs.fake_low[2]]
    if bugs.winner is not None and bugs.winner[:2] == (run, pot):
        high_winners = [bugs.winner[2]]
    if rec.game.is_stud:  # no button: the odd chips go by the cards (RULES.md OC-7)
        if low_winners and set(high_winners) == set(low_winners):  # (OC-5: one order for the whole pot)
            high_winners = low_winners = _by_cards(rec, high_winners, low=False)
        else:
            high_winners = _by_cards(rec, high_winners, low=rec.game is Game.RAZZ)
            low_winners = _by_cards(rec, low_winners, low=True)
    odd_bug = bugs.odd_chip[2] if bugs.odd_chip is not None and bugs.odd_chip[:2] == (run, pot) else None
    shares: list[Share] = []
    if eligible_count == 1:
        shares.append(Share(contenders[0], amount, pot, run, "whole"))
    elif low_winners:
        high_half, low_half = hi_lo_halves(amount)
        if odd_bug == "half" and amount % 2:
            high_half, low_half = high_half - 1, low_half + 1
        if bugs.hi_lo_skew is not None and bugs.hi_lo_skew[:2] == (run, pot):
            high_half, low_half = high_half + bugs.hi_lo_skew[2], low_half - bugs.hi_lo_skew[2]
        first_odd = 1 if odd_bug == "tie" else 0
        high_split = split_among(high_half, high_winners, first_odd)
        low_first = first_odd
        if len(high_winners) > 1 and set(high_winners) == set(low_winners):  # OC-5
            low_first = (first_odd + high_half % len(high_winners)) % len(high_winners)
        low_split = split_among(low_half, low_winners, low_first)
        shares += [Share(name, chips, pot, run, "high") for name, chips in high_split if chips]
        shares += [Share(name, chips, pot, run, "low") for name, chips in low_split if chips]
    else:
        first_odd = 1 if odd_bug == "tie" else 0
        split = split_among(amount, high_winners, first_odd)
        shares += [Share(name, chips, pot, run, "whole") for name, chips in split if chips]
    return shares, result


def _by_cards(rec: HandRecord, names: list[str], low: bool) -> list[str]:
    """Tied stud players in the order they get odd chips: by the best card each holds among all of his
    cards, the highest (ace high, then spades, hearts, diamonds, clubs) or with `low` the lowest (ace low,
    then clubs, diamonds, hearts, spades). No two players hold the same card, so the best cards decide."""

    def worth(card: Card) -> tuple[int, int]:  # (higher is better)
        suit = "cdhs".index(card.suit)
        if low:
            return -(1 if card.rank == 14 else card.rank), -suit
        return card.rank, suit

    return sorted(names, key=lambda name: max(worth(card) for card in rec.player(name).hole), reverse=True)


def _describe(
    rec: HandRecord,
    run: int,
    sections: list[PotSection],
    values: Values,
    settlement: Settlement,
    bugs: DealerBugs,
) -> None:
    reveals = [reveal for section in sections for reveal in section.reveals if reveal.shows]
    if not rec.game.is_flop_game:  # (each hand by itself: no kicker clause)
        for reveal in reveals:
            words = stud_draw_value.words(rec.game, rec.player(reveal.player).hole)
            reveal.description = words
            settlement.summary_descriptions[(reveal.player, run)] = words
    else:
        highs = [values[reveal.player][0] for reveal in reveals]
        lows = [values[reveal.player][1] for reveal in reveals] if rec.game.is_hi_lo else None
        for reveal, words in zip(reveals, showdown_descriptions(highs, lows), strict=True):
            reveal.description = words
        for reveal in reveals:
            high, low = values[reveal.player]
            words = describe_hi_lo(high, low) if rec.game.is_hi_lo else high.describe()
            settlement.summary_descriptions[(reveal.player, run)] = words
    if bugs.description is not None and bugs.description[1] == run:
        player, _, words = bugs.description
        for reveal in reveals:
            if reveal.player == player:
                reveal.description = words
                settlement.summary_descriptions[(player, run)] = words
