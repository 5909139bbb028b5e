"""Polars allocates through its own copy of jemalloc, which keeps the pages a query frees for a while
(polars sets `dirty_decay_ms:500,muzzy_decay_ms:1000` when it loads) before giving them back to the
system. The HTML report runs a dozen queries one after the other, each well under a second, so each
query's pages stayed and the process's peak grew towards their sum; told to give freed pages back at
once, the peak is nearer the largest query's (measured on the report's queries over 200,000 spilled
hands: 216 MiB of resident memory at the end without it, 160 MiB with it).

jemalloc reads its settings from the environment when it starts, that is when polars is first imported
(polars puts its defaults in front of what it finds; a later setting wins): `return_freed_memory()` must
run before that, and leaves alone a setting the user made themselves."""

from __future__ import annotations

import os
import sys

JEMALLOC_SETTINGS = "_RJEM_MALLOC_CONF"  # (the prefixed name of polars' jemalloc, not the system's MALLOC_CONF)
RETURN_AT_ONCE = "dirty_decay_ms:0,muzzy_decay_ms:0"


def return_freed_memory() -> bool:
    """Ask polars' allocator to return freed memory at once; False when it is too late (polars is
    loaded already) or the user chose a setting of their own."""
    if "polars" in sys.modules or JEMALLOC_SETTINGS in os.environ:
        return False
    os.environ[JEMALLOC_SETTINGS] = RETURN_AT_ONCE
    return True
