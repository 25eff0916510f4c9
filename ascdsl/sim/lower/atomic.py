"""SetAtomicAdd/Max/Min/Type/None and Set/GetStoreAtomicConfig: the core's atomic register.

The copies that honour it are in copy.py (sim/atomic.py combines the bytes).
"""

from __future__ import annotations

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.enums_sys import AtomicDtype, AtomicOp

from ..atomic import AtomicMode
from ..compiler import Lowering, lowers
from ..dtypes import DTYPES, scalar_converter, sim_dtype

# AtomicDtype <-> the simulator's element types.
_BY_ATOMIC_DTYPE = {
    AtomicDtype.ATOMIC_F32: "f32",
    AtomicDtype.ATOMIC_F16: "f16",
    AtomicDtype.ATOMIC_S16: "i16",
    AtomicDtype.ATOMIC_S32: "i32",
    AtomicDtype.ATOMIC_S8: "i8",
    AtomicDtype.ATOMIC_BF16: "bf16",
}
_ATOMIC_DTYPE_OF = {name: dt for dt, name in _BY_ATOMIC_DTYPE.items()}


@lowers(A.SetAtomicAddOp, A.SetAtomicMaxOp, A.SetAtomicMinOp, A.SetAtomicTypeOp)
def lower_set_atomic(op, cx: Lowering):
    pre = cx.take_pre()
    dt = sim_dtype(op.dtype)
    if dt is None:
        raise cx.error(op, f"sets atomics on {op.dtype}, which the simulator does not store")
    kind = type(op).KIND

    def f(R):
        c = R[0]
        c.t += pre
        if kind is None:  # SetAtomicType: the type of the mode already set
            c.atomic = AtomicMode(c.atomic.kind if c.atomic is not None else None, dt)
        else:
            c.atomic = AtomicMode(kind, dt)

    return f


@lowers(A.SetAtomicNoneOp)
def lower_set_atomic_none(op, cx: Lowering):
    pre = cx.take_pre()

    def f(R):
        c = R[0]
        c.t += pre
        c.atomic = None

    return f


@lowers(A.SetStoreAtomicConfigOp)
def lower_set_store_atomic_config(op, cx: Lowering):
    pre = cx.take_pre()
    atype = AtomicDtype(op.enum_value("atomic_type"))
    mode = None
    if atype != AtomicDtype.ATOMIC_NONE:
        mode = AtomicMode("add", DTYPES[_BY_ATOMIC_DTYPE[atype]])

    def f(R):
        c = R[0]
        c.t += pre
        c.atomic = mode

    return f


@lowers(A.GetStoreAtomicConfigOp)
def lower_get_store_atomic_config(op, cx: Lowering):
    pre = cx.take_pre()
    ct, co = scalar_converter(op.atomic_type.type), scalar_converter(op.atomic_op.type)
    st, so = cx.slot(op.atomic_type), cx.slot(op.atomic_op)

    def f(R):
        c = R[0]
        c.t += pre
        m = c.atomic
        on = m is not None and m.active
        R[st] = ct(int(_ATOMIC_DTYPE_OF.get(m.dt.name, AtomicDtype.ATOMIC_NONE)) if on else 0)
        R[so] = co(int(AtomicOp.ATOMIC_SUM))

    return f
