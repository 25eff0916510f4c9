"""Boxes whose offsets or sizes are runtime values: the lowering's bounds guards (tile_bounds).

A 2-d box past the last dimension of a row stays inside the GlobalTensor: the whole-tile copy
wrapped into the next row, unseen by the simulator and on the NPU. The lowering now puts a
compare and a branch before such a copy; the branch prints why and Traps, and the
simulator's TrapError carries that text, located at the load or store.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.frontend.errors import CompilationError
from ascdsl import tile as asc2
from ascdsl.sim.errors import TrapError

L = asc2.TileLocation


def _line(text: str) -> int:
    """The line of this file whose kernel code is marked `text`."""
    with open(__file__) as f:
        hits = [i + 1 for i, line in enumerate(f) if text in line and "asc2." in line]
    assert len(hits) == 1, hits
    return hits[0]


@asc2.jit(always_compile=True)
def column_kernel(x_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress, r0: int, c_in: int,
                  c_out: int):
    xt, zt = asc2.tensor(x_ptr, [4, 24]), asc2.tensor(z_ptr, [4, 24])
    x = asc2.load(xt, [2, 8], offsets=[r0, c_in])  # the column load
    asc2.store(x * 2.0, zt, offsets=[r0, c_out])  # the column store


@asc2.jit(always_compile=True)
def runtime_width_kernel(x_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress, cols: int,
                         c0: int):
    xt, zt = asc2.tensor(x_ptr, [4, cols]), asc2.tensor(z_ptr, [4, cols])
    asc2.store(asc2.load(xt, [2, 8], offsets=[1, c0]) + 1.0, zt, offsets=[1, c0])  # width


@asc2.jit(always_compile=True)
def static_kernel(x_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress, c0: asc.ConstExpr[int]):
    xt, zt = asc2.tensor(x_ptr, [4, 24]), asc2.tensor(z_ptr, [4, 24])
    asc2.store(asc2.load(xt, [2, 8], offsets=[0, c0]) * 2.0, zt, offsets=[0, c0])


@asc2.jit(always_compile=True)
def loop_kernel(x_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress, rows: int):
    # runtime row offsets (the first dimension: not guarded) and column offsets whose range
    # the loop bounds give (0, 8, 16): all inside, no guard
    xt, zt = asc2.tensor(x_ptr, [rows, 24]), asc2.tensor(z_ptr, [rows, 24])
    for r in range(asc2.block_idx() * 2, rows, asc2.block_num() * 2):
        for t in range(3):
            asc2.store(asc2.load(xt, [2, 8], offsets=[r, t * 8]) * 2.0, zt, offsets=[r, t * 8])


@asc2.jit(always_compile=True)
def cube_kernel(a_ptr: asc.GlobalAddress, b_ptr: asc.GlobalAddress, c_ptr: asc.GlobalAddress,
                a_col: int, c_col: int):
    a_gm, b_gm = asc2.tensor(a_ptr, [32, 48]), asc2.tensor(b_ptr, [32, 32])
    c_gm = asc2.tensor(c_ptr, [32, 48])
    a = asc2.load(a_gm, [16, 32], offsets=[0, a_col], location=L.L1)  # the cube load
    b = asc2.load(b_gm, [32, 32], offsets=[0, 0], location=L.L1)
    c = asc2.matmul(asc2.copy(a, [16, 32], offsets=[0, 0], location=L.L0A),
                    asc2.copy(b, [32, 32], offsets=[0, 0], location=L.L0B))
    asc2.store(c, c_gm, offsets=[0, c_col])  # the cube store


def _x() -> np.ndarray:
    return np.arange(96, dtype=np.float32).reshape(4, 24)


def _trap(kernel, *args) -> str:
    with pytest.raises(TrapError) as info:
        kernel[1](*args)
    return str(info.value)


def test_a_runtime_column_offset_past_the_row_stops_the_kernel_at_the_load():
    # columns 20..27 of a 24-wide row: the copy read x[1, 20:24] and x[2, 0:4] into row 1
    text = _trap(column_kernel, _x(), np.zeros((4, 24), np.float32), 1, 20, 4)
    line = _line("# the column load")
    assert re.search(rf"test_tile_bounds\.py:{line}:\d+: error: TrapError: 'ascendc\.trap' op "
                     r"stops the kernel \(Trap\): ", text), text
    assert (f"test_tile_bounds.py:{line}: asc.load: the [2, 8] box at offset 20 reaches past "
            "dimension 1 of size 24; the lowered kernel copies whole tiles (it would read other "
            "rows' elements)") in text
    assert "x = asc2.load(xt, [2, 8], offsets=[r0, c_in])" in text  # the source line, shown


def test_a_store_past_the_row_and_a_negative_offset_are_located_at_their_lines():
    z = np.zeros((4, 24), np.float32)
    text = _trap(column_kernel, _x(), z, 1, 0, 17)
    line = _line("# the column store")
    assert re.search(rf"test_tile_bounds\.py:{line}:\d+: error: TrapError", text), text
    assert ("asc.store: the [2, 8] box at offset 17 reaches past dimension 1 of size 24; the "
            "lowered kernel copies whole tiles (it would write other rows' elements)") in text
    assert not z.any()  # stopped before the copy
    text = _trap(column_kernel, _x(), z, 1, -4, 0)
    assert re.search(rf"test_tile_bounds\.py:{_line('# the column load')}:\d+: error", text)
    assert "the [2, 8] box at offset -4 starts before dimension 1 of size 24" in text


def test_in_range_runtime_offsets_run_and_give_the_right_numbers():
    x = _x()
    for r0, c_in, c_out in ((1, 16, 4), (0, 0, 16), (2, 5, 11)):
        z, ref = np.zeros((4, 24), np.float32), np.zeros((4, 24), np.float32)
        column_kernel[1](x, z, r0, c_in, c_out)
        column_kernel[1](x, ref, r0, c_in, c_out, run_passes=False)
        expect = np.zeros((4, 24), np.float32)
        expect[r0:r0 + 2, c_out:c_out + 8] = x[r0:r0 + 2, c_in:c_in + 8] * 2
        np.testing.assert_array_equal(z, expect)
        np.testing.assert_array_equal(ref, expect)


def test_a_runtime_width_is_checked_with_its_value():
    x = np.arange(80, dtype=np.float32).reshape(4, 20)
    z = np.zeros_like(x)
    runtime_width_kernel[1](x, z, 20, 12)
    expect = np.zeros_like(x)
    expect[1:3, 12:20] = x[1:3, 12:20] + 1
    np.testing.assert_array_equal(z, expect)
    text = _trap(runtime_width_kernel, x, np.zeros_like(x), 20, 16)
    assert re.search(rf"test_tile_bounds\.py:{_line('# width')}:\d+: error", text), text
    assert "the [2, 8] box at offset 16 reaches past dimension 1 of size 20" in text


def _guards(ck) -> int:
    return ck.ir.count("ascendc.trap")


def test_static_and_loop_bounded_offsets_get_no_guard():
    x = _x()
    static = static_kernel.compile(x, x.copy(), 8)
    assert _guards(static) == 0 and "scf.if" not in static.ir
    assert "Trap()" not in static.source and "printf" not in static.source
    looped = loop_kernel.compile(x, x.copy(), 4)
    assert _guards(looped) == 0 and "Trap()" not in looped.source
    z = np.zeros_like(x)
    loop_kernel[2](x, z, 4)
    np.testing.assert_array_equal(z, x * 2)
    # one guard per copy with a runtime column offset: a compare and a branch before it
    guarded = column_kernel.compile(x, x.copy(), 1, 16, 4)
    assert _guards(guarded) == 4  # load and store, each with the two edges' messages
    assert guarded.ir.count("arith.cmpi ugt") == 2


def _example(relative: str):
    path = Path(__file__).resolve().parents[3] / "examples" / relative
    spec = importlib.util.spec_from_file_location(f"bounds_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_tile_matmul_example_needs_no_guard_and_softmax_one_compare():
    # matmul's column offsets are t * bk (t < k // bk) and block % (n // bn) * bn: their
    # ranges show that every box fits (guards there cost 2% of its simulated cycles)
    mm = _example("10_tile_matmul/tile_matmul.py")
    a, b = np.zeros((256, 512), np.float16), np.zeros((512, 256), np.float16)
    ck = mm.matmul_kernel.compile(a, b, np.zeros((256, 256), np.float32), 256, 256, 512, 128,
                                  128, 64)
    assert _guards(ck) == 0 and "Trap()" not in ck.source
    # softmax loads and stores [1, tile_size] rows of a tensor num_cols wide, a runtime value:
    # at offset 0 only the end is checked (tile_size > num_cols), one compare that cse shares
    # between the load and the store; canonicalize folds the cold "which edge" branch
    sm = _example("08_tile_softmax/tile_softmax.py")
    m = np.zeros((64, 1024), np.float32)
    ck = sm.softmax_kernel.compile(m, m, 64, 1024, 1024)
    assert _guards(ck) == 2 and ck.ir.count("arith.cmpi") == 1 and "arith.ori" not in ck.ir
    assert "arith.cmpi sgt, %c1024_i32, %num_cols" in ck.ir


def test_a_tile_wider_than_a_static_dimension_is_refused_whatever_the_offset():
    @asc2.jit(always_compile=True)
    def wide(x_ptr: asc.GlobalAddress, c0: int):
        xt = asc2.tensor(x_ptr, [4, 6])
        asc2.store(asc2.load(xt, [2, 8], offsets=[0, c0]) + 1.0, xt, offsets=[0, c0])

    with pytest.raises(CompilationError, match=r"test_tile_bounds\.py:\d+:\d+: error: "
                                                   r"'asc\.load' op moves a \[2, 8\] box along "
                                                   r"dimension 1, where the tensor has 6 "
                                                   r"elements: no offset fits"):
        wide[1](np.zeros(24, np.float32), 0)


def test_cube_loads_and_stores_are_guarded_too():
    rng = np.random.default_rng(3)
    a = rng.uniform(-1, 1, (32, 48)).astype(np.float16)
    b = rng.uniform(-1, 1, (32, 32)).astype(np.float16)
    c = np.zeros((32, 48), np.float32)
    cube_kernel[1](a, b, c, 16, 16)
    expect = np.zeros((32, 48), np.float32)
    expect[:16, 16:] = a[:16, 16:].astype(np.float32) @ b.astype(np.float32)
    np.testing.assert_allclose(c, expect, rtol=1e-3, atol=1e-3)
    text = _trap(cube_kernel, a, b, np.zeros_like(c), 20, 0)
    assert re.search(rf"test_tile_bounds\.py:{_line('# the cube load')}:\d+: error", text), text
    assert "the [16, 32] box at offset 20 reaches past dimension 1 of size 48" in text
    text = _trap(cube_kernel, a, b, np.zeros_like(c), 0, 20)
    assert re.search(rf"test_tile_bounds\.py:{_line('# the cube store')}:\d+: error", text), text


def test_the_guarded_ascend_c_passes_the_real_headers():
    from tests.unit.targets.real_headers import checker, report

    check = checker()  # skips, saying why, without ../shared/asc-devkit or g++
    x = _x()
    vector = {
        "column_kernel": column_kernel.compile(x, x.copy(), 1, 16, 4).source,
        "runtime_width_kernel": runtime_width_kernel.compile(x, x.copy(), 24, 0).source,
    }
    a, b = np.zeros((32, 48), np.float16), np.zeros((32, 32), np.float16)
    cube = {"cube_kernel": cube_kernel.compile(a, b, np.zeros((32, 48), np.float32), 0,
                                               0).source}
    for sources, on_cube in ((vector, False), (cube, True)):
        for name, src in sources.items():
            assert "AscendC::Trap();" in src and "AscendC::printf(" in src, name
        errors = check.check_sources(sources, cube=on_cube)
        failures = [report(n, sources[n], e) for n, e in errors.items() if e]
        assert not failures, "\n\n".join(failures)
