"""TransDataTo5HD on the simulator: NCHW -> NC1HWC0 for one C1 block of 16 channels of
16 x 16 half / int16 values, in the tensor-list and the address-tensor forms."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim.errors import NotSimulatedError

C0, HW = 16, 256


@asc.jit
def _to_5hd(x: asc.GlobalAddress, z: asc.GlobalAddress, by_address: asc.ConstExpr[bool]):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x)
    gz = asc.GlobalTensor()
    gz.set_global_buffer(z)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, 1)
    qz = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=qx, num=1, len=C0 * HW * 2)
    pipe.init_buffer(que=qz, num=1, len=C0 * HW * 2)
    addrs = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(addrs, 256)
    lx = qx.alloc_tensor(x.dtype)
    asc.data_copy(lx, gx, C0 * HW)
    qx.enque(lx)
    sx = qx.deque(x.dtype)
    sz = qz.alloc_tensor(x.dtype)
    # 16 repeats: source rows step one block (16 values of h*w) per repeat, destination rows
    # a whole 16 x 16 block.
    params = asc.TransDataTo5HDParams(dst_high_half=False, src_high_half=False,
                                      repeat_times=16, dst_rep_stride=16, src_rep_stride=1)
    if by_address:
        table = addrs.get(asc.uint64)
        for i in range(16):
            table.set_value(i, sz[16 * i].get_phy_addr())
            table.set_value(16 + i, sx[HW * i].get_phy_addr())
        asc.trans_data_to_5hd(table, table[16], params)
    else:
        asc.trans_data_to_5hd(
            [sz[0], sz[16], sz[32], sz[48], sz[64], sz[80], sz[96], sz[112], sz[128], sz[144],
             sz[160], sz[176], sz[192], sz[208], sz[224], sz[240]],
            [sx[0], sx[HW], sx[2 * HW], sx[3 * HW], sx[4 * HW], sx[5 * HW], sx[6 * HW],
             sx[7 * HW], sx[8 * HW], sx[9 * HW], sx[10 * HW], sx[11 * HW], sx[12 * HW],
             sx[13 * HW], sx[14 * HW], sx[15 * HW]], params)
    qz.enque(sz)
    qx.free_tensor(sx)
    oz = qz.deque(x.dtype)
    asc.data_copy(gz, oz, C0 * HW)
    qz.free_tensor(oz)


@pytest.mark.parametrize("dtype", [np.float16, np.int16])
@pytest.mark.parametrize("by_address", [False, True])
def test_nchw_to_nc1hwc0(dtype, by_address):
    x = (np.arange(C0 * HW) % 251).astype(dtype)
    z = np.zeros_like(x)
    _to_5hd[1](x, z, by_address)
    expected = x.reshape(C0, HW).T.reshape(-1)  # (c, h*w) -> (h*w, c0)
    np.testing.assert_array_equal(z, expected)


@asc.jit
def _float_5hd(x: asc.GlobalAddress):
    pipe = asc.TPipe()
    b = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(b, 4096)
    t = b.get(asc.float32)
    params = asc.TransDataTo5HDParams(repeat_times=1)
    rows = [t[0], t[8], t[16], t[24], t[32], t[40], t[48], t[56], t[64], t[72], t[80], t[88],
            t[96], t[104], t[112], t[120]]
    asc.trans_data_to_5hd(rows, rows, params)


def test_float_elements_are_reported_as_not_simulated():
    with pytest.raises(NotSimulatedError, match="2-byte elements"):
        _float_5hd[1](np.zeros(4, np.float32))
