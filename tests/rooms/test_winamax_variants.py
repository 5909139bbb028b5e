"""Winamax's header forms on small hands written here (the corpus holds cash games, Go Fast and tournaments):
every table kind the public converters' Winamax part lists (`CashGame`, `Go Fast "pool"`, `HOLD-UP "pool"`,
`ESCAPE "pool"`), the site's money those pools add to a pot (`Hold-up to Pot: total 0.50€`, `Escape to
Pot: total 0.50€`), the tournament buy-in forms (comma decimals, free and ticket entries), and the dead and
both-blinds posts fpdb's reader knows (`posts dead blind (0.25€)`, `posts small & big blind ( 0.75€)`); and a
hand in every number style the reader reads (omaha_audit/rooms/winamax/README.md), read back with the exact
amounts, and with one amount in no number style: one line not read (OA106), never another number."""

from __future__ import annotations

from pathlib import Path

import pytest

from omaha_audit.model import ActionKind, FeeEffect, FeeKind, Hand
from omaha_audit.rooms import hand_source
from omaha_audit.run.pipeline import Auditor

# a walk to the big blind, with an optional line of the site's money added to the pot
_CASH = (
    (
        "Winamax Poker - {kind} - HandId: #9434802-28434-1490719852 - Omaha pot limit (0.05€/0.10€)"
        " - 2017/03/28 16:50:52 UTC\n"
    )
    + """\
Table: 'Paris 12' 5-max (real money) Seat #1 is the button
Seat 1: Alpha (10€)
Seat 2: Bravo (10€)
*** ANTE/BLINDS ***
Alpha posts small blind 0.05€
Bravo posts big blind 0.10€
*** PRE-FLOP *** {added}
Alpha folds
Bravo collected {won}€ from pot
*** SUMMARY ***
Total pot {won}€ | No rake
Seat 2: Bravo (big blind) won {won}€
"""
)

_TOURNAMENT = (
    (
        'Winamax Poker - Tournament "Freeroll" buyIn: {buy_in} level: 3 - HandId: #180688949-12-1483830000'
        " - Omaha pot limit (20/40) - 2017/01/07 23:00:00 UTC\n"
    )
    + """\
Table: 'Freeroll(180688949)#004' 6-max (real money) Seat #1 is the button
Seat 1: Alpha (1500)
Seat 2: Bravo (1500)
*** ANTE/BLINDS ***
Alpha posts small blind 20
Bravo posts big blind 40
*** PRE-FLOP ***
Alpha folds
Bravo collected 60 from pot
*** SUMMARY ***
Total pot 60 | No rake
Seat 2: Bravo (big blind) won 60
"""
)


def read_hand(tmp_path: Path, text: str) -> Hand:
    path = tmp_path / "winamax.txt"
    path.write_text(text, encoding="utf-8")
    (hand,) = hand_source().read_file(path)
    assert isinstance(hand, Hand), hand
    return hand


def loud_findings(tmp_path: Path) -> list[str]:
    auditor = Auditor(strict=True, keep_text=False)
    return [f.code for a in auditor.audit_files([tmp_path / "winamax.txt"]) for f in a.findings]


@pytest.mark.parametrize(
    ("kind", "fast_fold"),
    [("CashGame", False), ('Go Fast "Buzau"', True), ('HOLD-UP "Paris"', False), ('ESCAPE "Paris"', False)],
    ids=lambda value: str(value).split(" ")[0],
)
def test_every_table_kind(tmp_path: Path, kind: str, fast_fold: bool) -> None:
    hand = read_hand(tmp_path, _CASH.format(kind=kind, added="", won="0.15"))
    assert (hand.room, hand.hand_id, hand.table, hand.unit.currency) == (
        "winamax",
        "9434802-28434-1490719852",
        "Paris 12",
        "EUR",
    )
    assert hand.kind == ("zoom" if fast_fold else "hand")
    assert [(c.player, c.amount) for c in hand.collected] == [("Bravo", 15)]
    assert not hand.defects and loud_findings(tmp_path) == []


