"""Print hand evaluations per second on one core: Omaha high for 4, 5 and 6 hole cards and the
eight-or-better low, for omaha-audit's evaluator and, when it is installed, pokerkit, side by side.

Deals are random (fixed seed) with a 5-card board (showdowns are on the river). Cards go in as the
model's interned `Card` objects (what the parser produces) and, on a second row, as text ("Ah").
pokerkit gets its own pre-parsed cards. Each figure is the median of --repeat timed passes over the
deals, after the lazily built tables are ready (their one-off cost is printed too). Machines here are
shared and noisy: compare figures from the same run.

    python benchmarks/evaluate_throughput.py [--deals 20000] [--repeat 5] [--pokerkit-deals 1000] [--pin]
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from importlib import metadata
from typing import Any

HOLE_COUNTS = (4, 5, 6)


def pin_to_one_core(pin: bool) -> str:
    """Python runs this on one core anyway; --pin also keeps the scheduler from moving it."""
    if pin and hasattr(os, "sched_setaffinity"):
        core = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {core})
        return f"one thread, pinned to CPU {core}"
    return "one thread"


def one_pass(evaluate: Callable[[Any, Any], object], deals: Sequence[tuple[Any, Any]]) -> float:
    """Evaluations per second over one pass through `deals`."""
    gc.disable()
    start = time.perf_counter()
    for hole, board in deals:
        evaluate(hole, board)
    elapsed = time.perf_counter() - start
    gc.enable()
    return len(deals) / elapsed


def medians(cells: list[tuple[Callable[[Any, Any], object], Sequence[tuple[Any, Any]]]], repeat: int) -> list[float]:
    """Median rate of each (evaluator, deals) cell over `repeat` rounds; the cells take turns within a
    round, so a noisy moment on a shared machine spreads over all of them instead of hitting one."""
    rates: list[list[float]] = [[] for _ in cells]
    for _ in range(repeat):
        for index, (evaluate, deals) in enumerate(cells):
            rates[index].append(one_pass(evaluate, deals))
    return [statistics.median(cell) for cell in rates]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=20_000, help="deals per hole-card count (default 20000)")
    parser.add_argument("--repeat", type=int, default=5, help="timed passes, the median is printed (5)")
    parser.add_argument("--pokerkit-deals", type=int, default=1_000, help="deals for pokerkit (1000)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--pin", action="store_true", help="pin the process to one CPU (Linux)")
    args = parser.parse_args(argv)

    pinned = pin_to_one_core(args.pin)
    start = time.perf_counter()
    from omaha_audit.engine.evaluate import evaluate_high, evaluate_low, prepare_tables
    from omaha_audit.model.cards import DECK

    imported = time.perf_counter() - start
    start = time.perf_counter()
    prepare_tables()
    prepared = time.perf_counter() - start

    rng = random.Random(args.seed)
    deals: dict[int, list[tuple[Any, Any]]] = {}
    for n_hole in HOLE_COUNTS:
        deals[n_hole] = []
        for _ in range(args.deals):
            cards = rng.sample(DECK, n_hole + 5)
            deals[n_hole].append((cards[:n_hole], cards[n_hole:]))
    as_text = {n: [([str(c) for c in h], [str(c) for c in b]) for h, b in d] for n, d in deals.items()}

    sources = {"omaha-audit (Card objects)": deals, "omaha-audit (text cards)": as_text}
    cells: list[tuple[Callable[[Any, Any], object], Sequence[tuple[Any, Any]]]] = [
        (evaluate, source[n])
        for source in sources.values()
        for evaluate in (evaluate_high, evaluate_low)
        for n in HOLE_COUNTS
    ]
    figures = medians(cells, args.repeat)  # all cells take turns, so load spikes spread over both rows
    rows: list[tuple[str, list[float | None]]] = [
        (label, list(figures[6 * index : 6 * index + 6])) for index, label in enumerate(sources)
    ]

    try:
        import pokerkit
    except ImportError:
        pokerkit = None  # type: ignore[assignment]
    if pokerkit is not None and args.pokerkit_deals > 0:

        def pk_low(hole: Any, board: Any) -> object:
            try:
                return pokerkit.OmahaEightOrBetterLowHand.from_game(hole, board)
            except ValueError:  # no qualifying low
                return None

        pk_deals = {
            n: [
                (
                    list(pokerkit.Card.parse("".join(map(str, h)))),
                    list(pokerkit.Card.parse("".join(map(str, b)))),
                )
                for h, b in d[: args.pokerkit_deals]
            ]
            for n, d in deals.items()
        }
        repeat = max(1, min(args.repeat, 3))
        pk_cells: list[tuple[Callable[[Any, Any], object], Sequence[tuple[Any, Any]]]] = [
            (pokerkit.OmahaHoldemHand.from_game, pk_deals[n]) for n in HOLE_COUNTS
        ]
        pk_cells += [(pk_low, pk_deals[n]) for n in HOLE_COUNTS]
        rows.append((f"pokerkit {metadata.version('pokerkit')}", list(medians(pk_cells, repeat))))
    else:
        rows.append(("pokerkit (not installed)", [None] * 6))

    print(f"Python {sys.version.split()[0]}, {pinned}; {args.deals} deals per hole count, 5-card boards,")
    print(f"median of {args.repeat} passes; pokerkit on the first {args.pokerkit_deals} deals.")
    print(f"omaha-audit: import {imported * 1000:.0f} ms, lazily built tables {prepared * 1000:.0f} ms (once).")
    print()
    headers = ["evaluator", "high 4", "high 5", "high 6", "low 4", "low 5", "low 6"]
    widths = [max(len(headers[0]), *(len(label) for label, _ in rows)), *[10] * 6]
    print("  ".join(h.ljust(w) if i == 0 else h.rjust(w) for i, (h, w) in enumerate(zip(headers, widths, strict=True))))
    print("  ".join("-" * w for w in widths))
    for label, row in rows:
        texts = [label.ljust(widths[0])]
        texts += [("-" if f is None else f"{f:,.0f}").rjust(w) for f, w in zip(row, widths[1:], strict=True)]
        print("  ".join(texts))
    print()
    print("evaluations per second, one core (high N / low N: Omaha with N hole cards)")
    print()
    stud_and_draw(rng, args.deals, args.repeat, deals[4])


def stud_and_draw(rng: random.Random, count: int, repeat: int, omaha: Sequence[tuple[Any, Any]]) -> None:
    """The stud and draw evaluators (engine/evaluate/games.py) on random hands of their size, timed in
    turn with the four-card Omaha high on the same deals as above."""
    from omaha_audit.engine.evaluate import evaluate_high
    from omaha_audit.engine.evaluate.games import (
        badugi,
        draw_high,
        lowball_27,
        lowball_a5,
        razz_27_low,
        razz_low,
        stud_high,
        stud_low8,
    )
    from omaha_audit.model.cards import DECK

    hands = {size: [(rng.sample(DECK, size), None) for _ in range(count)] for size in (4, 5, 7)}
    named: list[tuple[str, Callable[[Any, Any], object], Sequence[tuple[Any, Any]]]] = [
        ("Omaha high, 4 hole cards", evaluate_high, omaha),
        ("stud high, 7 cards", lambda cards, _: stud_high(cards), hands[7]),
        ("stud eight-or-better low, 7 cards", lambda cards, _: stud_low8(cards), hands[7]),
        ("razz (A-5 low), 7 cards", lambda cards, _: razz_low(cards), hands[7]),
        ("2-7 razz, 7 cards", lambda cards, _: razz_27_low(cards), hands[7]),
        ("five-card stud high, 5 cards", lambda cards, _: stud_high(cards), hands[5]),
        ("2-7 lowball, 5 cards", lambda cards, _: lowball_27(cards), hands[5]),
        ("A-5 lowball, 5 cards", lambda cards, _: lowball_a5(cards), hands[5]),
        ("five-card draw high, 5 cards", lambda cards, _: draw_high(cards), hands[5]),
        ("badugi, 4 cards", lambda cards, _: badugi(cards), hands[4]),
        ("Badeucey badugi (aces high), 5 cards", lambda cards, _: badugi(cards, ace_high=True), hands[5]),
    ]
    figures = medians([(evaluate, deals) for _, evaluate, deals in named], repeat)
    width = max(len(label) for label, _, _ in named)
    print(f"{'stud and draw evaluator'.ljust(width)}  {'per second':>12}")
    print(f"{'-' * width}  {'-' * 12}")
    for (label, _, _), figure in zip(named, figures, strict=True):
        print(f"{label.ljust(width)}  {figure:>12,.0f}")


if __name__ == "__main__":
    main()
