"""PokerStars hand histories written in the client's language, put into PokerStars' English line by line.

The PokerStars client writes its hand histories in the language the player chose (its file names follow
the client's language whatever the hands' language: `HH20151212 Tethys II - 0,01 $-0,02 $ - USD Hold'em No
Limit.txt` holds English hands that print `$0.01`). The reader knows PokerStars' English lines; a hand in
another language is read by turning each line it knows into the English line that says the same (the
same line numbers, the same names, amounts and cards), then reading that as English. The words come from
real hands of each language, not from guesses:

- Portuguese (`Mão PokerStars #257045862415: Torneio #3910307458, $ 0.98+$ 0.12 USD Hold'em No Limit -
  Nível V (40/80) - 2025/07/22 10:10:49 ET`): the seats (`Lugar 1: jojosetubal (7835 em fichas)`), posts
  (`coloca ante 10`, `paga o small blind 40`), actions (`desiste`, `passa`, `iguala 80`, `aposta 225`,
  `aumenta 546 para 626 e está all-in`), `Aposta não-igualada (546) voltou para X`, `X recebeu 290 do
  pote`, `*** SUMÁRIO ***`, `Total pote 290 | comissão 0`, `Mesa [..]` (the board); the game words, the
  street lines and `(small blind)` stay English;
- Russian (`Раздача PokerStars №260679494130:  Холдем Безлимитный ($0.01/$0.02 USD) - 03.05.2026 18:47:49
  EET [03.05.2026 11:47:49 ВВ]`, dates day first, `ВВ` for ET): `Место 1: Avviee ($1.76 фишек)`,
  `ставит малый блайнд $0.01`, `делает рейз $0.04 $0.06` (raise by, then to), `и олл-ин`, `получил
  $0.04 ( банк)`, `*** ИТОГ ***`, `Общий банк $0.04 | Доля $0`, `Борд [..]`, and the summary's `сделал
  фолд до Флоп (не ставил)`, `собрал ($0.04)`, `открыл [..] и выиграл ($3.06) , собрав ...`.

Amounts are read by the reading kit in the language's number style (`Language.decimal`, from its real
hands: Portuguese and Russian write a decimal point and the sign before the amount, `$ 0.98`, `$0.01`;
the French client a decimal comma and the sign after, `0,01 €`) and written in PokerStars' English
(`$0.98`), which the English reader reads with the kit again.

A line of such a hand that matches none of the known lines is left as printed: the English reader reports
it as an unreadable line (OA106), and the hand is audited without it; so is a known line with an amount in
no style of the language (`$0,30` where the decimal mark is a point: 30 cents or 30 dollars?), reported
with the kit's reason. The reading findings quote the lines as printed. The hand descriptions of other
languages (`(тройку [валеты])`) are left out: the audit checks PokerStars' English words only.

French (`Main PokerStars n°...`) and Spanish (`Mano n.º 254718322088 de Zoom de PokerStars:  Hold'em No
Limit (0.02 €/0.05 €) - 05-02-2025 14:48:32 CET [...]`) hands are recognised by their header, and each is
reported unreadable with the reason: no real French hand shows its lines, and the one Spanish hand seen
shows only folds (`se retira`), so a Spanish hand's calls, bets and raises would be lost and the hand
audited wrong. German and Italian headers are not known from any real hand: such text is reported as
text outside any hand.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final

from omaha_audit.model import Defect, Event, Hand, Source, Street
from omaha_audit.parse.regex_programs import compile_kept
from omaha_audit.parse.split import Block
from omaha_audit.rooms.kit.amounts import AmountError, read_amount

UNREADABLE: Final = "unreadable line"  # the reason the English reader gives a line it does not know

# A localised header's start, for the splitter (beside the English ones in the format's HEADER), and a
# localised summary line.
HEADERS: Final = (
    r"Mão PokerStars #\d|Раздача PokerStars №\d|Main PokerStars n°\d|Mano n\.º \d+ de (?:Zoom de )?PokerStars"
)
SUMMARIES: Final = r"\*\*\* (?:SUMÁRIO|ИТОГ) \*\*\*"

# An amount whole, its sign before or after (with or without a space) and every mark between its digits:
# the kit reads it in the language's number style (`Language.decimal`) or refuses it with the reason
# (`$0,30` in a language that writes a decimal point: 30 cents or 30 dollars?), never half of it.
_AMOUNT: Final = r"(?:[$€£] ?)?\d(?:[\d,.'\u00a0\u202f]*\d)?(?: ?[$€£])?"
_MONEY: Final = ("amount", "to", "total", "rake")  # the placeholders that hold an amount
_PLACES: Final = 6  # the places an amount is read to before it is written in English (never fewer than a unit's)
_SIGN: Final = re.compile(r"[$€£]")
_CARDS: Final = r"\[[^\]]*\]"
# What the placeholders of a line's shape (`<name>: aumenta <amount> para <to><all_in>`) stand for; a
# language gives its own `all_in`, `tags` (summary position tags) and `street` (street names).
_SHAPES: Final = {
    "name": r".+?",
    "table": r".*",
    "seat": r"\d+",
    "button": r"\d+",
    "max": r"\d+",
    "place": r"\d+",
    "amount": _AMOUNT,
    "to": _AMOUNT,
    "total": _AMOUNT,
    "rake": _AMOUNT,
    "cards": _CARDS,
    "card": _CARDS,
}
_PLACEHOLDER: Final = re.compile(r"<(\w+)>")
_MONEY_SPACE: Final = re.compile(r"([$€£]) (?=\d)")
_TAG: Final = re.compile(r"\(([^)]*)\)")
# Position tags and street names of the summary lines, in English.
_WORDS: Final = {
    "Botão": "button",
    "баттон": "button",
    "малый блайнд": "small blind",
    "большой блайнд": "big blind",
    "Флоп": "Flop",
    "Терн": "Turn",
    "Ривер": "River",
}

Rule = tuple[re.Pattern[str], str]


def _compile(shape: str, words: dict[str, str]) -> re.Pattern[str]:
    """A line's shape to its regex: the text as printed, each `<field>` a named group (`<described>`: a hand
    description the line may end with, kept as printed on a show line: a show with a description is a
    showdown hand; the description's words, in the client's language, are not checked). Compiled from the
    program kept across runs (parse/regex_programs.py): the rules of every language are built at import, so
    a run that reads no hand in these languages would otherwise compile some seventy regexes for nothing."""
    parts: list[str] = []
    last = 0
    for match in _PLACEHOLDER.finditer(shape):
        parts.append(re.escape(shape[last : match.start()]))
        key = match[1]
        parts.append(r"(?P<described> .*)?" if key == "described" else f"(?P<{key}>{words.get(key) or _SHAPES[key]})")
        last = match.end()
    parts.append(re.escape(shape[last:]))
    return compile_kept("".join(parts))


def _rules(pairs: tuple[tuple[str, str], ...], **words: str) -> tuple[Rule, ...]:
    """(shape of the localised line, English template over its fields) pairs, compiled."""
    return tuple((_compile(shape, words), template) for shape, template in pairs)


def english_amount(text: str, decimal: str) -> str:
    """An amount as a language's hands print it (`$ 0.98`, `$0.01`; `0,01 €` where the decimal mark is a
    comma) as PokerStars' English prints it (`$0.98`, `€0.01`): read by the kit with the language's decimal
    mark, written with the sign before and a decimal point. Raises AmountError (a ValueError) with the reason
    for a text in no style of the language."""
    units = read_amount(text, _PLACES, decimal=decimal)
    whole, fraction = divmod(units, 10**_PLACES)
    number = f"{whole}.{fraction:0{_PLACES}d}".rstrip("0") if fraction else str(whole)
    sign = _SIGN.search(text)
    return (sign.group() if sign else "") + number


def _english(rules: tuple[Rule, ...], line: str, decimal: str) -> str | None:
    """The English line for `line`, or None when no rule knows it. Amounts are read in the language's
    number style and written in English's (`english_amount`; AmountError when one is in no style);
    `all_in` becomes ` and is all-in`; tags and streets are put in English words."""
    for pattern, template in rules:
        match = pattern.fullmatch(line)
        if match is None:
            continue
        fields = {key: value or "" for key, value in match.groupdict().items()}
        for key in _MONEY:
            if fields.get(key):
                try:
                    fields[key] = english_amount(fields[key], decimal)
                except ValueError as error:
                    raise AmountError(f"amount {fields[key]!r}: {error}") from None
        if "all_in" in fields:
            fields["all_in"] = " and is all-in" if fields["all_in"] else ""
        if "tags" in fields:
            fields["tags"] = _TAG.sub(lambda tag: f"({_WORDS.get(tag[1], tag[1])})", fields["tags"])
        if "street" in fields:
            fields["street"] = _WORDS.get(fields["street"], fields["street"])
        english = template.format(**fields)
        described = fields.get("described", "")
        if described and template.endswith(": shows {cards}"):
            english += described  # (`x: mostra [..] (dois pares, ...)`: shown at a showdown, with its words)
        return english
    return None


@dataclass(frozen=True, slots=True)
class Language:
    """One client language: its name, its header, and (where its lines are known) the English header, the
    rules of the lines before the summary, its summary line, the rules of the lines after it, and the
    decimal mark its amounts are written with."""

    name: str
    header: re.Pattern[str]
    english_header: Callable[[re.Match[str]], str | None] | None = None
    body: tuple[Rule, ...] = ()
    summary_mark: re.Pattern[str] | None = None  # `*** SUMMARY ***` in this language
    summary: tuple[Rule, ...] = ()
    decimal: str = "."  # the decimal mark of the language's hands (its number style, as real hands print it)


# ---- Portuguese -----------------------------------------------------------------------------------------
def _portuguese_header(match: re.Match[str]) -> str | None:
    """`Mão PokerStars #N: [Torneio #T, $ 0.98+$ 0.12 USD ]GAME LIMIT - [Nível V ](stakes) - date`: the
    game, limit and date words are PokerStars' English ones already."""
    rest = re.sub(r"^Torneio #", "Tournament #", match["rest"])
    rest = re.sub(r" - Nível ([IVXLCDM\d]+) ", r" - Level \1 ", rest)
    rest = _MONEY_SPACE.sub(r"\1", rest)
    return f"PokerStars Hand #{match['hand_id']}: {rest}"


