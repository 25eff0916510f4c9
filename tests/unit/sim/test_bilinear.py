"""BilinearInterpolation on the simulator (sim/lower/bilinear.py), against a per-element
reference of what the 910B's five-instruction implementation computes."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim import NotSimulatedError
from ascdsl.sim.errors import OutOfBoundsError

N0, NOFF, N1, ND = 1024, 64, 64, 512  # src0 halves, offsets, src1 halves, dst halves


def _kernel(tmp_bytes: int, neighbour_bytes: int = 0, mask_bits: bool = False):
    """src0/offsets/src1/dst through TBufs; the scratch TBuf of `tmp_bytes`, then (optionally)
    another TBuf right after it."""

    @asc.jit
    def kernel(x: asc.GlobalAddress, off: asc.GlobalAddress, y: asc.GlobalAddress,
               z: asc.GlobalAddress, h: asc.ConstExpr[int], mode: asc.ConstExpr[bool],
               blk: asc.ConstExpr[int], vro: asc.ConstExpr[int], v: asc.ConstExpr[int],
               mask: asc.ConstExpr[int]):
        gx, go, gy, gz = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor(), \
            asc.GlobalTensor()
        gx.set_global_buffer(x)
        go.set_global_buffer(off)
        gy.set_global_buffer(y)
        gz.set_global_buffer(z)
        pipe = asc.TPipe()
        bx, bo, by, bz = asc.TBuf(), asc.TBuf(), asc.TBuf(), asc.TBuf()
        bt = asc.TBuf()
        pipe.init_buffer(buf=bx, num=N0 * 2)
        pipe.init_buffer(buf=bo, num=NOFF * 4)
        pipe.init_buffer(buf=by, num=N1 * 2)
        pipe.init_buffer(buf=bz, num=ND * 2)
        pipe.init_buffer(buf=bt, num=tmp_bytes)
        lx, lo, ly, lz = bx.get(asc.half), bo.get(asc.uint32), by.get(asc.half), bz.get(asc.half)
        tmp = bt.get(asc.uint8)
        if neighbour_bytes:
            bn = asc.TBuf()
            pipe.init_buffer(buf=bn, num=neighbour_bytes)
        asc.data_copy(lx, gx, N0)
        asc.data_copy(lo, go, NOFF)
        asc.data_copy(ly, gy, N1)
        asc.data_copy(lz, gz, ND)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        if mask_bits:
            asc.bilinear_interpolation(lz, lx, lo, ly, [mask, 0], h, mode, blk, vro, v, tmp)
        else:
            asc.bilinear_interpolation(lz, lx, lo, ly, mask, h, mode, blk, vro, v, tmp)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(gz, lz, ND)

    return kernel


def reference(x, offs, y, z, h, mode, blk, vro, v, lanes):
    """Per element: row i of dst = sum over t of block-gathered src0 * src1, summed in half
    in the order the Add repeats run; masked-off lanes keep z."""
    out = z.copy()
    for i in range(v):
        for e in lanes:
            acc = None
            for t in range(h):
                r = i * h + t
                b, k = divmod(e, 16)
                src = x[offs[r * 8 + b] // 2 + k]
                scale = y[r * 8 + b] if mode else y[r]
                p = np.float16(scale * src)
                acc = p if acc is None else np.float16(p + acc)
            out[i * (vro // 16) * 16 + b * blk * 16 + k] = np.float16(acc + np.float16(0))
    return out


def _inputs(seed: int):
    rng = np.random.default_rng(seed)
    x = rng.uniform(-10, 10, N0).astype(np.float16)
    offs = (rng.permutation(N0 // 16)[:NOFF] * 32).astype(np.uint32)
    y = rng.uniform(-4, 4, N1).astype(np.float16)
    z = np.full(ND, -7, np.float16)
    return x, offs, y, z


def test_pyasc_configuration_is_exact_and_the_short_scratch_is_a_warning():
    # pyasc's test: hRepeat 2, vRepeat 2, one src1 value per repeat, a 1056-byte scratch
    # where the implementation uses 4 * 256 (Gatherb) + 8 * 256 (Brcb of 64 src1 values).
    x, offs, y, z = _inputs(0)
    args = dict(h=2, mode=False, blk=1, vro=128, v=2, mask=128)
    expect = reference(x, offs, y, z, 2, False, 1, 128, 2, range(128))
    report = _kernel(1056)[1](x, offs, y, z, *args.values())
    np.testing.assert_array_equal(z, expect)
    assert (z[256:] == -7).all()
    [w] = [f for f in report.findings if isinstance(f, OutOfBoundsError)]
    assert w.warning
    assert "works on 3072 bytes of scratch" in str(w)
    assert "belong to no TQue/TBuf buffer" in str(w)
    assert report.cycles > 0


def test_repeat_mode_strides_and_count_mask():
    # One src1 value per block, 3 repeats summed per row, dst blocks 2 apart, rows 512 bytes
    # apart (vROffset 256 halves), only the first 40 lanes of each repeat.
    x, offs, y, z = _inputs(1)
    args = dict(h=3, mode=True, blk=2, vro=256, v=2, mask=40)
    expect = reference(x, offs, y, z, 3, True, 2, 256, 2, range(40))
    report = _kernel(6 * 256 + 8 * 256)[1](x, offs, y, z, *args.values())
    np.testing.assert_array_equal(z, expect)
    assert not report.findings


def test_bit_mask_form():
    x, offs, y, z = _inputs(2)
    bits = 0xF0F0_0000_FFFF_000F
    lanes = [e for e in range(64) if bits >> e & 1]
    expect = reference(x, offs, y, z, 2, False, 1, 128, 3, lanes)
    _kernel(6 * 256 + 8 * 256, mask_bits=True)[1](x, offs, y, z, 2, False, 1, 128, 3, bits)
    np.testing.assert_array_equal(z, expect)


def test_negative_zero_sum_becomes_positive_zero():
    # Adds(dst, acc, 0) turns an accumulated -0.0 into +0.0, as the instruction does.
    x, offs, y, z = _inputs(3)
    x[:] = -0.0
    y[:] = 1.0
    _kernel(4096)[1](x, offs, y, z, 2, False, 1, 128, 2, 128)
    assert (z[:256] == 0).all() and not np.signbit(z[:256]).any()


def test_scratch_running_into_another_buffer_is_an_error():
    x, offs, y, z = _inputs(4)
    with pytest.raises(OutOfBoundsError, match="overlap a TBuf") as info:
        _kernel(1056, neighbour_bytes=1024)[1](x, offs, y, z, 2, False, 1, 128, 2, 128)
    assert "test_bilinear.py:" in str(info.value)


def test_misaligned_offset_is_a_finding():
    x, offs, y, z = _inputs(5)
    offs[3] = 40
    with pytest.raises(Exception, match="byte offset 40 that is not a multiple of 32"):
        _kernel(4096)[1](x, offs, y, z, 2, False, 1, 128, 2, 128)


def test_float_is_refused_at_its_line():
    @asc.jit
    def kernel(z: asc.GlobalAddress):
        lx = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
        lo = asc.LocalTensor(asc.uint32, asc.TPosition.VECIN, 1024, 64)
        lt = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 2048, 4096)
        asc.bilinear_interpolation(lx, lx, lo, lx, 64, 1, False, 1, 128, 1, lt)

    with pytest.raises(NotSimulatedError, match="half only") as info:
        kernel[1](np.zeros(8, np.float32))
    assert "test_bilinear.py:" in str(info.value)


def test_cost_is_the_five_instructions_with_their_barriers():
    # V is busy for Gatherb + Brcb, Mul, v Adds, Adds, each group landing (vector_latency)
    # before the next starts (PipeBarrier<PIPE_V>); nothing else in the kernel runs on V.
    from ascdsl.dialects.ascendc import soc as soc_table
    from ascdsl.sim.cost import CostModel

    x, offs, y, z = _inputs(6)
    report = _kernel(4096)[1](x, offs, y, z, 2, False, 1, 128, 3, 128)
    cm = CostModel(soc_table.SOCS[report.soc])
    n = 6
    expect = (cm.vector("Gatherb", n) + cm.vector("Brcb", N1 // 8) + cm.vector("Mul", n)
              + 3 * cm.vector("Add", 1) + cm.vector("Adds", 3) + 4 * cm.vector_latency)
    assert report.cores[0].busy["PIPE_V"] == pytest.approx(expect)