@pytest.mark.parametrize("pool", ["Hold-up", "Escape"])
def test_the_site_money_added_to_the_pot(tmp_path: Path, pool: str) -> None:
    """`Hold-up to Pot: total 0.50€` / `Escape to Pot: total 0.50€`: money the site adds to the pot, in
    the total and in what the winner collects."""
    kind = f'{pool.upper()} "Paris"'
    hand = read_hand(tmp_path, _CASH.format(kind=kind, added=f"\n{pool} to Pot: total 0.50€", won="0.65"))
    assert [(fee.kind, fee.amount, fee.effect) for fee in hand.fees] == [(FeeKind.SPLASH, 50, FeeEffect.ADDED)]
    assert hand.pot is not None and hand.pot.total == 65
    assert not hand.defects and loud_findings(tmp_path) == []


@pytest.mark.parametrize("buy_in", ["0,90€ + 0,10€", "0.92€ + 0.08€", "0€ + 0€", "Gratuit", "Ticket only"])
def test_tournament_buy_in_forms(tmp_path: Path, buy_in: str) -> None:
    hand = read_hand(tmp_path, _TOURNAMENT.format(buy_in=buy_in))
    assert hand.tournament is not None
    assert (hand.tournament.tournament_id, hand.tournament.buy_in, hand.tournament.level) == (
        "180688949",
        buy_in,
        "3",
    )
    assert (hand.stakes.small_blind, hand.stakes.big_blind, hand.unit.currency) == (20, 40, "chips")
    assert not hand.defects and loud_findings(tmp_path) == []


_POSTS = (
    (
        "Winamax Poker - CashGame - HandId: #270777-164-1284847510 - Omaha pot limit (0.25€/0.50€)"
        " - 2010/09/18 21:58:30 UTC\n"
    )
    + """\
Table: 'Paris 12' 5-max (real money) Seat #1 is the button
Seat 1: Alpha (50€)
Seat 2: Bravo (50€)
Seat 3: Charlie (50€)
Seat 4: Delta (50€)
*** ANTE/BLINDS ***
Bravo posts small blind 0.25€
Charlie posts big blind 0.50€
Delta: posts small & big blind ( 0.75€)
Alpha posts dead blind (0.25€)
*** PRE-FLOP ***
Delta checks
Alpha calls 0.50€
Bravo folds
Charlie checks
*** FLOP *** [Ac 5s 4h]
Charlie checks
Delta checks
Alpha checks
*** TURN *** [Ac 5s 4h][5d]
Charlie checks
Delta checks
Alpha checks
*** RIVER *** [Ac 5s 4h 5d][Qc]
Charlie checks
Delta bets 1€
Alpha folds
Charlie folds
Delta collected 3.25€ from pot
*** SUMMARY ***
Total pot 3.25€ | No rake
Board: [Ac 5s 4h 5d Qc]
Seat 4: Delta won 3.25€
"""
)


def test_dead_and_both_blinds_as_fpdb_knows_them(tmp_path: Path) -> None:
    """`Delta: posts small & big blind ( 0.75€)`: both blinds, 0.25€ dead and 0.50€ live (Delta checks his
    option); `Alpha posts dead blind (0.25€)`: dead money (Alpha still calls 0.50€)."""
    hand = read_hand(tmp_path, _POSTS)
    posts = [(a.player, a.kind, a.amount, a.raise_to) for a in hand.actions if a.kind.is_post]
    assert posts == [
        ("Bravo", ActionKind.POST_SMALL_BLIND, 25, 25),
        ("Charlie", ActionKind.POST_BIG_BLIND, 50, 50),
        ("Delta", ActionKind.POST_SMALL_AND_BIG_BLIND, 75, 50),
        ("Alpha", ActionKind.POST_DEAD, 25, 0),
    ]
    assert not hand.defects and loud_findings(tmp_path) == []


