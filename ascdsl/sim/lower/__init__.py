"""Lowerings: one module per dialect or group of ops, each registering op class -> closure factory.

Scalar code lowers by dialect (arith.py, scalar_math.py, scf.py, func.py, memref.py,
emitasc.py); `ascendc` ops by group (framework.py, tensor.py, vector.py, sync.py).
"""

from . import (  # noqa: F401
    arith,
    emitasc,
    framework,
    func,
    memref,
    scalar_math,
    scf,
    sync,
    tensor,
    vector,
)
