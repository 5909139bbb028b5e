"""Fuzzing the outputs (issue 36): every command that writes a file, pointed at every kind of thing a path can
name, and every command that prints, with standard output on a full disk or a reader that goes away.

A case is a command (OUTPUT_COMMANDS), a kind of target made where the command will write (TARGET_KINDS: a
new or existing file, a private or read-only one, links to a file, to nothing, to a folder, to themselves,
to a device or to /proc, a folder, a FIFO, a device, a socket, a folder that is missing or is a file) and a
umask. The command runs as the user runs it (`python -c ...main()`), in a scratch folder, and must:

- end without a traceback, with an exit code it documents: its own (0, 1, 4), 2 (a target refused, one
  `omaha-audit: error:` line or the command line's usage box), 3 (a write that failed, one such line);
- leave every link, folder, FIFO, device and socket that was there as it was (a link still a link to the
  same place: the file it leads to may be written);
- keep the mode of a file it replaced, give a file it made 0666 less the umask, and leave no temporary file
  or stage folder behind;
- with standard output on a full disk (/dev/full): exit 3 with one line; with standard output closed by its
  reader: end quietly, killed by SIGPIPE as a Unix tool is.
"""

from __future__ import annotations

import os
import signal
import socket
import stat
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from subprocess import CompletedProcess
from typing import IO, Any

MAIN = "from omaha_audit.cli.app import main; main()"
UMASKS = (0o022, 0o077, 0o002)

# command -> its arguments ({input}: a small hand history, {target}: the file it writes, {folder}: that
# file's folder) and the name it gives the target (None: the user names it: the case names it `out.file`)
OUTPUT_COMMANDS: dict[str, tuple[tuple[str, ...], str | None]] = {
    "audit --html": (("audit", "{input}", "--format", "json", "--html", "{target}"), None),
    "generate --output": (
        ("generate", "--hands", "4", "--seed", "1", "--output", "{target}", "--labels", "{input}.labels"),
        None,
    ),
    "generate --labels": (
        ("generate", "--hands", "4", "--seed", "1", "--output", "{input}.g", "--labels", "{target}"),
        None,
    ),
    "export csv": (("export", "{input}", "--to", "{folder}", "--format", "csv"), "hands.csv"),
    "export parquet": (("export", "{input}", "--to", "{folder}", "--layout", "files"), "hands.parquet"),
    "convert ohh": (("convert", "{input}", "--to", "ohh", "--output", "{folder}"), "input.ohh"),
}
# commands that print: with standard output on /dev/full, then read by a reader that goes away at once
PRINTING_COMMANDS: dict[str, tuple[str, ...]] = {
    "audit": ("audit", "{input}"),
    "audit jsonl": ("audit", "{input}", "--format", "jsonl"),
    "stats": ("stats", "{input}"),
    "parse": ("parse", "{input}"),
    "rules": ("rules",),
    "--version": ("--version",),
}
SUCCESS = (0, 1, 4)  # each command's own codes (findings, hands not fully read)


def _file(target: Path, mode: int) -> None:
    target.write_text("old\n", encoding="utf-8")
    target.chmod(mode)


def _link(target: Path, to: str | Path) -> None:
    target.symlink_to(to)


def _real(target: Path) -> Path:
    """A folder beside the case's output folder, with a file in it, for links to lead to."""
    real = target.parent.parent / "real"
    real.mkdir(exist_ok=True)
    if not (real / "file").exists():
        _file(real / "file", 0o640)
    return real


def _chain(target: Path) -> None:
    middle = target.parent.parent / "middle"
    middle.symlink_to(_real(target) / "file")
    target.symlink_to(middle)


def _device(target: Path) -> None:
    """A copy of /dev/full where we may make one (root), else a link to it."""
    try:
        os.mknod(target, 0o666 | stat.S_IFCHR, os.makedev(1, 7))
    except (OSError, AttributeError):
        target.symlink_to("/dev/full")


def _socket(target: Path) -> None:
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(target))  # (the node stays when the socket is closed)


