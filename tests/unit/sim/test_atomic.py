"""Store atomics on the simulator: copies into GM combine with GM, across cores too."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim.errors import RaceError

N = 256


def _accumulate(setup, dtype=asc.float32):
    """Every core copies its x slice (N elements) onto the same z (N elements)."""

    @asc.jit
    def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
        gx = asc.GlobalTensor()
        gx.set_global_buffer(x + asc.get_block_idx() * N)
        gz = asc.GlobalTensor()
        gz.set_global_buffer(z)
        lx = asc.LocalTensor(dtype, asc.TPosition.VECIN, 0, N)
        asc.data_copy(lx, gx, N)
        asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
        setup()
        asc.data_copy(gz, lx, N)
        asc.set_atomic_none()

    return kernel


@asc.jit
def _add_f32():
    asc.set_atomic_add(asc.float32)


@asc.jit
def _max_f32():
    asc.set_atomic_max(asc.float32)


@asc.jit
def _min_f32():
    asc.set_atomic_min(asc.float32)


@asc.jit
def _config_sum_f32():
    asc.set_store_atomic_config(asc.AtomicDtype.ATOMIC_F32, asc.AtomicOp.ATOMIC_SUM)


@asc.jit
def _none():
    asc.set_atomic_none()


CORES = 4
RNG = np.random.default_rng(7)
X = RNG.standard_normal(CORES * N).astype(np.float32)
Z0 = RNG.standard_normal(N).astype(np.float32)


@pytest.mark.parametrize(
    "setup, expect",
    [
        (_add_f32, lambda x, z0: z0 + x.sum(axis=0, dtype=np.float32)),
        (_config_sum_f32, lambda x, z0: z0 + x.sum(axis=0, dtype=np.float32)),
        (_max_f32, lambda x, z0: np.maximum(z0, x.max(axis=0))),
        (_min_f32, lambda x, z0: np.minimum(z0, x.min(axis=0))),
    ],
)
def test_atomic_modes_combine_across_cores(setup, expect):
    z = Z0.copy()
    _accumulate(setup)[CORES](X.copy(), z)
    # Cores accumulate in block order: the same order of float additions as below.
    want = Z0.copy()
    for b in range(CORES):
        want = expect(X[b * N:(b + 1) * N][None, :], want)
    np.testing.assert_array_equal(z, want)


def test_f16_atomic_add_rounds_each_store_to_half():
    x = (np.arange(2 * N) % 7).astype(np.float16) * np.float16(0.1)
    z = np.full(N, 1000, np.float16)

    @asc.jit
    def add_f16():
        asc.set_atomic_add(asc.float16)

    _accumulate(add_f16, asc.float16)[2](x, z)
    want = (np.float16(1000) + x[:N]).astype(np.float16) + x[N:]
    np.testing.assert_array_equal(z, want.astype(np.float16))


def test_without_atomics_overlapping_cores_are_a_race():
    z = Z0.copy()
    with pytest.raises(RaceError, match="core 0 writes"):
        _accumulate(_none)[2](X[:2 * N].copy(), z)


def test_atomic_type_alone_does_not_turn_atomics_on():
    @asc.jit
    def type_only():
        asc.set_atomic_type(asc.float32)

    z = Z0.copy()
    _accumulate(type_only)[1](X[:N].copy(), z)
    np.testing.assert_array_equal(z, X[:N])


def test_get_store_atomic_config_reads_the_mode_back():
    @asc.jit
    def kernel(out: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        asc.set_store_atomic_config(asc.AtomicDtype.ATOMIC_F16, asc.AtomicOp.ATOMIC_SUM)
        t, o = asc.get_store_atomic_config()
        g.set_value(0, t)
        g.set_value(1, o)
        asc.set_atomic_none()
        t2, o2 = asc.get_store_atomic_config()
        g.set_value(2, t2)

    out = np.full(4, -1, np.int16)
    kernel[1](out)
    assert out.tolist() == [int(asc.AtomicDtype.ATOMIC_F16), 0, 0, -1]
