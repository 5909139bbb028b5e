"""Play is varied enough to reach the corners the rules cover (RULES.md), in clean hands."""

from __future__ import annotations

from collections import Counter

import pytest

from omaha_audit.generate import GenerateConfig, make_hand, plan_hands

WANTED = {
    "multiway-showdown": 20,  # three or more players at the showdown
    "pot-size": 20,  # pot-limit bets and raises of exactly the pot
    "min-raise": 20,
    "short-all-in": 10,  # all-in raises for less than a full raise
    "not-reopened": 5,  # a player who could only call or fold after a short all-in
    "short-call-all-in": 10,
    "side-pot": 20,
    "two-side-pots": 5,
    "split-pot": 10,  # tied hands
    "hi-lo-split": 20,
    "quartered": 5,
    "odd-chip": 10,
    "no-low": 10,
    "uncalled": 50,
    "heads-up": 20,
    "sitting-out": 20,
    "missed-blinds": 10,  # `posts small & big blinds`
    "new-player-blind": 5,  # an extra big blind from a new player
    "run-twice": 10,
    "walk": 10,
    "capped": 5,  # `Betting is capped`
    "antes": 20,
    "tournament": 50,
    "ends-preflop": 50,
    "ends-flop": 50,
    "ends-turn": 50,
    "ends-river": 30,
    "showdown": 100,
}


@pytest.mark.integration  # (a generator-sized run: tests/conftest.py)
def test_clean_hands_cover_the_rules() -> None:
    config = GenerateConfig(hands=3000, seed=99)
    seen: Counter[str] = Counter()
    for planned in plan_hands(config):
        rec, _ = make_hand(config, planned)
        seen.update(rec.tags)
    short = {tag: (seen[tag], least) for tag, least in WANTED.items() if seen[tag] < least}
    assert short == {}
