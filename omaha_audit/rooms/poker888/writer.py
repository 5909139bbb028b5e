"""888poker's text (ROOMS.md section 3), written from the generator's record: the same play and faults as the
PokerStars writer, in 888's conventions.

What 888 prints otherwise than PokerStars:

- `#Game No : <id>` and `***** 888poker Hand History for Game <id> *****`, then `$0.50/$1 Blinds Pot Limit
  Omaha - *** 05 01 2026 09:00:00` (day, month, year, no zone): the blinds, also in fixed limit (`$0.05/$0.10
  Blinds Fix Limit OmahaHL` deals $0.10/$0.20 bets); the $0.10/$0.25 table as `$0.12/$0.25`, as the Ontario
  client does; game words `Holdem`, `Omaha`, `OmahaHL` (888 deals no 5- or 6-card Omaha and no Courchevel:
  `5 Card Omaha`, `6 Card OmahaHL`, `Courchevel`, ... are the writer's own, read back by the 888 reader);
- `Table <name> 6 Max (Real Money)`, a tournament's `Tournament #<id> $5 + $0.50 - Table #12 6 Max (Real
  Money)`; `Seat 3 is the button`, `Total number of players : 6`, seats `Seat 1: name ( $10.05 )`;
- numbers and card letters in the player's language, chosen here per hand from its number: English (`$1,234.56`,
  tournament chips `$1,500`), Dutch (`$ 1.234,56`; `B`, `V`, `H` for jack, queen, king), Swedish (`1 234,56 $`
  with no-break spaces; `Kn`, `D`, `E` for jack, queen, ace) and Russian (`1234,56$`; `В`, `Д`, `К`, `Т`).
  Spanish is left out: its `c` is hearts, so a hand showing no spade and no club reads as English, and 888
  writes one language per file where this writer changes it hand by hand;
- posts `posts small blind [$0.25]`, `posts ante [$10]`, a returning player's small and big blind `posts dead
  blind [$0.25 + $0.50]`; `** Dealing down cards **`, `Dealt to Hero [ Ah, Kd, 7c, 2s ]`;
- every amount is the chips the line adds (`raises [$0.62]`), never an all-in marker, never `Betting is capped`;
- `** Dealing flop ** [ 7c, Kh, Ts ]`, then only the new card: `** Dealing turn ** [ Qs ]`; Courchevel's
  face-up card `** Dealing pre-flop card ** [ 5c ]` is the writer's own (888 offers no Courchevel). No hand is
  run twice (RUNS_TWICE): 888 offers no run it twice, and its collected lines, which name no board and no
  half, could not tell a low paid on a board that made none from a high half paid to the low hand;
- no total pot, no rake, no uncalled-bet line: the summary (`** Summary **`) has the showdown's `shows [ .. ]` and
  `mucks [ .. ]` lines (the winners of a hi/lo main pot followed by their five cards, `(Hi: Qc, Qs, 3h, 3c,
  Th)`, `(Lo: 3c, 4h, 6d, 8c, Ac)`), `did not show his hand` for a winner who showed nothing, and one
  `collected [ .. ]` line per share, main pot first. The uncalled bet comes back as in 888's hands: left out
  when everybody folded to a bet, inside the big blind's collected amount in a walk, and as a last line of
  its own for the bettor after a showdown (his excess over an all-in player);
- three blank lines between hands.
"""

from __future__ import annotations

import re
from itertools import combinations
from typing import Final

from omaha_audit.generate.record import (
    Act,
    BoardLine,
    Dealt,
    HandRecord,
    Line,
    Post,
    PreFlopCard,
    Settlement,
    Share,
    Text,
    Uncalled,
)
from omaha_audit.generate.showdown import evaluate
from omaha_audit.generate.text import grouped
from omaha_audit.generate.writers import HEADER, LANGUAGE, NUMBERS, Variant, variants
from omaha_audit.model import Card, Game, Street, Structure, Unit

