"""set_flag / wait_flag / pipe_barrier, system variables and debug output."""

from __future__ import annotations

import re
import sys

import numpy as np

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.enums import Pipe
from ascdsl.dialects.ascendc.soc import EVENT_IDS

from ..compiler import Lowering, lowers
from ..dtypes import scalar_converter
from ..errors import InvalidArgumentError
from ..memory import GTensor
from ..sanitizer import PIPE_INDEX, S
from .common import gm_span, local_span


@lowers(A.SetFlagOp, A.WaitFlagOp)
def lower_flag(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    evt = op.enum_value("event")
    if evt.src_pipe not in PIPE_INDEX or evt.dst_pipe not in PIPE_INDEX:
        raise cx.error(op, f"uses {evt.keyword}, whose pipes the simulator does not model")
    sid = cx.slot(op.event_id)
    is_set = isinstance(op, A.SetFlagOp)

    def f(R):
        c = R[0]
        c.t += pre
        eid = R[sid]
        if not 0 <= eid < EVENT_IDS:
            c.check_id(evt, eid, site)
        if is_set:
            c.set_flag(evt, eid, site)
        else:
            c.wait_flag(evt, eid, site)

    return f


@lowers(A.PipeBarrierOp)
def lower_barrier(op, cx: Lowering):
    pre = cx.take_pre() + cx.soc.cost["barrier"] - cx.issue
    pipe = op.barrier_pipe
    if pipe == Pipe.PIPE_ALL:
        def all_(R):
            c = R[0]
            c.t += pre
            c.barrier_all()

        return all_
    p = PIPE_INDEX.get(pipe)
    if p is None or p == S:
        raise cx.error(op, f"on {pipe.name}, a pipe the 910B does not have (or the in-order "
                           "scalar pipe)")

    def one(R):
        c = R[0]
        c.t += pre
        c.barrier(p)

    return one


@lowers(A.GetBlockIdxOp, A.GetBlockNumOp, A.GetSubBlockIdxOp)
def lower_sysvar(op, cx: Lowering):
    pre = cx.take_pre()
    conv = scalar_converter(op.value.type)
    attr = {A.GetBlockIdxOp: "block_idx", A.GetBlockNumOp: "block_num"}.get(type(op))
    o = cx.slot(op.value)
    if attr is None:  # GetSubBlockIdx: AIV-only kernels run each vector core as its own block

        def sub(R):
            R[0].t += pre
            R[o] = conv(0)

        return sub

    def f(R):
        c = R[0]
        c.t += pre
        R[o] = conv(getattr(c, attr))

    return f


_C_SPEC = re.compile(r"%([-+ #0]*\d*(?:\.\d+)?)(?:hh|h|ll|l|L|z|j|t)?([diouxXeEfFgGcsp%])")


def c_format(fmt: str, args: list) -> str:
    """printf-style formatting with C length modifiers dropped (`%lld` -> `%d`)."""
    py = _C_SPEC.sub(lambda m: "%" + m.group(1) + ("x" if m.group(2) == "p" else m.group(2)), fmt)
    try:
        return py % tuple(args)
    except (TypeError, ValueError):
        return fmt + " " + " ".join(str(a) for a in args)


def emit_text(c, text: str) -> None:
    c.launch.printed.append(text)
    sys.stdout.write(text)
    sys.stdout.flush()


@lowers(A.PrintfOp)
def lower_printf(op, cx: Lowering):
    pre = cx.take_pre()
    fmt = op.desc.data
    vs = cx.slots(op.vars)

    def f(R):
        c = R[0]
        c.t += pre
        emit_text(c, c_format(fmt, [R[v] for v in vs]))

    return f


@lowers(A.DumpTensorOp)
def lower_dump_tensor(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    st, sd, sn = cx.slot(op.tensor), cx.slot(op.desc), cx.slot(op.dump_size)

    def f(R):
        c = R[0]
        c.t += pre
        t, desc, n = R[st], R[sd], R[sn]
        if n < 0:
            raise InvalidArgumentError(f"dumps {n} elements", site, core=c.block_idx)
        if isinstance(t, GTensor):
            lo, hi = gm_span(c, t, 0, n, site, "dumps")
            where = f"GM '{t.buf.name}'[{t.off}:]"
        else:
            lo, hi = local_span(c, t, 0, n, site, "dumps")
            where = t.describe()
        values = t.dt.load(t.mem.bytes[lo:hi].view(t.dt.np))
        with np.printoptions(threshold=64, edgeitems=8):
            text = (
                f"DumpTensor: desc={desc}, core={c.block_idx}, {t.dt.name}[{n}] at {where}: "
                f"{np.array2string(np.asarray(values), separator=', ')}\n"
            )
        emit_text(c, text)
        san = c.san
        if san is not None:
            san.access(t.mem, lo, hi, False, S, san.begin(S), site)
        c.run_scalar(c.cost.scalar_ub * max(1, n // 8), site)

    return f

