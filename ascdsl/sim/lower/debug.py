"""DumpTensor, DumpAccChkPoint, PrintTimeStamp and the profiling marks on the simulator.

DumpTensor prints what the NPU's dump prints for each call (CANN's DumpTensorHead, then the
values; floats with six decimals):

    DumpTensor: desc=5, addr=0, data_type=float16, position=UB, dump_size=32
    [19.000000, 4.000000, ...]

`addr` is the byte address in the tensor's memory (UB from 0; a GM tensor's byte offset in
its argument), `position` UB, L1 or GM. The per-core DumpHead and the CANN version line the
runtime adds are not printed. DumpAccChkPoint prints the same head for `dumpSize` elements
from `countOff`; PrintTimeStamp prints `PrintTimeStamp: desc_id=<id>, core=<core>,
cycle=<cycle>` (ascdsl's spelling: CANN's profiler collects these). MetricsProfStart/Stop
only mark the timeline (they cost their scalar issue).
"""

from __future__ import annotations

import numpy as np

import ascdsl.dialects.ascendc as A

from ..compiler import Lowering, lowers
from ..errors import InvalidArgumentError
from ..memory import GTensor
from ..sanitizer import S
from .common import gm_span, local_span
from .sync import emit_text

# The data_type names of CANN's dump.
_DT_NAMES = {
    "f16": "float16", "f32": "float32", "bf16": "bfloat16", "f64": "float64",
    "i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64",
    "ui8": "uint8", "ui16": "uint16", "ui32": "uint32", "ui64": "uint64", "i1": "bool",
}


def _values(values: np.ndarray, is_float: bool) -> str:
    if is_float:
        return ", ".join(f"{float(v):f}" for v in values)
    return ", ".join(str(int(v)) for v in values)


def dump(c, t, desc: int, start: int, n: int, site, what: str) -> None:
    """Print and account for elements [start, start + n) of tensor `t`."""
    if n < 0 or start < 0:
        raise InvalidArgumentError(f"{what} {n} elements from element {start}", site,
                                   core=c.block_idx)
    if isinstance(t, GTensor):
        lo, hi = gm_span(c, t, start, n, site, what)
        position = "GM"
    else:
        lo, hi = local_span(c, t, start, n, site, what)
        position = t.mem.hw.name
    values = t.dt.load(t.mem.bytes[lo:hi].view(t.dt.np))
    head = (f"DumpTensor: desc={desc}, addr={lo}, data_type={_DT_NAMES.get(t.dt.name, t.dt.name)}"
            f", position={position}, dump_size={n}\n")
    emit_text(c, head + f"[{_values(np.asarray(values), t.dt.kind == 'float')}]\n")
    san = c.san
    if san is not None:
        san.access(t.mem, lo, hi, False, S, san.begin(S), site)
    c.run_scalar(c.cost.scalar_ub * max(1, n // 8), site)


@lowers(A.DumpTensorOp)
def lower_dump_tensor(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    st, sd, sn = cx.slot(op.tensor), cx.slot(op.desc), cx.slot(op.dump_size)

    def f(R):
        c = R[0]
        c.t += pre
        dump(c, R[st], R[sd], 0, R[sn], site, "dumps")

    return f


@lowers(A.DumpAccChkPointOp)
def lower_dump_acc_chk_point(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    st, si = cx.slot(op.tensor), cx.slot(op.index)
    so, sn = cx.slot(op.count_off), cx.slot(op.dump_size)

    def f(R):
        c = R[0]
        c.t += pre
        dump(c, R[st], R[si], R[so], R[sn], site, "dumps")

    return f


@lowers(A.PrintTimeStampOp)
def lower_print_time_stamp(op, cx: Lowering):
    pre = cx.take_pre()
    sd = cx.slot(op.desc_id)

    def f(R):
        c = R[0]
        c.t += pre
        emit_text(c, f"PrintTimeStamp: desc_id={R[sd]}, core={c.block_idx}, "
                     f"cycle={int(c.t)}\n")

    return f


@lowers(A.MetricsProfStartOp, A.MetricsProfStopOp)
def lower_metrics_prof(op, cx: Lowering):
    pre = cx.take_pre()

    def f(R):
        R[0].t += pre

    return f
