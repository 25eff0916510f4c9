"""System queries, the system workspace, scalar bit ops and Trap on the simulator."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim.errors import InvalidArgumentError, TrapError
from ascdsl.sim.lower.system import (
    count_leading_zero,
    count_of_value,
    count_same_as_sign,
    sff,
)


def test_bit_helpers_match_their_definitions():
    assert sff(28, 1) == 2 and sff(28, 0) == 0 and sff(0, 1) == -1 and sff(2**64 - 1, 0) == -1
    assert count_of_value(16, 1) == 1 and count_of_value(16, 0) == 63
    assert count_leading_zero(0x0FFFFFFFFFFFFFFF) == 4 and count_leading_zero(0) == 64
    assert count_same_as_sign(0x0F00000000000000) == 3
    # CountBitsCntSameAsSignBit.md / asc_sflbits.md: -1 when every bit equals the sign
    assert count_same_as_sign(0) == -1 and count_same_as_sign(-1) == -1
    assert count_same_as_sign(-(2**62)) == 1 and count_same_as_sign(-(2**63)) == 0 and count_same_as_sign(1) == 62


@asc.jit
def _scalars(out: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(out)
    g.set_value(0, asc.scalar_get_sff_value(28, 1))
    g.set_value(1, asc.scalar_get_sff_value(28, 0))
    g.set_value(2, asc.scalar_get_count_of_value(16, 0))
    g.set_value(3, asc.scalar_count_leading_zero(0x0FFFFFFFFFFFFFFF))
    g.set_value(4, asc.count_bits_cnt_same_as_sign_bit(-1))
    g.set_value(5, asc.scalar_cast(2.5, asc.int32, asc.RoundMode.CAST_ROUND))
    g.set_value(6, asc.scalar_cast(2.5, asc.int32, asc.RoundMode.CAST_RINT))
    g.set_value(7, asc.scalar_cast(-2.5, asc.int32, asc.RoundMode.CAST_FLOOR))
    g.set_value(8, asc.get_data_block_size_in_bytes())
    g.set_value(9, asc.get_task_ratio())


def test_scalar_ops_and_queries_compute_on_the_scalar_unit():
    out = np.full(10, -7, np.int64)
    _scalars[1](out)
    assert out.tolist() == [2, 0, 63, 4, -1, 3, 2, -3, 32, 1]


@asc.jit
def _cycles(out: asc.GlobalAddress, x: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(out)
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x)
    lx = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 4096)
    t0 = asc.get_system_cycle()
    asc.data_copy(lx, gx, 4096)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    t1 = asc.get_system_cycle()
    g.set_value(0, t0)
    g.set_value(1, t1)
    g.set_value(2, asc.get_program_counter())


def test_system_cycle_reads_the_core_clock():
    out = np.zeros(3, np.int64)
    _cycles[1](out, np.zeros(4096, np.float32))
    t0, t1, pc = out.tolist()
    assert 0 <= t0 < t1 and t1 - t0 > 100  # a 16 KB copy waited for in between
    assert pc > 0 and pc % 8 == 0


@asc.jit
def _workspace(ws: asc.GlobalAddress, out: asc.GlobalAddress):
    asc.set_sys_workspace(ws)
    p = asc.get_sys_workspace()
    g = asc.GlobalTensor()
    g.set_global_buffer(p)
    o = asc.GlobalTensor()
    o.set_global_buffer(out)
    o.set_value(0, g.get_value(3))


def test_sys_workspace_round_trips_the_pointer():
    ws = np.arange(16, dtype=np.uint8) + 40
    out = np.zeros(1, np.uint8)
    _workspace[1](ws, out)
    assert out[0] == 43


@asc.jit
def _workspace_unset(out: asc.GlobalAddress):
    p = asc.get_sys_workspace()
    g = asc.GlobalTensor()
    g.set_global_buffer(p)


def test_get_sys_workspace_before_set_is_a_located_error():
    with pytest.raises(InvalidArgumentError, match="before SetSysWorkspace") as e:
        _workspace_unset[1](np.zeros(1, np.uint8))
    assert "test_system.py" in str(e.value)


@asc.jit
def _trap():
    asc.trap()


def test_trap_stops_the_kernel_where_it_is_called():
    with pytest.raises(TrapError, match="Trap") as e:
        _trap[1]()
    assert "test_system.py" in str(e.value)


@asc.jit
def _printf_trap(n: int):
    asc.printf("n is %d\n", n)
    asc.trap()


def test_a_trap_after_a_printf_carries_its_text(capsys):
    # as ascendc_assert stops: the reason is printed, then Trap (tile_bounds' guards)
    with pytest.raises(TrapError, match=r"stops the kernel \(Trap\): n is 7 \(core 0\)"):
        _printf_trap[1](7)
    assert capsys.readouterr().out == "n is 7\n"


@asc.jit
def _cache_ops(x: asc.GlobalAddress, lines: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    p = asc.GlobalTensor()
    p.set_global_buffer(lines)
    asc.data_cache_preload(src=p, cache_offset=1024)
    asc.data_cache_clean_and_invalid(asc.CacheLine.SINGLE_CACHE_LINE, g,
                                     dcci_dst=asc.DcciDst.CACHELINE_OUT)
    asc.data_cache_clean_and_invalid(entire_type=asc.CacheLine.ENTIRE_DATA_CACHE, dst=g)
    asc.data_sync_barrier(asc.MemDsbT.ALL)
    asc.icache_preload(2)
    asc.get_arch_version(0)
    asc.init_soc_state()
    g.set_value(0, g.get_value(0) + 1)


def test_cache_maintenance_keeps_gm_coherent():
    x = np.array([41, 0], np.int32)
    _cache_ops[1](x, np.zeros(4, np.uint64))
    assert x[0] == 42


@asc.jit
def _preload_f32(x: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    asc.data_cache_preload(g, 0)


def test_data_cache_preload_of_a_non_uint64_tensor_is_a_kernel_error():
    with pytest.raises(Exception, match="must be a uint64 GlobalTensor") as e:
        _preload_f32[1](np.zeros(4, np.float32))
    assert "test_system.py" in str(e.value)


@asc.jit
def _hccl(ctx: asc.GlobalAddress, out: asc.GlobalAddress):
    asc.set_hf32_mode(True)
    asc.set_hf32_trans_mode(False)
    asc.set_mm_layout_transform(False)
    asc.set_hccl_context(1, ctx)
    p = asc.get_hccl_context(1)
    g = asc.GlobalTensor()
    g.set_global_buffer(p)
    o = asc.GlobalTensor()
    o.set_global_buffer(out)
    o.set_value(0, g.get_value(2))


def test_hccl_context_round_trips_and_cube_modes_are_accepted():
    out = np.zeros(1, np.uint8)
    _hccl[1](np.array([5, 6, 7], np.uint8), out)
    assert out[0] == 7


@asc.jit
def _hccl_unset():
    asc.get_hccl_context(0)


def test_reading_an_unset_hccl_context_is_a_located_error():
    with pytest.raises(InvalidArgumentError, match="before SetHcclContext"):
        _hccl_unset[1]()
