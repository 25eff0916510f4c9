"""z = x + y on an 8192 x 8192 half matrix, the seven steps of asc-devkit's add best practice.

A re-creation (ascdsl kernel language, own code) of the algorithm measured in
mirror-cann/asc-devkit examples/01_simd_cpp_api/05_best_practices/00_vector_compute/
add_high_performance (README_en.md has the measurements; benchmarks/calibration/rows.py
copies them). Static UB tensors, hand-written flags, no TQue. The rows of the matrix are split
evenly over the cores (the first `M % cores` cores take one row more); each core walks its rows
as one contiguous stretch of `copy_len` elements per step:

- case 0: one core, GetValue/SetValue loop (scalar unit) instead of Add;
- case 1: one core, Add, 4096-element (8 KB) copies, one set of buffers;
- case 2: 48 cores, same;  case 3: 48 cores, 16384-element (32 KB) copies;
- case 4: + double buffering (ping/pong buffers and event ids 0/1);
- case 5: + x and y read around L2 (SetL2CacheHint(CACHE_MODE_DISABLE));
- case 6: + buffers placed so that no two operands of Add share a UB bank group
  (copies of 16256 elements; y 32512 bytes after x instead of 32768).
"""

from __future__ import annotations

import ascdsl as asc

M = 8192
N = 8192
MAX_LEN = 16384  # elements of one UB buffer (32 KB): 6 buffers fill the 192 KB UB
BC_LEN = 16256  # case 6's copy length: 512 bytes short of a buffer
HALF = 2

# UB byte addresses of (x, y, z) for one buffer set, and for ping/pong.
SINGLE = (0, MAX_LEN * HALF, 2 * MAX_LEN * HALF)
PING = SINGLE
PONG = (3 * MAX_LEN * HALF, 4 * MAX_LEN * HALF, 5 * MAX_LEN * HALF)
# Case 6: x and y of one set 16256 elements apart (y starts 256 bytes into a bank-group cycle
# after x), z of both sets in the last third of UB.
PING_BC = (0, BC_LEN * HALF, 4 * MAX_LEN * HALF)
PONG_BC = (2 * MAX_LEN * HALF, 2 * MAX_LEN * HALF + BC_LEN * HALF, 4 * MAX_LEN * HALF + BC_LEN * HALF)

V_MTE2 = asc.HardEvent.V_MTE2
MTE2_V = asc.HardEvent.MTE2_V
V_MTE3 = asc.HardEvent.V_MTE3
MTE3_V = asc.HardEvent.MTE3_V


@asc.jit
def row_block(rows: int, cores: int):
    """(first row, rows) of this core: an even split, the remainder to the first cores."""
    base = rows // cores
    extra = rows % cores
    idx = asc.get_block_idx()
    if idx < extra:
        mine = base + 1
        first = idx * mine
    else:
        mine = base
        first = extra * (base + 1) + (idx - extra) * base
    return first, mine


@asc.jit
def bind_rows(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, rows: int,
              cols: int, cores: int):
    """x, y, z of this core's rows as GlobalTensors, and their element count."""
    first, mine = row_block(rows, cores)
    total = mine * cols
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x + first * cols, total)
    yg.set_global_buffer(y + first * cols, total)
    zg.set_global_buffer(z + first * cols, total)
    return xg, yg, zg, total


@asc.jit
def step_span(step: int, total: int, copy_len: int):
    """(first element, elements) of step `step`: `copy_len`, the last one what is left."""
    start = step * copy_len
    n = copy_len
    if total - start < copy_len:
        n = total - start
    return start, n


