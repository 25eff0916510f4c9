"""z = x + y on 8 cores, written with tiles (ascdsl.tile, pyasc's asc2 language).

The same job as 02_add_framework, without TPipe, TQue, buffers or synchronization: the kernel
loads two tiles, adds them and stores the sum. The compiler (lower-asc-*) gives the tiles
queue buffers, double-buffers them because the loop is parallel (its iterations are
independent), tiles the Add onto the vector unit's 256-byte repeats, and inserts the
EnQue/DeQue pairs that synchronize the copies with the vector unit.

Run it: `python examples/07_tile_vadd/tile_vadd.py` (exit status 0 when z == x + y).
Uses torch tensors when torch is installed, numpy arrays otherwise.
"""

import sys

import numpy as np

import ascdsl as asc
from ascdsl import tile as asc2

USE_CORE_NUM = 8
TILE_LENGTH = 128


@asc2.jit
def vadd_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress,
                block_length: int, tile_length: asc.ConstExpr[int]):
    n = block_length * asc2.block_num()
    x_gm, y_gm, z_gm = asc2.tensor(x, [n]), asc2.tensor(y, [n]), asc2.tensor(z, [n])
    base = asc2.block_idx() * block_length
    for i in range(0, block_length, tile_length, parallel=True):
        a = asc2.load(x_gm, [tile_length], offsets=[base + i])
        b = asc2.load(y_gm, [tile_length], offsets=[base + i])
        asc2.store(a + b, z_gm, offsets=[base + i])


def vadd_launch(x, y):
    """z = x + y computed by the kernel (x, y: torch CPU tensors or numpy arrays)."""
    z = x.new_zeros(x.shape) if hasattr(x, "new_zeros") else np.zeros_like(x)
    size = z.numel() if hasattr(z, "numel") else z.size
    report = vadd_kernel[USE_CORE_NUM](x, y, z, size // USE_CORE_NUM, TILE_LENGTH)
    return z, report


def main() -> int:
    size = USE_CORE_NUM * 2048
    try:
        import torch

        torch.manual_seed(0)
        x, y = torch.rand(size), torch.rand(size)
        expected = x + y
        close = lambda z: bool(torch.allclose(z, expected))  # noqa: E731
    except ImportError:
        rng = np.random.default_rng(0)
        x, y = rng.random(size, dtype=np.float32), rng.random(size, dtype=np.float32)
        expected = x + y
        close = lambda z: bool(np.allclose(z, expected))  # noqa: E731
    try:
        z, report = vadd_launch(x, y)
    except asc.SimulationError as e:  # a race, a deadlock, ... found by the simulator
        print(f"[ERROR] {e}", file=sys.stderr)
        return 1
    if not close(z):
        print("[ERROR] tile_vadd: the result differs from x + y", file=sys.stderr)
        return 1
    print(f"[INFO] tile_vadd: {size} elements on {USE_CORE_NUM} cores match x + y")
    print(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
