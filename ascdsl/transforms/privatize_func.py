"""`privatize-func` (pyasc: `ascendc-privatize-func`): only kernels stay public.

A `func.func` without the `ascendc.global` attribute becomes private, so `inline` and
`symbol-dce` can fold helpers into the kernels and drop them; a kernel with a body becomes
public. Declarations of kernels are left as they are.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.dialects.func import FuncOp
from xdsl.passes import ModulePass

KERNEL_ATTR = "ascendc.global"


def is_kernel(func: FuncOp) -> bool:
    """True for a function marked `ascendc.global` (a kernel entry point)."""
    return KERNEL_ATTR in func.attributes


@dataclass(frozen=True)
class PrivatizeFuncPass(ModulePass):
    """Make every function that is not an ascendc.global kernel private."""

    name = "privatize-func"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for func in op.walk():
            if not isinstance(func, FuncOp):
                continue
            if not is_kernel(func):
                func.sym_visibility = StringAttr("private")
            elif func.body.blocks:
                func.sym_visibility = None
