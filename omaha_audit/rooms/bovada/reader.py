"""Read Bovada's text (Bovada, Ignition, Bodog: ROOMS.md section 15) into the hand model.

The text is its own, so this reader builds the hand itself, on the parse kit: the line lexer classifies
every line with the terminals of grammar/bovada.lark, Lark's LALR table checks their order, and the
ledger (parse/ledger.py) turns each betting line's numbers into the chips it adds and the street total.

What the text means, and how the reader gives it to the model:

- the lines name players by their position at the table (`Big Blind`, `UTG+1`, `Dealer`; stud: `Seat+3`),
  the hero's followed by ` [ME]` (which makes them the hero). Positions change from hand to hand, so the
  model names each player by seat (`Seat 3`), the identity the text keeps; tournament seat lines number
  seats with ids that are not the table's (`Seat 75:`, `Seat 111:`): the player is `Seat 75`, and the seats
  are numbered 1, 2, ... in the list's order, which goes round the table (an event says so);
- `Raises $10 to $11`: the chips added, then the street total; `Raises $35` (the text before `to` was
  printed, 2012): the street total; `All-in $52.25`: the chips added (a call, bet or raise by what it
  brings the player to); `All-in(raise) 3613 to 5120` as `Raises`; calls and bets: the chips added;
- `Posts chip $0.05`: a live blind posted to come in; `Posts dead chip $30`: a dead small blind with a live
  big blind (`$30` at $10/$20); `Ante chip`: an ante; an `All-in` before the hole cards is the blind (or
  ante) the player could not post in full;
- cash tables print no stakes (MVS tables do, on `Table Info:`): the blinds are the posted ones;
  tournament levels print theirs;
- the text of early 2012 prints no street lines: the rounds are found from the betting (rounds.py) and the
  streets' cards from the summary's board;
- `Showdown [..]` prints the best five (hi/lo: the high five then the low five), not the hole cards: the
  shown hand is the player's `Card dealt to a spot` cards (every player's are printed), else the summary's;
  `Mucks [..]` and `Does not show [..]` print the hole cards;
- `Hand result $x` is what the player got from the main pot, `Hand result-Side pot $x` from a side pot,
  net of the rake (hi/lo: both halves together; the summary's `HI`/`LO` say which). The side pots are not
  numbered: with two or more side-pot lines every amount is taken as the player's share of all pots;
- `Total Pot($65.26)` is gross; the rake is printed (`| Rake ($2)`) by the cash text of 2012 only, else it
  is what the pot kept (tournaments keep nothing; a cash hand's total without its rake is not given to the
  model, see builder.pot_summary); a hand won uncontested returns the unmatched part of a
  bet with `Return uncalled portion of bet $x`, except the big blind's in a walk, which stays in the total
  and the win;
- Zone Poker, the fast-fold pool (`Zone Poker ID#952 HOLDEMZonePoker`): every hand is dealt at a new table
  (the model's "zoom" kind). A player may fold before their turn and leave at once: `UTG : Leave(Auto)`
  comes before their `UTG : Folds`, and the summary then names their hand as if it had lost at a showdown,
  `lost with One pair [2h 2c]`, with no best five: that line is their fold. The summary's fold streets
  of Zone hands are always the river's (`Folded before the RIVER` for a preflop fold), kept as printed;
- lines without chips are events: `Leave(Auto)`, `Enter(Auto)` (back to the pool), `Seat sit out`,
  `Seat stand`, `Table enter user`, `Table leave user`, `Seat sit down`, `Seat re-join`, with or without
  the position; `Set dealer` alone: nobody seated has the button. `Table deposit $1.47` (with or without
  the position) is chips brought to the table for the next hand, a buy-in or a top-up: an event, never
  chips in the pot;
- a summary seat line whose hole cards are not the ones dealt, whose best five are missing or are not
  the player's cards and the board's (ROOMS.md's corrupted lines), or that is cut off, is a defect;
- a summary that runs into the rest of another hand whose first lines are missing (a file concatenated
  from partial copies) is reported as one defect, the rest of that hand not read.
"""

from __future__ import annotations

import re
from typing import Final

