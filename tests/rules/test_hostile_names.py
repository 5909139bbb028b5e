"""A player's name never changes how a line is read (issue 19, point 5).

Real hands of every text room of the corpus are written again with one player renamed to a hostile name:
names that hold the words of other line types (`Uncalled bet ($1) returned to x`, `x: raises 1 to 2`,
`immo said, "hi"`, `z) collected $100 from pot`), that end like a cards line (`y [Ah Kh]`), that are only a
BOM, JSON, HTML, right-to-left marks or a spreadsheet formula. The renamed hands must get the same findings
(code and line) as the originals, hand by hand: names are known from the seat lines, and the reader reads
every other line with them (parse/lexer.py, `_SeatedNames`).

A player is renamed only where the rename can be complete and certain: every occurrence of the name in
the hand, other seated names that contain it set aside (`Player1` in `Player10`), is at a place a name
stands (a line's start, after `Seat N: `, `Dealt to `, `returned to `..., and before a colon, a space, a
bracket or the line's end).
"""

from __future__ import annotations

import bisect
import json
import re
from collections import Counter, defaultdict
from pathlib import Path

import pytest
from corpus_paths import require_corpus

from omaha_audit.model import Hand
from omaha_audit.rooms import hand_source
from omaha_audit.rules.registry import RULES
from omaha_audit.run.pipeline import Auditor

pytestmark = pytest.mark.corpus

HOSTILE = (
    "Uncalled bet ($1) returned to x",
    "x: raises 1 to 2",
    "a: folds",
    "w: shows [Ah Kh]",
    "y [Ah Kh]",
    'immo said, "hi"',
    "z) collected $100 from pot",
    "q collected $5 from pot",
    "Seat 1: b",
    "Dealt to c",
    "*** SUMMARY ***",
    "\ufeff",
    '"},{"x":1',
    "<b>&amp;</b>",
    "\u202eabc\u200f",
    "=cmd|' /C calc'!A0",
)
HANDS_PER_ROOM = 40  # hands per room folder (the first ones with a player the rename can be sure of)
BEFORE = (  # (WPN's `Player X has big blind`, OnGame's `User: X` and `Main pot: $6 won by X ($3), Y ($3)`,
    # Entraction's `Small Blind:    X`, PokerTracker 4's `- X sitting in seat 2`, PartyPoker's `seat 1: X (`
    # and `Creating Main Pot with $ 0.5 with X, Y`, OnGame's `New hand for X:`, PokerStars' bounty lines,
    # KingsClub's `Run 2: X shows [...]`)
    r"(^|[Ss]eat ?\d+: |Seat \d+ - |Dealt to |Dealt in |returned to |[Tt]o |\*?Player |User: |won by |, "
    r"|^- |with |for |eliminating |elimination of |Tournament: |Run \d+: "
    r"|(?:Dealer|Small Blind|Big Blind|Button|Blind out of turn):\s+)"
)
AFTER = r"(?=[:\s(\[,]|$)"


def renamed(lines: list[str], old: str, new: str, names: list[str] | tuple[str, ...] = ()) -> list[str] | None:
    """The hand's lines with `old` renamed `new` wherever it stands as a name; None unless that is every
    place it occurs. The other seated `names` that contain `old` (`Player1` in `Player10`) are set aside
    first and put back after, so that only `old`'s own places count."""
    text = "\n".join(lines)
    longer = sorted((name for name in names if name != old and old in name), key=len, reverse=True)
    if any("\x00" in name for name in (old, new, *longer)):
        return None
    for index, name in enumerate(longer):
        text = text.replace(name, f"\x00{index}\x00")
    pattern = re.compile(BEFORE + re.escape(old) + AFTER, re.MULTILINE)
    result, count = pattern.subn(lambda m: m.group(1) + new, text)
    if count == 0 or text.count(old) != count:
        return None
    for index, name in enumerate(longer):
        result = result.replace(f"\x00{index}\x00", name)
    if " " in old and old.replace(" ", "_") in result:  # (Cake's mucked-cards lines write spaces as underscores)
        underscored = re.compile(BEFORE + re.escape(old.replace(" ", "_")) + AFTER, re.MULTILINE)
        result = underscored.sub(lambda m: m.group(1) + new.replace(" ", "_"), result)
    return result.split("\n")


