"""CoreSim's one-group paths (`_group_read`, `_group_write`) against the general `gm_copy`
they shortcut: the same launches timed both ways agree op for op, to the last bit.

The general path is forced by routing the shortcuts to `gm_copy` with `burst` given (the
engine's cost per burst, the value the shortcuts use), which gm_copy does not shortcut."""

import dataclasses

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.dialects.ascendc.soc import Fact, get_soc
from ascdsl.sim.core import CoreSim
from ascdsl.sim.kernel import SimKernel
from ascdsl.sim.memsys import CACHE_NORMAL


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


@asc.jit
def vadd(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int,
         tile: asc.ConstExpr[int]):
    """z = x + y, double-buffered through TQues: a core's next reads are in flight while its
    last write is (the GM port's case, ascdsl.sim.port)."""
    off = asc.get_block_idx() * n
    xg, yg, zg = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    xg.set_global_buffer(x + off)
    yg.set_global_buffer(y + off)
    zg.set_global_buffer(z + off)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, 2)
    qy = asc.TQue(asc.TPosition.VECIN, 2)
    qz = asc.TQue(asc.TPosition.VECOUT, 2)
    pipe.init_buffer(qx, 2, tile * 4)
    pipe.init_buffer(qy, 2, tile * 4)
    pipe.init_buffer(qz, 2, tile * 4)
    for i in range(n // tile):
        a = qx.alloc_tensor(asc.float32)
        b = qy.alloc_tensor(asc.float32)
        asc.data_copy(a, xg[i * tile:], tile)
        asc.data_copy(b, yg[i * tile:], tile)
        qx.enque(a)
        qy.enque(b)
        a = qx.deque(asc.float32)
        b = qy.deque(asc.float32)
        c = qz.alloc_tensor(asc.float32)
        asc.add(c, a, b, tile)
        qz.enque(c)
        qx.free_tensor(a)
        qy.free_tensor(b)
        c = qz.deque(asc.float32)
        asc.data_copy(zg[i * tile:], c, tile)
        qz.free_tensor(c)


def small_l2(lines: int):
    soc = get_soc()
    facts = dict(soc.facts)
    facts["l2_bytes"] = Fact(lines * 512, "bytes", "test")
    return dataclasses.replace(soc, facts=facts)


def run(name: str, module, cores: int, args: list, soc, general: bool):
    """The launch, timed by the shortcuts or (`general`) by gm_copy's general path."""
    kernel = SimKernel(module, name, soc=soc)
    copy = CoreSim.gm_copy
    calls = []

    def read(core, p, buf, start, length, count, stride, a, b, site):
        calls.append(False)
        copy(core, p, buf, start, length, stride, count, False, CACHE_NORMAL, site,
             core.cost.mte_burst)

    def write(core, p, buf, start, length, count, a, b, write_rate, site):
        calls.append(True)
        copy(core, p, buf, start, length, length, count, True, CACHE_NORMAL, site,
             core.cost.mte_burst, write_rate=write_rate)

    mp = pytest.MonkeyPatch()
    if general:
        mp.setattr(CoreSim, "_group_read", read)
        mp.setattr(CoreSim, "_group_write", write)
    try:
        report = kernel.run(cores, args, sanitize="off", trace=True)
    finally:
        mp.undo()
    assert calls or not general, "no copy took a shortcut"
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
        module = stream.compile(src, dst, n, passes, tile, offset, overlap,
                                core_num=cores).module
        reports.append(run("stream", module, cores, [src, dst, n, passes], soc, general))
        outs.append(dst)
    assert np.array_equal(*outs)
    same(*reports)


def test_the_shortcuts_time_a_double_buffered_hbm_bound_vadd_as_the_general_path_does():
    # add-4's pattern (48 cores, 32 KB copies, two buffers a queue): HBM-bound reads in flight
    # slow the writes requested after them down.
    cores, n, tile = 48, 4 * 8192, 8192
    rng = np.random.default_rng(0)
    x = rng.random(cores * n, dtype=np.float32)
    y = rng.random(cores * n, dtype=np.float32)
    reports = []
    for general in (False, True):
        z = np.zeros_like(x)
        module = vadd.compile(x, y, z, n, tile, core_num=cores).module
        reports.append(run("vadd", module, cores, [x, y, z, n], get_soc(), general))
        assert np.array_equal(z, x + y)
    same(*reports)
