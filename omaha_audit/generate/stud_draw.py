"""Stud and draw hands: seven-card stud, stud hi/lo and razz, and the draw games (2-7 triple and single draw,
badugi, five-card draw, A-5 triple draw), dealt and played at fixed-limit cash tables (the way PokerStars deals them).

Stud (RULES.md ST-1 to ST-5): every player posts the ante and gets two down cards and one up card; the
lowest up card brings in (ace high; equal ranks by suit, clubs lowest), in razz the highest (ace low, kings
highest; equal ranks by suit, spades highest); third street is played from the bring-in's left, a player may
complete the bring-in to the small bet; from fourth street the best hand showing acts first (the highest in
stud and stud hi/lo, the lowest in razz; equal ones: the first in seat order); fourth street is bet in small
bets (the big bet an open pair allows is never taken), fifth to seventh in big bets; seventh street is dealt
down. Tables seat at most seven players, so the deck never runs out.

Draw (DR-1 to DR-4): blinds and the button as in flop games; the betting before the draw from the big
blind's left, after each draw from the button's left; each live player in turn from the button's left
discards none to three cards and is dealt as many from the stub (no more than the stub holds: the discards
are never reshuffled). Triple draw: small bets before the first and after the first draw, big bets after
the second and third; single draw and five-card draw: small bets before the draw, big bets after it.

Rake: 5% under the room's caps, the small bet as the big blind (as for fixed-limit flop games), none when the
hand ended in its first betting round. The settlement (pots, splits, odd chips to the first winner left of
the button, in stud by the cards (RULES.md OC-7), the high half's odd chip) is generate/showdown.py's, with
each player's own cards valued by the game's evaluator.
"""

from __future__ import annotations

from random import Random
from typing import Final

from omaha_audit.generate.config import PLAYER_NAMES, ROMAN, TABLE_NAMES, GenerateConfig, RakeSchedule, Stakes
from omaha_audit.generate.deal import shuffled_deck
from omaha_audit.generate.play import Dealer, DealerHooks
from omaha_audit.generate.policy import Legal, RoundState, choose, legal_options, random_style
from omaha_audit.generate.record import Act, Dealt, DrawLine, HandRecord, Player, Post, StreetMark, StudCards
from omaha_audit.generate.showdown import settle
from omaha_audit.generate.table import USD, Scenario, Table
from omaha_audit.generate.writers import room_dealing
from omaha_audit.model import Card, Game, Street, Structure

STUD: Final = (Game.STUD, Game.STUD_HI_LO, Game.RAZZ)
DRAW: Final = (Game.TRIPLE_DRAW_2_7, Game.SINGLE_DRAW_2_7, Game.BADUGI, Game.FIVE_CARD_DRAW, Game.TRIPLE_DRAW_A_5)
STUD_DRAW_GAMES: Final = STUD + DRAW
DRAWS: Final = {
    Game.TRIPLE_DRAW_2_7: 3,
    Game.BADUGI: 3,
    Game.SINGLE_DRAW_2_7: 1,
    Game.FIVE_CARD_DRAW: 1,
    Game.TRIPLE_DRAW_A_5: 3,
}
DRAW_STREETS: Final = (Street.DRAW1, Street.DRAW2, Street.DRAW3)
STUD_STREETS: Final = (Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH)

# Stud cash tables: (small bet, big bet, ante, bring-in) in cents, as PokerStars posts them.
STUD_STAKES: Final = (
    (4, 8, 1, 2),
    (10, 20, 2, 5),
    (25, 50, 5, 10),
    (50, 100, 10, 25),
    (100, 200, 20, 50),
    (200, 400, 40, 100),
)
DRAW_BETS: Final = ((10, 20), (25, 50), (50, 100), (100, 200), (200, 400), (300, 600))
STUD_MOST: Final = 7  # players: seven cards each from one deck
DRAW_MOST: Final = 6
SUIT_ORDER: Final = "cdhs"


def bring_in_order(game: Game, card: Card) -> tuple[int, int]:
    """The higher this sorts, the likelier the card brings in (the module docstring)."""
    suit = SUIT_ORDER.index(card.suit)
    if game is Game.RAZZ:
        return (1 if card.rank == 14 else card.rank), suit
    return -card.rank, -suit


