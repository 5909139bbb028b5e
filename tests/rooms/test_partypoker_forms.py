"""PartyPoker's "Dealing" text (docs/ROOMS.md section 4, dialect A), the forms of its tournament and cash
hands, each in a hand written here: every tournament header (`Trny:` with or without spaces, with or without
a buy-in and an entry fee, or none at all), every level line (`Blinds(..)`, `Blinds-Antes(..)` with the
ante after `-` or ` -`, thousands separators, `Stakes(..)`), a level that goes up as the hand starts, blinds
Party does not print (posted by the seats after the button that were dealt in), posts that empty a stack,
absent players' folds printed ahead of their turn, the tournament's notes, and the cash game lines of the
same client."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from omaha_audit.model import ActionKind, Game, Hand, Structure, UnreadableHand
from omaha_audit.rooms import hand_source
from omaha_audit.rules.base import Severity
from omaha_audit.run.pipeline import Auditor

_SMALL, _BIG, _ANTE = ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND, ActionKind.POST_ANTE


def read(tmp_path: Path, text: str) -> list[Hand | UnreadableHand]:
    path = tmp_path / "party.txt"
    path.write_text(text, encoding="utf-8")
    return [item for item in hand_source().read_file(path) if isinstance(item, Hand | UnreadableHand)]


def the_hand(tmp_path: Path, text: str) -> Hand:
    (hand,) = read(tmp_path, text)
    assert isinstance(hand, Hand), hand
    assert hand.format == "partypoker" and not hand.defects, hand.defects
    return hand


def errors(tmp_path: Path, text: str) -> list[tuple[str, int | None]]:
    path = tmp_path / "audited.txt"
    path.write_text(text, encoding="utf-8")
    audited = Auditor(strict=True, keep_text=False).audit_files([path])
    return [(f.code, f.line) for item in audited for f in item.findings if f.severity is not Severity.INFO]


def posts(hand: Hand) -> list[tuple[str, ActionKind, int, bool]]:
    return [(a.player, a.kind, a.amount, a.all_in) for a in hand.actions if a.kind.is_post]


# ---- the tournament headers and level lines ----------------------------------------------------------

WALK = """Game #900002 starts.

