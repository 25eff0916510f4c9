"""The advanced APIs in the simulator: the math library, SoftMax, RmsNorm, AscendQuant,
Concat/Extract against independent references; their scratch-space rules, sanitizer facts and
cost model."""

from __future__ import annotations

import math

import numpy as np
import pytest

import ascdsl.dialects.ascendc as A
from ascdsl.sim import InvalidArgumentError, RaceError, UBOverflowError
from sim_kernels import rand, run, ub_kernel

NP = {"f32": np.float32, "f16": np.float16, "i32": np.int32, "i16": np.int16}

# Independent references (Python's math module, element by element) and input ranges.
REF = {
    "acosh": (math.acosh, 1.0, 4.0),
    "acos": (math.acos, -0.99, 0.99),
    "asinh": (math.asinh, -3.0, 3.0),
    "asin": (math.asin, -0.99, 0.99),
    "atanh": (math.atanh, -0.95, 0.95),
    "atan": (math.atan, -5.0, 5.0),
    "ceil": (math.ceil, -5.0, 5.0),
    "cosh": (math.cosh, -3.0, 3.0),
    "cos": (math.cos, -6.0, 6.0),
    "erfc": (math.erfc, -2.0, 2.0),
    "erf": (math.erf, -2.0, 2.0),
    "floor": (math.floor, -5.0, 5.0),
    "frac": (lambda v: v - math.trunc(v), -5.0, 5.0),
    "lgamma": (math.lgamma, 0.1, 6.0),
    # digamma: the derivative of lgamma, by a central difference
    "digamma": (lambda v: (math.lgamma(v + 1e-6) - math.lgamma(v - 1e-6)) / 2e-6, 0.3, 6.0),
    "log": (math.log, 0.1, 8.0),
    "round": (lambda v: float(round(v)), -5.0, 5.0),  # Python rounds half to even, as CAST_RINT
    "sign": (lambda v: float((v > 0) - (v < 0)), -2.0, 2.0),
    "sinh": (math.sinh, -3.0, 3.0),
    "sin": (math.sin, -6.0, 6.0),
    "tanh": (math.tanh, -3.0, 3.0),
    "tan": (math.tan, -1.2, 1.2),
    "trunc": (math.trunc, -5.0, 5.0),
}
UNARY = [c.name.removeprefix("ascendc.") for c in A.ALL_OPS if issubclass(c, A.UnaryMathOp)]


def test_every_unary_math_op_has_a_reference():
    assert sorted(UNARY) == sorted(REF)


def _run(body: str, x, dt: str, z=None, n: int | None = None, **kw):
    n = len(x) if n is None else n
    y = np.zeros_like(x)
    z = np.zeros(n, NP[dt]) if z is None else z
    report = run(ub_kernel(body, dt, n=n), [x, y, z], **kw)
    return z, report


@pytest.mark.parametrize("dt", ["f32", "f16"])
@pytest.mark.parametrize("m", UNARY)
def test_unary_math_matches_the_function(m, dt):
    fn, lo, hi = REF[m]
    x = rand(64, NP[dt], seed=3, lo=lo, hi=hi)
    if m == "round":  # ties: half to even
        x[:4] = np.array([0.5, 1.5, 2.5, -0.5], NP[dt])
    z, _ = _run(f"  %r = arith.constant false\n"
                f"  ascendc.{m} %zl, %xl, %n, %r : TZ, TX, i32, i1", x, dt)
    expect = np.array([fn(float(v)) for v in x], np.float64).astype(NP[dt])
    tol = 1e-5 if m == "digamma" else (1e-6 if dt == "f32" else 0)
    np.testing.assert_allclose(z.astype(np.float64), expect.astype(np.float64), rtol=tol,
                               atol=tol)


def test_count_defaults_to_the_source_size_and_the_rest_is_left():
    x = rand(64, np.float32, lo=1, hi=2)
    z = np.full(64, -7.0, np.float32)
    body = ("  %r = arith.constant false\n  %c = arith.constant 16 : i32\n"
            "  ascendc.sqrt_l2 %zl, %xl, %n : TZ, TX, i32\n"
            "  ascendc.pipe_barrier pipe_v\n"
            "  ascendc.log %zl, %xl, %c, %r : TZ, TX, i32, i1")
    out, _ = _run(body, x, "f32", z=z)
    np.testing.assert_allclose(out[:16], np.log(x[:16]), rtol=1e-6)
    np.testing.assert_allclose(out[16:], np.sqrt(x[16:]), rtol=1e-6)
    full, _ = _run("  %r = arith.constant false\n  ascendc.log %zl, %xl, %r : TZ, TX, i1",
                   x, "f32")
    np.testing.assert_allclose(full, np.log(x), rtol=1e-6)


