"""The scalar data cache (sim/dcache.py): GetValue / SetValue of GM go through each core's
DCache on the hardware (asc-devkit: GlobalTensor SetValue.md / GetValue.md,
DataCacheCleanAndInvalid.md, 缓存一致性.md). Each finding fires on a minimal kernel and the
kernel fixed with DataCacheCleanAndInvalid runs clean with the right values."""

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.runtime import config
from ascdsl.sim.errors import CoherenceError, InvalidArgumentError
from sim_kernels import source_line_of

N = 16
E = asc.HardEvent
ONE = asc.CacheLine.SINGLE_CACHE_LINE
ALL = asc.CacheLine.ENTIRE_DATA_CACHE
OUT = asc.DcciDst.CACHELINE_OUT


def _warn(kernel, cores: int, *args):
    old = config.sanitize
    config.sanitize = "warn"
    try:
        return kernel[cores](*args)
    finally:
        config.sanitize = old


def _dcci(g, mode: int):
    """mode 1: the line of g's address (CACHELINE_OUT); 2: the whole DCache (the form without
    a DcciDst); 3: CACHELINE_UB, which keeps the DCache coherent with UB, not GM."""
    if mode == 1:
        asc.data_cache_clean_and_invalid(ONE, g, dcci_dst=OUT)
    if mode == 2:
        asc.data_cache_clean_and_invalid(ALL, g)
    if mode == 3:
        asc.data_cache_clean_and_invalid(ONE, g, dcci_dst=asc.DcciDst.CACHELINE_UB)


def _fill(ub, value: float, n: int):
    asc.duplicate(ub, value, n)
    asc.set_flag(E.V_MTE3, 0)
    asc.wait_flag(E.V_MTE3, 0)


# --- a GetValue hits a line GM changed under it -----------------------------------------------


def _stale_read(x: asc.GlobalAddress, z: asc.GlobalAddress, mode: asc.ConstExpr[int]):
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    first = g.get_value(0)  # caches the line
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, N)
    _fill(ub, 5.0, N)
    asc.data_copy(g, ub, N)  # the DMA writes GM, not the line
    _dcci(g, mode)
    again = g.get_value(0)  # stale
    zg.set_value(0, first + again)


stale_read = asc.jit(always_compile=True)(_stale_read)


def test_a_get_value_of_a_line_a_copy_rewrote_reads_the_old_bytes():
    x, z = np.ones(64, np.float32), np.zeros(64, np.float32)
    with pytest.raises(CoherenceError) as info:
        stale_read[1](x, z, 0)
    err = info.value
    assert err.loc.line == source_line_of(_stale_read, "# stale")
    assert err.other_loc.line == source_line_of(_stale_read, "# caches the line")
    assert err.core == 0 and err.pipe == "PIPE_S"
    text = str(err)
    assert "reads 1.0 from its line, GM holds 5.0" in text
    assert "DataCacheCleanAndInvalid" in text and "before the GetValue" in text
    # the note names the copy that changed GM
    assert f"{source_line_of(_stale_read, '# the DMA writes GM')}:" in text
    assert "'ascendc.data_copy_l2' on PIPE_MTE3" in text
    for mode in (1, 2):  # a clean-and-invalidate before the GetValue reloads the line
        x, z = np.ones(64, np.float32), np.zeros(64, np.float32)
        assert stale_read[1](x, z, mode).findings == []
        assert z[0] == 6.0


def test_a_cacheline_ub_clean_does_not_touch_gm_lines_and_the_finding_says_so():
    x, z = np.ones(64, np.float32), np.zeros(64, np.float32)
    report = _warn(stale_read, 1, x, z, 3)
    (err,) = report.findings
    assert isinstance(err, CoherenceError) and err.loc.line == source_line_of(_stale_read, "# stale")
    assert "CACHELINE_UB" in str(err) and "use CACHELINE_OUT" in str(err)
    assert z[0] == 6.0  # values stay GM's: warn mode goes on


def _reread(x: asc.GlobalAddress, z: asc.GlobalAddress, rewrite: asc.ConstExpr[bool],
            fix: asc.ConstExpr[bool]):
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, N)
    b = asc.get_block_idx()
    first = g.get_value(0) + g.get_value(17)  # a tiling read: every core caches the lines
    asc.sync_all()
    if rewrite:
        if b == 1:
            _fill(ub, 5.0, N)
            asc.data_copy(g, ub, N)  # core 1 rewrites x[0:16]
    asc.sync_all()
    if fix:
        _dcci(g, 1)
    again = g.get_value(0)  # reads the line again
    zg.set_value(b * 16, first + again)


reread = asc.jit(always_compile=True)(_reread)