#Game No : 900002
***** Hand History for Game 900002 *****
{game}
Table $250 Freeroll (2686225) Table #176 (Real Money)
Seat 2 is the button
Total number of players : 3/10
Seat 2: Ann ( 30,000 )
Seat 3: Bob ( 30,000 )
Seat 4: Cid ( 30,000 )
{level}
{antes}** Dealing down cards **
Dealt to Ann [  5h 7d ]
Ann folds
Bob folds
Cid does not show cards.
Cid wins {pot} chips
"""
DATE = " - Monday, July 16, 22:42:29 EDT 2012"


def walk(game: str, level: str, ante: int, pot: int) -> str:
    antes = "".join(f"{name} posts ante [{ante:,}]\n" for name in ("Ann", "Bob", "Cid")) if ante else ""
    return WALK.format(game=game + DATE, level=level, antes=antes, pot=f"{pot:,}")


# (game line, the lines after the seats, ante, pot) -> (tournament id, level, buy-in), (blinds, ante), structure
TournamentForm = tuple[str, str, int, int, tuple[str, str, str], tuple[int, int, int | None], Structure]
TOURNAMENT_FORMS: list[TournamentForm] = [
    (  # 2012 MTT: no spaces after the colons, the ante after ` -`, thousands separators
        "NL Texas Hold'em  Trny:71196310 Level:9  Blinds-Antes(600/1,200 -50)",
        "Trny:71196310 Level:9 \nBlinds-Antes(600/1,200 -50)",
        50,
        1_950,
        ("71196310", "9", ""),
        (600, 1_200, 50),
        Structure.NO_LIMIT,
    ),
    (  # the same level with no space before the ante
        "NL Texas Hold'em  Trny:71196310 Level:9  Blinds-Antes(600/1,200-50)",
        "Trny:71196310 Level:9 \nBlinds-Antes(600/1,200-50)",
        50,
        1_950,
        ("71196310", "9", ""),
        (600, 1_200, 50),
        Structure.NO_LIMIT,
    ),
    (  # 2012 freeroll MTT, no ante
        "NL Texas Hold'em  Trny: 71272376 Level: 3  Blinds(50/100)",
        "Trny: 71272376 Level: 3 \nBlinds(50/100)",
        0,
        150,
        ("71272376", "3", ""),
        (50, 100, None),
        Structure.NO_LIMIT,
    ),
    (  # sit-and-go: the buy-in before `Trny:`
        "NL Texas Hold'em $1 USD Buy-in Trny: 54322000 Level: 3  Blinds(50/100)",
        "Trny: 54322000 Level: 3 \nBlinds(50/100)",
        0,
        150,
        ("54322000", "3", "$1 USD"),
        (50, 100, None),
        Structure.NO_LIMIT,
    ),
    (  # the public converters' old layout: a buy-in and an entry fee, a space before the `/`
        "NL Texas Hold'em $10 USD Buy-in + $1 Entry Fee Trny: 61234567 Level: 12  Blinds-Antes(1,500 /3,000 -300)",
        "Trny: 61234567 Level: 12 \nBlinds-Antes(1,500 /3,000 -300)",
        300,
        5_400,
        ("61234567", "12", "$10 USD + $1"),
        (1_500, 3_000, 300),
        Structure.NO_LIMIT,
    ),
    (  # no tournament number in the header: the lines after the seats say it
        "NL Texas Hold'em €1 EUR Buy-in ",
        "Trny: 75582100 Level: 1\nBlinds(20/40)",
        0,
        60,
        ("75582100", "1", "€1 EUR"),
        (20, 40, None),
        Structure.NO_LIMIT,
    ),
    (  # fixed limit: `Stakes(200/400)` is the bets; the blinds are half a small bet and one
        "FL Texas Hold'em  Trny:71207318 Level:4  Stakes(200/400)",
        "Trny:71207318 Level:4\nStakes(200/400)",
        0,
        300,
        ("71207318", "4", ""),
        (100, 200, None),
        Structure.FIXED_LIMIT,
    ),
    (  # the level went up as the hand started: the lines after the seats are the hand's
        "NL Texas Hold'em  Trny:71196310 Level:16  Blinds-Antes(6,000/12,000 -200)",
        "Trny:71196310 Level:17 \nBlinds-Antes(8,000/16,000 -400)",
        400,
        25_200,
        ("71196310", "17", ""),
        (8_000, 16_000, 400),
        Structure.NO_LIMIT,
    ),
]


@pytest.mark.parametrize("form", TOURNAMENT_FORMS, ids=lambda form: form[0][:60])
def test_tournament_headers_and_levels(tmp_path: Path, form: TournamentForm) -> None:
    game, level, ante, pot, tournament, (small, big, ante_stake), structure = form
    hand = the_hand(tmp_path, walk(game, level, ante, pot))
    assert hand.tournament is not None and hand.unit.currency == "chips"
    assert (hand.tournament.tournament_id, hand.tournament.level, hand.tournament.buy_in) == tournament
    assert (hand.game, hand.structure, hand.stakes.ante) == (Game.HOLDEM, structure, ante_stake)
    # the blinds Party does not print: the two seats after the button's
    expected = [("Ann", _ANTE, ante, False), ("Bob", _ANTE, ante, False), ("Cid", _ANTE, ante, False)] if ante else []
    assert posts(hand) == [*expected, ("Bob", _SMALL, small, False), ("Cid", _BIG, big, False)]
    assert [event.kind for event in hand.events].count("blind-not-printed") == 2
    assert sum(a.amount for a in hand.actions) == pot
    changed = [event.text for event in hand.events if event.kind == "level-changed"]
    assert changed == (
        ["the level went up as the hand started: level 16 in the header, 17 here"] if "16" in game else []
    )
    assert errors(tmp_path, walk(game, level, ante, pot)) == []


def test_a_header_with_an_omaha_sit_and_go(tmp_path: Path) -> None:
    text = walk("PL Omaha $1 USD Buy-in Trny: 54322000 Level: 3  Blinds(50/100)", "Blinds(50/100)", 0, 150)
    hand = the_hand(tmp_path, text.replace("[  5h 7d ]", "[  6s 4h Ts 4d ]"))
    assert (hand.game, hand.structure, hand.stakes.big_blind) == (Game.OMAHA, Structure.POT_LIMIT, 100)
    assert hand.tournament is not None and hand.tournament.tournament_id == "54322000"


# ---- blinds, antes and all-ins ----------------------------------------------------------------------

SHORT = """***** Hand History for Game 11931653319 *****
NL Texas Hold'em  Trny:71196310 Level:9  Blinds-Antes(600/1,200 -50) - Monday, July 16, 22:42:29 EDT 2012
Table Americas Summer Million Qualifier Speed (2685917) Table #20 (Real Money)
Seat 5 is the button
Total number of players : 5/10
Seat 1: Lei_CZ ( 40 )
Seat 5: felson90 ( 26,600 )
Seat 6: dorper111 ( 2,770 )
Seat 7: conelciber ( 760 )
Seat 9: newman ( 5,000 )
Trny:71196310 Level:9
Blinds-Antes(600/1,200 -50)
Lei_CZ posts ante [40]
felson90 posts ante [50]
dorper111 posts ante [50]
conelciber posts ante [50]
** Dealing down cards **
Dealt to felson90 [  3s As ]
felson90 raises [2,400]
dorper111 folds
** Dealing Flop ** [ Qd, Qs, 9h ]
** Dealing Turn ** [ 2s ]
** Dealing River ** [ 4h ]
felson90 shows [ 3s, As ]a pair of Queens.
conelciber shows [ Qh, 6c ]three of a kind, Queens.
Lei_CZ shows [ 5s, Jd ]a pair of Queens.
felson90 wins 1,690 chips from the side pot 2 with a pair of Queens.
conelciber wins 2,050 chips from the side pot 1 with three of a kind, Queens.
conelciber wins 160 chips from the main pot with three of a kind, Queens.
Player Lei_CZ finished in 136.
"""


def test_blinds_from_the_seats_dealt_in_and_posts_that_empty_a_stack(tmp_path: Path) -> None:
    """`newman`, seated on seat 9 but named by no line, was not dealt in (he waits for the big blind): the
    blinds are dorper111's and conelciber's, whose 710 left after the ante is a short big blind, all in;
    Lei_CZ's ante of 40 is his whole stack."""
    hand = the_hand(tmp_path, SHORT)
    assert posts(hand) == [
        ("Lei_CZ", _ANTE, 40, True),
        ("felson90", _ANTE, 50, False),
        ("dorper111", _ANTE, 50, False),
        ("conelciber", _ANTE, 50, False),
        ("dorper111", _SMALL, 600, False),
        ("conelciber", _BIG, 710, True),
    ]
    # felson90's unmatched 1,690 is his side pot 2: taken out of the awards
    assert [(c.player, c.amount, c.pot) for c in hand.collected] == [("conelciber", 2050, 1), ("conelciber", 160, 0)]
    assert any(event.kind == "finished" for event in hand.events)
    assert errors(tmp_path, SHORT) == []