# The fault kinds 888's text cannot show:
CANNOT_SHOW: Final = frozenset(
    {
        # No uncalled-bet line: 888 leaves the excess out of the collected amounts or pays it back inside the
        # winner's; an excess kept in the pot and paid to the bettor who won it leaves the same text as one
        # returned.
        "wrong_uncalled_bet",
        # 888 prints no words for a hand (its `(Hi: ..)` lines list five cards): there is nothing to misstate.
        "wrong_hand_description",
        # No Main/Side pot figures and collected lines that name no pot: chips moved between two pots change
        # only the amounts of unnamed lines (read as each player's total over the pots).
        "side_pot_wrong",
        # No total pot and no rake: a winner paid a few chips short, or over, looks like a pot that kept a
        # little more (or less) rake.
        "collected_plus_rake_mismatch",
        # No rake printed: a raked pot's net size, which its split between halves and tied winners is judged
        # on, is nowhere in the text; the audit takes such pots at their gross size and leaves a split it
        # cannot size to the pot rules (tournament pots, unraked, are judged).
        "hi_lo_split_wrong",
        "odd_chip_wrong",
        # 888 does not run it twice, and no hand is dealt twice in its text (RUNS_TWICE).
        "run_twice_split_wrong",
    }
)
RUNS_TWICE: Final = False

HAND_SEPARATOR: Final = "\n\n\n\n"
_GAMES: Final = {
    Game.HOLDEM: "Holdem",
    Game.OMAHA: "Omaha",
    Game.OMAHA_HI_LO: "OmahaHL",
    Game.OMAHA5: "5 Card Omaha",
    Game.OMAHA5_HI_LO: "5 Card OmahaHL",
    Game.OMAHA6: "6 Card Omaha",
    Game.OMAHA6_HI_LO: "6 Card OmahaHL",
    Game.COURCHEVEL: "Courchevel",
    Game.COURCHEVEL_HI_LO: "CourchevelHL",
}
_LIMITS: Final = {Structure.POT_LIMIT: "Pot Limit", Structure.NO_LIMIT: "No Limit", Structure.FIXED_LIMIT: "Fix Limit"}
_STREETS: Final = {Street.FLOP: "flop", Street.TURN: "turn", Street.RIVER: "river"}
_RUNS: Final = {0: "", 1: "first ", 2: "second "}
_NBSP: Final = "\u00a0"
_NUMBER: Final = re.compile(r"\d+(?:\.\d+)?")
# (thousands mark, decimal mark, text before, text after) of each language's amounts, and of the number
# styles a variant asks for whatever the language (ROOMS.md 3.2)
_MONEY_STYLE: Final = {
    "en": (",", ".", "$", ""),
    "nl": (".", ",", "$ ", ""),
    "sv": (_NBSP, ",", "", _NBSP + "$"),
    "ru": ("", ",", "", "$"),
    "de": (".", ",", "", " $"),
    "es": (".", ",", "", " $"),
    "dot-groups": (".", ",", "$ ", ""),
    "nbsp-groups": (_NBSP, ",", "", _NBSP + "$"),
    "euro": (".", ",", "", " \u20ac"),
    "comma-decimal": ("", ",", "", "$"),
}
# rank letters other than English's, by language; suit words other than English's letters
_RANKS: Final = {
    "en": {},
    "nl": {"J": "B", "Q": "V", "K": "H"},
    "sv": {"J": "Kn", "Q": "D", "A": "E"},
    "ru": {"J": "\u0412", "Q": "\u0414", "K": "\u041a", "A": "\u0422"},
    "de": {"T": "10"},
    "es": {"T": "D"},
}
_SUITS: Final = {
    "de": {"d": "Karo", "c": "Kreuz", "h": "Herz", "s": "Pik"},
    "es": {"s": "p", "h": "c", "c": "t", "d": "d"},
}
_LANGUAGES: Final = ("en", "en", "en", "en", "en", "nl", "sv", "ru")
# 888's header small blind for a table whose big blind is an odd number of cents: half of it, cut
_HEADER_SMALL_BLIND: Final = {25: 12}

