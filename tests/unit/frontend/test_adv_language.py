"""`asc.adv`: pyasc's advanced APIs in the kernel language, from the IR they build to kernels
that run on the simulator and match numpy; their argument errors are located."""

from __future__ import annotations

import numpy as np
import pytest
from frontend_helpers import codegen, expect_error

import ascdsl as asc
import ascdsl.adv
from ascdsl.dialects import ascendc as A
from ascdsl.dialects.emitasc import SetMemberOp
from ascdsl.frontend.language import adv


def ops_of(ck, cls):
    return [op for op in ck.module.walk() if isinstance(op, cls)]


def test_adv_is_one_package_at_pyasc_path():
    assert asc.adv is adv and ascdsl.adv is adv
    import ascdsl.adv.math as m

    assert m is adv.math
    pyasc_names = {"acos", "acosh", "asin", "asinh", "atan", "atanh", "ceil", "cos", "cosh",
                   "digamma", "erf", "erfc", "exp", "floor", "frac", "lgamma", "log", "round",
                   "sign", "sin", "sinh", "tan", "tanh", "trunc", "power", "xor", "axpy",
                   "softmax", "rmsnorm", "quant", "concat", "extract", "RmsNormTiling",
                   "SoftmaxTiling", "QuantConfig"}
    assert pyasc_names <= set(adv.__all__)
    assert all(getattr(adv, n) is not None for n in adv.__all__)


UNARY = ["acos", "acosh", "asin", "asinh", "atan", "atanh", "ceil", "cos", "cosh", "digamma",
         "erf", "erfc", "floor", "frac", "lgamma", "round", "sign", "sin", "sinh", "tan",
         "tanh", "trunc"]


@pytest.mark.parametrize("name", UNARY)
def test_unary_forms_build_pyasc_ops(name):
    fn = getattr(asc.adv, name)

    @asc.jit
    def k():
        x = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 512)
        z = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 1024, 512)
        tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 2048, 4096)
        fn(z, x, count=512, temp_buffer=tmp)
        fn(z, x, count=512)
        fn(z, x, temp_buffer=tmp, is_reuse_source=True)

    ops = [op for op in codegen(k).module.walk() if isinstance(op, A.UnaryMathOp)]
    assert [op.name for op in ops] == [f"ascendc.{name}"] * 3
    present = [(op.sharedTmpBuffer is not None, op.calCount is not None) for op in ops]
    assert present == [(True, True), (False, True), (True, False)]
    assert [op.isReuseSource.owner.value.value.data for op in ops] == [0, 0, -1]


def test_argument_errors_name_the_api_and_the_argument():
    @asc.jit
    def wrong_dtype():
        x = asc.LocalTensor(asc.int32, asc.TPosition.VECIN, 0, 64)
        asc.adv.acos(x, x, count=64)  # int

    expect_error(wrong_dtype, (), "acos(): 'dst' holds int32; AscendC::Acos computes float16, "
                 "float32", "asc.adv.acos(x, x, count=64)  # int")

    @asc.jit
    def float_scratch():
        x = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
        asc.adv.sin(x, x, count=64, temp_buffer=x)  # scratch

    expect_error(float_scratch, (), "sin(): 'temp_buffer' holds float32; the scratch space of "
                 "AscendC::Sin is a LocalTensor of uint8 bytes", "asc.adv.sin(x, x, count=64")

    @asc.jit
    def log_scratch():
        x = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
        t = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 256, 256)
        asc.adv.log(x, x, temp_buffer=t)  # log

    expect_error(log_scratch, (), "log(): AscendC::Log takes no temp_buffer",
                 "asc.adv.log(x, x, temp_buffer=t)  # log")

    @asc.jit
    def runtime_flag(flag: bool):
        x = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
        asc.adv.tanh(x, x, is_reuse_source=flag)  # flag

    expect_error(runtime_flag, (True,), "tanh(): 'is_reuse_source' is a C++ template argument "
                 "and must be known at compile time", "asc.adv.tanh(x, x, is_reuse_source=flag)")

    @asc.jit
    def runtime_level(level: int):
        x = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
        asc.adv.exp(x, x, 64, level)  # level

    expect_error(runtime_level, (2,), "exp(): 'taylor_expand_level' is a C++ template argument",
                 "asc.adv.exp(x, x, 64, level)")

    @asc.jit
    def tiling_field():
        t = asc.adv.SoftmaxTiling(src_m=4)
        t.src_k = 8  # set

    expect_error(tiling_field, (), "cannot set attribute 'src_k' of a SoftmaxTiling",
                 "t.src_k = 8  # set")


