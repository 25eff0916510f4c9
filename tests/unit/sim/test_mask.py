"""The vector mask register on the simulator: SetVectorMask and ResetMask decide what an
L0/L1 op built with is_set_mask=False touches (counter mode: test_mask_counter.py)."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc

N = 128


@asc.jit
def _masked(x: asc.GlobalAddress, z: asc.GlobalAddress, form: asc.ConstExpr[int]):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x)
    gz = asc.GlobalTensor()
    gz.set_global_buffer(z)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 2 * N * 4)
    src = buf.get_with_offset(N, 0, asc.float32)
    dst = buf.get_with_offset(N, N * 4, asc.float32)
    asc.data_copy(src, gx, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.duplicate(dst, -1.0, N)
    if form == 0:
        asc.set_vector_mask(10, dtype=asc.float32, mode=asc.MaskMode.NORMAL)
    elif form == 1:
        asc.set_vector_mask(0, 0xF0, dtype=asc.float32, mode=asc.MaskMode.NORMAL)
    else:
        asc.set_vector_mask(10, dtype=asc.float32, mode=asc.MaskMode.NORMAL)
        asc.reset_mask()
    asc.set_mask_norm()
    # is_set_mask=False: the mask argument is not used, the register decides
    asc.copy(dst, src, 64, 2, asc.CopyRepeatParams(1, 1, 8, 8), is_set_mask=False)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(gz, dst, N)


@pytest.mark.parametrize("form,selected", [
    (0, list(range(10))),          # a count: the first 10 of each repeat
    (1, [4, 5, 6, 7]),             # bits 4..7 of the low word
    (2, list(range(64))),          # ResetMask: every element
])
def test_mask_register_selects_elements_per_repeat(form, selected):
    x = np.arange(N, dtype=np.float32)
    z = np.zeros(N, np.float32)
    _masked[1](x, z, form)
    expected = np.full(N, -1, np.float32)
    for r in range(2):
        for e in selected:
            expected[64 * r + e] = x[64 * r + e]
    np.testing.assert_array_equal(z, expected)
