"""Measure the audit against generated hands with known labels: recall per fault kind, and every error or
warning finding on a hand that carries no fault (a false alarm), overall and per game and betting structure.

The hands are audited as `omaha-audit audit` audits a user's files: each hand by its room's preset, all rules
(tests/generate/test_generate_then_audit.py runs the two commands themselves). Used by
benchmarks/audit_accuracy.py (large runs) and tests/test_audit_accuracy.py (a CI-sized run).
"""

from __future__ import annotations

import json
import resource
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from omaha_audit.generate import GenerateConfig, generate
from omaha_audit.model import Hand
from omaha_audit.rules.base import Severity
from omaha_audit.run.pipeline import Auditor


@dataclass(slots=True)
class Accuracy:
    hands: int = 0
    faulty: Counter[str] = field(default_factory=Counter)  # hands per fault kind
    found: Counter[str] = field(default_factory=Counter)  # of those, flagged with an expected code
    missed: dict[str, list[str]] = field(default_factory=dict)  # fault -> a few hand ids
    clean: int = 0
    false_alarms: Counter[str] = field(default_factory=Counter)  # code -> findings on clean hands
    false_alarm_hands: dict[str, list[str]] = field(default_factory=dict)
    unreadable: int = 0
    reading: Counter[str] = field(default_factory=Counter)  # code -> reading findings (OA1xx, any severity)
    reading_hands: dict[str, list[str]] = field(default_factory=dict)
    # per game and betting structure ("omaha-hi-lo fixed-limit"): hands, faulty hands, those found, and clean
    # hands with an error or warning finding of their own (findings across hands are counted above only)
    games: dict[str, Counter[str]] = field(default_factory=dict)
    seconds_generate: float = 0.0
    seconds_audit: float = 0.0
    peak_rss_mb: float = 0.0

    def count(self, game: str, what: str) -> None:
        """One more hand of `what` (hands, faulty, found, alarmed) in `game` (game and structure)."""
        self.games.setdefault(game, Counter())[what] += 1

    def alarm(self, codes: set[str], hand_id: str) -> None:
        """Error or warning findings on a hand that carries no fault."""
        for code in sorted(codes):
            self.false_alarms[code] += 1
            self.false_alarm_hands.setdefault(code, []).append(hand_id)

    def read(self, codes: set[str], hand_id: str) -> None:
        """Reading findings (OA1xx, info included) on a generated hand: a line or a figure the reader did not
        read as the writer wrote it."""
        for code in sorted(codes):
            self.reading[code] += 1
            self.reading_hands.setdefault(code, []).append(hand_id)

    def recall(self, fault: str) -> float:
        return self.found[fault] / self.faulty[fault] if self.faulty[fault] else 1.0

    def perfect(self) -> bool:
        return all(self.found[f] == self.faulty[f] for f in self.faulty) and not self.false_alarms

    def report(self) -> str:
        rows = [f"{'fault':<36}{'hands':>8}{'found':>8}{'recall':>9}"]
        for fault in sorted(self.faulty):
            rows.append(f"{fault:<36}{self.faulty[fault]:>8}{self.found[fault]:>8}{self.recall(fault):>9.1%}")
        rows.append(f"clean hands: {self.clean}; error/warning findings on them: {sum(self.false_alarms.values())}")
        for code, count in sorted(self.false_alarms.items()):
            rows.append(f"  {code}: {count} (e.g. hands {', '.join(self.false_alarm_hands[code][:3])})")
        for fault, ids in sorted(self.missed.items()):
            rows.append(f"missed {fault}: e.g. hands {', '.join(ids[:3])}")
        if self.games:
            rows.append(f"{'game, structure':<36}{'hands':>8}{'faulty':>8}{'found':>8}{'alarmed':>9}")
        for game, counts in sorted(self.games.items()):
            rows.append(
                f"{game:<36}{counts['hands']:>8}{counts['faulty']:>8}{counts['found']:>8}{counts['alarmed']:>9}"
            )
        if self.unreadable:
            rows.append(f"unreadable generated hands: {self.unreadable}")
        for code, count in sorted(self.reading.items()):
            rows.append(
                f"reading finding {code} (any severity): {count} (e.g. hands {', '.join(self.reading_hands[code][:3])})"
            )
        return "\n".join(rows)


