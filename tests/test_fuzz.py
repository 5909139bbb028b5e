"""Fuzzing every reader and the engine, CI-sized (issue 19): Hypothesis draws a real input of each room family
(the interchange formats OHH and PHH among them) and a list of edits (tests/devtools/fuzz.py), and the mutated
input must give no crash, no internal error, no lost line and only valid JSON; a batch of seeded random
mutations must also give the same findings under two hash seeds. The long run is benchmarks/fuzz.py
(100,000 inputs per family)."""

from __future__ import annotations

import random
import re
import tempfile
import zipfile
from functools import cache
from pathlib import Path

import pytest
from corpus_paths import require_corpus
from devtools import fuzz, fuzz_outputs
from devtools.fuzz import (
    CACHE_KINDS,
    FAMILIES,
    KINDS,
    Outcome,
    Seed,
    bad_cache_entry,
    check_inputs,
    fuzz_cache_files,
    hash_seed_differences,
    mutate,
)
from devtools.fuzz_archives import ARCHIVE_KINDS, MEMBER_NAMES, check_archive, check_urls, fuzz_urls
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.corpus

EDITS = st.lists(
    st.tuples(st.sampled_from(KINDS), st.integers(0, 1 << 30), st.integers(0, 1 << 30)), min_size=1, max_size=4
)


@cache
def pool(family: str) -> tuple[Seed, ...]:
    return tuple(fuzz.seeds(require_corpus(), family, limit=40))


def test_the_families_are_the_registrys_and_cover_the_corpus() -> None:
    """The families come from the registry of rooms (each format's family and corpus folders), and every room
    folder of the corpus belongs to a format of the registry."""
    from omaha_audit.rooms import REGISTRY, fuzz_families

    assert fuzz_families() == FAMILIES
    assert set(FAMILIES) == {"pokerstars-like", "other-text", "xml", "interchange"}
    assert FAMILIES["interchange"] == ("OHH", "PHH")
    assert {"PokerStars", "GGPoker", "WinningPoker-ACR"} <= set(FAMILIES["pokerstars-like"])
    assert "888poker" in FAMILIES["other-text"] and "iPoker" in FAMILIES["xml"]
    claimed = {folder for room in REGISTRY for folder in room.corpus}
    folders = {path.name for path in require_corpus().iterdir() if path.is_dir()}
    assert folders <= claimed, folders - claimed


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_the_seeds_cover_every_room_of_the_family(family: str) -> None:
    rooms = {seed.room for seed in pool(family)}
    present = {room for room in FAMILIES[family] if (require_corpus() / room).is_dir()}
    if family == "interchange":  # (the formats the text rooms' hands are written in)
        present = set(FAMILIES[family])
    assert rooms == present, present - rooms


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_mutated_real_inputs(family: str) -> None:
    seeds = pool(family)

    @settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)
    @given(pick=st.integers(0, len(seeds) - 1), donor=st.integers(0, len(seeds) - 1), edits=EDITS)
    def run(pick: int, donor: int, edits: list[tuple[str, int, int]]) -> None:
        seed = seeds[pick]
        text = mutate(seed.text, edits, seeds[donor].text)
        with tempfile.TemporaryDirectory() as folder:
            outcome = check_inputs([(text, seed.suffix)], Path(folder))
        assert not outcome.failed(), f"{outcome.report()}\n{outcome.examples}"

    run()


@pytest.mark.slow
@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_the_same_findings_under_two_hash_seeds(family: str, tmp_path: Path) -> None:
    rng = random.Random(19)
    seeds = pool(family)
    texts = []
    for _ in range(300):
        seed = rng.choice(seeds)
        texts.append((mutate(seed.text, fuzz.random_edits(rng), rng.choice(seeds).text), seed.suffix))
    assert hash_seed_differences(texts, tmp_path) == 0