def test_power_xor_axpy_clamp():
    a = rand(64, np.float32, seed=1, lo=0.5, hi=2.0)
    body = ("  %r = arith.constant false\n"
            "  ascendc.power %zl, %xl, %yl, %n, %r : TZ, TX, TX, i32, i1")
    y = rand(64, np.float32, seed=2, lo=-2, hi=2)
    z = np.zeros(64, np.float32)
    run(ub_kernel(body, "f32"), [a, y, z])
    np.testing.assert_allclose(z, np.power(a.astype(np.float64), y), rtol=1e-6)

    xi = np.array([2, -3, 1, -1, 5, 0, 7, 2] * 8, np.int32)
    yi = np.array([10, 3, -4, -3, -1, 3, 0, 31] * 8, np.int32)
    zi = np.zeros(64, np.int32)
    run(ub_kernel(body.replace("f32", "i32"), "i32"), [xi, yi, zi])
    expect = [1024, -27, 1, -1, 0, 0, 1, -2147483648] * 8
    np.testing.assert_array_equal(zi, np.array(expect, np.int64).astype(np.int32))

    x16 = rand(64, np.int16, lo=-1000, hi=1000)
    y16 = rand(64, np.int16, seed=5, lo=-1000, hi=1000)
    z16 = np.zeros(64, np.int16)
    body = ("  %r = arith.constant false\n"
            "  ascendc.xor %zl, %xl, %yl, %n, %r : TZ, TX, TX, i32, i1")
    run(ub_kernel(body, "i16"), [x16, y16, z16])
    np.testing.assert_array_equal(z16, np.bitwise_xor(x16, y16))

    x = rand(64, np.float32, seed=6, lo=-3, hi=3)
    zc = rand(64, np.float32, seed=7)
    body = ("  %r = arith.constant false\n  %s = arith.constant 1.5 : f32\n"
            "  ascendc.axpy %zl, %xl, %s, %n, %r : TZ, TX, f32, i32, i1\n"
            "  ascendc.pipe_barrier pipe_v\n"
            "  ascendc.clamp_max %zl, %zl, %s, %n, %r : TZ, TZ, f32, i32, i1")
    before = zc.copy()
    run(ub_kernel(body, "f32"), [x, np.zeros_like(x), zc])
    np.testing.assert_allclose(zc, np.minimum(before + x * 1.5, 1.5), rtol=1e-6)


def test_axpy_mixed_half_source_into_float():
    x = rand(64, np.float16, seed=2, lo=-2, hi=2)
    z = rand(64, np.float32, seed=3)
    before = z.copy()
    body = ("  %r = arith.constant false\n  %s = arith.constant 0.25 : f16\n"
            "  ascendc.axpy %zl, %xl, %s, %n, %r : TZ, TX, f16, i32, i1")
    run(ub_kernel(body, "f16", "f32"), [x, np.zeros_like(x), z])
    np.testing.assert_allclose(z, before + x.astype(np.float32) * 0.25, rtol=1e-6)


def _taylor(v: float, k: int) -> float:
    whole = math.floor(v)
    f = v - whole
    return math.exp(whole) * sum(f ** i / math.factorial(i) for i in range(k + 1))


@pytest.mark.parametrize("level", [0, 1, 3, 10])
def test_exp_taylor_levels(level):
    x = rand(64, np.float32, seed=9, lo=-4, hi=4)
    body = (f"  %r = arith.constant false\n  %lvl = arith.constant {level} : i8\n"
            "  ascendc.exp %zl, %xl, %n, %lvl, %r : TZ, TX, i32, i8, i1")
    z, _ = _run(body, x, "f32")
    if level == 0:
        np.testing.assert_allclose(z, np.exp(x.astype(np.float64)), rtol=1e-6)
    else:
        expect = [_taylor(float(v), level) for v in x]
        np.testing.assert_allclose(z, expect, rtol=1e-5)
    if level == 1:  # a one-term series is visibly worse than exp
        assert np.max(np.abs(z / np.exp(x) - 1)) > 0.05


