"""FIX's quantising conversions of L0C values, shared by the Fixpipe op (fixpipe.py) and the
Matmul API (matmul_quant.py).

A scale is a uint64 word, the QUANT_PRE register of asc-devkit's "随路量化" page (NPU arch
2201): bits 31..13 are M1, an f32 of which the unit keeps sign, exponent and 10 mantissa bits
(& 0xFFFFE000); bits 35..32 a shift N and bit 36 its enable (MCB, REQ8 only); bits 45..37 a
9-bit offset; bit 46 the sign of an 8-bit result (1: int8, 0: uint8).

Requantisation to 8 bits (REQ8 from int32, QF322B8_PRE from f32) follows asc-devkit's
reference algorithm for its Fixpipe example (examples/01_simd_cpp_api/03_basic_api/
03_matrix_compute/fixpipe_l0c2gm/scripts/gen_data_s322s8.py, req8_pre, and
gen_data_f322s8.py, qf322b8_pre): the accumulator as f32, times M1 in f32, saturated to
[-256, 255], rounded half to even, plus the offset, saturated to [-128, 127] (sign 1) or
[0, 255] (sign 0); "integer types only saturate" (the Fixpipe page).

The vector modes (VDEQF16, VQF322B8_PRE, VREQ8) compute the same per column, with column j's
word from the L1 workspace Fixpipe(dst, src, cbufWorkspace, params) takes (asc-devkit
impl/basic_api/dav_c220/kernel_operator_fixpipe_v2_impl.h): the library moves the words to
the fixpipe buffer FB in chunks (`fb_chunks`) and runs one conversion per chunk.
"""

from __future__ import annotations

import numpy as np

from ascdsl.dialects.ascendc.types_cube import QuantMode

from ..errors import NotSimulatedError

_MASK = np.uint32(0xFFFFE000)


def _m1(bits: np.ndarray) -> np.ndarray:
    """uint64 scale words -> M1 as the f32 the unit multiplies by (1 + 8 + 10 bits)."""
    low = (bits.astype(np.uint64) & np.uint64(0xFFFFFFFF)).astype(np.uint32) & _MASK
    return low.view(np.float32)


def scale_values(bits: np.ndarray) -> np.ndarray:
    """uint64 scale words -> the f64 values the deq unit multiplies by."""
    return _m1(bits).astype(np.float64)


def requant(acc: np.ndarray, bits: np.ndarray, out_np, int_acc: bool, site,
            core: int) -> np.ndarray:
    """(V)REQ8 (int32 `acc`) or (V)QF322B8_PRE (f32 `acc`): the 8-bit results, as `out_np`
    (int8 or uint8) values holding the bytes the unit writes. `bits` are the scale words,
    one (scalar mode) or one per column, broadcast along the rows."""
    bits = bits.astype(np.uint64)
    if int_acc and np.any((bits >> np.uint64(36)) & np.uint64(1)):
        raise NotSimulatedError(
            "gives a REQ8 scale word with the MCB bit (36) set: its pre-shift is not simulated "
            "(asc-devkit's register table and its reference algorithm disagree on the shift: "
            "N + 1 or N); clear bit 36", site, core=core)
    offset = ((bits >> np.uint64(37)) & np.uint64(0x1FF)).astype(np.int32)
    signed = ((bits >> np.uint64(46)) & np.uint64(1)).astype(bool)
    x = acc.astype(np.float32) * _m1(bits)  # f32 x f32, rounded to f32 as the unit does
    # NaN (f32 accumulators only): 0, assumed from the saturation mode turning NaN into 0
    x = np.nan_to_num(np.clip(x, -256, 255), nan=0.0)
    q = np.round(x).astype(np.int32) + offset
    q = np.where(signed, np.clip(q, -128, 127), np.clip(q, 0, 255))
    return (q & 0xFF).astype(np.uint8).view(out_np)


# Each vector mode is its scalar mode with one word per column instead of one for all.
SCALAR_OF = {QuantMode.VDEQF16: QuantMode.DEQF16, QuantMode.VQF322B8_PRE: QuantMode.QF322B8_PRE,
             QuantMode.VREQ8: QuantMode.REQ8}

# Words FB holds for one conversion (GenFixpipeTilingV220: "deqTensor ... in FB valid num is
# 256"); wider blocks go in halves of it, so that the next chunk's words can load while FIX
# converts the current one (its isDb).
FB_WORDS = 256


def fb_chunks(n: int) -> list[tuple[int, int]]:
    """(first column, columns) of each L1 -> FB load and conversion of an nSize-wide block, as
    GenFixpipeTilingV220 splits it: one chunk up to 256 columns, else chunks of 128 and the
    tail."""
    if n <= FB_WORDS:
        return [(0, n)]
    half = FB_WORDS // 2
    full, tail = divmod(n, half)
    return [(i * half, half) for i in range(full)] + ([(full * half, tail)] if tail else [])


def fb_bytes(width: int) -> int:
    """Bytes copy_cbuf_to_fbuf moves for `width` words: whole 128-byte bursts
    (CopyDeqTensorToFbuf: DivCeil(calNSize * 8, 128) * 128)."""
    return -(-width * 8 // 128) * 128


def convert(vals: np.ndarray, mode: QuantMode, bits: np.ndarray, out_np, site,
            core: int) -> np.ndarray:
    """FIX's conversion of L0C values `vals` ([m, n]) with scale words `bits` (one, or one per
    column) by the scalar form of `mode` (DEQF16, QF322B8_PRE, REQ8); other modes pass the
    values through (the store converts f32 to f16/bf16)."""
    mode = SCALAR_OF.get(mode, mode)
    if mode is QuantMode.DEQF16:
        # The product is exact in f64 (an int32 times 11 significant bits) and rounds once
        # into f16 when stored.
        return vals.astype(np.float64) * scale_values(bits)
    if mode in (QuantMode.QF322B8_PRE, QuantMode.REQ8):
        return requant(vals, bits, out_np, mode is QuantMode.REQ8, site, core)
    return vals
