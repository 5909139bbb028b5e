"""Setting up one hand before the first post: the kind of table, stakes, seats, stacks, the button, who
posts what, and the cards (deal.py), with the biases a planned fault asks for (`Scenario`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from random import Random

from omaha_audit.generate.config import (
    BUY_INS,
    CASH_BLINDS,
    FIXED_LIMIT_CASH,
    FIXED_LIMIT_LEVELS,
    PLAYER_NAMES,
    ROMAN,
    TABLE_NAMES,
    TABLE_SIZES,
    TOURNAMENT_LEVELS,
    GenerateConfig,
    Stakes,
)
from omaha_audit.generate.deal import deal_cards
from omaha_audit.generate.dealing import DealingRules
from omaha_audit.generate.policy import Style, random_style
from omaha_audit.generate.record import HandRecord, Player
from omaha_audit.generate.writers import room_dealing, runs_twice
from omaha_audit.model import CHIPS, Card, Game, Structure, Unit

USD = Unit("USD", 2)

# Players dealt at most, by hole cards, so one deck covers every hand, two boards and a spare card.
MOST_PLAYERS = {2: 10, 4: 10, 5: 8, 6: 6}


@dataclass(frozen=True, slots=True)
class Scenario:
    """What a planned fault needs from the hand (all optional)."""

    style: str = "normal"  # normal | passive | wild | raising (policy.random_style)
    board: str | None = None  # "no_low": a board that makes no eight-or-better low possible
    mirror: bool = False  # two players get the same ranks: ties and odd chips become likely
    rit: float | None = None  # chance to run it twice when the hand allows it
    short_stacks: int = 0  # extra players with a short stack
    players: tuple[int, int] | None = None  # dealt players, overriding the configuration
    hero_folds_early: bool = False  # hero folds preflop when he can


@dataclass(slots=True)
class Table:
    """Everything decided before the first post."""

    rec: HandRecord
    posts: list[tuple[Player, str, int]]  # (player, what, amount) in printing order; what "extra" = a new BB
    small_blind: Player | None
    big_blind: Player
    runout: list[Card]  # the first run's five board cards
    deck: list[Card]  # the cards left after the deal, for a second run
    style: Style
    rit_chance: float
    scenario: Scenario = field(default_factory=Scenario)
    hu_capped: bool = True  # fixed limit: the room caps a round at four bets heads-up too (DealingRules)


def _stack_cash(rng: Random, big_blind: int, short: bool) -> int:
    roll = rng.random()
    if short or roll < 0.15:
        bbs = rng.uniform(3, 20)
    elif roll < 0.45:
        bbs = rng.uniform(20, 80)
    elif roll < 0.85:
        bbs = rng.uniform(80, 120)
    else:
        bbs = rng.uniform(120, 300)
    cents = int(bbs * big_blind)
    if rng.random() < 0.5:
        cents = max(big_blind, cents - cents % max(1, big_blind // 2))  # round buy-ins happen often
    return cents


def _stack_chips(rng: Random, big_blind: int, short: bool) -> int:
    bbs = rng.uniform(3, 12) if short or rng.random() < 0.25 else rng.uniform(12, 80)
    chips = int(bbs * big_blind)
    return chips - chips % 5 if chips > 100 else chips


def choose_stakes(rng: Random, structure: Structure, tournament: bool, rules: DealingRules) -> tuple[Stakes, Unit]:
    if tournament:
        if structure is Structure.FIXED_LIMIT:
            level, small_bet, big_bet, ante = rng.choice(FIXED_LIMIT_LEVELS)
            return Stakes(small_bet // 2, small_bet, ante, small_bet, big_bet, level), CHIPS
        level, small_blind, big_blind, ante = rng.choice(TOURNAMENT_LEVELS)
        return Stakes(small_blind, big_blind, ante, level=level), CHIPS
    if structure is Structure.FIXED_LIMIT:
        return fixed_limit_cash(rng.choice(FIXED_LIMIT_CASH), rules), USD
    small_blind, big_blind = rng.choice(CASH_BLINDS)
    return Stakes(small_blind, big_blind), USD


def fixed_limit_cash(bets: tuple[int, int], rules: DealingRules) -> Stakes:
    """A fixed-limit cash table's stakes: the big blind is the small bet, the small blind the room's (FL-1)."""
    small_bet, big_bet = bets
    return Stakes(rules.fixed_limit_small_blind(small_bet), small_bet, 0, small_bet, big_bet)


def set_up(
    rng: Random,
    config: GenerateConfig,
    hand_id: str,
    started: str,
    game: Game,
    structure: Structure,
    tournament: bool,
    scenario: Scenario,
) -> Table:
    rules = room_dealing(config.room, config.variants)
    stakes, unit = choose_stakes(rng, structure, tournament, rules)
    low, high = config.min_players, config.max_players
    if scenario.players is not None:  # a fault's preference, within what the run allows
        wanted_low, wanted_high = max(low, scenario.players[0]), min(high, scenario.players[1])
        if wanted_low <= wanted_high:
            low, high = wanted_low, wanted_high
    most = MOST_PLAYERS.get(game.hole_cards or 4, 10)
    dealt_count = rng.randint(min(low, most), min(high, most))
    sitting_out = 0
    if not tournament and rng.random() < 0.12:
        sitting_out = rng.choice((1, 1, 2))
    seated = dealt_count + sitting_out
    sizes = [size for size in TABLE_SIZES if size >= seated] or [10]
    max_seats = sizes[0] if rng.random() < 0.7 or len(sizes) == 1 else rng.choice(sizes[1:])
    if seated > max_seats:  # only when 10 players plus sitting-out ones were asked for
        sitting_out = max_seats - dealt_count
        seated = max_seats
    seat_numbers = sorted(rng.sample(range(1, max_seats + 1), seated))
    out_seats = set(rng.sample(seat_numbers, sitting_out)) if sitting_out else set()
    names = rng.sample(PLAYER_NAMES, seated)
    shorts = set(rng.sample(range(seated), min(seated, scenario.short_stacks))) if scenario.short_stacks else set()
    players: list[Player] = []
    floor = 2 * stakes.big_blind + stakes.ante + 1  # nobody is all-in from the forced bets
    for index, (seat, name) in enumerate(zip(seat_numbers, names, strict=True)):
        short = index in shorts
        if tournament:
            stack = _stack_chips(rng, stakes.big_blind, short)
        elif structure is Structure.FIXED_LIMIT:
            stack = int(rng.uniform(2, 12) * stakes.big_bet) if short else int(rng.uniform(8, 100) * stakes.big_bet)
        else:
            stack = _stack_cash(rng, stakes.big_blind, short)
        player = Player(seat, name, max(stack, floor), sitting_out=seat in out_seats)
        player.chips = player.stack
        player.muck_if_beaten = rng.random() < 0.8
        players.append(player)
    dealt = [player for player in players if not player.sitting_out]
    button_index = rng.randrange(len(dealt))
    button = dealt[button_index]
    if len(dealt) == 2:
        small_blind, big_blind = button, dealt[1 - button_index]
    else:
        small_blind = dealt[(button_index + 1) % len(dealt)]
        big_blind = dealt[(button_index + 2) % len(dealt)]
    hero = rng.choice(dealt)
    if tournament:
        tournament_id = str(rng.randint(100_000_000, 999_999_999))
        table_name = f"{tournament_id} {rng.randint(1, 40)}"
        buy_in: str | None = rng.choice(BUY_INS)
    else:
        tournament_id = None
        table_name = f"{rng.choice(TABLE_NAMES)} {rng.choice(ROMAN)}"
        buy_in = None
    rec = HandRecord(
        hand_id=hand_id,
        game=game,
        structure=structure,
        stakes=stakes,
        unit=unit,
        started=started,
        table=table_name,
        max_seats=max_seats,
        button=button.seat,
        seats=players,
        hero=hero.name,
        tournament_id=tournament_id,
        buy_in=buy_in,
    )
    posts: list[tuple[Player, str, int]] = []
    if stakes.ante:
        posts += [(player, "the ante", stakes.ante) for player in dealt]
    posts.append((small_blind, "small blind", stakes.small_blind))
    posts.append((big_blind, "big blind", stakes.big_blind))
    if not tournament and len(dealt) >= 4:
        others = [p for p in dealt if p not in (button, small_blind, big_blind)]
        if rng.random() < 0.07:
            returning = rng.choice(others)
            posts.append((returning, "small & big blinds", stakes.small_blind + stakes.big_blind))
            others.remove(returning)
            rec.tags.add("missed-blinds")
        if others and rng.random() < 0.04:
            posts.append((rng.choice(others), "extra", stakes.big_blind))
            rec.tags.add("new-player-blind")
    holes, runout, deck = deal_cards(
        rng,
        game,
        len(dealt),
        board=scenario.board,
        mirror=scenario.mirror,
        hero=dealt.index(hero),
        seats=tuple(player.seat for player in dealt),
        button=button_index,
    )
    for player, hole in zip(dealt, holes, strict=True):
        player.hole = hole
    rit_chance = scenario.rit if scenario.rit is not None else 0.35
    if not runs_twice(config.room):
        rit_chance = 0.0  # (the rng is drawn all the same: the other rooms' hands stay as they were)
    style = random_style(rng, scenario.style)
    return Table(rec, posts, small_blind, big_blind, runout, deck, style, rit_chance, scenario, rules.hu_capped)
