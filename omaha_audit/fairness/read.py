"""The observations of a run's files, read by the audit's pipeline without its rules (as the statistics
are): a hand read twice (an identical copy) counts once."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TextIO

from omaha_audit.fairness.observations import AllIn, HeroDeal, observe
from omaha_audit.model import Hand

if TYPE_CHECKING:
    from omaha_audit.model.house_rules import HouseRules
    from omaha_audit.parse.input_files import Source


@dataclass(slots=True)
class Observed:
    hands: int = 0  # hands read
    used: int = 0  # hands of a game the tests model
    deals: list[HeroDeal] = field(default_factory=list)
    all_ins: list[AllIn] = field(default_factory=list)
    repeat_keys: list[tuple[str, tuple[tuple[int, frozenset[int], frozenset[int], int], ...]]] = field(
        default_factory=list
    )

    def add(self, hand: Hand) -> None:
        self.hands += 1
        found = observe(hand)
        if found is None:
            return
        self.used += 1
        if found.deal is not None:
            self.deals.append(found.deal)
        if found.all_in is not None:
            self.all_ins.append(found.all_in)
        if found.repeat_keys:
            self.repeat_keys.append((f"{hand.room}:{hand.hand_id}", found.repeat_keys))


def observe_hands(hands: Iterable[Hand]) -> Observed:
    observed = Observed()
    for hand in hands:
        observed.add(hand)
    return observed


def observe_files(files: Sequence[Source], house: HouseRules | None, err: TextIO | None = None) -> Observed:
    from omaha_audit.run.pipeline import Auditor, hand_path

    auditor = Auditor(house, (), keep_text=False)
    observed = Observed()
    stream = auditor.audit_files(files)
    if err is not None:
        from omaha_audit.output.progress import Progress, track

        stream = track(stream, Progress(len(files), err), files, hand_path)
    for audited in stream:
        if not audited.copy and isinstance(audited.item, Hand):
            observed.add(audited.item)
    return observed