def sample(
    room_dir: Path, limit: int = HANDS_PER_ROOM, every_player: bool = False, counts: Counter[str] | None = None
) -> tuple[list[list[str]], dict[str, list[tuple[int, list[str]]]]]:
    """Original hands of a room folder (`limit` of them, 0: all), and for each hostile name the renamed
    copies, each with the index of its original: one player per hand, in turn (or every player, one at a
    time, with `every_player`). `counts` gets the players looked at ("seated") and renamed ("renamed")."""
    originals: list[list[str]] = []
    copies: dict[str, list[tuple[int, list[str]]]] = defaultdict(list)
    source = hand_source()
    seen: set[tuple[str, ...]] = set()
    turn = 0
    for path in sorted(p for p in room_dir.rglob("*") if p.is_file() and p.suffix.lower() == ".txt"):
        for block, item in source.read_blocks(path):
            if limit and len(originals) >= limit:
                return originals, copies
            if block is None or not isinstance(item, Hand) or not block.lines or tuple(block.lines) in seen:
                continue  # (an identical copy is not audited again: its renamed copies would be)
            seen.add(tuple(block.lines))
            names = [seat.player for seat in item.seats]
            if any(re.fullmatch(r"Seat \d+", n) for n in names):
                continue  # (a room that prints seats, not names: Bovada)
            fit = [n for n in names if n.strip()]
            if not fit:
                continue
            chosen = fit if every_player else [fit[turn % len(fit)]]
            turn += 1
            renames = []
            for old in chosen:
                versions = [renamed(block.lines, old, new, names) for new in HOSTILE]
                if all(version is not None for version in versions):
                    renames.append(versions)
                if counts is not None:
                    counts["seated"] += 1
                    counts["renamed"] += renames[-1:] == [versions]
            if not renames:
                continue
            originals.append(block.lines)
            for versions in renames:
                for new, version in zip(HOSTILE, versions, strict=True):
                    assert version is not None
                    copies[new].append((len(originals) - 1, version))
    return originals, copies


def findings(hands: list[list[str]], path: Path) -> list[tuple[str, list[tuple[str, int]]]]:
    """Per hand, in order: what was read (a hand or an unreadable block) and its findings (code, and line
    counted from the first line of the text written for it: a renamed copy need not stand where its
    original stood in the file, and the reader may start a block at a line the hand before left, such as
    PartyPoker's `Game #N starts.`)."""
    path.write_text("\n\n\n".join("\n".join(lines) for lines in hands) + "\n", encoding="utf-8")
    starts, line = [], 1
    for lines in hands:
        starts.append(line)
        line += len(lines) + 2
    auditor = Auditor(rules=RULES, strict=True)  # (per-hand rules: the renamed player differs hand to hand)
    found = []
    for audited in auditor.audit_files([path]):
        item = audited.item
        lines = []
        for finding in audited.findings:
            written = starts[max(bisect.bisect_right(starts, finding.line) - 1, 0)]
            lines.append((finding.code, finding.line - written))
        found.append((type(item).__name__, sorted(lines)))
    return found


# The corpus folders whose text the rename can edit with certainty, hand by hand (for the XML rooms and
# TheBigGame see STRUCTURED below). Not renamed: Bovada, which prints positions (`Seat 3`), not names.
ROOMS = (
    "888poker", "Absolute", "BetOnline", "Betfair", "Cake", "Enet", "Entraction", "Everleaf", "FullTiltPoker",
    "GGPoker", "KingsClub", "OnGame", "PKR", "PartyPoker", "PokerStars", "PokerTracker4-export",
    "SealsWithClubs", "Unibet", "Winamax", "WinningPoker-ACR",
)  # fmt: skip


@pytest.mark.parametrize("room", ROOMS)
def test_hostile_names_change_no_finding(room: str, tmp_path: Path) -> None:
    room_dir = require_corpus() / room
    assert room_dir.is_dir(), f"{room_dir} is not in the corpus"
    originals, copies = sample(room_dir)
    assert originals, f"no hand of {room} could be renamed with certainty"
    expected = findings(originals, tmp_path / "originals.txt")
    assert len(expected) == len(originals)
    for index, name in enumerate(HOSTILE):
        changed = differences(expected, copies[name], tmp_path / f"renamed{index}.txt")
        assert not changed, f"{name!r}, {room}: {changed[0]}"


def differences(
    expected: list[tuple[str, list[tuple[str, int]]]], copies: list[tuple[int, list[str]]], path: Path
) -> list[str]:
    """The renamed copies whose findings are not their original's."""
    got = findings([lines for _, lines in copies], path)
    if len(got) != len(copies):
        return [f"{len(copies)} renamed copies read as {len(got)} hands or unreadable blocks"]
    return [
        f"hand {index}: {expected[index]} -> {after}"
        for (index, _), after in zip(copies, got, strict=True)
        if expected[index] != after
    ]


