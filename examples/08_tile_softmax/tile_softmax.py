"""Row softmax of a [64, 1024] matrix with tiles, one row per loop iteration (asc2's softmax).

Each core takes every block_num-th row: it loads the row as a [1, 1024] tile, subtracts the
row's maximum, exponentiates, and divides by the sum. The compiler turns the reductions into
ReduceMax / ReduceSum and a scalar read (synchronized with the vector unit), the scalar
operations into Adds / Muls over the vector unit's repeats, and plans the row buffers
(double-buffered: the loop is parallel) and the temporaries (one shared TBuf, reused as soon
as a temporary is dead).

Run it: `python examples/08_tile_softmax/tile_softmax.py` (exit status 0 when the result
matches torch.softmax, or numpy without torch).
"""

import sys

import numpy as np

import ascdsl as asc
from ascdsl import tile as asc2

USE_CORE_NUM = 16


@asc2.jit
def softmax_kernel(x_ptr: asc.GlobalAddress, out_ptr: asc.GlobalAddress, num_rows: int,
                   num_cols: int, tile_size: asc.ConstExpr[int]):
    x_gm = asc2.tensor(x_ptr, [num_rows, num_cols])
    out_gm = asc2.tensor(out_ptr, [num_rows, num_cols])
    for i in range(asc2.block_idx(), num_rows, asc2.block_num(), parallel=True):
        row = asc2.load(x_gm, [1, tile_size], offsets=[i, 0])
        row_minus_max = row - asc2.reduce_max(row)
        numerator = asc2.exp(row_minus_max)
        denominator = asc2.reduce_sum(numerator)
        out = numerator / denominator
        asc2.store(out, out_gm, offsets=[i, 0])


def softmax_launch(x):
    """softmax(x, dim=1) computed by the kernel (x: a 2-d torch tensor or numpy array)."""
    out = x.new_empty(x.shape) if hasattr(x, "new_empty") else np.empty_like(x)
    num_rows, num_cols = x.shape
    report = softmax_kernel[USE_CORE_NUM](x, out, num_rows, num_cols, num_cols)
    return out, report


def main() -> int:
    try:
        import torch

        torch.manual_seed(0)
        x = torch.rand((64, 1024), dtype=torch.float32)
        expected = torch.softmax(x, dim=1)
        def close(out):
            return bool(torch.allclose(out, expected, rtol=1.3e-6, atol=1e-5))
    except ImportError:
        x = np.random.default_rng(0).random((64, 1024), dtype=np.float32)
        e = np.exp(x - x.max(1, keepdims=True))
        expected = e / e.sum(1, keepdims=True)
        def close(out):
            return bool(np.allclose(out, expected, rtol=1.3e-6, atol=1e-5))
    try:
        out, report = softmax_launch(x)
    except asc.SimulationError as e:
        print(f"[ERROR] {e}", file=sys.stderr)
        return 1
    if not close(out):
        print("[ERROR] tile_softmax: the result differs from softmax", file=sys.stderr)
        return 1
    print(f"[INFO] tile_softmax: 64 rows of 1024 on {USE_CORE_NUM} cores match softmax")
    print(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
