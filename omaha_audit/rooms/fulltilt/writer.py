"""Full Tilt Poker's own text (its client of 2006-2014, ROOMS.md section 12), written from the generator's
record: the same play and faults as the PokerStars writer, in line shapes the corpus's Full Tilt hands print
(`FullTiltPoker/`), a few (named) the Full Tilt reader takes from fpdb's:

- header `Full Tilt Poker Game #N: Table T (6 max) - $1/$2 - Pot Limit Omaha Hi - 9:00:00 ET - 2026/01/05`
  (`heads up` at two seats, no option past six, as its full tables print none); tournaments `$5 + $0.50 Sit &
  Go (T), Table 3 - 30/60 Ante 5 - No Limit Hold'em - ...` (no level); games `Hold'em`, `Omaha Hi`, `Omaha H/L`,
  `5 Card Omaha Hi`, `6 Card Omaha Hi`, `Courchevel Hi`, `Stud Hi`, `Razz`, `2-7 Triple Draw`, `A-5 Triple
  Draw` (`A5-3-Draw-Limit-USD-0.05-0.10-201104.Sample.txt`), `Badugi`, `5 Card Draw`, `2-7 Single Draw` (the
  corpus deals it No Limit, the generator at fixed limit); `5 Card Omaha H/L`, `6 Card Omaha H/L`, `Courchevel
  H/L` and `Stud H/L` are the reader's words (fpdb's): no corpus hand deals those games;
- amounts `$2`, `$4,108.50`, chips `4,950`; `X antes $0.50`, `posts the small blind of $0.05`, `, and is all
  in`, then `The button is in seat #N`; a returning player's `posts a dead small blind of $0.05` and `posts
  $0.10`, a new player's `posts $0.10` (fpdb's shapes);
- `raises to $0.30` (the street total), `calls`/`bets` the chips added; stud `is low with [3c]` (razz `is high
  with`), `brings in for $1`, `completes it to $3`; no `Betting is capped` line;
- street lines with the running pot `(Total Pot: $1.80, 2 Players, 1 All-In)` (the form of 2012-2013); stud
  `*** 3RD STREET ***` to `*** 7TH STREET ***`, the hero's cards `[Td Jd] [As]`; draws `*** FIRST DRAW ***`
  (single draw `*** DRAW ***`): every discard (`discards 2 cards`, the hero's `[Ah Ts]`, `stands pat`, the
  hero's `stands pat on [..]`), then every deal (`is dealt 2 cards`, the hero's `Dealt to X [kept] [new]`);
- `Uncalled bet of $3.14 returned to X`; without a showdown `X mucks`, `X wins the pot ($5.70)`; showdown
  `X shows [cards] a flush, Ace high` (hi/lo `..., for high and 8,7,6,2,A, for low`, lowball `7,6,4,3,2`,
  badugi `a 3-Card: 7, 2, A`), `X mucks`, awards `wins the pot ($4.72) with ...`, `ties for the pot`, `wins the
  high pot`, `the low pot`, `the main pot`, `the side pot`, past one side pot the reader's `side pot #2`;
- summary `Total pot $9.92 | Rake $0.49` (gross; `Main pot ... Side pot ...`), `Board: [..]`, seats `didn't
  bet (folded)`, `folded before the Flop`, `folded on 3rd St.`, `folded before the Draw (didn't bet)`,
  `folded after the 2nd Draw`, `collected ($1), mucked`, `mucked [..] - words`, `showed [..] and won ($4.71)
  with HI: ...; LO: ...`, `is sitting out`.

Run it twice (RUNS_TWICE): Full Tilt's run-it-twice lines are known for one pot (`wins pot 2`), not for the side
pots the generator's run-twice hands may hold, so its hands are dealt with one board.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from omaha_audit.engine.evaluate.games import word_value
from omaha_audit.generate import stud_draw_value
from omaha_audit.generate.record import (
    Act,
    BoardLine,
    Dealt,
    DrawLine,
    HandRecord,
    Line,
    Player,
    Post,
    PreFlopCard,
    Settlement,
    StreetMark,
    StudCards,
    Text,
    Uncalled,
)
from omaha_audit.generate.showdown import evaluate
from omaha_audit.generate.text import cards_text, grouped
from omaha_audit.model import Game, Street, Structure, Unit
from omaha_audit.model.hand_value import describe_hi_lo, describe_key, describe_low
from omaha_audit.rooms.fulltilt.words import describe, describe_stud_draw

HAND_SEPARATOR: Final = "\n\n\n"
RUNS_TWICE: Final = False
# Table sessions (generate --sessions) are shown, dealt as the room's preset moves the button (a dead one).
SESSIONS: Final = True
CANNOT_SHOW: Final = frozenset(
    {
        "run_twice_split_wrong",  # no hand is run twice (the module docstring)
        # a tournament's header names no level (`$10 Heads-Up Sit & Go (243560420), Table 1 - 30/60 - ...`):
        # a level that goes down between two hands of a table (OA707) is not in the text
        "level_goes_down",
    }
)
# The games' words, as the header prints them after the limit (the module docstring).
_GAMES: Final = {
    Game.HOLDEM: "Hold'em", Game.OMAHA: "Omaha Hi", Game.OMAHA_HI_LO: "Omaha H/L", Game.OMAHA5: "5 Card Omaha Hi",
    Game.OMAHA5_HI_LO: "5 Card Omaha H/L", Game.OMAHA6: "6 Card Omaha Hi", Game.OMAHA6_HI_LO: "6 Card Omaha H/L",
    Game.COURCHEVEL: "Courchevel Hi", Game.COURCHEVEL_HI_LO: "Courchevel H/L", Game.STUD: "Stud Hi",
    Game.STUD_HI_LO: "Stud H/L", Game.RAZZ: "Razz", Game.TRIPLE_DRAW_2_7: "2-7 Triple Draw",
    Game.SINGLE_DRAW_2_7: "2-7 Single Draw", Game.BADUGI: "Badugi", Game.FIVE_CARD_DRAW: "5 Card Draw",
    Game.TRIPLE_DRAW_A_5: "A-5 Triple Draw",
}  # fmt: skip
# the stud and draw games this writer writes: every one the generator deals
STUD_DRAW: Final = tuple(game for game in _GAMES if not game.is_flop_game)
_LIMITS: Final = {Structure.POT_LIMIT: "Pot Limit", Structure.NO_LIMIT: "No Limit", Structure.FIXED_LIMIT: "Limit"}
_STUD: Final = frozenset({Game.STUD, Game.STUD_HI_LO, Game.RAZZ})
_SINGLE_DRAW: Final = frozenset({Game.SINGLE_DRAW_2_7, Game.FIVE_CARD_DRAW})
_STUD_MARKS: Final = {
    Street.THIRD: "3RD", Street.FOURTH: "4TH", Street.FIFTH: "5TH", Street.SIXTH: "6TH", Street.SEVENTH: "7TH"
}  # fmt: skip
_DRAW_MARKS: Final = {Street.DRAW1: "FIRST ", Street.DRAW2: "SECOND ", Street.DRAW3: "THIRD "}
_DRAW_FOLDS: Final = {Street.DRAW1: "1st", Street.DRAW2: "2nd", Street.DRAW3: "3rd"}
_BOARD: Final = {Street.FLOP: "FLOP", Street.TURN: "TURN", Street.RIVER: "RIVER"}


def money(unit: Unit, amount: int, grouping: str = ",") -> str:
    """Full Tilt's amounts: `$0.50`, `$2`, `$4,108.50`; chips `4,950`."""
    sign = "-" if amount < 0 else ""
    symbol = "$" if unit.currency == "USD" else ""
    whole, fraction = divmod(abs(amount), 10**unit.decimals)
    tail = f".{fraction:0{unit.decimals}d}" if fraction else ""
    return f"{sign}{symbol}{grouped(whole, grouping)}{tail}"


