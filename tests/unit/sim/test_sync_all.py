"""SyncAll across the cores of a launch (sim/syncall.py): the cores take turns in threads; every
core leaves its k-th SyncAll when all have reached it, at the latest arrival; the sanitizer
orders GM accesses across it; a core that never reaches it is a deadlock."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.runtime import config
from ascdsl.sim.errors import DeadlockError, NotSimulatedError, RaceError

N = 64
CORES = 4
X = np.random.default_rng(5).standard_normal(8 * N).astype(np.float32)


def _partial_sums(sync: int, skip_on: int = -1, extra_on: int = -1, soft: bool = False,
                  used: int = 0, cores: int = CORES):
    """Each core writes 2 * its x slice to parts[b], meets the others at SyncAll (sync=1),
    then adds up every core's part into its own slice of z. `extra_on`: that core does more
    work before the SyncAll."""

    @asc.jit
    def kernel(x: asc.GlobalAddress, parts: asc.GlobalAddress, z: asc.GlobalAddress,
               ws: asc.GlobalAddress):
        b = asc.get_block_idx()
        gx = asc.GlobalTensor()
        gx.set_global_buffer(x + b * N)
        gp = asc.GlobalTensor()
        gp.set_global_buffer(parts + b * N)
        gz = asc.GlobalTensor()
        gz.set_global_buffer(z + b * N)
        gws = asc.GlobalTensor()
        gws.set_global_buffer(ws)
        lx = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
        acc = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 1024, N)
        lp = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 2048, N)
        lws = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 4096, 256)
        asc.data_copy(lx, gx, N)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.muls(lx, lx, 2.0, N)
        if b == extra_on:
            for _ in range(200):
                asc.muls(lp, lx, 1.0, N)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(gp, lx, N)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)  # the core's own part: in order
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)
        if asc.ConstExpr(sync):
            if b != skip_on:
                if asc.ConstExpr(soft):
                    asc.sync_all(gws, lws, used_cores=used)
                else:
                    asc.sync_all()
        asc.duplicate(acc, 0.0, N)
        for i in range(cores):
            gq = asc.GlobalTensor()
            gq.set_global_buffer(parts + i * N)
            asc.data_copy(lp, gq, N)
            asc.set_flag(asc.HardEvent.MTE2_V, 1)
            asc.wait_flag(asc.HardEvent.MTE2_V, 1)
            asc.add(acc, acc, lp, N)
            asc.set_flag(asc.HardEvent.V_MTE2, 1)
            asc.wait_flag(asc.HardEvent.V_MTE2, 1)
        asc.set_flag(asc.HardEvent.V_MTE3, 1)
        asc.wait_flag(asc.HardEvent.V_MTE3, 1)
        asc.data_copy(gz, acc, N)

    return kernel


def _launch(kernel, cores: int, args, sanitize: str = "raise"):
    old = config.sanitize
    config.sanitize = sanitize
    try:
        return kernel[cores](*args)
    finally:
        config.sanitize = old


def _args(cores: int = CORES):
    return (X[:cores * N].copy(), np.zeros(cores * N, np.float32),
            np.zeros(cores * N, np.float32), np.zeros(cores * 8, np.int32))


def _want(cores: int = CORES) -> np.ndarray:
    total = np.zeros(N, np.float32)
    for i in range(cores):
        total = total + X[i * N:(i + 1) * N] * np.float32(2)
    return np.tile(total, cores)


@pytest.mark.parametrize("soft", [False, True])
def test_every_core_reads_all_partials_after_sync_all(soft):
    x, parts, z, ws = _args()
    report = _partial_sums(1, soft=soft)[CORES](x, parts, z, ws)
    np.testing.assert_array_equal(z, _want())
    assert not report.findings


def test_without_sync_all_the_reads_race_with_the_other_cores_writes():
    with pytest.raises(RaceError, match="core 0 writes"):
        _partial_sums(0)[CORES](*_args())


def _sync_line() -> int:
    src, first = inspect.getsourcelines(_partial_sums)
    return first + next(i for i, s in enumerate(src) if "asc.sync_all()" in s)


def test_a_core_that_skips_the_sync_all_is_a_deadlock_at_the_sync_all():
    with pytest.raises(DeadlockError, match=r"core\(s\) 0, which never reach it "
                                            r"\(core 0 finished without reaching it\)") as e:
        _partial_sums(1, skip_on=0)[CORES](*_args())
    assert f":{_sync_line()}" in str(e.value)


@pytest.mark.filterwarnings("ignore")  # "warn" mode's findings: the report keeps them
def test_warn_mode_reports_the_deadlock_once_and_goes_on():
    report = _launch(_partial_sums(1, skip_on=2), CORES, _args(), "warn")
    dead = [f for f in report.findings if isinstance(f, DeadlockError)]
    assert len(dead) == 1


def test_an_early_core_waits_for_the_latest_arrival():
    plain = _partial_sums(1)[CORES](*_args())
    slow = _partial_sums(1, extra_on=2)[CORES](*_args())
    extra = slow.core_cycles[2] - plain.core_cycles[2]
    assert extra > 1000
    # Every core leaves the SyncAll when core 2 arrives, so every core ends that much later.
    for c in range(CORES):
        assert slow.core_cycles[c] - plain.core_cycles[c] == pytest.approx(extra, rel=0.05)
    # Without the SyncAll only core 2 is later.
    a = _launch(_partial_sums(0), CORES, _args(), "off")
    b = _launch(_partial_sums(0, extra_on=2), CORES, _args(), "off")
    assert b.core_cycles[0] == pytest.approx(a.core_cycles[0], rel=0.01)


def test_eight_cores_soft_form():
    x, parts, z, ws = _args(8)
    report = _partial_sums(1, soft=True, cores=8)[8](x, parts, z, ws)
    assert not report.findings
    np.testing.assert_array_equal(z, _want(8))


def test_used_cores_above_the_launch_is_a_deadlock():
    with pytest.raises(DeadlockError, match="usedCores = 8 cores, but the launch has 4"):
        _partial_sums(1, soft=True, used=8)[CORES](*_args())


def test_a_core_outside_used_cores_is_not_simulated():
    with pytest.raises(NotSimulatedError, match="outside usedCores = 2"):
        _partial_sums(1, soft=True, used=2)[CORES](*_args())


@asc.jit
def _ib_then_sync(ws: asc.GlobalAddress, z: asc.GlobalAddress):
    # Core 0 waits for core 1's IBSet, a higher block: in a launch whose cores take turns
    # (it has a SyncAll) that works.
    gws = asc.GlobalTensor()
    gws.set_global_buffer(ws)
    lws = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 256)
    if asc.get_block_idx() == 0:
        asc.ib_wait(gws, lws, block_idx=1, event_id=0)
    else:
        asc.ib_set(gws, lws, block_idx=1, event_id=0)
    asc.sync_all()


def test_ib_wait_on_a_higher_block_works_when_the_cores_take_turns():
    report = _ib_then_sync[2](np.zeros(64, np.int32), np.zeros(8, np.float32))
    assert report.core_cycles[0] >= report.core_cycles[1] - 1


@asc.jit
def _pyasc_soft(x: asc.GlobalAddress) -> None:
    # pyasc's test_common_api.py::test_sync_all_soft, launched there on one core.
    gm = asc.GlobalTensor()
    gm.set_global_buffer(x)
    ub = asc.LocalTensor(dtype=asc.int32, pos=asc.TPosition.VECIN, addr=0, tile_size=32)
    asc.sync_all(gm, ub, used_cores=0)


@asc.jit
def _pyasc_hard() -> None:
    asc.sync_all()


@pytest.mark.parametrize("cores", [1, 8])
def test_pyascs_sync_all_kernels_run_on_one_core_and_on_eight(cores):
    assert not _pyasc_soft[cores](np.zeros(cores * 8, np.int32)).findings
    assert not _pyasc_hard[cores]().findings


@asc.jit
def _rounds(z: asc.GlobalAddress):
    # Three rounds: in each, core b writes z[16 b] after reading z[16 (b - 1)] of the round
    # before. Each core has a 64-byte line of its own, written back and dropped from its
    # DCache around the SyncAlls (GlobalTensor SetValue.md / GetValue.md).
    b = asc.get_block_idx()
    n = asc.get_block_num()
    gz = asc.GlobalTensor()
    gz.set_global_buffer(z)
    prev = ((b + n - 1) % n) * 16
    for r in range(3):
        asc.data_cache_clean_and_invalid(asc.CacheLine.SINGLE_CACHE_LINE, gz[prev],
                                         dcci_dst=asc.DcciDst.CACHELINE_OUT)
        v = gz.get_value(prev)
        asc.sync_all()
        gz.set_value(b * 16, v + 1.0)
        asc.data_cache_clean_and_invalid(asc.CacheLine.SINGLE_CACHE_LINE, gz[b * 16],
                                         dcci_dst=asc.DcciDst.CACHELINE_OUT)
        asc.sync_all()


def test_sync_all_in_a_loop_counts_rounds():
    z = np.zeros(64, np.float32)
    report = _rounds[4](z)
    np.testing.assert_array_equal(z[::16], [3, 3, 3, 3])
    assert not report.findings


@asc.jit
def _ib_never_set(ws: asc.GlobalAddress):
    gws = asc.GlobalTensor()
    gws.set_global_buffer(ws)
    lws = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 256)
    if asc.get_block_idx() == 0:
        asc.ib_wait(gws, lws, block_idx=1, event_id=0)
    asc.sync_all()


def test_an_ib_wait_for_a_higher_block_that_never_sets_is_a_deadlock():
    # Core 1 waits at the SyncAll for core 0, which waits for core 1's IBSet.
    with pytest.raises(DeadlockError, match="core 1, which waits itself and never sends it"):
        _ib_never_set[2](np.zeros(64, np.int32))
