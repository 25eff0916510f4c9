"""TensorDesc / ListTensorDesc on the simulator: declared not simulated, with the reason."""

from __future__ import annotations

import ascdsl.dialects.ascendc as A

from ..compiler import not_simulated

_LIST_TENSOR = (
    "a ListTensorDesc decodes a descriptor block that holds the raw GM addresses of other "
    "tensors; the simulator's GM is one buffer per kernel argument with no shared address "
    "space, so an address read from GM names no tensor"
)
for _cls in A.LIST_TENSOR_OPS:
    not_simulated(_cls, _LIST_TENSOR)
