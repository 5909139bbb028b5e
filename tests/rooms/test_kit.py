"""The reading kit (omaha_audit/rooms/kit): one amount reader for every number style, one card reader for every
spelling and client language. Every style is generated here from integer amounts and read back exact; a text
in no style is refused, never read as another number."""

from __future__ import annotations

import contextlib
import re
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from omaha_audit.rooms.kit.amounts import (
    AmountError,
    FinerThanUnit,
    cents_of_json_number,
    currency_of,
    decimal_mark,
    read_amount,
    units_of_number,
)
from omaha_audit.rooms.kit.cards import (
    ENGLISH,
    GERMAN,
    LANGUAGES,
    CardError,
    card_of_index,
    language_of,
    read_card,
    read_cards,
)

# (thousands mark, decimal mark) of the styles rooms write
STYLES = [(",", "."), (".", ","), (" ", ","), ("\u00a0", ","), ("\u202f", ","), ("'", "."), ("\u2019", "."), ("", ".")]
CURRENCIES = [("$", ""), ("", " €"), ("€ ", ""), ("", "€"), ("", " USD"), ("USD ", ""), ("£", ""), ("", "")]


def written(units: int, decimals: int, group: str, point: str, before: str, after: str, *, all_places: bool) -> str:
    whole, fraction = divmod(units, 10**decimals)
    digits = f"{whole:,}".replace(",", group) if group else str(whole)
    text = digits
    if decimals and (fraction or all_places):
        text += point + f"{fraction:0{decimals}d}"
    return before + text + after


@given(
    units=st.integers(min_value=0, max_value=10**12),
    decimals=st.sampled_from([0, 2]),
    style=st.sampled_from(STYLES),
    currency=st.sampled_from(CURRENCIES),
)
def test_every_style_reads_back_exact(
    units: int, decimals: int, style: tuple[str, str], currency: tuple[str, str]
) -> None:
    group, point = style
    text = written(units, decimals, group, point, *currency, all_places=True)
    assert read_amount(text, decimals, decimal=point) == units
    # the text alone decides, where it can: two places after the mark are always the decimals
    if decimals == 2:
        assert read_amount(text, decimals) == units


@pytest.mark.parametrize(
    ("text", "decimals", "units"),
    [
        ("1,492.66", 2, 149266),
        ("$1,270.5", 2, 127050),
        ("1.500", 0, 1500),  # iPoker's chips="1.500"
        ("3,252.50", 2, 325250),
        ("1 750", 0, 1750),  # Everest
        ("0,02 €", 2, 2),
        ("€ 1.234,56", 2, 123456),
        ("$ 3.243", 2, 324300),  # 888: a dot grouping thousands
        ("$ 552,72", 2, 55272),  # and a decimal comma, in one hand
        ("0.500", 2, 50),
        ("1'000", 0, 1000),
        ("25 USD", 2, 2500),
        ("1,00,000 ₹", 2, 10000000),
        ("7.5", 2, 750),
    ],
)
def test_real_forms(text: str, decimals: int, units: int) -> None:
    assert read_amount(text, decimals) == units


@pytest.mark.parametrize(
    ("text", "kwargs", "why"),
    [
        ("$1,7,0.0", {}, "not grouped"),
        ("12,34", {"decimal": "."}, "not grouped"),
        ("1.2.3,4.5", {}, "two decimal marks"),
        ("0.255", {}, "finer than the unit"),
        ("$", {}, "not an amount"),
        ("-$5", {}, "negative"),
        ("1.5K", {}, "multiplier"),
        ("1,5.00", {}, "not grouped"),
        ("$5 €", {}, "currency twice"),
        ("1,000.000,5", {}, "two decimal marks"),
    ],
)
def test_a_text_in_no_style_is_refused_with_its_reason(text: str, kwargs: dict[str, object], why: str) -> None:
    with pytest.raises(AmountError, match=why):
        read_amount(text, 2, **kwargs)  # type: ignore[arg-type]


def test_signs_and_multipliers_where_the_room_writes_them() -> None:
    assert read_amount("-$5.25", 2, signed=True) == -525
    assert read_amount("1.5K", 0, suffixes=True) == 1500
    assert read_amount("2M", 0, suffixes=True) == 2_000_000
    with pytest.raises(AmountError):
        read_amount("1.2345K", 0, suffixes=True)


@given(st.text(alphabet="0123456789,.' $€", min_size=1, max_size=12))
def test_any_text_is_an_exact_amount_or_refused(text: str) -> None:
    """Whatever the text, the reader gives an amount whose digits are the text's, or refuses it."""
    try:
        value = read_amount(text, 2)
    except AmountError:
        return
    digits = "".join(char for char in text if char.isdigit()).lstrip("0") or "0"
    assert str(value).lstrip("0").rstrip("0") == digits.rstrip("0") or value == 0


