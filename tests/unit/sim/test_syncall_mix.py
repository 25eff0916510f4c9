"""SyncAll and mode-0 cross-core flags in mixed (AIC + AIV) launches (sim/syncall.py): every
timeline of every AI core takes turns in one run; the hard SyncAll meets the AIVs of the launch
among themselves and the AICs among themselves; the sanitizer orders GM across it, through
later flags too; a core that never arrives is a deadlock."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.dialects.ascendc.soc import get_soc
from ascdsl.runtime.config import KernelType

N = 64  # floats of one vector core's slice
BLOCKS = 3
AIVS = 2 * BLOCKS
X = np.random.default_rng(7).standard_normal(AIVS * N).astype(np.float32)


@asc.jit(kernel_type=KernelType.MIX_AIC_1_2)
def _exchange(x: asc.GlobalAddress, parts: asc.GlobalAddress, z: asc.GlobalAddress,
              out: asc.GlobalAddress, meet: asc.ConstExpr[int], skip: asc.ConstExpr[int],
              slow: asc.ConstExpr[int], tell_aic: asc.ConstExpr[int]):
    # Vector core v (GetBlockIdx: AI core * 2 + sub block) writes 2 * x[v] to parts[v]; the
    # vector cores meet (meet 1: SyncAll, 2: a mode-0 flag, 0: not at all); then AIV v copies
    # parts[v + 2], the same sub block's slice of the next AI core, into z[v]. tell_aic 1 (2):
    # after (before) meeting, the AIVs set a mode-2 flag for their AIC, which then reads the
    # first element of the next AI core's AIV0 slice into out[16 * block].
    v = asc.get_block_idx()
    lx = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
    lb = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 1024, N)
    if asc.ascend_is_aiv():
        gx = asc.GlobalTensor()
        gx.set_global_buffer(x + v * N)
        gp = asc.GlobalTensor()
        gp.set_global_buffer(parts + v * N)
        asc.data_copy(lx, gx, N)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.muls(lx, lx, 2.0, N)
        if v == slow:
            for _ in range(200):
                asc.muls(lb, lx, 1.0, N)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(gp, lx, N)
        if tell_aic == 2:
            asc.cross_core_set_flag(flag_id=1, mode_id=2, pipe=asc.PipeID.PIPE_MTE3)
        if meet == 2:
            asc.cross_core_set_flag(flag_id=2, mode_id=0, pipe=asc.PipeID.PIPE_MTE3)
            asc.cross_core_wait_flag(flag_id=2, mode_id=0)
    if meet == 1:
        if v != skip:
            asc.sync_all()
    if asc.ascend_is_aiv():
        if tell_aic == 1:
            asc.cross_core_set_flag(flag_id=1, mode_id=2, pipe=asc.PipeID.PIPE_S)
        total = asc.get_block_num() * 2
        gq = asc.GlobalTensor()
        gq.set_global_buffer(parts + ((v + 2) % total) * N)
        gz = asc.GlobalTensor()
        gz.set_global_buffer(z + v * N)
        asc.data_copy(lb, gq, N)
        asc.set_flag(asc.HardEvent.MTE2_MTE3, 1)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, 1)
        asc.data_copy(gz, lb, N)
    if tell_aic > 0:
        if asc.ascend_is_aic():
            asc.cross_core_wait_flag(flag_id=1)
            g = asc.GlobalTensor()
            g.set_global_buffer(parts)
            o = asc.GlobalTensor()
            o.set_global_buffer(out)
            nxt = (v + 1) % asc.get_block_num()
            o.set_value(v * 16, g.get_value(nxt * 2 * N))


def _run(meet=1, skip=-1, slow=-1, tell_aic=0, blocks=BLOCKS, sanitize=None, trace=False):
    x = X[:2 * blocks * N].copy()
    parts = np.zeros(2 * blocks * N, np.float32)
    z = np.zeros(2 * blocks * N, np.float32)
    out = np.zeros(16 * blocks, np.float32)
    old = asc.config.trace, asc.config.sanitize
    asc.config.trace = trace
    if sanitize is not None:
        asc.config.sanitize = sanitize
    try:
        report = _exchange[blocks](x, parts, z, out, meet, skip, slow, tell_aic)
    finally:
        asc.config.trace, asc.config.sanitize = old
    return z, out, report


def _want(blocks=BLOCKS) -> np.ndarray:
    doubled = (X[:2 * blocks * N] * np.float32(2)).reshape(2 * blocks, N)
    return np.roll(doubled, -2, axis=0).reshape(-1)


def _line(fn, needle: str) -> int:
    src, first = inspect.getsourcelines(fn.fn if hasattr(fn, "fn") else fn)
    return next(first + i for i, s in enumerate(src) if needle in s)


@pytest.mark.parametrize("meet", [1, 2], ids=["sync_all", "mode_0_flag"])
def test_every_vector_core_reads_the_next_ai_cores_slice_after_meeting(meet):
    z, _, report = _run(meet)
    np.testing.assert_array_equal(z, _want())
    assert report.findings == []
    assert len(report.cores) == 3 * BLOCKS


def test_the_sync_all_is_what_orders_the_read_after_the_other_ai_cores_write():
    assert _run(1)[2].findings == []
    with pytest.raises(asc.SimulationError) as info:
        _run(0)
    err = info.value
    assert type(err).__name__ == "RaceError"
    assert "AI cores run in parallel" in str(err)
    assert err.loc.line == _line(_exchange, "asc.data_copy(gp, lx, N)")
    assert err.other_loc.line == _line(_exchange, "asc.data_copy(lb, gq, N)")


def test_a_vector_core_that_skips_the_sync_all_is_a_deadlock_there():
    with pytest.raises(asc.SimulationError) as info:
        _run(1, skip=3)
    err = info.value
    assert type(err).__name__ == "DeadlockError"
    assert err.loc.line == _line(_exchange, "asc.sync_all()")
    assert ("SyncAll #0 for the AIV1 of AI core 1, which never reach it (AIV1 of AI core 1 "
            "finished without reaching it)") in str(err)


def test_a_flag_to_the_aic_after_the_sync_all_orders_the_other_ai_cores_writes_for_it():
    z, out, report = _run(1, tell_aic=1)
    assert report.findings == []
    np.testing.assert_array_equal(z, _want())
    firsts = [X[((b + 1) % BLOCKS) * 2 * N] * np.float32(2) for b in range(BLOCKS)]
    np.testing.assert_array_equal(out[::16], firsts)


def test_a_flag_to_the_aic_before_the_sync_all_does_not():
    # The AIC's SyncAll meets the AICs only: what the AIVs learned there reaches it through
    # a later flag, not through one set before.
    with pytest.raises(asc.SimulationError) as info:
        _run(1, tell_aic=2)
    err = info.value
    assert type(err).__name__ == "RaceError"
    assert err.other_loc.line == _line(_exchange, "g.get_value(nxt")


def _syncall_spans(report) -> dict[str, tuple[float, float]]:
    """(arrival, departure) of each timeline at the SyncAll, from its trace's S-pipe wait."""
    line = _line(_exchange, "asc.sync_all()")
    spans = {}
    for c in report.cores:
        got = [(s, s + d) for p, s, d, site in c.trace
               if site.loc is not None and site.loc.line == line and d > 0]
        assert len(got) == 1, (c.label, got)
        spans[c.label] = got[0]
    return spans


