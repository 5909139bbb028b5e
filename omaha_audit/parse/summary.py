"""The summary block's lines: the pot line and the per-seat outcome lines."""

from __future__ import annotations

import re
from collections.abc import Callable

from omaha_audit.model import Card, PotSummary, Source, SummarySeat

_AMOUNT = r"[^\d\s(]?[\d,]+(?:\.\d+)?"
_SIDE = re.compile(r"Side pot(?:[- ]\d+)? (" + _AMOUNT + r")")
_MAIN = re.compile(r"Main pot (" + _AMOUNT + r")")
_FEE = re.compile(r"\| ([^|]*?) (" + _AMOUNT + r")\s*(?=\||$)")
_TAG = re.compile(r"\((button|small blind|big blind|button blind)\) ")
_WON = re.compile(r"(?:won|collected) \(?(" + _AMOUNT + r")\)?")
_CARDS = re.compile(r"\[([^\]]*)\]")
_FOLDED = re.compile(r"folded (?:before|on) (?:the )?(\w+(?: \w+)?)")

Amount = Callable[[str], int]
Cards = Callable[[str, int], tuple[Card, ...]]


def read_pot_line(fields: dict[str, str | None], amount: Amount, source: Source) -> PotSummary:
    """SUMMARY_TOTAL or SUMMARY_TOTAL_PIPES fields to a PotSummary (amounts in units)."""
    total = amount(fields["total"] or "0")
    rake = amount(fields["rake"] or "0")
    main: int | None = None
    sides: tuple[int, ...] = ()
    if "pots" in fields:  # Run It Once's pipe-separated form
        pots = fields["pots"] or ""
        main_match = _MAIN.search(pots)
        main = amount(main_match.group(1)) if main_match else None
        sides = tuple(amount(value) for value in _SIDE.findall(pots))
    else:
        main = amount(fields["main"]) if fields.get("main") else None
        sides = tuple(amount(value) for value in _SIDE.findall(fields.get("sides") or ""))
    fees = tuple((name.strip(), amount(value)) for name, value in _FEE.findall(fields.get("fees") or ""))
    if fields.get("stp"):
        fees = (("STP", amount(fields["stp"] or "0")), *fees)
    return PotSummary(total=total, rake=rake, main=main, sides=sides, fees=fees, source=source)


def read_summary_seat(
    seat: int, rest: str, players: dict[int, str], amount: Amount, cards: Cards, source: Source
) -> SummarySeat:
    """`Seat N: <rest>` where rest is `name [(tags)] outcome`."""
    player = players.get(seat, "")
    if player and rest.startswith(player + " "):
        after = rest[len(player) + 1 :]
    else:
        # Unknown seat or a renamed player: the name runs up to the first tag or outcome word.
        cut = re.search(r" (?:\(|folded|showed|mucked|collected|won|lost|sat out|is sitting out)", rest)
        player = rest[: cut.start()] if cut else rest
        after = rest[cut.start() + 1 :] if cut else ""
    positions: list[str] = []
    while True:
        tag = _TAG.match(after)
        if tag is None:
            break
        positions.append(tag.group(1))
        after = after[tag.end() :]
    outcome = "other"
    for word in ("folded", "showed", "mucked", "collected", "won"):
        if after.startswith(word):
            outcome = "collected" if word == "won" else word
            break
    card_match = _CARDS.search(after) if outcome in ("showed", "mucked") else None
    hole = cards(card_match.group(1), source.line) if card_match else ()
    folded = _FOLDED.match(after)
    won = tuple(amount(value) for value in _WON.findall(after)) if outcome != "folded" else ()
    return SummarySeat(
        seat=seat,
        player=player,
        positions=tuple(positions),
        outcome=outcome,
        won=won,
        cards=hole,
        text=rest,
        source=source,
        folded_street=folded.group(1) if folded else None,
        cashed_out="(cashed out)" in after,
        pot_not_awarded="pot not awarded" in after,
    )
