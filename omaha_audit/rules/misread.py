"""A misread is said once: the dealer's checks that read a line the reader did not understand are withheld.

A line of a hand that was not read whole (a `Defect` that is `not_read`: OA106), a line naming a player with
no seat (OA105) or a seat list the reader cannot follow (OA108) leaves the hand's picture wrong from that line
on: an amount not read makes every later call look wrong, the pot look short and the awards look misawarded.
Those consequences are the reader's, not the dealer's. So, on such a hand:

- the betting checks of lines before the first misread line stand (the replay reached them with the hand
  as printed);
- every dealer's check at or after that line, and every check of the cards, pots, awards and rake (OA2xx,
  OA4xx, OA5xx, OA6xx: they read the whole hand), is withheld;
- the reading finding says which checks it withheld (and becomes a warning); where none is withheld the hand
  is whole without the line, and an OA106 stays info.

The withheld findings are kept on the context (`withheld`) for the report's hand view, and the picture for
the rules across hands leaves the hand's end stacks out (tables.table_row).
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from omaha_audit.rules.base import Finding, HandContext, Severity, is_reading

# the checks that read the whole hand: cards, pots, awards, rake and summary (a line not read may be any of
# them); a player or seat the reader cannot place leaves the board's checks (OA203-OA206) standing
_WHOLE_HAND: Final = ("OA2", "OA4", "OA5", "OA6")
_PLAYERS_HAND: Final = ("OA201", "OA202", "OA4", "OA5", "OA6")
_NOT_READ: Final = "OA106"
# what no misread changes: a game not replayed (OA102), and what the reader itself found wrong in the text
# it read (OA109)
_NEVER_HELD: Final = frozenset({"OA102", "OA109"})
_PLACES: Final = frozenset({"OA105", "OA108"})  # a player or seat the reader cannot place
WITHHELD: Final = "withheld"  # HandContext.memo key: the findings withheld on the hand


def misread_lines(ctx: HandContext, findings: list[Finding]) -> list[int]:
    """The lines of the hand that the reader did not read whole, or whose player or seat it cannot place."""
    lines = [defect.line for defect in ctx.hand.defects if defect.not_read]
    for finding in findings:
        if finding.code in _PLACES:
            lines.append(finding.line)
    return lines


def withhold(ctx: HandContext, findings: list[Finding]) -> list[Finding]:
    """`findings` of one hand, less the dealer's checks its misread lines touch, with the reading findings
    saying what they withheld. Unchanged for a hand read whole."""
    lines = misread_lines(ctx, findings)
    if not lines:
        return findings
    first = min(lines)
    whole = _WHOLE_HAND if any(defect.not_read for defect in ctx.hand.defects) else _PLAYERS_HAND
    kept: list[Finding] = []
    held: list[Finding] = []
    for finding in findings:
        code = finding.code
        if is_reading(code) or code in _NEVER_HELD or (finding.line < first and not code.startswith(whole)):
            kept.append(finding)
        else:
            held.append(finding)
    if not held:
        return findings
    ctx.memo[WITHHELD] = held
    counts = Counter(finding.code for finding in held)
    named = ", ".join(f"{code} x{count}" if count > 1 else code for code, count in sorted(counts.items()))
    note = (
        f"; the dealer's checks that read what this line holds are withheld on this hand ({named}): "
        "a misread is not a dealer's error"
    )
    out: list[Finding] = []
    said = False
    for finding in kept:
        if not said and finding.line == first and (finding.code == _NOT_READ or finding.code in _PLACES):
            severity = Severity.WARNING if finding.code == _NOT_READ else finding.severity
            finding = _with(finding, finding.message + note, severity)
            said = True
        elif finding.code == _NOT_READ:
            finding = _with(finding, finding.message, Severity.WARNING)
        out.append(finding)
    return out


def _with(finding: Finding, message: str, severity: Severity) -> Finding:
    return Finding(
        finding.code,
        severity,
        message,
        finding.hand_id,
        finding.path,
        finding.line,
        finding.street,
        finding.seat,
        finding.player,
        finding.expected,
        finding.actual,
        finding.room,
        finding.format,
    )
