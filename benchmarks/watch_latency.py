"""Print how soon `omaha-audit watch` prints a hand's findings after the room wrote the hand's last line
(issue 38: within a second). A room client is played by tests/room_writer.py: generated table sessions with
a dealer's error in every hand (so that every hand prints something), each table's hands appended to its
own file a line at a time with a flush after each line, a pause between hands. The watch runs as a process
of its own with its default --settle; each printed line is timed as it is read from its standard output.

    python benchmarks/watch_latency.py [--hands 60] [--tables 3] [--pause 0.1-0.5] [--settle 0.25]
                                       [--no-blank-lines]
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from room_writer import RoomHand, session_hands, write_room  # noqa: E402

MAIN = "from omaha_audit.cli.app import main; main()"
_NAMED = re.compile(r"[Hh]and #(\d+)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--tables", type=int, default=3)
    parser.add_argument("--pause", default="0.1-0.5", help="seconds between two hands, drawn from this range")
    parser.add_argument("--settle", type=float, default=0.25)
    parser.add_argument(
        "--no-blank-lines",
        action="store_true",
        help="write no blank line after a hand (the last hand of a file is then complete once the file is quiet)",
    )
    args = parser.parse_args()
    low, high = (float(part) for part in args.pause.split("-"))
    hands = session_hands(args.hands, seed=7, fault_rate=1.0, tables=args.tables)
    if args.no_blank_lines:
        hands = [RoomHand(hand.number, hand.table, hand.text.rstrip("\n") + "\n") for hand in hands]
    with tempfile.TemporaryDirectory() as scratch:
        room = Path(scratch) / "room"
        room.mkdir()
        process = subprocess.Popen(
            [sys.executable, "-P", "-c", MAIN, "watch", str(room), "--settle", str(args.settle), "--show-info"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        printed: dict[str, float] = {}

        def read() -> None:
            assert process.stdout is not None
            for line in process.stdout:
                match = _NAMED.search(line)
                if match is not None:
                    printed.setdefault(match.group(1), time.time())

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        assert process.stderr is not None
        process.stderr.readline()  # ("watching ...": changes are reported from then on; start-up is not measured)
        written = write_room(room, hands, pause=(low, high))
        time.sleep(2.0)
        process.terminate()
        process.communicate(timeout=60)
        reader.join(timeout=5)
    latencies = sorted(printed[number] - at for number, at in written.items() if number in printed)
    if not latencies:
        sys.exit("no hand printed: see the watch's errors")
    print(f"hands written: {len(written)} on {args.tables} tables; hands printed: {len(latencies)}")
    print(
        "latency from the hand's last line to its first printed line (s): "
        f"min {latencies[0]:.3f}, median {statistics.median(latencies):.3f}, "
        f"p90 {latencies[int(0.9 * (len(latencies) - 1))]:.3f}, max {latencies[-1]:.3f}"
    )
    print(f"within 1 s: {sum(1 for value in latencies if value <= 1.0)} of {len(latencies)}")
    order = {number: index for index, number in enumerate(written)}
    slowest = sorted(((printed[n] - at, order[n]) for n, at in written.items() if n in printed), reverse=True)[:3]
    print("slowest (s, the hand's place in the writing order): " + ", ".join(f"{v:.3f} #{i}" for v, i in slowest))


if __name__ == "__main__":
    main()
