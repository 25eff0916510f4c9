"""Vector families against independent numpy references: L2/L3, L0/L1 repeats and masks,
duplicate, reductions, casts with rounding modes, f16 in f16 and bf16."""

import numpy as np
import pytest

import ascdsl.dialects.ascendc as A
from ascdsl.sim import InvalidArgumentError
from ascdsl.sim.dtypes import bf16_to_f32, f32_to_bf16
from sim_kernels import rand, run, ub_kernel

NP = {"f32": np.float32, "f16": np.float16, "i32": np.int32, "i16": np.int16}

BINARY_REF = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "mul": lambda a, b: a * b,
    "div": lambda a, b: a / b,
    "max": np.maximum,
    "min": np.minimum,
    "and": np.bitwise_and,
    "or": np.bitwise_or,
    "add_relu": lambda a, b: np.maximum(a + b, a.dtype.type(0)),
    "sub_relu": lambda a, b: np.maximum(a - b, a.dtype.type(0)),
    "fused_abs_sub": lambda a, b: np.abs(a - b),
    "prelu": lambda a, b: np.where(a >= 0, a, a * b),
}
UNARY_REF = {
    "abs": np.abs,
    "exp": np.exp,
    "ln": np.log,
    "relu": lambda a: np.maximum(a, a.dtype.type(0)),
    "rsqrt": lambda a: a.dtype.type(1) / np.sqrt(a),
    "sqrt": np.sqrt,
    "reciprocal": lambda a: a.dtype.type(1) / a,
    "not": np.invert,
    "neg": np.negative,
}
SCALAR_REF = {
    "adds": lambda a, s: a + s,
    "muls": lambda a, s: a * s,
    "maxs": np.maximum,
    "mins": np.minimum,
    "leaky_relu": lambda a, s: np.where(a >= 0, a, a * s),
    "shift_left": np.left_shift,
    "shift_right": np.right_shift,
}
BITWISE = {"and", "or", "not", "shift_left", "shift_right"}
POSITIVE_ONLY = {"ln", "sqrt", "rsqrt", "reciprocal"}


def _l2_mnemonics(base) -> list[str]:
    """`add`, `sub`, ... for every L2 op of a family, in declaration order (the forms that
    read dst too -- Axpy, FusedMulAdd, ... -- have their own tests, test_fused.py; so do the
    conversions whose dst has its own element type, test_vconv.py)."""
    return [c.name.removeprefix("ascendc.").removesuffix("_l2")
            for c in A.ALL_OPS if issubclass(c, base) and "dst" not in c.READS
            and (not c.SAME_ELEMENT or "dst" in c.SAME_ELEMENT)]


def _dtypes(m):
    if m in BITWISE:
        return ["i32", "i16"]
    if m in ("div", "exp", "ln", "sqrt", "rsqrt", "reciprocal"):
        return ["f32", "f16"]
    return ["f32", "f16", "i32"]


def _inputs(m, dt, n=96):
    npdt = NP[dt]
    if dt.startswith("i"):
        lo = 0 if m.startswith("shift") else -50
        return rand(n, npdt, 1, lo, 50), rand(n, npdt, 2, 1, 50)
    lo = 0.25 if m in POSITIVE_ONLY else -2.0
    return rand(n, npdt, 1, lo, 2.0), rand(n, npdt, 2, 0.25, 2.0)


def _check(text, x, y, expect):
    z = np.zeros_like(expect)
    run(text, [x, y, z])
    np.testing.assert_array_equal(z, expect)


@pytest.mark.parametrize("m,dt", [(m, dt) for m in _l2_mnemonics(A.BinaryL2Base) for dt in _dtypes(m)])
def test_binary_l2(m, dt):
    x, y = _inputs(m, dt)
    text = ub_kernel(f"  ascendc.{m}_l2 %zl, %xl, %yl, %n : TZ, TX, TX, i32", dt, n=len(x))
    _check(text, x, y, BINARY_REF[m](x, y).astype(NP[dt]))


