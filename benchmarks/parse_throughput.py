"""Print parse throughput (hands/s) per room format next to the raw read+split rate of the same file.

For PokerStars the input is a large PLO file built from the corpus: every pot-limit Omaha hand of the
PokerStars room (complete hands only), repeated with fresh hand ids until there are at least --hands
hands, written the way PokerStars writes files (UTF-8 with BOM, CRLF, blank lines between hands). For
every other text format that has a reader (`--room NAME`, repeatable; default: all of them) the file is
every complete hand of that format in the corpus, of any game, repeated the same way (their ids repeat: the
parse does not mind). The formats read a whole file at a time get files of their own form, repeated, each
hand with a fresh id: iPoker every session of the corpus (its head, then its complete games; read+split
is the bytes cut into game pieces, rooms/ipoker/document.py); Merge and Everest every corpus file's
context elements (`<description/>`, `<SESSION/>`) in place before its complete hand elements; OHH the
complete `{"ohh": ...}` objects one after another, pretty-printed as the corpus has them (read+split: the
bytes cut into objects); PHH, which the corpus has no file of, every complete corpus hand its writer
(interop/phh.py) can express, a `[n]` table each (read+split: the TOML loaded as the reader loads it); Global
Poker the complete JSON records one after another (read+split: the JSON decoded, rooms/globalpoker/document.py),
and again as `globalpoker-varied`, each copy's figures multiplied by a factor of its own (`fresh_varied_record`).
Both rates are measured in the same run, best of --repeat, on one core, as wall-clock time and as this
process's CPU time (on a shared machine the CPU time is the steadier figure). With `--rounds R`, every format
is measured R times over, one format after another in each round, and its best is the best of all its runs:
its runs are then spread over the whole run, so that a spell in which the machine runs slowly holds back no
format's figure alone; the best of each round is printed beside it, so the spread shows.

    python benchmarks/parse_throughput.py [--hands 20000] [--repeat 5] [--rounds 1] [--room NAME]... [--keep FILE]
        [--profile]
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import re
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from decimal import Decimal
from pathlib import Path

import tomli

import omaha_audit
from omaha_audit.interop import phh
from omaha_audit.model import Hand, Structure
from omaha_audit.parse.files import HEAD_BYTES, Item, expand_paths
from omaha_audit.parse.input_files import Source
from omaha_audit.parse.reader import FileText, read_texts
from omaha_audit.rooms import FORMATS, SPLITTER, hand_source
from omaha_audit.rooms.base import NotReadYet
from omaha_audit.rooms.globalpoker.document import Broken, values
from omaha_audit.rooms.ipoker.document import byte_chunks, decode, split_pieces
from omaha_audit.rooms.ohh.reader import Piece, read_piece, split_objects

REPO = Path(__file__).resolve().parents[1]
HAND_ID = re.compile(r"(?<=(?:Hand|Game) #)\d+(?=:)|(?<=^#)\d+(?=: )")  # (Kings Club: `#40091899: ...`)
GAME_XML = re.compile(r'<game gamecode="(\d+)".*?</game>', re.DOTALL)
GAME_CODE = re.compile(r'gamecode="\d+"')
# The XML rooms with no root element: the hand element's tag, and the context element each hand is read with.
XML_ROOMS = {"merge": ("game", "description"), "everest": ("HAND", "SESSION")}
OHH_NUMBER = re.compile(r'"game_number"\s*:\s*"([^"]*)"')
PHH_HAND = re.compile(r"^hand = .*$", re.MULTILINE)
RECORD_ID = re.compile(r'"id"\s*:\s*"[^"]*"')  # (a Global Poker record's own id: the only string-valued "id")
FIGURE = re.compile(r"(?<=[:\s\[])-?\d+\.\d+(?=[,\s\]}])")  # (a JSON number with a decimal point, not in a string)
FIRST_ID = 300_000_000_000


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
    return [text for text, _ in standalone_hands([root], lambda hand: hand.format == room_format)]


def standalone_hands(roots: list[Path], keep: Callable[[Hand], bool]) -> list[tuple[str, Hand]]:
    """Text and hand of every complete hand under `roots` that `keep` takes and that stands on its own."""
    found: list[tuple[str, Hand]] = []
    for path in expand_paths(roots):
        info = FileText(str(path))
        with path.open("rb") as stream:
            blocks = {b.first_line: b for b in SPLITTER.split_texts(str(path), read_texts(stream, info))}
        for item in SOURCE.read_file(path):
            if isinstance(item, Hand) and not item.truncated and not item.defects and keep(item):
                lines = blocks[item.source.line].lines
                # (a hand that needs its file's first lines, as PKR's after the first, whose table line the
                # file prints once, is not a hand on its own in another file)
                if lines and SPLITTER.header_format(lines[0]) == item.format:
                    found.append(("\n".join(lines), item))
    return found


def ipoker_sessions(root: Path) -> list[tuple[str, list[str]]]:
    """Every iPoker session of the corpus: its head (up to its first game) and its complete games' text."""
    sessions = []
    for path in expand_paths([root]):
        complete = complete_ids(SOURCE.read_file(path), "ipoker")
        with path.open("rb") as stream:
            text = decode(stream.read())
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


