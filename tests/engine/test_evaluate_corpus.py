"""Every shown hand with a description in the PokerStars corpus gets the room's own words from the
evaluator: the `X: shows [..] (desc)` lines (with PokerStars' kicker clauses, per showdown) and the
summary `showed [..] and won (..) with desc` / `and lost with desc` clauses (one per board in run-it-twice).

The lines are found with small regexes of this test's own (the project's parser is written separately).
Stud, razz and draw hands (8-Game file) are out of scope and skipped by the game named in the header.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from corpus_paths import pokerstars_files, require_corpus

from omaha_audit.engine.evaluate import (
    describe_hi_lo,
    evaluate_high,
    evaluate_holdem,
    evaluate_low,
    showdown_descriptions,
)

pytestmark = pytest.mark.corpus

HEADER = re.compile(r"^\ufeff?PokerStars (?:Home Game Hand|Hand|Game|Zoom Hand)")
STREET = re.compile(r"^\*\*\* (?:(?P<run>FIRST|SECOND) )?(?P<street>FLOP|TURN|RIVER) \*\*\* (?P<cards>.*)$")
SHOW_DOWN = re.compile(r"^\*\*\* (?:(?P<run>FIRST|SECOND) )?SHOW ?DOWN \*\*\*")
SHOWS = re.compile(r"^(?P<name>.+?): shows \[(?P<cards>[^\]]*)\] \((?P<desc>.*)\)\s*$")
SUMMARY_BOARD = re.compile(r"^(?:(?P<run>FIRST|SECOND) )?Board \[(?P<cards>[^\]]*)\]")
SHOWED = re.compile(
    r"^Seat \d+: (?P<name>.+?) (?:\((?:button|small blind|big blind|button blind)\) )*"
    r"showed \[(?P<cards>[^\]]*)\] (?P<rest>and (?:won|lost).*?)\s*$"
)
CLAUSE = re.compile(r"^and (?:won \([^)]*\)|lost) with (?P<desc>.*)$")
OUT_OF_SCOPE = ("Stud", "Razz", "Draw", "Badugi", "6+")

# Room phrasings the evaluator does not reproduce, by file and line, with the reason. Both are lines of a
# hand converted from another room's history into PokerStars' format (Bodog player names "PLR_...",
# a "Table leave user" line): the converter wrote "Nine to Six" for two different straights (5-9 and
# 6-T on 8h 7h 4d As 9d), which is not PokerStars' wording nor the right hand.
KNOWN_MISMATCHES = {
    "PokerStars/fpdb-chaz/PLO-6max-USD-5-10-201509.converted.format.txt:30",
    "PokerStars/fpdb-chaz/PLO-6max-USD-5-10-201509.converted.format.txt:31",
    "PokerStars/fpdb-chaz/PLO-6max-USD-5-10-201509.converted.format.txt:40",
    "PokerStars/fpdb-chaz/PLO-6max-USD-5-10-201509.converted.format.txt:41",
}


@dataclass
class Hand:
    path: Path
    lines: list[tuple[int, str]] = field(default_factory=list)


def decode(data: bytes) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16")
    if data[:200].count(b"\x00") > 20:
        return data.decode("utf-16-le")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def hands_in(path: Path) -> list[Hand]:
    hands: list[Hand] = []
    for number, line in enumerate(re.split(r"\r\n|\r|\n", decode(path.read_bytes())), start=1):
        line = line.lstrip("\ufeff")
        if HEADER.match(line):
            hands.append(Hand(path))
        if hands:
            hands[-1].lines.append((number, line))
    return hands


def game_of(header: str) -> tuple[str, bool] | None:
    """("omaha" | "holdem", hi_lo) from the header line, or None for games out of scope."""
    game = header.split(":", 1)[1]
    mixed = re.search(r"(?:8-Game|HORSE|Mixed [^(]*)\s*\((?P<inner>[^,)]*)", game)
    if mixed:
        game = mixed.group("inner")
    if any(word in game for word in OUT_OF_SCOPE):
        return None
    if "Omaha" in game or "Courchevel" in game:
        return "omaha", "Hi/Lo" in game
    if "Hold'em" in game:
        return "holdem", False
    return None


def cards_of(text: str) -> list[str]:
    return re.findall(r"[2-9TJQKA][cdhs]", text)


@dataclass
class Checked:
    compared: int = 0
    mismatches: list[str] = field(default_factory=list)


def describe(game: str, hi_lo: bool, hole: list[str], board: list[str]) -> str:
    if game == "holdem":
        return evaluate_holdem(hole, board).describe()
    high = evaluate_high(hole, board)
    return describe_hi_lo(high, evaluate_low(hole, board)) if hi_lo else high.describe()


def check_hand(hand: Hand, checked: Checked) -> None:
    scope = game_of(hand.lines[0][1])
    if scope is None:
        return
    game, hi_lo = scope
    # Boards: the summary's (authoritative: a street line may print an empty card), else the street lines.
    boards: dict[str, list[str]] = {}
    street_boards: dict[str, list[str]] = {}
    for _, line in hand.lines:
        if match := SUMMARY_BOARD.match(line):
            boards[match.group("run") or ""] = cards_of(match.group("cards"))
        elif match := STREET.match(line):
            # A street line shows the whole board so far (old cards and new), per run in run-it-twice.
            street_boards[match.group("run") or ""] = cards_of(match.group("cards"))
    for run, cards in street_boards.items():
        boards.setdefault(run, cards)

    # Showdown sections: each `*** [FIRST|SECOND] SHOW DOWN ***` with its shows lines, in order, on the
    # final board of its run. A hand shown by a winner without a showdown ("Player0 collected 20 from
    # pot / Player0: shows [Kh Kc] (a pair of Kings)") stands alone, on the board dealt so far.
    sections: list[tuple[list[str], list[tuple[int, list[str], str]]]] = []
    summary: list[tuple[int, list[str], list[str]]] = []
    board_so_far: list[str] = []
    in_showdown = False
    for number, line in hand.lines:
        if match := SHOW_DOWN.match(line):
            sections.append((boards.get(match.group("run") or "", []), []))
            in_showdown = True
        elif match := STREET.match(line):
            board_so_far = cards_of(match.group("cards"))
        elif match := SHOWS.match(line):
            show = (number, cards_of(match.group("cards")), match.group("desc"))
            if in_showdown:
                sections[-1][1].append(show)
            else:
                sections.append((board_so_far, [show]))
        elif match := SHOWED.match(line):
            rest = re.sub(r" \((?:pot not awarded as player cashed out|cashed out)\)\.?$", "", match.group("rest"))
            clauses = re.split(r", (?=and (?:won|lost)\b)", rest)
            descs = [clause_match.group("desc") for clause in clauses if (clause_match := CLAUSE.match(clause))]
            summary.append((number, cards_of(match.group("cards")), descs))

    where = hand.path.relative_to(hand.path.parents[2])
    for board, shows in sections:
        shown = [(number, hole, desc) for number, hole, desc in shows if len(hole) >= 2]
        if not shown:
            continue
        evaluate = evaluate_holdem if game == "holdem" else evaluate_high
        highs = [evaluate(hole, board) for _, hole, _ in shown]
        lows = [evaluate_low(hole, board) for _, hole, _ in shown] if hi_lo else None
        for (number, hole, desc), ours in zip(shown, showdown_descriptions(highs, lows), strict=True):
            checked.compared += 1
            if ours != desc:
                checked.mismatches.append(f"{where}:{number}: {hole} on {board}: room {desc!r}, ours {ours!r}")

    runs = ["FIRST", "SECOND"] if "SECOND" in boards else [""]
    for number, hole, descs in summary:
        if not descs:  # "showed [..] and won ($50)": shown without a showdown, no description
            continue
        if len(descs) != len(runs):
            checked.mismatches.append(f"{where}:{number}: {len(descs)} descriptions for {len(runs)} boards")
            continue
        for run, desc in zip(runs, descs, strict=True):
            checked.compared += 1
            ours = describe(game, hi_lo, hole, boards[run])
            if ours != desc:
                checked.mismatches.append(f"{where}:{number}: {hole} on {boards[run]}: room {desc!r}, ours {ours!r}")


def test_every_pokerstars_description_is_reproduced() -> None:
    require_corpus()
    files = pokerstars_files()
    assert files, "no PokerStars files found in the corpus"
    checked = Checked()
    for path in files:
        for hand in hands_in(path):
            check_hand(hand, checked)
    assert checked.compared > 700, f"only {checked.compared} descriptions found: the extraction is broken"
    unexpected = [line for line in checked.mismatches if line.split(": ", 1)[0] not in KNOWN_MISMATCHES]
    assert not unexpected, "\n".join(unexpected)
    seen = {line.split(": ", 1)[0] for line in checked.mismatches}
    assert seen == KNOWN_MISMATCHES, f"known mismatches no longer seen: {sorted(KNOWN_MISMATCHES - seen)}"


def test_decode_handles_the_corpus_encodings() -> None:
    assert decode("PokerStars".encode("utf-16")) == "PokerStars"
    assert decode(b"\xef\xbb\xbfPokerStars \xe2\x82\xac") == "PokerStars \u20ac"
    assert decode(b"PokerStars \x80") == "PokerStars \u20ac"
