"""GM pointers: `memref<?xT, 22>` (address space 22 = `__gm__`), as pyasc writes them.

MLIR prints an integer memory space without its `i64` type (`memref<?xf32, 22>`); xDSL prints
`memref<?xf32, 22 : i64>`. Both parse to the same type. `install_mlir_memref_printing` makes
xDSL print the MLIR spelling, so IR moves between pyasc and ascdsl unchanged.
"""

from __future__ import annotations

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    IntegerAttr,
    IntegerType,
    MemRefType,
    NoneAttr,
    UnrankedMemRefType,
    i64,
)
from xdsl.ir import Attribute

GM_ADDRESS_SPACE = 22


def gm_pointer_type(element_type: Attribute) -> MemRefType:
    """`memref<?xT, 22>`: a pointer to GM elements of type T."""
    return MemRefType(element_type, [DYNAMIC_INDEX], NoneAttr(), IntegerAttr(GM_ADDRESS_SPACE, i64))


def is_gm_pointer(t: Attribute) -> bool:
    if not isinstance(t, MemRefType | UnrankedMemRefType):
        return False
    space = t.memory_space
    return isinstance(space, IntegerAttr) and space.value.data == GM_ADDRESS_SPACE


def _print_space(printer, space: Attribute) -> None:
    if isinstance(space, IntegerAttr) and isinstance(space.type, IntegerType) and space.type == i64:
        printer.print_string(str(space.value.data))
    else:
        printer.print_attribute(space)


def _ranked_print_builtin(self: MemRefType, printer) -> None:
    printer.print_string("memref")
    with printer.in_angle_brackets():
        if self.shape.data:
            printer.print_dimension_list(self.get_shape())
            printer.print_string("x")
        printer.print_attribute(self.element_type)
        if not isinstance(self.layout, NoneAttr):
            printer.print_string(", ")
            printer.print_attribute(self.layout)
        if not isinstance(self.memory_space, NoneAttr):
            printer.print_string(", ")
            _print_space(printer, self.memory_space)


def _unranked_print_builtin(self: UnrankedMemRefType, printer) -> None:
    printer.print_string("memref<*x")
    printer.print_attribute(self.element_type)
    if not isinstance(self.memory_space, NoneAttr):
        printer.print_string(", ")
        _print_space(printer, self.memory_space)
    printer.print_string(">")


_installed = False


def install_mlir_memref_printing() -> None:
    global _installed
    if not _installed:
        MemRefType.print_builtin = _ranked_print_builtin  # type: ignore[method-assign]
        UnrankedMemRefType.print_builtin = _unranked_print_builtin  # type: ignore[method-assign]
        _installed = True
