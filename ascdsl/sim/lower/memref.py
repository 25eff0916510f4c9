"""The `memref` dialect on small local arrays (`memref.alloca` and its loads and stores)."""

from __future__ import annotations

from xdsl.dialects import memref
from xdsl.dialects.builtin import MemRefType
from xdsl.ir import Operation

from ascdsl.dialects.gm import is_gm_pointer
from ascdsl.dialects.scalar_types import is_float_type

from ..compiler import Lowering, lowers
from ..dtypes import scalar_converter
from ..errors import InvalidArgumentError
from .arith import scalar_conv


def _memref_shape(op: Operation, cx: Lowering, t: MemRefType) -> tuple[list[int], int]:
    shape = list(t.get_shape())
    if any(d < 0 for d in shape):
        raise cx.error(op, "with dynamic sizes is not simulated (local arrays have static shapes)")
    n = 1
    for d in shape:
        n *= d
    return shape, n


@lowers(memref.AllocaOp, memref.AllocOp)
def lower_alloca(op: Operation, cx: Lowering):
    t = op.results[0].type
    if not isinstance(t, MemRefType) or is_gm_pointer(t):
        raise cx.error(op, f"of {t} is not simulated (local scalar arrays only)")
    _, n = _memref_shape(op, cx, t)
    zero = 0.0 if is_float_type(t.element_type) else 0
    if scalar_converter(t.element_type) is None:
        raise cx.error(op, f"with elements of {t.element_type} is not simulated")
    o = cx.slot(op.results[0])

    def f(R):
        R[o] = [zero] * n

    return f


def _linear_index(op: Operation, cx: Lowering, mref, indices):
    t = mref.type
    if not isinstance(t, MemRefType) or is_gm_pointer(t):
        raise cx.error(op, f"on {t} is not simulated (local arrays only; read GM through a "
                           "GlobalTensor)")
    shape, n = _memref_shape(op, cx, t)
    strides = []
    acc = 1
    for d in reversed(shape):
        strides.append(acc)
        acc *= d
    strides.reverse()
    idx = cx.slots(indices)
    site = cx.site(op)

    def index(R) -> int:
        k = 0
        for s, dim, st in zip(idx, shape, strides):
            i = R[s]
            if not 0 <= i < dim:
                raise InvalidArgumentError(
                    f"indexes a local array of shape {shape} with {[R[x] for x in idx]}",
                    site,
                    core=R[0].block_idx,
                )
            k += i * st
        return k

    return index, t


@lowers(memref.LoadOp)
def lower_load(op: memref.LoadOp, cx: Lowering):
    index, _ = _linear_index(op, cx, op.memref, op.indices)
    m, o = cx.slot(op.memref), cx.slot(op.res)

    def f(R):
        R[o] = R[m][index(R)]

    return f


@lowers(memref.StoreOp)
def lower_store(op: memref.StoreOp, cx: Lowering):
    index, t = _linear_index(op, cx, op.memref, op.indices)
    conv = scalar_conv(cx, op, t.element_type)
    m, v = cx.slot(op.memref), cx.slot(op.value)

    def f(R):
        R[m][index(R)] = conv(R[v])

    return f


@lowers(memref.DeallocOp)
def lower_dealloc(op: Operation, cx: Lowering):
    return None
