"""The PHH room format (omaha_audit/rooms/phh): PHH files read into the model.

The round trip: every corpus hand the writer exports (omaha_audit/interop/phh.py) is written into a
`.phhs` file, read back through `hand_source()` (the format claims the file whole) and compared with the
original: the same seats, stacks and button, the same boards, the same betting lines (player, kind,
amount) except where the writer writes a line as pokerkit needs it (each such change counted by reason,
`WRITER_CHANGES`), the same contributions and awards by our engine, and the read hand exports to the same
PHH text (a fixpoint: only `_format` and `ante_trimming_status` may differ). Then hand-written PHH:
pokerkit's own style (single quotes, decimal amounts), bad TOML and bad hands, which must be unreadable
hands with a line and a reason, never an exception.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from copies import new_on_clean as copies_audited
from corpus_paths import require_corpus
from patching import break_method

from omaha_audit.engine.replay import VOLUNTARY, replay
from omaha_audit.engine.settle import settle
from omaha_audit.interop import phh
from omaha_audit.model import ActionKind, Game, Hand, ShowdownKind, Structure, UnreadableHand
from omaha_audit.rooms import BY_NAME, hand_source, preset_for, preset_of
from omaha_audit.rules.base import Severity
from omaha_audit.run.pipeline import Auditor

PHH = BY_NAME["phh"]

# Lines the writer writes differently from the room, so that pokerkit replays them (interop/phh.py).
NOBODY_CAN_CALL = "a bet or raise nobody can match is written as the call it amounts to (the excess is uncalled)"
COMPLETION = "an all-in call above the highest bet (a short big blind) is written as pokerkit's completion"
RAISE_AS_BET = "a room's 'raise' facing no bet on the street reads back as a bet"
BET_AS_RAISE = "a stud completion the room calls a bet (KingsClub) reads back as a raise of the bring-in"
# (a turn the room skips, every other player all in, is written as the check pokerkit asks for and read
# back as no line: it round-trips as it was)
WRITER_CHANGES = {NOBODY_CAN_CALL, COMPLETION, RAISE_AS_BET, BET_AS_RAISE}
# What PHH has no field for: the fees taken from the pot (jackpot, tax) and the printed net main and side
# pots, which our settlement splits (engine/settle.py pot_nets); read back, only the rake is there.
POT_FIGURES = "fees or printed net pots PHH has no field for: the read hand splits the pot otherwise"
IGNORED_KEYS = ("_format", "ante_trimming_status")  # the format read from; dead money read back as antes


def betting(hand: Hand) -> list[tuple[str, ActionKind, int]]:
    return [
        (action.player, action.kind, action.amount)
        for action in hand.actions
        if action.kind in VOLUNTARY or action.kind is ActionKind.BRING_IN
    ]


def changes(original: Hand, read: Hand) -> list[str] | None:
    """The writer's changes between the two hands' betting lines; None for any other difference."""
    ours, theirs = betting(original), betting(read)
    found: list[str] = []
    i = j = 0
    while i < len(ours) or j < len(theirs):
        if i < len(ours) and j < len(theirs) and ours[i] == theirs[j]:
            i, j = i + 1, j + 1
            continue
        if i == len(ours) or j == len(theirs) or ours[i][0] != theirs[j][0]:
            return None
        (_, kind, amount), (_, read_kind, read_amount) = ours[i], theirs[j]
        if read_kind is ActionKind.CALL and kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.CALL):
            if amount <= read_amount:
                return None
            found.append(NOBODY_CAN_CALL)
        elif kind is ActionKind.CALL and read_kind is ActionKind.RAISE and amount == read_amount:
            found.append(COMPLETION)
        elif kind is ActionKind.RAISE and read_kind is ActionKind.BET and amount == read_amount:
            found.append(RAISE_AS_BET)
        elif kind is ActionKind.BET and read_kind is ActionKind.RAISE and amount == read_amount and stud(original):
            found.append(BET_AS_RAISE)
        else:
            return None
        i, j = i + 1, j + 1
    return found


def stud(hand: Hand) -> bool:
    return hand.game in (Game.STUD, Game.STUD_HI_LO, Game.RAZZ)


def without(text: str) -> list[str]:
    return [line for line in text.splitlines() if not line.startswith(IGNORED_KEYS)]


def awards(hand: Hand) -> tuple[dict[str, int], dict[str, int]]:
    settled = settle(replay(hand, preset_for(hand)))
    won: dict[str, int] = {}
    for (player, _pot, _run), amount in settled.expected().items():
        won[player] = won.get(player, 0) + amount
    return dict(settled.contributions), {name: amount for name, amount in won.items() if amount}


@pytest.mark.slow
@pytest.mark.corpus
def test_corpus_hands_round_trip_through_phh(tmp_path: Path) -> None:
    root = require_corpus()
    source = hand_source()
    tally: Counter[str] = Counter()
    problems: list[str] = []
    target = tmp_path / "round-trip.phhs"
    for path in sorted(root.rglob("*")):
        if not path.is_file() or path.name in ("MANIFEST.tsv", "README.md"):
            continue
        exported = []
        for item in source.read_file(path):
            if isinstance(item, Hand):
                text = phh.convert(item)
                if isinstance(text, str):
                    exported.append((item, text))
        if not exported:
            continue
        target.write_text("".join(phh.entry(i, text) + "\n" for i, (_, text) in enumerate(exported, 1)), "utf-8")
        back = list(source.read_file(target))
        assert len(back) == len(exported), f"{path}: {len(exported)} hands written, {len(back)} read"
        for (hand, text), read in zip(exported, back, strict=True):
            where = f"{path}:{hand.source.line} hand {hand.hand_id}"
            tally["hands"] += 1
            if not isinstance(read, Hand):
                problems.append(f"{where}: unreadable: {read}")
                continue
            assert read.format == "phh" and read.hand_id == hand.hand_id and read.room == hand.room
            players = {action.player for action in hand.actions}
            seats = sorted((s.seat, s.player, s.stack) for s in hand.seats if s.player in players)
            if sorted((s.seat, s.player, s.stack) for s in read.seats) != seats:
                problems.append(f"{where}: seats differ")
            if read.button != hand.button or read.game is not hand.game or read.structure is not hand.structure:
                problems.append(f"{where}: button, game or structure differ")
            board = next((b for b in hand.boards if b), ())
            if (read.boards[0] if read.boards else ()) != board[: len(read.boards[0]) if read.boards else 0]:
                problems.append(f"{where}: boards differ")
            found = changes(hand, read)
            if found is None:
                problems.append(f"{where}: betting lines differ")
                continue
            tally.update(found)
            again = phh.convert(read)
            if not isinstance(again, str) or without(again) != without(text):
                problems.append(f"{where}: the read hand exports differently")
                continue
            contributions, won = awards(hand)
            read_contributions, read_won = awards(read)
            if {k: v for k, v in contributions.items() if v} != {k: v for k, v in read_contributions.items() if v}:
                problems.append(f"{where}: contributions differ")
            elif won != read_won:
                printed = hand.pot is not None and (hand.pot.main is not None or bool(hand.pot.sides))
                if printed or hand.fees_taken:
                    tally[POT_FIGURES] += 1  # our settlement splits the printed net pots; PHH has none
                else:
                    problems.append(f"{where}: awards differ: {won} vs {read_won}")
            else:
                tally["same result"] += 1
    print(dict(tally))
    assert not problems, "\n".join(problems[:30])
    assert set(tally) - {"hands", "same result"} == WRITER_CHANGES | {POT_FIGURES}, tally
    assert tally["hands"] >= 4_400 and tally["same result"] + tally[POT_FIGURES] == tally["hands"], tally
    assert tally[POT_FIGURES] <= 10, tally


# ---- hand-written PHH --------------------------------------------------------------------------------

POKERKIT_STYLE = """\
# a comment before the hand
variant = 'PO'
antes = [0, 0, 0]
blinds_or_straddles = [0.25, 0.50, 0]
min_bet = 0.50
starting_stacks = [50.00, 62.5, 40]
actions = [
  'd dh p1 AcAdKhKd',
  'd dh p2 ????????',
  'd dh p3 2c3c4c5c',
  'p3 cbr 1.75',  # raise to 1.75
  'p1 cc',
  'p2 f',
  'd db 7h8h9h',
  'p1 cbr 3 # pot-ish',
  'p3 cc',
  'd db Ts',
  'p1 cc',
  'p3 cc',
  'd db 2d',
  'p1 cc',
  'p3 cc',
  'p1 sm AcAdKhKd',
  'p3 sm',
]
players = ['Alice', "B'ob", "Carol \\"C\\" \\\\ D"]
seats = [3, 5, 1]
currency = 'USD'
year = 2024
month = 2
day = 29
time = 23:59:59
time_zone = 'UTC'
winnings = [10.00, 0, 0]
"""


def read_document(tmp_path: Path, text: str, name: str = "hand.phh") -> list[Any]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return list(hand_source().read_file(path))


def test_a_pokerkit_style_hand_is_read(tmp_path: Path) -> None:
    (hand,) = read_document(tmp_path, POKERKIT_STYLE)
    assert isinstance(hand, Hand), hand
    assert (hand.game, hand.structure, hand.unit.currency, hand.unit.decimals) == (
        Game.OMAHA,
        Structure.POT_LIMIT,
        "USD",
        2,
    )
    assert [(s.seat, s.player, s.stack) for s in hand.seats] == [
        (1, 'Carol "C" \\ D', 4000),
        (3, "Alice", 5000),
        (5, "B'ob", 6250),
    ]
    assert hand.button == 1  # the last player in PHH's order
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (25, 50)
    kinds = [(a.player, a.kind.value, a.amount, a.raise_to) for a in hand.actions]
    assert kinds[:5] == [
        ("Alice", "post-small-blind", 25, 25),
        ("B'ob", "post-big-blind", 50, 50),
        ('Carol "C" \\ D', "raise", 175, 175),
        ("Alice", "call", 150, 175),
        ("B'ob", "fold", 0, None),
    ]
    assert [(a.kind.value, a.amount) for a in hand.actions[5:7]] == [("bet", 300), ("call", 300)]
    assert [str(card) for card in hand.boards[0]] == ["7h", "8h", "9h", "Ts", "2d"]
    assert [(line.player, line.kind) for line in hand.showdown] == [
        ("Alice", ShowdownKind.SHOWS),
        ('Carol "C" \\ D', ShowdownKind.MUCKS),
    ]
    assert [(c.player, c.amount) for c in hand.collected] == [("Alice", 1000)]
    assert hand.started is not None and hand.started.isoformat() == "2024-02-29T23:59:59+00:00"
    assert hand.refunds.value == "implied"
    # the lines of a multi-line actions array are the file's lines
    assert hand.actions[2].source.line == 11 and hand.streets[0].source.line == 14
    ours = settle(replay(hand, preset_for(hand)))
    assert ours.contributions == {"Alice": 475, "B'ob": 50, 'Carol "C" \\ D': 475}


def test_a_phhs_file_with_a_broken_hand(tmp_path: Path) -> None:
    good = POKERKIT_STYLE.replace("# a comment before the hand\n", "")
    document = f'[1]\n{good}\n["second"]\n{good.replace("p2 f", "p9 f")}\n[3]\n{good}\n[4]\nvariant = "NS"\n'
    items = read_document(tmp_path, document, "hands.phhs")
    assert [type(item).__name__ for item in items] == ["Hand", "Hand", "Hand", "UnreadableHand"]
    # an action by a player the hand does not have: that line not read, the hand read
    second = items[1]
    assert isinstance(second, Hand) and second.source.line == document.splitlines().index('["second"]') + 1
    ((line, reason),) = [(defect.line, defect.reason) for defect in second.defects]
    assert "'p9' is not a player" in reason and line == document.splitlines().index("  'p9 f',") + 1
    broken = items[3]
    assert isinstance(broken, UnreadableHand) and "variant 'NS' is not read" in broken.reason
    assert broken.first_line == document.splitlines().index("[4]") + 1


@pytest.mark.parametrize(
    ("text", "reason", "line"),
    [
        ("variant = 'NT'\nantes = [0, 0\nstarting_stacks = [1, 2]\n", "not TOML", 3),
        ("variant = 'NS'\nstarting_stacks = [100, 100]\nactions = []\n", "variant 'NS' is not read", 1),
        ("variant = 'NT'\nstarting_stacks = [100]\nactions = []\nmin_bet = 2\n", "fewer than two players", 1),
        (
            "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
            "starting_stacks = [100, 100]\nactions = ['d dh p1 AcAc']\n",
            "Ac is dealt twice",
            6,
        ),
        (
            "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
            "starting_stacks = [100, 100]\nactions = ['p1 cbr 500']\n",
            "puts in more than his stack",
            6,
        ),
        ("variant = 'NT'\nstarting_stacks = 'many'\nactions = []\n", "starting_stacks is not a list", 1),
        (  # (a day beyond a C long: datetime raises OverflowError, which was OA104; found by fuzzing)
            "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
            "starting_stacks = [100, 100]\nactions = []\nyear = 2019\nmonth = 7\nday = 99999999999999999999999999\n",
            "no such date",
            1,
        ),
    ],
)
def test_bad_phh_is_an_unreadable_hand(tmp_path: Path, text: str, reason: str, line: int) -> None:
    (item,) = read_document(tmp_path, text)
    assert isinstance(item, UnreadableHand), item
    assert reason in item.reason and item.line == line, item
    assert item.path.endswith("hand.phh")


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ("p1 dance", "is not read (f, cc, cbr"),
        ("p1 cbr 1,7,0.0", "not grouped in thousands"),
        ("p1 cbr lots", "is not an amount"),
        ("p1 cbr -8", "a negative amount"),
        ("d dh p1 AhZz", "'Zz' is not a card"),
        ("d dh p1 AhK", "are not pairs of rank and suit"),
        ("p9 f", "'p9' is not a player of the hand"),
    ],
)
def test_an_action_not_read_is_one_finding_on_its_line(tmp_path: Path, action: str, reason: str) -> None:
    """A line the reader cannot read (an amount in no style, a card that is none, a word it does not know): that
    line is not read (a defect on its line), the rest of the hand is, and the audit says it once (OA106), no
    dealer's error."""
    text = (
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\n"
        f"actions = ['d dh p1 AcAd', 'd dh p2 KcKd', '{action}', 'p2 cbr 6', 'p1 f']\nwinnings = [0, 9]\n"
    )
    (hand,) = read_document(tmp_path, text)
    assert isinstance(hand, Hand), hand
    ((line, why),) = [(defect.line, defect.reason) for defect in hand.defects]
    assert reason in why and line == 6, why
    assert [a.source.line for a in hand.actions if a.kind is ActionKind.RAISE] == [6]  # (`p2 cbr 6` read)
    path = tmp_path / "hand.phh"
    findings = [f for audited in Auditor(strict=True, keep_text=False).audit_files([path]) for f in audited.findings]
    assert [(f.code, f.line) for f in findings if f.severity.rank >= Severity.WARNING.rank] in ([("OA106", 6)], [])
    assert [f.code for f in findings] == ["OA106"], findings


