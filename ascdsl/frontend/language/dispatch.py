"""pyasc's overload dispatch for the kernel-language functions that build one op per level.

A function such as `asc.add` is written as a plain `def` that names its ops and hands its
arguments to `dispatch`:

    @levels(AddL0Op, AddL1Op, AddL2Op)
    def add(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, *args, **kwargs) -> None:
        '''`AscendC::Add`: dst = src0 + src1, elementwise.'''
        dispatch(add, dst, src0, src1, *args, **kwargs)

The parameters before `*args` are the operands every level shares; the trailing arguments
select the level, as in pyasc:

    add(dst, src0, src1, count)                                    -> add_l2
    add(dst, src0, src1, mask, repeat_times, repeat_params)        -> add_l0   (mask: int)
    add(dst, src0, src1, [m0, m1], repeat_times, repeat_params)    -> add_l1   (mask: list)

`levels` reads each op's operand list (its IRDL definition) to know what each level accepts,
checks that the function's leading parameters are the ops' leading operands, and appends the
forms to the docstring, so `help(asc.add)` lists them.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from xdsl.dialects.builtin import UnitAttr
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import AnyAttr

from ascdsl.dialects.ascendc.base import enum_attr
from ascdsl.dialects.ascendc.constraints import UI64, Is, IntLike
from ascdsl.dialects.ascendc.types import GlobalTensorType, LocalTensorType, ParamStructType

from .. import dtypes as dt
from ..builder import current
from ..dtypes import DataType
from ..errors import KernelLanguageError
from ..values import (
    ConstExpr,
    PlainValue,
    constant,
    describe,
    is_int_like,
    is_numeric_like,
    materialize,
    materialize_int,
)
from ._util import const_bool_arg, require
from .params import PARAM_CLASSES
from .tensor import GlobalTensor, LocalTensor

F = TypeVar("F", bound=Callable[..., None])

_LEVEL_ORDER = {"l0": 0, "l1": 1, "l2": 2}

# Defaults of trailing arguments pyasc lets you leave out (their kind follows the default).
_DEFAULTS: dict[str, Any] = {"is_set_mask": True, "cal_index": False}

# The types pyasc's wrappers give the integer operands (`_mat(mask, KT.int64)`, ...): each
# family of APIs names its own, so a function declares its table with `levels(types=...)`;
# an operand no table names is an i32, as pyasc's `count`.
BINARY_TYPES: dict[str, DataType] = {"mask": dt.int64, "repeat_times": dt.int8}
UNARY_TYPES: dict[str, DataType] = {"mask": dt.uint64, "repeat_times": dt.int8}

_TENSOR_WRAPPERS: dict[type[Attribute], type] = {
    LocalTensorType: LocalTensor,
    GlobalTensorType: GlobalTensor,
}


@dataclass(frozen=True)
class Param:
    """One user-facing argument of a level: `kind` says what it accepts."""

    name: str  # user-facing (pyasc) name
    operand: str | None  # the op operand it fills (None: a property such as isSetMask)
    kind: Any  # "int", "mask_list", "bool", "scalar", a ParamStruct class or wrapper classes
    default: Any = None
    has_default: bool = False
    prop: str | None = None  # the enum property it sets (`order`), for enum-valued kinds

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
    if is_variadic and isinstance(c, (UI64, IntLike)):  # mask words (pyasc: ui64 or any int)
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


def _op_params(opcls: type, skip: set[str], aliases: dict[str, str]) -> list[Param]:
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
            params.append(Param(user, name, kind, _DEFAULTS[name], True))
        else:
            params.append(Param(user, name, kind))
    # Enum properties are arguments defaulting to the enum's zero value, before is_set_mask
    # as in pyasc (`order=asc.ReduceOrder.ORDER_VALUE_INDEX`).
    for prop, enum in getattr(opcls, "ENUMS", {}).items():
        if prop in defn.properties:
            params.append(Param(prop, None, enum, enum(0), True, prop))
    if "isSetMask" in defn.properties:
        params.append(Param("is_set_mask", None, "bool", True, True))
    return params


def match(params: list[Param], args: tuple, kwargs: dict) -> dict[str, Any] | None:
    """Bind `args`/`kwargs` to `params` if every value fits its parameter, else None."""
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


def describe_call(args: tuple, kwargs: dict) -> str:
    """The arguments of a call, for the message of a failed dispatch."""
    parts = [describe(ConstExpr.unwrap(a)) for a in args]
    parts += [f"{k}={describe(ConstExpr.unwrap(v))}" for k, v in kwargs.items()]
    return ", ".join(parts)


def int_operand(api: str, name: str, value: Any,
                types: dict[str, DataType] | None = None) -> SSAValue:
    """An integer argument as an operand of the type `types` gives it (pyasc's), else i32."""
    t = (types or {}).get(name, dt.int32)
    if name == "repeat_times" and t == dt.int8:
        return repeat_times_operand(api, value)
    return materialize_int(value, f"{api}(): '{name}'", t).value


def repeat_times_operand(api: str, value: Any) -> SSAValue:
    """`repeat_times` as pyasc writes it: an i8 (`_mat(repeat_times, KT.int8)`), which Ascend C
    passes to a `uint8_t repeatTime` parameter. pyasc's builder refuses 128..255 (they do not
    fit a signed byte); ascdsl takes the whole uint8_t range and stores the byte, so 200 is
    `arith.constant -56 : i8`, the same bits C++ converts back to 200. Every consumer reads an
    i8 repeat count as unsigned (ascdsl.sim.repeat.REPEAT_BITS). A runtime value is truncated
    to its low byte (`arith.trunci`), as the C++ conversion does."""
    value = ConstExpr.unwrap(value)
    if is_int_like(value) and not isinstance(value, PlainValue):
        n = int(value)
        if not 0 <= n <= 255:
            raise KernelLanguageError(
                f"{api}(): 'repeat_times' is a uint8_t in Ascend C (0 to 255), got {n}")
        return constant(n - 256 if n >= 128 else n, dt.int8).value
    return materialize_int(value, f"{api}(): 'repeat_times'", dt.int8).value


def mask_words(api: str, words: Any) -> list[SSAValue]:
    """An L1 mask (a list of integers) as ui64 operands."""
    return [materialize_int(w, f"{api}(): mask word", dt.uint64).value for w in words]


def _takes_set_mask(opcls: type) -> bool:
    """Whether the op's C++ call reads isSetMask. Axpy's count form has no such template
    parameter; pyasc accepts `is_set_mask` there but writes no property, and neither does
    ascdsl (nothing would read it)."""
    cpp = getattr(opcls, "CPP", None)
    return cpp is None or cpp.template is None or any("isSetMask" in str(t) for t in cpp.template)


def _level(opcls: type) -> str:
    m = re.search(r"_(l\d)$", opcls.name)
    return m.group(1) if m else ""


def _scalar(api: str, name: str, v: Any) -> Any:
    if not is_numeric_like(v):
        raise KernelLanguageError(f"{api}(): '{name}' must be a number, got {describe(v)}")
    return v


class Levels:
    """The levels (op classes) one kernel-language function chooses from, in dispatch order."""

    def __init__(self, name: str, leading: list[str], ops: tuple[type, ...],
                 aliases: dict[str, str] | None = None,
                 types: dict[str, DataType] | None = None, words_first: bool = False):
        self.name = name
        self.types = types or {}
        self.words_first = words_first
        self.ops = sorted(ops, key=lambda c: _LEVEL_ORDER.get(_level(c), 9))
        aliases = aliases or {}
        for op in self.ops:
            operands = [n for n, _ in op.get_irdl_definition().operands]
            if operands[: len(leading)] != leading:
                raise TypeError(
                    f"{name}({', '.join(leading)}, ...) does not match the leading operands "
                    f"of {op.name} ({', '.join(operands)})"
                )
        defs = dict(self.ops[0].get_irdl_definition().operands)
        self.leading = [Param(n, n, _operand_kind(n, False, defs[n].constr)) for n in leading]
        self.levels = [(op, _op_params(op, set(leading), aliases)) for op in self.ops]

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
            bound = match(params, rest, kwargs)
            if bound is not None:
                self._build(op, lead_vals, params, bound)
                return
        raise KernelLanguageError(
            f"No viable candidates were found to dispatch {api}()\n"
            f"Provided arguments:\n  ({describe_call(args, kwargs)})\n"
            f"Registered candidates:\n{self.signature_text()}"
        )

    def _build(self, op: type, lead_vals: list, params: list[Param], bound: dict) -> None:
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
        # pyasc's wrappers build an L1 mask list before the op's other integers (and, in
        # duplicate, before its scalar): materialize the words first, as it does.
        words: dict[str, list[SSAValue]] = {}

        def build_words() -> None:
            for p in params:
                if p.kind == "mask_list" and p.name not in words:
                    words[p.name] = mask_words(api, ConstExpr.unwrap(bound[p.name]))

        if self.words_first:
            build_words()
        for p, v in zip(self.leading, lead_vals):
            if p.kind == "scalar":
                assert element is not None
                operands.append(materialize(_scalar(api, p.name, v), element).value)
            elif p.kind == "int":
                operands.append(int_operand(api, p.name, v, self.types))
            else:
                operands.append(v.to_ir())
        build_words()
        properties: dict[str, Attribute | None] = {}
        for p in params:
            v = ConstExpr.unwrap(bound[p.name])
            if p.prop is not None:
                properties[p.prop] = enum_attr(v)
            elif p.operand is None:
                flag = const_bool_arg(v, api, p.name) and _takes_set_mask(op)
                properties["isSetMask"] = UnitAttr() if flag else None
            elif p.kind == "int":
                operands.append(int_operand(api, p.operand, v, self.types))
            elif p.kind == "mask_list":
                operands.append(words[p.name])
            elif p.kind == "bool":  # an i1, or pyasc's KT.bool_ (an i8) where `types` says
                t = self.types.get(p.operand, dt.int1)
                operands.append(constant(int(const_bool_arg(v, api, p.name)), t).value)
            else:
                operands.append(v.to_ir())
        current().insert(op.build(operands=operands, properties=properties))


# Every function written with `levels`, by name (the frontend's tests look them up here).
LEVELS: dict[str, Levels] = {}


def levels(*ops: type, names: dict[str, str] | None = None,
           types: dict[str, DataType] | None = None,
           words_first: bool = False) -> Callable[[F], F]:
    """Declare the ops (one per level) a kernel-language function builds.

    `names` maps an operand to pyasc's keyword for it where they differ (`params` is
    `repeat_params` in `data_copy`); `types` gives integer operands the type pyasc's wrapper
    materializes them with (BINARY_TYPES, UNARY_TYPES; others are i32); `words_first` builds
    an L1 mask list before the leading scalar too (pyasc's duplicate). The function's
    docstring gets the list of its forms.
    """

    def wrap(fn: F) -> F:
        sig = inspect.signature(fn)
        leading = [
            p.name for p in sig.parameters.values()
            if p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
        ]
        table = Levels(fn.__name__, leading, ops, names, types, words_first)
        LEVELS[fn.__name__] = table
        fn.__doc__ = (
            f"{inspect.cleandoc(fn.__doc__ or '')}\n\n"
            f"Forms (the arguments after `{leading[-1]}` select the level):\n\n"
            f"{table.signature_text()}\n"
        )
        return fn

    return wrap


def dispatch(fn: Callable[..., None], *args: Any, **kwargs: Any) -> None:
    """Build the op of the level `args`/`kwargs` select for `fn` (declared with `levels`)."""
    LEVELS[fn.__name__](*args, **kwargs)
