"""Errors that end a run, shared by the command line and the library (kept tiny: `--help` imports it)."""

from __future__ import annotations


class RunFailed(Exception):
    """The run could not be completed (a worker died, the cluster went away): nothing was written."""


class OutputRefused(Exception):
    """An output path names something the tool does not replace (a folder, a device, a link into /proc, a
    read-only file...): exit 2, as a usage error (omaha_audit/output/files.py)."""


class WriteFailed(Exception):
    """Standard output or an output file could not be written (a full disk, an I/O error): exit 3."""


class ReaderGone(Exception):
    """The reader of standard output went away (`| head`): the command ends quietly, as Unix tools do."""
