"""Fuzzing every reader and the engine: real hands, mutated, must never crash, never raise an internal error,
never lose a line, never write invalid JSON, and give the same findings under any hash seed (issue 19).

The seeds are real inputs of each room family: the hand blocks of the text rooms (the PokerStars family,
the other text rooms), whole files of the XML rooms, and the text rooms' hands written as the interchange
formats that are read too (an OHH object, a PHH table: the `convert` writers' output, a hand a file). A
mutation is a list of edits, each a kind and two integers that pick where and what (so Hypothesis can draw
and shrink them, and a seeded random run can draw millions): byte flips to hostile characters, lines
deleted, doubled, swapped or cut short, numbers made absurd (2^63 cents, seat 540,531, negative, 4,301
digits), hostile names, lines of another hand, control characters. Archives with hostile member names and
URLs that name nothing readable are fuzzed by tests/devtools/fuzz_archives.py.

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
from omaha_audit.report.hand_json import hand_record, unreadable_record
from omaha_audit.rooms import INTERCHANGE, OTHER_TEXT, STARS_LIKE, XML, fuzz_families, hand_source
from omaha_audit.run.pipeline import Auditor

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


# ---- scheduler addresses (`--scheduler`, issue 36) ------------------------------------------------------
#
# A random or near-valid address must be refused with an AddressError whose message the command line can
# print as one line (a usage error, exit 2), or be accepted in a normal form that reads back as itself and
# that Dask's own parsing takes to the same host and port (so Dask is left only to reach it: exit 3 when
# nothing answers). Anything else (another exception, a message with a control character) is a failure.

GOOD_ADDRESSES = (
    "tcp://127.0.0.1:8786", "tls://sched.example.org:8786", "tcp://[::1]:8786", "10.0.0.1:1",
    "tcp://dask_scheduler:65535", "tcp://[2001:db8::8]:443", "sched:8786",
)  # fmt: skip
ADDRESS_PIECES = (
    "tcp://", "tls://", "ucx://", "inproc://", "ws://", "TCP://", "://", "[", "]", ":", "::", "::1", "127.0.0.1",
    "256", "localhost", "8786", "0", "65536", "99999", "-", ".", "..", "/", "@", "?", "#", "%eth0", " ", "_",
    "\x00", "\x1b[2J", "\n", "٣", "８", "é", "\u202e", "a" * 64, "1" * 300,
)  # fmt: skip
ADDRESS_EDITS = ("insert", "delete", "replace", "double", "case")


@dataclass
class AddressOutcome:
    """What a run over scheduler addresses found: how many were accepted and refused, and the failures."""

    inputs: int = 0
    accepted: int = 0
    refused: int = 0
    failures: int = 0
    examples: list[str] = field(default_factory=list)

    def report(self) -> str:
        return (
            f"addresses tried {self.inputs:,}, accepted {self.accepted:,}, refused {self.refused:,}; "
            f"failures {self.failures}"
        )


def mutate_address(base: str, edits: Sequence[tuple[int, int, int]]) -> str:
    """`base` with each edit (kind, where, what: integers, picked modulo) applied: a piece of ADDRESS_PIECES
    inserted or put in place of a character, a span deleted or doubled, a character's case changed."""
    text = base
    for kind, where, what in edits:
        name = ADDRESS_EDITS[kind % len(ADDRESS_EDITS)]
        at = where % (len(text) + 1)
        piece = ADDRESS_PIECES[what % len(ADDRESS_PIECES)]
        if name == "insert":
            text = text[:at] + piece + text[at:]
        elif name == "replace":
            text = text[:at] + piece + text[at + 1 :]
        elif name == "delete":
            text = text[:at] + text[at + 1 + what % 4 :]
        elif name == "double":
            text = text[:at] + text[at : at + 1 + what % 6] + text[at:]
        elif at < len(text):
            text = text[:at] + text[at].swapcase() + text[at + 1 :]
    return text


