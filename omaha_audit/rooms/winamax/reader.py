"""Read one Winamax hand block into the model, with the PokerStars family reader (ROOMS.md section 5).

The line classifier and the LALR check are PokerStars' (`StarsReader`, grammar/winamax.lark); this module
settles what Winamax's lines mean:

- posts: `posts small blind 2€ out of position` is dead money (a small blind's worth put in by a player
  coming back between the blinds); `posts small blind 3€ out of position` then `posts big blind 0€ out
  of position` is the "post both" pair: small and big blind together, 1 dead and 2 live (the second line
  adds nothing and becomes an event); `posts big blind 0.05€ out of position` is a live big blind;
- raises: `raises X to Y`, Y the street total; Winamax's X is Y less the most any player has in front of
  them *dead blind money included* (`Player3 raises 14€ to 20€` over a big blind of 4 and a player with 2
  dead + 4 called; antes are not counted). The model's increment is the size over the previous high bet
  the line states, so X is carried over into those terms (X plus that dead excess): the line is judged
  as Winamax writes it, not as a wrong raise size. By that arithmetic X is below zero where a short all-in
  raise tops the bet but not some player's bet and dead money together (`raises -0.12€ to 3.48€` over a
  bet of 3.10€ and 0.50€ dead): read so; a negative amount anywhere else is a reading finding;
- no `Uncalled bet` line: the excess is paid back inside `collected` (Refunds.IN_COLLECTED), and the
  `Total pot` is net of the rake and still holds it (PotBasis.NET_WITH_REFUNDS);
- tournament totals in thousands (`Total pot 15.52k`) are rounded to ten chips: such a total is not
  exactly known, so the model has none (PotSummary.total None, the printed figure kept as a
  `rounded-total` event); the awards are then checked against the chips put in instead;
- awards: one `collected` line per winner, not per pot, where an all-in makes several pots: spread over
  the pots in awards.py;
- hi/lo: awards `from pot(HI)` / `pot(LO)` set `Collected.half`; a player's second `shows` line (the
  low) and a winner's second summary line are folded into the first; a game labelled hi/lo whose pot
  went to a showdown and was awarded without a half was dealt high only (Winamax's `5 Card Omaha Hi/Lo`
  tables): it is read as the high game, and the label is reported as a defect of the header line.

Winamax's hand ids have three parts (`9247976-238-1478874600`), kept as printed; times are printed in
UTC (`started` is aware).
"""

from __future__ import annotations

import re
from typing import Final

from omaha_audit.model import (
    Action,
    ActionKind,
    Collected,
    Defect,
    Event,
    Half,
    Hand,
    PotBasis,
    PotSummary,
    Refunds,
    ShowdownLine,
    Source,
    Stakes,
    Street,
    Structure,
    SummarySeat,
    Tournament,
)
from omaha_audit.model.numbers import whole_number
from omaha_audit.parse.ledger import INCREMENT
from omaha_audit.rooms.kit.amounts import read_amount
from omaha_audit.rooms.pokerstars.header import HeaderInfo
from omaha_audit.rooms.pokerstars.reader import AmountError, HandBuilder, Reading, StarsReader
from omaha_audit.rooms.pokerstars.summary import PotLine
from omaha_audit.rooms.winamax.awards import build_pots, per_pot
from omaha_audit.rooms.winamax.header import HIGH_ONLY, read_header, tournament_table

_HALVES: Final = {"HI": Half.HIGH, "LO": Half.LOW}
_PREFLOP: Final = Street.PREFLOP
_SUMMARY: Final = Street.SUMMARY
_ANTE: Final = ActionKind.POST_ANTE
_SMALL: Final = ActionKind.POST_SMALL_BLIND
_BIG: Final = ActionKind.POST_BIG_BLIND
_DEAD: Final = ActionKind.POST_DEAD
_RAISE: Final = ActionKind.RAISE
_BOTH: Final = ActionKind.POST_SMALL_AND_BIG_BLIND
_MISLABEL: Final = "the header says {label}, but no award is a high or a low half (no pot(HI)/pot(LO)): read as {game}"