def is_complete(item: Item, room_format: str) -> bool:
    return isinstance(item, Hand) and item.format == room_format and not item.truncated and not item.defects


def complete_ids(items: Iterable[Item], room_format: str) -> set[str]:
    """The ids of the complete hands of a format among a file's items."""
    return {item.hand_id for item in items if isinstance(item, Hand) and is_complete(item, room_format)}


def claimed_files(root: Path, room_format: str) -> list[Source]:
    """The corpus files a format reads whole: the first format to claim the file's head is this one."""
    found = []
    for path in expand_paths([root]):
        with path.open("rb") as stream:
            head = stream.read(HEAD_BYTES)
        owner = next((each for each in FORMATS if each.claims_file(head)), None)
        if owner is not None and owner.name == room_format:
            found.append(path)
    return found


def file_text(path: Source) -> str:
    """A file's text as the readers see it (BOM dropped, LF line ends, cp1252 lines within UTF-8 kept)."""
    with path.open("rb") as stream:
        return "".join(read_texts(stream, FileText(str(path))))


def xml_sessions(root: Path, room_format: str) -> list[list[tuple[bool, str]]]:
    """Every corpus file of Merge or Everest as its top-level elements in order, (is a hand, text): its
    context elements and its complete hand elements."""
    hand_tag, context_tag = XML_ROOMS[room_format]
    # (the context elements are empty elements; a hand element runs to its end tag)
    element = re.compile(rf"<({hand_tag}|{context_tag})\b(?:[^>]*/>|.*?</\1>)", re.DOTALL)
    element_id = re.compile(rf'<{hand_tag}\b[^>]*?\sid="([^"]*)"')
    sessions = []
    for path in claimed_files(root, room_format):
        complete = complete_ids(SOURCE.read_file(path), room_format)
        pieces = []
        for found in element.finditer(file_text(path)):
            text = found.group(0)
            if found.group(1) == context_tag:
                pieces.append((False, text))
                continue
            hand_id = element_id.match(text)
            if hand_id is not None and hand_id.group(1) in complete:
                pieces.append((True, text))
        if any(is_hand for is_hand, _ in pieces):
            sessions.append(pieces)
    return sessions


def build_xml_file(path: Path, sessions: list[list[tuple[bool, str]]], room_format: str, count: int) -> int:
    """Write the files' elements, round after round, until at least `count` hands: each hand with a fresh
    id, after the context elements that stood before it."""
    hand_id = re.compile(rf'(<{XML_ROOMS[room_format][0]}\b[^>]*?\sid=")[^"]*')
    written = 0
    with path.open("w", encoding="utf-8", newline="\n") as out:
        while written < count:
            for pieces in sessions:
                for is_hand, text in pieces:
                    if is_hand:
                        text = hand_id.sub(rf"\g<1>{FIRST_ID + written}", text, count=1)
                        written += 1
                    out.write(text + "\n")
    return written


