"""Compare what each player collected with what the engine says they should have, pot by pot, board by
board, and name the kind of mistake: used by the OA50x rules."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from omaha_audit.engine.pots import Pot, split_boards
from omaha_audit.engine.settle import BoardResult, PotResult, split_board, spread
from omaha_audit.model import ALL_POTS, Collected, Half, Refunds
from omaha_audit.model.frozen import fast_init
from omaha_audit.rules.base import Finding, HandContext, Rule

WRONG_WINNER: Final = "OA501"
HI_LO_SPLIT: Final = "OA502"
LOW_WITHOUT_QUALIFIER: Final = "OA503"
LOW_IGNORED: Final = "OA504"
ODD_CHIP: Final = "OA505"
RUN_TWICE_SPLIT: Final = "OA506"
# AwardDiff.detail of the totals that a wrong winner and a low without a qualifier make alike (_explain)
EITHER: Final = "all pots, either kind"


@dataclass(frozen=True, slots=True, init=False)
class AwardDiff:
    code: str
    pot: int
    run: int
    expected: dict[str, int]
    actual: dict[str, int]
    line: int
    detail: str

    def __init__(
        self,
        code: str,
        pot: int,
        run: int,
        expected: dict[str, int],
        actual: dict[str, int],
        line: int,
        detail: str,
    ) -> None:
        self.code, self.pot, self.run, self.expected = code, pot, run, expected  # type: ignore[misc]
        self.actual, self.line, self.detail = actual, line, detail  # type: ignore[misc]


def _actual(
    ctx: HandContext, pot: int, runs: set[int], refunds: list[tuple[Collected, int]]
) -> dict[int, dict[str, int]]:
    """What each player collected from `pot`, per board, less the uncalled bet paid back inside it
    (`refunds`: refund_in_collected)."""
    out: dict[int, dict[str, int]] = {}
    for item in ctx.hand.collected:
        if item.pot != pot:
            continue
        run = item.run if item.run in runs else 0
        per = out.setdefault(run, {})
        amount = item.amount - refund_part(refunds, item)  # (less the uncalled bet paid back inside it)
        per[item.player] = per.get(item.player, 0) + amount
    return out


def refund_in_collected(ctx: HandContext) -> list[tuple[Collected, int]]:
    """Where the room pays the uncalled bet back inside a collected amount (Refunds.IN_COLLECTED): the
    refunded player's collected lines that hold it, each with its part of the refund: his last line that
    holds it all; else his lines from the last back, each taking what it can (Winamax pays the big blind of
    a hi/lo walk back as a high and a low half, `collected 0.50€ from pot(HI)` and `(LO)`). Empty when there
    is none to look for, or his lines do not hold it."""
    hand = ctx.hand
    if hand.refunds is not Refunds.IN_COLLECTED:
        return []
    refund = ctx.settlement.refund
    if refund is None:
        return []
    player, amount = refund
    for item in reversed(hand.collected):
        if item.player == player and item.amount >= amount:
            return [(item, amount)]
    parts: list[tuple[Collected, int]] = []
    left = amount
    for item in reversed(hand.collected):
        if item.player == player and left > 0 and item.amount > 0:
            part = min(item.amount, left)
            parts.append((item, part))
            left -= part
    return parts if left == 0 else []


def refund_part(parts: list[tuple[Collected, int]], item: Collected) -> int:
    """The part of the refund (refund_in_collected) that `item` pays back: 0 for a line that holds none."""
    for line, part in parts:
        if line is item:
            return part
    return 0


def _expected(result: PotResult) -> dict[int, dict[str, int]]:
    out: dict[int, dict[str, int]] = {}
    for board in result.boards:
        per = out.setdefault(board.run, {})
        for share in board.shares:
            per[share.player] = per.get(share.player, 0) + share.amount
    return out


def _merge(by_run: dict[int, dict[str, int]]) -> dict[str, int]:
    total: dict[str, int] = {}
    for per in by_run.values():
        for player, amount in per.items():
            total[player] = total.get(player, 0) + amount
    return total


def _classify(
    ctx: HandContext,
    result: PotResult,
    boards: tuple[BoardResult, ...],
    expected: dict[str, int],
    actual: dict[str, int],
) -> str:
    want = {p for p, v in expected.items() if v > 0}
    got = {p for p, v in actual.items() if v > 0}
    hi_lo = ctx.hand.game.is_hi_lo and len(result.contenders) > 1
    no_low = all(not board.low_winners for board in boards)
    low_only = {s.player for b in boards for s in b.shares if s.half is Half.LOW} - {
        s.player for b in boards for s in b.shares if s.half is not Half.LOW
    }
    same_total = sum(expected.values()) == sum(actual.values())
    worst = max((abs(expected.get(p, 0) - actual.get(p, 0)) for p in want | got), default=0)
    if same_total and worst <= ctx.house.min_chip:
        return ODD_CHIP  # only the odd chip went astray, even if to a player who won nothing else (OC-2)
    if got - want:
        # Paying a share to someone else although no low qualified looks like a low half (HL-1); the
        # whole pot to the wrong player is a wrong winner.
        split_as_if_low = len(got) > len(want) and want <= got
        return LOW_WITHOUT_QUALIFIER if hi_lo and no_low and split_as_if_low else WRONG_WINNER
    if want - got:
        return LOW_IGNORED if hi_lo and (want - got) <= low_only else WRONG_WINNER
    return HI_LO_SPLIT if hi_lo and not no_low else WRONG_WINNER


def award_diffs(ctx: HandContext) -> list[AwardDiff]:
    """Every pot (and board) where the collected amounts differ from the computed awards (memoised)."""
    cached = ctx.memo.get("award_diffs")
    if cached is None:
        cached = ctx.memo["award_diffs"] = _award_diffs(ctx)
    return cached  # type: ignore[return-value]


def _nonzero(amounts: dict[str, int]) -> dict[str, int]:
    return {player: value for player, value in amounts.items() if value}


def _award_diffs(ctx: HandContext) -> list[AwardDiff]:
    hand = ctx.hand
    if hand.truncated or hand.cancelled or not ctx.replayable:
        return []
    cashed = {item.player for item in hand.cash_outs} | {s.player for s in hand.summary_seats if s.pot_not_awarded}
    if any(item.pot == ALL_POTS for item in hand.collected):
        return _totals_diff(ctx, cashed)
    diffs: list[AwardDiff] = []
    refunds = refund_in_collected(ctx)
    tax = hand.share_taxes  # what a winner's share pays once the pot is split, not yet found on a share
    for result in ctx.settlement.results:
        if not result.decided or cashed & set(result.contenders):
            continue
        index = result.pot.index
        runs = {board.run for board in result.boards}
        expected_runs, actual_runs = _expected(result), _actual(ctx, index, runs, refunds)
        lines = [c.source.line for c in hand.collected if c.pot == index]
        line = lines[0] if lines else (hand.pot.source.line if hand.pot else hand.source.line)
        expected_total, actual_total = _merge(expected_runs), _merge(actual_runs)
        paid = sum(actual_total.values())
        pot_total_right = sum(expected_total.values()) in (paid, paid + tax)  # (a share may have paid the tax)
        if len(runs) > 1 and 0 not in actual_runs:
            # Run twice, with the collected lines under each board's showdown: judge board by board.
            for board in result.boards:
                want, got = _nonzero(expected_runs.get(board.run, {})), _nonzero(actual_runs.get(board.run, {}))
                if want == got:
                    continue
                if sum(got.values()) != board.amount and pot_total_right:
                    code = RUN_TWICE_SPLIT  # the pot was divided between the boards wrongly (RIT-2)
                elif sum(got.values()) != board.amount:
                    continue  # the pot's size is off: OA601/OA402 report that
                else:
                    code = _classify(ctx, result, (board,), want, got)
                diffs.append(AwardDiff(code, index, board.run, want, got, line, f"board {board.run}"))
            continue
        if _nonzero(expected_total) == _nonzero(actual_total):
            continue
        if tax and _taxed(expected_total, actual_total, tax):
            tax = 0  # one winner's share paid the tax: the award is right
            continue
        same_winners = set(_nonzero(expected_total)) == set(_nonzero(actual_total))
        if same_winners and not pot_total_right and _size_only(ctx, expected_total, actual_total):
            continue  # the right players, but the pot's size is off: OA601/OA402 report that
        code = _classify(ctx, result, result.boards, expected_total, actual_total)
        diffs.append(AwardDiff(code, index, 0, expected_total, actual_total, line, "whole pot"))
    return diffs


def _taxed(expected: dict[str, int], actual: dict[str, int], tax: int) -> bool:
    """Whether the awards are the shares but for one winner's, which is short by exactly `tax` (GGPoker's
    `Tax`: taken from one player's share after the pot is split, Hand.share_taxes)."""
    short = [player for player in expected.keys() | actual.keys() if expected.get(player, 0) != actual.get(player, 0)]
    if len(short) != 1:
        return False
    player = short[0]
    return expected.get(player, 0) > 0 and expected.get(player, 0) - actual.get(player, 0) == tax


