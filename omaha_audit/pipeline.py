"""The audit pipeline: files -> hands -> rules -> findings, streaming, with the run's tallies."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.house_rules import HouseRules
from omaha_audit.parse.files import FileNotice
from omaha_audit.rooms import hand_source, preset_for, words_for
from omaha_audit.rules.base import Finding, HandContext, Severity
from omaha_audit.rules.oa101_unreadable_hand import unreadable_finding
from omaha_audit.rules.registry import RULES, Rule, audit_context


@dataclass(slots=True, init=False)
class AuditedHand:
    """One hand (or unreadable block) with its findings and the text lines it came from."""

    item: Hand | UnreadableHand
    findings: list[Finding]
    first_line: int
    lines: list[str]
    context: HandContext | None  # the replay and settlement the rules used (for reports)

    def __init__(
        self,
        item: Hand | UnreadableHand,
        findings: list[Finding],
        first_line: int,
        lines: list[str],
        context: HandContext | None = None,
    ) -> None:
        # (written out: compiled, the __init__ that dataclasses generates runs interpreted)
        self.item = item
        self.findings = findings
        self.first_line = first_line
        self.lines = lines
        self.context = context

    def quote(self, line: int) -> str | None:
        index = line - self.first_line
        return self.lines[index] if 0 <= index < len(self.lines) else None


@dataclass(slots=True)
class Tally:
    files: int = 0
    hands: int = 0
    audited: int = 0
    unreadable: int = 0
    not_audited: int = 0  # read, but of a game the engine does not replay
    findings: int = 0
    by_code: Counter[str] = field(default_factory=Counter)
    by_severity: Counter[str] = field(default_factory=Counter)
    by_room: Counter[str] = field(default_factory=Counter)  # hands read, by the room that dealt them
    by_format: Counter[str] = field(default_factory=Counter)  # every hand block, by the format of its header
    notices: list[FileNotice] = field(default_factory=list)

    def add(self, audited: AuditedHand) -> None:
        self.hands += 1
        item = audited.item
        if isinstance(item, UnreadableHand):
            self.by_format[item.room or "unknown"] += 1
        else:
            self.by_room[item.room] += 1
            self.by_format[item.format] += 1
        if isinstance(audited.item, UnreadableHand):
            self.unreadable += 1
        elif audited.item.game.is_flop_game:
            self.audited += 1
        else:
            self.not_audited += 1
        for finding in audited.findings:
            self.findings += 1
            self.by_code[finding.code] += 1
            self.by_severity[finding.severity.value] += 1

    def worst(self) -> Severity | None:
        for severity in (Severity.ERROR, Severity.WARNING, Severity.INFO):
            if self.by_severity.get(severity.value):
                return severity
        return None

    def as_dict(self) -> dict[str, object]:
        return {
            "files": self.files,
            "hands": self.hands,
            "audited": self.audited,
            "unreadable": self.unreadable,
            "not_audited": self.not_audited,
            "findings": self.findings,
            "by_code": dict(sorted(self.by_code.items())),
            "by_severity": dict(self.by_severity),
            "by_room": dict(sorted(self.by_room.items())),
            "by_format": dict(sorted(self.by_format.items())),
        }


class Auditor:
    """Audits files hand by hand. `house` forces one set of house rules; None picks the room's preset."""

    def __init__(
        self,
        house: HouseRules | None = None,
        rules: tuple[Rule, ...] = RULES,
        *,
        strict: bool = False,
        keep_text: bool = True,
    ) -> None:
        self.house = house
        self.rules = rules
        self.strict = strict
        self.keep_text = keep_text
        self.source = hand_source()
        self.tally = Tally()

    def rules_for(self, hand: Hand) -> HouseRules:
        return self.house or preset_for(hand)

    def audit_files(self, files: list[Path]) -> Iterator[AuditedHand]:
        self.tally.files += len(files)
        want_unreadable = any(rule.code == "OA101" for rule in self.rules)
        scanned: set[Path] = getattr(files, "scanned", set())
        for skipped in getattr(files, "skipped", ()):
            self.tally.notices.append(FileNotice(str(skipped), "skipped", "not a hand history by its name: skipped"))
        for path in files:
            for block, item in self.source.read_blocks(path, path in scanned):
                if isinstance(item, FileNotice):
                    self.tally.notices.append(item)
                    continue
                context = None
                if isinstance(item, UnreadableHand):
                    findings = [unreadable_finding(item)] if want_unreadable else []
                else:
                    context = HandContext(item, self.rules_for(item), words_for(item))
                    findings = audit_context(context, self.rules, strict=self.strict)
                first = block.first_line if block else 0
                lines = block.lines if (block and self.keep_text) else []
                audited = AuditedHand(item, findings, first, lines, context)
                self.tally.add(audited)
                yield audited
