"""cce-auto-sync (bisheng's --cce-auto-sync layer) through the JIT, the printer, the tools,
and the sanitizer's layer messages."""

import io

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim.errors import RaceError
from ascdsl.tools.ascdsl_opt import main as opt_main
from ascdsl.tools.ascdsl_sim import main as sim_main

N = 256


def _relu_muls(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    a = asc.LocalTensorAuto(asc.float32, [N])
    b = asc.LocalTensorAuto(asc.float32, [N])
    asc.data_copy(a, xg, N)
    asc.relu(b, a, N)
    asc.muls(b, b, 2.0, N)
    asc.data_copy(zg, b, N)


relu_muls = asc.jit(always_compile=True)(_relu_muls)


@asc.jit(always_compile=True)
def scalar_after_copy(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECIN)
    pipe.init_buffer(buf, N * 4)
    t = buf.get(asc.float32)
    asc.data_copy(t, xg, N)
    zg.set_value(0, t.get_value(3))


@asc.jit(always_compile=True)
def queue_without_deque(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, N * 4)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, xg, N)
    asc.relu(t, t, N)


@asc.jit(always_compile=True)
def tbuf_without_flags(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 4)
    t = buf.get(asc.float32)
    asc.data_copy(t, xg, N)
    asc.relu(t, t, N)


def _data():
    x = np.random.default_rng(0).standard_normal(N).astype(np.float32)
    return x, np.zeros_like(x)


# --- JIT ------------------------------------------------------------------------------------


def test_relu_then_muls_in_place_runs_clean_with_auto_sync():
    x, z = _data()
    report = relu_muls[1](x, z)
    assert report.findings == []
    np.testing.assert_allclose(z, np.maximum(x, 0) * 2)
    ir = relu_muls.compile(x, z).ir
    assert "ascendc.pipe_barrier pipe_v {ascdsl.auto_sync}" in ir
    assert ir.count("{ascdsl.auto_sync}") == 1  # the one V -> V pair, nothing else


def test_relu_then_muls_races_without_auto_sync():
    x, z = _data()
    with pytest.raises(RaceError) as info:
        relu_muls[1](x, z, auto_sync=False)
    err = info.value
    assert err.layer == "AUTO_SYNC"
    assert (err.pipe, err.other_pipe) == ("PIPE_V", "PIPE_V")
    assert "'ascendc.muls_l2' op on PIPE_V reads UB" in str(err)
    assert ("layer: bisheng's --cce-auto-sync would order PIPE_V -> PIPE_V on hardware, but "
            "this kernel runs without it (auto_sync=False") in str(err)
    assert "auto_sync" not in relu_muls.compile(x, z, auto_sync=False).ir


def test_auto_sync_is_an_option_of_decorator_and_launch():
    x, z = _data()
    off = asc.jit(auto_sync=False, always_compile=True)(_relu_muls)
    with pytest.raises(RaceError):
        off[1](x, z)
    assert off[1](x, z, auto_sync=True).findings == []


def test_scalar_read_after_copy_in_gets_an_mte2_s_flag():
    x, z = _data()
    assert scalar_after_copy[1](x, z).findings == []
    assert z[0] == x[3]
    ir = scalar_after_copy.compile(x, z).ir
    assert "ascendc.set_flag mte2_s" in ir and "ascendc.wait_flag mte2_s" in ir
    with pytest.raises(RaceError) as info:
        scalar_after_copy[1](x, z, auto_sync=False)
    assert info.value.layer == "AUTO_SYNC"
    assert (info.value.pipe, info.value.other_pipe) == ("PIPE_S", "PIPE_MTE2")
    assert "bisheng's --cce-auto-sync would order PIPE_MTE2 -> PIPE_S" in str(info.value)


# --- the layer a race belongs to ----------------------------------------------------------------


def test_queue_buffer_used_without_its_deque_is_the_frameworks_race():
    x, z = _data()
    with pytest.raises(RaceError) as info:
        queue_without_deque[1](x, z)
    err = info.value
    assert err.layer == "FRAMEWORK"
    assert (err.pipe, err.other_pipe) == ("PIPE_V", "PIPE_MTE2")
    assert ("layer: the TQue framework orders PIPE_MTE2 -> PIPE_V on a queue's buffer through "
            "EnQue/DeQue and FreeTensor/AllocTensor; this access is outside that protocol"
            ) in str(err)


def test_tbuf_copy_then_vector_is_the_authors_race():
    x, z = _data()
    with pytest.raises(RaceError) as info:
        tbuf_without_flags[1](x, z)
    err = info.value
    assert err.layer == "USER"
    assert ("layer: the kernel's author (the TQue framework does not guard a TBuf; "
            "bisheng's --cce-auto-sync never orders PIPE_MTE2 -> PIPE_V)") in str(err)