def _size_only(ctx: HandContext, expected: dict[str, int], actual: dict[str, int]) -> bool:
    """Whether the right players' collected amounts differ from their shares only as the pot's size does.

    Where the room prints its rake, the shares are net of it and any difference is the pot's size (OA601,
    OA402 judge it). Where it prints none (888, iPoker, ...), the shares are gross and a correct award
    falls short of them by the rake the pot kept: a rake only takes away, and each share of a smaller pot
    is no larger (the odd chip allowed), so a player paid more than their gross share was paid someone
    else's chips: a misaward, not a rake."""
    summary = ctx.hand.pot
    if summary is None or summary.rake is not None:
        return True
    if sum(actual.values()) > sum(expected.values()):
        return True  # more paid out than went in: the pot's size (OA602)
    slack = ctx.house.min_chip
    return all(amount <= expected.get(player, 0) + slack for player, amount in actual.items())


def _totals_diff(ctx: HandContext, cashed: set[str]) -> list[AwardDiff]:
    """A room that prints each player's total over every pot (Collected.pot ALL_POTS): the totals are
    compared (a difference in which pot paid whom cannot be seen), and a difference is named by the one
    misaward that makes it (`_explain`), else by its shape, the hand as one pot (`_classify`)."""
    results = [result for result in ctx.settlement.results if result.decided]
    if len(results) != len(ctx.settlement.results) or any(cashed & set(r.contenders) for r in results):
        return []
    expected: dict[str, int] = {}
    for result in results:
        for player, amount in _merge(_expected(result)).items():
            expected[player] = expected.get(player, 0) + amount
    actual: dict[str, int] = {}
    refunds = refund_in_collected(ctx)
    for item in ctx.hand.collected:
        amount = item.amount - refund_part(refunds, item)  # (less the uncalled bet paid back inside it)
        actual[item.player] = actual.get(item.player, 0) + amount
    want, got = _nonzero(expected), _nonzero(actual)
    if want == got or not results:
        return []
    if set(want) == set(got) and sum(want.values()) != sum(got.values()) and _size_only(ctx, want, got):
        return []  # the right players, but the pot's size is off: OA601/OA402 report that
    summary = ctx.hand.pot
    printed_nets = summary is not None and summary.main is not None and 1 + len(summary.sides) == len(results)
    if set(want) == set(got) and len(results) > 1 and not printed_nets:
        # Rooms spread the rake over the pots in their own ways (SP-4): where only totals are printed,
        # money moved between the winners by no more than the rake is that spread, not a misaward. (Where
        # the room prints each pot's net size, the expected shares are exact: no such allowance.)
        taken = ((summary.rake or 0) if summary is not None else 0) + ctx.hand.fees_taken
        if sum(abs(want[player] - got[player]) for player in want) <= 2 * taken:
            return []
    codes = _explain(ctx, results, got)
    if not codes:
        boards = tuple(board for result in results for board in result.boards)
        codes = [_classify(ctx, results[0], boards, expected, actual)]
    line = ctx.hand.collected[0].source.line if ctx.hand.collected else ctx.hand.source.line
    detail = EITHER if len(codes) > 1 else "all pots"
    return [AwardDiff(code, ALL_POTS, 0, expected, actual, line, detail) for code in codes]