def ohh_objects(root: Path) -> list[str]:
    """The text of every complete `{"ohh": ...}` object of the corpus."""
    decoder = json.JSONDecoder()
    texts = []
    for path in claimed_files(root, "ohh"):
        with path.open("rb") as stream:
            data = stream.read()
        for piece in split_objects(data):
            if isinstance(piece, Piece) and all(is_complete(item, "ohh") for item in read_piece(piece, str(path))):
                text = piece.data.decode("utf-8")
                texts.append(text[: decoder.raw_decode(text)[1]])
    return texts


def fresh_ohh(text: str, serial: int, repeat: int) -> str:
    """An OHH object with a fresh game number. PokerNow's converter numbers a hand by its start in
    milliseconds, which is how the reader tells its hands (rooms/ohh/reader.py `converted_from_pokernow`):
    such a number keeps its second and takes the round's number as its milliseconds (still PokerNow's)."""
    found = OHH_NUMBER.search(text)
    if found is None:
        return text
    number = found.group(1)
    fresh = f"{number[:10]}{repeat % 1000:03d}" if len(number) == 13 and number.isdigit() else FIRST_ID + serial
    return f"{text[: found.start(1)]}{fresh}{text[found.end(1) :]}"


def phh_hands(root: Path) -> list[str]:
    """Every complete hand of the corpus that PHH can express, as PHH `key = value` lines."""
    texts = []
    for path in expand_paths([root]):
        for item in SOURCE.read_file(path):
            if isinstance(item, Hand) and is_complete(item, item.format):
                text = phh.convert(item)
                if isinstance(text, str):
                    texts.append(text)
    return texts


def fresh_phh(text: str, serial: int, repeat: int) -> str:
    """A PHH hand as the `[serial]` table of a `.phhs` file (TOML wants each table's name once), with a
    fresh `hand` id."""
    return phh.entry(serial, PHH_HAND.sub(f'hand = "{FIRST_ID + serial}"', text, count=1))


def globalpoker_records(root: Path) -> list[str]:
    """The text of every complete Global Poker record of the corpus (the lines of its JSON object)."""
    texts = []
    for path in claimed_files(root, "globalpoker"):
        complete = complete_ids(SOURCE.read_file(path), "globalpoker")
        text = file_text(path)
        lines = text.split("\n")
        for item in values(text):
            if isinstance(item, Broken):
                break
            record, first, last, _ = item
            if isinstance(record, dict) and record.get("id") in complete:
                texts.append("\n".join(lines[first - 1 : last]))
    return texts


def fresh_record(text: str, serial: int, repeat: int) -> str:
    """A Global Poker record with a fresh id (a UUID, as the room's)."""
    return RECORD_ID.sub(f'"id": "00000000-0000-4000-8000-{serial:012d}"', text, count=1)


def fresh_varied_record(text: str, serial: int, repeat: int) -> str:
    """`fresh_record` with every figure written with a decimal point multiplied by a factor of its own copy,
    at the places it had (`4.80` × 137: `657.60`): the record still agrees with itself, and no figure comes
    again from one copy to the next, as stacks and bets seldom do in a room's files. What the reader keeps of
    the numbers it has read then saves only what one record repeats (`globalpoker-varied`)."""
    factor = Decimal(100 + serial)
    return fresh_record(
        FIGURE.sub(lambda match: str((Decimal(match[0]) * factor).quantize(Decimal(match[0]))), text), serial, repeat
    )


