"""GGPoker hand-history text (ROOMS.md 1), written from the generator's record: the same play and faults
as the PokerStars writer, in GG's conventions.

What GG prints otherwise than PokerStars:

- header `Poker Hand #OM<id>: PLO ($2/$5) - 2026/01/05 09:00:00` (no time zone; hand numbers prefixed
  OM for Omaha cash, HD for Hold'em cash, TM for tournaments: `Tournament #<id>, <name> Omaha Pot Limit
  - Level4(90/180) - ...`); game labels `PLO`, `PLO-5`, `PLO-6`, `Omaha Hi/Lo Pot Limit`, `Hold'em No
  Limit`, with the limit word where it is not pot limit (`Omaha No Limit`). GG deals neither Courchevel nor
  5- and 6-card hi/lo: their labels here (`Courchevel Pot Limit`, `PLO-5 Hi/Lo`) are the writer's own, and
  Courchevel's face-up card is PokerStars' `*** PRE-FLOP *** [..]` line;
- money without trailing zeros and with thousands commas (`$1,270.5`, `24,940`);
- a `Dealt to <name> ` line for every player dealt in, only Hero's with cards (tournaments: no trailing
  space);
- a returning player's blinds as `posts missed blind` (the dead small blind) and `posts big blind`;
- no `Betting is capped` line;
- every hand at a showdown is shown (`name: shows [..] (words)`), before `*** SHOWDOWN ***` and, when
  players are all in, before the streets still to come, in GG's words (rooms/ggpoker/words.py) for the
  hand as Omaha ranks it (GG's own evaluation errs now and then, ROOMS.md 1.5); before the flop GG names
  the highest pair of the hole cards (`Pair of Aces`, PLO-5 in the corpus; its 4-card hands shown before
  the flop carry no words, but the writer writes them for every game);
- `*** SHOWDOWN ***` (run twice: `*** FIRST SHOWDOWN ***`, `*** SECOND SHOWDOWN ***`), printed also when
  nobody shows, with one `collected ... from pot` line per player, pot and board, the main pot's first
  (a side pot left to one player is paid half on each board, as the generator settles it, where GG pays
  it on the first);
- summary: `Total pot $x | Rake $r | Jackpot $0 | Bingo $0`, `Hand was run two times`, `FIRST Board
  [..]` and a `SECOND Board [..]` holding only the second run's own cards; a winner without a showdown
  `won ($x)` after the flop, `collected ($x)` before it;
- two blank lines between hands.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from omaha_audit.generate.record import (
    Act,
    BoardLine,
    Dealt,
    HandRecord,
    Line,
    Post,
    PreFlopCard,
    Settlement,
    Share,
    Text,
    Uncalled,
)
from omaha_audit.generate.showdown import evaluate, show_order
from omaha_audit.generate.text import FOLD_WORD, RUN_WORD, STREET_WORD, cards_text
from omaha_audit.generate.writers import HEADER, NUMBERS, Variant, variants
from omaha_audit.model import Card, Game, Street, Structure, Unit
from omaha_audit.rooms.ggpoker.words import GG_WORDS, describe_hole

# The fault kinds GG's text cannot show:
CANNOT_SHOW: Final = frozenset(
    {
        # GG ranks some shown hands wrongly in its descriptions (ROOMS.md 1.5), so they are no evidence: the
        # format's words() is None and OA507 does not read GG's descriptions.
        "wrong_hand_description",
        # GG prints no Main/Side pot figures and never names the pot a collected line pays: chips moved
        # from one pot to another (the same players paid, each pot's size wrong) show only in the amounts
        # of unnamed collected lines, and the audit leaves pot sizes to OA402, which reads printed pots.
        "side_pot_wrong",
    }
)

HAND_SEPARATOR: Final = "\n\n\n"
# Table sessions (generate --sessions) are shown, dealt as the room's preset moves the button.
SESSIONS: Final = True
VARIANTS: Final = variants(
    Variant(
        "yuan",
        NUMBERS,
        "yuan tables: `Hold'em No Limit (\u00a51/\u00a52)`, `\u00a51,270.5`",
        tournament=False,
        currency="CNY",
    ),
    Variant(
        "rush",
        HEADER,
        "Rush & Cash, GG's fast-fold pool: `Poker Hand #RC<id>:`, `Table 'RushAndCash<n>'`, the 2025 summary's "
        "`| Jackpot $0 | Bingo $0 | Fortune $0 | Tax $0`",
        tournament=False,
    ),
    Variant(
        "bounty",
        HEADER,
        "a bounty tournament: `Tournament #T, $52.50 Bounty Hunters Hold'em No Limit - Level4(90/180)`, seats "
        "`(24,940 in chips, $5 bounty)`",
        tournament=True,
    ),
    Variant(
        "spin",
        HEADER,
        "a Spin & Gold: `Tournament #T, Spin & Gold #4 Hold'em No Limit - Level1(10/20)`",
        tournament=True,
    ),
)
_BOUNTY: Final = "$5"
_GAMES: Final = {
    Game.OMAHA: "Omaha",
    Game.OMAHA_HI_LO: "Omaha Hi/Lo",
    Game.OMAHA5: "PLO-5",
    Game.OMAHA6: "PLO-6",
    Game.OMAHA5_HI_LO: "PLO-5 Hi/Lo",
    Game.OMAHA6_HI_LO: "PLO-6 Hi/Lo",
    Game.COURCHEVEL: "Courchevel",
    Game.COURCHEVEL_HI_LO: "Courchevel Hi/Lo",
    Game.HOLDEM: "Hold'em",
}
_LIMITS: Final = {Structure.POT_LIMIT: "Pot Limit", Structure.NO_LIMIT: "No Limit", Structure.FIXED_LIMIT: "Limit"}
_SHOWDOWN_RUN: Final = {0: "", 1: "FIRST ", 2: "SECOND ", 3: "THIRD "}
_ROMAN: Final = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}


def money(unit: Unit, amount: int) -> str:
    """GG's money: `$1,270.5`, `$0.5`, `$25`, `\u00a51,270.5` (yuan); tournament chips `24,940`."""
    sign = "-" if amount < 0 else ""
    amount = abs(amount)
    symbol = {"USD": "$", "CNY": "\u00a5"}.get(unit.currency, "")
    if unit.decimals == 0:
        return f"{sign}{symbol}{amount:,}"
    whole, fraction = divmod(amount, 10**unit.decimals)
    tail = f"{fraction:0{unit.decimals}d}".rstrip("0")
    return f"{sign}{symbol}{whole:,}" + (f".{tail}" if tail else "")


