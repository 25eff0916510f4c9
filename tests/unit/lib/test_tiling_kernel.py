"""A TCubeTiling from the host tiling library, passed to a kernel as pyasc passes it.

The kernel parameter annotated `asc.adv.TCubeTiling` is a GM pointer to the struct
(`memref<?x!ascendc.cube_tiling, 22>`), copied into the kernel (`emitasc.copy_struct`); its
fields read as int32 (`emitasc.member`), on the simulator and in the Ascend C.
"""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
import ascdsl.lib.host as host
from ascdsl.frontend.errors import CompilationError


@asc.jit
def _offsets(tiling: asc.adv.TCubeTiling):
    # tutorial 04's calc_offsets, the part that needs no Matmul API
    block_idx = asc.get_block_idx()
    m_single_blocks = tiling.m.ceildiv(tiling.single_core_m)
    n_index = block_idx // m_single_blocks
    m_index = block_idx % m_single_blocks
    return m_index * tiling.k_a * tiling.single_core_m, n_index * tiling.single_core_n


@asc.jit
def read_tiling(out: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
    g = asc.GlobalTensor()
    g.set_global_buffer(out)
    offset_a, offset_b = _offsets(tiling)
    # A 64-byte line per core: SetValue writes the core's DCache, which writes whole lines
    # back (GlobalTensor SetValue.md), so cores sharing a line overwrite each other.
    i = asc.get_block_idx() * 16
    g.set_value(i, offset_a)
    g.set_value(i + 1, offset_b)
    g.set_value(i + 2, tiling.base_m)
    g.set_value(i + 3, tiling.used_core_num)


def _tiling(m, n, k, dim):
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    mt.set_dim(dim)
    mt.set_shape(m, n, k)
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) == 0
    return t


def test_every_core_reads_the_host_fields():
    t = _tiling(256, 4096, 64, 8)
    out = np.zeros(t.used_core_num * 16, np.int32)
    read_tiling[t.used_core_num](out, t)
    got = out.reshape(t.used_core_num, 16)[:, :4]
    blocks_m = -(-t.m // t.single_core_m)
    for b in range(t.used_core_num):
        m_index, n_index = b % blocks_m, b // blocks_m
        assert list(got[b]) == [m_index * t.k_a * t.single_core_m, n_index * t.single_core_n,
                                t.base_m, t.used_core_num]


def test_the_ir_and_the_ascend_c_are_pyascs():
    t = _tiling(128, 30720, 64, 24)
    out = np.zeros(96, np.int32)
    ck = read_tiling.compile(out, t)
    ir = str(ck.module)
    src = ck.ascendc()
    assert "__gm__ TCubeTiling* v2_tiling" in src
    assert "reinterpret_cast<uint8_t*>(&v3)[i] = byte;" in src
    assert "int32_t v6 = v3.M;" in src and "v3.singleCoreM" in src
    assert "memref<?x!ascendc.cube_tiling, 22>" in ir
    assert "emitasc.copy_struct" in ir and '"singleCoreN"' in ir


def test_the_real_headers_accept_it():
    from tests.unit.targets.real_headers import assert_accepted

    t = _tiling(128, 1024, 64, 4)
    assert_accepted(read_tiling.compile(np.zeros(16, np.int32), t).ascendc(), "tiling.cpp")


def test_a_misspelt_field_is_a_located_compile_error():
    @asc.jit
    def bad(out: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
        g = asc.GlobalTensor()
        g.set_global_buffer(out)
        g.set_value(0, tiling.basem)

    with pytest.raises(CompilationError, match=r"test_tiling_kernel.py:\d+:\d+: .*TCubeTiling "
                                               r"has no field 'basem'"):
        bad[1](np.zeros(4, np.int32), asc.adv.TCubeTiling())


def test_bytes_of_the_wrong_size_are_refused_naming_the_argument():
    from ascdsl.runtime.args import marshal

    ck = read_tiling.compile(np.zeros(4, np.int32), asc.adv.TCubeTiling())
    exe = ck.executable()
    with pytest.raises(TypeError, match="'tiling' \\(pointer to TCubeTiling\\).*200 bytes, got 8"):
        marshal(exe.params, [np.zeros(4, np.int32), b"\0" * 8], "read_tiling")
