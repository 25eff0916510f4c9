"""Python wrappers of IR values, and scalar arithmetic on them.

A kernel computes with two kinds of values: Python values known while it compiles (ints,
floats, dtypes, enums: folded, as in pyasc) and runtime values, which are SSA values in the IR
wrapped in a Python object that knows what they are (`PlainValue` for scalars, `GlobalAddress`
for GM pointers, tensors and queues elsewhere). Python operators on a `PlainValue` emit
`arith` ops; mixing a Python number in materializes it as an `arith.constant`.

Scalar typing follows pyasc: two runtime values of int and float type combine to float, but a
Python float next to an integer runtime value takes the integer's type (`1.0 + i32` is an i32
add, the float truncated toward zero, with a warning when that drops a fraction); two integer
types combine to the wider one (unsigned wins at equal width, as in C). Integer `/`, `//` and `%` truncate toward
zero like Ascend C (and pyasc).
"""

from __future__ import annotations

import copy
import math
from enum import IntEnum
from typing import Any, Generic, TypeVar

from xdsl.dialects import arith
from xdsl.dialects import math as xmath
from xdsl.dialects.builtin import (
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    UnrealizedConversionCastOp,
)
import numpy as np
from xdsl.ir import Attribute, SSAValue

from ascdsl.dialects import emitc
from ascdsl.dialects.emitasc import PtrOffsetOp

from . import dtypes as dt
from .builder import current
from .dtypes import DataType
from .errors import KernelLanguageError
from .truncation import truncated

T = TypeVar("T")

# Concrete number types: isinstance against the `numbers` ABCs is slow the first time it meets
# each class, and the code generator checks every value it sees.
INTEGRAL: tuple[type, ...] = (int, np.integer)
REAL: tuple[type, ...] = (int, float, np.integer, np.floating)


class ConstExpr(Generic[T]):
    """A compile-time constant: `x: asc.ConstExpr[int]` parameters are folded into the kernel.

    Each distinct value compiles its own specialization (and is part of the cache key).
    """

    __slots__ = ("value",)

    def __init__(self, value: Any):
        self.value = ConstExpr.unwrap(value)

    @staticmethod
    def unwrap(value: Any) -> Any:
        """The value inside (nested) ConstExpr wrappers; other values unchanged."""
        while isinstance(value, ConstExpr):
            value = value.value
        return value

    def __repr__(self) -> str:
        return f"ConstExpr({self.value!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ConstExpr) and other.value == self.value

    def __hash__(self) -> int:
        return hash(("ConstExpr", self.value))


class IRValue:
    """A runtime value of the kernel: a wrapper around one SSA value."""

    __slots__ = ("value",)

    def __init__(self, value: SSAValue):
        self.value = value

    def to_ir(self) -> SSAValue:
        """The wrapped SSA value."""
        return self.value

    @property
    def ir_type(self) -> Attribute:
        """The IR type of the wrapped value."""
        return self.value.type

    def rebind(self, value: SSAValue) -> IRValue:
        """The same kind of value (same metadata) for another SSA value of the same type.

        Used where a value crosses a region or function boundary (block arguments, if/loop
        results, call results).
        """
        new = copy.copy(self)
        new.value = value
        return new

    def describe(self) -> str:
        """What this value is, for messages (`LocalTensor(float32)`)."""
        return type(self).__name__

    def __bool__(self) -> bool:
        raise KernelLanguageError(
            f"a runtime {self.describe()} has no Python truth value; use it directly as the "
            "condition of an if/while (it becomes scf.if / scf.while)"
        )

    def __iter__(self):
        raise KernelLanguageError(f"a runtime {self.describe()} is not iterable")

    __hash__ = object.__hash__


def _cast_op(value: SSAValue, to: Attribute) -> SSAValue:
    # A C cast, as pyasc's frontend writes a change of signedness (PlainValue.cast).
    op = current().insert(emitc.CastOp(value, to))
    return op.results[0]


def _signless(t: DataType) -> DataType:
    """The signless integer type of the same width (what arith computes on)."""
    if t.kind == "uint":
        return dt.by_name(f"i{t.bitwidth}")
    return t


