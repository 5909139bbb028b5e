"""The room boundary: what every hand-history format provides.

A format is one folder under omaha_audit/rooms/ with one object of a `RoomFormat` class: it recognises
its hands' first lines and where their summary starts (the splitter uses these to cut a file into hand
blocks, hand by hand, whatever the file's mix of rooms), reads a block into the `Hand` model (never
raising: a block it cannot read is an `UnreadableHand` with the line and the reason), and names the
house rules and the description words of each room that writes it. Rooms import the model and the
shared parse kit (omaha_audit/parse) only; adding one never touches the engine or the rules.
"""

from __future__ import annotations

import importlib.util
from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.model.hand_value import Words
from omaha_audit.model.house_rules import GENERIC, HouseRules
from omaha_audit.parse.files import Item
from omaha_audit.parse.input_files import Source
from omaha_audit.parse.split import Block, Marks


class RoomFormat(ABC):
    """One hand-history format. `name` is the format's id (`pokerstars`, `ggpoker`, ...), `title` how a
    user would name it, `marks` its header, summary and notice patterns (see parse.split.Marks)."""

    def __init__(self, name: str, title: str, marks: Marks) -> None:
        self.name = name
        self.title = title
        self.marks = marks

    @abstractmethod
    def read(self, block: Block) -> Hand | UnreadableHand:
        """One hand block of this format. Never raises."""

    def presets(self) -> tuple[HouseRules, ...]:
        """The named house-rule presets of the rooms that write this format (for `--room-preset`)."""
        return ()

    def preset(self, room: str) -> HouseRules:
        """The house rules a hand of `room` (a brand of this format) is audited with."""
        return GENERIC

    def own_preset(self, room: str) -> HouseRules | None:
        """An interchange format's (`copies`) own house rules for `room`, where it has some: the registry
        tries them first, then those of our format that writes the room's own text, then `preset`
        (omaha_audit/rooms/__init__.py preset_of)."""
        return None

    def words(self, room: str) -> Words | None:
        """The words `room` describes shown hands with, when they are reliable enough to check (OA507);
        None when the room prints no descriptions or its descriptions are not evidence."""
        return None

    def hand_words(self, hand: Hand) -> Words | None:
        """The words of `hand`'s room (`words`); a format whose hands may be written in another language
        (a client's) says None for those."""
        return self.words(hand.room)

    def copies(self) -> bool:
        """True for an interchange format (OHH, PHH): its hands are copies of hands that other formats
        wrote, each naming its room, and what that room's own text gives no ground for (cannot_check) a
        copy gives none for either."""
        return False

    def rooms(self) -> tuple[str, ...]:
        """The rooms (brands) whose hands this format reads."""
        return (self.name,)

    def cannot_check(self) -> dict[str, str]:
        """The rule codes this format's text gives no ground for, with why (a room that prints no total
        pot cannot have it checked): `omaha-audit rules` lists them, so that a silent room is never taken
        for a clean one."""
        return {}

    @property
    def folder(self) -> str:
        """The room's folder under omaha_audit/rooms: the package its format class is defined in."""
        parts = type(self).__module__.split(".")
        return parts[2] if len(parts) > 2 and parts[:2] == ["omaha_audit", "rooms"] else ""

    def writer(self) -> str | None:
        """The name of the module that writes this format's text for the generator (`omaha_audit.rooms.<folder>
        .writer`, the generator's layer: never imported by the reader), or None when the folder has none. The
        module is looked up, not imported."""
        if not self.folder or self.folder == "base":
            return None
        name = f"omaha_audit.rooms.{self.folder}.writer"
        try:
            found = importlib.util.find_spec(name)
        except ModuleNotFoundError:
            return None
        return name if found is not None else None

    # ---- formats that are read a whole file at a time (XML: one document, many hands) ---------------------
    def claims_file(self, head: bytes) -> bool:
        """True when a file that starts with `head` (its first bytes) is this format's and is read whole with
        `read_path` rather than split into text blocks by headers."""
        return False

    def read_path(self, path: Source) -> Iterator[Item]:
        """Every hand of a file this format claims, in order: hands, unreadable hands and file notices.
        Never raises; a broken part of the file loses only the hands it breaks."""
        raise NotImplementedError(f"{self.name} is not read a file at a time")

    def whole_bytes(self, path: Source) -> bytes | UnreadableHand:
        """All of a file's bytes, for a format read a file at a time; when they cannot be read, an unreadable
        hand saying why. Never raises. (A function, not a generator: `read_path` gives the unreadable hand
        outside any `except` block, as a compiled generator must: tests/test_lint.py.)"""
        try:
            with path.open("rb") as stream:
                return stream.read()
        except OSError as error:
            return UnreadableHand(str(path), 0, 0, 0, f"cannot read file: {error.strerror or error}", room=self.name)


@dataclass(frozen=True, slots=True)
class Room:
    """One entry of the registry (rooms/__init__.py `REGISTRY`): a format, the fuzz family its corpus folders
    belong to (tests/devtools/fuzz.py: `pokerstars-like`, `other-text`, `xml`, `interchange`; None: not fuzzed),
    and its folders in the corpus."""

    format: RoomFormat
    family: str | None
    corpus: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return self.format.name


class NotReadYet(RoomFormat):
    """A room whose hands are recognised (so that they are counted and reported, never lost) but not yet
    read: each block becomes an unreadable hand saying so."""

    def __init__(self, name: str, title: str, header: str, summary: str | None = None) -> None:
        super().__init__(name, title, Marks(name, header, summary))

    def read(self, block: Block) -> Hand | UnreadableHand:
        return UnreadableHand(
            block.path,
            block.first_line,
            block.first_line,
            block.last_line,
            f"{self.title} hand histories are not supported yet",
            room=self.name,
        )
