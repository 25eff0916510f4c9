"""The dump buffer of kernels that print: pyasc's `dump_addr` argument and `InitDump`.

On the NPU, printf and DumpTensor write into a GM buffer the launcher passes as one more
kernel argument, `__gm__ uint8_t* dump_addr`, which the kernel hands to `AscendC::InitDump`
before anything prints (under `ASCENDC_DUMP`, which CANN's build defines when dumping is on).
pyasc marks such modules `asc.enable_debug` (its detect-enable-debug pass, for printf and
DumpTensor) and prints the argument and this prelude; ascdsl does the same for a kernel that
holds either op, or any kernel of a module with the mark. The prelude also prints the CANN
version, as CANN's own kernels do. The IR's function keeps its arguments: the simulator and
the sanitizer never see the buffer.
"""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp

from ascdsl.dialects.ascendc import DumpTensorOp, PrintfOp

ENABLE_DEBUG_ATTR = "asc.enable_debug"
DUMP_PARAM = "__gm__ uint8_t* dump_addr"
# Per-core dump space CANN's runtime allocates (1 MB), as pyasc passes it to InitDump.
ONE_CORE_DUMP_SIZE = 1048576

_PRELUDE = (
    "#if defined ASCENDC_DUMP",
    f"  constexpr uint32_t ascendc_one_core_dump_size = {ONE_CORE_DUMP_SIZE};",
    "  AscendC::InitDump(false, dump_addr, ascendc_one_core_dump_size);",
    "  uint64_t asc_timestamp = 0;",
    "  uint64_t asc_version = 0;",
    "  __gm__ char* asc_version_str = nullptr;",
    "  GetCannVersion(asc_version_str, asc_version, asc_timestamp);",
    "  if (asc_timestamp == 0) {",
    '    AscendC::printf("[WARNING]: CANN TimeStamp is invalid,                 '
    'CANN TimeStamp is %u\\n", asc_timestamp);',
    "  } else {",
    '    AscendC::printf("CANN Version: %s, TimeStamp: %u\\n",                 '
    "(__gm__ const char*)(asc_version_str), asc_timestamp);",
    "  }",
    "#endif",
)


def needs_dump(func: FuncOp) -> bool:
    """Whether kernel `func` gets the dump argument and prelude."""
    module = func.parent_op()
    while module is not None and not isinstance(module, ModuleOp):
        module = module.parent_op()
    if module is not None and ENABLE_DEBUG_ATTR in module.attributes:
        return True
    return any(isinstance(op, PrintfOp | DumpTensorOp) for op in func.walk())


def prelude() -> tuple[str, ...]:
    """The lines that start such a kernel (indented by the caller's level)."""
    return _PRELUDE
