"""Block, pair, whole-repeat reductions and ReduceSum/Max/Min L0/L1 on the simulator.

Kernels in the kernel language as pyasc's tests write them: x (512 elements) comes in, z (512
elements, primed by the test) goes out; references are numpy, with the hardware's binary-tree
summation written out independently here.
"""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc

U64 = 2**64 - 1


def _frame(compute, dtype):
    @asc.jit
    def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
        gx = asc.GlobalTensor()
        gx.set_global_buffer(x)
        gz = asc.GlobalTensor()
        gz.set_global_buffer(z)
        lx = asc.LocalTensor(dtype, asc.TPosition.VECIN, 0, 512)
        lz = asc.LocalTensor(dtype, asc.TPosition.VECOUT, 4096, 512)
        tmp = asc.LocalTensor(dtype, asc.TPosition.VECCALC, 8192, 512)
        asc.data_copy(lx, gx, 512)
        asc.data_copy(lz, gz, 512)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        compute(lx, lz, tmp)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(gz, lz, 512)

    return kernel


def _run(compute, x, z=None):
    dtype = asc.float16 if x.dtype == np.float16 else asc.float32
    z = np.zeros(512, x.dtype) if z is None else z
    _frame(compute, dtype)[1](x, z)
    return z


def _x(dtype=np.float16, seed=0):
    return np.random.default_rng(seed).standard_normal(512).astype(dtype)


def _tree(a: np.ndarray) -> np.ndarray:
    """Pairwise sum along the last axis in a's type."""
    a = a.copy()
    while a.shape[-1] > 1:
        s = a[..., 0::2].astype(np.float64) + a[..., 1::2].astype(np.float64)
        with np.errstate(over="ignore"):
            a = s.astype(a.dtype)
    return a[..., 0]


# --- whole-repeat reductions ------------------------------------------------------------------


@asc.jit
def _whole_sum(lx, lz, tmp):
    asc.whole_reduce_sum(lz, lx, mask=128, repeat_time=4, dst_rep_stride=2, src_blk_stride=1,
                         src_rep_stride=8)


def test_whole_reduce_sum_adds_in_a_tree_per_repeat():
    x = _x()
    z = _run(_whole_sum, x, np.full(512, 9, np.float16))
    np.testing.assert_array_equal(z[0:8:2], _tree(x.reshape(4, 128)))
    assert (z[1:8:2] == 9).all()  # dst_rep_stride 2: every other element


@asc.jit
def _saturating_sum(lx, lz, tmp):
    asc.whole_reduce_sum(lz, lx, mask=4, repeat_time=1, dst_rep_stride=1, src_blk_stride=1,
                         src_rep_stride=8)


def test_f16_tree_sum_overflows_in_the_default_non_saturating_mode():
    # ReduceDataBlock.md: "half数据类型默认是寄存器非饱和模式"; its example [60000, 60000,
    # -30000, 100] -> 65504 + -29900 is the saturating mode (CTRL[48], not modelled). By
    # default 60000 + 60000 overflows to inf, and inf + -29904 is inf.
    x = np.zeros(512, np.float16)
    x[:4] = [60000, 60000, -30000, 100]
    z = _run(_saturating_sum, x)
    assert z[0] == np.inf


@asc.jit
def _repeat_sum(lx, lz, tmp):
    asc.repeat_reduce_sum(lz, lx, repeat_time=4, mask=64, dst_blk_stride=0, src_blk_stride=1,
                          dst_rep_stride=1, src_rep_stride=8)


def test_repeat_reduce_sum_with_a_count_mask():
    x = _x()
    z = _run(_repeat_sum, x)
    np.testing.assert_array_equal(z[:4], _tree(x.reshape(4, 128)[:, :64]))


ORDERS = [asc.ReduceOrder.ORDER_VALUE_INDEX, asc.ReduceOrder.ORDER_INDEX_VALUE,
          asc.ReduceOrder.ORDER_ONLY_VALUE, asc.ReduceOrder.ORDER_ONLY_INDEX]


def _whole_max(order):
    @asc.jit
    def compute(lx, lz, tmp):
        asc.whole_reduce_max(lz, lx, mask=[U64, 0], repeat_time=4, dst_rep_stride=1,
                             src_blk_stride=1, src_rep_stride=8, order=order)

    return compute


@pytest.mark.parametrize("order", ORDERS, ids=lambda o: o.name)
def test_whole_reduce_max_layouts(order):
    # Bit mask: the low 64 elements of each 128-element repeat.
    x = _x()
    z = _run(_whole_max(order), x)
    part = x.reshape(4, 128)[:, :64]
    vals, idx = part.max(axis=1), part.argmax(axis=1)
    if order is asc.ReduceOrder.ORDER_ONLY_VALUE:
        np.testing.assert_array_equal(z[:4], vals)
    elif order is asc.ReduceOrder.ORDER_ONLY_INDEX:
        np.testing.assert_array_equal(z[:8].view(np.uint32), idx)
    else:
        first = 0 if order is asc.ReduceOrder.ORDER_VALUE_INDEX else 1
        np.testing.assert_array_equal(z[first:8:2], vals)
        np.testing.assert_array_equal(z[1 - first:8:2].view(np.uint16), idx)


