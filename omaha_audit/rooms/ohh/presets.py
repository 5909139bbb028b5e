"""House rules for Open Hand History files: OHH names the site that dealt the hand (`site_name`), and a
hand of a site one of our formats reads is audited with that room's preset (see `OhhFormat.preset`);
PokerNow's games, which the PokerNow converter writes under another site's name (reader.py,
`converted_from_pokernow`), with PokerNow's; any other site's hands with these, RULES.md's defaults (no
rake caps are known for an unnamed site)."""

from __future__ import annotations

from typing import Final

from omaha_audit.model.house_rules import HouseRules

OHH: Final = HouseRules(
    name="ohh",
    notes="Open Hand History of a site no format of ours reads: RULES.md's defaults, no rake caps known.",
)

POKERNOW: Final = HouseRules(
    name="pokernow",
    # CT-3: a player who sits down at a PokerNow table is dealt in at the next hand, wherever the blinds are,
    # with no post (the corpus's PokerNow logs: `BraswellM` sits at seat 9, under the gun, and raises his
    # first hand without posting)
    sit_in_between_blinds=True,
    notes="PokerNow (pokernow.club) home games: the host's table, no rake; players may sit in anywhere "
    "without posting; RULES.md's defaults otherwise.",
)

PRESETS: Final = (OHH, POKERNOW)
BY_ROOM: Final = {"ohh": OHH, "pokernow": POKERNOW}