class PlainValue(IRValue):
    """A runtime scalar (integer, float or bool) of a `DataType`."""

    __slots__ = ("dtype",)

    def __init__(self, value: SSAValue, dtype: DataType | None = None):
        super().__init__(value)
        self.dtype = dtype if dtype is not None else dt.from_ir(value.type)

    def describe(self) -> str:
        """`int32 value`."""
        return f"{self.dtype.name} value"

    def __repr__(self) -> str:
        return f"PlainValue({self.dtype.name})"

    # -- conversions ------------------------------------------------------------------------

    def cast(self, dtype: DataType) -> PlainValue:
        """This value converted to `dtype` (value-preserving where the types allow)."""
        dtype = ConstExpr.unwrap(dtype)
        if not isinstance(dtype, DataType):
            raise KernelLanguageError(f"cast(): the type must be a dtype (asc.float32, ...), got "
                                      f"{describe(dtype)}")
        return convert(self, dtype)

    def _signless_ir(self) -> SSAValue:
        """The SSA value arith can compute on (unsigned values are cast to signless)."""
        if self.dtype.kind == "uint":
            return _cast_op(self.value, _signless(self.dtype).ir)
        return self.value

    # -- arithmetic -------------------------------------------------------------------------

    def __add__(self, other):
        return _binary("+", self, other)

    def __radd__(self, other):
        return _binary("+", other, self)

    def __sub__(self, other):
        return _binary("-", self, other)

    def __rsub__(self, other):
        return _binary("-", other, self)

    def __mul__(self, other):
        return _binary("*", self, other)

    def __rmul__(self, other):
        return _binary("*", other, self)

    def __truediv__(self, other):
        return _binary("/", self, other)

    def __rtruediv__(self, other):
        return _binary("/", other, self)

    def __floordiv__(self, other):
        return _binary("//", self, other)

    def __rfloordiv__(self, other):
        return _binary("//", other, self)

    def __mod__(self, other):
        return _binary("%", self, other)

    def __rmod__(self, other):
        return _binary("%", other, self)

    def __lshift__(self, other):
        return _binary("<<", self, other)

    def __rlshift__(self, other):
        return _binary("<<", other, self)

    def __rshift__(self, other):
        return _binary(">>", self, other)

    def __rrshift__(self, other):
        return _binary(">>", other, self)

    def __and__(self, other):
        return _binary("&", self, other)

    def __rand__(self, other):
        return _binary("&", other, self)

    def __or__(self, other):
        return _binary("|", self, other)

    def __ror__(self, other):
        return _binary("|", other, self)

    def __xor__(self, other):
        return _binary("^", self, other)

    def __rxor__(self, other):
        return _binary("^", other, self)

    def __pow__(self, other):
        raise KernelLanguageError("'**' is not supported on runtime values")

    __rpow__ = __pow__

    def __neg__(self):
        if self.dtype.is_float():
            return PlainValue(current().insert(arith.NegfOp(self.value)).results[0], self.dtype)
        return _binary("-", 0, self)

    def __pos__(self):
        return self

    def __invert__(self):
        if self.dtype.is_float():
            raise KernelLanguageError("'~' needs an integer value, got a float")
        ones = True if self.dtype.is_bool() else (
            self.dtype.max_value if self.dtype.kind == "uint" else -1
        )
        return _binary("^", self, ones)

    # -- comparisons ------------------------------------------------------------------------

    def __eq__(self, other):  # type: ignore[override]
        return _compare("==", self, other)

    def __ne__(self, other):  # type: ignore[override]
        return _compare("!=", self, other)

    def __lt__(self, other):
        return _compare("<", self, other)

    def __le__(self, other):
        return _compare("<=", self, other)

    def __gt__(self, other):
        return _compare(">", self, other)

    def __ge__(self, other):
        return _compare(">=", self, other)

    __hash__ = IRValue.__hash__

    def _not_python(self, *args):
        raise KernelLanguageError(
            f"a runtime {self.dtype.name} value is not a Python number; use .cast(dtype) to "
            "convert it in the kernel"
        )

    __int__ = __index__ = __float__ = _not_python

    # -- helpers pyasc offers on scalars ----------------------------------------------------

    def ceildiv(self, other) -> PlainValue:
        """ceil(self / other) for integers: one `arith.ceildivsi`, as pyasc's method writes
        it (`ceildivui` on unsigned operands, which pyasc would hand to the signed op)."""
        a, b, t = _operands("ceildiv", self, other)
        if t.is_float():
            raise KernelLanguageError("ceildiv() takes integers, got a float value")
        if _is_zero_const(other):
            raise KernelLanguageError("integer division by zero")
        if t.kind == "uint":
            res = _insert1(arith.CeilDivUIOp(a._signless_ir(), b._signless_ir()))
            return PlainValue(_cast_op(res, t.ir), t)
        return PlainValue(_insert1(arith.CeilDivSIOp(a._signless_ir(), b._signless_ir())), t)

    def max(self, other) -> PlainValue:
        """The larger of the two (arith.maxsi / maxui / maximumf)."""
        return _minmax(self, other, True)

    def min(self, other) -> PlainValue:
        """The smaller of the two (arith.minsi / minui / minimumf)."""
        return _minmax(self, other, False)

    def logical_not(self) -> PlainValue:
        """`not self` as an i1 value."""
        return _binary("^", to_bool(self), True)


