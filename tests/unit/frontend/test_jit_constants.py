"""Constants a kernel reads from its closure or module are part of its compiled identity.

Until this was fixed, only scalars, strings and tuples were: two kernels made by one factory
that differed in a captured list shared one disk-cache entry, so the second ran the first's
code and gave the first's results.
"""

from __future__ import annotations

import numpy as np

import ascdsl as asc

N = 64
SCALE = [2.0]


def _scale_by(scale):
    """A kernel made by a factory: y = x * scale[0] (scale: a list, a dict or an object)."""

    @asc.jit
    def k(x: asc.GlobalAddress, y: asc.GlobalAddress):
        xg = asc.GlobalTensor()
        xg.set_global_buffer(x)
        yg = asc.GlobalTensor()
        yg.set_global_buffer(y)
        ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, N)
        asc.data_copy(ub, xg, N)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.muls(ub, ub, scale[0], N)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(yg, ub, N)

    return k


@asc.jit
def scale_global(x: asc.GlobalAddress, y: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, N)
    asc.data_copy(ub, xg, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(ub, ub, SCALE[0], N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(yg, ub, N)


def _run(kernel) -> float:
    x = np.ones(N, np.float32)
    y = np.zeros(N, np.float32)
    kernel[1](x, y)
    return float(y[0])


def test_factory_kernels_differing_in_a_captured_list_do_not_share_code(isolated_cache):
    assert _run(_scale_by([2.0])) == 2.0
    assert _run(_scale_by([3.0])) == 3.0  # was 2.0: the first kernel's disk entry
    assert _run(_scale_by([2.0])) == 2.0
    assert len(list(isolated_cache.glob("k-*.pkl"))) == 2


def test_factory_kernels_differing_in_a_captured_dict_do_not_share_code(isolated_cache):
    assert _run(_scale_by({0: 2.0})) == 2.0
    assert _run(_scale_by({0: 5.0})) == 5.0


def test_a_module_list_changed_in_place_recompiles(isolated_cache):
    try:
        assert _run(scale_global) == 2.0
        SCALE[0] = 4.0
        assert _run(scale_global) == 4.0  # the memory cache noticed the new contents
    finally:
        SCALE[0] = 2.0
        scale_global._invalidate()


class _Scale:
    """An object with no value to key on: its kernels are compiled per function object."""

    def __init__(self, v: float):
        self.v = v

    def __getitem__(self, i: int) -> float:
        return self.v


def test_kernels_reading_an_opaque_object_never_share_the_disk_cache(isolated_cache):
    assert _run(_scale_by(_Scale(2.0))) == 2.0
    assert _run(_scale_by(_Scale(6.0))) == 6.0
    assert not list(isolated_cache.glob("k-*.pkl"))
