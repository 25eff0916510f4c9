"""CoreSim's one-group path (`_group_copy`, ascdsl.sim.gm_fast) against the general
`gm_copy` it shortcuts: the same launches timed both ways agree op for op, to the last bit.

The general path is forced by routing the shortcut to `gm_copy` with `burst` given (the
engine's cost per burst, the value the shortcut uses), which gm_copy does not shortcut."""

import dataclasses

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.dialects.ascendc.soc import Fact, get_soc
from ascdsl.sim.core import CoreSim
from ascdsl.sim.kernel import SimKernel
from ascdsl.sim.memsys import CACHE_NORMAL
from sim_kernels import run, vadd_framework


@asc.jit
def stream(src: asc.GlobalAddress, dst: asc.GlobalAddress, n: int, passes: int,
           tile: asc.ConstExpr[int], offset: asc.ConstExpr[int], overlap: asc.ConstExpr[bool]):
    """Each core reads its n halfs `passes` times, `tile` at a time from element `offset` on,
    and writes each tile back after one Adds; with `overlap` the next read is issued while
    the write is in flight."""
    g = asc.GlobalTensor()
    g.set_global_buffer(src + asc.get_block_idx() * n + offset, n)
    out = asc.GlobalTensor()
    out.set_global_buffer(dst + asc.get_block_idx() * n + offset, n)
    ub = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, tile)
    for p in range(passes):
        for i in range(n // tile):
            asc.data_copy(ub, g[i * tile:], tile)
            asc.pipe_barrier(asc.Pipe.PIPE_ALL)
            asc.adds(ub, ub, 1.0, tile)
            asc.pipe_barrier(asc.Pipe.PIPE_ALL)
            asc.data_copy(out[i * tile:], ub, tile)
            if not overlap:
                asc.pipe_barrier(asc.Pipe.PIPE_ALL)


def small_l2(lines: int):
    soc = get_soc()
    facts = dict(soc.facts)
    facts["l2_bytes"] = Fact(lines * 512, "bytes", "test")
    return dataclasses.replace(soc, facts=facts)


def timed(launch, general: bool):
    """`launch()`'s report, timed by the shortcut or (`general`) by gm_copy's general path."""
    copy = CoreSim.gm_copy
    calls = []

    def routed(core, p, buf, start, length, count, stride, a, b, write, write_rate, site):
        calls.append(write)
        copy(core, p, buf, start, length, stride, count, write, CACHE_NORMAL, site,
             core.cost.mte_burst, write_rate=write_rate)

    mp = pytest.MonkeyPatch()
    if general:
        mp.setattr(CoreSim, "_group_copy", routed)
    try:
        report = launch()
    finally:
        mp.undo()
    assert calls or not general, "no copy took the shortcut"
    return report


def same(fast, slow) -> None:
    assert fast.task_cycles == slow.task_cycles
    for a, b in zip(fast.cores, slow.cores, strict=True):
        assert a.cycles == b.cycles
        assert a.busy == b.busy
        assert [r[:3] for r in a.trace] == [r[:3] for r in b.trace]


CASES = {
    # Misses, then hits of the lines each core read before; writes into L2.
    "hits": (4, 8192, 2, 2048, 0, False, None),
    # An L2 of 256 lines shared by four cores: evictions and write-backs of dirty lines.
    "evictions": (4, 65536, 2, 4096, 0, True, 256),
    # Bursts starting a few bytes into a line (the general path's reads, shortcut writes),
    # and tiles crossing a group of lines.
    "unaligned": (4, 16384, 1, 4096, 3, False, 256),
    # 48 cores streaming: HBM-bound reads slow the writes in flight down (ascdsl.sim.port).
    "hbm-bound": (48, 16384, 1, 8192, 0, True, None),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_shortcuts_time_every_op_as_the_general_path_does(case):
    cores, n, passes, tile, offset, overlap, lines = CASES[case]
    soc = get_soc() if lines is None else small_l2(lines)
    src = np.arange(cores * n + 64, dtype=np.float16)
    outs, reports = [], []
    for general in (False, True):
        dst = np.zeros_like(src)
        kernel = SimKernel(stream.compile(src, dst, n, passes, tile, offset, overlap,
                                          core_num=cores).module, "stream", soc=soc)
        reports.append(timed(lambda: kernel.run(cores, [src, dst, n, passes], sanitize="off",
                                                trace=True), general))
        outs.append(dst)
    assert np.array_equal(*outs)
    same(*reports)


def test_the_shortcuts_time_a_double_buffered_hbm_bound_vadd_as_the_general_path_does():
    # add-4's pattern (48 cores, 32 KB copies, 02_add_framework's two buffers a queue):
    # HBM-bound reads in flight slow the writes requested after them down.
    cores, loops, tile = 48, 4, 8192
    block = loops * tile
    rng = np.random.default_rng(0)
    x = rng.random(cores * block, dtype=np.float32)
    y = rng.random(cores * block, dtype=np.float32)
    reports = []
    for general in (False, True):
        z = np.zeros_like(x)
        reports.append(timed(lambda: run(vadd_framework(), [x, y, z, block, tile, loops],
                                         cores, "off", "vadd", trace=True), general))
        assert np.array_equal(z, x + y)
    same(*reports)