def test_tiling_structs_build_construct_ops_with_their_fields():
    @asc.jit
    def k(m: int):
        t = asc.adv.SoftmaxTiling(src_m=m, src_k=64)
        r = asc.adv.RmsNormTiling(b_length=1, s_length=2, h_length=64, reciprocal_of_h_length=0.5)
        asc.static_assert(t.src_k == 64, "fields read back")
        info = asc.adv.SoftMaxShapeInfo(8, 64, 8, 64)
        cfg = asc.adv.QuantConfig(32, 0, 0, 512)

    ck = codegen(k, 4)
    built = ops_of(ck, A.ConstructOp)
    assert [type(op.result.type) for op in built] == [
        A.SoftMaxTilingType, A.RmsNormTilingType, A.SoftMaxShapeInfoType,
        A.AscendQuantConfigType]
    # pyasc's tiling structs (its `Struct`s) are built empty and filled field by field, in
    # the order the fields are given; the others take their fields as values
    assert [len(op.args) for op in built] == [0, 0, 4, 4]
    sets = ops_of(ck, SetMemberOp)
    assert [(s.base.owner is built[0], s.field.data) for s in sets[:2]] == [
        (True, "srcM"), (True, "srcK")]
    assert [s.field.data for s in sets[2:]] == [
        "bLength", "sLength", "hLength", "reciprocalOfHLength"]
    assert str(sets[5].value.type) == "f32"
    assert built[3].isConstexpr is not None and built[3].isStatic is not None
    assert "static constexpr AscendC::AscendQuantConfig" in ck.source


def _softmax_kernel(rows: int, cols: int, dtype, stats_dtype):
    block = 32 // stats_dtype.sizeof()

    @asc.jit
    def k(x: asc.GlobalAddress, z: asc.GlobalAddress, mx: asc.GlobalAddress):
        xg, zg, mg = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
        xg.set_global_buffer(x)
        zg.set_global_buffer(z)
        mg.set_global_buffer(mx)
        pipe = asc.TPipe()
        qi = asc.TQue(asc.TPosition.VECIN, 1)
        qo = asc.TQue(asc.TPosition.VECOUT, 1)
        qm = asc.TQue(asc.TPosition.VECOUT, 1)
        stats = asc.TBuf(asc.TPosition.VECCALC)
        pipe.init_buffer(que=qi, num=1, len=rows * cols * dtype.sizeof())
        pipe.init_buffer(que=qo, num=1, len=rows * cols * dtype.sizeof())
        pipe.init_buffer(que=qm, num=1, len=rows * 32)
        pipe.init_buffer(buf=stats, len=rows * 32)
        src = qi.alloc_tensor(dtype)
        asc.data_copy(src, xg, rows * cols)
        qi.enque(src)
        src = qi.deque(dtype)
        dst = qo.alloc_tensor(dtype)
        row_max = qm.alloc_tensor(stats_dtype)
        row_sum = stats.get(stats_dtype)
        tiling = asc.adv.SoftmaxTiling(src_m=rows, src_k=cols, src_size=rows * cols)
        asc.adv.softmax(dst, row_sum, row_max, src, tiling)
        qo.enque(dst)
        qm.enque(row_max)
        qi.free_tensor(src)
        dst = qo.deque(dtype)
        asc.data_copy(zg, dst, rows * cols)
        qo.free_tensor(dst)
        row_max = qm.deque(stats_dtype)
        asc.data_copy(mg, row_max, rows * block)
        qm.free_tensor(row_max)

    return k


