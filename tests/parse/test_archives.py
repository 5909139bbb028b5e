"""Archives in (issue 17): every kind is read as the files inside it, streamed, with the member's name in
every finding; a broken archive is a finding and the run goes on; a member that is not a hand history is
reported once."""

from __future__ import annotations

import bz2
import gzip
import io
import json
import lzma
import tarfile
import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from omaha_audit.cli.app import app
from omaha_audit.generate import GenerateConfig, generate
from omaha_audit.model import Game, Structure
from omaha_audit.parse.archives import ArchiveMember, archive_kind
from omaha_audit.parse.files import expand_paths

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"
PLO = SAMPLES / "omaha-pot-limit.txt"
HOLDEM = SAMPLES / "holdem-no-limit.txt"


def _xml(tmp_path: Path) -> Path:
    """iPoker XML (generated), a format read a whole file at a time."""
    config = GenerateConfig(hands=12, seed=5, games=(Game.OMAHA,), structures=(Structure.POT_LIMIT,), room="ipoker")
    path = tmp_path / "ipoker.xml"
    with path.open("w", encoding="utf-8") as text, io.StringIO() as labels:
        generate(config, text, labels)
    return path


def _audit(*paths: Path) -> tuple[dict[str, object], list[dict[str, object]], str]:
    result = CliRunner().invoke(app, ["audit", *map(str, paths), "-f", "json", "--fail-on", "never"])
    assert result.exit_code == 0, result.output
    text = result.stdout
    payload = json.loads(text)
    return payload["summary"], payload["findings"], result.stderr


def _folder(tmp_path: Path) -> Path:
    """day1/plo.txt, day2/deep/holdem.txt, day2/ipoker.xml: the loose files the archives hold."""
    root = tmp_path / "loose"
    (root / "day1").mkdir(parents=True)
    (root / "day2" / "deep").mkdir(parents=True)
    (root / "day1" / "plo.txt").write_bytes(PLO.read_bytes())
    (root / "day2" / "deep" / "holdem.txt").write_bytes(HOLDEM.read_bytes())
    (root / "day2" / "ipoker.xml").write_bytes(_xml(tmp_path).read_bytes())
    return root


MEMBERS = ("day1/plo.txt", "day2/deep/holdem.txt", "day2/ipoker.xml")


def _tar(root: Path, target: Path, mode: str) -> Path:
    with tarfile.open(target, mode) as archive:
        for name in MEMBERS:
            archive.add(root / name, arcname=name)
    return target


def _zip(root: Path, target: Path) -> Path:
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name in MEMBERS:
            archive.write(root / name, name)
    return target


def _without_prefix(findings: list[dict[str, object]], prefix: str) -> list[dict[str, object]]:
    out = []
    for finding in findings:
        finding = dict(finding)
        path = str(finding["path"])
        assert path.startswith(prefix), path
        finding["path"] = path[len(prefix) :]
        out.append(finding)
    return out


@pytest.mark.parametrize(
    ("name", "mode"),
    [
        ("days.zip", None),
        ("days.tar", "w"),
        ("days.tar.gz", "w:gz"),
        ("days.tgz", "w:gz"),
        ("days.tar.bz2", "w:bz2"),
        ("days.tar.xz", "w:xz"),
    ],
)
def test_an_archive_reads_as_its_files_with_member_names_in_the_findings(
    tmp_path: Path, name: str, mode: str | None
) -> None:
    root = _folder(tmp_path)
    archive = _zip(root, tmp_path / name) if mode is None else _tar(root, tmp_path / name, mode)
    loose_summary, loose, _ = _audit(*(root / member for member in MEMBERS))
    summary, findings, _ = _audit(archive)
    assert summary == loose_summary
    assert summary["hands"] == 40 + 40 + 12 and summary["unreadable"] == 0
    assert _without_prefix(findings, f"{archive}!/") == _without_prefix(loose, f"{root}/")
    assert {str(f["path"]) for f in findings} >= {f"{archive}!/day1/plo.txt"}


@pytest.mark.parametrize("suffix", [".gz", ".bz2", ".xz"])
def test_a_single_compressed_file_reads_as_the_file(tmp_path: Path, suffix: str) -> None:
    opener = {".gz": gzip.open, ".bz2": bz2.open, ".xz": lzma.open}[suffix]
    for source in (PLO, _xml(tmp_path)):
        target = tmp_path / (source.name + suffix)
        with opener(target, "wb") as stream:
            stream.write(source.read_bytes())
        loose_summary, loose, _ = _audit(source)
        summary, findings, _ = _audit(target)
        assert summary == loose_summary
        assert [dict(f, path="") for f in findings] == [dict(f, path="") for f in loose]
        assert {f["path"] for f in findings} <= {str(target)}


