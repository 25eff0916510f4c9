"""The deq-scale register and the conversions that read it, and MulCast (910B, dav-c220).

The DEQSCALE register is per-core state (`CoreSim.deq_scale`), one of:

- `("half", h)`: SetDeqScale(half scale) (`set_deqscale(scale)`);
- `("word", w)`: SetDeqScale(float scale, int16_t offset, bool signMode), the 64-bit word
  `signMode << 46 | (offset & 0x1ff) << 37 | bits(scale)` (MakeDeqScaleConfig,
  impl/basic_api/dav_c220/kernel_operator_vec_vconv_impl.h; asc_set_deq_scale_impl.h);
- `("vec", memory, byte)`: SetDeqScale(vdeq, vdeqInfo): 16 such words stored in `vdeq` by
  scalar SetValue, then `set_deqscale(addr >> 5)`; CastDeq with isVecDeq reads the 16 words
  from UB when it runs (so the tensor must still hold them).

What each conversion computes, and where that is written down:

- int32 -> half (Cast with any round mode, CastDeq<half, int32_t>, vconv_deq):
  `f16(f32(f32(f32(x) * 2^-17) * f32(scale)) * 2^17)`, every step round to nearest even, no
  saturation (a too large result is inf). AddDeqRelu's dav_c220 implementation issues exactly
  these steps (kernel_operator_vec_binary_impl.h, AddDeqReluCompute); dav_3510's emulation of
  vconv_deq does too (kernel_operator_vec_vconv_impl.h, CastDeqS322f16ImplVF, f322F16CastTrait
  NO_SAT); AddDeqRelu.md: "Deq(x) = Cast(x * (1/2^17) * scale * 2^17) = Cast(x * scale)", RINT.
- int16 -> int8/uint8 (CastDeq, vconv_deqs162b8h/l, vconv_vdeqs162b8h/l): with the register's
  scale cut to 1 sign, 8 exponent and 10 mantissa bits (`bits & 0xffffe000`: "scale is stored
  as 1 sign bit, 8 exponent bits and 10 mantissa bits in 1971 hardware", dav_3510
  GetCastDeqScale), `t = rint_sat16(f32(x) * scale)`, clamped to [-256, 255] (s9), plus the
  9-bit offset, then saturated to int8 when signMode is set, to uint8 when it is not
  (dav_3510 CastDeqMulsCal / CastDeqImplVF / CastFromS92B8: f322s16CastTrait RINT+SAT,
  s9MinValue/s9MaxValue, TrueHalfBlockHalf2S8Trait SAT, TrueHalfBlockCastTrait SAT). signMode
  decides, not dst's type (the page asks that they match). In the vector form element e of a
  repeat uses word e % 16 (its place in its 32-byte source block; GenVecCastDeqParam).
- Layout: a repeat reads 128 int16 (8 blocks) and writes 8 destination blocks of 32 bytes;
  the 16 results of source block b fill bytes 16..31 of destination block b with halfBlock
  (`_h`), bytes 0..15 without it (CastDeq.md figure 1 and its example output). The other half
  keeps its bytes: asc_deq_int162b8.md's example calls `_h` then `_l` on one dst, and dav_3510's
  Level-0 emulation stores through a byte mask (GenLevel0StoreMask).
- AddDeqRelu (int32 + int32 -> half): the dav_c220 implementation, step by step: the int32 sum
  (wrapping), the int32 -> half conversion above, then max(0, .) in half. It uses src0 and
  src1 as scratch: src0 ends up holding the float values before the half conversion, src1's
  bytes the half values before relu, both laid out contiguously per chunk of at most 2048
  elements (TMP_UB_SIZE / 4), as AddDeqReluCompute writes them; the simulator writes them too.
- MulCast (half * half -> int8/uint8): the product in half (round to nearest even), then RINT
  to the integer type with saturation (asc_mul_cast_half2int8.md: "RINT ... 溢出做饱和处理";
  dav_3510 RegMulCast: Mul<half> then MulCastTrait RINT+SAT). 128 elements a repeat; the dst
  writes 4 blocks a repeat (MulCast.md: dstRepStride 4).

Refused, with the reason, where no source says what happens: a register read before any
SetDeqScale on the core; a conversion reading the register as another form than the one set
(a half scale as a packed word, a word as a tensor address, ...); a 9-bit offset with its top
bit set (the SetDeqScale page calls it s9, dav_3510's emulation adds it as 0..511: they
disagree for negative offsets); a scale that is inf or NaN; AddDeqRelu's L0/L1 forms with mask
lanes 64..127 set or in counter mode (the implementation then runs its half-typed steps over
src1's and its scratch buffer's other bytes).

The V-pipe time of CastDeq and MulCast is Cast's (one instruction over the repeats); AddDeqRelu
issues eight instructions a chunk and is charged for them.
"""