NO_SMALL = """***** Hand History for Game 11931686631 *****
NL Texas Hold'em  Trny:71196310 Level:18  Blinds-Antes(10,000/20,000 -500) - Monday, July 16, 23:34:42 EDT 2012
Table Americas Summer Million Qualifier Speed (2685917) Table #25 (Real Money)
Seat 2 is the button
Total number of players : 3/10
Seat 5: SoloSil ( 58,162 )
Seat 2: leco_tagua ( 348,118 )
Seat 8: piscelo ( 199,732 )
Trny:71196310 Level:18
Blinds-Antes(10,000/20,000 -500)
leco_tagua posts ante [500]
SoloSil posts ante [500]
piscelo posts ante [500]
There is no Small Blind in this hand as the Big Blind of the previous hand left the table.
** Dealing down cards **
Dealt to piscelo [  7c Ad ]
piscelo raises [40,000]
leco_tagua folds
SoloSil is all-In  [37,662]
piscelo calls [17,662]
** Dealing Flop ** [ As, Ah, 3s ]
** Dealing Turn ** [ Qh ]
** Dealing River ** [ 5d ]
piscelo shows [ 7c, Ad ]three of a kind, Aces.
SoloSil shows [ 9h, 9s ]two pairs, Aces and Nines.
piscelo wins 116,824 chips from the main pot with three of a kind, Aces.
The tournament is now finished as the remaining prizes are of equal value.
Player SoloSil finished in 11.
Congratulations to player piscelo for winning tournament 71196310
"""


