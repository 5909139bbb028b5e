"""The one amount reader every room uses: every number style the rooms write, and never a silently different
number.

What an amount's text may hold, around its digits:

- a currency before or after, with or without a space: a sign (`$`, `€`, `£`, `₹`, `¥`, `₽`, `kr`, `zł`,
  `Ft`, `A$`, `C$`, `Rs.`; and the euro and pound signs' UTF-8 bytes read as cp1252 or Latin-1, `â‚¬`,
  `Â£`, as files re-encoded once too often write them) or a code of two to four capital letters (`USD`,
  `EUR`, `SC`, `USDT`, `RSD1` with no space);
- a sign `-` (only where the caller allows it: net results);
- thousands grouped with a comma, a dot, a space, a no-break space (U+00A0 or U+202F), an apostrophe or a
  right single quote (`1,500`, `1.500`, `1 500`, `1'500`), in groups of three (and, for rupees, the Indian
  grouping `1,00,000`);
- a decimal point or a decimal comma (`0.25`, `0,25`); digits after it beyond the unit's places must be
  zeros (`0.250` at 2 places is 25 cents; `0.255` is not an amount of that unit);
- where the caller allows it, a K, M or B suffix (`1.5K`: 1,500), exact or refused;
- leading zeros, as some iPoker skins (Betclic, FDJ) write them: `002€` is 2 €, `023€` 23 €, `00,50 €` 0.50 €.

Which mark is the decimal one. A room that always writes one style says so (`decimal="."` or `","`); the
other mark is then a thousands mark wherever it stands. Otherwise the text decides: with both marks, the
last is the decimal one (`1.234,56`, `1,234.56`); a mark used twice groups thousands (`1.234.567`); a
single mark followed by exactly three digits groups thousands (`1.500`, `3,252`) unless the number before
it is 0 (`0.500`); any other single mark is the decimal one (`0,02`, `552,72`, `7.5`).

JSON and TOML numbers (a `Decimal` or an `int` as the parser gives them) are read by `units_of_number`, in
the same units and with the same refusals, so that no reader scales a number with code of its own.

Anything else (`$1,7,0.0`, `12,34` from a room whose decimal mark is a point, two decimal marks, no digits) is
not an amount: `AmountError` says why, and the reader reports the line (a reading finding), never a guess.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import Decimal
from typing import Final

from omaha_audit.model.money import CURRENCY_SYMBOLS
from omaha_audit.model.numbers import MOST_DIGITS


class AmountError(ValueError):
    """An amount's text that fits no number style: the reason is in the message."""


class FinerThanUnit(AmountError):
    """An amount with more decimal places than the unit holds (`0.255` in cents, `1500.5` in chips): a reader
    that guessed the unit (tournament chips) may read the hand again in a finer one."""