def words(game: Game, hole: tuple[Card, ...], board: list[Card] | tuple[Card, ...]) -> str | None:
    """GG's words for a hand (before the flop: for its hole cards), None for cards the evaluator refuses
    (a card dealt twice)."""
    if len(board) < 3:
        return describe_hole([card.rank for card in hole]) if hole else None
    try:
        high, low = evaluate(game, hole, list(board))
    except ValueError:
        return None
    lows = [low.ranks if low is not None else None] if game.is_hi_lo else None
    return GG_WORDS.showdown([high.key], lows)[0]


def write_hand(rec: HandRecord, variants: frozenset[str] = frozenset()) -> str:
    """The hand's text, ending with the blank lines that separate it from the next hand."""
    settlement = rec.settlement
    if settlement is None:
        raise ValueError(f"hand {rec.hand_id} was not settled")
    unit = rec.unit
    if "yuan" in variants and rec.cash:
        rec = replace(rec, unit=Unit("CNY", unit.decimals))  # (a copy: the record is the generator's)
        unit = rec.unit
    # a tournament table is its number (`Table '89'`); the generator names it "<tournament> <number>"
    table = rec.table.rsplit(" ", 1)[-1] if rec.tournament_id is not None else rec.table
    rush = "rush" in variants and rec.cash
    if rush:  # (a Rush & Cash pool's table: its number)
        table = f"RushAndCash{int(rec.hand_id) % 100_000_000}"
    lines = [_header(rec, variants), f"Table '{table}' {rec.max_seats}-max Seat #{rec.button} is the button"]
    bounty = f", {_BOUNTY} bounty" if "bounty" in variants and rec.tournament_id is not None else ""
    for player in rec.seats:
        status = " is sitting out" if player.sitting_out else ""
        lines.append(f"Seat {player.seat}: {player.name} ({money(unit, player.stack)} in chips{bounty}){status}")
    at = _shows_position(rec) if settlement.showdowns else -1
    for index, line in enumerate(rec.body):
        if index == at:
            lines.extend(_shows(rec, index))
        lines.extend(_body_line(rec, line))
    if at == len(rec.body):
        lines.extend(_shows(rec, at))
    lines.extend(_showdown(rec, settlement))
    lines.extend(_summary(rec, settlement, rush))
    return "\n".join(lines) + HAND_SEPARATOR


