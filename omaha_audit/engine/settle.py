"""Settle a replayed hand from first principles: the uncalled bet, the pots, who wins each pot on each
board and each half, and the exact amount each player should collect (SP-*, HL-*, OC-*, RIT-*; ties in stud:
engine/stud_odd_chips.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from omaha_audit.engine.evaluate import Evaluations
from omaha_audit.engine.evaluate.games import lowball_27, showdown_key, stud_low8
from omaha_audit.engine.pots import Pot, build_pots, split_boards, split_evenly, split_halves, uncalled_bet
from omaha_audit.engine.replay import Replay
from omaha_audit.engine.stud_odd_chips import stud_split
from omaha_audit.model import STUD_GAMES, ActionKind, Card, Game, Half, Hand, PotBasis, ShowdownKind
from omaha_audit.model.frozen import fast_init


@dataclass(frozen=True, slots=True, init=False)
class Share:
    pot: int
    run: int  # 0, or the board number (1, 2) when run twice
    half: Half
    player: str
    amount: int

    def __init__(self, pot: int, run: int, half: Half, player: str, amount: int) -> None:
        self.pot, self.run, self.half, self.player, self.amount = pot, run, half, player, amount  # type: ignore[misc]


@dataclass(frozen=True, slots=True, init=False)
class BoardResult:
    run: int
    board: tuple[Card, ...]
    amount: int
    high_winners: tuple[str, ...]
    low_winners: tuple[str, ...]  # empty: no qualifying low (or not a hi/lo game)
    shares: tuple[Share, ...]

    def __init__(
        self,
        run: int,
        board: tuple[Card, ...],
        amount: int,
        high_winners: tuple[str, ...],
        low_winners: tuple[str, ...],
        shares: tuple[Share, ...],
    ) -> None:
        self.run, self.board, self.amount, self.high_winners = run, board, amount, high_winners  # type: ignore[misc]
        self.low_winners, self.shares = low_winners, shares  # type: ignore[misc]


@dataclass(frozen=True, slots=True, init=False)
class PotResult:
    pot: Pot
    net: int  # what is split: the pot net of its share of the rake
    contenders: tuple[str, ...]  # eligible players who did not muck
    decided: bool  # False when the winner cannot be known from the text
    reason: str
    boards: tuple[BoardResult, ...]

    def __init__(
        self,
        pot: Pot,
        net: int,
        contenders: tuple[str, ...],
        decided: bool,
        reason: str,
        boards: tuple[BoardResult, ...],
    ) -> None:
        self.pot, self.net, self.contenders, self.decided = pot, net, contenders, decided  # type: ignore[misc]
        self.reason, self.boards = reason, boards  # type: ignore[misc]


@dataclass(frozen=True, slots=True, init=False)
class Settlement:
    refund: tuple[str, int] | None
    contributions: dict[str, int]  # after the uncalled bet was returned
    pots: tuple[Pot, ...]
    results: tuple[PotResult, ...]
    hole_cards: dict[str, tuple[Card, ...]]
    mucked: frozenset[str]

    def __init__(
        self,
        refund: tuple[str, int] | None,
        contributions: dict[str, int],
        pots: tuple[Pot, ...],
        results: tuple[PotResult, ...],
        hole_cards: dict[str, tuple[Card, ...]],
        mucked: frozenset[str],
    ) -> None:
        self.refund, self.contributions, self.pots = refund, contributions, pots  # type: ignore[misc]
        self.results, self.hole_cards, self.mucked = results, hole_cards, mucked  # type: ignore[misc]

    def expected(self) -> dict[tuple[str, int, int], int]:
        """(player, pot, run) -> amount, for decided pots."""
        out: dict[tuple[str, int, int], int] = {}
        for result in self.results:
            if not result.decided:
                continue
            for board in result.boards:
                for share in board.shares:
                    key = (share.player, share.pot, share.run)
                    out[key] = out.get(key, 0) + share.amount
        return out


def known_hole_cards(hand: Hand) -> dict[str, tuple[Card, ...]]:
    if hand.game in STUD_GAMES:
        return stud_cards(hand)
    if hand.game.is_draw:
        return draw_cards(hand)
    wanted = hand.game.hole_cards or 0
    # 2-7 Drawmaha: a player who drew holds other cards than those dealt (known when shown)
    drew = (
        {action.player for action in hand.actions if action.kind is ActionKind.DISCARD and action.discarded != 0}
        if hand.game is Game.DRAWMAHA_2_7
        else set()
    )
    cards: dict[str, tuple[Card, ...]] = {}
    for dealt in hand.dealt:
        if len(dealt.cards) == wanted and dealt.player not in drew:
            cards[dealt.player] = dealt.cards
    return _shown_over(cards, hand, wanted)


def stud_cards(hand: Hand) -> dict[str, tuple[Card, ...]]:
    """The seven cards (five in five-card stud) of each stud player the text shows whole: a shown hand, a
    summary's cards, or the player's own `Dealt to` lines when they add up to them. When the deck ran out,
    seventh street's one card is dealt face up to all (PokerStars: `*** RIVER *** [6h]`, `Board [6h]`, six
    cards shown): it is each player's seventh card (ST-5)."""
    community = stud_community(hand)
    wanted = (hand.game.cards_held or 7) - len(community)
    cards: dict[str, tuple[Card, ...]] = {}
    for dealt in hand.dealt:
        whole = dealt.cards + dealt.new_cards
        if len(whole) == wanted:
            cards[dealt.player] = whole + community
    for seat in hand.summary_seats:
        if len(seat.cards) == wanted:
            cards[seat.player] = seat.cards + community
    for line in hand.showdown:
        if line.kind is ShowdownKind.SHOWS and len(line.cards) == wanted:
            cards[line.player] = line.cards + community
    return cards