VARIANTS: Final = variants(
    Variant(
        "en", LANGUAGE, "every hand in English (`$1,234.56`; by default one hand in eight is Dutch, Swedish or Russian)"
    ),
    Variant(
        "de",
        LANGUAGE,
        "German: suit words after English rank letters (`3Karo`, `KKreuz`, `QHerz`, `JPik`, `10Herz`), `1.234,56 $`",
    ),
    Variant("nl", LANGUAGE, "Dutch: `B`, `V`, `H` for jack, queen, king; `$ 3.243`, `$ 552,72`"),
    Variant("sv", LANGUAGE, "Swedish: `Kn`, `D`, `E` for jack, queen, ace; `15 788,50 $` with no-break spaces"),
    Variant("ru", LANGUAGE, "Russian: `В`, `Д`, `К`, `Т` for jack, queen, king, ace; `7,17$`"),
    Variant(
        "es",
        LANGUAGE,
        "Spanish: suits `p`, `c`, `t`, `d` (spades, hearts, clubs, diamonds), `D` for a ten; `1.234,56 $`",
    ),
    Variant("dot-groups", NUMBERS, "`$ 3.243`, `$ 552,72` (dot thousands, decimal comma, `$` and a space before)"),
    Variant(
        "nbsp-groups", NUMBERS, "`5\u00a0000\u00a0$`, `15\u00a0788,50\u00a0$` (no-break space thousands, `$` after)"
    ),
    Variant(
        "euro",
        NUMBERS,
        "`2.000 \u20ac`, `0,50 \u20ac` (dot thousands, decimal comma, the euro sign after: euro tables)",
        currency="EUR",
    ),
    Variant("comma-decimal", NUMBERS, "`0,02$`, `1234,56$` (no thousands mark, decimal comma)"),
    Variant(
        "snap",
        HEADER,
        "Snap Poker, 888's fast-fold pool: `***** 888poker Snap Poker Hand History for Game N *****`",
        tournament=False,
    ),
    Variant(
        "jackpot",
        HEADER,
        "a jackpot table's game line: `$0.50/$1 Blinds Pot Limit Omaha Jackpot table - *** ...`",
        tournament=False,
    ),
    Variant("cassava", HEADER, "the banner of 2014 and before: `***** Cassava Hand History for Game N *****`"),
    Variant(
        "ro",
        HEADER,
        "888.ro, the Romanian site: `***** 888.ro Hand History for Game N *****`, no date on the game line",
    ),
    Variant("freeroll", HEADER, "a freeroll: `Tournament #T Free - Table #12 6 Max (Real Money)`", tournament=True),
)


def language_of(rec: HandRecord) -> str:
    """The hand's language: English for five hands in eight, else Dutch, Swedish or Russian."""
    return _LANGUAGES[int(rec.hand_id) % len(_LANGUAGES)]


def money(unit: Unit, amount: int, style: str = "en") -> str:
    """An amount as 888 writes it in a language or number `style`: whole amounts without decimals (`$25`,
    `$ 10`, `25 $`), else two (`$0.05`, `$ 552,72`, `15 788,50 $`); play money without a sign (`1,459.13`)."""
    thousands, decimal, before, after = _MONEY_STYLE[style]
    if unit.currency == "play":
        before, after = "", ""
    sign = "-" if amount < 0 else ""
    amount = abs(amount)
    scale = 10**unit.decimals
    whole, fraction = divmod(amount, scale)
    digits = grouped(whole, thousands)
    text = digits if not fraction else f"{digits}{decimal}{fraction:0{unit.decimals}d}"
    return f"{sign}{before}{text}{after}"


def card_text(card: Card, language: str) -> str:
    rank = str(card)[0]
    return _RANKS[language].get(rank, rank) + _SUITS.get(language, {}).get(card.suit, card.suit)


def cards_text(cards: tuple[Card, ...] | list[Card], language: str) -> str:
    return "[ " + ", ".join(card_text(card, language) for card in cards) + " ]"


