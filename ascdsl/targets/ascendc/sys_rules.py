"""Printing rules for system and tensor-member ops whose C++ the `Cpp` facts do not spell.

- `ScalarCast<float, T, mode>(v)`: the first template argument is the operand's scalar type;
- `GetStoreAtomicConfig(type, op)`: two results come back through `uint16_t&` arguments, so
  they are declared first and passed by name;
- the system workspace is bytes: `SetSysWorkspace` takes `__gm__ uint8_t*` and
  `GetSysWorkSpacePtr()` returns one, whatever element type the IR's memref has (pyasc's
  frontend gives it i8);
- `LocalTensor::GetPhyAddr` returns `T*` in the headers' CPU-debug build (uint64_t on the
  NPU): the integer address is its reinterpret_cast (pyasc's spelling assigns the call);
  `GlobalTensor::GetPhyAddr()` returns `const __gm__ T*`, const_cast to the IR's pointer
  (pyasc's spelling assigns the call here too, which the real headers reject).
"""

from __future__ import annotations

from xdsl.ir import Operation

from ascdsl.dialects.ascendc import (
    GetStoreAtomicConfigOp,
    GlobalGetPhyAddrOp,
    LocalGetPhyAddrOp,
    GetSysWorkspacePtrOp,
    ScalarCastOp,
    SetSysWorkspaceOp,
)
from ascdsl.dialects.ascendc.enums import RoundMode

from .emitter import Emitter, register

_GM_BYTES = "__gm__ uint8_t*"


@register(ScalarCastOp)
def _scalar_cast(em: Emitter, op: Operation) -> None:
    assert isinstance(op, ScalarCastOp)
    src = em.value_ctype(op.value, op)
    dst = em.value_ctype(op.result, op)
    mode = RoundMode(op.enum_value("roundMode")).cpp
    em.declare(op.result, f"AscendC::ScalarCast<{src}, {dst}, {mode}>({em.name(op.value)})", op)


@register(GetStoreAtomicConfigOp)
def _get_store_atomic_config(em: Emitter, op: Operation) -> None:
    assert isinstance(op, GetStoreAtomicConfigOp)
    names = []
    for r in (op.atomic_type, op.atomic_op):
        # The API's reference parameters are uint16_t& (an int16 result reads the same bits).
        name = em.define(r)
        em.line(f"uint16_t {name};")
        names.append(name)
    em.line(f"AscendC::GetStoreAtomicConfig({', '.join(names)});")


@register(SetSysWorkspaceOp)
def _set_sys_workspace(em: Emitter, op: Operation) -> None:
    assert isinstance(op, SetSysWorkspaceOp)
    em.line(f"AscendC::SetSysWorkspace(reinterpret_cast<{_GM_BYTES}>({em.name(op.workspace)}));")


@register(GetSysWorkspacePtrOp)
def _get_sys_workspace_ptr(em: Emitter, op: Operation) -> None:
    assert isinstance(op, GetSysWorkspacePtrOp)
    em.line(f"{_GM_BYTES} {em.define(op.ptr)} = GetSysWorkSpacePtr();")


@register(LocalGetPhyAddrOp)
def _local_get_phy_addr(em: Emitter, op: Operation) -> None:
    assert isinstance(op, LocalGetPhyAddrOp)
    t = em.value_ctype(op.result, op)
    arg = em.name(op.offset) if op.offset is not None else ""
    call = f"{em.name(op.tensor)}.GetPhyAddr({arg})"
    # pyasc's spelling assigns the call as it is (uint64_t on the NPU, T* in the CPU build).
    em.declare(op.result, call if em.pyasc_spelling else f"reinterpret_cast<{t}>({call})", op)


@register(GlobalGetPhyAddrOp)
def _global_get_phy_addr(em: Emitter, op: Operation) -> None:
    assert isinstance(op, GlobalGetPhyAddrOp)
    t = em.value_ctype(op.result, op)
    arg = em.name(op.offset) if op.offset is not None else ""
    call = f"{em.name(op.tensor)}.GetPhyAddr({arg})"
    # pyasc assigns the call as it is (its lit test Target/AscendC/core.mlir), which drops
    # the const (and, there, converts the pointee): only the compiled source casts.
    em.declare(op.result, call if em.pyasc_spelling else f"const_cast<{t}>({call})", op)
