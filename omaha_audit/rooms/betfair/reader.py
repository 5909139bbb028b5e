"""Read Betfair Poker's text (ROOMS.md section 22) into the hand model, on the "Dealing" family builder
that Everleaf's reader uses (omaha_audit/rooms/everleaf/dealing.py).

What the text means, and how the reader gives it to the model:

- `PL $0.05/$0.10 Omaha - Sunday, October 18, 20:00:00 GMT 2009`: limit, blinds, game, and a time in GMT;
  `Table Death 1 6-max (Real Money)`; `Seat 1: Hero ( $1 )`; amounts (`$0.05`, `$1`, `$1,250.50`) are read by
  the reading kit with a decimal point, the currency from the header's sign;
- `Player2 raises to [$0.30]`: the street total; calls and bets print the chips added (`Player4 calls
  [$0.20]` from the big blind); `Hero goes all-in` is printed on the line before the all-in player's line;
- `** Showdown **`, then `shows [ 7c, 6c, 5h, Jh ] <words>`; `** Hand Conclusion **`, then one `wins $x
  from main pot` / `from side pot #1` line per pot, after the rake; no total pot, no rake and no uncalled
  bet are printed (the rake is what the pot kept, the uncalled bet is left out of the awards).

The corpus's one hand (fpdb's `All.in.river.splitpot`) has $5 in the main pot and pays $4.44 of it, its side
pot of $6.26 in full: the $0.56 kept is 5% of the whole $11.26, taken from the main pot alone (ROOMS.md
22.6). A room may take its rake where it likes (SP-4): the awards are checked pot by pot
for the winner, and the rake for what it is over the hand; nothing here is a finding.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Final

from omaha_audit.model import Game, Stakes, Structure, Unit
from omaha_audit.model.numbers import whole_number
from omaha_audit.parse.ledger import TO
from omaha_audit.parse.lexer import LineToken
from omaha_audit.rooms.everleaf.dealing import DealingHeader, read_money
from omaha_audit.rooms.everleaf.reader import EverleafReader
from omaha_audit.rooms.kit.amounts import currency_of

GAMES: Final = {
    "Omaha": Game.OMAHA,
    "Omaha Hi/Lo": Game.OMAHA_HI_LO,
    "Hold'em": Game.HOLDEM,
    "Texas Hold'em": Game.HOLDEM,
}
STRUCTURES: Final = {"PL": Structure.POT_LIMIT, "NL": Structure.NO_LIMIT, "FL": Structure.FIXED_LIMIT}
_TIME: Final = "%A, %B %d, %H:%M:%S GMT %Y"


class BetfairReader(EverleafReader):
    """Betfair's hand blocks: grammar/betfair.lark, raises printed as the street total."""

    format = "betfair"
    grammar = "betfair"
    raise_number = TO
    decimal: str | None = "."  # (public converters: a decimal point, dollars)

    def complete(self, types: list[str]) -> bool:
        return "SUMMARY_END" in types

    def header(self, tokens: list[LineToken]) -> DealingHeader:
        fields = {kind: m for kind, _, _, m in tokens[:4]}
        game_line, table = fields["GAME"], fields["TABLE"]
        small_text, big_text = game_line["small"], game_line["big"]
        currency = currency_of(small_text)
        if table["money"] == "Play Money":
            unit = Unit("play", 2)
        else:
            unit = Unit(currency, 2) if currency is not None else Unit("chips", 0)
        small = read_money(small_text, unit.decimals, self.decimal)
        big = read_money(big_text, unit.decimals, self.decimal)
        structure = STRUCTURES[game_line["limit"]]
        if structure is Structure.FIXED_LIMIT:
            stakes = Stakes(None, None, small_bet=small, big_bet=big)
        else:
            stakes = Stakes(small, big)
        started_local = game_line["started"]
        try:
            started: datetime | None = datetime.strptime(started_local, _TIME).replace(tzinfo=UTC)
        except ValueError:
            started = None
        max_seats = table["max_seats"]
        return DealingHeader(
            room="betfair",
            hand_id=fields["HEADER"]["hand_id"],
            game=GAMES[game_line["game"]],
            game_text=f"{game_line['game']} {game_line['limit']}",
            structure=structure,
            stakes=stakes,
            unit=unit,
            started_local=started_local,
            started=started,
            table=table["table"],
            table_id=table["table"],
            max_seats=whole_number(max_seats) if max_seats else None,
            tournament=None,
        )
