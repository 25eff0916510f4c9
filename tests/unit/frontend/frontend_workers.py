"""Entry points of processes the frontend tests spawn (kept free of heavy imports)."""

from __future__ import annotations

import os
import sys


def concurrent_compile(cache: str, root: str, barrier, results) -> None:
    """Compile `kmod.kernel` from `root` into `cache` once every process is ready."""
    os.environ["ASCDSL_CACHE_DIR"] = cache
    sys.path.insert(0, root)
    import kmod

    barrier.wait(timeout=120)  # every process compiles and writes the entry at the same time
    ck = kmod.kernel.compile(1)
    results.put((ck.key, ck.ir, ck.from_disk))