class _Writer:
    """One hand's text, with the street totals 888's raise numbers need."""

    def __init__(self, rec: HandRecord, settlement: Settlement, chosen: frozenset[str]) -> None:
        self.rec = rec
        self.settlement = settlement
        self.chosen = chosen
        self.language = next((name for name in chosen if VARIANTS[name].kind == LANGUAGE), language_of(rec))
        self.style = next((name for name in chosen if VARIANTS[name].kind == NUMBERS), self.language)
        self.lines: list[str] = []
        self.bets: dict[str, int] = {}

    def money(self, amount: int) -> str:
        return money(self.rec.unit, amount, self.style)

    def cards(self, cards: tuple[Card, ...] | list[Card]) -> str:
        return cards_text(cards, self.language)

    def write(self) -> str:
        rec = self.rec
        brand = "Cassava" if "cassava" in self.chosen else "888.ro" if "ro" in self.chosen else "888poker"
        kind = " Snap Poker" if "snap" in self.chosen and rec.tournament_id is None else ""
        self.lines = [f"#Game No : {rec.hand_id}", f"***** {brand}{kind} Hand History for Game {rec.hand_id} *****"]
        self.lines.append(self.game_line())
        self.lines.append(self.table_line())
        self.lines.append(f"Seat {rec.button} is the button")
        self.lines.append(f"Total number of players : {len(rec.seats)}")
        for player in rec.seats:
            self.lines.append(f"Seat {player.seat}: {player.name} ( {self.money(player.stack)} )")
        for line in rec.body:
            self.body_line(line)
        self.summary()
        return "\n".join(self.lines) + HAND_SEPARATOR

    def game_line(self) -> str:
        rec = self.rec
        stakes = rec.stakes
        small = stakes.small_blind
        if rec.unit.decimals == 2 and rec.unit.currency != "play":
            small = _HEADER_SMALL_BLIND.get(stakes.big_blind, small) if small == 10 else small
        day, _, time = rec.started.partition(" ")
        year, month, date = day.split("/")
        hour, minute, second = time.split(":")
        started = f"{date} {month} {year} {int(hour):02d}:{minute}:{second}"
        game = f"{_LIMITS[rec.structure]} {_GAMES[rec.game]}"
        if "jackpot" in self.chosen and rec.tournament_id is None:
            game += " Jackpot table"
        if "ro" in self.chosen:  # (888.ro prints no date)
            return f"{self.money(small)}/{self.money(stakes.big_blind)} Blinds {game} - ***"
        return f"{self.money(small)}/{self.money(stakes.big_blind)} Blinds {game} - *** {started}"

    def table_line(self) -> str:
        rec = self.rec
        if rec.tournament_id is None:
            return f"Table {rec.table} {rec.max_seats} Max (Real Money)"
        # the generator names a tournament table "<tournament> <number>"; its buy-in `$5.00+$0.50 USD`
        number = rec.table.rsplit(" ", 1)[-1]
        parts = [round(float(value) * 100) for value in _NUMBER.findall(rec.buy_in or "")]
        cash = Unit("USD", 2)
        buy_in = " + ".join(money(cash, part, self.style) for part in parts) or "Free"
        if "freeroll" in self.chosen:
            buy_in = "Free"
        return f"Tournament #{rec.tournament_id} {buy_in} - Table #{number} {rec.max_seats} Max (Real Money)"

    def body_line(self, line: Line) -> None:
        if isinstance(line, Post):
            self.post(line)
        elif isinstance(line, Act):
            self.act(line)
        elif isinstance(line, BoardLine):
            self.bets = {}
            shown = (*line.old, *line.new) if line.street is Street.FLOP else line.new
            self.lines.append(f"** Dealing {_RUNS[line.run]}{_STREETS[line.street]} ** {self.cards(shown)}")
        elif isinstance(line, Dealt):
            self.lines.append(f"Dealt to {line.player} {self.cards(line.cards)}")
        elif isinstance(line, PreFlopCard):
            self.lines.append(f"** Dealing pre-flop card ** {self.cards((line.card,))}")
        elif isinstance(line, Text):
            if line.text == "*** HOLE CARDS ***":
                self.lines.append("** Dealing down cards **")
        elif not isinstance(line, Uncalled):  # (888 prints no uncalled-bet line: see summary())
            raise TypeError(f"unknown line {line!r}")

    def post(self, line: Post) -> None:
        name, amount = line.player, line.amount
        own = self.bets.get(name, 0)
        if line.what == "the ante":
            self.lines.append(f"{name} posts ante [{self.money(amount)}]")
            return
        if line.what == "small & big blinds":  # the small blind dead, the big blind live
            big = self.rec.stakes.big_blind
            self.bets[name] = own + big
            self.lines.append(f"{name} posts dead blind [{self.money(amount - big)} + {self.money(big)}]")
            return
        self.bets[name] = own + amount
        self.lines.append(f"{name} posts {line.what} [{self.money(amount)}]")

    def act(self, line: Act) -> None:
        name = line.player
        if line.verb in ("folds", "checks"):
            self.lines.append(f"{name} {line.verb}")
            return
        own = self.bets.get(name, 0)
        added = line.to - own if line.verb == "raises" else line.amount
        self.bets[name] = own + added
        self.lines.append(f"{name} {line.verb} [{self.money(added)}]")

    # ---- the summary ------------------------------------------------------------------------------------
    def summary(self) -> None:
        rec, settlement = self.rec, self.settlement
        self.lines.append("** Summary **")
        shares = list(settlement.uncontested)
        if settlement.showdowns:
            self.showdown()
            shares.extend(_pot_by_pot(settlement))
        else:
            for name in dict.fromkeys(share.player for share in shares):
                self.lines.append(f"{name} did not show his hand")
        refund = next(((line.player, line.amount) for line in rec.body if isinstance(line, Uncalled)), None)
        walk = refund is not None and not settlement.showdowns and _is_walk(rec)
        own_line = refund is not None and bool(settlement.showdowns)
        for index, share in enumerate(shares):
            amount = share.amount
            if walk and refund is not None and share.player == refund[0] and index == len(shares) - 1:
                amount += refund[1]  # the big blind's walk: his unmatched chips inside his collected amount
            if amount:
                self.lines.append(self.collected(share, amount))
        if own_line and refund is not None:
            self.lines.append(f"{refund[0]} collected [ {self.money(refund[1])} ]")

    def collected(self, share: Share, amount: int) -> str:
        return f"{share.player} collected [ {self.money(amount)} ]"

    def showdown(self) -> None:
        rec, settlement = self.rec, self.settlement
        revealed: dict[str, bool] = {}
        for showdown in settlement.showdowns:
            for section in showdown.sections:
                for reveal in section.reveals:
                    revealed.setdefault(reveal.player, reveal.shows)
        winners = self.main_pot_winners()
        for name, shows in revealed.items():
            verb = "shows" if shows else "mucks"
            self.lines.append(f"{name} {verb} {self.cards(rec.player(name).hole)}")
            if shows and name in winners:
                self.lines.extend(winners[name])

    def main_pot_winners(self) -> dict[str, list[str]]:
        """The `(Hi: ..)` and `(Lo: ..)` lines of a hi/lo main pot's winners on the (first) board."""
        rec = self.rec
        found: dict[str, list[str]] = {}
        if not rec.game.is_hi_lo or not rec.boards:
            return found
        board = list(rec.boards[0])
        for result in self.settlement.results:
            if result.pot != 0 or result.run > 1:
                continue
            for name in result.high_winners:
                try:
                    high, _ = evaluate(rec.game, rec.player(name).hole, board)
                except ValueError:  # a card dealt twice (a fault): no cards to list
                    continue
                found.setdefault(name, []).append(f"(Hi: {', '.join(card_text(c, self.language) for c in high.cards)})")
            for name in result.low_winners:
                five = _low_five(rec.game, rec.player(name).hole, board)
                if five:
                    found.setdefault(name, []).append(f"(Lo: {', '.join(card_text(c, self.language) for c in five)})")
        return found


