"""Transpose of one 16 x 16 matrix on the simulator: bits moved, 2-byte elements only."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim import NotSimulatedError


def _kernel(dtype):
    @asc.jit
    def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
        gx = asc.GlobalTensor()
        gx.set_global_buffer(x)
        gz = asc.GlobalTensor()
        gz.set_global_buffer(z)
        lx = asc.LocalTensor(dtype, asc.TPosition.VECIN, 0, 256)
        lz = asc.LocalTensor(dtype, asc.TPosition.VECOUT, 2048, 256)
        asc.data_copy(lx, gx, 256)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.transpose(lz, lx)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(gz, lz, 256)

    return kernel


@pytest.mark.parametrize("dtype, npt", [(asc.float16, np.float16), (asc.int16, np.int16)])
def test_transpose_16x16(dtype, npt):
    x = np.arange(256).astype(npt)
    x[3] = np.array(np.nan, np.float16).astype(npt) if npt is np.float16 else x[3]
    z = np.zeros(256, npt)
    report = _kernel(dtype)[1](x, z)
    assert z.view(np.uint16).reshape(16, 16).tolist() == \
        x.view(np.uint16).reshape(16, 16).T.tolist()  # NaN bits move unchanged
    assert report.cycles > 0


def test_transpose_of_4_byte_elements_is_a_located_error():
    with pytest.raises(NotSimulatedError) as info:
        _kernel(asc.float32)[1](np.zeros(256, np.float32), np.zeros(256, np.float32))
    text = str(info.value)
    assert "takes one 16 x 16 matrix of 2-byte elements" in text and "test_transpose.py:" in text
