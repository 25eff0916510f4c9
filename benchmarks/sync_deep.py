"""A deep run of the sync generator, with a running count.

    python benchmarks/sync_deep.py [--kernels 5000] [--log FILE]

The property of tests/unit/transforms/test_sync_generator.py (`check`): after the default
pipeline every drawn kernel is race-free, deadlock-free and numerically right under the
sanitizer, with auto_sync on (no race of any layer) and off (no race but bisheng's). Kernels
are drawn fresh each run (not derandomized, as `ASCDSL_SYNC_DEEP=1` does for the test); each
is checked both ways. Every 25 kernels the count goes to the log, so a run stopped early
still says how far it got; a failure is shrunk by hypothesis and logged with its kernel.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "unit" / "transforms"))

import test_sync_generator as generator  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from sync_kernels import kernels  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kernels", type=int, default=5000)
    ap.add_argument("--log", default="-", help="where the running count goes (default stdout)")
    opts = ap.parse_args()
    warnings.simplefilter("ignore")
    count = {"kernels": 0}
    start = time.time()

    def log(line: str) -> None:
        if opts.log == "-":
            print(line, flush=True)
        else:
            with open(opts.log, "a") as f:
                f.write(line + "\n")

    @settings(max_examples=opts.kernels, deadline=None, derandomize=False, database=None,
              suppress_health_check=list(HealthCheck), print_blob=True)
    @given(kernels())
    def deep(kernel):
        generator.check(kernel, auto_sync=True, layers=generator.ALL_LAYERS)
        generator.check(kernel, auto_sync=False, layers=("FRAMEWORK", "USER"))
        count["kernels"] += 1
        if count["kernels"] % 25 == 0:
            log(f"{time.time() - start:.0f} s: {count['kernels']} kernels, each with "
                "auto_sync on and off, nothing found")

    try:
        deep()
    except Exception:  # noqa: BLE001 - the shrunk failure is the result
        log(f"FAILED after {count['kernels']} kernels\n{traceback.format_exc()}")
        raise SystemExit(1) from None
    log(f"done: {count['kernels']} kernels in {time.time() - start:.0f} s, nothing found")


if __name__ == "__main__":
    main()