from __future__ import annotations

import numpy as np

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.enums import RoundMode
from ascdsl.dialects.ascendc.types_vec import VdeqInfoType

from ..casts import make_cast
from ..compiler import Lowering, lowers
from ..core import FULL_MASK
from ..errors import InvalidArgumentError, NotSimulatedError
from ..repeat import (count_mask_problem, counter_count, mask_elements, mask_operand,
                      repeat_bits)
from ..sanitizer import S, V
from .common import check_align, dtype_of, local_span, sets_mask
from .vector import CONSTRUCT_LOWERINGS, _stride_reader, lower_elementwise

VDEQ = 16  # VDEQ_TENSOR_SIZE
_DOWN, _UP = np.float32(2.0 ** -17), np.float32(2.0 ** 17)  # DEQ_SHIFT_RIGHT/LEFT_17_BIT
_FORMS = {"half": "a half scale from SetDeqScale(half)",
          "word": "a packed (scale, offset, signMode) word from SetDeqScale(float, int16_t, bool)",
          "vec": "a tensor address from SetDeqScale(vdeq, vdeqInfo)"}


def make_word(scale: float, offset: int, sign: bool) -> int:
    """MakeDeqScaleConfig: the register word of (float scale, int16_t offset, bool signMode)."""
    bits = int(np.array(scale, np.float32).view(np.uint32))
    return (int(bool(sign)) << 46) | ((int(offset) & 0x1FF) << 37) | bits


def _register(c, site, want: str, why: str):
    reg = c.deq_scale
    if reg is None:
        raise NotSimulatedError(
            f"{why} reads the deq-scale register before any SetDeqScale on this core; its "
            "value after reset is not documented", site, core=c.block_idx)
    if reg[0] != want:
        raise NotSimulatedError(
            f"{why} reads {_FORMS[want]}, but the deq-scale register holds {_FORMS[reg[0]]}; "
            "how the instruction reads that is not documented", site, core=c.block_idx)
    return reg


# --- the int32 -> half conversion (vconv_deq) ------------------------------------------------


def deq_s322f16(x: np.ndarray, scale: np.float16) -> tuple[np.ndarray, np.ndarray]:
    """(float values before the half conversion, half results) of int32 values x."""
    with np.errstate(over="ignore"):
        f = np.asarray(x).astype(np.float32) * _DOWN
        f = f * np.float32(scale)
        f = f * _UP
        return f, f.astype(np.float16)


def _half_scale(c, site, why: str) -> np.float16:
    return _register(c, site, "half", why)[1]


def lower_deq_cast(op, cx: Lowering):
    """Cast int32 -> half (vector.py hands it here) and CastDeq<half, int32_t>."""
    cell = [np.float16(0)]
    inner = lower_elementwise(op, cx, calc=lambda a, s=None: deq_s322f16(a, cell[0])[1])
    site = cx.site(op)
    why = "converting int32 to half (vconv_deq)"

    def f(R):
        # the register is read when the instruction runs; the closure below uses it at once
        cell[0] = _half_scale(R[0], site, why)
        inner(R)

    return f


# --- SetDeqScale -----------------------------------------------------------------------------


def _int16(v: int) -> int:
    return ((int(v) + 0x8000) & 0xFFFF) - 0x8000


@lowers(A.SetDeqScaleOp)
def lower_set_deq_scale(op, cx: Lowering):
    pre = cx.take_pre()
    ss = cx.slot(op.scale)
    so = cx.slot(op.offset) if op.offset is not None else None
    sm = cx.slot(op.signMode) if op.signMode is not None else None

    def f(R):
        c = R[0]
        c.t += pre
        if so is None:  # SetDeqScale(half): a float argument converts to half first
            c.deq_scale = ("half", np.float16(R[ss]))
        else:
            c.deq_scale = ("word", make_word(R[ss], _int16(R[so]), bool(R[sm])))

    return f