def test_math_refuses_element_types_the_api_does_not_take():
    x = np.arange(64, dtype=np.int32)
    body = "  %r = arith.constant false\n  ascendc.acos %zl, %xl, %n, %r : TZ, TX, i32, i1"
    with pytest.raises(InvalidArgumentError, match=r"AscendC::Acos computes f16, f32 elements, "
                                                   r"not i32") as e:
        _run(body, x, "i32")
    assert "kernel.mlir:" in str(e.value)


# --- scratch space ---------------------------------------------------------------------------


def _with_tmp(body: str, nbytes: int, dtype: str = "ui8", offset: int = 4096) -> str:
    """`body` after a scratch tensor %tmp of `nbytes` at byte `offset` of a second TBuf."""
    t = f"!ascendc.local_tensor<{nbytes // {'ui8': 1, 'f32': 4}[dtype]}x{dtype}>"
    head = (f"  %tb = ascendc.tbuf : <veccalc>\n"
            f"  %tlen = arith.constant {offset + nbytes} : i32\n"
            f"  ascendc.pipe.init_buffer %pipe, %tb, %tlen : !ascendc.tbuf<veccalc>, i32\n"
            f"  %tn = arith.constant {nbytes // {'ui8': 1, 'f32': 4}[dtype]} : i32\n"
            f"  %toff = arith.constant {offset} : i32\n"
            f"  %tmp = ascendc.tbuf.get_with_offset %tb, %tn, %toff : !ascendc.tbuf<veccalc>, "
            f"i32, i32, {t}\n")
    return head + body.replace("TT", t)


def test_tmp_buffer_smaller_than_the_minimum_is_an_error():
    x = rand(64, np.float32, lo=-0.5, hi=0.5)
    # Acos on float needs 2 floats per element: 128 elements of a 256-byte repeat -> 512 bytes
    body = _with_tmp("  %r = arith.constant false\n"
                     "  ascendc.acos %zl, %xl, %tmp, %n, %r : TZ, TX, TT, i32, i1", 256)
    with pytest.raises(InvalidArgumentError, match=r"sharedTmpBuffer of 256 bytes; "
                                                   r"AscendC::Acos needs at least 512"):
        _run(body, x, "f32")
    ok = _with_tmp("  %r = arith.constant false\n"
                   "  ascendc.acos %zl, %xl, %tmp, %n, %r : TZ, TX, TT, i32, i1", 512)
    z, _ = _run(ok, x, "f32")
    np.testing.assert_allclose(z, np.arccos(x.astype(np.float64)), rtol=1e-6)


def test_tmp_buffer_overlapping_an_operand_is_a_finding():
    x = rand(128, np.float32, lo=-0.5, hi=0.5)
    # %xl's 512 bytes as the scratch of an Acos that reads %yl and writes %zl... and %xl.
    body = ("  %r = arith.constant false\n"
            "  %over = ascendc.reinterpret_cast %xl : TX to !ascendc.local_tensor<512xui8>\n"
            "  ascendc.acos %zl, %xl, %over, %n, %r : TZ, TX, "
            "!ascendc.local_tensor<512xui8>, i32, i1")
    with pytest.raises(InvalidArgumentError, match=r"sharedTmpBuffer \(bytes \[0, 512\) of UB\) "
                                                   r"that overlaps an operand"):
        _run(body, x, "f32")


def test_stack_scratch_must_fit_in_the_ub_the_pipe_left():
    x = rand(64, np.float32, lo=-0.5, hi=0.5)
    # A TBuf that takes all but 256 bytes of the 192 KB UB (the first TBuf holds 768 bytes).
    body = ("  %big = ascendc.tbuf : <veccalc>\n"
            f"  %blen = arith.constant {192 * 1024 - 768 - 256} : i32\n"
            "  ascendc.pipe.init_buffer %pipe, %big, %blen : !ascendc.tbuf<veccalc>, i32\n"
            "  %r = arith.constant false\n"
            "  ascendc.acos %zl, %xl, %n, %r : TZ, TX, i32, i1")
    with pytest.raises(UBOverflowError, match=r"AscendC::Acos takes its scratch space from the "
                                              r"UB the TPipe has not handed out: 256 bytes"):
        _run(body, x, "f32")


