"""Bugs found by writing tile kernels as a user would (an end-to-end audit of ascdsl.tile):
each test failed before its fix."""

from __future__ import annotations

import re

import numpy as np
import pytest

import ascdsl as asc
from ascdsl import tile as asc2
from ascdsl.frontend.errors import CompilationError

L = asc2.TileLocation


# --- `a @ b` -------------------------------------------------------------------------------


@asc2.jit(always_compile=True)
def matmul_operator_kernel(a_ptr: asc.GlobalAddress, b_ptr: asc.GlobalAddress,
                           c_ptr: asc.GlobalAddress, m: asc.ConstExpr[int], n: asc.ConstExpr[int],
                           k: asc.ConstExpr[int]):
    a_gm, b_gm = asc2.tensor(a_ptr, [m, k]), asc2.tensor(b_ptr, [k, n])
    c_gm = asc2.tensor(c_ptr, [m, n])
    a = asc2.copy(asc2.load(a_gm, [m, k], offsets=[0, 0], location=L.L1), [m, k], offsets=[0, 0],
                  location=L.L0A)
    b = asc2.copy(asc2.load(b_gm, [k, n], offsets=[0, 0], location=L.L1), [k, n], offsets=[0, 0],
                  location=L.L0B)
    asc2.store(a @ b, c_gm, offsets=[0, 0])


@pytest.mark.parametrize("lowered", [True, False])
def test_the_matmul_operator_multiplies_tiles(lowered):
    # docs/tile.md: `matmul(a, b)` (`a @ b`); the code generator refused ast.MatMult
    rng = np.random.default_rng(0)
    a = rng.uniform(-1, 1, (48, 80)).astype(np.float16)
    b = rng.uniform(-1, 1, (80, 16)).astype(np.float16)
    c = np.zeros((48, 16), np.float32)
    matmul_operator_kernel[1](a, b, c, 48, 16, 80, run_passes=lowered)
    np.testing.assert_allclose(c, a.astype(np.float32) @ b.astype(np.float32), rtol=1e-4,
                               atol=1e-3)


# --- casts ---------------------------------------------------------------------------------

# The Cast<dst, src> instantiations dav_c220 implements, and the round modes each accepts
# (asc-devkit impl/basic_api/dav_c220/kernel_operator_vec_vconv_impl.h, CastIntrinsicsImpl);
# int32 -> half is vconv_deq (scaled by SetDeqScale) and int16 -> int8 a no-op there.
_ROUNDING = {"CAST_RINT", "CAST_FLOOR", "CAST_CEIL", "CAST_ROUND", "CAST_TRUNC"}
HW_CASTS = {
    ("half", "float"): {"CAST_NONE"}, ("bfloat16_t", "float"): {"CAST_NONE"},
    ("int8_t", "half"): {"CAST_NONE"}, ("int16_t", "float"): {"CAST_NONE"},
    ("int32_t", "int16_t"): {"CAST_NONE"}, ("int32_t", "float"): _ROUNDING | {"CAST_NONE"},
    ("int16_t", "half"): _ROUNDING | {"CAST_NONE"}, ("float", "half"): _ROUNDING | {"CAST_NONE"},
    ("float", "bfloat16_t"): _ROUNDING, ("half", "int8_t"): _ROUNDING | {"CAST_NONE"},
    ("half", "int16_t"): _ROUNDING, ("half", "int32_t"): _ROUNDING, ("float", "int16_t"): _ROUNDING,
    ("float", "int32_t"): _ROUNDING, ("bfloat16_t", "int32_t"): _ROUNDING,
}
DTYPES = {"float16": asc.float16, "bfloat16": asc.bfloat16, "float32": asc.float32,
          "int8": asc.int8, "int16": asc.int16, "int32": asc.int32}


@asc2.jit(always_compile=True)
def cast_kernel(x_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress, dst: asc.ConstExpr):
    xt, zt = asc2.tensor(x_ptr, [64]), asc2.tensor(z_ptr, [64])
    asc2.store(asc2.load(xt, [64], offsets=[0]).to(dst), zt, offsets=[0])


@pytest.mark.parametrize("src", list(DTYPES))
@pytest.mark.parametrize("dst", list(DTYPES))
def test_casts_use_only_conversions_the_910b_has(src, dst):
    torch = pytest.importorskip("torch", reason="bf16 arrays come from torch")
    if src == dst:
        pytest.skip("no conversion")
    t_src, t_dst = getattr(torch, src), getattr(torch, dst)
    x = (torch.arange(-32, 32, dtype=torch.float32) * 1.75).to(t_src)
    expect = x.double()
    if not t_dst.is_floating_point:
        expect = torch.trunc(expect)  # floats to integers round toward zero
    expect = expect.to(t_dst)
    z = torch.zeros(64, dtype=t_dst)
    cast_kernel[1](x, z, DTYPES[dst])
    assert torch.equal(z, expect), (z, expect)
    # the reference (no passes) too: it read its own bf16 results as bit patterns (NaN, 1e-40)
    z = torch.zeros(64, dtype=t_dst)
    cast_kernel[1](x, z, DTYPES[dst], run_passes=False)
    assert torch.equal(z, expect), (z, expect)
    source = cast_kernel.compile(x, torch.zeros(64, dtype=t_dst), DTYPES[dst]).source
    casts = re.findall(r"AscendC::Cast<(\w+), (\w+), 1>\([^;]*RoundMode::(\w+)", source)
    assert casts
    for d, s, mode in casts:  # the old lowering emitted one Cast<dst, src> for every pair
        assert mode in HW_CASTS.get((s, d), set()), f"Cast<{d}, {s}>(..., {mode})"


