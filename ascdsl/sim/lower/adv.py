"""Advanced APIs beyond the math library: SoftMax, SimpleSoftMax, LogSoftMax, RmsNorm,
LayerNorm, AscendQuant, Concat and Extract (docs/adv.md).

- SoftMax works on a [m, k] tile: the shape comes from `softmaxShapeInfo` (srcM, srcK) when
  given and non-zero, else the source tensor's ShapeInfo when it has one, else the tiling's
  (srcM, srcK); it must fit the tensors. It computes in float (half is widened):
  max = rowmax, sum = rowsum(exp(x - max)), dst = exp(x - max) / sum, and writes max and sum
  as [m, 32 bytes] blocks (each row's value repeated). The reductions cover the first
  oriSrcK columns when the shape info gives them (the rest is padding), the division all k.
  SimpleSoftMax reads max and sum from those blocks; LogSoftMax writes
  (x - max) - log(sum).
- RmsNorm normalizes the bLength * sLength rows of hLength elements (the tiling's shape):
  dst = x / sqrt(sum(x^2) / originalHLength + epsilon) * gamma, in float.
- LayerNorm normalizes the same rows: mean and variance (over originalHLength, or
  lastDimValueBack = 1/H when set) are written as one value per row, and
  dst = (x - mean) / sqrt(variance + epsilon) * gamma + beta, in float.
- AscendQuant (per tensor) computes as the library does on dav-c220: in half (float sources
  are rounded to half first), then rounds to int8 (ties to even) and saturates.
- Concat rebinds its destination to the source (`concat = src;` on dav-c220); Extract splits
  Sort's 8-byte elements into scores and uint32 indices.

Costs: `CostModel.library` with the SoC table's instruction sequences; the sanitizer sees each
call in the steps `scratch.record` describes.
"""

from __future__ import annotations

import numpy as np

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.enums import RoundMode

from ..casts import make_cast
from ..compiler import Lowering, lowers
from ..dtypes import DTYPES
from ..errors import InvalidArgumentError
from ..sanitizer import V
from .common import check_align, dtype_of, local_span
from .scratch import Scratch, record

BLOCK = 32


def _field_reader(struct_type, *names: str):
    fields = struct_type.field_names()
    index = [fields.index(n) for n in names]
    return lambda value: tuple(value[i] for i in index)


def _check_float(op, cx: Lowering, dt) -> None:
    if dt.name not in ("f16", "f32"):
        raise InvalidArgumentError(
            f"AscendC::{type(op).CPP.api} computes half or float elements, not {dt.name}",
            cx.site(op))


# --- SoftMax, SimpleSoftMax -----------------------------------------------------------------