TARGET_KINDS: dict[str, Callable[[Path], None]] = {
    "new": lambda target: None,
    "regular": lambda target: _file(target, 0o644),
    "private": lambda target: _file(target, 0o600),
    "read-only": lambda target: _file(target, 0o444),
    "link": lambda target: _link(target, Path("..") / _real(target).name / "file"),
    "link chain": _chain,
    "dangling link": lambda target: _link(target, _real(target) / "absent"),
    "link loop": lambda target: _link(target, target.name),
    "link to a folder": lambda target: _link(target, _real(target)),
    "folder": lambda target: target.mkdir(),
    "missing folder": lambda target: None,  # (made by the placement: the target's folder is not there)
    "folder is a file": lambda target: None,  # (likewise: the target's folder is a file)
    "fifo": lambda target: os.mkfifo(target),
    "device": _device,
    "link to /dev/full": lambda target: _link(target, "/dev/full"),
    "link to /proc/self/fd/1": lambda target: _link(target, "/proc/self/fd/1"),
    "link to /dev/stdout": lambda target: _link(target, "/dev/stdout"),
    "socket": _socket,
    "long name": lambda target: None,  # (the user's name for the file: 250 characters)
}


@dataclass
class OutputOutcome:
    """What an output fuzz run found: counts, and the first cases of each kind of failure."""

    cases: int = 0
    refused: int = 0  # exit 2: a target the tool does not replace
    failed_writes: int = 0  # exit 3
    tracebacks: int = 0
    unclear_exits: int = 0  # an exit code or a stderr the command does not document
    replaced: int = 0  # a link, folder, FIFO, device or socket that did not stay as it was
    wrong_modes: int = 0
    leftovers: int = 0  # a temporary file or stage folder left behind
    examples: dict[str, list[str]] = field(default_factory=dict)

    def failed(self) -> bool:
        return bool(self.tracebacks or self.unclear_exits or self.replaced or self.wrong_modes or self.leftovers)

    def note(self, kind: str, text: str) -> None:
        kept = self.examples.setdefault(kind, [])
        if len(kept) < 3:
            kept.append(text)

    def report(self) -> str:
        return (
            f"cases {self.cases:,} (refused {self.refused:,}, writes failed {self.failed_writes:,}); tracebacks "
            f"{self.tracebacks}, unclear exits {self.unclear_exits}, non-files replaced {self.replaced}, wrong "
            f"modes {self.wrong_modes}, leftovers {self.leftovers}"
        )


def all_cases() -> Iterator[tuple[str, str, int]]:
    """Every (command, target kind, umask) of the long run."""
    for command in OUTPUT_COMMANDS:
        for kind in TARGET_KINDS:
            for mask in UMASKS:
                yield command, kind, mask


def small_cases() -> list[tuple[str, str, int]]:
    """CI's size: every kind once, the commands and umasks taken in turn."""
    commands, kinds = list(OUTPUT_COMMANDS), list(TARGET_KINDS)
    return [(commands[n % len(commands)], kind, UMASKS[n % len(UMASKS)]) for n, kind in enumerate(kinds)]


def hand_history(folder: Path) -> Path:
    """A small hand history to read (generated: some hands with a dealer error)."""
    from omaha_audit.generate import GenerateConfig, generate

    path = folder / "input.txt"
    with path.open("w", encoding="utf-8") as text, (folder / "input.labels").open("w", encoding="utf-8") as labels:
        generate(GenerateConfig(hands=6, seed=36, fault_rate=0.5), text, labels)
    return path


def check_output_case(command: str, kind: str, mask: int, scratch: Path, outcome: OutputOutcome) -> None:
    """Run one case in a fresh folder under `scratch` and count what went wrong."""
    case = Path(tempfile.mkdtemp(prefix="case-", dir=scratch))
    (case / "out").mkdir()
    source = hand_history(case)
    arguments, name = OUTPUT_COMMANDS[command]
    folder = case / "out"
    if kind == "missing folder":
        folder = case / "missing" / "deeper"
    elif kind == "folder is a file":
        _file(case / "a-file", 0o644)
        folder = case / "a-file"
    target = folder / (name or ("x" * 250 if kind == "long name" else "out.file"))
    try:
        TARGET_KINDS[kind](target)
    except OSError:  # (a socket's path too long for one: the case is not tried)
        return
    outcome.cases += 1
    before = _snapshot(case)
    args = [part.format(input=source, target=target, folder=folder) for part in arguments]
    done = _run(args, mask, case)
    where = f"{command} onto {kind} (umask {mask:03o}): exit {done.returncode}\n{done.stderr[-1500:]}"
    if "Traceback" in done.stderr:
        outcome.tracebacks += 1
        outcome.note("traceback", where)
    elif not _documented(done.returncode, done.stderr):
        outcome.unclear_exits += 1
        outcome.note("unclear exit", where)
    outcome.refused += done.returncode == 2
    outcome.failed_writes += done.returncode == 3
    after = _snapshot(case)
    changed = [path for path, was in before.items() if was[0] != "file" and after.get(path) != was]
    if changed:
        outcome.replaced += 1
        outcome.note("replaced", f"{where}\n{changed}")
    for path, (now, identity) in after.items():
        if path.name.endswith(".tmp") or path.name.startswith(".omaha-audit-stage-"):
            outcome.leftovers += 1
            outcome.note("leftover", f"{where}\n{path}")
        elif now == "file" and (path not in before or before[path][0] == "file"):
            wanted = before[path][1][1] if path in before else 0o666 & ~mask  # (a replaced file keeps its mode)
            if identity[1] != wanted:
                outcome.wrong_modes += 1
                outcome.note("mode", f"{where}\n{path}: {identity[1]:o}, not {wanted:o}")