# The corpus folders whose names stand inside XML or a JavaScript object, renamed file by file: each player
# of a file in turn, in every place the name stands in the file (an attribute or element text delimited by
# quotes or tags, TheBigGame's `Name:"..."`), escaped as the format escapes it (XML character references
# and entities; JSON string escapes). A player whose name is part of another text in the file is not
# renamed (no certain rename).
STRUCTURED = ("BossMedia", "Everest", "Merge", "Microgaming", "TheBigGame", "iPoker")
FILES_PER_STRUCTURED_ROOM = 4  # in the test; benchmarks/hostile_names.py renames in every file
SLOW_STRUCTURED = ("TheBigGame", "iPoker")  # (their files hold many hands: 60 s and 13 s, in the slow set)
_DELIMITED = r"(?<=[\"'>]){}(?=[\"'<])"


def escaped(new: str, javascript: bool) -> str:
    """`new` as the format writes it, in ASCII (so the file's own encoding keeps it)."""
    if javascript:
        return json.dumps(new, ensure_ascii=True)[1:-1]
    text = new.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    return text.replace("'", "&apos;").encode("ascii", "xmlcharrefreplace").decode("ascii")


def renamed_file(data: bytes, old: str, new: str, javascript: bool) -> bytes | None:
    """The file's bytes with the player `old` renamed `new` wherever the name stands; None unless that is
    every place it occurs. (Worked on as Latin-1, which maps every byte to one character and back.)"""
    text = data.decode("latin-1")
    spelled = old.encode("utf-8").decode("latin-1")
    pattern = re.compile(_DELIMITED.format(re.escape(spelled)))
    replacement = escaped(new, javascript)
    result, count = pattern.subn(lambda _: replacement, text)
    if count == 0 or text.count(spelled) != count:
        return None
    return result.encode("latin-1")


def file_findings(path: Path) -> list[tuple[str, list[tuple[str, int]]]]:
    auditor = Auditor(rules=RULES, strict=True)
    return [
        (type(audited.item).__name__, sorted((f.code, f.line) for f in audited.findings))
        for audited in auditor.audit_files([path])
    ]


def structured_differences(room_dir: Path, folder: Path, files: int = 0) -> tuple[int, list[str]]:
    """(renamed copies audited, the ones whose findings are not their original's) for a structured room."""
    javascript = room_dir.name == "TheBigGame"
    source = hand_source()
    paths = sorted(p for p in room_dir.rglob("*") if p.is_file() and p.suffix.lower() in (".xml", ".txt"))
    copies, changed, used = 0, [], 0
    for path in paths:
        names = sorted(
            {seat.player for _, item in source.read_blocks(path) if isinstance(item, Hand) for seat in item.seats}
        )
        if not names:
            continue
        data = path.read_bytes()
        original = folder / f"original{path.suffix}"
        original.write_bytes(data)
        expected = file_findings(original)
        renamable = 0
        for old in names:
            versions = [renamed_file(data, old, new, javascript) for new in HOSTILE]
            if any(version is None for version in versions):
                continue
            renamable += 1
            for new, version in zip(HOSTILE, versions, strict=True):
                assert version is not None
                copy = folder / f"renamed{path.suffix}"
                copy.write_bytes(version)
                copies += 1
                got = file_findings(copy)
                if got != expected:
                    changed.append(f"{path.relative_to(room_dir)} {old!r} -> {new!r}: {expected} -> {got}")
        used += renamable > 0
        if files and used >= files:
            break
    return copies, changed


@pytest.mark.parametrize(
    "room",
    [pytest.param(room, marks=pytest.mark.slow) if room in SLOW_STRUCTURED else room for room in STRUCTURED],
)
def test_hostile_names_in_xml_and_javascript_rooms(room: str, tmp_path: Path) -> None:
    room_dir = require_corpus() / room
    assert room_dir.is_dir(), f"{room_dir} is not in the corpus"
    copies, changed = structured_differences(room_dir, tmp_path, FILES_PER_STRUCTURED_ROOM)
    assert copies >= len(HOSTILE), f"no player of {room} could be renamed with certainty"
    assert not changed, changed[0]


