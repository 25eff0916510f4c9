"""A fixed base block is never larger than a core's share of C (ascdsl.lib.host.algorithm):
the split is chosen no finer than the block, so kernels that move whole base blocks stay
inside their own share."""

from __future__ import annotations

import pytest

import ascdsl as asc
import ascdsl.lib.host as host


def _tiling(m, n, k, dim, fix):
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    f16 = host.DataType.DT_FLOAT16
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, f16, False)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, f16, False)
    mt.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_dim(dim)
    mt.set_shape(m, n, k)
    mt.set_org_shape(m, n, k)
    mt.set_fix_split(*fix)
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) == 0, mt.error
    return t


@pytest.mark.parametrize("fix, single", [
    # 256 x 256 x 128 on 4 cores with 128-wide blocks: 2 x 2 shares of 128 x 128, not the
    # 1 x 4 split of 256 x 64 shares that a 128-wide block would overrun.
    ((128, 128, -1), (128, 128)),
    ((-1, 128, -1), (128, 128)),
    # a block as tall as M: the split keeps M whole (two cores of 256 x 128).
    ((256, 128, -1), (256, 128)),
])
def test_a_fixed_base_block_fits_in_each_cores_share(fix, single):
    t = _tiling(256, 256, 128, 4, fix)
    assert (t.single_core_m, t.single_core_n) == single
    assert t.base_m <= t.single_core_m and t.base_n <= t.single_core_n
    assert t.used_core_num == (256 // single[0]) * (256 // single[1])


def test_a_base_block_larger_than_the_whole_matrix_is_still_allowed():
    # N = 96 is smaller than the fixed 128-wide block: one core column owns all of N and the
    # Matmul API computes the block as a tail.
    t = _tiling(256, 96, 128, 2, (128, 128, -1))
    assert t.single_core_n == 96 and t.base_n == 128
