"""The audit rules, registered in one explicit tuple, and the function that runs them on a hand."""

from __future__ import annotations

import functools
import traceback
from collections.abc import Iterable
from typing import Final

from omaha_audit.model import Hand
from omaha_audit.model.hand_value import Words
from omaha_audit.model.house_rules import HouseRules
from omaha_audit.rules import (
    oa101_unreadable_hand,
    oa102_unsupported_game,
    oa103_header_blinds_mismatch,
    oa104_internal_error,
    oa105_unknown_player,
    oa106_malformed_line,
    oa107_truncated_hand,
    oa108_seat_list,
    oa109_inconsistent_record,
    oa201_duplicate_card,
    oa202_hole_card_count,
    oa203_board_size,
    oa204_courchevel_preflop_card,
    oa205_run_twice_prefix,
    oa206_empty_board_card,
    oa207_draw_card_count,
    oa208_draw_beyond_deck,
    oa301_pot_limit_overbet,
    oa302_under_minimum,
    oa303_raise_not_reopened,
    oa304_limit_bet_size,
    oa305_limit_cap,
    oa306_check_facing_bet,
    oa307_wrong_call,
    oa308_over_stack,
    oa309_blind_amount,
    oa310_blind_seat,
    oa311_out_of_turn,
    oa312_acted_when_out,
    oa313_street_too_early,
    oa314_raise_increment,
    oa315_all_in_flag,
    oa316_bring_in_player,
    oa317_bring_in_amount,
    oa401_uncalled_bet,
    oa402_pot_breakdown,
    oa403_ineligible_collect,
    oa501_wrong_winner,
    oa502_hi_lo_split,
    oa503_low_without_qualifier,
    oa504_low_ignored,
    oa505_odd_chip,
    oa506_run_twice_split,
    oa507_hand_description,
    oa601_collected_plus_rake,
    oa602_chips_not_conserved,
    oa603_rake_cap,
    oa604_rake_no_flop,
    oa605_summary_mismatch,
    oa701_button_movement,
    oa702_big_blind_skipped,
    oa703_missed_blinds,
    oa704_new_player,
    oa705_stack_carry_over,
    oa706_duplicate_hand,
    oa707_tournament_level,
    oa708_hand_order,
)
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity
from omaha_audit.rules.misread import withhold
from omaha_audit.rules.tables import TableRule

RULES: Final[tuple[Rule, ...]] = (
    oa101_unreadable_hand.RULE,
    oa102_unsupported_game.RULE,
    oa103_header_blinds_mismatch.RULE,
    oa104_internal_error.RULE,
    oa105_unknown_player.RULE,
    oa106_malformed_line.RULE,
    oa107_truncated_hand.RULE,
    oa108_seat_list.RULE,
    oa109_inconsistent_record.RULE,
    oa201_duplicate_card.RULE,
    oa202_hole_card_count.RULE,
    oa203_board_size.RULE,
    oa204_courchevel_preflop_card.RULE,
    oa205_run_twice_prefix.RULE,
    oa206_empty_board_card.RULE,
    oa207_draw_card_count.RULE,
    oa208_draw_beyond_deck.RULE,
    oa301_pot_limit_overbet.RULE,
    oa302_under_minimum.RULE,
    oa303_raise_not_reopened.RULE,
    oa304_limit_bet_size.RULE,
    oa305_limit_cap.RULE,
    oa306_check_facing_bet.RULE,
    oa307_wrong_call.RULE,
    oa308_over_stack.RULE,
    oa309_blind_amount.RULE,
    oa310_blind_seat.RULE,
    oa311_out_of_turn.RULE,
    oa312_acted_when_out.RULE,
    oa313_street_too_early.RULE,
    oa314_raise_increment.RULE,
    oa315_all_in_flag.RULE,
    oa316_bring_in_player.RULE,
    oa317_bring_in_amount.RULE,
    oa401_uncalled_bet.RULE,
    oa402_pot_breakdown.RULE,
    oa403_ineligible_collect.RULE,
    oa501_wrong_winner.RULE,
    oa502_hi_lo_split.RULE,
    oa503_low_without_qualifier.RULE,
    oa504_low_ignored.RULE,
    oa505_odd_chip.RULE,
    oa506_run_twice_split.RULE,
    oa507_hand_description.RULE,
    oa601_collected_plus_rake.RULE,
    oa602_chips_not_conserved.RULE,
    oa603_rake_cap.RULE,
    oa604_rake_no_flop.RULE,
    oa605_summary_mismatch.RULE,
)
# The rules across hands (continuity, RULES.md section 12): judged on the hands of each table in order.
TABLE_RULES: Final[tuple[TableRule, ...]] = (
    oa701_button_movement.RULE,
    oa702_big_blind_skipped.RULE,
    oa703_missed_blinds.RULE,
    oa704_new_player.RULE,
    oa705_stack_carry_over.RULE,
    oa706_duplicate_hand.RULE,
    oa707_tournament_level.RULE,
    oa708_hand_order.RULE,
)
ALL_RULES: Final[tuple[Rule | TableRule, ...]] = RULES + TABLE_RULES
BY_CODE: Final[dict[str, Rule | TableRule]] = {rule.code: rule for rule in ALL_RULES}
INTERNAL_ERROR: Final = oa104_internal_error.RULE


