# An extension with an error in it (for load-extension.mlir).
from ascdsl.extension import Dialect, register_dialect

register_dialect(Dialect("brokenx", []))
raise RuntimeError("the researcher's bug")
