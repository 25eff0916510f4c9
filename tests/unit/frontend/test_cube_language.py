"""The cube unit in the kernel language: the IR `asc.load_data`, `asc.mmad`, `asc.fixpipe` and
their structs build (pyasc's keywords and forms), their errors, and examples/05_mmad."""

from __future__ import annotations

import numpy as np
from frontend_helpers import codegen, expect_error

import ascdsl as asc
from ascdsl.dialects import ascendc as A
from test_examples import load


def ops_of(ck, cls):
    return [op for op in ck.module.walk() if isinstance(op, cls)]


@asc.jit
def cube_kernel(a: asc.GlobalAddress, c: asc.GlobalAddress):
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, 256)
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c, 256)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 256)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 256)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 256)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
    asc.data_copy(a1, a_gm, asc.Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 0))
    asc.load_data(a2, a1, asc.LoadData2DParams(start_index=0, repeat_times=1, src_stride=1))
    asc.load_data(b2, src=a1, params=asc.LoadData2DParams(0, 1, 1, 0, 0, True, 0))
    asc.mmad(co1, a2, b2, asc.MmadParams(16, 16, 16, unit_flag=0, cmatrix_source=False,
                                         cmatrix_init_val=True))
    asc.fixpipe(c_gm, co1, asc.FixpipeParamsV220(16, 16, 16, 16, relu_en=True))


def test_cube_calls_build_pyasc_ops():
    x = np.zeros(256, np.float16)
    y = np.zeros(256, np.float32)
    ck = codegen(cube_kernel, x, y)
    assert len(ops_of(ck, A.DataCopyNd2NzOp)) == 1
    assert len(ops_of(ck, A.LoadDataL0Op)) == 2
    (mmad,) = ops_of(ck, A.MmadOp)
    # The (m, n, k, unitFlag, cmatrixSource, cmatrixInitVal) constructor, with pyasc's casts.
    construct = mmad.params.owner
    assert isinstance(construct, A.ConstructOp) and len(construct.args) == 6
    assert [str(t) for t in construct.types.data] == ["ui16", "ui16", "ui16", "ui8", "i1", "i1"]
    (fix,) = ops_of(ck, A.FixpipeOp)
    assert fix.layout() is A.CO2Layout.ROW_MAJOR  # the default config
    params = fix.params.owner
    # C++ constructor order: relu_en is the fifth value (pyasc's Python signature has it tenth),
    # an i1 as pyasc materializes a Python bool (`arith.constant true`), cast to bool.
    assert str(params.args[4].type) == "i1" and A.const_int(params.args[4]) != 0
    assert A.const_int(params.args[5]) == 0
    assert [str(t) for t in params.types.data] == [
        "ui16", "ui16", "ui16", "ui32", "i1", "!ascendc.quant_mode_t", "ui64", "ui16", "ui16",
        "ui16", "ui8", "i1"]


def test_cube_kernel_prints_cfg_row_major():
    ck = cube_kernel.compile(np.zeros(256, np.float16), np.zeros(256, np.float32),
                             always_compile=True)
    src = ck.source
    assert "AscendC::Fixpipe<float, float, AscendC::CFG_ROW_MAJOR>(" in src
    assert "AscendC::Mmad(" in src and "AscendC::LoadData(" in src


@asc.jit
def both_mmad_forms(c: asc.GlobalAddress):
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 256)
    asc.mmad(co1, a2, a2, asc.MmadParams(16, 16, 16, is_bias=True, unit_flag=0))


def test_mmad_params_forms_do_not_mix():
    expect_error(both_mmad_forms, (np.zeros(4, np.float32),),
                 "MmadParams() takes either is_bias", "asc.MmadParams(", token="asc.MmadParams")


@asc.jit
def bad_fixpipe(c: asc.GlobalAddress):
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c, 256)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
    asc.fixpipe(c_gm, co1, asc.FixpipeParamsV220(16, 16, 16, 16), 7)


def test_fixpipe_config_must_be_a_fixpipe_config():
    expect_error(bad_fixpipe, (np.zeros(4, np.float32),), "'config' must be a FixpipeConfig",
                 "asc.fixpipe(", token="asc.fixpipe")


def test_05_mmad_matches_numpy_and_overlaps_its_pipes():
    ex = load("05_mmad/mmad.py")
    rng = np.random.default_rng(1)
    a = rng.uniform(-1, 1, (ex.M, ex.K)).astype(np.float16)
    b = rng.uniform(-1, 1, (ex.K, ex.N)).astype(np.float16)
    c, report = ex.mmad_launch(a, b)
    np.testing.assert_allclose(c, a.astype(np.float32) @ b.astype(np.float32), rtol=1e-4,
                               atol=1e-3)
    assert not report.findings
    # Double buffering: MTE2 copies of step t+1 run while M multiplies step t, so the
    # K loop takes less than the pipes' busy times one after the other (the Fixpipe of C runs
    # once, after the loop).
    for core in report.cores:
        serial = sum(core.busy[p] for p in ("PIPE_MTE2", "PIPE_MTE1", "PIPE_M"))
        loop = core.cycles - core.busy["PIPE_FIX"]
        assert loop < serial, (core.index, core.cycles, core.busy)