@pytest.mark.parametrize("dtype,stats", [(asc.float32, asc.float32), (asc.float16, asc.float16),
                                         (asc.float16, asc.float32)])
def test_softmax_kernel_matches_numpy(dtype, stats):
    rows, cols = 8, 128
    npt = np.float32 if dtype == asc.float32 else np.float16
    nps = np.float32 if stats == asc.float32 else np.float16
    block = 32 // stats.sizeof()
    x = (np.random.default_rng(1).random((rows, cols)) * 6 - 3).astype(npt)
    z = np.zeros_like(x)
    mx = np.zeros((rows, block), nps)
    _softmax_kernel(rows, cols, dtype, stats)[1](x, z, mx)
    x64 = x.astype(np.float64)
    e = np.exp(x64 - x64.max(axis=1, keepdims=True))
    tol = 1e-6 if dtype == asc.float32 else 2e-3
    np.testing.assert_allclose(z, e / e.sum(axis=1, keepdims=True), rtol=tol, atol=1e-4 * tol)
    np.testing.assert_allclose(mx, np.repeat(x64.max(axis=1, keepdims=True), block, axis=1),
                               rtol=1e-3)


def test_quant_and_rmsnorm_kernels_match_numpy():
    n = 256

    @asc.jit(insert_sync=True)
    def qk(x: asc.GlobalAddress, z: asc.GlobalAddress):
        xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
        xg.set_global_buffer(x)
        zg.set_global_buffer(z)
        src = asc.LocalTensorAuto(asc.float32, n)
        dst = asc.LocalTensorAuto(asc.int8, n)
        tmp = asc.LocalTensorAuto(asc.uint8, 512)
        asc.data_copy(src, xg, n)
        asc.adv.quant(dst, src, 2.0, 0.9, n, tmp, config=asc.adv.QuantConfig(n, 0, 0, 512))
        asc.data_copy(zg, dst, n)

    x = (np.random.default_rng(2).random(n) * 8 - 4).astype(np.float32)
    z = np.zeros(n, np.int8)
    qk[1](x, z)
    np.testing.assert_array_equal(z, np.rint(x.astype(np.float16) * np.float16(2)
                                             + np.float16(0.9)).astype(np.int8))

    rows, h = 4, 64

    @asc.jit(insert_sync=True)
    def rk(x: asc.GlobalAddress, g: asc.GlobalAddress, z: asc.GlobalAddress):
        xg, gg, zg = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
        xg.set_global_buffer(x)
        gg.set_global_buffer(g)
        zg.set_global_buffer(z)
        src = asc.LocalTensorAuto(asc.float32, rows * h)
        gamma = asc.LocalTensorAuto(asc.float32, h)
        dst = asc.LocalTensorAuto(asc.float32, rows * h)
        asc.data_copy(src, xg, rows * h)
        asc.data_copy(gamma, gg, h)
        tiling = asc.adv.RmsNormTiling(b_length=1, s_length=rows, h_length=h,
                                       original_h_length=h)
        asc.adv.rmsnorm(dst, src, gamma, 1e-5, tiling)
        asc.data_copy(zg, dst, rows * h)

    xr = np.random.default_rng(3).random((rows, h)).astype(np.float32) - 0.5
    g = np.random.default_rng(4).random(h).astype(np.float32) + 0.5
    zr = np.zeros_like(xr)
    rk[1](xr, g, zr)
    ref = xr / np.sqrt((xr.astype(np.float64) ** 2).mean(axis=1, keepdims=True) + 1e-5) * g
    np.testing.assert_allclose(zr, ref, rtol=1e-5, atol=1e-6)


