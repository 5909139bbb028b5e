"""Readable enumerations for games, betting structures, streets and actions.

Loops that run per line or per action bind the members they test to module names (`_PREFLOP =
Street.PREFLOP`): on Python 3.11 `EnumType` has a `__getattr__`, which makes every `Street.PREFLOP`
read off the class cost about 0.15 µs.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Game(StrEnum):
    OMAHA = "omaha"
    OMAHA_HI_LO = "omaha-hi-lo"
    OMAHA5 = "omaha5"
    OMAHA5_HI_LO = "omaha5-hi-lo"
    OMAHA6 = "omaha6"
    OMAHA6_HI_LO = "omaha6-hi-lo"
    COURCHEVEL = "courchevel"
    COURCHEVEL_HI_LO = "courchevel-hi-lo"
    HOLDEM = "holdem"
    SIX_PLUS_HOLDEM = "6plus-holdem"
    STUD = "stud"
    STUD_HI_LO = "stud-hi-lo"
    RAZZ = "razz"
    TRIPLE_DRAW_2_7 = "triple-draw-2-7"
    SINGLE_DRAW_2_7 = "single-draw-2-7"
    BADUGI = "badugi"
    FIVE_CARD_DRAW = "five-card-draw"
    TRIPLE_DRAW_A_5 = "triple-draw-a-5"
    FIVE_CARD_STUD = "five-card-stud"
    RAZZ_2_7 = "razz-2-7"
    BADEUCEY = "badeucey"
    DRAWMAHA_2_7 = "drawmaha-2-7"
    OTHER = "other"

    @property
    def hole_cards(self) -> int | None:
        """Number of hole cards dealt to each player in flop games (RULES.md OM-3); None otherwise."""
        return _HOLE_CARDS.get(self)

    @property
    def cards_held(self) -> int | None:
        """The cards one player holds by the end of a stud or draw hand: seven in stud and razz (three down,
        four up), five in five-card stud (one down, four up), in 2-7, A-5 and five-card draw and in Badeucey,
        four in badugi. None for flop games (see `hole_cards`) and for games the readers do not name."""
        return _CARDS_HELD.get(self)

    @property
    def down_cards(self) -> int:
        """Stud: the cards dealt face down before the first up card (two, one in five-card stud)."""
        return 1 if self is Game.FIVE_CARD_STUD else 2

    @property
    def is_split(self) -> bool:
        """A pot always halved between two hands of different kinds, neither needing to qualify: Badeucey
        (badugi, 2-7 low) and 2-7 Drawmaha (the board's Omaha high, the hand's 2-7 low). The halves are
        `Half.HIGH` (badugi, the board) and `Half.LOW` (2-7)."""
        return self is Game.BADEUCEY or self is Game.DRAWMAHA_2_7

    @property
    def is_draw(self) -> bool:
        """A draw game: every player holds exactly `cards_held` cards after each draw."""
        return self in _DRAW

    @property
    def is_stud(self) -> bool:
        """Seven-card stud, stud hi/lo, razz (A-5), 2-7 razz, five-card stud: antes and a bring-in, no button, no
        blinds, no board."""
        return self in STUD_GAMES

    @property
    def is_omaha(self) -> bool:
        """Omaha family: exactly two hole cards and three board cards at showdown (OM-1); 2-7 Drawmaha's board
        half too."""
        return self in _OMAHA_FAMILY

    @property
    def is_hi_lo(self) -> bool:
        return self in _HI_LO

    @property
    def is_flop_game(self) -> bool:
        return self in _HOLE_CARDS

    @property
    def is_courchevel(self) -> bool:
        return self in (Game.COURCHEVEL, Game.COURCHEVEL_HI_LO)


_HOLE_CARDS: Final = {
    Game.OMAHA: 4,
    Game.OMAHA_HI_LO: 4,
    Game.OMAHA5: 5,
    Game.OMAHA5_HI_LO: 5,
    Game.OMAHA6: 6,
    Game.OMAHA6_HI_LO: 6,
    Game.COURCHEVEL: 5,
    Game.COURCHEVEL_HI_LO: 5,
    Game.HOLDEM: 2,
    Game.SIX_PLUS_HOLDEM: 2,
    Game.DRAWMAHA_2_7: 5,
}
_CARDS_HELD: Final = {
    Game.STUD: 7,
    Game.STUD_HI_LO: 7,
    Game.RAZZ: 7,
    Game.TRIPLE_DRAW_2_7: 5,
    Game.SINGLE_DRAW_2_7: 5,
    Game.BADUGI: 4,
    Game.FIVE_CARD_DRAW: 5,
    Game.TRIPLE_DRAW_A_5: 5,
    Game.FIVE_CARD_STUD: 5,
    Game.RAZZ_2_7: 7,
    Game.BADEUCEY: 5,
}
STUD_GAMES: Final = frozenset({Game.STUD, Game.STUD_HI_LO, Game.RAZZ, Game.FIVE_CARD_STUD, Game.RAZZ_2_7})
_DRAW: Final = frozenset(
    {
        Game.TRIPLE_DRAW_2_7,
        Game.SINGLE_DRAW_2_7,
        Game.BADUGI,
        Game.FIVE_CARD_DRAW,
        Game.TRIPLE_DRAW_A_5,
        Game.BADEUCEY,
    }
)
_OMAHA_FAMILY: Final = frozenset(
    {
        Game.OMAHA,
        Game.OMAHA_HI_LO,
        Game.OMAHA5,
        Game.OMAHA5_HI_LO,
        Game.OMAHA6,
        Game.OMAHA6_HI_LO,
        Game.COURCHEVEL,
        Game.COURCHEVEL_HI_LO,
        Game.DRAWMAHA_2_7,
    }
)
_HI_LO: Final = frozenset(
    {
        Game.OMAHA_HI_LO,
        Game.OMAHA5_HI_LO,
        Game.OMAHA6_HI_LO,
        Game.COURCHEVEL_HI_LO,
        Game.STUD_HI_LO,
    }
)


class Structure(StrEnum):
    POT_LIMIT = "pot-limit"
    NO_LIMIT = "no-limit"
    FIXED_LIMIT = "fixed-limit"
    POT_LIMIT_PREFLOP_NO_LIMIT_POSTFLOP = "pot-limit-preflop-no-limit-postflop"


class Street(StrEnum):
    """Where in the hand a line stands. BLINDS covers the posts before the hole cards."""

    BLINDS = "blinds"
    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"
    # stud streets
    THIRD = "third"
    FOURTH = "fourth"
    FIFTH = "fifth"
    SIXTH = "sixth"
    SEVENTH = "seventh"
    # draw rounds
    DRAW1 = "draw1"
    DRAW2 = "draw2"
    DRAW3 = "draw3"
    SHOWDOWN = "showdown"
    SUMMARY = "summary"


BOARD_SIZE: Final = {Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}


class ActionKind(StrEnum):
    POST_SMALL_BLIND = "post-small-blind"
    POST_BIG_BLIND = "post-big-blind"
    POST_SMALL_AND_BIG_BLIND = "post-small-and-big-blind"  # missed blinds: SB part dead, BB part live
    POST_ANTE = "post-ante"
    POST_STRADDLE = "post-straddle"
    POST_BUTTON_BLIND = "post-button-blind"
    POST_DEAD = "post-dead"  # a missed blind posted as dead money (other rooms' "posts missed blind")
    BRING_IN = "bring-in"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    DISCARD = "discard"
    STAND_PAT = "stand-pat"

    @property
    def is_post(self) -> bool:
        return self in _POSTS


_POSTS: Final = frozenset(
    {
        ActionKind.POST_SMALL_BLIND,
        ActionKind.POST_BIG_BLIND,
        ActionKind.POST_SMALL_AND_BIG_BLIND,
        ActionKind.POST_ANTE,
        ActionKind.POST_STRADDLE,
        ActionKind.POST_BUTTON_BLIND,
        ActionKind.POST_DEAD,
    }
)


class Half(StrEnum):
    """Which half of a hi/lo pot an award belongs to. PokerStars does not print it (None in the model)."""

    HIGH = "high"
    LOW = "low"
    WHOLE = "whole"


class EventKind(StrEnum):
    """The kinds of event (model/hand.py Event) that the rules read, which a room's reader sets where its text
    says so. Every other event keeps a kind in the reader's own words (`Event.kind` is a str: `sits-out`,
    `chat`, ...), which no rule reads."""

    REBUY = "rebuy"  # a tournament re-buy (`re-buys and receives 3000 chips`, Bovada's `Rebuyin 1500`)
    ADD_ON = "add-on"  # a tournament add-on (`takes the add-on and receives`, Bovada's `Addon 1500`)
    TOP_UP = "top-up"  # chips brought to a cash table for the next hand (`Table deposit $1.47`, `adds 3 chips`)
    # the hand's seat numbers are the reader's own (Bovada numbers tournament seats by their place in the list):
    # its seats cannot be followed from one hand to the next
    SEATS_RENUMBERED = "seats-renumbered"
    # the reader could not place the button for sure (Boss Media's 2011 files print no dealer: it is inferred,
    # and may be a dead button on an empty seat): its button's move is not judged
    BUTTON_UNCERTAIN = "button-uncertain"


# the events that change a tournament stack between two hands (rules/tables.py)
STACK_BOUGHT: Final = (EventKind.REBUY, EventKind.ADD_ON)


class ShowdownKind(StrEnum):
    SHOWS = "shows"
    MUCKS = "mucks"
    DOESNT_SHOW = "doesnt-show"


class PotBasis(StrEnum):
    """What a printed pot figure counts (ROOMS.md's "what Total pot means").

    GROSS: every chip the players put in, after uncalled bets were returned, before the rake;
    NET: the same less the rake and the fees taken from the pot;
    NET_WITH_REFUNDS: net, but still holding the uncalled bet (Winamax: the excess is paid back
    through the winner's `collected` line);
    GROSS_WITH_REFUNDS: gross, still holding the uncalled bet (Run It Once's walks).
    """

    GROSS = "gross"
    NET = "net"
    NET_WITH_REFUNDS = "net-with-refunds"
    GROSS_WITH_REFUNDS = "gross-with-refunds"


class FeeKind(StrEnum):
    JACKPOT = "jackpot"  # GG Jackpot, ACR/WPN JP Fee
    BINGO = "bingo"
    FORTUNE = "fortune"
    TAX = "tax"  # a tax taken from the pot, as the rake is (Everest's sweep tax)
    SHARE_TAX = "share-tax"  # GGPoker's `Tax`: taken from one winner's share once the pot is split
    SPLASH = "splash"  # splash the pot (PokerStars/Run It Once STP, Winamax HOLD-UP)
    CASH_DROP = "cash-drop"  # GG Cash Drop to Pot
    CASH_OUT_FEE = "cash-out-fee"  # PokerStars all-in cash out fee
    CASH_OUT_RISK = "cash-out-risk"  # GG EV Cashout risk payment
    INSURANCE = "insurance"  # GG all-in insurance premium
    OTHER = "other"


class FeeEffect(StrEnum):
    """TAKEN: taken out of the pot like the rake; ADDED: put into the pot by the site; OUTSIDE: between
    a player and the room, not part of the pot's accounting."""

    TAKEN = "taken"
    ADDED = "added"
    OUTSIDE = "outside"


class Refunds(StrEnum):
    """How a hand's text gives back the uncalled part of a bet (UC-1).

    LINE: a line says so (`Uncalled bet ($6) returned to Hero`);
    IMPLIED: no line; the excess is simply left out of the pot figures and the collected amounts
    (PokerStars before it printed the line; KingsClub);
    IN_COLLECTED: no line; the excess is paid back inside the player's collected amount (Winamax).
    """

    LINE = "line"
    IMPLIED = "implied"
    IN_COLLECTED = "in-collected"
