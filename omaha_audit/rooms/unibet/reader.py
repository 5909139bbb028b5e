"""Read a Unibet hand block (ROOMS.md 25): the PokerStars reader with Unibet's grammar and lines.

What the text says (one hand in the corpus, `NLHE-EUR-0.05-0.10-202104.Banzi.txt`), and how it is read:

- the header names the table (`€1 NL`), the blinds without a currency sign (`0.05/0.10`: the table's and the
  seats' euro signs say the money), the limit and the game (`No Limit Hold'Em Banzai`), then the time
  before the date, with no zone;
- `Player4 has the button` names the button by its player; `Dealt in Player0` lists the seats dealt in;
- `Hero raises €0.95 to €0.95, and is all-in`: the chips added and the street total;
- no uncalled-bet line: the excess comes back inside `Hero wins €1.10` (Refunds.IN_COLLECTED), which names
  no pot (each player's total over all pots), and `Total pot €1.10 Rake €0` still holds it (0.05 + 0.10
  + 0.95: the 0.85 nobody called included; with no rake taken, whether the total is before or after the
  rake cannot be seen: it is read as ROOMS.md 28 classes it, net and with the refund);
- the summary's `Seat 4: Hero: bet €0.95 and won €1.10, net result: €0.15`: what each player put in
  (returned or not) and got; `won - bet = net result` is checked (a line that disagrees is a defect).
"""

from __future__ import annotations

import re
from typing import Any, Final

from omaha_audit.model import (
    ALL_POTS,
    Collected,
    Defect,
    Game,
    PotBasis,
    PotSummary,
    Refunds,
    Source,
    Stakes,
    Street,
    StreetDeal,
    Structure,
    SummarySeat,
)
from omaha_audit.model.numbers import whole_number
from omaha_audit.parse.ledger import ADDED
from omaha_audit.parse.lexer import LineToken
from omaha_audit.parse.times import parse_started
from omaha_audit.rooms.kit.amounts import SIGNS, FinerThanUnit, read_amount
from omaha_audit.rooms.pokerstars.header import HeaderInfo
from omaha_audit.rooms.pokerstars.reader import BOARD_STREETS, AmountError, HandBuilder, Reading, StarsReader

GAMES: Final = {"Hold'Em": Game.HOLDEM, "Hold'em": Game.HOLDEM, "Omaha": Game.OMAHA, "Omaha Hi/Lo": Game.OMAHA_HI_LO}
STRUCTURES: Final = {
    "No Limit": Structure.NO_LIMIT,
    "Pot Limit": Structure.POT_LIMIT,
    "Fixed Limit": Structure.FIXED_LIMIT,
    "Limit": Structure.FIXED_LIMIT,
}
# the currency signs Unibet's clients print (the kit knows their codes: `kr` is read as SEK)
_SYMBOL: Final = re.compile(r"[AC]\$|[$\u20ac\u00a3\u00a5\u20b9]|\bkr\b|z\u0142|\bFt\b")
_TIME_DATE: Final = re.compile(r"(?P<time>\d\d:\d\d:\d\d) (?P<date>\d{4}/\d\d/\d\d)")


class UnibetReader(StarsReader):
    """Reads Unibet hand blocks (grammar/unibet.lark)."""

    format = "unibet"
    grammar = "unibet"
    raise_number = ADDED
    call_number = ADDED

    def header_info(self, fields: dict[str, str | None]) -> HeaderInfo:
        table = fields["table"] or ""
        stakes_text = fields["stakes"] or ""
        symbol = _SYMBOL.search(stakes_text) or _SYMBOL.search(table)
        game_text = fields["game"] or ""
        limit = fields["limit"] or ""
        started_local = fields["started"] or ""
        order = _TIME_DATE.fullmatch(started_local)
        # (printed time first: read as date and time; no zone is printed, so `started` stays None)
        started = parse_started(f"{order['date']} {order['time']}") if order else None
        return HeaderInfo(
            room="unibet",
            kind="hand",
            hand_id=fields["hand_id"] or "",
            game=GAMES[game_text],
            game_text=" ".join(part for part in (limit, game_text, fields["variant"]) if part),
            structure=STRUCTURES[limit],
            mixed=None,
            club=None,
            tournament=None,
            stakes_text=stakes_text,
            currency=SIGNS.get(symbol.group(), "EUR") if symbol else "chips",
            started_local=started_local,
            started=started,
        )

    def table_fields(self, tokens: list[LineToken]) -> dict[str, str | Any]:
        """The table as the header names it; the button from `Player4 has the button`."""
        button_name = next((m["name"] for kind, _, _, m in tokens if kind == "BUTTON"), None)
        button = next((m["seat"] for kind, _, _, m in tokens if kind == "SEAT" and m["name"] == button_name), None)
        return {"table": tokens[0][3]["table"], "button": button}

    def make_builder(self, reading: Reading, raise_number: str | None = None) -> HandBuilder:
        return UnibetBuilder(self, reading, raise_number)


