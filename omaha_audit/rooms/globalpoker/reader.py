"""Read Global Poker's JSON hand records (the web client's hand history, as its players download it) into
the hand model. README.md beside this file describes the record; in short:

- `seats`: `playerId`, `name`, `seatId` (0 to capacity-1: the model's seat is seatId + 1), `initialBalance`.
- `events`, in the order they happened: `PlayerAction` (`action`, `amount.amount`, `balanceAfterAction`,
  `timeout`), `PlayerCardsDealt` (cards with `id`, and `rank`/`suit` where the owner of the record may
  see them), `TableCardsDealt` (the flop, the turn, the river), `PotUpdate` (the pots after a betting
  round; `potTransitions` marked `fromChipStackToPlayer` are uncalled bets going back), `PlayerBalances`,
  `PlayerCardsExposed`, `ShowDownSummary`, `PlayerBestHand` (`handInfoCommon.handType`).
- `results`: `totalRake`, `transfers` (each award: player, pot, amount after the rake) and per player
  `totalBet`, `totalWin`, `netWin`, `rake` (the reader cross-checks them).
- `settings`: `variant`, `betStrategyType`, `currencyCode`, `capacity`, `smallBlind`, `bigBlind`, `ante`.

Amounts: a `BET` or `RAISE` states the player's street total after it, a `CALL` and every post the chips
it adds (the balances after each action say so: a raise to 4.16 by a player who had 0.72 in takes 3.44
from his balance). Every action's `balanceAfterAction`, every `PlayerBalances`, every `PotUpdate`'s pots
and the `results` figures are checked against what the actions put in: a record that disagrees with
itself keeps its hand, with a `Defect` saying where (the room's error, OA109). Every amount is a JSON number read
by the kit (`cents_of_json_number` where the decoder meets it, numbers.py; else `units_of_number`) in the hand's
unit (the most decimal places the record's money figures have, at least 2): a figure that is no amount (a string, a
negative amount), an event of a kind the reader does not know, or one it cannot follow (an action of a kind it does
not know, a player who is not seated) is that event not read (a `Defect`, OA106), and the rest of the hand is read;
the checks of the chips against the printed figures then stop, as what the actions put in is no longer known. What
cannot be read at all (broken JSON, no settings or seats, an unknown game) is an unreadable hand with the reason.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any, Final

from omaha_audit.model import (
    Action,
    ActionKind,
    Card,
    DealtCards,
    Defect,
    Event,
    Game,
    Hand,
    Refunds,
    Seat,
    ShowdownKind,
    ShowdownLine,
    ShowdownMark,
    Source,
    Stakes,
    Street,
    StreetDeal,
    Structure,
    UncalledReturn,
    Unit,
)
from omaha_audit.parse.ledger import ADDED, TO, Ledger
from omaha_audit.rooms.globalpoker.document import (
    ShapeError,
    Values,
    as_bool,
    as_int,
    as_list,
    as_number,
    as_object,
    as_text,
    required,
    show,
)
from omaha_audit.rooms.globalpoker.numbers import NUMBERS
from omaha_audit.rooms.globalpoker.results import button, read_results
from omaha_audit.rooms.globalpoker.words import HAND_TYPES
from omaha_audit.rooms.kit.amounts import AmountError, units_of_number

FORMAT_NAME: Final = "globalpoker"
ROOM: Final = "globalpoker"

_VARIANTS: Final = {"TEXAS_HOLDEM": Game.HOLDEM, "OMAHA": Game.OMAHA}
_OMAHA_BY_CARDS: Final = {5: Game.OMAHA5, 6: Game.OMAHA6}
_STRUCTURES: Final = {
    "NO_LIMIT": Structure.NO_LIMIT,
    "POT_LIMIT": Structure.POT_LIMIT,
    "FIXED_LIMIT": Structure.FIXED_LIMIT,
}
_POSTS: Final = {
    "SMALL_BLIND": ActionKind.POST_SMALL_BLIND,
    "BIG_BLIND": ActionKind.POST_BIG_BLIND,
    "ENTRY_BET": ActionKind.POST_BIG_BLIND,  # a new player's big blind, out of position: live
    "BIG_BLIND_PLUS_DEAD_SMALL_BLIND": ActionKind.POST_SMALL_AND_BIG_BLIND,  # the small blind part dead
    "DEAD_SMALL_BLIND": ActionKind.POST_DEAD,
    "ANTE": ActionKind.POST_ANTE,
}
# actions that move no chips and are kept as events
_EVENTS: Final = {
    "WAIT_FOR_BIG_BLIND": "waiting-for-big-blind",
    "DECLINE_ENTRY_BET": "declines-entry-bet",
    "TIME_BANK": "time-bank",
}
_RANKS: Final = {
    "TWO": 2,
    "THREE": 3,
    "FOUR": 4,
    "FIVE": 5,
    "SIX": 6,
    "SEVEN": 7,
    "EIGHT": 8,
    "NINE": 9,
    "TEN": 10,
    "JACK": 11,
    "QUEEN": 12,
    "KING": 13,
    "ACE": 14,
}
_SUITS: Final = {"CLUBS": "c", "DIAMONDS": "d", "HEARTS": "h", "SPADES": "s"}
_CARDS: Final = {(rank, suit): Card(value, letter) for rank, value in _RANKS.items() for suit, letter in _SUITS.items()}
_BOARD_STREETS: Final = (Street.FLOP, Street.TURN, Street.RIVER)
_EPOCH: Final = datetime(1970, 1, 1, tzinfo=UTC)
CENTS: Final = NUMBERS.cents  # (id of a number the decoder kept -> its hundredths)


class HandReader(Ledger):
    """Reads one hand record; raises ShapeError for what it cannot read."""

    def __init__(self, body: dict[str, Any], path: str, found: Values) -> None:
        super().__init__(TO, ADDED)  # a raise states the street total; a call the chips it adds
        self.body = body
        self.path = path
        self.found = found  # (the lines of the record's objects, and its unit's places)
        self.decimals = 2
        self.order = 0
        self.street = Street.BLINDS
        self.names: dict[int, str] = {}
        self.seat_of: dict[str, int] = {}
        self.balance: dict[str, int] = {}  # each player's chips behind, as the actions leave them
        self.put_in: dict[str, int] = {}  # chips in the pots, less what came back
        self.dealt_in: list[str] = []
        self.folded: set[str] = set()
        self.off_balance: set[str] = set()  # players whose printed balance disagreed once
        self.actions: list[Action] = []
        self.streets: list[StreetDeal] = []
        self.board: list[Card] = []
        self.board_ids: dict[int, Card] = {}
        self.dealt: list[DealtCards] = []
        self.hole_ids: dict[str, list[int]] = {}
        self.known: dict[int, Card] = {}  # card id -> the card, where a record shows it
        self.showdown: list[ShowdownLine] = []
        self.shown_at: dict[str, int] = {}  # player -> index of their `shows` line
        self.marks: list[ShowdownMark] = []
        self.uncalled: list[UncalledReturn] = []
        self.events: list[Event] = []
        self.defects: list[Defect] = []
        self.last_pots: list[tuple[int, int]] = []  # (potId, size) of the last PotUpdate
        self.hero: str | None = None
        self.unsure = False  # an event not read: the chips the actions put in are not known from it on

    # ---- plumbing ------------------------------------------------------------------------------------
    def source(self, obj: Any) -> Source:
        first, last = self.found.lines(obj)
        return Source(self.path, first, last)

    def next_order(self) -> int:
        self.order += 1
        return self.order

    def defect(self, obj: Any, reason: str, inconsistent: bool = False) -> None:
        """A part of the record not read (default), or one read whole that contradicts the rest of it
        (`inconsistent`: the room's error)."""
        self.defects.append(Defect(self.found.lines(obj)[0], show(obj), reason, inconsistent=inconsistent))

    def money(self, value: Any, what: str, signed: bool = False) -> int:
        """A JSON number in the hand's unit, read by the kit (negative only where `signed`: a net result);
        ShapeError for what is no amount."""
        if self.decimals == 2:  # (a number the decoder kept: its cents are known, numbers.py)
            units = CENTS.get(id(value))
            if units is not None and (units >= 0 or signed):
                return units
        if not isinstance(value, Decimal):
            as_number(value, what)  # (a number, never a string or true)
        try:
            return units_of_number(value, self.decimals, signed=signed)
        except AmountError as error:
            raise ShapeError(f"{what}: {error}") from None

    def text_money(self, amount: int) -> str:
        return str(Decimal(amount).scaleb(-self.decimals))

    def player(self, value: Any, what: str) -> str:
        player_id = as_int(value, what)
        name = self.names.get(player_id)
        if name is None:
            raise ShapeError(f"{what} {player_id} is not the id of any seated player")
        return name

    def check_balance(self, obj: dict[str, Any], name: str, key: str, what: str) -> None:
        """Compare a printed balance with the chips the actions leave the player. A record that disagrees is
        a defect, reported at the player's first disagreement only (a figure printed wrong once makes every
        later one disagree if taken, and every later one is then not evidence either way)."""
        if obj.get(key) is None or name in self.off_balance or self.unsure:
            return
        printed = self.money(obj[key], f"{what}.{key}")
        if printed != self.balance[name]:
            self.defect(
                obj,
                f"{name}'s {key} is {self.text_money(printed)}; the chips the actions leave {name} are "
                f"{self.text_money(self.balance[name])}",
                inconsistent=True,
            )
            self.off_balance.add(name)

    # ---- the whole hand ------------------------------------------------------------------------------
    def read(self) -> Hand:
        body = self.body
        hand_id = as_text(required(body, "id", "record"), "id")
        settings = as_object(required(body, "settings", "record"), "settings")
        variant = as_text(required(settings, "variant", "settings"), "settings.variant")
        strategy = as_text(required(settings, "betStrategyType", "settings"), "settings.betStrategyType")
        if variant not in _VARIANTS:
            raise ShapeError(f"unknown settings.variant {variant!r}")
        structure = _STRUCTURES.get(strategy)
        if structure is None:
            raise ShapeError(f"unknown settings.betStrategyType {strategy!r}")
        currency = as_text(required(settings, "currencyCode", "settings"), "settings.currencyCode")
        if not currency:
            raise ShapeError("settings.currencyCode is empty")
        self.decimals = self.found.unit_places(body)
        unit = Unit(currency, self.decimals)
        seats = self.read_seats(as_list(required(body, "seats", "record"), "seats"))
        events = [as_object(item, "an event") for item in as_list(required(body, "events", "record"), "events")]
        game = self.game_of(variant, events)
        small = self.money(required(settings, "smallBlind", "settings"), "settings.smallBlind")
        big = self.money(required(settings, "bigBlind", "settings"), "settings.bigBlind")
        ante = self.money(settings["ante"], "settings.ante") if settings.get("ante") is not None else 0
        self.nominal_big_blind = big
        for event in events:
            self.read_event(event)
        results = as_object(required(body, "results", "record"), "results")
        collected, pot = read_results(self, results)
        if structure is Structure.FIXED_LIMIT:  # (no fixed-limit record seen: the small bet taken as the big blind)
            stakes = Stakes(small, big, big, 2 * big, ante or None)
        else:
            stakes = Stakes(small, big, None, None, ante or None)
        table = as_object(required(body, "table", "record"), "table")
        table_name = as_text(table.get("tableName", ""), "table.tableName")
        table_id = str(as_int(table["tableId"], "table.tableId")) if table.get("tableId") is not None else table_name
        started_ms = as_int(required(body, "startTime", "record"), "startTime")
        try:
            started = _EPOCH + timedelta(milliseconds=started_ms)
        except OverflowError:
            raise ShapeError(f"startTime {started_ms} is not a time") from None
        capacity = settings.get("capacity")
        max_seats = as_int(capacity, "settings.capacity") or None if capacity is not None else None
        seated = self.mark_sitting_out(seats)
        on_button = button(self)  # (before the events are taken: it adds one)
        return Hand(
            room=ROOM,
            format=FORMAT_NAME,
            hand_id=hand_id,
            source=self.source(body),
            game=game,
            game_text=f"{variant} {strategy}",
            structure=structure,
            unit=unit,
            stakes=stakes,
            started=started,
            started_local=f"{started:%Y/%m/%d %H:%M:%S}.{started.microsecond // 1000:03d} UTC",
            table=table_name,
            table_id=table_id,
            max_seats=max_seats,
            button=on_button,
            seats=seated,
            actions=tuple(self.actions),
            streets=tuple(self.streets),
            dealt=tuple(self.dealt),
            showdown=tuple(self.showdown),
            collected=collected,
            uncalled=tuple(self.uncalled),
            cash_outs=(),
            events=tuple(self.events),
            pot=pot,
            boards=(tuple(self.board),) if self.board else (),
            summary_seats=(),
            refunds=Refunds.LINE,
            showdown_marks=tuple(self.marks),
            hero=self.hero,
            defects=tuple(self.defects),
        )

    def read_seats(self, items: list[Any]) -> list[Seat]:
        seats: list[Seat] = []
        for item in items:
            seat = as_object(item, "a seat")
            player_id = as_int(required(seat, "playerId", "seat"), "seat.playerId")
            name = as_text(required(seat, "name", "seat"), "seat.name")
            number = as_int(required(seat, "seatId", "seat"), f"{name}'s seatId") + 1
            stack = self.money(required(seat, "initialBalance", "seat"), f"{name}'s initialBalance")
            if player_id in self.names:
                raise ShapeError(f"two seats have the playerId {player_id}")
            if name in self.seat_of:
                raise ShapeError(f"two seats have the name {name!r}")
            self.names[player_id] = name
            self.seat_of[name] = number
            self.balance[name] = stack
            seats.append(Seat(number, name, stack, self.source(seat)))
        return seats

    def mark_sitting_out(self, seats: list[Seat]) -> tuple[Seat, ...]:
        """A seated player dealt no cards who does nothing in the hand sits it out."""
        taking = set(self.dealt_in) | {action.player for action in self.actions}
        return tuple(
            seat if seat.player in taking else Seat(seat.seat, seat.player, seat.stack, seat.source, None, True)
            for seat in seats
        )

    def game_of(self, variant: str, events: list[dict[str, Any]]) -> Game:
        game = _VARIANTS[variant]
        if game is not Game.OMAHA:
            return game
        most = 0
        for event in events:
            cards = event.get("cards") if event.get("type") == "PlayerCardsDealt" else None
            most = max(most, len(cards) if isinstance(cards, list) else 0)
        return _OMAHA_BY_CARDS.get(most, Game.OMAHA)

    # ---- events --------------------------------------------------------------------------------------
    def read_event(self, event: dict[str, Any]) -> None:
        """One event; one the reader cannot follow is a defect (not read), and the hand goes on."""
        try:
            self.event(event)
        except ShapeError as error:
            reason = str(error)
            self.defect(event, reason if reason.endswith("not read") else f"{reason}: not read")
            self.unsure = True

    def event(self, event: dict[str, Any]) -> None:
        kind = as_text(required(event, "type", "event"), "event type")
        if kind == "PlayerAction":
            self.read_action(event)
        elif kind == "PlayerCardsDealt":
            self.read_deal(event)
        elif kind == "TableCardsDealt":
            self.read_board(event)
        elif kind == "PotUpdate":
            self.read_pot_update(event)
        elif kind == "PlayerBalances":
            for item in as_list(required(event, "playerBalances", "PlayerBalances"), "playerBalances"):
                entry = as_object(item, "a player balance")
                name = self.player(required(entry, "playerId", "playerBalances"), "playerBalances playerId")
                self.check_balance(entry, name, "balance", "playerBalances")
        elif kind == "PlayerCardsExposed":
            self.read_exposed(event)
        elif kind == "ShowDownSummary":
            if len(self.live()) > 1:
                self.marks.append(ShowdownMark(0, self.next_order(), self.source(event)))
        elif kind == "PlayerBestHand":
            self.read_best_hand(event)
        else:
            self.defect(event, f"an event of a kind the reader does not know ({kind!r}): not read")

    def live(self) -> list[str]:
        return [name for name in self.dealt_in if name not in self.folded]

    def read_action(self, event: dict[str, Any]) -> None:
        name = self.player(required(event, "playerId", "PlayerAction"), "PlayerAction playerId")
        action = as_text(required(event, "action", "PlayerAction"), "PlayerAction action")
        source = self.source(event)
        seat = self.seat_of[name]
        if event.get("timeout") is not None and as_bool(event["timeout"], "PlayerAction timeout"):
            self.events.append(Event("timed-out", f"{name} timed out ({action})", self.street, source, name))
        if event.get("cards") and action != "MUCK_CARDS":
            self.defect(event, f"cards on a {action} action: not read")
        if action in _EVENTS:
            self.read_event_action(event, name, action)
            return
        amount_obj = event.get("amount")
        amount = 0
        if amount_obj is not None:
            amount_obj = as_object(amount_obj, "PlayerAction amount")
            amount = self.money(required(amount_obj, "amount", "PlayerAction amount"), f"{action} amount")
            if amount_obj.get("type", "BET") != "BET":
                self.defect(event, f"an amount of type {amount_obj.get('type')!r}: read as chips")
            if amount < 0:
                raise ShapeError(f"a negative {action} amount: {self.text_money(amount)}")
        if action == "MUCK_CARDS":
            self.read_muck(event, name, amount)
            return
        post = _POSTS.get(action)
        raise_to: int | None
        if post is not None:
            added = amount
            street = Street.BLINDS if not self.streets else self.street
            raise_to = self.post(post, name, added)
            kind = post
        elif action in ("CALL", "BET", "RAISE"):
            street = self.street
            kind = ActionKind.CALL if action == "CALL" else ActionKind.BET if action == "BET" else ActionKind.RAISE
            own = self.street_bets.get(name, 0)
            if kind is ActionKind.BET:  # (the street total, as a raise states it)
                if amount < own:
                    raise ShapeError(f"{name} bets to {self.text_money(amount)} with more already in")
                added, raise_to, _ = self.wager(kind, name, amount - own, None, False)
            else:
                added, raise_to, _ = self.wager(kind, name, amount, None, False)
                if added < 0:
                    raise ShapeError(f"{name} raises to {self.text_money(amount)} with more already in")
        elif action in ("CHECK", "FOLD"):
            street = self.street
            kind = ActionKind.CHECK if action == "CHECK" else ActionKind.FOLD
            added, raise_to = 0, None
            if amount:
                self.defect(event, f"an amount on a {action}: not read")
            if kind is ActionKind.FOLD:
                self.folded.add(name)
        else:
            self.read_unknown(event, name, action, amount)
            return
        self.balance[name] -= added
        self.put_in[name] = self.put_in.get(name, 0) + added
        all_in = added > 0 and self.balance[name] == 0
        self.check_balance(event, name, "balanceAfterAction", action)
        self.actions.append(Action(street, name, seat, kind, added, source, raise_to, all_in, order=self.next_order()))

    def read_event_action(self, event: dict[str, Any], name: str, action: str) -> None:
        """An action that moves no chips: kept as an event (TIME_BANK's amount is the seconds left)."""
        words = {
            "WAIT_FOR_BIG_BLIND": f"{name} waits for the big blind",
            "DECLINE_ENTRY_BET": f"{name} declines to post",
            "TIME_BANK": f"{name} uses the time bank",
        }[action]
        amount_obj = event.get("amount")
        if action == "TIME_BANK" and isinstance(amount_obj, dict) and amount_obj.get("amount") is not None:
            words += f" ({as_number(amount_obj['amount'], 'TIME_BANK amount')} s)"
        elif isinstance(amount_obj, dict) and amount_obj.get("amount") is not None:
            amount = self.money(amount_obj["amount"], f"{action} amount")
            if amount:
                self.defect(event, f"an amount on a {action}: not read")
        self.events.append(Event(_EVENTS[action], words, self.street, self.source(event), name))
        self.check_balance(event, name, "balanceAfterAction", action)

    def read_unknown(self, event: dict[str, Any], name: str, action: str, amount: int) -> None:
        """An action of a kind the reader does not know: a defect when it moves no chips (its balance after
        is the balance before, and it states no amount), else the hand cannot be read."""
        after = event.get("balanceAfterAction")
        unchanged = after is None or self.money(after, f"{action} balanceAfterAction") == self.balance[name]
        if amount or not unchanged:  # (the event not read: see read_event)
            raise ShapeError(f"unknown action {action!r} by {name} moves chips")
        self.defect(event, f"an action of a kind the reader does not know ({action!r}), moving no chips: not read")

    def read_muck(self, event: dict[str, Any], name: str, amount: int) -> None:
        """A player who does not show: at a showdown (another player still in) the cards are mucked, else
        the winner keeps them hidden."""
        if amount:
            self.defect(event, "an amount on a MUCK_CARDS: not read")
        cards = tuple(
            card
            for card in (self.card(item, event, "MUCK_CARDS cards") for item in event.get("cards") or [])
            if card is not None
        )
        others = [player for player in self.live() if player != name]
        kind = ShowdownKind.MUCKS if others else ShowdownKind.DOESNT_SHOW
        self.showdown.append(ShowdownLine(name, kind, cards, None, 0, self.source(event), self.next_order()))
        self.check_balance(event, name, "balanceAfterAction", "MUCK_CARDS")

    # ---- cards ---------------------------------------------------------------------------------------
    def card(self, value: Any, owner: dict[str, Any], what: str) -> Card | None:
        """A card the record shows, or None where it hides it (an `id` only). A card of a rank or suit the
        reader does not know is a defect (and None)."""
        item = as_object(value, f"a card of {what}")
        card_id = as_int(required(item, "id", "card"), "card id")
        rank, suit = item.get("rank"), item.get("suit")
        if rank is None and suit is None:
            return None
        card = _CARDS.get((rank, suit)) if isinstance(rank, str) and isinstance(suit, str) else None
        if card is None:
            self.defect(owner, f"card {card_id} of {what} is not a card: rank {rank!r}, suit {suit!r}")
            return None
        seen = self.known.get(card_id)
        if seen is not None and seen is not card:
            reason = f"card {card_id} of {what} is {card}; the record showed it as {seen} before"
            self.defect(owner, reason, inconsistent=True)
        self.known[card_id] = card
        return card

    def read_deal(self, event: dict[str, Any]) -> None:
        name = self.player(required(event, "playerId", "PlayerCardsDealt"), "PlayerCardsDealt playerId")
        items = as_list(required(event, "cards", "PlayerCardsDealt"), "PlayerCardsDealt cards")
        if name in self.hole_ids:
            raise ShapeError(f"{name} is dealt twice")
        self.street = Street.PREFLOP
        self.dealt_in.append(name)
        self.hole_ids[name] = [as_int(required(as_object(item, "a card"), "id", "card"), "card id") for item in items]
        cards = [self.card(item, event, f"{name}'s hole cards") for item in items]
        known = tuple(card for card in cards if card is not None)
        if known and len(known) < len(cards):
            self.defect(event, f"{name}'s hole cards are shown in part: not read")
        elif known:
            self.dealt.append(DealtCards(name, known, self.source(event)))
            if self.hero is None:
                self.hero = name

    def read_board(self, event: dict[str, Any]) -> None:
        stack = event.get("stackId")
        if stack is not None and as_int(stack, "stackId") != 0:
            raise ShapeError(f"board cards of stack {stack} (a second board?) are not read")
        deals = len(self.streets)
        if deals >= len(_BOARD_STREETS):
            raise ShapeError("more than three deals of board cards")
        new: list[Card] = []
        for item in as_list(required(event, "cards", "TableCardsDealt"), "TableCardsDealt cards"):
            card = self.card(item, event, "the board")
            if card is None:
                self.defect(event, "a board card the record does not show: not read")
                continue
            self.board_ids[as_int(item["id"], "card id")] = card
            new.append(card)
        self.new_round()
        self.street = _BOARD_STREETS[deals]
        self.board.extend(new)
        source = self.source(event)
        self.streets.append(StreetDeal(self.street, 0, tuple(self.board), tuple(new), source, order=self.next_order()))

    def read_exposed(self, event: dict[str, Any]) -> None:
        name = self.player(required(event, "playerId", "PlayerCardsExposed"), "PlayerCardsExposed playerId")
        items = as_list(required(event, "cards", "PlayerCardsExposed"), "PlayerCardsExposed cards")
        cards = [self.card(item, event, f"{name}'s shown cards") for item in items]
        shown = tuple(card for card in cards if card is not None)
        ids = sorted(as_int(as_object(item, "a card").get("id"), "card id") for item in items)
        if name not in self.hole_ids:
            self.defect(event, f"{name} shows cards but was dealt none", inconsistent=True)
        elif ids != sorted(self.hole_ids[name]):
            reason = f"{name} shows cards {ids}; the deal gave {name} cards {sorted(self.hole_ids[name])}"
            self.defect(event, reason, inconsistent=True)
        if len(shown) < len(cards):
            self.defect(event, f"{name} shows cards the record does not name")
        self.shown_at[name] = len(self.showdown)
        self.showdown.append(
            ShowdownLine(name, ShowdownKind.SHOWS, shown, None, 0, self.source(event), self.next_order())
        )

    def read_best_hand(self, event: dict[str, Any]) -> None:
        """The hand type the room names for a player's best hand: the description of their `shows` line,
        with its five cards checked against what the player showed and the board."""
        held = as_object(required(event, "playerHand", "PlayerBestHand"), "playerHand")
        name = self.player(required(held, "playerId", "playerHand"), "playerHand playerId")
        info = as_object(required(event, "handInfoCommon", "PlayerBestHand"), "handInfoCommon")
        hand_type = as_text(required(info, "handType", "handInfoCommon"), "handType")
        own = set(self.hole_ids.get(name, ()))
        for item in as_list(event.get("bestHandCards") or [], "bestHandCards"):
            card = self.card(item, event, f"{name}'s best hand")
            card_id = as_int(as_object(item, "a card").get("id"), "card id")
            if card_id not in own and card_id not in self.board_ids:
                reason = f"{name}'s best hand has card {card_id}, neither {name}'s nor the board's"
                self.defect(event, reason, inconsistent=True)
            elif card is None:
                self.defect(event, f"{name}'s best hand has card {card_id} without its rank and suit")
        index = self.shown_at.get(name)
        hand_index = held.get("handId", 0)
        if index is None or hand_index not in (0, None) or hand_type not in HAND_TYPES:
            words = f"{name}'s best hand: {hand_type}"
            if hand_type not in HAND_TYPES:
                words += " (a hand type the reader does not know: not checked)"
            self.events.append(Event("best-hand", words, Street.SHOWDOWN, self.source(event), name))
            return
        line = self.showdown[index]
        self.showdown[index] = ShowdownLine(line.player, line.kind, line.cards, hand_type, 0, line.source, line.order)

    # ---- pots ----------------------------------------------------------------------------------------
    def read_pot_update(self, event: dict[str, Any]) -> None:
        for item in as_list(event.get("potTransitions") or [], "potTransitions"):
            move = as_object(item, "a pot transition")
            if not as_bool(move.get("fromChipStackToPlayer", False), "fromChipStackToPlayer"):
                continue
            name = self.player(required(move, "playerId", "potTransitions"), "potTransitions playerId")
            amount = self.money(required(move, "amount", "potTransitions"), "returned amount")
            self.uncalled.append(UncalledReturn(name, amount, self.street, self.source(move)))
            self.balance[name] += amount
            self.put_in[name] = self.put_in.get(name, 0) - amount
        pots: list[tuple[int, int]] = []
        for item in as_list(required(event, "pots", "PotUpdate"), "pots"):
            pot = as_object(item, "a pot")
            pots.append(
                (as_int(required(pot, "potId", "pot"), "potId"), self.money(required(pot, "potSize", "pot"), "potSize"))
            )
        total = sum(size for _, size in pots)
        if total != sum(self.put_in.values()) and not self.unsure:
            self.defect(
                event,
                f"the pots hold {self.text_money(total)}; the actions put in "
                f"{self.text_money(sum(self.put_in.values()))} (less the bets returned)",
                inconsistent=True,
            )
        self.last_pots = pots
