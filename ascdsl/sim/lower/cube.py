"""The cube unit: Nd2Nz copies into L1, LoadData into L0A/L0B, Mmad into L0C, Fixpipe out.

Layouts, exactly as the hardware keeps them (C0 = 32 bytes of the input type: 16 halves, 8
floats, 32 int8; a fractal is 16 x C0 elements, 512 bytes):

- L1 after `DataCopy(Nd2NzParams)` (NZ): element (r, c) of an [n, d] matrix sits at
  `(c // C0) * dstNzC0Stride * C0 + r * dstNzNStride * C0 + c % C0`;
- L0A (ZZ): A[i, j] at `((i // 16) * K1 + j // C0) * 16 * C0 + (i % 16) * C0 + j % C0`;
- L0B (ZN): B[j, l] at `((j // C0) * N1 + l // 16) * 16 * C0 + (l % 16) * C0 + j % C0`
  (each fractal holds 16 columns of B, one after the other);
- L0C (NZ, f32 or i32): C[i, l] at `((l // 16) * M1 * 16 + i) * 16 + l % 16`; Fixpipe reads
  it with `srcStride` rows between column blocks.

`LoadData(LoadData2DParams)` copies whole 512-byte fractals (`ifTranspose` transposes each
16 x 16 one), which is how NZ in L1 becomes ZZ in L0A, and, transposed, ZN in L0B.
Mmad accumulates in f32 (i32 for int8); one 16 x 16 x C0 fractal product per cycle on M.
"""

from __future__ import annotations

import numpy as np
from numpy.lib.stride_tricks import as_strided

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.enums import Hardware
from ascdsl.dialects.ascendc.ops_cube import FixpipeBase
from ascdsl.dialects.ascendc.types_cube import (CO2Layout, FixpipeParamsV220Type, MmadParamsType,
                                                 QuantMode)

from ..atomic import ATOMIC_WRITE, combine_into
from ..compiler import Lowering, lowers, not_simulated
from ..dtypes import scalar_converter
from ..errors import InvalidArgumentError, NotSimulatedError
from ..sanitizer import FIX, M, MTE1, MTE2
from .common import check_align, dtype_of, gm_span, local_span
from .copy import _record_blocks
from .fixquant import SCALAR_OF, convert, fb_bytes, fb_chunks
from .unitflag import check_flag, fix_after, fix_before, mmad_after, mmad_before

FRACTAL = 512  # bytes of one 16 x C0 fractal
# MmadParams' six-value constructor: where it holds unitFlag and cmatrixInitVal.
_UNIT_NAMES = [f for f, _ in MmadParamsType.MMAD_UNIT_FORM]
_UNIT_FLAG, _UNIT_INIT = _UNIT_NAMES.index("unitFlag"), _UNIT_NAMES.index("cmatrixInitVal")
_UNIT_SOURCE = _UNIT_NAMES.index("cmatrixSource")
_I32 = np.iinfo(np.int32)
_FIX_UNIT_FLAG = FixpipeParamsV220Type.field_names().index("unitFlag")
_FIX_SPLIT = FixpipeParamsV220Type.field_names().index("isChannelSplit")

# (dst, fm, filter) element types Mmad takes on dav-c220 (kernel_operator_mm_impl.h).
MMAD_TYPES = {
    ("f32", "f16", "f16"), ("f32", "f32", "f32"), ("f32", "bf16", "bf16"), ("i32", "i8", "i8"),
}

# Forms of other core generations (the V2 2D parameters, the V1 3D ones): dav-c220's
# implementation of each (kernel_operator_mm_impl.h) is empty on the NPU and reports "not
# support" under CPU debug.
for _cls, _what in (
    (A.LoadDataL0V2Op, "LoadData with LoadData2DParamsV2"),
    (A.LoadDataG2LV2Op, "LoadData from GM with LoadData2DParamsV2"),
    (A.LoadDataWithTransposeV2Op, "LoadDataWithTranspose with LoadData2dTransposeParamsV2"),
    (A.LoadData3DL0V1Op, "img2col LoadData with LoadData3DParamsV1"),
):
    not_simulated(_cls, f"{_what} is not supported on the 910B: its Ascend C headers (dav-c220) "
                        "compile it to nothing and report it unsupported under CPU debug; use "
                        "LoadData2DParams (LoadData2dTransposeParams for LoadDataWithTranspose, "
                        "LoadData3DParamsV2 for img2col)")


def _where(t) -> str:
    pos = f"{t.pos.keyword} " if t.pos is not None else ""
    return f"a tensor in {pos}{t.mem.name}"


