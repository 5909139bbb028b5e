"""What a rule is, what it produces, and the context it reads."""

from __future__ import annotations

import ast
import functools
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Final

from omaha_audit.engine.evaluate import Evaluations
from omaha_audit.engine.ledger import Ledger, ledger
from omaha_audit.engine.replay import Replay, Step, replay
from omaha_audit.engine.settle import Settlement, settle
from omaha_audit.model import STUD_GAMES, Action, ActionKind, Hand, PotBasis, Refunds, Source, Street
from omaha_audit.model.frozen import fast_init
from omaha_audit.model.hand_value import Words
from omaha_audit.model.house_rules import HouseRules

POST_KINDS: Final = frozenset(kind for kind in ActionKind if kind.is_post)
_SMALL_BLIND: Final = ActionKind.POST_SMALL_BLIND
_BIG_BLIND: Final = ActionKind.POST_BIG_BLIND


# The reading findings: what the reader could not read or place (a hand not read, a line, amount or card not
# understood, a player with no seat, a seat list it cannot follow, a text cut off) and our own failures
# (OA104). A misread is ours, not the dealer's: these are counted apart from the dealer's errors, and the
# exit code follows the dealer's errors (cli/audit_cmd.py).
READING_CODES: Final = frozenset({"OA101", "OA104", "OA105", "OA106", "OA107", "OA108"})


def is_reading(code: str) -> bool:
    """A reading finding (READING_CODES), not a dealer's error."""
    return code in READING_CODES


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return {"error": 3, "warning": 2, "info": 1}[self.value]


def doc_summary(doc: str, name: str) -> str:
    """A rule's summary: its docstring's first paragraph as one line (whole sentences: the first line alone
    may stop mid-sentence), else its name."""
    lines: list[str] = []
    for line in doc.strip().splitlines():
        if not line.strip():
            break
        lines.append(line.strip())
    return " ".join(lines) or name


@dataclass(frozen=True, slots=True, init=False)
class Finding:
    """One place where the dealer (or the room's software) got it wrong, as data."""

    code: str
    severity: Severity
    message: str
    hand_id: str | None
    path: str
    line: int
    street: str | None = None
    seat: int | None = None
    player: str | None = None
    expected: str | None = None
    actual: str | None = None
    room: str | None = None
    format: str | None = None

    def __init__(
        self,
        code: str,
        severity: Severity,
        message: str,
        hand_id: str | None,
        path: str,
        line: int,
        street: str | None = None,
        seat: int | None = None,
        player: str | None = None,
        expected: str | None = None,
        actual: str | None = None,
        room: str | None = None,
        format: str | None = None,
    ) -> None:
        self.code, self.severity, self.message, self.hand_id = code, severity, message, hand_id  # type: ignore[misc]
        self.path, self.line, self.street, self.seat = path, line, street, seat  # type: ignore[misc]
        self.player, self.expected, self.actual, self.room = player, expected, actual, room  # type: ignore[misc]
        self.format = format  # type: ignore[misc]

    def as_dict(self) -> dict[str, object]:
        return {
            "code": self.code,
            "severity": self.severity.value,
            "hand_id": self.hand_id,
            "path": self.path,
            "line": self.line,
            "street": self.street,
            "seat": self.seat,
            "player": self.player,
            "message": self.message,
            "expected": self.expected,
            "actual": self.actual,
            "room": self.room,
            "format": self.format,
        }


