"""Fuzzing every reader and the engine, CI-sized (issue 19): Hypothesis draws a real input of each room family
(the interchange formats OHH and PHH among them) and a list of edits (omaha_audit/fuzz.py), and the mutated
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
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from omaha_audit import fuzz
from omaha_audit.fuzz import FAMILIES, KINDS, Outcome, Seed, check_inputs, hash_seed_differences, mutate
from omaha_audit.fuzz_archives import ARCHIVE_KINDS, MEMBER_NAMES, check_archive, check_urls, fuzz_urls

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
    from omaha_audit.pipeline import Auditor

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
