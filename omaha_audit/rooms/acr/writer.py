"""Americas Cardroom's text (the Winning Poker Network's format of 2019 on, ROOMS.md section 7), written from
the generator's record: the same play and faults as the PokerStars writer, in ACR's conventions.

What ACR prints otherwise than PokerStars:

- header `Hand #<id> - Omaha H/L(No Limit) - $3.00/$6.00 - 2021/04/16 19:14:14 UTC`; tournaments
  `Game Hand #<id> - Tournament #<tid> - Holdem(No Limit) - Level 3 (25.00/50.00)- <date> UTC`; game words
  `Holdem`, `Omaha`, `Omaha H/L`, `5Card Omaha`, `5Card Omaha H/L` (ACR deals no 6-card Omaha and no
  Courchevel: `6Card Omaha` and `Courchevel` here are the writer's own, read by the ACR reader);
- a table line without the `Table` word (`Gaby IV 6-max Seat #3 is the button`; tournaments `Table '17'`);
- every amount with two decimals, `$` at cash tables (`$0.50`, tournament chips `1500.00`), no name colon;
- posts `posts the small blind $0.25`, `posts ante 25.00`, `posts dead $0.75` (a returning player's small and
  big blind), `posts $0.50` (a new player's big blind);
- `raises $X to $Y` with X the chips the raise adds, Y the street total;
- a running `Main pot $X | Rake $Y` line after every street and after `*** SHOW DOWN ***`, where it gives
  each pot (`Side pot(1) ...`) net of the rake: those last lines are the hand's pots;
- run it twice: `*** RUN IT TWICE ***`, then each board's streets and its own showdown (`*** FLOP 1 ***`,
  `*** SHOW DOWN 1 ***`, `collected $x from main pot 1`), then the second board's;
- shown hands in ACR's words with the best five cards (`(HI - a straight, Five high [5d 4s 3h 2h As] | LO -
  [5,4,3,2,1])`, rooms/acr/words.py), `mucks hand`; no `Betting is capped` line;
- a winner without a showdown `does not show`, with no collected line: the win is on the summary line
  (`did not show and won $x`); in a walk no `Uncalled bet` line either: the big blind's unmatched chips stay
  in the total and the win (a dealer who kept part of them pays that much less);
- summary: `Total pot $x | Rake $y`, net of the rake (the `| Rake` part left out when none was taken; the
  generator's rake has no jackpot share, so no `| JP Fee`), `Board [..]` (run twice: `Board 1 [..]` and a
  full set of seat lines, then `Board 2 [..]` and another), seat lines `folded on the Pre-Flop[ and did not
  bet]`, `mucked [..]`, `showed [..] and won $x with <words> [best five]`, `... and lost with ...`, where a
  hi/lo pot with a qualifying low gives the high half only (as ACR prints it);
- one blank line between hands.
"""

from __future__ import annotations

from typing import Final

from omaha_audit.generate.record import (
    Act,
    BoardLine,
    Dealt,
    HandRecord,
    Line,
    Player,
    Post,
    PreFlopCard,
    RunShowdown,
    Settlement,
    Share,
    StreetMark,
    StudCards,
    Text,
    Uncalled,
)
from omaha_audit.generate.showdown import evaluate
from omaha_audit.generate.text import STREET_WORD, cards_text, grouped
from omaha_audit.generate.writers import HEADER, NUMBERS, Variant, variants
from omaha_audit.model import Game, Street, Structure, Unit
from omaha_audit.rooms.acr.words import ACR_WORDS

# The fault kinds ACR's text cannot show:
CANNOT_SHOW: Final = frozenset(
    {
        # ACR's words are not reliable enough to be evidence (rooms/acr/words.py): the format's words() is
        # None, so OA507 does not read ACR's descriptions and a wrong one goes unseen.
        "wrong_hand_description",
    }
)

