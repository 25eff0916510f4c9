"""Debug and profiling marks: `PrintTimeStamp`, `DumpAccChkPoint`, `MetricsProfStart/Stop`.

Like printf and DumpTensor (ops_sync.py) they run on the scalar unit; DumpAccChkPoint reads
the tensor it dumps.
"""

from __future__ import annotations

from xdsl.ir import SSAValue
from xdsl.irdl import operand_def

from .base import AscendCOp, Cpp, asc_op
from .constraints import INT, TENSOR
from .enums import Pipe


@asc_op(cpp=Cpp("PrintTimeStamp"), pipe=Pipe.PIPE_S)
class PrintTimeStampOp(AscendCOp):
    """`PrintTimeStamp(descId)`: print the core's cycle counter tagged `descId`."""

    name = "ascendc.print_time_stamp"
    desc_id = operand_def(INT)
    assembly_format = "$desc_id attr-dict `:` type($desc_id)"

    def __init__(self, desc_id: SSAValue):
        super().__init__(operands=[desc_id])


@asc_op(cpp=Cpp("DumpAccChkPoint"), pipe=Pipe.PIPE_S, reads=("tensor",))
class DumpAccChkPointOp(AscendCOp):
    """`DumpAccChkPoint(tensor, index, countOff, dumpSize)`: dump `dumpSize` elements from
    element `countOff`, tagged `index`."""

    name = "ascendc.dump_acc_chk_point"
    tensor = operand_def(TENSOR)
    index = operand_def(INT)
    count_off = operand_def(INT)
    dump_size = operand_def(INT)
    assembly_format = "operands attr-dict `:` type(operands)"

    def __init__(self, tensor: SSAValue, index: SSAValue, count_off: SSAValue,
                 dump_size: SSAValue):
        super().__init__(operands=[tensor, index, count_off, dump_size])


@asc_op(cpp=Cpp("MetricsProfStart"), pipe=Pipe.PIPE_S)
class MetricsProfStartOp(AscendCOp):
    """`MetricsProfStart()`: start of the region the profiler's metrics cover."""

    name = "ascendc.metrics_prof_start"
    assembly_format = "attr-dict"


@asc_op(cpp=Cpp("MetricsProfStop"), pipe=Pipe.PIPE_S)
class MetricsProfStopOp(AscendCOp):
    """`MetricsProfStop()`: end of the profiled region."""

    name = "ascendc.metrics_prof_stop"
    assembly_format = "attr-dict"


DEBUG_OPS: list[type[AscendCOp]] = [
    PrintTimeStampOp,
    DumpAccChkPointOp,
    MetricsProfStartOp,
    MetricsProfStopOp,
]
