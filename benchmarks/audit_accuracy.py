"""Generate hands with and without injected dealer errors, audit them, and print per fault kind the
recall, plus the error/warning findings on clean hands (false alarms), with throughput and peak memory.

    python benchmarks/audit_accuracy.py [--faulty 20000] [--clean 100000] [--seed 1] [--room R]...

Defaults follow issue 5: 20,000 hands at fault rate 1 (19 kinds, so every kind about 1,050 times) and
100,000 clean hands across all games and structures. `--million` instead generates and audits one file
of 1,000,000 hands (fault rate 0.1) and reports hands/s and peak memory. `--room R` (repeatable, or
`--room all`: every room with a writer, omaha_audit/rooms/<room>/writer.py) writes the same hands in room R's
text and measures recall through R's reader; the fault kinds R's hands cannot show are listed (with the
reason where it is the room's preset: a rake cap it does not state), not injected.

The runs are what `omaha-audit generate` writes with the same options (`--hands`, `--seed`, `--fault-rate`,
`--room`, `--variant`, `--sessions`, `--tables`, `--tournament-share`): each room's hands dealt by the room's
preset (generate/dealing.py), and audited as `omaha-audit audit` audits them, each hand by its room's preset
with every rule; no other house rules. The report adds a table per game and betting structure.

`--variant V` (repeatable, one of each kind) writes R's text in the variants named (a client language, a
number style, a header: the writer's VARIANTS, `generate --variant`); `--each-variant` measures R's usual
text and then each variant its writer offers in turn, and ends with one table: per room and variant the hands,
the recall over the injected kinds, the error/warning findings on clean hands, the unreadable hands and the
reading findings (OA1xx, info included). `--fault-rate` is the share of faulty hands in the --faulty run:

    python benchmarks/audit_accuracy.py --room all --each-variant --faulty 2000 --fault-rate 0.5 --clean 2000

`--stud-draw` deals the stud and draw games instead (generate/stud_draw.py): those the room's writer writes
(PokerStars all seven, ACR stud and stud hi/lo), with the fault kinds that apply to them:

    python benchmarks/audit_accuracy.py --stud-draw --room pokerstars --room acr --faulty 4000 --clean 20000

`--sessions` measures the rules across hands (OA7xx) instead: --faulty hands of table sessions (--tables
tables open at once, 40% of them tournaments) at fault rate 0.5 with the continuity faults (every kind at
least 200 times with the default 12,000), then --clean hands of clean sessions (default 100,000), and prints
recall per continuity kind and every error or warning finding on the clean session hands (OA7xx and the
per-hand codes alike):

    python benchmarks/audit_accuracy.py --sessions [--faulty 12000] [--clean 100000] [--tables 8] [--room R]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # (devtools: test and benchmark code)

from devtools.accuracy import Accuracy, measure

from omaha_audit.generate import GenerateConfig
from omaha_audit.generate.config import GENERATED_GAMES
from omaha_audit.generate.faults_table import session_rooms
from omaha_audit.generate.writers import cannot_show, room_dealing, room_variants, rooms, stud_draw_written


def _sessions(hands: int, seed: int, fault_rate: float, tournaments: float, tables: int, room: str) -> GenerateConfig:
    return GenerateConfig(
        hands=hands,
        seed=seed,
        fault_rate=fault_rate,
        tournament_share=tournaments,
        sessions=True,
        tables=tables,
        room=room,
    )


def _row(room: str, variant: str, accuracy: Accuracy) -> str:
    faulty = sum(accuracy.faulty.values())
    found = sum(accuracy.found.values())
    missed = ", ".join(sorted(fault for fault in accuracy.faulty if accuracy.found[fault] < accuracy.faulty[fault]))
    recall = f"{found / faulty:.1%}" if faulty else "-"
    reading = sum(accuracy.reading.values())
    return (
        f"{room:<11}{variant:<16}{accuracy.hands:>7}{faulty:>7}{recall:>8}{accuracy.clean:>7}"
        f"{sum(accuracy.false_alarms.values()):>7}{accuracy.unreadable:>6}{reading:>8}  {missed}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--faulty", type=int, default=None, help="default 20,000 (--sessions: 12,000)")
    parser.add_argument("--clean", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--million", action="store_true")
    parser.add_argument("--room", action="append", help="room whose text to write and read (default pokerstars)")
    parser.add_argument("--variant", action="append", default=[], help="a variant of the room's text (repeatable)")
    parser.add_argument("--each-variant", action="store_true", help="the usual text, then each variant in turn")
    parser.add_argument("--fault-rate", type=float, default=1.0, help="share of faulty hands in the --faulty run")
    parser.add_argument("--sessions", action="store_true", help="table sessions and the continuity faults")
    parser.add_argument("--stud-draw", action="store_true", help="the stud and draw games the room's writer writes")
    parser.add_argument("--tables", type=int, default=8, help="with --sessions: tables open at once")
    args = parser.parse_args()
    if args.faulty is None:
        args.faulty = 12_000 if args.sessions else 20_000
    wanted = args.room or ["pokerstars"]
    if "all" in wanted:
        wanted = [room for room in rooms() if room in session_rooms()] if args.sessions else list(rooms())
        if args.stud_draw:
            wanted = [room for room in wanted if stud_draw_written(room)]
    status = 0
    table: list[str] = []
    for room in wanted:
        runs = [tuple(args.variant)]
        if args.each_variant:
            runs = [(), *((name,) for name in room_variants(room))]
        for chosen in runs:
            accuracy = Accuracy()
            with tempfile.TemporaryDirectory() as tmp:
                work = Path(tmp)
                if args.sessions:
                    if args.faulty:
                        config = _sessions(args.faulty, args.seed, 0.5, 0.4, args.tables, room)
                        measure(work, replace(config, variants=chosen), accuracy)
                    if args.clean:
                        config = _sessions(args.clean, args.seed + 1, 0.0, 0.25, args.tables, room)
                        measure(work, replace(config, variants=chosen), accuracy)
                elif args.million:
                    config = GenerateConfig(hands=1_000_000, seed=args.seed, fault_rate=0.1, room=room, variants=chosen)
                    measure(work, config, accuracy)
                else:
                    games = stud_draw_written(room) if args.stud_draw else GENERATED_GAMES
                    if args.faulty:
                        config = GenerateConfig(
                            hands=args.faulty,
                            seed=args.seed,
                            fault_rate=args.fault_rate,
                            room=room,
                            variants=chosen,
                            games=games,
                        )
                        measure(work, config, accuracy)
                    if args.clean:
                        config = GenerateConfig(
                            hands=args.clean,
                            seed=args.seed + 1,
                            fault_rate=0.0,
                            room=room,
                            variants=chosen,
                            games=games,
                        )
                        measure(work, config, accuracy)
            unshown = room_dealing(room, chosen).unshown()  # (the kinds the room's preset hides, and why)
            kinds = sorted(cannot_show(room, chosen))
            hidden = ", ".join(f"{kind} ({unshown[kind]})" if kind in unshown else kind for kind in kinds) or "none"
            named = f", variant {' + '.join(chosen)}" if chosen else ""
            if args.sessions:
                print(f"== room {room}{named}: table sessions ({session_rooms()[room].judged} button)")
            else:
                print(f"== room {room}{named} (fault kinds its hands cannot show: {hidden})")
            print(accuracy.report())
            hands = accuracy.hands
            print(
                f"hands: {hands:,}; generate {hands / accuracy.seconds_generate:,.0f} hands/s, audit (read, parse, "
                f"replay, all rules) {hands / accuracy.seconds_audit:,.0f} hands/s on one core; peak RSS "
                f"{accuracy.peak_rss_mb:,.0f} MB",
                flush=True,
            )
            table.append(_row(room, " + ".join(chosen) or "(usual)", accuracy))
            clean = accuracy.perfect() and not accuracy.unreadable
            status = status or (0 if clean else 1)
    if len(table) > 1:
        print(
            f"\n{'room':<11}{'variant':<16}{'hands':>7}{'faulty':>7}{'recall':>8}{'clean':>7}{'alarms':>7}"
            f"{'unread':>6}{'reading':>8}  kinds missed"
        )
        print("\n".join(table))
    return status


if __name__ == "__main__":
    sys.exit(main())