class UnibetBuilder(HandBuilder):
    """Unibet's own lines: the awards, the pot line and the summary's results."""

    def __init__(self, reader: StarsReader, reading: Reading, raise_number: str | None = None) -> None:
        super().__init__(reader, reading, raise_number)
        self.total: int | None = None
        self.rake: int | None = None
        self.pot_source_line: Source | None = None

    def parse_money(self, text: str) -> int:
        """An amount as Unibet's clients print it (`€0.95`, `€1,250.50`, `kr 12,50`, `1\u00a0500 Ft`): the text
        decides its marks (kit/amounts.py)."""
        return read_amount(text, self.unit.decimals)

    def net_amount(self, text: str, line: int) -> int:
        """The summary's net result, the only amount that may be negative (`€-0.05`)."""
        try:
            return read_amount(text, self.unit.decimals, signed=True)
        except ValueError as error:
            raise AmountError(f"amount {text!r}: {error}", line, isinstance(error, FinerThanUnit)) from None

    def read_stakes(self) -> Stakes:
        small, _, big = self.info.stakes_text.partition("/")
        decimals = self.unit.decimals
        low, high = read_amount(small, decimals), read_amount(big, decimals)
        if self.info.structure is Structure.FIXED_LIMIT:
            return Stakes(None, None, small_bet=low, big_bet=high)
        return Stakes(low, high)

    def board_line(self, kind: str, m: re.Match[str], line: int, text: str, source: Source) -> None:
        street = BOARD_STREETS[kind]
        self.street, self.run = street, 0
        self.new_round()
        cards = self.cards(m["cards"], line)
        before = self.streets[-1].cards if self.streets else ()
        if street is Street.FLOP or (cards[: len(before)] == before and len(cards) > len(before)):
            board, new = cards, cards[len(before) :]
        else:
            board, new = before + cards, cards
        self.streets.append(StreetDeal(street, 0, board, new, source, False, line))

    def other_line(self, kind: str, m: re.Match[str], line: int, text: str, source: Source) -> None:
        if kind == "WINS":
            name = self.player(kind, text, m["name"])
            self.collected.append(Collected(name, self.amount(m["amount"], line), ALL_POTS, "all pots", 0, source))
        elif kind == "SUMMARY_POT":
            self.total = self.amount(m["total"], line)
            self.rake = self.amount(m["rake"], line)
            self.pot_source_line = source
        elif kind == "SUMMARY_RESULT":
            self.result_line(m, line, text, source)
        elif kind in ("SEATED", "BLINDS_MARK", "BUTTON", "DEALT_IN", "PREFLOP"):
            return
        else:
            super().other_line(kind, m, line, text, source)

    def result_line(self, m: re.Match[str], line: int, text: str, source: Source) -> None:
        """`Seat 4: Hero: bet €0.95 and won €1.10, net result: €0.15`."""
        name = self.player(m["name"], text, m["name"])
        bet, won, net = self.amount(m["bet"], line), self.amount(m["won"], line), self.net_amount(m["net"], line)
        if won - bet != net:
            reason = "won less bet is not the net result the line prints"
            self.defects.append(Defect(line, text, reason, inconsistent=True))
        outcome = "collected" if won else "other"
        seat = whole_number(m["seat"])
        self.summary_seats.append(SummarySeat(seat, name, (), outcome, (won,) if won else (), (), text, source))

    # ---- the result ----------------------------------------------------------------------
    def requires_pot_line(self) -> bool:
        return False

    def refunds(self) -> Refunds:
        return Refunds.LINE if self.uncalled else Refunds.IN_COLLECTED

    def pot_summary(self) -> PotSummary | None:
        source = self.pot_source_line
        if source is None:
            return None
        basis = PotBasis.NET_WITH_REFUNDS if self.refunds() is Refunds.IN_COLLECTED else PotBasis.NET
        return PotSummary(self.total, self.rake, None, (), source, basis, PotBasis.NET, PotBasis.NET)