def check_printing(command: str, scratch: Path, outcome: OutputOutcome) -> None:
    """One printing command with standard output on /dev/full (exit 3, one line), then with a reader that
    goes away at once (killed by SIGPIPE, nothing on stderr)."""
    case = Path(tempfile.mkdtemp(prefix="print-", dir=scratch))
    args = [part.format(input=hand_history(case)) for part in PRINTING_COMMANDS[command]]
    if os.path.exists("/dev/full"):
        outcome.cases += 1
        with open("/dev/full", "w", encoding="utf-8") as full:
            done = _run(args, 0o022, case, full)
        line = done.stderr.strip().splitlines()[-1:] or [""]
        if "Traceback" in done.stderr or done.returncode != 3 or not line[0].startswith("omaha-audit: error:"):
            outcome.unclear_exits += 1
            outcome.note("full disk", f"{command}: exit {done.returncode}\n{done.stderr[-1500:]}")
        outcome.failed_writes += done.returncode == 3
    if hasattr(signal, "SIGPIPE"):
        outcome.cases += 1
        process = subprocess.Popen(
            [sys.executable, "-c", MAIN, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=case
        )
        assert process.stdout is not None and process.stderr is not None
        process.stdout.close()  # (the reader goes away before the first line)
        err = process.stderr.read().decode("utf-8", "replace")
        process.wait(timeout=600)
        quiet = process.returncode == -signal.SIGPIPE and not err.strip().startswith("omaha-audit: error")
        if "Traceback" in err or not quiet:
            outcome.unclear_exits += 1
            outcome.note("closed pipe", f"{command}: exit {process.returncode}\n{err[-1500:]}")


def _run(args: list[str], mask: int, case: Path, stdout: int | IO[Any] = subprocess.DEVNULL) -> CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", MAIN, *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        cwd=case,
        umask=mask,
        timeout=600,
    )


def _documented(code: int, err: str) -> bool:
    last = (err.strip().splitlines() or [""])[-1]
    if code in SUCCESS:
        return True
    if code == 2:
        return last.startswith("omaha-audit: error:") or "Usage:" in err
    return code == 3 and last.startswith("omaha-audit: error:")


def _snapshot(case: Path) -> dict[Path, tuple[str, tuple[int, ...]]]:
    """Every name under `case` (links not followed): its kind and what must stay the same (a link's text,
    a device's number, a node's inode; a file's inode and mode)."""
    found: dict[Path, tuple[str, tuple[int, ...]]] = {}
    for root, folders, files in os.walk(case):
        for name in folders + files:
            path = Path(root) / name
            info = os.lstat(path)
            mode = info.st_mode
            if stat.S_ISLNK(mode):
                found[path] = ("link", tuple(os.readlink(path).encode("utf-8", "surrogateescape")))
            elif stat.S_ISREG(mode):
                found[path] = ("file", (info.st_ino, stat.S_IMODE(mode)))
            elif stat.S_ISDIR(mode):
                found[path] = ("folder", (info.st_ino,))
            else:
                found[path] = ("node", (info.st_ino, info.st_rdev, stat.S_IFMT(mode)))
    return found


def run_outputs(scratch: Path, cases: list[tuple[str, str, int]], printing: bool = True) -> OutputOutcome:
    """The output cases, then (with `printing`) every printing command on a full disk and a closed pipe."""
    outcome = OutputOutcome()
    for command, kind, mask in cases:
        check_output_case(command, kind, mask, scratch, outcome)
    if printing:
        for command in PRINTING_COMMANDS:
            check_printing(command, scratch, outcome)
    return outcome
