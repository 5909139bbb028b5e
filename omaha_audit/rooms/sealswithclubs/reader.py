"""Read a Seals With Clubs hand block (ROOMS.md 24): the PokerStars reader with Seals With Clubs' grammar.

What the text says, and how it is read:

- the header gives the hand id (`5297786-137`) and a time without a zone; the `Game:` line the game, the
  limit, the buy-in range and the stakes: `Blinds 1/1` (equal blinds, as the posts show), fixed limit's
  `Stakes 2/4` (the small and the big bet, over blinds of 1 and 2); amounts are millibitcoins;
- `Player4 has the dealer button` names the button by its player;
- lines without a colon; `raises to 3` prints the street total, `calls 2` and `bets 6` the chips added;
  `posts small & big blind 1.50` (blinds 0.50/1) a returning player's live big blind and dead small blind;
- the turn and the river print only their new card (`** Turn ** [Qd]`);
- `Hero refunded 6` returns the uncalled bet;
- no summary and no total pot: each pot's award after its rake (`Hero wins Pot (11.70) with a Pair`,
  `Player2 wins Side Pot 1 (2)`, `Hero wins Main Pot (6)`), then that pot's `Rake (0.30)`; a side pot
  nobody contests is awarded before the main pot's `** Main Pot Show Down ** [board]`;
- `Player0 adds 3 chips`: a top-up for the next hand (an event).
"""

from __future__ import annotations

import re
from typing import Any, Final

from omaha_audit.model import (
    Action,
    ActionKind,
    Collected,
    Game,
    Half,
    PotBasis,
    PotSummary,
    Refunds,
    Source,
    Stakes,
    Street,
    StreetDeal,
    Structure,
)
from omaha_audit.model.numbers import whole_number
from omaha_audit.parse.ledger import ADDED, TO
from omaha_audit.parse.lexer import LineToken
from omaha_audit.parse.times import parse_started
from omaha_audit.rooms.kit.amounts import read_amount
from omaha_audit.rooms.pokerstars.header import HeaderInfo
from omaha_audit.rooms.pokerstars.reader import BOARD_STREETS, HandBuilder, Reading, StarsReader

GAMES: Final = {"Hold'em": Game.HOLDEM, "Omaha": Game.OMAHA, "Omaha Hi-Lo": Game.OMAHA_HI_LO}
STRUCTURES: Final = {"NL": Structure.NO_LIMIT, "PL": Structure.POT_LIMIT, "Limit": Structure.FIXED_LIMIT}
LIMIT_WORDS: Final = {"NL": "No Limit", "PL": "Pot Limit", "Limit": "Limit"}
HALVES: Final = {"Hi": Half.HIGH, "Lo": Half.LOW}
CURRENCY: Final = "mBTC"  # (millibitcoins, two decimals)
_MAX_SEATS: Final = re.compile(r"\b(\d+)(?:max|half|deep)\b|\b(HU)\b")


class SealsReader(StarsReader):
    """Reads Seals With Clubs hand blocks (grammar/sealswithclubs.lark)."""

    format = "sealswithclubs"
    grammar = "sealswithclubs"
    raise_number = TO
    call_number = ADDED

    def header_info(self, fields: dict[str, str | None]) -> HeaderInfo:
        """The header's hand id and time; the game comes from the `Game:` line (see make_builder)."""
        started_local = fields["started"] or ""
        return HeaderInfo(
            room="sealswithclubs",
            kind="hand",
            hand_id=fields["hand_id"] or "",
            game=Game.OTHER,
            game_text="",
            structure=Structure.NO_LIMIT,
            mixed=None,
            club=None,
            tournament=None,
            stakes_text="",
            currency=CURRENCY,
            started_local=started_local,
            started=parse_started(started_local),  # (no zone is printed: None)
        )

    def table_fields(self, tokens: list[LineToken]) -> dict[str, str | Any]:
        """`Table: PLO 9max 1/1 #1` (the seats in the name), and the seat of the player with the button."""
        table = next((m["table"] for kind, _, _, m in tokens[:4] if kind == "TABLE"), "")
        button_name = next((m["name"] for kind, _, _, m in tokens if kind == "BUTTON"), None)
        button = next((m["seat"] for kind, _, _, m in tokens if kind == "SEAT" and m["name"] == button_name), None)
        found = _MAX_SEATS.search(table)
        max_seats = (found.group(1) or "2") if found else None
        return {"table": table, "button": button, "max_seats": max_seats}

    def make_builder(self, reading: Reading, raise_number: str | None = None) -> HandBuilder:
        game = next((m for kind, _, _, m in reading.tokens[:3] if kind == "GAME"), None)
        if game is not None:
            reading.info = with_game(reading.info, game)
        return SealsBuilder(self, reading, raise_number)


