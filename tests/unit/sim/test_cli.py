"""`ascdsl-sim`: argument specs, output, exit status, files written."""

import io
import json

import numpy as np
import pytest

from ascdsl.tools.ascdsl_sim import main
from sim_kernels import racy_vadd, vadd_framework

VADD_ARGS = ["--arg", "x=f32[4096]:rand", "--arg", "y=f32[4096]:randn", "--arg", "z=f32[4096]",
             "--arg", "block_length=1024", "--arg", "tile_length=256", "--arg", "loops=4"]


@pytest.fixture
def vadd_file(tmp_path):
    path = tmp_path / "vadd.mlir"
    path.write_text(vadd_framework(2))
    return path


def sim(argv, capsys):
    out = io.StringIO()
    code = main([str(a) for a in argv], out=out)
    return code, out.getvalue(), capsys.readouterr().err


def test_runs_a_kernel_and_checks_it(vadd_file, tmp_path, capsys):
    trace = tmp_path / "t.json"
    saved = tmp_path / "out.npz"
    code, out, err = sim([vadd_file, "--cores", 4, *VADD_ARGS, "--expect", "z = x + y",
                          "--trace", trace, "--save", saved], capsys)
    assert code == 0, err
    assert out.startswith("kernel vadd on Ascend910B1, 4 core(s), sanitizer raise")
    assert "checks: 1 passed" in out
    assert json.loads(trace.read_text())["otherData"]["cores"] == 4
    arrays = np.load(saved)
    np.testing.assert_array_equal(arrays["z"], arrays["x"] + arrays["y"])


def test_failed_expectation_exits_1(vadd_file, capsys):
    code, _, err = sim([vadd_file, "--cores", 4, *VADD_ARGS, "--expect", "z = x - y"], capsys)
    assert code == 1
    assert "check failed: --expect 'z = x - y'" in err


def test_positional_args_and_typed_scalars(tmp_path, capsys):
    path = tmp_path / "v.mlir"
    path.write_text(vadd_framework(1))
    code, out, err = sim([path, "--arg", "f32[512]:ones", "--arg", "f32[512]:arange",
                          "--arg", "f32[512]", "--arg", "i32:512", "--arg", "128",
                          "--arg", "4", "--expect", "z = x + y", "--quiet"], capsys)
    assert code == 0, err
    assert out == ""


@pytest.mark.parametrize(
    "extra,message",
    [
        (["--arg", "x=f32[16]"], "missing --arg for y, z, block_length, tile_length, loops"),
        (["--arg", "w=f32[16]"], "the kernel has no argument 'w'"),
        (["--arg", "x=f16[16]"], "'x' points to f32, not f16"),
        (["--arg", "x=3"], "'x' is a GM pointer to f32; give an array"),
        (["--arg", "x=f32[16]:sparkly"], "unknown fill 'sparkly'"),
        (["--cores", "0"], "--cores must be between 1 and 65535, got 0"),
        (["--kernel", "nope"], "the module has no kernel @nope"),
    ],
)
def test_usage_errors_exit_2(vadd_file, capsys, extra, message):
    code, _, err = sim([vadd_file, *extra], capsys)
    assert code == 2
    assert message in err
    assert "Traceback" not in err


def _replace_arg(name: str, spec: str) -> list[str]:
    return [spec if a.startswith(name + "=") else a for a in VADD_ARGS]


@pytest.fixture
def npy(tmp_path):
    """Write an array to a .npy file; returns its path."""

    def write(name, array):
        path = tmp_path / name
        np.save(path, array)
        return path

    return write