@pytest.mark.parametrize(
    ("text", "decimals", "units"),
    [
        ("002€", 2, 200),  # iPoker's leading zeros (Betclic, FDJ): 2 €
        ("023€", 2, 2300),
        ("00,50 €", 2, 50),
        ("002,50€", 2, 250),
        ("RSD1", 2, 100),  # a code touching the digits
        ("RSD1,500.50", 2, 150050),
        ("2 000 RSD", 2, 200000),
        ("kr 5", 2, 500),
        ("\u00e2\u201a\u00ac16.90", 2, 1690),  # the euro sign's UTF-8 bytes read as cp1252 (`â‚¬16.90`)
        ("\u00e2\u0082\u00ac37.13", 2, 3713),  # ... or as Latin-1
        ("\u00c2\u00a30.05", 2, 5),  # the pound sign's (`Â£0.05`)
        ("1 750", 2, 175000),  # Everest's space thousands
    ],
)
def test_ipoker_and_everest_forms(text: str, decimals: int, units: int) -> None:
    assert read_amount(text, decimals) == units


def test_the_decimal_mark_a_clients_amounts_show() -> None:
    assert decimal_mark(["PL €0,50/€1", "€507,79", "€0"]) == ","
    assert decimal_mark(["$0.01/$0.02", "$1,214.15", "5,350"]) == "."
    assert decimal_mark(["€1.000,50"]) == ","
    assert decimal_mark(["1.500", "5,350", "€1", "0.500"]) is None  # nothing tells
    assert decimal_mark(["0,50", "0.25"]) is None  # they disagree
    # passed on, the mark decides what a lone mark before three digits is
    assert read_amount("1,000", 2, decimal=decimal_mark(["€0,50"])) == 100
    assert read_amount("1,000", 2, decimal=decimal_mark(["$0.50"])) == 100000


def test_currency_of_codes_and_mojibake() -> None:
    assert currency_of("RSD1") == "RSD"
    assert currency_of("\u00e2\u201a\u00ac16.90") == "EUR"
    assert currency_of("\u00c2\u00a30.05") == "GBP"


def test_json_and_toml_numbers() -> None:
    assert units_of_number(Decimal("4.80"), 2) == 480
    assert units_of_number(Decimal("4.800"), 2) == 480
    assert units_of_number(12, 2) == 1200
    assert units_of_number(Decimal("1.2E+3"), 0) == 1200
    assert units_of_number("12.5", 2) == 1250
    assert units_of_number(Decimal("-0.5"), 2, signed=True) == -50
    with pytest.raises(FinerThanUnit):
        units_of_number(Decimal("0.255"), 2)
    with pytest.raises(FinerThanUnit):
        units_of_number(Decimal("1E-999999999"), 2)  # (no context rounds it to 0)
    for digits in ("0." + "9" * 4_301, "1." + "0" * 5_000):  # (more digits than an int is made of from text)
        with pytest.raises(FinerThanUnit) if "9" in digits else contextlib.nullcontext():
            assert units_of_number(Decimal(digits), 2) == 100
    with pytest.raises(AmountError, match="too large"):  # (a unit of 4,301 places: units of as many digits)
        units_of_number(Decimal("0.5"), 4_301)
    for bad in (True, 1.5, Decimal("NaN"), Decimal("Infinity"), Decimal("1E+999999999"), "1,7,0.0", -3):
        with pytest.raises(AmountError):
            units_of_number(bad, 2)


@given(st.integers(min_value=-(10**15), max_value=10**15), st.integers(min_value=0, max_value=6))
def test_json_numbers_read_back_exact(units: int, places: int) -> None:
    number = Decimal(units).scaleb(-places)
    assert units_of_number(number, places, signed=True) == units
    assert units_of_number(number, places + 2, signed=True) == units * 100


@given(
    st.integers(min_value=-(10**20), max_value=10**20),
    st.integers(min_value=-30, max_value=5),  # (either side of 10^±20: the fraction way and the digits way)
    st.integers(min_value=0, max_value=8),
    st.booleans(),
)
def test_json_numbers_exact_as_fractions(digits: int, exponent: int, decimals: int, signed: bool) -> None:
    """A number written in any notation (`4.80`, `-0.5`, `1.2E+3`, `1E-7`, trailing zeros) is read exactly:
    its value as a fraction times the unit, FinerThanUnit where that is no whole number; and its decimal
    places are those it was written with (rooms/globalpoker/document.py `places`)."""
    from fractions import Fraction

    from omaha_audit.rooms.globalpoker.numbers import places

    number = Decimal(f"{digits}E{exponent}")
    exact = Fraction(number) * 10**decimals
    if exact.denominator != 1:
        with pytest.raises(FinerThanUnit):
            units_of_number(number, decimals, signed=signed)
    elif exact < 0 and not signed:
        with pytest.raises(AmountError):
            units_of_number(number, decimals, signed=signed)
    else:
        assert units_of_number(number, decimals, signed=signed) == exact
    assert places(number) == max(0, -exponent)


def test_json_numbers_refuse_what_is_no_amount() -> None:
    assert units_of_number(Decimal("-0.50"), 2, signed=True) == -50
    with pytest.raises(AmountError):
        units_of_number(Decimal("-0.50"), 2)
    for bad in (Decimal("sNaN"), Decimal("NaN"), Decimal("Infinity"), True, 1.5, [1]):
        with pytest.raises(AmountError):
            units_of_number(bad, 2)


