"""Data movement, vector compute, synchronization and system functions of the kernel language.

The elementwise families (`asc.add`, `asc.exp`, `asc.adds`, `asc.duplicate`, reductions) and
`asc.data_copy` / `asc.data_copy_pad` are not written one by one: `_families()` reads the
dialect's op classes (their family base, level and operand list) and makes one function per
family with pyasc's overload dispatch: the trailing arguments select the level,

    add(dst, src0, src1, count)                                    -> add_l2
    add(dst, src0, src1, mask, repeat_times, repeat_params)        -> add_l0   (mask: int)
    add(dst, src0, src1, [m0, m1], repeat_times, repeat_params)    -> add_l1   (mask: list)

A new row in a dialect table gives a new kernel-language function with no code here.
"""

from __future__ import annotations

import keyword
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from xdsl.dialects.builtin import UnitAttr
from xdsl.irdl import AnyAttr
from xdsl.ir import Attribute, SSAValue

from ascdsl.dialects.ascendc import (
    ALL_OPS,
    BinaryOp,
    CastL0Op,
    CastL1Op,
    CastL2Op,
    DataCopyBase,
    DumpTensorOp,
    DuplicateOp,
    GetBlockIdxOp,
    GetBlockNumOp,
    GetSubBlockIdxOp,
    HardEvent,
    Pipe,
    PipeBarrierOp,
    PrintfOp,
    ReduceL2Base,
    RoundMode,
    SetFlagOp,
    UnaryOp,
    VecScalarOp,
    WaitFlagOp,
)
from ascdsl.dialects.ascendc.constraints import UI64, Is, IntLike
from ascdsl.dialects.ascendc.types import GlobalTensorType, LocalTensorType, ParamStructType

from .. import dtypes as dt
from ..builder import current
from ..dtypes import DataType
from ..errors import KernelLanguageError
from ..values import (
    ConstExpr,
    IRValue,
    PlainValue,
    constant,
    describe,
    is_int_like,
    is_numeric_like,
    materialize,
    materialize_int,
)
from ._util import const_bool_arg, enum_arg, require
from .params import PARAM_CLASSES, UnaryRepeatParams
from .tensor import BaseTensor, GlobalTensor, LocalTensor

# Families, in pyasc's dispatch order of their levels.
_FAMILY_BASES: tuple[type, ...] = (BinaryOp, UnaryOp, VecScalarOp, DuplicateOp, ReduceL2Base,
                                   DataCopyBase)
_LEVEL_ORDER = {"l0": 0, "l1": 1, "l2": 2}

# Defaults of trailing arguments pyasc lets you leave out (their kind follows the default).
_DEFAULTS: dict[str, Any] = {"is_set_mask": True, "cal_index": False}

# pyasc's keyword names where they differ from the op's operand names.
_PYASC_NAMES: dict[str, dict[str, str]] = {
    "data_copy": {"params": "repeat_params"},
    "data_copy_pad": {"params": "data_copy_params"},
}

# Integer operands pyasc passes wider than i32 (a 64-bit contiguous mask).
_INT_TYPES: dict[str, DataType] = {"mask": dt.int64}

_TENSOR_WRAPPERS: dict[type[Attribute], type] = {
    LocalTensorType: LocalTensor,
    GlobalTensorType: GlobalTensor,
}