def test_the_format_claims_phh_files_only() -> None:
    assert PHH.claims_file(b"variant = 'NT'\n")
    assert PHH.claims_file(b'\xef\xbb\xbf# hands\n\n[1]\nvariant = "PO"\n')
    assert not PHH.claims_file(b"PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD)\nvariant = 'x'\n")
    assert not PHH.claims_file(b"<session><game variant='NT'>")
    assert not PHH.claims_file(b"[1]\nname = 'not a hand'\n")


@pytest.mark.parametrize(
    "junk",
    [b"", b"\x00\x01\x02", b"variant = 'NT'\n\xff\xfe", b"variant = 'NT'\nactions = [1, 2]\n", b"[1]\nvariant = 3\n"],
)
def test_reading_never_raises(tmp_path: Path, junk: bytes) -> None:
    path = tmp_path / "junk.phh"
    path.write_bytes(junk)
    for item in PHH.read_path(path):
        assert isinstance(item, Hand | UnreadableHand)


def test_the_house_rules_are_the_dealing_rooms() -> None:
    assert preset_of(PHH.name, "pokerstars") is BY_NAME["pokerstars"].preset("pokerstars")
    assert preset_of(PHH.name, "nowhere").name == "generic"


# ---- the PHH copies audited ----------------------------------------------------------------------------

