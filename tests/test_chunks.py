"""One big file cut into pieces at hand boundaries (omaha_audit/parse/chunks.py): the pieces, each read on its
own with its first line's number, give what the whole file gives read at once, hand for hand: the same
blocks, the same hands and unreadable text, the same findings with the same line numbers, for every room
format of the corpus whose files are text, and for the generated and sample hands of every game. Files a cut
could change are read whole, each saying why. Issue 38, item 4 (the runs across workers: test_parallel.py)."""

from __future__ import annotations

import codecs
import gzip
import io
import itertools
import subprocess
import sys
from pathlib import Path

import pytest
from corpus_paths import corpus_root, folder_param

from omaha_audit.generate import GenerateConfig, generate
from omaha_audit.model import Game
from omaha_audit.parse.archives import ArchiveMember
from omaha_audit.parse.chunks import FileChunk, file_chunks, units_of, whole_reason
from omaha_audit.parse.files import expand_paths
from omaha_audit.rooms import hand_source
from omaha_audit.run.parallel import _values
from omaha_audit.run.pipeline import Auditor

SAMPLES = Path(__file__).resolve().parents[1] / "sample_histories"
READER = hand_source()
ROOMS = sorted(path.name for path in (corpus_root() or Path("/nonexistent")).glob("*") if path.is_dir())


WHOLE = ("an XML or JSON history is read whole", "a file of that name is read whole", "a UTF-16 file is read whole")


def _read(auditor: Auditor, source: object) -> list[tuple[object, ...]]:
    """Every item read from `source` as plain values: its kind, its block (first line, lines), its findings."""
    rows: list[tuple[object, ...]] = []
    for audited, picture, _, key in auditor.audit_source(source):  # type: ignore[arg-type]
        item = audited.item
        rows.append(
            (
                type(item).__name__,
                audited.first_line,
                tuple(audited.lines),
                tuple(_values(finding) for finding in audited.findings),
                key,
                picture is not None,
            )
        )
    return rows


def _same_read_in_pieces(path: Path, size: int) -> int:
    """Read `path` whole and in pieces of about `size` bytes: the same items. Returns the number of pieces."""
    pieces = file_chunks(path, READER, size)
    assert pieces is not None, f"{path} was not cut"
    assert pieces[0].start == 0 and pieces[0].first_line == 1 and pieces[-1].end == path.stat().st_size
    assert all(a.end == b.start for a, b in itertools.pairwise(pieces))
    data = path.read_bytes()
    for piece in pieces:  # each piece starts at a line start, numbered as in the file
        assert piece.start == 0 or data[piece.start - 1 : piece.start] == b"\n"
        assert data.count(b"\n", 0, piece.start) + 1 == piece.first_line
    whole = _read(Auditor(keep_text=True), path)
    auditor = Auditor(keep_text=True)  # (one auditor: copies across pieces are found as in the whole file)
    cut = [row for piece in pieces for row in _read(auditor, piece)]
    assert cut == whole
    assert sum(kind == "Hand" for kind, *_ in whole) >= len(pieces)
    return len(pieces)


def _plain(data: bytes) -> bool:
    """Text a cut may split (no NUL byte, no line that ends in a lone CR): other files are read whole."""
    return b"\x00" not in data and data.count(b"\r") == data.count(b"\r\n")