@pytest.mark.parametrize("m,dt", [(m, dt) for m in _l2_mnemonics(A.UnaryL2Base) for dt in _dtypes(m)])
def test_unary_l2(m, dt):
    x, y = _inputs(m, dt)
    text = ub_kernel(f"  ascendc.{m}_l2 %zl, %xl, %n : TZ, TX, i32", dt, n=len(x))
    _check(text, x, y, UNARY_REF[m](x).astype(NP[dt]))


@pytest.mark.parametrize("m,dt", [(m, dt) for m in _l2_mnemonics(A.VecScalarL2Base) for dt in _dtypes(m)])
def test_vector_scalar_l2(m, dt):
    x, y = _inputs(m, dt)
    value = "3" if dt.startswith("i") else "0.5"
    body = (f"  %s = arith.constant {value} : {dt}\n"
            f"  ascendc.{m}_l2 %zl, %xl, %s, %n : TZ, TX, {dt}, i32")
    s = NP[dt](3 if dt.startswith("i") else 0.5)
    _check(ub_kernel(body, dt, n=len(x)), x, y, SCALAR_REF[m](x, s).astype(NP[dt]))


def test_f16_arithmetic_rounds_in_f16():
    # 2048 + 1 is not representable in f16: the sum stays 2048 (f32 math would give 2049).
    x = np.full(16, 2048, np.float16)
    y = np.ones(16, np.float16)
    text = ub_kernel("  ascendc.add_l2 %zl, %xl, %yl, %n : TZ, TX, TX, i32", "f16", n=16)
    _check(text, x, y, np.full(16, 2048, np.float16))


def test_bf16_computes_in_f32_and_rounds_to_bf16():
    xs = np.array([1.0, 3.0, 256.0, -0.5] * 4, np.float32)
    ys = np.array([0.00390625, 1.0, 1.0, 0.25] * 4, np.float32)
    x, y = f32_to_bf16(xs), f32_to_bf16(ys)
    z = np.zeros(16, np.uint16)
    run(ub_kernel("  ascendc.add_l2 %zl, %xl, %yl, %n : TZ, TX, TX, i32", "bf16", n=16), [x, y, z])
    # 1 + 2^-8 rounds to 1 in bf16 (8 significant bits); 256 + 1 rounds to 256.
    assert bf16_to_f32(z)[:4].tolist() == [1.0, 4.0, 256.0, -0.25]


def test_l3_operator_form_covers_the_destination():
    x, y = rand(64), rand(64, seed=1)
    _check(ub_kernel("  ascendc.mul_l3 %zl, %xl, %yl : TZ, TX, TX"), x, y, x * y)


def test_add_l2_count_leaves_the_rest():
    x, y = rand(64), rand(64, seed=1)
    z0 = np.full(64, 7, np.float32)
    z = z0.copy()
    c = "  %c8 = arith.constant 8 : i32\n  ascendc.add_l2 %zl, %xl, %yl, %c8 : TZ, TX, TX, i32"
    run(ub_kernel(c), [x, y, z])
    np.testing.assert_array_equal(z[:8], x[:8] + y[:8])
    np.testing.assert_array_equal(z[8:], z0[8:])


def _binary_params(dst_blk=1, s0_blk=1, s1_blk=1, dst_rep=8, s0_rep=8, s1_rep=8):
    vals = [dst_blk, s0_blk, s1_blk, dst_rep, s0_rep, s1_rep]
    consts = "\n".join(f"  %p{i} = arith.constant {v} : i32" for i, v in enumerate(vals))
    names = ", ".join(f"%p{i}" for i in range(6))
    return (consts + f"\n  %bp = ascendc.construct !ascendc.binary_repeat_params({names}) : "
            + ", ".join(["i32"] * 6))