def _construct_vdeq_info(op, cx: Lowering):
    """VdeqInfo(scale[16], offset[16], signMode[16]) from three local arrays."""
    pre = cx.take_pre()
    if len(op.args) != 3:
        raise cx.error(op, f"builds a VdeqInfo from {len(op.args)} values; its constructor "
                           "takes three arrays of 16 (float scales, int16_t offsets, bool "
                           "sign modes)")
    sa = cx.slots(op.args)
    site = cx.site(op)
    o = cx.slot(op.result)

    def f(R):
        c = R[0]
        c.t += pre
        arrays = [R[s] for s in sa]
        if any(not isinstance(a, list) or len(a) < VDEQ for a in arrays):
            raise InvalidArgumentError("builds a VdeqInfo from arrays shorter than 16 elements",
                                       site, core=c.block_idx)
        R[o] = tuple(make_word(s, _int16(v), bool(m))
                     for s, v, m in zip(*(a[:VDEQ] for a in arrays)))

    return f


CONSTRUCT_LOWERINGS[VdeqInfoType] = _construct_vdeq_info


@lowers(A.SetDeqScaleL4Op)
def lower_set_deq_scale_l4(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    dt = dtype_of(op, cx, op.vdeq)
    if dt.size != 8:
        raise cx.error(op, f"stores the 16 packed words into a {dt.name} tensor; SetDeqScale "
                           "takes a uint64_t one (each word is 64 bits)")
    sv, si = cx.slot(op.vdeq), cx.slot(op.vdeqInfo)

    def f(R):
        c = R[0]
        c.t += pre
        t, words = R[sv], R[si]
        lo, hi = local_span(c, t, 0, VDEQ, site, "writes")
        if c.checking:
            check_align(c, t, site, "writes")  # the register takes the address >> 5
        t.mem.bytes[lo:hi].view(np.uint64)[:] = np.array(words, np.uint64)
        if c.san is not None:  # vdeq.SetValue: scalar stores
            c.san.access(t.mem, lo, hi, True, S, c.san.begin(S), site)
        c.deq_scale = ("vec", t.mem, lo)

    return f


# --- CastDeq ---------------------------------------------------------------------------------


def _fields(words: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(scale as the hardware keeps it, 9-bit offset, signMode) of register words."""
    w = np.asarray(words, np.uint64)
    scale = (w & np.uint64(0xFFFFE000)).astype(np.uint32).view(np.float32)
    offset = ((w >> np.uint64(37)) & np.uint64(0x1FF)).astype(np.int64)
    sign = ((w >> np.uint64(46)) & np.uint64(1)).astype(bool)
    return scale, offset, sign


def deq_s162b8(x: np.ndarray, scale, offset, sign) -> np.ndarray:
    """The bytes vconv_deqs162b8 writes for int16 values x (fields broadcast against x)."""
    with np.errstate(over="ignore", invalid="ignore"):
        f = np.asarray(x).astype(np.float32) * np.asarray(scale, np.float32)
    t = np.clip(np.rint(f.astype(np.float64)), -32768, 32767)
    v = np.clip(t, -256, 255) + offset
    out = np.where(sign, np.clip(v, -128, 127), np.clip(v, 0, 255)).astype(np.int64)
    return (out & 0xFF).astype(np.uint8)


def _check_fields(c, site, scale, offset) -> None:
    if not np.isfinite(scale).all():
        raise NotSimulatedError(
            "converts with an inf or NaN deq scale; what the instruction makes of it is not "
            "documented", site, core=c.block_idx)
    if (offset & 0x100).any():
        bad = int(offset[(offset & 0x100) != 0].flat[0])
        raise NotSimulatedError(
            f"converts with a 9-bit offset 0x{bad:03x} (top bit set): the SetDeqScale page "
            "calls the offset s9 (negative here), dav_3510's emulation of the instruction adds "
            "it as 0..511; the simulator takes offsets 0..255, where both agree",
            site, core=c.block_idx)


_DEQ_PAIRS = {("i8", "i16"), ("ui8", "i16"), ("f16", "i32")}


@lowers(A.CastDeqOp)
def lower_cast_deq(op, cx: Lowering):
    cls = type(op)
    d, s = dtype_of(op, cx, op.dst), dtype_of(op, cx, op.src)
    if (d.name, s.name) not in _DEQ_PAIRS:
        raise cx.error(op, f"converts {s.name} into {d.name}; CastDeq takes int16 into int8 or "
                           "uint8 and int32 into half (CastDeqImpl's type check)")
    if s.name == "i32":  # CastImpl(..., CAST_RINT, ...): vconv_deq, the flags do not apply
        return lower_deq_cast(op, cx)
    pre = cx.take_pre()
    site = cx.site(op)
    level = cls.LEVEL
    vec = op.has_flag("isVecDeq")
    upper = 16 if op.has_flag("halfBlock") else 0
    sd, ss = cx.slot(op.dst), cx.slot(op.src)
    per = 128  # int16 elements of a repeat; the mask counts them
    if level == "l2":
        sn = cx.slot(op.count)
    else:
        strides = _stride_reader(op, cx, ["dst", "src"])
        s_rt, m_rt = cx.slot(op.repeat_times), repeat_bits(op.repeat_times)
        s_mask = cx.slots(op.mask) if level == "l1" else cx.slot(op.mask)
        set_mask = sets_mask(op)
    why = "CastDeq with isVecDeq" if vec else "CastDeq without isVecDeq"

    def f(R):
        c = R[0]
        c.t += pre
        dt_, st_ = R[sd], R[ss]
        if level == "l2":
            n = R[sn]
            if n < 0:
                raise InvalidArgumentError(f"processes {n} elements", site, core=c.block_idx)
            mask, rt, blk, rep = ("counter", n), -(-n // per), (1, 1), (8, 8)
        else:
            rt = R[s_rt] & m_rt
            blk, rep = strides(R)
            if set_mask:
                c.mask = mask_operand(R, s_mask, level == "l1")
            mask = c.mask
            if c.counter:
                n = counter_count(mask, per)
                mask, rt = ("counter", n), -(-n // per)
            if c.checking:
                bad = []
                if not 0 <= rt <= 255 and mask[0] != "counter":
                    bad.append(f"repeatTimes={rt} (0..255)")
                if problem := count_mask_problem(mask, per, " for 2-byte elements"):
                    bad.append(problem)
                if bad:
                    c.finding(InvalidArgumentError("has " + ", ".join(bad), site))
        if min(blk + rep) < 0:
            raise InvalidArgumentError(f"has negative block/repeat strides {blk}/{rep}", site,
                                       core=c.block_idx)
        if c.checking:
            check_align(c, dt_, site, "writes")
            check_align(c, st_, site, "reads")
        if mask[0] == "counter":
            if st_.off + 2 * mask[1] > st_.mem.size:  # before a count-long index array
                local_span(c, st_, 0, mask[1], site, "reads")  # raises, located
            flat = np.arange(mask[1], dtype=np.int64)
            r, e = flat // per, flat % per
        else:
            lanes = mask_elements(mask, per)
            e = np.tile(lanes, max(rt, 0))
            r = np.repeat(np.arange(max(rt, 0), dtype=np.int64), lanes.size)
        san = c.san
        k = san.begin(V) if san is not None and r.size else None
        if r.size:
            si = r * rep[1] * 16 + (e // 16) * blk[1] * 16 + e % 16
            di = r * rep[0] * 32 + (e // 16) * blk[0] * 32 + upper + e % 16
            slo, shi = int(si.min()), int(si.max()) + 1
            dlo, dhi = int(di.min()), int(di.max()) + 1
            local_span(c, st_, slo, shi - slo, site, "reads")
            local_span(c, dt_, dlo, dhi - dlo, site, "writes")
            x = st_.mem.typed(st_.off, st_.dt, shi)[si]
            if vec:
                reg = _register(c, site, "vec", why)
                mem, at = reg[1], reg[2]
                if at + 8 * VDEQ > mem.size:
                    raise InvalidArgumentError(
                        f"reads the 16 deq words at {mem.name} byte {at}, past its end",
                        site, core=c.block_idx)
                scale, offset, sign = _fields(mem.bytes[at:at + 8 * VDEQ].view(np.uint64))
                _check_fields(c, site, scale, offset)
                lane = e % VDEQ
                out = deq_s162b8(x, scale[lane], offset[lane], sign[lane])
                if san is not None:
                    san.access(mem, at, at + 8 * VDEQ, False, V, k, site)
            else:
                scale, offset, sign = _fields([_register(c, site, "word", why)[1]])
                _check_fields(c, site, scale, offset)
                out = deq_s162b8(x, scale[0], offset[0], sign[0])
            dt_.mem.bytes[dt_.off:dt_.off + dhi][di] = out
            if san is not None:
                san.access(st_.mem, st_.off + 2 * slo, st_.off + 2 * shi, False, V, k, site)
                san.access(dt_.mem, dt_.off + dlo, dt_.off + dhi, True, V, k, site)
        if level == "l2":  # the count API ends in normal mode with a full mask
            c.mask, c.counter = FULL_MASK, False
        c.run(V, c.cost.vector("Cast", max(rt, 0)), c.cost.vector_latency, site)

    return f


# --- MulCast ---------------------------------------------------------------------------------


@lowers(A.MulCastOp)
def lower_mul_cast(op, cx: Lowering):
    d, s = dtype_of(op, cx, op.dst), dtype_of(op, cx, op.src0)
    if s.name != "f16" or d.name not in ("i8", "ui8"):
        raise cx.error(op, f"multiplies {s.name} into {d.name}; MulCast takes half sources and "
                           "an int8 or uint8 dst on dav-c220 (MulCastCalc's type check)")
    conv = make_cast(s, d, RoundMode.CAST_RINT)

    def calc(a, b, s=None):
        with np.errstate(over="ignore"):
            return conv(np.asarray(a, np.float16) * np.asarray(b, np.float16))

    return lower_elementwise(op, cx, calc=calc)


# --- AddDeqRelu ------------------------------------------------------------------------------

_CHUNK = 2048  # TMP_UB_SIZE / sizeof(int32_t): the elements one pass of the implementation takes


@lowers(A.AddDeqReluOp)
def lower_add_deq_relu(op, cx: Lowering):
    cls = type(op)
    d, s0, s1 = (dtype_of(op, cx, v) for v in (op.dst, op.src0, op.src1))
    if (d.name, s0.name, s1.name) != ("f16", "i32", "i32"):
        raise cx.error(op, f"takes ({s0.name}, {s1.name}) into {d.name}; AddDeqRelu takes "
                           "int32 sources and a half dst")
    pre = cx.take_pre()
    site = cx.site(op)
    level = cls.LEVEL
    sd, sa, sb = cx.slot(op.dst), cx.slot(op.src0), cx.slot(op.src1)
    if level == "l2":
        sn = cx.slot(op.count)
    else:
        strides = _stride_reader(op, cx, ["dst", "src0", "src1"])
        s_rt, m_rt = cx.slot(op.repeat_times), repeat_bits(op.repeat_times)
        s_mask = cx.slots(op.mask) if level == "l1" else cx.slot(op.mask)
        set_mask = sets_mask(op)
    why = "AddDeqRelu"

    def f(R):
        c = R[0]
        c.t += pre
        dt_, a, b = R[sd], R[sa], R[sb]
        if level == "l2":
            n = R[sn]
            if n < 0:
                raise InvalidArgumentError(f"processes {n} elements", site, core=c.block_idx)
            if a.off + 4 * n > a.mem.size:  # before an n-long index array
                local_span(c, a, 0, n, site, "reads")  # raises, located
            # chunk j: its elements contiguous in every operand and in the scratch layout
            flat = np.arange(n, dtype=np.int64)
            ia = ib = idst = flat
            repeats = -(-n // 64)
        else:
            rt = R[s_rt] & m_rt
            blk, rep = strides(R)
            if set_mask:
                c.mask = mask_operand(R, s_mask, level == "l1")
            mask = c.mask
            if c.counter:
                raise NotSimulatedError(
                    "runs in counter mode: AddDeqRelu's implementation then runs its fixed-"
                    "stride helper steps over a count the simulator does not model",
                    site, core=c.block_idx)
            lanes = mask_elements(mask, 128)
            if lanes.size and lanes.max() >= 64:
                raise NotSimulatedError(
                    "has mask lanes 64..127 set: AddDeqRelu's half-typed steps (vconv_f322f16, "
                    "vmax in AddDeqReluCompute) then also write those lanes of every repeat "
                    "from src1's and the scratch buffer's other bytes, which the simulator "
                    "does not model; set lanes 0..63 only (mask[1] = 0, mask <= 64)",
                    site, core=c.block_idx)
            if min(blk + rep) < 0:
                raise InvalidArgumentError(f"has negative block/repeat strides {blk}/{rep}",
                                           site, core=c.block_idx)
            rt = max(rt, 0)
            r = np.repeat(np.arange(rt, dtype=np.int64), lanes.size)
            e = np.tile(lanes, rt)
            idst = r * rep[0] * 16 + (e // 16) * blk[0] * 16 + e % 16
            ia = r * rep[1] * 8 + (e // 8) * blk[1] * 8 + e % 8
            ib = r * rep[2] * 8 + (e // 8) * blk[2] * 8 + e % 8
            # chunk j of 32 repeats starts j * 32 * repStride blocks into each source
            per = _CHUNK // 64
            scratch_a = (r // per) * per * rep[1] * 8 + (r % per) * 64 + e
            scratch_b2 = 2 * (r // per) * per * rep[2] * 8 + (r % per) * 64 + e
            repeats = rt
        if c.checking:
            for t, role in ((dt_, "writes"), (a, "reads"), (b, "reads")):
                check_align(c, t, site, role)
        if idst.size:
            h_scale = _half_scale(c, site, why)
            if level == "l2":
                scratch_a = ia
                scratch_b2 = (ia // _CHUNK) * 2 * _CHUNK + ia % _CHUNK
            spans = []
            for t, idx, role in ((a, ia, "reads"), (b, ib, "reads"), (dt_, idst, "writes"),
                                 (a, scratch_a, "writes")):
                lo, hi = int(idx.min()), int(idx.max()) + 1
                local_span(c, t, lo, hi - lo, site, role)
                spans.append((t, lo, hi))
            hb_lo, hb_hi = int(scratch_b2.min()), int(scratch_b2.max()) + 1
            local_span(c, b, hb_lo // 2, -(-hb_hi // 2) - hb_lo // 2, site, "writes")
            va = a.mem.typed(a.off, a.dt, spans[0][2])[ia]
            vb = b.mem.typed(b.off, b.dt, spans[1][2])[ib]
            with np.errstate(over="ignore"):
                total = va + vb  # vadd on int32 wraps
            fvals, hvals = deq_s322f16(total, h_scale)
            a.mem.bytes[a.off:a.off + 4 * spans[3][2]].view(np.float32)[scratch_a] = fvals
            b.mem.bytes[b.off:b.off + 2 * hb_hi].view(np.float16)[scratch_b2] = hvals
            relu = np.where(hvals > 0, hvals, np.float16(0))
            dt_.mem.typed(dt_.off, dt_.dt, spans[2][2])[idst] = relu
            san = c.san
            if san is not None:
                k = san.begin(V)
                for t, lo, hi in spans[:2]:
                    san.access(t.mem, t.off + 4 * lo, t.off + 4 * hi, False, V, k, site)
                san.access(a.mem, a.off + 4 * spans[3][1], a.off + 4 * spans[3][2], True, V, k,
                           site)
                san.access(b.mem, b.off + 2 * hb_lo, b.off + 2 * hb_hi, True, V, k, site)
                san.access(dt_.mem, dt_.off + 2 * spans[2][1], dt_.off + 2 * spans[2][2], True,
                           V, k, site)
        if level == "l2":
            c.mask, c.counter = FULL_MASK, False
        cost = c.cost
        # vadd, vconv_s322f32, three vmuls, vconv_f322f16, vector_dup, vmax
        cyc = sum(cost.vector(api, repeats) for api in
                  ("Add", "Cast", "Muls", "Muls", "Muls", "Cast", "Duplicate", "Max"))
        c.run(V, cyc, cost.vector_latency, site)

    return f
