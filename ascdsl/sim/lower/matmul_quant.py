"""Quantized output of the Matmul API: SetQuantScalar / SetQuantVector (dequantisation in FIX).

An int8 x int8 Matmul accumulates in int32 in L0C; with C in f16 or bf16 the library's
Fixpipe converts on the way out with a scale (the FixpipeParams quantPre mode DEQF16 with
SetQuantScalar, VDEQF16 with SetQuantVector: one scale per column of C, copied GM -> L1 ->
FB by the library). A scale is a uint64 whose low 32 bits are an f32; the deq unit keeps its
sign, exponent and top 10 mantissa bits (bits & 0xFFFFE000, the mask pyasc's
test_matmul_quant applies to its golden scales). The simulator computes C = round(acc x
scale) with the product exact (an int32 times a 19-bit float fits f64) and one rounding into
f16 (bf16: through f32, as every bf16 store of the simulator).

Not simulated (a located NotSimulatedError): requantisation to int8 (REQ8 / QF322B8: their
rounding and saturation), quantisation of f32 accumulators, and the offset/sign forms.
"""

from __future__ import annotations

import numpy as np

import ascdsl.dialects.ascendc as A

from ..compiler import Lowering, lowers
from ..errors import InvalidArgumentError, NotSimulatedError
from ..sanitizer import MTE2
from . import matmul as mm
from .common import gm_span

_MASK = np.uint32(0xFFFFE000)
_DEQ_OUT = ("f16", "bf16")


def _scales(bits: np.ndarray) -> np.ndarray:
    """uint64 scale words -> the f64 values the deq unit multiplies by."""
    low = (bits.astype(np.uint64) & np.uint64(0xFFFFFFFF)).astype(np.uint32) & _MASK
    return low.view(np.float32).astype(np.float64)


def dequant(run, out: np.ndarray, col0: int) -> np.ndarray:
    """C's values after the FIX conversion of columns [col0, col0 + width) of `out` (the
    accumulators), or `out` unchanged when the object has no quantisation set."""
    st = run.st
    q = getattr(st, "quant", None)
    if q is None:
        return out
    c, site = run.c, run.site
    acc = mm._ACC[(st.dt["a"].name, st.dt["b"].name)]
    cname = st.dt["c"].name
    if acc is not np.int32 or cname not in _DEQ_OUT:
        raise NotSimulatedError(
            f"the Matmul quantises {st.dt['a'].name} inputs into {cname}; the simulator "
            "runs dequantisation of int8 x int8 (int32 accumulators) into f16 or bf16",
            site, core=c.block_idx)
    kind, value = q
    width = out.shape[1]
    if kind == "scalar":
        scale = _scales(np.array([value], dtype=np.uint64))
    else:
        g = value
        lo, hi = gm_span(c, g, col0, width, site, "reads")
        san = c.san
        if san is not None:
            k = san.begin(MTE2)
            san.access(g.mem, lo, hi, False, MTE2, k, site)
        c.gm_copy(MTE2, g.buf, lo, hi - lo, hi - lo, 1, False, g.cache[0], site)
        scale = _scales(g.mem.bytes[lo:hi].view(np.uint64))[None, :]
    return out.astype(np.float64) * scale


def _set_quant(kind: str):
    def lower(op, cx: Lowering):
        site = cx.site(op)
        s = cx.slot(op.quantscalar if kind == "scalar" else op.quantvector)

        def body(c, st, R):
            v = R[s]
            if kind == "vector" and v.dt.name not in ("ui64", "i64"):
                raise InvalidArgumentError(
                    f"gives the quant vector as {v.dt.name} elements; SetQuantVector takes "
                    "uint64 scales (an f32 in the low 32 bits)", site, core=c.block_idx)
            st.quant = (kind, int(v) if kind == "scalar" else v.sub(0, v.origin))

        return mm._matmul_op(op, cx, body)

    return lower


lowers(A.MatmulSetQuantScalarOp)(_set_quant("scalar"))
lowers(A.MatmulSetQuantVectorOp)(_set_quant("vector"))
