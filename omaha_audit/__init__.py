"""omaha-audit: replay poker hand histories and report every dealer error."""

from __future__ import annotations

__version__ = "0.1.0"