@dataclass(frozen=True)
class _Param:
    """One user-facing argument of a family function: `kind` says what it accepts."""

    name: str  # user-facing (pyasc) name
    operand: str | None  # the op operand it fills (None: a property such as isSetMask)
    kind: Any  # "int", "mask_list", "bool", "scalar", a ParamStruct class or wrapper classes
    default: Any = None
    has_default: bool = False

    def accepts(self, value: Any) -> bool:
        """Whether `value` fits this argument (overload matching)."""
        value = ConstExpr.unwrap(value)
        k = self.kind
        if k == "int":
            return is_int_like(value)
        if k == "mask_list":
            return isinstance(value, (list, tuple)) and all(is_int_like(v) for v in value)
        if k == "bool":
            return isinstance(value, bool)
        if k == "scalar":
            return is_numeric_like(value)
        if isinstance(k, tuple):
            return isinstance(value, k)
        return isinstance(value, k)

    def type_name(self) -> str:
        """The accepted type, for the candidate list of a failed dispatch."""
        k = self.kind
        if k == "mask_list":
            return "List[int]"
        if isinstance(k, str):
            return k
        if isinstance(k, tuple):
            return " | ".join(c.__name__ for c in k)
        return k.__name__

    def show(self) -> str:
        """`name: type[ = default]`."""
        text = f"{self.name}: {self.type_name()}"
        return text + (f" = {self.default!r}" if self.has_default else "")


def _inner(constraint: Any) -> Any:
    """The element constraint of an IRDL operand definition (through its range wrappers)."""
    while hasattr(constraint, "constraint") or hasattr(constraint, "constr"):
        constraint = getattr(constraint, "constraint", None) or getattr(constraint, "constr")
    return constraint


def _operand_kind(name: str, is_variadic: bool, constraint: Any) -> Any:
    c = _inner(constraint)
    if is_variadic and isinstance(c, UI64):
        return "mask_list"
    if isinstance(c, Is):
        wrappers = tuple(_TENSOR_WRAPPERS[t] for t in c.classes if t in _TENSOR_WRAPPERS)
        if wrappers:
            return wrappers if len(wrappers) > 1 else wrappers[0]
        structs = [t for t in c.classes if isinstance(t, type) and issubclass(t, ParamStructType)]
        if structs:
            return PARAM_CLASSES[structs[0]]
    if isinstance(c, IntLike):
        return "int"
    if name in _DEFAULTS:
        return "bool" if isinstance(_DEFAULTS[name], bool) else "int"
    if isinstance(c, AnyAttr):
        return "scalar"
    raise TypeError(f"no kernel-language argument kind for operand '{name}' ({c})")


def _op_params(opcls: type, skip: set[str], aliases: dict[str, str]) -> list[_Param]:
    """The op's operands (minus `skip`) and its isSetMask flag as user-facing parameters."""
    defn = opcls.get_irdl_definition()
    params = []
    for name, odef in defn.operands:
        if name in skip:
            continue
        variadic = type(odef).__name__.startswith("Var")
        kind = _operand_kind(name, variadic, odef.constr)
        user = aliases.get(name, name)
        if name in _DEFAULTS:
            params.append(_Param(user, name, kind, _DEFAULTS[name], True))
        else:
            params.append(_Param(user, name, kind))
    if "isSetMask" in defn.properties:
        params.append(_Param("is_set_mask", None, "bool", True, True))
    return params


def _base_operands(base: type) -> list[str]:
    # The family base class declares the leading operands (`_OperandFieldDef`s in its body).
    return [k for k, v in vars(base).items() if "OperandFieldDef" in type(v).__name__]


def _match(params: list[_Param], args: tuple, kwargs: dict) -> dict[str, Any] | None:
    if len(args) > len(params):
        return None
    bound: dict[str, Any] = {}
    for p, v in zip(params, args):
        if not p.accepts(v):
            return None
        bound[p.name] = v
    names = {p.name: p for p in params}
    for k, v in kwargs.items():
        p = names.get(k)
        if p is None or k in bound or not p.accepts(v):
            return None
        bound[k] = v
    for p in params:
        if p.name not in bound:
            if not p.has_default:
                return None
            bound[p.name] = p.default
    return bound


def _describe_call(args: tuple, kwargs: dict) -> str:
    parts = [describe(ConstExpr.unwrap(a)) for a in args]
    parts += [f"{k}={describe(ConstExpr.unwrap(v))}" for k, v in kwargs.items()]
    return ", ".join(parts)