_PT: Final = {"all_in": r"(?: e está all-in)?", "tags": r"(?: \((?:Botão|small blind|big blind)\))*"}
PORTUGUESE: Final = Language(
    "Portuguese",
    re.compile(r"Mão PokerStars #(?P<hand_id>\d+): (?P<rest>.*)"),
    _portuguese_header,
    _rules(
        (
            (
                "Mesa '<table>' <max>-max Lugar #<button> é o botão",
                "Table '{table}' {max}-max Seat #{button} is the button",
            ),
            (
                "Lugar <seat>: <name> (<amount> em fichas) está sit out",
                "Seat {seat}: {name} ({amount} in chips) is sitting out",
            ),
            ("Lugar <seat>: <name> (<amount> em fichas)", "Seat {seat}: {name} ({amount} in chips)"),
            ("<name>: coloca ante <amount><all_in>", "{name}: posts the ante {amount}{all_in}"),
            ("<name>: paga o small blind <amount><all_in>", "{name}: posts small blind {amount}{all_in}"),
            ("<name>: paga o big blind <amount><all_in>", "{name}: posts big blind {amount}{all_in}"),
            ("*** CARTAS DA MÃO ***", "*** HOLE CARDS ***"),
            ("<name> recebe <cards>", "Dealt to {name} {cards}"),
            ("<name>: desiste", "{name}: folds"),
            ("<name>: passa", "{name}: checks"),
            ("<name>: iguala <amount><all_in>", "{name}: calls {amount}{all_in}"),
            ("<name>: aposta <amount><all_in>", "{name}: bets {amount}{all_in}"),
            ("<name>: aumenta <amount> para <to><all_in>", "{name}: raises {amount} to {to}{all_in}"),
            ("Aposta não-igualada (<amount>) voltou para <name>", "Uncalled bet ({amount}) returned to {name}"),
            ("<name> recebeu <amount> do pote", "{name} collected {amount} from pot"),
            ("<name>: mostra <cards><described>", "{name}: shows {cards}"),
            ("<name>: não mostra a mão", "{name}: doesn't show hand"),
            ("<name> está sem ligação", "{name} is disconnected"),
            ("<name> está ligado", "{name} is connected"),
            ("<name> está sit out", "{name} is sitting out"),
            ("<name> gastou o tempo enquanto estava sem ligação", "{name} has timed out while disconnected"),
            ("<name> gastou o tempo", "{name} has timed out"),
            ("<name> voltou", "{name} has returned"),
            ("<name> terminou o torneio em <place>º lugar", "{name} finished the tournament in {place}th place"),
        ),
        **_PT,
    ),
    re.compile(r"\*\*\* SUMÁRIO \*\*\*"),
    _rules(
        (
            ("Total pote <total> | comissão <rake>", "Total pot {total} | Rake {rake}"),
            ("Mesa <cards>", "Board {cards}"),
            (
                "Lugar <seat>: <name><tags> desistiu antes Flop (não apostou)",
                "Seat {seat}: {name}{tags} folded before Flop (didn't bet)",
            ),
            ("Lugar <seat>: <name><tags> desistiu antes Flop", "Seat {seat}: {name}{tags} folded before Flop"),
            ("Lugar <seat>: <name><tags> desistiu no <street>", "Seat {seat}: {name}{tags} folded on the {street}"),
            ("Lugar <seat>: <name><tags> recebeu (<amount>)", "Seat {seat}: {name}{tags} collected ({amount})"),
        ),
        street="Flop|Turn|River",
        **_PT,
    ),
)


