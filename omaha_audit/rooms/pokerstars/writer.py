"""PokerStars hand-history text, line for line as the room writes it, including
its trailing spaces (`folds `, `checks `, seat lines, `| Rake $0 `) and three blank lines after a hand.

Variants (`VARIANTS`, `generate --variant`):

- client languages whose lines the reader knows (rooms/pokerstars/languages.py): Portuguese and Russian. A
  line is written in the language where that module knows its words, and as PokerStars' English line
  otherwise (no real hand shows those lines' words: side pots, showdown summaries, missed blinds, runs
  twice, ...). Russian is known for Hold'em No Limit cash games only: the variant deals those;
- numbers grouped by thousands with commas (`10,000` chips, `$1,270.50`), as the client writes them in
  seat lines and its converters everywhere;
- headers: a Zoom pool (`PokerStars Zoom Hand #N:  Omaha Pot Limit ($0.25/$0.50) - ...`), a home game
  (`PokerStars Home Game Hand #N: {Club} ...`), a mixed game (`Mixed NLH/PLO (Hold'em No Limit, $0.10/$0.25
  USD)`, `8-Game (Omaha Pot Limit)`), and the tournament kinds: freeroll (`Tournament #T, Freeroll  ...`),
  Zoom tournament (`Zoom Tournament #T`), knock-out (`$4.40+$0.50+$0.10 USD`, seat lines `(1500 in chips,
  $0.50 bounty)`, `x wins the $0.50 bounty for eliminating y` and `y finished the tournament in 7th place`
  after the awards).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from omaha_audit.generate.config import GAME_TEXT, STRUCTURE_TEXT, STUD_DRAW_TEXT
from omaha_audit.generate.record import (
    Act,
    BoardLine,
    Dealt,
    DrawLine,
    HandRecord,
    Line,
    Post,
    PreFlopCard,
    Settlement,
    Share,
    StreetMark,
    StudCards,
    Text,
    Uncalled,
)
from omaha_audit.generate.text import FOLD_WORD, RUN_WORD, STREET_WORD, cards_text, grouped
from omaha_audit.generate.writers import HEADER, LANGUAGE, NUMBERS, Variant, variants
from omaha_audit.model import Game, Street, Structure, Unit
from omaha_audit.model.money import SYMBOL_FOR

HAND_SEPARATOR = "\n\n\n\n"

# The reader leaves out the hand descriptions of a language other than English (rooms/pokerstars/languages.py):
# the audit checks PokerStars' English words only, so a wrong one is not evidence there.
_FOREIGN_WORDS: Final = frozenset({"wrong_hand_description"})

# Table sessions (generate --sessions) are shown, dealt as the room's preset moves the button.
SESSIONS: Final = True
VARIANTS: Final = variants(
    Variant(
        "pt",
        LANGUAGE,
        "Portuguese (`Mão PokerStars #N`, `Lugar 1: x (1500 em fichas)`, `x: aumenta 40 para 80`)",
        cannot_show=_FOREIGN_WORDS,
    ),
    Variant(
        "ru",
        LANGUAGE,
        "Russian (`Раздача PokerStars №N:  Холдем Безлимитный ($0.01/$0.02 USD)`, `x: делает рейз $0.04 $0.06`): "
        "Hold'em No Limit cash games, the only ones whose Russian words are known",
        games=(Game.HOLDEM,),
        structures=(Structure.NO_LIMIT,),
        tournament=False,
        cannot_show=_FOREIGN_WORDS,
    ),
    Variant("thousands", NUMBERS, "amounts grouped by thousands: `10,000` chips, `$1,270.50`"),
    Variant(
        "zoom", HEADER, "a Zoom pool: `PokerStars Zoom Hand #N:  Omaha Pot Limit ($0.25/$0.50) - ...`", tournament=False
    ),
    Variant("home-game", HEADER, "a home game: `PokerStars Home Game Hand #N: {Club} ...`"),
    Variant(
        "mixed", HEADER, "a mixed game: `Mixed NLH/PLO (Hold'em No Limit, $0.10/$0.25 USD)`, `8-Game (Omaha Pot Limit)`"
    ),
    Variant(
        "freeroll", HEADER, "a freeroll: `Tournament #T, Freeroll  Hold'em No Limit - Level I (10/20)`", tournament=True
    ),
    Variant("zoom-tournament", HEADER, "a Zoom tournament: `Zoom Tournament #T, $5.00+$0.50 USD ...`", tournament=True),
    Variant(
        "bounty",
        HEADER,
        "a knock-out tournament: `$4.40+$0.50+$0.10 USD`, `(1500 in chips, $0.50 bounty)`, `x wins the $0.50 bounty "
        "for eliminating y`, `y finished the tournament in 7th place`",
        tournament=True,
    ),
)
_BOUNTY: Final = 50  # the knock-out bounty, in cents
_CLUB: Final = "{Omaha Friends}"

Money = Callable[[int], str]


def _formatter(unit: Unit, thousands: bool) -> Money:
    """PokerStars' amounts: `$0.85`, `$2`, `1500`; with thousands, `$1,270.50`, `10,000`."""
    if not thousands:
        return unit.format
    symbol = SYMBOL_FOR.get(unit.currency, "")

    def money(amount: int) -> str:
        sign = "-" if amount < 0 else ""
        whole, fraction = divmod(abs(amount), 10**unit.decimals)
        tail = f".{fraction:0{unit.decimals}d}" if fraction else ""
        return f"{sign}{symbol}{grouped(whole, ',')}{tail}"

    return money


