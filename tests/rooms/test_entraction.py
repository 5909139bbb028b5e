"""Entraction network text (the `entraction` format, ROOMS.md section 14): every hand of the corpus's
Entraction folder is read, one record per `Game # N - ` header, the chips put in make the awards and the rake
(or the reason they do not is listed), and every error or warning the audit reports is listed below with the
reason it is genuine."""

from __future__ import annotations

import functools
import re
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

import pytest
from corpus_paths import corpus_root, require_corpus
from corpus_text import decoded

from omaha_audit.model import ActionKind, Game, Hand, Refunds, ShowdownKind, Structure, UnreadableHand
from omaha_audit.parse.files import HandSource
from omaha_audit.rooms import BY_NAME, hand_source
from omaha_audit.rules.base import Severity
from omaha_audit.run.pipeline import Auditor

pytestmark = pytest.mark.corpus

FOLDER = "Entraction"
# ROOMS.md appendix A's count pattern, written out here on its own.
HEADER = re.compile(r"^Game # \d+ - ", re.MULTILINE)

HHSP = "PokerHandHistoryParser/"
EURO_TABLE = HHSP + "EuroTable.txt"
ALL_IN = HHSP + "AllInHandWithShowdown.txt"
RAW = "fpdb-chaz/Table_35124993.txt"
SBBB = "fpdb-chaz/PLO-6max-EUR-0.50-1-201107.SBBB.example.txt"
OUT_OF_TURN = "fpdb-chaz/PLO-6max-EUR-0.50-1-201108.Second.small.blind.txt"

# HHSmithy edited its samples by hand (the corpus README warns of it; ROOMS.md 14.7: hand 2646515969 is in
# three files with different stakes): EuroTable.txt prints `EUR 2.00/4.00` over a hand played at 100/200.
EDITED_STAKES = "HHSmithy's edited sample: `Fixed Limit EUR 2.00/4.00` over a hand played at 50/100 and 100/200"
# The 2011 client heads-up (a third seat sitting out, or two seated): the `Dealer:` posts the big blind and
# the other player the small blind, who acts first before the flop (BL-2: heads-up the button posts the small
# blind; the 2012 heads-up hands, HHSmithy's, do so).
HEADS_UP = "heads-up the 2011 client puts the dealer button on the big blind; BL-2 has the button post the small blind"
# Every error or warning finding on the room's real hands: (file, hand, code, line) -> why it is genuine.
KNOWN: dict[tuple[str, str, str, int], str] = {
    (EURO_TABLE, "2646515969", "OA309", 8): EDITED_STAKES + ": a big blind of 100",
    (EURO_TABLE, "2646515969", "OA309", 9): EDITED_STAKES + ": a small blind of 50",
    (EURO_TABLE, "2646515969", "OA304", 11): EDITED_STAKES + ": a raise to 200",
    (EURO_TABLE, "2646515969", "OA304", 17): EDITED_STAKES + ": a bet of 100",
    (EURO_TABLE, "2646515969", "OA304", 18): EDITED_STAKES + ": a raise to 200",
    (EURO_TABLE, "2646515969", "OA304", 23): EDITED_STAKES + ": a bet of 200",
    (EURO_TABLE, "2646515969", "OA304", 24): EDITED_STAKES + ": a raise to 400",
    (EURO_TABLE, "2646515969", "OA304", 30): EDITED_STAKES + ": a bet of 200",
    (ALL_IN, "2646515969", "OA304", 12): "HHSmithy's edited sample of a fixed-limit hand: a raise to 600 at 100/200",
    (ALL_IN, "2646515969", "OA304", 17): "the same sample: a bet of 900 on the flop at 100/200",
    (ALL_IN, "2646515969", "OA504", 28): "the same sample: YoOyYo's 8-7 makes 8-7-4-2-A on 4d 2d Js 5s As, the only"
    " low, yet the whole pot goes to bglegend22",
    (RAW, "2137934990", "OA310", 1426): HEADS_UP,
    (RAW, "2137935031", "OA310", 1449): HEADS_UP,
    (RAW, "2137935162", "OA310", 1479): HEADS_UP + " (two seated)",
    (RAW, "2137935292", "OA310", 1509): HEADS_UP,
    (RAW, "2137941010", "OA310", 1676): HEADS_UP,
}


def room_files() -> list[Path]:
    root = corpus_root()
    if root is None:
        return []
    return sorted(
        path
        for path in (root / FOLDER).rglob("*")
        if path.is_file() and path.suffix not in (".hp", ".hands", ".gt") and HEADER.search(decoded(path))
    )