def test_the_harness_sees_a_lost_hand(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A reader that dropped a hand would be caught: the check is not one that cannot fail."""
    from omaha_audit.run.pipeline import Auditor

    original = Auditor.audit_files

    def dropping(self: Auditor, files: list[Path]):  # type: ignore[no-untyped-def]
        yield from list(original(self, files))[1:]

    seeds = [seed for seed in pool("pokerstars-like") if not seed.whole][:3]
    monkeypatch.setattr(Auditor, "audit_files", dropping)
    outcome = check_inputs([("\n\n".join(seed.text for seed in seeds), "txt")], tmp_path, Outcome())
    assert outcome.lost == 1


def test_found_by_fuzzing_a_hand_number_beyond_64_bits(tmp_path: Path) -> None:
    """The long run's first crash: a hand number of 2^63 or more overflowed the table sequences' SQLite
    sort key. Such a hand sorts by its time and place instead, and is audited like any other."""
    text = (Path(__file__).parent / "stats" / "handwritten.txt").read_text(encoding="utf-8")
    first = text.split("\n\n\n")[0]
    huge = re.sub(r"#\d+:", "#99999999999999999999999999:", first, count=1)
    assert huge != first
    outcome = check_inputs([(huge + "\n\n\n" + first, "txt")], tmp_path)
    assert not outcome.failed(), outcome.examples
    assert outcome.hands == 2


def test_a_hand_read_without_a_text_block_covers_its_own_lines(tmp_path: Path) -> None:
    """The long run's first 'lost' hands were the harness's: a PKR hand whose first line an edit deleted
    is read by the room's whole-file reader, which gives no text block; its lines are the hand's own."""
    seeds = [seed for seed in pool("other-text") if seed.room == "PKR"][:5]
    assert seeds
    texts = [(mutate(seed.text, [("delete", 0, 0)]), "txt") for seed in seeds]
    outcome = check_inputs(texts, tmp_path)
    assert outcome.lost == 0 and outcome.hands >= len(seeds), outcome.report()


# ---- scheduler addresses (issue 36) ---------------------------------------------------------------------

ADDRESS_EDITS = st.lists(st.tuples(st.integers(0, 63), st.integers(0, 1 << 16), st.integers(0, 1 << 16)), max_size=4)


@settings(max_examples=1_000, deadline=None, database=None)
@given(text=st.text(max_size=60) | st.sampled_from(fuzz.GOOD_ADDRESSES).flatmap(
    lambda good: ADDRESS_EDITS.map(lambda edits: fuzz.mutate_address(good, edits))
))  # fmt: skip
def test_scheduler_addresses(text: str) -> None:
    """Random text and near-valid addresses: a usage error of one printable line, or an address Dask parses as
    it was read (left only to be reached); never another exception."""
    outcome = fuzz.AddressOutcome()
    fuzz.check_scheduler_address(text, outcome)
    assert outcome.failures == 0, outcome.examples


def test_a_seeded_batch_of_scheduler_addresses() -> None:
    outcome = fuzz.fuzz_scheduler_addresses(20_000, seed=36)
    assert outcome.failures == 0, outcome.examples
    assert outcome.accepted > 1_000 and outcome.refused > 10_000, outcome.report()  # (both sides are tried)


def test_the_address_harness_sees_a_crash_and_a_bad_address(monkeypatch: pytest.MonkeyPatch) -> None:
    from omaha_audit import scheduler_address

    def crashing(text: str) -> str:
        raise TypeError("deep inside")

    monkeypatch.setattr(scheduler_address, "scheduler_address", crashing)
    outcome = fuzz.AddressOutcome()
    fuzz.check_scheduler_address("tcp://h:1", outcome)
    monkeypatch.setattr(scheduler_address, "scheduler_address", lambda text: "tcp://[::1:1")
    fuzz.check_scheduler_address("tcp://h:1", outcome)
    assert outcome.failures == 2, outcome.examples


SAMPLES = Path(__file__).resolve().parents[1] / "sample_histories"


@pytest.mark.integration  # (eighteen runs of the command, most of them building the grammar again)
def test_bad_cache_entries_change_nothing() -> None:
    """Issue 36: an entry of the cache folder made bad in each way (random bytes, cut short, a byte flipped,
    changed and re-signed without the key, another entry's bytes, empty, a planted pickle) leaves the
    audit's report and `rules`' table as a clean cache gives them, with no traceback and nothing run. The
    long run: benchmarks/fuzz.py --cache."""
    outcome = fuzz_cache_files([SAMPLES / "omaha-pot-limit.txt"], count=len(CACHE_KINDS), seed=36)
    assert outcome.trials == len(CACHE_KINDS)
    assert not outcome.failed(), f"{outcome.report()}\n{outcome.examples}"


def test_each_bad_cache_entry_is_bad(tmp_path: Path) -> None:
    """The harness's changes are changes, and its planted pickle runs when unpickled (as Lark's own cache
    reading did: a line, then a pickle): the checks above can fail."""
    import pickle

    data = bytes(range(256)) * 40
    marker = tmp_path / "marker"
    for kind in CACHE_KINDS:
        for a, b in ((0, 0), (7, 12_345), (1 << 29, 3)):
            assert bad_cache_entry(data, kind, a, b, b"other", marker) != data, (kind, a, b)
    planted = bad_cache_entry(data, "pickle", 0, 1, b"", marker)
    pickle.loads(planted.split(b"\n", 1)[1])
    assert marker.exists()


# ---- outputs (issue 36): every kind of target a path can name, standard output full or closed -------------


@pytest.mark.parametrize(("command", "kind", "mask"), fuzz_outputs.small_cases(), ids=lambda value: str(value))
def test_outputs_onto_every_kind_of_target(command: str, kind: str, mask: int, tmp_path: Path) -> None:
    """No traceback, a documented exit, nothing but a regular file replaced (a link stays, the file it leads
    to is written), modes kept or from the umask, nothing left behind (tests/devtools/fuzz_outputs.py)."""
    outcome = fuzz_outputs.run_outputs(tmp_path, [(command, kind, mask)], printing=False)
    assert not outcome.failed(), f"{outcome.report()}\n{outcome.examples}"


@pytest.mark.parametrize("command", ["audit jsonl", "rules"])  # (every command: tests/test_output_exits.py)
def test_printing_onto_a_full_disk_and_a_closed_pipe(command: str, tmp_path: Path) -> None:
    outcome = fuzz_outputs.OutputOutcome()
    fuzz_outputs.check_printing(command, tmp_path, outcome)
    assert not outcome.failed(), f"{outcome.report()}\n{outcome.examples}"


def test_the_output_harness_sees_a_replaced_link(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A command that replaced a link with a file would be caught: the check is not one that cannot fail."""
    real_run = fuzz_outputs._run

    def replacing(args: list[str], mask: int, case: Path, stdout: object = None):  # type: ignore[no-untyped-def]
        done = real_run(args, mask, case)
        target = Path(args[args.index("--html") + 1])
        target.unlink()
        target.write_text("a file now\n")
        return done

    monkeypatch.setattr(fuzz_outputs, "_run", replacing)
    outcome = fuzz_outputs.run_outputs(tmp_path, [("audit --html", "link", 0o022)], printing=False)
    assert outcome.replaced == 1


@cache
def archive_texts() -> tuple[str, ...]:
    """Real inputs of every family (a few per room) to put in archives."""
    return tuple(seed.text for family in sorted(FAMILIES) for seed in fuzz.seeds(require_corpus(), family, limit=2))


@pytest.mark.parametrize("kind", ARCHIVE_KINDS)
def test_archives_with_hostile_member_names(kind: str) -> None:
    """Two members of one name, `..` parts, a leading `/`, control characters, hidden and __MACOSX members, an
    empty name: each member read (as many records as its text gives loose) or named as skipped, each under a
    path of its own, and nothing raised (issue 36)."""
    texts = archive_texts()
    entry = st.tuples(st.integers(0, len(MEMBER_NAMES) - 1), st.integers(0, len(texts) - 1))

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)
    @given(picks=st.lists(entry, min_size=1, max_size=5))
    def run(picks: list[tuple[int, int]]) -> None:
        entries = [(MEMBER_NAMES[name], texts[text]) for name, text in picks]
        with tempfile.TemporaryDirectory() as folder:
            outcome = check_archive(entries, kind, Path(folder))
        assert not outcome.failed(), f"{outcome.report()}\n{outcome.examples}"

    run()