def test_apis_beyond_pyasc_run_and_match_numpy():
    rows, h = 4, 64
    n = rows * h

    @asc.jit(insert_sync=True)
    def k(x: asc.GlobalAddress, g: asc.GlobalAddress, z: asc.GlobalAddress,
          zs: asc.GlobalAddress):
        xg, gg, zg, sg = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor(), \
            asc.GlobalTensor()
        xg.set_global_buffer(x)
        gg.set_global_buffer(g)
        zg.set_global_buffer(z)
        sg.set_global_buffer(zs)
        src = asc.LocalTensorAuto(asc.float32, n)
        gamma = asc.LocalTensorAuto(asc.float32, h)
        normed = asc.LocalTensorAuto(asc.float32, n)
        mean = asc.LocalTensorAuto(asc.float32, 8)
        var = asc.LocalTensorAuto(asc.float32, 8)
        act = asc.LocalTensorAuto(asc.float32, n)
        scratch = asc.LocalTensorAuto(asc.uint8, 12 * n)
        asc.data_copy(src, xg, n)
        asc.data_copy(gamma, gg, h)
        tiling = asc.adv.LayerNormTiling(b_length=1, s_length=rows, h_length=h,
                                         original_h_length=h)
        asc.adv.layernorm(normed, mean, var, src, gamma, gamma, 1e-5, tiling)
        asc.pipe_barrier(asc.PipeID.PIPE_V)
        asc.adv.gelu(act, normed, n, temp_buffer=scratch)
        asc.pipe_barrier(asc.PipeID.PIPE_V)
        asc.adv.swiglu(normed, act, src, 1.0, n)
        asc.pipe_barrier(asc.PipeID.PIPE_V)
        asc.adv.silu(act, normed, n)
        asc.data_copy(zg, act, n)
        asc.data_copy(sg, mean, 8)

    x = np.random.default_rng(6).random((rows, h)).astype(np.float32) * 4 - 2
    g = np.random.default_rng(7).random(h).astype(np.float32) + 0.5
    z = np.zeros_like(x)
    zs = np.zeros(8, np.float32)
    k[1](x, g, z, zs)
    x64 = x.astype(np.float64)
    normed = (x64 - x64.mean(1, keepdims=True)) / np.sqrt(x64.var(1, keepdims=True) + 1e-5) * g + g
    act = normed / (1 + np.exp(-1.59576912 * (normed + 0.044715 * normed ** 3)))
    glu = act * x64 / (1 + np.exp(-x64))
    np.testing.assert_allclose(z, glu / (1 + np.exp(-glu)), rtol=2e-5, atol=1e-6)
    np.testing.assert_allclose(zs[:rows], x64.mean(1), rtol=1e-5, atol=1e-7)
    src = k.compile(x, g, z, zs, always_compile=True).source
    for call in ("AscendC::LayerNorm<float, 0>(", "AscendC::Gelu<float, 0, 0>(",
                 "AscendC::SwiGLU<float, 0>(", "AscendC::Silu<float, 0>("):
        assert call in src


def test_log_softmax_and_sigmoid_build_their_ops():
    @asc.jit
    def k():
        x = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 512)
        stats = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 1024, 256)
        tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 2048, 4096)
        asc.adv.log_softmax(x, stats, stats, x, asc.adv.LogSoftMaxTiling(src_m=8, src_k=64),
                            tmp)
        asc.adv.sigmoid(x, x, 512, temp_buffer=tmp)
        asc.adv.swish(x, x, 512, 1.5)

    ck = codegen(k)
    names = [op.name for op in ck.module.walk() if op.name.startswith("ascendc.")]
    assert {"ascendc.log_softmax", "ascendc.sigmoid", "ascendc.swish"} <= set(names)

    @asc.jit
    def no_scratch():
        x = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 512)
        asc.adv.log_softmax(x, x, x, x, asc.adv.LogSoftMaxTiling(), None)  # needs

    expect_error(no_scratch, (), "log_softmax(): AscendC::LogSoftMax needs a temp_buffer",
                 "asc.adv.log_softmax(x, x, x, x")
