"""`legalize-kernel-args` (pyasc: `ascendc-legalize-kernel-args`): mark how kernel args arrive.

Every argument of an `ascendc.global` function gets `emitasc.kernel_arg = #emitasc<kernel_arg
explicit>`: the launcher passes it from the user's call. A kernel that performs a cross-core
(AIC <-> AIV) sync through FFTS also needs the FFTS base address, which the runtime supplies:
then the pass appends an argument `%ffts_addr: memref<?xui64, 22>` marked
`#emitasc<kernel_arg ffts_addr>` and starts the kernel with `ascendc.set_ffts_base_addr
%ffts_addr` (unknown location), as pyasc's pass does; the Ascend C target prints it as
`set_ffts_base_addr(*vN_ffts_addr);` (and, for IR that only marks the argument, from the mark).

Which ops need it is a fact each op declares (`NEEDS_FFTS`: CrossCoreSetFlag / WaitFlag), so
by default only a kernel that uses them gets the argument. pyasc's official pass appends
`ffts_addr` to every kernel unconditionally (its launcher always passes
`rt.c2c_ctrl_addr()`), because any pyasc kernel may hold a matmul whose AIC/AIV halves sync
through FFTS. ascdsl keeps kernel
signatures equal to what the user wrote unless the address is used, and the runtime reads the
`kernel_arg` marks to know what to pass. The option `ffts-addr` overrides the detection:
`auto` (default), `always` (pyasc's behaviour) or `never`.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    FunctionType,
    IntegerType,
    ModuleOp,
    NameLoc,
    Signedness,
    StringAttr,
    UnknownLoc,
)
from xdsl.dialects.func import FuncOp
from xdsl.ir import Attribute

from ascdsl.diagnostics import PassError
from ascdsl.dialects.ascendc import SetFftsBaseAddrOp
from ascdsl.dialects.emitasc import KernelArgAttr, KernelArgument
from ascdsl.dialects.gm import gm_pointer_type

from .options import CheckedPass

GLOBAL_ATTR = "ascendc.global"
KERNEL_ARG_ATTR = "emitasc.kernel_arg"
FFTS_ARG_NAME = "ffts_addr"
_MODES = ("auto", "always", "never")


def needs_ffts(func: FuncOp) -> bool:
    """Whether an op of `func` declares that it syncs across cores through FFTS."""
    return any(getattr(type(op), "NEEDS_FFTS", False) for op in func.walk())


@dataclass(frozen=True)
class LegalizeKernelArgsPass(CheckedPass):
    """Mark kernel arguments `explicit`; add `ffts_addr` when a cross-core sync needs it."""

    name = "legalize-kernel-args"
    CHOICES = {"ffts_addr": _MODES}

    ffts_addr: str = "auto"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for func in op.body.ops:
            if isinstance(func, FuncOp) and GLOBAL_ATTR in func.attributes:
                if not func.is_declaration:
                    self._legalize(func)

    def _legalize(self, func: FuncOp) -> None:
        block = func.body.block
        attrs = _arg_dicts(func)
        explicit = KernelArgAttr(KernelArgument.EXPLICIT)
        has_ffts = False
        for i, d in enumerate(attrs):
            kind = d.get(KERNEL_ARG_ATTR)
            if kind is None:
                d[KERNEL_ARG_ATTR] = explicit
            elif not isinstance(kind, KernelArgAttr):
                raise PassError(
                    block.args[i],
                    f"{KERNEL_ARG_ATTR} of argument {i} must be #emitasc<kernel_arg ...>, "
                    f"got {kind}",
                )
            elif kind.data == KernelArgument.FFTS_ADDR:
                has_ffts = True
        wanted = self.ffts_addr == "always" or (self.ffts_addr == "auto" and needs_ffts(func))
        if wanted and not has_ffts:
            arg = block.insert_arg(gm_pointer_type(IntegerType(64, Signedness.UNSIGNED)), len(block.args))
            arg.name_hint = FFTS_ARG_NAME
            # pyasc's pass names it by location, which its translator appends (`v5_ffts_addr`).
            arg.location = NameLoc(StringAttr(FFTS_ARG_NAME), UnknownLoc())
            attrs.append({KERNEL_ARG_ATTR: KernelArgAttr(KernelArgument.FFTS_ADDR)})
            ft = func.function_type
            func.function_type = FunctionType.from_lists(
                [*ft.inputs.data, arg.type], list(ft.outputs.data)
            )
            # First in the body, before the AIC's KFC start-up message (insert-kfc-sync),
            # where pyasc's pass puts it.
            if not any(isinstance(o, SetFftsBaseAddrOp) for o in block.ops):
                set_base = SetFftsBaseAddrOp(arg)
                set_base.location = UnknownLoc()
                if block.first_op is None:
                    block.add_op(set_base)
                else:
                    block.insert_op_before(set_base, block.first_op)
        func.arg_attrs = ArrayAttr([DictionaryAttr(d) for d in attrs])


def _arg_dicts(func: FuncOp) -> list[dict[str, Attribute]]:
    n = len(func.body.block.args)
    out: list[dict[str, Attribute]] = []
    if func.arg_attrs is not None:
        out = [dict(d.data) if isinstance(d, DictionaryAttr) else {} for d in func.arg_attrs.data]
    return (out + [{} for _ in range(n)])[:n]
