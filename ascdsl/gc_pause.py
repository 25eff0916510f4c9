"""Pausing CPython's cyclic garbage collector around work that builds or rewrites IR."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic collector while parsing or running a pass.

    Both allocate many small objects, and each full collection walks every object of the
    process, the whole IR included: on a large module the collections make linear work
    superlinear (insert-que-sync: +40% per op from 10k to 100k ops with the collector on, flat
    with it paused; parsing: see benchmarks/parse_gc.py). Reference counting still frees
    everything outside cycles; the few cycles left (erased ops) are collected once the
    collector is back on. Nesting is safe: the collector is only turned back on if it was on.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