def _label(rec: HandRecord) -> str:
    """GG's game label: `PLO`, `PLO-5`, `Omaha Pot Limit` (tournaments), else the game and its limit."""
    game = _GAMES[rec.game]
    if rec.structure is Structure.POT_LIMIT:
        if rec.game in (Game.OMAHA5, Game.OMAHA6):
            return game
        if rec.game is Game.OMAHA:
            return "PLO" if rec.tournament_id is None else "Omaha Pot Limit"
    return f"{game} {_LIMITS[rec.structure]}"


def _header(rec: HandRecord, variants: frozenset[str]) -> str:
    unit = rec.unit
    low, high = rec.stakes.header_pair(rec.structure)
    stakes = f"{money(unit, low)}/{money(unit, high)}"
    started = _started(rec.started)
    if rec.tournament_id is not None:
        name = rec.buy_in
        if "bounty" in variants:
            name = "$52.50 Bounty Hunters"
        elif "spin" in variants:
            name = f"Spin & Gold #{int(rec.tournament_id) % 7 + 1}"
        return (
            f"Poker Hand #TM{rec.hand_id}: Tournament #{rec.tournament_id}, {name} {_label(rec)}"
            f" - Level{_level(rec.stakes.level)}({stakes}) - {started}"
        )
    prefix = "RC" if "rush" in variants else "HD" if rec.game is Game.HOLDEM else "OM"
    return f"Poker Hand #{prefix}{rec.hand_id}: {_label(rec)} ({stakes}) - {started}"


def _started(text: str) -> str:
    """`2026/01/05 9:00:00` as GG writes it: `2026/01/05 09:00:00`."""
    day, _, time = text.partition(" ")
    hour, _, rest = time.partition(":")
    return f"{day} {int(hour):02d}:{rest}"


def _level(roman: str | None) -> int:
    total = 0
    values = [_ROMAN[char] for char in roman or "I"]
    for index, value in enumerate(values):
        total += -value if index + 1 < len(values) and values[index + 1] > value else value
    return total


def _body_line(rec: HandRecord, line: Line) -> list[str]:
    unit = rec.unit
    if isinstance(line, Act):
        suffix = " and is all-in" if line.all_in else ""
        if line.verb in ("folds", "checks"):
            return [f"{line.player}: {line.verb}"]
        if line.verb == "raises":
            return [f"{line.player}: raises {money(unit, line.amount)} to {money(unit, line.to)}{suffix}"]
        return [f"{line.player}: {line.verb} {money(unit, line.amount)}{suffix}"]
    if isinstance(line, Post):
        suffix = " and is all-in" if line.all_in else ""
        if line.what == "small & big blinds":  # the dead small blind, then the live big blind
            big = rec.stakes.big_blind
            return [
                f"{line.player}: posts missed blind {money(unit, line.amount - big)}",
                f"{line.player}: posts big blind {money(unit, big)}{suffix}",
            ]
        return [f"{line.player}: posts {line.what} {money(unit, line.amount)}{suffix}"]
    if isinstance(line, BoardLine):
        marker = f"*** {RUN_WORD[line.run]}{STREET_WORD[line.street]} ***"
        if line.old:
            return [f"{marker} [{cards_text(line.old)}] [{cards_text(line.new)}]"]
        return [f"{marker} [{cards_text(line.new)}]"]
    if isinstance(line, Uncalled):
        return [f"Uncalled bet ({money(unit, line.amount)}) returned to {line.player}"]
    if isinstance(line, Dealt):  # every player dealt in gets a line; Hero's holds the cards
        space = "" if rec.tournament_id is not None else " "
        return [
            f"Dealt to {player.name} [{cards_text(line.cards)}]"
            if player.name == line.player
            else f"Dealt to {player.name}{space}"
            for player in rec.dealt
        ]
    if isinstance(line, PreFlopCard):
        return [f"*** PRE-FLOP *** [{line.card}]"]
    if isinstance(line, Text):
        return [] if line.text == "Betting is capped" else [line.text]
    raise TypeError(f"unknown line {line!r}")