# ---- number styles ----------------------------------------------------------------------------------
# Three-handed pot-limit Omaha at 50€/100€: Alpha (the button) raises 250€ to 350€, Bravo folds, Charlie calls;
# on the flop Charlie bets 600.50€, Alpha raises 670€ to 1270.50€ and Charlie calls; on the turn Alpha bets
# 2345.67€ and Charlie folds. Winamax prints no uncalled bet: Alpha collects the whole 5636.67€ put in less
# the 3€ rake, which is the `Total pot` (net of the rake, the uncalled bet in it). Winamax writes the sign
# after the amount, a decimal point, no thousands mark, and the decimals only when they are not zero (`14€`,
# `25.50€`). In a tournament or at a play-money table the same figures are whole chips, without a sign.
_STYLED = """\
{header}
Table: '{table}' 6-max ({money}) Seat #1 is the button
Seat 1: Alpha ({s1})
Seat 2: Bravo ({s2})
Seat 3: Charlie ({s3})
*** ANTE/BLINDS ***
Bravo posts small blind {sb}
Charlie posts big blind {bb}
Dealt to Alpha [Ad Kd Qh Jh]
*** PRE-FLOP ***
Alpha raises {r1} to {r1_to}
Bravo folds
Charlie calls {c1}
*** FLOP *** [Ah 7c 2d]
Charlie bets {b2}
Alpha raises {r2} to {r2_to}
Charlie calls {c2}
*** TURN *** [Ah 7c 2d][Ks]
Charlie checks
Alpha bets {b3}
Charlie folds
Alpha collected {won} from pot
*** SUMMARY ***
Total pot {won} | {rake}
Board: [Ah 7c 2d Ks]
Seat 1: Alpha (button) won {won}
"""
_AMOUNTS = {
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
}
_PUT_IN = 5000 + 35000 + 127050 + 35000 + 127050 + 234567  # Bravo, Charlie, Alpha
_RAKE = 300
_CASH_HEADER = (
    "Winamax Poker - CashGame - HandId: #15917912-457-1618228092 - Omaha pot limit ({stakes}) - 2021/04/12 11:48:13 UTC"
)
_TOURNAMENT_HEADER = (
    'Winamax Poker - Tournament "Freeroll" buyIn: 0,90€ + 0,10€ level: 3 - HandId: #180688949-12-1483830000'
    " - Omaha pot limit ({stakes}) - 2017/01/07 23:00:00 UTC"
)


def _number(units: int, decimals: int, thousands: str, point: str) -> str:
    whole, fraction = divmod(units, 10**decimals)
    digits = f"{whole:,}".replace(",", thousands)
    return digits + (f"{point}{fraction:0{decimals}d}" if fraction else "")


def _styled(
    header: str, decimals: int, before: str = "", after: str = "", thousands: str = "", point: str = "."
) -> str:
    """The hand with every amount written `before` + digits (`thousands`, `point`) + `after`."""
    money = before or after
    rake = _RAKE if money else 0
    units = dict(_AMOUNTS, won=_PUT_IN - rake)
    fields = {key: before + _number(value, decimals, thousands, point) + after for key, value in units.items()}
    rake_text = f"Rake {before}{_number(rake, decimals, thousands, point)}{after}" if rake else "No rake"
    return _STYLED.format(
        header=header.format(stakes=f"{fields['sb']}/{fields['bb']}"),
        table="Nagoya" if money else ("Freeroll(180688949)#004" if "Tournament" in header else "Paris 12"),
        money="real money" if money or "Tournament" in header else "play money",
        rake=rake_text,
        **fields,
    )


# (the hand's text, its currency, its decimals)
_STYLES = {
    # what Winamax writes: the sign after the amount (euros; dollars as fpdb's reader allows), a decimal point
    "euros": (_styled(_CASH_HEADER, 2, after="€"), "EUR", 2),
    "dollars": (_styled(_CASH_HEADER, 2, after="$"), "USD", 2),
    "tournament chips": (_styled(_TOURNAMENT_HEADER, 0), "chips", 0),
    "play money": (_styled(_CASH_HEADER, 0), "play", 0),
    # styles Winamax's hands do not show, read by the kit with Winamax's decimal point
    "thousands by comma": (_styled(_CASH_HEADER, 2, after="€", thousands=","), "EUR", 2),
    "no-break space groups": (_styled(_CASH_HEADER, 2, after="€", thousands="\u00a0"), "EUR", 2),
    "sign before": (_styled(_CASH_HEADER, 2, before="€"), "EUR", 2),
}


