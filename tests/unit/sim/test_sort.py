"""Sort32 / Sort and GetSortLen on the simulator: descending (score, index) regions, per group
of 32 or over all groups, equal scores in source order."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim.errors import NotSimulatedError

N = 128


@asc.jit
def _sort(x: asc.GlobalAddress, out: asc.GlobalAddress, lens: asc.GlobalAddress,
          form: asc.ConstExpr[int]):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x)
    go = asc.GlobalTensor()
    go.set_global_buffer(out)
    gl = asc.GlobalTensor()
    gl.set_global_buffer(lens)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 4 * N * 4 + N * 4)
    scores = buf.get_with_offset(N, 0, asc.float32)
    index = buf.get_with_offset(N, N * 4, asc.uint32)
    dst = buf.get_with_offset(2 * N, 2 * N * 4, asc.float32)
    tmp = buf.get_with_offset(N, 4 * N * 4, asc.float32)
    asc.data_copy(scores, gx, N)
    for i in range(N):
        index.set_value(i, i)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    if form == 0:
        asc.sort32(dst, scores, index, N // 32)
    elif form == 1:
        asc.sort(dst, scores, index, tmp, N // 32)
    else:
        asc.sort(dst, scores, index, tmp, N // 32, is_full_sort=True)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(go, dst, 2 * N)
    gl.set_value(0, asc.get_sort_len(N))
    gl.set_value(1, asc.get_sort_offset(3))


def _expected(x: np.ndarray, groups: int) -> np.ndarray:
    out = np.zeros((N, 2), np.uint32)
    size = N // groups
    for g in range(groups):
        ids = np.arange(g * size, (g + 1) * size)
        order = ids[np.argsort(-x[ids], kind="stable")]
        out[ids, 0] = x[order].view(np.uint32)
        out[ids, 1] = order
    return out.reshape(-1)


@pytest.mark.parametrize("form,groups", [(0, N // 32), (1, N // 32), (2, 1)])
def test_sorted_regions(form, groups):
    x = np.random.default_rng(form).integers(0, 20, N).astype(np.float32)  # with ties
    out = np.zeros(2 * N, np.float32)
    lens = np.zeros(2, np.uint32)
    _sort[1](x, out, lens, form)
    np.testing.assert_array_equal(out.view(np.uint32), _expected(x, groups))
    assert lens.tolist() == [2 * N, 6]


@asc.jit
def _sort_half(x: asc.GlobalAddress, out: asc.GlobalAddress, full: asc.ConstExpr[bool]):
    # dst starts as what `out` holds: the reserved bytes of each half region keep it
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x)
    go = asc.GlobalTensor()
    go.set_global_buffer(out)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 2 + N * 4 + N * 8 + N * 8)
    scores = buf.get_with_offset(N, 0, asc.float16)
    index = buf.get_with_offset(N, N * 2, asc.uint32)
    dst = buf.get_with_offset(4 * N, N * 6, asc.float16)
    tmp = buf.get_with_offset(4 * N, N * 14, asc.float16)
    asc.data_copy(scores, gx, N)
    asc.data_copy(dst, go, 4 * N)
    for i in range(N):
        index.set_value(i, 1000 + i)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    if full:
        asc.sort(dst, scores, index, tmp, N // 32, is_full_sort=True)
    else:
        asc.sort32(dst, scores, index, N // 32)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(go, dst, 4 * N)


@pytest.mark.parametrize("full,groups", [(False, N // 32), (True, 1)])
def test_half_regions_are_score_reserved_index(full, groups):
    # Ascend C's Sort32 page: a half region is the score in the low 2 bytes, 2 reserved bytes,
    # the uint32 index in the high 4 bytes.
    x = (np.random.default_rng(7).integers(-8, 8, N) / 4).astype(np.float16)  # with ties
    out = np.full(4 * N, np.float16(-3.5), np.float16)  # bits 0xC300 in every slot
    _sort_half[1](x, out, full)
    regions = out.view(np.uint8).reshape(N, 8)
    size = N // groups
    for g in range(groups):
        ids = np.arange(g * size, (g + 1) * size)
        order = ids[np.argsort(-x[ids].astype(np.float32), kind="stable")]
        np.testing.assert_array_equal(regions[ids, 0:2].copy().view(np.float16)[:, 0], x[order])
        np.testing.assert_array_equal(regions[ids, 4:8].copy().view(np.uint32)[:, 0],
                                      1000 + order)
    assert (regions[:, 2:4].copy().view(np.uint16) == 0xC300).all()  # left as dst held them


@asc.jit
def _sort_int(x: asc.GlobalAddress):
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    s = buf.get_with_offset(32, 0, asc.int32)
    i = buf.get_with_offset(32, 128, asc.uint32)
    d = buf.get_with_offset(64, 256, asc.int32)
    asc.sort32(d, s, i, 1)


def test_integer_scores_are_refused_at_their_line():
    with pytest.raises(NotSimulatedError, match="Sort32 and Sort take half or float") as info:
        _sort_int[1](np.zeros(4, np.int32))
    assert "test_sort.py:" in str(info.value)
