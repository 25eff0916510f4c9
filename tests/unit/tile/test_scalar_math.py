"""Transcendental functions of a runtime scalar in a tile kernel (lower-asc-scalar-math).

The scalar unit has none, so they are computed on one vector block; before, the kernel ran on
the simulator but its Ascend C could not be printed.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pytest

import ascdsl as asc
from ascdsl import tile as asc2

CHECK_SH = Path(__file__).resolve().parents[3].parent / "shared" / "ascendc-check" / "check.sh"

FUNCS = {
    "exp": (asc2.exp, np.exp), "exp2": (asc2.exp2, np.exp2), "log": (asc2.log, np.log),
    "log2": (asc2.log2, np.log2), "tanh": (asc2.tanh, np.tanh), "sin": (asc2.sin, np.sin),
    "cos": (asc2.cos, np.cos), "tan": (asc2.tan, np.tan), "sinh": (asc2.sinh, np.sinh),
    "cosh": (asc2.cosh, np.cosh), "erf": (asc2.erf, None), "sqrt": (asc2.sqrt, np.sqrt),
}


def scaled_by_f_of_row_max(f):
    @asc2.jit(always_compile=True)
    def kernel(x_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress, n: int,
               tile: asc.ConstExpr[int]):
        xt, zt = asc2.tensor(x_ptr, [n]), asc2.tensor(z_ptr, [n])
        for i in range(0, n, tile, parallel=True):
            a = asc2.load(xt, [tile], offsets=[i])
            s = f(asc2.reduce_max(a))
            asc2.store(a * s, zt, offsets=[i])

    return kernel


def _erf(v: np.ndarray) -> np.ndarray:
    from math import erf
    return np.vectorize(erf)(v)


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
@pytest.mark.parametrize("name", list(FUNCS))
def test_a_function_of_a_scalar_runs_and_prints(name, dtype):
    f, ref = FUNCS[name]
    kernel = scaled_by_f_of_row_max(f)
    tile = 64 if dtype == np.float32 else 128
    n = 4 * tile
    x = (0.5 + np.random.default_rng(1).random(n) / 2).astype(dtype)
    m = x.reshape(4, tile).max(1, keepdims=True).astype(np.float64)
    s = (ref or _erf)(m).astype(dtype)
    want = (x.reshape(4, tile) * s).ravel()
    tol = dict(rtol=1e-5) if dtype == np.float32 else dict(rtol=4e-3)
    for lowered in (True, False):
        z = np.zeros(n, dtype)
        kernel[2](x, z, n, tile, run_passes=lowered)
        np.testing.assert_allclose(z, want, **tol, err_msg=f"lowered={lowered}")
    source = kernel.compile(x, np.zeros(n, dtype), n, tile).source
    if name == "sqrt":  # the scalar unit has sqrt: no vector block
        assert "Duplicate" not in source
    else:
        assert "AscendC::Duplicate" in source
        assert source.count("GetValue") == 2  # the row maximum, then the function's value


@pytest.mark.parametrize("name", ["exp", "log", "sinh"])
def test_the_printed_kernel_compiles_against_the_headers(name, tmp_path):
    if not CHECK_SH.is_file():
        pytest.skip(f"{CHECK_SH} is absent: the shared header check script cannot run")
    x = np.ones(256, np.float32)
    source = scaled_by_f_of_row_max(FUNCS[name][0]).compile(x, x.copy(), 256, 64).source
    path = tmp_path / f"{name}.cpp"
    path.write_text(source)
    proc = subprocess.run(["bash", str(CHECK_SH), str(path)], capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
