"""Row softmax of a [256, 1024] float32 matrix on 8 cores, written twice: with basic vector ops
and with the advanced API `asc.adv.softmax`. Both are checked against torch.softmax (numpy
without torch) and their simulated cycles are printed side by side.

Each core owns 32 consecutive rows and moves them through double-buffered queues, 8 rows (a
32 KB tile) at a time: copy_in (GM -> UB), compute, copy_out (UB -> GM).

- `softmax_basic`: per row, ReduceMax, a scalar read of the maximum, Adds(-max), Exp, ReduceSum,
  a scalar read of the sum, Muls(1 / sum). The scalar reads wait for the vector unit
  (V_S flags) and the vector unit waits for them before reusing the result tensor (S_V); the
  dependent vector ops are ordered with pipe_barrier(PIPE_V).
- `softmax_adv`: one `asc.adv.softmax` per tile: the library reduces, broadcasts and divides
  over all 8 rows at once, without scalar round trips. Its row max and sum land in two small
  tensors (one 32-byte block per row).

Run it: `python examples/06_softmax/softmax.py` (exit status 0 when both match softmax);
benchmarks/softmax.py prints the same comparison.
"""

import sys

import numpy as np

import ascdsl as asc

USE_CORE_NUM = 8
BUFFER_NUM = 2
ROWS, COLS = 256, 1024
TILE_ROWS = 8  # rows per tile: 8 x 1024 floats = 32 KB


@asc.jit
def copy_in(x_gm: asc.GlobalTensor, queue: asc.TQue, tile: int, n: asc.ConstExpr[int]):
    x_local = queue.alloc_tensor(asc.float32)
    asc.data_copy(x_local, x_gm[tile * n:], n)
    queue.enque(x_local)


@asc.jit
def copy_out(z_gm: asc.GlobalTensor, queue: asc.TQue, tile: int, n: asc.ConstExpr[int]):
    z_local = queue.deque(asc.float32)
    asc.data_copy(z_gm[tile * n:], z_local, n)
    queue.free_tensor(z_local)


