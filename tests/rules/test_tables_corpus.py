"""Real-hand regression of the rules across hands (OA7xx): the whole corpus, every room folder, is audited by
one auditor, as a user auditing the folder would, so that the hands of each table are put in order across
files. Every OA7xx error or warning must be exactly the table below, each with the reason it is genuine;
the info findings (identical copies counted once, top-ups between hands, rake a hand does not print) are
counted per room. A new finding, or a listed one that is gone, fails the test.

Most files of the corpus hold single hands or hands of different tables; the ones that hold consecutive
hands of one table (sessions, tournaments) are where these rules have something to judge: the test also
holds the number of pairs of consecutive hands judged, so that a change that loses them is seen.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path

from corpus_paths import require_corpus

from omaha_audit.parse.files import expand_paths
from omaha_audit.rules.base import Finding, Severity
from omaha_audit.run.pipeline import Auditor

# (file relative to the corpus, code, line) -> why the finding is genuine
KNOWN: dict[tuple[str, str, int], str] = {}

_ANONYMISED = "fpdb's anonymiser replaced the hand numbers with random ones: they no longer rise with the time"
for line in (144, 237, 433, 476, 577, 858, 908, 960, 1040, 1085, 1172, 1255, 1421):
    KNOWN[("PokerStars/fpdb-chaz/NLHE-FPP-MTT-1r-201005.AllinLotsRebuy.txt", "OA708", line)] = _ANONYMISED
KNOWN[("PokerStars/fpdb-3/cash/Flop/NLHE-2max-USD-0.25-0.50-201005.Hitnrun.txt", "OA708", 100)] = _ANONYMISED
KNOWN[("OnGame/fpdb-3/cash/Draw/5-Carddraw-USD-1-2-201109.Goalwin.Sample.txt", "OA701", 139)] = (
    "three players to heads-up (Player8 left): OnGame moves the button on to Hero (seat 1), and Player4 (seat 4),"
    " big blind of #R5-174428515-252, posts the big blind again in #R5-174428515-253 (BL-2: the last big blind"
    " takes the button), as PokerNow's below"
)
# (a stud table, judged across hands since stud hands are replayed: `Full Tilt Poker Game #11111110428`)
KNOWN[("FullTiltPoker/fpdb-3/cash/Stud/7-StudHL-USD-2-4-201006.Steal.examples.txt", "OA708", 197)] = _ANONYMISED
KNOWN[("PokerStars/PokerHandHistoryParser/UncalledBet.txt", "OA706", 1)] = (
    "a parser's test fixtures: StrangePlayerNames.txt is this hand with its players renamed"
)

_MATRIX = "the hand before prints no `Uncalled bet` line (OA401 on it); this stack shows the chips came back"
KNOWN[("FullTiltPoker/fpdb-3/tour/Flop/NLHE-6max-Matrix-USD-26-201211.match1.txt", "OA705", 128)] = _MATRIX
KNOWN[("FullTiltPoker/fpdb-chaz/NLHE-6max-Matrix-USD-26-201211.match2.txt", "OA705", 288)] = _MATRIX
KNOWN[("FullTiltPoker/fpdb-chaz/NLHE-6max-Matrix-USD-26-201211.match2.txt", "OA705", 854)] = _MATRIX

KNOWN[("GGPoker/fpdb-chaz/PLO-6max-USD-0.50-1.00-202004.txt", "OA704", 230)] = (
    "b673c93c is new at seat 4 (UTG+1) and plays hand #OM181427519 with no post (the 2020 export)"
)

_DEALER_ON_BIG = "heads-up, Entraction's 2011 client puts the button on the big blind (OA310 on the same hands)"
for line in (1445, 1476, 1504):
    KNOWN[("Entraction/fpdb-chaz/Table_35124993.txt", "OA701", line)] = _DEALER_ON_BIG
KNOWN[("Entraction/fpdb-chaz/Table_35124993.txt", "OA706", 1078)] = (
    "fpdb-chaz copied hand #2137921772 from the raw export PLO-6max-EUR-0.02-0.04-201103.txt and edited it"
)
KNOWN[("Entraction/PokerHandHistoryParser/PotLimitOmahaHiLo.txt", "OA706", 1)] = (
    "HHSmithy's samples: EuroTable.txt is this hand edited (its header's stakes changed)"
)

KNOWN[
    (
        "OHH/PokerNow-OpenHandHistory-Converter--Python-/OpenHandHistory/poker_now_log_pgllrZB4-s11jXpJVdapSiar1.ohh",
        "OA701",
        10886,
    )
] = (
    "three players to heads-up: PokerNow gives the button to BraswellM (seat 9), and SudduthM (seat 1), big blind "
    "of #1660970122512, posts the big blind again in #1660970136154 (BL-2: the last big blind takes the button)"
)

_UNPRINTED_REBUY = "EricBlade busts and starts the next hand with chips: Everleaf prints the hero's re-buys nowhere"
KNOWN[("Everleaf/fpdb-3/tour/TID_1627660-1.txt", "OA705", 297)] = _UNPRINTED_REBUY
KNOWN[("Everleaf/fpdb-3/tour/TID_1627660-1.txt", "OA705", 506)] = _UNPRINTED_REBUY

_888_REBUY = "a player who ended the hand before with nothing sits down again with 2,000: a re-buy 888 prints nowhere"
KNOWN[("888poker/fpdb-3/tour/Flop/NLHE-FREE-MTT-$75Freeroll20120217.txt", "OA705", 135)] = _888_REBUY
KNOWN[("888poker/fpdb-3/tour/Flop/NLHE-FREE-MTT-$75Freeroll20120217.txt", "OA705", 2559)] = _888_REBUY

_BOSS = "BossMedia/fpdb-3/tour/Flop/NLHE-CAD-MTT-201101.txt"
KNOWN[(_BOSS, "OA705", 2135)] = "Player38 ends #5848276 with 1180 and starts the next hand, 3 s later, with 1030"
KNOWN[(_BOSS, "OA705", 2550)] = "Player40 wins 1251 in #5849149 and starts the next hand without it"
KNOWN[(_BOSS, "OA705", 2626)] = "and has the 1251 again in the hand after"
KNOWN[(_BOSS, "OA705", 2851)] = "the odd chip of #5849988's split (paid to nobody there) is in Player47's stack"
KNOWN[(_BOSS, "OA705", 5766)] = "Player33 starts with 800 more than he ended the hand before with"

_EVEREST = "PokerTracker4-export/fpdb-chaz/NLHE-USD-0.50-1.00-201101.Everest.txt"
for line in (886, 935, 1834, 3023, 3557):
    KNOWN[(_EVEREST, "OA704", line)] = (
        "a new player dealt in with no post line (another newcomer of the table posts `the dead blind of $1.00`)"
    )
KNOWN[("PokerTracker4-export/fpdb-3/tour/Flop/LHE-EUR-SNG-201111.Everest.txt", "OA701", 235)] = (
    "`The button is in seat #4` (a seat empty the hand before) after seat 3: the export skips seat 5's turn"
)
for line in (53, 88, 130):
    KNOWN[("PartyPoker/PokerHandHistoryParser/5MultipleHands.txt", "OA706", line)] = (
        "a parser's test fixture: four different hands under the one number #1458965856"
    )
KNOWN[("TheBigGame/fpdb-3/cash/TheBigGame.S1E08.Harlow.2.txt", "OA705", 238)] = (
    "D. BRUNSON starts 800 short: a post the show's record of the hand before does not hold"
)

# info findings per (room, code): OA705 top-ups between cash hands (Entraction's tables top a stack up to the
# €4 maximum after nearly every hand) and rake taken but not printed (GGPoker's 2020 exports), OA706 identical
# copies (a file twice in a folder, HHSmithy's one hand in three files)
INFO: dict[tuple[str, str], int] = {
    ("888poker", "OA705"): 8,
    ("acr", "OA706"): 1,
    ("bossmedia", "OA706"): 2,
    ("cake", "OA705"): 7,
    ("entraction", "OA705"): 99,
    ("everest", "OA705"): 16,
    ("everleaf", "OA705"): 1,  # a stud table
    ("gear", "OA705"): 1,
    ("ggpoker", "OA705"): 35,
    ("ipoker", "OA705"): 12,
    ("merge", "OA705"): 2,
    ("microgaming", "OA705"): 1,
    ("partypoker", "OA705"): 25,  # cash top-ups back to $2 between hands (2012 files)
    ("pokerstars", "OA705"): 20,
    ("thebiggame", "OA705"): 18,
    ("winamax", "OA705"): 15,
    ("wpn", "OA706"): 2,
}

# pairs of consecutive hands of one table (no hand between them), per room: 5,762 in all (202 of them at
# stud and draw tables, judged since those hands are replayed). (Bovada's are
# consecutive by their stacks, but its anonymous seats leave only OA706-OA708 to judge them.)
PAIRS: dict[str, int] = {
    "888poker": 154,
    "absolute": 85,
    "bodog": 3,
    "bossmedia": 95,
    "bovada": 571,
    "cake": 19,
    "entraction": 231,
    "everest": 164,
    "everleaf": 189,
    "fulltilt": 195,
    "gear": 1,
    "ggpoker": 104,
    "ignition": 614,
    "ipoker": 266,
    "merge": 32,
    "microgaming": 6,
    "ongame": 93,
    "partypoker": 500,
    "pkr": 12,
    "pokernow": 170,
    "pokerstars": 1065,
    "thebiggame": 884,
    "winamax": 247,
    "wpn": 62,
}


@cache
def audited() -> tuple[Auditor, list[Finding]]:
    root = require_corpus()
    auditor = Auditor(keep_text=False, table_rows=True)
    hand_findings = [f for a in auditor.audit_files(expand_paths([str(root)])) for f in a.findings]
    return auditor, hand_findings


def _where(finding: Finding) -> str:
    root = require_corpus()
    return Path(finding.path).resolve().relative_to(root.resolve()).as_posix()


def test_every_error_or_warning_across_hands_is_known() -> None:
    auditor, _ = audited()
    found: Counter[tuple[str, str, int]] = Counter(
        (_where(f), f.code, f.line) for f in auditor.across if f.severity is not Severity.INFO
    )
    unknown = sorted(key for key in found if key not in KNOWN)
    gone = sorted(key for key in KNOWN if key not in found)
    assert not unknown, "new findings across hands:\n" + "\n".join(
        f"{f.code} {f.path}:{f.line} {f.message}" for f in auditor.across if (_where(f), f.code, f.line) in unknown
    )
    assert not gone, f"listed findings no longer reported: {gone}"
    assert all(count == 1 for count in found.values()), found


def test_info_findings_across_hands_per_room() -> None:
    auditor, _ = audited()
    info = Counter((f.room or "", f.code) for f in auditor.across if f.severity is Severity.INFO)
    assert dict(info) == INFO


def test_no_internal_errors() -> None:
    auditor, hand_findings = audited()
    assert not [f for f in [*auditor.across, *hand_findings] if f.code == "OA104"]


def test_consecutive_pairs_judged_per_room() -> None:
    """The pairs of hands with no hand between them, by the hands' stacks (TablePair.consecutive)."""
    auditor, _ = audited()
    pairs = Counter(str(row["room"]) for row in auditor.table_rows if not row["after_gap"] and not row["copy"])
    assert dict(pairs) == PAIRS
