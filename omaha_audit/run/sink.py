"""One path for a hand, whichever process audits it.

Where a hand is audited (this process for a one-process run, a worker for `--jobs N` or Dask:
omaha_audit/run/parallel.py audit_unit), a `Keeper` adds it to the statistics tables being built there and
keeps what the rest of the run needs of it as plain values: a `KeptHand` (its findings, its text for the
terminal, its number in the tables, its view for the HTML report). The main process then numbers it among the
run's hands (a worker numbers its hands from 1) and hands it, in input order, to every `HandSink`: the
report (report/html.py HtmlReport.add) and the command's own output. Nothing else turns a hand into output,
so a one-process run and a parallel one give the same bytes.

The layers above the run (report/, stats/) lend the keeper their parts as plain functions and objects
(`Texts`, `Viewer`, `Tables`), so the run imports neither.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from omaha_audit.model.house_rules import HouseRules
    from omaha_audit.rules.base import Finding, HandContext, Severity
    from omaha_audit.run.pipeline import AuditedHand


@dataclass(slots=True)
class KeptHand:
    """What a run keeps of one audited hand with findings: its findings, its text for the terminal ("" when
    none was asked for or none is shown), its number among the hands of the run's tables (0: none) and its
    view for the HTML report (report/hand_view.py HandView, rendered where it was audited; None: none)."""

    findings: list[Finding]
    text: str = ""
    number: int = 0
    view: Any = None


class HandSink(Protocol):
    """Takes the run's hands with findings in input order (the findings across hands come at the end)."""

    def add(self, hand: KeptHand) -> None: ...


class Tables(Protocol):
    """The statistics tables a run builds (stats/frames.py FrameBuilder): `add` numbers a hand kept in them
    (`hand_no`) and returns the replayed context it used, if any."""

    hand_no: int

    def add(self, audited: AuditedHand, ctx: HandContext | None = None) -> HandContext | None: ...


# a hand's findings at or above a severity, as the terminal shows them (report/text.py hand_text)
Texts = Callable[["AuditedHand", "Severity"], str]
# a hand's view for the report, or None when its findings earn it none (report/hand_view.py rendered_view)
Viewer = Callable[["AuditedHand", "HandContext | None", "HouseRules | None"], Any]


@dataclass(slots=True)
class Keeper:
    """Turns each audited hand into its KeptHand where it was audited: adds it to `tables`, renders its text
    with `texts` (at `minimum`) and its view with `viewer` (at most `views` of them)."""

    tables: Tables | None = None
    texts: Texts | None = None
    minimum: Severity | None = None
    viewer: Viewer | None = None
    views: int = 0
    rendered: int = 0  # the views rendered so far

    def keep(
        self, audited: AuditedHand, house: HouseRules | None = None, ctx: HandContext | None = None
    ) -> tuple[KeptHand | None, bool]:
        """The hand's KeptHand (None when it has no findings), and whether it was numbered in `tables`.
        `house`: the house rules it was audited by (for its view); `ctx`: its replay, when the caller kept it
        (else the one in `audited`)."""
        ctx = ctx if ctx is not None else audited.context
        numbered = False
        tables = self.tables
        if tables is not None:
            before = tables.hand_no
            ctx = tables.add(audited, ctx) or ctx
            numbered = tables.hand_no != before
        if not audited.findings or audited.copy:
            return None, numbered
        view = None
        if self.viewer is not None and self.rendered < self.views:
            view = self.viewer(audited, ctx, house)
            self.rendered += view is not None
        text = self.texts(audited, self.minimum) if self.texts is not None and self.minimum is not None else ""
        number = tables.hand_no if numbered and tables is not None else 0
        return KeptHand(audited.findings, text, number, view), numbered