def set_up(rng: Random, config: GenerateConfig, hand_id: str, started: str, game: Game, scenario: Scenario) -> Table:
    """The table of one stud or draw hand, before the first post."""
    rules = room_dealing(config.room, config.variants)
    stud = game.is_stud
    if stud:
        small_bet, big_bet, ante, bring_in = rng.choice(STUD_STAKES)
        stakes = Stakes(0, small_bet, ante, small_bet, big_bet, bring_in=bring_in)
    else:
        small_bet, big_bet = rng.choice(DRAW_BETS)
        stakes = Stakes(rules.fixed_limit_small_blind(small_bet), small_bet, 0, small_bet, big_bet)
    low, high = config.min_players, config.max_players
    if scenario.players is not None:
        wanted_low, wanted_high = max(low, scenario.players[0]), min(high, scenario.players[1])
        if wanted_low <= wanted_high:
            low, high = wanted_low, wanted_high
    most = STUD_MOST if stud else DRAW_MOST
    count = rng.randint(min(low, most), min(high, most))
    max_seats = 8 if stud else 6
    seats = sorted(rng.sample(range(1, max_seats + 1), count))
    names = rng.sample(PLAYER_NAMES, count)
    shorts = set(rng.sample(range(count), min(count, scenario.short_stacks))) if scenario.short_stacks else set()
    floor = 2 * big_bet + stakes.ante + 1
    players: list[Player] = []
    for index, (seat, name) in enumerate(zip(seats, names, strict=True)):
        bets = rng.uniform(2, 10) if index in shorts else rng.uniform(8, 80)
        player = Player(seat, name, max(int(bets * big_bet), floor))
        player.chips = player.stack
        player.muck_if_beaten = rng.random() < 0.8
        players.append(player)
    button_index = rng.randrange(count)
    hero = rng.choice(players)
    rec = HandRecord(
        hand_id=hand_id,
        game=game,
        structure=Structure.FIXED_LIMIT,
        stakes=stakes,
        unit=USD,
        started=started,
        table=f"{rng.choice(TABLE_NAMES)} {rng.choice(ROMAN)}",
        max_seats=max_seats,
        button=0 if stud else players[button_index].seat,
        seats=players,
        hero=hero.name,
    )
    deck = shuffled_deck(rng)
    posts: list[tuple[Player, str, int]] = []
    if stud:
        posts = [(player, "the ante", stakes.ante) for player in players]
        small_blind: Player | None = None
        big_blind = players[0]
    else:
        if count == 2:
            small_blind, big_blind = players[button_index], players[1 - button_index]
        else:
            small_blind = players[(button_index + 1) % count]
            big_blind = players[(button_index + 2) % count]
        posts = [(small_blind, "small blind", stakes.small_blind), (big_blind, "big blind", stakes.big_blind)]
    held = 7 if stud else (game.cards_held or 5)
    for player in players:
        player.hole = tuple(deck[:held])
        del deck[:held]
    if scenario.mirror:  # (ties for the odd-chip fault: a second hand of the same ranks, kept pat in draw)
        _mirror(players[0], players[1], deck)
    style = random_style(rng, scenario.style)
    return Table(rec, posts, small_blind, big_blind, [], deck, style, 0.0, scenario, rules.hu_capped)


class StudDrawHooks(DealerHooks):
    """A correct stud dealer; fault plans (generate/faults_stud_draw.py) override these."""

    def bring_in_player(self, dealer: StudDrawDealer, due: Player, able: list[Player]) -> Player:
        return due

    def bring_in_amount(self, dealer: StudDrawDealer, amount: int) -> int:
        return amount


