"""The `emitasc` dialect: GM pointer arithmetic and local variables.

A `memref<1xT>` variable is a one-element local array, as `memref.alloca` makes. Structs
(which reach a kernel only as struct kernel arguments) and opaque C++ (`call_opaque`,
`verbatim`) are not simulated, and say why.
"""

from __future__ import annotations

from xdsl.dialects.builtin import MemRefType

from ascdsl.dialects.emitasc import (
    PyStructType,
    CallOpaqueOp,
    CopyStructOp,
    DeclarePyStructOp,
    DereferenceOp,
    MemberOp,
    MemberPtrOp,
    MemberRefOp,
    PtrOffsetOp,
    ReinterpretCastOp,
    SetMemberOp,
    VariableOp,
    VerbatimOp,
)
from ascdsl.dialects.ascendc.types import ParamStructType
from ascdsl.dialects.ascendc.types_matmul import CubeTilingType
from ascdsl.dialects.gm import is_gm_pointer

from ..compiler import Lowering, lowers, not_simulated
from ..memory import GPtr
from ..structs import layout, struct_of
from .arith import scalar_conv
from .vector import CONSTRUCT_LOWERINGS


@lowers(PtrOffsetOp)
def lower_ptr_offset(op: PtrOffsetOp, cx: Lowering):
    if not is_gm_pointer(op.base.type):
        raise cx.error(op, f"on {op.base.type} is not simulated (GM pointers only)")
    b, o = cx.slot(op.base), cx.slot(op.result)
    if op.dynamic_offset is None:
        step = op.static_offset.value.data  # type: ignore[union-attr]

        def f_static(R):
            p = R[b]
            R[o] = GPtr(p.buf, p.off + step)

        return f_static
    k = cx.slot(op.dynamic_offset)

    def f(R):
        p = R[b]
        R[o] = GPtr(p.buf, p.off + R[k])

    return f


@lowers(ReinterpretCastOp)
def lower_reinterpret_cast(op: ReinterpretCastOp, cx: Lowering):
    src, dst = op.source.type, op.result.type
    if is_gm_pointer(src) and is_gm_pointer(dst) and src.element_type == dst.element_type:  # type: ignore[union-attr]
        s, o = cx.slot(op.source), cx.slot(op.result)

        def f(R):
            R[o] = R[s]

        return f
    raise cx.error(op, f"from {src} to {dst} is not simulated: the simulator keeps one element "
                       "type per GM argument (a cast to the same element type is)")


@lowers(VariableOp)
def lower_variable(op: VariableOp, cx: Lowering):
    t = op.result.type
    assert isinstance(t, MemRefType)
    n = 1
    for d in t.get_shape():
        n *= d
    o = cx.slot(op.result)
    if op.dynamic_init is not None:
        conv = scalar_conv(cx, op, t.element_type)
        s = cx.slot(op.dynamic_init)

        def f_dynamic(R):
            R[o] = [conv(R[s])] * n

        return f_dynamic
    init = op.static_init
    value = getattr(getattr(init, "value", None), "data", None)
    if value is None:
        raise cx.error(op, f"with the initial value {init} is not simulated (numbers only)")
    value = scalar_conv(cx, op, t.element_type)(value)

    def f_static(R):
        R[o] = [value] * n

    return f_static


@lowers(DereferenceOp)
def lower_dereference(op: DereferenceOp, cx: Lowering):
    t = op.base.type
    if is_gm_pointer(t) or not isinstance(t, MemRefType):
        raise cx.error(op, f"of {t} is not simulated (local variables only; read GM through a "
                           "GlobalTensor)")
    b, o = cx.slot(op.base), cx.slot(op.result)

    def f(R):
        R[o] = R[b][0]

    return f


@lowers(DeclarePyStructOp)
def lower_declare_py_struct(op: DeclarePyStructOp, cx: Lowering):
    return None  # a C++ declaration: nothing happens at run time


_NO_STRUCTS = ("struct kernel arguments are not simulated except Ascend C's own 32-bit integer "
               "structs (TCubeTiling): pass the struct's fields as scalar arguments")


@lowers(CopyStructOp)
def lower_copy_struct(op: CopyStructOp, cx: Lowering):
    # the argument arrives as its decoded fields (ascdsl.sim.structs); the kernel's copy is
    # its own, since set_member may change it (pyasc's matmul kernels set shareL1Size) and
    # every core reads the same argument
    t = struct_of(op.base.type)
    if t is None or layout(t) is None:
        raise cx.error(op, f"is not simulated: {_NO_STRUCTS}")
    b, o = cx.slot(op.base), cx.slot(op.result)

    def f(R):
        R[o] = _copy(R[b])

    return f


