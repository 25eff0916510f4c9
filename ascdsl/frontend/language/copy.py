"""Data movement of the kernel language: `asc.data_copy` and `asc.data_copy_pad`.

Both are written with pyasc's signature; the trailing arguments select the op (see
`dispatch`): a count or a `DataCopyParams` for `data_copy`, the parameter structs for
`data_copy_pad`.
"""

from __future__ import annotations

from ascdsl.dialects.ascendc import (
    DataCopyCO12DstOp,
    DataCopyEnhancedOp,
    DataCopyL0Op,
    DataCopyL2Op,
    DataCopyNd2NzOp,
    DataCopyNz2NdOp,
    DataCopyPadL0Op,
    DataCopyPadL2Op,
    DataCopyPadExtL0Op,
    DataCopyPadExtL2Op,
    DataCopyPadExtNd2NzOp,
    DataCopyPadNd2NzOp,
)

from . import copy_ext  # registers its structs with the dispatch before `levels` reads them
from ..values import ConstExpr

from .dispatch import dispatch, levels
from .tensor import BaseTensor


@levels(DataCopyL0Op, DataCopyL2Op, DataCopyNd2NzOp, DataCopyNz2NdOp, DataCopyEnhancedOp,
        DataCopyCO12DstOp, names={"params": "repeat_params"})
def data_copy(dst: BaseTensor, src: BaseTensor, *args, **kwargs) -> None:
    """`AscendC::DataCopy`: copy between GM and local tensors (or local to local).

    The pipe follows the memories: GM to UB on MTE2, UB to GM on MTE3, UB to UB on V.
    With `Nd2NzParams` it copies row-major GM matrices into NZ fractals of L1 (the cube's
    input); with `Nz2NdParamsFull` NZ fractals back to row-major GM; with
    `DataCopyEnhancedParams` after the DataCopyParams, an enhanced copy; with
    `DataCopyCO12DstParams`, an L0C block out. `data_copy(dst, src, [SliceInfo, ...],
    [SliceInfo, ...], dim_value)` copies a strided window (one SliceInfo per dimension).
    """
    if args and isinstance(ConstExpr.unwrap(args[0]), (list, tuple)) or "slice_list1" in kwargs:
        copy_ext.data_copy_slice(dst, src, *args, **kwargs)
        return
    dispatch(data_copy, dst, src, *args, **kwargs)


@levels(DataCopyPadL0Op, DataCopyPadL2Op, DataCopyPadNd2NzOp, DataCopyPadExtL0Op,
        DataCopyPadExtL2Op, DataCopyPadExtNd2NzOp, names={"params": "data_copy_params"})
def data_copy_pad(dst: BaseTensor, src: BaseTensor, *args, **kwargs) -> None:
    """`AscendC::DataCopyPad`: byte-granular copy; GM to local takes `DataCopyPadParams`
    (`DataCopyPadExtParams(dtype, ...)` with `DataCopyExtParams`), local to GM nothing more,
    UB to L1 an `Nd2NzParams`."""
    dispatch(data_copy_pad, dst, src, *args, **kwargs)


__all__ = ["data_copy", "data_copy_pad"]
