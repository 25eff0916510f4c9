"""Named constants of the Ascend C headers (`asc.property(asc.TOTAL_L1_SIZE)`) take the SoC
table's values in the simulator, and a kernel's copy of its TCubeTiling can be changed
(`tiling.share_l1_size = ...`, as pyasc's matmul kernels do) without touching the argument."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.dialects.ascendc.enums import Hardware
from ascdsl.dialects.ascendc.soc import get_soc
from ascdsl.sim.errors import NotSimulatedError


@asc.jit
def constants_kernel(out: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
    o = asc.GlobalTensor()
    o.set_global_buffer(out)
    tiling.share_l1_size = asc.property(asc.TOTAL_L1_SIZE)
    tiling.share_l0c_size = asc.property(asc.TOTAL_L0C_SIZE) // 2
    o.set_value(0, tiling.share_l1_size)
    o.set_value(1, tiling.share_l0c_size)
    o.set_value(2, asc.property(asc.DEFAULT_C0_SIZE))
    o.set_value(3, asc.property(asc.ONE_BLK_SIZE))
    o.set_value(4, tiling.base_m)


def test_header_constants_come_from_the_soc_table():
    out = np.zeros(8, np.int32)
    tiling = asc.adv.TCubeTiling(base_m=64)
    constants_kernel[1](out, tiling)
    soc = get_soc()
    assert out[:5].tolist() == [soc.capacity(Hardware.L1), soc.capacity(Hardware.L0C) // 2,
                                32, 32, 64]
    assert tiling.share_l1_size == 0  # the host's struct is not the kernel's copy


def test_header_constant_lookup():
    soc = get_soc("Ascend910B4")
    assert soc.header_constant("::AscendC::TOTAL_UB_SIZE") == 192 * 1024
    assert soc.header_constant("AscendC::TOTAL_L0A_SIZE") == 64 * 1024
    assert soc.header_constant("::AscendC::NO_SUCH_SIZE") is None


@asc.jit
def opaque_kernel(out: asc.GlobalAddress):
    o = asc.GlobalTensor()
    o.set_global_buffer(out)
    o.set_value(0, asc.property(asc.Property("::AscendC::SOMETHING_ELSE", asc.int32)))


def test_an_unknown_opaque_constant_is_refused_with_the_known_ones():
    with pytest.raises(NotSimulatedError, match="TOTAL_L1_SIZE"):
        opaque_kernel[1](np.zeros(8, np.int32))
