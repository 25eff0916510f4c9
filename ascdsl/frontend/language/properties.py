"""`asc.property(asc.TOTAL_L1_SIZE)`: a constant of the Ascend C headers, by name.

pyasc reads SoC sizes in a kernel as opaque C++ constants (`emitc.constant
#emitc.opaque<"::AscendC::TOTAL_L1_SIZE">`): the value is the headers', fixed when bisheng
compiles the kernel. `Property` names one and the type it has.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.builtin import StringAttr

from ascdsl.dialects.emitc import ConstantOp, OpaqueAttr

from .. import dtypes as dt
from ..builder import current
from ..errors import KernelLanguageError
from ..values import ConstExpr, PlainValue, describe

__all__ = ["Property", "property", "DEFAULT_C0_SIZE", "ONE_BLK_SIZE", "TOTAL_L1_SIZE",
           "TOTAL_L0C_SIZE"]


@dataclass(frozen=True)
class Property:
    """A named constant of the Ascend C headers and its type."""

    name: str
    dtype: dt.DataType


def property(prop: Property) -> PlainValue:  # noqa: A001  (pyasc's name)
    """The header constant `prop` as a runtime value of its type."""
    prop = ConstExpr.unwrap(prop)
    if not isinstance(prop, Property):
        raise KernelLanguageError(f"asc.property(): expected an asc property such as "
                                  f"asc.TOTAL_L1_SIZE, got {describe(prop)}")
    op = current().insert(ConstantOp(OpaqueAttr(StringAttr(prop.name)), prop.dtype.ir))
    return PlainValue(op.results[0], prop.dtype)


DEFAULT_C0_SIZE = Property("::AscendC::DEFAULT_C0_SIZE", dt.int32)
ONE_BLK_SIZE = Property("::AscendC::ONE_BLK_SIZE", dt.int16)
TOTAL_L1_SIZE = Property("::AscendC::TOTAL_L1_SIZE", dt.int32)
TOTAL_L0C_SIZE = Property("::AscendC::TOTAL_L0C_SIZE", dt.int32)
