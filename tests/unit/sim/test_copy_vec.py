"""`copy` (the vector unit's masked copy) on the simulator: count and bit masks, block and
repeat strides from CopyRepeatParams; masked-off destination elements keep their value."""

from __future__ import annotations

import numpy as np

import ascdsl as asc

N = 512


@asc.jit
def _copy(x: asc.GlobalAddress, z: asc.GlobalAddress, form: asc.ConstExpr[int]):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x)
    gz = asc.GlobalTensor()
    gz.set_global_buffer(z)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, 1)
    qz = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=qx, num=1, len=N * 4)
    pipe.init_buffer(que=qz, num=1, len=N * 4)
    lx = qx.alloc_tensor(asc.float32)
    asc.data_copy(lx, gx, N)
    qx.enque(lx)
    sx = qx.deque(asc.float32)
    sz = qz.alloc_tensor(asc.float32)
    asc.duplicate(sz, -1.0, N)
    if form == 0:  # 64 elements a repeat, 4 repeats, contiguous
        asc.copy(sz, sx, 64, 4, asc.CopyRepeatParams(1, 1, 8, 8))
    elif form == 1:  # the first 20 elements of each repeat; the source's repeats 16 blocks apart
        asc.copy(sz, sx, 20, 2, asc.CopyRepeatParams(1, 1, 8, 16))
    else:  # every other element (bit mask), destination blocks 2 apart
        asc.copy(sz, sx, [0x5555555555555555, 0], 1, asc.CopyRepeatParams(2, 1, 8, 8))
    qz.enque(sz)
    qx.free_tensor(sx)
    oz = qz.deque(asc.float32)
    asc.data_copy(gz, oz, N)
    qz.free_tensor(oz)


def _run(form: int):
    x = np.arange(N, dtype=np.float32)
    z = np.zeros(N, np.float32)
    _copy[1](x, z, form)
    return x, z


def test_contiguous_repeats_copy_256_elements():
    x, z = _run(0)
    np.testing.assert_array_equal(z[:256], x[:256])
    assert (z[256:] == -1).all()


def test_count_mask_and_source_repeat_stride():
    x, z = _run(1)
    expected = np.full(N, -1, np.float32)
    expected[0:20] = x[0:20]
    expected[64:84] = x[128:148]  # repeat 1 reads 16 blocks (128 floats) on
    np.testing.assert_array_equal(z, expected)


def test_bit_mask_and_destination_block_stride():
    x, z = _run(2)
    expected = np.full(N, -1, np.float32)
    for e in range(0, 64, 2):  # element e of block e // 8 lands in destination block 2 * (e // 8)
        expected[(e // 8) * 16 + e % 8] = x[e]
    np.testing.assert_array_equal(z, expected)
