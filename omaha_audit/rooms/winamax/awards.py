"""Winamax's award lines, pot by pot.

Winamax prints one `collected` line per winner (per half in hi/lo), not per pot: the winner of the main
pot's line says `from main pot` and holds every pot that player won (`Player5 collected 6.22€ from main
pot` for the main pot and side pot 1), the other winners' lines are numbered `side pot 1`, `side pot 2`,
... in turn, a player who won every pot says `from pot`, and the uncalled part of a bet is paid back the
same way, inside the bettor's line or as a line of its own (`Hero collected 84€ from side pot 1` after
Player0's all-in call of 24€ against a bet of 108€). The labels count lines, not pots.

The model's `Collected.pot` is the pot an amount came from, so where the contributions make several
pots (one level per all-in player still in, RULES.md SP-2) the printed amounts are spread over them,
from the main pot up: each pot goes to the collecting players eligible for it who still have some of
their printed amount left, those of them whose line comes first in Winamax's numbering (`main pot`
before `side pot 1`: a line numbered later won no lower pot), split as any auditor splits a pot
(halves of a hi/lo pot by the lines' `(HI)`/`(LO)`, the odd chip to the high half; ties evenly, odd
chips first clockwise from the button; each board its share when run twice), net of its part of the
rake (in proportion, the rest on the main pot), and never more than the player has left; anything left
over is the main pot's. No card is looked at, so a pot paid to someone who could not win it, or paid
short or to nobody, still shows. The uncalled bet stays inside the bettor's last line (where the
auditor takes it back out, Refunds.IN_COLLECTED). With a single pot the lines are kept as printed,
numbered 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from omaha_audit.model import Action, ActionKind, Collected, Half, Seat
from omaha_audit.model.numbers import whole_number

_ANTE: Final = ActionKind.POST_ANTE
_FOLD: Final = ActionKind.FOLD
_HIGH: Final = Half.HIGH
_LOW: Final = Half.LOW

Key = tuple[str, int, Half | None]  # (player, run, half)
Share = tuple[str, int, Half | None, int]  # (player, run, half, pot)


class Pots:
    """The pots of a hand as built from its contributions: (gross amount, eligible players) from the main
    pot up (dead blinds in the main pot), and the uncalled bet (player, amount) or None."""

    __slots__ = ("pots", "refund")

    def __init__(self, pots: list[tuple[int, tuple[str, ...]]], refund: tuple[str, int] | None) -> None:
        self.pots = pots
        self.refund = refund


def build_pots(seats: Sequence[Seat], actions: Sequence[Action], dead: dict[str, int]) -> Pots:
    """The pots from the chips each player put in (`dead`: each player's dead blind money)."""
    paid: dict[str, int] = {}
    antes: dict[str, int] = {}
    folded: set[str] = set()
    for action in actions:
        player = action.player
        paid[player] = paid.get(player, 0) + action.amount
        if action.kind is _ANTE:
            antes[player] = antes.get(player, 0) + action.amount
        elif action.kind is _FOLD:
            folded.add(player)
    bets = {player: chips - antes.get(player, 0) - dead.get(player, 0) for player, chips in paid.items()}
    ranked = sorted(bets.values(), reverse=True)
    refund: tuple[str, int] | None = None
    if len(ranked) >= 2 and ranked[0] > ranked[1]:
        top = next(player for player, chips in bets.items() if chips == ranked[0])
        refund = (top, ranked[0] - ranked[1])
        paid[top] -= ranked[0] - ranked[1]
    stakes = {player: chips - dead.get(player, 0) for player, chips in paid.items()}
    live = [seat.player for seat in seats if seat.player in paid and seat.player not in folded]
    all_in = [seat.player for seat in seats if seat.player in live and paid[seat.player] >= seat.stack > 0]
    pots = _levels(stakes, live, all_in)
    if pots:
        pots[0] = (pots[0][0] + sum(dead.values()), pots[0][1])
    return Pots(pots, refund)


def _levels(stakes: dict[str, int], live: list[str], all_in: list[str]) -> list[tuple[int, tuple[str, ...]]]:
    """Main and side pots (gross, eligible): one level per all-in stake below the top live stake; pots
    with the same players merged; chips above every live stake in the last pot."""
    top = max((stakes[player] for player in live), default=max(stakes.values(), default=0))
    levels = sorted({stakes[player] for player in all_in})
    if not levels or levels[-1] < top:
        levels.append(top)
    pots: list[tuple[int, tuple[str, ...]]] = []
    previous = 0
    for level in levels:
        if level <= previous:
            continue
        amount = sum(min(chips - previous, level - previous) for chips in stakes.values() if chips > previous)
        eligible = tuple(player for player in live if stakes[player] >= level)
        if amount > 0:
            if pots and (pots[-1][1] == eligible or not eligible):
                pots[-1] = (pots[-1][0] + amount, pots[-1][1])
            else:
                pots.append((amount, eligible))
        previous = level
    above = sum(chips - previous for chips in stakes.values() if chips > previous)
    if above and pots:
        pots[-1] = (pots[-1][0] + above, pots[-1][1])
    return pots


def nets(pots: Pots, rake: int) -> list[int]:
    """Each pot less its part of the rake: in proportion (rounded down), the rest on the main pot."""
    gross = sum(amount for amount, _ in pots.pots)
    if gross <= 0 or not rake:
        return [amount for amount, _ in pots.pots]
    cuts = [rake * amount // gross for amount, _ in pots.pots]
    cuts[0] += rake - sum(cuts)
    return [amount - cut for (amount, _), cut in zip(pots.pots, cuts, strict=True)]


def per_pot(
    awards: list[Collected], pots: Pots, rake: int, seat_of: dict[str, int], button: int | None
) -> list[Collected]:
    """The award lines as amounts per pot (module docstring). Lines of players eligible for no pot are
    kept as printed."""
    if not awards or len(pots.pots) < 2:
        if all(award.pot == 0 for award in awards):
            return awards
        return [_at(award, 0, award.amount, award.half) for award in awards]
    eligible = {player for _, players in pots.pots for player in players}
    kept = [award for award in awards if award.player not in eligible]
    left: dict[Key, int] = {}
    first: dict[Key, Collected] = {}
    for award in awards:
        if award.player in eligible:
            key = (award.player, award.run, award.half)
            left[key] = left.get(key, 0) + award.amount
            first.setdefault(key, award)
    refund = pots.refund
    refund_key = _refund_key(left, refund)
    if refund is not None and refund_key is not None:
        left[refund_key] -= refund[1]
    runs = sorted({award.run for award in awards if award.player in eligible})
    rank = {key: _rank(line.pot_text) for key, line in first.items()}
    shares = _shares(left, rank, pots, nets(pots, rake), runs, seat_of, button)
    _settle_differences(shares, left, rank, pots)
    if refund_key is not None and not any((k[0], k[1], k[2]) == refund_key for k in shares):
        shares[(refund_key[0], refund_key[1], refund_key[2], 0)] = 0  # a line paying back the refund only
    target: Share | None = None
    if refund_key is not None:
        for share in shares:
            if (share[0], share[1], share[2]) == refund_key and (target is None or share[3] > target[3]):
                target = share
    out = list(kept)
    for share, amount in sorted(shares.items(), key=_share_order):
        if amount and share != target:
            player, run, half, index = share
            out.append(_at(first[(player, run, half)], index, amount, half))
    if refund is not None and target is not None:  # the bettor's last line: where the refund is taken out
        line = first[(target[0], target[1], target[2])]
        out.append(_at(line, target[3], shares[target] + refund[1], target[2]))
    return out


def _shares(
    printed: dict[Key, int],
    rank: dict[Key, int],
    pots: Pots,
    net: list[int],
    runs: list[int],
    seat_of: dict[str, int],
    button: int | None,
) -> dict[Share, int]:
    """Each pot of each board split among its takers as an auditor splits it, whatever they printed."""
    shares: dict[Share, int] = {}
    for index, (_, players) in enumerate(pots.pots):
        for board, run in zip(_split(net[index], len(runs)), runs, strict=True):
            for (player, half), amount in _pot_shares(printed, rank, players, run, board, seat_of, button).items():
                shares[(player, run, half, index)] = amount
    return shares


def _settle_differences(shares: dict[Share, int], printed: dict[Key, int], rank: dict[Key, int], pots: Pots) -> None:
    """Make each player's shares on each board add up to what he printed (the halves are the lines' own
    business: the audit compares what each player got from each pot). What one player printed over his
    shares and another under them is moved between the two, in a pot the first could win and the second
    has a share of (`_move`): the pot's size stays right, its division is what the text changed; what is
    left over goes to the main pot, and what is missing comes off the player's highest pots."""
    over: dict[tuple[str, int], int] = {}
    half_of: dict[tuple[str, int], Half | None] = {}  # the half a player's extra chips are put in
    first: dict[tuple[str, int], int] = {}  # the player's line numbered first
    for (player, run, half), amount in sorted(printed.items(), key=lambda item: (_key_order(item[0]), -item[1])):
        mine = (player, run)
        over[mine] = over.get(mine, 0) + amount
        if mine not in half_of or amount > printed[(player, run, half_of[mine])]:
            half_of[mine] = half
        first[mine] = min(first.get(mine, rank[(player, run, half)]), rank[(player, run, half)])
    for (player, run, half, _), amount in shares.items():
        mine = (player, run)
        over[mine] = over.get(mine, 0) - amount
        half_of.setdefault(mine, half)
        first.setdefault(mine, 0)
    eligible = [set(players) for _, players in pots.pots]
    for same_board in (True, False):  # (then between the boards of a pot run twice)
        for gainer in sorted(key for key, value in over.items() if value > 0):
            for loser in sorted(key for key, value in over.items() if value < 0):
                if (loser[1] == gainer[1]) == same_board:
                    _move(shares, over, eligible, gainer, loser, half_of[gainer], first[gainer])
    for (player, run), value in over.items():
        if value > 0:
            main = (player, run, half_of[(player, run)], 0)
            shares[main] = shares.get(main, 0) + value
        elif value < 0:
            for share in sorted((key for key in shares if key[:2] == (player, run)), key=lambda key: -key[3]):
                taken = min(shares[share], -value)
                shares[share] -= taken
                value += taken


def _move(
    shares: dict[Share, int],
    over: dict[tuple[str, int], int],
    eligible: list[set[str]],
    gainer: tuple[str, int],
    loser: tuple[str, int],
    half: Half | None,
    first: int,
) -> None:
    """Move what `gainer` printed over his shares from `loser`'s: in a pot where that is just the loser's
    share (a pot paid to the wrong player), else in a pot both already share (a split gone wrong, the halves
    of a hi/lo pot skewed), else in the pot the gainer's line's number names (`side pot N`: the N-th pot
    won, at the lowest), else the next ones up, else those below."""
    first = min(first, len(eligible) - 1)
    order = [*range(first, len(eligible)), *range(first - 1, -1, -1)]
    wanted = min(over[gainer], -over[loser])
    exact = [index for index in order if sum(shares[key] for key in _held(shares, loser, index)) == wanted]
    shared = [index for index in order if _holds(shares, gainer, index) and _holds(shares, loser, index)]
    for index in [*exact, *shared, *order]:
        if gainer[0] not in eligible[index]:
            continue
        for key in _held(shares, loser, index):
            moved = min(over[gainer], -over[loser], shares[key])
            if moved <= 0:
                continue
            shares[key] -= moved
            gained = (gainer[0], gainer[1], half, index)
            shares[gained] = shares.get(gained, 0) + moved
            over[gainer] -= moved
            over[loser] += moved


def _holds(shares: dict[Share, int], player: tuple[str, int], index: int) -> bool:
    """Whether a player has chips from one pot on one board."""
    return any(shares[key] > 0 for key in _held(shares, player, index))


def _held(shares: dict[Share, int], player: tuple[str, int], index: int) -> list[Share]:
    """A player's shares (of both halves) in one pot on one board."""
    return [key for key in shares if key[0] == player[0] and key[1] == player[1] and key[3] == index]


def _refund_key(left: dict[Key, int], refund: tuple[str, int] | None) -> Key | None:
    """Which of the bettor's line groups holds the uncalled bet: one of just that amount (a line of its
    own), else the largest of the last board's."""
    if refund is None:
        return None
    mine = [key for key in left if key[0] == refund[0]]
    exact = [key for key in mine if left[key] == refund[1]]
    if exact:
        return exact[-1]
    last = max((key[1] for key in mine), default=0)
    return max((key for key in mine if key[1] == last), key=lambda key: left[key], default=None)


def _key_order(key: Key) -> tuple[str, int, str]:
    return (key[0], key[1], key[2].value if key[2] is not None else "")


def _share_order(item: tuple[Share, int]) -> tuple[str, int, str, int]:
    (player, run, half, index), _ = item
    return (player, run, half.value if half is not None else "", index)


def _rank(label: str) -> int:
    """The order of a line's label: `main pot` and `pot` 0, `side pot N` N."""
    number = label.rpartition(" ")[2]
    return whole_number(number) if label.startswith("side pot") and number.isdecimal() else 0


def _pot_shares(
    left: dict[Key, int],
    rank: dict[Key, int],
    players: tuple[str, ...],
    run: int,
    amount: int,
    seat_of: dict[str, int],
    button: int | None,
) -> dict[tuple[str, Half | None], int]:
    """One board's part of a pot among its winners (`_takers`), by halves where the lines have them."""
    high = _takers(left, rank, players, run, _HIGH)
    low = _takers(left, rank, players, run, _LOW)
    whole = _takers(left, rank, players, run, None)
    out: dict[tuple[str, Half | None], int] = {}
    if low and set(low) != set(high):
        low_half = amount // 2
        for player, share in _even(amount - low_half, high, seat_of, button).items():
            out[(player, _HIGH)] = share
        for player, share in _even(low_half, low, seat_of, button).items():
            out[(player, _LOW)] = share
        return out
    if high:  # a high winner taking the whole, or the same players sharing both halves
        for player, share in _even(amount, high, seat_of, button).items():
            both = (player, run, _LOW) in left  # (the same player's two lines: how much in each is his)
            from_high = min(share, left[(player, run, _HIGH)]) if both else share
            out[(player, _HIGH)] = from_high
            if share > from_high:
                out[(player, _LOW)] = share - from_high
        return out
    for player, share in _even(amount, whole, seat_of, button).items():
        out[(player, None)] = share
    return out


def _takers(
    left: dict[Key, int], rank: dict[Key, int], players: tuple[str, ...], run: int, half: Half | None
) -> list[str]:
    """The players of `players` with some of this half left; of them, those whose lines are numbered
    first (a `side pot N` line claims no pot below the N-th pot won: a lower one is its winners')."""
    found = [player for player in players if left.get((player, run, half), 0) > 0]
    if len(found) < 2:
        return found
    least = min(rank[(player, run, half)] for player in found)
    return [player for player in found if rank[(player, run, half)] == least]


def _even(amount: int, winners: list[str], seat_of: dict[str, int], button: int | None) -> dict[str, int]:
    """Shared as evenly as the chips allow; the odd chips to the winners first clockwise from the button."""
    if not winners:
        return {}
    base, odd = divmod(amount, len(winners))
    seats = sorted(seat_of.get(player, 0) for player in winners)
    if button is not None:
        seats = [seat for seat in seats if seat > button] + [seat for seat in seats if seat <= button]
    by_seat = {seat_of.get(player, 0): player for player in winners}
    shares = {player: base for player in winners}
    for seat in seats[:odd]:
        shares[by_seat[seat]] += 1
    return shares


def _split(amount: int, boards: int) -> list[int]:
    """A pot's part on each board when run twice: even, the odd chip to the first board."""
    base, odd = divmod(amount, boards)
    return [base + (1 if index < odd else 0) for index in range(boards)]


def _at(award: Collected, pot: int, amount: int, half: Half | None) -> Collected:
    return Collected(award.player, amount, pot, award.pot_text, award.run, award.source, half)
