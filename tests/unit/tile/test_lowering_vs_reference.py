"""Every lowered tile operation computes what the `asc` reference simulator computes.

Each kernel runs twice on the same inputs: lowered to ascendc (the JIT's default, with the
sanitizer raising on any race) and on the reference simulator (run_passes=False). Sizes
cover tails (100 elements: 64 + 36) and instructions split at 255 repeats (16448 f32
elements: 255 + 2 repeats).
"""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl import tile as asc2


@asc2.jit(always_compile=True)
def unary_kernel(x_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress, n: asc.ConstExpr[int],
                 op: asc.ConstExpr):
    xt = asc2.tensor(x_ptr, [n])
    zt = asc2.tensor(z_ptr, [n])
    asc2.store(op(asc2.load(xt, [n], offsets=[0])), zt, offsets=[0])


@asc2.jit(always_compile=True)
def binary_kernel(x_ptr: asc.GlobalAddress, y_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress,
                  s: float, n: asc.ConstExpr[int], op: asc.ConstExpr):
    xt, yt, zt = asc2.tensor(x_ptr, [n]), asc2.tensor(y_ptr, [n]), asc2.tensor(z_ptr, [n])
    x = asc2.load(xt, [n], offsets=[0])
    y = asc2.load(yt, [n], offsets=[0])
    asc2.store(op(x, y, s), zt, offsets=[0])


@asc2.jit(always_compile=True)
def rows_kernel(x_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress, rows: asc.ConstExpr[int],
                cols: asc.ConstExpr[int], out_shape: asc.ConstExpr, op: asc.ConstExpr):
    xt = asc2.tensor(x_ptr, [rows, cols])
    zt = asc2.tensor(z_ptr, out_shape)
    x = asc2.load(xt, [rows, cols], offsets=[0, 0])
    asc2.store(op(x), zt, offsets=[0] * len(out_shape))


def both(kernel, args: list, out_index: int):
    """Run lowered and on the reference simulator; returns (lowered, reference) outputs."""
    results = []
    for lowered in (True, False):
        run_args = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
        kernel[1](*run_args, run_passes=lowered)
        results.append(run_args[out_index])
    return results


def assert_same(lowered, reference, dtype):
    tol = {np.float16: 2e-3, np.float32: 2e-6}.get(dtype, 0)
    np.testing.assert_allclose(lowered.astype(np.float64), reference.astype(np.float64),
                               rtol=tol, atol=tol)


UNARY = {
    "exp": asc2.exp, "log": asc2.log, "sqrt": asc2.sqrt, "rsqrt": asc2.rsqrt,
    "abs": asc2.abs, "relu": asc2.relu, "neg": asc2.negative, "exp2": asc2.exp2,
    "log2": asc2.log2, "erf": asc2.erf, "tanh": asc2.tanh, "sin": asc2.sin, "cos": asc2.cos,
    "floor": asc2.floor, "ceil": asc2.ceil, "sinh": asc2.sinh, "cosh": asc2.cosh,
    "softmax": asc2.softmax,
}


@pytest.mark.parametrize("name", sorted(UNARY))
@pytest.mark.parametrize("n,dtype", [(100, np.float32), (512, np.float16)], ids=["f32x100", "f16x512"])
def test_unary(name, n, dtype):
    rng = np.random.default_rng(1)
    x = (rng.random(n) * 2 + 0.25).astype(dtype)  # positive: log, sqrt
    z = np.zeros_like(x)
    lowered, reference = both(unary_kernel, [x, z, n, UNARY[name]], 1)
    assert_same(lowered, reference, dtype)


@asc2.jit(always_compile=True)
def long_kernel(x_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress, n: asc.ConstExpr[int]):
    xt = asc2.tensor(x_ptr, [n])
    zt = asc2.tensor(z_ptr, [1])
    asc2.store(asc2.reduce_sum(asc2.exp(asc2.load(xt, [n], offsets=[0]))), zt, offsets=[0])