@asc.jit
def add_single(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, rows: int,
               cols: int, cores: int, copy_len: asc.ConstExpr[int],
               scalar: asc.ConstExpr[bool]):
    """Cases 0-3: one buffer set; each step copies x and y in, adds (vector or scalar loop),
    copies z out. MTE2 waits for the add of the previous step, the add for the copy-out."""
    xg, yg, zg, total = bind_rows(x, y, z, rows, cols, cores)
    xl = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, SINGLE[0], MAX_LEN)
    yl = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, SINGLE[1], MAX_LEN)
    zl = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, SINGLE[2], MAX_LEN)
    steps = (total + copy_len - 1) // copy_len
    for step in range(steps):
        start, n = step_span(step, total, copy_len)
        if step != 0:
            asc.wait_flag(V_MTE2, 0)
        asc.data_copy(xl, xg[start:], n)
        asc.data_copy(yl, yg[start:], n)
        asc.set_flag(MTE2_V, 0)
        asc.wait_flag(MTE2_V, 0)
        if step != 0:
            asc.wait_flag(MTE3_V, 0)
        if scalar:
            for i in range(n):
                a = xl.get_value(i).cast(asc.float32)
                b = yl.get_value(i).cast(asc.float32)
                zl.set_value(i, (a + b).cast(asc.float16))
        else:
            asc.add(zl, xl, yl, n)
        if step != steps - 1:
            asc.set_flag(V_MTE2, 0)
        asc.set_flag(V_MTE3, 0)
        asc.wait_flag(V_MTE3, 0)
        asc.data_copy(zg[start:], zl, n)
        if step != steps - 1:
            asc.set_flag(MTE3_V, 0)
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


@asc.jit
def add_double(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, rows: int,
               cols: int, cores: int, copy_len: asc.ConstExpr[int],
               bypass_l2: asc.ConstExpr[bool], bank_layout: asc.ConstExpr[bool]):
    """Cases 4-6: two buffer sets used in turn, each with its own event id, so the copies of
    one step overlap the add of the other."""
    xg, yg, zg, total = bind_rows(x, y, z, rows, cols, cores)
    if bypass_l2:
        xg.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_DISABLE)
        yg.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_DISABLE)
    ping = PING_BC if bank_layout else PING
    pong = PONG_BC if bank_layout else PONG
    steps = (total + copy_len - 1) // copy_len
    asc.set_flag(V_MTE2, 0)
    asc.set_flag(V_MTE2, 1)
    asc.set_flag(MTE3_V, 0)
    asc.set_flag(MTE3_V, 1)
    for step in range(steps):
        start, n = step_span(step, total, copy_len)
        e = step & 1
        xl = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC,
                             ping[0] + e * (pong[0] - ping[0]), MAX_LEN)
        yl = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC,
                             ping[1] + e * (pong[1] - ping[1]), MAX_LEN)
        zl = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC,
                             ping[2] + e * (pong[2] - ping[2]), MAX_LEN)
        asc.wait_flag(V_MTE2, e)
        asc.data_copy(xl, xg[start:], n)
        asc.data_copy(yl, yg[start:], n)
        asc.set_flag(MTE2_V, e)
        asc.wait_flag(MTE2_V, e)
        asc.wait_flag(MTE3_V, e)
        asc.add(zl, xl, yl, n)
        asc.set_flag(V_MTE2, e)
        asc.set_flag(V_MTE3, e)
        asc.wait_flag(V_MTE3, e)
        asc.data_copy(zg[start:], zl, n)
        asc.set_flag(MTE3_V, e)
    asc.wait_flag(V_MTE2, 0)
    asc.wait_flag(V_MTE2, 1)
    asc.wait_flag(MTE3_V, 0)
    asc.wait_flag(MTE3_V, 1)
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


# case -> (cores, copy_len, variant)
CASES = {
    0: (1, 4096, "scalar"),
    1: (1, 4096, "single"),
    2: (48, 4096, "single"),
    3: (48, MAX_LEN, "single"),
    4: (48, MAX_LEN, "double"),
    5: (48, MAX_LEN, "bypass"),
    6: (48, BC_LEN, "bank"),
}


def launch(case: int, x, y, z, rows: int = M):
    """Run case `case` on the first `rows` rows of x, y, z (numpy float16, M x N flattened)."""
    cores, copy_len, variant = CASES[case]
    if variant in ("scalar", "single"):
        return add_single[cores](x, y, z, rows, N, cores, copy_len, variant == "scalar")
    return add_double[cores](x, y, z, rows, N, cores, copy_len, variant != "double",
                             variant == "bank")