@given(
    st.from_regex(r"-?(0|[1-9][0-9]{0,12})(\.[0-9]{1,4})?([eE][-+]?[0-9]{1,2})?", fullmatch=True)
    | st.text(alphabet="-+.0123456789eE_ \u0663\u00b2", max_size=8)
)
def test_cents_of_json_number_is_the_number_read(text: str) -> None:
    """A JSON number's text with one or two places and no exponent gives the hundredths `units_of_number` reads
    from its `Decimal`; any other text (more places, none, an exponent, no number at all) gives None."""
    got = cents_of_json_number(text)
    shape = re.fullmatch(r"-?[0-9]+\.[0-9]{1,2}", text)
    if shape is None:
        assert got is None
    else:
        assert got == units_of_number(Decimal(text), 2, signed=True)


def test_cents_of_json_number_examples() -> None:
    assert [cents_of_json_number(text) for text in ("4.80", "-0.5", "0.01", "-12.34", "1200.0")] == [
        480,
        -50,
        1,
        -1234,
        120000,
    ]
    refused = ("12", "1.234", "2E-3", "1.5e1", ".5", "-.5", "5.", "-", "1.\u0663", "+1.5", "1_0.5", "--5.00", "-+5.0")
    for text in refused:
        assert cents_of_json_number(text) is None, text


def test_currency_of() -> None:
    assert currency_of("$5") == "USD"
    assert currency_of("5 €") == "EUR"
    assert currency_of("SC 5") == "SC"
    assert currency_of("5") is None


def test_cards_in_every_spelling() -> None:
    assert [str(card) for card in read_cards("Ah td 10s KH")] == ["Ah", "Td", "Ts", "Kh"]
    assert [str(card) for card in read_cards("HA, S10, ck", suit_first=True)] == ["Ah", "Ts", "Kc"]
    assert str(card_of_index(0, "A23456789TJQK", "dchs")) == "Ad"
    assert str(card_of_index(51, "A23456789TJQK", "dchs")) == "Ks"
    for bad in ("1h", "Ax", "", "AhKd"):
        with pytest.raises(CardError):
            read_card(bad)
    with pytest.raises(CardError):
        card_of_index(52, "A23456789TJQK", "dchs")


def test_the_languages_card_words() -> None:
    assert [str(GERMAN.card(token)) for token in ("3Karo", "KKreuz", "QHerz", "JPik", "10Karo", "BHerz")] == [
        "3d",
        "Kc",
        "Qh",
        "Js",
        "Td",
        "Jh",
    ]
    assert language_of(["3Karo", "KKreuz", "Ah"], None) == (GERMAN, "")
    assert language_of(["Ah", "Kd"], None) == (ENGLISH, "")
    assert language_of(["Ah", "Kd"], GERMAN)[0] is ENGLISH  # English reads it, German does not: English
    language, why = language_of(["Hc", "Knd"], None)  # a Dutch king and a Swedish jack
    assert language is None and "Dutch and Swedish" in why
    for language in LANGUAGES:
        assert language.card("Zz") is None


def test_the_files_language_is_kept_where_it_reads_every_card() -> None:
    """888's Spanish ten `Dc` is spelt as a Swedish queen: in a Spanish file, a hand with no Spanish suit is
    still Spanish where Spanish reads all its cards; a hand Spanish cannot read is told by its own words."""
    from omaha_audit.rooms.kit.cards import SPANISH, SWEDISH

    assert language_of(["Ac", "4c", "Dc", "4d"], SPANISH) == (SPANISH, "")
    assert language_of(["Ac", "4c", "Dc", "4d"], None) == (SWEDISH, "")
    assert language_of(["Knh", "Dc"], SPANISH) == (SWEDISH, "")


def _outcome(read: Any, *args: Any) -> tuple[str, object]:
    try:
        return "value", read(*args)
    except AmountError as error:
        return type(error).__name__, str(error)


@given(
    st.text(alphabet="0123456789,.$€£₹ '", max_size=12),
    st.sampled_from([0, 2]),
    st.sampled_from([".", None]),
)
@example("0,500", 2, None)
@example("1,50", 2, ".")
@example("1,270.50", 2, ".")
@example("12,345.6", 0, None)
@example("0.255", 2, ".")
@example("1.500", 2, None)
@example("007.5", 2, ".")
def test_common_shapes_read_as_the_general_reading_reads_them(text: str, decimals: int, decimal: str | None) -> None:
    """read_amount reads "$12.34", "1,270.50" and the like without the general pattern (_COMMON): the same
    number, or the same refusal, as the general reading (_read) gives every text."""
    from omaha_audit.rooms.kit.amounts import _read

    for sample in (text, "$" + text, "€1" + text):
        expected = _outcome(_read, sample, decimals, decimal, False, False)
        assert _outcome(lambda *args: read_amount(*args, decimal=decimal), sample, decimals) == expected, sample
