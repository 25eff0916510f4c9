"""The simulator's memory does not grow with the length of a run unless a trace is asked for.

Before, every executed op left a timeline record (~115 bytes), so 3M ops kept 400 MB even
with the sanitizer off. Now the records are kept only with `trace=True`; what the report
needs without them (busy cycles, first/last op per pipe) is a few numbers per pipe.
"""

from __future__ import annotations

import tracemalloc

import numpy as np
import pytest

import ascdsl
from sim_kernels import parse, rand, run, vadd_framework

from ascdsl.runtime import prepare

TILE = 64  # 256-byte tiles: many ops per element


def _peak(loops: int, sanitize: str, trace: bool) -> tuple[int, int]:
    """(peak traced bytes of one launch, ops executed) for `loops` tiles on one core."""
    exe = prepare(parse(vadd_framework(2)), "vadd")
    n = TILE * loops
    x, y, z = rand(n), rand(n, seed=1), np.zeros(n, np.float32)
    exe.launch(1, [x, y, z, n, TILE, loops], sanitize=sanitize, trace=trace)  # warm up
    tracemalloc.start()
    try:
        report = exe.launch(1, [x, y, z, n, TILE, loops], sanitize=sanitize, trace=trace)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert np.array_equal(z, x + y)
    return peak, report.ops_executed


def test_memory_does_not_grow_with_run_length_without_a_trace():
    small, small_ops = _peak(100, "off", trace=False)
    large, large_ops = _peak(2000, "off", trace=False)
    extra_ops = large_ops - small_ops
    assert extra_ops > 20_000
    # Both runs need the same memory, give or take allocator noise: < 1 byte per extra op
    # (the timeline alone was ~115 bytes per op).
    assert large - small < extra_ops, (small, large, extra_ops)


def test_a_trace_keeps_one_record_per_op():
    small, small_ops = _peak(100, "off", trace=True)
    large, large_ops = _peak(2000, "off", trace=True)
    assert (large - small) / (large_ops - small_ops) > 50  # the test can see growth


def test_report_without_a_trace_says_how_to_get_one(tmp_path):
    n = TILE * 4
    x, y, z = rand(n), rand(n, seed=1), np.zeros(n, np.float32)
    report = run(vadd_framework(2), [x, y, z, n, TILE, 4], kernel="vadd")
    assert report.cores[0].trace is None
    with pytest.raises(ValueError, match=r"launch with trace=True .* ascdsl.config.trace = True"):
        report.save_trace(str(tmp_path / "t.json"))
    with pytest.raises(ValueError, match="needs the launch's timeline"):
        report.plot(str(tmp_path / "t.png"))
    assert list(tmp_path.iterdir()) == []


def test_steady_utilization_is_the_same_with_and_without_a_trace():
    n = TILE * 16
    args = lambda: [rand(n), rand(n, seed=1), np.zeros(n, np.float32), n, TILE, 16]  # noqa: E731
    with_trace = run(vadd_framework(2), args(), kernel="vadd", trace=True)
    without = run(vadd_framework(2), args(), kernel="vadd")
    for pipe, index in (("MTE2", 4), ("V", 1), ("MTE3", 5), ("S", 0)):
        # What steady utilization was computed from before: the timeline's entries.
        entries = [e for e in with_trace.cores[0].trace if e[0] == index]
        span = max(e[1] + e[2] for e in entries) - min(e[1] for e in entries) if entries else 0
        expected = sum(e[2] for e in entries) / span if span else 0.0
        assert with_trace.pipe_utilization(pipe, steady=True) == pytest.approx(expected)
        assert without.pipe_utilization(pipe, steady=True) == pytest.approx(expected)
    assert 0 < without.pipe_utilization("MTE2", steady=True) <= 1


def test_config_trace_applies_to_jit_launches(tmp_path, monkeypatch):
    monkeypatch.setattr(ascdsl.config, "trace", True)

    @ascdsl.jit
    def copy(x: ascdsl.GlobalAddress, n: int):
        g = ascdsl.GlobalTensor()
        g.set_global_buffer(x)
        g.set_value(0, g.get_value(1))

    report = copy[1](np.arange(8, dtype=np.int32), 8)
    report.save_trace(str(tmp_path / "copy.json"))
    assert (tmp_path / "copy.json").stat().st_size > 0
    with pytest.raises(ValueError, match="config.trace must be True or False"):
        ascdsl.config.trace = "yes"
