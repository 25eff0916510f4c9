"""C = A @ B on the cube unit, written with tiles (ascdsl.tile, pyasc's asc2 language).

The job of 05_mmad (C[256, 256] = A[256, 512] @ B[512, 256], f16 in, f32 out, 4 cores, each
core one 128 x 128 block of C, K in steps of 64), without LocalTensor addresses, fractal
layouts, LoadData parameters or flags: the kernel loads a block of A and of B into L1, copies
them to L0A / L0B and accumulates their product into an L0C tile. The compiler
(lower-asc-cube) turns the loads into Nd2Nz copies, the copies into LoadData (ZZ for A, ZN
for B), `matmul_acc` into Mmad (the first K step writes L0C, the others add), the store into
Fixpipe; `insert-que-sync` orders the pipes. `unroll_factor=2` on the parallel K loop gives
each stage two buffers (ping-pong).

Run it: `python examples/10_tile_matmul/tile_matmul.py` (exit status 0 when C matches numpy).
"""

import sys

import numpy as np

import ascdsl as asc
from ascdsl import tile as asc2

M, N, K = 256, 256, 512
BM, BN, BK = 128, 128, 64  # one core's block of C, and the K step
USE_CORE_NUM = (M // BM) * (N // BN)


@asc2.jit
def matmul_kernel(a_ptr: asc.GlobalAddress, b_ptr: asc.GlobalAddress, c_ptr: asc.GlobalAddress,
                  m: asc.ConstExpr[int], n: asc.ConstExpr[int], k: asc.ConstExpr[int],
                  bm: asc.ConstExpr[int], bn: asc.ConstExpr[int], bk: asc.ConstExpr[int]):
    a_gm = asc2.tensor(a_ptr, [m, k])
    b_gm = asc2.tensor(b_ptr, [k, n])
    c_gm = asc2.tensor(c_ptr, [m, n])
    for block in range(asc2.block_idx(), (m // bm) * (n // bn), asc2.block_num()):
        row = block // (n // bn) * bm
        col = block % (n // bn) * bn
        acc = asc2.zeros_acc([bm, bn], dtype=asc.float32)
        for t in range(k // bk, unroll_factor=2, parallel=True):
            a_l1 = asc2.load(a_gm, [bm, bk], offsets=[row, t * bk], location=asc2.TileLocation.L1)
            b_l1 = asc2.load(b_gm, [bk, bn], offsets=[t * bk, col], location=asc2.TileLocation.L1)
            a_l0 = asc2.copy(a_l1, [bm, bk], offsets=[0, 0], location=asc2.TileLocation.L0A)
            b_l0 = asc2.copy(b_l1, [bk, bn], offsets=[0, 0], location=asc2.TileLocation.L0B)
            asc2.matmul_acc(a_l0, b_l0, acc)
        asc2.store(acc, c_gm, offsets=[row, col])


def matmul_launch(a: np.ndarray, b: np.ndarray, cores: int = USE_CORE_NUM):
    """C = A @ B computed by the kernel; returns (C, the run report)."""
    m, k = a.shape
    n = b.shape[1]
    c = np.zeros((m, n), dtype=np.float32)
    report = matmul_kernel[cores](a, b, c, m, n, k, BM, BN, BK)
    return c, report


def main() -> int:
    rng = np.random.default_rng(0)
    a = rng.uniform(-1, 1, (M, K)).astype(np.float16)
    b = rng.uniform(-1, 1, (K, N)).astype(np.float16)
    try:
        c, report = matmul_launch(a, b)
    except asc.SimulationError as e:  # a race, a deadlock, an overflow, ... found by the simulator
        print(f"[ERROR] {e}", file=sys.stderr)
        return 1
    ref = a.astype(np.float32) @ b.astype(np.float32)
    if not np.allclose(c, ref, rtol=1e-4, atol=1e-3):
        bad = int(np.count_nonzero(~np.isclose(c, ref, rtol=1e-4, atol=1e-3)))
        print(f"[ERROR] tile_matmul: {bad} of {c.size} elements differ from numpy", file=sys.stderr)
        return 1
    print(f"[INFO] tile_matmul: C[{M}, {N}] = A[{M}, {K}] @ B[{K}, {N}] on {USE_CORE_NUM} cores "
          "matches numpy")
    print(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
