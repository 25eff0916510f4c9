"""GELU of a [30, 1024] matrix with tiles, exact (erf) and tanh-approximated (asc2's gelu).

`approximate` is a ConstExpr: each value compiles its own kernel. The exact form calls the
Ascend C math library's Erf; the approximation is written with exp, as asc2 writes it
(x - x / (exp(2 * sqrt(2 / pi) * (x + 0.044715 x^3)) + 1) is 0.5 x (1 + tanh(...))).
Python numbers in the kernel (pi, sqrt(2 / pi)) are folded while compiling.

Run it: `python examples/09_tile_gelu/tile_gelu.py` (exit status 0 when both match torch's
GELU, or a numpy formula without torch).
"""

import math
import sys

import numpy as np

import ascdsl as asc
from ascdsl import tile as asc2

USE_CORE_NUM = 16


@asc2.jit
def gelu_kernel(x_ptr: asc.GlobalAddress, out_ptr: asc.GlobalAddress, num_rows: asc.ConstExpr,
                num_columns: asc.ConstExpr, tile_size: asc.ConstExpr, approximate: asc.ConstExpr):
    x_gm = asc2.tensor(x_ptr, [num_rows, num_columns])
    out_gm = asc2.tensor(out_ptr, [num_rows, num_columns])
    for i in range(asc2.block_idx(), num_rows, asc2.block_num(), parallel=True):
        row = asc2.load(x_gm, [1, tile_size], offsets=[i, 0])
        if approximate:
            pi = 3.141592653589793238462643383279502884
            k1 = 2 * asc2.sqrt(2 / pi)
            k2 = 2 * asc2.sqrt(2 / pi) * 0.044715
            param = row * (row * row * k2 + k1)
            out = row - row / (asc2.exp(param) + 1)
        else:
            k = asc2.sqrt(0.5)
            out = row * (asc2.erf(row * k) + 1) * 0.5
        asc2.store(out, out_gm, offsets=[i, 0])


def gelu_launch(x, approximate: bool):
    out = x.new_empty(x.shape) if hasattr(x, "new_empty") else np.empty_like(x)
    rows, cols = x.shape
    report = gelu_kernel[USE_CORE_NUM](x, out, rows, cols, cols, approximate)
    return out, report


def gelu_reference(x, approximate: bool):
    try:
        import torch

        return torch.nn.functional.gelu(x, approximate="tanh" if approximate else "none")
    except ImportError:
        x64 = x.astype(np.float64)
        if approximate:
            inner = math.sqrt(2 / math.pi) * (x64 + 0.044715 * x64**3)
            return (0.5 * x64 * (1 + np.tanh(inner))).astype(np.float32)
        erf = np.vectorize(math.erf)
        return (0.5 * x64 * (1 + erf(x64 / math.sqrt(2)))).astype(np.float32)


def main() -> int:
    try:
        import torch

        torch.manual_seed(0)
        x = torch.rand((30, 1024), dtype=torch.float32) * 6 - 3
        close = lambda a, b: bool(torch.allclose(a, b, rtol=1e-3, atol=1e-5))  # noqa: E731
    except ImportError:
        x = (np.random.default_rng(0).random((30, 1024), dtype=np.float32) * 6 - 3)
        close = lambda a, b: bool(np.allclose(a, b, rtol=1e-3, atol=1e-5))  # noqa: E731
    for approximate in (False, True):
        try:
            out, report = gelu_launch(x, approximate)
        except asc.SimulationError as e:
            print(f"[ERROR] {e}", file=sys.stderr)
            return 1
        kind = "tanh approximation" if approximate else "exact (erf)"
        if not close(out, gelu_reference(x, approximate)):
            print(f"[ERROR] tile_gelu: the {kind} differs from the reference", file=sys.stderr)
            return 1
        print(f"[INFO] tile_gelu {kind}: 30 rows of 1024 on {USE_CORE_NUM} cores match")
    print(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
