"""Real-hand regression: every PokerStars-format hand in ../shared/corpus is audited (strict: a rule that
crashes fails the test) and the complete set of findings must be exactly the table below, each entry with the
reason it is a genuine error or inconsistency in that hand. Info findings (OA102, games not replayed) are
counted per file. A new finding, or a listed one that is gone, fails the test: either the auditor changed or
the table must be updated with a reason.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest
from corpus_paths import pokerstars_files, require_corpus

from omaha_audit.rules.base import Finding, Severity
from omaha_audit.run.pipeline import Auditor


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
RIO_2019 = "fpdb-3/cash/Flop/NLHE-6max-EUR-0.02-0.04-201902.RIO.txt"
HM1 = "fpdb-3/cash/Flop/NLHE-10max-USD-1.00-2.00-200910.HM1.shows.one.txt"
SPLIT_SUMMARY = "fpdb-3/cash/Flop/NLHE-6-max-USD-10-20-201701.converted.split.summary.txt"
WALK_NO_SB = "fpdb-3/tour/Flop/NLHE-6max-MTT-USD-125-201505.old.converted.walk.no.sb.txt"
BB_AND_BUTTON = "fpdb-3/cash/Flop/LHE-USD-1.00-200508.BB.and.Button.same.player.txt"
CONCATENATED = "fpdb-3/tour/Flop/NLHE-9max-Freeroll-MTT-201209.concatenated.partial.txt"

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
    # (the two lines not read withhold the checks of the cards, which read them: the flop of two readable
    # cards (OA203) and the pre-flop card nowhere (OA204) are the misreads' consequences, not the dealer's)
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
    # Run It Once hands of early 2019 whose raise lines print the chips added after "to" (fpdb's "raiseTo.bug"
    # file; the reader re-reads them that way, ROOMS.md 2.2): read so, the money adds up, and what is left
    # wrong is the text itself.
    # (each raise line read whole and contradicting the hand: the room's record, OA109, withholding nothing)
    Known(RIO_RAISE_TO, "31260881", "OA109", 19, "`raises EUR44.00 to EUR68` by PaulOpenfold (7 in): to 75, not 68"),
    Known(
        RIO_RAISE_TO,
        "31260881",
        "OA315",
        22,
        "PaulOpenfold's flop bet of 114.88 is his last chip (7 + 68 + 114.88 = 189.88) with no all-in mark",
    ),
    Known(RIO_RAISE_TO, "31260881", "OA312", 25, "the all-in PaulOpenfold is then printed checking the turn"),
    Known(RIO_RAISE_TO, "31260881", "OA311", 26, "and Randy O checking with nobody left to bet against"),
    Known(RIO_RAISE_TO, "31260881", "OA312", 28, "PaulOpenfold, all in, printed checking the river"),
    Known(RIO_RAISE_TO, "31260881", "OA311", 29, "Randy O printed checking the river after betting was over"),
    Known(RIO_2019, "30702949", "OA109", 21, "`raises EUR0.54 to EUR1.12` by John R (0.19 in): to 1.31, not 1.12"),
    Known(RIO_2019, "30702949", "OA315", 25, "John R's turn bet of 3.34 is his last chip (4.77) with no all-in mark"),
    Known(RIO_2019, "30702949", "OA311", 28, "Barre printed checking the river when John R is all in"),
    Known(RIO_2019, "30702949", "OA312", 29, "and the all-in John R printed checking it too"),
    # Re-exports and converters (not the room's own text).
    Known(HM1, "1002775011", "OA314", 15, "Hold'em Manager 1 export: `raises $6 to $6` over the $2 big blind"),
    # (`shows [XX Qs] ()`: the winner, uncalled, shows one card, as PokerStars lets him; the export writes
    # the card not shown as `XX`: read as the one card shown, no finding)
    Known(
        HM1, "1002775011", "OA401", 1, "the export drops the `Uncalled bet ($56)` line of the river bet nobody called"
    ),
    Known(HM1, "1002775011", "OA602", 37, "`Total pot $100`: put in 159, 56 uncalled, 103 gross, 100 printed (net)"),
    Known(HM1, "1002775011", "OA601", 35, "so $100 collected + $3 rake is not the printed $100"),
    Known(
        SPLIT_SUMMARY,
        "3406008447",
        "OA401",
        20,
        "converted from Bovada: all fold to the big blind, `Uncalled bet ($20) returned to Big Blind`; 10 was uncalled",
    ),
    Known(
        WALK_NO_SB,
        "3210674180",
        "OA401",
        1,
        "an old converted walk with no small blind posted and no `Uncalled bet` line for the big blind's 600",
    ),
    Known(
        BB_AND_BUTTON,
        "2344646393",
        "OA310",
        5,
        "2005 hand (fpdb: 'BB and Button same player'): the button on seat 6, the small blind posted by seat 7",
    ),
    Known(CONCATENATED, "86564040647", "OA107", 110, "cut off mid-line: `*** RIVER *** [4d Kh J` then the next header"),
    Known(CONCATENATED, "86568539580", "OA107", 1436, "cut off mid-line: `Player25:` then the next header"),
    # Hands cut off in the file.
    Known(PARTIAL, "112824228684", "OA107", 19, "the file stops in the middle of the flop line `*** FLOP *** [Js 3d`"),
    Known(PARTIAL, "112824184047", "OA107", 40, "the file stops after the word `Player0` on the flop"),
)

# Games the engine does not replay (split Hold'em; stud, razz and the draw games are replayed) are read and
# reported as such (OA102, info): one per hand whose header names one, counted here from the headers
# themselves (none in the corpus).
NOT_REPLAYED = re.compile(
    r"^\ufeff?(?:PokerStars|POKERSTARS|Full Tilt)[^\n]*?(?:Split Hold'em)"
    r"[^\n]*? (?:Limit|LIMIT)",
    re.MULTILINE,
)


def info_counts() -> dict[tuple[str, str], int]:
    root = require_corpus() / "PokerStars"
    counts: dict[tuple[str, str], int] = {}
    for path in pokerstars_files():
        text = path.read_bytes().decode("utf-8", errors="replace")
        found = len(NOT_REPLAYED.findall(text.replace("\r\n", "\n").replace("\r", "\n")))
        if found:
            counts[(path.relative_to(root).as_posix(), "OA102")] = found
    return counts


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
    assert dict(counts) == info_counts()


def test_every_known_entry_has_a_reason() -> None:
    assert all(known.reason.strip() for known in KNOWN)
    assert len({(k.path, k.hand_id, k.code, k.line) for k in KNOWN}) == len(KNOWN)
