"""Configuration values of the advanced APIs: `asc.adv.QuantConfig` and (beyond pyasc)
`asc.adv.DequantParams`."""

from __future__ import annotations

from typing import Any

from xdsl.dialects.builtin import ArrayAttr, UnitAttr

from ascdsl.dialects.ascendc import AscendQuantConfigType, ConstructOp, DequantParamsType

from ... import dtypes as dt
from ...builder import current
from ...errors import KernelLanguageError
from ...values import ConstExpr, IRValue, describe, materialize_int
from .tiling import AdvStruct

__all__ = ["QuantConfig", "DequantParams"]


class QuantConfig(IRValue):
    """`AscendC::AscendQuantConfig(calc_count, offset_count, scale_count, work_local_size)`:
    a compile-time configuration of `quant` (a `static constexpr` struct, passed as a template
    argument), as pyasc builds it."""

    __slots__ = ()

    def __init__(self, calc_count: Any = 0, offset_count: Any = 0, scale_count: Any = 0,
                 work_local_size: Any = 0):
        values = []
        for name, v in (("calc_count", calc_count), ("offset_count", offset_count),
                        ("scale_count", scale_count), ("work_local_size", work_local_size)):
            v = ConstExpr.unwrap(v)
            if isinstance(v, IRValue) or not isinstance(v, int) or v < 0:
                raise KernelLanguageError(
                    f"QuantConfig(): '{name}' must be a non-negative integer known at compile "
                    f"time (the config is a template argument), got {describe(v)}")
            values.append(materialize_int(v, f"QuantConfig(): '{name}'").value)
        op = current().insert(ConstructOp(AscendQuantConfigType(), values))
        op.properties["types"] = ArrayAttr([dt.uint32.ir] * 4)
        op.properties["isConstexpr"] = UnitAttr()
        op.properties["isStatic"] = UnitAttr()
        super().__init__(op.results[0])


class DequantParams(AdvStruct):
    """`AscendC::DequantParams{m, n, cal_count}`: `ascend_dequant`'s source is m rows of n int32
    elements (n a multiple of 8) and the first cal_count of each row are scaled. The fields
    may be runtime values. Not in pyasc."""

    __slots__ = ()
    STRUCT = DequantParamsType
    POSITIONAL = True