def test_layer_of_pairs():
    from ascdsl.dialects.ascendc.enums import Hardware
    from ascdsl.sim.layers import Layer, layer_of
    from ascdsl.sim.sanitizer import FIX, M, MTE1, MTE2, MTE3, S, V

    ub, gm, l1 = Hardware.UB, Hardware.GM, Hardware.L1
    assert layer_of(V, V, ub, None) is Layer.AUTO_SYNC
    for p in (V, MTE2, MTE3):
        assert layer_of(p, S, ub, None) is Layer.AUTO_SYNC
        assert layer_of(S, p, gm, "queue") is Layer.AUTO_SYNC
    assert layer_of(MTE2, V, ub, "queue") is Layer.FRAMEWORK
    assert layer_of(MTE2, V, ub, "tbuf") is Layer.USER
    assert layer_of(MTE3, MTE2, gm, None) is Layer.USER
    assert layer_of(MTE2, MTE1, l1, "queue") is Layer.FRAMEWORK
    assert layer_of(S, M, l1, None) is Layer.USER  # the cube core: no auto-sync
    for p in (S, M, MTE1, FIX):
        assert layer_of(p, p, ub, None) is Layer.HARDWARE
    for p in (MTE2, MTE3):  # overlapping copies on one DMA pipe: PipeBarrier by hand
        assert layer_of(p, p, ub, "queue") is Layer.USER


# --- the printer --------------------------------------------------------------------------------


def test_printer_leaves_auto_syncs_to_bisheng_unless_asked():
    x, z = _data()
    ck = relu_muls.compile(x, z)
    assert "PipeBarrier<PIPE_V>" not in ck.source
    explicit = ck.ascendc(print_auto_sync=True)
    assert explicit.count("AscendC::PipeBarrier<PIPE_V>();") == 1
    relu = explicit.index("AscendC::Relu(")
    assert relu < explicit.index("AscendC::PipeBarrier<PIPE_V>();") < explicit.index(
        "AscendC::Muls<")
    scalar = scalar_after_copy.compile(x, z)
    assert "MTE2_S" not in scalar.source
    flags = scalar.ascendc(print_auto_sync=True)
    assert "AscendC::SetFlag<AscendC::HardEvent::MTE2_S>(" in flags
    assert "AscendC::WaitFlag<AscendC::HardEvent::MTE2_S>(" in flags


# --- the tools ----------------------------------------------------------------------------------


@pytest.fixture
def relu_muls_file(tmp_path):
    x, z = _data()
    path = tmp_path / "relu_muls.mlir"
    path.write_text(relu_muls.compile(x, z, auto_sync=False).ir)
    return path


def _sim(argv, capsys):
    out = io.StringIO()
    code = sim_main([str(a) for a in argv], out=out)
    return code, out.getvalue(), capsys.readouterr().err


SIM_ARGS = ["--arg", f"x=f32[{N}]:randn", "--arg", f"z=f32[{N}]", "--expect",
            "z = maximum(x, 0) * 2"]


def test_ascdsl_sim_auto_sync_on_by_default_and_off_on_request(relu_muls_file, capsys):
    code, out, err = _sim([relu_muls_file, *SIM_ARGS], capsys)
    assert code == 0, err
    assert "checks: 1 passed" in out
    code, _, err = _sim([relu_muls_file, *SIM_ARGS, "--auto-sync=off"], capsys)
    assert code == 1
    assert "RaceError: 'ascendc.muls_l2' op on PIPE_V" in err
    assert "runs without it (auto_sync=False, ascdsl-sim --auto-sync=off" in err


def test_ascdsl_sim_auto_sync_off_removes_the_passes_syncs(tmp_path, capsys):
    x, z = _data()
    path = tmp_path / "with_auto_sync.mlir"
    path.write_text(relu_muls.compile(x, z).ir)
    assert _sim([path, *SIM_ARGS], capsys)[0] == 0
    code, _, err = _sim([path, *SIM_ARGS, "--auto-sync", "off"], capsys)
    assert code == 1 and "RaceError" in err


def _opt(argv, capsys):
    code = opt_main([str(a) for a in argv])
    return code, capsys.readouterr()


def test_ascdsl_opt_pass_and_print_option(relu_muls_file, capsys):
    code, cap = _opt([relu_muls_file, "--cce-auto-sync"], capsys)
    assert code == 0, cap.err
    assert "ascendc.pipe_barrier pipe_v {ascdsl.auto_sync}" in cap.out
    code, cap = _opt([relu_muls_file, "--cce-auto-sync", "-t", "ascendc"], capsys)
    assert code == 0 and "PipeBarrier<PIPE_V>" not in cap.out
    code, cap = _opt([relu_muls_file, "--cce-auto-sync", "-t", "ascendc", "--print-auto-sync"],
                     capsys)
    assert code == 0 and "AscendC::PipeBarrier<PIPE_V>();" in cap.out
    code, cap = _opt([relu_muls_file, "--print-auto-sync"], capsys)
    assert code == 2
    assert "--print-auto-sync is an option of the Ascend C target" in cap.err


def test_ascdsl_default_runs_auto_sync_unless_told_not_to(relu_muls_file, capsys):
    code, cap = _opt([relu_muls_file, "--ascdsl-default"], capsys)
    assert code == 0 and "{ascdsl.auto_sync}" in cap.out
    code, cap = _opt([relu_muls_file, "--ascdsl-default=auto-sync=false"], capsys)
    assert code == 0 and "ascdsl.auto_sync" not in cap.out
