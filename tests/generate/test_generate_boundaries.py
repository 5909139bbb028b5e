"""The generator computes pots and awards itself: it may use the hand evaluator, never the audit
engine's replay, pots or settlement code."""

from __future__ import annotations

import ast
from pathlib import Path

import omaha_audit.generate

PACKAGE = Path(omaha_audit.generate.__file__).resolve().parent
ALLOWED_ENGINE = ("omaha_audit.engine.evaluate",)


def test_generator_does_not_import_the_engines_award_code() -> None:
    for path in sorted(PACKAGE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            for name in names:
                if name.startswith("omaha_audit.engine"):
                    assert name.startswith(ALLOWED_ENGINE), f"{path.name} imports {name}"
                assert not name.startswith(("omaha_audit.rules", "omaha_audit.parse")), f"{path.name}: {name}"


def test_modules_stay_small() -> None:
    for path in sorted(PACKAGE.glob("*.py")):
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 600, path.name
