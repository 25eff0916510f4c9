"""AscendDequant (with a scale vector) and BroadCast, as their dav-c220 implementations run.

- AscendDequant reads DequantParams {m, n, calCount}: m rows of n int32 elements (n a
  multiple of 8, m x n within the source), each converted to float (Cast, ties to even); the
  first calCount columns are multiplied by deqScale[j] in float, the others pass unscaled, as
  the library's Mul masks them out (the docs call them undetermined; the implementation and
  the docs' own example keep float(src)). The rows go to dstT (float: Adds +0, so -0 becomes
  +0; half: Cast to nearest; bfloat16: Cast CAST_RINT) in rows of n rounded up to 32 bytes
  of dstT, the padding left as it was. In DEQUANT_WITH_SINGLE_ROW mode {1, n, c} with c a
  multiple of 32 / sizeof(dstT) dividing n is {n / c, c, c}. A uint64 scale holds a float in
  its low word.
- BroadCast<T, dim, axis> repeats src (srcShape) to dstShape, both dense: [m, 1] -> [m, n]
  (axis 1), [1, n] -> [m, n] (axis 0, n 32-byte aligned), equal sizes copy, one element fills.
  `axis` must be the axis the shapes broadcast (the dav-c220 code takes the path from it).

Both check their shapes as the headers' asserts do (a located `InvalidArgumentError`), need
GetXxxMaxMinTmpSize's minimum of scratch (scratch.py), and report a source overlapping the
destination (both APIs forbid it). Cost: `CostModel.vector_steps` over the instruction
sequences of the SoC's library table (`LIBRARY_910B["AscendDequant"]`, `["BroadCast"]`),
counted through the implementation's loops here.
"""

from __future__ import annotations

import numpy as np

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.enums import RoundMode

from ..casts import make_cast
from ..compiler import Lowering, lowers
from ..cost import CostModel
from ..dtypes import DTYPES
from ..errors import InvalidArgumentError
from ..sanitizer import V
from .common import check_align, dtype_of, local_span
from .scratch import Scratch, record

BLOCK = 32
FLOATS_PER_REPEAT = 64
MAX_REPEATS = 255


