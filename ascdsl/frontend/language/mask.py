"""The vector mask register under pyasc's names (its language/basic/common.py):
`reset_mask()`, `set_mask_count()`, `set_mask_norm()`,
`set_vector_mask(length, dtype=..., mode=...)` and
`set_vector_mask(mask_high, mask_low, dtype=..., mode=...)`, with `asc.MaskMode`."""

from __future__ import annotations

from typing import Any

from ascdsl.dialects.ascendc import (
    MaskMode,
    ResetMaskOp,
    SetMaskCountOp,
    SetMaskNormOp,
    SetVectorMaskL0Op,
    SetVectorMaskL1Op,
)

from .. import dtypes as dt
from ..builder import current
from ..errors import KernelLanguageError
from ..values import materialize_int
from ._util import dtype_arg, enum_arg


def reset_mask() -> None:
    """`ResetMask()`."""
    current().insert(ResetMaskOp())


def set_mask_count() -> None:
    """`SetMaskCount()`: counter mode."""
    current().insert(SetMaskCountOp())


def set_mask_norm() -> None:
    """`SetMaskNorm()`: normal mode."""
    current().insert(SetMaskNormOp())


def set_vector_mask(*args: Any, dtype: Any, mode: Any = MaskMode.NORMAL) -> None:
    """`SetVectorMask<T, mode>(len)` or `SetVectorMask<T, mode>(maskHigh, maskLow)`."""
    api = "set_vector_mask"
    t = dtype_arg(dtype, api)
    m = enum_arg(mode, MaskMode, api, "mode")
    if len(args) == 1:
        n = materialize_int(args[0], f"{api}(): 'length'", dt.int32)
        current().insert(SetVectorMaskL0Op(n.value, t.ir, m))
        return
    if len(args) == 2:
        hi = materialize_int(args[0], f"{api}(): 'mask_high'", dt.uint64)
        lo = materialize_int(args[1], f"{api}(): 'mask_low'", dt.uint64)
        current().insert(SetVectorMaskL1Op(hi.value, lo.value, t.ir, m))
        return
    raise KernelLanguageError(
        f"{api}() takes (length) or (mask_high, mask_low) and the keywords dtype and mode, got "
        f"{len(args)} positional arguments"
    )


__all__ = ["MaskMode", "reset_mask", "set_mask_count", "set_mask_norm", "set_vector_mask"]
