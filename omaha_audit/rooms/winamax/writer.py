"""Winamax hand-history text (ROOMS.md 5), written from the generator's record: the same play and faults
as the PokerStars writer, in Winamax's conventions.

What Winamax prints otherwise than PokerStars:

- header `Winamax Poker - CashGame - HandId: #<id> - Omaha pot limit (1€/2€) - 2026/01/05 09:00:00 UTC`
  (tournaments: `Tournament "<name>" buyIn: 5€ + 0.50€ level: 4 - ...`, stakes `(ante/small/big)` when
  there is an ante); Winamax's ids have three parts, the generator's hand number is written as one (the
  labels name hands by it). Game words `Holdem`, `Omaha`, `Omaha Hi/Lo`, `5 Card Omaha`, ... and
  `no limit`, `pot limit`, `fixed limit`; Winamax deals neither 6-card Omaha nor Courchevel: their words
  here (`6 Card Omaha`, `Courchevel`) are the writer's own, and Courchevel's face-up card is written
  `*** PRE-FLOP *** [..]`;
- table line `Table: 'name' 6-max (real money) Seat #3 is the button`; a tournament table's name holds
  the tournament and table numbers: `Pot Limit Omaha(123456789)#12`;
- money with the euro sign after the amount, cents only when there are some (`138.36€`, `2€`); chips
  without a sign; a tournament's total pot in thousands, cut to ten chips (`Total pot 15.52k`);
- no colon after names; `*** ANTE/BLINDS ***` before the posts (`posts ante 15`), `Dealt to` before
  `*** PRE-FLOP ***`; missed blinds as `posts small blind 3€ out of position` (small and big blind
  together) and `posts big blind 0€ out of position`; a new player's big blind `out of position`;
- `raises X to Y` where X is Y less the most any player has in front of him, dead blinds included (not
  antes), so below zero where a short all-in raise tops the bet but not a bet and dead money together;
- turn and river brackets without a space: `*** TURN *** [Ac 5s 4h][5d]`; no `Betting is capped` line;
- no `Uncalled bet` line: the excess is paid back with the bettor's collected line (or a line of its
  own, numbered as one more side pot), and `Total pot` is what is collected: net of the rake, with it;
- showdown: `name shows [..] (Two pairs : 5 and 4)`, a second line for a hi/lo low (`(High card : 7)`);
  players who muck print nothing; one `collected` line per winner (and half in hi/lo: `pot(HI)`,
  `pot(LO)`; a hi/lo pot won without a showdown is split into the two, its uncalled bet with it, as the
  corpus's stud hand shows), the main pot's winner's line `from main pot` holding every pot he won, the
  others numbered `side pot 1`, ... by the lowest pot each won, printed top down, `from pot` when there
  is one pot or one winner; no `No low hand qualified` line;
- summary: `Total pot 9.91€ | Rake 0.69€` (`| No rake`), `Board: [..]`, and per player `Seat 2: Hero
  (big blind) showed [..] and won 4.96€ with HI : ...` (a second line for the low), `... and lost with
  ...`, `won 15.48€`, `mucked`, `folded on the pre-flop|flop|turn|river`;
- two blank lines between hands.

Run twice (which Winamax does not offer) is written as PokerStars does: `*** FIRST FLOP ***`, `*** FIRST
SHOW DOWN ***`, `FIRST Board: [..]`, each board's own collected and summary lines.
"""

from __future__ import annotations

import re
from typing import Final

from omaha_audit.generate.record import (
    Act,
    BoardLine,
    Dealt,
    HandRecord,
    Post,
    PreFlopCard,
    Settlement,
    Share,
    Text,
    Uncalled,
)
from omaha_audit.generate.showdown import evaluate
from omaha_audit.generate.text import cards_text
from omaha_audit.generate.writers import HEADER, NUMBERS, Variant, variants
from omaha_audit.model import Card, Game, Street, Structure, Unit
from omaha_audit.rooms.winamax.words import high_words, low_words

