"""Quantized output of the Matmul API: SetQuantScalar / SetQuantVector (conversion in FIX).

The library's Fixpipe converts L0C on the way out with a scale: one for all of C
(SetQuantScalar: quantPre DEQF16 / REQ8 / QF322B8_PRE) or one per column (SetQuantVector:
VDEQF16 / VREQ8 / VQF322B8_PRE, the vector copied GM -> L1 -> FB by the library). Which mode
follows from the types alone (quant_processor_fixpipe.h, SetQuantScalar/SetQuantVectorMode):

| L0C (from A, B) | C          | mode               |
|-----------------|------------|--------------------|
| int32 (int8)    | f16, bf16  | (V)DEQF16          |
| int32 (int8)    | int8, uint8| (V)REQ8            |
| f32 (f16, bf16) | int8, uint8| (V)QF322B8_PRE     |

A scale is a uint64 word (the QUANT_PRE register of asc-devkit's "随路量化" page, NPU arch
2201): bits 31..13 are M1, an f32 of which the unit keeps sign, exponent and 10 mantissa
bits (& 0xFFFFE000, the mask pyasc's test_matmul_quant applies to its golden scales); bits
35..32 a shift N and bit 36 its enable (MCB, REQ8 only); bits 45..37 a 9-bit offset; bit 46
the sign of the 8-bit result (1: int8, 0: uint8).

Dequantisation (DEQF16) is C = round(acc x M1) with the product exact (an int32 times a
19-bit float fits f64) and one rounding into f16 (bf16: through f32, as every bf16 store of
the simulator). Requantisation to 8 bits follows asc-devkit's reference algorithm for the
Fixpipe example (examples/.../fixpipe_l0c2gm/scripts/gen_data_s322s8.py, req8_pre, and
gen_data_f322s8.py, qf322b8_pre): the accumulator as f32, times M1 in f32, saturated to
[-256, 255], rounded half to even, plus the offset, saturated to [-128, 127] (sign 1) or
[0, 255] (sign 0); "integer types only saturate" (the Fixpipe page). The 8 bits are stored
as they are: a uint8 result in an int8 C reads back as its two's complement.

Not simulated (a located NotSimulatedError): the MCB pre-shift of REQ8 (the register table
says N = 0b0000 shifts by 1, the reference algorithm shifts by N itself), quantising f32
accumulators into f16/bf16/f32, and the ReLU forms (the Matmul API does not enable them).
"""

from __future__ import annotations

import numpy as np

import ascdsl.dialects.ascendc as A

from ..compiler import Lowering, lowers
from ..errors import InvalidArgumentError, NotSimulatedError
from ..sanitizer import MTE2
from . import matmul as mm
from .common import gm_span
from .fixquant import requant, scale_values

_DEQ_OUT = ("f16", "bf16")
_B8_OUT = ("i8", "ui8")


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
    if not (cname in _B8_OUT or (acc is np.int32 and cname in _DEQ_OUT)):
        raise NotSimulatedError(
            f"the Matmul quantises {st.dt['a'].name} inputs into {cname}; the simulator "
            "runs dequantisation of int8 x int8 (int32 accumulators) into f16 or bf16 and "
            "quantisation of any accumulator into int8 or uint8",
            site, core=c.block_idx)
    kind, value = q
    width = out.shape[1]
    if kind == "scalar":
        bits = np.array([value & 0xFFFFFFFFFFFFFFFF], dtype=np.uint64)
    else:
        g = value
        lo, hi = gm_span(c, g, col0, width, site, "reads")
        san = c.san
        if san is not None:
            k = san.begin(MTE2)
            san.access(g.mem, lo, hi, False, MTE2, k, site)
        c.gm_copy(MTE2, g.buf, lo, hi - lo, hi - lo, 1, False, g.cache[0], site)
        bits = g.mem.bytes[lo:hi].view(np.uint64)[None, :]
    if cname in _B8_OUT:
        return requant(out, bits, st.dt["c"].np, acc is np.int32, site, c.block_idx)
    return out.astype(np.float64) * scale_values(bits)


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