def stud_community(hand: Hand) -> tuple[Card, ...]:
    """Seven-card stud's community card, dealt when the deck runs out (five-card stud never runs out)."""
    if hand.game.cards_held == 7 and hand.boards and len(hand.boards[0]) == 1:
        return hand.boards[0]
    return ()


def draw_cards(hand: Hand) -> dict[str, tuple[Card, ...]]:
    """The final hand of each draw player the text shows: a shown hand, a summary's cards, or the player's
    last `Dealt to` line (the cards kept and the cards drawn) when it holds the game's count (DR-4)."""
    held = hand.game.cards_held or 0
    cards: dict[str, tuple[Card, ...]] = {}
    for dealt in hand.dealt:  # (in order: the last line of a player is the hand after the last draw)
        cards[dealt.player] = dealt.cards + dealt.new_cards
    cards = {player: whole for player, whole in cards.items() if len(whole) == held}
    return _shown_over(cards, hand, held)


def _shown_over(cards: dict[str, tuple[Card, ...]], hand: Hand, count: int) -> dict[str, tuple[Card, ...]]:
    """`cards` with each player's summary cards, then shown cards, over them where they are `count` cards."""
    for seat in hand.summary_seats:
        if len(seat.cards) == count:
            cards[seat.player] = seat.cards
    for line in hand.showdown:
        if line.kind is ShowdownKind.SHOWS and len(line.cards) == count:
            cards[line.player] = line.cards
    return cards


def repeated_card(board: tuple[Card, ...], holes: list[tuple[Card, ...]]) -> bool:
    """True when some card is on the board twice, or in two hands, or in a hand and on the board: such
    hands cannot be ranked (the duplicate is the dealer error OA201 reports)."""
    seen = set(board)
    count = len(board)
    for hole in holes:
        seen.update(hole)
        count += len(hole)
    return len(seen) != count


def mucked_players(hand: Hand) -> frozenset[str]:
    names = {line.player for line in hand.showdown if line.kind is ShowdownKind.MUCKS}
    names.update(seat.player for seat in hand.summary_seats if seat.outcome == "mucked")
    return frozenset(names)


def pot_nets(hand: Hand, pots: list[Pot]) -> list[int]:
    """The amount to split in each pot: the printed net pots when the room lists them, else the gross
    pots less the rake (and the fees taken from the pot, but a tax taken from a winner's share once the pot
    is split: Hand.share_taxes) spread in proportion, remainder on the main pot; the whole pots when the
    room prints its collected amounts before the rake."""
    summary = hand.pot
    if summary is None:
        return [pot.amount for pot in pots]
    printed = ([summary.main] if summary.main is not None else []) + list(summary.sides)
    if printed and len(printed) == len(pots) and summary.pots_basis is PotBasis.NET:
        return printed
    deduction = (summary.rake or 0) + hand.fees_taken - hand.share_taxes
    if summary.collected_basis is PotBasis.GROSS:
        deduction = 0
    gross = sum(pot.amount for pot in pots)
    if gross <= 0:
        return [pot.amount for pot in pots]
    deduction = min(deduction, gross)  # a rake above the pot is wrong (OA601, OA602), not a debt to share
    cuts = spread(deduction, [pot.amount for pot in pots])
    nets = [pot.amount - cuts[index] for index, pot in enumerate(pots)]
    stp = hand.stp
    if stp and nets:
        nets[-1] += stp
    return nets