# The fault kinds Winamax's text cannot show:
CANNOT_SHOW: Final = frozenset(
    {
        # No `Uncalled bet` line, and `Total pot` holds the uncalled excess: an excess kept in the pot and
        # paid out with it leaves the same total and the same collected sums as one returned.
        "wrong_uncalled_bet",
        # Winamax's descriptions mix digits and words and are not evidence: words() is None, OA507 does not
        # read them (ROOMS.md 28.10).
        "wrong_hand_description",
        # No Main/Side pot figures and one collected line per winner, not per pot: chips moved between the
        # pots of two winners only change their two amounts, each still within the pots they can win.
        "side_pot_wrong",
    }
)

HAND_SEPARATOR: Final = "\n\n\n"
CURRENCY: Final = "EUR"  # (cash tables in euros)
# Table sessions (generate --sessions) are shown, dealt as the room's preset moves the button.
SESSIONS: Final = True
VARIANTS: Final = variants(
    Variant(
        "comma-buy-in",
        NUMBERS,
        "tournament buy-ins with a decimal comma: `buyIn: 0,90\u20ac + 0,10\u20ac`",
        tournament=True,
    ),
    Variant(
        "go-fast",
        HEADER,
        'Go Fast, the fast-fold pool: `Winamax Poker - Go Fast "Buzau" - HandId: ...`',
        tournament=False,
    ),
    Variant("escape", HEADER, 'an Escape pool: `Winamax Poker - ESCAPE "Splash" - HandId: ...`', tournament=False),
    Variant("hold-up", HEADER, 'a Hold-up pool: `Winamax Poker - HOLD-UP "Colorado" - HandId: ...`', tournament=False),
    Variant(
        "freeroll", HEADER, 'a freeroll: `Tournament "Freeroll 150\u20ac" buyIn: Gratuit level: 1`', tournament=True
    ),
    Variant(
        "expresso",
        HEADER,
        'an Expresso (a lottery sit-and-go): `Tournament "Expresso" buyIn: 0.92\u20ac + 0.08\u20ac`',
        tournament=True,
    ),
    Variant(
        "bounty",
        HEADER,
        'a knock-out tournament: `Tournament "KO Hold\'em" buyIn: 4.50\u20ac + 4.50\u20ac + 1\u20ac`, '
        "seats `(20000, 4.50\u20ac bounty)`",
        tournament=True,
    ),
)
_POOLS: Final = {"go-fast": 'Go Fast "Buzau"', "escape": 'ESCAPE "Splash"', "hold-up": 'HOLD-UP "Colorado"'}
_GAMES: Final = {
    Game.HOLDEM: "Holdem",
    Game.OMAHA: "Omaha",
    Game.OMAHA_HI_LO: "Omaha Hi/Lo",
    Game.OMAHA5: "5 Card Omaha",
    Game.OMAHA5_HI_LO: "5 Card Omaha Hi/Lo",
    Game.OMAHA6: "6 Card Omaha",
    Game.OMAHA6_HI_LO: "6 Card Omaha Hi/Lo",
    Game.COURCHEVEL: "Courchevel",
    Game.COURCHEVEL_HI_LO: "Courchevel Hi/Lo",
}
_LIMITS: Final = {
    Structure.POT_LIMIT: "pot limit",
    Structure.NO_LIMIT: "no limit",
    Structure.FIXED_LIMIT: "fixed limit",
}
_TOURNAMENTS: Final = {Structure.POT_LIMIT: "Pot Limit", Structure.NO_LIMIT: "No Limit", Structure.FIXED_LIMIT: "Limit"}
_RUN: Final = {0: "", 1: "FIRST ", 2: "SECOND "}
_STREETS: Final = {Street.FLOP: "FLOP", Street.TURN: "TURN", Street.RIVER: "RIVER"}
_FOLDED: Final = {Street.PREFLOP: "pre-flop", Street.FLOP: "flop", Street.TURN: "turn", Street.RIVER: "river"}
_HALVES: Final = {"high": "HI", "low": "LO", "whole": "HI"}
_ROMAN: Final = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
_NUMBER: Final = re.compile(r"\d+(?:\.\d+)?")