class HandContext:
    """A hand with its replay and settlement, computed once and shared by all rules.

    (Each result is kept in an attribute on first use. `functools.cached_property` would do the same
    when interpreted, but a class compiled by mypyc has no instance `__dict__` for it to keep it in.)
    """

    def __init__(self, hand: Hand, house: HouseRules, words: Words | None = None) -> None:
        self.hand = hand
        self.house = house
        self.words = words  # the room's description words, where they are checked (OA507)
        self.memo: dict[str, object] = {}  # results shared by several rules
        self._replay: Replay | None = None
        self._settlement: Settlement | None = None
        self._evaluations: Evaluations | None = None
        self._posts: list[Action] | None = None
        self._ledger: Ledger | None = None
        # a stud game (seven-card stud, stud hi/lo, razz): replayed, and judged by the rules marked `stud`
        self.stud: bool = hand.game in STUD_GAMES
        # a draw game (2-7 single and triple draw, badugi): replayed, and judged by the rules marked `draw`
        self.draw: bool = hand.game.is_draw
        # whether the engine replays the hand (a flop, stud or draw game, not cancelled): read by most rules,
        # so kept (an enum member's hash, behind `is_flop_game`, is Python code even compiled)
        self.replayable: bool = (hand.game.is_flop_game or self.stud or self.draw) and not hand.cancelled

    @property
    def replay(self) -> Replay:
        if self._replay is None:
            self._replay = replay(self.hand, self.house)
        return self._replay

    @property
    def settlement(self) -> Settlement:
        if self._settlement is None:
            self._settlement = settle(self.replay, self.evaluations)
        return self._settlement

    @property
    def evaluations(self) -> Evaluations:
        """The hand's evaluations, shared by the settlement and the rules that evaluate shown hands."""
        if self._evaluations is None:
            self._evaluations = Evaluations()
        return self._evaluations

    @property
    def ledger(self) -> Ledger:
        """The chips of a hand the engine does not replay (draw games), from its lines alone."""
        if self._ledger is None:
            self._ledger = ledger(self.hand)
        return self._ledger

    @property
    def posts(self) -> list[Action]:
        """The forced bets (blinds, antes, straddles) in the order posted."""
        if self._posts is None:
            self._posts = [action for action in self.hand.actions if action.kind in POST_KINDS]
        return self._posts

    @property
    def small_blind_post(self) -> Action | None:
        return next((a for a in self.posts if a.kind is _SMALL_BLIND), None)

    @property
    def big_blind_post(self) -> Action | None:
        return next((a for a in self.posts if a.kind is _BIG_BLIND), None)

    @property
    def returned(self) -> int:
        """The uncalled chips given back: as the lines print them, or, where the room prints no line
        (Refunds.IMPLIED, IN_COLLECTED), the excess the engine finds (UC-1), from the replay or, for a game
        it does not replay, from the ledger."""
        hand = self.hand
        if hand.refunds is Refunds.LINE:
            total = 0
            for item in hand.uncalled:
                total += item.amount
            return total
        refund = self.settlement.refund if self.replayable else self.ledger.uncalled
        return refund[1] if refund is not None else 0

    @property
    def put_in(self) -> int:
        """Every chip the players put in: as the replay counts them, or, for a game the engine does not
        replay (draw games), the sum of what each action line put in (the readers give every action
        the chips it added, whatever the room printed)."""
        if self.replayable:
            return sum(self.replay.contributions.values())
        return sum(self.ledger.put_in.values())

    @property
    def gross_pot(self) -> int:
        """Every chip put in, less the uncalled bet returned, plus money the site added: the pot that is
        raked and paid out (RK-3)."""
        return self.put_in - self.returned + self.hand.stp

    def expected_total(self) -> int:
        """What the hand's printed Total pot should say, in its basis (PotSummary.total_basis)."""
        hand = self.hand
        summary = hand.pot
        gross = self.gross_pot
        if summary is None or summary.total_basis is PotBasis.GROSS:
            return gross
        basis = summary.total_basis
        if basis is PotBasis.GROSS_WITH_REFUNDS:
            return gross + self.returned
        taken = (summary.rake or 0) + hand.fees_taken
        if basis is PotBasis.NET:
            return gross - taken
        return gross + self.returned - taken  # NET_WITH_REFUNDS

    @property
    def rake_taken(self) -> int | None:
        """The rake: as printed, or, where the room prints none (888, Cake: a PotSummary whose rake is None),
        what the pot kept: the chips put in less what was collected, the fees and the cashed-out shares.
        None when not known."""
        hand = self.hand
        summary = hand.pot
        if summary is None:  # no pot line where the room prints one: the hand is damaged (OA106, OA107)
            return None
        if summary.rake is not None:
            return summary.rake
        if hand.truncated:
            return None
        collected = 0
        for item in hand.collected:
            collected += item.amount
        for seat in hand.summary_seats:
            if seat.pot_not_awarded:
                collected += sum(seat.won)
        if hand.refunds is Refunds.IN_COLLECTED:
            collected -= self.returned
        return self.gross_pot - collected - hand.fees_taken

    def money(self, amount: int | None) -> str:
        return "-" if amount is None else self.hand.unit.format(amount)

    def seat_of(self, player: str | None) -> int | None:
        seat = self.hand.seat_of(player) if player else None
        return seat.seat if seat else None


