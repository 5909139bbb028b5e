"""Money: integer counts of the room's smallest unit (cents, paise, or chips), and their text forms."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from omaha_audit.model.frozen import fast_init
from omaha_audit.model.numbers import MOST_DIGITS

CURRENCY_SYMBOLS: Final = {"$": "USD", "€": "EUR", "£": "GBP", "₹": "INR", "¥": "CNY"}
SYMBOL_FOR: Final = {code: symbol for symbol, code in CURRENCY_SYMBOLS.items()}


@dataclass(frozen=True, slots=True, init=False)
class Unit:
    """What one integer money unit is: `decimals` places of `currency` ("USD" with 2 = 0.01 USD).

    Tournament chips and play money have `decimals` 0 and currency "chips" or "play".
    """

    currency: str
    decimals: int

    def __init__(self, currency: str, decimals: int) -> None:
        self.currency, self.decimals = currency, decimals  # type: ignore[misc]

    def describe(self) -> str:
        if self.decimals == 0:
            return f"1 {self.currency}"
        return f"0.{'0' * (self.decimals - 1)}1 {self.currency}"

    def format(self, amount: int) -> str:
        """Write `amount` the way PokerStars does: "$0.85", "$2", "$1,492.66" without separators, "1500"."""
        sign = "-" if amount < 0 else ""
        amount = abs(amount)
        symbol = SYMBOL_FOR.get(self.currency, "")
        if self.decimals == 0:
            return f"{sign}{symbol}{amount}"
        scale = 10**self.decimals
        whole, frac = divmod(amount, scale)
        if frac == 0:
            return f"{sign}{symbol}{whole}"
        return f"{sign}{symbol}{whole}.{frac:0{self.decimals}d}"


fast_init(Unit)

CHIPS: Final = Unit("chips", 0)


def parse_amount(text: str, decimals: int) -> int:
    """Parse "1,492.66", "0.85", "2", "1 492,66"-free forms into integer units with `decimals` places.

    Raises ValueError when the text has more decimal places than the unit can hold or is not a number.
    """
    digits = text.replace(",", "")
    whole, dot, frac = digits.partition(".")
    if not whole and not frac:
        raise ValueError(f"not an amount: {text!r}")
    if not (whole.isdigit() or whole == "") or (dot and not frac.isdigit()):
        raise ValueError(f"not an amount: {text!r}")
    if len(frac) > decimals:
        if frac[decimals:].strip("0"):
            raise ValueError(f"amount {text!r} is finer than the unit (10^-{decimals})")
        frac = frac[:decimals]
    whole = whole.lstrip("0")
    if len(whole) > MOST_DIGITS:
        raise ValueError(f"amount {text[:20]!r}...: {len(whole):,} digits, too large to be an amount")
    scale: int = 10**decimals
    return int(whole or "0") * scale + int(frac.ljust(decimals, "0") or "0")