def name(path: Path) -> str:
    root = corpus_root()
    assert root is not None
    return str(path.relative_to(root / FOLDER))


@functools.cache
def source() -> HandSource:
    return hand_source()


@functools.cache
def read(path: Path) -> list[object]:
    return list(source().read_file(path))


def hands_of(relative: str) -> list[Hand]:
    return [item for item in read(require_corpus() / FOLDER / relative) if isinstance(item, Hand)]


def all_hands() -> list[tuple[Path, Hand]]:
    return [(path, item) for path in room_files() for item in read(path) if isinstance(item, Hand)]


def test_the_folder_has_entraction_files() -> None:
    require_corpus()
    files = room_files()
    # and HHSmithy's WithSittingOut.txt (PokerStars text, tests/rooms/test_misfiled.py) and fpdb-3's
    # HandHistoryIndex.txt (hand number: table number lines, no hand)
    assert len(files) == 17
    assert sum(len(HEADER.findall(decoded(path))) for path in files) == 264


@pytest.mark.parametrize("path", room_files(), ids=lambda p: p.name)
def test_file_is_read_hand_for_hand(path: Path) -> None:
    require_corpus()
    text = decoded(path)
    items = read(path)
    unreadable = [item for item in items if isinstance(item, UnreadableHand)]
    assert not unreadable, unreadable
    hands = [item for item in items if isinstance(item, Hand)]
    assert len(hands) == len(HEADER.findall(text)) == len(items)
    assert all(hand.format == "entraction" and hand.room == "entraction" for hand in hands)
    lines = text.split("\n")
    assert all(HEADER.match(lines[hand.source.line - 1]) for hand in hands)
    assert all(not hand.defects and not hand.truncated for hand in hands)


def stakes(hand: Hand) -> dict[str, int]:
    """What each player bet: all they put in but dead blind money (the small blind of `Small + Big Blind`)."""
    stake: dict[str, int] = {}
    for action in hand.actions:
        dead = action.amount - (action.raise_to or 0) if action.kind is ActionKind.POST_SMALL_AND_BIG_BLIND else 0
        stake[action.player] = stake.get(action.player, 0) + action.amount - dead
    for item in hand.uncalled:
        stake[item.player] -= item.amount
    return stake


def test_pots_add_up() -> None:
    """ROOMS.md 14.6: the chips put in, less the `Payback` lines, are what the `wins:` lines pay plus the
    `Rake:`; and after the paybacks no bet is left unmatched (each payback is the whole uncalled excess)."""
    require_corpus()
    for path, hand in all_hands():
        assert hand.refunds is Refunds.LINE
        put_in = sum(action.amount for action in hand.actions)
        returned = sum(item.amount for item in hand.uncalled)
        paid = sum(item.amount for item in hand.collected)
        rake = hand.pot.rake if hand.pot is not None else 0  # tournament hands print no `Rake:`
        assert put_in - returned == paid + (rake or 0), f"{name(path)} #{hand.hand_id}"
        ranked = sorted(stakes(hand).values(), reverse=True)
        assert len(ranked) < 2 or ranked[0] == ranked[1], f"{name(path)} #{hand.hand_id}: an unmatched bet"


def test_no_fpdb_companion_files() -> None:
    root = require_corpus()
    assert [p for p in (root / FOLDER).rglob("*") if p.suffix in (".hands", ".hp", ".gt")] == []


@pytest.fixture(scope="module")
def corpus_findings() -> Counter[tuple[str, str, str, int]]:
    require_corpus()
    auditor = Auditor(strict=True, keep_text=False)
    found: Counter[tuple[str, str, str, int]] = Counter()
    for audited in auditor.audit_files(room_files()):
        assert isinstance(audited.item, Hand)
        for finding in audited.findings:
            assert finding.severity.rank >= Severity.WARNING.rank, finding  # (no game here is left unreplayed)
            found[(name(Path(finding.path)), finding.hand_id or "", finding.code, finding.line)] += 1
    assert auditor.tally.hands == 264
    return found


def test_every_finding_is_known(corpus_findings: Counter[tuple[str, str, str, int]]) -> None:
    assert dict(corpus_findings) == dict.fromkeys(KNOWN, 1)
    assert all(reason.strip() for reason in KNOWN.values())


