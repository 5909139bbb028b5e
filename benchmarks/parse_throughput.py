"""Print parse throughput (hands/s) per room format next to the raw read+split rate of the same file.

For PokerStars the input is a large PLO file built from the corpus: every pot-limit Omaha hand of the
PokerStars room (complete hands only), repeated with fresh hand ids until there are at least --hands
hands, written the way PokerStars writes files (UTF-8 with BOM, CRLF, blank lines between hands). For
every other format that has a reader (`--room NAME`, repeatable; default: all of them) the file is every
complete hand of that format in the corpus, of any game, repeated the same way (their ids repeat: the
parse does not mind). iPoker's XML cannot be cut and pasted hand by hand: its file is every session of the
corpus (the session's head, then its complete games, each with a fresh game code), repeated, and its
read+split rate is the bytes cut into game pieces (rooms/ipoker/document.py). Both rates are measured in
the same run, best of --repeat, on one core, as wall-clock time and as this process's CPU time (on a
shared machine the CPU time is the steadier figure).

    python benchmarks/parse_throughput.py [--hands 20000] [--repeat 5] [--room NAME]... [--keep FILE] [--profile]
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import omaha_audit
from omaha_audit.model import Hand, Structure
from omaha_audit.parse.files import expand_paths
from omaha_audit.parse.reader import FileText, read_texts
from omaha_audit.rooms import FORMATS, SPLITTER, hand_source
from omaha_audit.rooms.base import NotReadYet
from omaha_audit.rooms.ipoker.document import byte_chunks, decode, split_pieces

REPO = Path(__file__).resolve().parents[1]
HAND_ID = re.compile(r"(?<=(?:Hand|Game) #)\d+(?=:)|(?<=^#)\d+(?=: )")  # (Kings Club: `#40091899: ...`)
GAME_XML = re.compile(r'<game gamecode="(\d+)".*?</game>', re.DOTALL)
GAME_CODE = re.compile(r'gamecode="\d+"')


def corpus_dir() -> Path:
    override = os.environ.get("OMAHA_AUDIT_CORPUS")
    root = Path(override) if override else REPO.parent / "shared" / "corpus"
    if not (root / "PokerStars").is_dir():
        sys.exit(f"parse_throughput: no corpus at {root} (set OMAHA_AUDIT_CORPUS)")
    return root


def pokerstars_hands(root: Path, keep: Callable[[Hand], bool]) -> list[tuple[str, Hand]]:
    """Text and hand of every complete PokerStars hand in the corpus that `keep` takes."""
    source = hand_source()
    found: list[tuple[str, Hand]] = []
    for path in sorted((root / "PokerStars").rglob("*.txt")):
        info = FileText(str(path))
        with path.open("rb") as stream:
            blocks = {b.first_line: b for b in SPLITTER.split_texts(str(path), read_texts(stream, info))}
        for item in source.read_file(path):
            if (
                isinstance(item, Hand)
                and item.room == "pokerstars"
                and item.pot is not None
                and not item.truncated
                and not item.defects
                and keep(item)
            ):
                found.append(("\n".join(blocks[item.source.line].lines), item))
    return found


def plo_hands(root: Path) -> list[str]:
    """Text of every complete PokerStars pot-limit Omaha hand in the corpus."""
    plo = pokerstars_hands(root, lambda hand: hand.game.is_omaha and hand.structure is Structure.POT_LIMIT)
    return [text for text, _ in plo]


def room_hands(root: Path, room_format: str) -> list[str]:
    """Text of every complete hand of a format in the corpus (any folder: detection is by content)."""
    source = hand_source()
    texts: list[str] = []
    for path in expand_paths([root]):
        info = FileText(str(path))
        with path.open("rb") as stream:
            blocks = {b.first_line: b for b in SPLITTER.split_texts(str(path), read_texts(stream, info))}
        for item in source.read_file(path):
            if isinstance(item, Hand) and item.format == room_format and not item.truncated and not item.defects:
                lines = blocks[item.source.line].lines
                # (a hand that needs its file's first lines, as PKR's after the first, whose table line the
                # file prints once, is not a hand on its own in another file)
                if lines and SPLITTER.header_format(lines[0]) == room_format:
                    texts.append("\n".join(lines))
    return texts


def ipoker_sessions(root: Path) -> list[tuple[str, list[str]]]:
    """Every iPoker session of the corpus: its head (up to its first game) and its complete games' text."""
    sessions = []
    for path in expand_paths([root]):
        complete = {
            item.hand_id
            for item in SOURCE.read_file(path)
            if isinstance(item, Hand) and item.format == "ipoker" and not item.truncated and not item.defects
        }
        text = decode(path.read_bytes())
        games = [found.group(0) for found in GAME_XML.finditer(text) if found.group(1) in complete]
        if games:
            sessions.append((text[: text.index("<game ")], games))
    return sessions


def build_session_file(path: Path, sessions: list[tuple[str, list[str]]], count: int) -> int:
    """Write the sessions, round after round, until at least `count` games: fresh game codes, UTF-8."""
    written = 0
    next_id = 300_000_000_000
    with path.open("w", encoding="utf-8", newline="\n") as out:
        while written < count:
            for head, games in sessions:
                out.write(head)
                for text in games:
                    out.write(GAME_CODE.sub(f'gamecode="{next_id + written}"', text, count=1) + "\n")
                    written += 1
                out.write("</session>\n")
    return written


