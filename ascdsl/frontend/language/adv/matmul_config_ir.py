"""The declaration pyasc's frontend writes for every `MatmulConfig(...)` it evaluates.

pyasc's MatmulConfig constructor materializes its 50 fields in their C++ order (bools as
`arith.constant true/false`, numbers and enums as i32) and builds one `ascendc.construct
!ascendc.matmul_config(...) [i1, ..., ui32, !ascendc.batch_mode, ...] constexpr static`,
whether or not anything reads it: `Matmul(a, b, c)` without a config builds a default one first.
The Matmul object's type carries the configuration itself (`!ascendc.matmul<..., <do_norm =
true, ...>>`); only `get_matmul_api_tiling` reads the struct (its `mmCFG`), else it is an
unused `constexpr static MatmulConfig` in the Ascend C, as in pyasc's. ascdsl writes the same
ops so that its frontend IR is pyasc's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from xdsl.dialects.builtin import ArrayAttr, IntegerType, UnitAttr
from xdsl.ir import Attribute, SSAValue

from ascdsl.dialects.ascendc import ConstructOp, MatmulConfigType
from ascdsl.dialects.ascendc.types_matmul import MATMUL_CONFIG_FIELDS
from ascdsl.dialects.ascendc.types_matmul_api import (
    BatchModeType,
    BatchOutModeType,
    IterateOrderType,
    ScheduleTypeType,
)

from ... import dtypes as dt
from ...builder import active
from ...values import constant

_ENUM_TYPES: dict[str, Attribute] = {
    "BatchMode": BatchModeType(), "IterateOrder": IterateOrderType(),
    "ScheduleType": ScheduleTypeType(), "BatchOutMode": BatchOutModeType(),
}


# Fields whose pyasc default is a Python int although the C++ field is a bool.
_INT_DEFAULTS = frozenset({"enable_double_cache"})


def _cast_type(name: str, kind: str) -> Attribute:
    """The C++ type of a field, as pyasc's cast list names it."""
    if kind == "bool":
        return IntegerType(1)
    if kind == "int":
        return dt.uint8.ir if name == "iterate_mode" else dt.uint32.ir
    return _ENUM_TYPES[kind]


def declare_matmul_config(values: Mapping[str, int],
                          given: Mapping[str, Any] | None = None) -> SSAValue | None:
    """pyasc's `ascendc.construct !ascendc.matmul_config(...)` of `values` (every field; those
    in `given` the user's values, with their Python types), in a kernel being compiled; None
    outside one (a config built in plain Python)."""
    b = active()
    if b is None:
        return None
    given = given or {}
    args, casts = [], []
    for name, kind, _ in MATMUL_CONFIG_FIELDS:
        v = values[name]
        # `_mat(value)` types a Python bool i1 and an int i32: pyasc's defaults are bools
        # but for enable_double_cache (`int = 0`), and a value given keeps its Python type
        boolean = isinstance(given[name], bool) if name in given else (
            kind == "bool" and name not in _INT_DEFAULTS)
        args.append(constant(bool(v), dt.int1).value if boolean
                    else constant(int(v), dt.int32).value)
        casts.append(_cast_type(name, kind))
    op = ConstructOp(MatmulConfigType(), args)
    op.types = ArrayAttr(casts)
    op.isConstexpr = UnitAttr()
    op.isStatic = UnitAttr()
    return b.insert(op).results[0]
