"""Which kind of core runs the code: `ASCEND_IS_AIC` / `ASCEND_IS_AIV`, `GetSubBlockNum()`.

An AI core of the 910B is one cube core (AIC) and two vector cores (AIV). A kernel branches on
the core type to run its cube half on the AIC and its vector half on the AIVs; pyasc prints the
test as a comparison of the global `g_coreType` (`int8_t v1 = g_coreType == AscendC::AIC;`).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import i32
from xdsl.ir import Attribute
from xdsl.irdl import result_def

from .base import AscendCOp, Cpp, CppStyle, asc_op
from .constraints import INT


class CoreTypeOp(AscendCOp):
    """`g_coreType == AscendC::<CORE>`: 1 on that kind of core, else 0."""

    CORE: ClassVar[str] = ""
    value = result_def(INT)
    assembly_format = "attr-dict `:` type($value)"
    # Not Pure, as in pyasc (an AscFunc without effects declared): its canonicalize keeps an
    # unused one, and so must pyasc-pipeline to write pyasc's IR.

    def __init__(self, result_type: Attribute = i32):
        super().__init__(result_types=[result_type])


@asc_op(cpp=Cpp("g_coreType", CppStyle.SPECIAL, namespace=""))
class AscendIsAICOp(CoreTypeOp):
    """`ASCEND_IS_AIC`: this code runs on the cube core."""

    name = "ascendc.ascend_is_aic"
    CORE: ClassVar[str] = "AIC"


@asc_op(cpp=Cpp("g_coreType", CppStyle.SPECIAL, namespace=""))
class AscendIsAIVOp(CoreTypeOp):
    """`ASCEND_IS_AIV`: this code runs on a vector core."""

    name = "ascendc.ascend_is_aiv"
    CORE: ClassVar[str] = "AIV"


@asc_op(cpp=Cpp("GetSubBlockNum"))
class GetSubBlockNumOp(AscendCOp):
    """`GetSubBlockNum()`: how many vector cores share one cube core in this launch (1 unless
    the kernel mixes cube and vector code)."""

    name = "ascendc.get_sub_block_num"
    value = result_def(INT)
    assembly_format = "attr-dict `:` type($value)"
    # Not Pure, as in pyasc (OpSysVar.td: AscFunc only); see CoreTypeOp.

    def __init__(self, result_type: Attribute = i32):
        super().__init__(result_types=[result_type])


CORE_TYPE_OPS: list[type[AscendCOp]] = [AscendIsAICOp, AscendIsAIVOp, GetSubBlockNumOp]
