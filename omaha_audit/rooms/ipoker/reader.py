"""One iPoker `<game>` (its elements read by elements.py) into the room-neutral hand (ROOMS.md 6.3-6.6).

- Order: the `no` attribute of `<action>` is the hand's sequence, which the document does not keep (the
  actions are grouped per player inside a round): they are sorted by `no` and numbered in that order
  (`Action.order`), each street's board marker just before the first action of its round;
- action codes (ROOMS.md 6.3): 0 fold, 1 small blind, 2 big blind (one above the big blind: small and big
  blind together, fpdb), 3 call, 4 check, 5 bet, 6 raise, 7 all-in (3, 5, 6 and 7 print the chips added;
  `type="7" sum="DP"` is all in by disconnection, nothing added), 8 no action this hand (joined the
  table), 9 sitting out (a fold, for one who had posted), 15 ante, 16 bring-in, 23 raise to (the street
  total). The ledger (parse/ledger.py) gives every action the chips it adds and the street total after;
- showdown: no element and no descriptions; the players left at the end show the cards their `Pocket`
  holds, one left with hidden cards and nothing won mucked;
- awards: `win` is each player's total over every pot (`Collected.pot` is ALL_POTS); there is no total,
  no rake (the pot keeps an implied rake) and no uncalled-bet element. Before client 20, unless the
  session says `uncalled_bet_enabled`, the uncalled chips are paid back inside the bettor's `win`; the
  reader takes them out again (the excess of the largest live contribution over the next, UC-1), so a
  collected amount is always what the pots paid, and the refunds are IMPLIED either way;
- `bet` (what a player put in, uncalled chips included) is checked against the actions; a game without
  `win` and `bet` (the partial export `PLO-USD-5-10-201631.partial.format.xml`: blinds only), or one the
  file cuts off before the betting ends, is a truncated hand.
"""

from __future__ import annotations

from typing import Final
from xml.etree.ElementTree import Element

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
    PotSummary,
    Refunds,
    ShowdownKind,
    ShowdownLine,
    ShowdownMark,
    Source,
    Stakes,
    Street,
    StreetDeal,
    Structure,
    Tournament,
    UnreadableHand,
)
from omaha_audit.model.numbers import whole_number
from omaha_audit.parse.ledger import TO, Ledger
from omaha_audit.rooms.ipoker.elements import ActionText, GameElements, Place, unreadable
from omaha_audit.rooms.ipoker.session import Session
from omaha_audit.rooms.kit.amounts import AmountError
from omaha_audit.rooms.kit.reader import crashed_at

FOLD, SMALL_BLIND, BIG_BLIND, CALL, CHECK, BET, RAISE, ALL_IN = 0, 1, 2, 3, 4, 5, 6, 7
JOINED, SITTING_OUT, ANTE, BRING_IN, RAISE_TO = 8, 9, 15, 16, 23
DISCONNECTED: Final = "DP"  # `type="7" sum="DP"`: all in by disconnection (nothing added)
FLOP_STREETS: Final = {0: Street.BLINDS, 1: Street.PREFLOP, 2: Street.FLOP, 3: Street.TURN, 4: Street.RIVER}
STUD_STREETS: Final = {
    0: Street.BLINDS,
    1: Street.THIRD,
    2: Street.THIRD,
    3: Street.FOURTH,
    4: Street.FIFTH,
    5: Street.SIXTH,
    6: Street.SEVENTH,
}
POCKET_GAMES: Final = {2: Game.HOLDEM, 4: Game.OMAHA, 5: Game.OMAHA5, 6: Game.OMAHA6}
_DEAD: Final = (ActionKind.POST_ANTE, ActionKind.POST_DEAD)
_FOLD: Final = ActionKind.FOLD
_BET: Final = ActionKind.BET
_CALL: Final = ActionKind.CALL
_RAISE: Final = ActionKind.RAISE
_SMALL_AND_BIG: Final = ActionKind.POST_SMALL_AND_BIG_BLIND