def random_address(rng: random.Random) -> str:
    """A near-valid address (a good one, edited) three times in four, else pieces and characters at random."""
    if rng.random() < 0.75:
        edits = [(rng.randrange(64), rng.randrange(1 << 16), rng.randrange(1 << 16)) for _ in range(rng.randint(1, 3))]
        return mutate_address(rng.choice(GOOD_ADDRESSES), edits)
    pieces = ADDRESS_PIECES + tuple(HOSTILE_CHARS)
    return "".join(rng.choice(pieces) for _ in range(rng.randint(0, 8)))


def check_scheduler_address(text: str, outcome: AddressOutcome) -> None:
    """One address through `--scheduler`'s reading (cli/common.py scheduler_option, less the exit)."""
    from omaha_audit.scheduler_address import AddressError, scheduler_address, shown

    outcome.inputs += 1
    try:
        address = scheduler_address(text)
    except AddressError as error:
        outcome.refused += 1
        line = f"omaha-audit: error: --scheduler {shown(text)}: {error}"
        if not line.isprintable():
            _address_failure(outcome, text, f"the usage error is not one printable line: {line!r}")
        return
    except Exception as error:  # (what the harness looks for)
        _address_failure(outcome, text, f"crash: {type(error).__name__}: {error}")
        return
    outcome.accepted += 1
    problem = _accepted_problem(address)
    if problem:
        _address_failure(outcome, text, problem)


def _accepted_problem(address: str) -> str | None:
    """What is wrong with an accepted address (None: nothing): it must read back as itself, and Dask (when
    installed) must parse it to the same scheme, host and port."""
    from omaha_audit.scheduler_address import scheduler_address

    try:
        if scheduler_address(address) != address:
            return f"{address!r} does not read back as itself"
    except ValueError as error:
        return f"{address!r} does not read back: {error}"
    try:
        from distributed.comm.addressing import parse_address, parse_host_port  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    scheme, _, location = address.partition("://")
    try:
        theirs = (*parse_address(address), *parse_host_port(location))
    except Exception as error:  # (what the harness looks for)
        return f"Dask cannot parse {address!r}: {type(error).__name__}: {error}"
    host, _, port = location.rpartition(":")
    if theirs != (scheme, location, host.strip("[]"), int(port)):
        return f"Dask reads {address!r} as {theirs}"
    return None


def _address_failure(outcome: AddressOutcome, text: str, problem: str) -> None:
    outcome.failures += 1
    if len(outcome.examples) < 5:
        outcome.examples.append(f"{text!r}: {problem}")


def fuzz_scheduler_addresses(count: int, seed: int) -> AddressOutcome:
    """`count` addresses from a seeded random stream (random_address), each checked."""
    rng = random.Random(seed)
    outcome = AddressOutcome()
    for _ in range(count):
        check_scheduler_address(random_address(rng), outcome)
    return outcome


# ---- cache files (issue 36) -------------------------------------------------------------------------------
# The cache folder may be written by someone else (omaha_audit/cache.py): whatever its entries hold, a run
# gives what it gives with a clean cache, and runs nothing read from there. Each trial puts bad entries in
# place of real ones and runs the commands that read them, each in a new process (a process reads each
# entry once): random bytes, the entry cut short, a byte flipped, its contents changed and re-signed
# without the key (a plain SHA-256, or an HMAC under a key of the attacker's), another entry's bytes, an
# empty file, or a pickle that would make a marker file if it were ever unpickled.

CACHE_KINDS = ("random", "truncate", "flip", "resigned", "hmac", "swap", "empty", "pickle")


@dataclass
class CacheOutcome:
    """What a cache fuzz run found: runs whose output or exit code differ from the clean cache's, runs with
    a traceback, and planted pickles that ran."""

    trials: int = 0
    differences: int = 0
    crashes: int = 0
    ran_code: int = 0
    examples: list[str] = field(default_factory=list)

    def failed(self) -> bool:
        return bool(self.differences or self.crashes or self.ran_code)

    def report(self) -> str:
        return (
            f"cache entries tried {self.trials:,}; outputs that differ {self.differences}, "
            f"tracebacks {self.crashes}, planted code run {self.ran_code}"
        )


