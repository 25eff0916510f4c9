"""Synchronization, system-variable and debug ops."""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerAttr, StringAttr, i32
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    ParsePropInAttrDict,
    operand_def,
    opt_operand_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.traits import HasCanonicalizationPatternsTrait, Pure
from xdsl.utils.exceptions import VerifyException

from .base import AscendCOp, Cpp, EnumKeyword, asc_op, enum_attr
from .constraints import INT, TENSOR
from .enums import HardEvent, Pipe
from .ops_tensor_ext import SHAPE_INFO



class _FlagOp(AscendCOp):
    event = prop_def(IntegerAttr)
    event_id = operand_def(INT)
    custom_directives = (EnumKeyword,)
    assembly_format = "custom<EnumKeyword>($event) `,` $event_id attr-dict `:` type($event_id)"

    def __init__(self, event: HardEvent, event_id: SSAValue):
        super().__init__(operands=[event_id], properties={"event": enum_attr(event)})

    # `HardEvent.MAX` is read and printed: pyasc accepts it and the headers compile
    # `SetFlag<HardEvent::MAX>` to nothing (the `case HardEvent::MAX: break;` of
    # kernel_event.h), so it orders nothing; the simulator reports it as a warning.


@asc_op(cpp=Cpp("SetFlag", template=("enum:event",)), enums={"event": HardEvent})
class SetFlagOp(_FlagOp):
    """`SetFlag<evt>(id)`: the source pipe signals event `id` once its earlier work is done."""

    name = "ascendc.set_flag"


@asc_op(cpp=Cpp("WaitFlag", template=("enum:event",)), enums={"event": HardEvent})
class WaitFlagOp(_FlagOp):
    """`WaitFlag<evt>(id)`: the destination pipe waits until event `id` is signalled."""

    name = "ascendc.wait_flag"


# The unit attribute cce-auto-sync puts on each op it inserts (bisheng's layer, not the
# kernel's own). Here because merging barriers must keep the user's one: the Ascend C printer
# leaves marked ops to bisheng, and `--cce-auto-sync=off` strips them.
AUTO_SYNC_ATTR = "ascdsl.auto_sync"


class PipeBarrierCanonicalization(HasCanonicalizationPatternsTrait):
    @classmethod
    def get_canonicalization_patterns(cls):
        from .canonicalize import MergeAdjacentBarriers

        return (MergeAdjacentBarriers(),)


@asc_op(cpp=Cpp("PipeBarrier", template=("enum:pipe",)), enums={"pipe": Pipe})
class PipeBarrierOp(AscendCOp):
    """`PipeBarrier<pipe>()`: later ops of `pipe` wait for its earlier ops (all pipes for ALL)."""

    name = "ascendc.pipe_barrier"
    pipe = prop_def(IntegerAttr)
    custom_directives = (EnumKeyword,)
    assembly_format = "custom<EnumKeyword>($pipe) attr-dict"
    traits = traits_def(PipeBarrierCanonicalization())

    def __init__(self, pipe: Pipe):
        super().__init__(properties={"pipe": enum_attr(pipe)})

    @property
    def barrier_pipe(self) -> Pipe:
        return Pipe(self.enum_value("pipe"))

    @property
    def auto_sync(self) -> bool:
        """Inserted by cce-auto-sync (AUTO_SYNC_ATTR), not written by the user."""
        return AUTO_SYNC_ATTR in self.attributes

    # `PipeBarrier<PIPE_S>` is read and printed, as pyasc does: on the 910B (__NPU_ARCH__ 2201)
    # kernel_reg.h only ASCENDC_DEBUG_ASSERTs it (an abort in CPU-debug and ASCENDC_DEBUG
    # builds, nothing in a release build, where it is issued and orders nothing: the scalar
    # pipe runs in order). Only __NPU_ARCH__ 3510 static_asserts it. The simulator runs it as
    # a no-op and reports that assert as a warning.


class _SysVarOp(AscendCOp):
    value = result_def(INT)
    assembly_format = "attr-dict `:` type($value)"
    traits = traits_def(Pure())

    def __init__(self, result_type: Attribute = i32):
        super().__init__(result_types=[result_type])


@asc_op(cpp=Cpp("GetBlockIdx"))
class GetBlockIdxOp(_SysVarOp):
    """`GetBlockIdx()`: this core's index in 0..block_num-1."""

    name = "ascendc.get_block_idx"


@asc_op(cpp=Cpp("GetBlockNum"))
class GetBlockNumOp(_SysVarOp):
    """`GetBlockNum()`: the number of cores the kernel was launched on."""

    name = "ascendc.get_block_num"


@asc_op(cpp=Cpp("GetSubBlockIdx"))
class GetSubBlockIdxOp(AscendCOp):
    """`GetSubBlockIdx()`: which vector core of an AI core (0 or 1) runs this code."""

    name = "ascendc.get_sub_block_idx"
    # Unlike get_block_idx, not Pure in pyasc: its canonicalize keeps an unused one.
    value = result_def(INT)
    assembly_format = "attr-dict `:` type($value)"

    def __init__(self, result_type: Attribute = i32):
        super().__init__(result_types=[result_type])


@asc_op(cpp=Cpp("printf", args=("str:desc", "vars")))
class PrintfOp(AscendCOp):
    """`AscendC::printf(desc, vars...)` (needs a debug build to print)."""

    name = "ascendc.printf"
    desc = prop_def(StringAttr)
    vars = var_operand_def()
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "$vars attr-dict (`:` type($vars)^)?"

    def __init__(self, desc: str, vars: list[SSAValue] | tuple[SSAValue, ...] = ()):
        super().__init__(operands=[list(vars)], properties={"desc": StringAttr(desc)})


@asc_op(cpp=Cpp("DumpTensor"), pipe=Pipe.PIPE_S, reads=("tensor",))
class DumpTensorOp(AscendCOp):
    """`DumpTensor(tensor, desc, dumpSize[, shapeInfo])`: dump `dumpSize` elements tagged
    `desc` (with the shape the ShapeInfo gives)."""

    name = "ascendc.dump_tensor"
    tensor = operand_def(TENSOR)
    desc = operand_def(INT)
    dump_size = operand_def(INT)
    shape_info = opt_operand_def(SHAPE_INFO)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = "operands attr-dict `:` type(operands)"

    def __init__(self, tensor: SSAValue, desc: SSAValue, dump_size: SSAValue,
                 shape_info: SSAValue | None = None):
        super().__init__(operands=[tensor, desc, dump_size,
                                   [shape_info] if shape_info is not None else []])


SYNC_OPS = [
    SetFlagOp,
    WaitFlagOp,
    PipeBarrierOp,
    GetBlockIdxOp,
    GetBlockNumOp,
    GetSubBlockIdxOp,
    PrintfOp,
    DumpTensorOp,
]
