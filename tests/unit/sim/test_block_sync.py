"""Cross-core sync on the simulator: NotifyNextBlock/WaitPreBlock and IBSet/IBWait order
the cores (timing and the sanitizer's check across cores); a missing signal is a deadlock."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim.errors import DeadlockError, NotSimulatedError, RaceError

N = 64


def _ring(sync: bool, skip_notify_on: int = -1):
    """Each core adds its x slice into z with a plain read-modify-write of GM."""

    @asc.jit
    def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, ws: asc.GlobalAddress):
        gx = asc.GlobalTensor()
        gx.set_global_buffer(x + asc.get_block_idx() * N)
        gz = asc.GlobalTensor()
        gz.set_global_buffer(z)
        gws = asc.GlobalTensor()
        gws.set_global_buffer(ws)
        lx = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
        lz = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 1024, N)
        lws = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 2048, 256)
        asc.data_copy(lx, gx, N)
        if asc.ConstExpr(sync):
            asc.wait_pre_block(gws, lws)
        asc.data_copy(lz, gz, N)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.add(lz, lz, lx, N)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(gz, lz, N)
        if asc.ConstExpr(sync):
            if asc.get_block_idx() != skip_notify_on:
                asc.notify_next_block(gws, lws)

    return kernel


CORES = 4
X = np.random.default_rng(3).standard_normal(CORES * N).astype(np.float32)


def _args():
    return X.copy(), np.zeros(N, np.float32), np.zeros(CORES * 8, np.int32)


def test_ring_orders_the_cores_and_accumulates_in_block_order():
    x, z, ws = _args()
    report = _ring(True)[CORES](x, z, ws)
    want = np.zeros(N, np.float32)
    for b in range(CORES):
        want = want + X[b * N:(b + 1) * N]
    np.testing.assert_array_equal(z, want)
    # Each core starts its read only after the previous one notified: the cores finish one
    # after another, each later than a core running alone.
    alone = _ring(True)[1](*_args()).core_cycles[0]
    cycles = report.core_cycles
    assert cycles[0] == pytest.approx(alone)
    assert all(b > a + 50 for a, b in zip(cycles, cycles[1:]))


def test_without_the_ring_the_read_modify_write_is_a_race():
    with pytest.raises(RaceError, match="core 0 writes"):
        _ring(False)[2](*_args())


def test_a_missing_notify_is_a_deadlock_of_the_next_core():
    with pytest.raises(DeadlockError, match="core 1, which finished without sending it"):
        _ring(True, skip_notify_on=1)[CORES](*_args())


@asc.jit
def _ib_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, ws: asc.GlobalAddress):
    # Core 0 writes z; core 1 waits for core 0's event 3 and reads it.
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x)
    gz = asc.GlobalTensor()
    gz.set_global_buffer(z)
    gws = asc.GlobalTensor()
    gws.set_global_buffer(ws)
    l0 = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
    lws = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 2048, 256)
    if asc.get_block_idx() == 0:
        asc.data_copy(l0, gx, N)
        asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.data_copy(gz, l0, N)
        asc.ib_set(gws, lws, block_idx=0, event_id=3)
    else:
        asc.ib_wait(gws, lws, block_idx=0, event_id=3)
        asc.data_copy(l0, gz, N)
        asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.data_copy(gx[N:], l0, N)


def test_ib_wait_orders_after_the_ib_set_of_a_lower_block():
    x = np.concatenate([X[:N], np.zeros(N, np.float32)])
    z = np.zeros(N, np.float32)
    _ib_kernel[2](x, z, np.zeros(64, np.int32))
    np.testing.assert_array_equal(z, X[:N])
    np.testing.assert_array_equal(x[N:], X[:N])


@asc.jit
def _wait_on_higher(ws: asc.GlobalAddress):
    gws = asc.GlobalTensor()
    gws.set_global_buffer(ws)
    lws = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 256)
    if asc.get_block_idx() == 0:
        asc.ib_wait(gws, lws, block_idx=1, event_id=0)
    else:
        asc.ib_set(gws, lws, block_idx=1, event_id=0)


def test_waiting_for_a_higher_block_is_not_simulated_with_a_reason():
    with pytest.raises(NotSimulatedError, match="runs after core 0"):
        _wait_on_higher[2](np.zeros(64, np.int32))


@asc.jit
def _sync_all_kernel():
    asc.sync_all()


def test_sync_all_runs_on_one_core_and_on_several():
    _sync_all_kernel[1]()
    _sync_all_kernel[2]()  # the cores take turns (tests/unit/sim/test_sync_all.py)
