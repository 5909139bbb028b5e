"""Global Poker's JSON read two ways (rooms/globalpoker/document.py): the quick way (the C decoder alone, the
objects listed by a walk, the braces found by their bytes) and the hooked way (each object listed by the
decoder's hook, the braces found with the strings emptied). Both give the same values, the same lines for
every object and the same decimal places for every record: on every corpus file, and on generated texts of
every layout (pretty-printed, one record a line, an array, several records), with braces and escaped quotes
inside strings, keys given twice, TIME_BANK amounts and broken JSON, where the quick way must step aside."""

from __future__ import annotations

import json
import random
from decimal import Decimal
from typing import Any

import pytest
from corpus_paths import require_corpus

from omaha_audit.rooms.globalpoker.document import Broken, hooked_values, values


def _objects(value: Any) -> list[dict[str, Any]]:
    """Every object of a value, in document order of their opening braces."""
    out: list[dict[str, Any]] = []
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            out.append(item)
            pending.extend(reversed(list(item.values())))
        elif isinstance(item, list):
            pending.extend(reversed(item))
    return out


def _seen(out: list[Any]) -> list[Any]:
    """What a reading gives: each value with its lines, the lines of each object in it, its decimal places
    (each item: the value, its first and last line, and the Values that knows its objects' lines)."""
    seen: list[Any] = []
    for item in out:
        if isinstance(item, Broken):
            seen.append(("broken", item.line, item.reason))
            continue
        value, first, last, found = item
        lines = [found.lines(obj) for obj in _objects(value)]
        seen.append((json.dumps(value, default=str), first, last, lines, found.unit_places(value)))
    return seen


def _hooked(text: str, offset: int) -> list[Any]:
    """The whole text read the hooked way, at once: one Values for all its objects."""
    found, out = hooked_values(text, offset)
    return [item if isinstance(item, Broken) else (*item, found) for item in out]


def _both(text: str, offset: int = 0) -> tuple[list[Any], list[Any]]:
    """The quick way (from the bytes: msgspec's decoder where they are ASCII, else the standard one) and the
    hooked way; the quick way from the text alone gives the same too."""
    quick = _seen(list(values(text, offset, text.encode("utf-8", "surrogatepass"))))
    assert _seen(list(values(text, offset))) == quick
    return quick, _seen(_hooked(text, offset))


def test_every_corpus_file_reads_the_same_both_ways() -> None:
    files = sorted(path for path in (require_corpus() / "GlobalPoker").rglob("*") if path.is_file())
    assert files
    for path in files:
        text = path.read_bytes().decode("utf-8")
        quick, hooked = _both(text)
        assert quick == hooked, path
        assert quick and not any(item[0] == "broken" for item in quick)


def _record(rng: random.Random, n: int) -> dict[str, Any]:
    amount = Decimal(rng.choice(["0.10", "4.80", "12", "1.234", "0.5", "2E-3"]))
    plain = ["x", "\\", "line", 'a "quoted" word', "é"]
    braced = ["a{b", "}", "{}", 'q"}{\\', '{"k": 1}']
    strings = braced if rng.random() < 0.15 else plain  # (a brace in a string: the hooked way reads)
    return {
        "id": f"r{n}",
        "note": rng.choice(strings),
        "settings": {"smallBlind": amount, "bigBlind": Decimal("0.20"), "name": rng.choice(strings)},
        "events": [
            {"type": "PlayerAction", "action": "CALL", "amount": {"amount": Decimal("1.25")}, "cards": []},
            {"type": "PlayerAction", "action": "TIME_BANK", "amount": {"amount": Decimal("30.125")}},
            {"type": "PlayerCardsDealt", "cards": [{"id": 1}, {"id": 2, "rank": "ACE", "suit": "SPADES"}]},
        ][: rng.randint(0, 3)],
        "results": {"totalRake": Decimal("0.05"), "transfers": [], "nested": [[{"deep": {}}]]},
    }


def _text(rng: random.Random) -> str:
    records = [_record(rng, n) for n in range(rng.randint(1, 4))]
    pretty = rng.random() < 0.5
    texts = [_as_json(record, pretty) for record in records]
    layout = rng.choice(["lines", "array", "together"])
    if layout == "array":
        text = "[" + ",\n".join(texts) + "]\n"
    elif layout == "lines":
        text = "\n".join(texts) + "\n"
    else:
        text = "".join(texts)
    change = rng.random()
    if change < 0.15:  # a key given twice: the first object is dropped by the decoder
        text = text.replace('"results": {', '"results": {"totalRake": {"x": {}}, ', 1)
    elif change < 0.3:  # broken JSON
        cut = rng.randrange(1, len(text))
        text = text[:cut]
    elif change < 0.4:
        text = "\ufeff" + text
    return text