class StudDrawDealer(Dealer):
    """Plays one stud or draw hand (the module docstring); the hooks are the flop games' (play.DealerHooks)."""

    def __init__(self, table: Table, rng: Random, schedule: RakeSchedule, hooks: DealerHooks | None = None) -> None:
        super().__init__(table, rng, schedule, hooks)
        self.planned = {player.name: player.hole for player in self.players}  # stud: the seven cards in order
        self.stud = self.rec.game.is_stud
        self.bring_in = self.rec.stakes.bring_in
        self.completing = False  # stud, third street: nobody has completed the bring-in yet
        if self.stud:
            for player in self.players:
                player.hole = ()

    def play(self) -> HandRecord:
        rec = self.rec
        self._post_forced()
        rec.boards = [[]]
        streets = STUD_STREETS if self.stud else (Street.PREFLOP, *DRAW_STREETS[: DRAWS[rec.game]])
        for number, street in enumerate(streets):
            if number > 0:
                rec.flop_dealt = True  # (past the first betting round: the hand is raked)
                for player in self.players:
                    player.bet = 0
            if self.stud:
                self._deal_stud(street)
            else:
                self._deal_draw(street)
            if len(self.actors()) >= 2 or (number == 0 and self.stud):
                self._betting_round(street)
            if len(self.live()) == 1:
                break
        if self.stud:
            for player in self.live():  # an all-in player is dealt the rest of his cards
                player.hole = self.planned[player.name][: max(len(player.hole), 7)]
        live = self.live()
        if len(live) > 1:
            rec.all_in_showdown = any(player.all_in for player in live)
            rec.tags.add("showdown")
        rec.show_first = self.last_aggressor
        rec.unused_cards = list(self.table.deck)
        rec.settlement = settle(rec, self.schedule)
        self._tag_settlement()
        return rec

    # ---- forced bets and cards -------------------------------------------------------------------
    def _post_forced(self) -> None:
        if not self.stud:  # blinds as in the flop games (missed and new players' blinds too)
            self._post()
            return
        for player, what, amount in self.table.posts:
            player.chips -= amount
            player.total += amount
            if what == "the ante":
                player.dead += amount
            else:
                player.bet += amount
                player.posted_or_bet = True
            player.all_in = player.chips == 0
            self.rec.body.append(Post(player.name, what, amount, player.all_in))

    def _deal_stud(self, street: Street) -> None:
        rec = self.rec
        rec.body.append(StreetMark(street))
        index = STUD_STREETS.index(street)
        for player in self.players:
            if player.folded:
                continue
            before = player.hole
            player.hole = self.planned[player.name][: 3 + index]
            new = player.hole[len(before) :]
            if player.name == rec.hero:
                rec.body.append(StudCards(player.name, before, new))
            elif street is Street.THIRD:
                rec.body.append(StudCards(player.name, (), new[-1:]))
            elif street is not Street.SEVENTH:
                rec.body.append(StudCards(player.name, _up(before), new))

    def _deal_draw(self, street: Street) -> None:
        rec = self.rec
        if street is Street.PREFLOP:
            rec.body.append(StreetMark(street))
            hero = rec.player(rec.hero)
            rec.body.append(Dealt(hero.name, hero.hole))
            return
        rec.body.append(StreetMark(street))
        deck = self.table.deck
        for player in self._left_of(self.rec.button):
            if player.folded:
                continue
            count = min(self._discards(player), len(deck))
            thrown = _worst(rec.game, player.hole, count)
            kept = tuple(card for card in player.hole if card not in thrown)
            drawn = tuple(deck[:count])
            del deck[:count]
            player.hole = kept + drawn
            is_hero = player.name == rec.hero
            rec.body.append(DrawLine(player.name, count, thrown if is_hero else ()))
            if is_hero:
                rec.body.append(StudCards(player.name, kept, drawn))

    def _discards(self, player: Player) -> int:
        if self.table.scenario.mirror:
            return 0
        return self.rng.choice((0, 1, 1, 2, 2, 3))

    def _left_of(self, seat: int) -> list[Player]:
        after = [player for player in self.players if player.seat > seat]
        return after + [player for player in self.players if player.seat <= seat]

    # ---- betting ---------------------------------------------------------------------------------
    def _order(self, street: Street) -> list[Player]:
        rec = self.rec
        if not self.stud:
            if street is Street.PREFLOP:
                return self._left_of(self.table.big_blind.seat)
            return self._left_of(rec.button)
        if street is Street.THIRD:
            able = [player for player in self.players if player.chips > 0]
            opener = max(able, key=lambda player: bring_in_order(rec.game, player.hole[2]))
            if isinstance(self.hooks, StudDrawHooks):
                opener = self.hooks.bring_in_player(self, opener, able)
            self.table.big_blind = opener
            return self._left_of(opener.seat)
        showing = {player.name: showing_value(rec.game, _up(player.hole)) for player in self.actors()}
        best = max(showing.values())
        first = next(player for player in self.players if showing.get(player.name) == best)
        start = self.players.index(first)
        return self.players[start:] + self.players[:start]

    def _betting_round(self, street: Street) -> None:
        rec = self.rec
        stakes = rec.stakes
        small = street in (Street.PREFLOP, Street.DRAW1, Street.THIRD, Street.FOURTH)
        if rec.game in (Game.SINGLE_DRAW_2_7, Game.FIVE_CARD_DRAW):
            small = street is Street.PREFLOP
        unit = stakes.small_bet if small else stakes.big_bet
        rs = RoundState(street, Structure.FIXED_LIMIT, stakes.small_bet, unit, last_full=unit)
        order = self._order(street)
        if street is Street.PREFLOP:
            rs.high, rs.bets = stakes.big_blind, 1
        elif street is Street.THIRD:
            opener = order[-1]
            self._bring_in(opener)
            rs.high = opener.bet
            self.completing = opener.bet < stakes.small_bet
            rs.locked = opener.bet > stakes.small_bet  # (a wrong bring-in: the street is called or folded only)
        pending = {player.name for player in order if player.can_act}
        if street is Street.THIRD:
            pending.discard(order[-1].name)  # (the bring-in acts again only when someone completed)
        self._bet_around(rs, order, pending)

    def _turn(self, rs: RoundState, player: Player, others: bool) -> None:
        legal = self._legal(rs, player, others)
        decision = self.hooks.betting(self, rs, player, legal)
        if decision is None:
            decision = choose(self.rng, self.table.style, rs, legal, player)
        self._act(rs, player, decision[0], decision[1], legal)

    def _bring_in(self, player: Player) -> None:
        amount = self.bring_in
        if isinstance(self.hooks, StudDrawHooks):
            amount = self.hooks.bring_in_amount(self, amount)
        amount = min(amount, player.chips)
        self._put_in(player, amount)
        player.posted_or_bet = True
        self.rec.body.append(Act(player.name, "brings in", Street.THIRD, amount, all_in=player.all_in))

    def _legal(self, rs: RoundState, player: Player, others: bool) -> Legal:
        legal = legal_options(rs, player, self.pot_total(), others)
        if not (self.completing and rs.street is Street.THIRD):
            return legal
        target = rs.unit  # completing the bring-in: to the small bet
        can_raise = others and player.chips + player.bet > target and not rs.locked
        return Legal(legal.to_call, legal.can_check, can_raise, False, target, target, target, legal.all_in_to, False)

    def _act(self, rs: RoundState, player: Player, verb: str, to: int, legal: Legal) -> None:
        if self.completing and rs.street is Street.THIRD and verb in ("bets", "raises"):
            self.completing = False
            high_before = rs.high
            self._put_in(player, to - player.bet)
            player.posted_or_bet = True
            rs.high, rs.bets, rs.full_seq, rs.raises, rs.aggressor = to, 1, rs.full_seq + 1, rs.raises + 1, player.name
            self.rec.body.append(Act(player.name, "raises", rs.street, to - high_before, to, player.all_in))
            rs.acted_seq[player.name] = rs.full_seq
            rs.faced[player.name] = rs.high
            rs.actions += 1
            return
        self.apply(rs, player, verb, to, legal)