def test_l0_count_mask_and_repeat_stride():
    # f32: 64 elements per repeat. mask 16, 2 repeats, destination repeat stride 16 blocks
    # (512 bytes = 128 elements): dst[0:16] and dst[128:144] from src[0:16] and src[64:80].
    n = 256
    x, y = rand(n), rand(n, seed=1)
    body = (_binary_params(dst_rep=16) + "\n  %m = arith.constant 16 : i32\n"
            "  %r = arith.constant 2 : i32\n"
            "  ascendc.add_l0 %zl, %xl, %yl, %m, %r, %bp {isSetMask} : TZ, TX, TX, i32, i32, "
            "!ascendc.binary_repeat_params")
    z = np.full(n, -1, np.float32)
    run(ub_kernel(body, n=n), [x, y, z])
    expect = np.full(n, -1, np.float32)
    expect[0:16] = x[0:16] + y[0:16]
    expect[128:144] = x[64:80] + y[64:80]
    np.testing.assert_array_equal(z, expect)


def test_l0_block_stride_skips_blocks():
    # Source block stride 2: repeat elements come from blocks 0, 2, 4, ... (8 f32 each).
    n = 128
    x, y = rand(n), rand(n, seed=1)
    body = (_binary_params(s0_blk=2) + "\n  %m = arith.constant 64 : i32\n"
            "  %r = arith.constant 1 : i32\n"
            "  ascendc.add_l0 %zl, %xl, %yl, %m, %r, %bp {isSetMask} : TZ, TX, TX, i32, i32, "
            "!ascendc.binary_repeat_params")
    z = np.zeros(n, np.float32)
    run(ub_kernel(body, n=n), [x, y, z])
    src0 = np.concatenate([x[16 * b:16 * b + 8] for b in range(8)])
    np.testing.assert_array_equal(z[:64], src0 + y[:64])
    np.testing.assert_array_equal(z[64:], 0)


def test_l1_bit_mask_selects_elements():
    # f16: 128 elements per repeat; mask words (low, high): even elements of the low half, and
    # element 64 of the high half.
    n = 128
    x, y = rand(n, np.float16), rand(n, np.float16, seed=1)
    lo, hi = 0x5555555555555555, 1
    body = (_binary_params() + f"\n  %w0 = arith.constant {lo} : i64\n"
            f"  %w1 = arith.constant {hi} : i64\n"
            "  %u0 = builtin.unrealized_conversion_cast %w0 : i64 to ui64\n"
            "  %u1 = builtin.unrealized_conversion_cast %w1 : i64 to ui64\n"
            "  %r = arith.constant 1 : i32\n"
            "  ascendc.mul_l1 %zl, %xl, %yl, %u0, %u1, %r, %bp {isSetMask} : TZ, TX, TX, ui64, "
            "ui64, i32, !ascendc.binary_repeat_params")
    z = np.zeros(n, np.float16)
    run(ub_kernel(body, "f16", n=n), [x, y, z])
    sel = np.zeros(n, bool)
    sel[0:64:2] = True
    sel[64] = True
    np.testing.assert_array_equal(z[sel], x[sel] * y[sel])
    np.testing.assert_array_equal(z[~sel], 0)


def test_l0_without_set_mask_uses_the_previous_mask():
    n = 64
    x, y = rand(n), rand(n, seed=1)
    body = (_binary_params() + "\n  %m = arith.constant 8 : i32\n  %big = arith.constant 64 : i32\n"
            "  %r = arith.constant 1 : i32\n"
            "  ascendc.add_l0 %zl, %xl, %yl, %m, %r, %bp {isSetMask} : TZ, TX, TX, i32, i32, "
            "!ascendc.binary_repeat_params\n"
            "  ascendc.pipe_barrier pipe_v\n"
            "  ascendc.mul_l0 %zl, %xl, %yl, %big, %r, %bp : TZ, TX, TX, i32, i32, "
            "!ascendc.binary_repeat_params")
    z = np.zeros(n, np.float32)
    run(ub_kernel(body, n=n), [x, y, z])
    np.testing.assert_array_equal(z[:8], x[:8] * y[:8])  # the mask of 8 stayed set
    np.testing.assert_array_equal(z[8:], 0)