@pytest.mark.parametrize("style", list(_STYLES))
def test_every_number_style_reads_back_exact(tmp_path: Path, style: str) -> None:
    text, currency, decimals = _STYLES[style]
    hand = read_hand(tmp_path, text)
    a = _AMOUNTS  # (chips: the same figures, in whole chips)
    rake = _RAKE if decimals == 2 else 0
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
    assert [(c.player, c.amount) for c in hand.collected] == [("Alpha", _PUT_IN - rake)]
    assert hand.pot is not None and (hand.pot.total, hand.pot.rake) == (_PUT_IN - rake, rake)
    assert [s.won for s in hand.summary_seats] == [(_PUT_IN - rake,)]
    assert not hand.defects and [code for code in loud_findings(tmp_path) if code != "OA102"] == []


def test_an_amount_in_no_style_is_one_finding(tmp_path: Path) -> None:
    """`2,3,4,5.67€` fits no number style: the turn bet is a line not read with the reason, the rest of the hand
    is read, and the audit says it once (OA106, naming the dealer's checks it withholds), never another number."""
    text = _STYLES["euros"][0].replace("Alpha bets 2345.67€", "Alpha bets 2,3,4,5.67€")
    hand = read_hand(tmp_path, text)
    ((line, printed, reason),) = [(d.line, d.text, d.reason) for d in hand.defects]
    assert (line, printed) == (20, "Alpha bets 2,3,4,5.67€") and "digits not grouped in thousands" in reason
    auditor = Auditor(strict=True, keep_text=False)
    found = [(f.code, f.line) for a in auditor.audit_files([tmp_path / "winamax.txt"]) for f in a.findings]
    assert found == [("OA106", 20)]


@pytest.mark.parametrize("amount", ["2345,67€", "2.345,67€", "2345.678€", "2345.67€€", "-2345.67€", "2,345,67€"])
def test_other_amounts_in_no_style(tmp_path: Path, amount: str) -> None:
    """A decimal comma (Winamax's hands write a point: `5,0€` is no amount, never five euros), a third decimal,
    two signs, a minus, commas that group nothing: each a line not read, never a number."""
    text = _STYLES["euros"][0].replace("Alpha bets 2345.67€", f"Alpha bets {amount}")
    hand = read_hand(tmp_path, text)
    assert [(d.line, d.text) for d in hand.defects] == [(20, f"Alpha bets {amount}")]
    assert loud_findings(tmp_path) == ["OA106"]


# Lines that carry no chips and no cards: kept as events, never a line not read.
_NO_CHIPS = {
    'Alpha said, "bonne chance"': "chat",
    "Bravo denies big blind": "denies-blind",
    "Bravo deny SB": "denies-blind",
    "Bravo deny BB 0€": "denies-blind",
}


def test_lines_with_no_chips_are_events(tmp_path: Path) -> None:
    text = _STYLES["euros"][0].replace("Bravo folds\n", "Bravo folds\n" + "".join(f"{line}\n" for line in _NO_CHIPS))
    hand = read_hand(tmp_path, text)
    assert not hand.defects
    assert sorted(event.kind for event in hand.events) == sorted(_NO_CHIPS.values())
    assert loud_findings(tmp_path) == []


# One amount in no style on each kind of line that holds one: (the line as written, as damaged).
_DAMAGED = [
    ("Bravo posts small blind 50€", "Bravo posts small blind 5,0€"),
    ("Alpha raises 250€ to 350€", "Alpha raises 250€ to 3,5,0€"),
    ("Charlie calls 250€", "Charlie calls 2,5,0€"),
    ("Alpha collected 5633.67€ from pot", "Alpha collected 5633,67€ from pot"),
    ("Total pot 5633.67€ | Rake 3€", "Total pot 5633.67€ | Rake 3,0€"),
    ("Total pot 5633.67€ | Rake 3€", "Total pot 56,33.67€ | Rake 3€"),
    ("Seat 1: Alpha (button) won 5633.67€", "Seat 1: Alpha (button) won 5.633,67€"),
]


