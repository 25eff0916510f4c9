"""LocalTensorAuto kernels: the passes give them buffers and synchronization, and the
simulator (sanitizer on) finds no race and the right result."""

import numpy as np
import pytest

import ascdsl as asc

TILE = 256


@asc.jit
def vadd_declared_outside(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    off = asc.get_block_idx() * n
    xg.set_global_buffer(x + off)
    yg.set_global_buffer(y + off)
    zg.set_global_buffer(z + off)
    a = asc.LocalTensorAuto(asc.float32, [TILE])
    b = asc.LocalTensorAuto(asc.float32, [TILE])
    c = asc.LocalTensorAuto(asc.float32, [TILE])
    for i in range(n // TILE):
        asc.data_copy(a, xg[i * TILE:], TILE)
        asc.data_copy(b, yg[i * TILE:], TILE)
        asc.add(c, a, b, TILE)
        asc.data_copy(zg[i * TILE:], c, TILE)


@asc.jit
def vadd_declared_inside(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    off = asc.get_block_idx() * n
    xg.set_global_buffer(x + off)
    yg.set_global_buffer(y + off)
    zg.set_global_buffer(z + off)
    for i in range(n // TILE):
        a = asc.LocalTensorAuto(asc.float32, [TILE])
        b = asc.LocalTensorAuto(asc.float32, [TILE])
        c = asc.LocalTensorAuto(asc.float32, [TILE])
        asc.data_copy(a, xg[i * TILE:], TILE)
        asc.data_copy(b, yg[i * TILE:], TILE)
        asc.add(c, a, b, TILE)
        asc.data_copy(zg[i * TILE:], c, TILE)


@pytest.mark.parametrize("kernel", [vadd_declared_outside, vadd_declared_inside])
def test_auto_tensors_in_a_tile_loop_run_race_free(kernel):
    rng = np.random.default_rng(1)
    x = rng.random(8 * 1024, dtype=np.float32)
    y = rng.random(8 * 1024, dtype=np.float32)
    z = np.zeros_like(x)
    report = kernel[8](x, y, z, 1024)
    np.testing.assert_allclose(z, x + y)
    assert report.findings == []
    ir = kernel.compile(x, y, z, 1024).ir
    # Each iteration frees and re-allocates the queues' buffers: the edge that keeps the next
    # copy-in from overwriting a tile the previous add still reads.
    loop = ir[ir.index("scf.for"):]
    assert loop.count("ascendc.que_bind.alloc_tensor") == 3
    assert loop.count("ascendc.que_bind.free_tensor") == 3