def test_l0_mask_out_of_range_is_reported():
    body = (_binary_params() + "\n  %m = arith.constant 65 : i32\n  %r = arith.constant 1 : i32\n"
            "  ascendc.add_l0 %zl, %xl, %yl, %m, %r, %bp {isSetMask} : TZ, TX, TX, i32, i32, "
            "!ascendc.binary_repeat_params")
    x = rand(64)
    with pytest.raises(InvalidArgumentError, match=r"mask=65 \(0\.\.64 for 4-byte elements\)"):
        run(ub_kernel(body), [x, x.copy(), np.zeros(64, np.float32)])


def test_unary_l0_with_repeat_params():
    n = 128
    x = rand(n, lo=-1)
    body = ("  %a = arith.constant 1 : i32\n  %b = arith.constant 8 : i32\n"
            "  %up = ascendc.construct !ascendc.unary_repeat_params(%a, %a, %b, %b) : i32, i32, i32, i32\n"
            "  %m = arith.constant 64 : i32\n  %r = arith.constant 2 : i32\n"
            "  ascendc.abs_l0 %zl, %xl, %m, %r, %up {isSetMask} : TZ, TX, i32, i32, "
            "!ascendc.unary_repeat_params")
    z = np.zeros(n, np.float32)
    run(ub_kernel(body, n=n), [x, x.copy(), z])
    np.testing.assert_array_equal(z, np.abs(x))


def test_duplicate_forms():
    # L2: 8 elements of 2.5. L0 on zl[32:]: mask 4, 2 repeats, repeat stride 2 blocks
    # (16 f32): elements 32..35 and 48..51 become -1.
    n = 64
    body = ("  %v = arith.constant 2.5 : f32\n  %c8 = arith.constant 8 : i32\n"
            "  ascendc.duplicate_l2 %zl, %v, %c8 : TZ, f32, i32\n"
            "  %w = arith.constant -1.0 : f32\n  %m = arith.constant 4 : i32\n"
            "  %r = arith.constant 2 : i32\n  %bs = arith.constant 1 : i32\n"
            "  %rs = arith.constant 2 : i32\n  %c32 = arith.constant 32 : i32\n"
            "  %tail = ascendc.local_tensor.subindex %zl[%c32] : TZ, i32, TZ\n"
            "  ascendc.duplicate_l0 %tail, %w, %m, %r, %bs, %rs {isSetMask} : TZ, f32, i32, i32, "
            "i32, i32")
    z = np.zeros(n, np.float32)
    x = rand(n)
    run(ub_kernel(body, n=n), [x, x.copy(), z])
    expect = np.zeros(n, np.float32)
    expect[:8] = 2.5
    expect[32:36] = -1.0
    expect[48:52] = -1.0
    np.testing.assert_array_equal(z, expect)


@pytest.mark.parametrize(
    "m,fn", [("reduce_sum", np.sum), ("reduce_max", np.max), ("reduce_min", np.min)]
)
def test_reductions(m, fn):
    n = 100
    x = rand(n, lo=-3, hi=3)
    if m == "reduce_sum":
        body = f"  ascendc.{m}_l2 %zl, %xl, %yl, %n : TZ, TX, TX, i32"
    else:
        body = ("  %ci = arith.constant true\n"
                f"  ascendc.{m}_l2 %zl, %xl, %yl, %n, %ci : TZ, TX, TX, i32, i1")
    z = np.zeros(n, np.float32)
    run(ub_kernel(body, n=n), [x, np.zeros(n, np.float32), z])
    assert z[0] == pytest.approx(float(fn(x)), rel=1e-5)
    if m != "reduce_sum":
        index = int(z[1:2].view(np.uint32)[0])
        assert index == int(np.argmax(x) if m == "reduce_max" else np.argmin(x))


CAST_VALUES = np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 2.7, -2.7], np.float32)