def _int_operand(api: str, name: str, value: Any) -> SSAValue:
    return materialize_int(value, f"{api}(): '{name}'", _INT_TYPES.get(name, dt.int32)).value


def _mask_words(api: str, words: Any) -> list[SSAValue]:
    return [materialize_int(w, f"{api}(): mask word", dt.uint64).value for w in words]


class _Family:
    """One kernel-language function over the levels (op classes) of an elementwise family."""

    def __init__(self, name: str, base: type, ops: list[type]):
        self.name = name
        self.ops = sorted(ops, key=lambda c: _LEVEL_ORDER.get(_level(c), 9))
        aliases = _PYASC_NAMES.get(name, {})
        lead_names = _base_operands(base)
        first = self.ops[0].get_irdl_definition()
        defs = dict(first.operands)
        self.leading = [
            _Param(n, n, _operand_kind(n, False, defs[n].constr)) for n in lead_names
        ]
        self.levels = [(op, _op_params(op, set(lead_names), aliases)) for op in self.ops]

    def signature_text(self) -> str:
        """One line per level: its arguments and the op it builds."""
        lead = ", ".join(p.name for p in self.leading)
        lines = []
        for i, (op, params) in enumerate(self.levels, start=1):
            rest = ", ".join(p.show() for p in params)
            lines.append(f"  {i}. {self.name}({lead}{', ' if rest else ''}{rest})  -> {op.name}")
        return "\n".join(lines)

    def __call__(self, *args: Any, **kwargs: Any) -> None:
        api = self.name
        lead_vals: list[Any] = []
        args_list = list(args)
        for p in self.leading:
            if args_list:
                v = args_list.pop(0)
            elif p.name in kwargs:
                v = kwargs.pop(p.name)
            else:
                raise KernelLanguageError(f"{api}() missing argument '{p.name}'")
            lead_vals.append(ConstExpr.unwrap(v))
        rest = tuple(args_list)
        for op, params in self.levels:
            bound = _match(params, rest, kwargs)
            if bound is not None:
                self._build(op, lead_vals, params, bound)
                return
        raise KernelLanguageError(
            f"No viable candidates were found to dispatch {api}()\n"
            f"Provided arguments:\n  ({_describe_call(args, kwargs)})\n"
            f"Registered candidates:\n{self.signature_text()}"
        )

    def _build(self, op: type, lead_vals: list, params: list[_Param], bound: dict) -> None:
        api = self.name
        operands: list[Any] = []
        element: DataType | None = None
        for p, v in zip(self.leading, lead_vals):
            if isinstance(p.kind, str):
                continue
            what = " or ".join(k.__name__ for k in p.kind) if isinstance(p.kind, tuple) else (
                p.kind.__name__
            )
            require(v, p.kind, api, p.name, f"a {what}")
            if element is None:
                element = v.dtype
        for p, v in zip(self.leading, lead_vals):
            if p.kind == "scalar":
                assert element is not None
                operands.append(materialize(_scalar(api, p.name, v), element).value)
            elif p.kind == "int":
                operands.append(_int_operand(api, p.name, v))
            else:
                operands.append(v.to_ir())
        properties: dict[str, Attribute | None] = {}
        for p in params:
            v = ConstExpr.unwrap(bound[p.name])
            if p.operand is None:
                properties["isSetMask"] = UnitAttr() if const_bool_arg(v, api, p.name) else None
            elif p.kind == "int":
                operands.append(_int_operand(api, p.operand, v))
            elif p.kind == "mask_list":
                operands.append(_mask_words(api, v))
            elif p.kind == "bool":
                operands.append(constant(const_bool_arg(v, api, p.name), dt.int1).value)
            else:
                operands.append(v.to_ir())
        current().insert(op.build(operands=operands, properties=properties))


def _scalar(api: str, name: str, v: Any) -> Any:
    if not is_numeric_like(v):
        raise KernelLanguageError(f"{api}(): '{name}' must be a number, got {describe(v)}")
    return v


