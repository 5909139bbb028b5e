"""Fuzzing every reader and the engine: real hands, mutated, must never crash, never raise an internal error,
never lose a line, never write invalid JSON, and give the same findings under any hash seed (issue 19).

The seeds are real inputs of each room family: the hand blocks of the text rooms (the PokerStars family,
the other text rooms), whole files of the XML rooms, and the text rooms' hands written as the interchange
formats that are read too (an OHH object, a PHH table: the `convert` writers' output, a hand a file). A
mutation is a list of edits, each a kind and two integers that pick where and what (so Hypothesis can draw
and shrink them, and a seeded random run can draw millions): byte flips to hostile characters, lines
deleted, doubled, swapped or cut short, numbers made absurd (2^63 cents, seat 540,531, negative, 4,301
digits), hostile names, lines of another hand, control characters. Archives with hostile member names and
URLs that name nothing readable are fuzzed by omaha_audit/fuzz_archives.py.

What is checked on each mutated input (`check_inputs`), audited in-process with every rule on:
- crash: an exception out of the reader, the engine, a rule or the JSON writers;
- internal error: an OA104 finding (a rule that raised, caught);
- lost: a non-blank line of the input in no hand and no unreadable record (text inputs), or an input with
  nothing read and nothing reported (XML, OHH and PHH inputs, read whole);
- invalid JSON: a finding or hand record whose JSON line does not parse back;
and across processes (`hash_seed_differences`): the JSONL findings of a batch under two hash seeds.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.pipeline import Auditor
from omaha_audit.report.hand_json import hand_record, unreadable_record
from omaha_audit.rooms import INTERCHANGE, OTHER_TEXT, STARS_LIKE, XML, fuzz_families, hand_source

# The room folders of the corpus by family (the issues that brought them: 13, 14, 15), from the registry of
# rooms (omaha_audit/rooms REGISTRY: each format's family and corpus folders).
FAMILIES: dict[str, tuple[str, ...]] = fuzz_families()
TEXT_FAMILIES = (STARS_LIKE, OTHER_TEXT)

KINDS = ("flip", "delete", "double", "swap", "cut", "truncate", "number", "name", "splice", "control")
HOSTILE_CHARS = "\x00\x1b\r\t\ufeff\u202e$€:;[]()<>&\"'\\/#*0123456789,.- \u00a0é٣"
# (the last: more digits than Python's int() reads, 4,300)
ABSURD_NUMBERS = (
    "9223372036854775808", "99999999999999999999999999", "540531", "32768", "-1", "0", "00", "1e9", "9" * 4_301,
)  # fmt: skip
HOSTILE_NAMES = (
    "Uncalled bet ($1) returned to x", "x: raises 1 to 2", 'immo said, "hi"', "y [Ah Kh]",
    "z) collected $100 from pot", "\ufeff", '"},{"a":1', "<script>alert(1)</script>", "\u202eabc", "=1+1",
    "Seat 1: b", "*** SUMMARY ***", "x" * 5_000,
)  # fmt: skip

Edit = tuple[str, int, int]
XML_SEED_BYTES = 64 * 1024  # XML files are whole inputs: the larger ones are left out of the seeds


@dataclass(frozen=True)
class Seed:
    """A real input to mutate: one hand block's text (text rooms), one file's text (XML rooms) or one hand's
    OHH or PHH file; `suffix` the name its file is given (`txt`: a text room's, judged line by line)."""

    family: str
    room: str
    text: str
    suffix: str

    @property
    def whole(self) -> bool:
        """A file read whole (XML, OHH, PHH): lost when nothing of it is read or reported."""
        return self.suffix != "txt"


def seeds(corpus: Path, family: str, limit: int = 0) -> list[Seed]:
    """The family's real inputs in the corpus, in a stable order (`limit` per room folder; 0: all)."""
    if family == INTERCHANGE:
        return _interchange_seeds(corpus, limit)
    if family != XML:
        return [Seed(family, room, "\n".join(lines), "txt") for room, lines, _ in _text_hands(corpus, family, limit)]
    found: list[Seed] = []
    for room, files in _room_files(corpus, family):
        count = 0
        for path in files:
            if limit and count >= limit:
                break
            data = path.read_bytes()
            if len(data) <= XML_SEED_BYTES and b"<" in data[:4096]:
                found.append(Seed(family, room, data.decode("utf-8", errors="replace"), "xml"))
                count += 1
    return found


def _room_files(corpus: Path, family: str) -> Iterator[tuple[str, list[Path]]]:
    """Each room folder of the family in the corpus, with its files in a stable order."""
    for room in FAMILIES[family]:
        folder = corpus / room
        if folder.is_dir():
            yield room, sorted(p for p in folder.rglob("*") if p.is_file() and not p.name.startswith("."))


def _text_hands(corpus: Path, family: str, limit: int) -> Iterator[tuple[str, list[str], Hand]]:
    """The hands of a text family's room folders (`limit` per folder; 0: all): room, lines, hand."""
    source = hand_source()
    for room, files in _room_files(corpus, family):
        count = 0
        for path in files:
            for block, item in source.read_blocks(path):
                if block is not None and isinstance(item, Hand) and block.lines:
                    yield room, block.lines, item
                    count += 1
                    if count == limit:
                        break
            if count == limit:
                break


def _interchange_seeds(corpus: Path, limit: int) -> list[Seed]:
    """The text rooms' hands (`limit` per room folder, as `seeds` takes them) written as OHH and as PHH, a
    hand a file, where the format can express the hand."""
    import importlib

    from omaha_audit.interop.common import Unconvertible

    # (each interchange format's writer: omaha_audit.interop.ohh, .phh)
    modules = [(name, importlib.import_module(f"omaha_audit.interop.{name.lower()}")) for name in FAMILIES[INTERCHANGE]]
    found: list[Seed] = []
    for family in TEXT_FAMILIES:
        for _, _, hand in _text_hands(corpus, family, limit):
            for name, module in modules:
                written = module.convert(hand)
                if not isinstance(written, Unconvertible):
                    found.append(Seed(INTERCHANGE, name, module.entry(1, written), module.SUFFIX.lstrip(".")))
    return found


def mutate(text: str, edits: Sequence[Edit], donor: str = "") -> str:
    """`text` with each edit applied in turn. `donor`: another input, whose lines a splice brings in."""
    for kind, a, b in edits:
        text = _apply(text, kind, a, b, donor)
    return text


def _apply(text: str, kind: str, a: int, b: int, donor: str) -> str:
    lines = text.split("\n")
    if not text:
        return text
    if kind == "flip":
        at = a % len(text)
        return text[:at] + HOSTILE_CHARS[b % len(HOSTILE_CHARS)] + text[at + 1 :]
    if kind == "control":
        at = a % len(text)
        return text[:at] + chr(b % 32) + text[at:]
    if kind == "truncate":
        return text[: a % len(text)]
    at = a % len(lines)
    if kind == "delete":
        del lines[at]
    elif kind == "double":
        lines.insert(at, lines[at])
    elif kind == "swap":
        other = b % len(lines)
        lines[at], lines[other] = lines[other], lines[at]
    elif kind == "cut":
        lines[at] = lines[at][: b % (len(lines[at]) + 1)]
    elif kind == "number":
        lines[at] = _absurd_number(lines[at], b)
    elif kind == "name":
        lines[at] = _hostile_name(lines[at], b)
    elif kind == "splice" and donor:
        extra = donor.split("\n")
        lines.insert(at, extra[b % len(extra)])
    return "\n".join(lines)


def _absurd_number(line: str, pick: int) -> str:
    digits = [
        index for index, char in enumerate(line) if char.isdigit() and (index == 0 or not line[index - 1].isdigit())
    ]
    if not digits:
        return line
    start = digits[pick % len(digits)]
    end = start
    while end < len(line) and line[end].isdigit():
        end += 1
    return line[:start] + ABSURD_NUMBERS[pick % len(ABSURD_NUMBERS)] + line[end:]


def _hostile_name(line: str, pick: int) -> str:
    """The line's first word-before-a-colon (a player's, in most rooms) or its start, made a hostile name."""
    name = HOSTILE_NAMES[pick % len(HOSTILE_NAMES)]
    colon = line.find(": ")
    if 0 < colon < 40:
        if line.startswith("Seat "):
            rest = line[colon + 2 :]
            cut = rest.find(" (")
            return line[: colon + 2] + name + (rest[cut:] if cut >= 0 else "")
        return name + line[colon:]
    return name + " " + line


@dataclass
class Outcome:
    """What a fuzz run found (counts, and the first few inputs of each kind of failure, for a reproducer)."""

    inputs: int = 0
    hands: int = 0  # hands read (audited or not)
    unreadable: int = 0
    findings: int = 0
    crashes: int = 0
    internal_errors: int = 0
    lost: int = 0
    invalid_json: int = 0
    hash_seed_differences: int = 0
    examples: dict[str, list[str]] = field(default_factory=dict)

    def failed(self) -> bool:
        return bool(
            self.crashes or self.internal_errors or self.lost or self.invalid_json or self.hash_seed_differences
        )

    def note(self, kind: str, text: str) -> None:
        kept = self.examples.setdefault(kind, [])
        if len(kept) < 3:
            kept.append(text)

    def report(self) -> str:
        return (
            f"inputs tried {self.inputs:,}, hands read {self.hands:,}, unreadable {self.unreadable:,}, "
            f"findings {self.findings:,}; crashes {self.crashes}, internal errors {self.internal_errors}, "
            f"hands lost {self.lost}, invalid JSON lines {self.invalid_json}, "
            f"hash-seed differences {self.hash_seed_differences}"
        )


def check_inputs(texts: Iterable[tuple[str, str]], folder: Path, outcome: Outcome | None = None) -> Outcome:
    """Audit each (text, suffix) input as its own file, in-process, and count what went wrong (Seed.suffix:
    `txt` judged line by line, the others as whole files)."""
    outcome = outcome or Outcome()
    for number, (text, suffix) in enumerate(texts):
        outcome.inputs += 1
        path = folder / f"input{number % 8}.{suffix}"
        path.write_bytes(text.encode("utf-8", errors="surrogatepass"))
        try:
            _check_one(path, text, suffix != "txt", outcome)
        except Exception as error:  # (the harness's whole point: nothing may escape)
            outcome.crashes += 1
            outcome.note("crash", f"{error!r}\n{text}")
    return outcome


def _check_one(path: Path, text: str, whole: bool, outcome: Outcome) -> None:
    auditor = Auditor()
    covered: set[int] = set()
    items = 0
    for audited in auditor.audit_files([path]):
        items += 1
        item = audited.item
        if isinstance(item, UnreadableHand):
            outcome.unreadable += 1
            covered.update(range(item.first_line, item.last_line + 1))
            record = unreadable_record(item)
        else:
            outcome.hands += 1
            covered.update(range(audited.first_line, audited.first_line + len(audited.lines)))
            # (a room read a whole file at a time gives no text block: the hand's own lines then)
            covered.update(range(item.source.line, max(item.source.line, item.source.end_line) + 1))
            record = hand_record(item)
        _json_round_trip(record, outcome, text)
        for finding in audited.findings:
            outcome.findings += 1
            if finding.code == "OA104":
                outcome.internal_errors += 1
                outcome.note("internal error", f"{finding.message}\n{text}")
            _json_round_trip(finding.as_dict(), outcome, text)
    for finding in auditor.across:
        if finding.code == "OA104":
            outcome.internal_errors += 1
            outcome.note("internal error", f"{finding.message}\n{text}")
        _json_round_trip(finding.as_dict(), outcome, text)
    reported = items + len(auditor.tally.notices)
    if whole:
        if reported == 0 and text.strip():
            outcome.lost += 1
            outcome.note("lost", text)
        return
    lines = _physical_lines(text)
    # (a line of only BOMs is where a file began, not text: the reader drops it)
    missing = [n for n, line in enumerate(lines, 1) if line.replace("\ufeff", "").strip() and n not in covered]
    if missing and not auditor.tally.notices:
        outcome.lost += 1
        outcome.note("lost", f"lines {missing[:5]}\n{text}")


def _physical_lines(text: str) -> list[str]:
    """The lines as the reader numbers them (CR, LF and CRLF each end one)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _json_round_trip(record: object, outcome: Outcome, text: str) -> None:
    line = json.dumps(record, ensure_ascii=False)
    try:
        if "\n" in line or json.loads(line) is None:
            raise ValueError("not one JSON line")
    except ValueError as error:
        outcome.invalid_json += 1
        outcome.note("invalid json", f"{error}\n{text}")


def hash_seed_differences(texts: Sequence[tuple[str, str]], folder: Path, seeds: tuple[str, str] = ("1", "2")) -> int:
    """Write the inputs as files, audit them all in two processes with different hash seeds (JSONL), and
    count the files whose findings differ (0 when every output is the same)."""
    batch = folder / "batch"
    batch.mkdir(exist_ok=True)
    for old in batch.iterdir():
        old.unlink()
    for number, (text, suffix) in enumerate(texts):
        (batch / f"in{number:06d}.{suffix}").write_bytes(text.encode("utf-8", errors="surrogatepass"))
    outputs = []
    for seed in seeds:
        result = subprocess.run(
            [sys.executable, "-c", "from omaha_audit.cli.app import main; main()", "audit", str(batch), "-f", "jsonl"],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
            timeout=3_600,
        )
        outputs.append(result.stdout)
    if outputs[0] == outputs[1]:
        return 0
    first, second = (_by_file(output) for output in outputs)
    return sum(1 for name in set(first) | set(second) if first.get(name) != second.get(name))


def _by_file(jsonl: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in jsonl.splitlines():
        try:
            path = str(json.loads(line).get("path", ""))
        except ValueError:
            path = "?"
        found.setdefault(path, []).append(line)
    return found


def random_edits(rng: random.Random, most: int = 3) -> list[Edit]:
    return [(rng.choice(KINDS), rng.randrange(1 << 30), rng.randrange(1 << 30)) for _ in range(rng.randint(1, most))]


def fuzz_family(
    corpus: Path, family: str, count: int, seed: int, batch: int = 2_000, seeds_per_room: int = 0
) -> Outcome:
    """`count` mutated inputs of a family, from a seeded random stream, checked in batches (each batch in
    process, then under two hash seeds)."""
    rng = random.Random(seed)
    pool = seeds(corpus, family, seeds_per_room)
    outcome = Outcome()
    if not pool:
        return outcome
    with tempfile.TemporaryDirectory(prefix="omaha-audit-fuzz-") as name:
        folder = Path(name)
        done = 0
        while done < count:
            size = min(batch, count - done)
            texts = []
            for _ in range(size):
                original = rng.choice(pool)
                donor = rng.choice(pool).text
                texts.append((mutate(original.text, random_edits(rng), donor), original.suffix))
            check_inputs(texts, folder, outcome)
            outcome.hash_seed_differences += hash_seed_differences(texts, folder)
            done += size
    return outcome
