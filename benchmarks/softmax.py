"""Row softmax three ways, simulated side by side (examples/06_softmax and 08_tile_softmax).

    python benchmarks/softmax.py [--cores 8] [--shapes 256x1024,256x256,2048x64]

For each [rows, cols] float32 shape, on `--cores` cores:

1. `softmax_basic` (examples/06_softmax): per row ReduceMax, a scalar read of the max, Adds,
   Exp, ReduceSum, a scalar read of the sum, Muls, with V<->S flags around the reads;
2. `softmax_adv` (examples/06_softmax): one `asc.adv.softmax` per tile of rows;
3. the tile kernel of examples/08_tile_softmax (asc2: one row per iteration, the compiler's
   buffers and sync).

Every result is checked against numpy's softmax before its cycles are printed. Tiles hold
up to 32 KB of rows (`8192 // cols` rows). Simulated cycles are deterministic: one run each.
Printed: the kernel time in cycles, the vector and scalar pipes' busy cycles per core, and
the ratios to the basic-op kernel.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tile import load  # noqa: E402  (an example module by its path)


def reference(x: np.ndarray) -> np.ndarray:
    e = np.exp(x.astype(np.float64) - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cores", type=int, default=8)
    ap.add_argument("--shapes", default="256x1024,256x256,2048x64")
    args = ap.parse_args(argv)
    example = load("06_softmax/softmax.py")
    tile = load("08_tile_softmax/tile_softmax.py")
    print(f"{'shape':>10} {'kernel':<16}{'cycles':>10}{'vs basic':>10}{'vector':>10}"
          f"{'scalar':>9}")
    for shape in args.shapes.split(","):
        rows, cols = (int(v) for v in shape.split("x"))
        per_core = rows // args.cores
        tile_rows = max(1, min(per_core, 8192 // cols))
        x = (np.random.default_rng(0).random((rows, cols), dtype=np.float32) * 10 - 5)
        expected = reference(x)
        runs = {}
        for name, kernel in (("basic ops", example.softmax_basic),
                             ("asc.adv.softmax", example.softmax_adv)):
            z = np.empty_like(x)
            runs[name] = (kernel[args.cores](x, z, per_core, cols, tile_rows), z)
        z = np.empty_like(x)
        runs["asc2 tile"] = (tile.softmax_kernel[args.cores](x, z, rows, cols, cols), z)
        base = runs["basic ops"][0].cycles
        for name, (report, z) in runs.items():
            if not np.allclose(z, expected, rtol=1e-5, atol=1e-7):
                print(f"[ERROR] {name} on {shape}: the result differs from softmax",
                      file=sys.stderr)
                return 1
            cores = len(report.cores)
            print(f"{shape:>10} {name:<16}{report.cycles:>10,.0f}{report.cycles / base:>10.2f}"
                  f"{report.busy['PIPE_V'] / cores:>10,.0f}{report.busy['PIPE_S'] / cores:>9,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
