"""The `ascendc` dialect: one op per Ascend C API, in pyasc's textual IR.

    from ascdsl.dialects.ascendc import AscendC, AddL2Op, HardEvent, LocalTensorType
"""

from __future__ import annotations

from xdsl.ir import Dialect

from .base import AscendCOp, Cpp, CppStyle, asc_op, const_int, element_type, enum_attr
from .enums import (
    ALL_ENUMS,
    AscEnum,
    CacheMode,
    CacheRwMode,
    CmpMode,
    HardEvent,
    Hardware,
    Pipe,
    RoundMode,
    TPosition,
)
from .ops_cmpsel import CMPSEL_OPS, CompareL0Op, CompareScalarL0Op, SelectL0Op, SelMode
from .ops_fwk import *  # noqa: F403
from .ops_fwk import FWK_OPS
from .ops_math import (
    MATH_OPS,
    CeilOp,
    CoshOp,
    CosOp,
    ErfOp,
    FloorOp,
    SinhOp,
    SinOp,
    TanhOp,
    TanOp,
    UnaryMathOp,
)
from .ops_sync import *  # noqa: F403
from .ops_sync import SYNC_OPS
from .ops_tensor import *  # noqa: F403
from .ops_tensor import TENSOR_OPS, hardware_of, position_of
from .ops_vector import *  # noqa: F403
from .ops_vector import (
    BINARY,
    REDUCE,
    UNARY,
    VEC_SCALAR,
    VECTOR_OPS,
    BinaryOp,
    CastOp,
    DataCopyBase,
    DuplicateOp,
    ReduceL2Base,
    UnaryOp,
    VecScalarOp,
    VectorOp,
    copy_pipe,
)
from .types import *  # noqa: F403
from .types import ALL_TYPES, PARAM_STRUCT_TYPES, ParamStructType, TensorTypeBase

ALL_OPS: list[type[AscendCOp]] = [
    *FWK_OPS, *TENSOR_OPS, *VECTOR_OPS, *SYNC_OPS, *CMPSEL_OPS, *MATH_OPS
]

AscendC = Dialect("ascendc", ALL_OPS, ALL_TYPES)

__all__ = [
    "AscendC",
    "ALL_OPS",
    "ALL_TYPES",
    "ALL_ENUMS",
    "AscendCOp",
    "AscEnum",
    "Cpp",
    "CppStyle",
    "asc_op",
    "const_int",
    "element_type",
    "enum_attr",
    "position_of",
    "hardware_of",
    "copy_pipe",
    "TPosition",
    "HardEvent",
    "Pipe",
    "Hardware",
    "RoundMode",
    "CmpMode",
    "CacheMode",
    "CacheRwMode",
    "SelMode",
    "UnaryMathOp",
    "BINARY",
    "UNARY",
    "VEC_SCALAR",
    "REDUCE",
    "VectorOp",
    "BinaryOp",
    "UnaryOp",
    "VecScalarOp",
    "DuplicateOp",
    "CastOp",
    "ReduceL2Base",
    "DataCopyBase",
    "ParamStructType",
    "TensorTypeBase",
    "PARAM_STRUCT_TYPES",
    *[c.__name__ for c in ALL_OPS],
    *[c.__name__ for c in ALL_TYPES],
]
