"""What a Bovada hand's lines leave to its end: the streets found from the betting (with the summary's
board), the results as collected amounts, and the stakes."""

from __future__ import annotations

from typing import Final

from omaha_audit.model import (
    ALL_POTS,
    Action,
    ActionKind,
    Card,
    Collected,
    Game,
    Half,
    Source,
    Stakes,
    Street,
    StreetDeal,
    Structure,
)

NEXT_STREET: Final = {Street.PREFLOP: Street.FLOP, Street.FLOP: Street.TURN, Street.TURN: Street.RIVER}
BOARD_CARDS: Final = {Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}

# (player, chips, from a side pot, line text, source) of each `Hand result` line
Result = tuple[str, int, bool, str, Source]


def board_streets(
    inferred: list[tuple[Street, int]], board: tuple[Card, ...], source: Source, tail: int
) -> tuple[list[StreetDeal], str | None]:
    """The street deals of a hand printed without street lines: those the betting reached (street, order),
    then those dealt after the betting (all in; at `tail` in the hand's order), as far as the board goes.
    Also the reason for a defect when the betting reaches a street the board has no cards for."""
    streets = list(inferred)
    last = streets[-1][0] if streets else Street.PREFLOP
    following = NEXT_STREET.get(last)
    while following is not None and len(board) >= BOARD_CARDS[following]:
        streets.append((following, tail))
        last = following
        following = NEXT_STREET.get(last)
    deals: list[StreetDeal] = []
    for street, order in streets:
        size = BOARD_CARDS[street]
        if len(board) < size:
            return deals, f"the betting goes on to the {street.value}, but the board has {len(board)} cards"
        new = board[size - 1 : size] if size > 3 else board[:3]
        deals.append(StreetDeal(street, 0, board[:size], new, source, False, order))
    return deals, None


def collected_lines(results: list[Result], halves: dict[str, tuple[bool, bool]], game: Game) -> list[Collected]:
    """`Hand result` lines: the main pot's (pot 0) and a side pot's (pot 1). The side pots are not numbered:
    with two or more side-pot lines each amount is the player's share of all pots (ALL_POTS). In hi/lo the
    summary's `HI`/`LO` say which half a player won."""
    sides = sum(1 for _, _, side, _, _ in results if side)
    collected: list[Collected] = []
    for name, chips, side, _, source in results:
        half: Half | None = None
        if game.is_hi_lo:
            high, low = halves.get(name, (False, False))
            half = Half.WHOLE if high and low else Half.HIGH if high else Half.LOW if low else None
        if sides > 1:
            pot, label = ALL_POTS, "all pots"
        else:
            pot, label = (1, "side pot") if side else (0, "main pot")
        collected.append(Collected(name, chips, pot, label, 0, source, half))
    return collected


def posted_stakes(structure: Structure, printed: tuple[int, int] | None, actions: list[Action]) -> Stakes:
    """The stakes: the printed blinds (tournament levels, MVS tables), else the posted ones (a big blind
    posted all in for less counts for at least twice the small blind). Fixed limit: the big blind is the
    small bet."""
    if printed is not None:
        small, big = printed
    else:
        small = next((a.amount for a in actions if a.kind is ActionKind.POST_SMALL_BLIND), 0)
        big_post = next((a for a in actions if a.kind is ActionKind.POST_BIG_BLIND), None)
        big = big_post.amount if big_post is not None else 2 * small
        if big_post is not None and big_post.all_in:
            big = max(big, 2 * small)
    ante = next((a.amount for a in actions if a.kind is ActionKind.POST_ANTE and not a.all_in), None)
    if structure is Structure.FIXED_LIMIT:
        return Stakes(None, None, small_bet=big or None, big_bet=2 * big or None, ante=ante)
    return Stakes(small or None, big or None, ante=ante)
