"""Print end-to-end audit throughput (read, parse, replay, all rules, the rules across hands) on one core for
PokerStars seven-card stud, stud hi/lo, razz, 2-7 draw and badugi hands, beside pot-limit Omaha in the same
run (the files take turns, best of --repeat each, in CPU seconds of this process); and for the stud, razz and
draw hands of Full Tilt and Kings Club, whose games PokerStars never dealt among them (five-card stud, A-5
triple draw, 2-7 razz, Badeucey, 2-7 Drawmaha).

The files are built from the corpus's complete hands of those games, repeated with fresh hand ids (see
parse_throughput.py).

    python benchmarks/stud_draw_throughput.py [--hands 5000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from audit_throughput import audit_all, best_of
from parse_throughput import build_file, corpus_dir, plo_hands, pokerstars_hands, standalone_hands

import omaha_audit
from omaha_audit.model import STUD_GAMES, Game


def stud_and_draw_hands(root: Path) -> tuple[list[str], Counter[str]]:
    """Text of every complete PokerStars stud, razz, 2-7 draw and badugi hand of the corpus, and the games."""
    found = pokerstars_hands(root, lambda hand: (hand.game in STUD_GAMES or hand.game.is_draw) and not hand.cancelled)
    return [text for text, _ in found], Counter(hand.game.value for _, hand in found)


def other_rooms_hands(root: Path) -> tuple[list[str], Counter[str]]:
    """Text of every complete stud, razz and draw hand (2-7 Drawmaha too) of the corpus's Full Tilt and Kings
    Club folders, each a hand on its own, and the games."""
    found = standalone_hands(
        [root / "FullTiltPoker", root / "KingsClub"],
        lambda hand: (
            not hand.cancelled and (hand.game in STUD_GAMES or hand.game.is_draw or hand.game is Game.DRAWMAHA_2_7)
        ),
    )
    return [text for text, _ in found], Counter(hand.game.value for _, hand in found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    root = corpus_dir()
    mixed, games = stud_and_draw_hands(root)
    others, other_games = other_rooms_hands(root)
    plo = plo_hands(root)
    with tempfile.TemporaryDirectory() as tmp:
        mixed_path, plo_path = Path(tmp) / "stud-draw.txt", Path(tmp) / "plo.txt"
        others_path = Path(tmp) / "fulltilt-kingsclub.txt"
        written = build_file(mixed_path, mixed, args.hands)
        build_file(plo_path, plo, args.hands)
        other_written = build_file(others_path, others, args.hands)
        print(f"stud and draw: {written} hands ({len(mixed)} distinct corpus hands: {dict(games)})")
        print(f"Full Tilt and Kings Club: {other_written} hands ({len(others)} distinct: {dict(other_games)})")
        best = {"stud and draw": float("inf"), "PLO": float("inf"), "Full Tilt, Kings Club": float("inf")}
        counts = {}
        files = (("stud and draw", mixed_path), ("PLO", plo_path), ("Full Tilt, Kings Club", others_path))
        for _ in range(args.repeat):
            for name, path in files:
                seconds, count = best_of(1, lambda path=path: audit_all(path))
                best[name] = min(best[name], seconds)
                counts[name] = count
    print(f"build: {omaha_audit.build()} (omaha_audit from {Path(omaha_audit.__file__).parent})")
    print(f"{'audit end to end':<28}{'hands/s':>12}")
    for name, seconds in best.items():
        print(f"{name:<28}{counts[name] / seconds:>12,.0f}")
    print("target: 3,000 stud and draw hands/s on one core, compiled")


if __name__ == "__main__":
    main()