def test_instructions_split_at_255_repeats():
    n = 16448  # 257 repeats of 64 f32: one Exp of 255 repeats and one of 2
    x = np.linspace(-3, 3, n).astype(np.float32)
    ck = long_kernel.compile(x, np.zeros(1, np.float32), n)
    repeats = sorted(
        op.repeat_times.owner.value.value.data for op in ck.module.walk() if op.name == "ascendc.exp_l0"
    )
    assert repeats == [2, 255]
    lowered, reference = both(long_kernel, [x, np.zeros(1, np.float32), n], 1)
    np.testing.assert_allclose(lowered, reference, rtol=1e-6)
    np.testing.assert_allclose(lowered, np.exp(x.astype(np.float64)).sum(), rtol=1e-5)


BINARY = {
    "add": lambda x, y, s: x + y,
    "sub": lambda x, y, s: x - y,
    "mul": lambda x, y, s: x * y,
    "div": lambda x, y, s: x / y,
    "maximum": lambda x, y, s: asc2.maximum(x, y),
    "minimum": lambda x, y, s: asc2.minimum(x, y),
    "adds": lambda x, y, s: x + s,
    "subs": lambda x, y, s: x - s,
    "rsubs": lambda x, y, s: s - x,
    "muls": lambda x, y, s: x * s,
    "divs": lambda x, y, s: x / s,
    "maxs": lambda x, y, s: asc2.maximum(x, s),
    "mins": lambda x, y, s: asc2.minimum(s, x),
    "where_gt": lambda x, y, s: asc2.where(x > y, x, y),
    "where_le_scalar": lambda x, y, s: asc2.where(x <= s, x * s, y),
    "where_eq_scalars": lambda x, y, s: asc2.where(x != y, 1.0, 0.0),
    "splat": lambda x, y, s: asc2.full_like(x, s) + x,
    "reduce_sum_scalar": lambda x, y, s: x * asc2.reduce_sum(y),
    "reduce_min_scalar": lambda x, y, s: x - y.min(),
}


@pytest.mark.parametrize("name", sorted(BINARY))
@pytest.mark.parametrize("dtype", [np.float32, np.float16], ids=["f32", "f16"])
def test_binary(name, dtype):
    rng = np.random.default_rng(2)
    n = 100 if dtype == np.float32 else 300
    x = (rng.random(n) + 0.5).astype(dtype)
    y = (rng.random(n) + 0.5).astype(dtype)
    y[::7] = x[::7]  # some equal elements for the comparisons
    lowered, reference = both(binary_kernel, [x, y, np.zeros_like(x), 0.75, n, BINARY[name]], 2)
    assert_same(lowered, reference, dtype)


@pytest.mark.parametrize("name", ["add", "muls", "where_gt", "where_le_scalar", "splat"])
def test_bf16_computes_in_f32(name):
    torch = pytest.importorskip("torch", reason="bf16 arrays come from torch")
    torch.manual_seed(3)
    x = torch.rand(256, dtype=torch.bfloat16) + 0.5
    y = torch.rand(256, dtype=torch.bfloat16) + 0.5
    outs = []
    for lowered in (True, False):
        z = torch.zeros_like(x)
        binary_kernel[1](x, y, z, 0.75, 256, BINARY[name], run_passes=lowered)
        outs.append(z)
    torch.testing.assert_close(outs[0], outs[1], rtol=0, atol=0)


@pytest.mark.parametrize("name", ["add", "sub", "mul", "maximum", "adds", "muls", "mins"])
def test_int32(name):
    rng = np.random.default_rng(4)
    x = rng.integers(-1000, 1000, 128).astype(np.int32)
    y = rng.integers(-1000, 1000, 128).astype(np.int32)
    lowered, reference = both(binary_kernel, [x, y, np.zeros_like(x), 3.0, 128, BINARY[name]], 2)
    np.testing.assert_array_equal(lowered, reference)


