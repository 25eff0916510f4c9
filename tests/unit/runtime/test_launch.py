"""prepare/launch: numpy and torch arguments in place, argument errors, config, backends."""

import numpy as np
import pytest

import ascdsl.runtime as rt
from ascdsl.runtime import BackendUnavailableError, prepare
from ascdsl.sim.dtypes import bf16_to_f32
from rt_kernels import scale_module

torch = pytest.importorskip("torch")


@pytest.fixture(scope="module")
def exe():
    return prepare(scale_module(), "scale")


def test_numpy_arrays_are_written_in_place(exe):
    x = np.arange(64, dtype=np.float32)
    z = np.zeros(64, np.float32)
    report = exe.launch(1, [x, z, 64, 0.5])
    np.testing.assert_array_equal(z, x * 0.5)
    assert report.cycles > 0 and report.findings == []


def test_torch_cpu_tensors_are_written_in_place(exe):
    x = torch.arange(64, dtype=torch.float32)
    z = torch.zeros(64)
    exe.launch(1, (x, z, 64, 2.0))
    assert torch.equal(z, x * 2)


def test_multidimensional_arrays_are_used_flat(exe):
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    z = np.zeros((8, 8), np.float32)
    exe.launch(1, [x, z, 64, 3.0])
    np.testing.assert_array_equal(z, x * 3)


def test_bf16_torch_tensors():
    exe = prepare(scale_module("bf16", "bf16"), "scale")
    x = torch.tensor([1.0, 3.0, -0.5, 100.0] * 8, dtype=torch.bfloat16)
    z = torch.zeros(32, dtype=torch.bfloat16)
    exe.launch(1, [x, z, 32, 3.0])
    assert torch.equal(z, (x.float() * 3).bfloat16())


def test_numpy_scalar_of_the_matching_type(exe):
    x = np.ones(8, np.float32)
    z = np.zeros(8, np.float32)
    exe.launch(1, [x, z, np.int32(8), np.float32(4)])
    assert z.tolist() == [4.0] * 8


@pytest.mark.parametrize(
    "args,message",
    [
        ([np.ones(8, np.float64), np.zeros(8, np.float32), 8, 1.0],
         "argument 'x' (GM pointer to f32) of kernel 'scale' got a numpy array of float64"),
        ([torch.ones(8, dtype=torch.float16), np.zeros(8, np.float32), 8, 1.0],
         "argument 'x' (GM pointer to f32) of kernel 'scale' got a torch.float16 tensor"),
        ([np.ones(8, np.float32), np.zeros(8, np.float32), 8.0, 1.0],
         "argument 'n' (i32) of kernel 'scale' got float 8.0; it takes an integer"),
        ([np.ones(8, np.float32), np.zeros(8, np.float32), 8, "1"],
         "argument 's' (f32) of kernel 'scale' got str '1'"),
        ([np.ones(8, np.float32), 5, 8, 1.0],
         "argument 'z' (GM pointer to f32) of kernel 'scale' must be a numpy array or a torch "
         "CPU tensor, got int"),
        ([np.ones(16, np.float32)[::2], np.zeros(8, np.float32), 8, 1.0],
         "got a non-contiguous array"),
        ([np.ones(8, np.float32), np.zeros(8, np.float32), 8, np.float64(1)],
         "argument 's' (f32) of kernel 'scale' got a numpy float64 scalar"),
        ([np.ones(8, np.float32), np.zeros(8, np.float32)],
         "kernel 'scale' takes 4 argument(s) (x, z, n, s), got 2"),
    ],
)
def test_wrong_arguments_raise_type_error_naming_them(exe, args, message):
    with pytest.raises(TypeError) as e:
        exe.launch(1, args)
    assert message in str(e.value)


def test_read_only_array_is_refused(exe):
    x = np.ones(8, np.float32)
    z = np.zeros(8, np.float32)
    z.flags.writeable = False
    with pytest.raises(TypeError, match="got a read-only array"):
        exe.launch(1, [x, z, 8, 1.0])


def test_scalar_out_of_range_is_a_value_error(exe):
    with pytest.raises(ValueError, match="argument 'n' .* got 4294967296, outside the range"):
        exe.launch(1, [np.ones(8, np.float32), np.zeros(8, np.float32), 2**32, 1.0])


@pytest.mark.parametrize("cores", [0, -3, 65536])
def test_core_num_must_be_a_valid_block_dim(exe, cores):
    with pytest.raises(ValueError, match=f"core_num must be between 1 and 65535.*got {cores}"):
        exe.launch(cores, [np.ones(8, np.float32), np.zeros(8, np.float32), 8, 1.0])


def test_core_num_must_be_an_int(exe):
    with pytest.raises(TypeError, match="core_num must be an int"):
        exe.launch(2.0, [np.ones(8, np.float32), np.zeros(8, np.float32), 8, 1.0])


def test_cann_backend_is_unavailable_with_a_clear_message():
    with pytest.raises(BackendUnavailableError, match="needs|neither is available here"):
        prepare(scale_module(), "scale", backend="cann")


def test_unknown_backend_and_soc():
    with pytest.raises(ValueError, match="unknown backend 'gpu'"):
        prepare(scale_module(), "scale", backend="gpu")
    with pytest.raises(ValueError, match="unknown SoC 'Ascend999'"):
        prepare(scale_module(), "scale", soc="Ascend999")


def test_soc_choice_changes_the_clock():
    exe = prepare(scale_module(), "scale", soc="Ascend910B4")
    report = exe.launch(1, [np.ones(8, np.float32), np.zeros(8, np.float32), 8, 1.0])
    assert report.soc == "Ascend910B4" and report.clock_mhz == 1500


def test_config_is_checked_when_set_and_used_as_default(exe, monkeypatch):
    with pytest.raises(ValueError, match="config.sanitize must be one of"):
        rt.config.sanitize = "loud"
    with pytest.raises(AttributeError, match="no setting 'sanitise'"):
        rt.config.sanitise = "off"
    monkeypatch.setattr(rt.config, "sanitize", "off")
    report = exe.launch(1, [np.ones(8, np.float32), np.zeros(8, np.float32), 8, 1.0])
    assert report.sanitize == "off"
    with pytest.raises(ValueError, match="sanitize must be one of"):
        exe.launch(1, [np.ones(8, np.float32), np.zeros(8, np.float32), 8, 1.0], sanitize="on")


def test_launch_does_not_recompile(exe, monkeypatch):
    import ascdsl.sim.compiler as compiler

    def fail(*a, **k):
        raise AssertionError("compiled again")

    monkeypatch.setattr(compiler.Lowering, "block", fail)
    for _ in range(3):
        exe.launch(1, [np.ones(8, np.float32), np.zeros(8, np.float32), 8, 1.0])


def test_stream_is_accepted_and_ignored(exe):
    z = np.zeros(8, np.float32)
    exe.launch(1, [np.ones(8, np.float32), z, 8, 1.0], stream=object())
    assert z.tolist() == [1.0] * 8


def test_bf16_values_via_numpy_bits():
    exe = prepare(scale_module("bf16", "bf16"), "scale")
    x = np.array([0x3F80] * 16, np.uint16)  # 1.0
    z = np.zeros(16, np.uint16)
    exe.launch(1, [x, z, 16, 2.0])
    assert bf16_to_f32(z).tolist() == [2.0] * 16
