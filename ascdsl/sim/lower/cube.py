"""The cube unit: Nd2Nz copies into L1, LoadData into L0A/L0B, Mmad into L0C (Fixpipe out:
fixpipe.py).

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

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.enums import Hardware
from ascdsl.dialects.ascendc.types_cube import MmadParamsType

from ..compiler import Lowering, lowers, not_simulated
from ..dtypes import scalar_converter
from ..errors import InvalidArgumentError, NotSimulatedError
from ..sanitizer import M, MTE1, MTE2
from .common import check_align, dtype_of, gm_span, local_span, strided
from .copy import _record_blocks
from .unitflag import check_flag, mmad_after, mmad_before

FRACTAL = 512  # bytes of one 16 x C0 fractal
# MmadParams' six-value constructor: where it holds unitFlag and cmatrixInitVal.
_UNIT_NAMES = [f for f, _ in MmadParamsType.MMAD_UNIT_FORM]
_UNIT_FLAG, _UNIT_INIT = _UNIT_NAMES.index("unitFlag"), _UNIT_NAMES.index("cmatrixInitVal")
_UNIT_SOURCE = _UNIT_NAMES.index("cmatrixSource")
_I32 = np.iinfo(np.int32)

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
            c.run(MTE2, c.cost.nop(MTE2), 0.0, site)
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
            src = strided(sm.bytes, slo, (n, dv), (src_d * size, size), dt.np)
            dst = strided(dm.bytes, dlo, (n, blocks, c0),
                          (n_stride * c0 * size, c0_stride * c0 * size, size), dt.np)
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
            c.run(pipe, c.cost.nop(pipe), 0.0, site)
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
        src = strided(sm.bytes, slo, (rep, FRACTAL), (sstride * FRACTAL, 1))
        if down:
            src = src[::-1]
        dst = strided(dm.bytes, dlo, (rep, FRACTAL), (dstep * FRACTAL, 1))
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
            occ, lat = c.cost.load_data(sm.hw, dm.hw, rep * FRACTAL)
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
            c.run(M, c.cost.nop(M), 0.0, site)
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
