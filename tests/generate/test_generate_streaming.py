"""Hands stream to disk one at a time: memory does not grow with the number of hands."""

from __future__ import annotations

import gc
import io
import subprocess
import sys
import tracemalloc

import pytest

from omaha_audit.engine.evaluate import prepare_tables
from omaha_audit.generate import GenerateConfig, generate


class _Sink(io.TextIOBase):
    def write(self, text: str) -> int:
        return len(text)


def _peak(hands: int, seed: int) -> int:
    gc.collect()
    tracemalloc.start()
    try:
        generate(GenerateConfig(hands=hands, seed=seed, fault_rate=0.2), _Sink(), _Sink())
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.slow
def test_memory_is_flat_in_the_number_of_hands() -> None:
    prepare_tables()  # the evaluator's lazily built tables are bounded; build them first
    generate(GenerateConfig(hands=300, seed=1, fault_rate=0.2), _Sink(), _Sink())
    small = _peak(300, 2)
    large = _peak(1500, 3)
    assert small < 4_000_000
    assert large < small + 500_000, (small, large)


_RSS = """
import resource, sys
from omaha_audit.generate import GenerateConfig, generate
with open(sys.argv[2], "w", encoding="utf-8") as text, open(sys.argv[3], "w") as labels:
    generate(GenerateConfig(hands=int(sys.argv[1]), seed=9, fault_rate=0.2), text, labels)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def _max_rss_kb(hands: int, tmp_path) -> int:
    out = subprocess.run(
        [sys.executable, "-c", _RSS, str(hands), str(tmp_path / f"{hands}.txt"), str(tmp_path / f"{hands}.jsonl")],
        check=True,
        capture_output=True,
        text=True,
    )
    return int(out.stdout.strip())


@pytest.mark.slow
def test_process_memory_is_flat_from_five_to_twenty_thousand_hands(tmp_path) -> None:
    small = _max_rss_kb(5_000, tmp_path)
    large = _max_rss_kb(20_000, tmp_path)
    assert large < small + 5_000, (small, large)  # kilobytes