class GlobalAddress(IRValue):
    """A GM pointer argument (`memref<?xT, 22>`); `ptr + offset` offsets it by elements."""

    __slots__ = ("dtype",)

    def __init__(self, value: SSAValue, dtype: DataType):
        super().__init__(value)
        self.dtype = dtype

    def describe(self) -> str:
        """`GlobalAddress(float32)`."""
        return f"GlobalAddress({self.dtype.name})"

    def __repr__(self) -> str:
        return f"GlobalAddress(dtype={self.dtype.name})"

    def __add__(self, offset) -> GlobalAddress:
        off = materialize_int(offset, "pointer offset")
        # As pyasc: the offset is cast to `index`, the type emitasc.ptr_offset takes.
        index = current().insert(arith.IndexCastOp(off.value, IndexType()))
        op = current().insert(PtrOffsetOp(self.value, index.results[0]))
        return GlobalAddress(op.results[0], self.dtype)

    __radd__ = __add__


# --- classification --------------------------------------------------------------------------


def is_int_like(value: Any) -> bool:
    """An integer known now (Python / numpy int, IntEnum) or a runtime integer."""
    value = ConstExpr.unwrap(value)
    if isinstance(value, PlainValue):
        return value.dtype.is_int()
    if isinstance(value, bool):
        return True
    return isinstance(value, INTEGRAL)


def is_numeric_like(value: Any) -> bool:
    """A number known now or a runtime scalar."""
    value = ConstExpr.unwrap(value)
    if isinstance(value, PlainValue):
        return True
    return isinstance(value, REAL)



def python_dtype(value: Any) -> DataType:
    """The type a Python number becomes in the IR (pyasc: bool i1, int i32, float f32)."""
    import numpy as np

    if isinstance(value, np.generic):
        t = dt.from_array_dtype_name(value.dtype.name)
        if t is None:
            raise KernelLanguageError(f"numpy scalar type {value.dtype} has no kernel type")
        return t
    if isinstance(value, bool):
        return dt.int1
    if isinstance(value, INTEGRAL):
        return dt.int32
    if isinstance(value, REAL):
        return dt.float32
    raise KernelLanguageError(f"{describe(value)} is not a number")


def describe(value: Any) -> str:
    """A short phrase for messages: `runtime int32 value`, `LocalTensor(float32)`, `int 3`."""
    if isinstance(value, PlainValue):
        return f"runtime {value.describe()}"
    if isinstance(value, IRValue):
        return value.describe()
    if isinstance(value, DataType):
        return f"dtype {value.name}"
    return f"{type(value).__name__} {value!r}" if isinstance(value, (int, float, str)) else (
        type(value).__name__
    )


# --- constants and conversions -----------------------------------------------------------


def constant(value: Any, dtype: DataType) -> PlainValue:
    """A constant of a Python number, made where it is used, as pyasc's frontend makes it.

    pyasc materializes every use of a number anew (no reuse: `%c2_i32`, `%c2_i32_0`, ...), so
    ascdsl does too; canonicalization merges them later. Signless and float types are
    `arith.constant`; unsigned ones `emitc.constant` (arith has no unsigned constants).
    """
    return _make_constant(current(), value, dtype)


