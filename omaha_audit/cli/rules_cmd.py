"""`omaha-audit rules`: the rules the audit applies, and the checks a room's text gives no ground for."""

from __future__ import annotations

import shutil
import sys
import textwrap
from typing import TextIO

INDENT = 7  # the summaries stand under the rule's name, past its code
WIDEST = 100  # columns, at most (a wide terminal gets no longer lines)


def print_rules(code: str | None, out: TextIO | None = None) -> int:
    out = out or sys.stdout  # (looked up at the call: a test runner may have replaced it)
    from omaha_audit.rules.base import Rule
    from omaha_audit.rules.registry import ALL_RULES, BY_CODE

    if code is None:
        width = max(60, min(WIDEST, shutil.get_terminal_size((WIDEST, 24)).columns))
        names = max(len(rule.name) for rule in ALL_RULES)
        out.write(
            _wrapped("*: judges stud, razz and draw hands too; the others judge Hold'em and Omaha hands.", width, "")
            + "\n"
        )
        for rule in ALL_RULES:
            ids = (", ".join(rule.rule_ids) or "-") + (" *" if isinstance(rule, Rule) and rule.every_game else "")
            head = f"{rule.code}  {rule.name:<{names}}  {rule.severity.value:<7}  RULES.md "
            out.write(_wrapped(ids, width, " " * len(head), head) + "\n")
            out.write(_wrapped(rule.summary, width, " " * INDENT) + "\n")
        out.write("\nChecks a room's text gives no ground for (not reported as clean, not checked):\n")
        from omaha_audit.rooms import FORMATS

        rows = [(f.name, rule_code, why) for f in FORMATS for rule_code, why in sorted(f.cannot_check().items())]
        rooms = max((len(room) for room, _, _ in rows), default=0)
        for room, rule_code, why in rows:
            head = f"  {room:<{rooms}}  {rule_code}  "
            out.write(_wrapped(why, width, " " * len(head), head) + "\n")
        return 0
    found = BY_CODE.get(code.upper())
    if found is None:
        return 2
    rule = found
    out.write(f"{rule.code} {rule.name} ({rule.severity.value}; RULES.md: {', '.join(rule.rule_ids) or '-'})\n\n")
    out.write(rule.doc + "\n")
    return 0


def _wrapped(text: str, width: int, indent: str, first: str | None = None) -> str:
    return textwrap.fill(
        text,
        width=width,
        initial_indent=indent if first is None else first,
        subsequent_indent=indent,
        break_on_hyphens=False,
        break_long_words=False,
    )