def select_rules(
    select: Iterable[str] | None = None, ignore: Iterable[str] | None = None
) -> tuple[Rule | TableRule, ...]:
    """Rules of both kinds whose code starts with one of `select` (all when None) and none of `ignore`
    (`OA3` selects the betting family, `OA7` the rules across hands)."""
    chosen = tuple(select or ())
    dropped = tuple(ignore or ())
    return tuple(
        rule
        for rule in ALL_RULES
        if (not chosen or rule.code.startswith(chosen)) and not (dropped and rule.code.startswith(dropped))
    )


def audit_hand(
    hand: Hand,
    house: HouseRules,
    rules: tuple[Rule, ...] = RULES,
    *,
    strict: bool = False,
    words: Words | None = None,
) -> list[Finding]:
    """Run `rules` on one hand. A rule that crashes becomes an OA104 finding (or raises when `strict`).
    `words`: the room's description words, where OA507 checks them."""
    return audit_context(HandContext(hand, house, words), rules, strict=strict)


def audit_context(ctx: HandContext, rules: tuple[Rule, ...] = RULES, *, strict: bool = False) -> list[Finding]:
    """Like audit_hand, on a context the caller keeps (its replay and settlement can be reused)."""
    findings: list[Finding] = []
    family = 0 if ctx.hand.game.is_flop_game else 1 if ctx.stud else 2 if ctx.draw else 3
    for rule in _applicable(rules, family, ctx.replayable):
        try:
            for finding in rule.check(ctx):  # (cheaper, compiled, than extend's copy of the generator)
                findings.append(finding)
        except Exception as error:
            if strict:
                raise
            where = traceback.extract_tb(error.__traceback__)[-1]
            findings.append(
                INTERNAL_ERROR.finding(
                    ctx,
                    f"Rule {rule.code} crashed on this hand: {error!r} at {where.filename}:{where.lineno}",
                    actual=repr(error),
                    severity=Severity.ERROR,
                )
            )
    findings.sort(key=lambda finding: (finding.line, finding.code))
    return withhold(ctx, findings)


@functools.lru_cache(maxsize=64)
def _applicable(rules: tuple[Rule, ...], family: int, replayable: bool) -> tuple[Rule, ...]:
    """The rules that judge a hand of this kind (`family`: 0 flop games, 1 stud games, 2 draw games, 3 the
    others): for stud and draw the rules marked `stud` or `draw` besides the OA1xx input rules and the
    game-independent ones (`any_game`), for the others only these; rules that read the replay only when the
    hand is replayed. Worked out once per rule set."""
    return tuple(rule for rule in rules if rule.judges(family) and (replayable or not rule.needs_replay))


__all__ = [
    "ALL_RULES",
    "BY_CODE",
    "RULES",
    "TABLE_RULES",
    "Finding",
    "Rule",
    "Severity",
    "TableRule",
    "audit_context",
    "audit_hand",
    "select_rules",
]