HAND_SEPARATOR: Final = "\n\n"
# Table sessions (generate --sessions) are shown, dealt as the room's preset moves the button.
SESSIONS: Final = True
VARIANTS: Final = variants(
    Variant("thousands", NUMBERS, "amounts grouped by thousands: `$1,142.13`, `30,000.00`"),
    Variant("cap", HEADER, "a capped table's name: `Miramar (Cap) 6-max Seat #3 is the button`", tournament=False),
    Variant(
        "gtd",
        HEADER,
        "a guaranteed tournament: `Game Hand #N - $5,000 GTD Tournament #T - Holdem(No Limit) - ...`",
        tournament=True,
    ),
    Variant("spaced", HEADER, "the limit after a space: `Hand #N - Omaha H/L (No Limit) - $3.00/$6.00 - ...`"),
)
_GAMES: Final = {
    Game.HOLDEM: "Holdem",
    Game.OMAHA: "Omaha",
    Game.OMAHA_HI_LO: "Omaha H/L",
    Game.OMAHA5: "5Card Omaha",
    Game.OMAHA5_HI_LO: "5Card Omaha H/L",
    Game.OMAHA6: "6Card Omaha",
    Game.OMAHA6_HI_LO: "6Card Omaha H/L",
    Game.COURCHEVEL: "Courchevel",
    Game.COURCHEVEL_HI_LO: "Courchevel H/L",
    Game.STUD: "7Stud",
    Game.STUD_HI_LO: "7Stud H/L",
}
# ACR deals stud and stud hi/lo (no razz and no draw games): the generator's other stud and draw hands are
# written in PokerStars text only. Stud streets as ACR marks them, and the words of a fold on them.
STUD_GAMES: Final = frozenset({Game.STUD, Game.STUD_HI_LO})
STUD_DRAW: Final = (Game.STUD, Game.STUD_HI_LO)  # the stud and draw games this writer writes
_STUD_MARKS: Final = {
    Street.THIRD: "3rd",
    Street.FOURTH: "4th",
    Street.FIFTH: "5th",
    Street.SIXTH: "6th",
    Street.SEVENTH: "7th",
}
_LIMITS: Final = {
    Structure.POT_LIMIT: "Pot Limit",
    Structure.NO_LIMIT: "No Limit",
    Structure.FIXED_LIMIT: "Fixed Limit",
}
_FOLDED: Final = {
    Street.PREFLOP: "Pre-Flop",
    Street.FLOP: "Flop",
    Street.TURN: "Turn",
    Street.RIVER: "River",
    **{street: f"{mark} Street" for street, mark in _STUD_MARKS.items()},
}
_ROMAN: Final = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}


def money(unit: Unit, amount: int, thousands: str = "") -> str:
    """ACR's money: always two decimals, `$` for dollars, no thousands separator (`$1142.13`, `30000.00`; with
    `thousands`, `$1,142.13`)."""
    sign = "-" if amount < 0 else ""
    amount = abs(amount)
    symbol = "$" if unit.currency == "USD" else ""
    if unit.decimals == 0:
        return f"{sign}{symbol}{grouped(amount, thousands)}.00"
    scale = 10**unit.decimals
    whole, fraction = divmod(amount, scale)
    return f"{sign}{symbol}{grouped(whole, thousands)}.{fraction * 100 // scale:02d}"