def loaded_dtype(op, cx: Lowering, api: str, sizes: tuple[int, ...] | None = None):
    """The element type a load moves (dst's, which src must share), refused at compile time
    when the sizes the load takes do not include it."""
    dt = dtype_of(op, cx, op.dst)
    if dtype_of(op, cx, op.src) is not dt:
        raise cx.error(op, f"loads {op.src.type} into {op.dst.type}: {api} copies T to T")
    if sizes is not None and dt.size not in sizes:
        bits = ", ".join(str(8 * n) for n in sizes)
        raise cx.error(op, f"loads {dt.name} elements; {api} takes {bits}-bit ones")
    return dt


def _require(c, t, allowed: tuple[Hardware, ...], role: str, api: str, site) -> None:
    if t.mem.hw not in allowed:
        names = " or ".join(h.name for h in allowed)
        raise InvalidArgumentError(
            f"{api} {role} {_where(t)}; it takes {names} there", site, core=c.block_idx
        )


# --- DataCopy(Nd2NzParams): GM -> L1 ---------------------------------------------------------


@lowers(A.DataCopyNd2NzOp)
def lower_nd2nz(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    dt = dtype_of(op, cx, op.dst)
    size = dt.size
    c0 = 32 // size
    if not isinstance(op.src.type, A.GlobalTensorType):
        raise cx.error(op, "copies Nd2Nz from a local tensor, which is not simulated (from GM "
                           "to L1 is)")
    sd, ss, sp = cx.slot(op.dst), cx.slot(op.src), cx.slot(op.intri_params)

    def f(R):
        c = R[0]
        c.t += pre
        d, s = R[sd], R[ss]
        nd_num, n, dv, src_mat, src_d, c0_stride, n_stride, dst_mat = R[sp][:8]
        _require(c, d, (Hardware.L1,), "writes", "DataCopy with Nd2NzParams", site)
        if nd_num == 0 or n == 0 or dv == 0:
            if c.checking:
                c.finding(InvalidArgumentError(
                    f"copies nothing (ndNum={nd_num}, nValue={n}, dValue={dv})", site))
            c.run(MTE2, c.cost.mte_issue, 0.0, site)
            return
        blocks = -(-dv // c0)
        if c.checking:
            check_align(c, d, site, "writes")
            # One row has no row stride: catlass copies rows past srcDValue's 16 bits one
            # at a time with srcDValue 0.
            if (n > 1 and src_d < dv) or (blocks > 1 and c0_stride < (n - 1) * n_stride + 1):
                c.finding(InvalidArgumentError(
                    f"copies nValue={n} rows of dValue={dv} elements, {src_d} apart in GM "
                    f"(srcDValue), into column blocks {c0_stride} C0 rows apart "
                    f"(dstNzC0Stride): rows overlap", site))
        full, tail = divmod(dv, c0)
        dm, sm = d.mem, s.mem
        san = c.san
        k = san.begin(MTE2) if san is not None else 0
        for t in range(nd_num):
            s_first = t * src_mat
            s_count = (n - 1) * src_d + dv
            slo, _ = gm_span(c, s, s_first, s_count, site, "reads")
            d_first = t * dst_mat
            d_count = (blocks - 1) * c0_stride * c0 + (n - 1) * n_stride * c0 + c0
            dlo, _ = local_span(c, d, d_first, d_count, site, "writes")
            src = as_strided(sm.bytes[slo:].view(dt.np), shape=(n, dv),
                             strides=(src_d * size, size))
            dst = as_strided(dm.bytes[dlo:].view(dt.np), shape=(n, blocks, c0),
                             strides=(n_stride * c0 * size, c0_stride * c0 * size, size))
            if full:
                dst[:, :full, :] = src[:, : full * c0].reshape(n, full, c0)
            if tail:
                # "当dValue * sizeof(T)不满足32字节对齐时，在目的矩阵中会补0对齐到32字节" (the
                # ND2NZ DataCopy page): the block's other columns become zeros, not stale data.
                dst[:, full, :tail] = src[:, full * c0:]
                dst[:, full, tail:] = 0
            if san is not None:
                _record_blocks(san, sm, slo, src_d * size, dv * size, n, False, MTE2, k, site)
                # NZ: row r of column block j at (r * nStride + j * dstNzC0Stride) * C0
                blen, bstep = c0 * size, c0_stride * c0 * size
                if n_stride == 1:
                    bursts = ((dlo, bstep, n * blen, blocks),)
                else:
                    bursts = tuple((dlo + r * n_stride * blen, bstep, blen, blocks)
                                   for r in range(n))
                san.access(dm, dlo, dlo + d_count * size, True, MTE2, k, site, bursts)
            c.gm_copy(MTE2, s.buf, slo, dv * size, src_d * size, n, False, s.cache[0], site,
                      l2_cap=c.cost.nd2nz_rate)

    return f


# --- LoadData(LoadData2DParams): L1 -> L0A / L0B, GM -> L1 / L0A / L0B --------------------


@lowers(A.LoadDataL0Op, A.LoadDataG2LOp)
def lower_load_data_2d(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    dt = loaded_dtype(op, cx, "LoadData")
    size = dt.size
    from_gm = isinstance(op, A.LoadDataG2LOp)
    # From GM the MTE2 engine fills L1 too; from L1, MTE1 fills L0A/L0B.
    pipe = MTE2 if from_gm else MTE1
    sources = () if from_gm else (Hardware.L1,)
    targets = (Hardware.L1, Hardware.L0A, Hardware.L0B) if from_gm else (
        Hardware.L0A, Hardware.L0B)
    api = "LoadData from GM" if from_gm else "LoadData with LoadData2DParams"
    sd, ss, sp = cx.slot(op.dst), cx.slot(op.src), cx.slot(op.params)

    def f(R):
        c = R[0]
        c.t += pre
        d, s = R[sd], R[ss]
        start, rep, sstride, _sid, dgap, transpose, addr_mode = R[sp][:7]
        if sources:
            _require(c, s, sources, "reads", api, site)
        _require(c, d, targets, "writes", api, site)
        if rep == 0:
            if c.checking:
                c.finding(InvalidArgumentError("loads repeatTimes=0 fractals (nothing)", site))
            c.run(pipe, c.cost.mte_issue, 0.0, site)
            return
        if transpose and (size != 2 or from_gm):
            raise InvalidArgumentError(
                f"transposes {dt.name} fractals{' from GM' if from_gm else ''}: ifTranspose of "
                "LoadData2DParams transposes 16 x 16 fractals of 16-bit types loaded from L1 "
                "(use LoadDataWithTranspose for others)", site, core=c.block_idx)
        per = FRACTAL // size
        dstep = 1 + dgap
        down = _addr_down(c, addr_mode, from_gm, d, site)
        # addrMode 1 walks the source down from startIndex (load2d.py's addr_calc_mode = -1):
        # the same fractals as walking up from the lowest one, in reverse order.
        first = start - (rep - 1) * sstride if down else start
        if first < 0:
            raise InvalidArgumentError(
                f"reads fractal {first} of the source: addrMode=1 steps down srcStride="
                f"{sstride} fractals from startIndex={start}, {rep} times", site,
                core=c.block_idx)
        span = gm_span if from_gm else local_span
        slo, _ = span(c, s, first * per, ((rep - 1) * sstride + 1) * per, site, "reads")
        dlo, _ = local_span(c, d, 0, ((rep - 1) * dstep + 1) * per, site, "writes")
        if c.checking:
            check_align(c, d, site, "writes")
            if not from_gm:
                check_align(c, s, site, "reads")
        dm, sm = d.mem, s.mem
        src = as_strided(sm.bytes[slo:], shape=(rep, FRACTAL), strides=(sstride * FRACTAL, 1))
        if down:
            src = src[::-1]
        dst = as_strided(dm.bytes[dlo:], shape=(rep, FRACTAL), strides=(dstep * FRACTAL, 1))
        if transpose:
            moved = src.view(np.uint16).reshape(rep, 16, 16).transpose(0, 2, 1)
            dst.view(np.uint16).reshape(rep, 16, 16)[...] = moved
        else:
            dst[...] = src
        san = c.san
        if san is not None:
            k = san.begin(pipe)
            _record_blocks(san, sm, slo, sstride * FRACTAL, FRACTAL, rep, False, pipe, k, site)
            _record_blocks(san, dm, dlo, dstep * FRACTAL, FRACTAL, rep, True, pipe, k, site)
        if from_gm:
            c.gm_copy(pipe, s.buf, slo, FRACTAL, sstride * FRACTAL, rep, False, s.cache[0], site)
        else:
            occ, lat = c.cost.load_data(sm.hw, dm.hw, rep * FRACTAL, rep)
            c.run(pipe, occ, lat, site)

    return f


def _addr_down(c, addr_mode: int, from_gm: bool, d, site) -> bool:
    """Whether LoadData2DParams.addrMode walks the source down (1) rather than up (0)."""
    if addr_mode == 0:
        return False
    if addr_mode != 1:
        raise InvalidArgumentError(
            f"loads with addrMode={addr_mode}; LoadData2DParams.addrMode is 0 (source index "
            "increasing) or 1 (decreasing)", site, core=c.block_idx)
    if not (from_gm and d.mem.hw is Hardware.L1):
        # The LoadData page: "目前仅GM->L1 Buffer通路支持配置"; what other paths do with it is
        # not documented.
        raise NotSimulatedError(
            "loads with addrMode=1 on a path other than GM -> L1, the only one the LoadData "
            "page documents it for; use addrMode=0", site, core=c.block_idx)
    return True


# --- Mmad: L0A x L0B -> L0C -----------------------------------------------------------------------


def _mmad_form(op) -> bool:
    """True when MmadParams was built with (m, n, k, unitFlag, cmatrixSource, cmatrixInitVal)."""
    owner = op.params.owner
    return isinstance(owner, A.ConstructOp) and len(owner.args) == len(
        MmadParamsType.MMAD_UNIT_FORM)


@lowers(A.MmadOp, A.MmadWithBiasOp)
def lower_mmad(op, cx: Lowering, sparse=None):
    """`sparse` (sim/lower/sparse.py, MmadWithSparse): L0B holds the dense half of B's K and
    `sparse(c, b, blo, bm, k, k_cols, site)` expands it to A's K (k_cols rows) with the core's
    index buffer."""
    pre = cx.take_pre()
    site = cx.site(op)
    dtd, dta, dtb = (dtype_of(op, cx, v) for v in (op.dst, op.fm, op.filter))
    if (dtd.name, dta.name, dtb.name) not in MMAD_TYPES:
        raise cx.error(op, f"multiplies {dta.name} x {dtb.name} into {dtd.name}; Mmad takes "
                           "f16 x f16, f32 x f32 or bf16 x bf16 into f32, and i8 x i8 into i32")
    with_bias = isinstance(op, A.MmadWithBiasOp)
    unit_form = _mmad_form(op)
    c0 = 32 // dta.size
    acc = np.int32 if dtd.name == "i32" else np.float32
    sd, sa, sb, sp = cx.slot(op.dst), cx.slot(op.fm), cx.slot(op.filter), cx.slot(op.params)
    sbias = cx.slot(op.bias) if with_bias else None
    dtbias = dtype_of(op, cx, op.bias) if with_bias else None

    def f(R):
        c = R[0]
        c.t += pre
        d, a, b = R[sd], R[sa], R[sb]
        vals = R[sp]
        m, n, k = vals[:3]
        flag = 0
        # What reaches `mad` (dav_c220 kernel_operator_mm_impl.h / _base_impl.h): without a bias
        # tensor cmatrixInitVal && !isBias and cmatrixSource; with one, cmatrixInitVal as given
        # (isBias is not looked at) and cmatrixSource = 1. The 8-value constructor leaves
        # cmatrixInitVal = true, cmatrixSource = false; the 6-value one leaves isBias = false.
        if unit_form:
            init = bool(vals[_UNIT_INIT])
            source = bool(vals[_UNIT_SOURCE])
            flag = vals[_UNIT_FLAG]
            check_flag(c, flag, "Mmad", site)
        else:
            init = with_bias or not vals[3]
            source = False
        api = "Mmad" if sparse is None else "MmadWithSparse"
        if c.hf32 is not None and dta.name == "f32":
            where = f" at {c.hf32.loc}" if c.hf32.loc is not None else ""
            raise NotSimulatedError(
                f"multiplies f32 with HF32 mode on (SetHF32Mode(true){where}): the cube rounds "
                "f32 inputs to HF32 first, whose width on this SoC is not documented; turn it "
                "off to simulate", site, core=c.block_idx)
        if not with_bias and source and not init:
            raise NotSimulatedError(
                "starts C from the bias table (cmatrixSource=1, cmatrixInitVal=0) without a "
                "bias tensor: which BT address the hardware reads then is not documented; pass "
                "the bias tensor, Mmad(dst, fm, filter, bias, params)", site, core=c.block_idx)
        _require(c, a, (Hardware.L0A,), "reads its left matrix (fm) from", api, site)
        _require(c, b, (Hardware.L0B,), "reads its right matrix (filter) from", api, site)
        _require(c, d, (Hardware.L0C,), "accumulates into", api, site)
        if m == 0 or n == 0 or k == 0:
            if c.checking:
                c.finding(InvalidArgumentError(f"multiplies an empty matrix (m={m}, n={n}, "
                                               f"k={k})", site))
            c.run(M, c.cost.mte_issue, 0.0, site)
            return
        m1, n1, k1 = -(-m // 16), -(-n // 16), -(-k // c0)
        # M = 1 is GEMV: the cube reads A's K values as one ND row, and only row 0 of each of
        # C's fractals is a result (the Mmad page's constraints, Mmad计算关键特性说明/GEMV.md).
        gemv = m == 1
        if gemv and sparse is not None:
            raise InvalidArgumentError(
                "multiplies with m=1: MmadWithSparse has no GEMV mode (its page's constraints)",
                site, core=c.block_idx)
        a_len = k1 * c0 if gemv else m1 * k1 * 16 * c0
        kb1 = k1 if sparse is None else -(-(k // 2) // c0)  # B's blocks of K in L0B
        alo, _ = local_span(c, a, 0, a_len, site, "reads")
        blo, _ = local_span(c, b, 0, kb1 * n1 * 16 * c0, site, "reads")
        dlo, _ = local_span(c, d, 0, n1 * m1 * 256, site, "writes")
        if c.checking:
            for t, role in ((a, "reads"), (b, "reads"), (d, "writes")):
                check_align(c, t, site, role)
        av = dta.load(a.mem.bytes[alo:alo + a_len * dta.size].view(dta.np))
        bv = dtb.load(b.mem.bytes[blo:blo + kb1 * n1 * FRACTAL].view(dtb.np))
        if gemv:
            am = av.reshape(1, k1 * c0)
        else:
            am = av.reshape(m1, k1, 16, c0).transpose(0, 2, 1, 3).reshape(m1 * 16, k1 * c0)
        bm = bv.reshape(kb1, n1, 16, c0).transpose(0, 3, 1, 2).reshape(kb1 * c0, n1 * 16)
        if sparse is not None:
            bm = sparse(c, b, blo, bm, k, k1 * c0, site)
        rows = am.shape[0]
        # Integers only saturate (the Mmad page: "对于整数类型只有饱和模式"): sum in int64,
        # then clamp the result to int32.
        wide = np.int64 if acc is np.int32 else acc
        prod = am[:, :k].astype(wide) @ bm[:k, :].astype(wide)
        cview = d.mem.bytes[dlo:dlo + n1 * m1 * 256 * 4].view(acc).reshape(n1, m1 * 16, 16)
        cmat = cview[:, :rows, :]
        if with_bias:
            bias = R[sbias]
            _require(c, bias, (Hardware.BIAS,), "adds a bias row from", api, site)
            blo2, _ = local_span(c, bias, 0, n1 * 16, site, "reads")
            if init:
                if c.checking:
                    c.finding(InvalidArgumentError(
                        "adds no bias: with cmatrixInitVal=true (the default, and what the "
                        "8-value MmadParams constructor leaves) the cube starts C from zero and "
                        "ignores the bias tensor; set cmatrixInitVal=false", site))
            else:
                row = dtbias.load(
                    bias.mem.bytes[blo2:blo2 + n1 * 16 * dtbias.size].view(dtbias.np))
                prod += row.astype(wide)[None, :]
        elif not init:
            prod += cmat.transpose(1, 0, 2).reshape(rows, n1 * 16)
        if acc is np.int32:
            prod = np.clip(prod, _I32.min, _I32.max)
        cmat[...] = prod.reshape(rows, n1, 16).transpose(1, 0, 2)
        # One 16 x 16 x C0 fractal product per cycle (4096 f16 MACs).
        cost = c.cost
        # MmadWithSparse: the products of the dense half (an estimate: no published timing)
        occ = cost.cube_issue + m1 * n1 * kb1
        units = None
        if flag & 2:  # UnitFlag (sim/lower/unitflag.py): L0C's units order it with FIX
            units = mmad_before(c, d.mem, dlo, dlo + n1 * m1 * 1024, occ, site)
        san = c.san
        if san is not None:
            k_ = san.begin(M)
            san.access(a.mem, alo, alo + a_len * dta.size, False, M, k_, site)
            san.access(b.mem, blo, blo + kb1 * n1 * FRACTAL, False, M, k_, site)
            if with_bias and not init:
                san.access(bias.mem, blo2, blo2 + n1 * 16 * dtbias.size, False, M, k_, site)
            elif not with_bias and not init:
                san.access(d.mem, dlo, dlo + n1 * m1 * 1024, False, M, k_, site)
            san.access(d.mem, dlo, dlo + n1 * m1 * 1024, True, M, k_, site)
        start = max(c.t, c.free[M])
        c.run(M, occ, cost.local_latency, site)
        if units is not None:
            mmad_after(c, d.mem, units, flag, start)

    return f


# --- Fixpipe: L0C -> GM -----------------------------------------------------------------------

# quantPre -> (L0C element type, destination element types) Fixpipe converts between. The
# scalar quantising modes take FixpipeParamsV220.deqScalar, the vector ones (V*) a word per
# column from the L1 workspace (sim/lower/fixquant.py has the arithmetic).
_QUANT = {
    QuantMode.NoQuant: None,  # same type in and out
    QuantMode.F322F16: ("f32", ("f16",)),
    QuantMode.F322BF16: ("f32", ("bf16",)),
    QuantMode.DEQF16: ("i32", ("f16",)),
    QuantMode.VDEQF16: ("i32", ("f16",)),
    QuantMode.QF322B8_PRE: ("f32", ("i8", "ui8")),
    QuantMode.VQF322B8_PRE: ("f32", ("i8", "ui8")),
    QuantMode.REQ8: ("i32", ("i8", "ui8")),
    QuantMode.VREQ8: ("i32", ("i8", "ui8")),
}


def _fixpipe_mode(c, quant: int, dts, dtd, has_ws: bool, site) -> QuantMode:
    """quantPre as a QuantMode, checked against the element types and the form of the call."""
    if quant not in QuantMode._value2member_map_ or QuantMode(quant) not in _QUANT:
        raise InvalidArgumentError(
            f"converts with quantPre={quant}, which is not a QuantMode_t of the 910B (NoQuant, "
            "F322F16, F322BF16, DEQF16, VDEQF16, QF322B8_PRE, VQF322B8_PRE, REQ8, VREQ8)",
            site, core=c.block_idx)
    mode = QuantMode(quant)
    conv = _QUANT[mode]
    want = (dts.name, (dts.name,)) if conv is None else conv
    if dts.name != want[0] or dtd.name not in want[1]:
        raise InvalidArgumentError(
            f"writes {dts.name} L0C values to a {dtd.name} tensor with quantPre="
            f"{mode.name}, which converts {want[0]} to {' or '.join(want[1])}",
            site, core=c.block_idx)
    if mode in SCALAR_OF and not has_ws:
        # The headers run the mode with whatever FB holds: a stale vector on hardware.
        raise InvalidArgumentError(
            f"converts with quantPre={mode.name}, a scale per column, without the scale vector: "
            "pass it as the cbuf_workspace argument (a uint64 tensor in A1), Fixpipe(dst, src, "
            "cbufWorkspace, params)", site, core=c.block_idx)
    return mode


def _scale_words(c, w, n: int, site) -> np.ndarray:
    """The n scale words of the workspace (one per column), read as FIX's L1 -> FB loads read
    them (the sanitizer sees an L1 read on FIX)."""
    _require(c, w, (Hardware.L1,), "reads its scale vector from", "Fixpipe", site)
    if w.dt.name != "ui64":
        raise InvalidArgumentError(
            f"reads its scale vector from a {w.dt.name} tensor; cbufWorkspace holds uint64 "
            "words (LocalTensor<uint64_t>)", site, core=c.block_idx)
    if c.checking:
        check_align(c, w, site, "reads")
    lo, hi = local_span(c, w, 0, n, site, "reads")
    if c.san is not None:
        c.san.access(w.mem, lo, hi, False, FIX, c.san.begin(FIX), site)
    return w.mem.bytes[lo:hi].view(np.uint64).copy()[None, :]


@lowers(A.FixpipeOp, A.FixpipeWithWorkspaceOp)
def lower_fixpipe(op, cx: Lowering):
    """Fixpipe(dst, src, [cbufWorkspace,] params) into GM rows (CFG_ROW_MAJOR); the NZ layout,
    into GM or L1, in fixpipe_nz.py."""
    assert isinstance(op, FixpipeBase)
    pre = cx.take_pre()
    site = cx.site(op)
    layout = op.layout()
    if layout is None:
        raise cx.error(op, "takes a FixpipeConfig that is not a constant; build it with "
                           "ascendc.construct from a constant CO2Layout")
    if layout is not CO2Layout.ROW_MAJOR:
        from .fixpipe_nz import lower_fixpipe_nz  # it builds on this module

        return lower_fixpipe_nz(op, cx, layout, pre, site)
    if not isinstance(op.dst.type, A.GlobalTensorType):
        raise cx.error(op, "writes L1 in ND rows (CFG_ROW_MAJOR): Fixpipe into L1 writes NZ "
                           "only (CheckFixpipeL0C2L1Param); use CFG_NZ")
    dts, dtd = dtype_of(op, cx, op.src), dtype_of(op, cx, op.dst)
    if dts.name not in ("f32", "i32"):
        raise cx.error(op, f"reads {dts.name} from L0C, which holds f32 or i32")
    ss, sd, sp = cx.slot(op.src), cx.slot(op.dst), cx.slot(op.params)
    ws = op.cbuf_workspace if isinstance(op, A.FixpipeWithWorkspaceOp) else None
    sw = None if ws is None else cx.slot(ws)

    def f(R):
        c = R[0]
        c.t += pre
        d, s = R[sd], R[ss]
        prm = R[sp]
        n, m, src_stride, dst_stride, relu, quant, deq, nd_num, src_nd, dst_nd = prm[:10]
        flag = prm[_FIX_UNIT_FLAG]
        check_flag(c, flag, "Fixpipe", site)
        _require(c, s, (Hardware.L0C,), "reads", "Fixpipe", site)
        mode = _fixpipe_mode(c, quant, dts, dtd, sw is not None, site)
        if sw is not None and mode not in SCALAR_OF:
            # FixpipeL0C2GMImpl with a workspace runs only the vector modes and returns
            # without moving anything for the others.
            if c.checking:
                c.finding(InvalidArgumentError(
                    f"writes nothing: with a cbufWorkspace, Fixpipe runs only the vector "
                    f"quantPre modes (VDEQF16, VQF322B8_PRE, VREQ8), not {mode.name}; call it "
                    "without the workspace", site))
            return
        if prm[_FIX_SPLIT]:
            # CheckFixpipeL0C2GMParam asserts "when isChannelSplit is set true, format must be
            # set as NZ"; the ND rows here have no channel split.
            raise InvalidArgumentError(
                "splits channels (isChannelSplit) while writing ND rows (CFG_ROW_MAJOR); "
                "channel split is for the NZ layout only", site, core=c.block_idx)
        if m == 0 or n == 0 or nd_num == 0:
            if c.checking:
                c.finding(InvalidArgumentError(
                    f"writes an empty block (mSize={m}, nSize={n}, ndNum={nd_num})", site))
            c.run(FIX, c.cost.mte_issue, 0.0, site)
            return
        if c.checking and (src_stride < m or src_stride % 16):
            c.finding(InvalidArgumentError(
                f"reads L0C with srcStride={src_stride} for mSize={m}: column blocks of L0C are "
                "a multiple of 16 rows apart and hold all mSize rows", site))
        if c.checking and dst_stride < n:
            c.finding(InvalidArgumentError(
                f"writes rows of nSize={n} elements dstStride={dst_stride} apart: they overlap",
                site))
        n1 = -(-n // 16)
        ssz, dsz = dts.size, dtd.size
        # NZ2ND of ndNum matrices: srcNdStride counts 1024-byte fractals of L0C (16 * C0_Size;
        # the Matmul library's SetNdParams divides bytes by 1024), dstNdStride elements.
        mats = []
        for t in range(nd_num):
            slo, _ = local_span(c, s, t * src_nd * (1024 // ssz),
                                ((n1 - 1) * src_stride + m) * 16, site, "reads")
            dlo, _ = gm_span(c, d, t * dst_nd, (m - 1) * dst_stride + n, site, "writes")
            mats.append((slo, dlo))
        if mode in SCALAR_OF:
            bits = _scale_words(c, R[sw], n, site)
        else:
            bits = np.array([int(deq) & 0xFFFFFFFFFFFFFFFF], np.uint64)
        dm = d.mem
        how = True
        atomic = c.atomic
        if atomic is not None and atomic.active:
            # The store-atomic unit sits after FIX's conversion, as for MTE3 (split-K
            # kernels accumulate partial sums in GM this way); it combines in its own type.
            if atomic.dt.name != dtd.name:
                raise InvalidArgumentError(
                    f"writes {dtd.name} with the atomic mode set for {atomic.dt.name}; "
                    f"SetAtomic*<T> must name the type Fixpipe writes", site,
                    core=c.block_idx)
            how = ATOMIC_WRITE
        for slo, dlo in mats:
            blocks = as_strided(s.mem.bytes[slo:].view(dts.np), shape=(n1, m, 16),
                                strides=(src_stride * 16 * ssz, 16 * ssz, ssz))
            vals = blocks.transpose(1, 0, 2).reshape(m, n1 * 16)[:, :n]
            if relu:
                # Normal ReLU scales negative values by M2 = 0 (asc-devkit
                # "随路量化与随路ReLU场景组合"), the same as cutting them before the scale
                vals = np.maximum(vals, 0)
            vals = convert(vals, mode, bits, dtd.np, site, c.block_idx)
            rows = as_strided(dm.bytes[dlo:].view(dtd.np), shape=(m, n),
                              strides=(dst_stride * dsz, dsz))
            if how is ATOMIC_WRITE:
                combine_into(atomic.kind, dtd, rows, vals)
            else:
                dtd.store(rows, vals)
        rate = c.cost.fix_rate
        units = None
        if flag & 2:  # UnitFlag (sim/lower/unitflag.py): L0C's units order it with M
            # FIX reads whole fractals, so a tail of m rows takes its column block's units
            # up to the next 16 rows, as the Mmad wrote them.
            col, height = src_stride * 16 * ssz, -(-m // 16) * 16 * 16 * ssz
            units = fix_before(c, s.mem, [(slo + j * col, slo + j * col + height)
                                          for slo, _ in mats for j in range(n1)],
                               nd_num * m * n * dsz / rate, site)
        start = max(c.t, c.free[FIX])
        san = c.san
        if san is not None:
            k = san.begin(FIX)
            step, length = dst_stride * dsz, n * dsz
            for slo, dlo in mats:
                _record_blocks(san, s.mem, slo, src_stride * 16 * ssz, m * 16 * ssz, n1, False,
                               FIX, k, site)
                # Row by row: the cores of a matmul write interleaved rows of one C, and a
                # covering range would make them overlap.
                for i in range(m):
                    san.access(dm, dlo + i * step, dlo + i * step + length, how, FIX, k, site)
        # One Fixpipe moves the block at FIX's own rate (`fix_rate`, the MDL template's
        # Fixpipe, which has no UnitFlag). NORM's `fix_burst` per row is not a transfer rate:
        # with UnitFlag its Fixpipe is issued about 5.8 K steps before the block's last Mmad
        # and its busy time spans them (mm-0 and mm-1 alike), so a Fixpipe that follows its
        # Mmads' flag does not pay it.
        if mode not in SCALAR_OF:
            for _, dlo in mats:
                c.gm_copy(FIX, d.buf, dlo, n * dsz, dst_stride * dsz, m, True, d.cache[1], site,
                          0.0, write_rate=rate)
        else:
            # Per chunk of columns (FixpipeL0C2GMImplN): FIX loads the chunk's words L1 -> FB
            # (copy_cbuf_to_fbuf, a FIX instruction), PipeBarrier<PIPE_FIX>, then converts
            # and writes the chunk's columns of every row.
            for col0, width in fb_chunks(n):
                occ, lat = c.cost.copy(Hardware.L1, Hardware.FIXBUF, fb_bytes(width))
                c.run(FIX, occ, lat, site)
                c.barrier(FIX)
                for _, dlo in mats:
                    c.gm_copy(FIX, d.buf, dlo + col0 * dsz, width * dsz, dst_stride * dsz, m,
                              True, d.cache[1], site, 0.0, write_rate=rate)
        if units is not None:
            fix_after(c, s.mem, units, flag, start)

    return f


# --- core type ----------------------------------------------------------------------------------


@lowers(A.AscendIsAICOp, A.AscendIsAIVOp, A.GetSubBlockNumOp, A.GetTaskRatioOp)
def lower_core_type(op, cx: Lowering):
    """Which kind of core runs this timeline (sim/mix.py): in a mixed launch the AIC and the
    AIVs of each AI core; otherwise the cube cores for a kernel that uses the cube, else the
    vector cores. GetSubBlockNum() and GetTaskRatio() are 1 on the AIC and the AIVs per AIC on
    an AIV (dav_c220's GetTaskRationImpl: get_subblockdim() there)."""
    pre = cx.take_pre()
    conv = scalar_converter(op.value.type)
    o = cx.slot(op.value)
    kind = {A.AscendIsAICOp: "aic", A.AscendIsAIVOp: "aiv"}.get(type(op))

    def f(R):
        c = R[0]
        c.t += pre
        R[o] = conv(c.sub_num if kind is None else int(c.kind == kind))

    return f