def pot_name(index: int, count: int) -> str:
    if count == 1:
        return "pot"
    if index == 0:
        return "main pot"
    return "side pot" if count == 2 else f"side pot-{index}"


def write_hand(rec: HandRecord, variants: frozenset[str] = frozenset()) -> str:
    """The hand's text, in the `variants` named (of VARIANTS), ending with the blank lines that separate it
    from the next hand."""
    money = _formatter(rec.unit, "thousands" in variants)
    bounty = "bounty" in variants and rec.tournament_id is not None
    lines = [_header(rec, money, variants), _table(rec)]
    for player in rec.seats:
        status = " is sitting out" if player.sitting_out else " "
        chips = f"{money(player.stack)} in chips"
        if bounty:
            chips += f", {Unit('USD', 2).format(_BOUNTY)} bounty"
        lines.append(f"Seat {player.seat}: {player.name} ({chips}){status}")
    lines.extend(_body_line(line, money) for line in rec.body)
    settlement = rec.settlement
    if settlement is None:
        raise ValueError(f"hand {rec.hand_id} was not settled")
    lines.extend(_showdown(rec, settlement, money))
    if rec.tournament_id is not None and bounty:
        lines.extend(_eliminations(rec, settlement))
    lines.extend(_summary(rec, settlement, money))
    for language in ("pt", "ru"):
        if language in variants:
            lines = _localised(lines, _LANGUAGES[language])
    return "\n".join(lines) + HAND_SEPARATOR


_GAME_WORDS: Final = {**GAME_TEXT, **STUD_DRAW_TEXT}
STUD_DRAW: Final = tuple(STUD_DRAW_TEXT)  # the stud and draw games this writer writes (all the generator deals)
# Stud streets and draws: the markers, and the words of a fold on them in the summary.
_MARKS: Final = {
    Street.THIRD: "*** 3rd STREET ***",
    Street.FOURTH: "*** 4th STREET ***",
    Street.FIFTH: "*** 5th STREET ***",
    Street.SIXTH: "*** 6th STREET ***",
    Street.SEVENTH: "*** RIVER ***",
    Street.PREFLOP: "*** DEALING HANDS ***",
    Street.DRAW1: "*** FIRST DRAW ***",
    Street.DRAW2: "*** SECOND DRAW ***",
    Street.DRAW3: "*** THIRD DRAW ***",
}
_STUD_FOLDS: Final = {
    Street.THIRD: "on the 3rd Street",
    Street.FOURTH: "on the 4th Street",
    Street.FIFTH: "on the 5th Street",
    Street.SIXTH: "on the 6th Street",
    Street.SEVENTH: "on the River",
}
_DRAW_FOLDS: Final = {
    Street.PREFLOP: "before the Draw",
    Street.DRAW1: "after the 1st Draw",
    Street.DRAW2: "after the 2nd Draw",
    Street.DRAW3: "after the 3rd Draw",
}