class _Marker:
    """Unpickled, it makes an empty file (the proof that a pickle from the cache folder was run)."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __reduce__(self) -> tuple[object, ...]:
        return (open, (self.path, "w"))


def bad_cache_entry(data: bytes, kind: str, a: int, b: int, other: bytes, marker: Path) -> bytes:
    """`data` (an entry as written: a 32-byte tag, then the contents) made bad in the way `kind` says."""
    import hashlib
    import hmac
    import pickle

    payload = data[32:]
    if kind == "random":
        return random.Random(a).randbytes(b % 70_000)
    if kind == "truncate":
        return data[: a % (len(data) + 1)]
    if kind == "flip" and data:
        at = a % len(data)
        return data[:at] + bytes([data[at] ^ (b % 255 + 1)]) + data[at + 1 :]
    if kind in ("resigned", "hmac"):
        if payload:  # (the contents changed: a byte flipped, or cut short)
            at = a % len(payload)
            payload = payload[:at] + bytes([payload[at] ^ 1]) + payload[at + 1 :] if b % 2 else payload[:at]
        if kind == "resigned":
            return hashlib.sha256(payload).digest() + payload
        return hmac.new(random.Random(b).randbytes(32), payload, "sha256").digest() + payload
    if kind == "swap":
        return other
    if kind == "pickle":  # (after a line, as Lark's own cache file has its digest: a wrong one, or a right one)
        planted = pickle.dumps(_Marker(str(marker)))
        return (b"not-the-digest" if b % 2 else hashlib.sha256(planted).hexdigest().encode()) + b"\n" + planted
    return b""


def fuzz_cache_files(inputs: Sequence[Path], count: int, seed: int) -> CacheOutcome:
    """`count` trials of the audit of `inputs` and of `omaha-audit rules`, each in a new process, against
    the same commands with a clean cache. The first trials make every entry of a warm cache bad, each kind
    on each entry in turn (so as many trials as kinds try them all); the others a random choice of entries
    and kinds, from a seeded random stream."""
    rng = random.Random(seed)
    outcome = CacheOutcome()
    commands = (["audit", *map(str, inputs), "--format", "json"], ["rules"])
    with tempfile.TemporaryDirectory(prefix="omaha-audit-fuzz-cache-") as name:
        folder = Path(name)
        env = {**os.environ, "HOME": str(folder / "home"), "XDG_CACHE_HOME": str(folder / "cache")}
        entries = folder / "cache" / "omaha-audit"
        clean = [_run(args, env) for args in commands]  # (they write the cache)
        kept = {path.name: path.read_bytes() for path in sorted(entries.iterdir()) if not path.name.startswith(".")}
        kept.pop("secret.key", None)
        names = sorted(kept)
        marker = folder / "marker"
        for trial in range(count):
            if trial < len(CACHE_KINDS):
                bad = {entry: CACHE_KINDS[(trial + number) % len(CACHE_KINDS)] for number, entry in enumerate(names)}
            else:
                chosen = [entry for entry in names if rng.random() < 0.5] or [rng.choice(names)]
                bad = {entry: rng.choice(CACHE_KINDS) for entry in chosen}
            for entry, data in kept.items():
                if entry in bad:
                    other = kept[rng.choice([name for name in names if name != entry] or names)]
                    a, b = rng.randrange(1 << 30), rng.randrange(1 << 30)
                    data = bad_cache_entry(data, bad[entry], a, b, other, marker)
                (entries / entry).write_bytes(data)
            outcome.trials += 1
            what = ", ".join(f"{kind} in {entry}" for entry, kind in bad.items())
            for args, expected in zip(commands, clean, strict=True):
                found = _run(args, env)
                if "Traceback" in found[2]:
                    outcome.crashes += 1
                    outcome.examples.append(f"{args[0]} ({what}): {found[2][-400:]}")
                elif found[:2] != expected[:2]:
                    outcome.differences += 1
                    outcome.examples.append(f"{args[0]} ({what}): exit {found[0]}, {found[2][-400:]}")
            if marker.exists():
                outcome.ran_code += 1
                outcome.examples.append(f"{what}: a planted pickle ran")
                marker.unlink()
    return outcome


def _run(args: list[str], env: dict[str, str]) -> tuple[int, str, str]:
    done = subprocess.run(
        [sys.executable, "-c", "from omaha_audit.cli.entry import main; main()", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    return done.returncode, done.stdout, done.stderr
