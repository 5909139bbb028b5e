"""`--rules FILE`: house rules from TOML, on top of a named preset, with clear errors."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from omaha_audit.rooms import BY_NAME
from omaha_audit.rooms.pokerstars.presets import POKERSTARS
from omaha_audit.run.house import PRESETS, RulesFileError, load_rules_file


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "room.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_file_changes_a_preset(tmp_path: Path) -> None:
    rules = load_rules_file(
        _write(
            tmp_path,
            'base = "pokerstars"\nname = "my-room"\nhu_cap = "unlimited"\nno_flop_no_drop = false\n'
            '[[rake_caps]]\ncurrency = "USD"\nbig_blind_from = "0.50"\nheads_up = "1.00"\n'
            'three_four = "2.00"\nfive_plus = "3.00"\n',
        )
    )
    assert (rules.name, rules.hu_cap, rules.no_flop_no_drop) == ("my-room", "unlimited", False)
    assert rules.rake_cap("USD", Decimal("1"), 6) == Decimal("3.00")
    assert rules.rake_cap("USD", Decimal("0.25"), 6) is None  # only the file's caps
    assert rules.pot_level_at_folded_all_in is POKERSTARS.pot_level_at_folded_all_in  # the rest from the base


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('base = "nowhere"\n', "unknown base preset"),
        ("colour = 3\n", "unknown setting(s): colour"),
        ('no_flop_no_drop = "yes"\n', "no_flop_no_drop must be bool"),
        ('odd_chip_rule = "high_card_by_suit"\n', "odd_chip_rule must be one of first_left_of_button"),
        ('hu_cap = "3_bets"\n', "hu_cap must be one of"),
        ("[[rake_caps]]\ncurrency = 1\n", "bad rake_caps entry"),
        ("this is not toml", "room.toml"),
    ],
)
def test_bad_files_are_refused_with_the_reason(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(RulesFileError, match=re.escape(message)):
        load_rules_file(_write(tmp_path, text))


def test_rooms_get_their_presets() -> None:
    stars = BY_NAME["pokerstars"]
    assert stars.preset("pokerstars") is POKERSTARS
    assert stars.preset("run-it-once").name == "run-it-once"
    assert stars.preset("mpl").name == "mpl"
    assert stars.preset("somewhere-else").name == "generic"


def test_every_preset_can_be_named() -> None:
    for room_format in BY_NAME.values():
        for preset in room_format.presets():
            assert PRESETS[preset.name] is preset