# --- where ---------------------------------------------------------------------------------


@asc2.jit(always_compile=True)
def where_row_mask_kernel(x_ptr: asc.GlobalAddress, y_ptr: asc.GlobalAddress,
                          z_ptr: asc.GlobalAddress):
    xt, yt = asc2.tensor(x_ptr, [5, 64]), asc2.tensor(y_ptr, [1, 64])
    zt = asc2.tensor(z_ptr, [5, 64])
    x = asc2.load(xt, [5, 64], offsets=[0, 0])
    y = asc2.load(yt, [1, 64], offsets=[0, 0])
    asc2.store(asc2.where(y > 0.5, x, 0.0), zt, offsets=[0, 0])


def test_where_broadcasts_a_row_mask_to_the_values():
    # numpy's where: the result has the shape all three broadcast to; the values were
    # broadcast to the mask's [1, 64] and refused ('asc.broadcast' op cannot broadcast ...)
    rng = np.random.default_rng(1)
    x = rng.random((5, 64)).astype(np.float32)
    y = rng.random((1, 64)).astype(np.float32)
    z = np.zeros((5, 64), np.float32)
    where_row_mask_kernel[1](x, y, z, run_passes=False)
    np.testing.assert_array_equal(z, np.where(y > 0.5, x, 0.0))
    with pytest.raises(CompilationError, match=r"test_tile_audit.py:\d+:\d+: error: "
                                               r"'asc.broadcast' op broadcasts an i1 mask of "
                                               r"shape \[1, 64\]"):
        where_row_mask_kernel[1](x, y, z)


# --- boxes past an edge --------------------------------------------------------------------


@asc2.jit(always_compile=True)
def box_kernel(x_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress, c0: asc.ConstExpr[int]):
    xt, zt = asc2.tensor(x_ptr, [4, 20]), asc2.tensor(z_ptr, [4, 20])
    asc2.store(asc2.load(xt, [2, 8], offsets=[0, c0]) * 2.0, zt, offsets=[0, c0])


def test_a_box_past_the_last_dimension_is_refused_not_wrapped():
    # columns 16..23 of a 20-wide tensor: the whole-tile copy wrapped into row 1 (and wrote
    # z[1, 0:4]), inside the GlobalTensor, so the simulator reported nothing
    x = np.random.default_rng(2).random((4, 20)).astype(np.float32)
    z = np.zeros((4, 20), np.float32)
    box_kernel[1](x, z, 16, run_passes=False)  # the reference clips
    expect = np.zeros((4, 20), np.float32)
    expect[0:2, 16:20] = x[0:2, 16:20] * 2
    np.testing.assert_array_equal(z, expect)
    with pytest.raises(CompilationError, match=r"test_tile_audit.py:\d+:\d+: error: 'asc.load' op "
                                               r"moves a \[2, 8\] box at offset 16 of dimension 1, "
                                               r"where the tensor has 20 elements"):
        box_kernel[1](x, np.zeros((4, 20), np.float32), 16)
    z = np.zeros((4, 20), np.float32)
    box_kernel[1](x, z, 12)  # inside: lowered as before
    expect = np.zeros((4, 20), np.float32)
    expect[0:2, 12:20] = x[0:2, 12:20] * 2
    np.testing.assert_array_equal(z, expect)


@asc2.jit(always_compile=True)
def cube_box_kernel(a_ptr: asc.GlobalAddress, b_ptr: asc.GlobalAddress, c_ptr: asc.GlobalAddress,
                    a_col: asc.ConstExpr[int], c_col: asc.ConstExpr[int]):
    a_gm, b_gm = asc2.tensor(a_ptr, [32, 48]), asc2.tensor(b_ptr, [32, 32])
    c_gm = asc2.tensor(c_ptr, [32, 48])
    a = asc2.load(a_gm, [16, 32], offsets=[0, a_col], location=L.L1)
    b = asc2.load(b_gm, [32, 32], offsets=[0, 0], location=L.L1)
    c = asc2.matmul(asc2.copy(a, [16, 32], offsets=[0, 0], location=L.L0A),
                    asc2.copy(b, [32, 32], offsets=[0, 0], location=L.L0B))
    asc2.store(c, c_gm, offsets=[0, c_col])