def _pot_by_pot(settlement: Settlement) -> list[Share]:
    """The showdown's shares pot by pot, main pot first, in the order of each pot's section; a hand run twice
    gives each player's share of a pot (high, low or whole) over both boards, one line (the writer's own
    way: 888 does not run it twice)."""
    merged: dict[tuple[int, str, str], Share] = {}
    for showdown in sorted(settlement.showdowns, key=lambda showdown: showdown.run):
        for section in sorted(showdown.sections, key=lambda section: section.pot):
            for share in section.shares:
                key = (share.pot, share.player, share.half)
                if key in merged:
                    merged[key].amount += share.amount
                else:
                    merged[key] = Share(share.player, share.amount, share.pot, 0, share.half)
    return sorted(merged.values(), key=lambda share: share.pot)


def _low_five(game: Game, hole: tuple[Card, ...], board: list[Card]) -> list[Card]:
    """The five cards of a hand's qualifying low (two of its own, three of the board), lowest first and the
    ace last as 888 lists them; [] when none is found."""
    try:
        _, low = evaluate(game, hole, board)
    except ValueError:
        return []
    if low is None:
        return []
    wanted = sorted(low.ranks)
    for own in combinations(hole, 2):
        for shared in combinations(board, 3):
            five = [*own, *shared]
            if sorted(1 if card.rank == 14 else card.rank for card in five) == wanted:
                return sorted(five, key=lambda card: card.rank)
    return []


def _is_walk(rec: HandRecord) -> bool:
    """Everybody folded to the big blind: no call, bet or raise."""
    return not any(isinstance(line, Act) and line.verb in ("calls", "bets", "raises") for line in rec.body)


def write_hand(rec: HandRecord, variants: frozenset[str] = frozenset()) -> str:
    """The hand's text, in the `variants` named (of VARIANTS), ending with the blank lines that separate it
    from the next hand."""
    settlement = rec.settlement
    if settlement is None:
        raise ValueError(f"hand {rec.hand_id} was not settled")
    return _Writer(rec, settlement, variants).write()


__all__ = ["CANNOT_SHOW", "RUNS_TWICE", "VARIANTS", "card_text", "language_of", "money", "write_hand"]