def _header(rec: HandRecord, money: Money, variants: frozenset[str]) -> str:
    game = f"{_GAME_WORDS[rec.game]} {STRUCTURE_TEXT[rec.structure]}"
    low, high = rec.stakes.header_pair(rec.structure)
    started = f"{rec.started} ET"
    if "ru" in variants:  # (the Russian client prints the local time and, bracketed, the Eastern time)
        started = f"{rec.started} MSK [{rec.started} ET]"
    kind = "Home Game " if "home-game" in variants else "Zoom " if "zoom" in variants and rec.cash else ""
    club = f"{_CLUB} " if "home-game" in variants else ""
    mixed = "mixed" in variants
    if rec.tournament_id is not None:
        buy_in = rec.buy_in or ""
        if "freeroll" in variants:
            buy_in = "Freeroll "
        elif "bounty" in variants:  # buy-in, bounty, fee
            buy_in = "$4.40+$0.50+$0.10 USD"
        tournament = "Zoom Tournament" if "zoom-tournament" in variants else "Tournament"
        game = f"8-Game ({game})" if mixed else game
        return (
            f"PokerStars {kind}Hand #{rec.hand_id}: {club}{tournament} #{rec.tournament_id}, {buy_in} {game}"
            f" - Level {rec.stakes.level} ({money(low)}/{money(high)}) - {started}"
        )
    stakes = f"{money(low)}/{money(high)}" if kind != "Zoom " else f"{_cents(rec.unit, low)}/{_cents(rec.unit, high)}"
    currency = "" if kind == "Zoom " else " USD"
    if mixed:
        wrapper = "Mixed NLH/PLO" if rec.game in (Game.HOLDEM, Game.OMAHA) else "8-Game"
        return f"PokerStars {kind}Hand #{rec.hand_id}: {club} {wrapper} ({game}, {stakes}{currency}) - {started}"
    return f"PokerStars {kind}Hand #{rec.hand_id}: {club} {game} ({stakes}{currency}) - {started}"


def _cents(unit: Unit, amount: int) -> str:
    """A Zoom header's stake: always with cents (`$5.00`)."""
    whole, fraction = divmod(amount, 10**unit.decimals)
    return f"{SYMBOL_FOR.get(unit.currency, '')}{whole}.{fraction:0{unit.decimals}d}"


def _table(rec: HandRecord) -> str:
    if not rec.button:  # (stud: no button)
        return f"Table '{rec.table}' {rec.max_seats}-max"
    return f"Table '{rec.table}' {rec.max_seats}-max Seat #{rec.button} is the button"


def _body_line(line: Line, money: Money) -> str:
    if isinstance(line, Act):
        suffix = " and is all-in" if line.all_in else ""
        if line.verb in ("folds", "checks"):
            return f"{line.player}: {line.verb} "
        if line.verb == "brings in":
            return f"{line.player}: brings in for {money(line.amount)}{suffix}"
        if line.verb == "raises":
            return f"{line.player}: raises {money(line.amount)} to {money(line.to)}{suffix}"
        return f"{line.player}: {line.verb} {money(line.amount)}{suffix}"
    if isinstance(line, StudCards):
        if line.old and line.new:
            return f"Dealt to {line.player} [{cards_text(line.old)}] [{cards_text(line.new)}]"
        return f"Dealt to {line.player} [{cards_text(line.old or line.new)}]"
    if isinstance(line, DrawLine):
        if not line.count:
            return f"{line.player}: stands pat"
        shown = f" [{cards_text(line.cards)}]" if line.cards else ""
        return f"{line.player}: discards {line.count} card{'s' if line.count > 1 else ''}{shown}"
    if isinstance(line, StreetMark):
        return _MARKS[line.street]
    if isinstance(line, Post):
        suffix = " and is all-in" if line.all_in else ""
        return f"{line.player}: posts {line.what} {money(line.amount)}{suffix}"
    if isinstance(line, BoardLine):
        marker = f"*** {RUN_WORD[line.run]}{STREET_WORD[line.street]} ***"
        if line.old:
            return f"{marker} [{cards_text(line.old)}] [{cards_text(line.new)}]"
        return f"{marker} [{cards_text(line.new)}]"
    if isinstance(line, Uncalled):
        return f"Uncalled bet ({money(line.amount)}) returned to {line.player}"
    if isinstance(line, Dealt):
        return f"Dealt to {line.player} [{cards_text(line.cards)}]"
    if isinstance(line, PreFlopCard):
        return f"*** PRE-FLOP *** [{line.card}]"
    if isinstance(line, Text):
        return line.text
    raise TypeError(f"unknown line {line!r}")