# A PHH copy (every corpus hand written as PHH, then audited) must raise no error or warning its original
# does not, on hands whose original the audit finds nothing wrong with, except these, each for a reason
# PHH's fields cannot carry. (On hands the audit finds wrong, a defect may show under another code on the
# copy: PHH has no total pot, so a wrong pot is OA601 there where the text's is OA602; no stakes, so a
# header's wrong blinds are OA309 there where the text's is OA103.)
PHH_COPY_ONLY: dict[tuple[str, str, str], str] = {
    ("bossmedia", "1797085457", "OA309"): "PHH states no small blind: read from a post that is not one",
    ("bovada", "3412778752", "OA309"): "PHH states no big blind: read from a post that is not one",
    ("merge", "40231841-160", "OA309"): "PHH states no small blind: read from a post that is not one",
    ("ipoker", "3616799385", "OA601"): "a walk: the room pays the blind back inside the collected amount",
    # GGPoker's `Tax $0.01`, taken from one winner's share after an even split (Hand.share_taxes), has no PHH
    # field: the copy's `_rake` holds it, and the even split of the pot less it moves the odd cent
    ("ggpoker", "3793609224", "OA505"): "GGPoker's Tax: $4.29 split $2.15/$2.14, d630ffa8's share pays it ($2.13)",
    ("ggpoker", "3793612972", "OA505"): "GGPoker's Tax: $14.35 split $7.18/$7.17, the tax from d630ffa8's share",
}