def test_no_small_blind_and_the_tournaments_end(tmp_path: Path) -> None:
    hand = the_hand(tmp_path, NO_SMALL)
    assert [(a.player, a.kind, a.amount) for a in hand.actions if a.kind in (_SMALL, _BIG)] == [
        ("SoloSil", _BIG, 20_000)
    ]
    kinds = {event.kind for event in hand.events}
    assert {"no-small-blind", "tournament-over", "finished", "winner"} <= kinds
    assert errors(tmp_path, NO_SMALL) == []


# ---- absent players ----------------------------------------------------------------------------------

ABSENT = """***** Hand History for Game 11941168262 *****
NL Texas Hold'em  Trny: 71295714 Level: 3  Blinds(30/60) - Friday, July 20, 15:58:04 EDT 2012
Table Summer Million Special (2686100) Table #13 (Real Money)
Seat 6 is the button
Total number of players : 7/10
Seat 7: FAIROAK50 ( 2,700 )
Seat 3: Jerome_Terry ( 6,881 )
Seat 10: Leopold115 ( 2,760 )
Seat 6: Patsupiy ( 2,976 )
Seat 9: Pokerguru64 ( 2,760 )
Seat 8: StarScream44 ( 3,453 )
Seat 2: Tertingslots ( 2,800 )
Trny: 71295714 Level: 3
Blinds(30/60)
** Dealing down cards **
Dealt to Jerome_Terry [  Kh 5s ]
Tertingslots folds
Leopold115 folds
Pokerguru64 folds
Player westham1982 has been moved from table 14 to this table
westham1982 has joined the table.
Jerome_Terry raises [180]
Patsupiy folds
maria43 has been reconnected and has 15 seconds to act.
FAIROAK50 folds
Chat has been disabled till the end of this hand as one or more players have gone All-in. Chat will be \
enabled as soon as this hand ends.
StarScream44 folds
Jerome_Terry does not show cards.
Jerome_Terry wins 270 chips
Player sahin333222 finished in 6,996.
Player Villain finished in 2 place and received $5 USD
"""


def test_absent_players_folds_are_read_at_their_turn(tmp_path: Path) -> None:
    """Party folds absent players at once, ahead of their turn (seats 2, 10 and 9 here, when play goes 9,
    10, 2, 3 from the big blind on seat 8): each fold is read at its turn, from its own line, with a note."""
    hand = the_hand(tmp_path, ABSENT)
    preflop = [(a.player, a.source.line) for a in hand.actions if a.street.value == "preflop"]
    assert preflop == [
        ("Pokerguru64", 19),
        ("Leopold115", 18),
        ("Tertingslots", 17),
        ("Jerome_Terry", 22),
        ("Patsupiy", 23),
        ("FAIROAK50", 25),
        ("StarScream44", 27),
    ]
    moved = [(e.player, e.source.line) for e in hand.events if e.kind == "fold-ahead-of-turn"]
    assert moved == [("Tertingslots", 17), ("Leopold115", 18)]
    kinds = [event.kind for event in hand.events]
    assert {"table-move", "table-join", "reconnected", "chat-disabled"} <= set(kinds) and kinds.count("finished") == 2
    assert errors(tmp_path, ABSENT) == []


def test_a_fold_out_of_turn_after_the_betting_opened_stays_where_it_is(tmp_path: Path) -> None:
    """Only the folds that open the preflop betting are the room's absent players: Patsupiy's fold printed
    after a raise is read where it stands, and FAIROAK50's line, which took his turn, is reported."""
    text = ABSENT.replace("Jerome_Terry raises [180]\nPatsupiy folds\n", "Jerome_Terry raises [180]\n").replace(
        "StarScream44 folds\n", "StarScream44 folds\nPatsupiy folds\n"
    )
    hand = the_hand(tmp_path, text)
    assert [a.player for a in hand.actions if a.street.value == "preflop"][-2:] == ["StarScream44", "Patsupiy"]
    assert errors(tmp_path, text) == [("OA311", 24)]


# ---- the cash tables of the same client ---------------------------------------------------------------