def _joined(files: list[Path], target: Path) -> Path | None:
    """The text files of a room end to end (those a cut may split: not XML or JSON, not UTF-16), with a blank
    line between, 8,000 bytes or more; None when there is none."""
    parts = [path.read_bytes() for path in files if whole_reason(path, READER) is None and _plain(path.read_bytes())]
    if not parts:
        return None
    text = b"\n\n".join(part.rstrip(b"\r\n") + b"\n" for part in parts)
    # (a room of few hands: its text again, to be cut in several pieces; the hands again are copies)
    target.write_bytes(b"\n\n".join([text] * -(-8000 // len(text))))
    return target


@pytest.mark.parametrize("room", [folder_param(room) for room in ROOMS] or ["(no corpus)"])
def test_every_room_read_in_pieces_as_whole(room: str, tmp_path: Path) -> None:
    """A room's corpus files end to end, in pieces of 2,000 bytes (several hands, several tables a piece);
    a room of XML or JSON files is read whole (and said so)."""
    root = corpus_root()
    if root is None:
        pytest.skip("../shared/corpus not found beside the repository: corpus tests skipped")
    files = sorted(path for path in (root / room).rglob("*") if path.is_file() and path.suffix != ".tsv")
    joined = _joined(list(expand_paths(files)), tmp_path / f"{room}.txt")  # type: ignore[arg-type]
    for path in files:  # (the others: read whole, for the reason given, or for their text: test_what_is_read_whole)
        reason = whole_reason(path, READER)
        assert reason in WHOLE or (reason is None and (joined is not None or not _plain(path.read_bytes()))), (
            path,
            reason,
        )
    if joined is None:
        return
    assert _same_read_in_pieces(joined, 2000) >= 2


@pytest.mark.parametrize("crlf", [False, True], ids=["LF", "CRLF"])
def test_sessions_of_many_tables_read_in_pieces_as_whole(tmp_path: Path, crlf: bool) -> None:
    """Generated sessions of several tables with faults (findings on many lines), and every sample file
    (every game) after them, cut every 1,500 bytes: about one piece a hand."""
    path = tmp_path / "big.txt"
    config = GenerateConfig(hands=400, seed=7, sessions=True, tables=4, fault_rate=0.1, games=(Game.OMAHA,))
    with path.open("w", encoding="utf-8", newline="\r\n" if crlf else "\n") as text, io.StringIO() as labels:
        generate(config, text, labels)
        for sample in sorted(SAMPLES.glob("*.txt")):
            text.write("\n\n" + sample.read_text(encoding="utf-8"))
    assert _same_read_in_pieces(path, 1500) > 200


def test_junk_before_between_and_after_hands(tmp_path: Path) -> None:
    """Text outside hands (before the first, between two, after the last) and a tournament summary stay
    where they were, in whichever piece: the first piece always holds the file's first hand."""
    hands = (SAMPLES / "omaha-pot-limit.txt").read_text(encoding="utf-8").split("\n\n\n")
    junk = "some notes a player kept\nabout the session\n"
    text = junk * 40 + "\n\n" + "\n\n".join(hands[:10]) + "\n\n" + junk + "\n\n" + "\n\n".join(hands[10:]) + junk
    path = tmp_path / "junk.txt"
    path.write_text(text, encoding="utf-8")
    assert _same_read_in_pieces(path, 700) >= 2


def test_a_file_with_no_hand_start_after_a_cut_is_planned_at_every_size(tmp_path: Path) -> None:
    """A cut's place with no hand start after it in the bytes read: inside the last hand of a file whose last
    line has no line end, or before a long run of text outside hands in reads that end mid-line. The plan ends
    there, the rest one piece (the window once doubled for ever: the last line was never counted as looked
    at). Planned at many sizes (small windows and reads) in a process of its own, so that a plan that never
    ends fails the test."""
    hands = (SAMPLES / "omaha-pot-limit.txt").read_text(encoding="utf-8")
    ending = tmp_path / "no-last-line-end.txt"
    ending.write_text(hands.rstrip("\n"), encoding="utf-8")
    junk = tmp_path / "junk-in-the-middle.txt"
    junk.write_text(hands + "a note a player kept between sessions\n" * 3000 + "\n\n" + hands, encoding="utf-8")
    code = (
        "import sys; from pathlib import Path; from omaha_audit.parse import chunks; "
        "from omaha_audit.rooms import hand_source; reader = hand_source(); path = Path(sys.argv[1]); "
        "total = path.stat().st_size; chunks.WINDOW_BYTES = 4096; chunks._READ_BYTES = 16384; "
        "plans = [chunks.file_chunks(path, reader, size) for size in range(500, total // 2, 37)]; "
        "print(sum(plan is None or plan[-1].end == total for plan in plans), sum(plan is not None for plan in plans), "
        "len(plans))"
    )
    for path in (ending, junk):
        done = subprocess.run(
            [sys.executable, "-P", "-c", code, str(path)], capture_output=True, text=True, timeout=300
        )
        assert done.returncode == 0, done.stderr
        whole, cut, plans = map(int, done.stdout.split())
        assert plans > 100 and whole == plans and cut > plans // 3, path  # (a plan's last piece up to the end)
        assert _same_read_in_pieces(path, 1500) >= 2


def test_what_is_read_whole(tmp_path: Path) -> None:
    """A compressed file, an XML history, UTF-16 text, a NUL byte, a lone CR, a line the reader cuts in
    pieces, a file smaller than two pieces: no pieces, one unit of work."""
    sample = (SAMPLES / "omaha-pot-limit.txt").read_bytes()
    plain = tmp_path / "plain.txt"
    plain.write_bytes(sample)
    assert file_chunks(plain, READER, 2000) is not None
    assert file_chunks(plain, READER, len(sample)) is None  # (one piece)
    (tmp_path / "one.gz").write_bytes(gzip.compress(sample))
    (member,) = expand_paths([tmp_path / "one.gz"])
    assert isinstance(member, ArchiveMember)
    assert "compressed file cannot be cut" in (whole_reason(member, READER) or "")
    assert list(units_of([member], READER, 2000, early=2)) == [(member, member, None)]
    utf16 = tmp_path / "utf16.txt"
    utf16.write_bytes(codecs.BOM_UTF16_LE + sample.decode("utf-8").encode("utf-16-le"))
    assert whole_reason(utf16, READER) == "a UTF-16 file is read whole"
    assert file_chunks(utf16, READER, 2000) is None
    for name, data in {
        "nul.txt": sample[:5000] + b"\x00" + sample[5000:],
        "cr.txt": sample[:5000] + b"\r" + sample[5000:],
        "long.txt": sample[:5000] + b"x" * (1 << 20) + sample[5000:],
    }.items():
        (tmp_path / name).write_bytes(data)
        assert whole_reason(tmp_path / name, READER) is None
        assert file_chunks(tmp_path / name, READER, 2000) is None, name
    root = corpus_root()
    if root is not None:  # (an iPoker XML session: read whole)
        xml = next(path for path in sorted((root / "iPoker").rglob("*.xml")) if path.stat().st_size > 4096)
        assert whole_reason(xml, READER) == "an XML or JSON history is read whole"
        assert file_chunks(xml, READER, 2000) is None


def test_a_piece_is_named_as_its_file(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_bytes((SAMPLES / "omaha-pot-limit.txt").read_bytes())
    pieces = file_chunks(path, READER, 2000)
    assert pieces is not None
    piece = pieces[1]
    assert isinstance(piece, FileChunk) and str(piece) == str(path) and piece.suffix == ".txt"
    assert piece.open().read() == path.read_bytes()[piece.start : piece.end]
    units = list(units_of([path, tmp_path / "missing.txt"], READER, 2000))
    assert [unit for _, unit, _ in units[:-1]] == pieces
    assert units[-1] == (tmp_path / "missing.txt", tmp_path / "missing.txt", None)


@pytest.mark.parametrize("early", [1, 2, 3, 50])
def test_the_first_pieces_are_given_before_the_file_is_planned(tmp_path: Path, early: int) -> None:
    """A big file's first `early` pieces come with the file's plan, given before the rest of the file is
    read (the workers start on them); the rest come once it is planned, the pieces those of the whole plan."""
    path = tmp_path / "a.txt"
    path.write_bytes((SAMPLES / "omaha-pot-limit.txt").read_bytes() * 40)
    pieces = file_chunks(path, READER, 2000)
    assert pieces is not None and len(pieces) > 50
    units = units_of([path], READER, 2000, early=early)
    first = next(units)
    _, piece, plan = first
    assert plan is not None and piece == pieces[0]
    assert not plan.done and len(plan.cuts) <= early + 1  # (planned only as far as the first pieces take)
    rest = [first, *units]
    given = min(early, len(pieces))
    assert [unit for _, unit, _ in rest] == pieces
    assert [unit for _, unit, plan in rest if plan is not None] == pieces[:given]
    assert plan.done and plan.pieces() == pieces


@pytest.mark.parametrize("fault", [b"\x00", b"\r", b"x" * (1 << 20)], ids=["NUL", "lone CR", "long line"])
def test_a_file_found_unsafe_after_its_first_pieces_follows_whole(
    tmp_path: Path, fault: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What makes a cut unsafe, well after the first pieces (the file read 512 KiB at a time): they were given with the
    plan, which then says the file is read whole (their results are dropped: run/parallel.py in_order), and
    the file follows, whole."""
    from omaha_audit.parse import chunks

    monkeypatch.setattr(chunks, "_READ_BYTES", chunks._LINE_PART)  # (a run with no line end: seen in such reads)
    monkeypatch.setattr(chunks, "WINDOW_BYTES", 4096)
    sample = (SAMPLES / "omaha-pot-limit.txt").read_bytes() * 40
    path = tmp_path / "late.txt"
    path.write_bytes(sample[: len(sample) // 2] + fault + sample[len(sample) // 2 :])
    assert file_chunks(path, READER, 2000) is None
    *early, last = units_of([path], READER, 2000, early=2)
    assert last == (path, path, None) and len(early) == 2
    assert [piece.start for _, piece, _ in early] == [0, early[0][1].end]  # type: ignore[union-attr]
    for _, piece, plan in early:
        assert isinstance(piece, FileChunk) and plan is not None and plan.done and plan.pieces() is None
