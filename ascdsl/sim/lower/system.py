"""System queries, the system workspace, cache maintenance and scalar bit ops.

Each is one scalar instruction: the issue cycle the compiler charges before it is its cost.

- `GetSystemCycle()` reads the core's clock (the cycle the scalar unit has reached);
  `GetProgramCounter()` is the op's byte address in the kernel's instruction stream, 8 bytes
  per op in program order (the simulator has no binary; stable across runs);
  `GetDataBlockSizeInBytes()` is 32; `GetTaskRatio()` 1 (vector-only launches);
  `GetICachePreloadStatus()` 0 (the preload has finished: the simulator has no i-cache).
- The simulator's GM is coherent (every core reads what was last written): the data-cache
  maintenance ops change no value, but `DataCacheCleanAndInvalid` cleans and drops lines of
  the sanitizer's DCache model (sim/dcache.py), which reports where the hardware's scalar
  unit would read or leave other bytes; `DataSyncBarrier` waits for every pipe, like
  PipeBarrier<ALL>.
- `Trap()` stops the core with a TrapError located at the call; a `printf` right before it
  gives the error its text.
- `InitSocState()` resets the store-atomic mode and the vector mask.
"""

from __future__ import annotations


import numpy as np

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.enums import RoundMode
from ascdsl.dialects.ascendc.enums_sys import CacheLine, DcciDst

from ..casts import make_cast
from ..compiler import Lowering, lowers
from ..core import FULL_MASK
from ..dcache import clean_invalid
from ..dtypes import scalar_converter, sim_dtype
from ..errors import InvalidArgumentError, TrapError
from .sync import c_format

_U64 = (1 << 64) - 1


def _const_query(value_of):
    def lower(op, cx: Lowering):
        pre = cx.take_pre()
        conv = scalar_converter(op.value.type)
        o = cx.slot(op.value)
        fixed = value_of(op, cx)

        def f(R):
            R[0].t += pre
            R[o] = conv(fixed)

        return f

    return lower


lowers(A.GetDataBlockSizeInBytesOp)(_const_query(lambda op, cx: 32))
lowers(A.GetICachePreloadStatusOp)(_const_query(lambda op, cx: 0))
lowers(A.GetProgramCounterOp)(_const_query(lambda op, cx: 8 * cx.site(op).index))


@lowers(A.GetSystemCycleOp)
def lower_system_cycle(op, cx: Lowering):
    pre = cx.take_pre()
    conv = scalar_converter(op.value.type)
    o = cx.slot(op.value)

    def f(R):
        c = R[0]
        c.t += pre
        R[o] = conv(int(c.t))

    return f


@lowers(A.GetArchVersionOp, A.ICachePreLoadOp, A.DataCachePreloadOp)
def lower_no_effect(op, cx: Lowering):
    pre = cx.take_pre()

    def f(R):
        R[0].t += pre

    return f


@lowers(A.DataCacheCleanInvalidGlobalOp, A.DataCacheCleanInvalidGlobalNoDcciDstOp)
def lower_dcci(op, cx: Lowering):
    """GM stays coherent; the DCache model (sim/dcache.py, checked runs only) writes back and
    drops this core's lines. The form without a DcciDst keeps the DCache coherent with GM."""
    pre = cx.take_pre()
    site = cx.site(op)
    sd = cx.slot(op.dst)
    entire = CacheLine(op.enum_value("entireType"))
    dst = (DcciDst(op.enum_value("dcciDst")) if isinstance(op, A.DataCacheCleanInvalidGlobalOp)
           else DcciDst.CACHELINE_OUT)

    def f(R):
        c = R[0]
        c.t += pre
        if c.san is not None:
            clean_invalid(c, R[sd], entire, dst, site)

    return f


@lowers(A.DataSyncBarrierOp)
def lower_data_sync_barrier(op, cx: Lowering):
    pre = cx.take_pre()

    def f(R):
        c = R[0]
        c.t += pre
        c.barrier_all()

    return f


