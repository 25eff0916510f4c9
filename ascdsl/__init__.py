"""ascdsl: a compiler research framework for Ascend NPU kernels, in Python on xDSL.

The kernel language (`ascdsl.jit`, `ascdsl.TPipe`, `ascdsl.add`, ...) loads on first use, so
tools that only need the IR (ascdsl-opt) start fast.
"""

from __future__ import annotations

from ascdsl._version import __version__

__all__ = ["__version__"]