# Currency signs and their ISO codes (the model's, and those the rooms' clients print in other countries).
SIGNS: Final = {
    **CURRENCY_SYMBOLS,
    "₽": "RUB",
    "A$": "AUD",
    "C$": "CAD",
    "R$": "BRL",
    "kr": "SEK",
    "zł": "PLN",
    "Ft": "HUF",
    "Rs.": "INR",
    "Rs": "INR",
    "\u00e2\u201a\u00ac": "EUR",  # the euro sign's UTF-8 bytes read as cp1252 (`â‚¬`)
    "\u00e2\u0082\u00ac": "EUR",  # ... or as Latin-1
    "\u00c2\u00a3": "GBP",  # the pound sign's UTF-8 bytes read as cp1252 or Latin-1 (`Â£`)
}
_SIGN_PATTERN: Final = "|".join(re.escape(sign) for sign in sorted(SIGNS, key=len, reverse=True))
_CURRENCY: Final = rf"(?:{_SIGN_PATTERN}|[A-Z]{{2,4}}(?![A-Za-z]))"  # (a code may touch the digits: `RSD1`)
_SPACES: Final = " \u00a0\u202f\t"
_GROUP_MARKS: Final = ",.'\u2019 \u00a0\u202f"
# The common shapes, read without _SHAPE (whose currencies and marks cost some 14,000 instructions a number):
# "1500", "0.25", "$12.34", "€1,270.50". A comma stands only between groups of three after a first digit that
# is not 0, so that it is a thousands mark in every reading `read_amount` allows but a decimal comma's.
_COMMON: Final = re.compile(r"[$€£]?(\d+|[1-9]\d{0,2}(?:,\d{3})+)(?:\.(\d{1,2}))?")
_SHAPE: Final = re.compile(
    rf"[{_SPACES}]*(?P<before>{_CURRENCY})?[{_SPACES}]*(?P<sign>-)?[{_SPACES}]*(?P<before2>{_CURRENCY})?"
    rf"[{_SPACES}]*(?P<number>\d(?:[\d{re.escape(_GROUP_MARKS)}]*\d)?)(?P<suffix>[KkMB])?"
    rf"[{_SPACES}]*(?P<after>{_CURRENCY})?[{_SPACES}]*"
)
_SUFFIXES: Final = {"K": 3, "k": 3, "M": 6, "B": 9}
_INDIAN: Final = re.compile(r"\d{1,2}(?:,\d{2})*,\d{3}")
_CACHE_LIMIT: Final = 50_000
_TELLING: Final = re.compile(r"\d([.,])\d{1,2}(?!\d)")  # a mark one or two digits end a number after
_MOST_DIGITS: Final = 40  # (a JSON number's exponent, or its digits, beyond this is no amount)
# a number of 10^-20 or more, in units below 10^40, is read as its exact fraction (`units_of_number`)
_NEAR: Final = 20
_MOST_WHOLE_DIGITS: Final = MOST_DIGITS  # (model/numbers.py: a longer run is no number)
_known: dict[tuple[str, int, str | None, bool, bool], int] = {}


def read_amount(
    text: str, decimals: int, *, decimal: str | None = None, signed: bool = False, suffixes: bool = False
) -> int:
    """`text` in integer units of `decimals` places. `decimal`: the decimal mark the room always writes
    ("." or ","), None to let the text decide; `signed`: a leading minus is allowed (the result is negative);
    `suffixes`: K, M and B multipliers are allowed. Raises AmountError when the text fits no style."""
    if decimal != ",":
        common = _COMMON.fullmatch(text)
        if common is not None:
            return _units(text, common[1].replace(",", ""), common[2] or "", decimals)
    key = (text, decimals, decimal, signed, suffixes)
    known = _known.get(key)
    if known is not None:
        return known
    value = _read(text, decimals, decimal, signed, suffixes)
    if len(_known) < _CACHE_LIMIT:
        _known[key] = value
    return value


