"""Gather, Gatherb, Scatter and Brcb in the kernel language (pyasc's names and keywords;
`ascdsl/dialects/ascendc/ops_gather.py` says what each reads and writes)."""

from __future__ import annotations

from ascdsl.dialects.ascendc import (
    BrcbL0Op,
    GatherbL0Op,
    GatherL0Op,
    GatherL1Op,
    GatherL2Op,
    ScatterL0Op,
    ScatterL1Op,
    ScatterL2Op,
)

from .. import dtypes as dt
from .dispatch import dispatch, levels
from .tensor import LocalTensor

# The types pyasc's wrappers (vec_gather, vec_scatter, vec_brcb) give the integer operands;
# their L1 forms build the mask list before src_base / dst_base (words_first).
_REPEAT_U8 = {"repeat_times": dt.uint8}
_GATHER_TYPES = {**_REPEAT_U8, "src_base": dt.uint32, "mask": dt.uint64,
                 "dst_rep_stride": dt.uint16, "count": dt.uint32}
_SCATTER_TYPES = {**_REPEAT_U8, "dst_base": dt.uint32, "mask": dt.uint64,
                  "src_rep_stride": dt.uint8, "count": dt.uint32}


@levels(GatherL0Op, GatherL1Op, GatherL2Op, types=_GATHER_TYPES, words_first=True)
def gather(dst: LocalTensor, src: LocalTensor, src_offset: LocalTensor, src_base: int,
           *args, **kwargs) -> None:
    """`AscendC::Gather`: dst[i] = the element at byte `src_base + src_offset[i]` of src."""
    dispatch(gather, dst, src, src_offset, src_base, *args, **kwargs)


@levels(GatherbL0Op, types=_REPEAT_U8)
def gatherb(dst: LocalTensor, src0: LocalTensor, offset: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::Gatherb`: 32-byte blocks of src0 at the byte offsets in `offset`."""
    dispatch(gatherb, dst, src0, offset, *args, **kwargs)


@levels(ScatterL0Op, ScatterL1Op, ScatterL2Op, types=_SCATTER_TYPES,
        words_first=True)
def scatter(dst: LocalTensor, src: LocalTensor, dst_offset: LocalTensor, dst_base: int,
            *args, **kwargs) -> None:
    """`AscendC::Scatter`: src[i] goes to byte `dst_base + dst_offset[i]` of dst."""
    dispatch(scatter, dst, src, dst_offset, dst_base, *args, **kwargs)


@levels(BrcbL0Op, types=_REPEAT_U8)
def brcb(dst: LocalTensor, src0: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::Brcb`: each element of src0 fills one 32-byte block of dst, 8 per repeat."""
    dispatch(brcb, dst, src0, *args, **kwargs)


__all__ = ["gather", "gatherb", "scatter", "brcb"]
