"""Mixed (AIC + AIV) launches: one cube core and two (or one) vector cores per AI core, each
its own timeline with its own memories; what the core-type queries return on each."""

from __future__ import annotations

import json

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.runtime.config import KernelType


def _probe_kernel(kernel_type):
    @asc.jit(kernel_type=kernel_type)
    def probe(out: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(out, 256)
        # AIVs write rows 0.., AICs rows 8..: one row of 4 per core, indexed as it sees itself;
        # a row is a 64-byte line, as cores writing GM through SetValue need (SetValue.md).
        base = asc.get_block_idx() * 16
        if asc.ascend_is_aic():
            base = 128 + asc.get_block_idx() * 16
        g.set_value(base + 0, asc.get_block_idx())
        g.set_value(base + 1, asc.get_sub_block_idx())
        g.set_value(base + 2, asc.get_sub_block_num())
        g.set_value(base + 3, asc.get_block_num())

    return probe


def test_mix_aic_1_2_runs_one_aic_and_two_aivs_per_block():
    out = np.full(256, -1, np.int32)
    report = _probe_kernel(KernelType.MIX_AIC_1_2)[2](out)
    rows = out.reshape(16, 16)[:, :4].tolist()
    # AIVs: GetBlockIdx counts vector cores (block * 2 + sub block), GetSubBlockNum() is 2,
    # GetBlockNum() the launch's blocks.
    assert rows[:4] == [[0, 0, 2, 2], [1, 1, 2, 2], [2, 0, 2, 2], [3, 1, 2, 2]]
    # AICs: GetBlockIdx counts AI cores, sub block 0 of 1.
    assert rows[8:10] == [[0, 0, 1, 2], [1, 0, 1, 2]]
    assert rows[4:8] == [[-1] * 4] * 4 and rows[10:] == [[-1] * 4] * 6
    assert [c.label for c in report.cores] == [
        "block 0 AIC", "block 0 AIV0", "block 0 AIV1", "block 1 AIC", "block 1 AIV0",
        "block 1 AIV1"]
    assert report.core_kind == "mix"
    assert set(report.msprof()) >= {"aic_time(us)", "aiv_time(us)"}


def test_mix_aic_1_1_has_one_vector_core():
    out = np.full(256, -1, np.int32)
    report = _probe_kernel(KernelType.MIX_AIC_1_1)[2](out)
    rows = out.reshape(16, 16)[:, :4].tolist()
    assert rows[:2] == [[0, 0, 1, 2], [1, 0, 1, 2]]
    assert rows[8:10] == [[0, 0, 1, 2], [1, 0, 1, 2]]
    assert [c.label for c in report.cores] == [
        "block 0 AIC", "block 0 AIV0", "block 1 AIC", "block 1 AIV0"]


def _ratio_kernel(kernel_type):
    @asc.jit(kernel_type=kernel_type)
    def ratio(out: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(out, 256)
        slot = asc.get_block_idx()
        if asc.ascend_is_aic():
            slot = 8 + asc.get_block_idx()
        g.set_value(slot * 16, asc.get_task_ratio())  # a 64-byte line per core

    return ratio


@pytest.mark.parametrize("kernel_type, aiv", [(KernelType.MIX_AIC_1_2, 2),
                                              (KernelType.MIX_AIC_1_1, 1)])
def test_task_ratio_is_the_vector_cores_per_ai_core_on_an_aiv(kernel_type, aiv):
    # quant_group_matmul deals its vector work out by GetTaskRation(); it read 1 everywhere,
    # so each AIV of a 1:2 launch did both halves.
    out = np.full(256, -1, np.int32)
    _ratio_kernel(kernel_type)[2](out)
    slots = out[::16]
    assert slots[:2 * aiv].tolist() == [aiv] * (2 * aiv)
    assert slots[8:10].tolist() == [1, 1]


@asc.jit(kernel_type=KernelType.MIX_AIC_1_2)
def _ub_per_vector_core(x: asc.GlobalAddress, y: asc.GlobalAddress):
    # Each vector core fills its own UB buffer at the same UB address; were UB shared, the
    # later core's fill would show in the other's output.
    sub = asc.get_sub_block_idx()
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y + sub * 64, 64)
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + sub * 64, 64)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 64 * 4)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 64)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.adds(t, t, 1.0, 64)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(y_gm, t, 64)