def test_reading_the_result_without_a_vector_barrier_is_a_race():
    x = rand(64, np.float32, lo=-0.5, hi=0.5)
    body = ("  %r = arith.constant false\n"
            "  ascendc.acos %yl, %xl, %n, %r : TX, TX, i32, i1\n"
            "  ascendc.add_l2 %zl, %yl, %xl, %n : TZ, TX, TX, i32")
    with pytest.raises(RaceError, match="ascendc.add_l2"):
        _run(body, x, "f32")
    fixed = body.replace("  ascendc.add_l2", "  ascendc.pipe_barrier pipe_v\n  ascendc.add_l2")
    z, _ = _run(fixed, x, "f32")
    np.testing.assert_allclose(z, np.arccos(x.astype(np.float64)) + x, rtol=1e-6)


# --- cost ------------------------------------------------------------------------------------


def _vector_cycles(body: str, dt: str = "f32", n: int = 2048) -> float:
    x = rand(n, NP[dt], lo=-0.5, hi=0.5)
    _, report = _run(body, x, dt)
    return report.busy["PIPE_V"]


def test_cost_follows_the_library_instruction_count_and_chunks():
    log = _vector_cycles("  %r = arith.constant false\n"
                         "  ascendc.log %zl, %xl, %n, %r : TZ, TX, i32, i1")
    acos = _vector_cycles("  %r = arith.constant false\n"
                          "  ascendc.acos %zl, %xl, %n, %r : TZ, TX, i32, i1")
    # Acos issues 38 instructions per chunk (each its issue cycles and 32 repeats of 2048
    # floats), Log one Ln (4 cycles a repeat).
    assert 10 * log < acos < 40 * log
    # A 1 KB scratch tensor holds 128 floats of Acos: 16 chunks instead of 1.
    small = _vector_cycles(_with_tmp("  %r = arith.constant false\n"
                                     "  ascendc.acos %zl, %xl, %tmp, %n, %r : TZ, TX, TT, i32, i1",
                                     1024))
    assert small > 5 * acos


# --- SoftMax, SimpleSoftMax ------------------------------------------------------------------


def _softmax_body(m: int, k: int, dt: str, st: str, simple: bool = False,
                  with_info: bool = True, stats: bool = True) -> str:
    """SoftMax of x into z; with `stats`, z then starts with sum + max (when of x's type)."""
    block = 32 // {"f32": 4, "f16": 2}[st]
    ts = f"!ascendc.local_tensor<{m * block}x{st}>"
    info = ("  %info = ascendc.construct !ascendc.softmax_shape_info(%cm, %ck, %cm, %ck) : "
            "i32, i32, i32, i32\n") if with_info else ""
    info_arg, info_t = (", %info", ", !ascendc.softmax_shape_info") if with_info else ("", "")
    sb = m * block * {"f32": 4, "f16": 2}[st]
    op = "simple_softmax" if simple else "softmax"
    return (
        "  %sb = ascendc.tbuf : <veccalc>\n"
        f"  %sblen = arith.constant {2 * sb} : i32\n"
        "  ascendc.pipe.init_buffer %pipe, %sb, %sblen : !ascendc.tbuf<veccalc>, i32\n"
        f"  %sn = arith.constant {m * block} : i32\n"
        f"  %soff = arith.constant {sb} : i32\n"
        f"  %sum = ascendc.tbuf.get_with_offset %sb, %sn, %c0 : !ascendc.tbuf<veccalc>, i32, i32, {ts}\n"
        f"  %max = ascendc.tbuf.get_with_offset %sb, %sn, %soff : !ascendc.tbuf<veccalc>, i32, i32, {ts}\n"
        f"  %cm = arith.constant {m} : i32\n"
        f"  %ck = arith.constant {k} : i32\n"
        f"  %cmk = arith.constant {m * k} : i32\n"
        "  %tiling = ascendc.construct !ascendc.softmax_tiling(%cm, %ck, %cmk) : i32, i32, i32\n"
        f"{info}"
        + ("  ascendc.softmax %yl, %sum, %max, %xl, %tiling : TX, {ts}, {ts}, TX, "
           "!ascendc.softmax_tiling\n  ascendc.pipe_barrier pipe_v\n".replace("{ts}", ts)
           if simple else "")
        + f"  ascendc.{op} %zl, %sum, %max, %xl, %tiling{info_arg} : TZ, {ts}, {ts}, TX, "
          f"!ascendc.softmax_tiling{info_t}\n"
        + ("  ascendc.pipe_barrier pipe_v\n"
           "  ascendc.add_l2 %zl, %sum, %max, %sn : TZ, {ts}, {ts}, i32\n".replace("{ts}", ts)
           if stats and not simple and st == dt else "")
    )


