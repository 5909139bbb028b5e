"""PokerStars' text in every number style and header variant the reader claims (omaha_audit/rooms/pokerstars/
README.md), written here and read back with the exact amounts; and one amount in no number style, which is one
line not read on the hand (OA106), never a dealer's error nor an unreadable hand.

The hand: three-handed pot-limit Omaha at $50/$100; Alpha (the button) raises $250 to $350, Bravo folds,
Charlie calls; on the flop Charlie bets $600.50, Alpha raises $670 to $1,270.50 and Charlie calls; on the turn
Alpha bets $2,345.67, Charlie folds and the bet comes back; Alpha collects the $3,291 in the pot less a rake of
$3. In chips (tournaments, play money) the same figures are whole chips (5,000/10,000; 60,050) and no rake.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from omaha_audit.model import ActionKind, Hand
from omaha_audit.rooms import hand_source
from omaha_audit.run.pipeline import Auditor

HAND = """\
{header}
Table '{table}' 6-max{money} Seat #1 is the button
Seat 1: Alpha ({s1} in chips)
Seat 2: Bravo ({s2} in chips)
Seat 3: Charlie ({s3} in chips)
Bravo: posts small blind {sb}
Charlie: posts big blind {bb}
*** HOLE CARDS ***
Alpha: raises {r1} to {r1_to}
Bravo: folds
Charlie: calls {c1}
*** FLOP *** [Ah 7c 2d]
Charlie: bets {b2}
Alpha: raises {r2} to {r2_to}
Charlie: calls {c2}
*** TURN *** [Ah 7c 2d] [Ks]
Charlie: checks
Alpha: bets {b3}
Charlie: folds
Uncalled bet ({b3}) returned to Alpha
Alpha collected {won} from pot
Alpha: doesn't show hand
*** SUMMARY ***
Total pot {total} | Rake {rake}
Board [Ah 7c 2d Ks]
Seat 1: Alpha (button) collected ({won})
Seat 2: Bravo (small blind) folded before Flop
Seat 3: Charlie (big blind) folded on the Turn
"""
# every amount in hundredths: money in cents; tournament and play chips are the same numbers of whole chips
AMOUNTS = {
    "sb": 5000,
    "bb": 10000,
    "s1": 500000,
    "s2": 150000,
    "s3": 200050,
    "r1": 25000,
    "r1_to": 35000,
    "c1": 25000,
    "b2": 60050,
    "r2": 67000,
    "r2_to": 127050,
    "c2": 67000,
    "b3": 234567,
    "total": 329100,
}
RAKE = 300


def number(units: int, decimals: int, thousands: str = ",", point: str = ".") -> str:
    """`units` of `decimals` places as PokerStars writes them: thousands grouped, the decimals only when they
    are not zero (`$5`, `$600.50`, `$1,270.50`)."""
    whole, fraction = divmod(units, 10**decimals)
    digits = f"{whole:,}".replace(",", thousands)
    return digits + (f"{point}{fraction:0{decimals}d}" if fraction else "")


def write(
    sign: str, decimals: int, rake: int, header: str, table: str, money: str = "", gross: bool = False, **marks: str
) -> str:
    """The hand in one style: `sign` before every amount, `marks` (thousands, point) between its digits; the
    amount collected net of the rake (PokerStars), or before it (`gross`: MPL)."""
    units = dict(AMOUNTS, rake=rake, won=AMOUNTS["total"] - (0 if gross else rake))
    fields = {key: sign + number(value, decimals, **marks) for key, value in units.items()}
    stakes = f"{fields['sb']}/{fields['bb']}"
    return HAND.format(header=header.format(stakes=stakes), table=table, money=money, **fields)


CASH = "PokerStars Hand #250000000001:  Omaha Pot Limit ({stakes}) - 2024/05/01 12:00:00 ET"
TOURNAMENT = (
    "PokerStars Hand #250000000002: Tournament #3500000001, $5.00+$0.50 USD Omaha Pot Limit - Level XV ({stakes})"
    " - 2024/05/01 12:00:00 ET"
)
ZOOM = "PokerStars Zoom Hand #250000000003:  Omaha Pot Limit ({stakes}) - 2024/05/01 12:00:00 ET"
HOME = "PokerStars Home Game Hand #250000000004: {{Friday Club}}  Omaha Pot Limit ({stakes}) - 2024/05/01 12:00:00 ET"
MPL = "MPLPoker Hand #4227871731:  Omaha Pot Limit ({stakes}) - 2023/10/17 22:39:01 UTC"
POKERMASTER = "PokerMaster Hand #3713015100020: Omaha Pot Limit ({stakes} CNY) - 2019/03/19 10:57:09 UTC"

# (style, the hand's text, its currency, its decimals)
STYLES = {
    # the styles PokerStars' English client writes (the corpus holds each)
    "dollars": (write("$", 2, RAKE, CASH.replace("({stakes})", "({stakes} USD)"), "Gaby II"), "USD", 2),
    "euros": (write("€", 2, RAKE, CASH.replace("({stakes})", "({stakes} EUR)"), "Gaby II"), "EUR", 2),
    "pounds": (write("£", 2, RAKE, CASH.replace("({stakes})", "({stakes} GBP)"), "Gaby II"), "GBP", 2),
    "tournament chips": (write("", 0, 0, TOURNAMENT, "3500000001 1"), "chips", 0),
    "play money": (write("", 0, 0, CASH, "Aludra", " (Play Money)"), "play", 0),
    "zoom": (write("$", 2, RAKE, ZOOM.replace("({stakes})", "({stakes} USD)"), "Donati"), "USD", 2),
    "home game": (write("$", 2, RAKE, HOME, "Friday Club's table"), "USD", 2),
    "rupees (MPL)": (write("₹", 2, RAKE, MPL, "PLO5 100/200 RIT #7", gross=True), "INR", 2),
    "yuan (PokerMaster)": (write("¥", 2, RAKE, POKERMASTER, "3713015"), "CNY", 2),
    # styles PokerStars does not write, read by the kit where the lines let them be captured whole
    "no-break space groups": (write("$", 2, RAKE, CASH, "Gaby II", thousands="\u00a0"), "USD", 2),
    "apostrophe groups": (write("$", 2, RAKE, CASH, "Gaby II", thousands="'"), "USD", 2),
    "no groups": (write("$", 2, RAKE, CASH, "Gaby II", thousands=""), "USD", 2),
}


def read_hand(tmp_path: Path, text: str) -> Hand:
    path = tmp_path / "hand.txt"
    path.write_text(text, encoding="utf-8")
    (hand,) = hand_source().read_file(path)
    assert isinstance(hand, Hand), hand
    return hand


def findings(tmp_path: Path) -> list[tuple[str, str, int]]:
    auditor = Auditor(strict=True, keep_text=False)
    return [
        (f.code, f.severity.value, f.line) for a in auditor.audit_files([tmp_path / "hand.txt"]) for f in a.findings
    ]


@pytest.mark.parametrize("style", list(STYLES))
def test_every_number_style_reads_back_exact(tmp_path: Path, style: str) -> None:
    text, currency, decimals = STYLES[style]
    hand = read_hand(tmp_path, text)
    a = AMOUNTS  # (chips: the same figures, in whole chips)
    rake = RAKE if decimals == 2 else 0
    won = a["total"] - (0 if hand.room == "mpl" else rake)  # (MPL prints the amount collected before the rake)
    assert (hand.unit.currency, hand.unit.decimals) == (currency, decimals)
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (a["sb"], a["bb"])
    assert [(s.player, s.stack) for s in hand.seats] == [("Alpha", a["s1"]), ("Bravo", a["s2"]), ("Charlie", a["s3"])]
    assert [(x.player, x.kind, x.amount, x.raise_to) for x in hand.actions if x.amount] == [
        ("Bravo", ActionKind.POST_SMALL_BLIND, a["sb"], a["sb"]),
        ("Charlie", ActionKind.POST_BIG_BLIND, a["bb"], a["bb"]),
        ("Alpha", ActionKind.RAISE, a["r1_to"], a["r1_to"]),
        ("Charlie", ActionKind.CALL, a["c1"], a["r1_to"]),
        ("Charlie", ActionKind.BET, a["b2"], a["b2"]),
        ("Alpha", ActionKind.RAISE, a["r2_to"], a["r2_to"]),
        ("Charlie", ActionKind.CALL, a["c2"], a["r2_to"]),
        ("Alpha", ActionKind.BET, a["b3"], a["b3"]),
    ]
    assert [x.increment for x in hand.actions if x.kind is ActionKind.RAISE] == [a["r1"], a["r2"]]
    assert [(u.player, u.amount) for u in hand.uncalled] == [("Alpha", a["b3"])]
    assert [(c.player, c.amount) for c in hand.collected] == [("Alpha", won)]
    assert hand.pot is not None and (hand.pot.total, hand.pot.rake) == (a["total"], rake)
    assert [s.won for s in hand.summary_seats] == [(won,), (), ()]
    assert not hand.defects
    assert [f for f in findings(tmp_path) if f[1] != "info"] == []


def test_the_header_variants(tmp_path: Path) -> None:
    """Cash, Zoom, home game (its club), tournament (its number, buy-in and level), and the rooms that write the
    same text under their own name."""
    kinds = {}
    for style in ("dollars", "zoom", "home game", "tournament chips", "rupees (MPL)", "yuan (PokerMaster)"):
        hand = read_hand(tmp_path, STYLES[style][0])
        kinds[style] = (hand.room, hand.kind, hand.club, hand.tournament and hand.tournament.tournament_id)
    assert kinds == {
        "dollars": ("pokerstars", "hand", None, None),
        "zoom": ("pokerstars", "zoom", None, None),
        "home game": ("pokerstars", "home-game", "Friday Club", None),
        "tournament chips": ("pokerstars", "hand", None, "3500000001"),
        "rupees (MPL)": ("mpl", "hand", None, None),
        "yuan (PokerMaster)": ("pokermaster", "hand", None, None),
    }


def test_an_amount_in_no_style_is_one_finding(tmp_path: Path) -> None:
    """`$2,3,4,5.67` fits no number style (commas not between groups of three): the turn bet is a line not read
    with the reason, the rest of the hand is read, and the audit says it once (OA106, naming the dealer's checks
    it withholds: the refund of a bet it did not read, the pot and the award), never another number."""
    text = STYLES["dollars"][0].replace("Alpha: bets $2,345.67", "Alpha: bets $2,3,4,5.67")
    hand = read_hand(tmp_path, text)
    ((line, printed, reason),) = [(d.line, d.text, d.reason) for d in hand.defects]
    assert (line, printed) == (18, "Alpha: bets $2,3,4,5.67") and "digits not grouped in thousands" in reason
    assert [x.source.line for x in hand.actions if x.kind is ActionKind.BET] == [
        13
    ]  # (the flop bet; the turn's left out)
    assert [(code, line) for code, _, line in findings(tmp_path)] == [("OA106", 18)]


@pytest.mark.parametrize("amount", ["$2.345,67", "$2,345.678", "2,345.67 $", "$-2,345.67"])
def test_other_amounts_in_no_style_of_the_room(tmp_path: Path, amount: str) -> None:
    """A decimal comma (PokerStars' English writes a point), a tenth of a cent, a sign after the amount, a
    minus: each a line not read, never a number."""
    text = STYLES["dollars"][0].replace("Alpha: bets $2,345.67", f"Alpha: bets {amount}")
    hand = read_hand(tmp_path, text)
    assert [(d.line, d.text) for d in hand.defects] == [(18, f"Alpha: bets {amount}")]
    assert [code for code, _, _ in findings(tmp_path)] == ["OA106"]


# Lines that carry no chips and no cards, as PokerStars writes them anywhere in a hand: kept as events (by
# their kind), never a line not read.
NO_CHIPS = {
    'Alpha said, "gl all"': "chat",
    "Dave joins the table at seat #4": "table-join",
    "Eve leaves the table": "table-leave",
    "Bravo: sits out": "sits-out",
    "Bravo is sitting out": "sits-out",
    "Eve is back": "sits-in",
    "Charlie has timed out": "timed-out",
    "Charlie has timed out while disconnected": "timed-out",
    "Charlie has returned": "returned",
    "Charlie is disconnected": "connection",
    "Charlie is connected": "connection",
    "Dave will be allowed to play after the button": "waiting",
    "Frank was removed from the table for failing to post": "removed",
}
TOURNAMENT_NO_CHIPS = {
    "Eve finished the tournament in 4th place and received $12.50.": "tournament-result",
    "Eve finished the tournament in 5th place": "tournament-result",
    "Alpha wins the $5 bounty for eliminating Eve": "tournament-result",
    "Alpha, Bravo split the $5 bounty for eliminating Eve": "bounty-split",
    "Frank re-buys and receives 10,000 chips for $5.00": "rebuy",
    "Frank takes the add-on and receives 15,000 chips for $5.00": "add-on",
    "Alpha wins the tournament and receives $100.00 - congratulations!": "tournament-result",
}


@pytest.mark.parametrize(
    ("style", "lines"), [("dollars", NO_CHIPS), ("tournament chips", TOURNAMENT_NO_CHIPS)], ids=["cash", "tournament"]
)
def test_lines_with_no_chips_are_events(tmp_path: Path, style: str, lines: dict[str, str]) -> None:
    text = STYLES[style][0].replace("Bravo: folds\n", "Bravo: folds\n" + "".join(f"{line}\n" for line in lines))
    hand = read_hand(tmp_path, text)
    assert not hand.defects
    assert sorted(event.kind for event in hand.events) == sorted(lines.values())
    assert [f for f in findings(tmp_path) if f[1] != "info"] == []


# One amount in no style on each kind of line that holds one: (the line as written, as damaged).
DAMAGED = [
    ("Bravo: posts small blind $50", "Bravo: posts small blind $5,0"),
    ("Charlie: posts big blind $100", "Charlie: posts big blind $1,0,0"),
    ("Alpha: raises $250 to $350", "Alpha: raises $250 to $3,5,0"),
    ("Charlie: calls $250", "Charlie: calls $2,5,0"),
    ("Charlie: bets $600.50", "Charlie: bets $600.5.0"),
    ("Uncalled bet ($2,345.67) returned to Alpha", "Uncalled bet ($2,34,5.67) returned to Alpha"),
    ("Alpha collected $3,288 from pot", "Alpha collected $32,88 from pot"),
    ("Total pot $3,291 | Rake $3", "Total pot $3,291 | Rake $3,0"),
    ("Total pot $3,291 | Rake $3", "Total pot $3,29,1 | Rake $3"),
    ("Seat 1: Alpha (button) collected ($3,288)", "Seat 1: Alpha (button) collected ($3.288,00)"),
]


@pytest.mark.parametrize(("line", "damaged"), DAMAGED, ids=[damaged for _, damaged in DAMAGED])
def test_an_amount_in_no_style_on_any_line_is_one_finding(tmp_path: Path, line: str, damaged: str) -> None:
    """Wherever it stands, an amount in no style is its line not read and said once: no dealer's error follows
    from it (the checks it could change are withheld), and a pot line not read is not a summary without one."""
    text = STYLES["dollars"][0]
    assert text.count(line + "\n") == 1
    hand = read_hand(tmp_path, text.replace(line + "\n", damaged + "\n"))
    assert [(d.text, d.inconsistent) for d in hand.defects] == [(damaged, False)]
    assert [code for code, _, _ in findings(tmp_path)] == ["OA106"]


def test_a_seat_whose_stack_is_not_read(tmp_path: Path) -> None:
    """A seat line whose stack fits no style is not read, so its player has no seat in the hand: that is said
    too (OA105, a reading finding), and no dealer's check is made on the hand after it."""
    text = STYLES["dollars"][0].replace("Seat 2: Bravo ($1,500 in chips)", "Seat 2: Bravo ($1,5,0,0 in chips)")
    hand = read_hand(tmp_path, text)
    assert [(d.line, d.text) for d in hand.defects] == [(4, "Seat 2: Bravo ($1,5,0,0 in chips)")]
    assert [code for code, _, _ in findings(tmp_path)] == ["OA106", "OA105"]
