"""`omaha-audit rules`: the rules the audit applies, and the checks a room's text gives no ground for."""

from __future__ import annotations

import sys
from typing import TextIO


def print_rules(code: str | None, out: TextIO | None = None) -> int:
    out = out or sys.stdout  # (looked up at the call: a test runner may have replaced it)
    from omaha_audit.rules.registry import ALL_RULES, BY_CODE

    if code is None:
        for rule in ALL_RULES:
            ids = ", ".join(rule.rule_ids) or "-"
            out.write(f"{rule.code}  {rule.name:<26} {rule.severity.value:<8} {ids:<28} {rule.summary}\n")
        out.write("\nChecks a room's text gives no ground for (not reported as clean, not checked):\n")
        from omaha_audit.rooms import FORMATS

        for room_format in FORMATS:
            for rule_code, why in sorted(room_format.cannot_check().items()):
                out.write(f"  {room_format.name:<12} {rule_code}  {why}\n")
        return 0
    found = BY_CODE.get(code.upper())
    if found is None:
        return 2
    rule = found
    out.write(f"{rule.code} {rule.name} ({rule.severity.value}; RULES.md: {', '.join(rule.rule_ids) or '-'})\n\n")
    out.write(rule.doc + "\n")
    return 0
