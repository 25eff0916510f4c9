"""Predicates on builtin scalar types (integers, index, floats), shared by every layer.

The dialects, the simulator and the Ascend C target all ask the same questions of a scalar
type; this module answers them once. Where two layers need different answers, the names say
which layer asks:

- `is_unsigned` is the IR type's own signedness: `uiN` only. `i1` and `index` are signless
  (an op such as `arith.divsi` or `arith.cmpi ult` chooses how to read them).
- `index` has no width in MLIR; each layer that stores one fixes it. The simulator keeps an
  index as a 64-bit signed integer (`sim_int_width`: `arith.index_cast` from i64 loses
  nothing, and index arithmetic wraps only at 2**63). Ascend C spells it `uint32_t`, as
  pyasc's emitter does (`cpp_int_width`, `cpp_is_unsigned`), so the casts that give a C++
  expression an op's signedness use 32-bit types there. The two agree on every value below
  2**31; a kernel whose index values reach 2**32 wraps on the NPU but not in the simulator.
- `cpp_is_unsigned` asks whether the C++ spelling is unsigned: `index` (`uint32_t`) and `uiN`
  for N > 1, but not `ui1`, which is spelled `bool`.
"""

from __future__ import annotations

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
    Signedness,
)
from xdsl.ir import Attribute

# Bits of an `index` value in the simulator (int64 scalars and storage).
SIM_INDEX_WIDTH = 64
# Bits of an `index` value in Ascend C (`uint32_t`, pyasc's spelling).
CPP_INDEX_WIDTH = 32


def is_float_type(t: Attribute | None) -> bool:
    """f16, bf16, f32 or f64."""
    return isinstance(t, Float16Type | BFloat16Type | Float32Type | Float64Type)


def is_unsigned(t: Attribute) -> bool:
    """The IR type is an unsigned integer (`uiN`); signless and signed integers, index: no."""
    return isinstance(t, IntegerType) and t.signedness.data == Signedness.UNSIGNED


def sim_int_width(t: Attribute) -> int | None:
    """Bits of an integer or index as the simulator holds it (index: 64); None otherwise."""
    if isinstance(t, IntegerType):
        return t.width.data
    if isinstance(t, IndexType):
        return SIM_INDEX_WIDTH
    return None


def cpp_int_width(t: Attribute) -> int:
    """Bits of an integer or index as Ascend C spells it (index: 32, as `uint32_t`)."""
    if isinstance(t, IndexType):
        return CPP_INDEX_WIDTH
    assert isinstance(t, IntegerType)
    return t.width.data


def cpp_is_unsigned(t: Attribute) -> bool:
    """The C++ spelling of `t` is an unsigned integer (`uintN_t`; index is `uint32_t`)."""
    if isinstance(t, IndexType):
        return True
    return isinstance(t, IntegerType) and t.width.data > 1 and is_unsigned(t)
