"""Real-hand regression: every PokerStars-format hand in ../shared/corpus is audited (strict: a rule that
crashes fails the test) and the complete set of findings must be exactly the table below, each entry with the
reason it is a genuine error or inconsistency in that hand. Info findings (OA102, games not replayed) are
counted per file. A new finding, or a listed one that is gone, fails the test: either the auditor changed or
the table must be updated with a reason.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest
from corpus_paths import pokerstars_files, require_corpus

from omaha_audit.pipeline import Auditor
from omaha_audit.rules.base import Finding, Severity


@dataclass(frozen=True)
class Known:
    path: str  # relative to the corpus's PokerStars folder
    hand_id: str
    code: str
    line: int  # in the file
    reason: str
    times: int = 1  # the same code on the same line more than once (one finding per card, ...)


BAD_FLOP = "fpdb-chaz/PLO-2max-USD-2.50-5.00-202310.bad.flop.txt"
WEIRD_BOARD = "fpdb-chaz/PL-Courchevel-6max-USD-0.50-1.00-201604.weird.board.txt"
PARTIAL = "fpdb-chaz/PLO-6max-USD-2.00-4.00-201403.2.partial.txt"
RIO_STP = "fpdb-chaz/PLO-6max-EUR-0.25-0.50-201908.RIO.STP.side.pot.txt"
RIO_RAISE_TO = "fpdb-chaz/PLO-6max-EUR-1.00-2.00-201902.RIO.raiseTo.bug.txt"
CONVERTED_FORMAT = "fpdb-chaz/PLO-6max-USD-5-10-201509.converted.format.txt"
CONVERTED_SECOND_SB = "fpdb-chaz/PLO-6-max-USD-30-60-201703.converted.secondsb.txt"
CONVERTED_FOLDS = "fpdb-chaz/PLO-6max-USD-10-20-201703.converted.disconnected.folds.txt"
EMPTY_TURN = "fpdb-chaz/6-Card-PLO-6max-USD-0.10-0.25-202208.empty.turncard.txt"

KNOWN: tuple[Known, ...] = (
    # PokerStars printed an empty turn card; the summary board has it (Jh).
    Known(EMPTY_TURN, "238296909420", "OA206", 22, "turn line reads `[3c Jd 6d] []`: the turn card is missing"),
    # Courchevel hand whose pre-flop card and flop lines PokerStars wrote garbled.
    Known(
        WEIRD_BOARD,
        "151933331674",
        "OA106",
        9,
        "`*** HOLE CARDS *** [2s]*** HOLE CARDSPRE-FLOP *** [2s]`: the pre-flop card line is run together",
    ),
    Known(WEIRD_BOARD, "151933331674", "OA106", 12, "flop `[2s] [2s3d 3c]`: '2s3d' is not a card"),
    Known(
        WEIRD_BOARD,
        "151933331674",
        "OA203",
        12,
        "that flop line holds only two readable cards (2s, 3c); the summary board shows 2s 3d 3c",
    ),
    Known(
        WEIRD_BOARD,
        "151933331674",
        "OA204",
        12,
        "with the PRE-FLOP line garbled the hand has no readable Courchevel pre-flop card",
    ),
    # Zoom heads-up hand whose flop line repeats Hero's hole cards (summary board: 7s 4h Qc Qd 8d).
    Known(
        BAD_FLOP,
        "246328968504",
        "OA201",
        12,
        "flop `[Qh Ks 8h As]` is Hero's hand `[Qh Ks 8h As]`: each of the four cards appears twice",
        times=4,
    ),
    Known(BAD_FLOP, "246328968504", "OA203", 12, "the flop line shows four cards"),
    Known(BAD_FLOP, "246328968504", "OA203", 17, "the turn line then shows five cards"),
    Known(BAD_FLOP, "246328968504", "OA203", 20, "and the river line six"),
    # Converted (non-PokerStars) hands whose converter printed the raise-to as the raise increment.
    Known(
        CONVERTED_SECOND_SB,
        "3434271432",
        "OA314",
        16,
        "preflop `raises $60 to $60` over the $30 big blind: the raise was $30",
    ),
    Known(CONVERTED_SECOND_SB, "3434271432", "OA314", 23, "flop `raises $60 to $60` over a $30 bet: the raise was $30"),
    Known(CONVERTED_FOLDS, "3430831896", "OA314", 15, "`raises $60 to $60` over the $20 big blind: the raise was $40"),
    Known(CONVERTED_FORMAT, "3115869696", "OA314", 15, "`raises $30 to $30` over the $10 big blind: the raise was $20"),
    Known(CONVERTED_FORMAT, "3115869696", "OA314", 26, "`raises $675 to $675` over a $135 bet: the raise was $540"),
    Known(
        CONVERTED_FORMAT,
        "3115869696",
        "OA507",
        30,
        "bodogJS [6d 3c 5s 3d] on [8h 7h 4d As 9d] is a straight Five to Nine, printed 'Nine to Six'",
    ),
    Known(
        CONVERTED_FORMAT,
        "3115869696",
        "OA507",
        31,
        "PLR_4509439ZS [7s 6h Td 9c] is a straight Six to Ten, printed 'Nine to Six' like the loser's",
    ),
    # Run It Once hand with splash-the-pot money: the collect lines pay the EUR 5 STP twice.
    Known(
        RIO_STP,
        "36197946",
        "OA601",
        41,
        "collected 26.82 + 122.02 = 148.84, but total 146.34 (STP included) less 2.50 rake is 143.84",
    ),
    Known(RIO_STP, "36197946", "OA605", 48, "the summary's `won EUR143.84` disagrees with the 148.84 collected"),
    # Run It Once hand with a misprinted raise-to (fpdb's "raiseTo.bug" file).
    Known(
        RIO_RAISE_TO,
        "31260881",
        "OA307",
        20,
        "PaulOpenfold re-raised to 68 over Randy O's 24, yet Randy O `calls EUR51` (owed 44)",
    ),
    Known(
        RIO_RAISE_TO,
        "31260881",
        "OA313",
        21,
        "after that 51 call Randy O is 7 over PaulOpenfold, who had to act again before the flop",
    ),
    Known(RIO_RAISE_TO, "31260881", "OA401", 1, "the 7 Randy O put in beyond PaulOpenfold's 68 is never returned"),
    Known(
        RIO_RAISE_TO,
        "31260881",
        "OA602",
        34,
        "the lines put in 375.76; `Total pot EUR382.76` is 2 x 189.88 + 3, as if the re-raise were to 75",
    ),
    # Hands cut off in the file.
    Known(PARTIAL, "112824228684", "OA107", 19, "the file stops in the middle of the flop line `*** FLOP *** [Js 3d`"),
    Known(PARTIAL, "112824184047", "OA107", 40, "the file stops after the word `Player0` on the flop"),
)

INFO_COUNTS: dict[tuple[str, str], int] = {
    # PokerStars Home Game 8-Game shoot-out: its Hold'em and Omaha rounds are audited, the stud, razz and draw
    # rounds are read and reported as not replayed.
    ("fpdb-chaz/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt", "OA102"): 71,
}

Key = tuple[str, str | None, str, int]


@pytest.fixture(scope="module")
def corpus_findings() -> list[tuple[str, Finding]]:
    root = (require_corpus() / "PokerStars").resolve()
    auditor = Auditor(strict=True, keep_text=False)
    found: list[tuple[str, Finding]] = []
    for item in auditor.audit_files(pokerstars_files()):
        for finding in item.findings:
            found.append((Path(finding.path).resolve().relative_to(root).as_posix(), finding))
    assert auditor.tally.hands > 500  # the corpus was read
    return found


def test_no_internal_errors(corpus_findings: list[tuple[str, Finding]]) -> None:
    crashed = [f"{path}: {f.message}" for path, f in corpus_findings if f.code == "OA104"]
    assert crashed == []


def test_every_finding_is_a_known_error_of_the_hand(corpus_findings: list[tuple[str, Finding]]) -> None:
    actual: Counter[Key] = Counter(
        (path, f.hand_id, f.code, f.line) for path, f in corpus_findings if f.severity is not Severity.INFO
    )
    expected: Counter[Key] = Counter()
    for known in KNOWN:
        expected[(known.path, known.hand_id, known.code, known.line)] += known.times
    messages = {(path, f.hand_id, f.code, f.line): f.message for path, f in corpus_findings}
    unexpected = sorted(f"{key} {messages[key]}" for key in actual - expected)
    missing = sorted(str(key) for key in expected - actual)
    assert not unexpected, "findings not in the table (a regression, or add them with a reason):\n" + "\n".join(
        unexpected
    )
    assert not missing, "table entries no longer found:\n" + "\n".join(missing)


def test_info_findings_by_file(corpus_findings: list[tuple[str, Finding]]) -> None:
    counts = Counter((path, f.code) for path, f in corpus_findings if f.severity is Severity.INFO)
    assert dict(counts) == INFO_COUNTS


def test_every_known_entry_has_a_reason() -> None:
    assert all(known.reason.strip() for known in KNOWN)
    assert len({(k.path, k.hand_id, k.code, k.line) for k in KNOWN}) == len(KNOWN)
