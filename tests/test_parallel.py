"""The audit on several processes (`--jobs 2`) and on a Dask cluster (a two-worker LocalCluster) gives the
same results as one process, byte for byte: findings, tallies, text, statistics and Parquet tables, on a
mixed input of several rooms, archives, identical copies across files and tables whose hands are spread over
files (the rules across hands judge them together). And a run whose worker is killed either completes
correctly (Dask runs the unit again) or fails cleanly, leaving no output file. Issue 17."""

from __future__ import annotations

import contextlib
import gc
import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from omaha_audit.cli.app import app
from omaha_audit.generate import GenerateConfig, generate
from omaha_audit.model import Game, Structure
from omaha_audit.run import parallel

SAMPLES = Path(__file__).resolve().parents[1] / "sample_histories"
CORPUS = Path(os.environ.get("OMAHA_AUDIT_CORPUS", Path(__file__).resolve().parents[2] / "shared" / "corpus"))
MAIN = "from omaha_audit.cli.app import main; main()"
# A few rooms of the corpus, when it is here: their formats, XML among them, through the workers
CORPUS_ROOMS = ("GGPoker", "iPoker", "PartyPoker", "888poker", "Winamax")
CORPUS_FILES = 4  # files of each


def _hands(tmp: Path, name: str, config: GenerateConfig) -> list[str]:
    """The generated hands of `config`, one text block each."""
    path = tmp / name
    with path.open("w", encoding="utf-8") as text, io.StringIO() as labels:
        generate(config, text, labels)
    blocks = path.read_text(encoding="utf-8").split("\n\n\n")
    path.unlink()
    return [block.strip("\n") + "\n" for block in blocks if block.strip()]


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """sessions-a.txt and sessions-b.txt: the two halves of table sessions with continuity faults (a
    table's hands in both files); a zip holding a sample file and a folder; the same sample file loose
    (its hands are copies of the zip's); and some corpus rooms."""
    root = tmp_path_factory.mktemp("mixed")
    config = GenerateConfig(hands=600, seed=11, sessions=True, tables=3, fault_rate=0.08, games=(Game.OMAHA,))
    sessions = _hands(root, "sessions.txt", config)
    half = len(sessions) // 2
    (root / "sessions-a.txt").write_text("\n\n".join(sessions[:half]), encoding="utf-8")
    (root / "sessions-b.txt").write_text("\n\n".join(sessions[half:]), encoding="utf-8")
    faulty = GenerateConfig(hands=300, seed=3, fault_rate=0.3, structures=(Structure.POT_LIMIT,))
    with zipfile.ZipFile(root / "day.zip", "w", zipfile.ZIP_DEFLATED) as archive:
        archive.write(SAMPLES / "omaha-hi-lo-pot-limit.txt", "day/omaha-hi-lo-pot-limit.txt")
        archive.writestr("day/deep/faulty.txt", "\n\n".join(_hands(root, "faulty.txt", faulty)))
        archive.writestr("day/notes.txt", "not a hand history\n")
    (root / "loose-copy.txt").write_bytes((SAMPLES / "omaha-hi-lo-pot-limit.txt").read_bytes())
    corpus = root / "corpus"
    corpus.mkdir()
    if CORPUS.is_dir():
        for room in CORPUS_ROOMS:  # (the first files of each: the suite's time, on every run of it)
            (corpus / room).mkdir()
            found = sorted(p for p in (CORPUS / room).rglob("*") if p.suffix in (".txt", ".xml") and p.is_file())
            for index, path in enumerate(found[:CORPUS_FILES]):
                (corpus / room / f"{index}-{path.name}").symlink_to(path)
    return root


def _run(args: list[str]) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, args)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed", reason="Dask distributed is in the test extra")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as local:
        yield local


RUNS = {"jobs 2": ["--jobs", "2"], "dask": ["--scheduler", "{cluster}"]}
# (the Dask runs are slow ones, run in full by CI: starting the cluster and its workers costs more than the
# audits; `--jobs 2` runs in the README's test command too)
RUN_PARAMS = [pytest.param(run, marks=pytest.mark.slow) if run == "dask" else run for run in sorted(RUNS)]


@pytest.fixture
def extra(request: pytest.FixtureRequest, run: str) -> list[str]:
    """The options that run the command on `run`'s workers (the cluster started for the Dask runs only)."""
    address = request.getfixturevalue("cluster").scheduler_address if run == "dask" else ""
    return [part.format(cluster=address) for part in RUNS[run]]