# ---- Russian --------------------------------------------------------------------------------------------
_RU_GAMES: Final = {"Холдем Безлимитный": "Hold'em No Limit"}
_RU_DATE: Final = re.compile(r"(\d\d)\.(\d\d)\.(\d{4})")


def _russian_header(match: re.Match[str]) -> str | None:
    """`Раздача PokerStars №N:  GAME LIMIT (stakes) - dd.mm.yyyy time zone [dd.mm.yyyy time ВВ]`: the game
    words in English (None for words not known), the dates year first, `ВВ` (Eastern time) as ET."""
    game = _RU_GAMES.get(match["game"])
    if game is None:
        return None
    started = _RU_DATE.sub(r"\3/\2/\1", match["started"]).replace(" ВВ]", " ET]")
    return f"PokerStars Hand #{match['hand_id']}:  {game} ({match['stakes']}) - {started}"


_RU: Final = {"all_in": r"(?: и олл-ин)?", "tags": r"(?: \((?:баттон|малый блайнд|большой блайнд)\))*"}
RUSSIAN: Final = Language(
    "Russian",
    re.compile(r"Раздача PokerStars №(?P<hand_id>\d+): +(?P<game>.+?) \((?P<stakes>[^)]*)\) - (?P<started>.+)"),
    _russian_header,
    _rules(
        (
            (
                "Стол '<table>' <max>-max Баттон на месте №<button>",
                "Table '{table}' {max}-max Seat #{button} is the button",
            ),
            ("Место <seat>: <name> (<amount> фишек)", "Seat {seat}: {name} ({amount} in chips)"),
            ("<name>: ставит малый блайнд <amount><all_in>", "{name}: posts small blind {amount}{all_in}"),
            ("<name>: ставит большой блайнд <amount><all_in>", "{name}: posts big blind {amount}{all_in}"),
            ("*** ЗАКРЫТЫЕ КАРТЫ ***", "*** HOLE CARDS ***"),
            ("Карты <name> <cards>", "Dealt to {name} {cards}"),
            ("<name>: делает фолд", "{name}: folds"),
            ("<name>: делает чек", "{name}: checks"),
            ("<name>: делает колл <amount><all_in>", "{name}: calls {amount}{all_in}"),
            ("<name>: делает бет <amount><all_in>", "{name}: bets {amount}{all_in}"),
            ("<name>: делает рейз <amount> <to><all_in>", "{name}: raises {amount} to {to}{all_in}"),
            ("*** ФЛОП *** <cards>", "*** FLOP *** {cards}"),
            ("*** ТЕРН *** <cards> <card>", "*** TURN *** {cards} {card}"),
            ("*** РИВЕР *** <cards> <card>", "*** RIVER *** {cards} {card}"),
            ("*** ВСКРЫТИЕ КАРТ ***", "*** SHOW DOWN ***"),
            ("Неуравненная ставка (<amount>) возвращается игроку <name>", "Uncalled bet ({amount}) returned to {name}"),
            ("<name> получил <amount> ( банк)", "{name} collected {amount} from pot"),
            ("<name>: открывает <cards><described>", "{name}: shows {cards}"),
            ("<name>: не показывает руку", "{name}: doesn't show hand"),
            ("<name> покидает стол", "{name} leaves the table"),
            ("<name> садится за стол на место №<seat>", "{name} joins the table at seat #{seat}"),
            ("время на ход игрока <name> истекло", "{name} has timed out"),
        ),
        **_RU,
    ),
    re.compile(r"\*\*\* ИТОГ \*\*\*"),
    _rules(
        (
            ("Общий банк <total> | Доля <rake>", "Total pot {total} | Rake {rake}"),
            ("Борд <cards>", "Board {cards}"),
            (
                "Место <seat>: <name><tags> сделал фолд до Флоп (не ставил)",
                "Seat {seat}: {name}{tags} folded before Flop (didn't bet)",
            ),
            ("Место <seat>: <name><tags> сделал фолд до Флоп", "Seat {seat}: {name}{tags} folded before Flop"),
            ("Место <seat>: <name><tags> сделал фолд на <street>", "Seat {seat}: {name}{tags} folded on the {street}"),
            ("Место <seat>: <name><tags> собрал (<amount>)", "Seat {seat}: {name}{tags} collected ({amount})"),
            (
                "Место <seat>: <name><tags> открыл <cards> и выиграл (<amount>)<described>",
                "Seat {seat}: {name}{tags} showed {cards} and won ({amount})",
            ),
            (
                "Место <seat>: <name><tags> открыл <cards> и проиграл<described>",
                "Seat {seat}: {name}{tags} showed {cards} and lost",
            ),
        ),
        street="Флоп|Терн|Ривер",
        **_RU,
    ),
)