def _collected(share: Share, pot_count: int, money: Money) -> str:
    return f"{share.player} collected {money(share.amount)} from {pot_name(share.pot, pot_count)}"


def _showdown(rec: HandRecord, settlement: Settlement, money: Money) -> list[str]:
    lines: list[str] = []
    if not settlement.showdowns:
        for share in settlement.uncontested:
            lines.append(_collected(share, 1, money))
        winners = {share.player for share in settlement.uncontested}
        lines.extend(f"{name}: doesn't show hand " for name in sorted(winners) if name != rec.hero)
        return lines
    for showdown in settlement.showdowns:
        lines.append(f"*** {RUN_WORD[showdown.run]}SHOW DOWN ***")
        for section in showdown.sections:
            for reveal in section.reveals:
                if reveal.shows:
                    hole = cards_text(rec.player(reveal.player).hole)
                    lines.append(f"{reveal.player}: shows [{hole}] ({reveal.description})")
                else:
                    lines.append(f"{reveal.player}: mucks hand ")
            lines.extend(_collected(share, settlement.pot_count, money) for share in section.shares)
        if showdown.no_low:
            lines.append("No low hand qualified")
    return lines


def _eliminations(rec: HandRecord, settlement: Settlement) -> list[str]:
    """A knock-out tournament's lines after the awards: who won the bounty of each player left with no
    chips, and the place the player finished in (no chips move: the bounty is paid outside the hand)."""
    won: dict[str, int] = {}
    for share in settlement.shares():
        won[share.player] = won.get(share.player, 0) + share.amount
    busted = [player for player in rec.dealt if player.stack <= player.total and player.name not in won]
    if not busted or not won:
        return []
    winner = max(won, key=lambda name: (won[name], name))
    bounty = Unit("USD", 2).format(_BOUNTY)
    lines = []
    for place, player in enumerate(busted, start=len(rec.dealt) - len(busted) + 1):
        lines.append(f"{winner} wins the {bounty} bounty for eliminating {player.name}")
        lines.append(f"{player.name} finished the tournament in {_ordinal(place)} place")
    return lines


def _ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def _summary(rec: HandRecord, settlement: Settlement, money: Money) -> list[str]:
    lines = ["*** SUMMARY ***"]
    pots = ""
    if settlement.pot_count > 1:
        pots = f" Main pot {money(settlement.pots_net[0])}."
        for index, amount in enumerate(settlement.pots_net[1:], start=1):
            label = "Side pot" if settlement.pot_count == 2 else f"Side pot-{index}"
            pots += f" {label} {money(amount)}."
    lines.append(f"Total pot {money(settlement.total)}{pots} | Rake {money(settlement.rake)} ")
    if rec.run_twice:
        lines.append("Hand was run twice")
        lines.append(f"FIRST Board [{cards_text(rec.boards[0])}]")
        lines.append(f"SECOND Board [{cards_text(rec.boards[1])}]")
    elif rec.boards and rec.boards[0] and rec.flop_dealt:
        lines.append(f"Board [{cards_text(rec.boards[0])}]")
    won: dict[tuple[str, int], int] = {}
    for share in settlement.shares():
        won[(share.player, share.run)] = won.get((share.player, share.run), 0) + share.amount
    runs = [showdown.run for showdown in settlement.showdowns]
    for player in rec.dealt:
        tags = "".join(f" ({position})" for position in player.positions)
        outcome = _outcome(rec, settlement, player.name, won, runs, money)
        lines.append(f"Seat {player.seat}: {player.name}{tags} {outcome}")
    return lines


def _outcome(
    rec: HandRecord,
    settlement: Settlement,
    name: str,
    won: dict[tuple[str, int], int],
    runs: list[int],
    money: Money,
) -> str:
    player = rec.player(name)
    if player.folded and not rec.game.is_flop_game:
        fold = _STUD_FOLDS if rec.game in (Game.STUD, Game.STUD_HI_LO, Game.RAZZ) else _DRAW_FOLDS
        first = player.fold_street in (Street.THIRD, Street.PREFLOP)
        return f"folded {fold[player.fold_street or Street.SEVENTH]}" + (
            " (didn't bet)" if first and not player.posted_or_bet else ""
        )
    if player.folded:
        if player.fold_street is Street.PREFLOP:
            return "folded before Flop" + ("" if player.posted_or_bet else " (didn't bet)")
        return f"folded on the {FOLD_WORD[player.fold_street or Street.RIVER]}"
    if not settlement.showdowns:
        return f"collected ({money(won.get((name, 0), 0))})"
    if name in settlement.mucked:
        return f"mucked [{cards_text(settlement.mucked[name])}]"
    clauses = []
    for run in runs:
        words = settlement.summary_descriptions.get((name, run), "")
        amount = won.get((name, run), 0)
        clauses.append(f"and won ({money(amount)}) with {words}" if amount else f"and lost with {words}")
    return f"showed [{cards_text(player.hole)}] " + ", ".join(clauses)