@pytest.fixture(autouse=True)
def small_table_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The workers judge the rules across hands in chunks of whole tables: small ones here, so that the
    mixed input's tables are spread over many chunks and a chunk holds several tables."""
    monkeypatch.setattr(parallel, "TABLE_CHUNK", 60)


@pytest.mark.parametrize("run", RUN_PARAMS)
@pytest.mark.parametrize(
    "command",
    [
        ["audit", "-f", "json"],  # (the fast tests: this one; the suite's whole run, all)
        *(
            pytest.param(command, marks=pytest.mark.slow, id=" ".join(command))
            for command in (
                ["audit", "-f", "jsonl", "--show-info"],
                ["audit", "-f", "json", "--room-preset", "generic", "--ignore", "OA5"],
                ["audit", "-f", "text", "--show-info"],
                ["stats", "--by", "player", "-f", "csv"],
                ["stats", "--by", "table", "-f", "json"],
            )
        ),
    ],
    ids=lambda command: " ".join(command),
)
def test_same_output_as_one_process(mixed: Path, run: str, extra: list[str], command: list[str]) -> None:
    inputs = [str(mixed)]
    one = _run([*command, *inputs])
    many = _run([*command, *inputs, *extra])
    assert many == one
    if command[0] == "audit" and command[2] == "json":
        summary = json.loads(one[1])["summary"]
        assert summary["copies"] >= 40  # (the loose file's hands, read in the zip first: copies across units)
        # the rules across hands found the sessions' faults, on tables whose hands are in both files
        assert any(code.startswith("OA7") for code in summary["by_code"]), summary["by_code"]


@pytest.mark.slow
@pytest.mark.parametrize("run", RUN_PARAMS)
def test_the_workers_open_urls_themselves(mixed: Path, run: str, extra: list[str], tmp_path: Path) -> None:
    """A `file://` URL of (a copy of) the mixed folder, through fsspec: the workers are given the URLs and
    open them, with the same output as one process, which is the local folder's with the URL for the path.
    (A copy: fsspec's local file system does not follow the links to the corpus rooms that `mixed` holds.)"""
    pytest.importorskip("fsspec", reason="fsspec comes with the dask extra")
    folder = tmp_path / "mixed"
    shutil.copytree(mixed, folder, symlinks=False)
    url = f"file://{folder}"
    one = _run(["audit", "-f", "json", url])
    assert _run(["audit", "-f", "json", url, *extra]) == one
    local = _run(["audit", "-f", "json", str(folder)])
    assert one[0] == local[0] and one[1] == local[1].replace(str(folder), url)
    assert (
        json.loads(one[1])["summary"]["files"]
        == json.loads(_run(["audit", "-f", "json", str(mixed)])[1])["summary"]["files"]
    )


@pytest.mark.slow
@pytest.mark.parametrize("run", RUN_PARAMS)
def test_same_parquet_tables_as_one_process(mixed: Path, run: str, extra: list[str], tmp_path: Path) -> None:
    code_one, _, err_one = _run(["export", str(mixed), "--to", str(tmp_path / "one")])
    code_many, _, err_many = _run(["export", str(mixed), "--to", str(tmp_path / "many"), *extra])
    assert code_one == code_many == 0
    assert err_many.replace("/many/", "/one/") == err_one
    one = sorted(path.relative_to(tmp_path / "one") for path in (tmp_path / "one").rglob("*.parquet"))
    assert one == sorted(path.relative_to(tmp_path / "many") for path in (tmp_path / "many").rglob("*.parquet"))
    assert {path.parts[0] for path in one} == {"hands", "players", "actions", "pots", "findings", "tables"}
    assert len(one) > 6  # (partitioned by room and day)
    for name in one:
        assert (tmp_path / "many" / name).read_bytes() == (tmp_path / "one" / name).read_bytes(), name


