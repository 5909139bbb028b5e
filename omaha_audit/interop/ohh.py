"""Open Hand History (OHH, hh-specs.handhistory.org, spec 1.4.7) writer for `omaha-audit convert --to ohh`.

One hand is one JSON object `{"ohh": {...}}` on one line (JSON Lines); `entry` adds the newline.

How the room-neutral model goes into OHH:

* Money is written as exact decimal numbers in currency units, built from the integers (1234 cents ->
  12.34): never through a float. Cash games use the ISO code of the unit ("USD", "EUR", ...); play money
  "XPM" (OHH 1.4.6); tournament chips and chips of no stated value have no currency: "" (the spec's own
  PokerStars tournament example), the tournament's buy-in currency going into `tournament_info.currency`.
  mBTC tables are written in bitcoin ("XBT", amounts scaled by 1/1000).
* Action `amount` is what that line put in (the model's `Action.amount`), as the spec asks ("a raise to
  $20 over the player's own $2 is 18.00"). A post of small and big blind together is two actions: "Post
  BB" (the live part) and "Post Dead" (the rest). A bring-in is "Post Extra Blind" (OHH has no bring-in).
  "Bet" is not a valid pre-flop action in OHH: a bet in the first round (a stud completion) is "Raise".
  Draws and stand-pats have no OHH action and no chips: they are left out; after each draw a player's
  `Dealt Cards` are the hand they then hold (the cards kept and the new ones), as far as the text shows it;
  on a later stud street, the cards new that street (never one written to the player before).
* Streets: flop games as they are; stud's third..seventh street are the rounds Preflop, Flop, Turn, River,
  River (OHH names only five streets; round ids keep the order, and the spec lets a street repeat); draw
  games' pre-draw betting and draws 1..3 are Preflop, Flop, Turn, River. Courchevel's first board card is
  the Preflop round's `cards`. Each round's `cards` are the board cards new in it; a second run
  of a run-it-twice hand is a second set of rounds after the first (flag "Run_It_Twice").
* Uncalled bets: OHH has no refund action, so the bettor's actions keep the chips they put in and the
  returned chips are paid back through one last pot, `amount` = the returned chips, no rake, won by the
  bettor alone. Every pot's `amount` (gross, before rake) is then its `win_amount`s + `rake` + `jackpot`,
  and starting_stack - actions + wins is each player's stack after the hand. (Readers taking the pots as
  the betting's pots can drop a last pot with a single winner whose amount that player's actions exceed
  the others' by: it is the refund.)
* Pots: one per pot the collected lines name (0 main, n side pot n), several runs and halves of one pot
  summed per player; one pot 0 when the room prints each player's total only. `win_amount` is net of
  rake (collects printed gross have the rake taken off in proportion). Each pot's `amount` is the main or
  side pot the betting makes (as the audit builds it from the contributions, engine/settle.py), its
  `rake` and `jackpot` what that pot lacks in wins (the rake and jackpot shared in proportion to those
  shortfalls): the pots a reader builds from the actions are then the pots written. Where the pots paid
  are not those (another number of pots, a pot paying more than it holds, a game the engine does not
  replay), the rake (and taxes taken from the pot) and the jackpot/bingo drops are shared over the pots
  in proportion to their wins, the remainder on the main pot. A room that prints no rake took what the
  pots lack (never negative), and where that is nothing its pots have no `rake` (an optional field: a
  rake of 0 would say the room printed one, which the rules across hands read as evidence, OA705). Money
  the site adds to the pot (splash the pot, cash drop) is an "Add to Pot" action at the start of the
  first round (OHH 1.4.5: no `player_id`, or the player the room names), and is in the pot `amount` and
  the wins. An all-in cash-out is the player's `cashout_amount` and `cashout_fee` in pot 0's
  `player_wins`.
* Fixed limit: our model keeps the header's small and big bet; OHH has no bet-size field, so its
  `big_blind_amount` is the small bet and `small_blind_amount` the small blind posted. Start times are
  written to the second.
* Required OHH fields the source hand does not state are left out, never invented: `start_date_utc` when
  the text gives no zone, `table_size` when it gives no table size, `dealer_seat` when no button is
  printed (always in stud) or when the reader inferred one it could not place for sure (Boss Media's
  button is inferred from the order of the deal, uncertain across an empty seat: the audit does not judge
  its movement), tournament details (name, type, speed, initial stack, start date).
* Unconvertible hands (reasons below, one per cause): cancelled or cut-off hands, games OHH has no
  game_type for (razz, 6+ Hold'em, games the readers do not name), the pot-limit/no-limit mix, a player
  who acts, collects or is given a bet back without a seat, two seats of one name, no award at all, and
  hands whose chips do not add up (what was put in, less refunds, plus site money, is not what was
  awarded plus rake and fees).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from datetime import UTC
from typing import Any, Final

from omaha_audit.interop.common import Unconvertible, returned_bets
from omaha_audit.model import (
    ActionKind,
    Card,
    EventKind,
    FeeEffect,
    FeeKind,
    Game,
    Hand,
    PotBasis,
    Refunds,
    ShowdownKind,
    Street,
)
from omaha_audit.model import Structure as _Structure

NAME: Final = "ohh"
SUFFIX: Final = ".ohh"
SPEC_VERSION: Final = "1.4.7"

CANCELLED: Final = Unconvertible("cancelled hand: nothing was played to a result")
TRUNCATED: Final = Unconvertible("cut-off hand: the text ends before the result")
NO_GAME_TYPE: Final = Unconvertible("game has no OHH game_type (razz, 6+ Hold'em, unnamed games)")
MIXED_LIMIT: Final = Unconvertible("pot-limit pre-flop, no-limit after: OHH has one bet_type")
UNSEATED: Final = Unconvertible("a player acts or collects without a seat")  # (or is given a bet back)
SHARED_NAME: Final = Unconvertible("two seats have the same player name")
NO_AWARD: Final = Unconvertible("no pot was awarded")
UNBALANCED: Final = Unconvertible("chips do not add up: put in less refunds is not what was awarded plus rake")

_GAME_TYPE: Final = {
    Game.HOLDEM: "Holdem",
    Game.OMAHA: "Omaha",
    Game.OMAHA5: "Omaha",
    Game.OMAHA6: "Omaha",
    Game.COURCHEVEL: "Omaha",
    Game.OMAHA_HI_LO: "OmahaHiLo",
    Game.OMAHA5_HI_LO: "OmahaHiLo",
    Game.OMAHA6_HI_LO: "OmahaHiLo",
    Game.COURCHEVEL_HI_LO: "OmahaHiLo",
    Game.STUD: "Stud",
    Game.STUD_HI_LO: "StudHiLo",
    Game.TRIPLE_DRAW_2_7: "Draw",
    Game.SINGLE_DRAW_2_7: "Draw",
    Game.BADUGI: "Draw",
}
_BET_TYPE: Final = {_Structure.NO_LIMIT: "NL", _Structure.POT_LIMIT: "PL", _Structure.FIXED_LIMIT: "FL"}
_STREET: Final = {
    Street.BLINDS: "Preflop",
    Street.PREFLOP: "Preflop",
    Street.FLOP: "Flop",
    Street.TURN: "Turn",
    Street.RIVER: "River",
    Street.THIRD: "Preflop",
    Street.FOURTH: "Flop",
    Street.FIFTH: "Turn",
    Street.SIXTH: "River",
    Street.SEVENTH: "River",
    Street.DRAW1: "Flop",
    Street.DRAW2: "Turn",
    Street.DRAW3: "River",
}
# betting rounds in hand order (BLINDS is part of the first)
_ROUND_INDEX: Final = {
    Street.BLINDS: 0,
    Street.PREFLOP: 0,
    Street.THIRD: 0,
    Street.FLOP: 1,
    Street.FOURTH: 1,
    Street.DRAW1: 1,
    Street.TURN: 2,
    Street.FIFTH: 2,
    Street.DRAW2: 2,
    Street.RIVER: 3,
    Street.SIXTH: 3,
    Street.DRAW3: 3,
    Street.SEVENTH: 4,
}
_ACTION: Final = {
    ActionKind.POST_SMALL_BLIND: "Post SB",
    ActionKind.POST_BIG_BLIND: "Post BB",
    ActionKind.POST_ANTE: "Post Ante",
    ActionKind.POST_STRADDLE: "Straddle",
    ActionKind.POST_BUTTON_BLIND: "Post Extra Blind",
    ActionKind.POST_DEAD: "Post Dead",
    ActionKind.BRING_IN: "Post Extra Blind",
    ActionKind.FOLD: "Fold",
    ActionKind.CHECK: "Check",
    ActionKind.CALL: "Call",
    ActionKind.BET: "Bet",
    ActionKind.RAISE: "Raise",
}
_NO_OHH_ACTION: Final = frozenset({ActionKind.DISCARD, ActionKind.STAND_PAT})
_ISO: Final = {"USD", "EUR", "GBP", "SEK", "CAD", "CNY", "INR", "RSD", "AUD", "NOK", "DKK", "CHF", "JPY", "BRL"}
_TAKEN_AS_JACKPOT: Final = frozenset({FeeKind.JACKPOT, FeeKind.BINGO})


class Money:
    """An exact amount for the JSON text: `units` of 10^-`decimals`."""

    __slots__ = ("decimals", "units")

    def __init__(self, units: int, decimals: int) -> None:
        self.units, self.decimals = units, decimals

    def text(self) -> str:
        return money_text(self.units, self.decimals)


def money_text(units: int, decimals: int) -> str:
    """The JSON number for `units` of 10^-decimals, exactly: 1234, 2 -> "12.34"; 5, 2 -> "0.05"; 7, 0 -> "7".
    Trailing zeros are kept to the unit's places ("12.30"), as OHH's examples write money."""
    sign = "-" if units < 0 else ""
    units = abs(units)
    if decimals <= 0:
        return f"{sign}{units * 10 ** (-decimals)}"
    whole, frac = divmod(units, 10**decimals)
    return f"{sign}{whole}.{frac:0{decimals}d}"


# JSON text: json's own string escaping (ensure_ascii=False keeps names readable), plus the characters a
# line reader may split on that JSON leaves raw (NEL, LINE/PARAGRAPH SEPARATOR) and lone surrogates.
_LINE_BREAKING: Final = re.compile("[\u0085\u2028\u2029\ud800-\udfff]")


def _escape_breaks(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def _string(text: str) -> str:
    return _LINE_BREAKING.sub(_escape_breaks, json.dumps(text, ensure_ascii=False))


def dumps(value: Any) -> str:
    """One-line JSON for dicts, lists, str, int, bool, None and Money (written exactly)."""
    parts: list[str] = []
    _write(value, parts)
    return "".join(parts)


def _write(value: Any, out: list[str]) -> None:
    if isinstance(value, str):
        out.append(_string(value))
    elif isinstance(value, Money):
        out.append(value.text())
    elif value is None or isinstance(value, bool | int):
        out.append(json.dumps(value))
    elif isinstance(value, dict):
        out.append("{")
        for index, (key, item) in enumerate(value.items()):
            if index:
                out.append(",")
            out.append(_string(key))
            out.append(":")
            _write(item, out)
        out.append("}")
    elif isinstance(value, list | tuple):
        out.append("[")
        for index, item in enumerate(value):
            if index:
                out.append(",")
            _write(item, out)
        out.append("]")
    else:
        raise TypeError(f"cannot write {type(value).__name__} as OHH JSON")


def currency_of(hand: Hand) -> tuple[str, int]:
    """OHH currency code and the decimal places of one model unit in that currency."""
    unit = hand.unit
    if hand.play_money or unit.currency == "play":
        return "XPM", unit.decimals
    if unit.currency == "mBTC":
        return "XBT", unit.decimals + 3
    if unit.currency in _ISO or (len(unit.currency) == 3 and unit.currency.isupper()):
        return unit.currency, unit.decimals
    return "", unit.decimals  # tournament chips, chips of no stated value


def _cards(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


_BUY_IN_PART: Final = re.compile(r"^\s*([$€£])?\s*(\d+(?:[.,]\d{1,2})?)\s*([$€£])?\s*$")
_BUY_IN_CODE: Final = re.compile(r"\s+(USD|EUR|GBP)\s*$")
_SYMBOL_CODE: Final = {"$": "USD", "€": "EUR", "£": "GBP"}


def buy_in(text: str) -> dict[str, Any]:
    """`$5.00+$0.50` -> buy-in and fee; `$1.00+$0.25+$0.15 USD` -> buy-in, bounty and fee; `Free`,
    `Freeroll` -> zero. Anything else states nothing OHH can use: {}."""
    if text.strip().lower() in ("free", "freeroll"):
        return {"buyin_amount": Money(0, 0), "fee_amount": Money(0, 0)}
    code = None
    found = _BUY_IN_CODE.search(text)
    if found:
        code, text = found.group(1), text[: found.start()]
    pieces = text.split("+")
    if len(pieces) not in (2, 3):
        return {}
    amounts: list[Money] = []
    for piece in pieces:
        match = _BUY_IN_PART.match(piece)
        if match is None:
            return {}
        symbol = match.group(1) or match.group(3)
        if symbol is None:
            return {}  # "100+9": points or chips, no currency
        code = code or _SYMBOL_CODE[symbol]
        number = match.group(2).replace(",", ".")
        whole, _, frac = number.partition(".")
        amounts.append(Money(int(whole) * 10 ** len(frac) + int(frac or "0"), len(frac)))
    info: dict[str, Any] = {"currency": code, "buyin_amount": amounts[0], "fee_amount": amounts[-1]}
    if len(amounts) == 3:
        info["bounty_fee_amount"] = amounts[1]
    return info


def _bounty(text: str | None) -> Money | None:
    if not text:
        return None
    match = _BUY_IN_PART.match(text)
    if match is None:
        return None
    whole, _, frac = match.group(2).replace(",", ".").partition(".")
    return Money(int(whole) * 10 ** len(frac) + int(frac or "0"), len(frac))


def _share(total: int, weights: list[int]) -> list[int]:
    """`total` split in proportion to `weights` (floor), the remainder on the first."""
    whole = sum(weights)
    if not weights:
        return []
    if whole <= 0:
        return [total] + [0] * (len(weights) - 1)
    shares = [total * weight // whole for weight in weights]
    shares[0] += total - sum(shares)
    return shares


def _within(total: int, caps: list[int]) -> list[int]:
    """`total` split in proportion to `caps` (floor), no share above its cap, the remainder on the first
    shares with room left (the caps add up to at least `total`)."""
    shares = _share(total, caps)
    shares = [min(share, cap) for share, cap in zip(shares, caps, strict=True)]
    left = total - sum(shares)
    for index, cap in enumerate(caps):
        extra = min(left, cap - shares[index])
        shares[index] += extra
        left -= extra
    return shares


def _pot_deductions(hand: Hand, pot_wins: list[int], deducted: int) -> list[int] | None:
    """What the house took from each pot (rake and jackpot): the main and side pots the betting makes, as
    the audit builds them (engine/settle.py, with the room's house rules), less what each pot's winners
    collected; None where they do not match the pots the room paid (another number of pots, a pot paying
    more than it holds, or takings that are not the hand's), or where the engine does not replay the game."""
    if not hand.game.is_flop_game or hand.cancelled:
        return None
    from omaha_audit.engine.replay import replay
    from omaha_audit.engine.settle import settle
    from omaha_audit.rooms import preset_for  # (lazily: the room formats are many modules)

    try:
        pots = settle(replay(hand, preset_for(hand))).pots
    except Exception:  # a hand the engine cannot replay: the rake is shared over the wins instead
        return None
    if len(pots) != len(pot_wins):
        return None
    gross = [pot.amount for pot in pots]
    gross[-1] += hand.stp  # (money the site added: the last pot's, as the engine pays it)
    deductions = [amount - won for amount, won in zip(gross, pot_wins, strict=True)]
    if any(deduction < 0 for deduction in deductions) or sum(deductions) != deducted:
        return None
    return deductions


def convert(hand: Hand) -> str | Unconvertible:
    built = build(hand)
    if isinstance(built, Unconvertible):
        return built
    return dumps(built)


def entry(index: int, text: str) -> str:
    return text + "\n"


def build(hand: Hand) -> dict[str, Any] | Unconvertible:
    """The `{"ohh": ...}` object of one hand, money as `Money`, or why OHH cannot hold it."""
    if hand.cancelled:
        return CANCELLED
    if hand.truncated:
        return TRUNCATED
    game_type = _GAME_TYPE.get(hand.game)
    if game_type is None:
        return NO_GAME_TYPE
    bet_type = _BET_TYPE.get(hand.structure)
    if bet_type is None:
        return MIXED_LIMIT
    ids: dict[str, int] = {}
    for player_id, seat in enumerate(hand.seats):
        if seat.player in ids:
            return SHARED_NAME
        ids[seat.player] = player_id
    if (
        any(action.player not in ids for action in hand.actions)
        or any(line.player not in ids for line in hand.collected)
        or any(cash_out.player not in ids for cash_out in hand.cash_outs)
        or any(line.player not in ids for line in hand.uncalled)
    ):
        return UNSEATED
    if not hand.collected and not hand.cash_outs:
        return NO_AWARD
    currency, decimals = currency_of(hand)

    def money(units: int) -> Money:
        return Money(units, decimals)

    # ---- pots ------------------------------------------------------------------------------------
    returned = returned_bets(hand)
    wins: dict[int, dict[str, int]] = {}
    every_pot = any(line.pot < 0 for line in hand.collected)
    for line in hand.collected:
        won = wins.setdefault(0 if every_pot else line.pot, {})
        won[line.player] = won.get(line.player, 0) + line.amount
    if not wins:
        wins[0] = {}
    numbers = sorted(wins)
    if hand.refunds is Refunds.IN_COLLECTED:  # the refund is inside the collected amount: take it out
        for player, amount in returned.items():
            for number in reversed(numbers):
                taken = min(amount, wins[number].get(player, 0))
                if taken:
                    wins[number][player] -= taken
                    amount -= taken
            if amount:
                return UNBALANCED
    rake = (hand.rake or 0) + sum(
        fee.amount for fee in hand.fees if fee.effect is FeeEffect.TAKEN and fee.kind not in _TAKEN_AS_JACKPOT
    )
    jackpot = sum(fee.amount for fee in hand.fees if fee.effect is FeeEffect.TAKEN and fee.kind in _TAKEN_AS_JACKPOT)
    if hand.pot is not None and hand.pot.collected_basis is PotBasis.GROSS and hand.rake:
        winners = [(number, player) for number in numbers for player in wins[number]]
        cuts = _share(hand.rake, [wins[number][player] for number, player in winners])
        for (number, player), cut in zip(winners, cuts, strict=True):
            wins[number][player] -= cut
    pot_wins = [sum(wins[number].values()) for number in numbers]
    put_in = sum(action.amount for action in hand.actions)
    gross = put_in - sum(returned.values()) + hand.stp
    if hand.rake is None and gross > sum(pot_wins) + rake + jackpot:  # no rake printed: the house kept the rest
        rake = gross - sum(pot_wins) - jackpot
    if gross != sum(pot_wins) + rake + jackpot:
        return UNBALANCED
    deductions = _pot_deductions(hand, pot_wins, rake + jackpot) if len(numbers) > 1 and rake + jackpot else None
    if deductions is not None:  # each pot's rake and jackpot: what the pot the betting made lacks in wins
        rakes = _within(rake, deductions)
        jackpots = [deduction - cut for deduction, cut in zip(deductions, rakes, strict=True)]
    else:
        rakes = _share(rake, pot_wins)
        jackpots = _share(jackpot, pot_wins)
    if any(amount < 0 for pot in wins.values() for amount in pot.values()):
        return UNBALANCED
    pots: list[dict[str, Any]] = []
    for position, number in enumerate(numbers):
        player_wins = [
            {"player_id": ids[player], "win_amount": money(amount)} for player, amount in wins[number].items()
        ]
        pot: dict[str, Any] = {
            "number": position,
            "amount": money(pot_wins[position] + rakes[position] + jackpots[position]),
        }
        if hand.rake is not None or rake:  # (a hand that prints no rake is not given one of 0: OHH's is optional)
            pot["rake"] = money(rakes[position])
        if jackpot:
            pot["jackpot"] = money(jackpots[position])
        pot["player_wins"] = player_wins
        pots.append(pot)
    for cash_out in hand.cash_outs:
        entry_ = {"player_id": ids[cash_out.player], "win_amount": money(0)}
        for existing in pots[0]["player_wins"]:
            if existing["player_id"] == ids[cash_out.player]:
                entry_ = existing
                break
        else:
            pots[0]["player_wins"].append(entry_)
        entry_["cashout_amount"] = money(cash_out.amount)
        entry_["cashout_fee"] = money(cash_out.fee)
    for player, amount in returned.items():
        pots.append(
            {
                "number": len(pots),
                "amount": money(amount),
                "rake": money(0),
                "player_wins": [{"player_id": ids[player], "win_amount": money(amount)}],
            }
        )

    # ---- rounds ----------------------------------------------------------------------------------
    rounds: dict[tuple[int, int], dict[str, Any]] = {}  # (run, betting round) -> round

    def round_for(run: int, index: int, street: str) -> dict[str, Any]:
        key = (run, index)
        found = rounds.get(key)
        if found is None:
            found = rounds[key] = {"street": street, "cards": [], "actions": []}
        return found

    first = round_for(0, 0, "Preflop")
    for fee in hand.fees:  # money the site added to the pot (OHH 1.4.5: "Add to Pot", a player optional)
        if fee.effect is FeeEffect.ADDED and fee.amount > 0:
            added: dict[str, Any] = {"action": "Add to Pot", "amount": money(fee.amount)}
            if fee.player is not None and fee.player in ids:
                added["player_id"] = ids[fee.player]
            first["actions"].append(added)
    stud_or_draw = not hand.game.is_flop_game
    dealt_lines = sorted(hand.dealt, key=lambda line: line.source.line)
    if not stud_or_draw:  # the hole cards after the posts
        pending_deals = []
    else:
        pending_deals = list(dealt_lines)
    posts_done = False
    last = first

    dealt_to: dict[str, set[Card]] = {}  # stud and draw: the cards written to each player so far

    def deal_before(line_number: int | None, target: dict[str, Any]) -> None:
        while pending_deals and (line_number is None or pending_deals[0].source.line < line_number):
            dealt = pending_deals.pop(0)
            written = dealt_to.get(dealt.player)
            if written is not None and hand.game.is_draw:  # after a draw: the hand held now, kept and new
                cards = dealt.cards + dealt.new_cards
            elif written is not None:  # a later stud street: the cards not dealt before (a reader may repeat
                # the cards held with no new one, Merge's XML on a seventh-street card it does not show)
                cards = tuple(card for card in dealt.new_cards or dealt.cards if card not in written)
            else:  # a player's first deal: all of it (Full Tilt's stud `[Td Jd] [As]`: down cards, then up)
                cards = dealt.cards + dealt.new_cards
                written = dealt_to[dealt.player] = set()
            written.update(cards)
            if dealt.player in ids and cards:
                target["actions"].append(
                    {"player_id": ids[dealt.player], "action": "Dealt Cards", "cards": _cards(cards)}
                )

    big_blind = hand.stakes.big_blind or hand.stakes.small_bet
    for action in hand.actions:
        if action.kind in _NO_OHH_ACTION:
            continue
        index = _ROUND_INDEX.get(action.street)
        if index is None:
            continue
        target = last = round_for(0, index, _STREET[action.street])
        if stud_or_draw:
            deal_before(action.source.line, target)
        elif not posts_done and not action.kind.is_post:
            posts_done = True
            _deal_hole_cards(first, dealt_lines, ids)
        player_id = ids[action.player]
        if action.kind is ActionKind.POST_SMALL_AND_BIG_BLIND:
            live = action.raise_to if action.raise_to is not None else (big_blind or action.amount)
            live = max(0, min(live, action.amount))
            target["actions"].append(_action(player_id, "Post BB", money(live), action.all_in))
            if action.amount - live:
                target["actions"].append(_action(player_id, "Post Dead", money(action.amount - live), action.all_in))
            continue
        name = _ACTION[action.kind]
        if name == "Bet" and index == 0:
            name = "Raise"
        target["actions"].append(_action(player_id, name, money(action.amount), action.all_in))
    if stud_or_draw:
        deal_before(None, last)
    elif not posts_done:
        _deal_hole_cards(first, dealt_lines, ids)

    # board cards: what is new in each round, per run (a second run starts from the first run's board)
    seen: dict[int, list[Card]] = {0: []}
    for deal in sorted(hand.streets, key=lambda deal: (deal.run, deal.order, deal.source.line)):
        index = _ROUND_INDEX.get(deal.street)
        if index is None or not hand.game.is_flop_game:
            continue
        known = seen.setdefault(deal.run, list(seen[0]) if deal.run else [])
        new = [card for card in deal.cards if card not in known] if deal.cards else list(deal.new_cards)
        known.extend(new)
        target = round_for(deal.run, index, _STREET[deal.street])
        target["cards"] = _cards(new)

    showdown = []
    for shown in hand.showdown:
        if shown.player not in ids or shown.kind is ShowdownKind.DOESNT_SHOW:
            continue
        if shown.kind is ShowdownKind.SHOWS:
            item: dict[str, Any] = {"player_id": ids[shown.player], "action": "Shows Cards"}
            if shown.cards:
                item["cards"] = _cards(shown.cards)
        else:
            item = {"player_id": ids[shown.player], "action": "Mucks Cards"}
            if shown.cards:
                item["cards"] = _cards(shown.cards)
        showdown.append(item)

    ordered = [rounds[key] for key in sorted(rounds)]
    if showdown:
        ordered.append({"street": "Showdown", "cards": [], "actions": showdown})
    round_list = []
    for round_id, round_ in enumerate(ordered):
        for number, item in enumerate(round_["actions"], start=1):
            item["action_number"] = number
        actions = [_ordered_action(item) for item in round_["actions"]]
        built: dict[str, Any] = {"id": round_id, "street": round_["street"]}
        if round_["cards"]:
            built["cards"] = round_["cards"]
        built["actions"] = actions
        round_list.append(built)

    # ---- header ----------------------------------------------------------------------------------
    players = []
    for seat in hand.seats:
        listed: dict[str, Any] = {
            "id": ids[seat.player],
            "seat": seat.seat,
            "name": seat.player,
            "starting_stack": money(seat.stack),
        }
        bounty = _bounty(seat.bounty)
        if bounty is not None:
            listed["player_bounty"] = bounty
        if seat.sitting_out or seat.out_of_hand:
            listed["is_sitting_out"] = True
        players.append(listed)
    ohh: dict[str, Any] = {
        "spec_version": SPEC_VERSION,
        "site_name": hand.room,
        "network_name": hand.format,
        "internal_version": _internal_version(),
        "tournament": hand.tournament is not None,
    }
    if hand.tournament is not None:
        info: dict[str, Any] = {"tournament_number": hand.tournament.tournament_id}
        info.update(buy_in(hand.tournament.buy_in))
        ohh["tournament_info"] = info
    ohh["game_number"] = hand.hand_id
    if hand.started is not None:
        ohh["start_date_utc"] = hand.started.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    ohh["table_name"] = hand.table
    ohh["game_type"] = game_type
    ohh["bet_limit"] = {"bet_type": bet_type, "bet_cap": money(hand.stakes.cap or 0)}
    if hand.max_seats is not None:
        ohh["table_size"] = hand.max_seats
    ohh["currency"] = currency
    if hand.button is not None and not any(event.kind == EventKind.BUTTON_UNCERTAIN for event in hand.events):
        ohh["dealer_seat"] = hand.button
    small_blind, big_blind_stake = hand.stakes.small_blind, hand.stakes.big_blind
    if big_blind_stake is None and hand.stakes.small_bet is not None:
        # fixed limit, where our model keeps the header's bets: OHH's big blind is the small bet (OHH has no
        # bet-size field), its small blind the one posted
        big_blind_stake = hand.stakes.small_bet
        posted = [a.amount for a in hand.actions if a.kind is ActionKind.POST_SMALL_BLIND]
        small_blind = small_blind if small_blind is not None else (posted[0] if posted else None)
    if small_blind is not None:
        ohh["small_blind_amount"] = money(small_blind)
    if big_blind_stake is not None:
        ohh["big_blind_amount"] = money(big_blind_stake)
    ohh["ante_amount"] = money(hand.stakes.ante or 0)
    flags = []
    if hand.hero is not None and hand.hero in ids:
        ohh["hero_player_id"] = ids[hand.hero]
    else:
        flags.append("Observed")
    if hand.run_twice:
        flags.append("Run_It_Twice")
    if hand.kind == "zoom":
        flags.append("Fast")
    if hand.stakes.cap:
        flags.append("Cap")
    ohh["flags"] = flags
    ohh["players"] = players
    ohh["rounds"] = round_list
    ohh["pots"] = pots
    return {"ohh": ohh}


def _deal_hole_cards(first: dict[str, Any], dealt_lines: list[Any], ids: dict[str, int]) -> None:
    done: set[str] = set()
    for dealt in dealt_lines:
        if dealt.player in ids and dealt.player not in done and dealt.cards:
            done.add(dealt.player)
            first["actions"].append(
                {"player_id": ids[dealt.player], "action": "Dealt Cards", "cards": _cards(dealt.cards)}
            )


def _action(player_id: int, name: str, amount: Money, all_in: bool) -> dict[str, Any]:
    return {"player_id": player_id, "action": name, "amount": amount, "is_allin": all_in}


def _ordered_action(item: dict[str, Any]) -> dict[str, Any]:
    ordered: dict[str, Any] = {"action_number": item["action_number"]}
    if "player_id" in item:  # (absent only from a site's "Add to Pot")
        ordered["player_id"] = item["player_id"]
    ordered["action"] = item["action"]
    for key in ("amount", "is_allin", "cards"):
        if key in item:
            ordered[key] = item[key]
    return ordered


def _internal_version() -> str:
    from omaha_audit import __version__

    return __version__
