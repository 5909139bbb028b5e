"""House rules by name: every room format's presets, the ones a caller registers (the generator's), and
TOML files of a user's own (`--rules FILE`: any HouseRules field; `base = "pokerstars"` starts from a
preset; `rake_caps` as an array of tables)."""

from __future__ import annotations

import tomllib
from dataclasses import fields, replace
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any, Final

from omaha_audit.model.house_rules import GENERIC, HouseRules, RakeCap
from omaha_audit.rooms import all_presets

PRESETS: Final[dict[str, HouseRules]] = all_presets()


def register_preset(rules: HouseRules) -> None:
    """Add a preset (e.g. the generator's) so it can be named on the command line."""
    PRESETS[rules.name] = rules


class RulesFileError(ValueError):
    pass


def load_rules_file(path: Path) -> HouseRules:
    """Read house rules from TOML: any HouseRules field; `base = "pokerstars"` starts from a preset."""
    try:
        data: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise RulesFileError(f"{path}: {error}") from None
    base_name = data.pop("base", "generic")
    if base_name not in PRESETS:
        raise RulesFileError(f"{path}: unknown base preset {base_name!r} (known: {', '.join(sorted(PRESETS))})")
    known = {item.name for item in fields(HouseRules)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise RulesFileError(f"{path}: unknown setting(s): {', '.join(unknown)}")
    changes: dict[str, Any] = {"name": data.pop("name", path.stem)}
    for key, value in data.items():
        if key == "rake_caps":
            try:
                changes[key] = tuple(
                    RakeCap(
                        str(row["currency"]),
                        Decimal(str(row["big_blind_from"])),
                        Decimal(str(row["heads_up"])),
                        Decimal(str(row["three_four"])),
                        Decimal(str(row["five_plus"])),
                        date.fromisoformat(str(row["before"])) if "before" in row else None,
                    )
                    for row in value
                )
            except (KeyError, TypeError, ValueError, ArithmeticError) as error:
                raise RulesFileError(f"{path}: bad rake_caps entry: {error}") from None
            continue
        expected = type(getattr(GENERIC, key))
        if not isinstance(value, expected):
            raise RulesFileError(f"{path}: {key} must be {expected.__name__}, not {type(value).__name__}")
        changes[key] = value
    try:
        return replace(PRESETS[base_name], **changes)
    except ValueError as error:
        raise RulesFileError(f"{path}: {error}") from None


__all__ = ["PRESETS", "RulesFileError", "load_rules_file", "register_preset"]