class _Writer:
    """One hand's text, with what Full Tilt's lines need: each player's street total (raises to), the running
    pot, who is still in and who is all in."""

    def __init__(self, rec: HandRecord, settlement: Settlement) -> None:
        if rec.run_twice:
            raise ValueError(f"hand {rec.hand_id}: Full Tilt text is written with one board (RUNS_TWICE)")
        self.rec, self.settlement = rec, settlement
        self.stud = rec.game in _STUD
        self.lines: list[str] = []
        self.bets: dict[str, int] = {}
        self.pot = 0
        self.folded: set[str] = set()
        self.all_in: set[str] = set()
        self.ups: dict[str, tuple[str, ...]] = {}
        self.completing = False
        self.pending: list[DrawLine | StudCards] = []
        self.shown: set[str] = set()
        self.words = _Words(rec, settlement)

    def money(self, amount: int) -> str:
        return money(self.rec.unit, amount)

    # ---- the hand -----------------------------------------------------------------------------------
    def write(self) -> str:
        rec = self.rec
        self.lines = [self.header()]
        for player in rec.seats:
            status = ", is sitting out" if player.sitting_out else ""
            self.lines.append(f"Seat {player.seat}: {player.name} ({self.money(player.stack)}){status}")
        button_due = bool(rec.button)
        for line in rec.body:
            if button_due and not isinstance(line, Post):
                self.lines.append(f"The button is in seat #{rec.button}")
                button_due = False
            if isinstance(line, (DrawLine, StudCards)) and not self.stud:
                self.pending.append(line)
                continue
            self.flush_draw()
            self.body_line(line)
        self.flush_draw()
        self.showdown()
        self.summary()
        return "\n".join(self.lines) + HAND_SEPARATOR

    def header(self) -> str:
        rec = self.rec
        low, high = rec.stakes.header_pair(rec.structure)
        ante = rec.stakes.ante
        if rec.tournament_id is not None:
            stakes = f"{money(rec.unit, low, '')}/{money(rec.unit, high, '')}"
            stakes += f" Ante {money(rec.unit, ante, '')}" if ante else ""
            name = _tournament_name(rec.buy_in or "")
            table = f"{name} ({rec.tournament_id}), Table {rec.table.rsplit(' ', 1)[-1]}"
        else:
            stakes = f"{self.money(low)}/{self.money(high)}" + (f" Ante {self.money(ante)}" if ante else "")
            seats = "heads up" if rec.max_seats == 2 else f"{rec.max_seats} max" if rec.max_seats <= 6 else ""
            table = f"Table {rec.table}" + (f" ({seats})" if seats else "")
        game = f"{_LIMITS[rec.structure]} {_GAMES[rec.game]}"
        day, _, time = rec.started.partition(" ")
        return f"Full Tilt Poker Game #{rec.hand_id}: {table} - {stakes} - {game} - {time} ET - {day}"

    def running_pot(self) -> str:
        live = [player for player in self.rec.dealt if player.name not in self.folded]
        all_in = sum(1 for player in live if player.name in self.all_in)
        counts = f"{len(live)} Players" + (f", {all_in} All-In" if all_in else "")
        return f"(Total Pot: {self.money(self.pot)}, {counts})"

    def new_street(self) -> None:
        self.bets = {}

    def body_line(self, line: Line) -> None:
        out = self.lines
        if isinstance(line, Post):
            self.post(line)
        elif isinstance(line, Act):
            self.act(line)
        elif isinstance(line, BoardLine):
            self.new_street()
            cards = line.new if self.rec.game.is_courchevel and line.street is Street.FLOP else line.old + line.new
            if line.old and line.street is not Street.FLOP:
                out.append(f"*** {_BOARD[line.street]} *** [{cards_text(line.old)}] [{cards_text(line.new)}]")
            else:
                out.append(f"*** {_BOARD[line.street]} *** [{cards_text(cards)}]")
            out[-1] += f" {self.running_pot()}"
        elif isinstance(line, PreFlopCard):
            out.append(f"*** FLOPET *** [{line.card}] {self.running_pot()}")
        elif isinstance(line, Uncalled):
            self.pot -= line.amount
            self.bets[line.player] = self.bets.get(line.player, 0) - line.amount
            out.append(f"Uncalled bet of {self.money(line.amount)} returned to {line.player}")
        elif isinstance(line, Dealt):
            out.append(f"Dealt to {line.player} [{cards_text(line.cards)}]")
        elif isinstance(line, StreetMark):
            self.street_mark(line.street)
        elif isinstance(line, StudCards):
            self.stud_cards(line)
        elif isinstance(line, Text):
            if line.text != "Betting is capped":  # (Full Tilt prints no such line)
                out.append(line.text)
        else:
            raise TypeError(f"unknown line {line!r}")

    def street_mark(self, street: Street) -> None:
        if street is Street.PREFLOP:  # (after the blinds: the street's bets so far are theirs)
            self.lines.append("*** HOLE CARDS ***")
            return
        self.new_street()
        if street in _STUD_MARKS or street is Street.SEVENTH:
            self.lines.append(f"*** {_STUD_MARKS.get(street, '7TH')} STREET *** {self.running_pot()}")
        else:
            which = "" if self.rec.game in _SINGLE_DRAW else _DRAW_MARKS[street]
            self.lines.append(f"*** {which}DRAW *** {self.running_pot()}")

    def stud_cards(self, line: StudCards) -> None:
        old, new = line.old, line.new
        if not old and len(new) >= 3:  # the hero's third street: two down, then the up card
            old, new = new[:2], new[2:]
        self.ups[line.player] = tuple(str(card) for card in new)
        if old:
            self.lines.append(f"Dealt to {line.player} [{cards_text(old)}] [{cards_text(new)}]")
        else:
            self.lines.append(f"Dealt to {line.player} [{cards_text(new)}]")

    def flush_draw(self) -> None:
        """A draw's lines as Full Tilt orders them: every discard, then every deal."""
        if not self.pending:
            return
        pending, self.pending = self.pending, []
        hero_cards = {line.player: line for line in pending if isinstance(line, StudCards)}
        draws = [line for line in pending if isinstance(line, DrawLine)]
        for draw in draws:
            if draw.count:
                shown = f" [{cards_text(draw.cards)}]" if draw.cards else ""
                self.lines.append(f"{draw.player} discards {draw.count} card{'s' if draw.count > 1 else ''}{shown}")
            elif draw.player in hero_cards:
                self.lines.append(f"{draw.player} stands pat on [{cards_text(hero_cards[draw.player].old)}]")
            else:
                self.lines.append(f"{draw.player} stands pat")
        for draw in draws:
            dealt = hero_cards.get(draw.player)
            if not draw.count:
                continue
            if dealt is not None:
                self.lines.append(f"Dealt to {draw.player} [{cards_text(dealt.old)}] [{cards_text(dealt.new)}]")
            else:
                self.lines.append(f"{draw.player} is dealt {draw.count} card{'s' if draw.count > 1 else ''}")

    def post(self, line: Post) -> None:
        suffix = ", and is all in" if line.all_in else ""
        if line.all_in:
            self.all_in.add(line.player)
        amount = self.money(line.amount)
        self.pot += line.amount
        own = self.bets.get(line.player, 0)
        if line.what == "the ante":
            self.lines.append(f"{line.player} antes {amount}{suffix}")
        elif line.what == "small & big blinds":  # the small blind dead, the big blind live
            big = self.rec.stakes.big_blind
            self.bets[line.player] = own + big
            dead = self.money(line.amount - big)
            self.lines.append(f"{line.player} posts a dead small blind of {dead}")
            self.lines.append(f"{line.player} posts {self.money(big)}{suffix}")
        else:
            self.bets[line.player] = own + line.amount
            big_blind = "big blind" in self.rec.player(line.player).positions
            if line.what == "small blind" or (big_blind and own == 0):
                self.lines.append(f"{line.player} posts the {line.what} of {amount}{suffix}")
            else:  # a new player's big blind
                self.lines.append(f"{line.player} posts {amount}{suffix}")

    def act(self, line: Act) -> None:
        name = line.player
        suffix = ", and is all in" if line.all_in else ""
        if line.all_in:
            self.all_in.add(name)
        if line.verb in ("folds", "checks"):
            if line.verb == "folds":
                self.folded.add(name)
            self.lines.append(f"{name} {line.verb}")
            return
        own = self.bets.get(name, 0)
        if line.verb == "brings in":
            self.bets[name] = own + line.amount
            self.pot += line.amount
            self.completing = line.amount < self.rec.stakes.small_bet
            word = "high" if self.rec.game is Game.RAZZ else "low"
            up = self.ups.get(name, ())
            if up:
                self.lines.append(f"{name} is {word} with [{up[-1]}]")
            self.lines.append(f"{name} brings in for {self.money(line.amount)}{suffix}")
            return
        if line.verb == "raises":
            self.pot += line.to - own
            self.bets[name] = line.to
            if self.completing and line.street is Street.THIRD:
                self.completing = False
                self.lines.append(f"{name} completes it to {self.money(line.to)}{suffix}")
            else:
                self.lines.append(f"{name} raises to {self.money(line.to)}{suffix}")
            return
        if line.verb == "bets" and line.street is Street.THIRD:
            self.completing = False
        self.bets[name] = own + line.amount
        self.pot += line.amount
        self.lines.append(f"{name} {line.verb} {self.money(line.amount)}{suffix}")

    # ---- the showdown and the awards ------------------------------------------------------------------
    def showdown(self) -> None:
        settlement = self.settlement
        if not settlement.showdowns:
            for share in settlement.uncontested:
                self.lines.append(f"{share.player} mucks")
                self.lines.append(f"{share.player} wins the pot ({self.money(share.amount)})")
            return
        self.lines.append("*** SHOW DOWN ***")
        count = settlement.pot_count
        for section in settlement.showdowns[0].sections:
            for reveal in section.reveals:
                if not reveal.shows:
                    self.lines.append(f"{reveal.player} mucks")
                    continue
                self.shown.add(reveal.player)
                hole = cards_text(self.rec.player(reveal.player).hole)
                said = self.words.shows(reveal.player)
                self.lines.append(f"{reveal.player} shows [{hole}]" + (f" {said}" if said else ""))
            halves: dict[str, int] = {}
            for share in section.shares:
                halves[share.half] = halves.get(share.half, 0) + 1
            for share in section.shares:
                verb = "ties for" if halves[share.half] > 1 else "wins"
                half = "" if share.half == "whole" else f"{share.half} "
                place = "pot" if count == 1 else "main pot" if share.pot == 0 else "side pot"
                place += f" #{share.pot}" if count > 2 and share.pot else ""
                said = self.words.award(share.player, share.half) if share.player in self.shown else None
                with_words = f" with {said}" if said else ""
                award = f"{share.player} {verb} the {half}{place} ({self.money(share.amount)}){with_words}"
                self.lines.append(award)

    # ---- the summary --------------------------------------------------------------------------------
    def summary(self) -> None:
        rec, settlement = self.rec, self.settlement
        self.lines.append("*** SUMMARY ***")
        pots = ""
        if settlement.pot_count > 1:
            pots = f" Main pot {self.money(settlement.pots_net[0])}."
            for index, amount in enumerate(settlement.pots_net[1:], start=1):
                label = "Side pot" if settlement.pot_count == 2 else f"Side pot-{index}"
                pots += f" {label} {self.money(amount)}."
        self.lines.append(f"Total pot {self.money(settlement.total)}{pots} | Rake {self.money(settlement.rake)}")
        if rec.game.is_flop_game and rec.boards and rec.boards[0] and rec.flop_dealt:
            self.lines.append(f"Board: [{cards_text(rec.boards[0])}]")
        won: dict[str, int] = {}
        for share in settlement.shares():
            won[share.player] = won.get(share.player, 0) + share.amount
        for player in rec.seats:
            if player.sitting_out:
                self.lines.append(f"Seat {player.seat}: {player.name} is sitting out")
                continue
            tags = "".join(f" ({position})" for position in player.positions)
            self.lines.append(f"Seat {player.seat}: {player.name}{tags} {self.outcome(player, won)}")

    def outcome(self, player: Player, won: dict[str, int]) -> str:
        settlement = self.settlement
        if player.folded:
            return self.fold_words(player)
        if not settlement.showdowns:
            return f"collected ({self.money(won.get(player.name, 0))}), mucked"
        hole = cards_text(player.hole)
        said = self.words.summary(player.name)
        if player.name in settlement.mucked:
            return f"mucked [{hole}]" + (f" - {said}" if said else "")
        words = f" with {said}" if said else ""
        amount = won.get(player.name, 0)
        return (
            f"showed [{hole}] and won ({self.money(amount)}){words}" if amount else f"showed [{hole}] and lost{words}"
        )

    def fold_words(self, player: Player) -> str:
        if self.stud:
            return f"folded on {_STUD_MARKS[player.fold_street or Street.SEVENTH].lower()} St."
        street = player.fold_street or Street.PREFLOP
        if street is Street.PREFLOP:
            if self.rec.game.is_flop_game:
                return "folded before the Flop" if player.posted_or_bet else "didn't bet (folded)"
            return "folded before the Draw" + ("" if player.posted_or_bet else " (didn't bet)")
        if street in _DRAW_FOLDS:
            which = "" if self.rec.game in _SINGLE_DRAW else f"{_DRAW_FOLDS[street]} "
            return f"folded after the {which}Draw"
        return f"folded on the {street.value.capitalize()}"


