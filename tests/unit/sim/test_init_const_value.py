"""InitConstValue on the simulator: L1 and L0A/L0B fills seen through Mmad, the repeat gap in
512-byte fractals, and the 910B's blockNum 0."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim import SimulationWarning

S = 16
M = 48  # three 16-row fractals of A in L0A


def _kernel(fill):
    """C[M, S] = A[M, S] @ B[S, S] (f16 in, f32 out) with `fill(a1, b1, a2, b2)` run after the
    loads into L0A/L0B, or before them when it fills L1."""

    @asc.jit
    def kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, where: int):
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a, M * S)
        b_gm.set_global_buffer(b, S * S)
        c_gm.set_global_buffer(c, M * S)
        a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, M * S)
        b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, M * S * 2, S * S)
        a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, M * S)
        b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, S * S)
        co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, M * S)
        asc.data_copy(a1, a_gm, asc.Nd2NzParams(1, M, S, 0, S, M, 1, 0))
        asc.data_copy(b1, b_gm, asc.Nd2NzParams(1, S, S, 0, S, S, 1, 0))
        asc.pipe_barrier(asc.Pipe.PIPE_MTE2)
        if where == 1:
            fill(a1, b1, a2, b2)
        asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
        asc.load_data(a2, a1, asc.LoadData2DParams(0, M // S, 1, 0, 0, False, 0))
        asc.load_data(b2, b1, asc.LoadData2DParams(0, 1, 1, 0, 0, True, 0))
        asc.pipe_barrier(asc.Pipe.PIPE_MTE1)
        if where == 2:
            fill(a1, b1, a2, b2)
        asc.set_flag(asc.HardEvent.MTE1_M, 0)
        asc.wait_flag(asc.HardEvent.MTE1_M, 0)
        asc.mmad(co1, a2, b2, asc.MmadParams(M, S, S, is_bias=False, fm_offset=0,
                                             en_ssparse=False, en_winograd_a=False,
                                             en_winograd_b=False))
        asc.set_flag(asc.HardEvent.M_FIX, 0)
        asc.wait_flag(asc.HardEvent.M_FIX, 0)
        asc.fixpipe(c_gm, co1, asc.FixpipeParamsV220(S, M, M, S))
        asc.pipe_barrier(asc.Pipe.PIPE_ALL)

    return kernel


RNG = np.random.default_rng(5)
A = (RNG.integers(-4, 5, (M, S)) / 4).astype(np.float16)
B = (RNG.integers(-4, 5, (S, S)) / 4).astype(np.float16)


def _run(fill, where):
    c = np.zeros(M * S, np.float32)
    _kernel(fill)[1](A.ravel(), B.ravel(), c, where)
    return c.reshape(M, S)


@asc.jit
def _fill_a1_half(a1, b1, a2, b2):
    # All of A in L1: M * S halves = 48 blocks of 32 bytes.
    asc.init_const_value(a1, asc.InitConstValueParams(1, M * S * 2 // 32, 0, np.float16(0.5)))


def test_an_l1_fill_reaches_the_cube():
    c = _run(_fill_a1_half, 1)
    want = np.full((M, S), 0.5, np.float32) @ B.astype(np.float32)
    np.testing.assert_array_equal(c, want)


@asc.jit
def _fill_b2_two(a1, b1, a2, b2):
    asc.init_const_value(b2, asc.InitConstValueParams(1, 1, 0, np.float16(2.0)))


def test_an_l0b_fill_is_one_fractal_a_block():
    c = _run(_fill_b2_two, 2)
    want = A.astype(np.float32) @ np.full((S, S), 2.0, np.float32)
    np.testing.assert_array_equal(c, want)


@asc.jit
def _zero_a2_every_other_fractal(a1, b1, a2, b2):
    # Two repeats of one 512-byte fractal, one fractal apart: A's row blocks 0 and 2.
    asc.init_const_value(a2, asc.InitConstValueParams(2, 1, 1, np.float16(0.0)))


def test_the_repeat_gap_counts_fractals_in_l0a():
    c = _run(_zero_a2_every_other_fractal, 2)
    want = A.astype(np.float32) @ B.astype(np.float32)
    want[0:16] = 0
    want[32:48] = 0
    np.testing.assert_array_equal(c, want)


@asc.jit
def _two_argument_form(a1, b1, a2, b2):
    asc.init_const_value(b2, asc.InitConstValueParams(repeat_times=1,
                                                      init_value=np.float16(2.0)))


def test_block_num_zero_fills_nothing_and_warns():
    with pytest.warns(SimulationWarning, match="blockNum 0, so it fills nothing"):
        c = _run(_two_argument_form, 2)
    np.testing.assert_array_equal(c, A.astype(np.float32) @ B.astype(np.float32))