@pytest.mark.corpus
@pytest.mark.slow
def test_the_phh_copies_raise_no_new_alarm(tmp_path: Path) -> None:
    new_on_clean, copies = copies_audited(require_corpus(), tmp_path / "phh", "phh")
    assert copies >= 40  # (the corpus's broken hands keep their findings: 44 when last measured)
    assert new_on_clean == set(PHH_COPY_ONLY), sorted(new_on_clean)


# ---- number styles (README.md): TOML numbers and `cbr` texts every way, read back exact -----------------------
@pytest.mark.parametrize(
    ("stacks", "blinds", "raise_to", "won", "unit"),
    [
        ("[200, 300]", "[1, 2]", "6", "[0, 8]", 1),  # whole numbers: 1 a unit
        ("[2.00, 3.00]", "[0.01, 0.02]", "0.06", "[0, 0.08]", 100),  # two places: 0.01 a unit
        ("[2.0, 3]", "[0.01, 0.02]", "0.060", "[0, 0.08]", 100),  # the fewest places, or trailing zeros: the same
        ("[2.000, 3.000]", "[0.010, 0.020]", "0.060", "[0, 0.080]", 100),  # (trailing zeros add no place)
        ("[2.000, 3.000]", "[0.015, 0.020]", "0.060", "[0, 0.080]", 1000),  # three places: 0.001 a unit
    ],
)
def test_every_number_style_reads_back_exact(
    tmp_path: Path, stacks: str, blinds: str, raise_to: str, won: str, unit: int
) -> None:
    """Heads-up (as pokerkit reads it: p1 the big blind, p2 the button and small blind): p2 raises to 0.06 and p1
    folds."""
    big = blinds.strip("[]").split(", ")[1]
    text = (
        f"variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = {blinds}\nmin_bet = {big}\n"
        f"starting_stacks = {stacks}\nactions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'p2 cbr {raise_to}', 'p1 f']\n"
        f"winnings = {won}\n"
    )
    (hand,) = read_document(tmp_path, text)
    assert isinstance(hand, Hand) and not hand.defects, hand
    cents = 1 if unit == 1 else unit // 100  # (one hundredth of the stakes, in the hand's units)
    small = 15 * unit // 1000 if unit == 1000 else cents
    assert [(a.kind, a.amount) for a in hand.actions] == [
        (ActionKind.POST_SMALL_BLIND, small),
        (ActionKind.POST_BIG_BLIND, 2 * cents),
        (ActionKind.RAISE, 6 * cents - small),
        (ActionKind.FOLD, 0),
    ]
    assert sorted(seat.stack for seat in hand.seats) == [200 * cents, 300 * cents]
    assert [(c.player, c.amount) for c in hand.collected] == [("p2", 8 * cents)]


def test_a_readers_own_failure_is_oa104(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from omaha_audit.rooms.phh import reader

    def broken(self: object, hand_id: str) -> Hand:
        raise KeyError("a reader bug")

    break_method(monkeypatch, reader._Builder, "build", broken)
    (item,) = read_document(tmp_path, POKERKIT_STYLE)
    assert isinstance(item, UnreadableHand) and item.internal and "a reader bug" in item.reason
