"""The pad group of the advanced APIs in the kernel language (beyond pyasc): `asc.adv.broadcast`."""

from __future__ import annotations

from typing import Any

from ascdsl.dialects.ascendc import BroadCastOp

from ... import dtypes as dt
from ...builder import current
from ...errors import KernelLanguageError
from ...values import ConstExpr, IRValue, describe, materialize_int
from . import _common as C

__all__ = ["broadcast"]


def _shape(value: Any, api: str, arg: str) -> list[Any]:
    value = ConstExpr.unwrap(value)
    if not isinstance(value, (list, tuple)) or len(value) not in (1, 2):
        raise KernelLanguageError(f"{api}(): '{arg}' must be a list of 1 or 2 extents, got "
                                  f"{describe(value)}")
    return [ConstExpr.unwrap(v) for v in value]


def _template_int(value: Any, api: str, arg: str) -> int | None:
    value = ConstExpr.unwrap(value)
    if value is None:
        return None
    if isinstance(value, IRValue) or isinstance(value, bool) or not isinstance(value, int):
        raise KernelLanguageError(
            f"{api}(): '{arg}' is a C++ template argument and must be an integer known at "
            f"compile time, got {describe(value)}")
    return value


def _broadcast_axis(dst: list[Any], src: list[Any]) -> int | None:
    """The one axis whose source extent is the constant 1 and whose destination extent is
    not, if the shapes say (None when runtime extents leave it open)."""
    if len(dst) == 1:
        return 0
    candidates = [i for i, (d, s) in enumerate(zip(dst, src))
                  if isinstance(s, int) and s == 1 and not (isinstance(d, int) and d == 1)]
    return candidates[0] if len(candidates) == 1 else None


def broadcast(dst, src, dst_shape, src_shape, temp_buffer=None, dim=None, axis=None) -> None:
    """`AscendC::BroadCast<T, dim, axis>(dst, src, dstShape, srcShape[, sharedTmpBuffer])`:
    src of shape `src_shape` repeated along `axis` to `dst_shape` (both dense): [m, 1] ->
    [m, n] repeats each row's value along the row (axis 1), [1, n] -> [m, n] the row
    (axis 0). The shapes are lists of 1 or 2 extents (runtime values allowed); `dim` defaults
    to their length, `axis` to the one extent the source has as 1; both are template
    arguments. Not in pyasc."""
    api = "broadcast"
    d, s = C.local(dst, api, "dst"), C.local(src, api, "src")
    C.same_dtype(api, ("dst", d), ("src", s))
    C.elements(d, api, "dst", ("i8", "ui8", "f16", "f32"), "BroadCast")
    dshape, sshape = _shape(dst_shape, api, "dst_shape"), _shape(src_shape, api, "src_shape")
    if len(dshape) != len(sshape):
        raise KernelLanguageError(f"{api}(): 'dst_shape' has {len(dshape)} extents and "
                                  f"'src_shape' {len(sshape)}; they must have as many")
    n_dim = _template_int(dim, api, "dim")
    if n_dim is None:
        n_dim = len(dshape)
    if n_dim != len(dshape):
        raise KernelLanguageError(f"{api}(): 'dim' is {n_dim} but the shapes have "
                                  f"{len(dshape)} extents")
    for i, (dv, sv) in enumerate(zip(dshape, sshape)):
        if isinstance(dv, int) and isinstance(sv, int) and sv not in (1, dv):
            raise KernelLanguageError(
                f"{api}(): src_shape[{i}] is {sv}; it must be 1 or dst_shape[{i}] ({dv})")
    n_axis = _template_int(axis, api, "axis")
    if n_axis is not None and n_axis not in range(n_dim):
        raise KernelLanguageError(f"{api}(): 'axis' is {n_axis}; a {n_dim}-D broadcast "
                                  f"broadcasts axis {'0' if n_dim == 1 else '0 or 1'}")
    shown = _broadcast_axis(dshape, sshape)
    if n_axis is not None and shown is not None and n_axis != shown:
        raise KernelLanguageError(
            f"{api}(): 'axis' is {n_axis} but the shapes broadcast axis {shown} (the source "
            f"extent there is 1); AscendC::BroadCast takes its code path from 'axis'")
    if n_axis is None:
        n_axis = shown
        if n_axis is None:
            raise KernelLanguageError(
                f"{api}(): the shapes do not say which axis is broadcast (no single source "
                "extent is the constant 1): give axis=0 or axis=1")
    values = [[materialize_int(v, f"{api}(): '{name}[{i}]'", dt.uint32).value
               for i, v in enumerate(shape)]
              for name, shape in (("dst_shape", dshape), ("src_shape", sshape))]
    current().insert(BroadCastOp(d.to_ir(), s.to_ir(), values[0], values[1], n_axis,
                                 C.scratch(temp_buffer, api, "BroadCast")))
