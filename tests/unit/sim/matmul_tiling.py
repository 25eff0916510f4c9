"""The host tiling of the batch Matmul tests (IterateBatch, IterateNBatch, enPartialSum):
one place that fills a TCubeTiling with asc.lib.host, as a kernel's host code would."""

from __future__ import annotations

import ascdsl as asc
import ascdsl.lib.host as host


def batch_tiling(m: int, n: int, k: int, batch_num: int, *, lines: int | None = None,
                 heads: int = 1, groups: int = 1, cores: int = 1,
                 base: tuple[int, int, int] | None = None,
                 dtype=host.DataType.DT_FLOAT16) -> asc.adv.TCubeTiling:
    """A batch tiling of m x k by k x n products, A and B of `dtype` in GM, C f32.

    The layout infos (B, S, N, G, D) are A: (lines, m, heads, groups, k), B: (lines, k,
    heads, groups, n), C: (lines, m, heads, groups, n); `lines` is batch_num unless given
    (IterateNBatch: one line of B per loop, heads x groups products in each). `base` fixes
    baseM, baseN, baseK (set_fix_split; -1 leaves one to the tiling)."""
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, dtype, False)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, dtype, False)
    mt.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_dim(cores)
    mt.set_org_shape(m, n, k)
    mt.set_shape(m, n, k)
    lines = batch_num if lines is None else lines
    mt.set_a_layout(lines, m, heads, groups, k)
    mt.set_b_layout(lines, k, heads, groups, n)
    mt.set_c_layout(lines, m, heads, groups, n)
    mt.set_batch_num(batch_num)
    if base is not None:
        mt.set_fix_split(*base)
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) == 0, mt.error
    return t