def build_pieces(path: Path, texts: list[str], count: int, fresh: Callable[[str, int, int], str]) -> int:
    """Write the corpus pieces one after another, round after round, until at least `count`, each made
    fresh by `fresh(text, serial, round)` (serials from 1, rounds from 0); UTF-8."""
    written = repeat = 0
    with path.open("w", encoding="utf-8", newline="\n") as out:
        while written < count:
            for text in texts:
                written += 1
                out.write(fresh(text, written, repeat) + "\n")
            repeat += 1
    return written


def read_split_ohh(path: Path) -> int:
    """What the OHH reader starts from: the bytes cut into `{"ohh": ...}` objects."""
    with path.open("rb") as stream:
        return sum(1 for piece in split_objects(stream.read()) if isinstance(piece, Piece))


def read_split_phh(path: Path) -> int:
    """What the PHH reader starts from: the text decoded and the TOML document loaded (a table a hand), as
    the reader loads it (rooms/phh/quick_toml.py, tomli for what that leaves)."""
    try:
        from omaha_audit.rooms.phh.quick_toml import quick_load
    except ImportError:  # (a build from before it, measured beside a newer one: its reader used tomli alone)
        quick_load = None
    with path.open("rb") as stream:
        text = stream.read().decode("utf-8-sig")
    document = quick_load(text) if quick_load is not None else None
    return len(document if document is not None else tomli.loads(text, parse_float=Decimal))


def read_split_json(path: Path) -> int:
    """What the Global Poker reader starts from: the text decoded into its JSON records, with their lines."""
    with path.open("rb") as stream:
        data = stream.read()
    return sum(1 for item in values(data.decode("utf-8"), 0, data) if not isinstance(item, Broken))


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
    path: Path, written: int, repeat: int, raw_work: Callable[[Path], int] = read_split, name: str = ""
) -> tuple[Timing, Timing] | None:
    raw, parse = Timing(), Timing()
    for _ in range(repeat):  # interleaved, so that both see the same machine
        raw.run(raw_work, path)
        parse.run(parse_all, path)
    if raw.count != written or parse.count != written:
        print(f"{name:<19} hand counts differ: written {written}, split {raw.count}, parsed {parse.count}")
        return None
    return raw, parse


# The formats whose files are JSON or TOML: how the corpus hands are collected, made fresh, and read and split.
INTERCHANGE: dict[str, tuple[Callable[[Path], list[str]], Callable[[str, int, int], str], Callable[[Path], int]]] = {
    "ohh": (ohh_objects, fresh_ohh, read_split_ohh),
    "phh": (phh_hands, fresh_phh, read_split_phh),
    "globalpoker": (globalpoker_records, fresh_record, read_split_json),
    "globalpoker-varied": (globalpoker_records, fresh_varied_record, read_split_json),
}
SUFFIX = {"ipoker": ".xml", "merge": ".xml", "everest": ".xml", "ohh": ".ohh", "phh": ".phhs"}
SUFFIX.update({"globalpoker": ".json", "globalpoker-varied": ".json"})


