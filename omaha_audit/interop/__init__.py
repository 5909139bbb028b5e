"""Bridges to other poker libraries, for independent checks of our engine. Each bridge imports its
library lazily, so the package imports without them (they are test-only dependencies)."""
