"""`asc.adv.ascend_dequant` and `asc.adv.broadcast` (beyond pyasc): the IR and Ascend C they
build, their compile-time argument errors (located at the kernel line), and a kernel shaped as
asc-devkit's quant_group_matmul best practice uses them (per-channel dequant, per-token
broadcast and multiply) against numpy."""

from __future__ import annotations

import numpy as np
from frontend_helpers import codegen, expect_error

import ascdsl as asc
from ascdsl.dialects import ascendc as A


def ops_of(ck, cls):
    return [op for op in ck.module.walk() if isinstance(op, cls)]


def test_the_calls_build_their_ops():
    @asc.jit
    def k(m: int):
        src = asc.LocalTensor(asc.int32, asc.TPosition.VECIN, 0, 512)
        scale = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 2048, 64)
        dst = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 2304, 512)
        tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 4352, 4096)
        rows = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 8448, 8)
        params = asc.adv.DequantParams(m, 64, 40)
        asc.adv.ascend_dequant(dst, src, scale, params, tmp)
        asc.adv.ascend_dequant(dst, src, scale, params,
                               mode=asc.adv.DeQuantMode.DEQUANT_WITH_MULTI_ROW)
        asc.adv.broadcast(dst, rows, [m, 64], [m, 1], tmp)
        asc.adv.broadcast(dst, scale, [8, 64], [1, 64])
        asc.adv.broadcast(dst, rows, [m, 64], [m, 64], axis=1)

    ck = codegen(k, 8)
    dq = ops_of(ck, A.AscendDequantOp)
    assert [op.enum_value("mode") for op in dq] == [A.DeQuantMode.DEQUANT_WITH_SINGLE_ROW,
                                                    A.DeQuantMode.DEQUANT_WITH_MULTI_ROW]
    assert [op.sharedTmpBuffer is not None for op in dq] == [True, False]
    assert isinstance(dq[0].params.type, A.DequantParamsType)
    bc = ops_of(ck, A.BroadCastOp)
    assert [(op.dim.value.data, op.axis.value.data) for op in bc] == [(2, 1), (2, 0), (2, 1)]
    assert all(str(v.type) == "ui32" for op in bc for v in (*op.dstShape, *op.srcShape))
    source = k.compile(8, always_compile=True).source
    assert ("AscendC::AscendDequant<float, float, AscendC::DeQuantMode::DEQUANT_WITH_SINGLE_ROW>"
            "(" in source)
    assert "AscendC::BroadCast<float, 2, 1>(" in source
    assert "AscendC::BroadCast<float, 2, 0>(" in source


def test_dequant_argument_errors_are_located():
    @asc.jit
    def pair():
        src = asc.LocalTensor(asc.int32, asc.TPosition.VECIN, 0, 64)
        h = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 256, 64)
        s = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 512, 64)
        asc.adv.ascend_dequant(h, src, s, asc.adv.DequantParams(1, 64, 64))  # pair

    expect_error(pair, (), "ascend_dequant(): 'dst' holds float16 and 'deq_scale' float32; "
                 "AscendC::AscendDequant takes (dst, deq_scale) (float32, float32), "
                 "(float32, bfloat16), (bfloat16, bfloat16), (bfloat16, float32), "
                 "(float16, uint64)", "asc.adv.ascend_dequant(h, src, s")

    @asc.jit
    def src_type():
        f = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
        asc.adv.ascend_dequant(f, f, f, asc.adv.DequantParams(1, 64, 64))  # src

    expect_error(src_type, (), "ascend_dequant(): 'src' must hold int32, got float32",
                 "asc.adv.ascend_dequant(f, f, f")

    @asc.jit
    def scalar_scale():
        src = asc.LocalTensor(asc.int32, asc.TPosition.VECIN, 0, 64)
        f = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 256, 64)
        asc.adv.ascend_dequant(f, src, 2.5, asc.adv.DequantParams(1, 64, 64))  # scalar

    expect_error(scalar_scale, (), "ascend_dequant(): 'deq_scale' must be a LocalTensor of "
                 "scales (ascdsl has the scale-vector form of AscendDequant only)",
                 "asc.adv.ascend_dequant(f, src, 2.5")

    @asc.jit
    def params_type():
        src = asc.LocalTensor(asc.int32, asc.TPosition.VECIN, 0, 64)
        f = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 256, 64)
        asc.adv.ascend_dequant(f, src, f, asc.adv.SoftMaxShapeInfo(1, 64, 1, 64))  # params

    expect_error(params_type, (), "ascend_dequant(): 'params' must be an "
                 "asc.adv.DequantParams(m, n, cal_count)", "asc.adv.ascend_dequant(f, src, f")

    @asc.jit
    def runtime_mode(mode: int):
        src = asc.LocalTensor(asc.int32, asc.TPosition.VECIN, 0, 64)
        f = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 256, 64)
        asc.adv.ascend_dequant(f, src, f, asc.adv.DequantParams(1, 64, 64), mode=mode)  # mode

    expect_error(runtime_mode, (1,), "ascend_dequant(): 'mode' must be known at compile time",
                 "asc.adv.ascend_dequant(f, src, f")