def test_each_kind_leaves_at_its_latest_arrival_plus_the_ffts_latency():
    latency = get_soc(None).cost["cross_core_latency"]
    _, _, report = _run(1, slow=4, trace=True)
    spans = _syncall_spans(report)
    aiv = {k: s for k, s in spans.items() if "AIV" in k}
    aic = {k: s for k, s in spans.items() if "AIC" in k}
    last = max(a for a, _ in aiv.values())
    # The slow vector core (AI core 2's AIV0) arrives last; every AIV leaves with it.
    assert aiv["block 2 AIV0"][0] == last
    assert all(d == pytest.approx(last + latency) for _, d in aiv.values())
    # The cube cores meet among themselves: they leave at their own latest arrival.
    aic_last = max(a for a, _ in aic.values())
    assert all(d == pytest.approx(aic_last + latency) for _, d in aic.values())
    assert aic_last + latency < last
    # The same launch again: the same clocks, whatever the threads did.
    assert _run(1, slow=4)[2].timeline_cycles() == report.timeline_cycles()


def test_a_mix_launch_without_sync_all_keeps_its_block_order_run():
    # The run of blocks one after another stays for kernels without SyncAll or mode-0 flags.
    from ascdsl.sim import syncall

    seen = []
    real = syncall.LaunchRun.__init__

    def spy(self, *a, **k):
        seen.append(k.get("mixed", False))
        real(self, *a, **k)

    syncall.LaunchRun.__init__ = spy
    try:
        _run(0, sanitize="off")
        assert seen == []
        _run(2, sanitize="off")
    finally:
        syncall.LaunchRun.__init__ = real
    assert seen and all(seen)  # (the second pass for shared HBM runs it again)