@lowers(A.SoftMaxBase, A.LogSoftMaxOp)
def lower_softmax(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    simple = isinstance(op, A.SimpleSoftMaxOp)
    log = isinstance(op, A.LogSoftMaxOp)
    api = type(op).CPP.api
    if op.dataFormatNZ is not None:
        raise cx.error(op, f"is not simulated with dataFormatNZ: {api} on NZ (fractal) "
                           "tiles is not modelled; use the ND form")
    dt = dtype_of(op, cx, op.dst)
    st = dtype_of(op, cx, op.sumTensor)
    _check_float(op, cx, dt)
    if dtype_of(op, cx, op.src) is not dt:
        raise InvalidArgumentError(f"{api} takes dst and src of one element type", site)
    if dtype_of(op, cx, op.maxTensor) is not st or st.name not in ("f16", "f32") or (
            dt.name == "f32" and st.name != "f32"):
        raise InvalidArgumentError(
            f"{api} takes sum and max tensors of dst's element type, or float with half "
            f"dst and src; got {dt.name} dst with {st.name} sum and "
            f"{dtype_of(op, cx, op.maxTensor).name} max", site)
    tiling = _field_reader(op.tiling.type, "srcM", "srcK")
    s_tiling = cx.slot(op.tiling)
    s_info = cx.slot(op.softmaxShapeInfo) if op.softmaxShapeInfo is not None else None
    sd, ss, ssum, smax = (cx.slot(v) for v in (op.dst, op.src, op.sumTensor, op.maxTensor))
    block = BLOCK // st.size
    scratch = Scratch(op, cx, api, dt.name, dt.size)
    basic = getattr(op, "basicBlock", None) is not None
    to_half = make_cast(DTYPES["f32"], DTYPES["f16"], RoundMode.CAST_NONE)

    def shape(R, src) -> tuple[int, int, int]:
        if s_info is not None:
            m, k, om, ok = R[s_info]
            if m and k:
                return int(m), int(k), int(ok) if ok else int(k)
        known = getattr(src, "shape_info", None)
        if known:
            k = int(known[-1])
            return int(np.prod(known)) // max(k, 1), k, k
        m, k = tiling(R[s_tiling])
        if not (m and k):
            raise InvalidArgumentError(
                f"has no shape to work on: pass a SoftMaxShapeInfo (srcM, srcK), set the "
                f"source tensor's ShapeInfo, or fill the tiling's srcM and srcK (they are "
                f"{m} and {k})", site, core=R[0].block_idx)
        return int(m), int(k), int(k)

    def f(R):
        c = R[0]
        c.t += pre
        d, s, sm, mx = R[sd], R[ss], R[ssum], R[smax]
        m, k, ok = shape(R, s)
        n = m * k
        dlo, dhi = local_span(c, d, 0, n, site, "writes")
        slo, shi = local_span(c, s, 0, n, site, "reads")
        role = "reads" if simple else "writes"
        sum_span = local_span(c, sm, 0, m * block, site, role)
        max_span = local_span(c, mx, 0, m * block, site, role)
        if c.checking:
            for t in (d, s, sm, mx):
                check_align(c, t, site, "uses")
            if basic and (k % 64 or k > 2048 or m % 8):
                c.finding(InvalidArgumentError(
                    f"sets basicBlock on a [{m}, {k}] tile; {api}'s basic-block mode needs "
                    "the last axis a multiple of 64 (at most 2048) and the rows a multiple "
                    "of 8", site))
        operands = [(d, dlo, dhi), (s, slo, shi), (sm, *sum_span), (mx, *max_span)]
        tmp_bytes = scratch.check(c, R, operands)
        x = np.asarray(dt.load(s.mem.bytes[slo:shi].view(dt.np)), np.float32).reshape(m, k)
        sum_view = sm.mem.bytes[sum_span[0]:sum_span[1]].view(st.np).reshape(m, block)
        max_view = mx.mem.bytes[max_span[0]:max_span[1]].view(st.np).reshape(m, block)
        with np.errstate(all="ignore"):
            if simple:
                row_max = np.asarray(max_view[:, :1], np.float32)
                row_sum = np.asarray(sum_view[:, :1], np.float32)
                e = np.exp(x - row_max).astype(np.float32)
            else:
                row_max = x[:, :ok].max(axis=1, keepdims=True)
                e = np.exp(x - row_max).astype(np.float32)
                row_sum = e[:, :ok].sum(axis=1, keepdims=True, dtype=np.float64).astype(
                    np.float32)
                if st.name == "f16":
                    row_max_out, row_sum_out = to_half(row_max), to_half(row_sum)
                    # the all-half form divides by the sum it wrote (rounded to half)
                    if dt.name == "f16":
                        row_sum = row_sum_out.astype(np.float32)
                else:
                    row_max_out, row_sum_out = row_max, row_sum
                max_view[...] = np.broadcast_to(row_max_out, (m, block))
                sum_view[...] = np.broadcast_to(row_sum_out, (m, block))
            if log:
                out = ((x - row_max) - np.log(row_sum)).astype(np.float32)
            else:
                out = (e / row_sum).astype(np.float32)
            dt.store(d.mem.bytes[dlo:dhi].view(dt.np), out.reshape(-1))
        san = c.san
        if san is not None:
            stats = [(sm.mem, *sum_span), (mx.mem, *max_span)]
            reads = [(s.mem, slo, shi)] + (stats if simple else [])
            record(san, site, reads, [scratch.span(R)] + ([] if simple else stats),
                   [(d.mem, dlo, dhi)], True)
        c.run(V, c.cost.library(api, dt.name, n, 4, tmp_bytes), c.cost.vector_latency, site)

    return f


# --- RmsNorm ---------------------------------------------------------------------------------


@lowers(A.RmsNormOp)
def lower_rmsnorm(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    dt = dtype_of(op, cx, op.dst)
    _check_float(op, cx, dt)
    for v, what in ((op.src, "src"), (op.gamma, "gamma")):
        if dtype_of(op, cx, v) is not dt:
            raise InvalidArgumentError(f"RmsNorm takes dst, src and gamma of one element "
                                       f"type; {what} differs", site)
    read = _field_reader(op.tiling.type, "bLength", "sLength", "hLength", "originalHLength",
                         "reciprocalOfHLength")
    s_tiling, s_eps = cx.slot(op.tiling), cx.slot(op.epsilon)
    sd, ss, sg = cx.slot(op.dst), cx.slot(op.src), cx.slot(op.gamma)
    scratch = Scratch(op, cx, "RmsNorm", dt.name, dt.size)

    def f(R):
        c = R[0]
        c.t += pre
        b, s_len, h, oh, recip = read(R[s_tiling])
        rows, h = int(b) * int(s_len), int(h)
        if rows <= 0 or h <= 0:
            raise InvalidArgumentError(
                f"has no shape to work on: the tiling gives bLength={b}, sLength={s_len}, "
                f"hLength={h} (fill the RmsNormTiling, e.g. from GetRmsNormTilingInfo)",
                site, core=c.block_idx)
        n = rows * h
        d, s, g = R[sd], R[ss], R[sg]
        dlo, dhi = local_span(c, d, 0, n, site, "writes")
        slo, shi = local_span(c, s, 0, n, site, "reads")
        glo, ghi = local_span(c, g, 0, h, site, "reads")
        if c.checking:
            for t in (d, s, g):
                check_align(c, t, site, "uses")
        tmp_bytes = scratch.check(c, R, [(d, dlo, dhi), (s, slo, shi), (g, glo, ghi)])
        x = np.asarray(dt.load(s.mem.bytes[slo:shi].view(dt.np)), np.float32).reshape(rows, h)
        gamma = np.asarray(dt.load(g.mem.bytes[glo:ghi].view(dt.np)), np.float32)
        scale = float(recip) if recip else 1.0 / float(oh or h)
        with np.errstate(all="ignore"):
            ms = (x.astype(np.float64) ** 2).sum(axis=1, keepdims=True) * scale
            rms = np.sqrt(ms + float(R[s_eps])).astype(np.float32)
            out = (x / rms * gamma).astype(np.float32)
            dt.store(d.mem.bytes[dlo:dhi].view(dt.np), out.reshape(-1))
        san = c.san
        if san is not None:
            record(san, site, [(s.mem, slo, shi), (g.mem, glo, ghi)], [scratch.span(R)],
                   [(d.mem, dlo, dhi)], True)
        c.run(V, c.cost.library("RmsNorm", dt.name, n, 4, tmp_bytes), c.cost.vector_latency,
              site)

    return f


@lowers(A.LayerNormOp)
def lower_layernorm(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    dt = dtype_of(op, cx, op.dst)
    _check_float(op, cx, dt)
    for v in (op.src, op.gamma, op.beta, op.outputMean, op.outputVariance):
        if dtype_of(op, cx, v) is not dt:
            raise InvalidArgumentError("LayerNorm takes every tensor of one element type", site)
    read = _field_reader(op.tiling.type, "bLength", "sLength", "hLength", "originalHLength",
                         "lastDimValueBack")
    s_tiling, s_eps = cx.slot(op.tiling), cx.slot(op.epsilon)
    slots = [cx.slot(v) for v in (op.dst, op.outputMean, op.outputVariance, op.src, op.gamma,
                                  op.beta)]
    scratch = Scratch(op, cx, "LayerNorm", dt.name, dt.size)

    def f(R):
        c = R[0]
        c.t += pre
        b, s_len, h, oh, back = read(R[s_tiling])
        rows, h = int(b) * int(s_len), int(h)
        if rows <= 0 or h <= 0:
            raise InvalidArgumentError(
                f"has no shape to work on: the tiling gives bLength={b}, sLength={s_len}, "
                f"hLength={h} (fill the LayerNormTiling, e.g. from GetLayerNormNDTilingInfo)",
                site, core=c.block_idx)
        d, mean_t, var_t, s, g, be = (R[k] for k in slots)
        spans = [local_span(c, d, 0, rows * h, site, "writes"),
                 local_span(c, mean_t, 0, rows, site, "writes"),
                 local_span(c, var_t, 0, rows, site, "writes"),
                 local_span(c, s, 0, rows * h, site, "reads"),
                 local_span(c, g, 0, h, site, "reads"),
                 local_span(c, be, 0, h, site, "reads")]
        tensors = (d, mean_t, var_t, s, g, be)
        if c.checking:
            for t in tensors:
                check_align(c, t, site, "uses")
        tmp_bytes = scratch.check(c, R, [(t, lo, hi) for t, (lo, hi) in zip(tensors, spans)])

        def load(t, span):
            return np.asarray(dt.load(t.mem.bytes[span[0]:span[1]].view(dt.np)), np.float32)

        x = load(s, spans[3]).reshape(rows, h)
        gamma, beta = load(g, spans[4]), load(be, spans[5])
        scale = float(back) if back else 1.0 / float(oh or h)
        with np.errstate(all="ignore"):
            mean = (x.astype(np.float64).sum(axis=1) * scale).astype(np.float32)
            centred = x - mean[:, None]
            var = ((centred.astype(np.float64) ** 2).sum(axis=1) * scale).astype(np.float32)
            rstd = (1.0 / np.sqrt(var + np.float32(R[s_eps]))).astype(np.float32)
            out = (centred * rstd[:, None] * gamma + beta).astype(np.float32)
            for t, span, values in ((d, spans[0], out.reshape(-1)), (mean_t, spans[1], mean),
                                    (var_t, spans[2], var)):
                dt.store(t.mem.bytes[span[0]:span[1]].view(dt.np), values)
        san = c.san
        if san is not None:
            mems = [(t.mem, lo, hi) for t, (lo, hi) in zip(tensors, spans)]
            record(san, site, mems[3:], [scratch.span(R), *mems[1:3]], mems[:1], True)
        c.run(V, c.cost.library("LayerNorm", dt.name, rows * h, 4, tmp_bytes),
              c.cost.vector_latency, site)

    return f


# --- AscendQuant -----------------------------------------------------------------------------


@lowers(A.QuantOp)
def lower_quant(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    st = dtype_of(op, cx, op.srcTensor)
    _check_float(op, cx, st)
    if dtype_of(op, cx, op.dst).name != "i8":
        raise InvalidArgumentError("AscendQuant writes int8 elements", site)
    f16, i8 = DTYPES["f16"], DTYPES["i8"]
    to_half = make_cast(st, f16, RoundMode.CAST_NONE)
    to_int8 = make_cast(f16, i8, RoundMode.CAST_NONE)
    sd, ss = cx.slot(op.dst), cx.slot(op.srcTensor)
    sscale, soff, sn = cx.slot(op.scale), cx.slot(op.offset), cx.slot(op.calCount)
    scratch = Scratch(op, cx, "AscendQuant", st.name, st.size)

    def f(R):
        c = R[0]
        c.t += pre
        d, s, n = R[sd], R[ss], int(R[sn])
        dlo, dhi = local_span(c, d, 0, n, site, "writes")
        slo, shi = local_span(c, s, 0, n, site, "reads")
        if c.checking:
            check_align(c, d, site, "writes")
            check_align(c, s, site, "reads")
        tmp_bytes = scratch.check(c, R, [(d, dlo, dhi), (s, slo, shi)])
        with np.errstate(all="ignore"):
            x = np.asarray(to_half(s.mem.bytes[slo:shi].view(st.np)), np.float16)
            y = (x * np.float16(R[sscale])).astype(np.float16)
            y = (y + np.float16(R[soff])).astype(np.float16)
            d.mem.bytes[dlo:dhi].view(np.int8)[...] = to_int8(y)
        san = c.san
        if san is not None:
            record(san, site, [(s.mem, slo, shi)], [scratch.span(R)], [(d.mem, dlo, dhi)],
                   True)
        c.run(V, c.cost.library("AscendQuant", st.name, n, 2, tmp_bytes),
              c.cost.vector_latency, site)

    return f


# --- Concat, Extract -------------------------------------------------------------------------


@lowers(A.ConcatOp)
def lower_concat(op, cx: Lowering):
    pre = cx.take_pre()
    sd, ss = cx.slot(op.dst), cx.slot(op.src)

    def f(R):
        c = R[0]
        c.t += pre
        d, s = R[sd], R[ss]
        # `concat = src;`: the destination tensor object now views the source
        d.mem, d.off, d.dt, d.n, d.pos, d.buf, d._view = s.mem, s.off, s.dt, s.n, s.pos, \
            s.buf, None

    return f


@lowers(A.ExtractOp)
def lower_extract(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    dt = dtype_of(op, cx, op.dstValue)
    _check_float(op, cx, dt)
    if dtype_of(op, cx, op.dstIndex).name not in ("ui32", "i32"):
        raise InvalidArgumentError("Extract writes uint32 indices", site)
    sv, si, ss, sr = (cx.slot(v) for v in (op.dstValue, op.dstIndex, op.src, op.repeatTime))

    def f(R):
        c = R[0]
        c.t += pre
        val, idx, src, reps = R[sv], R[si], R[ss], int(R[sr])
        if not 0 <= reps <= 255:
            raise InvalidArgumentError(f"has repeatTime {reps}; Extract takes 0 to 255", site,
                                       core=c.block_idx)
        n = 32 * reps
        vlo, vhi = local_span(c, val, 0, n, site, "writes")
        ilo, ihi = local_span(c, idx, 0, n, site, "writes")
        per = 8 // src.dt.size  # sorted elements are 8 bytes
        slo, shi = local_span(c, src, 0, n * per, site, "reads")
        pairs = src.mem.bytes[slo:shi].reshape(n, 8)
        val.mem.bytes[vlo:vhi].reshape(n, dt.size)[...] = pairs[:, :dt.size]
        idx.mem.bytes[ilo:ihi].reshape(n, 4)[...] = pairs[:, 4:]
        san = c.san
        if san is not None:  # two GatherMask with a barrier between: values, then indices
            record(san, site, [(src.mem, slo, shi)], [(val.mem, vlo, vhi)],
                   [(idx.mem, ilo, ihi)], True)
        c.run(V, c.cost.library("Extract", "f32", n * 2, 4, None), c.cost.vector_latency, site)

    return f
