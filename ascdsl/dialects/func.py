"""MLIR's `func` dialect as xDSL has it, printed as MLIR prints a declaration.

MLIR writes a function declaration without an empty result list,
`func.func private @f(i32) attributes {...}`; xDSL adds `-> ()`. Both read the same.
`install_mlir_func_printing` makes xDSL write MLIR's form (as `dialects.gm` does for memref
memory spaces), so pyasc's `privatize-func` output is reproduced line for line.
"""

from __future__ import annotations

from xdsl.dialects.func import FuncOp
from xdsl.dialects.utils import print_func_op_like
from xdsl.printer import Printer

_installed = False


def _print_func(self: FuncOp, printer: Printer) -> None:
    if self.sym_visibility:
        printer.print_string(" ")
        printer.print_string(self.sym_visibility.data)
    print_func_op_like(
        printer,
        self.sym_name,
        self.function_type,
        self.body,
        self.attributes,
        arg_attrs=self.arg_attrs,
        res_attrs=self.res_attrs,
        reserved_attr_names=("sym_name", "function_type", "sym_visibility", "arg_attrs"),
        print_empty_outputs=False,
    )


def install_mlir_func_printing() -> None:
    global _installed
    if not _installed:
        FuncOp.print = _print_func  # type: ignore[method-assign]
        _installed = True