def _as_json(value: Any, pretty: bool, depth: int = 0) -> str:
    """JSON with the Decimals written as the room writes its numbers (4.80 stays 4.80), pretty-printed with
    tabs as the room's downloads are, or on one line."""
    inside = "\n" + "\t" * (depth + 1) if pretty else ""
    end = "\n" + "\t" * depth if pretty else ""
    if isinstance(value, dict):
        items = [f"{json.dumps(key)}: {_as_json(item, pretty, depth + 1)}" for key, item in value.items()]
        return "{" + inside + ("," + (inside or " ")).join(items) + end + "}" if items else "{}"
    if isinstance(value, list):
        items = [_as_json(item, pretty, depth + 1) for item in value]
        return "[" + inside + ("," + (inside or " ")).join(items) + end + "]" if items else "[]"
    return str(value) if isinstance(value, Decimal) else json.dumps(value)


@pytest.mark.parametrize("seed", range(400))
def test_generated_texts_read_the_same_both_ways(seed: int) -> None:
    rng = random.Random(seed)
    text = _text(rng)
    offset = rng.choice([0, 7])
    quick, hooked = _both(text, offset)
    assert quick == hooked, text


def test_a_brace_inside_a_string_or_a_key_given_twice_leaves_the_quick_way() -> None:
    """(The pairing of the quick way would be wrong on these: the counts tell, and the hooked way reads.)"""
    for text in ('{"a": "{",\n "b": {\n "c": 1}\n}\n', '{"a": {"x": {}},\n "a": {\n "c": 1}\n}\n'):
        ((value, first, last, found),) = values(text)  # type: ignore[misc]
        assert (first, last) == (1, 4)
        assert found.lines(value["a" if isinstance(value["a"], dict) else "b"]) == (2, 3)


def test_many_records_are_read_in_the_memory_of_one() -> None:
    """A file of many records one after another (JSON Lines, or an array) is decoded a record at a time as the
    reader asks: the memory while reading 200 records is about that of reading 10 (it once held them all)."""
    import tracemalloc

    rng = random.Random(5)
    record = _as_json({**_record(rng, 0), "events": [_record(rng, n)["events"] for n in range(60)]}, True)

    def peak(count: int, array: bool) -> int:
        text = ("[" + ",\n".join([record] * count) + "]") if array else "\n".join([record] * count)
        data = text.encode("ascii")  # (the file's bytes, which the reader holds: msgspec's decoder reads them)
        tracemalloc.start()
        base = tracemalloc.get_traced_memory()[0]
        read = sum(1 for item in values(text, 0, data) if not isinstance(item, Broken))
        most = tracemalloc.get_traced_memory()[1] - base
        tracemalloc.stop()
        assert read == count
        return most

    for array in (False, True):
        assert peak(200, array) < 2 * peak(10, array), array


def test_a_value_nested_near_the_decoders_limit_reads_the_same_both_ways() -> None:
    """The objects of a value are listed by recursion; one nested as deep as the decoder allows reads the same
    both ways, and where the recursion meets the interpreter's limit (here lowered after decoding: the pure
    build's frames count, the compiled build's do not) the loop lists them instead, with the same result."""
    import sys

    from omaha_audit.rooms.globalpoker import document

    depth = sys.getrecursionlimit() - 60
    for amount, unit_places in (("1.250", 3), ("1.25", 2)):  # (a finer number: its places walked; else not)
        text = '{"a": ' * depth + f'{{"amount": {amount}}}' + "}" * depth + "\n"
        quick, hooked = _both(text)
        assert quick == hooked and quick[0][4] == unit_places
        value = json.loads(text, parse_float=Decimal)
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(200)
        try:
            again, found = document._lined_value(text, value, 0, len(text) - 1, 1, 0, unit_places > 2)
        finally:
            sys.setrecursionlimit(limit)
        assert _seen([(again, 1, 1, found)])[0][3:] == quick[0][3:]


def test_number_texts_count_the_finer_numbers_and_keep_the_others(monkeypatch: pytest.MonkeyPatch) -> None:
    """The decoder's numbers (rooms/globalpoker/numbers.py): each text read exactly; one of more than 2 places,
    with an exponent or with no decimal point counted every time it comes, never kept; the others kept, and
    the kept ones let go together when there are as many as allowed (a long run reads on, at the same speed)."""
    from omaha_audit.rooms.globalpoker import numbers

    texts = numbers.NumberTexts()
    for text, finer in (("4.80", 0), ("0.5", 0), ("-12.25", 0), ("1.234", 1), ("1E2", 1), ("2.5e-3", 1), ("0.100", 1)):
        before = texts.finer
        for _ in range(2):
            value = texts[text]
            assert value == Decimal(text) and str(value) == str(Decimal(text))
        assert texts.finer - before == 2 * finer
        assert (text in texts) is (not finer)
    monkeypatch.setattr(numbers, "_MOST_KEPT", 5)
    for cents in range(12):
        assert texts[f"7.{cents:02d}"] == Decimal(f"7.{cents:02d}")
        assert len(texts) <= 5
        # (the cents of the numbers kept, by their ids: exactly those kept, let go with them)
        assert texts.cents == {id(number): int(number * 100) for number in texts.values()}
    texts.clear()
    assert not texts and not texts.cents