def _ceil(a: int, b: int) -> int:
    return -(-a // b)


def _align(a: int, b: int) -> int:
    return _ceil(a, b) * b


def _library(op, cx: Lowering, api: str):
    lib = cx.soc.library.get(api)
    if lib is None:
        raise cx.error(op, f"is not simulated on {cx.soc.name}: its library table has no "
                           f"{api} entry")
    return lib


def _overlap(c, site, what: str, a, alo: int, ahi: int, b, blo: int, bhi: int) -> None:
    if c.checking and a.mem is b.mem and alo < bhi and blo < ahi:
        c.finding(InvalidArgumentError(
            f"reads a source (bytes [{blo}, {bhi}) of {b.mem.name}) that overlaps its "
            f"destination (bytes [{alo}, {ahi})): {what} does not allow the two to overlap",
            site))


# --- AscendDequant -----------------------------------------------------------------------------


def dequant_steps(mix: str, dst: str, m: int, n: int, cal: int, tmp_floats: int
                  ) -> list[tuple[str, int, int]]:
    """The vector instructions of one AscendDequant call as (API, instructions, repeats):
    CalculateByInner's loops over chunks of k rows (k = the rows the scratch holds after the
    float scale row). `mix` is the library's sequence (scale, source, Mul, result); `dst` the
    destination's element type."""
    scale_api, src_api, mul_api, out_api = mix.split()
    n_dst = _align(n, BLOCK // DTYPES[dst].size)
    k = max(min((tmp_floats - _align(cal, 8)) // n, m), 1)
    scale_bytes = cal * (8 if scale_api == "GatherMask" else 4)

    def chunk(r: int) -> list[tuple[str, int, int]]:
        out = [(src_api, 1, CostModel.repeats(r * n * 4))]
        if n > MAX_REPEATS * 8:  # the repeat stride (n / 8 blocks) no longer fits: a Mul a row
            out.append((mul_api, r, r * _ceil(cal, FLOATS_PER_REPEAT)))
        else:
            main, tail = divmod(cal, FLOATS_PER_REPEAT)
            if main:
                out.append((mul_api, main, main * r))
            if tail:
                out.append((mul_api, _ceil(r, MAX_REPEATS), r))
        if dst == "f32" or n == n_dst:
            out.append((out_api, 1, CostModel.repeats(r * n * 4)))
        else:
            out.append((out_api, r, r * CostModel.repeats(n * 4)))
        return out

    full, rest = divmod(m, k)
    steps = [(scale_api, 1, CostModel.repeats(scale_bytes))]
    steps += [(api, i * full, reps * full) for api, i, reps in chunk(k)] if full else []
    return steps + (chunk(rest) if rest else [])


@lowers(A.AscendDequantOp)
def lower_ascend_dequant(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    dt, st = dtype_of(op, cx, op.dst), dtype_of(op, cx, op.deqScale)
    key = f"{dt.name}<{st.name}"
    lib = _library(op, cx, "AscendDequant")
    mix = lib.mix[key]
    per_float = lib.scratch_per_element(key)
    single_row = op.enum_value("mode") is A.DeQuantMode.DEQUANT_WITH_SINGLE_ROW
    fields = op.params.type.field_names()
    index = [fields.index(f) for f in ("m", "n", "calCount")]
    f32 = DTYPES["f32"]
    to_float = make_cast(DTYPES["i32"], f32, RoundMode.CAST_NONE)
    to_dst = make_cast(f32, dt, RoundMode.CAST_RINT if dt.is_bf16 else RoundMode.CAST_NONE)
    block = BLOCK // dt.size
    sd, ss, sc, sp = (cx.slot(v) for v in (op.dst, op.src, op.deqScale, op.params))
    scratch = Scratch(op, cx, "AscendDequant", dt.name, 4)

    def scale_row(t, lo: int, hi: int) -> np.ndarray:
        raw = t.mem.bytes[lo:hi]
        if st.name == "ui64":  # the float in each element's low word (little-endian)
            return raw.view(np.float32)[0::2].copy()
        return np.asarray(st.load(raw.view(st.np)), np.float32)

    def f(R):
        c = R[0]
        c.t += pre
        params = R[sp]
        m, n, cal = (int(params[i]) for i in index)
        d, s, sc_t = R[sd], R[ss], R[sc]

        def bad(message: str) -> InvalidArgumentError:
            return InvalidArgumentError(message, site, core=c.block_idx)

        if n % 8 or n <= 0:
            raise bad(f"has DequantParams.n = {n}: a row of int32 must be a positive multiple "
                      "of 32 bytes (8 elements)")
        if m <= 0:
            raise bad(f"has DequantParams.m = {m}; AscendDequant needs at least one row")
        if not 1 <= cal <= n:
            raise bad(f"has DequantParams.calCount = {cal}; it must be in [1, n = {n}]")
        if m * n > s.n:
            raise bad(f"has DequantParams {{m = {m}, n = {n}}}: {m * n} int32 elements, but "
                      f"the source holds {s.n}")
        if cal > sc_t.n:
            raise bad(f"has DequantParams.calCount = {cal}, but deqScale holds {sc_t.n} "
                      "elements")
        n_dst = _align(n, block)
        if m * n_dst > d.n:
            raise bad(f"writes {m} rows of {n_dst} {dt.name} (n = {n} rounded up to 32 bytes), "
                      f"but the destination holds {d.n}")
        if single_row and m == 1 and cal % block == 0 and n % cal == 0:
            m, n = n // cal, cal
            n_dst = _align(n, block)
        slo, shi = local_span(c, s, 0, m * n, site, "reads")
        clo, chi = local_span(c, sc_t, 0, cal, site, "reads")
        dlo, dhi = local_span(c, d, 0, (m - 1) * n_dst + n, site, "writes")
        if c.checking:
            for t, role in ((d, "writes"), (s, "reads"), (sc_t, "reads")):
                check_align(c, t, site, role)
        _overlap(c, site, "AscendDequant", d, dlo, dhi, s, slo, shi)
        need = (2 * n + FLOATS_PER_REPEAT + 8) * 4
        tmp_bytes = scratch.check(
            c, R, [(d, dlo, dhi), (s, slo, shi), (sc_t, clo, chi)], need=need,
            rule=f"2n + 72 floats for rows of n = {n}: GetAscendDequantMaxMinTmpSize's minimum")
        x = np.asarray(to_float(s.mem.bytes[slo:shi].view(np.int32)), np.float32).reshape(m, n)
        with np.errstate(all="ignore"):
            x[:, :cal] = x[:, :cal] * scale_row(sc_t, clo, chi)
            if dt.name == "f32":
                x = x + np.float32(0)
            out = to_dst(x)
            view = d.mem.bytes[dlo:dhi].view(dt.np)
            if n == n_dst:
                dt.store(view, out.reshape(-1))
            else:  # the padding after each row keeps what it held
                for i in range(m):
                    dt.store(view[i * n_dst:i * n_dst + n], out[i])
        san = c.san
        if san is not None:
            record(san, site, [(s.mem, slo, shi), (sc_t.mem, clo, chi)], [scratch.span(R)],
                   [(d.mem, dlo, dhi)], True)
        steps = dequant_steps(mix, dt.name, m, n, cal, tmp_bytes // per_float)
        c.run(V, c.cost.vector_steps(steps), c.cost.vector_latency, site)

    return f


# --- BroadCast ---------------------------------------------------------------------------------

BROADCAST_ELEMENTS = ("i8", "ui8", "f16", "f32")


def broadcast_path(dst: list[int], src: list[int], elem: int) -> str:
    """Which code of BroadCastCompute runs: the library table's key."""
    src_size, dst_size = int(np.prod(src)), int(np.prod(dst))
    if src_size == dst_size:
        return "same"
    if src_size == 1:
        return "one"
    if src[1] != 1:
        return "first"
    return "last" if dst[1] * elem % BLOCK == 0 else "last_unaligned"


def broadcast_min_tmp(path: str, dst: list[int], src: list[int], elem: int, b8: bool) -> int:
    """GetBroadCastMaxMinTmpSize's minimum on dav-c220 (8-bit elements computed as half)."""
    cast = (_align(int(np.prod(src)), 16) + _align(int(np.prod(dst)), 16)) * 2 if b8 else 0
    blk = BLOCK // elem
    if path in ("same", "one"):
        return cast + BLOCK if b8 else 0
    if path == "first":
        return cast + BLOCK
    brcb = blk * blk * elem
    if path == "last":
        return cast + brcb
    return cast + brcb + blk * _align(dst[1], blk) * elem


def broadcast_steps(lib, path: str, dst: list[int], src: list[int], elem: int, b8: bool,
                    tmp_bytes: int) -> list[tuple[str, int, int]]:
    """The vector instructions of one BroadCast call as (API, instructions, repeats), from
    the library's sequences for `path` and the implementation's loops."""
    apis = lib.mix[path].split()
    src_size, dst_size = int(np.prod(src)), int(np.prod(dst))
    steps: list[tuple[str, int, int]] = []
    if b8:
        cast_in, cast_out = lib.mix["b8"].split()
        steps += [(cast_in, 1, CostModel.repeats(src_size * 2)),
                  (cast_out, 1, CostModel.repeats(dst_size * 2))]
        tmp_bytes -= (_align(src_size, 16) + _align(dst_size, 16)) * 2
    if path in ("same", "one"):
        return steps + [(apis[0], 1, CostModel.repeats(dst_size * elem))]
    m, n = dst
    blk = BLOCK // elem
    if path == "first":
        dup, orr = apis
        if n >= MAX_REPEATS * blk:  # LoopBroadCast: one Or a row
            return steps + [(dup, 1, 1), (orr, m, m * CostModel.repeats(n * elem))]
        return steps + [(dup, 1, 1), (orr, _ceil(m, 8), _ceil(m, 8) * (n // blk))]
    row_bytes = _align(n, blk) * elem
    per_row = lib.scratch_per_element(path) + (row_bytes if path == "last_unaligned" else 0)
    rows = max(tmp_bytes // (per_row * blk) * blk, blk)
    brcb_max = MAX_REPEATS if elem == 4 else MAX_REPEATS - 1
    row_repeats = CostModel.repeats(row_bytes)
    full, rest = divmod(m, rows)
    for r, times in ((rows, full), (rest, 1 if rest else 0)):
        if not times:
            continue
        brcb = _ceil(r, 8)
        steps.append((apis[0], times * _ceil(brcb, brcb_max), times * brcb))
        steps.append((apis[1], times * _ceil(r, MAX_REPEATS), times * r * row_repeats))
        if path == "last_unaligned":
            steps.append((apis[2], times, times * r * row_repeats))
    return steps


@lowers(A.BroadCastOp)
def lower_broadcast(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    dt = dtype_of(op, cx, op.dst)
    if dt.name not in BROADCAST_ELEMENTS:
        raise InvalidArgumentError(
            f"AscendC::BroadCast broadcasts int8, uint8, half or float elements on dav-c220 "
            f"(its documented types), not {dt.name}", site)
    lib = _library(op, cx, "BroadCast")
    axis = op.axis.value.data
    b8 = dt.size == 1
    elem = 2 if b8 else dt.size  # 8-bit elements are broadcast as half
    sdst, ssrc = cx.slots(op.dstShape), cx.slots(op.srcShape)
    sd, ss = cx.slot(op.dst), cx.slot(op.src)
    scratch = Scratch(op, cx, "BroadCast", dt.name, dt.size)

    def f(R):
        c = R[0]
        c.t += pre
        dst = [int(R[k]) for k in sdst]
        src = [int(R[k]) for k in ssrc]

        def bad(message: str) -> InvalidArgumentError:
            return InvalidArgumentError(message, site, core=c.block_idx)

        if any(v <= 0 for v in dst + src) or any(s not in (1, d) for s, d in zip(src, dst)):
            raise bad(f"cannot broadcast srcShape {src} to dstShape {dst}: each source "
                      "extent must be positive and 1 or the destination's")
        path = broadcast_path(dst, src, elem)
        if path in ("first", "last", "last_unaligned"):
            shown = 0 if path == "first" else 1
            if shown != axis:
                raise bad(f"is BroadCast<T, 2, {axis}>, but srcShape {src} -> dstShape {dst} "
                          f"broadcasts axis {shown}: the template argument picks the code")
            if path == "first" and dst[1] * elem % BLOCK:
                raise bad(f"broadcasts axis 0 with rows of {dst[1]} {dt.name}: BroadCast "
                          "needs srcShape[1] 32-byte aligned there")
        src_size, dst_size = int(np.prod(src)), int(np.prod(dst))
        d, s = R[sd], R[ss]
        slo, shi = local_span(c, s, 0, src_size, site, "reads")
        dlo, dhi = local_span(c, d, 0, dst_size, site, "writes")
        if c.checking:
            check_align(c, d, site, "writes")
            check_align(c, s, site, "reads")
        _overlap(c, site, "BroadCast", d, dlo, dhi, s, slo, shi)
        need = broadcast_min_tmp(path, dst, src, elem, b8)
        tmp_bytes = scratch.check(
            c, R, [(d, dlo, dhi), (s, slo, shi)], need=need,
            rule=f"GetBroadCastMaxMinTmpSize's minimum for {src} -> {dst}")
        values = s.mem.bytes[slo:shi].view(dt.np).reshape(src)
        d.mem.bytes[dlo:dhi].view(dt.np)[...] = np.broadcast_to(values, dst).reshape(-1)
        san = c.san
        if san is not None:
            record(san, site, [(s.mem, slo, shi)], [scratch.span(R)], [(d.mem, dlo, dhi)],
                   True)
        steps = broadcast_steps(lib, path, dst, src, elem, b8, tmp_bytes)
        c.run(V, c.cost.vector_steps(steps), c.cost.vector_latency, site)

    return f
