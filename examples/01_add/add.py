"""z = x + y on 8 cores with static tensors and hand-written synchronization.

pyasc's tutorial 01 in ascdsl: each core copies its block of x and y into UB tile by tile,
adds, and copies the sum back. Two tiles are in flight (BUFFER_NUM = 2): tile i uses half
`i % 2` of each static LocalTensor and the event id `i % 2`, so the copy-in of one tile can
overlap the add of the other. The pipes are ordered by hand:

    MTE2 (copy in) --MTE2_V--> V (add) --V_MTE3--> MTE3 (copy out) --MTE3_MTE2--> MTE2

Run it: `python examples/01_add/add.py` (exit status 0 when z == x + y).
"""

import sys

import numpy as np

import ascdsl as asc

USE_CORE_NUM = 8
BUFFER_NUM = 2  # two tiles in flight
TILE_NUM = 8  # tiles per buffer per core


@asc.jit
def vadd_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm.set_global_buffer(y + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)

    tile_length = block_length // TILE_NUM // BUFFER_NUM
    data_type = x.dtype
    buffer_bytes = tile_length * BUFFER_NUM * data_type.sizeof()

    # Static tensors: a position, a byte address in UB and a length in elements.
    x_local = asc.LocalTensor(data_type, asc.TPosition.VECIN, 0, tile_length * BUFFER_NUM)
    y_local = asc.LocalTensor(data_type, asc.TPosition.VECIN, buffer_bytes, tile_length * BUFFER_NUM)
    z_local = asc.LocalTensor(data_type, asc.TPosition.VECOUT, buffer_bytes * 2, tile_length * BUFFER_NUM)

    for i in range(TILE_NUM * BUFFER_NUM):
        buf_id = i % BUFFER_NUM
        start = buf_id * tile_length

        asc.data_copy(x_local[start:], x_gm[i * tile_length:], tile_length)
        asc.data_copy(y_local[start:], y_gm[i * tile_length:], tile_length)

        # The vector unit may read the tile once MTE2 has written it.
        asc.set_flag(asc.HardEvent.MTE2_V, buf_id)
        asc.wait_flag(asc.HardEvent.MTE2_V, buf_id)

        asc.add(z_local[start:], x_local[start:], y_local[start:], tile_length)

        # MTE3 may copy the sum out once the vector unit has written it.
        asc.set_flag(asc.HardEvent.V_MTE3, buf_id)
        asc.wait_flag(asc.HardEvent.V_MTE3, buf_id)

        asc.data_copy(z_gm[i * tile_length:], z_local[start:], tile_length)

        # MTE2 may overwrite this half of the buffers once MTE3 has read it.
        asc.set_flag(asc.HardEvent.MTE3_MTE2, buf_id)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, buf_id)


def vadd_launch(x: np.ndarray, y: np.ndarray):
    """z = x + y computed by the kernel; returns (z, the run report)."""
    z = np.zeros_like(x)
    block_length = x.size // USE_CORE_NUM
    report = vadd_kernel[USE_CORE_NUM](x, y, z, block_length)
    return z, report


def main() -> int:
    rng = np.random.default_rng(0)
    size = USE_CORE_NUM * 2048
    x = rng.random(size, dtype=np.float32)
    y = rng.random(size, dtype=np.float32)
    try:
        z, report = vadd_launch(x, y)
    except asc.SimulationError as e:  # a race, a deadlock, ... found by the simulator
        print(f"[ERROR] {e}", file=sys.stderr)
        return 1
    if not np.allclose(z, x + y):
        bad = int(np.count_nonzero(~np.isclose(z, x + y)))
        print(f"[ERROR] add: {bad} of {size} elements differ from numpy", file=sys.stderr)
        return 1
    print(f"[INFO] add: {size} elements on {USE_CORE_NUM} cores match numpy")
    if report is not None:
        print(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