def test_zst_is_read_with_zstandard_or_reported_without_it(tmp_path: Path) -> None:
    target = tmp_path / "plo.txt.zst"
    try:
        import zstandard  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        target.write_bytes(b"\x28\xb5\x2f\xfd not really zstd")
        summary, findings, _ = _audit(target)
        assert summary["unreadable"] == 1
        assert "needs the zstandard package" in str(findings[0]["message"])
        return
    target.write_bytes(zstandard.ZstdCompressor().compress(PLO.read_bytes()))
    assert _audit(target)[0] == _audit(PLO)[0]


def test_a_directory_scan_reads_archives_beside_loose_files(tmp_path: Path) -> None:
    root = _folder(tmp_path)
    _zip(root, root / "day3.zip")
    found = expand_paths([root])
    assert [str(item) for item in found if isinstance(item, ArchiveMember)] == [
        f"{root / 'day3.zip'}!/{name}" for name in MEMBERS
    ]
    summary, _, _ = _audit(root)
    # (the archive holds the loose files: its hands are identical copies, counted once, CT-5)
    assert (summary["files"], summary["hands"], summary["copies"]) == (6, 92, 92)


def test_a_broken_archive_is_a_finding_and_the_rest_goes_on(tmp_path: Path) -> None:
    root = _folder(tmp_path)
    whole = _tar(root, tmp_path / "whole.tgz", "w:gz").read_bytes()
    cut_tar = tmp_path / "cut.tgz"
    cut_tar.write_bytes(whole[: len(whole) // 3])
    cut_gz = tmp_path / "cut.txt.gz"
    cut_gz.write_bytes(gzip.compress(PLO.read_bytes())[:3000])
    not_zip = tmp_path / "broken.zip"
    not_zip.write_bytes(b"PK\x03\x04 this is no zip file")
    summary, findings, _ = _audit(cut_tar, cut_gz, not_zip, HOLDEM)
    unreadable = [f for f in findings if f["code"] == "OA101"]
    assert all("corrupt archive" in str(f["message"]) for f in unreadable), unreadable
    assert {str(f["path"]).split("!/")[0] for f in unreadable} == {str(cut_tar), str(cut_gz), str(not_zip)}
    # the whole of the loose file after them, and the hands the broken ones still gave, were audited
    assert summary["audited"] >= 40 + 1
    assert any(str(f["path"]) == str(HOLDEM) for f in findings)


def test_members_that_are_not_hand_histories_are_reported_once(tmp_path: Path) -> None:
    target = tmp_path / "mixed.zip"
    with zipfile.ZipFile(target, "w") as archive:
        archive.write(PLO, "a/plo.txt")
        archive.writestr("a/notes.txt", "hello\nnothing to see\n")
        archive.writestr("a/readme.md", "# notes\n")
        archive.writestr("a/inner.zip", b"PK\x05\x06" + b"\x00" * 18)
        archive.writestr(".hidden/x.txt", "hidden")
        archive.writestr("__MACOSX/a/._plo.txt", "resource fork")
    summary, _, notices = _audit(target)
    assert summary["hands"] == 40 and summary["unreadable"] == 0
    lines = [line for line in notices.splitlines() if line.startswith("omaha-audit: ")]
    assert lines == [
        f"omaha-audit: {target}!/a/inner.zip: an archive inside an archive is not read: skipped",
        f"omaha-audit: {target}!/.hidden/x.txt: hidden inside the archive (a name starting with a dot): skipped",
        f"omaha-audit: {target}!/__MACOSX/a/._plo.txt: macOS metadata inside the archive (__MACOSX): skipped",
        f"omaha-audit: {target}!/a/notes.txt: no hand of any known room format: skipped",
        f"omaha-audit: {target}!/a/readme.md: not a hand history (by its name, and no hand in its first 64 KiB): "
        "skipped",
    ]


def test_archive_kind_by_name() -> None:
    kinds = {name: archive_kind(Path(name)) for name in ("a.zip", "a.TGZ", "a.tar.xz", "a.txt.gz", "a.zst", "a.txt")}
    assert kinds == {
        "a.zip": "zip",
        "a.TGZ": "tar",
        "a.tar.xz": "tar",
        "a.txt.gz": "single",
        "a.zst": "single",
        "a.txt": None,
    }


def test_a_member_rewinds_within_its_head_only(tmp_path: Path) -> None:
    target = tmp_path / "big.txt.gz"
    data = PLO.read_bytes() * 4
    target.write_bytes(gzip.compress(data))
    member = ArchiveMember(target, None, "single")
    with member.open() as stream:
        head = stream.read(100)
        stream.seek(0)
        assert stream.read(100) == head
        assert stream.read() == data[100:]
        with pytest.raises(io.UnsupportedOperation):
            stream.seek(0)


def _hands(text: str) -> list[str]:
    return [block + "\n\n\n" for block in text.split("\n\n\n") if block.strip()]


def _parsed(*paths: Path) -> tuple[list[dict[str, object]], str]:
    result = CliRunner().invoke(app, ["parse", *map(str, paths), "-f", "jsonl"])
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()], result.stderr


@pytest.mark.parametrize("kind", ["zip", "tar", "tar.gz"])
def test_two_members_of_one_name_are_each_read(tmp_path: Path, kind: str) -> None:
    """A name is no member's identity: an archive that holds `t.txt` twice (a file added again, `tar -r`)
    gives the hands of both, the second shown as `t.txt#2`, and none of them twice."""
    hands = _hands(PLO.read_text(encoding="utf-8"))
    first, second = "".join(hands[:5]).encode(), "".join(hands[5:12]).encode()
    target = tmp_path / f"dup.{kind}"
    if kind == "zip":
        with zipfile.ZipFile(target, "w") as archive, pytest.warns(UserWarning, match="Duplicate name"):
            archive.writestr("t.txt", first)
            archive.writestr("t.txt", second)
    else:
        with tarfile.open(target, "w:gz" if kind == "tar.gz" else "w") as archive:
            for data in (first, second):
                info = tarfile.TarInfo("t.txt")
                info.size = len(data)
                archive.addfile(info, io.BytesIO(data))
    records, _ = _parsed(target)
    ids = [record["hand_id"] for record in records]
    assert len(ids) == 12 and len(set(ids)) == 12
    paths = [record["source"]["path"] for record in records]  # type: ignore[index]
    assert paths == [f"{target}!/t.txt"] * 5 + [f"{target}!/t.txt#2"] * 7
    summary, _, _ = _audit(target)
    assert (summary["hands"], summary["copies"], summary["files"]) == (12, 0, 2)


def test_shown_names_are_one_for_each_member_and_no_two_alike() -> None:
    from omaha_audit.parse.archives import shown_names

    assert shown_names(["a", "./a", "a#2", "a", "b"]) == ["a", "a#3", "a#2", "a#4", "b"]
    assert shown_names(["x/t.txt", "x/t.txt", "x/t.txt"]) == ["x/t.txt", "x/t.txt#2", "x/t.txt#3"]


def test_a_member_named_with_dot_dot_or_from_the_root_is_read(tmp_path: Path) -> None:
    """Nothing is extracted, so a `..` part or a leading `/` is only a name: those members are read."""
    hands = _hands(PLO.read_text(encoding="utf-8"))
    target = tmp_path / "up.zip"
    with zipfile.ZipFile(target, "w") as archive:
        archive.writestr("ok/t1.txt", "".join(hands[:3]))
        archive.writestr("../up/t2.txt", "".join(hands[3:8]))
        archive.writestr("/abs/t3.txt", "".join(hands[8:10]))
    summary, _, _ = _audit(target)
    assert (summary["hands"], summary["files"]) == (10, 3)
    records, _ = _parsed(target)
    assert {record["source"]["path"] for record in records} == {  # type: ignore[index]
        f"{target}!/ok/t1.txt",
        f"{target}!/../up/t2.txt",
        f"{target}!//abs/t3.txt",
    }


def test_every_member_not_read_is_named_with_its_reason(tmp_path: Path) -> None:
    """Hidden members, macOS's copies, links and devices in a tar: each named on stderr as skipped and
    counted in the summary, none left out silently."""
    target = tmp_path / "odd.tar"
    data = PLO.read_bytes()
    with tarfile.open(target, "w") as archive:
        info = tarfile.TarInfo("a/plo.txt")
        info.size = len(data)
        archive.addfile(info, io.BytesIO(data))
        for name, kind in (("a/sym.txt", tarfile.SYMTYPE), ("a/hard.txt", tarfile.LNKTYPE)):
            link = tarfile.TarInfo(name)
            link.type, link.linkname = kind, "a/plo.txt"
            archive.addfile(link)
        fifo = tarfile.TarInfo("a/pipe")
        fifo.type = tarfile.FIFOTYPE
        archive.addfile(fifo)
        for name in (".hidden/x.txt", "__MACOSX/a/._plo.txt"):
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    summary, _, notices = _audit(target)
    assert summary["hands"] == 40
    assert summary["skipped_files"] == {"skipped": 5}
    lines = sorted(line for line in notices.splitlines() if line.startswith("omaha-audit: "))
    assert lines == sorted(
        [
            f"omaha-audit: {target}!/a/sym.txt: a symbolic link inside the archive (not followed): skipped",
            f"omaha-audit: {target}!/a/hard.txt: a hard link inside the archive (its content is read under the "
            "name it links to): skipped",
            f"omaha-audit: {target}!/a/pipe: not a regular file (a device or a pipe) inside the archive: skipped",
            f"omaha-audit: {target}!/.hidden/x.txt: hidden inside the archive (a name starting with a dot): skipped",
            f"omaha-audit: {target}!/__MACOSX/a/._plo.txt: macOS metadata inside the archive (__MACOSX): skipped",
        ]
    )


def test_a_member_is_sent_to_a_worker_with_its_place(tmp_path: Path) -> None:
    """A member crosses processes (pickled, for --jobs) with its place and its shown name."""
    import pickle

    from omaha_audit.parse.archives import members

    target = tmp_path / "two.zip"
    with zipfile.ZipFile(target, "w") as archive, pytest.warns(UserWarning):
        archive.writestr("t.txt", "one\n")
        archive.writestr("t.txt", "two\n")
    first, second = members(target)
    assert first != second and len({first, second}) == 2
    copy = pickle.loads(pickle.dumps(second))
    assert copy == second and str(copy) == f"{target}!/t.txt#2"
    with copy.open() as stream:
        assert stream.read() == b"two\n"


def test_the_text_summary_counts_macos_copies_in_one_line(tmp_path: Path) -> None:
    target = tmp_path / "mac.zip"
    with zipfile.ZipFile(target, "w") as archive:
        archive.write(PLO, "a/plo.txt")
        for name in ("a", "b", "c"):
            archive.writestr(f"__MACOSX/a/._{name}.txt", "resource fork")
    result = CliRunner().invoke(app, ["audit", str(target), "--fail-on", "never"])
    notes = [line for line in result.stdout.splitlines() if line.startswith("note: ")]
    assert notes == ["note: 3 archive members of macOS metadata (__MACOSX) not read"]
    assert "files with no hand to audit: 3 (passed over 3)" in result.stdout


def test_a_member_with_an_empty_name_is_read(tmp_path: Path) -> None:
    """A zip entry whose name is empty (a NUL where its name starts): zipfile's is_dir() fails on it; it is
    a member like any other, shown as `x.zip!/`."""
    target = tmp_path / "empty.zip"
    with zipfile.ZipFile(target, "w") as archive:
        archive.writestr(zipfile.ZipInfo("\x00gone"), PLO.read_bytes())
    records, _ = _parsed(target)
    assert len(records) == 40
    assert {record["source"]["path"] for record in records} == {f"{target}!/"}  # type: ignore[index]


def test_parse_and_convert_name_the_members_they_do_not_read(tmp_path: Path) -> None:
    target = tmp_path / "some.zip"
    with zipfile.ZipFile(target, "w") as archive:
        archive.write(PLO, "plo.txt")
        archive.writestr("inner.zip", "x")
        archive.writestr(".hidden/x.txt", "x")
    expected = [
        f"omaha-audit: {target}!/inner.zip: an archive inside an archive is not read: skipped",
        f"omaha-audit: {target}!/.hidden/x.txt: hidden inside the archive (a name starting with a dot): skipped",
    ]
    for command in (["parse", str(target)], ["convert", str(target), "--to", "ohh", "-o", str(tmp_path / "out")]):
        result = CliRunner().invoke(app, command)
        assert [line for line in result.stderr.splitlines() if "skipped" in line] == expected, command
    only = tmp_path / "only.zip"
    with zipfile.ZipFile(only, "w") as archive:
        archive.writestr("inner.zip", "x")
    result = CliRunner().invoke(app, ["audit", str(only)])
    assert result.exit_code == 4  # (no hand in the input: the code every command gives it)
    assert result.stderr.strip() == (
        "omaha-audit: exit 4: no hand of any known room format in the inputs (only archive members that are not "
        f"read (1; the first: {only}!/inner.zip: an archive inside an archive is not read: skipped))"
    )


def test_a_tar_written_anew_at_the_same_path_is_read_anew(tmp_path: Path) -> None:
    """The tar kept open for its members is kept for the file as it was: another archive written at the same
    path later in the same process is opened again, not read through the old one."""
    from omaha_audit.rooms import hand_source

    target = tmp_path / "day.tar"
    hands = _hands(PLO.read_text(encoding="utf-8"))
    counts = []
    for kept in (hands[:3], hands[3:10]):
        data = "".join(kept).encode()
        with tarfile.open(target, "w") as archive:
            info = tarfile.TarInfo("t.txt")
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
        counts.append(len(list(hand_source().read_paths(expand_paths([target])))))
    assert counts == [3, 7]
