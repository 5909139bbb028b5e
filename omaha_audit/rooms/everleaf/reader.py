"""Read Everleaf Gaming's text (and its skins': Concord Gaming, Grand Poker) into the hand model (ROOMS.md
section 23), on the family builder of dealing.py.

What the text means, and how the reader gives it to the model:

- two header lines (`Everleaf Gaming Game #149107406`, `***** Hand history for game #149107406 *****`),
  then the game line: `Blinds $0.05/$0.10 PL Omaha Hi/Lo - 2010/03/02 - 19:35:19` (the blinds, `PL` or
  `NL`), or with neither word the fixed-limit bets (`$0.50/$1 Omaha Hi/Lo`, `300/600 Hold'em`, `$0.05/$0.10
  7 Card Stud`); the time has no zone. Grand Poker prints `Tournament #2768325 - Level 2` before it; the
  corpus's other tournament files (chips, `( 1000 Chips )`) print no tournament number: their hands are
  tournament hands with an empty id;
- money: `[$ 0.05 USD]`, `( € 34.43 EURO )`, `[ 25 Chips]`, `[15]`, read by the reading kit (the text
  decides its decimal mark); the unit is the header's sign (`$`, `€`, and `ˆ`, a euro read from the wrong code
  page), else the seat lines' word (`USD`, `EURO` or `EUR`, `GEL`; `Chips` or none: a tournament's chips); a
  player seated as `( new player )` has no stack printed and sits the hand out: an event, not one of the
  hand's seats; `posts both blinds` is a returning player's small blind (dead) and big blind (live);
- `raises [$ 0.20 USD]`, like calls and bets, is the chips the line adds (BB 0.10 to 0.30, then `calls
  [$ 0.20 USD]`); the colon after the name is printed on some lines and not on others;
- `wins  high ($ 1.71 USD) from main pot` / `wins  low ($4.27) from main pot` are the halves of a hi/lo pot
  (Collected.half; a pot won without a showdown may also be printed as a `high` win), `wins $ 0.95 USD from
  main pot` the whole; every amount is after the rake, which is not printed (what the pot kept), and without
  the uncalled bet, which no line returns (Refunds.IMPLIED);
- a `wins` line broken in two (fpdb's `fixed_wtsd_bug` file: `... with two pairs, jacks and` / `eights [ Jc,
  Js, 9d, 8c, 8h ]`) is read from its first part; the second is a defect.
"""

from __future__ import annotations

import re
from typing import Final

from omaha_audit.model import (
    Defect,
    Game,
    Hand,
    Stakes,
    Structure,
    Tournament,
    Unit,
    UnreadableHand,
)
from omaha_audit.model.numbers import whole_number
from omaha_audit.parse.lalr import LalrChecker, unexpected
from omaha_audit.parse.ledger import ADDED
from omaha_audit.parse.lexer import LineClassifier, LineToken
from omaha_audit.parse.resources import grammar_text
from omaha_audit.parse.split import Block
from omaha_audit.parse.times import parse_started
from omaha_audit.parse.token_feed import lalr_parser
from omaha_audit.rooms.everleaf.dealing import DealingBuilder, DealingHeader, read_money
from omaha_audit.rooms.kit.amounts import AmountError, currency_of
from omaha_audit.rooms.kit.reader import crashed

GAMES: Final = {
    "Omaha Hi/Lo": Game.OMAHA_HI_LO,
    "Omaha": Game.OMAHA,
    "Hold'em": Game.HOLDEM,
    "7 Card Stud": Game.STUD,
    "7 Card Stud Hi/Lo": Game.STUD_HI_LO,
}
STRUCTURES: Final = {"PL": Structure.POT_LIMIT, "NL": Structure.NO_LIMIT, "FL": Structure.FIXED_LIMIT}
SKINS: Final = {"Concord Gaming": "concord", "Grand Poker": "grand-poker"}
# the seat lines' unit words (`( $ 10 USD )`, `( € 34.43 EURO )`, `( 1000 Chips )`): the currency, None for chips
UNIT_WORDS: Final = {"USD": "USD", "EURO": "EUR", "EUR": "EUR", "GEL": "GEL", "Chips": None}
_UNIT_WORD: Final = re.compile(r"\((?:[^()]*?) (USD|EURO|EUR|GEL|Chips)(?: All-in)? ?\)")
_BROKEN: Final = re.compile(r"[a-z ,]+ \[ ?[^\]]*\]")  # `eights [ Jc, Js, 9d, 8c, 8h ]`


