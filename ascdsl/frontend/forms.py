"""Forms of ops that pyasc's frontend writes and ascdsl's ops hold as one option among others.

- GM pointers a tensor hands out: pyasc types a kernel's GM arguments `memref<?xT, 22>` but
  the pointers it reads back from a tensor (`GlobalTensor.get_phy_addr`,
  `TensorDesc.get_data_ptr`, `ListTensorDesc.get_data_ptr`) `memref<*xT, 22>`: unranked, as
  the tensor knows no length. Both print as `__gm__ T*` and every consumer takes either
  (ascdsl.dialects.gm.is_gm_pointer).
- A struct built from no values (`ShapeInfo()`, `MmadParams()`): pyasc's builder passes an
  empty cast list, which the IR keeps as `[]`; the Ascend C is the same either way.
"""

from __future__ import annotations

from xdsl.dialects.builtin import ArrayAttr, IntegerAttr, UnrankedMemRefType, i64
from xdsl.ir import Attribute

from ascdsl.dialects.ascendc import ConstructOp
from ascdsl.dialects.gm import GM_ADDRESS_SPACE


def gm_unranked_pointer_type(element_type: Attribute) -> UnrankedMemRefType:
    """`memref<*xT, 22>`."""
    return UnrankedMemRefType.from_type(element_type, IntegerAttr(GM_ADDRESS_SPACE, i64))


def default_construct(struct_type: Attribute) -> ConstructOp:
    """`ascendc.construct !T() []`: the struct's default value, as pyasc writes it."""
    op = ConstructOp(struct_type)
    op.types = ArrayAttr([])
    return op