@pytest.mark.parametrize(
    "argv, message",
    [
        # Each of these was an internal error, a silent misreading or a multi-GB allocation.
        (["--seed", "-1"], "--seed must be a non-negative integer, got -1"),
        (["--cores", "100000000"], "--cores must be between 1 and 65535"),
        (["--rtol", "-0.5"], "--rtol must be a finite number >= 0, got -0.5"),
        (["--rtol", "nan"], "--rtol must be a finite number >= 0, got nan"),
        (["--max-memory", "lots"], "--max-memory: 'lots' is not a size"),
        (_replace_arg("x", "x=f32[99999999999999]"),
         "--arg x=f32[99999999999999]: 363.8 TiB would pass the --max-memory guard"),
        (_replace_arg("x", "x=f32[8x]"), "shape [8x] is not a list of sizes"),
        (_replace_arg("x", "x=f32[4096x-1]"), "shape [4096x-1] is not a list of sizes"),
        (_replace_arg("x", "x=f32[4096]:1e40"), "fill 1e40 does not fit f32"),
    ],
)
def test_bad_arguments_are_usage_errors(vadd_file, capsys, argv, message):
    base = VADD_ARGS if argv[0].startswith("--") and argv[0] != "--arg" else []
    code, _, err = sim([vadd_file, *base, *argv], capsys)
    assert code == 2, err
    assert message in err
    assert "internal error" not in err


def test_max_memory_guard_counts_all_arrays(vadd_file, capsys):
    code, _, err = sim([vadd_file, *VADD_ARGS, "--max-memory", "40K"], capsys)
    assert code == 2
    assert "--arg z=f32[4096]: 16.0 KiB would pass the --max-memory guard (8.0 KiB left" in err
    code, _, err = sim([vadd_file, *VADD_ARGS, "--max-memory", "48K", "--quiet"], capsys)
    assert code == 0, err


def test_npy_of_another_kind_is_refused_not_cast(vadd_file, capsys, npy):
    ints = npy("ints.npy", np.arange(4096, dtype=np.int64))
    code, _, err = sim([vadd_file, *_replace_arg("x", f"x=f32[4096]:file={ints}")], capsys)
    assert code == 2
    assert "holds int64 values, the argument is f32: convert the file" in err
    # float64 (numpy's default) narrows to f32 as a device cast would.
    floats = npy("floats.npy", np.linspace(0, 1, 4096))
    code, _, err = sim([vadd_file, "--cores", 4, *_replace_arg("x", f"x=f32[4096]:file={floats}"),
                        "--expect", "z = x + y", "--quiet"], capsys)
    assert code == 0, err


def test_integer_npy_that_does_not_fit_is_refused(tmp_path, capsys, npy):
    path = tmp_path / "k.mlir"
    path.write_text("func.func @k(%x: memref<?xi32, 22>) attributes {ascendc.global} {\n"
                    "  func.return\n}\n")
    big = npy("big.npy", np.array([1, 2, 1 << 40, 4], dtype=np.int64))
    code, _, err = sim([path, "--arg", f"x=i32[4]:file={big}"], capsys)
    assert code == 2 and "element 2 = 1099511627776 does not fit i32" in err
    small = npy("small.npy", np.array([1, 2, 3, 4], dtype=np.int64))
    code, _, err = sim([path, "--arg", f"x=i32[4]:file={small}", "--quiet"], capsys)
    assert code == 0, err


def test_expect_treats_nan_as_equal_to_nan(vadd_file, capsys):
    args = _replace_arg("x", "x=f32[4096]:nan")
    code, out, err = sim([vadd_file, "--cores", 4, *args, "--expect", "z = x + y"], capsys)
    assert code == 0, err
    assert "checks: 1 passed" in out
    code, _, err = sim([vadd_file, "--cores", 4, *args, "--expect", "z = y"], capsys)
    assert code == 1 and "got nan, expected" in err


def test_scalar_out_of_range_is_a_usage_error(vadd_file, capsys):
    args = [a if a != "block_length=1024" else "block_length=99999999999" for a in VADD_ARGS]
    code, _, err = sim([vadd_file, *args], capsys)
    assert code == 2 and "outside the range" in err


