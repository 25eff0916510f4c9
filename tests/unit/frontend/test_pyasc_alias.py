"""A kernel file written for pyasc runs after one line: `import ascdsl; ascdsl.alias_asc()`.

Run in a subprocess: the alias changes the process's import system.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

PYASC_STYLE = '''
import ascdsl; ascdsl.alias_asc()

import numpy as np

import asc
import asc.runtime.config as config
import asc.lib.runtime as rt
from asc.runtime import config as config2
from asc.runtime.jit import MockTensor


@asc.jit(kernel_type=config.KernelType.AIV_ONLY, insert_sync=True)
def vmuls_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: asc.ConstExpr[int]):
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm.set_global_buffer(z)
    t = asc.LocalTensorAuto(asc.float32, n)
    asc.data_copy(t, x_gm, count=n)
    asc.muls(t, t, 3.0, n)
    asc.data_copy(z_gm, t, count=n)


config.set_platform(config.Backend.Model)
config.sanitize = "raise"
x = np.arange(128, dtype=np.float32)
z = np.zeros_like(x)
vmuls_kernel[1, rt.current_stream()](x, z, 128)
np.testing.assert_array_equal(z, 3 * x)
import ascdsl.runtime.config as real
assert real.sanitize == "raise" and config.KernelType is real.KernelType
assert config2 is config and MockTensor is ascdsl.MockTensor
print("ok")
'''


def _run(code: str, tmp_path) -> subprocess.CompletedProcess:
    path = tmp_path / "pyasc_kernel.py"
    path.write_text(textwrap.dedent(code))
    return subprocess.run([sys.executable, str(path)], capture_output=True, text=True,
                          timeout=300, env=None)


def test_pyasc_file_runs_after_the_alias_line(tmp_path):
    proc = _run(PYASC_STYLE, tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().endswith("ok")


def test_a_missing_pyasc_module_is_named(tmp_path):
    proc = _run("import ascdsl; ascdsl.alias_asc()\nimport asc.no_such_module\n", tmp_path)
    assert proc.returncode == 1
    assert ("ModuleNotFoundError: pyasc's module 'asc.no_such_module' is missing on ascdsl "
            "(no ascdsl.no_such_module)") in proc.stderr