def test_the_archive_check_sees_two_members_read_as_one(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The check is not one that cannot fail: members opened by name (the old way: the last of a name read
    for both) are caught."""
    from omaha_audit.parse import archives

    first = next(seed.text for seed in pool("pokerstars-like") if not seed.whole)
    second = f"{first}\n\n\n{first}"  # (two hands: a record count of its own)

    def by_name(archive: zipfile.ZipFile, position: int, name: str) -> zipfile.ZipInfo:
        return archive.getinfo(name)

    monkeypatch.setattr(archives, "_zip_member", by_name)
    outcome = check_archive([("t.txt", first), ("t.txt", second)], "zip", tmp_path)
    assert outcome.lost == 1, outcome.report()


def test_urls_that_name_nothing_readable(tmp_path: Path) -> None:
    """Every URL of the list, and chains of them (`a::b`), is read or a usage error, never an exception."""
    urls = fuzz_urls(tmp_path)
    rng = random.Random(36)
    chains = ["::".join(rng.sample(urls, rng.randint(2, 3))) for _ in range(60)]
    outcome = check_urls([*urls, *chains])
    assert outcome.inputs == len(urls) + len(chains)
    assert not outcome.failed(), f"{outcome.report()}\n{outcome.examples}"


def test_a_number_of_more_digits_than_python_reads_is_an_unreadable_hand(tmp_path: Path) -> None:
    """Every digit run of a real hand of each room made 4,301 digits long: never an internal error (the
    readers' int() refused it: OA104), the hand audited or unreadable with its reason."""
    long = "9" * 4_301
    texts = []
    for family in sorted(FAMILIES):
        for seed in pool(family)[:: max(1, len(pool(family)) // 12)]:
            runs = list(re.finditer(r"\d+", seed.text))
            for found in runs[:: max(1, len(runs) // 25)]:
                texts.append((seed.text[: found.start()] + long + seed.text[found.end() :], seed.suffix))
    outcome = check_inputs(texts, tmp_path)
    examples = {kind: found[:1] for kind, found in outcome.examples.items()}
    assert not outcome.failed(), f"{outcome.report()}\n{examples}"
    assert outcome.unreadable > 0