def _explain(ctx: HandContext, results: list[PotResult], got: dict[str, int]) -> list[str]:
    """The kinds of the one misaward that makes the totals `got` (nonzero) exactly, tried pot by pot and board
    by board: OA501 when a pot (or a hi/lo pot's high half) went to another contender of that pot instead of
    its high winners, OA503 when a pot with no qualifying low was split half to its high winners and half to
    another contender as if his were the low. Totals do not say which pot paid whom, and their shape alone
    (`_classify`, the hand taken as one pot) mistakes one kind for the other where there are several pots or
    boards (2-3% of the generator's hands of these two kinds); the amounts tell them apart. Empty (left to
    `_classify`) when no such misaward makes the totals; both when misawards of both kinds do (mostly hands
    run twice, the two boards' amounts and halves alike: either kind moves the same chips, and the text
    cannot say which it was, so both are reported, each saying so)."""
    hand = ctx.hand
    hi_lo = hand.game.is_hi_lo
    seat_of = {seat.player: seat.seat for seat in hand.seats}
    amounts = _board_amounts(ctx, results, sum(got.values()))
    right: list[list[dict[str, int]]] = []  # each pot's, each board's correct split of its amount
    base: dict[str, int] = {}  # every player's correct total
    for number, result in enumerate(results):
        splits: list[dict[str, int]] = []
        for index, board in enumerate(result.boards):
            split = _split(ctx, seat_of, result.pot, amounts[number][index], board.high_winners, board.low_winners)
            splits.append(split)
            for player, amount in split.items():
                base[player] = base.get(player, 0) + amount
        right.append(splits)
    kinds: set[str] = set()
    for number, result in enumerate(results):
        for index, board in enumerate(result.boards):
            amount, correct = amounts[number][index], right[number][index]
            high, low = board.high_winners, board.low_winners
            for player in result.contenders:
                if player in high:
                    continue
                # the high half (or the whole pot) paid to him instead of the high winners
                if _makes(base, correct, _split(ctx, seat_of, result.pot, amount, (player,), low), got):
                    kinds.add(WRONG_WINNER)
                # no low qualified, and half the pot paid to him as if his were the low
                if hi_lo and not low:
                    as_low = _split(ctx, seat_of, result.pot, amount, high, (player,))
                    if _makes(base, correct, as_low, got):
                        kinds.add(LOW_WITHOUT_QUALIFIER)
    return sorted(kinds)