def _copy(v: dict) -> dict:
    """A struct value's copy (C++ copies nested structs by value too)."""
    return {k: _copy(x) if isinstance(x, dict) else x for k, x in v.items()}


def _struct_field(op, cx: Lowering, verb: str) -> str:
    """The field a member / set_member op names, checked against its simulated struct."""
    t = op.base.type
    if isinstance(t, PyStructType) and layout(t) is not None:
        name = op.field.data
        if t.field_type(name) is None:
            raise cx.error(op, f"{verb} '{name}', which struct {t.struct_name.data} does not have")
        return name
    if not isinstance(t, ParamStructType) or layout(t) is None:
        raise cx.error(op, f"is not simulated: {_NO_STRUCTS}")
    name = op.field.data
    if name not in t.field_names():
        raise cx.error(op, f"{verb} '{name}', which {t.cpp_name()} does not have")
    return name


@lowers(MemberOp)
def lower_member(op: MemberOp, cx: Lowering):
    name = _struct_field(op, cx, "reads")
    b, o = cx.slot(op.base), cx.slot(op.result)
    if isinstance(op.result.type, PyStructType):
        def f_struct(R):
            R[o] = _copy(R[b][name])

        return f_struct
    conv = scalar_conv(cx, op, op.result.type)

    def f(R):
        R[o] = conv(R[b][name])

    return f


def _construct_struct(op, cx: Lowering):
    """A 32-bit integer struct built in the kernel (`asc.adv.TCubeTiling(m=...)`): its fields
    by name, zero where the constructor leaves them, as a struct argument arrives."""
    t = op.result.type
    names = t.field_names()
    defaults = t.defaults() if callable(getattr(t, "defaults", None)) else ()
    init = {n: int(defaults[i]) if i < len(defaults) else 0 for i, n in enumerate(names)}
    args = cx.slots(op.args)
    pre = cx.take_pre()
    o = cx.slot(op.result)

    def f(R):
        R[0].t += pre
        v = dict(init)
        for name, s in zip(names, args):
            v[name] = int(R[s])
        R[o] = v

    return f


CONSTRUCT_LOWERINGS[CubeTilingType] = _construct_struct


def _zero(t: PyStructType) -> dict:
    return {n: _zero(ft) if isinstance(ft, PyStructType) else 0 for n, ft in t.fields}


def _construct_py_struct(op, cx: Lowering):
    """A tiling struct built in a kernel (`Cfg()` in pyasc): value-initialized (`Cfg{}`,
    every field zero); its fields are then set one by one (emitasc.set_member)."""
    t = op.result.type
    if op.args or layout(t) is None:
        raise cx.error(op, f"builds struct {t.struct_name.data} from values, which the "
                           "simulator has no model of (pyasc builds it empty and sets fields)")
    init = _zero(t)
    pre = cx.take_pre()
    o = cx.slot(op.result)

    def f(R):
        R[0].t += pre
        R[o] = _copy(init)

    return f


CONSTRUCT_LOWERINGS[PyStructType] = _construct_py_struct


@lowers(SetMemberOp)
def lower_set_member(op: SetMemberOp, cx: Lowering):
    name = _struct_field(op, cx, "writes")
    if isinstance(op.base.type, PyStructType):
        b, v = cx.slot(op.base), cx.slot(op.value)
        ft = op.base.type.field_type(name)
        if isinstance(ft, PyStructType):
            def f_struct(R):
                R[b][name] = _copy(R[v])

            return f_struct
        conv_f = scalar_conv(cx, op, ft)

        def f_py(R):
            R[b][name] = conv_f(R[v])

        return f_py
    # the fields are 32-bit integers (layout() admits no other struct)
    conv = scalar_conv(cx, op, op.value.type)
    b, v = cx.slot(op.base), cx.slot(op.value)
    index = op.base.type.field_names().index(name)
    cpp = op.base.type.field_cpp_types()[index]
    as_field = float if cpp == "float" else int  # an adv tiling's float field (RmsNorm's)

    def f(R):
        s = R[b]
        if isinstance(s, tuple):
            # a struct the kernel built (ascendc.construct: a tuple of its fields, as the
            # adv lowerings read it) and now fills, as pyasc's tiling structs are
            R[b] = s[:index] + (as_field(conv(R[v])),) + s[index + 1:]
        else:
            s[name] = int(conv(R[v]))

    return f


not_simulated(MemberPtrOp, "pointers into structs in GM are not simulated")
not_simulated(MemberRefOp, "references into structs in GM are not simulated")
not_simulated(CallOpaqueOp, "a call of opaque C++ by name has no meaning the simulator knows")
not_simulated(VerbatimOp, "verbatim C++ text has no meaning the simulator knows")
