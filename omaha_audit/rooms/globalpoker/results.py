"""The end of a Global Poker hand record: the awards (`results.transfers`: each a player's share of one
pot, after the rake), the pots and the rake, and the cross-checks of the per-player `results` against the
actions; and the button, which the record does not name."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from omaha_audit.model import ActionKind, Collected, Event, PotBasis, PotSummary, Street
from omaha_audit.rooms.globalpoker.document import ShapeError, as_bool, as_int, as_list, as_object, required

if TYPE_CHECKING:
    from omaha_audit.rooms.globalpoker.reader import HandReader


def read_results(reader: HandReader, results: dict[str, Any]) -> tuple[tuple[Collected, ...], PotSummary]:
    """The awards, the pots and the rake; the per-player results cross-checked against the actions."""
    rake = reader.money(results["totalRake"], "totalRake") if results.get("totalRake") is not None else None
    collected: list[Collected] = []
    pots: dict[int, int] = {}
    won: dict[str, int] = {}
    awards: list[tuple[dict[str, Any], int]] = []  # (transfer, pot number)
    for item in as_list(results.get("transfers") or [], "transfers"):
        transfer = as_object(item, "a transfer")
        if as_bool(transfer.get("fromChipStackToPlayer", False), "fromChipStackToPlayer"):
            reader.defect(transfer, "an award marked as going back to the player's stack: not read")
            continue
        try:
            pot = as_object(required(transfer, "pot", "transfer"), "transfer pot")
            number = as_int(required(pot, "potId", "transfer pot"), "potId")
            size = reader.money(required(pot, "potSize", "transfer pot"), "potSize")
        except ShapeError as error:  # (one award not read: the others are)
            reader.defect(transfer, f"{error}: not read")
            continue
        if pots.setdefault(number, size) != size:
            before = reader.text_money(pots[number])
            reason = f"pot {number} is {reader.text_money(size)} here, {before} in another award"
            reader.defect(transfer, reason, inconsistent=True)
        awards.append((transfer, number))
    several = len(pots) > 1
    for transfer, number in awards:
        try:
            name = reader.player(required(transfer, "playerId", "transfer"), "transfer playerId")
            amount = reader.money(required(transfer, "amount", "transfer"), "transfer amount")
        except ShapeError as error:
            reader.defect(transfer, f"{error}: not read")
            continue
        words = ("main pot" if number == 0 else f"side pot-{number}") if several else "pot"
        collected.append(Collected(name, amount, number, words, 0, reader.source(transfer)))
        won[name] = won.get(name, 0) + amount
    last = dict(reader.last_pots)
    if pots and last and pots != last and not reader.unsure:
        reader.defect(
            results,
            f"the awards' pots {pot_words(reader, pots)} are not the last pots {pot_words(reader, last)}",
            inconsistent=True,
        )
    sizes = pots or last
    check_results(reader, results, won, rake)
    ordered = [sizes[number] for number in sorted(sizes)]
    summary = PotSummary(
        sum(ordered),
        rake,
        ordered[0] if len(ordered) > 1 else None,
        tuple(ordered[1:]) if len(ordered) > 1 else (),
        reader.source(results),
        PotBasis.GROSS,
        PotBasis.GROSS,
        PotBasis.NET,
    )
    return tuple(collected), summary


def pot_words(reader: HandReader, pots: dict[int, int]) -> str:
    return ", ".join(f"{number}: {reader.text_money(size)}" for number, size in sorted(pots.items()))


def check_results(reader: HandReader, results: dict[str, Any], won: dict[str, int], rake: int | None) -> None:
    """Each player's `totalBet` (chips in, less the bet returned), `totalWin` (the awards) and `netWin`
    (their difference), and the players' `rake` shares against the total."""
    players = as_object(results.get("results") or {}, "results.results")
    shares = 0
    whole = True  # every player's figures read
    for item in players.values():
        entry = as_object(item, "a player's result")
        try:
            name = reader.player(required(entry, "playerId", "result"), "result playerId")
            bet = reader.money(entry.get("totalBet", 0), "totalBet")
            win = reader.money(entry.get("totalWin", 0), "totalWin")
            net = reader.money(entry.get("netWin", 0), "netWin", signed=True)
            shares += reader.money(entry.get("rake", 0), "rake")
        except ShapeError as error:  # (one player's figures not read: the others are checked)
            reader.defect(entry, f"{error}: not read")
            whole = False
            continue
        if reader.unsure:
            continue  # (an event not read: what the actions put in is not known)
        put = reader.put_in.get(name, 0)
        if bet != put:
            reason = f"{name}'s totalBet is {reader.text_money(bet)}; the actions put in {reader.text_money(put)}"
            reader.defect(entry, reason, inconsistent=True)
        paid = won.get(name, 0)
        if win != paid:
            reason = f"{name}'s totalWin is {reader.text_money(win)}; the transfers pay {reader.text_money(paid)}"
            reader.defect(entry, reason, inconsistent=True)
        if net != win - bet:
            reason = f"{name}'s netWin {reader.text_money(net)} is not totalWin less totalBet"
            reader.defect(entry, reason, inconsistent=True)
    if players and whole and rake is not None and shares != rake:
        reader.defect(
            results,
            f"the players' rake shares add up to {reader.text_money(shares)}, not totalRake {reader.text_money(rake)}",
            inconsistent=True,
        )


# ---- the button ----------------------------------------------------------------------------------
def button(reader: HandReader) -> int | None:
    """The record names no button. The deal goes round from the button's left, so the button is the
    player dealt in just before the small blind (heads-up: the small blind); with no small blind, the
    player before the big blind (the small blind's seat is then empty or sitting out); an event says
    so. With neither blind posted, None."""
    dealt = sorted(reader.dealt_in, key=reader.seat_of.__getitem__)
    if len(dealt) < 2:
        return None
    small = next((a.player for a in reader.actions if a.kind is ActionKind.POST_SMALL_BLIND), None)
    big = next((a.player for a in reader.actions if a.kind is ActionKind.POST_BIG_BLIND), None)
    first = small if small in dealt else big if big in dealt else None
    if first is None:
        return None
    if len(dealt) == 2:
        on = first if first == small else next(name for name in dealt if name != first)
    else:
        on = dealt[dealt.index(first) - 1]
    blind = "small" if first == small else "big"
    words = f"the record names no button: placed on {on}, the player dealt in before the {blind} blind"
    reader.events.append(Event("button-inferred", words, Street.BLINDS, reader.source(reader.body)))
    return reader.seat_of[on]
