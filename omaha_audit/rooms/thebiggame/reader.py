"""Read a hand of The Big Game (PokerStars' television cash game, 2008-2009; ROOMS.md 27) into the model.

Each hand is two lines: `URL: http://thebiggame.pokerstars.net/data/s1/w2/d1/d2h1.js` (where the show
published it: the hand's id, `s1/w2/d1/d2h1`) and `LoadHand({Hand:{...},Plays:[...]})`, an object literal
(read by literal.py, never evaluated). What the object says, and how it is read:

- `Hand`: `Dealer` (the button's seat), `SmallBlind:200`, `BigBlind:400`, `Ante:600` (one ante for the whole
  table, posted by the dealer: the stacks from hand to hand say so; dead money, read as a dead post
  (POST_DEAD): it buys the dealer no stake and is never returned to him, the winner's `Wins` counts it; an
  ante counted as the dealer's stake would make the pot's top 600 his alone), `Players` with their seat, name, stack
  and hole cards (`Cards:["cq","s5"]`, suit first in lower case: `cq` is the queen of clubs, `st` the ten of
  spades). A seat listed with no name is empty; a player with no play in the hand sits it out. A few
  players' cards are not given (an empty list): they are not dealt in the model;
- `Plays`: the hand in order, with no posts: `Folds`, `Checks`, `Calls` (no amount: what the high bet
  asks, or the rest of the stack), `Bets` with the chips added (the big blind's `Bets 1400` before the flop
  takes him from 400 to 1,800: a raise), `Raises To` with the street total, `All-In` (no amount: the rest of
  the stack), `Straddles` (a live straddle, the street total), `Deal` (seat 0: the new board cards),
  `Takes Back` (the uncalled part of a bet called all in for less), `Wins` (what the player got over all
  pots and boards; a bet nobody called comes back inside it);
- the blinds are not plays: the small blind is the first player after the dealer who plays in the hand,
  the big blind the next (heads-up, the dealer posts the small blind); where the first to act preflop (or
  the straddler) is the player the big blind would be, the small blind's seat was empty: that hand has a
  dead small blind and the player after the dealer posted the big blind;
- after the last bet, the board is completed, and when more cards come than one board holds, the board is
  run again from the cards it had at the last bet (twice, three, four times): the extra cards make the
  further boards in turn; cards dealt after the award (left over from another hand) are kept as events;
- the show prints no pot, no rake and no time; the game (no-limit Hold'em) is not named: Hold'em by the
  two hole cards, no limit as the show played it;
- numbers are the literal's own (whole chips): amounts are read by the reading kit (a decimal point, as
  JavaScript writes it); a play whose amount is not a whole number of chips, whose seat is not a number or
  whose kind is not known, a stack or a card not read, are each a defect of the hand's line (the play or the
  seat left out, the rest read: the hand's one line is then not read whole, and the dealer's checks are
  withheld); blinds or an ante not read make the hand unreadable, as a literal that is no object does.
"""

from __future__ import annotations

import json
from typing import Any, Final

from omaha_audit.model import (
    ALL_POTS,
    Action,
    ActionKind,
    Card,
    Collected,
    DealtCards,
    Defect,
    Event,
    Game,
    Hand,
    PotBasis,
    PotSummary,
    Refunds,
    Seat,
    ShowdownMark,
    Source,
    Stakes,
    Street,
    StreetDeal,
    Structure,
    UncalledReturn,
    Unit,
    UnreadableHand,
)
from omaha_audit.model.numbers import whole_number
from omaha_audit.parse.ledger import ADDED, TO, Ledger
from omaha_audit.parse.split import Block
from omaha_audit.rooms.kit.amounts import AmountError, read_amount
from omaha_audit.rooms.kit.cards import CardError, read_card
from omaha_audit.rooms.kit.reader import crashed
from omaha_audit.rooms.thebiggame.literal import LiteralError, Number, load_hand