@lowers(A.TrapOp)
def lower_trap(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    # A printf right before the Trap says why the kernel stops (the lowering's bounds guards
    # do this): the error carries that text, not only stdout.
    said = op.prev_op if isinstance(op.prev_op, A.PrintfOp) else None
    fmt = said.desc.data if said is not None else ""
    vs = cx.slots(said.vars) if said is not None else []

    def f(R):
        c = R[0]
        c.t += pre
        why = "" if said is None else ": " + c_format(fmt, [R[v] for v in vs]).strip()
        raise TrapError("stops the kernel (Trap)" + why, site, core=c.block_idx)

    return f


@lowers(A.InitSocStateOp)
def lower_init_soc_state(op, cx: Lowering):
    pre = cx.take_pre()

    def f(R):
        c = R[0]
        c.t += pre
        c.atomic = None
        c.mask = FULL_MASK
        c.counter = False

    return f


@lowers(A.SetSysWorkspaceOp)
def lower_set_sys_workspace(op, cx: Lowering):
    pre = cx.take_pre()
    s = cx.slot(op.workspace)

    def f(R):
        c = R[0]
        c.t += pre
        c.sys_workspace = R[s]

    return f


@lowers(A.GetSysWorkspacePtrOp)
def lower_get_sys_workspace(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    o = cx.slot(op.ptr)

    def f(R):
        c = R[0]
        c.t += pre
        if c.sys_workspace is None:
            raise InvalidArgumentError(
                "reads the system workspace before SetSysWorkspace set it: the simulator has "
                "no framework that allocates one; pass a GM buffer and call set_sys_workspace",
                site, core=c.block_idx)
        R[o] = c.sys_workspace

    return f


# --- scalar bit ops ------------------------------------------------------------------------


def sff(value: int, bit: int) -> int:
    """Position of the lowest bit of the 64-bit `value` equal to `bit`; -1 when none is."""
    v = value & _U64
    if bit == 0:
        v = ~v & _U64
    return (v & -v).bit_length() - 1 if v else -1


def count_of_value(value: int, bit: int) -> int:
    ones = bin(value & _U64).count("1")
    return ones if bit else 64 - ones


def count_leading_zero(value: int) -> int:
    return 64 - (value & _U64).bit_length()


def count_same_as_sign(value: int) -> int:
    """Bits below the sign bit of the int64 `value` equal to it, up to the first that is not;
    -1 for 0 and -1, whose bits all equal the sign (CountBitsCntSameAsSignBit.md)."""
    v = value & _U64
    if v >> 63:
        v = ~v & _U64
    return 63 - v.bit_length() if v else -1


def _bit_query(fn):
    def lower(op, cx: Lowering):
        pre = cx.take_pre()
        site = cx.site(op)
        conv = scalar_converter(op.result.type)
        o, sv, sc = cx.slot(op.result), cx.slot(op.value), cx.slot(op.count_value)

        def f(R):
            c = R[0]
            c.t += pre
            bit = R[sc]
            if bit not in (0, 1):
                raise InvalidArgumentError(
                    f"counts bits equal to {bit}; countValue must be 0 or 1", site,
                    core=c.block_idx)
            R[o] = conv(fn(int(R[sv]), bit))

        return f

    return lower


lowers(A.ScalarGetSFFValueOp)(_bit_query(sff))
lowers(A.ScalarGetCountOfValueOp)(_bit_query(count_of_value))


def _bit_count(fn):
    def lower(op, cx: Lowering):
        pre = cx.take_pre()
        conv = scalar_converter(op.result.type)
        o, sv = cx.slot(op.result), cx.slot(op.value)

        def f(R):
            R[0].t += pre
            R[o] = conv(fn(int(R[sv])))

        return f

    return lower


lowers(A.ScalarCountLeadingZeroOp)(_bit_count(count_leading_zero))
lowers(A.CountBitsCntSameAsSignBitOp)(_bit_count(count_same_as_sign))


@lowers(A.ScalarCastOp)
def lower_scalar_cast(op, cx: Lowering):
    """ScalarCast rounds a float scalar exactly as Cast rounds a tensor element (casts.py)."""
    pre = cx.take_pre()
    src, dst = sim_dtype(op.value.type), sim_dtype(op.result.type)
    if src is None or dst is None or src.kind != "float":
        raise cx.error(op, f"casts {op.value.type} to {op.result.type}; ScalarCast converts "
                           "a float")
    convert = make_cast(src, dst, RoundMode(op.enum_value("roundMode")))
    out = scalar_converter(op.result.type)
    o, sv = cx.slot(op.result), cx.slot(op.value)
    is_int = dst.kind != "float"

    def f(R):
        R[0].t += pre
        r = convert(np.asarray([R[sv]], dtype=src.np))[0]
        R[o] = out(int(r) if is_int else float(r))

    return f




# --- cube modes and the HCCL context -------------------------------------------------------


@lowers(A.SetHF32TransModeOp, A.SetMMLayoutTransformOp)
def lower_cube_mode(op, cx: Lowering):
    """How f32 rounds to HF32 matters only with HF32 on, which an f32 Mmad refuses; the layout
    transform orders the cube's work, not its result: accepted, nothing modelled changes."""
    pre = cx.take_pre()

    def f(R):
        R[0].t += pre

    return f


@lowers(A.SetHF32ModeOp)
def lower_hf32_mode(op, cx: Lowering):
    """Remembered for Mmad: with HF32 on the cube rounds f32 inputs to HF32 first (HF32.md),
    whose width on the 910B is not documented, so an f32 Mmad then is not simulated."""
    pre = cx.take_pre()
    site = cx.site(op)
    sm = cx.slot(op.mode)

    def f(R):
        c = R[0]
        c.t += pre
        c.hf32 = site if R[sm] else None

    return f


def _hccl(c) -> dict:
    table = getattr(c.launch, "hccl_contexts", None)
    if table is None:
        table = c.launch.hccl_contexts = {}
    return table


@lowers(A.SetHcclContextOp)
def lower_set_hccl_context(op, cx: Lowering):
    pre = cx.take_pre()
    si, sc = cx.slot(op.index), cx.slot(op.context)

    def f(R):
        c = R[0]
        c.t += pre
        _hccl(c)[(c.block_idx, R[si])] = R[sc]

    return f


@lowers(A.GetHcclContextOp)
def lower_get_hccl_context(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    si, o = cx.slot(op.index), cx.slot(op.context)

    def f(R):
        c = R[0]
        c.t += pre
        ptr = _hccl(c).get((c.block_idx, R[si]))
        if ptr is None:
            raise InvalidArgumentError(
                f"reads HCCL context {R[si]} before SetHcclContext set it (the simulator has "
                "no HCCL runtime that would)", site, core=c.block_idx)
        R[o] = ptr

    return f
