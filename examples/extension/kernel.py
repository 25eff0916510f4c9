"""y = max(x, 0) * s and z = clip(x, lo, hi) on 8 cores, with the ops of the `ascx` extension.

A @jit kernel calls an extension's kernel-language functions as `asc.ext.<name>`:
`asc.ext.scaled_relu` builds `ascx.scaled_relu_l2` (a fused vector op with its own C++,
formula and cost), `asc.ext.clamp` builds `ascx.clamp` (a research op the extension's
`lower-ascx` pass, which the JIT runs after its own pipeline, turns into Maxs and Mins).
insert-que-sync synchronizes the queues around them from their pipe (V), the simulator runs
them, and the
Ascend C printer writes `ascx::ScaledRelu(...)` with `#include "ascx/scaled_relu.h"`.

Run it (from this directory, installed or not): `python kernel.py` (exit status 0 when y is
right); `python kernel.py --source` prints the Ascend C.
"""

import sys
from pathlib import Path

import numpy as np

import ascdsl as asc

try:
    import ascx_example  # noqa: F401  (installed: the entry point loads it by itself)
except ImportError:  # run from a checkout without `pip install -e .`
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import ascx_example  # noqa: F401

BUFFER_NUM = 2
USE_CORE_NUM = 8
TILE_LENGTH = 256


@asc.jit(insert_sync=True)  # (the default only for kernels of LocalTensorAuto)
def relu_and_clamp(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress,
                   block_length: int, s: float, lo: float, hi: float):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset)
    y_gm.set_global_buffer(y + offset)
    z_gm.set_global_buffer(z + offset)
    pipe = asc.TPipe()
    in_queue = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    out_y = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    out_z = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    pipe.init_buffer(in_queue, BUFFER_NUM, TILE_LENGTH * x.dtype.sizeof())
    pipe.init_buffer(out_y, BUFFER_NUM, TILE_LENGTH * y.dtype.sizeof())
    pipe.init_buffer(out_z, BUFFER_NUM, TILE_LENGTH * z.dtype.sizeof())
    for i in range(block_length // TILE_LENGTH):
        x_local = in_queue.alloc_tensor(x.dtype)
        asc.data_copy(x_local, x_gm[i * TILE_LENGTH:], TILE_LENGTH)
        y_local = out_y.alloc_tensor(y.dtype)
        z_local = out_z.alloc_tensor(z.dtype)
        # The kernel writes no synchronization: insert-que-sync adds it from the ops' facts.
        asc.ext.scaled_relu(y_local, x_local, s, TILE_LENGTH)
        asc.ext.clamp(z_local, x_local, lo, hi, TILE_LENGTH)
        asc.data_copy(y_gm[i * TILE_LENGTH:], y_local, TILE_LENGTH)
        asc.data_copy(z_gm[i * TILE_LENGTH:], z_local, TILE_LENGTH)
        in_queue.free_tensor(x_local)
        out_y.free_tensor(y_local)
        out_z.free_tensor(z_local)


def launch(x: np.ndarray, s: float, lo: float, hi: float):
    """(y, z, run report) of the kernel on the simulator."""
    y = np.zeros_like(x)
    z = np.zeros_like(x)
    report = relu_and_clamp[USE_CORE_NUM](x, y, z, x.size // USE_CORE_NUM, s, lo, hi)
    return y, z, report


def main() -> int:
    rng = np.random.default_rng(0)
    x = rng.standard_normal(USE_CORE_NUM * 2048).astype(np.float32)
    s, lo, hi = 1.5, -0.5, 0.75
    try:
        y, z, report = launch(x, s, lo, hi)
    except asc.SimulationError as e:
        print(f"[ERROR] {e}", file=sys.stderr)
        return 1
    if "--source" in sys.argv:
        print(relu_and_clamp.compile(x, x, x, 2048, s, lo, hi).source)
    ok_y = np.allclose(y, np.maximum(x, 0) * np.float32(s))
    ok_z = np.allclose(z, np.clip(x, np.float32(lo), np.float32(hi)))
    if not (ok_y and ok_z):
        print(f"[FAIL] y right: {ok_y}, z right: {ok_z}", file=sys.stderr)
        return 1
    print(f"[PASS] y = max(x, 0) * s and z = clip(x, lo, hi); {report.cycles:,.0f} cycles")
    return 0


if __name__ == "__main__":
    sys.exit(main())
