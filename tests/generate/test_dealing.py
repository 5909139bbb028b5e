"""generate/dealing.py: each room's hands are dealt by the preset `omaha-audit audit` applies to them, derived
in one place for every room. Checked here against the presets themselves, the way the audit reads them
(rules/oa309_blind_amount.py for the fixed-limit small blind, HouseRules.rake_cap for the caps)."""

from __future__ import annotations

import io
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest

from omaha_audit.generate import GenerateConfig, generate
from omaha_audit.generate.config import CASH_BLINDS, FIXED_LIMIT_CASH, POKERSTARS_RAKE
from omaha_audit.generate.dealing import dealing_rules, room_rules
from omaha_audit.generate.faults_table import session_rooms
from omaha_audit.generate.writers import cannot_show, cannot_show_why, room_currency, room_dealing, rooms
from omaha_audit.model.house_rules import GENERIC
from omaha_audit.rooms import preset_of
from omaha_audit.rooms.pokerstars.presets import POKERSTARS
from omaha_audit.run.pipeline import Auditor

BIG_BLINDS = sorted({big for _, big in CASH_BLINDS} | {small_bet for small_bet, _ in FIXED_LIMIT_CASH})


def test_pokerstars_is_dealt_as_before() -> None:
    """PokerStars' preset gives the schedule written out in config.py and its fixed-limit blinds."""
    rules = room_rules("pokerstars")
    assert rules.rake == POKERSTARS_RAKE
    blinds = {small_bet: rules.fixed_limit_small_blind(small_bet) for small_bet, _ in FIXED_LIMIT_CASH}
    assert blinds == {10: 5, 25: 10, 50: 25, 100: 50, 200: 100, 300: 100, 500: 200, 1000: 500, 1500: 1000}
    assert (rules.button_mode, rules.small_owed, rules.hu_capped) == ("moving", True, True)


@pytest.mark.parametrize("room", rooms())
def test_fixed_limit_blinds_are_those_the_audit_expects(room: str) -> None:
    house = preset_of(room, room)
    rules = room_dealing(room)
    for small_bet, _ in FIXED_LIMIT_CASH:
        listed = house.fl_small_blind(Decimal(small_bet) / 100)
        expected = int(listed * 100) if listed is not None else small_bet // 2
        assert rules.fixed_limit_small_blind(small_bet) == expected, (room, small_bet)


def test_rooms_that_post_half_the_small_bet() -> None:
    for room in ("acr", "ipoker", "888poker"):
        rules = room_dealing(room)
        assert [rules.fixed_limit_small_blind(bet) for bet in (300, 1500, 25)] == [150, 750, 12], room


@pytest.mark.parametrize("room", rooms())
def test_rake_caps_are_the_presets(room: str) -> None:
    """Where the preset states a cap for the room's currency, the generator's cap is that cap; where it
    states none, the kind `rake_over_cap` is not injected, and the reason says so."""
    house = preset_of(room, room)
    currency = room_currency(room)
    rules = room_dealing(room)
    assert rules.rake.no_flop_no_drop == house.no_flop_no_drop
    known = [
        (big_blind, players)
        for big_blind in BIG_BLINDS
        for players in range(2, 10)
        if house.rake_cap(currency, Decimal(big_blind) / 100, players) is not None
    ]
    for big_blind, players in known:
        cap = house.rake_cap(currency, Decimal(big_blind) / 100, players)
        assert cap is not None and rules.rake.cap(big_blind, players) == int(cap * 100), (room, big_blind, players)
        assert rules.rake.audited_cap(big_blind)
    if known:
        assert "rake_over_cap" not in cannot_show(room)
    else:
        assert rules.rake.capped_from is None and rules.rake.caps == POKERSTARS_RAKE.caps
        assert cannot_show_why(room)["rake_over_cap"] == (
            f"the {house.name} preset states no rake cap for {currency} tables: the audit holds the rake there to "
            "no cap, only to a quarter of the pot, which no room takes"
        )


def test_888poker_caps_its_rake_by_its_own_schedule() -> None:
    rake = room_dealing("888poker").rake
    assert (rake.cap(2, 2), rake.cap(10, 2), rake.cap(10, 3)) == (50, 100, 200)
    assert (rake.cap(100, 2), rake.cap(100, 6)) == (100, 400)
    assert (rake.cap(1000, 2), rake.cap(1000, 9), rake.cap(10_000, 2)) == (250, 500, 500)


def test_a_variant_in_another_currency_takes_that_currencys_caps() -> None:
    """888's euro tables: its schedule is in dollars, so no cap is known for them (nor for GG's yuan)."""
    assert room_currency("888poker", ("euro",)) == "EUR"
    assert "rake_over_cap" in cannot_show("888poker", ("euro",))
    assert "rake_over_cap" not in cannot_show("888poker", ("de",))
    assert "CNY tables" in cannot_show_why("ggpoker", ("yuan",))["rake_over_cap"]
    assert room_currency("winamax") == "EUR"


def test_sessions_move_the_button_as_the_presets_say() -> None:
    for room, support in session_rooms().items():
        house = preset_of(room, room)
        assert support.judged == house.button_mode and support.small_owed == house.missed_small_blind_owed
        assert support.modes == (("moving", "dead") if house.button_mode == "either" else (house.button_mode,))


def test_the_heads_up_cap_and_the_other_settings() -> None:
    assert not dealing_rules(replace(POKERSTARS, hu_cap="unlimited")).hu_capped
    assert dealing_rules(GENERIC).rake.no_flop_no_drop
    assert not dealing_rules(replace(GENERIC, no_flop_no_drop=False)).rake.no_flop_no_drop
    with pytest.raises(ValueError, match="PL-7"):
        dealing_rules(replace(GENERIC, name="odd", sb_counts_as_bb_for_pot=True))
    with pytest.raises(ValueError, match="CT-3"):
        dealing_rules(replace(GENERIC, name="odd", sit_in_between_blinds=True))


def test_a_room_uncapped_heads_up_gets_its_raise_after_the_cap_multiway(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Where the preset does not cap heads-up play at four bets (FL-3), a fifth bet heads-up is no error: the
    fault is put where three or more players can still act, and each is caught under that preset."""
    house = replace(POKERSTARS, name="uncapped-heads-up", hu_cap="unlimited")
    monkeypatch.setattr("omaha_audit.generate.table.room_dealing", lambda room, names=(): dealing_rules(house))
    config = GenerateConfig(hands=40, seed=5, fault_rate=1.0, faults=("raise_after_cap",))
    text = tmp_path / "hands.txt"
    with text.open("w", encoding="utf-8", newline="") as out:
        generate(config, out, io.StringIO())
    found = 0
    for audited in Auditor(house).audit_files([text]):
        found += any(finding.code == "OA305" for finding in audited.findings)
    assert found == 40
