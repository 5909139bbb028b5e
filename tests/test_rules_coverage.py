"""Every rule id of docs/RULES.md is enforced by an audit rule or listed in docs/GUIDE.md as not checkable."""

from __future__ import annotations

import re

from corpus_paths import REPO

from omaha_audit.rules.registry import ALL_RULES as RULES

RULES_MD = REPO / "docs" / "RULES.md"
ID = re.compile(r"^### ((?:PL|MR|FL|BL|SP|OC|HL|OM|SD|UC|RK|RIT|CT|ST|DR|SG)-\d+)\b", re.MULTILINE)


def test_every_rules_md_id_is_covered() -> None:
    ids = set(ID.findall(RULES_MD.read_text(encoding="utf-8")))
    assert len(ids) > 40, ids
    enforced = {rule_id for rule in RULES for rule_id in rule.rule_ids}
    guide = (REPO / "docs" / "GUIDE.md").read_text(encoding="utf-8")
    table = guide.split("RULES.md ids that the text of a hand history cannot show", 1)[1].split("\n## ", 1)[0]
    documented = set(re.findall(r"\b(?:PL|MR|FL|BL|SP|OC|HL|OM|SD|UC|RK|RIT|CT|ST|DR|SG)-\d+\b", table))
    missing = sorted(ids - enforced - documented)
    assert not missing, f"RULES.md ids neither enforced nor documented as not checkable: {missing}"
    unknown = sorted((enforced | documented) - ids)
    assert not unknown, f"ids that RULES.md does not define: {unknown}"
