"""The TransposeParamsExt form of Transpose on the simulator: NCHW <-> NHWC per image (bits
moved, any element size), the cSize = 1 block copy, ND2ND_B16's 16 x 16 matrix, and the
types the 910B's basic Transpose ignores."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim.errors import InvalidArgumentError

TT = asc.TransposeType


def _kernel(dtype, count: int):
    @asc.jit
    def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: asc.ConstExpr[int],
               c: asc.ConstExpr[int], h: asc.ConstExpr[int], w: asc.ConstExpr[int],
               kind: asc.ConstExpr[int]):
        gx = asc.GlobalTensor()
        gx.set_global_buffer(x)
        gz = asc.GlobalTensor()
        gz.set_global_buffer(z)
        pipe = asc.TPipe()
        qx = asc.TQue(asc.TPosition.VECIN, 1)
        qz = asc.TQue(asc.TPosition.VECOUT, 1)
        tb = asc.TBuf(asc.TPosition.VECCALC)
        pipe.init_buffer(qx, 1, count * x.dtype.sizeof())
        pipe.init_buffer(qz, 1, count * x.dtype.sizeof())
        pipe.init_buffer(tb, 4096)
        lx = qx.alloc_tensor(dtype)
        asc.data_copy(lx, gx, count)
        qx.enque(lx)
        lx = qx.deque(dtype)
        lz = qz.alloc_tensor(dtype)
        tmp = tb.get(asc.uint8)
        params = asc.TransposeParamsExt(n_size=n, c_size=c, h_size=h, w_size=w,
                                        transpose_type=kind)
        asc.transpose(lz, lx, tmp, params)
        qz.enque(lz)
        qx.free_tensor(lx)
        lz = qz.deque(dtype)
        asc.data_copy(gz, lz, count)
        qz.free_tensor(lz)

    return kernel


@pytest.mark.parametrize("dtype, npt", [(asc.float16, np.float16), (asc.float32, np.float32),
                                        (asc.int8, np.int8)])
def test_nchw_to_nhwc_and_back(dtype, npt):
    n, c, h, w = 2, 5, 4, 8  # h * w * sizeof(T) is a multiple of 32 bytes for every T
    x = np.random.default_rng(1).integers(-50, 50, (n, c, h, w)).astype(npt)
    z = np.zeros(x.size, npt)
    k = _kernel(dtype, x.size)
    report = k[1](x.reshape(-1), z, n, c, h, w, int(TT.TRANSPOSE_NCHW2NHWC))
    np.testing.assert_array_equal(z.reshape(n, h, w, c), x.transpose(0, 2, 3, 1))
    assert report.cycles > 0
    back = np.zeros(x.size, npt)
    k[1](z, back, n, c, h, w, int(TT.TRANSPOSE_NHWC2NCHW))
    np.testing.assert_array_equal(back.reshape(x.shape), x)


def test_one_channel_is_a_copy_of_whole_blocks():
    x = np.arange(64, dtype=np.float16)
    z = np.zeros(64, np.float16)
    _kernel(asc.float16, 64)[1](x, z, 1, 1, 4, 16, int(TT.TRANSPOSE_NCHW2NHWC))
    np.testing.assert_array_equal(z, x)


def test_nd2nd_b16_transposes_one_16x16_matrix():
    x = np.arange(256, dtype=np.uint16)
    z = np.zeros(256, np.uint16)
    _kernel(asc.uint16, 256)[1](x, z, 1, 1, 16, 16, int(TT.TRANSPOSE_ND2ND_B16))
    np.testing.assert_array_equal(z.reshape(16, 16), x.reshape(16, 16).T)


@pytest.mark.parametrize("h, w, kind, message", [
    (4, 4, int(TT.TRANSPOSE_NZ2ND_0213), "does nothing with it on the 910B"),
    (8, 8, int(TT.TRANSPOSE_ND2ND_B16), "does nothing with it on the 910B"),
    (2, 4, int(TT.TRANSPOSE_NCHW2NHWC), "needs a multiple of 32"),
])
def test_forms_the_910b_does_not_run_are_located_errors(h, w, kind, message):
    count = 2 * h * w
    with pytest.raises(InvalidArgumentError) as info:
        _kernel(asc.float16, count)[1](np.zeros(count, np.float16), np.zeros(count, np.float16),
                                      1, 2, h, w, kind)
    text = str(info.value)
    assert message in text and "test_transpose_ext.py:" in text
