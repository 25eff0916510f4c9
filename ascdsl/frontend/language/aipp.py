"""AIPP in the kernel language, with pyasc's names and keywords.

`asc.AippParams(dtype, padding_params=None, swap_params=None, single_line_params=None,
dtc_params=None, c_padding_params=None, csc_params=None)` nests six dataclass-like parts
(`asc.AippPaddingParams(padding_mode=0, padding_value_ch0=0, ...)`, `asc.AippSwapParams(
is_swap_rb=False, ...)`, `asc.AippDataTypeConvParams(dtc_mean_ch0=0, ...)`, ...); each part is
built into IR when the AippParams is, with the values typed as the C++ aggregate's members
(the padding values as `dtype`, int8 or float16). `asc.set_aipp_functions(src0[, src1],
input_format, config)` programs the unit.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from xdsl.dialects.builtin import ArrayAttr, IntegerType, Signedness

from ascdsl.dialects.ascendc import ConstructOp
from ascdsl.dialects.ascendc.ops_aipp import (
    AippChannelPaddingParamsType,
    AippColorSpaceConvParamsType,
    AippDataTypeConvParamsType,
    AippInputFormat,
    AippPaddingParamsType,
    AippParamsType,
    AippSingleLineParamsType,
    AippSwapParamsType,
    SetAippFunctionsOp,
)

from .. import dtypes as dt
from ..builder import current
from ..errors import KernelLanguageError
from ..values import ConstExpr, IRValue, describe, materialize
from ._util import dtype_arg, enum_arg, require
from .tensor import GlobalTensor

# The C++ member types, as IR types for the construct's cast list (pyasc's choice: the bools
# as i8, which the member assignments convert).
_CAST = {
    "uint32_t": IntegerType(32, Signedness.UNSIGNED), "uint8_t": IntegerType(8, Signedness.UNSIGNED),
    "int16_t": IntegerType(16), "bool": IntegerType(8), "half": dt.float16.ir,
}
_VALUE = {"uint32_t": dt.uint32, "uint8_t": dt.uint8, "int16_t": dt.int16, "bool": dt.int1,
          "half": dt.float16}


# Fields pyasc materializes with no type (`_mat(self.padding_mode)`): a Python int is an i32,
# which the cast list then converts to the member's uint32_t.
_UNTYPED = frozenset({"padding_mode", "c_padding_mode"})


def _build(part: Any, struct: type, elem: dt.DataType) -> Any:
    values, casts = [], []
    for f, cpp in zip(fields(part), struct.FIELD_CPP):
        v = ConstExpr.unwrap(getattr(part, f.name))
        typ = elem if cpp is None else _VALUE[cpp]
        if f.name in _UNTYPED and not isinstance(v, IRValue):
            typ = dt.int1 if isinstance(v, bool) else dt.int32
        if typ.is_bool():
            v = bool(v) if isinstance(v, (bool, int)) else v
        values.append(materialize(v, typ).value)
        casts.append(elem.ir if cpp is None else _CAST[cpp])
    op = ConstructOp(struct(), values)
    op.types = ArrayAttr(casts)
    return current().insert(op).results[0]


@dataclass
class AippPaddingParams:
    """`AscendC::AippPaddingParams<T>`: padding mode and the four channels' values (T)."""

    padding_mode: Any = 0
    padding_value_ch0: Any = 0
    padding_value_ch1: Any = 0
    padding_value_ch2: Any = 0
    padding_value_ch3: Any = 0


@dataclass
class AippSwapParams:
    """`AscendC::AippSwapParams`: swap R/B, U/V, alpha/X."""

    is_swap_rb: Any = False
    is_swap_uv: Any = False
    is_swap_ax: Any = False


@dataclass
class AippSingleLineParams:
    """`AscendC::AippSingleLineParams`: copy a single line."""

    is_single_line_copy: Any = False


@dataclass
class AippDataTypeConvParams:
    """`AscendC::AippDataTypeConvParams`: per channel (x - mean - min) * var, rounding mode."""

    dtc_mean_ch0: Any = 0
    dtc_mean_ch1: Any = 0
    dtc_mean_ch2: Any = 0
    dtc_min_ch0: Any = 0.0
    dtc_min_ch1: Any = 0.0
    dtc_min_ch2: Any = 0.0
    dtc_var_ch0: Any = 1.0
    dtc_var_ch1: Any = 1.0
    dtc_var_ch2: Any = 1.0
    dtc_round_mode: Any = 0


@dataclass
class AippChannelPaddingParams:
    """`AscendC::AippChannelPaddingParams<T>`: channel padding mode and value (T)."""

    c_padding_mode: Any = 0
    c_padding_value: Any = 0


