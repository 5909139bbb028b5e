"""The audit reads a file's hands a few at a time before it audits them (omaha_audit/run/pipeline.py:
read_ahead, READ_AHEAD): the same items in the same order, never more than that many read ahead, an error of
the reader after the items it gave before it, and the same audit of every sample file as when each hand is
audited as soon as it is read."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from omaha_audit.run.parallel import _values
from omaha_audit.run.pipeline import READ_AHEAD, Auditor, read_ahead

SAMPLES = Path(__file__).resolve().parents[1] / "sample_histories"


@pytest.mark.parametrize("size", [1, 2, 3, 8])
@pytest.mark.parametrize("length", [0, 1, 2, 7, 8, 9, 16, 17])
def test_same_items_in_order(size: int, length: int) -> None:
    assert list(read_ahead(range(length), size)) == list(range(length))


@pytest.mark.parametrize("size", [1, 3, 8])
def test_reads_at_most_size_ahead(size: int) -> None:
    taken: list[int] = []

    def source() -> Iterator[int]:
        for number in range(30):
            taken.append(number)
            yield number

    for handed in read_ahead(source(), size):
        # the items read but not yet handed on: at most the rest of the current batch
        assert len(taken) - 1 - handed < size
        assert len(taken) <= (handed // size + 1) * size


def test_an_error_comes_after_the_items_before_it() -> None:
    def source() -> Iterator[int]:
        yield 1
        yield 2
        yield 3
        raise ValueError("bad read")

    handed: list[int] = []
    with pytest.raises(ValueError, match="bad read"):
        for item in read_ahead(source(), 8):
            handed.append(item)
    assert handed == [1, 2, 3]


def test_the_audit_of_every_sample_file_is_the_same_read_ahead_or_not() -> None:
    files = sorted(path for path in SAMPLES.rglob("*") if path.is_file())
    assert files and READ_AHEAD > 1
    ahead, each = Auditor(), Auditor()
    hands = 0
    for path in files:
        with_ahead = [
            (type(audited.item).__name__, audited.first_line, [_values(f) for f in audited.findings], key)
            for audited, _, _, key in ahead.audit_source(path)
        ]
        one_by_one = [
            (type(audited.item).__name__, audited.first_line, [_values(f) for f in audited.findings], key)
            for audited, _, _, key in each.audit_blocks(each.source.read_blocks(path))
        ]
        assert with_ahead == one_by_one, path
        hands += len(with_ahead)
    assert hands >= 480
    assert ahead.tally.as_dict() == each.tally.as_dict()
