"""Fixpipe into GM honours the store-atomic mode, as split-K kernels rely on (catlass
34_single_core_splitk_matmul accumulates K stages in an f32 workspace this way)."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim import InvalidArgumentError

S = 16  # one 16 x 16 x 16 Mmad


def _kernel(setup):
    """C (f32) gets A @ B twice through Fixpipe: once plain, once after `setup()`."""

    @asc.jit
    def kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress):
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a, S * S)
        b_gm.set_global_buffer(b, S * S)
        c_gm.set_global_buffer(c, S * S)
        a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, S * S)
        b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, S * S * 2, S * S)
        a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, S * S)
        b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, S * S)
        co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, S * S)
        asc.data_copy(a1, a_gm, asc.Nd2NzParams(1, S, S, 0, S, S, 1, 0))
        asc.data_copy(b1, b_gm, asc.Nd2NzParams(1, S, S, 0, S, S, 1, 0))
        asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
        asc.load_data(a2, a1, asc.LoadData2DParams(0, 1, 1, 0, 0, False, 0))
        asc.load_data(b2, b1, asc.LoadData2DParams(0, 1, 1, 0, 0, True, 0))
        asc.set_flag(asc.HardEvent.MTE1_M, 0)
        asc.wait_flag(asc.HardEvent.MTE1_M, 0)
        asc.mmad(co1, a2, b2, asc.MmadParams(S, S, S, is_bias=False, fm_offset=0,
                                             en_ssparse=False, en_winograd_a=False,
                                             en_winograd_b=False))
        asc.set_flag(asc.HardEvent.M_FIX, 0)
        asc.wait_flag(asc.HardEvent.M_FIX, 0)
        asc.fixpipe(c_gm, co1, asc.FixpipeParamsV220(S, S, S, S))
        asc.pipe_barrier(asc.Pipe.PIPE_FIX)
        setup()
        asc.fixpipe(c_gm, co1, asc.FixpipeParamsV220(S, S, S, S))
        asc.set_atomic_none()
        asc.pipe_barrier(asc.Pipe.PIPE_ALL)

    return kernel


RNG = np.random.default_rng(3)
A = (RNG.integers(-4, 5, (S, S)) / 4).astype(np.float16)
B = (RNG.integers(-4, 5, (S, S)) / 4).astype(np.float16)
AB = A.astype(np.float32) @ B.astype(np.float32)


@asc.jit
def _add_f32():
    asc.set_atomic_add(asc.float32)


@asc.jit
def _max_f32():
    asc.set_atomic_max(asc.float32)


@asc.jit
def _none():
    asc.set_atomic_none()


@asc.jit
def _add_f16():
    asc.set_atomic_add(asc.float16)


@pytest.mark.parametrize("setup, want", [(_add_f32, 2 * AB), (_max_f32, AB), (_none, AB)])
def test_second_fixpipe_combines_with_gm(setup, want):
    c = np.zeros(S * S, np.float32)
    _kernel(setup)[1](A.ravel(), B.ravel(), c)
    np.testing.assert_array_equal(c.reshape(S, S), want)


def test_atomic_type_must_be_the_written_type():
    c = np.zeros(S * S, np.float32)
    with pytest.raises(InvalidArgumentError, match="writes f32 with the atomic mode set for f16"):
        _kernel(_add_f16)[1](A.ravel(), B.ravel(), c)
