"""The fairness audit of a set of hands: every test, the family's correction, the verdicts, and the all-in
luck per player, as a dictionary (JSON) or text."""

from __future__ import annotations

import math
import textwrap
from dataclasses import dataclass, field
from typing import Final

from omaha_audit.fairness import cardtests, luck
from omaha_audit.fairness.equity import SHARES
from omaha_audit.fairness.read import Observed
from omaha_audit.fairness.verdicts import TestResult, correct, per_test_level

LEVEL: Final = 0.01  # the family's level: a fair deal is called unfair in about 1% of the runs
TEST_COUNT: Final = 19  # the most tests a run makes (the power statements assume all of them)


@dataclass(slots=True)
class FairnessReport:
    level: float
    method: str
    hands: int
    used: int
    deals: int
    tests: list[TestResult]
    players: list[luck.PlayerLuck]
    all_ins: int
    sampled_all_ins: int
    largest_error: float  # the largest standard error of a sampled equity, as a share of its pot
    hi_lo: list[dict[str, object]] = field(default_factory=list)  # per hi/lo all-in (luck.hi_lo_all_ins)
    notes: list[str] = field(default_factory=list)

    @property
    def rejected(self) -> list[TestResult]:
        return [test for test in self.tests if test.rejected]

    @property
    def exit_code(self) -> int:
        return 1 if self.rejected else 0

    def as_dict(self) -> dict[str, object]:
        return {
            "level": self.level,
            "correction": self.method,
            "verdict": "not fair" if self.rejected else "no evidence of an unfair deal",
            "hands": self.hands,
            "hands_used": self.used,
            "hero_hands": self.deals,
            "all_ins": self.all_ins,
            "sampled_all_ins": self.sampled_all_ins,
            "largest_sampling_error": self.largest_error,
            "tests": [test.as_dict() for test in self.tests],
            "players": [player.as_dict() for player in self.players],
            "hi_lo_all_ins": self.hi_lo,
            "notes": self.notes,
        }


def analyse(observed: Observed, level: float = LEVEL, method: str = "holm") -> FairnessReport:
    single = per_test_level(level, TEST_COUNT)
    deals = observed.deals
    found: list[TestResult | None] = [
        cardtests.frequency_test(deals, "card", single),
        cardtests.frequency_test(deals, "rank", single),
        cardtests.frequency_test(deals, "suit", single),
    ]
    for size in sorted({len(deal.cards) for deal in deals}):
        found.append(cardtests.shape_test(deals, size, True, single))
        found.append(cardtests.shape_test(deals, size, False, single))
    found.append(cardtests.strength_by_group_test(deals, False, single))
    found.append(cardtests.strength_by_group_test(deals, True, single))
    found.extend(cardtests.serial_tests(deals, single))
    found.append(cardtests.repeat_test(observed.repeat_keys))
    found.append(cardtests.runout_test(observed.all_ins, single))
    outcomes: list[luck.Outcome] = []
    sampled = 0
    for all_in, worked_out in zip(observed.all_ins, observed.outcomes, strict=True):
        these = worked_out if worked_out is not None else luck.outcomes(all_in)
        if these and any(outcome.standard_error > 0 for outcome in these):
            sampled += 1
        outcomes.extend(these)
    largest = max((outcome.standard_error / outcome.pot for outcome in outcomes), default=0.0)
    found.append(luck.hero_luck_test(outcomes, single))
    found.append(luck.seat_luck_test(outcomes, single))
    tests = correct([test for test in found if test is not None], level, method)
    notes = [
        f"{method.upper() if method == 'bh' else 'Holm'} correction over {len(tests)} tests at level {level:g}; "
        f"the power statements assume a single test at {single:.2g} (the level over {TEST_COUNT} tests).",
    ]
    if sampled:
        notes.append(
            f"{sampled:,} all-ins before the flop: equities sampled ({math.ceil(largest * 1000) / 10:.1f}% of the "
            "pot the largest standard error), with a seed fixed by the hand."
        )
    return FairnessReport(
        level,
        method,
        observed.hands,
        observed.used,
        len(deals),
        tests,
        luck.per_player(outcomes),
        len(observed.all_ins),
        sampled,
        largest,
        luck.hi_lo_all_ins(outcomes),
        notes,
    )


def money(value: float, unit: str, sign: bool = False) -> str:
    """Chips in a unit ("USD/2": cents of a dollar; "chips/0") as a player reads them: `+12.34 USD`."""
    currency, _, places = unit.partition("/")
    decimals = int(places or 0)
    return f"{value / 10**decimals:{'+' if sign else ''},.{decimals}f} {currency}"


def hi_lo_text(player: luck.PlayerLuck) -> str:
    """`scoops 3 for 2.41 expected, ...`: the shares of the main pot he took against his chances."""
    names = {"scoop": "scoops", "three quarters": "three quarters", "half": "halves", "quarter": "quarters"}
    return ", ".join(
        f"{names[kind]} {player.actual_shares[index]:,.4g} for {player.expected_shares[index]:,.2f} expected"
        for index, kind in enumerate(SHARES)
        if kind in names
    )


def to_text(report: FairnessReport, players: int = 10) -> str:
    lines = [
        f"Fairness of the deal: {report.hands:,} hands read, {report.used:,} of a game the tests model, "
        f"{report.deals:,} with the hero's cards, {report.all_ins:,} all-ins with the hands shown.",
        "",
    ]
    for test in report.tests:
        mark = "NOT FAIR" if test.rejected else "ok"
        adjusted = f", adjusted {test.adjusted:.3g}" if test.adjusted is not None else ""
        lines.append(f"  {mark:8} {test.title}: p = {test.p_value:.3g}{adjusted}")
        lines.append(f"           {test.summary}")
        if test.power:
            lines.append(f"           power: {test.power}")
    if not report.tests:
        lines.append("  no test: too few hands with the hero's cards or all-ins shown")
    if report.players:
        lines += ["", f"All-in luck ({report.all_ins:,} all-ins), most all-ins first:"]
        for player in report.players[:players]:
            chips = "; ".join(
                money(player.actual[unit] - expected, unit, sign=True) for unit, expected in player.expected.items()
            )
            lines.append(f"  {player.player}: {player.all_ins:,} all-ins, luck {chips}, z = {player.z:+.2f}")
            if player.hi_lo_all_ins:
                lines.append(f"    hi/lo ({player.hi_lo_all_ins:,} all-ins): " + hi_lo_text(player))
    scopes = list(dict.fromkeys(test.scope for test in report.tests))
    if scopes:
        lines += ["", "What the tests can and cannot show:"]
        for scope in scopes:
            keys = ", ".join(test.key for test in report.tests if test.scope == scope)
            lines.append(textwrap.fill(f"{keys}: {scope}", 116, initial_indent="  ", subsequent_indent="    "))
    lines += ["", *report.notes]
    verdict = (
        f"Verdict: NOT FAIR: {len(report.rejected)} test(s) reject a fair deal at level {report.level:g} "
        "after correction."
        if report.rejected
        else f"Verdict: no test rejects a fair deal at level {report.level:g} after correction."
    )
    lines.append(verdict)
    return "\n".join(lines) + "\n"
