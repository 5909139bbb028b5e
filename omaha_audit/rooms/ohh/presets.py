"""House rules for Open Hand History files: OHH names the site that dealt the hand (`site_name`), and a
hand of a site one of our formats reads is audited with that room's preset (see `OhhFormat.preset`);
any other site's hands with these, RULES.md's defaults (no rake caps are known for an unnamed site)."""

from __future__ import annotations

from typing import Final

from omaha_audit.model.house_rules import HouseRules

OHH: Final = HouseRules(
    name="ohh",
    notes="Open Hand History of a site no format of ours reads: RULES.md's defaults, no rake caps known.",
)

PRESETS: Final = (OHH,)
BY_ROOM: Final = {"ohh": OHH}