def prepare(
    name: str, root: Path, scratch: Path, count: int, keep: Path | None
) -> tuple[int, Path, int, Callable[[Path], int]] | None:
    """Build a format's file: its distinct corpus hands, the file, the hands written and the read+split
    work to time beside the parse; None when the corpus has no complete hand of the format."""
    path = scratch / f"{name}{SUFFIX.get(name, '.txt')}"
    if name == "pokerstars":
        hands = plo_hands(root)
        path = keep or scratch / "plo.txt"
        return len(hands), path, build_file(path, hands, count), read_split
    if name == "ipoker":  # XML: whole sessions, not hand texts
        sessions = ipoker_sessions(root)
        distinct = sum(len(games) for _, games in sessions)
        return (distinct, path, build_session_file(path, sessions, count), read_split_xml) if distinct else None
    if name in XML_ROOMS:  # XML elements with no root: each hand after its context elements
        elements = xml_sessions(root, name)
        distinct = sum(is_hand for pieces in elements for is_hand, _ in pieces)
        return (distinct, path, build_xml_file(path, elements, name, count), read_split) if distinct else None
    if name in INTERCHANGE:
        collect, fresh, raw_work = INTERCHANGE[name]
        texts = collect(root)
        return (len(texts), path, build_pieces(path, texts, count, fresh), raw_work) if texts else None
    hands = room_hands(root, name)
    return (len(hands), path, build_room_file(path, hands, count), read_split) if hands else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=20_000, help="at least this many hands (default 20000)")
    parser.add_argument("--repeat", type=int, default=5, help="best of N runs (default 5)")
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="measure every format this many times over, in turn, each time with --repeat runs (default 1)",
    )
    parser.add_argument("--room", action="append", help="format to measure (default: every format with a reader)")
    parser.add_argument("--keep", type=Path, help="write the PokerStars file here and keep it")
    parser.add_argument("--profile", action="store_true", help="cProfile one parse of each room named, untimed")
    args = parser.parse_args()
    root = corpus_dir()
    wanted = args.room or [room.name for room in FORMATS if not isinstance(room, NotReadYet)] + ["globalpoker-varied"]
    print(f"build: {omaha_audit.build()} (omaha_audit from {Path(omaha_audit.__file__).parent})")
    rounds = max(1, args.rounds)
    over = f", in each of {rounds} rounds over every format (parse: the best of each round)" if rounds > 1 else ""
    print(f"best of {args.repeat}, one process{over}; CPU time of this process (wall clock in brackets)")
    status = 0
    with tempfile.TemporaryDirectory() as scratch:
        formats: list[tuple[str, int, Path, int, Callable[[Path], int]]] = []
        for name in wanted:
            prepared = prepare(name, root, Path(scratch), args.hands, args.keep)
            if prepared is None:
                print(f"{name:<19} no complete hands in the corpus")
                continue
            distinct, path, written, raw_work = prepared
            if args.profile:
                import cProfile

                print(f"== {name}: cProfile of one parse run")
                cProfile.runctx("parse_all(path)", globals(), {"path": path}, sort="tottime")
                path.unlink()
                continue
            formats.append((name, distinct, path, written, raw_work))
        # every format measured once a round, the rounds one after another: each format's runs are spread over
        # the whole run, so a spell in which the shared machine runs slowly holds back no format's best alone
        found: dict[str, list[tuple[Timing, Timing]]] = {name: [] for name, *_ in formats}
        for done in range(1, rounds + 1):
            for name, _distinct, path, written, raw_work in formats:
                timings = measure(path, written, args.repeat, raw_work, name)
                if timings is None:
                    status = 1
                    continue
                found[name].append(timings)
            if rounds > 1:
                print(f"round {done} of {rounds} measured", file=sys.stderr)
        print(f"{'format':<19}{'distinct':>9}{'bytes/hand':>11}{'read+split hands/s':>28}{'parse hands/s':>26}", end="")
        print("   parse by round" if rounds > 1 else "")
        for name, distinct, path, written, _ in formats:
            runs = found[name]
            if runs:
                raw_cpu = min(raw.cpu for raw, _ in runs)
                raw_wall = min(raw.wall for raw, _ in runs)
                parse_cpu = min(parse.cpu for _, parse in runs)
                parse_wall = min(parse.wall for _, parse in runs)
                by_round = " · ".join(f"{written / parse.cpu:,.0f}" for _, parse in runs) if rounds > 1 else ""
                print(
                    f"{name:<19}{distinct:>9}{path.stat().st_size / written:>11,.0f}"
                    f"{written / raw_cpu:>16,.0f} ({written / raw_wall:>9,.0f})"
                    f"{written / parse_cpu:>14,.0f} ({written / parse_wall:>9,.0f})"
                    + (f"   {by_round}" if by_round else "")
                )
            if path != args.keep:
                path.unlink()
    return status


if __name__ == "__main__":
    raise SystemExit(main())