# One collected line: (player, half "HI" | "LO" | "" , amount); per board.
Award = tuple[str, str, int]


def money(unit: Unit, amount: int) -> str:
    """`138.36€`, `2€`, `0.50€`; chips `1500`; below zero `-0.12€` (a raise size X, see `_act`)."""
    sign, amount = ("-", -amount) if amount < 0 else ("", amount)
    if unit.decimals == 0:
        text = f"{sign}{amount}"
    else:
        whole, cents = divmod(amount, 10**unit.decimals)
        text = sign + (str(whole) if cents == 0 else f"{whole}.{cents:0{unit.decimals}d}")
    return text if unit.currency in ("chips", "play") else f"{text}€"


def thousands(chips: int) -> str:
    """A tournament total as Winamax prints it from a thousand up: `15.52k`, `1k` (cut to ten chips)."""
    if chips < 1000:
        return str(chips)
    whole, rest = divmod(chips // 10, 100)
    return (f"{whole}.{rest:02d}".rstrip("0").rstrip(".") if rest else str(whole)) + "k"


def write_hand(rec: HandRecord, variants: frozenset[str] = frozenset()) -> str:
    """The hand's text, ending with the blank lines that separate it from the next hand."""
    settlement = rec.settlement
    if settlement is None:
        raise ValueError(f"hand {rec.hand_id} was not settled")
    unit = rec.unit
    lines = [_header(rec, variants), _table(rec, variants)]
    bounty = ", 4.50\u20ac bounty" if "bounty" in variants and rec.tournament_id is not None else ""
    lines.extend(f"Seat {player.seat}: {player.name} ({money(unit, player.stack)}{bounty})" for player in rec.seats)
    lines.append("*** ANTE/BLINDS ***")
    lines.extend(_body(rec))
    awards = _awards(rec, settlement)
    lines.extend(_showdown(rec, settlement, awards))
    lines.extend(_summary(rec, settlement, awards))
    return "\n".join(lines) + HAND_SEPARATOR


# ---- header and table ------------------------------------------------------------------------------


def _header(rec: HandRecord, variants: frozenset[str] = frozenset()) -> str:
    unit, stakes = rec.unit, rec.stakes
    low, high = stakes.header_pair(rec.structure)
    pair = f"{money(unit, low)}/{money(unit, high)}"
    game = f"{_GAMES[rec.game]} {_LIMITS[rec.structure]}"
    day, _, time = rec.started.partition(" ")
    hour, _, rest = time.partition(":")
    started = f"{day} {int(hour):02d}:{rest} UTC"
    if rec.tournament_id is None:
        pool = next((_POOLS[name] for name in _POOLS if name in variants), "CashGame")
        return f"Winamax Poker - {pool} - HandId: #{rec.hand_id} - {game} ({pair}) - {started}"
    if stakes.ante:
        pair = f"{money(unit, stakes.ante)}/{pair}"
    buy_in = _buy_in(rec.buy_in or "")
    if "comma-buy-in" in variants:
        buy_in = buy_in.replace(".", ",")
    if "freeroll" in variants:
        buy_in = "Gratuit"
    elif "expresso" in variants:
        buy_in = "0.92\u20ac + 0.08\u20ac"
    elif "bounty" in variants:
        buy_in = "4.50\u20ac + 4.50\u20ac + 1\u20ac"
    return (
        f'Winamax Poker - Tournament "{_tournament_name(rec, variants)}" buyIn: {buy_in}'
        f" level: {_level(stakes.level)} - HandId: #{rec.hand_id} - {game} ({pair}) - {started}"
    )


def _tournament_name(rec: HandRecord, variants: frozenset[str] = frozenset()) -> str:
    omaha = "Hold'em" if rec.game is Game.HOLDEM else _GAMES[rec.game]
    if "freeroll" in variants:
        return "Freeroll 150\u20ac"
    if "expresso" in variants:
        return "Expresso"
    if "bounty" in variants:
        return f"KO {omaha}"
    return f"{_TOURNAMENTS[rec.structure]} {omaha}"


def _buy_in(text: str) -> str:
    """`$5.00+$0.50 USD` as Winamax writes a buy-in: `5€ + 0.50€`."""
    parts = [value.removesuffix(".00") + "€" for value in _NUMBER.findall(text)]
    return " + ".join(parts) or "Free"


def _level(roman: str | None) -> int:
    total = 0
    values = [_ROMAN[char] for char in roman or "I"]
    for index, value in enumerate(values):
        total += -value if index + 1 < len(values) and values[index + 1] > value else value
    return total


def _table(rec: HandRecord, variants: frozenset[str] = frozenset()) -> str:
    name = rec.table
    if rec.tournament_id is not None:  # the generator names a tournament table "<tournament> <number>"
        name = f"{_tournament_name(rec, variants)}({rec.tournament_id})#{rec.table.rsplit(' ', 1)[-1]}"
    elif any(pool in variants for pool in _POOLS):  # (a pool's table: the pool's name)
        name = _POOLS[next(pool for pool in _POOLS if pool in variants)].split('"')[1]
    return f"Table: '{name}' {rec.max_seats}-max (real money) Seat #{rec.button} is the button"


# ---- the betting -----------------------------------------------------------------------------------


def _body(rec: HandRecord) -> list[str]:
    lines: list[str] = []
    live: dict[str, int] = {}  # each player's bet on this street
    dead: dict[str, int] = {}  # and dead money in front of him
    preflop_due = False  # `*** PRE-FLOP ***` is written after the `Dealt to` line
    for line in rec.body:
        if isinstance(line, Post):
            lines.extend(_post(rec, line, live, dead))
        elif isinstance(line, Text):
            if line.text == "*** HOLE CARDS ***":
                preflop_due = True
        elif isinstance(line, Dealt):
            lines.append(f"Dealt to {line.player} [{cards_text(line.cards)}]")
        elif isinstance(line, PreFlopCard):
            lines.append(f"*** PRE-FLOP *** [{line.card}]")
            preflop_due = False
        elif isinstance(line, Uncalled):
            continue  # Winamax prints none: the excess is paid back with the collected lines
        else:
            if preflop_due:
                lines.append("*** PRE-FLOP ***")
                preflop_due = False
            if isinstance(line, BoardLine):
                live.clear()
                dead.clear()
                marker = f"*** {_RUN[line.run]}{_STREETS[line.street]} ***"
                old = f"[{cards_text(line.old)}]" if line.old else ""
                lines.append(f"{marker} {old}[{cards_text(line.new)}]")
            elif isinstance(line, Act):
                lines.append(_act(rec, line, live, dead))
    if preflop_due:
        lines.append("*** PRE-FLOP ***")
    return lines


def _post(rec: HandRecord, line: Post, live: dict[str, int], dead: dict[str, int]) -> list[str]:
    unit = rec.unit
    suffix = " and is all-in" if line.all_in else ""
    name, amount = line.player, line.amount
    if line.what == "the ante":  # (not counted in front of the player: Winamax's raise sizes leave antes out)
        return [f"{name} posts ante {money(unit, amount)}{suffix}"]
    if line.what == "small & big blinds":  # the small blind dead, the big blind live
        big = rec.stakes.big_blind
        live[name] = live.get(name, 0) + big
        dead[name] = dead.get(name, 0) + amount - big
        return [
            f"{name} posts small blind {money(unit, amount)} out of position{suffix}",
            f"{name} posts big blind {money(unit, 0)} out of position",
        ]
    live[name] = live.get(name, 0) + amount
    new_player = line.what == "big blind" and "big blind" not in rec.player(name).positions
    where = " out of position" if new_player else ""  # a new player's big blind
    return [f"{name} posts {line.what} {money(unit, amount)}{where}{suffix}"]


def _act(rec: HandRecord, line: Act, live: dict[str, int], dead: dict[str, int]) -> str:
    unit = rec.unit
    suffix = " and is all-in" if line.all_in else ""
    name = line.player
    if line.verb in ("folds", "checks"):
        return f"{name} {line.verb}"
    if line.verb == "raises":
        in_front = max((live.get(player, 0) + dead.get(player, 0) for player in {*live, *dead}), default=0)
        live[name] = line.to
        return f"{name} raises {money(unit, line.to - in_front)} to {money(unit, line.to)}{suffix}"
    live[name] = live.get(name, 0) + line.amount
    return f"{name} {line.verb} {money(unit, line.amount)}{suffix}"


# ---- awards ----------------------------------------------------------------------------------------


def _refund(rec: HandRecord) -> tuple[str, int] | None:
    for line in rec.body:
        if isinstance(line, Uncalled) and line.amount:
            return line.player, line.amount
    return None


def _awards(rec: HandRecord, settlement: Settlement) -> dict[int, list[tuple[Award, str]]]:
    """Each board's collected lines as Winamax writes them: (player, half, amount) and the pot label."""
    hi_lo = rec.game.is_hi_lo
    by_run: dict[int, list[Share]] = {}
    if settlement.showdowns:
        for showdown in settlement.showdowns:
            by_run[showdown.run] = [share for section in showdown.sections for share in section.shares]
    else:
        by_run[0] = list(settlement.uncontested)
    refund = _refund(rec)
    out: dict[int, list[tuple[Award, str]]] = {}
    last_run = max(by_run)
    for run, shares in by_run.items():
        amounts: dict[tuple[str, str], int] = {}
        lowest: dict[tuple[str, str], int] = {}  # the lowest pot each player won, per half
        for share in shares:
            if hi_lo and not settlement.showdowns:  # won without a showdown: the two halves, refund too
                whole = share.amount
                if refund is not None and refund[0] == share.player:
                    whole, refund = whole + refund[1], None
                parts = [("HI", whole - whole // 2), ("LO", whole // 2)]
            else:
                parts = [(_HALVES[share.half] if hi_lo else "", share.amount)]
            for half, amount in parts:
                key = (share.player, half)
                amounts[key] = amounts.get(key, 0) + amount
                lowest[key] = min(lowest.get(key, share.pot), share.pot)
        own_line = False
        if refund is not None and run == last_run:
            player, amount = refund
            mine = sorted((value, key) for key, value in amounts.items() if key[0] == player)
            if mine:
                amounts[mine[-1][1]] += amount  # paid back with his largest line
            else:
                amounts[(player, "")] = amount
                lowest[(player, "")] = settlement.pot_count  # a line of its own: one more side pot
                own_line = True
        one_pot = (settlement.pot_count == 1 and not own_line) or len({player for player, _ in amounts}) == 1
        numbers = {pot: number for number, pot in enumerate(sorted(set(lowest.values())))}
        start = 0 if 0 in numbers else 1
        labels: dict[tuple[str, str], str] = {}
        for key in amounts:
            if one_pot:
                labels[key] = "pot"
            elif lowest[key] == 0:
                labels[key] = "main pot"
            else:  # numbered by the lowest pot won, in turn (lines sharing a pot share its number)
                labels[key] = f"side pot {numbers[lowest[key]] + start}"
        ordered = sorted(
            ((key, value) for key, value in amounts.items() if value),
            key=lambda item: (-lowest[item[0]], item[0][0], item[0][1] != "HI"),
        )
        out[run] = [((player, half, value), labels[(player, half)]) for (player, half), value in ordered]
    return out


def _collected(rec: HandRecord, awards: list[tuple[Award, str]]) -> list[str]:
    unit = rec.unit
    return [
        f"{player} collected {money(unit, amount)} from {label}" + (f"({half})" if half else "")
        for (player, half, amount), label in awards
    ]


def _words(rec: HandRecord, name: str, board: list[Card]) -> tuple[str, str | None]:
    """Winamax's words for a shown hand: (high, low or None)."""
    high, low = evaluate(rec.game, rec.player(name).hole, board)
    return high_words(high.key), (low_words(low.ranks) if low is not None else None)


def _board(rec: HandRecord, run: int) -> list[Card]:
    return rec.boards[max(run, 1) - 1] if rec.boards else []


def _showdown(rec: HandRecord, settlement: Settlement, awards: dict[int, list[tuple[Award, str]]]) -> list[str]:
    if not settlement.showdowns:
        return _collected(rec, awards[0])
    lines: list[str] = []
    for showdown in settlement.showdowns:
        lines.append(f"*** {_RUN[showdown.run]}SHOW DOWN ***")
        board = _board(rec, showdown.run)
        for section in showdown.sections:
            for reveal in section.reveals:
                if not reveal.shows:
                    continue  # Winamax prints nothing for a hand mucked at the showdown
                hole = cards_text(rec.player(reveal.player).hole)
                high, low = _words(rec, reveal.player, board)
                lines.append(f"{reveal.player} shows [{hole}] ({high})")
                if low is not None:
                    lines.append(f"{reveal.player} shows [{hole}] ({low})")
        lines.extend(_collected(rec, awards[showdown.run]))
    return lines


# ---- summary ---------------------------------------------------------------------------------------


def _summary(rec: HandRecord, settlement: Settlement, awards: dict[int, list[tuple[Award, str]]]) -> list[str]:
    unit = rec.unit
    refund = _refund(rec)
    total = settlement.total - settlement.rake + (refund[1] if refund else 0)
    printed = thousands(total) if rec.tournament_id is not None else money(unit, total)
    rake = f"Rake {money(unit, settlement.rake)}" if settlement.rake else "No rake"
    lines = ["*** SUMMARY ***", f"Total pot {printed} | {rake}"]
    if rec.run_twice:
        lines.append(f"FIRST Board: [{cards_text(rec.boards[0])}]")
        lines.append(f"SECOND Board: [{cards_text(rec.boards[1])}]")
    elif rec.boards and rec.boards[0] and rec.flop_dealt:
        lines.append(f"Board: [{cards_text(rec.boards[0])}]")
    won: dict[tuple[str, int, str], int] = {}
    for run, lines_of_run in awards.items():
        for (winner, half, amount), _ in lines_of_run:
            key = (winner, run, half if half != "" or not rec.game.is_hi_lo else "HI")
            won[key] = won.get(key, 0) + amount
    order = {"small blind": 0, "big blind": 1, "button": 2}
    for player in rec.dealt:
        tags = "".join(f" ({tag})" for tag in sorted(player.positions, key=order.__getitem__))
        seat = f"Seat {player.seat}: {player.name}{tags}"
        if player.folded:
            lines.append(f"{seat} folded on the {_FOLDED[player.fold_street or Street.RIVER]}")
        elif not settlement.showdowns:
            amount = sum(value for (name, _, _), value in won.items() if name == player.name)
            lines.append(f"{seat} won {money(unit, amount)}")
        elif player.name in settlement.mucked:
            lines.append(f"{seat} mucked")
        else:
            lines.extend(_shown(rec, settlement, seat, player.name, won))
    return lines


def _shown(
    rec: HandRecord, settlement: Settlement, seat: str, name: str, won: dict[tuple[str, int, str], int]
) -> list[str]:
    """A shown hand's summary lines: per board, the high, and for a hi/lo low a second line."""
    unit = rec.unit
    hole = cards_text(rec.player(name).hole)
    lines = []
    for showdown in settlement.showdowns:
        run = showdown.run
        high, low = _words(rec, name, _board(rec, run))
        if rec.game.is_hi_lo:
            parts = [("HI", f"HI : {high}")] + ([("LO", f"LO : {low}")] if low is not None else [])
        else:
            parts = [("", high)]
        for half, words in parts:
            amount = won.get((name, run, half), 0)
            if half == "HI" and low is None:
                amount += won.get((name, run, "LO"), 0)
            result = f"won {money(unit, amount)} with" if amount else "lost with"
            lines.append(f"{seat} showed [{hole}] and {result} {words}")
    return lines
