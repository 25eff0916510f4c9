"""`transpose` with pyasc's forms: `transpose(dst, src)` (one 16 x 16 matrix) and
`transpose(dst, src, shared_tmp_buffer, params)` (TransposeParamsExt), with
`TransposeParamsExt(n_size, c_size, h_size, w_size, transpose_type)` and `TransposeType`."""

from __future__ import annotations

from typing import Any

from ascdsl.dialects.ascendc import TransposeExtOp, TransposeOp
from ascdsl.dialects.ascendc.types_sort import TransposeType
from ascdsl.dialects.ascendc.types_vec import TransposeParamsExtType

from ..builder import current
from ..errors import KernelLanguageError
from ..values import ConstExpr, IRValue
from ._util import require
from .dispatch import describe_call
from .params import TransposeParamsExt
from .tensor import LocalTensor


def transpose(dst: LocalTensor, src: LocalTensor, *args: Any, **kwargs: Any) -> None:
    """`AscendC::Transpose`: dst = src transposed.

    transpose(dst, src)                               one 16 x 16 matrix of 2-byte elements
    transpose(dst, src, shared_tmp_buffer, params)    TransposeParamsExt (a value of type
                                                      !ascendc.transpose_params_ext)
    """
    api = "transpose"
    dst = require(ConstExpr.unwrap(dst), LocalTensor, api, "dst", "a LocalTensor")
    src = require(ConstExpr.unwrap(src), LocalTensor, api, "src", "a LocalTensor")
    values = [ConstExpr.unwrap(v) for v in args]
    for name in ("shared_tmp_buffer", "params"):
        if name in kwargs:
            values.append(ConstExpr.unwrap(kwargs.pop(name)))
    if not values and not kwargs:
        current().insert(TransposeOp(dst.to_ir(), src.to_ir()))
        return
    if (len(values) == 2 and not kwargs and isinstance(values[0], LocalTensor)
            and isinstance(values[1], IRValue)
            and isinstance(values[1].to_ir().type, TransposeParamsExtType)):
        current().insert(TransposeExtOp(dst.to_ir(), src.to_ir(), values[0].to_ir(),
                                        values[1].to_ir()))
        return
    raise KernelLanguageError(
        f"No viable candidates were found to dispatch {api}()\nProvided arguments:\n"
        f"  ({describe_call(args, kwargs)})\nRegistered candidates:\n"
        f"  1. {api}(dst, src)\n"
        f"  2. {api}(dst, src, shared_tmp_buffer: LocalTensor, params: TransposeParamsExt)"
    )


__all__ = ["TransposeParamsExt", "TransposeType", "transpose"]
