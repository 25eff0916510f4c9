"""IR definitions: the `ascendc` dialect (Ascend C API), `emitasc` helpers, GM pointers, and
ascdsl's own versions of the upstream dialects where xDSL reads or prints pyasc's IR
differently from MLIR (`emitc`, `arith`, `memref`, `func`)."""

from ascdsl.dialects.arith import install_mlir_arith_traits
from ascdsl.dialects.func import install_mlir_func_printing
from ascdsl.dialects.gm import install_mlir_memref_printing

install_mlir_memref_printing()
install_mlir_func_printing()
install_mlir_arith_traits()