# ---- client languages ------------------------------------------------------------------------------------
# Each language: (an English line's pattern, the line in the language) pairs, tried in order; a line no pair
# matches stays English. The words are those rooms/pokerstars/languages.py reads (its notes name the hands
# they come from), and nothing else.
_NAME: Final = r"(?P<name>.+?)"
_AMOUNT: Final = r"(?P<amount>\S+)"
_ALL_IN: Final = r"(?P<all_in> and is all-in)?"
_TAGS: Final = r"(?P<tags>(?: \((?:button|small blind|big blind)\))*)"
_SEAT: Final = r"Seat (?P<seat>\d+): "

Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]


def _rule(pattern: str, template: str | Callable[[re.Match[str]], str]) -> Rule:
    if isinstance(template, str):
        text = template
        return re.compile(pattern), lambda match: match.expand(text)
    return re.compile(pattern), template


def _portuguese_header(match: re.Match[str]) -> str:
    rest = match["rest"].replace("Tournament #", "Torneio #", 1)
    rest = re.sub(r" - Level ([IVXLCDM]+) ", r" - Nível \1 ", rest)
    rest = re.sub(r", \$(\S+)\+\$(\S+)", r", $ \1+$ \2", rest)  # (a space after the sign of the buy-in's parts)
    return f"Mão PokerStars #{match['hand_id']}: {rest}"


def _portuguese_tags(tags: str) -> str:
    return tags.replace("(button)", "(Botão)")


def _russian_header(match: re.Match[str]) -> str:
    dates = re.sub(r"(\d{4})/(\d\d)/(\d\d)", r"\3.\2.\1", match["started"]).replace(" ET]", " ВВ]")
    return f"Раздача PokerStars №{match['hand_id']}:  Холдем Безлимитный ({match['stakes']}) - {dates}"


_RUSSIAN_TAGS: Final = {"button": "баттон", "small blind": "малый блайнд", "big blind": "большой блайнд"}
_RUSSIAN_STREETS: Final = {"Flop": "Флоп", "Turn": "Терн", "River": "Ривер"}


def _russian_tags(tags: str) -> str:
    return re.sub(r"\(([^)]*)\)", lambda tag: f"({_RUSSIAN_TAGS[tag[1]]})", tags)


_PT_VERBS: Final = {"calls": "iguala", "bets": "aposta"}
_RU_VERBS: Final = {"calls": "колл", "bets": "бет"}
_RU_BLINDS: Final = {"small": "малый", "big": "большой"}


def _pt_all_in(match: re.Match[str]) -> str:
    return " e está all-in" if match["all_in"] else ""


def _ru_all_in(match: re.Match[str]) -> str:
    return " и олл-ин" if match["all_in"] else ""


def _pt_seat(match: re.Match[str]) -> str:
    """A summary seat line's start in Portuguese: `Lugar 3: name (Botão)`."""
    return f"Lugar {match['seat']}: {match['name']}{_portuguese_tags(match['tags'])}"


def _ru_seat(match: re.Match[str]) -> str:
    """A summary seat line's start in Russian: `Место 3: name (баттон)`."""
    return f"Место {match['seat']}: {match['name']}{_russian_tags(match['tags'])}"


