"""Hands and unreadable hands as JSON-ready dicts (the `parse --format jsonl` records)."""

from __future__ import annotations

from typing import Any

from omaha_audit.model import DECK, Action, Card, Hand, Seat, Source, UnreadableHand

# Enum members go into the records as they are: they are str (StrEnum), and json writes their value.
_CARD_TEXT = {card: str(card) for card in DECK}


def _cards(cards: tuple[Card, ...]) -> list[str]:
    text = _CARD_TEXT
    return [text.get(card) or str(card) for card in cards]


def _seat(seat: Seat) -> dict[str, Any]:
    entry = {
        "seat": seat.seat,
        "player": seat.player,
        "stack": seat.stack,
        "sitting_out": seat.sitting_out or seat.out_of_hand,
    }
    if seat.bounty:
        entry["bounty"] = seat.bounty
    return entry


def _action(action: Action) -> dict[str, Any]:
    entry = {
        "street": action.street,
        "player": action.player,
        "seat": action.seat,
        "action": action.kind,
        "amount": action.amount,
    }
    if action.raise_to is not None:
        entry["raise_to"] = action.raise_to
    if action.increment is not None:
        entry["increment"] = action.increment
    if action.all_in:
        entry["all_in"] = True
    entry["line"] = action.source.line
    return entry


def _source(source: Source) -> dict[str, Any]:
    return {"path": source.path, "line": source.line}


def pot_name(index: int, text: str) -> str:
    """'main' for the main (or only) pot, 'side-N' for side pot N, 'all' for a total over every pot."""
    if index < 0:
        return "all"
    return "main" if index == 0 else f"side-{index}"


def stakes_text(hand: Hand) -> str:
    """The stakes as the room prints them: blinds, or small bet/big bet for fixed limit."""
    stakes, unit = hand.stakes, hand.unit
    if stakes.big_blind is not None:
        return f"{unit.format(stakes.small_blind or 0)}/{unit.format(stakes.big_blind)}"
    return f"{unit.format(stakes.small_bet or 0)}/{unit.format(stakes.big_bet or 0)}"


def hand_record(hand: Hand) -> dict[str, Any]:
    stakes = hand.stakes
    record: dict[str, Any] = {
        "room": hand.room,
        "hand_id": hand.hand_id,
        "source": {"path": hand.source.path, "line": hand.source.line, "end_line": hand.source.end_line},
        "game": hand.game,
        "game_text": hand.game_text,
        "structure": hand.structure,
        "currency": hand.unit.currency,
        "unit": hand.unit.describe(),
        "stakes": {
            "small_blind": stakes.small_blind,
            "big_blind": stakes.big_blind,
            "small_bet": stakes.small_bet,
            "big_bet": stakes.big_bet,
            "ante": stakes.ante,
            "cap": stakes.cap,
        },
        "format": hand.format,
        "started": hand.started.isoformat() if hand.started is not None else None,
        "started_local": hand.started_local,
        "table_id": hand.table_id,
        "kind": hand.kind,
        "mixed": hand.mixed,
        "tournament": None
        if hand.tournament is None
        else {
            "id": hand.tournament.tournament_id,
            "buy_in": hand.tournament.buy_in,
            "level": hand.tournament.level,
        },
        "table": hand.table,
        "max_seats": hand.max_seats,
        "button": hand.button,
        "hero": hand.hero,
        "total_pot": hand.total_pot,
        "rake": hand.rake,
        "pots": None
        if hand.pot is None
        else {
            "main": hand.pot.main,
            "sides": list(hand.pot.sides),
            "total_basis": hand.pot.total_basis,
            "pots_basis": hand.pot.pots_basis,
            "collected_basis": hand.pot.collected_basis,
        },
        "fees": [
            {"kind": fee.kind, "amount": fee.amount, "effect": fee.effect, "label": fee.label, "player": fee.player}
            for fee in hand.fees
        ],
        "refunds": hand.refunds,
        "seats": [_seat(seat) for seat in hand.seats],
        "actions": [_action(action) for action in hand.actions],
        "streets": [
            {"street": deal.street, "run": deal.run, "cards": _cards(deal.cards), "line": deal.source.line}
            for deal in hand.streets
        ],
        "boards": [_cards(board) for board in hand.boards],
        "hole_cards": {line.player: _cards(line.cards + line.new_cards) for line in hand.dealt if line.cards},
        "showdown": [
            {
                "player": line.player,
                "action": line.kind,
                "cards": _cards(line.cards),
                "description": line.description,
                "run": line.run,
                "line": line.source.line,
            }
            for line in hand.showdown
        ],
        "uncalled": [
            {"player": item.player, "amount": item.amount, "line": item.source.line} for item in hand.uncalled
        ],
        "awards": [
            {
                "player": item.player,
                "amount": item.amount,
                "pot": pot_name(item.pot, item.pot_text),
                "half": item.half,
                "run": item.run,
                "line": item.source.line,
            }
            for item in hand.collected
        ],
        "cash_outs": [
            {"player": item.player, "amount": item.amount, "fee": item.fee, "line": item.source.line}
            for item in hand.cash_outs
        ],
        "run_twice": hand.run_twice,
        "cancelled": hand.cancelled,
        "truncated": hand.truncated,
        "defects": [{"line": d.line, "text": d.text, "reason": d.reason} for d in hand.defects],
    }
    return record


def unreadable_record(item: UnreadableHand) -> dict[str, Any]:
    return {
        "unreadable": True,
        "source": {"path": item.path, "line": item.first_line, "end_line": item.last_line},
        "reason": item.reason,
        "line": item.line,
        "hand_id": item.hand_id,
    }