def _shows_position(rec: HandRecord) -> int:
    """Where the shows lines go: after the hand's last betting line (before the streets run out)."""
    for index in range(len(rec.body) - 1, -1, -1):
        if isinstance(rec.body[index], (Act, Uncalled, Post)):
            return index + 1
    return len(rec.body)


def _board_before(rec: HandRecord, at: int) -> tuple[Card, ...]:
    board: tuple[Card, ...] = ()
    for line in rec.body[:at]:
        if isinstance(line, BoardLine) and line.run == 0:
            board = line.old + line.new
    return board


def _shows(rec: HandRecord, at: int) -> list[str]:
    """Every hand still in, tabled in showing order, described on the board dealt so far."""
    board = _board_before(rec, at)
    lines = []
    for name in show_order(rec):
        hole = rec.player(name).hole
        said = words(rec.game, hole, board)
        lines.append(f"{name}: shows [{cards_text(hole)}]" + (f" ({said})" if said else ""))
    return lines


def _collected(rec: HandRecord, shares: list[Share]) -> list[str]:
    """One line per player and pot, the pots in order (GG: `collected $x from pot`, whichever pot)."""
    merged: dict[tuple[int, str], int] = {}
    for share in shares:
        merged[(share.pot, share.player)] = merged.get((share.pot, share.player), 0) + share.amount
    ordered = sorted(merged.items(), key=lambda item: item[0][0])
    return [f"{player} collected {money(rec.unit, amount)} from pot" for (_, player), amount in ordered if amount]


def _showdown(rec: HandRecord, settlement: Settlement) -> list[str]:
    if not settlement.showdowns:
        return ["*** SHOWDOWN ***", *_collected(rec, settlement.uncontested)]
    lines: list[str] = []
    for showdown in settlement.showdowns:
        lines.append(f"*** {_SHOWDOWN_RUN[showdown.run]}SHOWDOWN ***")
        lines.extend(_collected(rec, [share for section in showdown.sections for share in section.shares]))
    return lines


def _summary(rec: HandRecord, settlement: Settlement, rush: bool = False) -> list[str]:
    unit = rec.unit
    lines = ["*** SUMMARY ***"]
    zero = money(unit, 0)
    fees = f" | Jackpot {zero} | Bingo {zero}" + (f" | Fortune {zero} | Tax {zero}" if rush else "")
    lines.append(f"Total pot {money(unit, settlement.total)} | Rake {money(unit, settlement.rake)}{fees}")
    if rec.run_twice:
        first, second = rec.boards[0], rec.boards[1]
        shared = 0
        while shared < min(len(first), len(second)) and first[shared] == second[shared]:
            shared += 1
        lines.append("Hand was run two times")
        lines.append(f"FIRST Board [{cards_text(first)}]")
        lines.append(f"SECOND Board [{cards_text(second[shared:] if shared else second)}]")
    elif rec.boards and rec.boards[0] and rec.flop_dealt:
        lines.append(f"Board [{cards_text(rec.boards[0])}]")
    won: dict[tuple[str, int], int] = {}
    for share in settlement.shares():
        won[(share.player, share.run)] = won.get((share.player, share.run), 0) + share.amount
    runs = [showdown.run for showdown in settlement.showdowns]
    for player in rec.dealt:
        tags = "".join(f" ({position})" for position in player.positions)
        lines.append(f"Seat {player.seat}: {player.name}{tags} {_outcome(rec, settlement, player.name, won, runs)}")
    return lines


def _outcome(
    rec: HandRecord, settlement: Settlement, name: str, won: dict[tuple[str, int], int], runs: list[int]
) -> str:
    unit = rec.unit
    player = rec.player(name)
    if player.folded:
        if player.fold_street is Street.PREFLOP:
            return "folded before Flop" + ("" if player.posted_or_bet else " (didn't bet)")
        return f"folded on the {FOLD_WORD[player.fold_street or Street.RIVER]}"
    if not settlement.showdowns:
        verb = "won" if rec.flop_dealt else "collected"
        return f"{verb} ({money(unit, won.get((name, 0), 0))})"
    clauses = []
    for run in runs:
        said = words(rec.game, player.hole, rec.boards[max(run, 1) - 1]) or "High Card"
        amount = won.get((name, run), 0)
        clauses.append(f"and won ({money(unit, amount)}) with {said}" if amount else f"and lost with {said}")
    return f"showed [{cards_text(player.hole)}] " + ", ".join(clauses)