def test_money_of_a_number_kept_is_its_cents_and_of_any_other_the_kits_reading() -> None:
    """The reader's `money`: a number the decoder kept is read by its cents (numbers.py), one it did not (a
    finer one, one of another decoder, an integer) by the kit, and both refuse a negative amount where none can
    be; at 3 places the cents are not used."""
    from omaha_audit.rooms.globalpoker.document import ShapeError, Values
    from omaha_audit.rooms.globalpoker.numbers import NUMBERS
    from omaha_audit.rooms.globalpoker.reader import HandReader

    reader = HandReader({}, "x", Values(""))
    kept, fresh = NUMBERS["13.70"], Decimal("13.70")
    assert NUMBERS.cents[id(kept)] == 1370 and id(fresh) not in NUMBERS.cents
    assert reader.money(kept, "a") == reader.money(fresh, "a") == 1370
    assert reader.money(7, "a") == 700
    for negative in (NUMBERS["-0.25"], Decimal("-0.25")):
        assert reader.money(negative, "a", signed=True) == -25
        with pytest.raises(ShapeError):
            reader.money(negative, "a")
    reader.decimals = 3
    assert reader.money(kept, "a") == 13700


class _Counted(json.JSONDecoder):
    """The standard decoder, counting the values it is asked for (where the quick decoder hands over)."""

    calls = 0

    def raw_decode(self, s: str, idx: int = 0) -> tuple[Any, int]:
        self.calls += 1
        return super().raw_decode(s, idx)


def _layouts(rng: random.Random) -> dict[str, str]:
    plain = [{key: value for key, value in _record(rng, n).items() if key != "note"} | {"note": "x"} for n in range(4)]
    pretty = [_as_json(record, True) for record in plain]
    lines = [_as_json(record, False) for record in plain]
    margin = [json.dumps(json.loads(text, parse_float=Decimal), indent=0, default=str) for text in lines]
    return {
        "one record": pretty[0] + "\n",
        "pretty, one after another": "\n".join(pretty) + "\n",
        "pretty, together": "".join(pretty),
        "pretty array (records indented)": "[\n\t"
        + ",\n\t".join(text.replace("\n", "\n\t") for text in pretty)
        + "\n]",
        "every line at the margin": "\n".join(margin),
        "a record a line": "\n".join(lines) + "\n",
        "one-line array": "[" + ", ".join(lines) + "]",
        "a record a line, in an array": "[\n" + ",\n".join(lines) + "\n]\n",
        # (the end of the short one is sought from half the shortest length before it: found too far on)
        "pretty, a short record between long ones": "\n".join([*pretty[:2], '{\n\t"id": "s"\n}', *pretty[2:]]),
    }


def test_the_quick_decoder_cuts_every_layout_as_the_standard_decoder_reads_it() -> None:
    """msgspec's decoder, given each object cut out where it may end (document.QuickDecoder), reads every layout
    of records the standard decoder reads, to the same values, offsets and lines, without handing one record
    over; and where the text breaks (cut short, NaN, a number between records, a brace or a line end inside a
    string), it hands over and the same values and the same error come out."""
    from omaha_audit.rooms.globalpoker import document

    rng = random.Random(23)
    for name, text in _layouts(rng).items():
        broken = {
            "": text,
            "cut short": text[: len(text) * 2 // 3],
            "NaN": text.replace("0.20", "NaN", 1),
            "a number between": text.replace("}\n{", "}\n7\n{", 1).replace("}, {", "}, 7, {", 1),
            "a brace in a string": text.replace('"note": "x"', '"note": "}\\n}"'),
        }
        for change, changed in broken.items():
            exact = json.JSONDecoder(parse_float=Decimal, parse_constant=document._no_constant)
            counted = _Counted(parse_float=Decimal, parse_constant=document._no_constant)
            quick = document.QuickDecoder(changed.encode("ascii"), counted)

            def seen(decoder: Any, changed: str = changed) -> list[Any]:
                out = []
                for item in document._tops(changed, decoder, 0):
                    if isinstance(item, Broken):
                        out.append((item.line, item.reason))
                    else:
                        out.append((json.dumps(item[0], default=str), *item[1:]))
                return out

            assert seen(quick) == seen(exact), (name, change)
            if not change or change == "a brace in a string":
                assert counted.calls == 0, (name, change)
