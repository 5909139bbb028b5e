"""One table of a session: its players from hand to hand, what happens between two hands (players sitting
out and coming back, leaving, sitting down, topping up, busting), and the next hand set up from that state
for the generator's dealer (play.py).

Between two hands the session proposes a `Gap` (what the players want); `prepare` turns it into the next
hand's placement (seating.py), dealing it with fewer changes when a wish cannot be granted (a player who
would come in between the button and the small blind waits). `commit` then makes the hand: the record,
the posts and the cards, and `settle` carries every stack over to the next hand exactly: the start, less
what the player put in, plus the uncalled bet returned and what they collected.

Cash tables keep their blinds; a tournament table's level rises with the clock, busted players leave, and
players too short for the next hand's blinds and ante are moved on. Stud tables have no button and no
blinds (session_stud.py). Continuity faults (faults_table.py) change a prepared hand before it is committed.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from random import Random

from omaha_audit.generate.config import FIXED_LIMIT_LEVELS, PLAYER_NAMES, TOURNAMENT_LEVELS, Stakes
from omaha_audit.generate.deal import deal_cards, draw_hands
from omaha_audit.generate.policy import random_style
from omaha_audit.generate.record import HandRecord, Player
from omaha_audit.generate.seating import (
    SMALL,
    Placement,
    Previous,
    Wish,
    clockwise_from,
    first_placement,
    next_previous,
    note_missed,
    place,
)
from omaha_audit.generate.session_stud import STUD_LEVELS, stud_level_stakes, stud_placement, stud_wish
from omaha_audit.generate.table import Scenario, Table
from omaha_audit.model import Game, Structure, Unit

BOTH = "small & big blinds"
EXTRA = "extra"  # a big blind posted out of position (printed `posts big blind`)


@dataclass(slots=True)
class Sitter:
    """A player in a seat: on (plays), out (sits out), back (wants to come back), new (sat down, not yet
    dealt in at this table)."""

    name: str
    chips: int
    state: str = "on"
    out_for: int = 0  # hands still to sit out


@dataclass(slots=True)
class Gap:
    """What happens between the hand before and the next: seats that sit out (for how many hands), leave
    by choice or must leave, new players, one stack changed (a top-up or re-buy), and what each player
    coming in posts (None: waits for the big blind)."""

    sit_out: dict[int, int] = field(default_factory=dict)
    leave: set[int] = field(default_factory=set)
    forced: set[int] = field(default_factory=set)
    new: dict[int, Sitter] = field(default_factory=dict)
    stack: tuple[int, int] | None = None  # (seat, chips at the start of the next hand)
    top_up: bool = False  # the stack change is a top-up or re-buy (not a fault's)
    posts: dict[int, str | None] = field(default_factory=dict)
    free: set[int] = field(default_factory=set)  # dealt in at once whatever they owe (a dealer's error)
    hold: bool = False  # nobody comes back or in this hand

    def calmer(self, level: int) -> Gap:
        """The same gap with fewer wishes: 1, nobody comes in; 2, nobody sits out or leaves by choice
        either."""
        if level == 1:
            return replace(self, new={}, hold=True)
        return replace(self, new={}, hold=True, sit_out={}, leave=set())


@dataclass(slots=True)
class Prepared:
    """The next hand, decided but not dealt: its gap, each seat's wish, the placement and the stakes."""

    gap: Gap
    wishes: dict[int, Wish]
    placed: Placement
    stakes: Stakes
    level: int  # tournament level index (0 at cash tables)
    duplicate: bool = False  # write the hand twice, the second time with one thing changed (OA706)
    tags: set[str] = field(default_factory=set)


@dataclass(slots=True)
class Rules:
    """How the room deals a session: its tables' button mode and whether a returning player owes the
    small blind missed (faults_table.session_rooms: the writers' SESSIONS)."""

    mode: str
    small_owed: bool