@asc.jit
def softmax_basic(x: asc.GlobalAddress, z: asc.GlobalAddress, rows_per_core: int,
                  cols: asc.ConstExpr[int], tile_rows: asc.ConstExpr[int]):
    offset = asc.get_block_idx() * rows_per_core * cols
    x_gm, z_gm = asc.GlobalTensor(), asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset)
    z_gm.set_global_buffer(z + offset)
    pipe = asc.TPipe()
    in_queue = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    out_queue = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    work = asc.TBuf(asc.TPosition.VECCALC)
    result = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(in_queue, BUFFER_NUM, tile_rows * cols * 4)
    pipe.init_buffer(out_queue, BUFFER_NUM, tile_rows * cols * 4)
    pipe.init_buffer(work, cols * 4)      # ReduceMax / ReduceSum scratch
    pipe.init_buffer(result, 32)          # their result (one element, a 32-byte block)
    scratch = work.get(asc.float32)
    reduced = result.get(asc.float32)
    for t in range(rows_per_core // tile_rows):
        copy_in(x_gm, in_queue, t, tile_rows * cols)
        x_local = in_queue.deque(asc.float32)
        z_local = out_queue.alloc_tensor(asc.float32)
        for r in range(tile_rows):
            row = x_local[r * cols:]
            out = z_local[r * cols:]
            asc.reduce_max(reduced, row, scratch, cols)
            asc.set_flag(asc.HardEvent.V_S, 0)
            asc.wait_flag(asc.HardEvent.V_S, 0)
            row_max = reduced.get_value(0)
            asc.set_flag(asc.HardEvent.S_V, 0)   # the next ReduceSum overwrites `reduced`
            asc.wait_flag(asc.HardEvent.S_V, 0)
            asc.adds(out, row, -row_max, cols)
            asc.pipe_barrier(asc.PipeID.PIPE_V)
            asc.exp(out, out, cols)
            asc.pipe_barrier(asc.PipeID.PIPE_V)
            asc.reduce_sum(reduced, out, scratch, cols)
            asc.set_flag(asc.HardEvent.V_S, 0)
            asc.wait_flag(asc.HardEvent.V_S, 0)
            row_sum = reduced.get_value(0)
            asc.set_flag(asc.HardEvent.S_V, 0)   # the next row's ReduceMax overwrites it
            asc.wait_flag(asc.HardEvent.S_V, 0)
            asc.muls(out, out, 1.0 / row_sum, cols)
            asc.pipe_barrier(asc.PipeID.PIPE_V)
        out_queue.enque(z_local)
        in_queue.free_tensor(x_local)
        copy_out(z_gm, out_queue, t, tile_rows * cols)


@asc.jit
def softmax_adv(x: asc.GlobalAddress, z: asc.GlobalAddress, rows_per_core: int,
                cols: asc.ConstExpr[int], tile_rows: asc.ConstExpr[int]):
    offset = asc.get_block_idx() * rows_per_core * cols
    x_gm, z_gm = asc.GlobalTensor(), asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset)
    z_gm.set_global_buffer(z + offset)
    pipe = asc.TPipe()
    in_queue = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    out_queue = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    stats = asc.TBuf(asc.TPosition.VECCALC)
    work = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(in_queue, BUFFER_NUM, tile_rows * cols * 4)
    pipe.init_buffer(out_queue, BUFFER_NUM, tile_rows * cols * 4)
    pipe.init_buffer(stats, 2 * tile_rows * 32)   # row max and row sum: 32 bytes per row
    pipe.init_buffer(work, tile_rows * cols * 4)  # the library's scratch: one float per element
    row_max = stats.get(asc.float32, tile_rows * 8)
    row_sum = stats.get_with_offset(tile_rows * 8, tile_rows * 32, asc.float32)
    scratch = work.get(asc.uint8)
    tiling = asc.adv.SoftmaxTiling(src_m=tile_rows, src_k=cols, src_size=tile_rows * cols)
    shape = asc.adv.SoftMaxShapeInfo(tile_rows, cols, tile_rows, cols)
    for t in range(rows_per_core // tile_rows):
        copy_in(x_gm, in_queue, t, tile_rows * cols)
        x_local = in_queue.deque(asc.float32)
        z_local = out_queue.alloc_tensor(asc.float32)
        asc.adv.softmax(z_local, row_sum, row_max, x_local, tiling, temp_buffer=scratch,
                        shape_info=shape)
        out_queue.enque(z_local)
        in_queue.free_tensor(x_local)
        copy_out(z_gm, out_queue, t, tile_rows * cols)


def launch(kernel, x):
    """softmax(x, dim=1) by `kernel` on USE_CORE_NUM cores: (result, simulation report)."""
    z = x.new_empty(x.shape) if hasattr(x, "new_empty") else np.empty_like(x)
    rows, cols = x.shape
    report = kernel[USE_CORE_NUM](x, z, rows // USE_CORE_NUM, cols, TILE_ROWS)
    return z, report


def reference(seed: int = 0):
    """(input, softmax of its rows, a comparison): torch when installed, else numpy."""
    try:
        import torch

        torch.manual_seed(seed)
        x = torch.rand((ROWS, COLS), dtype=torch.float32) * 10 - 5
        expected = torch.softmax(x, dim=1)
        return x, expected, lambda z: bool(torch.allclose(z, expected, rtol=1e-5, atol=1e-7))
    except ImportError:
        x = (np.random.default_rng(seed).random((ROWS, COLS), dtype=np.float32) * 10 - 5)
        e = np.exp(x - x.max(1, keepdims=True))
        expected = e / e.sum(1, keepdims=True)
        return x, expected, lambda z: bool(np.allclose(z, expected, rtol=1e-5, atol=1e-7))


def main() -> int:
    x, _, close = reference()
    reports = {}
    for name, kernel in (("basic ops", softmax_basic), ("asc.adv.softmax", softmax_adv)):
        try:
            z, reports[name] = launch(kernel, x)
        except asc.SimulationError as e:
            print(f"[ERROR] {name}: {e}", file=sys.stderr)
            return 1
        if not close(z):
            print(f"[ERROR] softmax with {name}: the result differs from softmax",
                  file=sys.stderr)
            return 1
    print(f"[INFO] softmax of {ROWS} rows of {COLS} on {USE_CORE_NUM} cores: both kernels "
          "match softmax")
    print(f"{'kernel':<18}{'cycles':>10}{'us':>8}{'vector busy':>13}{'scalar busy':>13}")
    for name, r in reports.items():
        print(f"{name:<18}{r.cycles:>10,.0f}{r.microseconds:>8.2f}"
              f"{r.busy['PIPE_V'] / len(r.cores):>13,.0f}{r.busy['PIPE_S'] / len(r.cores):>13,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