@pytest.mark.parametrize(("line", "damaged"), _DAMAGED, ids=[damaged for _, damaged in _DAMAGED])
def test_an_amount_in_no_style_on_any_line_is_one_finding(tmp_path: Path, line: str, damaged: str) -> None:
    """Wherever it stands, an amount in no style is its line not read and said once: no dealer's error follows
    from it, and a pot line not read is not a summary without one."""
    text = _STYLES["euros"][0]
    assert text.count(line + "\n") == 1
    hand = read_hand(tmp_path, text.replace(line + "\n", damaged + "\n"))
    assert [(d.text, d.inconsistent) for d in hand.defects] == [(damaged, False)]
    assert loud_findings(tmp_path) == ["OA106"]


# A short all-in raise that tops the bet (3.10€) but not Delta's bet and dead money together (3.60€): by
# Winamax's arithmetic (X = Y less the most in front, dead included) its X is below zero.
_BELOW_ZERO_RAISE = """\
Winamax Poker - CashGame - HandId: #9247976-238-1478874600 - Omaha pot limit (0.50€/1€) - 2026/01/06 18:52:29 UTC
Table: 'Kaus IX' 6-max (real money) Seat #1 is the button
Seat 1: Alpha (50€)
Seat 2: Bravo (3.48€)
Seat 3: Charlie (50€)
Seat 4: Delta (50€)
*** ANTE/BLINDS ***
Bravo posts small blind 0.50€
Charlie posts big blind 1€
Delta posts small blind 1.50€ out of position
Delta posts big blind 0€ out of position
Dealt to Alpha [As Js 3s 3h]
*** PRE-FLOP ***
Delta raises 1.60€ to 3.10€
Alpha calls 3.10€
Bravo raises -0.12€ to 3.48€ and is all-in
Charlie folds
Delta calls 0.38€
Alpha calls 0.38€
*** FLOP *** [6h Jh 2s]
Delta checks
Alpha checks
*** TURN *** [6h Jh 2s][Ad]
Delta checks
Alpha checks
*** RIVER *** [6h Jh 2s Ad][Kd]
Delta checks
Alpha checks
*** SHOW DOWN ***
Delta shows [2h Qc 5c 5h] (One pair : 5)
Alpha shows [As Js 3s 3h] (Two pairs : Aces and Jacks)
Bravo shows [3d 4d 7s Tc] (High card : Ace)
Alpha collected 11.40€ from pot
*** SUMMARY ***
Total pot 11.40€ | Rake 0.54€
Board: [6h Jh 2s Ad Kd]
Seat 1: Alpha (button) showed [As Js 3s 3h] and won 11.40€ with Two pairs : Aces and Jacks
Seat 2: Bravo (small blind) showed [3d 4d 7s Tc] and lost with High card : Ace
Seat 3: Charlie (big blind) folded on the pre-flop
Seat 4: Delta showed [2h Qc 5c 5h] and lost with One pair : 5
"""


def test_a_raise_size_below_zero_over_dead_money(tmp_path: Path) -> None:
    hand = read_hand(tmp_path, _BELOW_ZERO_RAISE)
    (raise_,) = [a for a in hand.actions if a.player == "Bravo" and a.kind is ActionKind.RAISE]
    assert (raise_.raise_to, raise_.increment, raise_.all_in) == (348, 38, True)
    assert not hand.defects and loud_findings(tmp_path) == []


def test_a_negative_amount_elsewhere_is_a_line_not_read(tmp_path: Path) -> None:
    hand = read_hand(tmp_path, _BELOW_ZERO_RAISE.replace("Delta calls 0.38€", "Delta calls -0.38€"))
    assert [(d.text, "negative" in d.reason) for d in hand.defects] == [("Delta calls -0.38€", True)]
    assert loud_findings(tmp_path) == ["OA106"]