def spread(deduction: int, amounts: list[int]) -> list[int]:
    """`deduction` (a rake, fees) shared over `amounts` in proportion, rounded down, the remainder on the
    first (SP-4). The amounts add up to more than 0."""
    total = sum(amounts)
    cuts = [deduction * amount // total for amount in amounts]
    cuts[0] += deduction - sum(cuts)
    return cuts


def _best(
    hand: Hand,
    players: list[str],
    cards: dict[str, tuple[Card, ...]],
    board: tuple[Card, ...],
    evaluations: Evaluations,
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """High winners and low winners (empty when no low qualifies) among `players` on `board`."""
    game = hand.game
    if game.is_split:
        return _split_best(game, players, cards, board, evaluations)
    if game in STUD_GAMES or game.is_draw:  # stud: the player's own seven cards (ST-5); draw: the hand (DR-4)
        values = {name: showdown_key(game, cards[name]) for name in players}
        best = max(values.values())
        high_winners = tuple(name for name in players if values[name] == best)
    else:
        highs = {name: evaluations.high_for(game, cards[name], board) for name in players}
        top = max(highs.values())
        high_winners = tuple(name for name in players if highs[name] == top)
    if not game.is_hi_lo:
        return high_winners, ()
    if game in STUD_GAMES:  # stud hi/lo: the best eight-or-better low of any five (lower mask is better)
        masks = {name: stud_low8(cards[name]) for name in players}
        qualifying = [mask for mask in masks.values() if mask is not None]
        if not qualifying:
            return high_winners, ()
        best_mask = min(qualifying)
        return high_winners, tuple(name for name in players if masks[name] == best_mask)
    lows = {name: evaluations.low(cards[name], board) for name in players}
    qualified = {name: low for name, low in lows.items() if low is not None}
    if not qualified:
        return high_winners, ()
    best_low = min(qualified.values())
    return high_winners, tuple(name for name in players if name in qualified and qualified[name] == best_low)


def _split_best(
    game: Game,
    players: list[str],
    cards: dict[str, tuple[Card, ...]],
    board: tuple[Card, ...],
    evaluations: Evaluations,
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The winners of the two halves of Badeucey (the badugi of any four cards, aces high; the 2-7 low of
    the five) and 2-7 Drawmaha (the board's Omaha high, two cards from the hand and three from the board;
    the hand's 2-7 low): neither half has a qualifier (SG-1, SG-2)."""
    if game is Game.BADEUCEY:
        firsts = {name: showdown_key(game, cards[name]) for name in players}
    else:
        firsts = {name: evaluations.high_for(game, cards[name], board).key for name in players}
    best_first = max(firsts.values())
    lows = {name: lowball_27(cards[name]) for name in players}
    best_low = min(lows.values())
    return (
        tuple(name for name in players if firsts[name] == best_first),
        tuple(name for name in players if lows[name] == best_low),
    )


def split_board(
    hand: Hand,
    pot: Pot,
    run: int,
    amount: int,
    high: tuple[str, ...],
    low: tuple[str, ...],
    seat_of: dict[str, int],
    chip: int,
    cards: Mapping[str, tuple[Card, ...]] | None = None,
) -> list[Share]:
    """One board's `amount` of `pot` split between its `high` and `low` winners (odd chips: OC-1..OC-7).
    Stud ties share by the players' cards (OC-7: `cards`, each player's cards; read from the hand when not
    given); the other games' by seat (OC-2)."""
    if hand.game in STUD_GAMES:
        known = cards if cards is not None else stud_cards(hand)
        game = hand.game
        razz = game is Game.RAZZ or game is Game.RAZZ_2_7
        return [
            Share(pot.index, run, half, name, value)
            for half, name, value in stud_split(amount, high, low, known, chip, razz, game is not Game.RAZZ_2_7)
        ]
    button = hand.button
    if not low:
        shares = split_evenly(amount, high, seat_of, button, chip)
        return [Share(pot.index, run, Half.WHOLE, name, value) for name, value in shares.items()]
    if set(high) == set(low):  # the same hands win both halves: split the whole pot (OC-5)
        shares = split_evenly(amount, high, seat_of, button, chip)
        return [Share(pot.index, run, Half.WHOLE, name, value) for name, value in shares.items()]
    high_half, low_half = split_halves(amount, chip)
    out = [
        Share(pot.index, run, Half.HIGH, name, value)
        for name, value in split_evenly(high_half, high, seat_of, button, chip).items()
    ]
    out += [
        Share(pot.index, run, Half.LOW, name, value)
        for name, value in split_evenly(low_half, low, seat_of, button, chip).items()
    ]
    return out


def settle(replayed: Replay, evaluations: Evaluations | None = None) -> Settlement:
    """`evaluations`: the hand's evaluation memo, when the caller shares it with others."""
    hand, house = replayed.hand, replayed.house
    if evaluations is None:
        evaluations = Evaluations()
    contributions = dict(replayed.contributions)
    dead = replayed.dead_blinds
    refund = uncalled_bet(replayed.live_contributions)
    if refund is not None:
        contributions[refund[0]] -= refund[1]
    # An ante may be unmatched too: when players are all in on their antes, the part of the largest ante that
    # no other stake reaches can be won by nobody else and goes back (UC-1; OnGame, PKR and 888poker hands
    # return it), with the bet above it where the same player made both (PokerStars' 2-7 single draw: the big
    # blind's 100 and 24 of his 25 ante over an ante of 1 all in, `Uncalled bet (124)`). Dead blinds are the
    # pot's, never returned.
    ante = uncalled_bet({name: paid - dead.get(name, 0) for name, paid in contributions.items()})
    if ante is not None and (refund is None or refund[0] == ante[0]):
        contributions[ante[0]] -= ante[1]
        refund = (ante[0], ante[1] + (refund[1] if refund is not None else 0))
    # Dead blinds go into the main pot without buying a stake: pots are built on the rest (BL-5, SP-2).
    stakes = {name: paid - dead.get(name, 0) for name, paid in contributions.items()}
    live = [name for name in replayed.order if not replayed.players[name].folded]
    all_in = [name for name in live if replayed.players[name].all_in]
    folded_all_in = [
        contributions[name]
        for name in replayed.order
        if replayed.players[name].all_in and replayed.players[name].folded
    ]
    extra = folded_all_in if house.pot_level_at_folded_all_in else []
    pots = build_pots(stakes, live, all_in, extra) if contributions else []
    if dead and pots:
        main = pots[0]
        pots[0] = Pot(main.index, main.amount + sum(dead.values()), main.eligible, main.level)
    nets = pot_nets(hand, pots)
    cards = known_hole_cards(hand)
    mucked = mucked_players(hand)
    seat_of = {seat.player: seat.seat for seat in hand.seats}
    boards = hand.boards or ((),)
    runs = list(range(1, len(boards) + 1)) if len(boards) > 1 else [0]
    stud = hand.game in STUD_GAMES
    draw = hand.game.is_draw
    community: tuple[Card, ...] = ()
    if stud:  # a seventh-street community card is each player's seventh card (stud_cards)
        community = stud_community(hand)
    held = hand.game.cards_held or 7
    if stud or draw:
        boards, runs = ((),), [0]
    results: list[PotResult] = []
    for index, pot in enumerate(pots):  # (index loops: zip with strict=True is a slow call when compiled)
        net = nets[index]
        contenders = tuple(name for name in pot.eligible if name not in mucked)
        if not contenders:
            contenders = pot.eligible[:1]
        per_board = split_boards(net, len(runs), house.min_chip)
        board_results: list[BoardResult] = []
        decided, reason = True, ""
        for number, run in enumerate(runs):
            amount, board = per_board[number], boards[number]
            high: tuple[str, ...]
            low: tuple[str, ...]
            if not contenders:
                decided, reason = False, "nobody is left in the pot"
                break
            if len(contenders) == 1:
                high, low = contenders, ()
            elif hand.cancelled:
                decided, reason = False, "hand cancelled"
                break
            elif any(name not in cards for name in contenders):
                decided, reason = False, "a contender's cards are not in the text"
                break
            elif stud and repeated_card(community, [cards[name][: held - len(community)] for name in contenders]):
                decided, reason = False, "a card appears twice in the cards to compare"
                break
            elif stud:
                high, low = _best(hand, list(contenders), cards, board, evaluations)
            elif draw and repeated_card((), [cards[name] for name in contenders]):
                decided, reason = False, "a card appears twice in the cards to compare"
                break
            elif draw:
                high, low = _best(hand, list(contenders), cards, board, evaluations)
            elif len(board) != 5 or not (hand.game.is_omaha or hand.game is Game.HOLDEM):  # 6+ ranks differ
                decided, reason = False, "no complete board to evaluate"
                break
            elif repeated_card(board, [cards[name] for name in contenders]):
                decided, reason = False, "a card appears twice in the cards to compare"
                break
            else:
                high, low = _best(hand, list(contenders), cards, board, evaluations)
            shares = split_board(hand, pot, run, amount, high, low, seat_of, house.min_chip, cards)
            board_results.append(BoardResult(run, board, amount, high, low, tuple(shares)))
        results.append(PotResult(pot, net, contenders, decided, reason, tuple(board_results)))
    return Settlement(refund, contributions, tuple(pots), tuple(results), cards, mucked)


fast_init(Share, BoardResult, PotResult, Settlement)
