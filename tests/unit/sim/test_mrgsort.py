"""MrgSort (array and MrgSort4Info forms) and GetMrgSortResult on the simulator: Sort32's
groups merged into one descending list as vmrgsort4 merges them; the suspension mode and
the counts it leaves; the header rules; the proposal ops the 910B does not have."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim.errors import InvalidArgumentError, NotSimulatedError
from ascdsl.sim.lower.mrgsort import merge

N = 128  # four groups of 32


@asc.jit
def _merge(x: asc.GlobalAddress, out: asc.GlobalAddress, res: asc.GlobalAddress,
           form: asc.ConstExpr[int], valid: asc.ConstExpr[int], l3: asc.ConstExpr[int]):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x)
    go = asc.GlobalTensor()
    go.set_global_buffer(out)
    gr = asc.GlobalTensor()
    gr.set_global_buffer(res)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 4 + N * 4 + 2 * N * 4 + 2 * N * 4)
    scores = buf.get_with_offset(N, 0, asc.float32)
    index = buf.get_with_offset(N, N * 4, asc.uint32)
    groups = buf.get_with_offset(2 * N, 2 * N * 4, asc.float32)
    dst = buf.get_with_offset(2 * N, 4 * N * 4, asc.float32)
    asc.data_copy(scores, gx, N)
    for i in range(N):
        index.set_value(i, i)
    asc.duplicate(dst, 0.0, 2 * N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.sort32(groups, scores, index, N // 32)
    l0 = buf.get_with_offset(64, 2 * N * 4, asc.float32)
    l1 = buf.get_with_offset(64, 2 * N * 4 + 256, asc.float32)
    l2 = buf.get_with_offset(64, 2 * N * 4 + 512, asc.float32)
    l4 = buf.get_with_offset(64, 2 * N * 4 + 768, asc.float32)
    lists = asc.MrgSortSrcList(asc.float32, l0, l1, l2, l4)
    if form == 0:
        asc.mrg_sort(dst, lists, [32, 32, l3, 32], [0, 0, 0, 0], valid_bit=valid, repeat_time=1)
    elif form == 1:
        asc.mrg_sort(dst, lists, [32, 32, l3, 32], [0, 0, 0, 0], valid, 1,
                     is_exhausted_suspension=True)
    else:
        info = asc.MrgSort4Info([32, 32, l3, 32], if_exhausted_suspension=False,
                                valid_bit=valid, repeat_times=1)
        asc.mrg_sort(dst, lists, info)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    a, b, c, d = asc.get_mrg_sort_result()
    gr.set_value(0, a)
    gr.set_value(1, b)
    gr.set_value(2, c)
    gr.set_value(3, d)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(go, dst, 2 * N)


def _regions(x: np.ndarray, ids: np.ndarray) -> np.ndarray:
    order = ids[np.argsort(-x[ids], kind="stable")]
    return np.stack([x[order].view(np.uint32), order.astype(np.uint32)], axis=1).reshape(-1)


def _run(x, form, valid=15, l3=32):
    out = np.zeros(2 * N, np.float32)
    res = np.zeros(4, np.uint32)
    _merge[1](x, out, res, form, valid, l3)
    return out.view(np.uint32), res


@pytest.mark.parametrize("form", [0, 2])
def test_four_sorted_groups_merge_into_one_descending_list(form):
    x = np.random.default_rng(3).integers(0, 40, N).astype(np.float32)  # many ties
    out, res = _run(x, form)
    # Ties go to the earlier list, and each list keeps its order: a stable sort overall.
    np.testing.assert_array_equal(out, _regions(x, np.arange(N)))
    assert res.tolist() == [32, 32, 32, 32]


def test_valid_bit_7_merges_the_first_three_lists():
    x = np.random.default_rng(4).standard_normal(N).astype(np.float32)
    out, res = _run(x, 0, valid=7)
    np.testing.assert_array_equal(out[:2 * 96], _regions(x, np.arange(96)))
    assert not out[2 * 96:].any()  # dst past the merged regions is untouched
    assert res.tolist() == [32, 32, 32, 0]


def test_exhausted_suspension_stops_after_one_list_runs_out():
    # List 3 (group 2) holds the 8 highest scores and only 8 regions are given for it: the
    # merge takes them first and stops.
    x = np.arange(N, dtype=np.float32)
    x[64:72] = 1000 + np.arange(8)
    out, res = _run(x, 1, l3=8)
    assert res.tolist() == [0, 0, 8, 0]
    got = out[:16].reshape(-1, 2)
    assert got[:, 1].tolist() == list(range(71, 63, -1))
    assert not out[16:].any()


def test_merge_follows_the_heads_not_a_global_sort():
    # An unsorted list merges head by head, as the instruction compares heads.
    order, took = merge([[5.0, 9.0], [7.0]], suspend=False)
    assert order == [(1, 0), (0, 0), (0, 1)] and took == [2, 1]
    order, took = merge([[5.0, 9.0], [7.0], [7.0]], suspend=True)
    assert order == [(1, 0)] and took == [0, 1, 0]


def test_a_valid_bit_the_headers_refuse_is_a_located_error():
    x = np.zeros(N, np.float32)
    with pytest.raises(InvalidArgumentError) as info:
        _run(x, 0, valid=5)
    text = str(info.value)
    assert "validBit 0b0101" in text and "test_mrgsort.py:" in text


@asc.jit
def _proposal():
    src = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=256)
    dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=512, tile_size=256)
    asc.proposal_concat(dst, src, repeat_time=2, mode_number=4)


def test_proposal_ops_are_refused_as_the_910b_headers_refuse_them():
    with pytest.raises(NotSimulatedError) as info:
        _proposal[1]()
    text = str(info.value)
    assert "not supported on the 910B" in text and "ProposalConcat" in text
    assert "test_mrgsort.py:" in text


@asc.jit
def _merge_twice(x: asc.GlobalAddress, out: asc.GlobalAddress):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x)
    go = asc.GlobalTensor()
    go.set_global_buffer(out)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 8192)
    scores = buf.get_with_offset(256, 0, asc.float32)
    index = buf.get_with_offset(256, 1024, asc.uint32)
    groups = buf.get_with_offset(512, 2048, asc.float32)
    dst = buf.get_with_offset(512, 4096, asc.float32)
    asc.data_copy(scores, gx, 256)
    for i in range(256):
        index.set_value(i, i)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.sort32(groups, scores, index, 8)
    lists = asc.MrgSortSrcList(asc.float32, groups[0:], groups[64:], groups[128:], groups[192:])
    # Repeat 1 merges groups 4..7: every list and dst move on by the four lists' length.
    asc.mrg_sort(dst, lists, asc.MrgSort4Info([32, 32, 32, 32], repeat_times=2))
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(go, dst, 512)


def test_repeats_merge_the_next_four_lists():
    x = np.random.default_rng(5).standard_normal(256).astype(np.float32)
    out = np.zeros(512, np.float32)
    _merge_twice[1](x, out)
    got = out.view(np.uint32)
    np.testing.assert_array_equal(got[:256], _regions(x, np.arange(128)))
    np.testing.assert_array_equal(got[256:], _regions(x, np.arange(128, 256)))