def test_each_vector_core_has_its_own_ub_and_the_aic_skips_vector_ops():
    x = np.arange(128, dtype=np.float32)
    y = np.zeros(128, np.float32)
    report = _ub_per_vector_core[1](x, y)
    np.testing.assert_array_equal(y, x + 1)
    by_label = {c.label: c for c in report.cores}
    # The vector pipe runs on the AIVs only: Adds is a no-op on the cube core.
    assert "PIPE_V" not in by_label["block 0 AIC"].busy
    assert by_label["block 0 AIV0"].busy["PIPE_V"] > 0
    assert by_label["block 0 AIV1"].busy["PIPE_V"] > 0
    # Counted where it ran: once per vector core, not on the cube core.
    adds = {name: n for name, n in report.op_counts.items() if "adds" in name}
    assert list(adds.values()) == [2], adds


def test_trace_has_one_process_per_timeline(tmp_path):
    x = np.arange(128, dtype=np.float32)
    y = np.zeros(128, np.float32)
    asc.config.trace = True
    try:
        report = _ub_per_vector_core[1](x, y)
    finally:
        asc.config.trace = False
    path = tmp_path / "t.json"
    report.save_trace(str(path))
    events = json.loads(path.read_text())["traceEvents"]
    names = sorted(e["args"]["name"] for e in events if e.get("name") == "process_name")
    assert names == ["block 0 AIC", "block 0 AIV0", "block 0 AIV1"]


def test_a_cube_kernel_that_gives_vector_cores_work_is_detected_as_mixed():
    from ascdsl.sim.kernel import SimKernel

    assert _ub_per_vector_core.compile(np.zeros(1, np.float32), np.zeros(1, np.float32))\
        .kernel_type is KernelType.MIX_AIC_1_2
    sk = SimKernel(_cube_and_vector_module(), "k")
    assert sk.lanes == ("aic", "aiv", "aiv")


def _cube_and_vector_module():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from cube_kernels import mmad_kernel
    from sim_kernels import parse

    probe = """\
    %aiv = ascendc.ascend_is_aiv : i32
    func.return"""
    return parse(mmad_kernel(16, 16, 16).replace("    func.return", probe))


@pytest.mark.parametrize("kt", [KernelType.AIC_ONLY, KernelType.AIV_ONLY])
def test_single_kind_kernel_types_run_one_timeline_per_block(kt):
    from ascdsl.sim.kernel import SimKernel

    sk = SimKernel(_cube_and_vector_module(), "k", kernel_type=kt)
    assert sk.lanes is None


# --- cross-core flags ---------------------------------------------------------------------------


@asc.jit(kernel_type=KernelType.MIX_AIC_1_2)
def _handoff(ws: asc.GlobalAddress, out: asc.GlobalAddress, do_set: asc.ConstExpr[bool],
             do_wait: asc.ConstExpr[bool]):
    # The cube core fills an 8-float workspace in GM and signals; each vector core adds its
    # sub block index + 1 to it and writes its own 8 floats of out.
    ws_gm = asc.GlobalTensor()
    ws_gm.set_global_buffer(ws, 8)
    if asc.ascend_is_aic():
        for i in range(8):
            ws_gm.set_value(i, 10.0 * i)
        # out of the DCache into GM, where the vector cores' DataCopy reads (SetValue.md)
        asc.data_cache_clean_and_invalid(asc.CacheLine.SINGLE_CACHE_LINE, ws_gm,
                                         dcci_dst=asc.DcciDst.CACHELINE_OUT)
        if do_set:
            asc.cross_core_set_flag(flag_id=3, mode_id=2, pipe=asc.PipeID.PIPE_S)
    if asc.ascend_is_aiv():
        sub = asc.get_sub_block_idx()
        out_gm = asc.GlobalTensor()
        out_gm.set_global_buffer(out + sub * 8, 8)
        pipe = asc.TPipe()
        buf = asc.TBuf(asc.TPosition.VECCALC)
        pipe.init_buffer(buf, 32)
        t = buf.get(asc.float32)
        if do_wait:
            asc.cross_core_wait_flag(flag_id=3)
        asc.data_copy(t, ws_gm, 8)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.adds(t, t, 1.0 + sub, 8)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(out_gm, t, 8)


def _lines(fn, *needles):
    import inspect

    src, first = inspect.getsourcelines(fn.fn if hasattr(fn, "fn") else fn)
    out = []
    for needle in needles:
        out.append(next(first + i for i, line in enumerate(src) if needle in line))
    return out


def _handoff_run(do_set, do_wait, sanitize="raise"):
    ws = np.zeros(8, np.float32)
    out = np.zeros(16, np.float32)
    report = _handoff[1](ws, out, do_set, do_wait, sanitize=sanitize) \
        if sanitize != "raise" else _handoff[1](ws, out, do_set, do_wait)
    return ws, out, report


