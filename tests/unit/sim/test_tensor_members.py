"""LocalTensor / GlobalTensor members on the simulator: addresses, sizes, tags, views."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim.errors import OutOfBoundsError


@asc.jit
def _members(x: asc.GlobalAddress, out: asc.GlobalAddress):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, 64)
    o = asc.GlobalTensor()
    o.set_global_buffer(out)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 1024, 64)
    o.set_value(0, t.get_phy_addr())
    o.set_value(1, t.get_phy_addr(8))
    o.set_value(2, t.get_length())
    o.set_value(3, t.get_size())
    o.set_value(4, t.get_position())
    o.set_value(5, t.get_user_tag())
    t.set_user_tag(7)
    o.set_value(6, t.get_user_tag())
    t.set_size(16)
    o.set_value(7, t.get_size())
    t.set_buffer_len(128)
    o.set_value(8, t.get_length())
    u = asc.LocalTensor(asc.float32)
    u.set_addr_with_offset(t, 4)  # moved by 4 elements, the byte length kept (128 bytes)
    o.set_value(9, u.get_phy_addr())
    o.set_value(10, u.get_size())
    o.set_value(11, t(2).get_phy_addr())
    o.set_value(12, gx.get_size())
    info = t.get_shape_info()
    t.set_shape_info(info)
    gx.set_shape_info(asc.ShapeInfo())


def test_local_tensor_members_report_address_size_position_and_tag():
    out = np.full(13, -1, np.int64)
    _members[1](np.zeros(64, np.float32), out)
    assert out.tolist() == [1024, 1056, 256, 64, int(asc.TPosition.VECIN), 0, 7, 16, 128,
                            1040, 32, 1032, 64]


@asc.jit
def _gm_views(x: asc.GlobalAddress, z: asc.GlobalAddress):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x)
    gz = asc.GlobalTensor()
    gz.set_global_buffer(z)
    p = gx.get_phy_addr(32)
    g2 = asc.GlobalTensor()
    g2.set_global_buffer(p)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 32)
    asc.data_copy(t, g2, 32)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(gz(8), t, 32)


def test_global_phy_addr_and_call_operator_offset_by_elements():
    x = np.arange(64, dtype=np.float32)
    z = np.zeros(40, np.float32)
    _gm_views[1](x, z)
    np.testing.assert_array_equal(z[8:], x[32:])
    assert (z[:8] == 0).all()


@asc.jit
def _too_long():
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    t.set_size(1 << 20)


def test_growing_a_tensor_past_its_memory_is_a_located_error():
    with pytest.raises(OutOfBoundsError, match="elements long, past the end") as e:
        _too_long[1]()
    assert "test_tensor_members.py" in str(e.value)


@asc.jit
def _retype(out: asc.GlobalAddress):
    o = asc.GlobalTensor()
    o.set_global_buffer(out)
    src = asc.LocalTensor(asc.int16, asc.TPosition.VECCALC, 256, 64)
    dst = asc.LocalTensor(asc.float32)
    dst.set_addr_with_offset(src, 16)  # 16 int16 = 32 bytes further
    o.set_value(0, dst.get_phy_addr())
    o.set_value(1, dst.get_size())


def test_set_addr_with_offset_takes_another_element_type():
    out = np.zeros(2, np.int64)
    _retype[1](out)
    assert out.tolist() == [256 + 32, 64 * 2 // 4]
