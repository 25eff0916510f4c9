"""The sort helpers of the advanced APIs in the kernel language: `asc.adv.concat`,
`asc.adv.extract`."""

from __future__ import annotations

from ascdsl.dialects.ascendc import ConcatOp, ExtractOp

from ... import dtypes as dt
from ...builder import current
from ...errors import KernelLanguageError
from ...values import materialize_int
from . import _common as C

__all__ = ["concat", "extract"]


def concat(dst, src, tmp, repeat_time) -> None:
    """`AscendC::Concat(dst, src, tmp, repeat_time)`: prepares `src` for Sort (on Ascend 910B
    `dst` then views `src`: the scores are sorted as they are)."""
    api = "concat"
    d, s, t = C.local(dst, api, "dst"), C.local(src, api, "src"), C.local(tmp, api, "tmp")
    C.same_dtype(api, ("dst", d), ("src", s), ("tmp", t))
    C.elements(d, api, "dst", ("f16", "f32"), "Concat")
    n = materialize_int(repeat_time, f"{api}(): 'repeat_time'").value
    current().insert(ConcatOp.create(operands=[d.to_ir(), s.to_ir(), t.to_ir(), n]))


def extract(dst_value, dst_index, src, repeat_time) -> None:
    """`AscendC::Extract(dst_value, dst_index, sorted, repeat_time)`: the scores and uint32
    indices of 32 * repeat_time sorted elements."""
    api = "extract"
    v, i, s = (C.local(dst_value, api, "dst_value"), C.local(dst_index, api, "dst_index"),
               C.local(src, api, "src"))
    C.same_dtype(api, ("dst_value", v), ("src", s))
    C.elements(v, api, "dst_value", ("f16", "f32"), "Extract")
    if i.dtype != dt.uint32:
        raise KernelLanguageError(f"{api}(): 'dst_index' must hold uint32, got {i.dtype}")
    n = materialize_int(repeat_time, f"{api}(): 'repeat_time'").value
    current().insert(ExtractOp.create(operands=[v.to_ir(), i.to_ir(), s.to_ir(), n]))