def _level(opcls: type) -> str:
    m = re.search(r"_(l\d)$", opcls.name)
    return m.group(1) if m else ""


def _api_name(mnemonic: str) -> str:
    return f"bitwise_{mnemonic}" if keyword.iskeyword(mnemonic) else mnemonic


def _families() -> dict[str, _Family]:
    groups: dict[tuple[type, str], list[type]] = {}
    for opcls in ALL_OPS:
        base = next((b for b in _FAMILY_BASES if issubclass(opcls, b)), None)
        if base is None:
            continue
        m = re.fullmatch(r"ascendc\.(\w+)_(l[012])", opcls.name)
        if m is None:  # L3 operator forms are IR-only
            continue
        groups.setdefault((base, m.group(1)), []).append(opcls)
    out = {}
    for (base, mnemonic), ops in groups.items():
        name = _api_name(mnemonic)
        out[name] = _Family(name, base, ops)
    return out


def _make_function(family: _Family) -> Callable[..., None]:
    def api(*args: Any, **kwargs: Any) -> None:
        family(*args, **kwargs)

    ops = ", ".join(op.CPP.api if op.CPP else op.name for op, _ in family.levels[:1])
    api.__name__ = api.__qualname__ = family.name
    api.__doc__ = (
        f"`AscendC::{ops}`: one function for the levels of `{family.name}`:\n\n"
        f"{family.signature_text()}\n"
    )
    api.__module__ = "ascdsl"
    return api


FAMILIES = _families()
FAMILY_FUNCTIONS: dict[str, Callable[..., None]] = {
    name: _make_function(f) for name, f in FAMILIES.items()
}


# --- cast ----------------------------------------------------------------------------------

_CAST_STRIDES = ("dst_blk_stride", "src_blk_stride", "dst_rep_stride", "src_rep_stride")


def cast(dst: Any, src: Any, round_mode: Any, *args: Any, **kwargs: Any) -> None:
    """`AscendC::Cast<T, U>`: convert `src` into `dst`'s element type with `round_mode`.

    cast(dst, src, round_mode, count) / (..., mask, repeat_times, repeat_params[, is_set_mask])
    with an int mask (L0) or a list of mask words (L1).
    """
    api = "cast"
    dst = require(ConstExpr.unwrap(dst), LocalTensor, api, "dst", "a LocalTensor")
    src = require(ConstExpr.unwrap(src), LocalTensor, api, "src", "a LocalTensor")
    mode = enum_arg(round_mode, RoundMode, api, "round_mode")
    l2 = [_Param("count", "count", "int")]
    masked = [
        _Param("mask", "mask", "int"),
        _Param("repeat_times", "repeat_times", "int"),
        _Param("repeat_params", None, UnaryRepeatParams),
        _Param("is_set_mask", None, "bool", True, True),
    ]
    l1 = [_Param("mask", "mask", "mask_list"), *masked[1:]]
    b = current()
    if (bound := _match(l2, args, kwargs)) is not None:
        count = _int_operand(api, "count", bound["count"])
        b.insert(CastL2Op(dst.value, src.value, mode, count))
        return
    for params, cls in ((masked, CastL0Op), (l1, CastL1Op)):
        bound = _match(params, args, kwargs)
        if bound is None:
            continue
        mask = bound["mask"]
        mask_v = _mask_words(api, mask) if cls is CastL1Op else _int_operand(api, "mask", mask)
        reps = _int_operand(api, "repeat_times", bound["repeat_times"])
        fields = ConstExpr.unwrap(bound["repeat_params"]).fields
        strides = [_int_operand(api, f, fields[f]) for f in _CAST_STRIDES]
        b.insert(cls(dst.value, src.value, mode, mask_v, reps, *strides))
        return
    forms = "\n".join(
        f"  {i}. cast(dst, src, round_mode, {', '.join(p.show() for p in ps)})"
        for i, ps in enumerate((masked, l1, l2), start=1)
    )
    raise KernelLanguageError(
        f"No viable candidates were found to dispatch cast()\nProvided arguments:\n"
        f"  ({_describe_call(args, kwargs)})\nRegistered candidates:\n{forms}"
    )