CASH = """Game #11969241827 starts.

#Game No : 11969241827
***** Hand History for Game 11969241827 *****
{game}
Table Ostrava (Real Money)
Seat 5 is the button
Total number of players : 3/9
Seat 2: CrazyCosa ( $2.47 USD )
Seat 5: Neel-25 ( $3.09 USD )
Seat 6: lea5155 ( $3.35 USD )
Seat 7: TiZheRad ( $0.77 USD )
Seat 3: dilmah77 ( $0 USD )
lea5155 posts small blind [{small} USD].
TiZheRad posts big blind [{big} USD].
** Dealing down cards **
Dealt to CrazyCosa [  7d 3s ]
CrazyCosa: haha
CrazyCosa calls [{big} USD]
UFish is sitting out
Neel-25 folds
lea5155 calls [{complete} USD]
TiZheRad checks
** Dealing Flop ** [ 2h, 5s, 8d ]
lea5155 checks
TiZheRad bets [{big} USD]
CrazyCosa folds
lea5155 folds
TiZheRad does not show cards.
TiZheRad wins {pot} USD
"""

# (game line, small blind, big blind, the small blind's call, the pot and the unmatched bet)
CASH_FORMS = [
    ("$2 USD NL Texas Hold'em - Monday, July 30, 20:23:57 EDT 2012", "$0.01", "$0.02", "$0.01", "$0.08"),
    ("$0.01/$0.02 USD NL Texas Hold'em - Monday, July 30, 20:23:57 EDT 2012", "$0.01", "$0.02", "$0.01", "$0.08"),
    ("$1,000 USD PL  Omaha Hi-Saturday,February 18, 01:10:59 EST 2012", "$5", "$10", "$5", "$40"),
    (
        "$10 USD fastforward NL Texas Hold'em - Wednesday,August 31, 01:41:34 MESZ 2016",
        "$0.05",
        "$0.10",
        "$0.05",
        "$0.40",
    ),
    ("$15/$30 USD Texas Hold'em - Monday, July 30, 20:23:57 EDT 2012", "$10", "$15", "$5", "$60"),
    # the public converters' siblings: `SPOTPOKER` where `fastforward` stands (fpdb reads both as fast tables), the
    # game words `Hold'em` and `Texas Holdem`
    ("$10 USD SPOTPOKER NL Hold'em - Wednesday,August 31, 01:41:34 MESZ 2016", "$0.05", "$0.10", "$0.05", "$0.40"),
    ("$2 USD NL Texas Holdem - Monday, July 30, 20:23:57 EDT 2012", "$0.01", "$0.02", "$0.01", "$0.08"),
]


@pytest.mark.parametrize("form", CASH_FORMS, ids=lambda form: form[0][:40])
def test_cash_headers_of_the_same_client(tmp_path: Path, form: tuple[str, str, str, str, str]) -> None:
    game, small, big, complete, pot = form
    text = CASH.format(game=game, small=small, big=big, complete=complete, pot=pot)
    if "Omaha" in game:
        text = text.replace("[  7d 3s ]", "[  7d 3s Ah Kc ]")
    hand = the_hand(tmp_path, text)
    assert hand.tournament is None and hand.unit.currency == "USD"
    posted = [a.amount for a in hand.actions if a.kind in (_SMALL, _BIG)]
    assert sum(a.amount for a in hand.actions) == 4 * posted[1] and len(posted) == 2
    if "$15/$30" in game:
        assert (hand.structure, hand.stakes.small_bet, hand.stakes.big_bet) == (Structure.FIXED_LIMIT, 1500, 3000)
    else:
        assert (hand.stakes.small_blind, hand.stakes.big_blind) == tuple(posted)
    assert hand.kind == ("zoom" if "fastforward" in game or "SPOTPOKER" in game else "hand")
    assert {"chat", "sits-out"} <= {event.kind for event in hand.events}


# ---- number styles (public converters: digits with `.`, `,`, `'` and K, M, B; a sign before, a code after) ----

STYLED = """***** Hand History for Game 900100 *****
{sign}2,000 {code} NL Texas Hold'em - Monday, July 30, 20:23:57 EDT 2012
Table Ostrava (Real Money)
Seat 1 is the button
Total number of players : 2/6
Seat 1: Ann ( {ann}{after} )
Seat 2: Bob ( {bob}{after} )
Ann posts small blind [{sb}{after}].
Bob posts big blind [{bb}{after}].
** Dealing down cards **
Dealt to Ann [ Ah, Kd ]
Ann raises [{raise_}{after}]
Bob calls [{call}{after}]
** Dealing Flop ** [ Jh, 7c, 5h ]
Bob checks
Ann bets [{bet}{after}]
Bob folds
Ann does not show cards.
Ann wins {won}{after}
"""
# the stacks $3,456.78 and $1,234.56, blinds of $5 and $10, a raise that adds $25 and its call of $20, a bet
# of $1,234.56 nobody calls, and the award of $1,291.56: the pot of $60 less $3 of rake, with the unmatched
# bet in it (Party prints no uncalled-bet line)
STYLED_AMOUNTS = {"ann": 345678, "bob": 123456, "sb": 500, "bb": 1000, "raise_": 2500, "call": 2000, "bet": 123456}
STYLED_WON = 129156


