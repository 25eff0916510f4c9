"""ascx: an example ascdsl extension, installable on its own (`pip install -e .`).

- `ascx.scaled_relu_l2` (ops.py): dst = max(src, 0) * s, one fused vector op with the facts
  of ascdsl's own ops; `asc.ext.scaled_relu(dst, src, s, n)` in a @jit kernel;
- `fuse-relu-muls` (passes.py): rewrites `relu` followed by an in-place `muls` into it;
- `ascx.clamp` (ops.py): a research op with no C++ of its own, lowered into `ascendc.maxs_l2`
  and `ascendc.mins_l2` by `lower-ascx` (which the JIT runs on every kernel).

Importing the package registers everything; ascdsl finds it through the entry point
`ascx = "ascx_example"` of the group `ascdsl.extensions` (pyproject.toml).
"""

from ascdsl.extension import register_builtin, register_dialect

from . import passes
from .ops import Ascx, ClampOp, ScaledReluL2Op

INCLUDE_DIR = __path__[0] + "/include"  # the C++ of ascx's ops (for `--check -I`)

register_dialect(Ascx)
register_builtin("ascx_example.language:scaled_relu")  # imported when a kernel uses it
register_builtin("ascx_example.language:clamp")

__all__ = ["Ascx", "ClampOp", "ScaledReluL2Op", "INCLUDE_DIR", "passes"]