def _labels(path: Path) -> Iterator[dict[str, object]]:
    with path.open(encoding="utf-8") as stream:
        for line in stream:
            yield json.loads(line)


def measure(workdir: Path, config: GenerateConfig, accuracy: Accuracy | None = None) -> Accuracy:
    """Generate `config` into `workdir`, audit it, and add the outcome to `accuracy`. Findings across hands
    (`Auditor.across`, known once every hand is read) count for the hand they name: its number, file and a
    line from its first line on (two records of one number, OA706, are told apart by their lines)."""
    result = accuracy or Accuracy()
    text, labels = workdir / f"gen-{config.seed}.txt", workdir / f"gen-{config.seed}.labels.jsonl"
    start = time.process_time()
    with text.open("w", encoding="utf-8", newline="") as out_text, labels.open("w", encoding="utf-8") as out_labels:
        generate(config, out_text, out_labels)
    result.seconds_generate += time.process_time() - start
    pending = _labels(labels)  # labels are written in hand order: read them alongside, not into memory
    auditor = Auditor(keep_text=False)  # each hand's room preset, as `omaha-audit audit` applies it
    faulty: dict[tuple[str, str], list[_Faulty]] = {}  # (path, hand id) -> its faulty records, by first line
    start = time.process_time()
    for audited in auditor.audit_files([text]):
        item = audited.item
        if not isinstance(item, Hand):
            result.unreadable += 1
            continue
        if audited.copy:
            continue  # an identical copy of a hand read before: not audited (the generator writes none)
        result.hands += 1
        game = f"{item.game.value} {item.structure.value}"
        result.count(game, "hands")
        label = next(pending)
        while str(label["hand_id"]) != item.hand_id:
            label = next(pending)
        loud = {f.code for f in audited.findings if f.severity.rank >= Severity.WARNING.rank}
        result.read({f.code for f in audited.findings if f.code.startswith("OA1")}, item.hand_id)
        fault = label["fault"]
        if fault is None:
            result.clean += 1
            result.alarm(loud, item.hand_id)
            if loud:
                result.count(game, "alarmed")
            continue
        codes = frozenset(str(code) for code in label["expected_codes"])  # type: ignore[attr-defined]
        record = _Faulty(item.source.line, str(fault), codes, bool(loud & codes), game)
        faulty.setdefault((item.source.path, item.hand_id), []).append(record)
    alarmed: set[tuple[str, str, str]] = set()  # (path, hand, code): a clean hand counts once per code
    for finding in auditor.across:
        if finding.severity.rank < Severity.WARNING.rank:
            continue
        hand_id = finding.hand_id or ""
        named = _named(faulty.get((finding.path, hand_id)), finding.line)
        if named is None:
            if (finding.path, hand_id, finding.code) not in alarmed:
                alarmed.add((finding.path, hand_id, finding.code))
                result.alarm({finding.code}, hand_id)
        elif finding.code in named.codes:
            named.found = True
    for (_, hand_id), records in faulty.items():
        for record in records:
            result.faulty[record.fault] += 1
            result.count(record.game, "faulty")
            if record.found:
                result.found[record.fault] += 1
                result.count(record.game, "found")
            else:
                result.missed.setdefault(record.fault, []).append(hand_id)
    result.seconds_audit += time.process_time() - start
    result.peak_rss_mb = max(result.peak_rss_mb, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
    text.unlink()
    labels.unlink()
    return result


@dataclass(slots=True)
class _Faulty:
    """A faulty hand waiting for the findings across hands: where it starts, its fault, the codes that
    flag it, whether one has, and its game and structure."""

    line: int
    fault: str
    codes: frozenset[str]
    found: bool
    game: str


def _named(records: list[_Faulty] | None, line: int) -> _Faulty | None:
    """The faulty record a finding at `line` names: the last one starting at or before it (None: the
    finding names a clean record of that number)."""
    best: _Faulty | None = None
    for record in records or ():
        if record.line <= line and (best is None or record.line > best.line):
            best = record
    return best
