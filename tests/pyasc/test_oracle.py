"""pyasc 1.1.1 as an oracle (tests/pyasc_oracle): it runs, per kernel, and its cache holds.

Needs ../shared (pyasc's kernels) and pyasc's own environment, which the first run creates
(`$ASCDSL_PYASC_VENV`, else .cache/pyasc-venv; see tests/pyasc_oracle/venv.py).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.pyasc_oracle import layout, oracle, venv

pytestmark = pytest.mark.skipif(layout.missing_reason() is not None,
                                reason=layout.missing_reason() or "")


@pytest.fixture(scope="module")
def pyasc_env():
    return venv.ensure_venv(create=True)


@pytest.fixture
def private_cache(tmp_path, monkeypatch):
    """An empty oracle cache (the other tests share the project's, so reruns are fast)."""
    monkeypatch.setenv("ASCDSL_PYASC_ORACLE_CACHE", str(tmp_path / "oracle-cache"))
    return tmp_path / "oracle-cache"


def test_venv_has_pyasc(pyasc_env):
    assert venv.installed_version(pyasc_env) == venv.PYASC_VERSION


def test_tutorial_script_gives_three_files(pyasc_env, private_cache):
    path = layout.pyasc_python_dir() / "tutorials" / "02_add_framework" / "add_framework.py"
    result = oracle.dump_file(path)
    assert not result.cached
    assert [(k.origin, k.kernel, k.status) for k in result.kernels] == [
        ("add_framework.py", "vadd_kernel", "ok")]
    k = result.kernels[0]
    assert "func.func @vadd_kernel" in k.codegen_mlir
    # after pyasc's passes: its boilerplate include and the ffts_addr argument are there
    assert 'emitc.include "kernel_operator.h"' in k.ascir_mlir
    assert "ffts_addr" in k.ascir_mlir and "ffts_addr" not in k.codegen_mlir
    assert "__aicore__" in k.ascendc_cpp and "AscendC::" in k.ascendc_cpp
    assert k.args == {"x": "float32*", "y": "float32*", "z": "float32*",
                      "block_length": "int32"}
    assert k.constexprs == {"tile_length": "ConstExpr[int](128)"}
    # nothing ran: the tutorial's own numeric check fails, after the compile
    assert [o.outcome for o in result.outcomes] == ["failed"]
    again = oracle.dump_file(path)
    assert again.cached and again.directory == result.directory
    assert again.kernels[0].ascendc_cpp == k.ascendc_cpp


def test_pytest_file_gives_one_dump_per_test_function(pyasc_env):
    path = layout.pyasc_python_dir() / "test" / "unit" / "language" / "fwk" / "test_tpipe.py"
    result = oracle.dump_file(path)
    tests = [o.origin for o in result.outcomes if o.outcome == "passed"]
    assert len(tests) >= 5
    by_origin = {k.origin: k for k in result.kernels}
    # every passing test compiled its own kernel into its own directory
    assert set(tests) <= set(by_origin)
    dirs = {k.directory for k in result.kernels}
    assert len(dirs) == len(result.kernels)
    init = by_origin["test_tpipe.py::test_init_buffer"]
    assert init.kernel == "kernel_init_buffer"
    assert "ascendc.pipe" in init.ascir_mlir


def test_cli_dump_writes_named_directories(pyasc_env, tmp_path):
    path = layout.pyasc_python_dir() / "test" / "kernels" / "test_vadd.py"
    out = tmp_path / "dumps"
    proc = subprocess.run([sys.executable, "-m", "tests.pyasc_oracle", "dump", str(path),
                           "-o", str(out)], cwd=layout.PROJECT_ROOT, capture_output=True,
                          text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr
    kdir = out / "test_vadd" / "0001-vadd_kernel"
    assert sorted(p.name for p in kdir.iterdir()) == [
        "ascendc.cpp", "ascir.mlir", "codegen.mlir", "meta.json"]
    meta = json.loads((kdir / "meta.json").read_text())
    assert meta["origin"] == "test_vadd.py::test_vadd" and meta["status"] == "ok"
    assert "vadd_kernel" in proc.stdout


def test_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(FileNotFoundError, match="no such kernel file"):
        oracle.dump_file(tmp_path / "nope.py")


def test_every_launch_compiles_even_when_pyasc_would_reuse_a_kernel(pyasc_env):
    # the int32 and int16 cases launch the same specialization: pyasc's caches would compile
    # it once and leave the second test function without a dump
    path = layout.pyasc_python_dir() / "test" / "generalization" / "basic" / "test_duplicate.py"
    result = oracle.dump_file(path)
    assert len(result.outcomes) == 5
    assert sorted(k.origin for k in result.kernels) == sorted(o.origin for o in result.outcomes)
    assert all(k.status == "ok" and k.kernel == "duplicate_kernel" for k in result.kernels)