def test_a_line_another_core_rewrote_is_stale_and_a_tiling_read_is_not():
    # GetValue-only reads of GM nobody writes (a tiling struct): clean on eight cores.
    x, z = np.arange(32, dtype=np.float32), np.zeros(8 * 16, np.float32)
    assert reread[8](x, z, False, False).findings == []
    assert z[::16].tolist() == [17.0] * 8
    with pytest.raises(CoherenceError) as info:
        reread[2](np.arange(32, dtype=np.float32), np.zeros(32, np.float32), True, False)
    err = info.value
    assert err.core == 0 and err.loc.line == source_line_of(_reread, "# reads the line again")
    assert err.other_loc.line == source_line_of(_reread, "# a tiling read")
    assert f"{source_line_of(_reread, '# core 1 rewrites')}:" in str(err) and "core 1)" in str(err)
    x, z = np.arange(32, dtype=np.float32), np.zeros(32, np.float32)
    assert reread[2](x, z, True, True).findings == []
    assert z[::16].tolist() == [22.0, 22.0]


# --- a copy meets a dirty line ----------------------------------------------------------------


def _dirty_read(x: asc.GlobalAddress, z: asc.GlobalAddress, mode: asc.ConstExpr[int]):
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    g.set_value(3, 7.0)  # the DCache only
    _dcci(g, mode)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, N)
    asc.data_copy(ub, g, N)  # reads GM
    asc.set_flag(E.MTE2_MTE3, 0)
    asc.wait_flag(E.MTE2_MTE3, 0)
    asc.data_copy(zg, ub, N)


dirty_read = asc.jit(always_compile=True)(_dirty_read)


def test_a_copy_reading_bytes_set_value_left_dirty_reads_old_gm():
    x, z = np.ones(64, np.float32), np.zeros(64, np.float32)
    with pytest.raises(CoherenceError) as info:
        dirty_read[1](x, z, 0)
    err = info.value
    assert err.loc.line == source_line_of(_dirty_read, "# reads GM")
    assert err.other_loc.line == source_line_of(_dirty_read, "# the DCache only")
    assert err.pipe == "PIPE_MTE2"
    assert "bytes [12, 16)" in str(err) and "after it" in str(err)
    for mode in (1, 2):  # a clean after the SetValue puts it in GM for the copy
        x, z = np.ones(64, np.float32), np.zeros(64, np.float32)
        assert dirty_read[1](x, z, mode).findings == []
        assert z[3] == 7.0 and z[2] == 1.0


def _dirty_write(x: asc.GlobalAddress, mode: asc.ConstExpr[int]):
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    g.set_value(0, 7.0)  # dirties the line
    _dcci(g, mode)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 8)
    _fill(ub, 5.0, 8)
    asc.data_copy(g[8], ub, 8)  # other bytes of the same line


dirty_write = asc.jit(always_compile=True)(_dirty_write)


def test_a_copy_into_a_dirty_line_can_be_overwritten_by_its_write_back():
    x = np.ones(64, np.float32)
    with pytest.raises(CoherenceError) as info:
        dirty_write[1](x, 0)
    err = info.value
    assert err.loc.line == source_line_of(_dirty_write, "# other bytes")
    assert err.other_loc.line == source_line_of(_dirty_write, "# dirties the line")
    assert err.pipe == "PIPE_MTE3" and "holds dirty" in str(err)
    x = np.ones(64, np.float32)  # cleaned before the copy: clean
    assert dirty_write[1](x, 1).findings == []
    assert x[0] == 7.0 and x[8:16].tolist() == [5.0] * 8 and x[1] == 1.0


def _write_into_stale(x: asc.GlobalAddress, mode: asc.ConstExpr[int]):
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    v = g.get_value(0)  # caches the line
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 8)
    _fill(ub, 5.0, 8)
    asc.data_copy(g[8], ub, 8)
    _dcci(g, mode)
    g.set_value(1, v)  # its write-back carries the old x[8:16]
    asc.data_cache_clean_and_invalid(ONE, g, dcci_dst=OUT)


write_into_stale = asc.jit(always_compile=True)(_write_into_stale)


def test_a_set_value_into_a_line_gm_changed_under_would_write_old_bytes_back():
    x = np.ones(64, np.float32)
    with pytest.raises(CoherenceError) as info:
        write_into_stale[1](x, 0)
    err = info.value
    assert err.loc.line == source_line_of(_write_into_stale, "# its write-back")
    # 1.0 and 5.0 differ in their upper two bytes: from x[8]'s third byte on
    assert "bytes [34, 64)" in str(err) and "before the SetValue" in str(err)
    x = np.ones(64, np.float32)
    assert write_into_stale[1](x, 1).findings == []
    assert x[1] == 1.0 and x[8] == 5.0


# --- an unaligned SINGLE_CACHE_LINE cleans up to the line's end (the doc's example 2) ----------