def _make_constant(b, value: Any, dtype: DataType) -> PlainValue:
    if dtype.is_float():
        try:
            v = float(value)
        except (TypeError, ValueError):
            raise KernelLanguageError(f"{describe(value)} is not a number") from None
        try:
            attr = FloatAttr(v, dtype.ir)
        except OverflowError:  # beyond the type: infinity, as MLIR's FloatAttr::get rounds it
            attr = FloatAttr(math.copysign(math.inf, v), dtype.ir)
        op = b.insert(arith.ConstantOp(attr))  # type: ignore[arg-type]
        return PlainValue(op.results[0], dtype)
    if isinstance(value, float):
        if not value.is_integer():
            raise KernelLanguageError(f"{value!r} is not an integer (needed as {dtype.name})")
        value = int(value)
    try:
        iv = int(value)
    except (TypeError, ValueError):
        raise KernelLanguageError(f"{describe(value)} is not an integer") from None
    if dtype.is_bool():
        op = b.insert(arith.ConstantOp(IntegerAttr(1 if iv else 0, IntegerType(1))))
        return PlainValue(op.results[0], dtype)
    if dtype.kind == "index":
        from xdsl.dialects.builtin import IndexType

        op = b.insert(arith.ConstantOp(IntegerAttr(iv, IndexType())))
        return PlainValue(op.results[0], dtype)
    if not dtype.min_value <= iv <= dtype.max_value:
        raise KernelLanguageError(
            f"integer constant {iv} does not fit {dtype.name} "
            f"(range {dtype.min_value} to {dtype.max_value})"
        )
    w = dtype.bitwidth
    if dtype.kind == "uint":
        op = b.insert(emitc.ConstantOp(IntegerAttr(iv, dtype.ir), dtype.ir))
        return PlainValue(op.results[0], dtype)
    stored = iv - (1 << w) if iv >= (1 << (w - 1)) else iv
    op = b.insert(arith.ConstantOp(IntegerAttr(stored, IntegerType(w))))
    return PlainValue(op.results[0], dtype)


def materialize(value: Any, dtype: DataType | None = None) -> PlainValue:
    """A runtime scalar for `value` (a Python number or a PlainValue), converted to `dtype`."""
    value = ConstExpr.unwrap(value)
    if isinstance(value, PlainValue):
        return value if dtype is None or value.dtype == dtype else convert(value, dtype)
    if isinstance(value, IRValue):
        raise KernelLanguageError(f"expected a scalar, got a {describe(value)}")
    if isinstance(value, IntEnum):
        value = int(value)
    if not isinstance(value, REAL):
        raise KernelLanguageError(f"expected a scalar, got {describe(value)}")
    return constant(value, dtype if dtype is not None else python_dtype(value))


def materialize_int(value: Any, what: str, dtype: DataType = dt.int32) -> PlainValue:
    """An integer operand (`count`, an index, ...) as a runtime value of `dtype`."""
    value = ConstExpr.unwrap(value)
    if not is_int_like(value):
        raise KernelLanguageError(f"{what} must be an integer, got {describe(value)}")
    return materialize(value, dtype)



def _insert1(op) -> SSAValue:
    return current().insert(op).results[0]


def convert(v: PlainValue, to: DataType) -> PlainValue:
    """Convert a runtime scalar to another type (ext/trunc, int<->float, bool tests)."""
    src = v.dtype
    if src == to:
        return v
    if to.is_bool():
        return to_bool(v)
    x = v.value
    if {src.kind, to.kind} == {"int", "uint"}:
        # pyasc's PlainValue.cast: a change of signedness is one C cast at any widths (C's
        # conversion: extension by the source's signedness, truncation modulo 2^n).
        return PlainValue(_cast_op(x, to.ir), to)
    if src.kind == "uint":
        x = _cast_op(x, _signless(src).ir)
    s_sl = _signless(src)
    t_sl = _signless(to)
    unsigned_src = src.kind in ("uint", "bool")
    if src.is_float() and to.is_float():
        if src.bitwidth == to.bitwidth:  # f16 <-> bf16 goes through f32
            x = _insert1(arith.ExtFOp(x, dt.float32.ir))
            if to == dt.float32:
                return PlainValue(x, to)
            res = _insert1(arith.TruncFOp(x, to.ir))
        elif src.bitwidth < to.bitwidth:
            res = _insert1(arith.ExtFOp(x, to.ir))
        else:
            res = _insert1(arith.TruncFOp(x, to.ir))
        return PlainValue(res, to)
    if src.is_float():
        cls = arith.FPToUIOp if to.kind == "uint" else arith.FPToSIOp
        res = _insert1(cls(x, t_sl.ir))
    elif to.is_float():
        cls = arith.UIToFPOp if unsigned_src else arith.SIToFPOp
        res = _insert1(cls(x, to.ir))
        return PlainValue(res, to)
    elif src.kind == "index" or to.kind == "index":
        res = _insert1(arith.IndexCastOp(x, t_sl.ir))
    elif s_sl.bitwidth < t_sl.bitwidth:
        cls = arith.ExtUIOp if unsigned_src else arith.ExtSIOp
        res = _insert1(cls(x, t_sl.ir))
    elif s_sl.bitwidth > t_sl.bitwidth:
        res = _insert1(arith.TruncIOp(x, t_sl.ir))
    else:
        res = x
    if to.kind == "uint":
        res = _cast_op(res, to.ir)
    return PlainValue(res, to)


