"""DataCopy with Nz2NdParamsFull on the simulator: NZ fractals of UB back to row-major GM,
against numpy's reshaping, as dav-c220's DataCopyPad composition lays them out."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc

ND, N, D = 2, 32, 48  # two matrices of 32 rows x 48 columns (three 16-column blocks)
WIDTH = 64  # GM row length: the matrices land in the first 48 columns
FRACTALS = D // 16 * N // 16  # fractals per matrix in UB


def _kernel(dtype, d_value=D, sync=True):
    @asc.jit
    def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
        gx = asc.GlobalTensor()
        gx.set_global_buffer(x)
        gz = asc.GlobalTensor()
        gz.set_global_buffer(z)
        lx = asc.LocalTensor(dtype, asc.TPosition.VECIN, 0, ND * N * D)
        asc.data_copy(lx, gx, ND * N * D)
        if sync:
            asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
            asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.data_copy(gz, lx, asc.Nz2NdParamsFull(ND, N, d_value, FRACTALS, N, WIDTH, N * WIDTH))

    return kernel


def _nz(x: np.ndarray) -> np.ndarray:
    """(ND, N, D) matrices in NZ: per matrix, 16-column blocks one after another, each its N
    rows of 16 elements."""
    return x.reshape(ND, N, D // 16, 16).transpose(0, 2, 1, 3).reshape(-1)


@pytest.mark.parametrize("dtype, np_dtype", [(asc.float16, np.float16),
                                             (asc.float32, np.float32)])
def test_nz_blocks_land_as_rows(dtype, np_dtype):
    x = np.random.default_rng(4).standard_normal((ND, N, D)).astype(np_dtype)
    z = np.full(ND * N * WIDTH, 9, np_dtype)
    _kernel(dtype)[1](_nz(x), z)
    out = z.reshape(ND, N, WIDTH)
    np.testing.assert_array_equal(out[:, :, :D], x)
    assert (out[:, :, D:] == 9).all()  # the GM columns past dValue are not written


def test_d_value_off_16_columns_is_a_located_error():
    x = np.zeros(ND * N * D, np.float16)
    with pytest.raises(asc.SimulationError) as info:
        _kernel(asc.float16, d_value=40)[1](x, np.zeros(ND * N * WIDTH, np.float16))
    assert "dValue=40" in str(info.value)
    assert "test_copy_nz2nd.py" in str(info.value)


def test_the_sanitizer_sees_the_reads_of_each_column_block():
    x = np.zeros(ND * N * D, np.float16)
    with pytest.raises(asc.SimulationError) as info:
        _kernel(asc.float16, sync=False)[1](x, np.zeros(ND * N * WIDTH, np.float16))
    assert "RaceError" in str(info.value)
    assert "data_copy_nz2nd" in str(info.value)


@asc.jit
def _gm_to_ub(x: asc.GlobalAddress):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x)
    lx = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 512)
    asc.data_copy(lx, gx, asc.Nz2NdParamsFull(1, 16, 16, 1, 16, 16, 1))


def test_the_other_direction_is_a_located_error():
    # The headers have Nz2NdParamsFull for UB -> GM only; the op declares it.
    with pytest.raises(asc.CompilationError) as info:
        _gm_to_ub[1](np.zeros(512, np.float16))
    text = str(info.value)
    assert "operand 'dst' at position 0 does not verify: expected a global tensor" in text
    assert "test_copy_nz2nd.py" in text
