from __future__ import annotations

import sys
from pathlib import Path

# Make `tests.corpus_paths` and friends importable as plain modules.
sys.path.insert(0, str(Path(__file__).resolve().parent))
