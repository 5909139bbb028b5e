"""GGPoker's text in every number style and header variant the reader claims (omaha_audit/rooms/ggpoker/
README.md), written here and read back with the exact amounts; and one amount in no number style, which is one
line not read on the hand (OA106), never a dealer's error nor an unreadable hand.

The hand: three-handed pot-limit Omaha at $50/$100; Alpha (the button) raises $250 to $350, Bravo folds,
Charlie calls; on the flop Charlie bets $600.50, Alpha raises $670 to $1,270.50 and Charlie calls; on the turn
Alpha bets $2,345.67, Charlie folds and the bet comes back; Alpha collects the $3,291 in the pot less a rake of
$3 and a jackpot fee of $1. GG writes decimals without their trailing zeros (`$600.5`, `$3,291`, `$0`). In a
tournament the same figures are whole chips (5,000/10,000; 60,050) and nothing is taken from the pot.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from omaha_audit.model import ActionKind, FeeKind, Hand
from omaha_audit.rooms import hand_source
from omaha_audit.run.pipeline import Auditor

HAND = """\
{header}
Table '{table}' 6-max Seat #1 is the button
Seat 1: Alpha ({s1} in chips)
Seat 2: Bravo ({s2} in chips)
Seat 3: Charlie ({s3} in chips)
Bravo: posts small blind {sb}
Charlie: posts big blind {bb}
*** HOLE CARDS ***
Dealt to Alpha [Ad Kd Qh Jh]
Dealt to Bravo
Dealt to Charlie
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
*** SHOWDOWN ***
Alpha collected {won} from pot
*** SUMMARY ***
Total pot {total} | Rake {rake} | Jackpot {jackpot} | Bingo {zero} | Fortune {zero} | Tax {zero}
Board [Ah 7c 2d Ks]
Seat 1: Alpha (button) won ({won})
Seat 2: Bravo (small blind) folded before Flop
Seat 3: Charlie (big blind) folded on the Turn
"""
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
    "zero": 0,
}
RAKE, JACKPOT = 300, 100


def number(units: int, decimals: int, thousands: str = ",") -> str:
    """`units` of `decimals` places as GG writes them: thousands by comma, the decimals without their trailing
    zeros (`$600.5`, `$3,291`)."""
    whole, fraction = divmod(units, 10**decimals)
    digits = f"{whole:,}".replace(",", thousands)
    return digits + (f".{fraction:0{decimals}d}".rstrip("0") if fraction else "")


def write(sign: str, decimals: int, header: str, table: str, taken: bool, thousands: str = ",") -> str:
    rake, jackpot = (RAKE, JACKPOT) if taken else (0, 0)
    units = dict(AMOUNTS, rake=rake, jackpot=jackpot, won=AMOUNTS["total"] - rake - jackpot)
    fields = {key: sign + number(value, decimals, thousands) for key, value in units.items()}
    return HAND.format(header=header.format(stakes=f"{fields['sb']}/{fields['bb']}"), table=table, **fields)


RUSH = "Poker Hand #RC3793277647: Omaha Pot Limit ({stakes}) - 2025/08/09 05:32:33"
CASH = "Poker Hand #OM232657303: PLO ({stakes}) - 2021/01/21 02:41:55"
TOURNAMENT = (
    "Poker Hand #TM2697462: Tournament #25942319, Omaholic Bounty $8.40 Omaha Pot Limit - Level18({stakes})"
    " - 2021/04/15 11:12:42"
)

# (style, the hand's text, its currency, its decimals, whether rake and jackpot are taken)
STYLES = {
    "dollars, Rush & Cash": (write("$", 2, RUSH, "RushAndCash10562907", True), "USD", 2, True),
    "dollars, PLO label": (write("$", 2, CASH, "PLO-5Gold2", True), "USD", 2, True),
    "yuan": (write("¥", 2, CASH, "PLO-5Gold2", True), "CNY", 2, True),
    "tournament chips": (write("", 0, TOURNAMENT, "4", False), "chips", 0, False),
    # styles GG does not write, read by the kit where the lines let them be captured whole
    "no-break space groups": (write("$", 2, CASH, "PLO-5Gold2", True, "\u00a0"), "USD", 2, True),
    "no groups": (write("$", 2, CASH, "PLO-5Gold2", True, ""), "USD", 2, True),
}


def read_hand(tmp_path: Path, text: str) -> Hand:
    path = tmp_path / "gg.txt"
    path.write_text(text, encoding="utf-8")
    (hand,) = hand_source().read_file(path)
    assert isinstance(hand, Hand), hand
    return hand


def findings(tmp_path: Path) -> list[tuple[str, str, int]]:
    auditor = Auditor(strict=True, keep_text=False)
    return [(f.code, f.severity.value, f.line) for a in auditor.audit_files([tmp_path / "gg.txt"]) for f in a.findings]


@pytest.mark.parametrize("style", list(STYLES))
def test_every_number_style_reads_back_exact(tmp_path: Path, style: str) -> None:
    text, currency, decimals, taken = STYLES[style]
    hand = read_hand(tmp_path, text)
    a = AMOUNTS  # (chips: the same figures, in whole chips)
    rake, jackpot = (RAKE, JACKPOT) if taken else (0, 0)
    won = a["total"] - rake - jackpot
    assert (hand.room, hand.unit.currency, hand.unit.decimals) == ("ggpoker", currency, decimals)
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
    assert sorted((fee.kind, fee.amount) for fee in hand.fees) == sorted(
        [(FeeKind.JACKPOT, jackpot), (FeeKind.BINGO, 0), (FeeKind.FORTUNE, 0), (FeeKind.SHARE_TAX, 0)]
    )
    assert [s.won for s in hand.summary_seats] == [(won,), (), ()]
    assert not hand.defects
    assert [f for f in findings(tmp_path) if f[1] != "info"] == []


def test_the_header_variants(tmp_path: Path) -> None:
    """Rush & Cash (GG's fast-fold pool, `RC`), cash (`OM`, the `PLO` label with no limit word: pot limit), and
    a tournament (its number, the name that holds its buy-in, the level written against its stakes)."""
    rush = read_hand(tmp_path, STYLES["dollars, Rush & Cash"][0])
    cash = read_hand(tmp_path, STYLES["dollars, PLO label"][0])
    tournament = read_hand(tmp_path, STYLES["tournament chips"][0])
    assert (rush.kind, rush.hand_id, rush.started, rush.started_local) == (
        "zoom",
        "3793277647",
        None,
        "2025/08/09 05:32:33",
    )
    assert (cash.kind, cash.game_text, cash.hand_id) == ("hand", "PLO", "232657303")
    assert tournament.tournament is not None
    assert (tournament.tournament.tournament_id, tournament.tournament.buy_in, tournament.tournament.level) == (
        "25942319",
        "Omaholic Bounty $8.40",
        "18",
    )


def test_an_amount_in_no_style_is_one_finding(tmp_path: Path) -> None:
    """`$2,3,4,5.67` fits no number style: the turn bet is a line not read with the reason, the rest of the hand
    is read, and the audit says it once (OA106, naming the dealer's checks it withholds), never another number."""
    text = STYLES["dollars, Rush & Cash"][0].replace("Alpha: bets $2,345.67", "Alpha: bets $2,3,4,5.67")
    hand = read_hand(tmp_path, text)
    ((line, printed, reason),) = [(d.line, d.text, d.reason) for d in hand.defects]
    assert (line, printed) == (21, "Alpha: bets $2,3,4,5.67") and "digits not grouped in thousands" in reason
    assert [(code, line) for code, _, line in findings(tmp_path)] == [("OA106", 21)]


@pytest.mark.parametrize("amount", ["$2.345,67", "$2,345.678", "2,345.67 $", "$-2,345.67"])
def test_other_amounts_in_no_style_of_the_room(tmp_path: Path, amount: str) -> None:
    text = STYLES["dollars, Rush & Cash"][0].replace("Alpha: bets $2,345.67", f"Alpha: bets {amount}")
    hand = read_hand(tmp_path, text)
    assert [(d.line, d.text) for d in hand.defects] == [(21, f"Alpha: bets {amount}")]
    assert [code for code, _, _ in findings(tmp_path)] == ["OA106"]


# Lines that carry no chips and no cards: kept as events (or, `Dealt to` without cards, a seat dealt in).
NO_CHIPS = [
    'Alpha said, "gl"',
    "Bravo: sits out",
    "Bravo is sitting out",
    "Charlie: Chooses to EV Cashout ",
    "Charlie: get an all-in insurance (premium ($0/$4/$0) for ($0/$10.8/$0) - (Mandatory/Main/Sub))",
    "Eve finished the tournament in 4th place and received $12.50.",
    "Alpha wins $5 bounty for eliminating Eve",
]


def test_lines_with_no_chips_are_events(tmp_path: Path) -> None:
    text = STYLES["dollars, Rush & Cash"][0].replace("Bravo: folds\n", "Bravo: folds\n" + "\n".join(NO_CHIPS) + "\n")
    hand = read_hand(tmp_path, text)
    assert not hand.defects and len(hand.events) == len(NO_CHIPS)
    assert [f for f in findings(tmp_path) if f[1] != "info"] == []


# One amount in no style on each kind of line that holds one: (the line as written, as damaged).
DAMAGED = [
    ("Bravo: posts small blind $50", "Bravo: posts small blind $5,0"),
    ("Alpha: raises $250 to $350", "Alpha: raises $250 to $3,5,0"),
    ("Charlie: calls $250", "Charlie: calls $2,5,0"),
    ("Uncalled bet ($2,345.67) returned to Alpha", "Uncalled bet ($2,34,5.67) returned to Alpha"),
    ("Alpha collected $3,287 from pot", "Alpha collected $32,87 from pot"),
    (
        "Total pot $3,291 | Rake $3 | Jackpot $1 | Bingo $0 | Fortune $0 | Tax $0",
        "Total pot $3,291 | Rake $3 | Jackpot $1,0 | Bingo $0 | Fortune $0 | Tax $0",
    ),
    (
        "Total pot $3,291 | Rake $3 | Jackpot $1 | Bingo $0 | Fortune $0 | Tax $0",
        "Total pot $3,29,1 | Rake $3 | Jackpot $1 | Bingo $0 | Fortune $0 | Tax $0",
    ),
    ("Seat 1: Alpha (button) won ($3,287)", "Seat 1: Alpha (button) won ($3.287,00)"),
]


@pytest.mark.parametrize(("line", "damaged"), DAMAGED, ids=[damaged[:40] for _, damaged in DAMAGED])
def test_an_amount_in_no_style_on_any_line_is_one_finding(tmp_path: Path, line: str, damaged: str) -> None:
    """Wherever it stands, an amount in no style is its line not read and said once: no dealer's error follows
    from it, and a pot line not read is not a summary without one."""
    text = STYLES["dollars, PLO label"][0]
    assert text.count(line + "\n") == 1
    hand = read_hand(tmp_path, text.replace(line + "\n", damaged + "\n"))
    assert [(d.text, d.inconsistent) for d in hand.defects] == [(damaged, False)]
    assert [code for code, _, _ in findings(tmp_path)] == ["OA106"]


def test_a_time_bank_card_amount_not_read(tmp_path: Path) -> None:
    """The time bank card's price on a summary seat line, in no style: that seat line is not read (its money
    outside the pot not counted), the hand is."""
    text = STYLES["dollars, Rush & Cash"][0].replace(
        "Seat 3: Charlie (big blind) folded on the Turn",
        "Seat 3: Charlie (big blind) bought time bank card ($0,0,5), folded on the Turn",
    )
    hand = read_hand(tmp_path, text)
    assert [(d.line, d.inconsistent) for d in hand.defects] == [(31, False)]
    assert "$0,0,5" in hand.defects[0].reason and not [f for f in hand.fees if f.label == "time bank card"]
    assert [code for code, _, _ in findings(tmp_path)] == ["OA106"]