Check = Callable[[HandContext], Iterator["Finding"]]


@dataclass(frozen=True, eq=False)  # each rule is one registered object: compared and hashed by identity
class Rule:
    """An audit rule: a stable code, a name, the RULES.md ids it enforces, and its check.

    The check's docstring is the rule's documentation: summary, a bad and a good example, and why.
    """

    code: str
    name: str
    severity: Severity
    rule_ids: tuple[str, ...]
    check: Check
    needs_replay: bool = True
    tags: tuple[str, ...] = field(default=())
    # judged on every game, stud, razz and draw too (it needs no betting structure: the pot identity,
    # the uncalled bet, stacks, the awards against the stakes and the summary, the cards dealt; see OA102)
    any_game: bool = False
    # judged on stud, stud hi/lo and razz hands too, from their replay (RULES.md section 13)
    stud: bool = False
    # judged on 2-7 single and triple draw and badugi hands too, from their replay (RULES.md section 14)
    draw: bool = False

    @property
    def doc(self) -> str:
        return docstring(self.check)

    @property
    def summary(self) -> str:
        return doc_summary(self.doc, self.name)

    def judges(self, family: int) -> bool:
        """Whether the rule judges hands of a game `family`: 0 flop games, 1 stud games, 2 draw games, 3 the
        others (five-card draw and stud, the games the readers do not name)."""
        return family == 0 or self.every_game or (family == 1 and self.stud) or (family == 2 and self.draw)

    @property
    def every_game(self) -> bool:
        """Judges stud, razz and draw hands too: the input checks (OA1xx) and the `any_game` rules."""
        return self.any_game or self.code.startswith("OA1")

    def finding(
        self,
        ctx: HandContext,
        message: str,
        source: Source | None = None,
        *,
        street: Street | str | None = None,
        player: str | None = None,
        expected: object = None,
        actual: object = None,
        severity: Severity | None = None,
    ) -> Finding:
        where = source or ctx.hand.source
        return Finding(
            code=self.code,
            severity=severity or self.severity,
            message=message,
            hand_id=ctx.hand.hand_id,
            path=where.path,
            line=where.line,
            street=str(street) if street is not None else None,
            seat=ctx.seat_of(player),
            player=player,
            expected=None if expected is None else str(expected),
            actual=None if actual is None else str(actual),
            room=ctx.hand.room,
            format=ctx.hand.format,
        )


def docstring(function: Callable[..., object]) -> str:
    """A module-level function's docstring. Functions compiled by mypyc drop theirs, so for those it is
    read from the module's source file, which the wheel ships beside the compiled module."""
    if function.__doc__:
        return function.__doc__.strip()
    module = sys.modules.get(function.__module__)
    compiled = getattr(module, "__file__", None)
    if not compiled:
        return ""
    source = Path(compiled).with_name(function.__module__.rpartition(".")[2] + ".py")
    return _source_docstrings(str(source)).get(function.__name__, "")


@functools.cache
def _source_docstrings(path: str) -> dict[str, str]:
    """The docstrings of a source file's module-level functions, by name (the file is read once)."""
    try:
        tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return {}
    return {
        node.name: (ast.get_docstring(node, clean=False) or "").strip()
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
    }


def step_finding(
    rule: Rule, ctx: HandContext, step: Step, message: str, *, expected: object = None, actual: object = None
) -> Finding:
    return rule.finding(
        ctx, message, step.action.source, street=step.street, player=step.player, expected=expected, actual=actual
    )


fast_init(Finding)