@pytest.mark.slow
@pytest.mark.parametrize("run", RUN_PARAMS)
def test_the_workers_write_the_dataset(
    mixed: Path, run: str, extra: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every row of the dataset is written by the workers: with polars' writers refused in this process
    (the main process), the run writes the same dataset as one process does."""
    import polars as pl

    assert _run(["export", str(mixed), "--to", str(tmp_path / "one")])[0] == 0

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("the main process wrote a table")

    for kind, method in ((pl.DataFrame, "write_parquet"), (pl.LazyFrame, "sink_parquet"), (pl.DataFrame, "write_ipc")):
        monkeypatch.setattr(kind, method, refused)
    code, _, err = _run(["export", str(mixed), "--to", str(tmp_path / "many"), *extra])
    assert code == 0, err[-2000:]
    monkeypatch.undo()
    one = sorted(path.relative_to(tmp_path / "one") for path in (tmp_path / "one").rglob("*.parquet"))
    assert one == sorted(path.relative_to(tmp_path / "many") for path in (tmp_path / "many").rglob("*.parquet"))
    for name in one:
        assert (tmp_path / "many" / name).read_bytes() == (tmp_path / "one" / name).read_bytes(), name
    assert not [path for path in (tmp_path / "many").rglob("*") if path.name.startswith(".")]  # (stage removed)


@pytest.fixture(scope="module")
def one_big_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One file of table sessions with continuity faults (several tables, their hands interleaved), the sample
    files' hands (every game) after them, and the sessions' first hands again (copies in the same file)."""
    root = tmp_path_factory.mktemp("big")
    config = GenerateConfig(hands=500, seed=23, sessions=True, tables=4, fault_rate=0.08, games=(Game.OMAHA,))
    sessions = _hands(root, "sessions.txt", config)
    samples = [(SAMPLES / name).read_text(encoding="utf-8") for name in ("omaha-pot-limit.txt", "mixed-games.txt")]
    path = root / "big.txt"
    path.write_text("\n\n".join([*sessions, *samples, *sessions[:20]]), encoding="utf-8")
    return path


@pytest.mark.parametrize("run", RUN_PARAMS)
@pytest.mark.parametrize(
    "command",
    [["audit", "-f", "json"], ["audit", "-f", "text", "--show-info"], ["stats", "--by", "table", "-f", "json"]],
    ids=lambda command: " ".join(command),
)
def test_one_file_in_pieces_same_output_as_one_process(
    one_big_file: Path, run: str, extra: list[str], command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One file cut into pieces of 3,000 bytes (about two hands each; omaha_audit/parse/chunks.py), read by
    the workers: the output of one process, byte for byte, the rules across hands and the copies included;
    and the HTML report the same. Issue 38, item 4."""
    monkeypatch.setenv("OMAHA_AUDIT_CHUNK_BYTES", "3000")
    from omaha_audit.parse import chunks

    calls: list[object] = []
    original = chunks.units_of

    def units_of(*args: object, **named: object) -> Iterator[tuple[object, object, object]]:
        for file, unit, plan in original(*args, **named):  # type: ignore[arg-type]
            calls.append(unit)
            yield file, unit, plan

    monkeypatch.setattr(chunks, "units_of", units_of)
    html = ["--html", str(tmp_path / "{}.html")] if command[0] == "audit" else []
    one = _run([*command, str(one_big_file), *(part.format("one") for part in html)])
    many = _run([*command, str(one_big_file), *(part.format("many") for part in html), *extra])
    assert many[:2] == one[:2]
    if command[0] == "audit":
        assert many[2].replace("many.html", "one.html") == one[2]
        page = _WRITTEN.sub("Written", (tmp_path / "one.html").read_text(encoding="utf-8"))
        assert _WRITTEN.sub("Written", (tmp_path / "many.html").read_text(encoding="utf-8")) == page
    if command[2] == "json" and command[0] == "audit":
        summary = json.loads(one[1])["summary"]
        assert summary["copies"] == 20 and any(code.startswith("OA7") for code in summary["by_code"])
        assert len({finding["line"] for finding in json.loads(one[1])["findings"]}) > 20
    assert len(calls) > 100 and {str(unit) for unit in calls} == {str(one_big_file)}


def test_one_file_found_unsafe_after_its_first_pieces_same_output(
    one_big_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A lone CR in the second half of a big file: the first pieces were handed out before the plan read so
    far, their results are dropped and the file is read whole; the output of one process, byte for byte."""
    from omaha_audit.parse import chunks

    monkeypatch.setenv("OMAHA_AUDIT_CHUNK_BYTES", "3000")
    monkeypatch.setattr(chunks, "_READ_BYTES", 16384)
    data = one_big_file.read_bytes()
    middle = data.index(b"\n", len(data) // 2) + 1
    path = tmp_path / "late-cr.txt"
    path.write_bytes(data[:middle] + b"a note\r" + data[middle:])
    given: list[tuple[object, object]] = []
    original = chunks.units_of

    def units_of(*args: object, **named: object) -> Iterator[tuple[object, object, object]]:
        for file, unit, plan in original(*args, **named):  # type: ignore[arg-type]
            given.append((unit, plan))
            yield file, unit, plan

    monkeypatch.setattr(chunks, "units_of", units_of)
    one = _run(["audit", "-f", "json", str(path)])
    many = _run(["audit", "-f", "json", str(path), "--jobs", "2"])
    assert many == one and one[0] == 1
    assert [unit for unit, _ in given][-1] == path and len(given) == 3
    assert all(plan is not None and plan.pieces() is None for _, plan in given[:2])  # type: ignore[attr-defined]


def test_the_collector_paused_only_while_the_units_are_taken_in(one_big_file: Path) -> None:
    """The main process pauses the cyclic garbage collector while it takes the units in (what it builds holds
    no cycles: run/parallel.py), and turns it back on after; a worker, forked with it paused, turns it on."""
    assert gc.isenabled()
    assert _run(["audit", "-f", "json", str(one_big_file), "--jobs", "2"])[0] == 1
    assert gc.isenabled()
    code = (
        "import gc; gc.disable(); from omaha_audit.run.parallel import _quiet_worker; _quiet_worker(); "
        "print(gc.isenabled())"
    )
    done = subprocess.run([sys.executable, "-P", "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "True", done.stderr


def test_usage_errors_before_any_work(mixed: Path, tmp_path: Path) -> None:
    assert _run(["audit", str(mixed), "--jobs", "-1"])[0] == 2
    assert _run(["audit", str(mixed), "--jobs", "2", "--scheduler", "tcp://127.0.0.1:1"])[0] == 2
    code, _, err = _run(["audit", str(mixed), "--jobs", "2", "--html", str(tmp_path / "no" / "such" / "r.html")])
    assert code == 2 and "--html" in err
    assert not (tmp_path / "no").exists()


_WRITTEN = re.compile(r"Written \d{4}-\d\d-\d\d \d\d:\d\d by omaha-audit")


@pytest.mark.slow
@pytest.mark.parametrize("run", RUN_PARAMS)
def test_same_html_report_as_one_process(mixed: Path, run: str, extra: list[str], tmp_path: Path) -> None:
    """The report's statistics come from the workers' tables and its hand views are rendered there: the
    page is the same, but for the minute it was written."""
    one = _run(["audit", str(mixed), "-f", "json", "--html", str(tmp_path / "one.html")])
    many = _run(["audit", str(mixed), "-f", "json", "--html", str(tmp_path / "many.html"), *extra])
    assert many[:2] == one[:2]
    assert many[2].replace("many.html", "one.html") == one[2]
    page = _WRITTEN.sub("Written", (tmp_path / "one.html").read_text(encoding="utf-8"))
    assert page.count("<#>\n") >= 20, "the report holds hand views (drawn when opened)"
    assert _WRITTEN.sub("Written", (tmp_path / "many.html").read_text(encoding="utf-8")) == page


@pytest.mark.slow
def test_an_unreachable_scheduler_fails_cleanly(mixed: Path) -> None:
    pytest.importorskip("distributed")
    done = subprocess.run(
        [sys.executable, "-c", MAIN, "audit", str(mixed), "--scheduler", "tcp://127.0.0.1:9"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 3, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in done.stderr


# ---- --scheduler addresses (issue 36, S11) -------------------------------------------------------------

BAD_ADDRESSES = [
    "bogus",
    "",
    "inproc://x",
    "ucx://127.0.0.1:9",
    "tcp://[::1",
    "tcp://h:99999",
    "tcp://a b:1",
    "\x1b]0;x\x07:1",
]
SCHEDULER_COMMANDS = {
    "audit": ["audit", "{paths}", "-f", "json"],
    "stats": ["stats", "{paths}", "-f", "csv"],
    "export": ["export", "{paths}", "--to", "{out}"],
}


@pytest.mark.parametrize("command", sorted(SCHEDULER_COMMANDS))
@pytest.mark.parametrize("address", BAD_ADDRESSES)
def test_a_malformed_scheduler_address_is_a_usage_error(command: str, address: str, tmp_path: Path) -> None:
    """Before Dask is loaded: one line that says what is wrong, exit 2 (Dask raised a ValueError or a
    TypeError of its own, which ended in a traceback and exit 1, the code of a finding)."""
    sample = SAMPLES / "omaha-pot-limit.txt"
    args = [part.format(paths=sample, out=tmp_path / "out") for part in SCHEDULER_COMMANDS[command]]
    code, _, err = _run([*args, "--scheduler", address])
    assert code == 2, err
    assert len(err.splitlines()) == 1 and err.startswith("omaha-audit: error: --scheduler "), err
    assert "\x1b" not in err and "\x07" not in err
    assert not (tmp_path / "out").exists()


def test_tls_without_dasks_tls_settings_is_a_usage_error() -> None:
    """tls:// takes the client's certificate from Dask's configuration; without it Dask raised a TypeError."""
    pytest.importorskip("distributed")
    import dask

    unset = {"distributed.comm.tls.ca-file": None, "distributed.comm.tls.client.cert": None}
    with dask.config.set(unset):
        code, _, err = _run(["audit", str(SAMPLES / "omaha-pot-limit.txt"), "--scheduler", "tls://127.0.0.1:9"])
    assert code == 2, err
    assert "tls:// needs Dask's TLS settings" in err and len(err.splitlines()) == 1


def test_a_server_that_is_not_a_scheduler_fails_cleanly() -> None:
    """A well-formed address where something else answers (here the bytes of an HTTP error page): Dask read
    a frame length from them and raised a MemoryError; now it is "cannot reach", exit 3."""
    pytest.importorskip("distributed")
    import socket
    import threading

    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]

    def answer() -> None:
        with contextlib.suppress(OSError):
            while True:
                connection, _ = server.accept()
                with connection:
                    connection.sendall(b"HTTP/1.0 400 Bad Request\r\n\r\n" * 20)

    threading.Thread(target=answer, daemon=True).start()
    try:
        address = f"tcp://127.0.0.1:{port}"
        done = subprocess.run(
            [sys.executable, "-c", MAIN, "audit", str(SAMPLES / "omaha-pot-limit.txt"), "--scheduler", address],
            capture_output=True,
            text=True,
            timeout=120,
        )
    finally:
        server.close()
    assert done.returncode == 3, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith(f"omaha-audit: error: cannot reach the Dask scheduler at {address}: ")
    assert len(done.stderr.splitlines()) == 1


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("openssl") is None, reason="makes its certificate with openssl")
def test_a_tls_scheduler(mixed: Path, tmp_path: Path) -> None:
    """tls:// with Dask's TLS settings for the client (here from the environment): the same output as one
    process, on a two-worker LocalCluster that speaks TLS only."""
    distributed = pytest.importorskip("distributed")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=omaha-audit-test",
         "-keyout", str(key), "-out", str(cert)],
        check=True,
        capture_output=True,
    )  # fmt: skip
    roles = ("client", "scheduler", "worker")
    pem = {f"tls_{role}_{kind}": str(path) for role in roles for kind, path in (("cert", cert), ("key", key))}
    security = distributed.security.Security(tls_ca_file=str(cert), require_encryption=True, **pem)
    env = {
        **os.environ,
        "DASK_DISTRIBUTED__COMM__TLS__CA_FILE": str(cert),
        "DASK_DISTRIBUTED__COMM__TLS__CLIENT__CERT": str(cert),
        "DASK_DISTRIBUTED__COMM__TLS__CLIENT__KEY": str(key),
    }
    one = subprocess.run(
        [sys.executable, "-c", MAIN, "audit", str(mixed), "-f", "json"], capture_output=True, text=True
    )
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, protocol="tls://", security=security, dashboard_address=":0"
    ) as local:
        assert local.scheduler_address.startswith("tls://")
        arguments = ["audit", str(mixed), "-f", "json", "--scheduler", local.scheduler_address]
        many = subprocess.run([sys.executable, "-c", MAIN, *arguments], capture_output=True, text=True, env=env)
    assert (many.returncode, many.stdout) == (one.returncode, one.stdout), many.stderr[-2000:]


# ---- a worker killed mid-run ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def many_files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """40 files of 250 hands: long enough to kill a worker in the middle."""
    root = tmp_path_factory.mktemp("many")
    hands = _hands(root, "all.txt", GenerateConfig(hands=10_000, seed=21, fault_rate=0.05))
    for index in range(40):
        (root / f"t{index:02d}.txt").write_text("\n\n".join(hands[index * 250 : (index + 1) * 250]), encoding="utf-8")
    return root


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(child) for child in text.split()]


def _workers(pid: int) -> list[int]:
    """The pool's worker processes of `pid` (not multiprocessing's resource tracker), spawned or forked."""
    found = []
    for child in _children(pid):
        try:
            command = Path(f"/proc/{child}/cmdline").read_bytes()
        except OSError:
            continue
        if b"resource_tracker" not in command:
            found.append(child)
    return found


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="finds the workers through /proc (Linux)")
def test_a_killed_worker_fails_the_run_cleanly_and_writes_nothing(many_files: Path, tmp_path: Path) -> None:
    landed = 0
    for delay in (0.0, 0.3, 0.8, 1.5):
        out = tmp_path / f"tables-{delay}"
        process = subprocess.Popen(
            [sys.executable, "-c", MAIN, "export", str(many_files), "--to", str(out), "--jobs", "2"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        deadline = time.monotonic() + 120
        workers: list[int] = []
        while time.monotonic() < deadline and len(workers) < 2 and process.poll() is None:
            time.sleep(0.05)
            workers = _workers(process.pid)
        time.sleep(delay)
        if not workers or process.poll() is not None:
            process.communicate(timeout=300)
            continue  # (done before the kill: try sooner is impossible, so try the next delay)
        os.kill(workers[0], signal.SIGKILL)
        _, err = process.communicate(timeout=300)
        assert "Traceback" not in err, err[-3000:]
        if process.returncode == 0:  # (the worker had finished its last unit: the run is whole)
            assert len(list(out.iterdir())) == 6  # (a folder per table)
            continue
        assert process.returncode == 3, err[-2000:]
        assert "a worker process stopped (killed or out of memory); the run was abandoned" in err
        assert not out.exists() or not any(out.iterdir()), list(out.iterdir())
        landed += 1
        break
    assert landed, "every run ended before its worker could be killed"


@pytest.mark.slow
@pytest.mark.parametrize("command", ["audit", "export"])
def test_dask_runs_the_unit_of_a_killed_worker_again(many_files: Path, command: str, tmp_path: Path) -> None:
    """A Dask worker killed while it runs a unit: Dask runs the unit again elsewhere, and the output is the
    one-process run's (for an export, the dataset the workers write, file by file)."""
    distributed = pytest.importorskip("distributed")

    def arguments(name: str) -> list[str]:
        if command == "audit":
            return ["audit", str(many_files), "-f", "json"]
        return ["export", str(many_files), "--to", str(tmp_path / name)]

    one = subprocess.run([sys.executable, "-c", MAIN, *arguments("one")], capture_output=True, text=True, check=False)
    landed = 0
    for attempt in range(3):
        with distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as local:
            name = f"many-{attempt}"
            process = subprocess.Popen(
                [sys.executable, "-c", MAIN, *arguments(name), "--scheduler", local.scheduler_address],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            # the moment a worker is running a unit, while the run goes on: kill that worker (not after a
            # fixed delay: the compiled build can finish the whole run within a second or two)
            busy = None
            deadline = time.monotonic() + 120
            while busy is None and process.poll() is None and time.monotonic() < deadline:
                working = {address for address, state in local.scheduler.workers.items() if state.processing}
                busy = next((nanny for nanny in local.workers.values() if nanny.worker_address in working), None)
                time.sleep(0.01)
            running = busy is not None and process.poll() is None
            if running:
                os.kill(busy.process.pid, signal.SIGKILL)  # (its nanny starts another; its units run again)
            out, err = process.communicate(timeout=300)
        assert process.returncode == one.returncode, err[-2000:]
        if command == "audit":
            assert out == one.stdout
        else:
            ours = sorted(path.relative_to(tmp_path / name) for path in (tmp_path / name).rglob("*"))
            assert ours == sorted(path.relative_to(tmp_path / "one") for path in (tmp_path / "one").rglob("*"))
            for path in ours:
                if path.suffix == ".parquet":
                    assert (tmp_path / name / path).read_bytes() == (tmp_path / "one" / path).read_bytes(), path
        if running:
            landed += 1
            break
    assert landed, "every run ended before a worker could be killed"


def test_workers_are_forked_only_where_it_is_safe() -> None:
    """`--jobs` forks its workers on Linux while the main process holds no other thread and has not loaded
    polars (whose threads Python does not see), else spawns them."""
    script = (
        "import sys, threading, time\n"
        "from omaha_audit.run.parallel import start_method\n"
        "print(start_method())\n"
        "thread = threading.Thread(target=time.sleep, args=(0.5,)); thread.start()\n"
        "print(start_method()); thread.join()\n"
        "print(start_method())\n"
        "import polars\n"
        "print(start_method())\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    first = "fork" if sys.platform == "linux" else "spawn"
    assert done.stdout.split() == [first, "spawn", first, "spawn"]
