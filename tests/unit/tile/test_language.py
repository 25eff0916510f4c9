"""The tile language: asc2's surface, the IR it builds, and located errors for misuse."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl import CompilationError
from ascdsl import tile as asc2
from ascdsl.dialects import asc as T

X = np.arange(256, dtype=np.float32)


def ir_ops(ck) -> list[str]:
    return [op.name for op in ck.module.walk()]


# --- surface -----------------------------------------------------------------------------


def test_asc2_names_are_all_there():
    expected = {
        "jit", "tensor", "load", "store", "copy", "TileLocation", "range", "block_idx",
        "block_num", "num_tiles", "atomic_add", "atomic_max", "atomic_min", "add", "sub", "mul",
        "div", "maximum", "minimum", "left_shift", "right_shift", "equal", "not_equal",
        "greater", "greater_equal", "less", "less_equal", "matmul", "matmul_acc", "full",
        "full_like", "zeros", "zeros_like", "zeros_acc", "concat", "broadcast_to",
        "expand_dims", "ravel", "reshape", "squeeze", "abs", "ceil", "cos", "cosh", "erf",
        "exp", "exp2", "floor", "log", "log2", "negative", "relu", "rms_norm", "rsqrt", "sin",
        "sinh", "softmax", "sqrt", "tan", "tanh", "mask", "where", "reduce_sum", "reduce_max",
        "reduce_min", "reduce_prod",
    }
    assert expected <= set(asc2.__all__)
    assert all(callable(getattr(asc2, n)) or n == "TileLocation" for n in expected)
    assert asc2.exp.__doc__ and "e ** x" in asc2.exp.__doc__


@asc2.jit(always_compile=True)
def methods_kernel(x_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress, s: float):
    xt = asc2.tensor(x_ptr, [4, 64])
    zt = asc2.tensor(z_ptr, [4, 64])
    x = asc2.load(xt, [4, 64], tile_id=[0, 0])
    y = (2.0 * x - s) / 4.0 + x.exp().sqrt() * -x + asc2.maximum(x, 1.0)
    z = y - y.max(1, keep_dims=True) + x.sum(0) + (s - x) + x.ravel().reshape(4, 64)
    asc2.store(z.abs(), zt, offsets=[0, 0])


def test_methods_operators_and_broadcasting_match_numpy():
    x = (np.arange(256, dtype=np.float32).reshape(4, 64) % 7) / 7
    z = np.zeros_like(x)
    methods_kernel[1](x, z, 0.5)
    y = (2.0 * x - 0.5) / 4.0 + np.sqrt(np.exp(x)) * -x + np.maximum(x, 1.0)
    want = np.abs(y - y.max(1, keepdims=True) + x.sum(0) + (0.5 - x) + x)
    np.testing.assert_allclose(z, want, rtol=1e-5, atol=1e-6)


def test_the_kernel_is_asc_ir_before_the_passes():
    ck = methods_kernel.compile(X.reshape(4, 64), X.reshape(4, 64), 0.5, run_passes=False)
    names = ir_ops(ck)
    assert "asc.load" in names and "asc.store" in names and "asc.reduce" in names
    assert "asc.broadcast" in names  # x.sum(0) broadcast back over the rows
    assert not any(n.startswith("ascendc.local") for n in names)


@asc2.jit(always_compile=True)
def range_kernel(x_ptr: asc.GlobalAddress, n: int):
    xt = asc2.tensor(x_ptr, [n])
    for i in range(0, n, 64, unroll_factor=2, parallel=True):
        asc2.store(asc2.load(xt, [64], offsets=[i]) + 1.0, xt, offsets=[i])


def test_range_hints_become_loop_attributes():
    ck = range_kernel.compile(X, 256, run_passes=False)
    (loop,) = [op for op in ck.module.walk() if op.name == "scf.for"]
    assert loop.attributes["asc.unroll_factor"].value.data == 2
    assert "asc.parallel" in loop.attributes
    x = X.copy()
    range_kernel[4](x, 256)  # parallel and no block index: spread over the 4 cores
    np.testing.assert_array_equal(x, X + 1)


@asc2.jit(always_compile=True)
def scalar_kernel(x_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress, alpha: float):
    xt = asc2.tensor(x_ptr, [64])
    zt = asc2.tensor(z_ptr, [128])
    v = asc2.load(xt, offsets=[3])
    asc2.store(v * alpha + asc2.exp(0.0), zt, offsets=[69])
    asc2.store(asc2.full([64], alpha, asc.float32) * asc2.load(xt, [64], offsets=[0]), zt,
               offsets=[0])


def test_scalar_loads_stores_and_zero_d_arguments():
    torch = pytest.importorskip("torch", reason="a 0-d torch tensor as the scalar argument")
    x = torch.arange(64, dtype=torch.float32)
    z = torch.zeros(128, dtype=torch.float32)
    scalar_kernel[1](x, z, torch.tensor(2.0))
    want = torch.zeros(128, dtype=torch.float32)
    want[:64] = x * 2
    want[69] = 3 * 2.0 + 1.0
    torch.testing.assert_close(z, want)


def test_defaults_and_asc2_only_options():
    @asc2.jit(vf_fusion=True)
    def k(x_ptr: asc.GlobalAddress):
        xt = asc2.tensor(x_ptr, [64])
        z = asc2.zeros([64])
        asc2.store(z.to(asc.float32) + asc2.num_tiles(xt, 0, [32]), xt, offsets=[0])

    x = np.ones(64, np.float32)
    k[1](x)
    np.testing.assert_array_equal(x, np.full(64, 2, np.float32))
    ck = k.compile(x, run_passes=False)
    (splat,) = [op for op in ck.module.walk() if isinstance(op, T.SplatOp)]
    assert str(splat.result.type) == "!asc.tile<64xi32, UB>"  # zeros() is int32, as in asc2


# --- errors ------------------------------------------------------------------------------


def compile_error(kernel, *args) -> str:
    with pytest.raises(CompilationError) as info:
        kernel.compile(*args)
    return str(info.value)


def test_unaligned_last_dimension_is_located():
    @asc2.jit
    def k(x_ptr: asc.GlobalAddress):
        xt = asc2.tensor(x_ptr, [4, 64])
        asc2.load(xt, [4, 3], offsets=[0, 0])

    text = compile_error(k, X)
    assert "test_language.py" in text
    assert "load(): the last dimension of a tile must be a multiple of 32 bytes, got 3 x 4 bytes" in text
    assert "asc2.load(xt, [4, 3], offsets=[0, 0])" in text  # the source line is shown


def test_runtime_tile_shape_is_refused():
    @asc2.jit
    def k(x_ptr: asc.GlobalAddress, n: int):
        xt = asc2.tensor(x_ptr, [n])
        asc2.load(xt, [n], offsets=[0])

    text = compile_error(k, X, 256)
    assert "load(): tile shapes are known at compile time; 'shape' holds runtime int32 value" in text


def test_a_tile_too_large_for_i32_counts_is_located():
    # Was "p.py:1:1: error: internal error in the pass pipeline: VerifyException: Integer
    # value 4294967296 is out of range for type i32", at the kernel's def line.
    @asc2.jit
    def k(x_ptr: asc.GlobalAddress):
        xt = asc2.tensor(x_ptr, [16, 16])
        asc2.load(xt, [1 << 16, 1 << 16], offsets=[0, 0])

    text = compile_error(k, X)
    assert ":9: error: load(): a tile of shape [65536, 65536] has 4294967296 elements, more " \
        "than 2147483647 (a tile lives in UB)" in text
    assert "asc2.load(xt, [1 << 16, 1 << 16], offsets=[0, 0])" in text


def test_shapes_that_do_not_broadcast():
    @asc2.jit
    def k(x_ptr: asc.GlobalAddress):
        xt = asc2.tensor(x_ptr, [256])
        a = asc2.load(xt, [64], offsets=[0])
        b = asc2.load(xt, [32], offsets=[0])
        asc2.store(a + b, xt, offsets=[0])

    assert "add(): shapes [64] and [32] do not broadcast" in compile_error(k, X)


def test_float_only_function_on_an_int_tile():
    @asc2.jit
    def k(x_ptr: asc.GlobalAddress):
        xt = asc2.tensor(x_ptr, [64])
        asc2.store(asc2.exp(asc2.zeros([64])), xt, offsets=[0])

    assert "exp(): defined on float tiles, got Tile(64 int32, UB)" in compile_error(k, X)


def test_bad_range_hints_are_located_at_the_loop():
    @asc2.jit
    def zero(x_ptr: asc.GlobalAddress):
        for i in range(4, unroll_factor=0):
            pass

    assert "range(): the unroll factor must be 1 or greater, got 0" in compile_error(zero, X)

    @asc2.jit
    def runtime(x_ptr: asc.GlobalAddress, p: int):
        for i in range(4, parallel=p):
            pass

    assert "'parallel' must be True or False at compile time" in compile_error(runtime, X, 1)

    @asc2.jit
    def unknown(x_ptr: asc.GlobalAddress):
        for i in range(4, unrol_factor=2):
            pass

    assert "unexpected keyword argument 'unrol_factor'" in compile_error(unknown, X)


def test_where_needs_a_mask():
    @asc2.jit
    def k(x_ptr: asc.GlobalAddress):
        xt = asc2.tensor(x_ptr, [64])
        x = asc2.load(xt, [64], offsets=[0])
        asc2.store(asc2.where(x, x, x), xt, offsets=[0])

    assert "where(): 'mask' must be a comparison's i1 tile, got Tile(64 float32, UB)" in compile_error(k, X)


def test_a_kernel_that_cannot_fit_names_its_tiles_and_lines():
    @asc2.jit
    def k(x_ptr: asc.GlobalAddress):
        xt = asc2.tensor(x_ptr, [16320])
        a = asc2.load(xt, [16320], offsets=[0])
        b = asc2.load(xt, [16320], offsets=[0])
        c = a * b
        asc2.store(c + a, xt, offsets=[0])

    text = compile_error(k, np.zeros(16320, np.float32))
    assert "the kernel needs 261120 bytes of UB but Ascend910B1 has 196608" in text
    assert text.count("65280 bytes: !ascendc.local_tensor<16320xf32>") == 4
    assert "c = a * b" in text and "b = asc2.load(xt, [16320], offsets=[0])" in text


def test_a_tile_carried_through_a_loop_accumulates():
    @asc2.jit
    def k(x_ptr: asc.GlobalAddress, n: int):
        xt = asc2.tensor(x_ptr, [4, 64])
        acc = asc2.zeros([64], asc.float32)
        total = 0.0
        for i in range(n):
            row = asc2.load(xt, [1, 64], offsets=[i, 0]).reshape(64)
            acc = acc + row * row
            total = total + asc2.reduce_sum(row)
        asc2.store((acc + total).reshape(1, 64), xt, offsets=[0, 0])

    x = np.arange(256, dtype=np.float32).reshape(4, 64) / 256
    want = (x * x).sum(0) + x.sum()
    for lowered in (True, False):
        y = x.copy()
        k[1](y, 4, run_passes=lowered)
        np.testing.assert_allclose(y[0], want, rtol=1e-5)
        np.testing.assert_array_equal(y[1:], x[1:])
    ck = k.compile(x, 4)
    (loop,) = [op for op in ck.module.walk() if op.name == "scf.for"]
    assert [str(a.type) for a in loop.iter_args] == ["f32"]  # the tile left the iter_args


def test_a_tile_yielded_by_an_if_is_refused_at_its_line():
    @asc2.jit
    def k(x_ptr: asc.GlobalAddress, flag: int):
        xt = asc2.tensor(x_ptr, [64])
        x = asc2.load(xt, [64], offsets=[0])
        if flag > 0:
            x = x + 1.0
        asc2.store(x, xt, offsets=[0])

    text = compile_error(k, np.ones(64, np.float32), 1)
    assert "carrying tiles through scf.yield is not lowered yet" in text
    x = np.ones(64, np.float32)
    k[1](x, 1, run_passes=False)
    np.testing.assert_array_equal(x, np.full(64, 2, np.float32))


def test_mask_region_on_the_reference_simulator():
    @asc2.jit
    def k(x_ptr: asc.GlobalAddress):
        xt = asc2.tensor(x_ptr, [64])
        x = asc2.load(xt, [64], offsets=[0])
        with asc2.mask(count=10, other=-1.0):
            y = x + 100.0
            asc2.store(y, xt, offsets=[0])

    x = np.zeros(64, np.float32)
    k[1](x, run_passes=False)
    np.testing.assert_array_equal(x, np.where(np.arange(64) < 10, 100.0, -1.0).astype(np.float32))


def test_a_lowered_tile_past_the_tensor_is_an_out_of_bounds_error_at_its_line():
    @asc2.jit
    def k(x_ptr: asc.GlobalAddress, n: int):
        xt = asc2.tensor(x_ptr, [n])
        asc2.store(asc2.load(xt, [64], offsets=[64]) + 1.0, xt, offsets=[64])

    x = np.zeros(128, np.float32)
    with pytest.raises(asc.OutOfBoundsError) as info:
        k[1](x, 100)  # the tensor has 100 elements; the tile covers [64, 128)
    text = str(info.value)
    # said of the tensor the kernel made, not of the lowering's view of its tile
    assert ("elements [64, 128) of a GlobalTensor of 100 elements (through its view from "
            "element 64)") in text
    assert "asc2.store(asc2.load(xt, [64], offsets=[64]) + 1.0, xt, offsets=[64])" in text
    k[1](x, 100, run_passes=False)  # the reference pads the load and clips the store
    np.testing.assert_array_equal(x, np.r_[np.zeros(64), np.ones(36), np.zeros(28)])


@asc2.jit(run_passes=False, always_compile=True)
def _unlowered_copy(x: asc.GlobalAddress, y: asc.GlobalAddress):
    asc2.store(asc2.load(asc2.tensor(x, [256]), [256], offsets=[0]), asc2.tensor(y, [256]),
               offsets=[0])


def test_dumping_a_kernel_that_has_no_ascend_c_yet_does_not_fail_its_compile(tmp_path,
                                                                            monkeypatch):
    # Before: ASCDSL_DUMP_PATH made run_passes=False compiles of tile kernels raise, because
    # the dump printed the asc ops' Ascend C, which they do not have before lowering.
    monkeypatch.setenv("ASCDSL_DUMP_PATH", str(tmp_path / "dump"))
    ck = _unlowered_copy.compile(X, X.copy())
    (d,) = (tmp_path / "dump").iterdir()
    assert sorted(p.name for p in d.iterdir()) == ["codegen.mlir", "kernel.cpp.error",
                                                   "passes.mlir"]
    assert (d / "passes.mlir").read_text() == ck.ir and "asc.load" in ck.ir
    reason = (d / "kernel.cpp.error").read_text()
    assert "test_language.py:" in reason and "has no Ascend C printing rule" in reason
