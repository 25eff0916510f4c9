"""GM pointers a tensor hands out, typed as pyasc types them.

pyasc's frontend types a kernel's GM arguments `memref<?xT, 22>` but the pointers it reads
back from a tensor (`GlobalTensor.get_phy_addr`, `TensorDesc.get_data_ptr`,
`ListTensorDesc.get_data_ptr`) `memref<*xT, 22>`: unranked, since the tensor knows no length.
Both print as `__gm__ T*` and every consumer takes either (ascdsl.dialects.gm.is_gm_pointer).
"""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerAttr, UnrankedMemRefType, i64
from xdsl.ir import Attribute

from ascdsl.dialects.gm import GM_ADDRESS_SPACE


def gm_unranked_pointer_type(element_type: Attribute) -> UnrankedMemRefType:
    """`memref<*xT, 22>`."""
    return UnrankedMemRefType.from_type(element_type, IntegerAttr(GM_ADDRESS_SPACE, i64))