CHIPS: Final = Unit("chips", 0)
BOARD: Final = 5
STREET_OF_SIZE: Final = {3: Street.FLOP, 4: Street.TURN, 5: Street.RIVER}
STREET_OF_DEAL: Final = (Street.FLOP, Street.TURN, Street.RIVER)  # a deal of the wrong size: by its place
BETTING: Final = frozenset({"Folds", "Checks", "Calls", "Bets", "Raises To", "All-In", "Straddles"})
PLAYS: Final = BETTING | {"Deal", "Takes Back", "Wins"}
_FOLD: Final = ActionKind.FOLD
_CHECK: Final = ActionKind.CHECK
_CALL: Final = ActionKind.CALL
_BET: Final = ActionKind.BET
_RAISE: Final = ActionKind.RAISE
_URL_PREFIX: Final = "URL:"
_LOADHAND: Final = "LoadHand("


class ShapeError(ValueError):
    """The literal's structure is not a hand's (no `Hand` object, no `Players` list): nothing can be read."""


class StakesNotRead(ValueError):
    """`SmallBlind`, `BigBlind` or `Ante` not a whole number of chips: the hand cannot be judged."""


def unreadable(block: Block, line: int, reason: str, hand_id: str | None = None) -> UnreadableHand:
    return UnreadableHand(block.path, line, block.first_line, block.last_line, reason, hand_id, block.format)


class BigGameReader:
    """Reads The Big Game's two-line hand blocks. Never raises."""

    format = "thebiggame"

    def read(self, block: Block) -> Hand | UnreadableHand:
        try:
            return self._read(block)
        except Exception as error:  # a reader bug must not lose the hand, nor pass for an unreadable one
            return crashed(block, error)

    def _read(self, block: Block) -> Hand | UnreadableHand:
        url = ""
        found: list[tuple[int, str]] = []
        defects: list[Defect] = []
        for number, text in enumerate(block.lines, block.first_line):
            if text.startswith(_URL_PREFIX) and not found and not url:
                url = text[len(_URL_PREFIX) :].strip()
            elif text.lstrip().startswith(_LOADHAND):
                found.append((number, text))
            elif text.strip():
                defects.append(Defect(number, text, "unreadable line"))
        hand_id = hand_id_of(url)
        if not found:
            return unreadable(block, block.first_line, "no `LoadHand({...})` line after the URL", hand_id or None)
        line, text = found[0]
        for number, extra in found[1:]:
            defects.append(Defect(number, extra[:80], "a second `LoadHand` line without its URL line: not read"))
        try:
            data = load_hand(text)
            builder = BigGameBuilder(self, block, line, url, data, defects)
            return builder.build()
        except (LiteralError, ShapeError) as error:
            return unreadable(block, line, str(error), hand_id or None)
        except StakesNotRead as bad_stakes:
            return unreadable(block, line, f"stakes: {bad_stakes}", hand_id or None)


def hand_id_of(url: str) -> str:
    """`http://thebiggame.pokerstars.net/data/s1/w2/d1/d2h1.js` -> `s1/w2/d1/d2h1`."""
    path = url.split("/data/", 1)[1] if "/data/" in url else url.rsplit("/", 1)[-1]
    return path[:-3] if path.endswith(".js") else path


def _int(value: Any, what: str) -> int:
    """A number that counts things (a seat, the table's size): its digits."""
    if not isinstance(value, Number) or not value.isdecimal():
        raise ShapeError(f"{what} is not a whole number: {value!r}")
    return whole_number(value)


def chips(value: Any, what: str) -> int:
    """An amount of the literal (a number, or a number's text in quotes), in whole chips, read by the kit
    with JavaScript's decimal point; raises AmountError with the reason."""
    if not isinstance(value, str):
        raise AmountError(f"{what} is not an amount: {value!r}")
    return read_amount(value, 0, decimal=".")


def seat_of_play(play: dict[str, Any]) -> int | None:
    """A play's seat number, None when it has none."""
    seat = play.get("Seat")
    return whole_number(seat) if isinstance(seat, Number) and seat.isdecimal() else None


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise ShapeError(f"{what} is not a list")
    return value