@pytest.mark.parametrize(
    "mode,expect",
    [
        ("1", [-2, -2, 0, 0, 2, 2, 3, -3]),  # CAST_RINT: ties to even
        ("2", [-3, -2, -1, 0, 1, 2, 2, -3]),  # CAST_FLOOR
        ("3", [-2, -1, 0, 1, 2, 3, 3, -2]),  # CAST_CEIL
        ("4", [-3, -2, -1, 1, 2, 3, 3, -3]),  # CAST_ROUND: ties away from zero
        ("5", [-2, -1, 0, 0, 1, 2, 2, -2]),  # CAST_TRUNC
    ],
)
def test_cast_f32_to_i32_round_modes(mode, expect):
    body = f"  ascendc.cast_l2 %zl, %xl, %n {{roundMode = {mode} : i32}} : TZ, TX, i32"
    z = np.zeros(8, np.int32)
    run(ub_kernel(body, "f32", "i32", n=8), [CAST_VALUES, CAST_VALUES.copy(), z])
    assert z.tolist() == expect


def test_cast_saturates_to_the_integer_range():
    x = np.array([1e6, -1e6, 127.4, np.nan] * 8, np.float32)
    body = "  ascendc.cast_l2 %zl, %xl, %n {roundMode = 1 : i32} : TZ, TX, i32"
    z = np.zeros(32, np.int16)
    run(ub_kernel(body, "f32", "i16", n=32), [x, x.copy(), z])
    assert z[:4].tolist() == [32767, -32768, 127, 0]


@pytest.mark.parametrize(
    "mode,pick",
    [("1", "nearest"), ("2", "floor"), ("3", "ceil"), ("5", "trunc"), ("6", "odd")],
)
def test_cast_f32_to_f16_directed_rounding(mode, pick):
    # 1 + 2^-11 + 2^-13 lies between f16 neighbours 1 and 1 + 2^-10, nearer to 1 + 2^-10.
    v = np.float32(1 + 2**-11 + 2**-13)
    x = np.array([v, -v] * 8, np.float32)
    lo, hi = np.float16(1.0), np.float16(1 + 2**-10)
    expect = {
        "nearest": [hi, -hi],
        "floor": [lo, -hi],
        "ceil": [hi, -lo],
        "trunc": [lo, -lo],
        "odd": [hi, -hi],  # 1 + 2^-10 has the odd last bit
    }[pick]
    body = f"  ascendc.cast_l2 %zl, %xl, %n {{roundMode = {mode} : i32}} : TZ, TX, i32"
    z = np.zeros(16, np.float16)
    run(ub_kernel(body, "f32", "f16", n=16), [x, x.copy(), z])
    assert z[:2].tolist() == [float(e) for e in expect]


def test_cast_l0_f16_to_f32_uses_64_elements_per_repeat():
    n = 128
    x = rand(n, np.float16)
    body = ("  %one = arith.constant 1 : i32\n  %four = arith.constant 4 : i32\n"
            "  %eight = arith.constant 8 : i32\n  %m = arith.constant 64 : i32\n"
            "  %r = arith.constant 2 : i32\n"
            "  %p = ascendc.construct !ascendc.unary_repeat_params(%one, %one, %eight, %four)"
            " : i32, i32, i32, i32\n"
            "  ascendc.cast_l0 %zl, %xl, %m, %r, %p {isSetMask, roundMode = 0 : i32} "
            ": TZ, TX, i32, i32, !ascendc.unary_repeat_params")
    z = np.zeros(n, np.float32)
    run(ub_kernel(body, "f16", "f32", n=n), [x, x.copy(), z])
    np.testing.assert_array_equal(z, x.astype(np.float32))


def test_bitwise_op_on_floats_is_refused_at_compile_time():
    from ascdsl.sim import NotSimulatedError

    text = ub_kernel("  ascendc.and_l2 %zl, %xl, %yl, %n : TZ, TX, TX, i32")
    with pytest.raises(NotSimulatedError, match="'ascendc.and_l2' op is not defined for f32"):
        run(text, [rand(64), rand(64), np.zeros(64, np.float32)])
