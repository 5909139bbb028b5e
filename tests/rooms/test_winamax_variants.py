"""Winamax's header forms on small hands written here (the corpus holds cash games, Go Fast and tournaments):
every table kind VARIANTS.md's Winamax part lists (`CashGame`, `Go Fast "pool"`, `HOLD-UP "pool"`,
`ESCAPE "pool"`), the site's money those pools add to a pot (`Hold-up to Pot: total 0.50€`, `Escape to
Pot: total 0.50€`), the tournament buy-in forms (comma decimals, free and ticket entries), and the dead and
both-blinds posts fpdb's reader knows (`posts dead blind (0.25€)`, `posts small & big blind ( 0.75€)`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from omaha_audit.model import ActionKind, FeeEffect, FeeKind, Hand
from omaha_audit.pipeline import Auditor
from omaha_audit.rooms import hand_source

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