# Recognised by their header only (see the module's notes). The French client writes a decimal comma and
# the sign after the amount (`(0,01 €/0,02 € EUR)`), the Spanish one a decimal point and the sign after
# (`(0.02 €/0.05 €)`, `(4.59 € en fichas)`).
FRENCH: Final = Language("French", re.compile(r"Main PokerStars n°(?P<hand_id>\d+)"), decimal=",")
SPANISH: Final = Language("Spanish", re.compile(r"Mano n\.º (?P<hand_id>\d+) de (?:Zoom de )?PokerStars"))

LANGUAGES: Final = (PORTUGUESE, RUSSIAN, FRENCH, SPANISH)
_STARTS: Final = ("Mão", "Раздача", "Main", "Mano")


def language_of(first_line: str) -> tuple[Language, re.Match[str]] | None:
    """The client language a hand's first line is written in, with the header's match (None: English, or
    no header)."""
    line = first_line.lstrip("\ufeff \t")
    if not line.startswith(_STARTS):
        return None
    for language in LANGUAGES:
        match = language.header.match(line)
        if match is not None:
            return language, match
    return None


class English:
    """A hand put into English: the block of English lines, and the lines left as printed because an amount
    in them is in no style of the language (line number -> the reason)."""

    __slots__ = ("block", "refused")

    def __init__(self, block: Block, refused: dict[int, str]) -> None:
        self.block = block
        self.refused = refused


