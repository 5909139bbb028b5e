"""The rules document themselves: docstrings with examples, and docs/RULE_CODES.md lists every code."""

from __future__ import annotations

import re
from pathlib import Path

from corpus_paths import REPO

from omaha_audit.rules.registry import ALL_RULES as RULES


def test_codes_unique_and_grouped() -> None:
    codes = [rule.code for rule in RULES]
    assert len(codes) == len(set(codes))
    families = {
        "1": "input",
        "2": "cards",
        "3": "betting",
        "4": "pots",
        "5": "showdown",
        "6": "accounting",
        "7": "continuity",  # the rules across hands (TableRule)
    }
    assert all(re.fullmatch(r"OA[1-7]\d\d", code) and code[2] in families for code in codes)


def test_every_rule_has_documentation_with_examples() -> None:
    for rule in RULES:
        doc = rule.doc
        assert doc, rule.code
        assert "Bad" in doc and "Good" in doc and "Why" in doc, rule.code


def test_rule_codes_doc_matches_registry() -> None:
    text = (REPO / "docs" / "RULE_CODES.md").read_text(encoding="utf-8")
    rows = {
        m.group(1): (m.group(2), m.group(3), m.group(4))
        for m in re.finditer(r"^\| (OA\d{3}) \| ([\w-]+) \| ([^|]*) \|.*\[(error|warning|info)\] \|$", text, re.M)
    }
    for rule in RULES:
        assert rule.code in rows, f"{rule.code} missing from docs/RULE_CODES.md"
        ids = ", ".join(rule.rule_ids) or "—"
        assert rows[rule.code] == (rule.name, ids, rule.severity.value), rule.code
    assert set(rows) == {rule.code for rule in RULES}


def test_a_docstring_dropped_by_compilation_is_read_from_the_source() -> None:
    """mypyc's compiled functions have no __doc__: the text then comes from the module's .py file, the same
    text the interpreted function carries."""
    from omaha_audit.rules import oa301_pot_limit_overbet as module
    from omaha_audit.rules.base import docstring

    class Compiled:  # what a compiled `check` looks like: a name and a module, no docstring
        __doc__ = None
        __name__ = "check"
        __module__ = module.__name__

    expected = Path(module.__file__).with_suffix("").with_suffix(".py").read_text(encoding="utf-8")
    text = docstring(Compiled())  # type: ignore[arg-type]
    assert text and text in expected
    assert "Bad" in text and "Good" in text
    if module.check.__doc__ is not None:  # interpreted: both ways give the same text
        assert text == module.check.__doc__.strip()