class HandMaker:
    """The second half of reading a game: the actions in their order through the ledger, the cards, the
    awards, and the Hand."""

    def __init__(self, elements: GameElements, general: Element) -> None:
        self.elements = elements
        self.session = elements.session
        self.path = elements.path
        self.general = general
        self.game = self.game_of()
        self.flop_game = self.game.is_flop_game
        self.actions: list[Action] = []
        self.streets: list[StreetDeal] = []
        self.added: dict[str, int] = {}  # chips each player put in
        self.live_in: dict[str, int] = {}  # of which live bets (an uncalled bet is measured on these)
        self.folded: set[str] = set()
        self.big_blind_posted = False
        self.seated = {name: player.seat for name, player in elements.players.items()}

    def game_of(self) -> Game:
        """The session's game; with no game word (five-card Omaha, as fpdb reads it) the pocket cards
        decide, when every player's pocket holds the same other number of cards."""
        session = self.session
        if session.game_word or session.game is not Game.OMAHA5:
            return session.game
        counts = {len(texts) for texts, _ in self.elements.pockets.values()}
        if len(counts) == 1:
            return POCKET_GAMES.get(counts.pop(), Game.OMAHA5)
        return Game.OMAHA5

    def betting_round(self, round_no: int) -> int:
        """Rounds that are one betting round: the posts and preflop (flop games), up to the first stud round."""
        return max(round_no, 1 if self.flop_game else 2)

    def ordered(self) -> list[ActionText]:
        """The actions in the hand's sequence (`no`); where the numbers put an action before one of an
        earlier betting round, the document's rounds are kept (and the line reported)."""
        acts = sorted(self.elements.acts, key=lambda act: (act.no, act.index))
        last = 0
        for act in acts:
            current = self.betting_round(act.round_no)
            if current < last:
                reason = f"action no={act.no} of round {act.round_no} is numbered before an action of a later round"
                self.elements.defect(act.element, reason, inconsistent=True)
                rounds = self.betting_round
                return sorted(self.elements.acts, key=lambda item: (rounds(item.round_no), item.no, item.index))
            last = current
        return acts

    def stakes(self) -> tuple[Stakes, int]:
        """The stakes and the nominal big blind (a larger type-2 post is small and big blind together).
        Cash games print them (`$0.25/$0.50`; fixed limit: the bets); tournament games do not: their big
        blind is the first big blind posted in full (not all in), their small blind half of it (what the
        corpus's levels and the usual structures post), so that two blinds that disagree are reported."""
        session = self.session
        elements = self.elements
        try:
            pair = session.pair(elements.decimals)
        except AmountError as error:  # (the stakes not read: the blinds are the posts', the line not read)
            reason = f"the game type's stakes are not amounts: {error}"
            elements.defects.append(Defect(session.line, session.game_text, reason))
            pair = None
        antes: list[int] = []
        full: dict[str, list[int]] = {"1": [], "2": []}  # blinds posted in full, by type
        for act in sorted(elements.acts, key=lambda act: (act.no, act.index)):
            if act.type_text not in ("1", "2", "15"):
                continue
            try:
                value = session.money(act.sum_text, elements.decimals)
            except AmountError:
                continue  # (the post is a line not read where it is read)
            if act.type_text == "15":
                antes.append(value)
                continue
            player = elements.players.get(act.player)
            if player is None or value < player.seat.stack:
                full[act.type_text].append(value)
        ante = max(antes) if antes else None
        if pair is None:  # a tournament: from the posts
            big = full["2"][0] if full["2"] else (2 * full["1"][0] if full["1"] else None)
            if session.structure is Structure.FIXED_LIMIT:
                return Stakes(None, None, big, 2 * big if big is not None else None, ante), big or 0
            return Stakes(big // 2 if big is not None else None, big, ante=ante), big or 0
        if session.structure is Structure.FIXED_LIMIT:
            return Stakes(None, None, pair[0], pair[1], ante), pair[0]
        return Stakes(pair[0], pair[1], ante=ante), pair[1]

    # ---- the actions --------------------------------------------------------------------------------
    def play(self, acts: list[ActionText], big_blind: int) -> list[int]:
        """Every action through the ledger, in order; the board markers are numbered in between, each
        before the first action of its round (their orders come back, by board index)."""
        ledger = Ledger(TO, TO)
        ledger.nominal_big_blind = big_blind
        stacks = {name: player.seat.stack for name, player in self.elements.players.items()}
        boards = self.elements.boards
        markers = sorted(range(len(boards)), key=lambda index: (boards[index][0], boards[index][2]))
        marker_orders = [0] * len(boards)
        street_of = FLOP_STREETS if self.flop_game else STUD_STREETS
        current = -1
        order = 0
        pending = 0  # the next board marker to number
        for act in acts:
            while pending < len(markers) and boards[markers[pending]][0] <= act.round_no:
                order += 1
                marker_orders[markers[pending]] = order
                pending += 1
            betting = self.betting_round(act.round_no)
            if betting != current:
                if current >= 0:
                    ledger.new_round()
                current = betting
            order += 1
            street = street_of.get(act.round_no, Street.RIVER)
            self.act(act, order, street, ledger, stacks, big_blind)
        for index in markers[pending:]:
            order += 1
            marker_orders[index] = order
        return marker_orders

    def act(
        self,
        act: ActionText,
        order: int,
        street: Street,
        ledger: Ledger,
        stacks: dict[str, int],
        big_blind: int,
    ) -> None:
        name = act.player
        source = self.elements.src(act.line)
        seat = self.seated.get(name)
        seat_no = seat.seat if seat is not None else None
        code = whole_number(act.type_text) if act.type_text.isdecimal() else -1
        if code == JOINED:
            self.elements.events.append(Event("joined", "no action this hand (joined the table)", street, source, name))
            return
        if code == SITTING_OUT:
            self.elements.events.append(Event("sitting-out", f"{name} is sitting out", street, source, name))
            if name in self.added or name in self.elements.pockets:  # in the hand (an ante posted): out of it now
                self.folded.add(name)
                self.actions.append(Action(street, name, seat_no, _FOLD, 0, source, None, order=order))
            return
        if code in (FOLD, CHECK):
            kind = _FOLD if code == FOLD else ActionKind.CHECK
            if code == FOLD:
                self.folded.add(name)
            self.actions.append(Action(street, name, seat_no, kind, 0, source, None, order=order))
            return
        if code == ALL_IN and act.sum_text == DISCONNECTED:
            self.elements.events.append(Event("disconnected", f"{name} is all in, disconnected", street, source, name))
            action = Action(street, name, seat_no, ActionKind.CHECK, 0, source, None, True, True, order=order)
            self.actions.append(action)
            return
        if code not in (SMALL_BLIND, BIG_BLIND, ANTE, BRING_IN, CALL, BET, RAISE, ALL_IN, RAISE_TO):
            self.elements.defect(act.element, f"unknown action type {act.type_text!r}")
            return
        value = self.elements.money(act.element, "sum", act.sum_text)
        if value is None:
            return
        own = ledger.street_bets.get(name, 0)
        if code in (SMALL_BLIND, BIG_BLIND, ANTE, BRING_IN):
            kind = self.post_kind(code, value, big_blind)
            to = ledger.post(kind, name, value)
            added = value
            raise_to: int | None = to
        else:
            target = value if code == RAISE_TO else own + value
            if code == CALL or (code == ALL_IN and target <= ledger.high):
                kind = _CALL
            else:
                kind = _BET if ledger.high == 0 else _RAISE
            if kind is _BET:
                added, raise_to, _ = ledger.wager(kind, name, target - own, None, False)
            else:
                added, raise_to, _ = ledger.wager(kind, name, target, target, False)
        self.added[name] = self.added.get(name, 0) + added
        live = (raise_to or own) - own if kind not in _DEAD else 0
        self.live_in[name] = self.live_in.get(name, 0) + live
        all_in = code == ALL_IN
        if name in stacks:
            stacks[name] -= added
            all_in = all_in or (added > 0 and stacks[name] <= 0)
        self.actions.append(Action(street, name, seat_no, kind, added, source, raise_to, all_in, order=order))

    def post_kind(self, code: int, value: int, big_blind: int) -> ActionKind:
        """The first type-2 post is the big blind, whatever its amount; a later one above the big blind is
        a missed small and big blind posted together (fpdb: `both`)."""
        if code == SMALL_BLIND:
            return ActionKind.POST_SMALL_BLIND
        if code == ANTE:
            return ActionKind.POST_ANTE
        if code == BRING_IN:
            return ActionKind.BRING_IN
        first = not self.big_blind_posted
        self.big_blind_posted = True
        if not first and big_blind and value > big_blind:
            return _SMALL_AND_BIG
        return ActionKind.POST_BIG_BLIND

    # ---- the hand -----------------------------------------------------------------------------------
    def make(self) -> Hand:
        """The hand: the actions in order, the streets, the cards, the results."""
        elements, session = self.elements, self.session
        stakes, big_blind = self.stakes()
        marker_orders = self.play(self.ordered(), big_blind)
        boards = self.board_streets(marker_orders)
        dealt, shown = self.hole_cards()
        for problem in session.problems:
            elements.defects.append(Defect(session.line, session.game_text, problem))
        truncated = self.check_totals(boards)
        collected = self.collected() if self.has_results() else []
        final = max([action.order for action in self.actions] + [deal.order for deal in self.streets], default=0) + 1
        showdown, marks = self.showdown(shown, final, truncated)
        hero = session.hero if session.hero in elements.players else None
        tournament = Tournament(session.tournament_id, session.buy_in, None) if session.tournament else None
        place = elements.place
        started = (self.general.findtext("startdate") or session.general.get("startdate", "")).strip()
        return Hand(
            room="ipoker",
            format="ipoker",
            hand_id=elements.hand_id,
            source=Source(self.path, place.first_line, place.last_line),
            game=self.game,
            game_text=session.game_text,
            structure=session.structure,
            unit=elements.unit,
            stakes=stakes,
            started=None,  # (the XML names no time zone)
            started_local=started,
            table=session.table,
            table_id=session.table,
            max_seats=session.max_seats,
            button=elements.button,
            seats=tuple(player.seat for player in elements.players.values()),
            actions=tuple(self.actions),
            streets=tuple(self.streets),
            dealt=tuple(dealt),
            showdown=tuple(showdown),
            collected=tuple(collected),
            uncalled=(),
            cash_outs=(),
            events=tuple(sorted(elements.events, key=lambda event: event.source.line)),
            pot=PotSummary(None, None, None, (), Source(self.path, place.first_line, place.last_line)),
            boards=boards,
            summary_seats=(),
            refunds=Refunds.IMPLIED,
            tournament=tournament,
            run_twice=len(boards) > 1,
            showdown_marks=marks,
            hero=hero,
            truncated=truncated,
            defects=tuple(sorted(elements.defects, key=lambda defect: defect.line)),
            play_money=session.play_money,
        )

    def board_streets(self, marker_orders: list[int]) -> tuple[tuple[Card, ...], ...]:
        """The street markers, and the final board of each run (a run-twice hand's streets after the all-in
        carry `run="1"` and `run="2"`)."""
        shared: list[Card] = []
        runs: dict[int, list[Card]] = {}
        boards = self.elements.boards
        for index in sorted(range(len(boards)), key=lambda i: (boards[i][0], boards[i][2])):
            _, street, run, texts, line = boards[index]
            known, hidden = self.elements.cards(texts, line, f"the {street.value} cards")
            if hidden:
                self.elements.defects.append(Defect(line, " ".join(texts), "a board card is not shown"))
            new = tuple(known)
            source, order = self.elements.src(line), marker_orders[index]
            if street is Street.PREFLOP:  # Courchevel's first flop card, dealt before the preflop betting
                self.streets.append(StreetDeal(street, 0, new, new, source, False, order))
                continue
            if run == 0:
                shared.extend(known)
                for cards in runs.values():
                    cards.extend(known)
                cards_now = tuple(shared)
            else:
                cards_list = runs.setdefault(run, list(shared))
                cards_list.extend(known)
                cards_now = tuple(cards_list)
            self.streets.append(StreetDeal(street, run, cards_now, new, source, False, order))
        if runs:
            return tuple(tuple(runs[run]) for run in sorted(runs))
        return (tuple(shared),) if shared else ()

    def hole_cards(self) -> tuple[list[DealtCards], dict[str, tuple[tuple[Card, ...], int]]]:
        """Every pocket the text shows (DealtCards), and those shown cards by player (with their line)."""
        dealt: list[DealtCards] = []
        shown: dict[str, tuple[tuple[Card, ...], int]] = {}
        elements = self.elements
        for name, (texts, line) in elements.pockets.items():
            known, hidden = elements.cards(texts, line, f"{name}'s pocket cards")
            if known and hidden:
                elements.defects.append(Defect(line, " ".join(texts), f"{name}'s pocket cards are partly hidden"))
            elif known:
                dealt.append(DealtCards(name, tuple(known), elements.src(line)))
                shown[name] = (tuple(known), line)
        seen: dict[str, list[Card]] = {}
        for name, _, texts, line in elements.stud_cards:  # stud: each street's cards, after those before it
            known, _hidden = elements.cards(texts, line, f"{name}'s cards")
            before = seen.setdefault(name, [])
            if before:
                dealt.append(DealtCards(name, tuple(before), elements.src(line), tuple(known)))
            elif known:
                dealt.append(DealtCards(name, tuple(known), elements.src(line)))
            before.extend(known)
        return dealt, shown

    def check_totals(self, boards: tuple[tuple[Card, ...], ...]) -> bool:
        """Each player's `bet` against what their actions put in; True when the game is cut off (no
        results printed, or an unclosed game whose betting stops short)."""
        elements = self.elements
        unit = self.elements.unit
        if not self.has_results():
            return True  # blinds only, no `win` and `bet`: the partial export's games
        cut = False
        # (with an action not read, what the actions put in is not known: the bets are not evidence)
        judged = not any(defect.not_read for defect in elements.defects)
        for name, player in elements.players.items():
            if player.bet is None:
                continue
            put = self.added.get(name, 0)
            if put == player.bet:
                continue
            if not elements.place.closed and put < player.bet:
                cut = True
                continue
            if not judged:
                continue
            text = f"bet={unit.format(player.bet)}"
            reason = f"{name}'s bet ({unit.format(player.bet)}) is not what the actions put in ({unit.format(put)})"
            elements.defects.append(Defect(player.seat.source.line, text, reason, inconsistent=True))
        if not elements.place.closed and self.flop_game:
            acted = {action.player for action in self.actions}
            left = [name for name in acted if name not in self.folded]
            if len(left) > 1 and not any(len(board) == 5 for board in boards):
                cut = True  # the file ends before the hand does
        return cut

    def has_results(self) -> bool:
        return any(player.win is not None or player.bet is not None for player in self.elements.players.values())

    def collected(self) -> list[Collected]:
        """What each player received (`win`), without the uncalled chips old clients pay back inside it."""
        elements, session = self.elements, self.session
        refund = uncalled_bet(self.live_in) if session.refunds_in_win else None
        out: list[Collected] = []
        for name, player in elements.players.items():
            win = player.win or 0
            if refund is not None and refund[0] == name:
                if win >= refund[1]:
                    win -= refund[1]
                else:
                    unit = elements.unit
                    reason = f"{name}'s win ({unit.format(win)}) does not hold the uncalled {unit.format(refund[1])}"
                    line = player.seat.source.line
                    elements.defects.append(Defect(line, f"win={unit.format(win)}", reason, inconsistent=True))
                    win = 0
            if win > 0:
                out.append(Collected(name, win, ALL_POTS, "all pots", 0, player.seat.source))
        return out

    def showdown(
        self, shown: dict[str, tuple[tuple[Card, ...], int]], order: int, truncated: bool
    ) -> tuple[list[ShowdownLine], tuple[ShowdownMark, ...]]:
        """The players left at the end show the cards the text gives them; hidden cards and no win: mucked."""
        elements = self.elements
        acted = {action.player for action in self.actions}
        left = [name for name in elements.players if name in acted and name not in self.folded]
        if len(left) < 2 or truncated:
            return [], ()
        lines: list[ShowdownLine] = []
        for name in left:
            player = elements.players[name]
            if name in shown:
                cards, line = shown[name]
                lines.append(ShowdownLine(name, ShowdownKind.SHOWS, cards, None, 0, elements.src(line), order))
            else:
                kind = ShowdownKind.DOESNT_SHOW if player.win else ShowdownKind.MUCKS
                lines.append(ShowdownLine(name, kind, (), None, 0, player.seat.source, order))
        return lines, (ShowdownMark(0, order, Source(self.path, elements.place.last_line, elements.place.last_line)),)


def uncalled_bet(live: dict[str, int]) -> tuple[str, int] | None:
    """The live bet nobody matched: (player, the largest less the next largest), or None (UC-1)."""
    top, top_amount, second = "", 0, 0
    for name, amount in live.items():
        if amount > top_amount:
            top, top_amount, second = name, amount, top_amount
        elif amount > second:
            second = amount
    excess = top_amount - second
    return (top, excess) if top and excess > 0 and len(live) > 1 else None


def read_game(root: Element, session: Session, place: Place) -> Hand | UnreadableHand:
    """The hand of one `<game>` element; never raises (a reader bug is OA104 on the game). A tournament's
    chips with decimals are read again in hundredths."""
    try:
        elements = GameElements(root, session, place)
        hand = _make(elements, root, place)
        if elements.finer and session.tournament and elements.decimals == 0:
            hand = _make(GameElements(root, session, place, 2), root, place)
        return hand
    except Exception as error:  # a reader bug must not lose the rest of the file, nor pass for an unreadable game
        return crashed_at(place.path, place.first_line, place.last_line, error, root.get("gamecode"), "ipoker")


def _make(elements: GameElements, root: Element, place: Place) -> Hand | UnreadableHand:
    problem = elements.read()
    general = root.find("general")
    if problem is not None or general is None:
        return problem or unreadable(place, place.first_line, "the game has no <general> block", None)
    return HandMaker(elements, general).make()