def _object(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ShapeError(f"{what} is not an object")
    return value


def card_of(text: Any) -> Card:
    """`cq` (suit, then rank in lower case) -> Qc, `st` -> Ts; raises CardError."""
    if isinstance(text, Number) or not isinstance(text, str):
        raise CardError(f"{text!r} is not a card")
    return read_card(text, suit_first=True)


class BigGameBuilder(Ledger):
    """Turns one `LoadHand` object into a Hand, keeping each player's street total and stack."""

    def __init__(
        self, reader: BigGameReader, block: Block, line: int, url: str, data: dict[str, Any], defects: list[Defect]
    ) -> None:
        super().__init__(TO, ADDED)
        self.reader = reader
        self.block = block
        self.line = line
        self.source = Source(block.path, line, line)
        self.url = url
        self.defects = defects
        self.hand = _object(data.get("Hand"), "Hand")
        self.plays = self.read_plays(_list(data.get("Plays"), "Plays"))
        self.title = str(self.hand.get("Title") or "")
        try:
            self.small = chips(self.hand.get("SmallBlind"), "SmallBlind")
            self.big = chips(self.hand.get("BigBlind"), "BigBlind")
            self.ante = chips(self.hand.get("Ante", Number("0")), "Ante")
        except AmountError as error:
            raise StakesNotRead(str(error)) from None
        self.dealer = _int(self.hand.get("Dealer"), "Dealer")
        self.nominal_big_blind = self.big
        self.names: dict[int, str] = {}  # seat -> player, empty seats left out
        self.stacks: dict[str, int] = {}  # what each player has left
        self.seats: list[Seat] = []
        self.dealt: list[DealtCards] = []
        self.actions: list[Action] = []
        self.streets: list[StreetDeal] = []
        self.collected: list[Collected] = []
        self.uncalled: list[UncalledReturn] = []
        self.events: list[Event] = []
        self.marks: list[ShowdownMark] = []
        self.street = Street.BLINDS

    # ---- the table ------------------------------------------------------------------------
    def read_plays(self, entries: list[Any]) -> list[dict[str, Any]]:
        """The plays the reader knows, each with a seat number; any other is a defect, left out."""
        plays: list[dict[str, Any]] = []
        for entry in entries:
            play = entry if isinstance(entry, dict) else None
            if play is None or seat_of_play(play) is None or play.get("Action") not in PLAYS:
                what = "a play" if play is None else f"play {play.get('Action')!r} of seat {play.get('Seat')!r}"
                self.defects.append(Defect(self.line, _play_text(entry), f"{what}: not one the reader knows"))
                continue
            plays.append(play)
        return plays

    def read_players(self) -> None:
        active = {seat_of_play(play) for play in self.plays}
        for entry in _list(self.hand.get("Players"), "Players"):
            player = _object(entry, "a player")
            name = str(player.get("Name") or "")
            seat = _int(player.get("Seat"), "a player's Seat")
            if not name:
                continue  # an empty seat
            self.names[seat] = name
            try:
                stack = chips(player.get("Stack"), f"{name}'s Stack")
            except AmountError as error:  # the seat is left out; the plays that need the stack are not read
                self.defects.append(Defect(self.line, f"{name}: Stack {player.get('Stack')!r}", str(error)))
            else:
                self.stacks[name] = stack
                self.seats.append(Seat(seat, name, stack, self.source, None, seat not in active))
            cards: list[Card] = []
            for text in _list(player.get("Cards", []), f"{name}'s Cards"):
                try:
                    cards.append(card_of(text))
                except CardError as bad_card:
                    self.defects.append(Defect(self.line, f"{name}: {text!r}", f"not a card: {bad_card}"))
            if cards:
                self.dealt.append(DealtCards(name, tuple(cards), self.source))

    def blinds(self) -> tuple[int | None, int | None]:
        """The seats of the small and the big blind (see the module's docstring)."""
        active = sorted({seat_of_play(play) or 0 for play in self.plays} & set(self.names))
        if len(active) < 2:
            return None, (active[0] if active else None)
        pivot: int | None = None
        for play in self.plays:
            action = play.get("Action")
            if action == "Deal":
                break
            if action in BETTING:
                pivot = seat_of_play(play)
                break
        after = [seat for seat in active if seat > self.dealer] + [seat for seat in active if seat <= self.dealer]
        if len(active) == 2:
            return self.dealer, after[0]
        small, big = after[0], after[1]
        if pivot == big:
            # the first to act is the player two after the button: the small blind's seat was empty (dead),
            # and the player after the button posted the big blind
            return None, small
        return small, big

    # ---- betting ---------------------------------------------------------------------------
    def post(self, kind: ActionKind, name: str, amount: int) -> int:
        """A forced bet (at most the player's stack), its street total, recorded as an action."""
        paid = min(amount, self.stacks.get(name, amount))
        to = super().post(kind, name, paid)
        self.stacks[name] = self.stacks.get(name, 0) - paid
        all_in = self.stacks[name] <= 0 and paid > 0
        order = len(self.actions) + 1
        self.actions.append(
            Action(self.street, name, self.seat_of(name), kind, paid, self.source, to, all_in, order=order)
        )
        return to

    def seat_of(self, name: str) -> int | None:
        for seat in self.seats:
            if seat.player == name:
                return seat.seat
        return None

    def play(self, index: int, play: dict[str, Any]) -> None:
        action = play.get("Action")
        seat = seat_of_play(play)
        order = 10 + index
        name = self.names.get(seat or 0, f"seat {seat}")
        own = self.street_bets.get(name, 0)
        if name not in self.stacks and action in ("Calls", "All-In"):
            raise AmountError(f"{name}'s stack was not read: the chips of `{action}` are not known")
        left = self.stacks.get(name, 0)
        if action == "Folds" or action == "Checks":
            kind = _FOLD if action == "Folds" else _CHECK
            self.actions.append(Action(self.street, name, self.seat_of(name), kind, 0, self.source, order=order))
            return
        if action == "Straddles":
            street, self.street = self.street, Street.BLINDS
            self.post_straddle(name, chips(play.get("value"), "a straddle's value"), order)
            self.street = street
            return
        total: int | None = None
        if action == "Calls":
            kind, first = _CALL, min(max(self.high - own, 0), left)
        elif action == "Bets":  # the chips added: a raise where there is a bet already (the big blind's)
            first = chips(play.get("value"), "a bet's value")
            kind = _BET if self.high == 0 else _RAISE
            if kind is _RAISE:
                first, total = 0, own + first
        elif action == "Raises To":
            kind, first, total = _RAISE, 0, chips(play.get("value"), "a raise's value")
        elif action == "All-In":
            to = own + left
            kind = _CALL if to <= self.high else (_BET if self.high == 0 else _RAISE)
            first = left
            if kind is _RAISE:
                first, total = 0, to
        else:
            raise ShapeError(f"unknown play {action!r}")
        added, to_after, _ = self.wager(kind, name, first, total, total is None)
        self.stacks[name] = left - added
        all_in = action == "All-In" or (added > 0 and added >= left)
        self.actions.append(
            Action(
                self.street,
                name,
                self.seat_of(name),
                kind,
                added,
                self.source,
                to_after,
                all_in,
                False,
                None,
                None,
                order,
            )
        )

    def post_straddle(self, name: str, amount: int, order: int) -> None:
        own = self.street_bets.get(name, 0)
        kind = ActionKind.POST_STRADDLE
        paid = min(amount - own, self.stacks.get(name, 0))
        to = super().post(kind, name, paid)
        self.stacks[name] = self.stacks.get(name, 0) - paid
        all_in = self.stacks[name] <= 0
        self.actions.append(
            Action(Street.BLINDS, name, self.seat_of(name), kind, paid, self.source, to, all_in, order=order)
        )

    # ---- the board ---------------------------------------------------------------------------
    def board(self, deals: list[tuple[int, list[Card]]], shared: int) -> None:
        """The board from its deals (play index, cards); `shared`: the cards it had at the last bet. When
        more cards come than one board holds, each further board takes `5 - shared` of them."""
        cards_in = sum(len(cards) for _, cards in deals)
        runs = 1
        if cards_in > BOARD and shared < BOARD:
            extra = cards_in - BOARD
            if extra % (BOARD - shared):
                text = " ".join(str(card) for _, cards in deals for card in cards)
                reason = "more board cards than whole boards take"
                self.defects.append(Defect(self.line, text, reason, inconsistent=True))
            else:
                runs = 1 + extra // (BOARD - shared)
        board: list[Card] = []
        deal_number = 0
        for index, cards in deals:
            if runs == 1 or len(board) + len(cards) <= shared:
                # one board: each deal is a street, by its size (or its place, when its size is wrong)
                board.extend(cards)
                street = STREET_OF_SIZE.get(len(board))
                if street is None:
                    street = STREET_OF_DEAL[min(deal_number, 2)]
                    reason = f"a deal that leaves {len(board)} board cards"
                    self.defects.append(Defect(self.line, " ".join(map(str, cards)), reason, inconsistent=True))
                deal_number += 1
                self.streets.append(StreetDeal(street, 0, tuple(board), tuple(cards), self.source, False, 10 + index))
                continue
            break
        if runs == 1:
            return
        # several boards: the shared cards, then each board's own, card by card
        rest = [(index, card) for index, cards in deals for card in cards][len(board) :]
        per_run = BOARD - shared
        for run in range(1, runs + 1):
            own = rest[(run - 1) * per_run : run * per_run]
            current = list(board)
            for index, card in own:
                current.append(card)
                street = STREET_OF_SIZE[len(current)] if len(current) >= 3 else Street.FLOP
                if len(current) < 3:
                    continue  # (a flop run again: one street when its third card comes)
                new = (card,) if len(current) > 3 else tuple(current[len(board) :])
                self.streets.append(StreetDeal(street, run, tuple(current), new, self.source, False, 10 + index))

    # ---- the hand --------------------------------------------------------------------------
    def build(self) -> Hand:
        self.read_players()
        small, big = self.blinds()
        dealer_name = self.names.get(self.dealer)
        if self.ante and dealer_name is not None:
            self.post(ActionKind.POST_DEAD, dealer_name, self.ante)
        if small is not None:
            self.post(ActionKind.POST_SMALL_BLIND, self.names[small], self.small)
        if big is not None:
            self.post(ActionKind.POST_BIG_BLIND, self.names[big], self.big)
        self.street = Street.PREFLOP
        last_bet = max((i for i, play in enumerate(self.plays) if play.get("Action") in BETTING), default=-1)
        first_win = min(
            (i for i, play in enumerate(self.plays) if play.get("Action") == "Wins"), default=len(self.plays)
        )
        deals: list[tuple[int, list[Card]]] = []
        shared = 0
        for index, play in enumerate(self.plays):
            try:
                shared = self.read_play(index, play, first_win, last_bet, deals, shared)
            except AmountError as error:  # an amount not read: the play is left out
                self.defects.append(Defect(self.line, _play_text(play), str(error)))
        self.board(deals, shared)
        return self.finish(small is None and len({a.player for a in self.actions}) > 2)

    def read_play(
        self,
        index: int,
        play: dict[str, Any],
        first_win: int,
        last_bet: int,
        deals: list[tuple[int, list[Card]]],
        shared: int,
    ) -> int:
        """One play into the model; the board's deals are kept in `deals`. Returns the board cards dealt
        before the last bet so far."""
        action = play.get("Action")
        if action == "Deal":
            cards = self.deal_cards(play)
            if index > first_win:
                text = " ".join(map(str, cards))
                self.events.append(Event("dealt-after-the-award", text, Street.SUMMARY, self.source))
                return shared
            deals.append((index, cards))
            if index < last_bet:
                shared += len(cards)
                size = sum(len(dealt) for _, dealt in deals)
                self.street = STREET_OF_SIZE.get(size, STREET_OF_DEAL[min(len(deals) - 1, 2)])
                self.new_round()
        elif action == "Takes Back":
            name = self.names.get(seat_of_play(play) or 0, "")
            amount = chips(play.get("value"), "a return's value")
            self.uncalled.append(UncalledReturn(name, amount, self.street, self.source))
        elif action == "Wins":
            name = self.names.get(seat_of_play(play) or 0, "")
            amount = chips(play.get("value"), "a win's value")
            self.collected.append(Collected(name, amount, ALL_POTS, "all pots", 0, self.source))
        else:
            self.play(index, play)
        return shared

    def deal_cards(self, play: dict[str, Any]) -> list[Card]:
        cards: list[Card] = []
        value = play.get("value")
        for text in value if isinstance(value, list) else [value]:
            try:
                cards.append(card_of(text))
            except CardError as error:
                self.defects.append(Defect(self.line, repr(text), f"not a card: {error}"))
        return cards

    def finish(self, dead_small: bool) -> Hand:
        folded = {a.player for a in self.actions if a.kind is _FOLD}
        in_hand = {a.player for a in self.actions if not a.kind.is_post or a.amount} - folded
        last = max((a.order for a in self.actions), default=0)
        if len(in_hand) > 1:  # more than one player to the end: a showdown (the show knows every card)
            self.marks.append(
                ShowdownMark(0, max(last, max((s.order for s in self.streets), default=0)) + 1, self.source)
            )
        if dead_small:
            self.events.append(
                Event("dead-small-blind", "no small blind: its seat is empty", Street.BLINDS, self.source)
            )
        game = Game.HOLDEM if all(len(d.cards) == 2 for d in self.dealt) else _game_by_cards(self.dealt)
        runs = sorted({deal.run for deal in self.streets})
        boards = self.final_boards()
        return Hand(
            room="thebiggame",
            format=self.reader.format,
            hand_id=hand_id_of(self.url) or self.title,
            source=Source(self.block.path, self.block.first_line, self.block.last_line),
            game=game,
            game_text="No Limit Hold'em (not printed)" if game is Game.HOLDEM else "not printed",
            structure=Structure.NO_LIMIT,
            unit=CHIPS,
            stakes=Stakes(self.small, self.big, ante=self.ante or None),
            started=None,
            started_local="",
            table=self.table_name(),
            table_id=self.table_name(),
            max_seats=_int(self.hand.get("NumberOfSeats"), "NumberOfSeats") if "NumberOfSeats" in self.hand else None,
            button=self.dealer,
            seats=tuple(self.seats),
            actions=tuple(self.actions),
            streets=tuple(self.streets),
            dealt=tuple(self.dealt),
            showdown=(),
            collected=tuple(self.collected),
            uncalled=tuple(self.uncalled),
            cash_outs=(),
            events=tuple(self.events),
            pot=PotSummary(None, None, None, (), self.source, PotBasis.GROSS, PotBasis.NET, PotBasis.NET),
            boards=boards,
            summary_seats=(),
            fees=(),
            refunds=Refunds.LINE if self.uncalled else Refunds.IN_COLLECTED,
            run_twice=len(runs) > 1,
            showdown_marks=tuple(self.marks),
            defects=tuple(self.defects),
        )

    def final_boards(self) -> tuple[tuple[Card, ...], ...]:
        last: dict[int, tuple[Card, ...]] = {}
        for deal in self.streets:
            last[deal.run] = deal.cards
        if not last:
            return ()
        if len(last) > 1:
            return tuple(last[run] for run in sorted(last) if run)
        return tuple(last.values())

    def table_name(self) -> str:
        """`s1/w2` from the URL (the season and the week of the show), else the hand's title."""
        parts = hand_id_of(self.url).split("/")
        return "/".join(parts[:2]) if len(parts) >= 3 else self.title


def _play_text(play: Any) -> str:
    """A play as the defect quotes it: `{Seat:2,Action:"Raises To",value:1500.5}`."""
    if not isinstance(play, dict):
        return repr(play)
    parts = []
    for key, value in play.items():
        shown = value if isinstance(value, Number) else json.dumps(value, ensure_ascii=False)
        parts.append(f"{key}:{shown}")
    return "{" + ",".join(parts) + "}"


def _game_by_cards(dealt: list[DealtCards]) -> Game:
    counts = {len(d.cards) for d in dealt}
    return {4: Game.OMAHA, 5: Game.OMAHA5, 6: Game.OMAHA6}.get(max(counts), Game.HOLDEM) if counts else Game.HOLDEM
