"""Lowerings: one module per dialect or group of ops, each registering op class -> closure factory.

Scalar code lowers by dialect (arith.py, scalar_math.py, scf.py, func.py, memref.py,
emitasc.py, emitc.py); `ascendc` ops by group (framework.py, tensor.py, copy.py, vector.py,
cmpsel.py, reduce_repeat.py, gather.py, fused.py, vconv.py, transpose.py, math.py, adv.py, sync.py,
ffts.py, cube.py, matmul.py (the Matmul API), system.py, atomic.py, block_sync.py, tensor_ext.py, debug.py); the `asc` tile
dialect in asc.py.
"""

from . import (  # noqa: F401
    adv,
    arith,
    asc,
    atomic,
    block_sync,
    cmpsel,
    copy,
    cube,
    debug,
    emitasc,
    emitc,
    ffts,
    framework,
    func,
    fused,
    gather,
    math,
    matmul,
    memref,
    reduce_repeat,
    scalar_math,
    scf,
    sync,
    system,
    tensor,
    tensor_ext,
    transpose,
    vconv,
    vector,
)