_PORTUGUESE: Final[tuple[Rule, ...]] = (
    _rule(r"PokerStars Hand #(?P<hand_id>\d+): (?P<rest>.*)", _portuguese_header),
    _rule(
        r"Table '(?P<table>.*)' (?P<max>\d+)-max Seat #(?P<button>\d+) is the button",
        r"Mesa '\g<table>' \g<max>-max Lugar #\g<button> é o botão",
    ),
    _rule(
        _SEAT + _NAME + r" \((?P<chips>\S+) in chips\) is sitting out",
        r"Lugar \g<seat>: \g<name> (\g<chips> em fichas) está sit out",
    ),
    _rule(_SEAT + _NAME + r" \((?P<chips>\S+) in chips\) ?", r"Lugar \g<seat>: \g<name> (\g<chips> em fichas)"),
    _rule(
        _NAME + r": posts the ante " + _AMOUNT + _ALL_IN,
        lambda m: f"{m['name']}: coloca ante {m['amount']}{_pt_all_in(m)}",
    ),
    _rule(
        _NAME + r": posts (?P<blind>small|big) blind " + _AMOUNT + _ALL_IN,
        lambda m: f"{m['name']}: paga o {m['blind']} blind {m['amount']}{_pt_all_in(m)}",
    ),
    _rule(r"\*\*\* HOLE CARDS \*\*\*", "*** CARTAS DA MÃO ***"),
    _rule(r"Dealt to " + _NAME + r" (?P<cards>\[.*\])", r"\g<name> recebe \g<cards>"),
    _rule(_NAME + r": folds ?", r"\g<name>: desiste"),
    _rule(_NAME + r": checks ?", r"\g<name>: passa"),
    _rule(
        _NAME + r": (?P<verb>calls|bets) " + _AMOUNT + _ALL_IN,
        lambda m: f"{m['name']}: {_PT_VERBS[m['verb']]} {m['amount']}{_pt_all_in(m)}",
    ),
    _rule(
        _NAME + r": raises " + _AMOUNT + r" to (?P<to>\S+)" + _ALL_IN,
        lambda m: f"{m['name']}: aumenta {m['amount']} para {m['to']}{_pt_all_in(m)}",
    ),
    _rule(
        r"Uncalled bet \(" + _AMOUNT + r"\) returned to " + _NAME,
        r"Aposta não-igualada (\g<amount>) voltou para \g<name>",
    ),
    _rule(_NAME + r" collected " + _AMOUNT + r" from pot", r"\g<name> recebeu \g<amount> do pote"),
    _rule(_NAME + r": shows (?P<cards>\[[^\]]*\])(?P<described> .*)?", r"\g<name>: mostra \g<cards>\g<described>"),
    _rule(_NAME + r": doesn't show hand ?", r"\g<name>: não mostra a mão"),
    _rule(r"\*\*\* SUMMARY \*\*\*", "*** SUMÁRIO ***"),
    _rule(r"Total pot " + _AMOUNT + r" \| Rake (?P<rake>\S+) ?", r"Total pote \g<amount> | comissão \g<rake>"),
    _rule(r"Board (?P<cards>\[.*\])", r"Mesa \g<cards>"),
    _rule(
        _SEAT + _NAME + _TAGS + r" folded before Flop \(didn't bet\)",
        lambda m: f"{_pt_seat(m)} desistiu antes Flop (não apostou)",
    ),
    _rule(
        _SEAT + _NAME + _TAGS + r" folded before Flop",
        lambda m: f"{_pt_seat(m)} desistiu antes Flop",
    ),
    _rule(
        _SEAT + _NAME + _TAGS + r" folded on the (?P<street>Flop|Turn|River)",
        lambda m: f"{_pt_seat(m)} desistiu no {m['street']}",
    ),
    _rule(
        _SEAT + _NAME + _TAGS + r" collected \(" + _AMOUNT + r"\)",
        lambda m: f"{_pt_seat(m)} recebeu ({m['amount']})",
    ),
)
_RUSSIAN: Final[tuple[Rule, ...]] = (
    _rule(
        r"PokerStars Hand #(?P<hand_id>\d+):  Hold'em No Limit \((?P<stakes>[^)]*)\) - (?P<started>.*)", _russian_header
    ),
    _rule(
        r"Table '(?P<table>.*)' (?P<max>\d+)-max Seat #(?P<button>\d+) is the button",
        r"Стол '\g<table>' \g<max>-max Баттон на месте №\g<button>",
    ),
    _rule(_SEAT + _NAME + r" \((?P<chips>\S+) in chips\) ", r"Место \g<seat>: \g<name> (\g<chips> фишек)"),
    _rule(
        _NAME + r": posts (?P<blind>small|big) blind " + _AMOUNT + _ALL_IN,
        lambda m: f"{m['name']}: ставит {_RU_BLINDS[m['blind']]} блайнд {m['amount']}{_ru_all_in(m)}",
    ),
    _rule(r"\*\*\* HOLE CARDS \*\*\*", "*** ЗАКРЫТЫЕ КАРТЫ ***"),
    _rule(r"Dealt to " + _NAME + r" (?P<cards>\[.*\])", r"Карты \g<name> \g<cards>"),
    _rule(_NAME + r": folds ?", r"\g<name>: делает фолд"),
    _rule(_NAME + r": checks ?", r"\g<name>: делает чек"),
    _rule(
        _NAME + r": (?P<verb>calls|bets) " + _AMOUNT + _ALL_IN,
        lambda m: f"{m['name']}: делает {_RU_VERBS[m['verb']]} {m['amount']}{_ru_all_in(m)}",
    ),
    _rule(
        _NAME + r": raises " + _AMOUNT + r" to (?P<to>\S+)" + _ALL_IN,
        lambda m: f"{m['name']}: делает рейз {m['amount']} {m['to']}{_ru_all_in(m)}",
    ),
    _rule(r"\*\*\* FLOP \*\*\* (?P<cards>\[.*\])", r"*** ФЛОП *** \g<cards>"),
    _rule(r"\*\*\* TURN \*\*\* (?P<cards>\[.*\])", r"*** ТЕРН *** \g<cards>"),
    _rule(r"\*\*\* RIVER \*\*\* (?P<cards>\[.*\])", r"*** РИВЕР *** \g<cards>"),
    _rule(r"\*\*\* SHOW DOWN \*\*\*", "*** ВСКРЫТИЕ КАРТ ***"),
    _rule(
        r"Uncalled bet \(" + _AMOUNT + r"\) returned to " + _NAME,
        r"Неуравненная ставка (\g<amount>) возвращается игроку \g<name>",
    ),
    _rule(_NAME + r" collected " + _AMOUNT + r" from pot", r"\g<name> получил \g<amount> ( банк)"),
    _rule(_NAME + r": shows (?P<cards>\[[^\]]*\])(?P<described> .*)?", r"\g<name>: открывает \g<cards>\g<described>"),
    _rule(_NAME + r": doesn't show hand ?", r"\g<name>: не показывает руку"),
    _rule(r"\*\*\* SUMMARY \*\*\*", "*** ИТОГ ***"),
    _rule(r"Total pot " + _AMOUNT + r" \| Rake (?P<rake>\S+) ?", r"Общий банк \g<amount> | Доля \g<rake>"),
    _rule(r"Board (?P<cards>\[.*\])", r"Борд \g<cards>"),
    _rule(
        _SEAT + _NAME + _TAGS + r" folded before Flop \(didn't bet\)",
        lambda m: f"{_ru_seat(m)} сделал фолд до Флоп (не ставил)",
    ),
    _rule(
        _SEAT + _NAME + _TAGS + r" folded before Flop",
        lambda m: f"{_ru_seat(m)} сделал фолд до Флоп",
    ),
    _rule(
        _SEAT + _NAME + _TAGS + r" folded on the (?P<street>Flop|Turn|River)",
        lambda m: f"{_ru_seat(m)} сделал фолд на {_RUSSIAN_STREETS[m['street']]}",
    ),
    _rule(
        _SEAT + _NAME + _TAGS + r" collected \(" + _AMOUNT + r"\)",
        lambda m: f"{_ru_seat(m)} собрал ({m['amount']})",
    ),
    _rule(
        _SEAT + _NAME + _TAGS + r" showed (?P<cards>\[[^\]]*\]) and won \(" + _AMOUNT + r"\) with (?P<words>[^,]*)",
        lambda m: f"{_ru_seat(m)} открыл {m['cards']} и выиграл ({m['amount']}) , собрав {m['words']}",
    ),
    _rule(
        _SEAT + _NAME + _TAGS + r" showed (?P<cards>\[[^\]]*\]) and lost with (?P<words>[^,]*)",
        lambda m: f"{_ru_seat(m)} открыл {m['cards']} и проиграл , собрав {m['words']}",
    ),
)
_LANGUAGES: Final = {"pt": _PORTUGUESE, "ru": _RUSSIAN}


def _localised(lines: list[str], rules: tuple[Rule, ...]) -> list[str]:
    """Each line the language's rules know, in the language; the others in English."""
    out = []
    for line in lines:
        for pattern, write in rules:
            match = pattern.fullmatch(line)
            if match is not None:
                out.append(write(match))
                break
        else:
            out.append(line)
    return out