def test_descriptions_are_checked_in_entractions_words() -> None:
    """Every `shows:` description is Entraction's words for the cards, kicker clauses included (OA507 checks
    them: no finding above); all 187 are compared."""
    require_corpus()
    assert BY_NAME["entraction"].words("entraction") is not None
    compared = 0
    for _, hand in all_hands():
        if hand.boards and len(hand.boards[0]) >= 3:
            wanted = hand.game.hole_cards
            compared += sum(1 for line in hand.showdown if line.description and len(line.cards) == wanted)
    assert compared == 187
    texts = {line.description for _, hand in all_hands() for line in hand.showdown if line.description}
    assert {"a flush, Ace and Queen high", "three of a kind, Aces, with Jack as kicker"} <= texts


# ---- what the text means --------------------------------------------------------------------------------
def test_betting_numbers_are_chips_added() -> None:
    require_corpus()
    (hand,) = hands_of("fpdb-chaz/PLO5-EUR-0.10-0.20-201208.txt")
    assert hand.game is Game.OMAHA5 and hand.structure is Structure.POT_LIMIT
    lines = [(a.player, a.kind, a.amount, a.raise_to) for a in hand.actions if a.amount and not a.kind.is_post][:2]
    assert lines == [("Player2", ActionKind.RAISE, 57, 57), ("Player3", ActionKind.CALL, 37, 57)]  # BB 0.20: 0.37 more
    (hand,) = hands_of(ALL_IN)  # `All-In (3,559.76)` over a bet of 900: a raise; `All-In (1,450.00)`: a call
    flop = [(a.kind, a.amount, a.raise_to, a.all_in) for a in hand.actions if a.street.value == "flop"]
    assert flop == [
        (ActionKind.BET, 90000, 90000, False),
        (ActionKind.RAISE, 355976, 355976, True),
        (ActionKind.CALL, 145000, 235000, True),
    ]
    assert [(u.player, u.amount) for u in hand.uncalled] == [("bglegend22", 120976)]  # `Payback (1,209.76)`
    assert [a.kind for a in hand.actions[:2]] == [ActionKind.POST_BIG_BLIND, ActionKind.POST_SMALL_BLIND]


def test_blinds_and_the_dealer() -> None:
    require_corpus()
    (hand,) = hands_of(SBBB)  # `Small + Big Blind: Player2 (1.50)`: the small blind dead, the big blind live
    posts = [(a.player, a.kind, a.amount, a.raise_to) for a in hand.actions if a.kind.is_post]
    assert posts[2] == ("Player2", ActionKind.POST_SMALL_AND_BIG_BLIND, 150, 100)
    assert (hand.button, hand.hero, hand.max_seats) == (3, "Hero", 6)  # `Dealer: Player3`, seat 3
    (hand,) = hands_of(OUT_OF_TURN)  # `Blind out of turn: Player4 (1.00)`: a new player's big blind
    assert next(a.kind for a in hand.actions if a.player == "Player4") is ActionKind.POST_BIG_BLIND
    assert [e.kind for e in hand.events] == ["blind-out-of-turn", "game-ended"]


def test_awards_times_and_tournaments() -> None:
    require_corpus()
    side = next(hand for hand in hands_of("fpdb-chaz/Table_35129644.txt") if hand.hand_id == "2137865906")
    assert [(c.player, c.amount, c.pot) for c in side.collected] == [("F4UXR34L", 107, 1), ("F4UXR34L", 139, 0)]
    (hand,) = hands_of("fpdb-chaz/PLO5-EUR-0.10-0.20-201208.txt")  # `didn't show hand (Kh - 9h - ...)`
    assert [(line.player, line.kind, len(line.cards)) for line in hand.showdown] == [
        ("Player3", ShowdownKind.SHOWS, 5),
        ("Player2", ShowdownKind.MUCKS, 5),
    ]
    assert hand.started == datetime(2012, 8, 6, 23, 36, 56, tzinfo=UTC)  # `Game ended ... BST`: the only time
    (hand,) = hands_of(ALL_IN)
    assert hand.started == datetime(2012, 5, 31, 3, 58, 47, tzinfo=UTC)  # `GMT+01:00`
    (hand,) = hands_of("fpdb-chaz/NLHE-EUR-STT-10-201206.txt")  # no currency: tournament chips
    assert hand.tournament is not None and hand.tournament.tournament_id == "12713943"
    assert hand.unit.currency == "chips" and (hand.stakes.small_blind, hand.stakes.big_blind) == (25, 50)
    assert hand.pot is None  # no `Rake:` line in a tournament