def to_bool(value: Any) -> PlainValue | bool:
    """Truth value: a Python bool for compile-time values, else an i1 runtime value."""
    value = ConstExpr.unwrap(value)
    if not isinstance(value, IRValue):
        return bool(value)
    if not isinstance(value, PlainValue):
        raise KernelLanguageError(f"a {describe(value)} cannot be used as a condition")
    if value.dtype.is_bool():
        return value
    zero = constant(0, value.dtype)
    if value.dtype.is_float():
        res = _insert1(arith.CmpfOp(value.value, zero.value, "une"))
    else:
        res = _insert1(arith.CmpiOp(value._signless_ir(), zero._signless_ir(), "ne"))
    return PlainValue(res, dt.int1)


def promote(a: DataType, b: DataType) -> DataType:
    """The type two runtime scalars combine to."""
    if a == b:
        return a
    if a.is_float() or b.is_float():
        if a.is_float() and b.is_float():
            if a.bitwidth == b.bitwidth:
                return dt.float32
            return a if a.bitwidth > b.bitwidth else b
        return a if a.is_float() else b
    if a.is_bool():
        return b
    if b.is_bool():
        return a
    if a.kind == "index":
        return b
    if b.kind == "index":
        return a
    if a.bitwidth != b.bitwidth:
        return a if a.bitwidth > b.bitwidth else b
    return a if a.kind == "uint" else b


def _operand_dtype(other: Any, partner: DataType, op: str) -> DataType:
    """What a Python number next to a runtime value of type `partner` becomes."""
    if isinstance(other, bool):
        return partner if op in ("&", "|", "^") or not partner.is_bool() else dt.int32
    if isinstance(other, INTEGRAL):
        return dt.int32 if partner.is_bool() else partner
    if isinstance(other, REAL):
        if partner.is_float() or partner.kind in ("int", "uint"):
            # pyasc's typing: a Python float takes the runtime value's integer type (`1.0 +
            # i32` is an i32 add), so a pyasc kernel ported as is computes what it computes on
            # the NPU today; truncation.py warns where that drops a fraction.
            return partner
        return dt.float32
    raise KernelLanguageError(f"unsupported operand {describe(other)} for '{op}'")


def _operands(op: str, lhs: Any, rhs: Any) -> tuple[PlainValue, PlainValue, DataType]:
    lhs, rhs = ConstExpr.unwrap(lhs), ConstExpr.unwrap(rhs)
    for side in (lhs, rhs):
        if isinstance(side, IRValue) and not isinstance(side, PlainValue):
            raise KernelLanguageError(f"unsupported operand {describe(side)} for '{op}'")
        if not isinstance(side, IRValue) and not isinstance(side, REAL):
            raise KernelLanguageError(f"unsupported operand {describe(side)} for '{op}'")
    if isinstance(lhs, PlainValue) and isinstance(rhs, PlainValue):
        t = promote(lhs.dtype, rhs.dtype)
    elif isinstance(lhs, PlainValue):
        t = promote(lhs.dtype, _operand_dtype(rhs, lhs.dtype, op))
    else:
        t = promote(rhs.dtype, _operand_dtype(lhs, rhs.dtype, op))
    if t.is_bool() and op not in ("&", "|", "^", "==", "!="):
        t = dt.int32
    lhs, rhs = truncated(lhs, t, op), truncated(rhs, t, op)
    return materialize(lhs, t), materialize(rhs, t), t