@asc.jit
def cube_settings():
    dst = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 128)
    asc.init_const_value(dst, asc.InitConstValueParams(1, 2, 0, np.float16(2.5)))
    asc.set_load_data_padding_value(2.0)
    asc.set_load_data_repeat(asc.LoadDataRepeatParam(repeat_time=4, repeat_stride=8))
    asc.set_fix_pipe_pre_quant_flag(11)


def test_init_const_value_and_load_settings():
    ck = codegen(cube_settings)
    (init,) = ops_of(ck, A.InitConstValueOp)
    construct = init.params.owner
    # The value keeps its own type (the T of InitConstValueParams<T>).
    assert [str(t) for t in construct.types.data] == ["ui16", "ui16", "ui16", "f16"]
    (pad,) = ops_of(ck, A.SetLoadDataPaddingValueOp)
    assert str(pad.value.type) == "f32"
    (rep,) = ops_of(ck, A.SetLoadDataRepeatOp)
    # C++ constructor order: repeatStride, repeatTime, repeatMode.
    assert [A.const_int(v) for v in rep.param.owner.args] == [8, 4, 0]
    (flag,) = ops_of(ck, A.SetFixpipePreQuantFlagOp)
    assert str(flag.config.type) == "ui64"
    src = cube_settings.compile(always_compile=True).source
    assert "AscendC::InitConstValue(" in src and "AscendC::SetLoadDataRepeat(" in src


QM, QN, QK = 32, 48, 32


@asc.jit
def queued_mmad(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress):
    a_gm, b_gm, c_gm = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
    a_gm.set_global_buffer(a, QM * QK)
    b_gm.set_global_buffer(b, QK * QN)
    c_gm.set_global_buffer(c, QM * QN)
    pipe = asc.TPipe()
    qa1, qb1 = asc.TQue(asc.TPosition.A1, 1), asc.TQue(asc.TPosition.B1, 1)
    qa2, qb2 = asc.TQue(asc.TPosition.A2, 1), asc.TQue(asc.TPosition.B2, 1)
    qco1 = asc.TQue(asc.TPosition.CO1, 1)
    pipe.init_buffer(qa1, 1, QM * QK * 2)
    pipe.init_buffer(qb1, 1, QK * QN * 2)
    pipe.init_buffer(qa2, 1, QM * QK * 2)
    pipe.init_buffer(qb2, 1, QK * QN * 2)
    pipe.init_buffer(qco1, 1, QM * QN * 4)
    a1 = qa1.alloc_tensor(asc.float16)
    b1 = qb1.alloc_tensor(asc.float16)
    asc.data_copy(a1, a_gm, asc.Nd2NzParams(1, QM, QK, 0, QK, QM, 1, 0))
    asc.data_copy(b1, b_gm, asc.Nd2NzParams(1, QK, QN, 0, QN, QK, 1, 0))
    qa1.enque(a1)
    qb1.enque(b1)
    a1 = qa1.deque(asc.float16)
    b1 = qb1.deque(asc.float16)
    a2 = qa2.alloc_tensor(asc.float16)
    b2 = qb2.alloc_tensor(asc.float16)
    for i in asc.static_range(QM // 16):
        asc.load_data(a2[i * (QK // 16) * 256:], a1,
                      asc.LoadData2DParams(i, QK // 16, QM // 16, 0, 0, False, 0))
    for j in asc.static_range(QK // 16):
        asc.load_data(b2[j * (QN // 16) * 256:], b1,
                      asc.LoadData2DParams(j, QN // 16, QK // 16, 0, 0, True, 0))
    qa1.free_tensor(a1)
    qb1.free_tensor(b1)
    qa2.enque(a2)
    qb2.enque(b2)
    a2 = qa2.deque(asc.float16)
    b2 = qb2.deque(asc.float16)
    co1 = qco1.alloc_tensor(asc.float32)
    asc.mmad(co1, a2, b2, asc.MmadParams(QM, QN, QK))
    qa2.free_tensor(a2)
    qb2.free_tensor(b2)
    qco1.enque(co1)
    co1 = qco1.deque(asc.float32)
    asc.fixpipe(c_gm, co1, asc.FixpipeParamsV220(QN, QM, QM, QN))
    qco1.free_tensor(co1)


def test_queues_on_cube_positions_order_the_cube_pipes():
    rng = np.random.default_rng(2)
    a = rng.uniform(-1, 1, (QM, QK)).astype(np.float16)
    b = rng.uniform(-1, 1, (QK, QN)).astype(np.float16)
    c = np.zeros((QM, QN), np.float32)
    report = queued_mmad[1](a.ravel(), b.ravel(), c.ravel())
    np.testing.assert_allclose(c, a.astype(np.float32) @ b.astype(np.float32), rtol=1e-5,
                               atol=1e-5)
    assert not report.findings  # EnQue/DeQue on A1, A2, CO1 order MTE2, MTE1, M and FIX
    src = queued_mmad.compile(a.ravel(), b.ravel(), c.ravel(), always_compile=True).source
    assert "AscendC::TQue<AscendC::TPosition::A1, 1>" in src
    assert "AscendC::TQue<AscendC::TPosition::CO1, 1>" in src
