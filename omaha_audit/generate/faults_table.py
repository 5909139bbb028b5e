"""Continuity faults: dealer errors between two hands of one table, which no single hand shows (RULES.md
section 12). Each changes one prepared hand of a session (session_table.Prepared) and nothing else, so
the pair of hands stays consecutive where its rule needs it; the label goes on that later hand, the one
the finding names.

Which codes flag a fault depends on how the room moves its button (`RoomSessions.judged`, the auditor's
preset for the room): a big blind that jumps a player is OA702 where the button is dead (the big blind
must advance one seat a hand) and, where the button moves, simply blinds posted by the wrong seats for
the button printed: OA310, the per-hand rule.

At stud tables (no button, no blinds: session_stud.py) the kinds about the button and the blinds do not
apply (`STUD_NOT_APPLICABLE`, with the reasons): their `fits` refuses a stud table. The stacks carried
over (OA705), the duplicate hand (OA706) and the tournament level (OA707) apply as at the other tables.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from random import Random
from typing import Final

from omaha_audit.generate.seating import (
    BIG,
    DEAD,
    MOVING,
    Placement,
    accepted_buttons,
    blinds_in_order,
    clockwise_from,
)
from omaha_audit.generate.session_table import Prepared, Sitter, TableSession


@dataclass(frozen=True, slots=True)
class RoomSessions:
    """How a room deals sessions: the button mode the auditor's preset judges it by (`judged`: moving,
    dead or either), the modes its tables are dealt with, and whether a returning player owes the small
    blind missed (False: a big blind is all they post)."""

    judged: str
    modes: tuple[str, ...]
    small_owed: bool


# The rooms whose writers can show a session say so (their writer's `SESSIONS`: rooms/<room>/writer.py):
# sitting-out players (PokerStars, GG and ACR print `is sitting out`; Winamax lists them without a word, and
# their hand shows no line of theirs), posts of returning and new players (`posts small & big blinds` /
# `posts missed blind` + `posts big blind` / `posts dead`; new players' `posts big blind`, Winamax's `out of
# position`, ACR's `posts $x`). How the button moves and what a returning player owes are the room's preset's
# (generate/dealing.py).
@lru_cache(maxsize=1)
def session_rooms() -> dict[str, RoomSessions]:
    """The rooms whose writers show table sessions, in the registry's order, with how each deals them."""
    from omaha_audit.generate.writers import room_dealing, rooms, sessions_shown

    found: dict[str, RoomSessions] = {}
    for room in rooms():
        if sessions_shown(room):
            rules = room_dealing(room)
            found[room] = RoomSessions(rules.button_mode, rules.button_modes(), rules.small_owed)
    return found


def room_sessions(room: str) -> RoomSessions:
    support = session_rooms().get(room)
    if support is None:
        raise ValueError(f"sessions are not written in {room} text; rooms: {', '.join(session_rooms())}")
    return support


# The kinds that do not apply at stud tables, and why.
STUD_NOT_APPLICABLE: Final = {
    "button_skips_seat": "stud has no button (the bring-in, the lowest up card, opens the betting)",
    "big_blind_skips_player": "stud has no blinds: every player dealt in posts the ante",
    "returning_player_not_charged": "stud has no blinds to miss: a player coming back posts the ante only",
    "new_player_not_posting": "stud has no blinds to wait for: a new player is dealt in at once, posting the ante",
}


class TableFault:
    """One kind of continuity error."""

    name = ""
    description = ""
    cash_only = False
    tournament_only = False

    def codes(self, room: RoomSessions) -> tuple[str, ...]:
        raise NotImplementedError

    def fits(self, session: TableSession) -> bool:
        if session.stud and self.name in STUD_NOT_APPLICABLE:
            return False
        return not (self.cash_only and not session.cash) and not (self.tournament_only and session.cash)

    def plan(self, session: TableSession, prepared: Prepared, room: RoomSessions, rng: Random) -> Prepared | None:
        """The hand with the error in it, or None when this hand gives it no opportunity."""
        raise NotImplementedError

    def wait(self, session: TableSession) -> None:
        """Make an opportunity likelier in the table's next hands (a player sitting out, an empty seat)."""