# --- the soft form -------------------------------------------------------------------------------


def _soft_kernel(kernel_type):
    @asc.jit(kernel_type=kernel_type)
    def soft(x: asc.GlobalAddress, parts: asc.GlobalAddress, z: asc.GlobalAddress,
             ws: asc.GlobalAddress):
        # One slice per AI core's AIV0; the AIVs meet at the soft SyncAll (the AICs return at
        # once), then each copies the next AI core's slice.
        b = asc.get_block_idx()
        n = asc.get_block_num()
        lx = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
        lws = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 4096, 256)
        gws = asc.GlobalTensor()
        gws.set_global_buffer(ws)
        if asc.ascend_is_aiv():
            gx = asc.GlobalTensor()
            gx.set_global_buffer(x + b * N)
            gp = asc.GlobalTensor()
            gp.set_global_buffer(parts + b * N)
            asc.data_copy(lx, gx, N)
            asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
            asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
            asc.data_copy(gp, lx, N)
        asc.sync_all(gws, lws, used_cores=0)
        if asc.ascend_is_aiv():
            gq = asc.GlobalTensor()
            gq.set_global_buffer(parts + ((b + 1) % n) * N)
            gz = asc.GlobalTensor()
            gz.set_global_buffer(z + b * N)
            asc.data_copy(lx, gq, N)
            asc.set_flag(asc.HardEvent.MTE2_MTE3, 1)
            asc.wait_flag(asc.HardEvent.MTE2_MTE3, 1)
            asc.data_copy(gz, lx, N)

    return soft


def _soft_args():
    return (X[:BLOCKS * N].copy(), np.zeros(BLOCKS * N, np.float32),
            np.zeros(BLOCKS * N, np.float32), np.zeros(BLOCKS * 8, np.int32))


def test_soft_sync_all_meets_the_vector_cores_of_a_1_1_launch():
    x, parts, z, ws = _soft_args()
    report = _soft_kernel(KernelType.MIX_AIC_1_1)[BLOCKS](x, parts, z, ws)
    assert report.findings == []
    np.testing.assert_array_equal(z, np.roll(X[:BLOCKS * N].reshape(BLOCKS, N), -1, 0)
                                  .reshape(-1))


def test_soft_sync_all_in_a_1_2_launch_is_not_simulated():
    # Both AIVs of an AI core bump the slot get_block_idx() names (SoftSyncAllImpl<true>).
    with pytest.raises(asc.SimulationError, match="NotSimulatedError: .*MIX_AIC_1_2 launch: "
                                                  "the soft SyncAll counts one workspace slot"):
        _soft_kernel(KernelType.MIX_AIC_1_2)[BLOCKS](*_soft_args())