_INT_OPS = {
    "+": (arith.AddiOp, arith.AddiOp),
    "-": (arith.SubiOp, arith.SubiOp),
    "*": (arith.MuliOp, arith.MuliOp),
    "/": (arith.DivSIOp, arith.DivUIOp),
    "//": (arith.DivSIOp, arith.DivUIOp),
    "%": (arith.RemSIOp, arith.RemUIOp),
    "<<": (arith.ShLIOp, arith.ShLIOp),
    ">>": (arith.ShRSIOp, arith.ShRUIOp),
    "&": (arith.AndIOp, arith.AndIOp),
    "|": (arith.OrIOp, arith.OrIOp),
    "^": (arith.XOrIOp, arith.XOrIOp),
}
_FLOAT_OPS = {
    "+": arith.AddfOp,
    "-": arith.SubfOp,
    "*": arith.MulfOp,
    "/": arith.DivfOp,
    "//": arith.DivfOp,
}


def _other_kind(lhs: Any, rhs: Any) -> bool:
    """A runtime value that is not a scalar on either side (a tile, ...): its type decides."""
    return any(isinstance(v, IRValue) and not isinstance(v, PlainValue) for v in (lhs, rhs))


def _binary(op: str, lhs: Any, rhs: Any) -> PlainValue:
    if _other_kind(lhs, rhs):
        return NotImplemented  # type: ignore[return-value]  # Python tries the reflected op
    a, b, t = _operands(op, lhs, rhs)
    if op in ("/", "//", "%") and not t.is_float() and _is_zero_const(rhs):
        raise KernelLanguageError("integer division by zero")
    if t.is_float():
        cls = _FLOAT_OPS.get(op)
        if cls is None:
            raise KernelLanguageError(f"'{op}' is not supported on float values")
        res = _insert1(cls(a.value, b.value))
        if op == "//":
            res = _insert1(xmath.FloorOp(res))
        return PlainValue(res, t)
    signed_cls, unsigned_cls = _INT_OPS[op]
    cls = unsigned_cls if t.kind == "uint" else signed_cls
    res = _insert1(cls(a._signless_ir(), b._signless_ir()))
    if t.kind == "uint":
        res = _cast_op(res, t.ir)
    return PlainValue(res, t)


def _is_zero_const(value: Any) -> bool:
    value = ConstExpr.unwrap(value)
    return not isinstance(value, IRValue) and isinstance(value, REAL) and value == 0


_CMP_SIGNED = {"==": "eq", "!=": "ne", "<": "slt", "<=": "sle", ">": "sgt", ">=": "sge"}
_CMP_UNSIGNED = {"==": "eq", "!=": "ne", "<": "ult", "<=": "ule", ">": "ugt", ">=": "uge"}
_CMP_FLOAT = {"==": "oeq", "!=": "une", "<": "olt", "<=": "ole", ">": "ogt", ">=": "oge"}


def _compare(op: str, lhs: Any, rhs: Any) -> PlainValue:
    if _other_kind(lhs, rhs):
        return NotImplemented  # type: ignore[return-value]
    a, b, t = _operands(op, lhs, rhs)
    if t.is_float():
        res = _insert1(arith.CmpfOp(a.value, b.value, _CMP_FLOAT[op]))
    else:
        table = _CMP_UNSIGNED if t.kind in ("uint", "bool") else _CMP_SIGNED
        res = _insert1(arith.CmpiOp(a._signless_ir(), b._signless_ir(), table[op]))
    return PlainValue(res, dt.int1)


def _minmax(lhs: Any, rhs: Any, is_max: bool) -> PlainValue:
    a, b, t = _operands("max" if is_max else "min", lhs, rhs)
    if t.is_float():
        cls = arith.MaximumfOp if is_max else arith.MinimumfOp
        return PlainValue(_insert1(cls(a.value, b.value)), t)
    if t.kind == "uint":
        cls = arith.MaxUIOp if is_max else arith.MinUIOp
        return PlainValue(_cast_op(_insert1(cls(a._signless_ir(), b._signless_ir())), t.ir), t)
    cls = arith.MaxSIOp if is_max else arith.MinSIOp
    return PlainValue(_insert1(cls(a.value, b.value)), t)


def logical(op: str, lhs: Any, rhs: Any) -> Any:
    """`and` / `or` of two values where at least one is a runtime value: i1 andi / ori."""
    a = to_bool(lhs)
    b = to_bool(rhs)
    if not isinstance(a, PlainValue):
        a = constant(a, dt.int1)
    if not isinstance(b, PlainValue):
        b = constant(b, dt.int1)
    cls = arith.AndIOp if op == "and" else arith.OrIOp
    return PlainValue(_insert1(cls(a.value, b.value)), dt.int1)

