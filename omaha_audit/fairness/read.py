"""The observations of a run's files, read by the audit's pipeline without its rules (as the statistics
are): a hand read twice (an identical copy) counts once. In this process, or by the workers of `--jobs N`
(omaha_audit/run/parallel.py: each worker observes its hands and works out the equities of their all-ins,
the costly part, and the main process takes them back in input order, dropping the copies as the one-process
run does): the same observations and equities either way."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TextIO

from omaha_audit.fairness.luck import Outcome, outcomes
from omaha_audit.fairness.observations import AllIn, HeroDeal, Observation, observe
from omaha_audit.model import Hand

if TYPE_CHECKING:
    from omaha_audit.model.house_rules import HouseRules
    from omaha_audit.parse.input_files import Source
    from omaha_audit.run.parallel import Workers


@dataclass(slots=True)
class Observed:
    hands: int = 0  # hands read
    used: int = 0  # hands of a game the tests model
    deals: list[HeroDeal] = field(default_factory=list)
    all_ins: list[AllIn] = field(default_factory=list)
    # each all-in's outcomes (luck.outcomes), where the workers worked them out; None: not yet
    outcomes: list[list[Outcome] | None] = field(default_factory=list)
    repeat_keys: list[tuple[str, tuple[tuple[int, frozenset[int], frozenset[int], int], ...]]] = field(
        default_factory=list
    )

    def add(self, hand: Hand) -> None:
        self.take(observe(hand))

    def take_seen(self, seen: tuple[Observation | None, list[Outcome] | None]) -> None:
        """One hand as a worker saw it (`observe_hand`)."""
        self.take(*seen)

    def take(self, found: Observation | None, worked_out: list[Outcome] | None = None) -> None:
        """One hand read, with what it shows the tests (None: a game they do not model), and its all-in's
        outcomes when they are already worked out."""
        self.hands += 1
        if found is None:
            return
        self.used += 1
        if found.deal is not None:
            self.deals.append(found.deal)
        if found.all_in is not None:
            self.all_ins.append(found.all_in)
            self.outcomes.append(worked_out)
        if found.repeat_keys:
            self.repeat_keys.append((found.hand, found.repeat_keys))


def observe_hand(hand: Hand) -> tuple[Observation | None, list[Outcome] | None]:
    """A hand's observations and its all-in's outcomes (a worker's part of `fairness --jobs N`)."""
    found = observe(hand)
    return found, outcomes(found.all_in) if found is not None and found.all_in is not None else None


def observe_hands(hands: Iterable[Hand]) -> Observed:
    observed = Observed()
    for hand in hands:
        observed.add(hand)
    return observed


def observe_files(
    files: Sequence[Source], house: HouseRules | None, err: TextIO | None = None, workers: Workers | None = None
) -> Observed:
    from omaha_audit.run.pipeline import Auditor, hand_path

    auditor = Auditor(house, (), keep_text=False)
    observed = Observed()
    if workers is not None:
        from omaha_audit.output.progress import Progress
        from omaha_audit.run.parallel import ParallelRun

        progress = Progress(len(files), err, enabled=False if err is None else None)
        work = workers.work(auditor, per_hand=observe_hand)
        run = ParallelRun(auditor, workers.executor, work, on_hand=observed.take_seen)
        try:
            for count, _, _ in run.units(files):
                progress.update(count)
                progress.file_done()
        finally:
            progress.close()
        return observed
    stream = auditor.audit_files(files)
    if err is not None:
        from omaha_audit.output.progress import Progress, track

        stream = track(stream, Progress(len(files), err), files, hand_path)
    for audited in stream:
        if not audited.copy and isinstance(audited.item, Hand):
            observed.add(audited.item)
    return observed
