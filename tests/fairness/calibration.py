"""Generated runs for the fairness audit's calibration: a fair deal (the generator's own) or an unfair one
(omaha_audit/generate/bias.py), written to a file, read back by the pipeline and analysed. Shared by the
tests (CI-sized) and benchmarks/fairness_calibration.py (full size)."""

from __future__ import annotations

import io
import tempfile
from collections.abc import Sequence
from contextlib import nullcontext
from pathlib import Path

from omaha_audit.fairness.analysis import FairnessReport, analyse
from omaha_audit.fairness.read import observe_files
from omaha_audit.generate import GenerateConfig, generate
from omaha_audit.generate.bias import DealBias, unfair_deal
from omaha_audit.model import Game, Structure
from omaha_audit.parse.files import expand_paths


def generated_report(
    hands: int,
    seed: int,
    bias: DealBias | None = None,
    games: Sequence[Game] = (Game.OMAHA,),
    players: tuple[int, int] = (2, 6),
    sessions: bool = False,
    level: float = 0.01,
    structures: Sequence[Structure] = (Structure.POT_LIMIT, Structure.NO_LIMIT, Structure.FIXED_LIMIT),
) -> FairnessReport:
    config = GenerateConfig(
        hands=hands,
        seed=seed,
        games=tuple(games),
        structures=tuple(structures),
        min_players=players[0],
        max_players=players[1],
        sessions=sessions,
        tables=2,
    )
    text, labels = io.StringIO(), io.StringIO()
    with unfair_deal(bias) if bias is not None else nullcontext():
        generate(config, text, labels)
    with tempfile.TemporaryDirectory(prefix="omaha-audit-fairness-") as folder:
        path = Path(folder) / "hands.txt"
        path.write_text(text.getvalue(), encoding="utf-8")
        observed = observe_files(expand_paths([path]), None)
    return analyse(observed, level)
