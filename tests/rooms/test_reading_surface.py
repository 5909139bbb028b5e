"""No reader parses amounts or cards with code of its own: the rooms read them with the reading kit
(omaha_audit/rooms/kit), so that a number style or a card language learnt there is learnt for every room.
And each room's folder documents what it reads (its README's four sections)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOMS = Path(__file__).resolve().parents[2] / "omaha_audit" / "rooms"
# the model's own readers of amounts and cards, which the kit replaces for the rooms
NOT_FOR_ROOMS = {"parse_amount", "parse_card", "parse_cards"}
SECTIONS = ("## Languages", "## Number styles", "## Header variants", "## Lines with no chips")


def room_folders() -> list[Path]:
    return sorted(path for path in ROOMS.iterdir() if (path / "__init__.py").exists() and path.name != "kit")


def reader_files() -> list[Path]:
    return [file for folder in room_folders() for file in sorted(folder.rglob("*.py")) if file.name != "writer.py"]


@pytest.mark.parametrize("path", reader_files(), ids=lambda path: f"{path.parent.name}/{path.name}")
def test_a_reader_reads_amounts_and_cards_with_the_kit_only(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("omaha_audit.model"):
            used = NOT_FOR_ROOMS & {alias.name for alias in node.names}
            assert not used, f"{path}:{node.lineno} imports {used}: read amounts and cards with omaha_audit.rooms.kit"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "float":
            literal = node.args and isinstance(node.args[0], ast.Constant) and node.args[0].value == "inf"
            assert literal, f"{path}:{node.lineno} calls float(): an amount is exact units, read with the kit"


@pytest.mark.parametrize("folder", room_folders(), ids=lambda path: path.name)
def test_each_room_documents_what_it_reads(folder: Path) -> None:
    readme = folder / "README.md"
    assert readme.exists(), f"{folder.name} has no README.md"
    text = readme.read_text(encoding="utf-8")
    missing = [section for section in SECTIONS if section.lower() not in text.lower()]
    assert not missing, f"{folder.name}/README.md lacks {missing}"
    assert "test" in text, f"{folder.name}/README.md names no test for its claims"
