"""OA104 internal-error."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """An audit rule crashed on this hand; the run goes on and the crash is reported here.

    Bad: any occurrence (it is a bug in omaha-audit: please report it with the hand).
    Good: none.
    Why: one odd hand must never stop an audit of millions, and a crash must never pass as "no findings".
    """
    return iter(())


RULE: Final[Rule] = Rule("OA104", "internal-error", Severity.ERROR, (), check, needs_replay=False)