def _board_amounts(ctx: HandContext, results: list[PotResult], paid: int) -> list[list[int]]:
    """What each pot's board splits, as the dealer split it. Where the room prints no rake (888, iPoker), the
    settlement's pots are gross and the dealer split them net of a rake the text does not give: that rake is
    what the pots hold beyond what was `paid` (a misaward moves chips, it does not change their sum), spread
    over the pots as a printed rake is spread (engine.settle.pot_nets, RULES.md SP-4: each side pot its share
    rounded down, the rest from the main pot, what a tiny main pot cannot give from the next pots), then
    between the boards (RIT-2)."""
    amounts: list[list[int]] = [[board.amount for board in result.boards] for result in results]
    summary = ctx.hand.pot
    if summary is not None and summary.rake is not None:
        return amounts
    gross = [result.net for result in results]
    total = sum(gross)
    kept = total - paid
    if kept <= 0 or kept >= total:
        return amounts
    taken = spread(kept, gross)
    index = 0
    while taken[0] > gross[0] and index + 1 < len(gross):
        index += 1
        move = min(taken[0] - gross[0], gross[index] - taken[index])
        taken[0] -= move
        taken[index] += move
    chip = ctx.house.min_chip
    return [split_boards(gross[n] - taken[n], len(results[n].boards), chip) for n in range(len(results))]


def _split(
    ctx: HandContext, seat_of: dict[str, int], pot: Pot, amount: int, high: tuple[str, ...], low: tuple[str, ...]
) -> dict[str, int]:
    """Each player's part of a board's `amount` split between `high` and `low` as the engine splits it."""
    out: dict[str, int] = {}
    for share in split_board(ctx.hand, pot, 0, amount, high, low, seat_of, ctx.house.min_chip):
        out[share.player] = out.get(share.player, 0) + share.amount
    return out


def _makes(base: dict[str, int], correct: dict[str, int], instead: dict[str, int], got: dict[str, int]) -> bool:
    """Whether the totals `base`, with one board's `correct` split paid as `instead`, are `got` (nonzero)."""
    totals = dict(base)
    for player, amount in correct.items():
        totals[player] -= amount
    for player, amount in instead.items():
        totals[player] = totals.get(player, 0) + amount
    return _nonzero(totals) == got


def award_findings(rule: Rule, ctx: HandContext, verb: str) -> Iterator[Finding]:
    """The findings of one OA50x rule: the award differences classified under its code."""
    for diff in award_diffs(ctx):
        if diff.code != rule.code:
            continue
        where = pot_label(diff.pot) + (f" on board {diff.run}" if diff.run else "")
        expected = describe_amounts(ctx, diff.expected)
        actual = describe_amounts(ctx, diff.actual)
        message = f"{where[0].upper()}{where[1:]} {verb}: it should pay {expected}; the hand pays {actual}"
        if diff.detail == EITHER:
            message += (
                " (the printed totals, one per player over every pot, fit a pot paid to the wrong player and a low"
                " half paid with no qualifying low alike: both are reported)"
            )
        yield rule.finding(
            ctx,
            message,
            ctx.hand.source.at(diff.line),
            expected=expected,
            actual=actual,
        )


def describe_amounts(ctx: HandContext, amounts: dict[str, int]) -> str:
    shown = [f"{player} {ctx.money(value)}" for player, value in sorted(amounts.items()) if value]
    return ", ".join(shown) or "nobody"


def pot_label(index: int) -> str:
    if index == ALL_POTS:
        return "the pots"
    return "the main pot" if index == 0 else f"side pot {index}"


fast_init(AwardDiff)
