"""The numbers of Global Poker's JSON as the decoder reads them. Not compiled (hatch_build.py): its class
derives from `dict`, which a compiled class cannot."""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from omaha_audit.rooms.kit.amounts import cents_of_json_number

_MOST_KEPT: Final = 20_000  # (number texts kept at most: a record repeats its figures about three times over)


class NumberTexts(dict[str, Decimal]):
    """The decoder's `parse_float` (`NUMBERS.__getitem__`): the text of a JSON number with a decimal point or an
    exponent, as an exact `Decimal` (`4.80` stays 4.80, never a float). A number of at most 2 decimal places is
    kept for the next time its text comes (records repeat their figures, and a room's records their stakes):
    most numbers then cost one look-up in C. One of more places, or with an exponent, or with no decimal point
    (JSON's `1E2`), is made anew each time and counted (`finer`), so that a reader that sees the count
    unchanged over a record knows its unit has 2 places without a walk of its numbers (document.py).

    `cents` gives the hundredths of each number kept, by the number's id, read from its text by the kit as it is
    kept (`4.80`: 480): a reader at 2 places then neither hashes a fresh `Decimal` nor reads it again, which cost
    about 1.8 µs a number met for the first time (the reader's `money`). An id stands for its number only
    while the number is alive, and this dict keeps alive every number `cents` holds: the two are emptied
    together, and nothing else takes a number out of this dict."""

    def __init__(self) -> None:
        super().__init__()
        self.finer = 0
        self.cents: dict[int, int] = {}

    def __missing__(self, text: str) -> Decimal:
        number = Decimal(text)
        point = text.find(".")  # (from the text: `places` costs more; an exponent is counted whatever it says)
        if point < 0 or len(text) - point > 3 or "e" in text or "E" in text:
            self.finer += 1
        else:
            if len(self) >= _MOST_KEPT:  # (a long run's figures move on: those of the records now read are kept)
                self.clear()
            self[text] = number
            cents = cents_of_json_number(text)
            if cents is not None:
                self.cents[id(number)] = cents
        return number

    def clear(self) -> None:
        """Empty the numbers kept and their cents together, the cents first: at every moment each id in `cents`
        is that of a number this dict holds (a number is kept before its cents are written), so it never
        stands for another object."""
        self.cents.clear()
        super().clear()


def places(number: Decimal) -> int:
    """The decimal places a number was written with (`4.80`: 2; none for a whole number, NaN or infinity)."""
    written = str(number)  # (plain notation shows them as they are, and costs a fifth of `as_tuple`)
    if "E" not in written:
        point = written.find(".")
        return len(written) - point - 1 if point >= 0 else 0
    exponent = number.as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


NUMBERS: Final = NumberTexts()