def _unaligned(x: asc.GlobalAddress, z: asc.GlobalAddress, mode: asc.ConstExpr[int]):
    g = asc.GlobalTensor()
    g.set_global_buffer(x + 8)  # 32 bytes into a 64-byte line, as mmAddr_ = 0x20
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    for i in range(16):
        g.set_value(i, 2.0)  # bytes [32, 96): two lines
    if mode == 0:
        # from an unaligned address: only up to its line's end
        asc.data_cache_clean_and_invalid(ONE, g, dcci_dst=OUT)
    if mode == 1:
        asc.data_cache_clean_and_invalid(ONE, g, dcci_dst=OUT)
        asc.data_cache_clean_and_invalid(ONE, g[8], dcci_dst=OUT)
    if mode == 2:
        # from element 2 of an aligned line: elements 0 and 1 stay dirty
        h = asc.GlobalTensor()
        h.set_global_buffer(x + 16)
        asc.data_cache_clean_and_invalid(ONE, h[2], dcci_dst=OUT)
        asc.data_cache_clean_and_invalid(ONE, g, dcci_dst=OUT)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, N)
    asc.data_copy(ub, g, N)  # the copy
    asc.set_flag(E.MTE2_MTE3, 0)
    asc.wait_flag(E.MTE2_MTE3, 0)
    asc.data_copy(zg, ub, N)


unaligned = asc.jit(always_compile=True)(_unaligned)


@pytest.mark.parametrize("mode, dirty", [(0, "bytes [64, 96)"), (2, "bytes [64, 72)")])
def test_an_unaligned_single_line_clean_leaves_the_rest_dirty(mode, dirty):
    x, z = np.ones(64, np.float32), np.zeros(64, np.float32)
    with pytest.raises(CoherenceError) as info:
        unaligned[1](x, z, mode)
    err = info.value
    assert err.loc.line == source_line_of(_unaligned, "# the copy")
    assert err.other_loc.line == source_line_of(_unaligned, "# bytes [32, 96)")
    assert dirty in str(err)
    # two single-line cleans, one per line, cover the range (the doc's example 2)
    x, z = np.ones(64, np.float32), np.zeros(64, np.float32)
    assert unaligned[1](x, z, 1).findings == []
    assert z[:16].tolist() == [2.0] * 16 and x[7] == 1.0 and x[24] == 1.0


# --- two cores, one line (the doc's example 3) --------------------------------------------------


def _shared_line(x: asc.GlobalAddress, stride: asc.ConstExpr[int]):
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    b = asc.get_block_idx()
    g.set_value(b * stride, b + 1)  # one line for all cores unless stride is 8
    asc.data_cache_clean_and_invalid(ONE, g[b * stride], dcci_dst=OUT)


shared_line = asc.jit(always_compile=True)(_shared_line)


def test_cores_writing_one_line_through_set_value_overwrite_each_other():
    x = np.zeros(32, np.uint64)
    with pytest.raises(CoherenceError) as info:
        shared_line[4](x, 1)
    err = info.value
    line = source_line_of(_shared_line, "# one line")
    assert err.loc.line == line and err.other_loc.line == line
    assert err.core == 1 and "of which core 0 writes other bytes" in str(err)
    assert "64-byte line [0, 64)" in str(err)
    x = np.zeros(32, np.uint64)  # a line apart: clean
    assert shared_line[4](x, 8).findings == []
    assert x[::8].tolist() == [1, 2, 3, 4]


def test_cores_sharing_a_line_in_warn_mode_are_recorded_and_the_run_goes_on():
    x = np.zeros(32, np.uint64)
    report = _warn(shared_line, 3, x, 1)
    # one record per pair of ops, as every finding: core 1's, the first found
    (err,) = report.findings
    assert isinstance(err, CoherenceError) and err.core == 1
    assert x[:3].tolist() == [1, 2, 3]


def _subset_line(x: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    if asc.get_block_idx() == 0:
        g.set_value(0, 9)
        g.set_value(1, 9)  # core 0: bytes [0, 16)
    else:
        g.set_value(0, 9)  # core 1: bytes [0, 8) only, the same value


subset_line = asc.jit(always_compile=True)(_subset_line)


def test_a_core_writing_part_of_another_cores_bytes_of_a_line_is_found_after_the_launch():
    # Core 1's write-back carries its old copy of x[1]: found when both cores have run.
    x = np.zeros(16, np.uint64)
    with pytest.raises(CoherenceError) as info:
        subset_line[2](x)
    err = info.value
    assert err.core == 1 and err.loc.line == source_line_of(_subset_line, "# core 1: bytes [0, 8)")
    assert err.other_loc.line == source_line_of(_subset_line, "g.set_value(0, 9)")
    assert "of which core 0 writes other bytes" in str(err)


# --- CACHELINE_ATOMIC: not supported on A2 -------------------------------------------------------


def _atomic_dst(x: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    asc.data_cache_clean_and_invalid(ONE, g, dcci_dst=asc.DcciDst.CACHELINE_ATOMIC)


atomic_dst = asc.jit(always_compile=True)(_atomic_dst)


def test_cacheline_atomic_is_refused_as_a2_does_not_support_it():
    with pytest.raises(InvalidArgumentError, match="CACHELINE_ATOMIC") as info:
        atomic_dst[1](np.zeros(16, np.float32))
    assert info.value.loc.line == source_line_of(_atomic_dst, "CACHELINE_ATOMIC")