def test_cross_core_flag_orders_the_cube_cores_gm_write_before_the_vector_cores_read():
    ws, out, report = _handoff_run(True, True)
    base = 10.0 * np.arange(8, dtype=np.float32)
    np.testing.assert_array_equal(out, np.concatenate([base + 1, base + 2]))
    assert report.findings == []
    cyc = report.timeline_cycles()
    # The vector cores cannot read before the cube core's set (plus the FFTS latency) fired.
    from ascdsl.dialects.ascendc.soc import get_soc

    latency = get_soc(None).cost["cross_core_latency"]
    assert cyc["block 0 AIV0"] > latency + 8 * get_soc(None).cost["scalar_gm_access"]


def test_a_missing_cross_core_wait_is_a_race_naming_both_kernel_lines():
    with pytest.raises(asc.SimulationError) as info:
        _handoff_run(True, False)
    err = info.value
    assert type(err).__name__ == "RaceError"
    write_line, read_line = _lines(_handoff, "ws_gm.set_value(i", "asc.data_copy(t, ws_gm")
    assert err.loc.line == write_line and err.other_loc.line == read_line
    assert "CrossCoreSetFlag" in str(err) and "AIC of AI core 0" in str(err)


def test_a_wait_whose_set_never_comes_is_a_deadlock():
    with pytest.raises(asc.SimulationError) as info:
        _handoff_run(False, True)
    err = info.value
    assert type(err).__name__ == "DeadlockError"
    (wait_line,) = _lines(_handoff, "asc.cross_core_wait_flag(flag_id=3)")
    assert err.loc.line == wait_line
    assert "flag 3" in str(err) and "AIV0 of AI core 0" in str(err)


@asc.jit(kernel_type=KernelType.MIX_AIC_1_2)
def _flags(out: asc.GlobalAddress, sets: asc.ConstExpr[int], waits: asc.ConstExpr[int],
           aiv_sets: asc.ConstExpr[int], flag: asc.ConstExpr[int], mode: asc.ConstExpr[int]):
    # `sets` sets by the AIC (mode `mode`), `waits` waits on each AIV; `aiv_sets` AIVs of the
    # AI core (0, 1 or 2) set the flag for the AIC, which then waits once.
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 8)
    if asc.ascend_is_aic():
        for i in range(sets):
            asc.cross_core_set_flag(flag_id=flag, mode_id=mode, pipe=asc.PipeID.PIPE_S)
        if aiv_sets > 0:
            asc.cross_core_wait_flag(flag_id=flag)
            g.set_value(0, 1.0)
    if asc.ascend_is_aiv():
        for i in range(waits):
            asc.cross_core_wait_flag(flag_id=flag)
        if asc.get_sub_block_idx() < aiv_sets:
            asc.cross_core_set_flag(flag_id=flag, mode_id=2, pipe=asc.PipeID.PIPE_S)


def _flags_run(sets=0, waits=0, aiv_sets=0, flag=1, mode=2):
    out = np.zeros(8, np.float32)
    return out, _flags[1](out, sets, waits, aiv_sets, flag, mode)


def test_both_vector_cores_must_set_before_the_cube_core_passes():
    out, report = _flags_run(aiv_sets=2)
    assert out[0] == 1.0 and report.findings == []
    with pytest.raises(asc.SimulationError, match="DeadlockError: .*flag 1 on the AIC"):
        _flags_run(aiv_sets=1)


def test_a_counter_holds_fifteen_sets():
    _flags_run(sets=15, waits=15)  # fifteen outstanding sets are fine
    with pytest.raises(asc.SimulationError, match="already holds 15 sets"):
        _flags_run(sets=16, waits=16)


def test_flag_ids_are_0_to_10():
    with pytest.raises(asc.SimulationError, match="EventError: .*flag id 11; the ids are 0 to 10"):
        _flags_run(sets=1, waits=1, flag=11)


def test_mode_1_is_between_vector_cores_only():
    with pytest.raises(asc.SimulationError, match="mode-1 cross-core flag on the cube core"):
        _flags_run(sets=1, mode=1)


def test_a_set_nobody_waits_for_is_reported():
    with pytest.raises(asc.SimulationError, match="no CrossCoreWaitFlag there takes it"):
        _flags_run(sets=1, waits=0)


def test_cross_core_flags_need_a_mixed_launch():
    @asc.jit(kernel_type=KernelType.AIV_ONLY)
    def vec_only(out: asc.GlobalAddress):
        asc.cross_core_set_flag(flag_id=0, mode_id=1, pipe=asc.PipeID.PIPE_S)

    with pytest.raises(asc.SimulationError, match="NotSimulatedError: .*mixed launches"):
        vec_only[1](np.zeros(8, np.float32))


