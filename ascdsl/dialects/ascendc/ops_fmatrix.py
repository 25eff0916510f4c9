"""The load3d feature-map registers (`SetFmatrix` with an `AscendC::FmatrixMode`) and the
raw FFTS cross-core message (`ffts_cross_core_sync(pipe, config)`), in pyasc's syntax (its
Basic/OpMm.td and Ops.td).

SetFmatrix writes the L1 feature map's height, width and padding that later LoadData3D
instructions read, for the left or the right matrix (FmatrixMode). `ffts_cross_core_sync` is
the CCE intrinsic under CrossCoreSetFlag: it sends `config` (mode and flag id packed as Ascend
C packs them) once `pipe` has finished its earlier instructions.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import ParsePropInAttrDict, irdl_attr_definition, operand_def, prop_def

from .base import AscendCOp, Cpp, asc_op, enum_attr
from .constraints import INT, MEMREF, Is
from .enums import Pipe
from .types import ParamStructType


@irdl_attr_definition
class FmatrixModeType(ParamStructType):
    """AscendC::FmatrixMode (FMATRIX_LEFT = 0, FMATRIX_RIGHT = 1), an enum class of uint8_t
    that pyasc builds like a struct: `AscendC::FmatrixMode m{v};`."""

    name = "ascendc.fmatrix_mode"
    CPP = "AscendC::FmatrixMode"
    FIELDS = (("mode", 0),)
    # None: the value initializes the enum as it is (pyasc prints no cast).
    FIELD_CPP = (None,)  # type: ignore[assignment]


@asc_op(cpp=Cpp("SetFmatrix"), pipe=Pipe.PIPE_S)
class SetFmatrixOp(AscendCOp):
    """`SetFmatrix(l1H, l1W, padList, fmatrixMode)`: the feature map LoadData3D reads."""

    name = "ascendc.set_fmatrix"
    l1H = operand_def(INT)
    l1W = operand_def(INT)
    padList = operand_def(MEMREF)
    fmatrixMode = operand_def(Is((FmatrixModeType,), "!ascendc.fmatrix_mode"))
    assembly_format = "operands attr-dict `:` type(operands)"

    def __init__(self, l1_h: SSAValue, l1_w: SSAValue, pad_list: SSAValue, mode: SSAValue):
        super().__init__(operands=[l1_h, l1_w, pad_list, mode])


@asc_op(cpp=Cpp("ffts_cross_core_sync", namespace="", args=("enum:pipe", "config")),
        enums={"pipe": Pipe})
class FftsCrossCoreSyncOp(AscendCOp):
    """`ffts_cross_core_sync(pipe, config)`: send an FFTS cross-core message after `pipe`."""

    name = "ascendc.ffts_cross_core_sync"
    pipe = prop_def(IntegerAttr)
    config = operand_def(INT)
    assembly_format = "operands attr-dict `:` type(operands)"
    irdl_options = (ParsePropInAttrDict(),)  # pyasc writes `{pipe = 5 : i32}`
    NEEDS_FFTS: ClassVar[bool] = True  # an FFTS message: the kernel needs the base address

    def __init__(self, pipe: Pipe, config: SSAValue):
        super().__init__(operands=[config], properties={"pipe": enum_attr(pipe)})

    def hw_pipe(self) -> Pipe | None:
        return self.enum_value("pipe")  # type: ignore[return-value]


FMATRIX_OPS: list[type[AscendCOp]] = [SetFmatrixOp, FftsCrossCoreSyncOp]
FMATRIX_TYPES: list[type[Attribute]] = [FmatrixModeType]