def units_of_number(value: object, decimals: int, *, signed: bool = False) -> int:
    """A number as a JSON or TOML parser gives it (an `int`, a `Decimal`; or its text, read as `read_amount`
    reads a number with a decimal point) in integer units of `decimals` places. Raises `FinerThanUnit` when
    it is not a whole number of units (`0.255` at 2 places), `AmountError` for what is no number (a bool, a
    float, NaN, infinity) and, unless `signed`, for a negative one. (`value` is typed `object`: a parser can
    hand over anything, and the compiled build must reach the check, not refuse the call.)"""
    if isinstance(value, str):
        return read_amount(value.strip(), decimals, decimal=".", signed=signed)
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        raise AmountError(f"{value!r} is not a number")
    if isinstance(value, int):
        scale: int = 10**decimals
        units = value * scale
    else:
        if not value.is_finite():
            raise AmountError(f"{value} is not a number")
        # The common case, units below 10^40: the number's exact fraction, in C, a third of the cost of its
        # text; in lowest terms, a whole number of units when its denominator divides 10^decimals. Beyond,
        # or a number of more digits than an int is made of (sys.get_int_max_str_digits): its digits, below.
        numerator = denominator = 0
        magnitude = value.adjusted()
        if magnitude >= -_NEAR and magnitude + decimals < _MOST_DIGITS:
            try:
                numerator, denominator = value.as_integer_ratio()
            except ValueError:
                denominator = 0
        if denominator:
            unit: int = 10**decimals
            per_unit, rest = divmod(unit, denominator)
            if rest:
                raise FinerThanUnit(f"{value} is finer than the unit (10^-{decimals})")
            units = numerator * per_unit
            if units < 0 and not signed:
                raise AmountError(f"{value}: a negative amount where none can be")
            return units
        written = str(value)  # (plain notation shows the digits and places as they are)
        if "E" not in written and len(written) + decimals <= _MOST_DIGITS:
            whole, _, fraction = written.lstrip("-").partition(".")
            if len(fraction) > decimals:
                if fraction[decimals:].strip("0"):
                    raise FinerThanUnit(f"{value} is finer than the unit (10^-{decimals})")
                fraction = fraction[:decimals]
            places: int = 10**decimals
            units = int(whole) * places + int(fraction.ljust(decimals, "0") or "0")
            if written.startswith("-"):
                units = -units
            if units < 0 and not signed:
                raise AmountError(f"{value}: a negative amount where none can be")
            return units
        sign, digits, exponent = value.as_tuple()  # (exact: no context rounds it)
        shift = int(exponent) + decimals
        written = "".join(map(str, digits)).rstrip("0")
        shift += len(digits) - len(written)  # (trailing zeros: a larger shift, not more digits)
        if len(written) > _MOST_DIGITS:  # (so many digits: finer than any unit, or larger than any amount)
            if shift < 0:
                raise FinerThanUnit(f"{value} is finer than the unit (10^-{decimals})")
            raise AmountError(f"{value} is too large to be an amount")
        number = int(written or "0")
        if shift < 0:
            rest = number
            if -shift <= _MOST_DIGITS:
                finer: int = 10**-shift
                number, rest = divmod(number, finer)
            if rest:
                raise FinerThanUnit(f"{value} is finer than the unit (10^-{decimals})")
        elif number and shift > _MOST_DIGITS:
            raise AmountError(f"{value} is too large to be an amount")
        else:
            coarser: int = 10**shift
            number *= coarser
        units = -number if sign else number
    if units < 0 and not signed:
        raise AmountError(f"{value}: a negative amount where none can be")
    return units


def cents_of_json_number(text: str) -> int | None:
    """The hundredths a JSON number's text stands for where it is written with a decimal point and one or two
    digits after it and no exponent (`4.80`: 480, `-0.5`: -50); None for any other text (`1.234`, `12`, `2E-3`).
    For a decoder's number hook (Global Poker's, rooms/globalpoker/numbers.py), which has the text at hand: the
    figure is then read once, where it is met, with no `Decimal` to take apart."""
    point = text.find(".")
    places = len(text) - point - 1
    if point < 1 or places < 1 or places > 2 or not text.isascii() or "e" in text or "E" in text:
        return None
    negative = text.startswith("-")
    whole, fraction = text[1 if negative else 0 : point], text[point + 1 :]
    if not whole.isdigit() or not fraction.isdigit():
        return None
    units = int(whole) * 100 + int(fraction) * (10 if places == 1 else 1)
    return -units if negative else units


def decimal_mark(texts: Iterable[str]) -> str | None:
    """The decimal mark the amounts one client wrote show (a session's, a file's): the mark that one or two
    digits follow at the end of a number (`0,50`, `1,214.15`, `€51,18`) where every such amount agrees; None
    when none shows one (`1.500`, `5,350`, `€1`) or they disagree. A reader passes it to `read_amount` as
    `decimal`, so that `1,000` in a session of decimal commas is 1 and in one of decimal points 1000."""
    marks = {mark for text in texts for mark in _TELLING.findall(text)}
    return marks.pop() if len(marks) == 1 else None


def currency_of(text: str) -> str | None:
    """The ISO code of the currency an amount's text names by sign or code, None when it names none."""
    found = _SHAPE.fullmatch(text)
    if found is None:
        return None
    mark = found["before"] or found["before2"] or found["after"]
    if mark is None:
        return None
    return SIGNS.get(mark, mark)


