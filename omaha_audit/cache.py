"""The user's cache folder for what a run would otherwise build on every start (the grammars' LALR
analysis, the Omaha evaluator's rank-pair rows, the table `omaha-audit rules` prints):
`$XDG_CACHE_HOME/omaha-audit`, else `~/.cache/omaha-audit`. (A module of its own, outside the model
package, so that a command can find the folder without loading the model.)"""

from __future__ import annotations

import os
from pathlib import Path


def cache_folder() -> Path | None:
    """The cache folder (not created here); None when no home folder can be found: then nothing is cached."""
    try:
        return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "omaha-audit"
    except (OSError, RuntimeError, KeyError):
        return None
