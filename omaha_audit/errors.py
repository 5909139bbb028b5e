"""Errors that end a run, shared by the command line and the library (kept tiny: `--help` imports it)."""

from __future__ import annotations


class RunFailed(Exception):
    """The run could not be completed (a worker died, the cluster went away): nothing was written."""