@asc.jit
def _whole_min_f32(lx, lz, tmp):
    asc.whole_reduce_min(lz, lx, mask=64, repeat_time=2, dst_rep_stride=1, src_blk_stride=2,
                         src_rep_stride=16)


def test_whole_reduce_min_f32_block_stride():
    # f32, block stride 2: repeat r reads blocks 0, 2, .., 14 from r * 16 blocks (128 floats).
    x = _x(np.float32)
    z = _run(_whole_min_f32, x)
    for r in range(2):
        part = np.concatenate([x[r * 128 + 16 * b:r * 128 + 16 * b + 8] for b in range(8)])
        assert z[2 * r] == part.min()
        assert z[2 * r + 1:2 * r + 2].view(np.uint32)[0] == part.argmin()


# --- block and pair reductions ---------------------------------------------------------------


@asc.jit
def _blocks(lx, lz, tmp):
    asc.block_reduce_sum(lz, lx, repeat=2, mask=128, dst_rep_stride=1, src_blk_stride=1,
                         src_rep_stride=8)
    asc.block_reduce_max(lz[32:], lx, repeat=2, mask=128, dst_rep_stride=2, src_blk_stride=1,
                         src_rep_stride=8)
    asc.block_reduce_min(lz[64:], lx, 2, [0xFFFF0000FFFF0000, U64], 1, 1, 8)


def test_block_reductions():
    x = _x()
    z = _run(_blocks, x, np.full(512, 9, np.float16))
    blocks = x[:256].reshape(16, 16)
    np.testing.assert_array_equal(z[:16], _tree(blocks))
    np.testing.assert_array_equal(z[32:40], blocks[:8].max(axis=1))
    assert (z[40:48] == 9).all()  # dst_rep_stride 2 (units of 8 results) skips one unit
    np.testing.assert_array_equal(z[48:56], blocks[8:].max(axis=1))
    # The low mask word takes the upper 16 elements of each 32: odd blocks of the low half.
    mask = np.zeros(128, bool)
    for i in range(64):
        mask[i] = (0xFFFF0000FFFF0000 >> i) & 1
    mask[64:] = True
    on = np.tile(mask, 2).reshape(16, 16)
    expect = np.where(on, blocks, np.inf).min(axis=1)
    expect[~on.any(axis=1)] = 9  # A2: a block with no element is not written
    got = z[64:80].astype(np.float64)
    np.testing.assert_array_equal(got, expect)


@asc.jit
def _pairs_f32(lx, lz, tmp):
    asc.pair_reduce_sum(lz, lx, repeat_time=2, mask=62, dst_rep_stride=1, src_blk_stride=1,
                        src_rep_stride=8)


def test_pair_reduce_sum_leaves_unmasked_pairs():
    # Ascend C's example: f32, mask 62 -- the last pair takes part in nothing, dst keeps it.
    x = _x(np.float32)
    z = _run(_pairs_f32, x, np.full(512, 9, np.float32))
    for r in range(2):
        src = x[64 * r:64 * r + 64]
        np.testing.assert_array_equal(z[32 * r:32 * r + 31], src[0:62:2] + src[1:62:2])
        assert z[32 * r + 31] == 9


# --- ReduceSum/Max/Min over repeats ----------------------------------------------------------


@asc.jit
def _reduce_l0(lx, lz, tmp):
    asc.reduce_max(lz, lx, tmp, mask=100, repeat_time=3, src_rep_stride=8, cal_index=True)
    asc.pipe_barrier(asc.PipeID.PIPE_V)  # the three share the scratch buffer
    asc.reduce_min(lz[16:], lx, shared_tmp_buffer=tmp, mask=[U64, U64], repeat_time=4,
                   src_rep_stride=8, cal_index=True)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.reduce_sum(lz[32:], lx, tmp, mask=128, repeat_time=4, src_rep_stride=8)


def test_reduce_over_repeats_with_index():
    x = _x()
    z = _run(_reduce_l0, x)
    part = x.reshape(4, 128)[:3, :100]
    r, e = np.unravel_index(part.argmax(), part.shape)
    assert z[0] == part.max() and z[1:2].view(np.uint16)[0] == r * 128 + e
    assert z[16] == x.min() and z[17:18].view(np.uint16)[0] == x.argmin()
    assert z[32] == _tree(_tree(x.reshape(4, 128))[None, :])[0]


@asc.jit
def _reduce_bad_mask(lx, lz, tmp):
    asc.whole_reduce_sum(lz, lx, mask=200, repeat_time=1, dst_rep_stride=1, src_blk_stride=1,
                         src_rep_stride=8)


def test_mask_out_of_range_is_a_located_finding():
    x = _x()
    with pytest.raises(Exception) as info:
        _run(_reduce_bad_mask, x)
    text = str(info.value)
    assert "InvalidArgumentError" in text and "mask=200 (0..128)" in text
    assert "test_reduce_repeat.py:" in text