class _Writer:
    """One hand's text, line by line, with the street totals ACR's raise numbers need."""

    def __init__(self, rec: HandRecord, settlement: Settlement, variants: frozenset[str] = frozenset()) -> None:
        self.rec = rec
        self.settlement = settlement
        self.variants = variants
        self.thousands = "," if "thousands" in variants else ""
        self.unit = rec.unit
        self.lines: list[str] = []
        self.bets: dict[str, int] = {}  # street totals
        self.in_pot = 0  # chips in the pot so far (after returned bets)
        self.stud = rec.game in STUD_GAMES
        self.walk = not self.stud and _is_walk(rec, settlement)
        self.walk_extra = _walk_extra(rec) if self.walk else 0
        self.big_blind = next((p.name for p in rec.dealt if "big blind" in p.positions), "")
        self.words: dict[tuple[str, int], tuple[str, str]] = _words(rec, settlement)
        # (stud: no words are printed, so the summary gives the whole amount won, as for a hand without a low)
        self.low_boards = set() if self.stud else _low_boards(rec, settlement)

    def money(self, amount: int) -> str:
        return money(self.unit, amount, self.thousands)

    # ---- the hand -----------------------------------------------------------------------------------
    def write(self) -> str:
        rec = self.rec
        self.lines = [self.header(), self.table()]
        for player in rec.seats:
            status = " is sitting out" if player.sitting_out else ""
            self.lines.append(f"Seat {player.seat}: {player.name} ({self.money(player.stack)}){status}")
        shown = {showdown.run: showdown for showdown in self.settlement.showdowns}
        runs_started: set[int] = set()
        for line in rec.body:
            if isinstance(line, BoardLine) and line.run and line.run not in runs_started:
                if line.run == 1:
                    self.lines.append("*** RUN IT TWICE ***")
                elif 1 in shown:
                    self.showdown(shown.pop(1))
                runs_started.add(line.run)
            self.body_line(line)
        for run in sorted(shown):
            self.showdown(shown[run])
        if not self.settlement.showdowns:
            winners = dict.fromkeys(share.player for share in self.settlement.uncontested)
            self.lines.extend(f"{name} does not show" for name in winners)
        self.summary()
        return "\n".join(self.lines) + HAND_SEPARATOR

    def header(self) -> str:
        rec = self.rec
        low, high = rec.stakes.header_pair(rec.structure)
        space = " " if "spaced" in self.variants else ""
        game = f"{_GAMES[rec.game]}{space}({_LIMITS[rec.structure]})"
        started = _started(rec.started)
        if rec.tournament_id is not None:
            level = _level(rec.stakes.level)
            stakes = f"{self.money(low)}/{self.money(high)}"
            tournament = f"Tournament #{rec.tournament_id}"
            if "gtd" in self.variants:
                tournament = f"$5,000 GTD {tournament}"
            return f"Game Hand #{rec.hand_id} - {tournament} - {game} - Level {level} ({stakes})- {started}"
        return f"Hand #{rec.hand_id} - {game} - {self.money(low)}/{self.money(high)} - {started}"

    def table(self) -> str:
        rec = self.rec
        if self.stud:  # (no button)
            return f"{rec.table} {rec.max_seats}-max"
        if rec.tournament_id is not None:
            # the generator names a tournament table "<tournament> <number>": ACR prints the number
            return f"Table '{rec.table.rsplit(' ', 1)[-1]}' {rec.max_seats}-max Seat #{rec.button} is the button"
        name = f"{rec.table.split(' ')[0]} (Cap)" if "cap" in self.variants else rec.table
        return f"{name} {rec.max_seats}-max Seat #{rec.button} is the button"

    def body_line(self, line: Line) -> None:
        if isinstance(line, Post):
            self.post(line)
        elif isinstance(line, Act):
            self.act(line)
        elif isinstance(line, BoardLine):
            run = f" {line.run}" if line.run else ""
            marker = f"*** {STREET_WORD[line.street]}{run} ***"
            if line.old:
                self.lines.append(f"{marker} [{cards_text(line.old)}] [{cards_text(line.new)}]")
            else:
                self.lines.append(f"{marker} [{cards_text(line.new)}]")
            self.bets = {}
            self.running_pot(line.run)
        elif isinstance(line, Uncalled):
            self.in_pot -= line.amount
            if not self.walk:
                self.lines.append(f"Uncalled bet ({self.money(line.amount)}) returned to {line.player}")
        elif isinstance(line, Dealt):
            self.lines.append(f"Dealt to {line.player} [{cards_text(line.cards)}]")
        elif isinstance(line, StreetMark):
            self.lines.append(f"*** {_STUD_MARKS[line.street]} STREET ***")
            self.bets = {}
            self.running_pot(0)
        elif isinstance(line, StudCards):
            if line.old and line.new:
                self.lines.append(f"Dealt to {line.player} [{cards_text(line.old)}] [{cards_text(line.new)}]")
            else:
                self.lines.append(f"Dealt to {line.player} [{cards_text(line.old or line.new)}]")
        elif isinstance(line, PreFlopCard):
            self.lines.append(f"*** PRE-FLOP *** [{line.card}]")
        elif isinstance(line, Text):
            if line.text != "Betting is capped":
                self.lines.append(line.text)
        else:
            raise TypeError(f"unknown line {line!r}")

    def post(self, line: Post) -> None:
        suffix = " and is all-in" if line.all_in else ""
        amount = self.money(line.amount)
        own = self.bets.get(line.player, 0)
        self.in_pot += line.amount
        if line.what == "the ante":
            self.lines.append(f"{line.player} posts ante {amount}{suffix}")
            return
        if line.what == "small & big blinds":  # the small blind dead, the big blind live
            self.bets[line.player] = own + self.rec.stakes.big_blind
            self.lines.append(f"{line.player} posts dead {amount}{suffix}")
            return
        self.bets[line.player] = own + line.amount
        if line.what == "small blind":
            self.lines.append(f"{line.player} posts the small blind {amount}{suffix}")
        elif line.player == self.big_blind and own == 0:
            self.lines.append(f"{line.player} posts the big blind {amount}{suffix}")
        else:  # a new player's big blind
            self.lines.append(f"{line.player} posts {amount}{suffix}")

    def act(self, line: Act) -> None:
        suffix = " and is all-in" if line.all_in else ""
        name = line.player
        if line.verb in ("folds", "checks"):
            self.lines.append(f"{name} {line.verb}")
            return
        own = self.bets.get(name, 0)
        if line.verb == "raises":
            added = line.to - own
            self.bets[name] = line.to
            self.in_pot += added
            self.lines.append(f"{name} raises {self.money(added)} to {self.money(line.to)}{suffix}")
            return
        self.bets[name] = own + line.amount
        self.in_pot += line.amount
        self.lines.append(f"{name} {line.verb} {self.money(line.amount)}{suffix}")

    def running_pot(self, run: int) -> None:
        """`Main pot $X | Rake $Y` after a street: the pot so far, less its share of the rake."""
        settlement = self.settlement
        rake = settlement.rake * self.in_pot // settlement.total if settlement.total else 0
        amount = self.in_pot - rake
        if run:  # each board's half
            amount, rake = amount - amount // 2, rake - rake // 2
        self.lines.append(self.pot_line(0, run, amount, rake))

    def pot_line(self, pot: int, run: int, amount: int, rake: int) -> str:
        board = f" {run}" if run else ""
        name = "Main pot" if pot == 0 else f"Side pot({pot})"
        fee = f" | Rake {self.money(rake)}" if self.rec.tournament_id is None else ""
        return f"{name}{board} {self.money(amount)}{fee}"

    def showdown(self, showdown: RunShowdown) -> None:
        run = showdown.run
        self.lines.append(f"*** SHOW DOWN{f' {run}' if run else ''} ***")
        for pot, amount in enumerate(_pots_of_run(self.settlement, run)):
            self.lines.append(self.pot_line(pot, run, amount, self.settlement.rake if pot == 0 and run < 2 else 0))
        shares: list[Share] = []
        for section in showdown.sections:
            for reveal in section.reveals:
                player = self.rec.player(reveal.player)
                if not reveal.shows:
                    self.lines.append(f"{reveal.player} mucks hand")
                    continue
                said = self.words.get((reveal.player, run))
                described = f" ({said[0]} {said[1]})" if said is not None else ""
                self.lines.append(f"{reveal.player} shows [{cards_text(player.hole)}]{described}")
            shares.extend(section.shares)
        merged: dict[tuple[int, str], int] = {}
        for share in shares:
            merged[(share.pot, share.player)] = merged.get((share.pot, share.player), 0) + share.amount
        board = f" {run}" if run else ""
        for (pot, name), amount in sorted(merged.items(), key=lambda item: item[0][0]):
            if amount:
                where = "main pot" if pot == 0 else f"side pot-{pot}"
                self.lines.append(f"{name} collected {self.money(amount)} from {where}{board}")

    # ---- the summary --------------------------------------------------------------------------------
    def summary(self) -> None:
        rec, settlement = self.rec, self.settlement
        self.lines.append("*** SUMMARY ***")
        total = settlement.total - settlement.rake + self.walk_extra
        rake = f" | Rake {self.money(settlement.rake)}" if settlement.rake else ""
        self.lines.append(f"Total pot {self.money(total)}{rake}")
        if rec.run_twice:
            for run in (1, 2):
                self.lines.append(f"Board {run} [{cards_text(rec.boards[run - 1])}]")
                self.seat_lines(run)
            return
        if rec.boards and rec.boards[0] and rec.flop_dealt:
            self.lines.append(f"Board [{cards_text(rec.boards[0])}]")
        self.seat_lines(0)

    def seat_lines(self, run: int) -> None:
        for player in self.rec.dealt:
            tags = "".join(f" ({position})" for position in player.positions)
            self.lines.append(f"Seat {player.seat}: {player.name}{tags} {self.outcome(player, run)}")

    def outcome(self, player: Player, run: int) -> str:
        settlement = self.settlement
        if player.folded:
            street = player.fold_street or Street.RIVER
            first = Street.THIRD if self.stud else Street.PREFLOP
            did_not_bet = street is first and not player.posted_or_bet and "button" not in player.positions
            return f"folded on the {_FOLDED[street]}" + (" and did not bet" if did_not_bet else "")
        if not settlement.showdowns:
            won = sum(share.amount for share in settlement.uncontested if share.player == player.name)
            return f"did not show and won {self.money(won + self.walk_extra)}"
        if player.name in settlement.mucked:
            return f"mucked [{cards_text(settlement.mucked[player.name])}]"
        halves = ("high", "whole") if run in self.low_boards else ("high", "whole", "low")
        won = sum(
            share.amount
            for share in settlement.shares()
            if share.player == player.name and share.run == run and share.half in halves
        )
        said = self.words.get((player.name, run))
        words = f" with {said[0]} {said[1]}" if said is not None else ""
        hole = cards_text(player.hole)
        return f"showed [{hole}] and won {self.money(won)}{words}" if won else f"showed [{hole}] and lost{words}"


