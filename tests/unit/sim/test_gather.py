"""Gather, Gatherb, Scatter and Brcb on the simulator, against numpy index arithmetic."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc

U64 = 2**64 - 1


def _frame(compute):
    """x (256 f32) and offsets (256 ui32) in, z (256 f32, primed) out."""

    @asc.jit
    def kernel(x: asc.GlobalAddress, off: asc.GlobalAddress, z: asc.GlobalAddress):
        gx = asc.GlobalTensor()
        gx.set_global_buffer(x)
        go = asc.GlobalTensor()
        go.set_global_buffer(off)
        gz = asc.GlobalTensor()
        gz.set_global_buffer(z)
        lx = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
        lo = asc.LocalTensor(asc.uint32, asc.TPosition.VECIN, 1024, 256)
        lz = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 2048, 256)
        asc.data_copy(lx, gx, 256)
        asc.data_copy(lo, go, 256)
        asc.data_copy(lz, gz, 256)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        compute(lx, lo, lz)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(gz, lz, 256)

    return kernel


def _run(compute, off, z=None):
    x = np.arange(256, dtype=np.float32) * 0.5 - 3
    z = np.full(256, -1, np.float32) if z is None else z
    _frame(compute)[1](x, off.astype(np.uint32), z)
    return x, z


PERM = np.random.default_rng(0).permutation(256)


@asc.jit
def _gather_l2(lx, lo, lz):
    asc.gather(lz, lx, lo, 0, count=200)


def test_gather_l2_by_byte_offsets():
    x, z = _run(_gather_l2, PERM * 4)
    np.testing.assert_array_equal(z[:200], x[PERM[:200]])
    assert (z[200:] == -1).all()


@asc.jit
def _gather_l0(lx, lo, lz):
    asc.gather(lz, lx, lo, src_base=16, mask=32, repeat_times=2, dst_rep_stride=16)


def test_gather_l0_base_mask_and_repeat_stride():
    # f32: 64 positions a repeat; mask 32; repeat 1 writes from block 16 (element 128) and
    # takes offsets 64..95; src_base 16 bytes shifts every source by 4 elements.
    offs = (PERM % 200) * 4
    x, z = _run(_gather_l0, offs)
    expect = np.full(256, -1, np.float32)
    expect[0:32] = x[offs[0:32] // 4 + 4]
    expect[128:160] = x[offs[64:96] // 4 + 4]
    np.testing.assert_array_equal(z, expect)


@asc.jit
def _scatter_l2(lx, lo, lz):
    asc.scatter(lz, lx, lo, 0, count=256)


def test_scatter_l2_is_the_inverse_permutation():
    x, z = _run(_scatter_l2, PERM * 4)
    expect = np.empty(256, np.float32)
    expect[PERM] = x
    np.testing.assert_array_equal(z, expect)


@asc.jit
def _scatter_l1(lx, lo, lz):
    asc.scatter(lz, lx, lo, dst_base=0, mask=[0xFF, 0], repeat_times=2, src_rep_stride=8)


def test_scatter_l1_bit_mask():
    x, z = _run(_scatter_l1, PERM * 4)
    expect = np.full(256, -1, np.float32)
    for r in range(2):
        for e in range(8):
            expect[PERM[64 * r + e]] = x[64 * r + e]
    np.testing.assert_array_equal(z, expect)


@asc.jit
def _gatherb(lx, lo, lz):
    params = asc.GatherRepeatParams(1, 8)
    asc.gatherb(lz, lx, lo, repeat_times=2, repeat_params=params)


def test_gatherb_moves_blocks():
    blocks = np.random.default_rng(1).permutation(32)[:16]
    x, z = _run(_gatherb, np.concatenate([blocks * 32, np.zeros(240, np.int64)]))
    expect = np.concatenate([x[8 * b:8 * b + 8] for b in blocks])
    np.testing.assert_array_equal(z[:128], expect)
    assert (z[128:] == -1).all()


@asc.jit
def _brcb(lx, lo, lz):
    params = asc.BrcbRepeatParams(2, 16)
    asc.brcb(lz, lx, 2, params)


def test_brcb_fills_strided_blocks():
    # Block stride 2, repeat stride 16 blocks: element 8r + b fills block 16r + 2b.
    x, z = _run(_brcb, np.zeros(256))
    expect = np.full(256, -1, np.float32)
    for r in range(2):
        for b in range(8):
            blk = 16 * r + 2 * b
            expect[8 * blk:8 * blk + 8] = x[8 * r + b]
    np.testing.assert_array_equal(z, expect)


@asc.jit
def _gather_misaligned(lx, lo, lz):
    asc.gather(lz, lx, lo, 0, count=8)


def test_misaligned_offset_is_a_located_finding():
    offs = np.arange(256) * 4
    offs[3] = 13
    with pytest.raises(Exception) as info:
        _run(_gather_misaligned, offs)
    text = str(info.value)
    assert "byte offset 13 that is not a multiple of 4" in text
    assert "test_gather.py:" in text


# pyasc's IR may type the offset tensor f32 or i32 (its verifier takes any local tensor):
# the instruction reads the stored bits as uint32.
def _frame_offsets(offset_dtype):
    @asc.jit
    def kernel(x: asc.GlobalAddress, off: asc.GlobalAddress, z: asc.GlobalAddress):
        gx = asc.GlobalTensor()
        gx.set_global_buffer(x)
        go = asc.GlobalTensor()
        go.set_global_buffer(off)
        gz = asc.GlobalTensor()
        gz.set_global_buffer(z)
        lx = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
        lo = asc.LocalTensor(offset_dtype, asc.TPosition.VECIN, 1024, 64)
        lz = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 2048, 64)
        asc.data_copy(lx, gx, 64)
        asc.data_copy(lo, go, 64)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.gather(lz, lx, lo, 0, count=64)  # marker: gather
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(gz, lz, 64)

    return kernel


def test_gather_reads_i32_or_f32_offset_tensors_as_uint32_bits():
    x = np.arange(64, dtype=np.float32) + 0.5
    perm = np.random.default_rng(1).permutation(64)
    for dtype, offsets in ((asc.int32, (perm * 4).astype(np.int32)),
                           (asc.float32, (perm * 4).astype(np.uint32).view(np.float32))):
        z = np.zeros(64, np.float32)
        _frame_offsets(dtype)[1](x, offsets, z)
        np.testing.assert_array_equal(z, x[perm])


def test_gather_offsets_of_another_size_are_a_located_error():
    from ascdsl.sim import NotSimulatedError

    with pytest.raises(NotSimulatedError, match="reads byte offsets from a i16 tensor; the "
                                                "instruction reads uint32 offsets") as info:
        _frame_offsets(asc.int16)[1](np.zeros(64, np.float32), np.zeros(64, np.int16),
                                     np.zeros(64, np.float32))
    assert "test_gather.py:" in str(info.value)

