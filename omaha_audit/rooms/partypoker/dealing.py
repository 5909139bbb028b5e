"""PartyPoker's "Dealing" text of 2010-2016 (ROOMS.md 4, dialect A), and hands converted into it by
hand-history tools (`(Poker Stars)`, `(WPN)`, `(PokerBros)` after the banner, or a conversion from Enet with
an eight-digit hand number): read as what the text is.

What the text means, and how the builder gives it to the model:

- the game line's amount is the table's maximum buy-in at most cash tables (`$4 USD PL Omaha`): the blinds
  are then the ones posted; where it prints the blinds (`$0.05/$0.10 USD NL`) or, in fixed limit, the bets
  (`$20/$40 USD FL`, and `$15/$30 USD Texas Hold'em` with no limit word), those are the stakes;
- tournament hands print no blind posts (fpdb: "party doesn't track blinds for tournaments"): the level's
  blinds (`Blinds(20/40)`; in fixed limit `Stakes(200/400)` is the bets, and the blinds half a small bet and
  one) are posted by the first two seats after the button (heads-up, the button posts the small one), as
  the hands' own pots show (`0Player0 wins 6,100 chips` = two all-ins of 3,000, a call of 40 and the blinds
  of 20 and 40). An event says so; where the hand prints its posts (a converted tournament), they are read.
  The seats that post them are the ones dealt in, that is named by a line of the hand: a player moved in
  from another table and seated between the button and the blinds waits (`BigBacardi`, seated on seat 7
  after the button on 6, plays nothing, and seats 8 and 10 post: `pipite calls [140]` to 180 from his 40).
  A blind is what the player has left after his ante (`conelciber`, 760 less 50: a big blind of 710, all in);
- the antes are printed (`posts ante [50]`, under `Blinds-Antes(600/1,200 -50)`); a post of a player's last
  chips is all in (Party prints no mark on a post: `Lei_CZ posts ante [40]` from a stack of 40). The level
  after the seats is the hand's: it may be one above the header's (the level went up as the hand started);
- a tournament player who is away is folded at once: his fold stands before the others' actions, ahead of
  his turn; it is read at his turn (absent.py);
- every number is the chips the line adds (`raises [$25 USD]` from the $5 small blind reaches $30); `is
  all-In  [$19 USD]` is a bet, a call or a raise by what it brings the player to; `posts big blind + dead
  [$3]` at $1/$2 is the live big blind and the dead small blind together;
- `shows [..]words.` shows a hand, `doesn't show [..]words.` reveals a loser's cards (the player conceded:
  read as mucked, with the cards), `does not show cards.` is a winner's hand left hidden. The words are the
  old client's own (`two pairs, Aces and Threes`, `a pair of Queens with Jack kicker`): not read as
  descriptions (the format's words are the balance-summary text's, words.py);
- `wins $x USD [from the main pot | from the side pot N] [with ...]` is an award, `wins Lo ($x USD)` the low
  half; the uncalled bet is inside the award, or its own side pot (builder.py takes it out); the "Mac
  format" writes two awards on one line (`...Aces and Queens.Player4 wins $27,36 USD from the main pot ...`)
  and decimal commas (`$2,21 USD`). No total pot and no rake are printed: the audit checks what the pot kept.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from omaha_audit.model import (
    ActionKind,
    Collected,
    DealtCards,
    Defect,
    Event,
    Half,
    Hand,
    PotBasis,
    PotSummary,
    ShowdownKind,
    ShowdownLine,
    Stakes,
    Street,
    StreetDeal,
    Structure,
    Tournament,
    Unit,
)
from omaha_audit.model.numbers import whole_number
from omaha_audit.parse.lexer import LineToken
from omaha_audit.parse.split import Block
from omaha_audit.rooms.partypoker.absent import folds_in_turn
from omaha_audit.rooms.partypoker.builder import PartyBuilder
from omaha_audit.rooms.partypoker.header import GAMES, LIMITS, STUD_GAMES

VERBS: Final = {
    "folds": ActionKind.FOLD,
    "checks": ActionKind.CHECK,
    "calls": ActionKind.CALL,
    "bets": ActionKind.BET,
    "raises": ActionKind.RAISE,
    "completes": ActionKind.RAISE,
    "double bets": ActionKind.BET,
}
POSTS: Final = {
    "small blind": ActionKind.POST_SMALL_BLIND,
    "big blind": ActionKind.POST_BIG_BLIND,
    "big blind + dead": ActionKind.POST_SMALL_AND_BIG_BLIND,
    "button blind": ActionKind.POST_BUTTON_BLIND,
    "ante": ActionKind.POST_ANTE,
    "ante of": ActionKind.POST_ANTE,
}
STREETS: Final = {"Flop": Street.FLOP, "Turn": Street.TURN, "River": Street.RIVER}
STUD_STREETS: Final = {"Fourth": Street.FOURTH, "Fifth": Street.FIFTH, "Sixth": Street.SIXTH}
_SMALL: Final = ActionKind.POST_SMALL_BLIND
_BIG: Final = ActionKind.POST_BIG_BLIND
_DEALT_IN: Final = frozenset({"ACTION", "POST", "DEALT", "SHOWS", "SHOWS_LOW", "NO_SHOW", "WINS", "OPENS"})
_Reader = Callable[[str | None, int], int]
_IMPLIED: Final = "Party prints no blinds in tournaments: seat {seat} ({name}) posts the {what} of {amount} ({why})"
_ALL_IN_BEFORE: Final = (
    "Party prints no blinds in tournaments: seat {seat} ({name}) owes the {what}: all in from the ante"
)


class DealingBuilder(PartyBuilder):
    """Turns the tokens of one hand of the "Dealing" text into a Hand."""

    def __init__(
        self,
        block: Block,
        tokens: list[LineToken],
        ignored: list[LineToken],
        defects: list[Defect],
        truncated: bool,
        decimals: int | None,
    ) -> None:
        super().__init__(block, tokens, ignored, defects, truncated)
        self.decimals = decimals
        self.blinds_from_posts = False  # the game line printed the maximum buy-in, not the blinds
        self.level: tuple[int, int] | None = None  # a tournament level's small and big blind
        self.level_line = 0
        self.result_started = False
        self.last_line = tokens[-1][1]

    def build(self) -> Hand:
        converted = self.tokens[0][3]["converted"]
        if converted:  # `***** Hand History for Game 1111111111 ***** (Poker Stars)`: a converter's work
            note = f"a {converted} hand converted into Party's text by a hand-history tool: read as Party's text"
            self.events.append(Event("converted", note, Street.BLINDS, self.src(self.tokens[0][1])))
        self.read_lines(self.tokens[1:])
        self.after_reading()
        return self.finish()

    def read_line(self, kind: str, line: int, text: str, m: re.Match[str]) -> None:
        if kind == "ACTION":
            self.action_line(m, line, text)
        elif kind == "SEAT":
            self.add_seat(whole_number(m["seat"]), m["name"], self.amount(m["stack"], line), self.src(line))
        elif kind == "POST":
            self.post_line(m, line)
        elif kind == "WINS":
            self.wins_line(m, line, text)
        elif kind == "SHOWS" or kind == "NO_SHOW":
            self.shows_line(kind, m, line, text)
        elif kind == "STREET":
            self.street_line(m, line, text)
        elif kind == "DEALT":
            cards = self.cards(m["cards"], line, text)
            self.dealt.append(DealtCards(self.player(m["name"]), cards, self.src(line)))
        elif kind == "HOLE_CARDS":
            self.implied_blinds(line)
            self.street = Street.PREFLOP
        elif kind == "STUD_DEAL":
            self.street = Street.THIRD
        elif kind == "STUD_STREET":
            self.new_street(STUD_STREETS[m["street"]])
        elif kind == "STUD_RIVER":
            self.new_street(Street.SEVENTH)
        elif kind == "GAME_CASH":
            self.cash_game(m)
        elif kind == "GAME_TOURNEY":
            self.tournament_game(m, line)
        elif kind == "TABLE":
            self.table = m["table"] or ""
            if m["money"] == "Play":
                self.unit = Unit("play", self.unit.decimals)
        elif kind == "BUTTON":
            self.button = whole_number(m["button"]) or None  # (stud prints `Seat 0 is the button`)
        elif kind == "PLAYERS":
            self.max_seats = whole_number(m["max_seats"]) if m["max_seats"] else None
        elif kind == "TRNY":
            self.level_of(m["tournament_id"], m["level"], line)
        elif kind == "LEVEL_BLINDS":
            self.level_blinds(m["small"], m["big"], m["ante"], line)
        elif kind == "SHOWS_LOW":
            self.events.append(Event("shows-low", text, Street.SHOWDOWN, self.src(line), self.player(m["name"])))
        elif kind == "NO_LOW":
            self.no_low.append(0)
        elif kind == "OPENS":
            self.events.append(Event("opens", text, self.street, self.src(line), self.player(m["name"])))

    # ---- the game line ------------------------------------------------------------------------------
    def cash_game(self, m: re.Match[str]) -> None:
        self.unit = Unit(m["iso"], 2 if self.decimals is None else self.decimals)
        self.game_text = m["game"]
        self.game = GAMES[m["game"]]
        limit = m["limit"]
        self.structure = LIMITS[limit] if limit else Structure.FIXED_LIMIT
        if self.game in STUD_GAMES:
            self.structure = Structure.FIXED_LIMIT
        self.started_local = m["started"]
        self.kind = "zoom" if m["speed"] else "hand"  # fastforward (and SPOTPOKER, as fpdb reads it): fast fold
        line = self.tokens[1][1]
        if m["high"] is None:
            self.blinds_from_posts = True
        elif self.structure is Structure.FIXED_LIMIT:
            small, big = self.header_amount(m["low"], line), self.header_amount(m["high"], line)
            self.stakes = Stakes(None, None, small_bet=small, big_bet=big)
        else:
            self.stakes = Stakes(self.header_amount(m["low"], line), self.header_amount(m["high"], line))
        self.nominal_big_blind = self.stakes.big_blind or self.stakes.small_bet or 0

    def tournament_game(self, m: re.Match[str], line: int) -> None:
        self.unit = Unit("chips", self.decimals or 0)
        self.game_text = m["game"]
        self.game = GAMES[m["game"]]
        limit = m["limit"]
        self.structure = LIMITS[limit] if limit else Structure.FIXED_LIMIT
        if self.game in STUD_GAMES:
            self.structure = Structure.FIXED_LIMIT
        self.started_local = m["started"]
        buy_in = m["buy_in"] or ""
        if m["fee"]:  # `$10 USD Buy-in + $1 Entry Fee`
            buy_in = f"{buy_in} + {m['fee']}"
        self.tournament = Tournament(m["tournament_id"] or "", buy_in, m["level"])
        if m["what"]:
            self.level_blinds(m["small"], m["big"], m["ante"], line, self.header_amount)

    def level_of(self, tournament_id: str, level: str, line: int) -> None:
        """`Trny: 54322040 Level: 3` after the seats: the level the hand is dealt at. It is the header's,
        unless the level went up as the hand started (`Level:16` in the header, `Level:17` here): then this
        one, noted as an event."""
        known = self.tournament
        if known is None:
            return
        if known.level and known.level != level:
            note = f"the level went up as the hand started: level {known.level} in the header, {level} here"
            self.events.append(Event("level-changed", note, Street.BLINDS, self.src(line)))
        self.tournament = Tournament(known.tournament_id or tournament_id, known.buy_in, level)

    def level_blinds(
        self, small_text: str, big_text: str, ante_text: str | None, line: int, read: _Reader | None = None
    ) -> None:
        """A level's blinds (and ante), from the header or from the line after the seats (which the hand is
        dealt at, should they differ: `Blinds-Antes(6,000/12,000 -200)` in the header of a hand that posts
        antes of 400 and wins 27,200 = 8 x 400 + 8,000 + 16,000 under `Blinds-Antes(8,000/16,000 -400)`).
        `read`: how its amounts are read (the header's: a hand is not read without them)."""
        amount = read or self.amount
        small, big = amount(small_text, line), amount(big_text, line)
        ante = amount(ante_text, line) if ante_text else None
        if self.structure is Structure.FIXED_LIMIT:
            self.stakes = Stakes(None, None, small_bet=small, big_bet=big, ante=ante)
            self.level = (small // 2, small)
        else:
            self.stakes = Stakes(small, big, ante=ante)
            self.level = (small, big)
        self.level_line = line
        self.nominal_big_blind = self.level[1]

    # ---- posts and actions --------------------------------------------------------------------------
    def post_line(self, m: re.Match[str], line: int) -> None:
        kind = POSTS[m["what"]]
        paid = self.amount(m["amount"], line)
        if kind is _BIG and not self.nominal_big_blind:
            self.nominal_big_blind = paid
        name = self.player(m["name"])
        self.posted(kind, name, paid, line, 0 < self.left(name) <= paid)

    def left(self, name: str) -> int:
        """The chips a seated player has not put in yet (0 for a name with no seat): Party prints no all-in
        mark on a post, so a post of them all (`Lei_CZ posts ante [40]` from a stack of 40) is all in."""
        stack = next((seat.stack for seat in self.seats if seat.player == name), 0)
        return stack - self.put_in().get(name, 0)

    def implied_blinds(self, deal_line: int) -> None:
        """A tournament hand's blinds, which Party does not print (module docstring)."""
        if self.level is None or self.button is None or any(a.kind in (_SMALL, _BIG) for a in self.actions):
            return
        stacks = self.put_in()
        named = self.named()
        seats = sorted((s for s in self.seats if s.stack > 0 and s.player in named), key=lambda seat: seat.seat)
        if len(seats) < 2:
            return
        after = [seat for seat in seats if seat.seat > self.button] + [
            seat for seat in seats if seat.seat <= self.button
        ]
        no_small = any(kind == "NO_SMALL_BLIND" for kind, *_ in self.ignored)
        if no_small:
            posts = [(after[0], "big blind", _BIG, self.level[1])]
        elif len(seats) == 2:
            button = next((seat for seat in seats if seat.seat == self.button), after[-1])
            other = after[0] if after[0] is not button else after[1]
            posts = [(button, "small blind", _SMALL, self.level[0]), (other, "big blind", _BIG, self.level[1])]
        else:
            posts = [(after[0], "small blind", _SMALL, self.level[0]), (after[1], "big blind", _BIG, self.level[1])]
        line = self.level_line or self.tokens[1][1]
        for seat, what, kind, blind in posts:
            left = seat.stack - stacks.get(seat.player, 0)
            paid = min(blind, left)
            why = "heads-up, the button" if len(seats) == 2 and what == "small blind" else "from the button"
            note = _IMPLIED.format(seat=seat.seat, name=seat.player, what=what, amount=self.unit.format(paid), why=why)
            if paid:
                self.posted(kind, seat.player, paid, line, paid == left, deal_line)
            else:  # (`BigBacardi posts ante [10]` from a stack of 10: all in before his blind)
                note = _ALL_IN_BEFORE.format(seat=seat.seat, name=seat.player, what=what)
            self.events.append(Event("blind-not-printed", note, Street.BLINDS, self.src(line), seat.player))

    def named(self) -> set[str]:
        """The players the hand's lines name (posts, actions, shown cards, awards): the ones dealt in. A
        player seated but named nowhere was not (`BigBacardi has joined the table.` in the hand before,
        seated between the button and the blinds, waits for the big blind), and posts no blind."""
        return {self.player(m["name"]) for kind, _, _, m in self.tokens if kind in _DEALT_IN}

    def action_line(self, m: re.Match[str], line: int, text: str) -> None:
        name = self.player(m["name"])
        verb = m["verb"]
        chips = self.amount(m["amount"], line)
        if verb == "bring-ins":
            self.posted(ActionKind.BRING_IN, name, chips, line)
            return
        if verb == "is all-In":
            own = self.street_bets.get(name, 0)
            if self.high == 0:
                kind = ActionKind.BET
            elif own + chips <= self.high:
                kind = ActionKind.CALL
            else:
                kind = ActionKind.RAISE
            self.action(kind, name, chips, None, line, True)
            return
        kind = VERBS[verb]
        if kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.CALL) and not m["amount"]:
            self.defects.append(Defect(line, text, f"`{verb}` without an amount"))
        self.action(kind, name, chips, None, line)

    def street_line(self, m: re.Match[str], line: int, text: str) -> None:
        street = STREETS[m["street"]]
        self.new_street(street)
        new = self.cards(m["cards"], line, text)
        before = self.streets[-1].cards if self.streets and street is not Street.FLOP else ()
        self.streets.append(StreetDeal(street, 0, before + new, new, self.src(line), False, line))

    # ---- showdown and awards ------------------------------------------------------------------------
    def shows_line(self, kind: str, m: re.Match[str], line: int, text: str) -> None:
        self.street = Street.SHOWDOWN
        name = self.player(m["name"])
        if kind == "NO_SHOW":
            self.showdown.append(ShowdownLine(name, ShowdownKind.DOESNT_SHOW, (), None, 0, self.src(line), line))
            return
        cards = self.cards(m["cards"], line, text)
        shown = ShowdownKind.SHOWS if m["verb"] == "shows" else ShowdownKind.MUCKS
        self.showdown.append(ShowdownLine(name, shown, cards, None, 0, self.src(line), line))

    def wins_line(self, m: re.Match[str], line: int, text: str) -> None:
        self.street = Street.SHOWDOWN
        name = m["name"]
        awards: list[Collected] = []  # (all the line's amounts read before any award is kept)
        for who, part in self.awards_of(text, name):
            # (each award read as the line was, with the line's name in the award's player's place: the
            # lexer may have fixed the line's pattern to that name, for a name that holds ` wins `)
            found = m.re.fullmatch(name + part[len(who) :])
            if found is None:
                self.defects.append(Defect(line, text, f"unreadable award: {part!r}"))
                continue
            pot_text = found["pot"] or "pot"
            side = found["side"]
            pot = whole_number(side) if side else (1 if pot_text == "side pot" else 0)
            where = f"{pot_text} {side}" if side else pot_text
            half = Half.LOW if found["lo"] else None
            chips = self.amount(found["amount"], line)
            awards.append(Collected(self.player(who), chips, pot, where, 0, self.src(line), half))
        self.collected.extend(awards)

    def awards_of(self, text: str, first: str) -> list[tuple[str, str]]:
        """The awards on one line, each (its player, its text): one, or (the "Mac format") several run
        together after a period, each starting with a seated name (`first`: the line's own)."""
        if text.count(" wins ") < 2:
            return [(first, text)]
        starts = sorted(
            (position + 1, -len(name), name)
            for name in self.players
            for position in _find_all(text, f".{name} wins ")
            if position > 0
        )
        pieces = []
        start, who = 0, first
        for cut, _, name in starts:
            if cut <= start + len(who):
                continue  # (inside the name of the award before: `s.Player1` holds `.Player1`)
            pieces.append((who, text[start:cut]))
            start, who = cut, name
        pieces.append((who, text[start:]))
        return pieces

    def after_reading(self) -> None:
        self.seat_unknown_players()
        self.actions, moved = folds_in_turn(self.actions, self.seats)
        for fold in moved:
            note = f"{fold.player}'s fold is printed before his turn (an absent player, folded at once): read in turn"
            self.events.append(Event("fold-ahead-of-turn", note, Street.PREFLOP, fold.source, fold.player))
        if self.blinds_from_posts:
            small = next((a.amount for a in self.actions if a.kind is _SMALL), None)
            big = next((a.amount for a in self.actions if a.kind is _BIG), None)
            self.stakes = Stakes(small, big)
        self.take_refund()
        if self.tournament is not None:
            self.table_id = f"{self.tournament.tournament_id}/{self.table}"
        else:
            self.table_id = self.table
        last = self.collected[-1].source if self.collected else self.src(self.last_line)
        # no total pot and no rake printed: the pot is what the players put in, the rake what it kept
        self.pot = PotSummary(None, None, None, (), last, PotBasis.GROSS, PotBasis.NET, PotBasis.NET)


def _find_all(text: str, needle: str) -> list[int]:
    found = []
    position = text.find(needle)
    while position >= 0:
        found.append(position)
        position = text.find(needle, position + 1)
    return found