def _on(prepared: Prepared) -> list[int]:
    return sorted(seat for seat, wish in prepared.wishes.items() if wish.kind == "on")


def _with(prepared: Prepared, placed: Placement | None = None, **changes: object) -> Prepared:
    copy = replace(prepared, tags=set(prepared.tags), **changes)  # type: ignore[arg-type]
    if placed is not None:
        copy.placed = placed
    return copy


class ButtonSkipsSeat(TableFault):
    name = "button_skips_seat"
    description = "the button moved past a player dealt in both hands (the blinds follow it)"

    def codes(self, room: RoomSessions) -> tuple[str, ...]:
        return ("OA701", "OA702") if room.judged == DEAD else ("OA701",)

    def plan(self, session: TableSession, prepared: Prepared, room: RoomSessions, rng: Random) -> Prepared | None:
        prev, placed = session.prev, prepared.placed
        if prev is None or len(placed.dealt) < 3:
            return None
        listed = session.sitters(prepared.gap)
        if session.rules.mode == MOVING:
            kept = [seat for seat in _on(prepared) if seat in prev.dealt]
            for forced in clockwise_from(prev.button, kept)[1:3]:
                plan = session.replace_plan(prepared, button=forced)
                if plan is None or len(plan.placed.dealt) < 3:
                    continue
                if forced not in accepted_buttons(room.judged, prev, plan.placed.dealt, {s: "" for s in listed}):
                    return plan
            return None
        # dead button: the button, the small blind and the big blind all one seat too far
        if placed.small is None or prepared.wishes[placed.big].kind != "on":
            return None
        plain = [seat for seat in placed.dealt if seat not in placed.extras]
        after = clockwise_from(placed.big, plain)[0]
        if after in (placed.small, placed.big):
            return None
        moved = Placement(placed.small, placed.big, after, list(placed.dealt), dict(placed.extras))
        accepted = accepted_buttons(room.judged, prev, moved.dealt, {s: "" for s in listed})
        if not blinds_in_order(moved) or moved.button in accepted:
            return None
        return _with(prepared, moved)


class BigBlindSkipsPlayer(TableFault):
    name = "big_blind_skips_player"
    description = "the big blind posted by the seat after the player due, who is dealt in and posts nothing"

    def codes(self, room: RoomSessions) -> tuple[str, ...]:
        return ("OA702", "OA310") if room.judged == DEAD else ("OA310",)

    def plan(self, session: TableSession, prepared: Prepared, room: RoomSessions, rng: Random) -> Prepared | None:
        placed = prepared.placed
        if session.prev is None or placed.small is None or prepared.wishes[placed.big].kind != "on":
            return None
        plain = [seat for seat in placed.dealt if seat not in placed.extras]
        if len(plain) < 3:
            return None
        after = clockwise_from(placed.big, plain)[0]
        if after in (placed.small, placed.big):
            return None
        return _with(prepared, Placement(placed.button, placed.small, after, list(placed.dealt), dict(placed.extras)))


class ReturningPlayerNotCharged(TableFault):
    name = "returning_player_not_charged"
    description = "a player who missed the big blind sitting out is dealt in again without posting it"
    cash_only = True

    def codes(self, room: RoomSessions) -> tuple[str, ...]:
        return ("OA703",)

    def plan(self, session: TableSession, prepared: Prepared, room: RoomSessions, rng: Random) -> Prepared | None:
        if session.prev is None:
            return None
        gap = prepared.gap
        for seat, sitter in sorted(session.sitters(gap).items()):
            if sitter.state not in ("back", "out") or BIG not in session.owed.get(sitter.name, set()):
                continue
            plan = session.replace_plan(prepared, gap=replace(gap, free={*gap.free, seat}))
            placed = plan.placed if plan is not None else None
            if placed is not None and seat in placed.dealt and seat not in (placed.big, placed.small):
                return plan
        return None

    def wait(self, session: TableSession) -> None:
        session.want_sit_out = True


