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
    # C++ constructor order: relu_en is the fifth value (pyasc's Python signature has it tenth).
    assert A.const_int(params.args[4]) == 1 and A.const_int(params.args[5]) == 0


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
    # kernel takes less than the pipes' busy times one after the other.
    for core in report.cores:
        serial = sum(core.busy[p] for p in ("PIPE_MTE2", "PIPE_MTE1", "PIPE_M"))
        assert core.cycles < serial, (core.index, core.cycles, core.busy)


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