def to_english(block: Block, language: Language, header: re.Match[str]) -> English | str:
    """The block with each line this language's rules know put into English (the others as printed), or
    the reason the hand cannot be read."""
    if language.english_header is None or language.summary_mark is None:
        return (
            f"a PokerStars hand history written in {language.name}: the reader knows PokerStars' English lines, "
            "and of the client's other languages those of Portuguese and Russian hands only"
        )
    english_header = language.english_header(header)
    if english_header is None:
        return f"a PokerStars hand history in {language.name} whose game words are not known: {block.lines[0]!r}"
    lines = [english_header]
    refused: dict[int, str] = {}
    rules = language.body
    for number, line in enumerate(block.lines[1:], block.first_line + 1):
        text = line.rstrip()
        if rules is language.body and language.summary_mark.fullmatch(text):
            lines.append("*** SUMMARY ***")
            rules = language.summary
            continue
        try:
            english = _english(rules, text, language.decimal)
        except AmountError as error:
            english, refused[number] = None, str(error)
        lines.append(line if english is None else english)
    return English(Block(block.kind, block.path, block.first_line, lines, block.format), refused)


CLIENT_LANGUAGE: Final = "client-language"  # the event of a hand its client wrote in another language than English


def as_printed(hand: Hand, block: Block, refused: dict[int, str], language: str = "") -> Hand:
    """The hand read from the English lines, its defects quoting the lines as printed (the audit quotes the
    file's text), a line left as printed for an amount in no style of the language with that reason; and an
    event saying the client's language (its hand descriptions are in that language: not checked, OA507)."""
    if language:
        note = f"written by a PokerStars client in {language}: read line by line as English, descriptions unchecked"
        event = Event(CLIENT_LANGUAGE, note, Street.BLINDS, Source(block.path, block.first_line, block.first_line))
        hand = replace(hand, events=(*hand.events, event))
    if not hand.defects:
        return hand
    first = block.first_line
    defects = tuple(
        Defect(
            defect.line,
            block.lines[defect.line - first] if 0 <= defect.line - first < len(block.lines) else defect.text,
            refused.get(defect.line, defect.reason) if defect.reason == UNREADABLE else defect.reason,
            defect.inconsistent,
        )
        for defect in hand.defects
    )
    return replace(hand, defects=defects)