def _tournament_name(buy_in: str) -> str:
    """The generator's buy-in (`$5.00+$0.50 USD`) as Full Tilt names a tournament: `$5 + $0.50 Sit & Go`."""
    parts = [part.removesuffix(".00") for part in buy_in.removesuffix(" USD").split("+") if part]
    return f"{' + '.join(parts)} Sit & Go" if parts else "Sit & Go"


class _Words:
    """Full Tilt's words for each hand shown or mucked at the showdown: right, or (the fault
    `wrong_hand_description`, where the settlement's words differ from the right ones) another hand of the
    same kind, one or two ranks off."""

    def __init__(self, rec: HandRecord, settlement: Settlement) -> None:
        self.rec = rec
        self.found: dict[str, tuple[str, str, str | None]] = {}  # name -> (shows words, high words, low words)
        names = [*settlement.shown, *settlement.mucked]
        for name in names:
            try:
                self.found[name] = self.of(name, settlement.summary_descriptions.get((name, 0)))
            except ValueError:  # a card dealt twice (a fault): no words
                continue

    def of(self, name: str, said: str | None) -> tuple[str, str, str | None]:
        rec = self.rec
        hole = rec.player(name).hole
        game = rec.game
        if not game.is_flop_game:
            value, low = word_value(game, hole)
            wrong = said is not None and said != stud_draw_value.words(game, hole)
            if wrong:
                value = _moved(value, 12 if game is Game.BADUGI else 16, lambda key: describe_stud_draw(game, key, low))
            shows = describe_stud_draw(game, value, low)
            if game is Game.STUD_HI_LO:
                return shows, describe(value), None if low is None else describe_low(low)
            return shows, shows, None
        high, low_hand = evaluate(game, hole, list(rec.boards[0]))
        key, low = high.key, None if low_hand is None else low_hand.ranks
        right = describe_hi_lo(key, low) if game.is_hi_lo else describe_key(key)
        if said is not None and said != right:
            key = _moved(key, 16, describe, shift_all=True)
        text = describe(key)
        if not game.is_hi_lo:
            return text, text, None
        low_text = None if low is None else describe_low(low)
        shows = f"{text}, for high" + (f" and {low_text}, for low" if low_text else "")
        return shows, text, low_text

    def shows(self, name: str) -> str | None:
        found = self.found.get(name)
        return found[0] if found else None

    def award(self, name: str, half: str) -> str | None:
        found = self.found.get(name)
        if found is None:
            return None
        return found[2] if half == "low" else found[1]

    def summary(self, name: str) -> str | None:
        found = self.found.get(name)
        if found is None:
            return None
        if not (self.rec.game.is_hi_lo and (self.rec.game.is_flop_game or self.rec.game is Game.STUD_HI_LO)):
            return found[0]
        return f"HI: {found[1]}" + (f"; LO: {found[2]}" if found[2] else "")


def _moved(key: int, top: int, words: Callable[[int], str], shift_all: bool = False) -> int:
    """`key` with its top rank (`shift_all`: every rank) moved one or two up or down, to words that differ."""
    right = words(key)
    for delta in (-1, 1, -2, 2):
        shifts = (16, 12, 8, 4, 0) if shift_all else (top,)
        moved = key
        for shift in shifts:
            rank = (key >> shift) & 15
            if rank == 0 and shift_all:
                continue
            if not 1 <= rank + delta <= 14:
                break
            moved += delta << shift
        else:
            if words(moved) != right:
                return moved
    return key


def write_hand(rec: HandRecord, variants: frozenset[str] = frozenset()) -> str:
    """The hand's text, ending with the blank lines that separate it from the next hand."""
    settlement = rec.settlement
    if settlement is None:
        raise ValueError(f"hand {rec.hand_id} was not settled")
    return _Writer(rec, settlement).write()


__all__ = ["CANNOT_SHOW", "RUNS_TWICE", "SESSIONS", "STUD_DRAW", "money", "write_hand"]