def test_a_race_prints_the_located_error_and_exits_1(tmp_path, capsys):
    text = racy_vadd()
    path = tmp_path / "racy.mlir"
    path.write_text(text)
    code, _, err = sim([path, "--cores", 2, *VADD_ARGS], capsys)
    assert code == 1
    assert f"{path}:" in err and "error: RaceError:" in err
    assert "that core 1 writes too" in err


def test_warn_mode_prints_findings_and_exits_0(tmp_path, capsys):
    text = racy_vadd()
    path = tmp_path / "racy.mlir"
    path.write_text(text)
    code, out, err = sim([path, "--cores", 2, "--sanitize", "warn", *VADD_ARGS], capsys)
    assert code == 0
    assert "findings: 1" in out and "RaceError" in err


def test_bad_ir_is_a_located_parse_error(tmp_path, capsys):
    path = tmp_path / "bad.mlir"
    path.write_text("func.func @k() {\n  %x = arith.constant : i32\n}\n")
    code, _, err = sim([path], capsys)
    assert code == 1
    assert f"{path}:2:" in err and "error:" in err


def test_passes_run_before_the_simulation(vadd_file, capsys):
    code, out, err = sim([vadd_file, "--cores", 4, *VADD_ARGS, "-p", "canonicalize-barriers",
                          "--expect", "z = x + y"], capsys)
    assert code == 0, err
    code, _, err = sim([vadd_file, *VADD_ARGS, "-p", "no-such-pass"], capsys)
    assert code == 2 and "unknown pass 'no-such-pass'" in err


def test_print_shows_an_array(vadd_file, capsys):
    code, out, _ = sim([vadd_file, *VADD_ARGS, "--print", "z", "--quiet"], capsys)
    assert code == 0 and out.startswith("z = array([")


def test_bytes_that_are_not_utf8_are_a_located_error(tmp_path, capsys):
    # Was "ascdsl-sim: error: cannot read 'k.mlir': 'utf-8' codec can't decode byte 0xe9 in
    # position 21: ...", with no line (ascdsl-opt locates it); ascdsl.load raised a raw
    # UnicodeDecodeError.
    from ascdsl import load
    from ascdsl.diagnostics import IRParseError

    path = tmp_path / "latin1.mlir"
    path.write_bytes(b"func.func @f() {\n  // caf\xe9\n  func.return\n}\n")
    code, _, err = sim([path], capsys)
    assert code == 1
    assert err.startswith(f"{path}:2:9: error: invalid UTF-8 byte 0xe9: IR is read as UTF-8")
    assert "Traceback" not in err
    with pytest.raises(IRParseError, match=r"latin1.mlir:2:9: error: invalid UTF-8 byte 0xe9"):
        load(path)


@pytest.mark.parametrize("flag", ["--trace", "--save"])
def test_outputs_never_overwrite_an_input(vadd_file, tmp_path, capsys, flag):
    # `--trace k.mlir` replaced the kernel's IR file by the trace (and `--save x.npy` the
    # array an argument was read from), exit status 0.
    x = tmp_path / "x.npy"
    np.save(x, np.ones(4096, np.float32))
    args = [vadd_file, *VADD_ARGS[2:], "--arg", f"x=f32[4096]:file={x}"]
    for target in (vadd_file, x):
        before = target.read_bytes()
        code, _, err = sim([*args, flag, target], capsys)
        assert code == 2
        assert err == (f"ascdsl-sim: error: {flag} {target}: refusing to overwrite the input "
                       f"file '{target}'\n")
        assert target.read_bytes() == before


def test_unwritable_output_names_the_output_not_the_temporary(vadd_file, tmp_path, capsys):
    # Was "cannot write output: [Errno 2] No such file or directory: '/x/.ascdsl-a95y30tq'".
    missing = tmp_path / "no" / "t.json"
    code, _, err = sim([vadd_file, *VADD_ARGS, "--quiet", "--trace", missing], capsys)
    assert code == 1
    assert err == (f"ascdsl-sim: error: --trace: cannot write '{missing}': No such file or "
                   "directory\n")