def party_style(units: int, group: str, point: str, sign: str = "$") -> str:
    whole, cents = divmod(units, 100)
    return sign + f"{whole:,}".replace(",", group) + (f"{point}{cents:02}" if cents else "")


# style -> (how it writes an amount, the code after the amounts, the currency)
NUMBER_STYLES: dict[str, tuple[Callable[[int], str], str, str]] = {
    "`$1,234.56 USD`": (lambda units: party_style(units, ",", "."), " USD", "USD"),
    "`$1,234.56` with no code": (lambda units: party_style(units, ",", "."), "", "USD"),
    "Mac format `$1.234,56 USD`": (lambda units: party_style(units, ".", ","), " USD", "USD"),
    "apostrophes `$1'234.56 USD`": (lambda units: party_style(units, "'", "."), " USD", "USD"),
    "`$1,234.56 DOL`": (lambda units: party_style(units, ",", "."), " DOL", "USD"),
    "euros `€1,234.56 EUR`": (lambda units: party_style(units, ",", ".", "\u20ac"), " EUR", "EUR"),
}


def styled_hand(money: Callable[[int], str], after: str, currency: str, **changed: str) -> str:
    fields = {name: money(units) for name, units in STYLED_AMOUNTS.items()}
    fields.update(changed)
    sign = "\u20ac" if currency == "EUR" else "$"
    code = "EUR" if currency == "EUR" else "USD"
    return STYLED.format(sign=sign, code=code, after=after, won=money(STYLED_WON), **fields)


@pytest.mark.parametrize("style", NUMBER_STYLES)
def test_every_number_style_reads_back_exact(tmp_path: Path, style: str) -> None:
    money, after, currency = NUMBER_STYLES[style]
    text = styled_hand(money, after, currency)
    hand = the_hand(tmp_path, text)
    assert hand.unit.currency == currency
    assert [seat.stack for seat in hand.seats] == [345678, 123456]
    assert [a.amount for a in hand.actions if a.amount] == [500, 1000, 2500, 2000, 123456]
    assert (hand.stakes.small_blind, hand.stakes.big_blind) == (500, 1000)
    assert [(c.player, c.amount) for c in hand.collected] == [("Ann", STYLED_WON - 123456)]  # (the bet taken out)
    assert errors(tmp_path, text) == []


def test_tournament_chips_with_multipliers(tmp_path: Path) -> None:
    """K, M and B multipliers (the converters' number class), in the level, the stacks and the awards."""
    game = "NL Texas Hold'em  Trny:71196310 Level:9  Blinds-Antes(1K/2K -100)"
    text = walk(game, "Trny:71196310 Level:9 \nBlinds-Antes(1K/2K -100)", 100, 3_300)
    text = text.replace("( 30,000 )", "( 1.5M )").replace("Cid wins 3,300 chips", "Cid wins 3.3K chips")
    hand = the_hand(tmp_path, text)
    assert (hand.stakes.small_blind, hand.stakes.big_blind, hand.stakes.ante) == (1000, 2000, 100)
    assert [seat.stack for seat in hand.seats] == [1_500_000] * 3
    # (the big blind's unmatched 1K is in the award: taken out, the pots paid 2.3K)
    assert [(c.player, c.amount) for c in hand.collected] == [("Cid", 2300)]
    assert errors(tmp_path, text) == []


def test_one_amount_in_no_style_is_one_line_not_read(tmp_path: Path) -> None:
    """`Ann bets [$1,7,0.0 USD]`: commas in no grouping. That line is not read (one OA106 finding, which says
    what it withholds); the hand is read, and no dealer's error follows from the misread."""
    money, after, currency = NUMBER_STYLES["`$1,234.56 USD`"]
    text = styled_hand(money, after, currency, bet="$1,7,0.0")
    (hand,) = read(tmp_path, text)
    assert isinstance(hand, Hand)
    assert [(d.line, d.not_read) for d in hand.defects] == [(16, True)]
    path = tmp_path / "audited.txt"
    path.write_text(text, encoding="utf-8")
    (audited,) = Auditor(strict=True, keep_text=False).audit_files([path])
    assert [(f.code, f.line) for f in audited.findings] == [("OA106", 16)]


