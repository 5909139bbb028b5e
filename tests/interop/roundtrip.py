"""The content of a hand that PokerStars text carries, in comparable form: two hands with equal
`carried(hand)` say the same thing to an auditor (same table, players, chips, lines, cards, awards, pot
figures), whatever format each was read from. Written from the model alone, independently of the
writer (omaha_audit/interop/pokerstars_text.py)."""

from __future__ import annotations

from typing import Any

from omaha_audit.engine.ledger import ledger
from omaha_audit.interop.pokerstars_text import hand_number
from omaha_audit.model import Action, Hand, PotBasis, Refunds, Street, Structure
from omaha_audit.model.enums import FeeEffect, ShowdownKind


def returned(hand: Hand) -> dict[str, int]:
    """The uncalled bet paid back to each player: the room's lines, else as the audit computes it."""
    if hand.refunds is Refunds.LINE:
        out: dict[str, int] = {}
        for back in hand.uncalled:
            out[back.player] = out.get(back.player, 0) + back.amount
        return out
    book = ledger(hand).uncalled
    return {book[0]: book[1]} if book else {}


def carried(hand: Hand) -> dict[str, Any]:
    back = returned(hand)
    won: dict[tuple[str, int], int] = {}
    for line in hand.collected:
        won[(line.player, line.run)] = won.get((line.player, line.run), 0) + line.amount
    if hand.refunds is Refunds.IN_COLLECTED:
        for player, amount in back.items():
            for key in sorted(k for k in won if k[0] == player):
                take = min(won[key], amount)
                won[key] -= take
                amount -= take
    won = {key: amount for key, amount in won.items() if amount}
    pot = hand.pot
    total = rake = None
    if pot is not None and pot.total is not None:
        total = pot.total
        if pot.total_basis in (PotBasis.GROSS_WITH_REFUNDS, PotBasis.NET_WITH_REFUNDS):
            total -= sum(back.values())
        if pot.total_basis in (PotBasis.NET, PotBasis.NET_WITH_REFUNDS):
            total += (pot.rake or 0) + hand.fees_taken
    if pot is not None:
        rake = pot.rake
    sides = tuple(pot.sides) if pot is not None and pot.pots_basis is PotBasis.NET and pot.sides else ()
    stakes = hand.stakes
    if hand.structure is Structure.FIXED_LIMIT:  # the header's pair: PokerStars names no blinds there
        stakes_pair = (stakes.small_bet, stakes.big_bet)
    else:
        stakes_pair = (stakes.small_blind, stakes.big_blind)
    actions = sorted(hand.actions, key=_place)
    return {
        "hand": hand_number(hand),
        "game": hand.game,
        "structure": hand.structure,
        "stakes": stakes_pair,
        "cap": hand.stakes.cap,
        "unit": (hand.unit.currency, hand.unit.decimals),
        "started": hand.started.replace(microsecond=0) if hand.started else None,  # PokerStars prints seconds
        "table": hand.table,
        "button": hand.button,
        "max_seats": hand.max_seats,
        "tournament": (hand.tournament.level,) if hand.tournament else None,
        "seats": [(s.seat, s.player, s.stack, s.sitting_out) for s in hand.seats],
        "actions": [(_street(a), a.player, a.kind, a.amount, a.raise_to, a.all_in) for a in actions],
        "streets": [(d.street, d.run, d.cards) for d in hand.streets],
        "dealt": [(d.player, d.cards, d.new_cards) for d in hand.dealt if d.cards or d.new_cards],
        "showdown": [(s.player, s.kind, s.cards) for s in hand.showdown if s.kind is not ShowdownKind.DOESNT_SHOW],
        "boards": [b for b in hand.boards if b],
        "returned": back,
        "won": won,
        "total": total,
        "rake": rake,
        "sides": sides,
        "fees_taken": sorted((f.kind, f.amount) for f in hand.fees if f.effect is FeeEffect.TAKEN),
        "added": sum(f.amount for f in hand.fees if f.effect is FeeEffect.ADDED),
        "cash_outs": [(c.player, c.amount, c.fee) for c in hand.cash_outs],
    }


def _street(action: Action) -> Street:
    """PokerStars has no betting before the hole cards: a reader's wager on the posts' street is pre-flop."""
    if action.street is Street.BLINDS and not action.kind.is_post:
        return Street.PREFLOP
    return action.street


def _place(action: Action) -> tuple[bool, int]:
    """PokerStars prints every post before the hole cards: a later post's place among the folds is lost."""
    return (not (action.street is Street.BLINDS and action.kind.is_post), action.order)


# What the writer must fill in where the room printed nothing (its docstring says how): the input's
# None there is not compared.
_FILLED = ("total", "rake")


def differences(source: dict[str, Any], written: dict[str, Any]) -> list[str]:
    """The keys of `carried` on which the hand read back from PokerStars text differs from the source."""
    out = []
    for key, value in source.items():
        other = written[key]
        if key in _FILLED and value is None:
            continue
        if key == "stakes" and value[0] is None:  # only the big blind printed (Absolute): SB as posted
            value, other = value[1:], other[1:]
        if value != other:
            out.append(key)
    return out
