"""set_flag / wait_flag / pipe_barrier, system variables and printf (DumpTensor: debug.py)."""

from __future__ import annotations

import re
import sys

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.enums import HardEvent, Pipe
from ascdsl.dialects.ascendc.soc import EVENT_IDS

from ..compiler import Lowering, lowers
from ..dtypes import scalar_converter
from ..errors import EventError, InvalidArgumentError
from ..sanitizer import PIPE_INDEX, S


def _noop_finding(pre: float, finding):
    """An op that runs as nothing but its issue cost, reported once per core as `finding`."""

    def f(R):
        c = R[0]
        c.t += pre
        if c.checking:
            c.finding(finding)

    return f


@lowers(A.SetFlagOp, A.WaitFlagOp)
def lower_flag(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    evt = op.enum_value("event")
    if evt is HardEvent.MAX:
        return _noop_finding(pre, EventError(
            f"{'SetFlag' if isinstance(op, A.SetFlagOp) else 'WaitFlag'}<HardEvent::MAX> "
            "orders nothing: MAX is the enum's bound, and the headers compile it to no "
            "instruction (kernel_event.h)", site, warning=True))
    if evt.src_pipe not in PIPE_INDEX or evt.dst_pipe not in PIPE_INDEX:
        raise cx.error(op, f"uses {evt.keyword}, whose pipes the simulator does not model")
    sid = cx.slot(op.event_id)
    is_set = isinstance(op, A.SetFlagOp)
    own = A.AUTO_SYNC_ATTR in op.attributes  # bisheng's auto-sync: its ids are not the kernel's

    def f(R):
        c = R[0]
        c.t += pre
        eid = R[sid]
        if not 0 <= eid < EVENT_IDS:
            c.check_id(evt, eid, site)
        if is_set:
            c.set_flag(evt, eid, site, own)
        else:
            c.wait_flag(evt, eid, site, own)

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
    if p == S:
        return _noop_finding(pre, InvalidArgumentError(
            "PipeBarrier<PIPE_S> orders nothing (the scalar pipe runs in order); the 910B "
            "headers ASCENDC_DEBUG_ASSERT on it (kernel_reg.h), so a CPU-debug or "
            "ASCENDC_DEBUG build aborts here", cx.site(op), warning=True))
    if p is None:
        raise cx.error(op, f"on {pipe.name}, a pipe the 910B does not have")

    def one(R):
        c = R[0]
        c.t += pre
        c.barrier(p)

    return one


@lowers(A.GetBlockIdxOp, A.GetBlockNumOp, A.GetSubBlockIdxOp)
def lower_sysvar(op, cx: Lowering):
    """GetBlockIdx counts vector cores on an AIV of a mixed launch (block * GetSubBlockNum()
    + GetSubBlockIdx()) and AI cores on an AIC; GetBlockNum is the launch's block count on
    both; GetSubBlockIdx is 0 on the AIC and on single-kind launches (sim/mix.py)."""
    pre = cx.take_pre()
    conv = scalar_converter(op.value.type)
    attr = {A.GetBlockIdxOp: "hw_block_idx", A.GetBlockNumOp: "block_num",
            A.GetSubBlockIdxOp: "sub_idx"}[type(op)]
    o = cx.slot(op.value)

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
