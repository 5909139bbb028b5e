"""OA105 unknown-player."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from omaha_audit.model import Source
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def check(ctx: HandContext) -> Iterator[Finding]:
    """A line names a player who has no seat in this hand (said once per player, at the first such line).

    Bad: seats list `Player1`, `Player2`; then `Player7: raises $1 to $2`.
    Good: every action, show and collect line names a seated player.
    Why: chips cannot come from, or go to, someone who is not at the table.
    """
    hand = ctx.hand
    seated = {seat.player for seat in hand.seats}
    lines: list[tuple[str, Source, str]] = [
        (a.player, a.source, "acts") for a in hand.actions if a.player not in seated
    ]
    lines += [(c.player, c.source, "collects") for c in hand.collected if c.player not in seated]
    lines += [(s.player, s.source, "shows") for s in hand.showdown if s.player not in seated]
    lines += [(u.player, u.source, "gets a returned bet") for u in hand.uncalled if u.player not in seated]
    # said once per player, at the first line that names them (a name the reader cannot place is one misread)
    by_player: dict[str, list[tuple[Source, str]]] = {}
    for player, source, what in sorted(lines, key=lambda item: item[1].line):
        by_player.setdefault(player, []).append((source, what))
    for player, named in by_player.items():
        source, what = named[0]
        others = [str(where.line) for where, _ in named[1:]]
        also = f" (and on line{'s' if len(others) > 1 else ''} {', '.join(others)})" if others else ""
        yield RULE.finding(
            ctx,
            f"{player!r} {what} but has no seat in this hand{also}",
            source,
            player=player,
            expected="a seated player",
            actual=player,
        )


RULE: Final[Rule] = Rule("OA105", "unknown-player", Severity.ERROR, (), check, needs_replay=False)