# Generated (`generate --room winamax --variant comma-buy-in --seed 1 --fault-rate 1`, hand 200001184563): 46
# chips of side pot 2's high half (AceHunter7's) paid to its low half (NutHunter7's). NutHunter7's line says
# `side pot 1` (it is the second line, not the first side pot): the skew is put where both players share a pot,
# and reported as a hi/lo split gone wrong in side pot 2, not as side pot 1 paid to the wrong player.
_SKEWED_HALVES = (
    (
        'Winamax Poker - Tournament "No Limit 6 Card Omaha Hi/Lo" buyIn: 3€ + 0,30€ level: 5 - HandId: #200001184563'
        " - 6 Card Omaha Hi/Lo no limit (15/75/150) - 2026/01/07 23:53:45 UTC\n"
    )
    + """\
Table: 'No Limit 6 Card Omaha Hi/Lo(706249493)#33' 6-max (real money) Seat #4 is the button
Seat 2: nutboy (1275)
Seat 3: NutHunter7 (7190)
Seat 4: luckybear (1640)
Seat 5: AceHunter7 (1780)
*** ANTE/BLINDS ***
nutboy posts ante 15
NutHunter7 posts ante 15
luckybear posts ante 15
AceHunter7 posts ante 15
AceHunter7 posts small blind 75
nutboy posts big blind 150
Dealt to luckybear [Jc Qs 4h 5d 3h 2h]
*** PRE-FLOP ***
NutHunter7 calls 150
luckybear calls 150
AceHunter7 calls 75
nutboy checks
*** FLOP *** [7d 2s Th]
AceHunter7 bets 1615 and is all-in
nutboy calls 1110 and is all-in
NutHunter7 calls 1615
luckybear calls 1475 and is all-in
*** TURN *** [7d 2s Th][7h]
*** RIVER *** [7d 2s Th 7h][3c]
*** SHOW DOWN ***
AceHunter7 shows [Qh 2c Ad 2d Ks 7s] (Full of 7 and 2)
NutHunter7 shows [Ah As Jh Js Qc 6s] (Two pairs : Aces and 7)
NutHunter7 shows [Ah As Jh Js Qc 6s] (High card : 7)
luckybear shows [Jc Qs 4h 5d 3h 2h] (Two pairs : 7 and 3)
luckybear shows [Jc Qs 4h 5d 3h 2h] (High card : 7)
nutboy shows [4d 8c 6d 8s Kc 8d] (Two pairs : 8 and 7)
nutboy shows [4d 8c 6d 8s Kc 8d] (High card : 7)
NutHunter7 collected 186 from side pot 1(LO)
AceHunter7 collected 3192 from main pot(HI)
luckybear collected 3097 from main pot(LO)
*** SUMMARY ***
Total pot 6.47k | No rake
Board: [7d 2s Th 7h 3c]
Seat 2: nutboy (big blind) showed [4d 8c 6d 8s Kc 8d] and lost with HI : Two pairs : 8 and 7
Seat 2: nutboy (big blind) showed [4d 8c 6d 8s Kc 8d] and lost with LO : High card : 7
Seat 3: NutHunter7 showed [Ah As Jh Js Qc 6s] and lost with HI : Two pairs : Aces and 7
Seat 3: NutHunter7 showed [Ah As Jh Js Qc 6s] and won 186 with LO : High card : 7
Seat 4: luckybear (button) showed [Jc Qs 4h 5d 3h 2h] and lost with HI : Two pairs : 7 and 3
Seat 4: luckybear (button) showed [Jc Qs 4h 5d 3h 2h] and won 3097 with LO : High card : 7
Seat 5: AceHunter7 (small blind) showed [Qh 2c Ad 2d Ks 7s] and won 3192 with HI : Full of 7 and 2
"""
)


def test_a_skewed_hi_lo_split_in_a_side_pot_is_oa502(tmp_path: Path) -> None:
    read_hand(tmp_path, _SKEWED_HALVES)
    auditor = Auditor(strict=True, keep_text=False)
    found = [(f.code, f.message) for a in auditor.audit_files([tmp_path / "winamax.txt"]) for f in a.findings]
    assert [code for code, _ in found] == ["OA502"]
    assert "Side pot 2" in found[0][1] and "AceHunter7 94, NutHunter7 186" in found[0][1]
