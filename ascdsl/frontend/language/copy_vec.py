"""`copy` (the vector unit's masked LocalTensor copy) and `CopyRepeatParams`, under pyasc's
names: `copy(dst, src, mask, repeat_time, repeat_params, is_set_mask=True)` with the mask a
count (`copy_l1`) or a list of ui64 words (`copy_l0`)."""

from __future__ import annotations

from typing import Any

from ascdsl.dialects.ascendc import CopyL0Op, CopyL1Op

from .. import dtypes as dt
from ..builder import current
from ..errors import KernelLanguageError
from ..values import ConstExpr, materialize_int
from ._util import require
from .params import CopyRepeatParams
from .tensor import LocalTensor


def copy(dst: Any, src: Any, mask: Any, repeat_time: Any, repeat_params: Any,
         is_set_mask: Any = True) -> None:
    """`AscendC::Copy<T, isSetMask>(dst, src, mask, repeatTime, CopyRepeatParams)`."""
    api = "copy"
    d = require(ConstExpr.unwrap(dst), LocalTensor, api, "dst", "a LocalTensor")
    s = require(ConstExpr.unwrap(src), LocalTensor, api, "src", "a LocalTensor")
    p = require(ConstExpr.unwrap(repeat_params), CopyRepeatParams, api, "repeat_params",
                "a CopyRepeatParams")
    flag = ConstExpr.unwrap(is_set_mask)
    if flag not in (True, False):
        raise KernelLanguageError(
            f"{api}(): 'is_set_mask' must be a boolean literal (True or False), got {flag!r}"
        )
    set_mask = materialize_int(int(flag), f"{api}(): 'is_set_mask'", dt.int8)
    rt = materialize_int(repeat_time, f"{api}(): 'repeat_time'", dt.uint8)
    m = ConstExpr.unwrap(mask)
    if isinstance(m, (list, tuple)):
        words = [materialize_int(w, f"{api}(): a mask word", dt.uint64).value for w in m]
        current().insert(CopyL0Op(d.value, s.value, words, rt.value, p.value, set_mask.value))
        return
    n = materialize_int(m, f"{api}(): 'mask'", dt.uint64)
    current().insert(CopyL1Op(d.value, s.value, n.value, rt.value, p.value, set_mask.value))


__all__ = ["CopyRepeatParams", "copy"]