def _softmax_ref(x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    x = x.astype(np.float64)
    mx = x.max(axis=1, keepdims=True)
    e = np.exp(x - mx)
    s = e.sum(axis=1, keepdims=True)
    return e / s, mx, s


@pytest.mark.parametrize("dt,st", [("f32", "f32"), ("f16", "f16"), ("f16", "f32")])
def test_softmax_rows(dt, st):
    m, k = 8, 64
    x = rand(m * k, NP[dt], seed=4, lo=-3, hi=3)
    y = np.zeros_like(x)
    z = np.zeros_like(x)
    run(ub_kernel(_softmax_body(m, k, dt, st), dt, n=m * k), [x, y, z])
    ref, mx, s = _softmax_ref(x.reshape(m, k))
    tol = 1e-6 if dt == "f32" else 2e-3
    block = 32 // NP[st]().itemsize
    head = m * block if st == dt else 0  # there z starts with sum + max (32-byte row blocks)
    np.testing.assert_allclose(z[head:], ref.reshape(-1)[head:], rtol=tol, atol=tol * 1e-2)
    if head:
        got = z[:head].reshape(m, block).astype(np.float64)
        np.testing.assert_allclose(got, np.broadcast_to(mx + s, (m, block)), rtol=tol * 10)


def test_simple_softmax_uses_the_given_max_and_sum():
    m, k = 4, 64
    x = rand(m * k, np.float32, seed=8, lo=-2, hi=2)
    z = np.zeros_like(x)
    run(ub_kernel(_softmax_body(m, k, "f32", "f32", simple=True), "f32", n=m * k),
        [x, np.zeros_like(x), z])
    np.testing.assert_allclose(z.reshape(m, k), _softmax_ref(x.reshape(m, k))[0], rtol=1e-6)


def test_softmax_shape_from_the_tiling_and_its_absence():
    m, k = 4, 64
    x = rand(m * k, np.float32, seed=8, lo=-2, hi=2)
    z = np.zeros_like(x)
    run(ub_kernel(_softmax_body(m, k, "f32", "f32", with_info=False, stats=False), "f32",
                  n=m * k),
        [x, np.zeros_like(x), z])
    np.testing.assert_allclose(z.reshape(m, k), _softmax_ref(x.reshape(m, k))[0], rtol=1e-6)
    body = _softmax_body(m, k, "f32", "f32", with_info=False, stats=False).replace(
        "softmax_tiling(%cm, %ck, %cmk) : i32, i32, i32", "softmax_tiling()")
    with pytest.raises(InvalidArgumentError, match="has no shape to work on"):
        run(ub_kernel(body, "f32", n=m * k), [x, np.zeros_like(x), z])


# --- RmsNorm, AscendQuant, Concat/Extract ----------------------------------------------------


@pytest.mark.parametrize("dt", ["f32", "f16"])
def test_rmsnorm(dt):
    b, s, h = 1, 4, 64
    x = rand(b * s * h, NP[dt], seed=11, lo=-2, hi=2)
    gamma = rand(b * s * h, NP[dt], seed=12, lo=0.5, hi=1.5)  # the first h are used
    z = np.zeros_like(x)
    body = (f"  %cb = arith.constant {b} : i32\n  %cs = arith.constant {s} : i32\n"
            f"  %ch = arith.constant {h} : i32\n"
            "  %t = ascendc.construct !ascendc.rmsnorm_tiling(%cb, %cs, %ch, %ch) : "
            "i32, i32, i32, i32\n"
            f"  %eps = arith.constant 0.001 : {dt}\n"
            f"  ascendc.rmsnorm %zl, %xl, %yl, %eps, %t : TZ, TX, TX, {dt}, "
            "!ascendc.rmsnorm_tiling")
    run(ub_kernel(body, dt, n=len(x)), [x, gamma, z])
    xs = x.reshape(b * s, h).astype(np.float64)
    eps = float(NP[dt](0.001))
    ref = xs / np.sqrt((xs ** 2).mean(axis=1, keepdims=True) + eps) * gamma[:h]
    tol = 1e-5 if dt == "f32" else 2e-3
    np.testing.assert_allclose(z.reshape(b * s, h), ref, rtol=tol, atol=tol)


@pytest.mark.parametrize("dt", ["f32", "f16"])
def test_quant_rounds_half_to_even_in_half_and_saturates(dt):
    x = rand(64, NP[dt], seed=13, lo=-4, hi=4)
    x[:6] = np.array([0.25, 0.75, -0.25, 100.0, -100.0, 1.25], NP[dt])
    z = np.zeros(64, np.int8)
    body = ("  %scale = arith.constant 2.0 : f32\n  %off = arith.constant 0.0 : f32\n"
            "  ascendc.quant %zl, %xl, %scale, %off, %n : TZ, TX, f32, f32, i32")
    run(ub_kernel(body, dt, "i8"), [x, np.zeros_like(x), z])
    half = x.astype(np.float16) * np.float16(2.0)
    expect = np.clip(np.rint(half.astype(np.float64)), -128, 127).astype(np.int8)
    np.testing.assert_array_equal(z, expect)
    assert list(z[:6]) == [0, 2, 0, 127, -128, 2]


def test_concat_views_the_source_and_extract_splits_pairs():
    n = 32
    scores = rand(n, np.float32, seed=14)
    idx = np.arange(n, dtype=np.uint32)[::-1].copy()
    pairs = np.empty(2 * n, np.float32)
    pairs[0::2] = scores
    pairs[1::2] = idx.view(np.float32)
    z = np.zeros(2 * n, np.float32)
    body = ("  %one = arith.constant 1 : i32\n"
            "  %cat = ascendc.reinterpret_cast %zl : TZ to TZ\n"
            "  ascendc.concat %cat, %xl, %xl, %one : TZ, TX, TX, i32\n"
            "  %ix = ascendc.reinterpret_cast %yl : TX to !ascendc.local_tensor<64xui32>\n"
            "  ascendc.extract %zl, %ix, %cat, %one : TZ, !ascendc.local_tensor<64xui32>, TZ, i32")
    run(ub_kernel(body, "f32", n=2 * n), [pairs, np.zeros_like(pairs), z])
    np.testing.assert_array_equal(z[:n], scores)


# --- beyond pyasc: activations, LogSoftMax, LayerNorm ----------------------------------------

ACTIVATIONS = {
    "gelu": ("ascendc.gelu %zl, %xl, %n : TZ, TX, i32",
             lambda x: x / (1 + np.exp(-1.59576912 * (x + 0.044715 * x ** 3)))),
    "faster_gelu": ("ascendc.faster_gelu %zl, %xl, %n : TZ, TX, i32",
                    lambda x: x / (1 + np.exp(-1.702 * x))),
    "sigmoid": ("ascendc.sigmoid %zl, %xl, %n : TZ, TX, i32", lambda x: 1 / (1 + np.exp(-x))),
    "silu": ("ascendc.silu %zl, %xl, %n : TZ, TX, i32", lambda x: x / (1 + np.exp(-x))),
    "swish": ("ascendc.swish %zl, %xl, %n, %b : TZ, TX, i32, DT",
              lambda x: x / (1 + np.exp(-1.5 * x))),
}


@pytest.mark.parametrize("dt", ["f32", "f16"])
@pytest.mark.parametrize("name", list(ACTIVATIONS))
def test_activations(name, dt):
    op, fn = ACTIVATIONS[name]
    x = rand(64, NP[dt], seed=21, lo=-4, hi=4)
    z, _ = _run(f"  %b = arith.constant 1.5 : {dt}\n  " + op.replace("DT", dt), x, dt)
    expect = fn(x.astype(np.float64)).astype(NP[dt])
    tol = 1e-6 if dt == "f32" else 0
    np.testing.assert_allclose(z.astype(np.float64), expect.astype(np.float64), rtol=tol,
                               atol=tol)


def test_swiglu_gates_src0_by_swish_of_src1():
    a = rand(64, np.float32, seed=22, lo=-3, hi=3)
    b = rand(64, np.float32, seed=23, lo=-3, hi=3)
    z = np.zeros(64, np.float32)
    body = ("  %beta = arith.constant 0.5 : f32\n"
            "  ascendc.swiglu %zl, %xl, %yl, %beta, %n : TZ, TX, TX, f32, i32")
    run(ub_kernel(body, "f32"), [a, b, z])
    b64 = b.astype(np.float64)
    np.testing.assert_allclose(z, a * b64 / (1 + np.exp(-0.5 * b64)), rtol=1e-6)


def test_log_softmax_rows():
    m, k = 4, 64
    x = rand(m * k, np.float32, seed=24, lo=-3, hi=3)
    z = np.zeros_like(x)
    ts = "!ascendc.local_tensor<32xf32>"
    body = _with_tmp(
        "  %sb = ascendc.tbuf : <veccalc>\n  %sblen = arith.constant 256 : i32\n"
        "  ascendc.pipe.init_buffer %pipe, %sb, %sblen : !ascendc.tbuf<veccalc>, i32\n"
        "  %sn = arith.constant 32 : i32\n  %soff = arith.constant 128 : i32\n"
        f"  %sum = ascendc.tbuf.get_with_offset %sb, %sn, %c0 : !ascendc.tbuf<veccalc>, i32, i32, {ts}\n"
        f"  %max = ascendc.tbuf.get_with_offset %sb, %sn, %soff : !ascendc.tbuf<veccalc>, i32, i32, {ts}\n"
        "  %cm = arith.constant 4 : i32\n  %ck = arith.constant 64 : i32\n"
        "  %t = ascendc.construct !ascendc.log_softmax_tiling(%cm, %ck) : i32, i32\n"
        f"  ascendc.log_softmax %zl, %sum, %max, %xl, %tmp, %t : TZ, {ts}, {ts}, TX, TT, "
        "!ascendc.log_softmax_tiling", 1024)
    run(ub_kernel(body, "f32", n=m * k), [x, np.zeros_like(x), z])
    xs = x.reshape(m, k).astype(np.float64)
    ref = xs - xs.max(1, keepdims=True)
    ref = ref - np.log(np.exp(ref).sum(1, keepdims=True))
    np.testing.assert_allclose(z.reshape(m, k), ref, rtol=1e-5, atol=1e-6)


def test_layernorm_writes_mean_variance_and_the_normalized_rows():
    rows, h = 4, 64
    x = rand(rows * h, np.float32, seed=25, lo=-2, hi=3)
    gamma = rand(rows * h, np.float32, seed=26, lo=0.5, hi=1.5)  # gamma and beta: first h
    z = np.zeros_like(x)
    t64 = "!ascendc.local_tensor<64xf32>"
    body = (
        "  %gb = ascendc.reinterpret_cast %yl : TX to !ascendc.local_tensor<256xf32>\n"
        "  %cb = arith.constant 1 : i32\n  %cs = arith.constant 4 : i32\n"
        "  %ch = arith.constant 64 : i32\n"
        "  %t = ascendc.construct !ascendc.layernorm_tiling(%cb, %cs, %ch, %ch) : "
        "i32, i32, i32, i32\n"
        "  %eps = arith.constant 0.00001 : f32\n"
        "  %mv = ascendc.tbuf : <veccalc>\n  %mvlen = arith.constant 512 : i32\n"
        "  ascendc.pipe.init_buffer %pipe, %mv, %mvlen : !ascendc.tbuf<veccalc>, i32\n"
        "  %c64 = arith.constant 64 : i32\n  %c256 = arith.constant 256 : i32\n"
        f"  %mean = ascendc.tbuf.get_with_offset %mv, %c64, %c0 : !ascendc.tbuf<veccalc>, i32, i32, {t64}\n"
        f"  %var = ascendc.tbuf.get_with_offset %mv, %c64, %c256 : !ascendc.tbuf<veccalc>, i32, i32, {t64}\n"
        f"  ascendc.layernorm %zl, %mean, %var, %xl, %yl, %yl, %eps, %t : TZ, {t64}, {t64}, TX, "
        "TX, TX, f32, !ascendc.layernorm_tiling\n"
        "  ascendc.pipe_barrier pipe_v\n"
        f"  ascendc.add_l2 %zl, %mean, %var, %cs : TZ, {t64}, {t64}, i32")
    run(ub_kernel(body, "f32", n=rows * h), [x, gamma, z])
    xs = x.reshape(rows, h).astype(np.float64)
    mean, var = xs.mean(1), xs.var(1)
    ref = (xs - mean[:, None]) / np.sqrt(var[:, None] + 1e-5) * gamma[:h] + gamma[:h]
    np.testing.assert_allclose(z[4:], ref.reshape(-1)[4:], rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(z[:4], mean + var, rtol=1e-5)  # mean + variance of each row
