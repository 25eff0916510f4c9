"""GatherMask on the simulator: asc-devkit's two examples, strided repeats against numpy index
arithmetic, the built-in patterns, the kept count, and the refusals."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim import SimulationWarning


def _frame(dtype, bits_dtype, compute, n=256):
    """x (n elements) and pattern bits (64 words) in, z (n, primed) and the counts out."""

    @asc.jit
    def kernel(x: asc.GlobalAddress, p: asc.GlobalAddress, z: asc.GlobalAddress,
               counts: asc.GlobalAddress, arg: int):
        gx = asc.GlobalTensor()
        gx.set_global_buffer(x)
        gp = asc.GlobalTensor()
        gp.set_global_buffer(p)
        gz = asc.GlobalTensor()
        gz.set_global_buffer(z)
        gc = asc.GlobalTensor()
        gc.set_global_buffer(counts)
        lx = asc.LocalTensor(dtype, asc.TPosition.VECIN, 0, n)
        lp = asc.LocalTensor(bits_dtype, asc.TPosition.VECIN, 4096, 64)
        lz = asc.LocalTensor(dtype, asc.TPosition.VECOUT, 8192, n)
        asc.data_copy(lx, gx, n)
        asc.data_copy(lp, gp, 64)
        asc.data_copy(lz, gz, n)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        kept = compute(lx, lp, lz, arg)
        gc.set_value(0, kept)
        gc.set_value(1, asc.get_gather_mask_remain_count())
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(gz, lz, n)

    return kernel


def _run(dtype, bits_dtype, compute, x, bits, arg=0):
    z = np.full(x.size, 7, x.dtype)
    counts = np.zeros(2, np.uint64)
    report = _frame(dtype, bits_dtype, compute, x.size)[1](x, bits, z, counts, arg)
    assert counts[0] == counts[1]  # GetGatherMaskRemainCount reads what GatherMask returned
    return z, int(counts[0]), report


@asc.jit
def _odd_u16(lx, lp, lz, arg):
    return asc.gather_mask(lz, lx, 2, False, 0, asc.GatherMaskParams(1, 1, 0, 0))


def test_builtin_pattern_2_keeps_the_odd_elements_as_the_page_shows():
    # asc-devkit's built-in example: src [1 .. 128] (uint16), pattern 2, one repeat of 128
    # elements -> [2 4 .. 128] and rsvdCnt 64; dst past the count keeps its bytes.
    x = np.arange(1, 129, dtype=np.uint16)
    z, kept, _ = _run(asc.uint16, asc.uint16, _odd_u16, x, np.zeros(64, np.uint16))
    assert kept == 64
    np.testing.assert_array_equal(z[:64], np.arange(2, 129, 2))
    assert (z[64:] == 7).all()


@asc.jit
def _counter_u32(lx, lp, lz, arg):
    return asc.gather_mask(lz, lx, lp, True, 70, asc.GatherMaskParams(1, 2, 4, 0))


def test_counter_mode_repeats_mask_elements_with_the_page_parameters():
    # The user-pattern example: uint32, counter mode, mask 70, {1, 2, 4, 0}: each of the two
    # repeats covers 70 elements, the second from element 32 (4 blocks on), both with the
    # same 70 pattern bits (src1RepeatStride 0).
    rng = np.random.default_rng(1)
    x = np.arange(256, dtype=np.uint32) + 1000
    bits = rng.integers(0, 2**32, 64, dtype=np.uint32)
    z, kept, _ = _run(asc.uint32, asc.uint32, _counter_u32, x, bits)
    sel = np.unpackbits(bits.view(np.uint8), bitorder="little")[:70].astype(bool)
    expect = np.concatenate([x[0:70][sel], x[32:102][sel]])
    assert kept == expect.size
    np.testing.assert_array_equal(z[:kept], expect)
    assert (z[kept:] == 7).all()


@asc.jit
def _strided_f16(lx, lp, lz, arg):
    # f16: 128 elements (8 blocks of 16) a repeat; blocks 2 apart, repeats 4 blocks apart,
    # the pattern 1 block (16 uint16) further each repeat.
    return asc.gather_mask(lz, lx, lp, False, 0, asc.GatherMaskParams(2, 3, 4, 1))


def test_normal_mode_follows_block_and_repeat_strides():
    rng = np.random.default_rng(2)
    x = rng.standard_normal(512).astype(np.float16)
    bits = rng.integers(0, 2**16, 64, dtype=np.uint16)
    z, kept, _ = _run(asc.float16, asc.uint16, _strided_f16, x, bits)
    expect = []
    for r in range(3):
        word_bits = np.unpackbits(bits[r * 16:r * 16 + 8].view(np.uint8), bitorder="little")
        for e in range(128):
            if word_bits[e]:
                expect.append(x[r * 4 * 16 + (e // 16) * 2 * 16 + e % 16])
    assert kept == len(expect)
    np.testing.assert_array_equal(z[:kept], np.array(expect, np.float16))


@asc.jit
def _builtin_f32(lx, lp, lz, mode):
    return asc.gather_mask(lz, lx, mode, False, 0, asc.GatherMaskParams(1, 2, 8, 0))


@pytest.mark.parametrize("mode, keep", [
    (1, lambda e: e % 2 == 0), (2, lambda e: e % 2 == 1), (3, lambda e: e % 4 == 0),
    (4, lambda e: e % 4 == 1), (5, lambda e: e % 4 == 2), (6, lambda e: e % 4 == 3),
    (7, lambda e: True),
])
def test_each_builtin_pattern_over_two_repeats(mode, keep):
    x = np.arange(256, dtype=np.float32) * 0.25
    z, kept, _ = _run(asc.float32, asc.uint32, _builtin_f32, x, np.zeros(64, np.uint32), mode)
    expect = x[:128][[keep(e % 64) for e in range(128)]]
    assert kept == expect.size
    np.testing.assert_array_equal(z[:kept], expect)


def test_a_builtin_pattern_outside_1_to_7_is_a_located_error():
    x = np.zeros(256, np.float32)
    with pytest.raises(asc.SimulationError) as info:
        _run(asc.float32, asc.uint32, _builtin_f32, x, np.zeros(64, np.uint32), 0)
    assert "built-in pattern 0" in str(info.value)
    assert "test_gather_mask.py" in str(info.value)


@asc.jit
def _counter_blocks_apart(lx, lp, lz, arg):
    return asc.gather_mask(lz, lx, lp, True, 100, asc.GatherMaskParams(2, 1, 8, 0))


def test_a_long_counter_repeat_with_a_block_stride_is_refused():
    x = np.zeros(256, np.uint32)
    with pytest.raises(asc.SimulationError) as info:
        _run(asc.uint32, asc.uint32, _counter_blocks_apart, x, np.zeros(64, np.uint32))
    assert "src0BlockStride 2" in str(info.value)


@asc.jit
def _past_the_end(lx, lp, lz, arg):
    return asc.gather_mask(lz, lx, 7, False, 0, asc.GatherMaskParams(1, 5, 8, 0))


def test_repeats_past_the_source_are_reported():
    # 5 repeats of 64 floats read 320 elements of a 256-element tensor: inside the UB, so
    # the NPU reads the bytes there (a warning naming the overrun), and all 320 are kept.
    x = np.zeros(256, np.float32)
    with pytest.warns(SimulationWarning, match=r"reads elements \[0, 320\)"):
        _, kept, _ = _run(asc.float32, asc.uint32, _past_the_end, x, np.zeros(64, np.uint32))
    assert kept == 320


def _unsynced():
    @asc.jit
    def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
        gx = asc.GlobalTensor()
        gx.set_global_buffer(x)
        gz = asc.GlobalTensor()
        gz.set_global_buffer(z)
        lx = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
        lz = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 1024, 64)
        asc.data_copy(lx, gx, 64)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.gather_mask(lz, lx, 1, False, 0, asc.GatherMaskParams(1, 1, 0, 0))
        asc.data_copy(gz, lz, 64)  # no V -> MTE3 sync

    return kernel


def test_the_sanitizer_sees_the_packed_writes():
    with pytest.raises(asc.SimulationError) as info:
        _unsynced()[1](np.zeros(64, np.float32), np.zeros(64, np.float32))
    assert "RaceError" in str(info.value)
    assert "gather_mask" in str(info.value)

