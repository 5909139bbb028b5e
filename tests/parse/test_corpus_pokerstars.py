"""Every PokerStars-format file of the shared corpus (PokerStars, Run It Once Poker, MPL Poker) is read
with no unreadable hand, one record per hand header, and pots that add up."""

from __future__ import annotations

import codecs
import functools
import re
from pathlib import Path

import pytest
from corpus_paths import corpus_root, pokerstars_files, require_corpus

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.parse.files import FileNotice, HandSource
from omaha_audit.rooms import hand_source

pytestmark = pytest.mark.corpus

# The test's own idea of a hand header, independent of the reader: a line that starts (after a BOM)
# with the room's name and then "... #<digits>:". Tournament summaries say "Tournament #<digits>,".
# (ROOMS.md appendix A: the brands that write PokerStars text, and the capitals of PokerTracker 2 exports.)
HEADER = re.compile(
    r"^\ufeff?(?:PokerStars|Run It Once Poker|MPLPoker|PokerBros|PokerMaster|Full Tilt|POKERSTARS)"
    r"(?: Zoom| Home Game)? ?(?:Hand|Game|GAME|Zoom Hand) #\d+:",
    re.MULTILINE,
)
# A header right after a hand cut off mid-line (files concatenated from partial copies, ROOMS.md 2.1).
HEADER_ANYWHERE = re.compile(r"(?:PokerStars|Run It Once Poker|MPLPoker) (?:Hand|Game) #\d+: .* - \d{4}/")


def headers_after_cut(text: str) -> int:
    """Headers that follow other text on their line (the cut-off end of the hand before them)."""
    count = 0
    for match in HEADER_ANYWHERE.finditer(text):
        before = text[text.rfind("\n", 0, match.start()) + 1 : match.start()]
        if before.replace("\ufeff", "").strip() and 'said, "' not in before:
            count += 1
    return count


SUMMARY_FILE = re.compile(r"^\ufeff?PokerStars Tournament #\d+,", re.MULTILINE)

# Hands whose collected amounts plus rake do not make the total pot, with the difference
# (total - rake - collected, in the hand's units) and why. Anything else fails the test.
EXPECTED_POT_DIFFERENCES: dict[tuple[str, str], tuple[int, str]] = {
    ("5-Card-PLO-6max-INR-100-200-202310.MPLPoker.txt", "4227871731"): (
        -1535,
        "MPL Poker prints the collected amount before rake: ₹400 collected from a ₹400 pot, rake ₹15.35",
    ),
    ("PLO-6max-EUR-0.25-0.50-201908.RIO.STP.side.pot.txt", "36197946"): (
        -500,
        "Run It Once added €5.00 splash-the-pot money, paid out but not in the Total pot line",
    ),
    ("NLHE-10max-USD-1.00-2.00-200910.HM1.shows.one.txt", "1002775011"): (
        -300,
        "a Hold'em Manager 1 re-export: `Total pot $100 | Rake $3` with $100 collected prints the total net"
        " of the $3 rake (the players put in $103 after the uncalled $56)",
    ),
}
# Hands without a pot line, and why.
EXPECTED_WITHOUT_POT = {
    ("CancelledHand.txt", "110222853693"): "hand cancelled: no pot",
    ("LO8-6max-USD-0.05-0.10-20090315.Hand-cancelled.txt", "25979907808"): "hand cancelled: no pot",
    ("PLO-6max-USD-2.00-4.00-201403.2.partial.txt", "112824228684"): "cut off before the summary",
    ("PLO-6max-USD-2.00-4.00-201403.2.partial.txt", "112824184047"): "cut off before the summary",
    ("3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt", "20349633663"): "hand cancelled: no pot",
    ("NLHE-9max-Freeroll-MTT-201209.concatenated.partial.txt", "86564040647"): "cut off mid-line by the next hand",
    ("NLHE-9max-Freeroll-MTT-201209.concatenated.partial.txt", "86568539580"): "cut off mid-line by the next hand",
}


def decoded(path: Path) -> str:
    data = path.read_bytes()
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")
    return text.replace("\r\n", "\n").replace("\r", "\n")


@functools.cache
def source() -> HandSource:
    return hand_source()


@functools.cache
def read(path: Path) -> list[Hand | UnreadableHand | FileNotice]:
    return list(source().read_file(path))


def test_the_corpus_has_pokerstars_files():
    require_corpus()
    files = pokerstars_files()
    assert len(files) >= 50
    rooms = {item.room for path in files for item in read(path) if isinstance(item, Hand)}
    assert {"pokerstars", "run-it-once", "mpl"} <= rooms


@pytest.mark.parametrize("path", pokerstars_files(), ids=lambda p: p.name)
def test_file_is_read_hand_for_hand(path: Path):
    root = require_corpus()
    text = decoded(path)
    headers = len(HEADER.findall(text)) + headers_after_cut(text)
    items = read(path)
    unreadable = [item for item in items if isinstance(item, UnreadableHand)]
    assert not unreadable, f"{path.relative_to(root)}: {unreadable}"
    hands = [item for item in items if isinstance(item, Hand)]
    notices = [item for item in items if isinstance(item, FileNotice)]
    assert len(hands) == headers, f"{headers} headers but {len(hands)} hands"
    if headers == 0:
        assert SUMMARY_FILE.search(text), "a file without hands should be a tournament summary"
        assert [notice.kind for notice in notices] == ["tournament-summary"]
    else:
        assert not notices
    # each record starts on a header line, in file order
    lines = text.split("\n")
    starts = [hand.source.line for hand in hands]
    assert starts == sorted(starts)
    assert all(HEADER.match(lines[line - 1]) or HEADER_ANYWHERE.search(lines[line - 1]) for line in starts)
    assert len({hand.hand_id for hand in hands}) == len(hands)


@pytest.mark.parametrize("path", pokerstars_files(), ids=lambda p: p.name)
def test_pots_add_up(path: Path):
    require_corpus()
    problems = []
    for hand in read(path):
        if not isinstance(hand, Hand):
            continue
        key = (path.name, hand.hand_id)
        if hand.pot is None:
            if key not in EXPECTED_WITHOUT_POT:
                problems.append(
                    f"#{hand.hand_id}: no pot line (truncated={hand.truncated}, cancelled={hand.cancelled})"
                )
            continue
        if hand.cash_outs:
            continue  # a cashed-out player's share is paid by the site, not collected from the pot
        difference = hand.pot.total - hand.pot.rake - sum(award.amount for award in hand.collected)
        expected, _ = EXPECTED_POT_DIFFERENCES.get(key, (0, ""))
        if difference != expected:
            problems.append(
                f"#{hand.hand_id}: total {hand.pot.total} - rake {hand.pot.rake} - collected"
                f" {sum(a.amount for a in hand.collected)} = {difference} (expected {expected})"
            )
    assert not problems, f"{path.name}:\n" + "\n".join(problems)


def test_expected_exceptions_are_still_there():
    """The tables above must not go stale: each entry names a hand that is still read that way."""
    root = corpus_root()
    if root is None:
        require_corpus()
    by_name = {path.name: path for path in pokerstars_files()}
    for file_name, hand_id in [*EXPECTED_POT_DIFFERENCES, *EXPECTED_WITHOUT_POT]:
        hands = [item for item in read(by_name[file_name]) if isinstance(item, Hand) and item.hand_id == hand_id]
        assert len(hands) == 1, (file_name, hand_id)
        hand = hands[0]
        if (file_name, hand_id) in EXPECTED_WITHOUT_POT:
            assert hand.pot is None and (hand.truncated or hand.cancelled)
        else:
            assert hand.pot is not None and not hand.cash_outs
