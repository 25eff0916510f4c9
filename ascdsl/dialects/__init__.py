"""IR definitions: the `ascendc` dialect (Ascend C API), `emitasc` helpers, GM pointers."""

from ascdsl.dialects.gm import install_mlir_memref_printing

install_mlir_memref_printing()