class NewPlayerNotPosting(TableFault):
    name = "new_player_not_posting"
    description = "a player who sat down is dealt in at once, away from the blinds, without posting"
    cash_only = True

    def codes(self, room: RoomSessions) -> tuple[str, ...]:
        return ("OA704",)

    def plan(self, session: TableSession, prepared: Prepared, room: RoomSessions, rng: Random) -> Prepared | None:
        if session.prev is None:
            return None
        gap = prepared.gap
        listed = session.sitters(gap)
        if len(listed) >= session.cap:
            return None
        empty = [seat for seat in range(1, session.max_seats + 1) if seat not in listed]
        rng.shuffle(empty)
        for seat in empty:
            newcomer = Sitter(session.fresh_name(rng), session.buy_in_chips(rng, prepared.stakes), "new")
            changed = replace(gap, new={**gap.new, seat: newcomer}, free={*gap.free, seat})
            plan = session.replace_plan(prepared, gap=changed)
            placed = plan.placed if plan is not None else None
            if placed is not None and seat in placed.dealt and seat not in (placed.big, placed.small):
                return plan
        return None

    def wait(self, session: TableSession) -> None:
        session.want_seat = True


class _StackFault(TableFault):
    """One player's stack changed between the hands, and nobody else's."""

    grow = False

    def codes(self, room: RoomSessions) -> tuple[str, ...]:
        return ("OA705",)

    def plan(self, session: TableSession, prepared: Prepared, room: RoomSessions, rng: Random) -> Prepared | None:
        gap = prepared.gap
        if session.prev is None or gap.stack is not None:
            return None
        floor = session.floor(prepared.stakes)
        seats = session.sitters(gap)
        # (a player who collected nothing: where the hand prints no rake, a winner's shortfall is the rake)
        choices = [s for s in _on(prepared) if self.grow or seats[s].chips - floor >= 2]
        quiet = [s for s in choices if not session.last_won.get(seats[s].name)]
        if not choices:
            return None
        seat = rng.choice(quiet or choices)
        chips = seats[seat].chips
        if self.grow:
            change = max(1, prepared.stakes.big_blind * rng.randint(1, 20) // 2)
        else:
            low = session.last_won.get(seats[seat].name, 0) // 10 + 1
            high = max(low, min(chips - floor, max(1, chips // 3)))
            if chips - floor < low:
                return None
            change = -rng.randint(low, high)
        return _with(prepared, gap=replace(gap, stack=(seat, chips + change), top_up=False))


class ChipsAppear(_StackFault):
    name = "chips_appear"
    description = "a tournament player starts the hand with more chips than they ended the last with"
    tournament_only = True
    grow = True


class ChipsVanish(_StackFault):
    name = "chips_vanish"
    description = "a player starts the hand with fewer chips than they ended the last with"


class DuplicateDifferentText(TableFault):
    name = "duplicate_hand_different_text"
    description = "the same hand written twice, the second time with one stack or the time changed"

    def codes(self, room: RoomSessions) -> tuple[str, ...]:
        return ("OA706",)

    def plan(self, session: TableSession, prepared: Prepared, room: RoomSessions, rng: Random) -> Prepared | None:
        return _with(prepared, duplicate=True)


class LevelGoesDown(TableFault):
    name = "level_goes_down"
    description = "a tournament hand dealt at the level before the last hand's (its blinds too)"
    tournament_only = True

    def codes(self, room: RoomSessions) -> tuple[str, ...]:
        return ("OA707",)

    def plan(self, session: TableSession, prepared: Prepared, room: RoomSessions, rng: Random) -> Prepared | None:
        if session.prev is None or session.last_level < 1:
            return None
        level = session.last_level - 1
        return _with(prepared, stakes=session.stakes_at(level), level=level)


@lru_cache(maxsize=1)
def table_faults() -> dict[str, TableFault]:
    """Every continuity fault kind by name, in a fixed order."""
    kinds: list[TableFault] = [
        ButtonSkipsSeat(),
        BigBlindSkipsPlayer(),
        ReturningPlayerNotCharged(),
        NewPlayerNotPosting(),
        ChipsAppear(),
        ChipsVanish(),
        DuplicateDifferentText(),
        LevelGoesDown(),
    ]
    return {fault.name: fault for fault in kinds}


def table_fault_codes(room: str) -> dict[str, tuple[str, ...]]:
    """Fault name -> the audit codes that may flag it in `room`'s sessions."""
    support = room_sessions(room)
    return {name: fault.codes(support) for name, fault in table_faults().items()}