@pytest.mark.parametrize("a_col, c_col, op", [(32, 0, "asc.load"), (0, 32, "asc.store")])
def test_a_cube_box_past_the_last_dimension_is_refused(a_col, c_col, op):
    rng = np.random.default_rng(3)
    a = rng.uniform(-1, 1, (32, 48)).astype(np.float16)
    b = rng.uniform(-1, 1, (32, 32)).astype(np.float16)
    c = np.zeros((32, 48), np.float32)
    with pytest.raises(CompilationError, match=rf"error: '{op}' op moves a \[16, 32\] box "
                                               r"at offset 32 of dimension 1, where the tensor "
                                               r"has 48"):
        cube_box_kernel[1](a, b, c, a_col, c_col)


@asc2.jit(always_compile=True)
def copy_box_kernel(x_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress, r0: asc.ConstExpr[int]):
    xt, zt = asc2.tensor(x_ptr, [4, 64]), asc2.tensor(z_ptr, [4, 64])
    x = asc2.load(xt, [4, 64], offsets=[0, 0])
    asc2.store(asc2.copy(x, [4, 64], offsets=[r0, 0]), zt, offsets=[0, 0])


def test_a_copy_past_the_tile_is_a_located_error():
    # the lowered copy read the next UB buffer (a simulator warning and garbage results)
    x = np.ones((4, 64), np.float32)
    with pytest.raises(CompilationError, match=r"test_tile_audit.py:\d+:\d+: error: copy\(\): the "
                                               r"box \[4, 64\] at offset 2 of dimension 0 reaches "
                                               r"past the tile Tile\(4x64 float32, UB\)"):
        copy_box_kernel[1](x, np.zeros((4, 64), np.float32), 2)


# --- error messages ------------------------------------------------------------------------


@asc2.jit(always_compile=True)
def l0c_to_f16_kernel(a_ptr: asc.GlobalAddress, b_ptr: asc.GlobalAddress,
                      c_ptr: asc.GlobalAddress):
    a_gm, b_gm = asc2.tensor(a_ptr, [16, 16]), asc2.tensor(b_ptr, [16, 16])
    c_gm = asc2.tensor(c_ptr, [16, 16])
    a = asc2.load(a_gm, [16, 16], offsets=[0, 0], location=L.L1)
    b = asc2.load(b_gm, [16, 16], offsets=[0, 0], location=L.L1)
    c = asc2.matmul(asc2.copy(a, [16, 16], offsets=[0, 0], location=L.L0A),
                    asc2.copy(b, [16, 16], offsets=[0, 0], location=L.L0B))
    asc2.store(c, c_gm, offsets=[0, 0])


def test_storing_an_accumulator_into_a_half_tensor_names_the_store():
    # was the 'asc.cast' verifier's "the operand is a tile in L0C", an op the user never wrote
    a = np.zeros((16, 16), np.float16)
    with pytest.raises(CompilationError, match=r"store\(\): a Tile\(16x16 float32, L0C\) into a "
                                               r"float16 tensor; only UB tiles convert"):
        l0c_to_f16_kernel[1](a, a, np.zeros((16, 16), np.float16), run_passes=False)


# --- [C] next to [1, C] ----------------------------------------------------------------------


@asc2.jit(always_compile=True)
def row_plus_vector_kernel(x_ptr: asc.GlobalAddress, g_ptr: asc.GlobalAddress,
                           z_ptr: asc.GlobalAddress, c: asc.ConstExpr[int]):
    xt, gt, zt = asc2.tensor(x_ptr, [1, c]), asc2.tensor(g_ptr, [c]), asc2.tensor(z_ptr, [1, c])
    row = asc2.load(xt, [1, c], offsets=[0, 0])
    asc2.store(row + asc2.load(gt, [c], offsets=[0]), zt, offsets=[0, 0])


@pytest.mark.parametrize("dtype, c", [("bfloat16", 64), ("float32", 4096)])
def test_a_vector_next_to_a_row_is_only_reshaped(dtype, c):
    # numpy broadcasting of [C] to [1, C] reshaped and then broadcast [1, C] to [1, C]: a row
    # copy that bf16 rows and rows past 8160 bytes refused ("'asc.broadcast' op broadcasts ...")
    torch = pytest.importorskip("torch", reason="bf16 arrays come from torch")
    t = getattr(torch, dtype)
    x = torch.rand((1, c)).to(t)
    g = torch.rand(c).to(t)
    z = torch.zeros((1, c), dtype=t)
    row_plus_vector_kernel[1](x, g, z, c)
    assert torch.equal(z, (x.float() + g.float()).to(t))


# --- builtin abs -----------------------------------------------------------------------------


@asc2.jit(always_compile=True)
def builtin_abs_kernel(x_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress):
    xt, zt = asc2.tensor(x_ptr, [64]), asc2.tensor(z_ptr, [64])
    asc2.store(abs(asc2.load(xt, [64], offsets=[0])) + 1.0, zt, offsets=[0])


@pytest.mark.parametrize("lowered", [True, False])
def test_builtin_abs_of_a_tile(lowered):
    # docs/tile.md lists `-x, abs, relu` as operators; Python's abs(tile) raised a TypeError
    x = np.linspace(-3, 3, 64).astype(np.float32)
    z = np.zeros(64, np.float32)
    builtin_abs_kernel[1](x, z, run_passes=lowered)
    np.testing.assert_array_equal(z, np.abs(x) + 1)