def read_split_xml(path: Path) -> int:
    """What the iPoker reader starts from: the bytes read and cut into game pieces."""
    with path.open("rb") as stream:
        return sum(1 for piece in split_pieces(byte_chunks(stream)) if piece.data.startswith(b"<game"))


def build_room_file(path: Path, hands: list[str], count: int) -> int:
    """Write at least `count` hands (whole rounds of the corpus set), UTF-8, separated by blank lines."""
    rounds = -(-count // len(hands))
    with path.open("w", encoding="utf-8", newline="\n") as out:
        for _ in range(rounds):
            for text in hands:
                out.write(text)
                out.write("\n\n\n")
    return rounds * len(hands)


def build_file(path: Path, hands: list[str], count: int) -> int:
    """Write at least `count` hands (whole rounds of the corpus set), each with a fresh id."""
    rounds = -(-count // len(hands))
    next_id = 300_000_000_000
    written = 0
    with path.open("w", encoding="utf-8-sig", newline="\r\n") as out:
        for _ in range(rounds):
            for text in hands:
                out.write(HAND_ID.sub(str(next_id), text, count=1))
                out.write("\n\n\n\n")
                next_id += 1
                written += 1
    return written


def read_split(path: Path) -> int:
    """What the parser starts from: bytes decoded, split into hand blocks of lines."""
    info = FileText(str(path))
    with path.open("rb") as stream:
        return sum(1 for block in SPLITTER.split_texts(str(path), read_texts(stream, info)) if block.kind == "hand")


SOURCE = hand_source()  # built once: compiling the grammar is start-up, not throughput


def parse_all(path: Path) -> int:
    """Read, split, classify, check and build the model of every hand."""
    return sum(1 for item in SOURCE.read_file(path) if isinstance(item, Hand))


class Timing:
    """Best-of-N wall-clock and CPU (this process) seconds of a run."""

    def __init__(self) -> None:
        self.wall = self.cpu = float("inf")
        self.count = 0

    def run(self, work: Callable[[Path], int], path: Path) -> None:
        gc.collect()
        wall, cpu = time.perf_counter(), time.process_time()
        self.count = work(path)
        self.cpu = min(self.cpu, time.process_time() - cpu)
        self.wall = min(self.wall, time.perf_counter() - wall)


def measure(
    path: Path, written: int, repeat: int, raw_work: Callable[[Path], int] = read_split
) -> tuple[Timing, Timing] | None:
    raw, parse = Timing(), Timing()
    for _ in range(repeat):  # interleaved, so that both see the same machine
        raw.run(raw_work, path)
        parse.run(parse_all, path)
    if raw.count != written or parse.count != written:
        print(f"hand counts differ: written {written}, split {raw.count}, parsed {parse.count}", file=sys.stderr)
        return None
    return raw, parse


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=20_000, help="at least this many hands (default 20000)")
    parser.add_argument("--repeat", type=int, default=5, help="best of N runs (default 5)")
    parser.add_argument("--room", action="append", help="format to measure (default: every format with a reader)")
    parser.add_argument("--keep", type=Path, help="write the PokerStars file here and keep it")
    parser.add_argument("--profile", action="store_true", help="cProfile one parse of each room named, untimed")
    args = parser.parse_args()
    root = corpus_dir()
    wanted = args.room or [room.name for room in FORMATS if not isinstance(room, NotReadYet)]
    print(f"build: {omaha_audit.build()} (omaha_audit from {Path(omaha_audit.__file__).parent})")
    print(f"best of {args.repeat}, one process; CPU time of this process (wall clock in brackets)")
    print(f"{'format':<12}{'distinct':>9}{'bytes/hand':>11}{'read+split hands/s':>28}{'parse hands/s':>26}")
    status = 0
    with tempfile.TemporaryDirectory() as scratch:
        for name in wanted:
            raw_work = read_split
            if name == "ipoker":  # XML: whole sessions, not hand texts
                sessions = ipoker_sessions(root)
                hands = [text for _, games in sessions for text in games]
                path = Path(scratch) / "ipoker.xml"
                written = build_session_file(path, sessions, args.hands)
                raw_work = read_split_xml
            elif name == "pokerstars":
                hands = plo_hands(root)
                path = args.keep or Path(scratch) / "plo.txt"
                written = build_file(path, hands, args.hands)
            else:
                hands = room_hands(root, name)
                if not hands:
                    print(f"{name:<12} no complete hands in the corpus")
                    continue
                path = Path(scratch) / f"{name}.txt"
                written = build_room_file(path, hands, args.hands)
            if args.profile:
                import cProfile

                print(f"== {name}: cProfile of one parse run")
                cProfile.runctx("parse_all(path)", globals(), {"path": path}, sort="tottime")
                continue
            size = path.stat().st_size
            timings = measure(path, written, args.repeat, raw_work)
            if timings is None:
                status = 1
                continue
            raw, parse = timings
            print(
                f"{name:<12}{len(hands):>9}{size / written:>11,.0f}"
                f"{written / raw.cpu:>16,.0f} ({written / raw.wall:>9,.0f})"
                f"{written / parse.cpu:>14,.0f} ({written / parse.wall:>9,.0f})"
            )
            if path != args.keep:
                path.unlink()
    return status


if __name__ == "__main__":
    raise SystemExit(main())