# --- synchronization -----------------------------------------------------------------------


def set_flag(event: Any, event_id: Any = 0) -> None:
    """`SetFlag<event>(event_id)`: the source pipe of `event` signals once its work is done."""
    ev = enum_arg(event, HardEvent, "set_flag", "event")
    v = materialize_int(event_id, "set_flag(): 'event_id'")
    current().insert(SetFlagOp(ev, v.value))


def wait_flag(event: Any, event_id: Any = 0) -> None:
    """`WaitFlag<event>(event_id)`: the destination pipe waits for the matching set_flag."""
    ev = enum_arg(event, HardEvent, "wait_flag", "event")
    v = materialize_int(event_id, "wait_flag(): 'event_id'")
    current().insert(WaitFlagOp(ev, v.value))


def pipe_barrier(pipe: Any) -> None:
    """`PipeBarrier<pipe>()`: later ops of `pipe` wait for its earlier ones (PIPE_ALL: all)."""
    p = enum_arg(pipe, Pipe, "pipe_barrier", "pipe")
    current().insert(PipeBarrierOp(p))


# --- system variables ----------------------------------------------------------------------


def _sysvar(cls: type) -> PlainValue:
    op = current().insert(cls(dt.int32.ir))
    return PlainValue(op.results[0], dt.int32)


def get_block_idx() -> PlainValue:
    """This core's index, 0 .. core_num - 1 (int32)."""
    return _sysvar(GetBlockIdxOp)


def get_block_num() -> PlainValue:
    """The number of cores the kernel runs on (int32)."""
    return _sysvar(GetBlockNumOp)


def get_sub_block_idx() -> PlainValue:
    """Which vector core of an AI core runs this code (0 or 1)."""
    return _sysvar(GetSubBlockIdxOp)


# --- debugging -----------------------------------------------------------------------------


def printf(desc: Any, *params: Any) -> None:
    """`AscendC::printf(desc, ...)`; `%s` arguments must be Python strings (inlined)."""
    desc = ConstExpr.unwrap(desc)
    if not isinstance(desc, str):
        raise KernelLanguageError(f"printf(): the format must be a string, got {describe(desc)}")
    pieces = desc.split("%s")
    text = pieces[0]
    values: list[SSAValue] = []
    k = 0
    for p in params:
        p = ConstExpr.unwrap(p)
        if isinstance(p, str):
            k += 1
            if k >= len(pieces):
                raise KernelLanguageError("printf(): more string arguments than '%s' in the format")
            text += p + pieces[k]
        elif isinstance(p, PlainValue) or (not isinstance(p, IRValue) and is_numeric_like(p)):
            values.append(materialize(p).value)
        else:
            raise KernelLanguageError(f"printf(): cannot print {describe(p)}")
    text += "%s".join(pieces[k + 1 :]) if k + 1 < len(pieces) else ""
    current().insert(PrintfOp(text, values))


def dump_tensor(tensor: Any, desc: Any, dump_size: Any) -> None:
    """`DumpTensor(tensor, desc, dump_size)`: dump `dump_size` elements tagged `desc`."""
    api = "dump_tensor"
    t = require(ConstExpr.unwrap(tensor), BaseTensor, api, "tensor", "a LocalTensor or GlobalTensor")
    d = materialize_int(desc, f"{api}(): 'desc'")
    n = materialize_int(dump_size, f"{api}(): 'dump_size'")
    current().insert(DumpTensorOp(t.to_ir(), d.value, n.value))


__all__ = [
    *FAMILY_FUNCTIONS,
    "cast",
    "set_flag",
    "wait_flag",
    "pipe_barrier",
    "get_block_idx",
    "get_block_num",
    "get_sub_block_idx",
    "printf",
    "dump_tensor",
]

globals().update(FAMILY_FUNCTIONS)