def write_hand(rec: HandRecord, variants: frozenset[str] = frozenset()) -> str:
    """The hand's text, ending with the blank line that separates it from the next hand."""
    settlement = rec.settlement
    if settlement is None:
        raise ValueError(f"hand {rec.hand_id} was not settled")
    return _Writer(rec, settlement, variants).write()


def _started(text: str) -> str:
    """`2026/01/05 9:00:00` as ACR writes it: `2026/01/05 09:00:00 UTC`."""
    day, _, time = text.partition(" ")
    hour, _, rest = time.partition(":")
    return f"{day} {int(hour):02d}:{rest} UTC"


def _level(roman: str | None) -> int:
    values = [_ROMAN[char] for char in roman or "I"]
    total = 0
    for index, value in enumerate(values):
        total += -value if index + 1 < len(values) and values[index + 1] > value else value
    return total


def _is_walk(rec: HandRecord, settlement: Settlement) -> bool:
    """Everybody folded to the big blind: no call, bet or raise, no showdown."""
    return not settlement.showdowns and not any(
        isinstance(line, Act) and line.verb in ("calls", "bets", "raises") for line in rec.body
    )


def _walk_extra(rec: HandRecord) -> int:
    """In a walk ACR leaves the big blind's unmatched chips in the pot and the win: what the record returned,
    less what a faulty dealer kept of the excess (so the text shows the chips kept as missing)."""
    live: dict[str, int] = {}
    for line in rec.body:
        if isinstance(line, Post) and line.what != "the ante":
            live[line.player] = live.get(line.player, 0) + (
                rec.stakes.big_blind if line.what == "small & big blinds" else line.amount
            )
    top = [*sorted(live.values(), reverse=True), 0, 0]
    excess = top[0] - top[1]
    returned = sum(line.amount for line in rec.body if isinstance(line, Uncalled))
    return returned - (excess - returned)