def test_broadcast_argument_errors_are_located():
    @asc.jit
    def dtype():
        x = asc.LocalTensor(asc.int32, asc.TPosition.VECIN, 0, 64)
        asc.adv.broadcast(x, x, [8, 8], [8, 1])  # dtype

    expect_error(dtype, (), "broadcast(): 'dst' holds int32; AscendC::BroadCast computes "
                 "int8, uint8, float16, float32", "asc.adv.broadcast(x, x, [8, 8], [8, 1])")

    @asc.jit
    def extents():
        x = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
        asc.adv.broadcast(x, x, [4, 8], [3, 1])  # extents

    expect_error(extents, (), "broadcast(): src_shape[0] is 3; it must be 1 or dst_shape[0] (4)",
                 "asc.adv.broadcast(x, x, [4, 8], [3, 1])")

    @asc.jit
    def mismatched_axis():
        x = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
        asc.adv.broadcast(x, x, [4, 8], [4, 1], axis=0)  # axis

    expect_error(mismatched_axis, (), "broadcast(): 'axis' is 0 but the shapes broadcast axis 1",
                 "asc.adv.broadcast(x, x, [4, 8], [4, 1], axis=0)")

    @asc.jit
    def open_axis(m: int, one: int):
        x = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
        asc.adv.broadcast(x, x, [m, 8], [m, one])  # open

    expect_error(open_axis, (4, 1), "broadcast(): the shapes do not say which axis is "
                 "broadcast", "asc.adv.broadcast(x, x, [m, 8], [m, one])")

    @asc.jit
    def runtime_dim(d: int):
        x = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
        asc.adv.broadcast(x, x, [4, 8], [4, 1], dim=d)  # dim

    expect_error(runtime_dim, (2,), "broadcast(): 'dim' is a C++ template argument and must be "
                 "an integer known at compile time", "asc.adv.broadcast(x, x, [4, 8]")

    @asc.jit
    def three_d():
        x = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
        asc.adv.broadcast(x, x, [2, 4, 8], [2, 4, 1])  # 3d

    expect_error(three_d, (), "broadcast(): 'dst_shape' must be a list of 1 or 2 extents",
                 "asc.adv.broadcast(x, x, [2, 4, 8]")


def quant_group_step(m: int, n: int, valid: int):
    """quant_group_matmul's vector step: int32 [m, n] x scale[n] (calCount = the valid
    columns), times the per-token scale broadcast [rows, 1] -> [rows, n], the scratch shared;
    `rows` is a runtime argument, as the best practice's curVecBaseM."""

    @asc.jit(insert_sync=True)
    def k(x: asc.GlobalAddress, s: asc.GlobalAddress, t: asc.GlobalAddress,
          z: asc.GlobalAddress, rows: int):
        xg, sg, tg, zg = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor(), \
            asc.GlobalTensor()
        xg.set_global_buffer(x)
        sg.set_global_buffer(s)
        tg.set_global_buffer(t)
        zg.set_global_buffer(z)
        mm = asc.LocalTensorAuto(asc.int32, m * n)
        scale = asc.LocalTensorAuto(asc.float32, n)
        token = asc.LocalTensorAuto(asc.float32, 8)
        deq = asc.LocalTensorAuto(asc.float32, m * n)
        brc = asc.LocalTensorAuto(asc.float32, m * n)
        out = asc.LocalTensorAuto(asc.float32, m * n)
        tmp = asc.LocalTensorAuto(asc.uint8, 2 * m * n * 4)
        asc.data_copy(mm, xg, m * n)
        asc.data_copy(scale, sg, n)
        asc.data_copy(token, tg, 8)
        asc.adv.broadcast(brc, token, [rows, n], [rows, 1], tmp)
        asc.pipe_barrier(asc.PipeID.PIPE_V)
        asc.adv.ascend_dequant(deq, mm, scale, asc.adv.DequantParams(rows, n, valid), tmp)
        asc.pipe_barrier(asc.PipeID.PIPE_V)
        asc.mul(out, deq, brc, m * n)
        asc.data_copy(zg, out, m * n)

    return k


def test_per_channel_dequant_then_per_token_scale_matches_numpy():
    m, n, valid = 6, 64, 56
    rng = np.random.default_rng(5)
    x = rng.integers(-20000, 20000, (m, n)).astype(np.int32)
    s = (rng.random(n) * 0.01).astype(np.float32)
    t = (rng.random(8) + 0.5).astype(np.float32)
    z = np.zeros((m, n), np.float32)
    quant_group_step(m, n, valid)[1](x, s, t, z, m)
    deq = x.astype(np.float32)
    deq[:, :valid] = deq[:, :valid] * s[:valid]
    np.testing.assert_array_equal(z, deq * t[:m, None])