def with_game(info: HeaderInfo, game: re.Match[str]) -> HeaderInfo:
    """The header with the `Game:` line's game, limit and stakes (`PL Omaha (20 - 100) - Blinds 1/1`)."""
    limit = game["limit"]
    return HeaderInfo(
        room=info.room,
        kind=info.kind,
        hand_id=info.hand_id,
        game=GAMES[game["game"]],
        game_text=f"{LIMIT_WORDS[limit]} {game['game']} ({game['buy_in']})",
        structure=STRUCTURES[limit],
        mixed=None,
        club=None,
        tournament=None,
        stakes_text=f"{game['small']}/{game['big']}",
        currency=info.currency,
        started_local=info.started_local,
        started=info.started,
    )


class SealsBuilder(HandBuilder):
    """Seals With Clubs' own lines: the stakes, the street lines, the combined blinds, the awards and the
    rake of each pot."""

    def __init__(self, reader: StarsReader, reading: Reading, raise_number: str | None = None) -> None:
        super().__init__(reader, reading, raise_number)
        self.rake: int | None = None
        self.rake_source: Source | None = None

    def read_stakes(self) -> Stakes:
        small_text, _, big_text = self.info.stakes_text.partition("/")
        if not big_text:
            raise ValueError("no stakes on the `Game:` line")
        decimals = self.unit.decimals
        small, big = read_amount(small_text, decimals, decimal="."), read_amount(big_text, decimals, decimal=".")
        if self.info.structure is Structure.FIXED_LIMIT:
            return Stakes(None, None, small_bet=small, big_bet=big)
        return Stakes(small, big)

    def board_line(self, kind: str, m: re.Match[str], line: int, text: str, source: Source) -> None:
        """`** Flop ** [3d 4h 2d]`, then `** Turn ** [Qd]` and `** River ** [8h]`: the new card only."""
        street = BOARD_STREETS[kind]
        self.street, self.run = street, 0
        self.new_round()
        new = self.cards(m["cards"], line)
        board = new if street is Street.FLOP or not self.streets else self.streets[-1].cards + new
        self.streets.append(StreetDeal(street, 0, board, new, source, False, line))

    def other_line(self, kind: str, m: re.Match[str], line: int, text: str, source: Source) -> None:
        if kind == "WINS":
            side = m["side"]
            half = HALVES.get(m["kind"] or "")
            index = whole_number(side) if side else 0
            name = self.player(kind, text, m["name"])
            amount = self.amount(m["amount"], line)
            self.collected.append(Collected(name, amount, index, m["pot"], 0, source, half))
        elif kind == "RAKE":
            self.rake = (self.rake or 0) + self.amount(m["amount"], line)
            if self.rake_source is None:
                self.rake_source = source
        elif kind == "POST_BOTH":
            name = self.player(kind, text, m["name"])
            chips = self.amount(m["amount"], line)
            both = ActionKind.POST_SMALL_AND_BIG_BLIND
            self.add_post(both, name, chips, source, line)
        elif kind in ("GAME", "SITE", "TABLE", "BUTTON"):
            return
        else:
            super().other_line(kind, m, line, text, source)

    def add_post(self, kind: ActionKind, name: str, chips: int, source: Source, line: int) -> None:
        to = self.post(kind, name, chips)
        self.actions.append(Action(self.street, name, self.players.get(name), kind, chips, source, to, order=line))

    # ---- the result ----------------------------------------------------------------------
    def requires_pot_line(self) -> bool:
        return False

    def refunds(self) -> Refunds:
        return Refunds.LINE

    def pot_summary(self) -> PotSummary | None:
        """No total pot; the rake of every pot (the awards are net of it)."""
        source = self.rake_source or (self.collected[0].source if self.collected else None)
        if source is None:
            return None
        return PotSummary(None, self.rake, None, (), source, PotBasis.GROSS, PotBasis.NET, PotBasis.NET)