class TableSession:
    """One table from its first hand to its last."""

    def __init__(
        self,
        *,
        name: str,
        max_seats: int,
        cap: int,
        game: Game,
        structure: Structure,
        unit: Unit,
        rules: Rules,
        seats: dict[int, Sitter],
        hero: str,
        hands_left: int,
        cash_stakes: Stakes | None,
        tournament_id: str | None = None,
        buy_in: str | None = None,
        level_start: int = 0,
        level_seconds: int = 600,
        opened: datetime | None = None,
    ) -> None:
        self.name = name
        self.max_seats = max_seats
        self.cap = cap  # players seated at most (the deck and the run's --players)
        self.game = game
        self.stud = game.is_stud  # no button, no blinds (session_stud.py)
        self.structure = structure
        self.unit = unit
        self.rules = rules
        self.seats = seats
        self.hero = hero
        self.hands_left = hands_left
        self.cash_stakes = cash_stakes
        self.tournament_id = tournament_id
        self.buy_in = buy_in
        self.level_start = level_start
        self.level_seconds = level_seconds
        self.opened = opened or datetime(2026, 1, 1)
        self.prev: Previous | None = None
        self.owed: dict[str, set[str]] = {}  # player -> the blinds missed (RULES.md BL-5)
        self.played: set[str] = set()  # players dealt in at this table so far
        self.names = {sitter.name for sitter in seats.values()}  # everyone who ever sat here
        self.last_level = -1
        self.last_won: dict[str, int] = {}
        self.last_faulty = False
        self.want_sit_out = False  # a fault waits for a player who missed blinds
        self.want_seat = False  # a fault waits for an empty seat
        self.next_time = self.opened
        self.closed = ""  # why the table closed

    @property
    def cash(self) -> bool:
        return self.tournament_id is None

    # ---- the stakes ---------------------------------------------------------------------------------
    def level_at(self, moment: datetime) -> int:
        levels = self._levels()
        elapsed = int((moment - self.opened).total_seconds())
        return min(len(levels) - 1, self.level_start + elapsed // self.level_seconds)

    def _levels(self) -> tuple[tuple[object, ...], ...]:
        if self.stud:
            return STUD_LEVELS
        return FIXED_LIMIT_LEVELS if self.structure is Structure.FIXED_LIMIT else TOURNAMENT_LEVELS

    def stakes_at(self, level: int) -> Stakes:
        if self.cash_stakes is not None:
            return self.cash_stakes
        if self.stud:
            return stud_level_stakes(level)
        if self.structure is Structure.FIXED_LIMIT:
            name, small_bet, big_bet, ante = FIXED_LIMIT_LEVELS[level]
            return Stakes(small_bet // 2, small_bet, ante, small_bet, big_bet, name)
        name, small_blind, big_blind, ante = TOURNAMENT_LEVELS[level]
        return Stakes(small_blind, big_blind, ante, level=name)

    @staticmethod
    def floor(stakes: Stakes) -> int:
        """The fewest chips a player starts a hand with: nobody is all-in from the forced bets."""
        return 2 * stakes.big_blind + stakes.ante + 1

    def buy_in_chips(self, rng: Random, stakes: Stakes) -> int:
        """A cash buy-in, or a tournament stack for a player moved in."""
        if not self.cash:
            chips = int(rng.uniform(25, 120) * stakes.big_blind)
            return max(self.floor(stakes), chips - chips % 5)
        if self.structure is Structure.FIXED_LIMIT:
            return max(self.floor(stakes), int(rng.uniform(8, 100) * stakes.big_bet))
        big = stakes.big_blind
        chips = int(rng.uniform(40, 150) * big)
        if rng.random() < 0.5:
            chips -= chips % max(1, big // 2)
        return max(self.floor(stakes), chips)

    # ---- between two hands ----------------------------------------------------------------------------
    def propose(self, rng: Random, stakes: Stakes) -> Gap:
        """What the players want before the next hand (sessions only: the first hand has no gap)."""
        gap = Gap()
        floor = self.floor(stakes)
        short = sorted(
            (seat for seat, sitter in self.seats.items() if sitter.chips < floor),
            key=lambda seat: (self.seats[seat].name != self.hero, seat),  # the history's owner first
        )
        if self.cash:
            for seat in short:  # one re-buy at most (two changed stacks would read as a gap in the history)
                hero = self.seats[seat].name == self.hero
                if gap.stack is None and (hero or rng.random() < 0.6):
                    gap.stack, gap.top_up = (seat, self.buy_in_chips(rng, stakes)), True
                else:
                    gap.forced.add(seat)
        else:
            gap.forced.update(short)
        for seat, sitter in sorted(self.seats.items()):
            rebuys = gap.stack is not None and gap.stack[0] == seat
            if seat in gap.forced or rebuys or sitter.name == self.hero or not self.cash or sitter.state != "on":
                continue
            roll = rng.random()
            if roll < 0.01:
                gap.sit_out[seat] = rng.randint(1, 14)
            elif self.want_sit_out and not gap.sit_out and roll < 0.25:
                gap.sit_out[seat] = rng.randint(4, 12)  # (long enough for the big blind to pass the seat)
            elif roll < 0.016 or (self.want_seat and not gap.leave and roll < 0.1):
                gap.leave.add(seat)
        if self.cash and gap.stack is None and rng.random() < 0.03:
            low = [
                s
                for s, p in sorted(self.seats.items())
                if p.chips < 60 * stakes.big_blind and s not in gap.forced | gap.leave
            ]
            if low:
                seat = rng.choice(low)
                gap.stack, gap.top_up = (seat, max(self.seats[seat].chips + 1, self.buy_in_chips(rng, stakes))), True
        staying = len(self.seats) - len(gap.leave) - len(gap.forced)
        empty = [seat for seat in range(1, self.max_seats + 1) if seat not in self.seats]
        chance = (0.2 if self.cash else 0.1) if staying <= 3 else (0.07 if self.cash else 0.03)
        if empty and staying < self.cap and rng.random() < chance:
            seat = rng.choice(empty)
            gap.new[seat] = Sitter(self.fresh_name(rng), self.buy_in_chips(rng, stakes), "new")
        for seat, sitter in sorted(self.seats.items()):
            if sitter.state in ("back", "new") and seat not in gap.forced:
                gap.posts[seat] = self.entry_post(sitter, rng)
        for seat, sitter in gap.new.items():
            gap.posts[seat] = self.entry_post(sitter, rng)
        return gap

    def entry_post(self, sitter: Sitter, rng: Random) -> str | None:
        """What a player coming in posts to be dealt in at once (None: waits for the big blind)."""
        debt = self.owed.get(sitter.name, set())
        if rng.random() < 0.5:
            return None
        if SMALL in debt and self.rules.small_owed:
            return BOTH
        return EXTRA

    def fresh_name(self, rng: Random) -> str:
        while True:
            name = rng.choice(PLAYER_NAMES)
            if name not in self.names and name != self.hero:
                self.names.add(name)
                return name

    def sitters(self, gap: Gap) -> dict[int, Sitter]:
        """The seats as the next hand lists them."""
        seats = {seat: sitter for seat, sitter in self.seats.items() if seat not in gap.leave | gap.forced}
        seats.update(gap.new)
        return seats

    def wishes(self, gap: Gap) -> dict[int, Wish]:
        wishes: dict[int, Wish] = {}
        for seat, sitter in self.sitters(gap).items():
            if self.stud:
                wishes[seat] = stud_wish(sitter.state, seat in gap.sit_out, gap.hold)
            elif seat in gap.free:
                wishes[seat] = Wish("free")
            elif seat in gap.sit_out:
                wishes[seat] = Wish("out")
            elif sitter.state == "on":
                wishes[seat] = Wish("on")
            elif gap.hold:
                wishes[seat] = Wish("out")
            elif sitter.state == "new":
                wishes[seat] = Wish("enter", gap.posts.get(seat)) if self.cash else Wish("free")
            elif sitter.state == "out" or seat not in gap.posts:
                wishes[seat] = Wish("out")
            elif not self.owed.get(sitter.name):
                wishes[seat] = Wish("free")  # back, owing nothing
            else:
                wishes[seat] = Wish("enter", gap.posts[seat])
        return wishes

    def prepare(self, rng: Random, moment: datetime, calm: bool = False) -> Prepared | None:
        """The next hand, as correct as a dealer deals it; None when the table cannot go on (it closes).
        `calm`: nobody comes, goes or sits out by choice (the hand after a dealer's error: what follows from
        the error is judged on its own)."""
        level = self.level_at(moment) if not self.cash else 0
        stakes = self.stakes_at(level)
        if self.prev is None:
            seats = sorted(s for s, p in self.seats.items() if p.state == "on")
            wishes = {seat: Wish("on") if seat in seats else Wish("out") for seat in self.seats}
            first = stud_placement(wishes) if self.stud else first_placement(seats, rng.randrange(len(seats)))
            assert first is not None
            return Prepared(Gap(), wishes, first, stakes, level)
        gap = self.propose(rng, stakes)
        hero_seat = next(seat for seat, sitter in self.seats.items() if sitter.name == self.hero)
        if hero_seat in gap.forced:
            self.closed = "the history's owner is out"
            return None
        for fewer in (2,) if calm else (0, 1, 2):
            tried = gap if fewer == 0 else gap.calmer(fewer)
            wishes = self.wishes(tried)
            found = stud_placement(wishes) if self.stud else place(self.rules.mode, self.prev, wishes)
            if found is not None:
                return Prepared(tried, wishes, found, stakes, level)
        self.closed = "too few players"
        return None

    def replace_plan(self, prepared: Prepared, gap: Gap | None = None, button: int | None = None) -> Prepared | None:
        """`prepared` placed again after a change to its gap or with the button forced (faults)."""
        assert self.prev is not None
        gap = gap if gap is not None else prepared.gap
        wishes = self.wishes(gap)
        placed = stud_placement(wishes) if self.stud else place(self.rules.mode, self.prev, wishes, button)
        if placed is None:
            return None
        return Prepared(gap, wishes, placed, prepared.stakes, prepared.level, prepared.duplicate, set(prepared.tags))

    # ---- the hand -----------------------------------------------------------------------------------
    def commit(self, prepared: Prepared, hand_id: str, started: str, rng: Random) -> Table:
        """Apply the gap to the table and set the hand up for the dealer."""
        gap, placed, stakes = prepared.gap, prepared.placed, prepared.stakes
        tags = prepared.tags
        for seat in gap.leave | gap.forced:
            del self.seats[seat]
            tags.add("player-left" if seat in gap.leave else ("busted" if not self.cash else "left-short"))
        for seat, sitter in gap.new.items():
            self.seats[seat] = sitter
            tags.add("new-player" if self.cash else "moved-in")
        if gap.stack is not None:
            seat, chips = gap.stack
            self.seats[seat].chips = chips
            if gap.top_up:
                tags.add("top-up")
        if gap.sit_out:
            self.want_sit_out = False
        if gap.leave:
            self.want_seat = False
        for seat, hands in gap.sit_out.items():
            self.seats[seat].state, self.seats[seat].out_for = "out", hands
            tags.add("sits-out")
        players = []
        for seat, sitter in sorted(self.seats.items()):
            player = Player(seat, sitter.name, sitter.chips, sitting_out=seat not in placed.dealt)
            player.chips = player.stack
            player.muck_if_beaten = rng.random() < 0.8
            players.append(player)
        by_seat = {player.seat: player for player in players}
        rec = HandRecord(
            hand_id=hand_id,
            game=self.game,
            structure=self.structure,
            stakes=stakes,
            unit=self.unit,
            started=started,
            table=self.name,
            max_seats=self.max_seats,
            button=placed.button,  # (0 at a stud table: no button)
            seats=players,
            hero=self.hero,
            tournament_id=self.tournament_id,
            buy_in=self.buy_in,
        )
        dealt = [by_seat[seat] for seat in placed.dealt]
        posts: list[tuple[Player, str, int]] = []
        if stakes.ante:
            posts += [(player, "the ante", stakes.ante) for player in dealt]
        small = by_seat[placed.small] if placed.small is not None else None
        big = by_seat[placed.big]  # (stud: a stand-in, replaced by the bring-in)
        if small is not None:
            posts.append((small, "small blind", stakes.small_blind))
        if not self.stud:
            posts.append((big, "big blind", stakes.big_blind))
        for seat in clockwise_from(placed.big, list(placed.extras)):
            what = placed.extras[seat]
            amount = stakes.small_blind + stakes.big_blind if what == BOTH else stakes.big_blind
            posts.append((by_seat[seat], what, amount))
            tags.add("missed-blinds" if what == BOTH else "extra-big-blind")
        self._tag(prepared, dealt)
        names = [player.name for player in dealt]
        hero = names.index(self.hero) if self.hero in names else None
        if self.game.is_draw or self.stud:  # (generate/stud_draw.py: each hand's cards from one deck)
            holes, runout, deck = draw_hands(rng, self.game, len(dealt))
        else:
            seats = tuple(player.seat for player in dealt)
            button = seats.index(placed.button) if placed.button in seats else None
            holes, runout, deck = deal_cards(rng, self.game, len(dealt), hero=hero, seats=seats, button=button)
        for player, hole in zip(dealt, holes, strict=True):
            player.hole = hole
        return Table(rec, posts, small, big, runout, deck, random_style(rng), 0.35, Scenario())

    def _tag(self, prepared: Prepared, dealt: list[Player]) -> None:
        placed, tags = prepared.placed, prepared.tags
        tags.add("session")
        if self.prev is None:
            return
        if not self.stud:  # (a stud table has no button and no blinds)
            if placed.button not in self.seats:
                tags.add("button-on-empty-seat")
            elif placed.button not in placed.dealt:
                tags.add("button-on-sitting-out-seat")
            if placed.small is None:
                tags.add("dead-small-blind")
        if len(dealt) == 2 and len(self.prev.dealt) > 2:
            tags.add("to-heads-up")
        if len(dealt) > 2 and len(self.prev.dealt) == 2:
            tags.add("from-heads-up")
        for seat in placed.dealt:
            sitter = self.seats[seat]
            if sitter.state in ("back", "out"):
                tags.add("returned-posting" if seat in placed.extras else "returned")
            elif sitter.state == "new":
                entry = "dealt-in" if self.stud else "posted" if seat in placed.extras else "in-big-blind"
                tags.add(f"new-player-{entry}")
        if not self.cash and prepared.level > self.last_level >= 0:
            tags.add("level-up")

    def settle(self, rec: HandRecord, prepared: Prepared) -> None:
        """Carry every stack over to the next hand and remember what the next hand is placed from."""
        settlement = rec.settlement
        assert settlement is not None
        won: dict[str, int] = {}
        for share in settlement.shares():
            won[share.player] = won.get(share.player, 0) + share.amount
        listed = {seat: sitter.name for seat, sitter in self.seats.items()}
        for player in rec.seats:
            sitter = self.seats[player.seat]
            if not player.sitting_out:
                sitter.chips = player.chips + won.get(player.name, 0)
                sitter.state = "on"
            elif sitter.state == "out":
                sitter.out_for -= 1
                if sitter.out_for <= 0:
                    sitter.state = "back"
        placed = prepared.placed
        if self.prev is not None and self.cash and not self.stud:
            note_missed(self.owed, self.played, self.prev.big, placed, listed)
        self.played.update(listed[seat] for seat in placed.dealt)
        self.prev = next_previous(placed, self.prev, listed)
        self.last_level = prepared.level
        self.last_won = won
        self.hands_left -= 1