BALANCE = """***** Hand History For Game 1784559729098bywbird3xlj *****
10/25 Omaha Hi Game Table (NL) - Mon Jul 20 11:01:17 EDT 2026
Table Table 7490030 (Real Money) -- Seat 1 is the button
Total number of players : 2/6
Seat 1: Player1 ({p1})
Seat 2: Hero ({hero})
Player1 posts small blind ({sb})
Hero posts big blind ({bb})
** Dealing down cards **
Dealt to Hero [ 7s, Tc, 5c, Jh ]
Player1 calls ({call})
Hero checks
** Dealing Flop ** :  [ 8d, 5s, 8h ]
Hero checks
Player1 bets ({bet})
Hero folds
** Summary **
Main Pot: {pot} Rake: {rake}
Board: [ 8d, 5s, 8h ]
Player1 balance {p1_after}, bet {p1_bet}, collected {p1_won}, net +{p1_net}
Hero balance {hero_after}, lost {bb}
"""


# the balance text at $10/$25 in the thousands: every amount grouped
BALANCE_STYLED = {
    "p1": "$2,345.67",
    "hero": "$1,234.56",
    "sb": "10",
    "bb": "25",
    "call": "15",
    "bet": "1,000",
    "pot": "$47.50",
    "rake": "$2.50",
    "p1_after": "$2,368.17",
    "p1_bet": "$1,025",
    "p1_won": "$1,047.50",
    "p1_net": "$22.50",
    "hero_after": "$1,209.56",
}


def test_the_balance_texts_number_styles(tmp_path: Path) -> None:
    """The balance-summary text at $10/$25 with stacks in the thousands: `$1,234.56`, the betting's `(10)`,
    `Main Pot: $50` net of the rake; every amount with thousands grouped, read exact."""
    text = BALANCE.format(**BALANCE_STYLED)
    (hand,) = read(tmp_path, text)
    assert isinstance(hand, Hand) and not hand.defects, hand
    assert [seat.stack for seat in hand.seats] == [234567, 123456]
    assert [a.amount for a in hand.actions if a.amount] == [1000, 2500, 1500, 100000]
    assert hand.pot is not None and (hand.pot.total, hand.pot.rake) == (4750, 250)
    assert [(c.player, c.amount) for c in hand.collected] == [("Player1", 4750)]
    assert errors(tmp_path, text) == []


def test_a_betting_line_not_read_is_said_once(tmp_path: Path) -> None:
    """`Player1 bets (1,0,00)`: the line is not read (OA106); the summary's `bet $1,025` for Player1 is not then
    held against the lines read (no OA109 for the misread), and no dealer's error follows from it."""
    text = BALANCE.format(**{**BALANCE_STYLED, "bet": "1,0,00"})
    (hand,) = read(tmp_path, text)
    assert isinstance(hand, Hand)
    assert [(d.line, d.not_read) for d in hand.defects] == [(15, True)]
    assert errors(tmp_path, text) == [("OA106", 15)]


BALANCE_GAME_LINES = {
    "10/25 Omaha Hi Game Table (Limit) - Mon Jul 20 11:01:17 EDT 2026": (Structure.FIXED_LIMIT, None),
    "10/25 Tourney Omaha Hi Game Table (NL) (SNG JackPot Tournament #301084002) (Buyin $5 + $0.5) - Sun Apr 25 "
    "17:30:03 EDT 2021": (Structure.NO_LIMIT, "301084002"),
}


@pytest.mark.parametrize("game", BALANCE_GAME_LINES)
def test_the_balance_texts_other_game_lines(tmp_path: Path, game: str) -> None:
    """`(Limit)` for fixed limit and `(SNG JackPot Tournament #N)`."""
    fields = re.findall(r"\{(\w+)\}", BALANCE)
    text = BALANCE.format(**dict.fromkeys(fields, "1")).replace(BALANCE.split("\n")[1], game)
    (hand,) = read(tmp_path, text)
    assert isinstance(hand, Hand)
    structure, tournament_id = BALANCE_GAME_LINES[game]
    assert hand.structure is structure
    assert (hand.tournament.tournament_id if hand.tournament else None) == tournament_id
