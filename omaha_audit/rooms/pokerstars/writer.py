"""PokerStars hand-history text, line for line as the room writes it (POKERSTARS_FORMAT.md), including
its trailing spaces (`folds `, `checks `, seat lines, `| Rake $0 `) and three blank lines after a hand.
"""

from __future__ import annotations

from omaha_audit.generate.config import GAME_TEXT, STRUCTURE_TEXT
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
from omaha_audit.model import Card, Street

RUN_WORD = {0: "", 1: "FIRST ", 2: "SECOND "}
STREET_WORD = {Street.FLOP: "FLOP", Street.TURN: "TURN", Street.RIVER: "RIVER"}
FOLD_WORD = {Street.FLOP: "Flop", Street.TURN: "Turn", Street.RIVER: "River"}
HAND_SEPARATOR = "\n\n\n\n"


def cards_text(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(str(card) for card in cards)


def pot_name(index: int, count: int) -> str:
    if count == 1:
        return "pot"
    if index == 0:
        return "main pot"
    return "side pot" if count == 2 else f"side pot-{index}"


def write_hand(rec: HandRecord) -> str:
    """The hand's text, ending with the blank lines that separate it from the next hand."""
    money = rec.unit.format
    lines = [_header(rec), _table(rec)]
    for player in rec.seats:
        status = " is sitting out" if player.sitting_out else " "
        lines.append(f"Seat {player.seat}: {player.name} ({money(player.stack)} in chips){status}")
    lines.extend(_body_line(rec, line) for line in rec.body)
    settlement = rec.settlement
    if settlement is None:
        raise ValueError(f"hand {rec.hand_id} was not settled")
    lines.extend(_showdown(rec, settlement))
    lines.extend(_summary(rec, settlement))
    return "\n".join(lines) + HAND_SEPARATOR


def _header(rec: HandRecord) -> str:
    money = rec.unit.format
    game = f"{GAME_TEXT[rec.game]} {STRUCTURE_TEXT[rec.structure]}"
    low, high = rec.stakes.header_pair(rec.structure)
    if rec.tournament_id is not None:
        return (
            f"PokerStars Hand #{rec.hand_id}: Tournament #{rec.tournament_id}, {rec.buy_in} {game}"
            f" - Level {rec.stakes.level} ({money(low)}/{money(high)}) - {rec.started} ET"
        )
    return f"PokerStars Hand #{rec.hand_id}:  {game} ({money(low)}/{money(high)} USD) - {rec.started} ET"


def _table(rec: HandRecord) -> str:
    return f"Table '{rec.table}' {rec.max_seats}-max Seat #{rec.button} is the button"


def _body_line(rec: HandRecord, line: Line) -> str:
    money = rec.unit.format
    if isinstance(line, Act):
        suffix = " and is all-in" if line.all_in else ""
        if line.verb in ("folds", "checks"):
            return f"{line.player}: {line.verb} "
        if line.verb == "raises":
            return f"{line.player}: raises {money(line.amount)} to {money(line.to)}{suffix}"
        return f"{line.player}: {line.verb} {money(line.amount)}{suffix}"
    if isinstance(line, Post):
        suffix = " and is all-in" if line.all_in else ""
        return f"{line.player}: posts {line.what} {money(line.amount)}{suffix}"
    if isinstance(line, BoardLine):
        marker = f"*** {RUN_WORD[line.run]}{STREET_WORD[line.street]} ***"
        if line.old:
            return f"{marker} [{cards_text(line.old)}] [{cards_text(line.new)}]"
        return f"{marker} [{cards_text(line.new)}]"
    if isinstance(line, Uncalled):
        return f"Uncalled bet ({money(line.amount)}) returned to {line.player}"
    if isinstance(line, Dealt):
        return f"Dealt to {line.player} [{cards_text(line.cards)}]"
    if isinstance(line, PreFlopCard):
        return f"*** PRE-FLOP *** [{line.card}]"
    if isinstance(line, Text):
        return line.text
    raise TypeError(f"unknown line {line!r}")


def _collected(rec: HandRecord, share: Share, pot_count: int) -> str:
    return f"{share.player} collected {rec.unit.format(share.amount)} from {pot_name(share.pot, pot_count)}"


def _showdown(rec: HandRecord, settlement: Settlement) -> list[str]:
    lines: list[str] = []
    if not settlement.showdowns:
        for share in settlement.uncontested:
            lines.append(_collected(rec, share, 1))
        winners = {share.player for share in settlement.uncontested}
        lines.extend(f"{name}: doesn't show hand " for name in sorted(winners) if name != rec.hero)
        return lines
    for showdown in settlement.showdowns:
        lines.append(f"*** {RUN_WORD[showdown.run]}SHOW DOWN ***")
        for section in showdown.sections:
            for reveal in section.reveals:
                if reveal.shows:
                    hole = cards_text(rec.player(reveal.player).hole)
                    lines.append(f"{reveal.player}: shows [{hole}] ({reveal.description})")
                else:
                    lines.append(f"{reveal.player}: mucks hand ")
            lines.extend(_collected(rec, share, settlement.pot_count) for share in section.shares)
        if showdown.no_low:
            lines.append("No low hand qualified")
    return lines


def _summary(rec: HandRecord, settlement: Settlement) -> list[str]:
    money = rec.unit.format
    lines = ["*** SUMMARY ***"]
    pots = ""
    if settlement.pot_count > 1:
        pots = f" Main pot {money(settlement.pots_net[0])}."
        for index, amount in enumerate(settlement.pots_net[1:], start=1):
            label = "Side pot" if settlement.pot_count == 2 else f"Side pot-{index}"
            pots += f" {label} {money(amount)}."
    lines.append(f"Total pot {money(settlement.total)}{pots} | Rake {money(settlement.rake)} ")
    if rec.run_twice:
        lines.append("Hand was run twice")
        lines.append(f"FIRST Board [{cards_text(rec.boards[0])}]")
        lines.append(f"SECOND Board [{cards_text(rec.boards[1])}]")
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
    money = rec.unit.format
    player = rec.player(name)
    if player.folded:
        if player.fold_street is Street.PREFLOP:
            return "folded before Flop" + ("" if player.posted_or_bet else " (didn't bet)")
        return f"folded on the {FOLD_WORD[player.fold_street or Street.RIVER]}"
    if not settlement.showdowns:
        return f"collected ({money(won.get((name, 0), 0))})"
    if name in settlement.mucked:
        return f"mucked [{cards_text(settlement.mucked[name])}]"
    clauses = []
    for run in runs:
        words = settlement.summary_descriptions.get((name, run), "")
        amount = won.get((name, run), 0)
        clauses.append(f"and won ({money(amount)}) with {words}" if amount else f"and lost with {words}")
    return f"showed [{cards_text(player.hole)}] " + ", ".join(clauses)
