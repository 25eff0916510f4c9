"""Timing: pipes, events, queues and barriers give the cycle counts the model promises."""

import numpy as np
import pytest

from ascdsl.dialects.ascendc.soc import get_soc
from sim_kernels import rand, run, ub_kernel, vadd_framework

COST = get_soc().cost


def framework(buffers: int, tile: int = 4096, loops: int = 8, cores: int = 1):
    n = tile * loops * cores
    x, y, z = rand(n), rand(n, seed=1), np.zeros(n, np.float32)
    report = run(vadd_framework(buffers), [x, y, z, tile * loops, tile, loops], cores=cores,
                 kernel="vadd", trace=True)
    assert np.array_equal(z, x + y)
    return report


def test_double_buffering_is_faster_and_keeps_mte2_busy():
    single, double = framework(1), framework(2)
    assert double.cycles < 0.9 * single.cycles
    # MTE2 (GM -> UB, the bottleneck at 32 bytes per cycle) runs back to back once started.
    assert double.pipe_utilization("MTE2", core=0, steady=True) >= 0.9
    assert single.pipe_utilization("MTE2", core=0, steady=True) < 0.9
    assert double.utilization["PIPE_MTE2"] > single.utilization["PIPE_MTE2"]


def test_gm_read_lands_after_its_bytes_and_the_latency():
    # One core, two 16 KB GM -> UB copies (x, y) issued back to back on MTE2. Each moves its
    # bytes through the core's read port at gm_read_core (one core is far from the HBM limit)
    # and lands gm_latency later; the second queues behind the first at the port.
    report = framework(1, tile=4096, loops=1)
    mte2 = [e for e in report.cores[0].trace if e[0] == 4]
    assert len(mte2) == 2
    assert mte2[0][2] == pytest.approx(16384 / COST["gm_read_core"] + COST["gm_latency"])
    # The pipe is busy while a copy is in flight: the second copy adds what the first does not
    # cover.
    assert mte2[1][1] == pytest.approx(mte2[0][1] + mte2[0][2])
    assert mte2[1][2] == pytest.approx(16384 / COST["gm_read_core"])
    assert report.cores[0].busy["PIPE_MTE2"] == pytest.approx(mte2[0][2] + mte2[1][2])


def test_gm_write_goes_into_l2_at_the_write_rate():
    report = framework(1, tile=4096, loops=1)
    (mte3,) = [e for e in report.cores[0].trace if e[0] == 5]
    assert mte3[2] == pytest.approx(COST["mte_issue"] + COST["mte_burst"]
                                    + 16384 / COST["gm_write_core"])


def test_vector_cost_is_issue_plus_repeats_plus_bank_conflicts():
    # ub_kernel puts x, y, z 16 KB apart: the two sources start in the same UB bank group, so
    # every repeat reads them in two beats (bank_read_conflict).
    n = 4096
    body = "  ascendc.add_l2 %zl, %xl, %yl, %n : TZ, TX, TX, i32"
    report = run(ub_kernel(body, n=n), [rand(n), rand(n, seed=1), np.zeros(n, np.float32)],
                 trace=True)
    (add,) = [e for e in report.cores[0].trace if e[0] == 1]
    repeats = n * 4 // 256
    assert add[2] == pytest.approx(COST["vector_issue"] + repeats
                                   + repeats * COST["bank_read_conflict"])


def test_wait_flag_holds_the_consumer_until_the_producer_finished():
    report = framework(1, tile=4096, loops=1)
    trace = report.cores[0].trace
    copies_done = max(s + d for p, s, d, _ in trace if p == 4)  # slices end when data lands
    (add,) = [e for e in trace if e[0] == 1]
    assert add[1] >= copies_done + COST["event_latency"]


def test_pipe_all_barrier_serializes():
    body = ("  ascendc.add_l2 %zl, %xl, %yl, %n : TZ, TX, TX, i32\n"
            "  ascendc.pipe_barrier pipe_all\n"
            "  ascendc.mul_l2 %xl, %xl, %yl, %n : TX, TX, TX, i32")
    report = run(ub_kernel(body, n=4096), [rand(4096), rand(4096), np.zeros(4096, np.float32)],
                 trace=True)
    adds = [e for e in report.cores[0].trace if e[0] == 1]
    add_end = adds[0][1] + adds[0][2] + COST["vector_latency"]
    assert adds[1][1] >= add_end  # the barrier waited for the add's results


def test_cores_run_in_parallel_and_the_report_adds_up():
    report = framework(2, tile=1024, loops=4, cores=4)
    assert report.core_num == 4 and len(report.core_cycles) == 4
    assert report.cycles == max(report.core_cycles)
    assert report.microseconds == pytest.approx(report.cycles / 1850)
    assert report.op_counts["ascendc.add_l2"] == 16
    assert report.op_counts["ascendc.data_copy_l2"] == 48
    for pipe, busy in report.busy.items():
        assert 0 <= report.utilization[pipe] <= 1
        assert busy == pytest.approx(sum(c.busy[pipe] for c in report.cores))


def test_blocks_beyond_the_vector_cores_run_in_waves():
    soc = get_soc()
    cores = soc.aiv_cores + 1
    report = framework(2, tile=128, loops=1, cores=cores)
    one = max(report.core_cycles)
    assert report.cycles == pytest.approx(2 * one)