def _read(text: str, decimals: int, decimal: str | None, signed: bool, suffixes: bool) -> int:
    found = _SHAPE.fullmatch(text)
    if found is None:
        raise AmountError(f"{text!r} is not an amount")
    before = found["before"] or found["before2"]
    if before and found["after"]:
        raise AmountError(f"{text!r} names a currency twice")
    if found["sign"] and not signed:
        raise AmountError(f"{text!r}: a negative amount where none can be")
    suffix = found["suffix"]
    if suffix and not suffixes:
        raise AmountError(f"{text!r}: a {suffix} multiplier this room does not write")
    whole, fraction = _split(text, found["number"], decimal, indian=(before or found["after"] or "") in ("₹", "INR"))
    if suffix:
        places = _SUFFIXES[suffix]
        if len(fraction) > places:
            raise AmountError(f"{text!r} is finer than one chip")
        whole, fraction = whole + fraction.ljust(places, "0"), ""
    value = _units(text, whole, fraction, decimals)
    return -value if found["sign"] else value


def _split(text: str, number: str, decimal: str | None, indian: bool) -> tuple[str, str]:
    """`number`'s whole digits and fraction digits, its marks checked against every style."""
    marks = [char for char in number if not char.isdigit()]
    if not marks:
        return number, ""
    point = _decimal_mark(text, number, marks, decimal)
    if point is not None:
        cut = number.rindex(point)
        whole, fraction = number[:cut], number[cut + 1 :]
        if not fraction.isdigit():
            raise AmountError(f"{text!r}: the decimal mark {point!r} is not followed by digits only")
    else:
        whole, fraction = number, ""
    groups = [char for char in whole if not char.isdigit()]
    if groups:
        mark = groups[0]
        if any(char != mark for char in groups) and not all(char in _SPACES for char in groups):
            raise AmountError(f"{text!r}: thousands grouped with two different marks")
        parts = re.split(f"[{re.escape(_GROUP_MARKS)}]", whole)
        grouped = len(parts[0]) <= 3 and parts[0] != "0" and all(len(part) == 3 for part in parts[1:])
        if not grouped and not (indian and _INDIAN.fullmatch(whole)):
            raise AmountError(f"{text!r}: digits not grouped in thousands ({'|'.join(parts)})")
        whole = "".join(parts)
    return whole, fraction


def _decimal_mark(text: str, number: str, marks: list[str], decimal: str | None) -> str | None:
    """Which of `number`'s marks is its decimal mark, or None (only thousands marks)."""
    if decimal is not None:
        if marks.count(decimal) > 1:
            raise AmountError(f"{text!r}: two decimal marks {decimal!r}")
        return decimal if decimal in marks else None
    points = [char for char in marks if char in ".,"]
    if not points:
        return None
    last = points[-1]
    if len(set(points)) > 1:  # both marks: the last one is the decimal mark
        if points.count(last) > 1:
            raise AmountError(f"{text!r}: two decimal marks {last!r}")
        return last
    if len(points) > 1:  # one mark, used more than once: thousands
        return None
    after = number[number.rindex(last) + 1 :]
    before = number[: number.rindex(last)]
    if len(after) == 3 and after.isdigit() and before.strip(_GROUP_MARKS) not in ("0", ""):
        return None  # `1.500`, `3,252`: thousands
    return last


def _units(text: str, whole: str, fraction: str, decimals: int) -> int:
    if not whole and not fraction:
        raise AmountError(f"{text!r} has no digits")
    whole = whole.lstrip("0")
    if len(whole) > _MOST_WHOLE_DIGITS:  # (int() of it would be refused, or slow: no amount is that long)
        raise AmountError(f"{text[:20]!r}...: {len(whole):,} digits, too large to be an amount")
    if len(fraction) > decimals:
        if fraction[decimals:].strip("0"):
            raise FinerThanUnit(f"{text!r} is finer than the unit (10^-{decimals})")
        fraction = fraction[:decimals]
    scale: int = 10**decimals
    return int(whole or "0") * scale + int(fraction.ljust(decimals, "0") or "0")
