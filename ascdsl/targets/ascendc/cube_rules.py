"""Printing rules for cube ops whose C++ the `Cpp` facts do not spell.

`Fixpipe<dstT, srcT, config>(...)`: the FixpipeConfig is a template argument, so it is named
after the constant the IR built it from (`AscendC::CFG_ROW_MAJOR`), as pyasc prints it; the
config value itself is not an argument of the call.
"""

from __future__ import annotations

from xdsl.ir import Operation

from ascdsl.dialects.ascendc import (
    AscendIsAICOp,
    AscendIsAIVOp,
    ConstructOp,
    FixpipeOp,
    FixpipeWithWorkspaceOp,
    GetSubBlockNumOp,
    LoadData3DL0V1Op,
    LoadData3DL0V2Op,
)
from ascdsl.dialects.ascendc.types_cube import (
    CO2Layout,
    LoadData3DParamsV1Type,
    LoadData3DParamsV2Type,
)

from .ctypes import scalar_ctype
from .ascendc_rules import CONSTRUCT_RULES, construct_braced
from .emitter import Emitter, emit_error, register

# The constexpr FixpipeConfig the headers define for each layout (kernel_struct_fixpipe.h).
_CONFIGS = {
    CO2Layout.NZ: "AscendC::CFG_NZ",
    CO2Layout.ROW_MAJOR: "AscendC::CFG_ROW_MAJOR",
    CO2Layout.COLUMN_MAJOR: "AscendC::CFG_COLUMN_MAJOR",
}


@register(FixpipeOp, FixpipeWithWorkspaceOp)
def _fixpipe(em: Emitter, op: Operation) -> None:
    assert isinstance(op, FixpipeOp | FixpipeWithWorkspaceOp)
    layout = op.layout()
    if layout is None:
        raise emit_error(
            op,
            "the FixpipeConfig is a C++ template argument: build it with ascendc.construct "
            "from a constant CO2Layout (0 NZ, 1 ROW_MAJOR, 2 COLUMN_MAJOR)",
        )
    types = []
    for v in (op.dst, op.src):
        t = scalar_ctype(v.type.element_type)  # type: ignore[attr-defined]
        if t is None:
            raise emit_error(op, f"'{v.type}' has no C++ element type")
        types.append(t)
    tensors = [op.dst, op.src]
    if isinstance(op, FixpipeWithWorkspaceOp):
        tensors.append(op.cbuf_workspace)
    args = ", ".join(em.name(v) for v in (*tensors, op.params))
    em.line(f"AscendC::Fixpipe<{types[0]}, {types[1]}, {_CONFIGS[layout]}>({args});")


@register(AscendIsAICOp, AscendIsAIVOp)
def _core_type(em: Emitter, op: Operation) -> None:
    # pyasc's spelling: the core-type global the ASCEND_IS_AIC/AIV macros test.
    assert isinstance(op, AscendIsAICOp | AscendIsAIVOp)
    t = em.value_ctype(op.value, op)
    em.line(f"{t} {em.define(op.value)} = g_coreType == AscendC::{op.CORE};")


@register(GetSubBlockNumOp)
def _sub_block_num(em: Emitter, op: Operation) -> None:
    assert isinstance(op, GetSubBlockNumOp)
    t = em.value_ctype(op.value, op)
    em.line(f"{t} {em.define(op.value)} = AscendC::GetSubBlockNum();")


# --- LoadData3DParamsV1 / V2 as pyasc's frontend constructs them --------------------------------


_PAD = 4  # PAD_SIZE of kernel_struct_mm.h: padList's bytes, pyasc's first four values


def _load3d_element(op: ConstructOp) -> str | None:
    """The element type T of LoadData3DParamsV1/V2<T>: that of the tensors the load moves
    (the headers' LoadData takes LocalTensor<T> with LoadData3DParamsV*<T>)."""
    for use in op.result.uses:
        user = use.operation
        if isinstance(user, LoadData3DL0V1Op | LoadData3DL0V2Op):
            return scalar_ctype(user.dst.type.element_type)  # type: ignore[attr-defined]
    return None


def _load3d_frontend(em: Emitter, op: ConstructOp) -> None:
    """pyasc's frontend passes padList as four bytes (22 values), which its translator prints
    as a brace list no constructor takes (the headers' constructors take a uint8_t[4]): build
    the array first, then call the constructor with it (V2: enSmallK, which pyasc's frontend
    leaves out, false). With `pyasc_spelling` the brace list is printed as pyasc prints it."""
    struct = op.result.type
    n = len(op.args)
    frontend = isinstance(struct, LoadData3DParamsV1Type) or (
        n == len(LoadData3DParamsV2Type.FRONTEND_FIELDS))
    if em.pyasc_spelling or not frontend:
        construct_braced(em, op)
        return
    if op.isConstexpr is not None:
        raise emit_error(op, f"{struct.CPP} has no constexpr constructor; construct it without "
                             "`constexpr`")
    if n != len(struct.ctor_cpp_types(n)):
        raise emit_error(op, f"{struct.CPP}: pyasc's frontend gives all "
                             f"{len(struct.ctor_cpp_types(n))} values, got {n}")
    elem = _load3d_element(op)
    if elem is None:
        raise emit_error(op, f"{struct.CPP}<T>: T (the loaded tensors' element type) cannot "
                             "be inferred: pass the params to a LoadData in this function")
    cpps = struct.ctor_cpp_types(n)
    args = []
    for v, cpp in zip(op.args, cpps):
        own = em.value_ctype(v, op)
        want = cpp if cpp is not None else elem
        args.append(em.name(v) if own == want else f"static_cast<{want}>({em.name(v)})")
    name = em.define(op.result)
    pad = em.unique(f"{name}_pad")
    em.line(f"const uint8_t {pad}[{_PAD}] = {{{', '.join(args[:_PAD])}}};")
    rest = args[_PAD:]
    if isinstance(struct, LoadData3DParamsV2Type):
        at = [f for f, _ in struct.FRONTEND_FIELDS].index("enTranspose") + 1 - _PAD
        rest = [*rest[:at], "false", *rest[at:]]  # enSmallK, after enTranspose
    em.line(f"{struct.CPP}<{elem}> {name}({pad}, {', '.join(rest)});")


CONSTRUCT_RULES[LoadData3DParamsV1Type] = _load3d_frontend
CONSTRUCT_RULES[LoadData3DParamsV2Type] = _load3d_frontend