ROWS = {
    "sum_rows": ((4,), lambda x: x.sum(1)),
    "max_rows": ((4,), lambda x: asc2.reduce_max(x, 1)),
    "min_cols": ((64,), lambda x: x.min(0)),
    "sum_cols_keep": ((1, 64), lambda x: asc2.reduce_sum(x, 0, keep_dims=True)),
    "prod_cols": ((64,), lambda x: asc2.reduce_prod(x, 0)),
    "sum_all": ((1,), lambda x: asc2.reduce_sum(x, 0, 1, keep_dims=True).reshape(1)),
    "minus_row_max": ((4, 64), lambda x: x - asc2.reduce_max(x, 1, keep_dims=True)),
    "plus_col_sum": ((4, 64), lambda x: x + asc2.reduce_sum(x, 0)),
    "softmax_rows": ((4, 64), asc2.softmax),
    "rms_norm": ((4, 64), lambda x: asc2.rms_norm(x, asc2.full([64], 0.5, asc.float32), 1e-5)),
    "copy_box": ((2, 32), lambda x: asc2.copy(x, [2, 32], offsets=[1, 32])),
    "concat": ((8, 64), lambda x: asc2.concat(x, x * 2.0)),
    "reshape": ((8, 32), lambda x: asc2.exp(x).reshape(8, 32)),
    "cast_f16": ((4, 64), lambda x: x.to(asc.float16).to(asc.float32)),
    "cast_i32": ((4, 64), lambda x: (x * 100.0).to(asc.int32).to(asc.float32)),
}


@pytest.mark.parametrize("name", sorted(ROWS))
def test_rows(name):
    rng = np.random.default_rng(5)
    shape, op = ROWS[name]
    x = (rng.random((4, 64)) + 0.5).astype(np.float32)
    z = np.zeros(shape, np.float32)
    lowered, reference = both(rows_kernel, [x, z, 4, 64, shape, op], 1)
    assert_same(lowered, reference, np.float32)


@asc2.jit(always_compile=True)
def atomic_kernel(x_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress, rows: asc.ConstExpr[int],
                  cols: asc.ConstExpr[int], width: asc.ConstExpr[int], op: asc.ConstExpr):
    # Every core combines its own rows of x into the same rows x cols box of z (a wider
    # tensor: the rows are strided in GM).
    xt = asc2.tensor(x_ptr, [asc2.block_num() * rows, cols])
    zt = asc2.tensor(z_ptr, [rows, width])
    x = asc2.load(xt, [rows, cols], offsets=[asc2.block_idx() * rows, 0])
    op(x, zt, offsets=[0, 0])


ATOMICS = {"add": asc2.atomic_add, "max": asc2.atomic_max, "min": asc2.atomic_min}


@pytest.mark.parametrize("kind", sorted(ATOMICS))
@pytest.mark.parametrize("dtype,cols,width", [(np.float32, 64, 64), (np.float16, 48, 64),
                                              (np.int32, 24, 40)],
                         ids=["f32-contiguous", "f16-strided-rows", "i32-strided-rows"])
def test_atomics_of_four_cores(kind, dtype, cols, width):
    rows, cores = 3, 4
    rng = np.random.default_rng(7)
    x = rng.integers(-8, 9, (cores * rows, cols)).astype(dtype)
    z = rng.integers(-8, 9, (rows, width)).astype(dtype)
    outs = []
    for lowered in (True, False):
        zz = z.copy()
        atomic_kernel[cores](x.copy(), zz, rows, cols, width, ATOMICS[kind],
                             run_passes=lowered)
        outs.append(zz)
    combine = {"add": np.add, "max": np.maximum, "min": np.minimum}[kind]
    expect = z.copy()
    for c in range(cores):
        expect[:, :cols] = combine(expect[:, :cols], x[c * rows:(c + 1) * rows])
    # Small integers: every order of the cores' combines gives the same exact result.
    np.testing.assert_array_equal(outs[0], expect)
    np.testing.assert_array_equal(outs[1], expect)


@asc2.jit(always_compile=True)
def atomic_add_1d(x_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress, n: asc.ConstExpr[int]):
    xt = asc2.tensor(x_ptr, [asc2.block_num() * n])
    zt = asc2.tensor(z_ptr, [n])
    asc2.atomic_add(asc2.load(xt, [n], offsets=[asc2.block_idx() * n]), zt, offsets=[0])


def test_an_atomic_add_with_a_tail_adds_only_its_elements():
    # 100 floats: 12.5 blocks of 32 bytes. The copy-out moves exactly 400 bytes (a whole last
    # block would add the neighbour's 4 floats again on every core).
    n, cores = 100, 3
    x = np.arange(cores * n, dtype=np.float32)
    z = np.full(n + 8, 1.0, np.float32)  # the 8 past n are the neighbour
    atomic_add_1d[cores](x, z, n)
    expect = np.full(n + 8, 1.0, np.float32)
    expect[:n] += x.reshape(cores, n).sum(axis=0)
    np.testing.assert_array_equal(z, expect)