from omaha_audit.model import Card, Defect, Hand, UnreadableHand
from omaha_audit.parse.lalr import LalrChecker, unexpected
from omaha_audit.parse.lexer import LineClassifier, LineToken
from omaha_audit.parse.resources import grammar_text
from omaha_audit.parse.split import Block
from omaha_audit.parse.token_feed import lalr_parser
from omaha_audit.rooms.bovada.builder import BovadaBuilder, StakesError
from omaha_audit.rooms.bovada.header import read_header
from omaha_audit.rooms.kit.reader import crashed, unknown_lines

_FOREIGN_SEAT: Final = re.compile(r".* in chips\)")


class BovadaReader:
    """Reads Bovada hand blocks. Build once (compiles grammar/bovada.lark), use for many hands."""

    format = "bovada"

    def __init__(self) -> None:
        self.lark = lalr_parser(grammar_text("bovada"))
        self.classifier = LineClassifier(self.lark)
        self.checker = LalrChecker(self.lark)
        self.amounts: dict[int, dict[str, int]] = {}  # per number of decimals: text -> units
        self.cards: dict[str, tuple[Card, ...]] = {}  # text of valid cards -> cards

    def read(self, block: Block) -> Hand | UnreadableHand:
        try:
            return self._read(block)
        except Exception as error:  # a reader bug must not lose the hand, nor pass for an unreadable one
            return crashed(block, error)

    def _read(self, block: Block) -> Hand | UnreadableHand:
        tokens, ignored, unknown = self.classifier.tokens(enumerate(block.lines, block.first_line))
        if not tokens or tokens[0][0] != "HEADER":
            return unreadable(block, block.first_line, "the first line is not a Bovada hand header")
        hand_id = tokens[0][3]["hand_id"]
        defects: list[Defect] = []
        tokens, ignored, unknown = _cut_foreign_tail(block, tokens, ignored, unknown, defects)
        types = [token[0] for token in tokens]
        has_summary = "SUMMARY" in types
        defects.extend(unknown_lines(unknown, block, not has_summary))
        truncated = False
        rejection = self.checker.check(types)
        if rejection is not None:
            if rejection.at == len(tokens) and not has_summary:
                truncated = True
            else:
                line, reason = unexpected(rejection, tokens)
                if rejection.at >= len(tokens):
                    reason = "the hand ends without its summary lines"
                return unreadable(block, line, reason, hand_id)
        try:
            header = read_header(tokens[0][3].groupdict())
        except (KeyError, ValueError) as error:
            return unreadable(block, tokens[0][1], f"header: {error}", hand_id)
        builder = BovadaBuilder(
            self.format, block, header, tokens, ignored, defects, truncated, self.amounts, self.cards
        )
        try:
            return builder.build()
        except StakesError as bad_stakes:  # the stakes the header or `Table Info:` prints, not read
            return unreadable(block, bad_stakes.line, bad_stakes.reason, hand_id)


def unreadable(block: Block, line: int, reason: str, hand_id: str | None = None) -> UnreadableHand:
    return UnreadableHand(block.path, line, block.first_line, block.last_line, reason, hand_id, block.format)


def _cut_foreign_tail(
    block: Block,
    tokens: list[LineToken],
    ignored: list[LineToken],
    unknown: list[tuple[int, str]],
    defects: list[Defect],
) -> tuple[list[LineToken], list[LineToken], list[tuple[int, str]]]:
    """A summary followed by lines of another hand (a seat line with its stack, betting lines, a second
    summary): the file was concatenated from partial copies and that hand's first lines are missing. The
    lines from the first foreign one on are one defect and are not read."""
    summary = next((line for kind, line, _, _ in tokens if kind == "SUMMARY"), None)
    if summary is None:
        return tokens, ignored, unknown
    start: int | None = None
    for kind, line, text, _ in tokens:
        if line > summary and kind == "SUMMARY_SEAT" and _FOREIGN_SEAT.fullmatch(text):
            start = line
            break
    later = [line for line, _ in unknown if line > summary]
    if later and (start is None or later[0] < start):
        start = later[0]
    if start is None:
        return tokens, ignored, unknown
    text = block.lines[start - block.first_line]
    count = block.last_line - start + 1
    reason = f"the summary runs into the rest of another hand whose first lines are missing ({count} lines not read)"
    defects.append(Defect(start, text, reason))
    return (
        [token for token in tokens if token[1] < start],
        [token for token in ignored if token[1] < start],
        [item for item in unknown if item[0] < start],
    )