class WinamaxReader(StarsReader):
    """Winamax's text: the PokerStars reader with Winamax's grammar, header and lines."""

    format = "winamax"
    grammar = "winamax"
    raise_number = INCREMENT

    def header_info(self, fields: dict[str, str | None]) -> HeaderInfo:
        return read_header(fields)

    def make_builder(self, reading: Reading, raise_number: str | None = None) -> HandBuilder:
        return WinamaxBuilder(self, reading, raise_number)


class WinamaxBuilder(HandBuilder):
    """The PokerStars builder, with Winamax's posts, awards, pot line and hi/lo lines."""

    pot_line_kinds: tuple[str, ...] = ("SUMMARY_POT",)

    def __init__(self, reader: StarsReader, reading: Reading, raise_number: str | None = None) -> None:
        super().__init__(reader, reading, raise_number)
        self.dead_bets: dict[str, int] = {}  # dead money in front of each player on this betting round
        self.dead_total: dict[str, int] = {}  # each player's dead blind money in the hand
        self.total: int | None = None  # the printed Total pot (None: not printed, or rounded)
        self.rake: int | None = None

    # ---- betting ---------------------------------------------------------------------------------
    def new_round(self) -> None:
        super().new_round()
        self.dead_bets = {}

    def wager(
        self, kind: ActionKind, name: str, first: int, total: int | None, stated: bool
    ) -> tuple[int, int | None, int | None]:
        """The ledger's reading, with Winamax's raise size turned into the model's: Winamax measures X
        from the most any player has in front of them, dead money included."""
        dead_bets = self.dead_bets
        if first < 0 and (kind is not _RAISE or not dead_bets or total is None):
            raise AmountError(f"a negative amount where only a raise over dead money has one: {self.text!r}", self.line)
        if not dead_bets:
            return super().wager(kind, name, first, total, stated)
        high = self.high
        base = high
        for player, dead in dead_bets.items():
            in_front = self.street_bets.get(player, 0) + dead
            if in_front > base:
                base = in_front
        added, to, increment = super().wager(kind, name, first, total, stated)
        if increment is not None and base != high:
            increment += base - high
        return added, to, increment

    def parse_money(self, text: str) -> int:
        """An amount as Winamax prints it in a hand (`0.02€`, `138.36€`, `5€`, `1500`, `7410.50`), read by the
        kit with a decimal point: every amount of a hand is written so (only the buy-in, kept as printed, has
        been written with a decimal comma, `buyIn: 0,90€ + 0,10€`), so a comma is a thousands mark and `5,0€` no
        amount, never five euros. Raises AmountError (a ValueError)."""
        return read_amount(text, self.unit.decimals, decimal=".", signed=text.startswith("-"))

    def read_stakes(self) -> Stakes:
        """The header's stakes (`1€/2€`, `0.10/0.20`, `10/20`), with the ante of a three-number header
        (`15/75/150`, `5€/25€/50€`); fixed limit: the small and the big bet. Raises ValueError."""
        stakes = self.tokens[0][3]["stakes"] or ""
        parts = [part.strip() for part in stakes.split("/")]
        if len(parts) not in (2, 3):
            raise ValueError(f"stakes {stakes!r} are not 'small/big' or 'ante/small/big'")
        try:
            small, big = self.parse_money(parts[-2]), self.parse_money(parts[-1])
            ante = self.parse_money(parts[0]) if len(parts) == 3 else None
        except ValueError as error:
            raise ValueError(f"stakes {stakes!r}: {error}") from None
        if self.info.structure is Structure.FIXED_LIMIT:
            return Stakes(None, None, small, big, ante)
        return Stakes(small, big, None, None, ante)

    def card_texts(self, text: str) -> list[str]:
        """Stud prints the cards it does not show as `X`: they are left out."""
        return [part for part in text.split() if part != "X"]

    # ---- Winamax's own lines -------------------------------------------------------------------
    def other_line(self, kind: str, m: re.Match[str], line: int, text: str, source: Source) -> None:
        if kind == "BLIND":
            self.blind(m, line, text, source)
        elif kind == "AWARD":
            side = m["side"]
            self.collected.append(
                Collected(
                    self.player(kind, text, m["name"]),
                    self.amount(m["amount"], line),
                    whole_number(side) if side else 0,
                    m["pot"],
                    self.run,
                    source,
                    _HALVES.get(m["half"] or ""),
                )
            )
        elif kind == "SUMMARY_POT":
            self.pot_source = source
            self.rake = rake = self.amount(m["rake"], line) if m["rake"] else 0
            if m["thousands"]:
                # `15.52k`: thousands to two decimals, so only known to ten chips
                self.events.append(Event("rounded-total", text, _SUMMARY, source))
            else:
                self.total = self.amount(m["total"], line)
            self.pot_line = PotLine(self.total or 0, rake, None, (), [])
        elif kind == "PREFLOP_CARD":
            self.street, self.run = _PREFLOP, 0
            super().other_line(kind, m, line, text, source)
        elif kind == "BET_ROUND":
            if m["round"] == "FIRST":  # draw games: the first betting round (later ones follow a draw)
                self.street, self.run = _PREFLOP, 0
        elif kind != "ANTE_BLINDS":
            super().other_line(kind, m, line, text, source)

    def blind(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        """A `posts small blind|big blind|ante` line (module docstring for `out of position`), or fpdb's
        `posts dead blind (0.25€)` (dead) and `posts small & big blind ( 0.75€)` (both blinds)."""
        name = self.player("BLIND", text, m["name"])
        chips = self.amount(m["amount"], line)
        what = m["what"]
        out_of_position = m["out_of_position"] is not None
        if what == "ante":
            kind = _ANTE
        elif what == "dead blind":
            kind = _DEAD
        elif what == "small & big blind":
            kind = _BOTH
        elif what == "big blind":
            if out_of_position and chips == 0:
                # the second line of "post both": its chips are in the small-blind line before it
                self.events.append(Event("post-both-big-blind", text, self.street, source, name))
                return
            kind = _BIG
        elif not out_of_position:
            kind = _SMALL
        else:
            kind = _BOTH if chips > self.small_blind() else _DEAD
        own = self.street_bets.get(name, 0)
        to = self.post(kind, name, chips)
        dead = chips - (to - own) if kind is _DEAD or kind is _BOTH else 0
        if dead:
            self.dead_bets[name] = self.dead_bets.get(name, 0) + dead
            self.dead_total[name] = self.dead_total.get(name, 0) + dead
        self.actions.append(
            Action(
                self.street,
                name,
                self.players.get(name),
                kind,
                chips,
                source,
                to,
                m["all_in"] is not None,
                False,
                None,
                None,
                line,
            )
        )

    def mislabelled(self) -> bool:
        """A game labelled hi/lo whose pot went to a showdown and was awarded with no high or low half:
        Winamax marks the halves of every hi/lo award (even a pot won without a showdown, as its stud
        hand shows), so the table was dealt high only. (An uncontested pot is no evidence either way.)"""
        awards = self.collected
        if not awards or any(award.half is not None for award in awards):
            return False
        return len({line.player for line in self.showdown}) >= 2

    def small_blind(self) -> int:
        """The small blind: the header's, else (fixed limit) the one posted, else half the small bet."""
        small = self.stakes.small_blind
        if small is not None:
            return small
        for action in self.actions:
            if action.kind is _SMALL:
                return action.amount
        return (self.stakes.small_bet or 0) // 2

    # ---- the result ----------------------------------------------------------------------------
    def refunds(self) -> Refunds:
        return Refunds.IN_COLLECTED

    def pot_summary(self) -> PotSummary | None:
        source = self.pot_source
        if source is None:
            return None
        return PotSummary(
            self.total, self.rake, None, (), source, PotBasis.NET_WITH_REFUNDS, PotBasis.NET, PotBasis.NET
        )

    def table_id(self, table: str) -> str:
        """The table's name: a tournament table's holds the tournament and table numbers."""
        return table

    def tournament(self) -> Tournament | None:
        """The header's tournament, numbered from its table's name (`No Limit Hold'em(1853325)#0`)."""
        tournament = self.info.tournament
        if tournament is None:
            return None
        numbers = tournament_table(self.table.get("table") or "")
        number = numbers[0] if numbers else tournament.tournament_id
        return Tournament(number, tournament.buy_in, tournament.level, tournament.match_round)

    def finish(self) -> Hand:
        self.showdown = _fold_second_shows(self.showdown)
        self.summary_seats = _fold_second_seats(self.summary_seats)
        collected = self.collected
        if collected and (any(award.pot for award in collected) or any(action.all_in for action in self.actions)):
            # several pots need an all-in player: only then are the award lines spread over pots
            pots = build_pots(self.seats, self.actions, self.dead_total)
            seat_of = {seat.player: seat.seat for seat in self.seats}
            button = self.table.get("button")
            self.collected = per_pot(
                self.collected, pots, self.rake or 0, seat_of, whole_number(button) if button else None
            )
        high_only = HIGH_ONLY.get(self.info.game)
        if high_only is not None and self.mislabelled():
            info = self.info
            label = _MISLABEL.format(label=info.game_text, game=high_only.value)
            # the header read whole, contradicted by the awards: the room's record (OA109)
            self.defects.append(Defect(self.block.first_line, self.block.lines[0], label, inconsistent=True))
            self.info = HeaderInfo(
                info.room,
                info.kind,
                info.hand_id,
                high_only,
                info.game_text,
                info.structure,
                info.mixed,
                info.club,
                info.tournament,
                info.stakes_text,
                info.currency,
                info.started_local,
                info.started,
            )
        return super().finish()


def _fold_second_shows(lines: list[ShowdownLine]) -> list[ShowdownLine]:
    """A hi/lo player's two `shows` lines (the high, then the low) as one line with both descriptions."""
    if len(lines) < 2:
        return lines
    out: list[ShowdownLine] = []
    for shown in lines:
        last = out[-1] if out else None
        if last is not None and last.player == shown.player and last.cards == shown.cards and last.run == shown.run:
            high, low = last.description or "", shown.description or ""
            if not high.startswith("HI"):
                high, low = f"HI : {high}", f"LO : {low}"
            out[-1] = ShowdownLine(
                last.player, last.kind, last.cards, f"{high}; {low}", last.run, last.source, last.order
            )
        else:
            out.append(shown)
    return out


def _fold_second_seats(seats: list[SummarySeat]) -> list[SummarySeat]:
    """A hi/lo winner's two summary lines for one seat (`... won 4.96€ with HI : ...`, `... won 4.95€ with
    LO : ...`) as one, with both amounts won."""
    if len(seats) < 2:
        return seats
    out: list[SummarySeat] = []
    for seat in seats:
        last = out[-1] if out else None
        if last is not None and last.seat == seat.seat:
            outcome = last.outcome if last.outcome != "folded" else seat.outcome
            out[-1] = SummarySeat(
                last.seat,
                last.player,
                last.positions,
                outcome,
                last.won + seat.won,
                last.cards or seat.cards,
                f"{last.text} | {seat.text}",
                last.source,
                last.folded_street,
                last.cashed_out or seat.cashed_out,
                last.pot_not_awarded or seat.pot_not_awarded,
            )
        else:
            out.append(seat)
    return out