# Hands where a hostile name once changed the findings (benchmarks/hostile_names.py), each renaming one
# player: (room folder, file, hand id, player renamed, hostile name, what went wrong).
RENAMED_ONCE_WRONG = [
    (
        "OnGame",
        "PokerHandHistoryParser/OmahaShowdown.txt",
        "R5-361991211-178",
        "LagTard_x",
        "Seat 1: b",
        "the small blind right after the seat lines, `Seat 1: b posts small blind ($5)`, read as a seat line",
    ),
    (
        "PartyPoker",
        "fpdb-3/cash/Flop/NLHE-6max-USD-0.10-0.25-201309.player.joins.as.bb.txt",
        "13291512580",
        "Player3",
        "x: raises 1 to 2",
        "a player with no seat line, known from `has joined the table.`: his `x: raises 1 to 2 posts big blind`"
        " taken for chat, his blind and calls lost",
    ),
    (
        "PartyPoker",
        "fpdb-3/cash/Flop/NLHE-0.02-0.04-USD-201207.players.joining.leaving.txt",
        "11970291958",
        "Player8",
        "w: shows [Ah Kh]",
        "`w: shows [Ah Kh] has joined the table.` read as a show line before the cards were dealt",
    ),
    (
        "PartyPoker",
        "fpdb-3/cash/Flop/NLHE-6max-USD-0.50-1.00-201301.partial.player.names.txt",
        "12566995177",
        "Hero",
        "x: raises 1 to 2",
        "the seat of `Hero` written `Hero Name` in the lines: `x: raises 1 to 2 Name raises 3.0 to 3.0` taken"
        " for chat (a colon in a name that is not a seated one)",
    ),
    (
        "PokerStars",
        "fpdb-chaz/PLO-6max-USD-2.00-4.00-201403.2.partial.txt",
        "112824184047",
        "Player0",
        "a: folds",
        "the hand cut off after the name (`a: folds` alone on the last line) read as a fold by `a`",
    ),
    (
        "PokerStars",
        "fpdb-chaz/PLO-6max-USD-2.00-4.00-201403.2.partial.txt",
        "112824184047",
        "Player0",
        "*** SUMMARY ***",
        "the same hand cut off after the name, `*** SUMMARY ***` alone on the last line, read as its summary",
    ),
    (
        "PokerStars",
        "fpdb-chaz/PLO-6max-USD-2.00-4.00-201403.2.partial.txt",
        "112824184047",
        "Player0",
        "\ufeff",
        "the same hand cut off after the name, U+FEFF alone on the last line, dropped as a joined file's BOM",
    ),
    (
        "PartyPoker",
        "fpdb-3/cash/Flop/NLHE-10max-Freeroll-201207.name.starts.with.number.txt",
        "11960068174",
        "Player8",
        "w: shows [Ah Kh]",
        "`Player w: shows [Ah Kh] finished in 4 169.` read as a show line by `Player w:` (the tournament line's"
        " `Player ` prefix was not part of the grammar's line, so the seated name could not fit it)",
    ),
    (
        "PartyPoker",
        "fpdb-3/tour/Flop/LHE-Freeroll-MTT-201207.txt",
        "11932613562",
        "Hero",
        "w: shows [Ah Kh]",
        "the same `Player ... finished in` line, Hero's, in a tournament file",
    ),
    (
        "PokerTracker4-export",
        "fpdb-chaz/PLO-2max-EUR-0.25-0.50-201309.Microgaming.Export.txt",
        "5029053937",
        "Hero",
        "*** SUMMARY ***",
        "`*** SUMMARY *** posted the small blind` taken for the summary line: the hand ended at the next blank",
    ),
    (
        "PartyPoker",
        "fpdb-3/PLO-6max-USD-0.10-0.25-202602.cash.out.txt",
        "1770659766668adeb0h5qfm",
        "Hero",
        "a: folds",
        "`Creating Main Pot with $ 38.50 with Player2, a: folds` read as a fold by `Creating Main Pot ... a:`"
        " (the fold comes first in the grammar), a player with no seat",
    ),
    (
        "PartyPoker",
        "fpdb-3/cash/Flop/NLHE-6max-USD-0.10-0.25-201212.Mac.Format.txt",
        "12395241485",
        "Player3",
        "w: shows [Ah Kh]",
        "two awards run together on one line (`... Queens.Player4 wins $27,36 USD ...`), the line's pattern fixed"
        " to the first award's name: the second award unreadable, the main pot misawarded",
    ),
]


@pytest.mark.parametrize(("room", "file", "hand_id", "old", "new", "why"), RENAMED_ONCE_WRONG)
def test_a_name_once_misread(room: str, file: str, hand_id: str, old: str, new: str, why: str, tmp_path: Path) -> None:
    path = require_corpus() / room / file
    (lines,) = [
        block.lines
        for block, item in hand_source().read_blocks(path)
        if block is not None and isinstance(item, Hand) and item.hand_id == hand_id
    ]
    copy = renamed(lines, old, new)
    assert copy is not None, why
    assert findings([copy], tmp_path / "renamed.txt") == findings([lines], tmp_path / "original.txt"), why
