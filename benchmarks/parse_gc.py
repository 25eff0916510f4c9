"""Parsing with Python's cyclic garbage collector paused (what `parse_module` does) against
parsing with it running, same module, same run.

    python benchmarks/parse_gc.py [--sizes 1000,10000,100000] [--repeat 3]

A parse allocates a few hundred objects per op, none of them in reference cycles. With the
collector on, its generation-2 passes walk every live object of the process (the growing
module included), so the time per op grows with the module. `ascdsl.diagnostics.parse_module`
pauses the collector while it parses (as the passes do, `transforms.analysis.gc_paused`).

Prints, per size, the median CPU µs per op both ways (`time.process_time`, which the load of
a shared machine distorts less than wall time) and their ratio (paused / on; target < 1.0 at
every size), and the growth of µs per op from the second-largest to the largest size (target
with the collector paused: < 1.3x). The module is opt_roundtrip.py's vadd-like kernel.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from opt_roundtrip import ascendc_module  # noqa: E402

from ascdsl.context import make_context  # noqa: E402
from ascdsl.diagnostics import LocatingParser, parse_module  # noqa: E402


def _parse_once(text: str, collector: bool) -> float:
    """Seconds to parse `text`: with the collector running (the LocatingParser alone, as
    before), or through `parse_module`, which pauses it."""
    ctx = make_context()
    gc.collect()
    t0 = time.process_time()
    if collector:
        LocatingParser(ctx, text, "bench.mlir").parse_module()
    else:
        parse_module(ctx, text, "bench.mlir")
    return time.process_time() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    gc.enable()
    per_op: dict[int, tuple[float, float]] = {}
    print(f"{'ops':>8} {'GC on us/op':>12} {'GC paused us/op':>16} {'paused/on':>10}")
    for size in sizes:
        text, ops = ascendc_module(size)
        on, paused = [], []
        for _ in range(args.repeat):  # alternate, so load hits both alike
            on.append(_parse_once(text, True))
            paused.append(_parse_once(text, False))
        a = statistics.median(on) / ops * 1e6
        b = statistics.median(paused) / ops * 1e6
        per_op[size] = (a, b)
        print(f"{ops:>8} {a:>12.1f} {b:>16.1f} {b / a:>10.2f}")
    if len(sizes) >= 2:
        lo, hi = sizes[-2], sizes[-1]
        print(f"growth {lo}->{hi} per op: GC on {per_op[hi][0] / per_op[lo][0]:.2f}x, "
              f"GC paused {per_op[hi][1] / per_op[lo][1]:.2f}x (target < 1.3x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