@dataclass
class AippColorSpaceConvParams:
    """`AscendC::AippColorSpaceConvParams`: enable, a 3 x 3 matrix, input and output biases."""

    is_enable_csc: Any = False
    csc_matrix_r0_c0: Any = 0
    csc_matrix_r0_c1: Any = 0
    csc_matrix_r0_c2: Any = 0
    csc_matrix_r1_c0: Any = 0
    csc_matrix_r1_c1: Any = 0
    csc_matrix_r1_c2: Any = 0
    csc_matrix_r2_c0: Any = 0
    csc_matrix_r2_c1: Any = 0
    csc_matrix_r2_c2: Any = 0
    csc_bias_in_0: Any = 0
    csc_bias_in_1: Any = 0
    csc_bias_in_2: Any = 0
    csc_bias_out_0: Any = 0
    csc_bias_out_1: Any = 0
    csc_bias_out_2: Any = 0


_PARTS = (
    ("padding_params", AippPaddingParams, AippPaddingParamsType),
    ("swap_params", AippSwapParams, AippSwapParamsType),
    ("single_line_params", AippSingleLineParams, AippSingleLineParamsType),
    ("dtc_params", AippDataTypeConvParams, AippDataTypeConvParamsType),
    ("c_padding_params", AippChannelPaddingParams, AippChannelPaddingParamsType),
    ("csc_params", AippColorSpaceConvParams, AippColorSpaceConvParamsType),
)


class AippParams(IRValue):
    """`AscendC::AippParams<T>` (T: `asc.int8` or `asc.float16`, the padding values' type)."""

    __slots__ = ("dtype",)

    def __init__(self, dtype: Any, padding_params: Any = None, swap_params: Any = None,
                 single_line_params: Any = None, dtc_params: Any = None,
                 c_padding_params: Any = None, csc_params: Any = None):
        api = "AippParams"
        self.dtype = dtype_arg(dtype, api)
        if self.dtype not in (dt.int8, dt.float16):
            raise KernelLanguageError(f"{api}(): dtype must be asc.int8 or asc.float16, got "
                                      f"{self.dtype.name}")
        given = dict(zip([p[0] for p in _PARTS], (padding_params, swap_params,
                                                  single_line_params, dtc_params,
                                                  c_padding_params, csc_params)))
        parts = []
        for name, cls, struct in _PARTS:
            part = ConstExpr.unwrap(given[name])
            part = cls() if part is None else require(part, cls, api, name, f"an {cls.__name__}")
            parts.append(_build(part, struct, self.dtype))
        op = ConstructOp(AippParamsType(), parts)
        op.types = ArrayAttr([struct() for _, _, struct in _PARTS])
        super().__init__(current().insert(op).results[0])

    def describe(self) -> str:
        return f"AippParams({self.dtype.name})"


def set_aipp_functions(*args: Any, **kwargs: Any) -> None:
    """`AscendC::SetAippFunctions(src0[, src1], input_format, config)`."""
    api = "set_aipp_functions"
    names = ["src0", "src1", "input_format", "config"]
    values = [ConstExpr.unwrap(a) for a in args]
    if len(values) == 3 or (len(values) < 4 and "src1" not in kwargs and
                            not (len(values) > 1 and isinstance(values[1], GlobalTensor))):
        names.remove("src1")
    bound = dict(zip(names, values))
    for k, v in kwargs.items():
        if k not in names or k in bound:
            raise KernelLanguageError(f"{api}(): unexpected or repeated argument '{k}'")
        bound[k] = ConstExpr.unwrap(v)
    missing = [n for n in names if n not in bound]
    if missing or len(values) > len(names):
        raise KernelLanguageError(f"{api}(src0[, src1], input_format, config): got "
                                  f"({', '.join(describe(v) for v in values)})")
    src0 = require(bound["src0"], GlobalTensor, api, "src0", "a GlobalTensor")
    src1 = bound.get("src1")
    if src1 is not None:
        src1 = require(src1, GlobalTensor, api, "src1", "a GlobalTensor")
    fmt = enum_arg(bound["input_format"], AippInputFormat, api, "input_format")
    config = require(bound["config"], AippParams, api, "config", "an AippParams")
    current().insert(SetAippFunctionsOp(src0.to_ir(), None if src1 is None else src1.to_ir(),
                                        config.to_ir(), fmt))


__all__ = [
    "AippInputFormat", "AippPaddingParams", "AippSwapParams", "AippSingleLineParams",
    "AippDataTypeConvParams", "AippChannelPaddingParams", "AippColorSpaceConvParams",
    "AippParams", "set_aipp_functions",
]