class EverleafReader:
    """Reads Everleaf hand blocks. Build once (compiles grammar/everleaf.lark), use for many hands."""

    format = "everleaf"
    grammar = "everleaf"
    raise_number = ADDED
    decimal: str | None = None  # the decimal mark the room always writes (None: the text decides)

    def __init__(self) -> None:
        self.lark = lalr_parser(grammar_text(self.grammar))
        self.classifier = LineClassifier(self.lark)
        self.checker = LalrChecker(self.lark)

    def read(self, block: Block) -> Hand | UnreadableHand:
        try:
            return self._read(block)
        except Exception as error:  # a reader bug must not lose the hand, nor pass for an unreadable one
            return crashed(block, error)

    def _read(self, block: Block) -> Hand | UnreadableHand:
        tokens, ignored, unknown = self.classifier.tokens(enumerate(block.lines, block.first_line))
        if not tokens or tokens[0][0] != "HEADER":
            return unreadable(block, block.first_line, "the first line is not a hand header")
        hand_id = tokens[0][3]["hand_id"]
        types = [token[0] for token in tokens]
        complete = self.complete(types)
        defects = [
            Defect(line, text, self.unknown_reason(block, tokens, line, text, complete)) for line, text in unknown
        ]
        truncated = not complete
        rejection = self.checker.check(types)
        if rejection is not None and not (rejection.at == len(tokens) and truncated):
            line, reason = unexpected(rejection, tokens)
            if rejection.at >= len(tokens):
                reason = "the hand ends before its cards are dealt"
            return unreadable(block, line, reason, hand_id)
        if "GAME" not in types[:6]:  # (a header line alone, cut from its hand: the truncated hand it starts)
            return unreadable(block, block.last_line, "the hand ends before its game line", hand_id)
        try:
            header = self.header(tokens)
        except AmountError as error:  # the stakes: without them nothing of the hand can be judged
            return unreadable(block, tokens[0][1], f"header stakes: {error}", hand_id)
        builder = DealingBuilder(
            self.format, block, header, tokens, ignored, defects, truncated, self.raise_number, self.decimal
        )
        return builder.build()

    def complete(self, types: list[str]) -> bool:
        """Whether the hand reaches its end: its pot awarded."""
        return "WINS" in types

    def unknown_reason(self, block: Block, tokens: list[LineToken], line: int, text: str, complete: bool) -> str:
        before = next((token for token in reversed(tokens) if token[1] < line), None)
        if before is not None and before[0] == "WINS" and before[3]["best"] is None and _BROKEN.fullmatch(text):
            return "the end of the line before (its words and best five), broken onto a line of its own"
        if not complete and line == block.last_line:
            return "line cut off"
        return "unreadable line"

    def header(self, tokens: list[LineToken]) -> DealingHeader:
        """The header lines' fields (HEADER, TOURNAMENT, GAME, TABLE) in the model's terms."""
        fields: dict[str, re.Match[str]] = {}
        for kind, _, _, m in tokens[:6]:
            fields.setdefault(kind, m)
        head, game_line = fields["HEADER"], fields["GAME"]
        skin = head["skin"] or head["other_skin"]
        room = SKINS.get(skin.strip(), skin.strip().lower().replace(" ", "-")) if skin else "everleaf"
        game = GAMES[game_line["game"]]
        limit = game_line["limit"]
        structure = STRUCTURES[limit] if limit else Structure.FIXED_LIMIT
        small_text, big_text = game_line["small"], game_line["big"]
        currency = currency_of(small_text.replace("\u02c6", "€").strip())
        if currency is None:
            seat_text = next((text for kind, _, text, _ in tokens if kind == "SEAT" and "new player" not in text), "")
            word = _UNIT_WORD.search(seat_text)
            currency = UNIT_WORDS[word.group(1)] if word is not None else None
        unit = Unit(currency, 2) if currency is not None else Unit("chips", 0)
        small = read_money(small_text, unit.decimals, self.decimal)
        big = read_money(big_text, unit.decimals, self.decimal)
        if structure is Structure.FIXED_LIMIT:
            stakes = Stakes(None, None, small_bet=small, big_bet=big)
        else:
            stakes = Stakes(small, big)
        table = fields["TABLE"]["table"] if "TABLE" in fields else ""
        tournament = None
        if "TOURNAMENT" in fields:
            match = fields["TOURNAMENT"]
            tournament = Tournament(match["tournament_id"], "", match["level"])
        elif unit.currency == "chips":
            tournament = Tournament("", "", None)  # a tournament's chips, its number not printed
        started_local = game_line["started"]
        max_seats = game_line["max_seats"]
        return DealingHeader(
            room=room,
            hand_id=head["hand_id"],
            game=game,
            game_text=f"{game_line['game']} {limit}" if limit else f"{game_line['game']} (fixed limit)",
            structure=structure,
            stakes=stakes,
            unit=unit,
            started_local=started_local,
            started=parse_started(started_local),
            table=table,
            table_id=f"{tournament.tournament_id}/{table}"
            if tournament is not None and tournament.tournament_id
            else table,
            max_seats=whole_number(max_seats) if max_seats else None,
            tournament=tournament,
        )


def unreadable(block: Block, line: int, reason: str, hand_id: str | None = None) -> UnreadableHand:
    """A block that cannot be read as a hand at all (no header, lines out of order, stakes not read)."""
    return UnreadableHand(block.path, line, block.first_line, block.last_line, reason, hand_id, block.format)