def _mirror(model: Player, twin: Player, deck: list[Card]) -> None:
    """Give `twin` the ranks of `model`'s cards in other suits, as far as the stub holds them."""
    deck.extend(twin.hole)
    hand: list[Card] = []
    for card in model.hole:
        same = next((other for other in deck if other.rank == card.rank and other.suit != card.suit), None)
        chosen = same if same is not None else deck[0]
        deck.remove(chosen)
        hand.append(chosen)
    twin.hole = tuple(hand)


def showing_value(game: Game, cards: tuple[Card, ...]) -> int:
    from omaha_audit.engine.evaluate.games import showing_key

    return showing_key(game, cards)


def _up(hole: tuple[Card, ...]) -> tuple[Card, ...]:
    """A stud hand's up cards: the third to the sixth card."""
    return hole[2:6]


def _worst(game: Game, hole: tuple[Card, ...], count: int) -> tuple[Card, ...]:
    """The cards a player throws: the highest ranks in the lowball games (pairs first), the lowest in
    five-card draw."""
    if count == 0:
        return ()
    ranks = [card.rank for card in hole]

    def badness(card: Card) -> tuple[int, int]:
        paired = ranks.count(card.rank) > 1
        if game is Game.FIVE_CARD_DRAW:
            return (0 if paired else 1, -card.rank)
        low_rank = 1 if card.rank == 14 and game in (Game.BADUGI, Game.TRIPLE_DRAW_A_5) else card.rank
        return (1 if paired else 0, low_rank)

    return tuple(sorted(hole, key=badness, reverse=True)[:count])