def _pots_of_run(settlement: Settlement, run: int) -> list[int]:
    """Each pot's amount on this board, net of the rake (what the showdown's pot lines print)."""
    count = max(settlement.pot_count, 1)
    nets = list(settlement.pots_net) if settlement.pot_count > 1 else [settlement.total - settlement.rake]
    if not run:
        return nets[:count]
    amounts = []
    for pot in range(count):
        found = [result.amount for result in settlement.results if result.run == run and result.pot == pot]
        if found:
            amounts.append(found[0])
        else:  # (no result recorded for this pot: its halves, the odd chip on the first board)
            amounts.append(nets[pot] - nets[pot] // 2 if run == 1 else nets[pot] // 2)
    return amounts


def _words(rec: HandRecord, settlement: Settlement) -> dict[tuple[str, int], tuple[str, str]]:
    """(player, run) -> (ACR's words, `[best five]`) for every hand shown, the words decided per showdown."""
    found: dict[tuple[str, int], tuple[str, str]] = {}
    if not rec.game.is_flop_game:  # (ACR's stud words are not known: the shown cards alone)
        return found
    for showdown in settlement.showdowns:
        run = showdown.run
        board = rec.boards[max(run, 1) - 1]
        shown = [reveal.player for section in showdown.sections for reveal in section.reveals if reveal.shows]
        values = []
        for name in shown:
            try:
                values.append((name, *evaluate(rec.game, rec.player(name).hole, list(board))))
            except ValueError:  # a card dealt twice (a fault): no words for that hand
                continue
        if not values:
            continue
        lows = [low.ranks if low is not None else None for _, _, low in values] if rec.game.is_hi_lo else None
        texts = ACR_WORDS.showdown([high.key for _, high, _ in values], lows)
        for (name, high, _), text in zip(values, texts, strict=True):
            found[(name, run)] = (text, f"[{cards_text(high.cards)}]")
    return found


def _low_boards(rec: HandRecord, settlement: Settlement) -> set[int]:
    """The runs whose pots a qualifying low split (the summary then prints the high half)."""
    if not rec.game.is_hi_lo:
        return set()
    return {result.run for result in settlement.results if result.low_winners}


__all__ = ["CANNOT_SHOW", "STUD_DRAW", "VARIANTS", "money", "write_hand"]