def test_bad_mode_is_a_located_kernel_language_error():
    @asc.jit(kernel_type=KernelType.MIX_AIC_1_2)
    def bad(out: asc.GlobalAddress):
        asc.cross_core_set_flag(flag_id=0, mode_id=3, pipe=asc.PipeID.PIPE_S)

    with pytest.raises(Exception, match="'mode_id' must be 0 .* got 3") as info:
        bad[1](np.zeros(8, np.float32))
    assert "test_mix.py" in str(info.value)


@asc.jit(kernel_type=KernelType.MIX_AIC_1_2)
def _set_on(ws: asc.GlobalAddress, out: asc.GlobalAddress, pipe: asc.ConstExpr[int]):
    # The AIC writes the workspace on the scalar unit, then sets the flag on `pipe`.
    ws_gm = asc.GlobalTensor()
    ws_gm.set_global_buffer(ws, 8)
    if asc.ascend_is_aic():
        ws_gm.set_value(0, 5.0)
        asc.data_cache_clean_and_invalid(asc.CacheLine.SINGLE_CACHE_LINE, ws_gm,
                                         dcci_dst=asc.DcciDst.CACHELINE_OUT)
        asc.cross_core_set_flag(flag_id=2, mode_id=2, pipe=pipe)
    if asc.ascend_is_aiv():
        asc.cross_core_wait_flag(flag_id=2)
        out_gm = asc.GlobalTensor()
        # a 64-byte line per vector core: they write it through SetValue (SetValue.md)
        out_gm.set_global_buffer(out + asc.get_sub_block_idx() * 16, 8)
        out_gm.set_value(0, ws_gm.get_value(0))


def test_a_set_orders_only_what_its_pipe_has_seen():
    from ascdsl.dialects.ascendc.enums import Pipe

    ws, out = np.zeros(8, np.float32), np.zeros(32, np.float32)
    _set_on[1](ws, out, int(Pipe.PIPE_S))  # the scalar write is S's own work: ordered
    assert out[0] == out[16] == 5.0
    # MTE3 knows nothing of the scalar unit's write: its set does not order it.
    with pytest.raises(asc.SimulationError, match="RaceError: .*set_value.* on PIPE_S of the AIC"):
        _set_on[1](ws, out, int(Pipe.PIPE_MTE3))


def test_block_syncs_other_than_sync_all_are_refused_in_mixed_launches():
    # (SyncAll runs there: tests/unit/sim/test_syncall_mix.py)
    @asc.jit(kernel_type=KernelType.MIX_AIC_1_2)
    def meet(ws: asc.GlobalAddress):
        gws = asc.GlobalTensor()
        gws.set_global_buffer(ws)
        lws = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 256)
        asc.ib_set(gws, lws, block_idx=0, event_id=0)

    with pytest.raises(asc.SimulationError, match="NotSimulatedError: .*CrossCoreSetFlag"):
        meet[1](np.zeros(64, np.int32))


@asc.jit(kernel_type=KernelType.MIX_AIC_1_2)
def _aiv_barrier(out: asc.GlobalAddress, mode: asc.ConstExpr[int], both: asc.ConstExpr[bool]):
    # The vector cores meet (mode 1: the two of an AI core; mode 0: every AIV of the launch).
    if asc.ascend_is_aiv():
        if both or asc.get_sub_block_idx() == 0:
            asc.cross_core_set_flag(flag_id=4, mode_id=mode, pipe=asc.PipeID.PIPE_S)
        asc.cross_core_wait_flag(flag_id=4, mode_id=mode)


def test_mode_1_passes_once_both_vector_cores_set():
    report = _aiv_barrier[1](np.zeros(8, np.float32), 1, True)
    assert report.findings == []
    with pytest.raises(asc.SimulationError, match="DeadlockError"):
        _aiv_barrier[1](np.zeros(8, np.float32), 1, False)


def test_mode_0_meets_every_vector_core_of_the_launch():
    assert _aiv_barrier[1](np.zeros(8, np.float32), 0, True).findings == []
    assert _aiv_barrier[2](np.zeros(8, np.float32), 0, True).findings == []
    # AIV1 of each AI core does not set: nobody of the launch passes
    with pytest.raises(asc.SimulationError, match="DeadlockError: .*no core of the launch"):
        _aiv_barrier[2](np.zeros(8, np.float32), 0, False)
