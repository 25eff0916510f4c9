"""RunReport: the Chrome-trace timeline, the PNG plot, the text summary."""

import json
import os

import numpy as np
import pytest

from ascdsl.dialects.ascendc.soc import get_soc
from sim_kernels import line_of, rand, run, vadd_framework


@pytest.fixture(scope="module")
def report():
    n = 2048
    x, y, z = rand(n), rand(n, seed=1), np.zeros(n, np.float32)
    return run(vadd_framework(2), [x, y, z, 1024, 256, 4], cores=2, kernel="vadd",
               filename="vadd_framework.mlir", trace=True)


def test_trace_is_valid_chrome_trace_json(report, tmp_path):
    path = tmp_path / "trace.json"
    report.save_trace(str(path))
    assert sorted(os.listdir(tmp_path)) == ["trace.json"]  # no temporary file left behind
    data = json.loads(path.read_text())
    events = data["traceEvents"]
    assert data["displayTimeUnit"] == "ns" and data["otherData"]["cores"] == 2
    for e in events:
        assert e["ph"] in ("M", "X", "i")
        assert isinstance(e["pid"], int) and isinstance(e["tid"], int)
        if e["ph"] == "X":
            assert e["ts"] >= 0 and e["dur"] > 0 and isinstance(e["name"], str)
        if e["ph"] == "i":
            assert e["s"] == "t" and e["ts"] >= 0
    processes = {e["pid"]: e["args"]["name"] for e in events if e["name"] == "process_name"}
    assert processes == {0: "core 0", 1: "core 1"}
    threads = {(e["pid"], e["args"]["name"]) for e in events if e["name"] == "thread_name"}
    assert {(0, "PIPE_V"), (0, "PIPE_MTE2"), (0, "PIPE_MTE3"), (1, "PIPE_MTE2")} <= threads


def test_one_slice_per_op_named_with_its_source_line(report):
    events = report.trace_events()["traceEvents"]
    slices = [e for e in events if e["ph"] == "X"]
    copies = [e for e in slices if e["args"]["op"] == "ascendc.data_copy_l2"]
    assert len(copies) == report.op_counts["ascendc.data_copy_l2"] == 24
    adds = [e for e in slices if e["args"]["op"] == "ascendc.add_l2"]
    line = line_of(vadd_framework(2), "ascendc.add_l2")
    assert {e["name"] for e in adds} == {f"add_l2 @ vadd_framework.mlir:{line}"}
    assert all(e["cat"] == "PIPE_V" for e in adds)
    assert {e["args"]["loc"] for e in adds} == {f"vadd_framework.mlir:{line}:5"}
    # Slices of one pipe never overlap: a pipe runs its ops in order.
    for pid in (0, 1):
        for tid in {e["tid"] for e in slices if e["pid"] == pid}:
            track = sorted((e["ts"], e["ts"] + e["dur"]) for e in slices
                           if e["pid"] == pid and e["tid"] == tid)
            assert all(a[1] <= b[0] + 1e-9 for a, b in zip(track, track[1:]))


def test_sync_instants_mark_queue_events(report):
    events = report.trace_events()["traceEvents"]
    names = {e["name"] for e in events if e["ph"] == "i"}
    assert "set_flag mte2_v#0" in names and "wait_flag v_mte2#0" in names


def test_plot_writes_a_png(report, tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "timeline.png"
    report.plot(str(path))
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert sorted(os.listdir(tmp_path)) == ["timeline.png"]


def test_plot_without_matplotlib_says_how_to_get_it(report, tmp_path, monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kw):
        if name.startswith("matplotlib"):
            raise ImportError("no matplotlib")
        return real_import(name, *args, **kw)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    with pytest.raises(ImportError, match=r"pip install 'ascdsl\[plot\]'"):
        report.plot(str(tmp_path / "x.png"))


def test_summary_lists_time_pipes_ops_and_findings(report):
    text = report.summary()
    assert text.splitlines()[0] == "kernel vadd on Ascend910B1, 2 core(s), sanitizer raise"
    assert f"{report.cycles:,.0f} cycles = {report.microseconds:.2f} us at 1850 MHz" in text
    assert "PIPE_MTE2" in text and "findings: none" in text
    assert "ascendc.data_copy_l2" in text
    assert repr(report).startswith("RunReport(vadd: ")


def test_msprof_figures_are_per_core_means_under_msprofs_names(report):
    m = report.msprof()
    mhz = report.clock_mhz
    cores = report.cores
    assert m["aiv_time(us)"] == pytest.approx(sum(c.cycles for c in cores) / 2 / mhz)
    assert m["aiv_total_cycles"] == pytest.approx(sum(c.cycles for c in cores))
    for pipe, name in (("PIPE_V", "vec"), ("PIPE_MTE2", "mte2"), ("PIPE_MTE3", "mte3"),
                       ("PIPE_S", "scalar")):
        busy = [c.busy[pipe] for c in cores]
        assert m[f"aiv_{name}_time(us)"] == pytest.approx(sum(busy) / 2 / mhz)
        assert m[f"aiv_{name}_ratio"] == pytest.approx(sum(busy) / m["aiv_total_cycles"])
        assert 0 < m[f"aiv_{name}_ratio"] <= 1
    assert not any(k.startswith("aic_") for k in m)  # a vector kernel has no cube pipes
    assert m["Task Duration(us)"] == report.task_duration_us


def test_task_duration_adds_the_start_and_staggered_blocks(report):
    c = get_soc().cost
    expected = c["task_head"] + max(i * c["block_dispatch"] + cyc
                                    for i, cyc in enumerate(report.core_cycles))
    assert report.task_cycles == pytest.approx(expected)
    assert report.task_duration_us == pytest.approx(expected / report.clock_mhz)
    assert report.task_cycles > report.cycles
    assert f"task duration (msprof Task Duration estimate): {report.task_duration_us:.2f} us" \
        in report.summary()


def test_task_duration_of_later_waves_starts_when_the_previous_one_ends():
    from ascdsl.sim.report import task_cycles

    soc = get_soc()
    c = soc.cost
    one_wave = task_cycles(soc, [1000.0, 1000.0], 2)
    assert one_wave == pytest.approx(c["task_head"] + c["block_dispatch"] + 1000)
    two_waves = task_cycles(soc, [1000.0, 1000.0, 500.0], 2)
    assert two_waves == pytest.approx(one_wave + 500)
