"""Kernel arguments from Python: numpy arrays and torch CPU tensors for GM pointers, scalars.

A GM argument must have exactly the pointer's element type and be C-contiguous and writable:
the kernel writes it in place, as a launch on hardware copies results back into the caller's
buffer. torch tensors are viewed through `.numpy()` (no copy); bf16 tensors as their uint16
bit patterns, which is how the simulator stores bf16. A Python int fits an integer scalar, a
Python float (or int) a float scalar, a bool an integer scalar; a numpy scalar must have the
scalar's exact type. Mistakes raise TypeError (or ValueError for a value out of range) naming
the argument.
"""

from __future__ import annotations

import numbers

import numpy as np

from ascdsl.sim.dtypes import NUMPY_NAMES, SimDType
from ascdsl.sim.kernel import Param
from ascdsl.sim.structs import decode

# torch dtype name -> SimDType name.
_TORCH = {
    "float16": "f16",
    "bfloat16": "bf16",
    "float32": "f32",
    "float64": "f64",
    "int8": "i8",
    "int16": "i16",
    "int32": "i32",
    "int64": "i64",
    "uint8": "ui8",
    "uint16": "ui16",
    "uint32": "ui32",
    "uint64": "ui64",
    "bool": "i1",
}


def _same(dt: SimDType, name: str) -> bool:
    """Does storage `name` (numpy/torch) hold elements of `dt` (signless iN = signed)?"""
    return dt.name == name


def _is_torch(value) -> bool:
    return type(value).__module__.split(".", 1)[0] == "torch" and hasattr(value, "numpy")


def gm_array(p: Param, value, kernel: str) -> np.ndarray:
    """The 1-D array (storage dtype, shared memory) behind a GM argument."""
    where = f"argument {p.describe()} of kernel '{kernel}'"
    if _is_torch(value):
        if value.device.type != "cpu":
            raise TypeError(f"{where} is a torch tensor on {value.device}; the simulator reads "
                            "CPU tensors")
        tname = str(value.dtype).removeprefix("torch.")
        got = _TORCH.get(tname)
        if got is None or not _same(p.dtype, got):
            raise TypeError(f"{where} got a torch.{tname} tensor")
        if not value.is_contiguous():
            raise TypeError(f"{where} got a non-contiguous tensor; pass .contiguous() (the "
                            "kernel writes its argument in place)")
        t = value.detach()
        if tname == "bfloat16":
            import torch

            arr = t.view(torch.int16).numpy().view(np.uint16)
        else:
            arr = t.numpy()
        return arr.reshape(-1)
    if isinstance(value, np.ndarray):
        got = NUMPY_NAMES.get(value.dtype)
        ok = got is not None and _same(p.dtype, got)
        if p.dtype.is_bf16 and value.dtype == np.uint16:
            ok = True  # bf16 bit patterns
        if not ok:
            raise TypeError(f"{where} got a numpy array of {value.dtype}")
        if not value.flags.c_contiguous:
            raise TypeError(f"{where} got a non-contiguous array; pass np.ascontiguousarray(...) "
                            "(the kernel writes its argument in place)")
        if not value.flags.writeable:
            raise TypeError(f"{where} got a read-only array; pass a writable copy (the kernel "
                            "may write its argument in place)")
        return value.reshape(-1)
    raise TypeError(f"{where} must be a numpy array or a torch CPU tensor, got "
                    f"{type(value).__name__}")


def scalar_value(p: Param, value, kernel: str):
    """A Python value for a scalar argument, checked against its type."""
    dt = p.dtype
    where = f"argument {p.describe()} of kernel '{kernel}'"
    if _is_torch(value) or isinstance(value, np.ndarray):
        raise TypeError(f"{where} is a scalar, got an array/tensor")
    if isinstance(value, np.generic):
        got = NUMPY_NAMES.get(value.dtype)
        if got is None or not (_same(dt, got) or (dt.name == "i8" and got == "i1")):
            raise TypeError(f"{where} got a numpy {value.dtype} scalar")
        value = value.item()
    if dt.kind == "float":
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise TypeError(f"{where} got {type(value).__name__} {value!r}")
        return dt.scalar(float(value))
    if not isinstance(value, numbers.Integral):
        raise TypeError(f"{where} got {type(value).__name__} {value!r}; it takes an integer")
    v = int(value)
    bits = dt.bits
    lo, hi = (0, (1 << bits) - 1) if dt.kind in ("uint", "bool") else (
        -(1 << (bits - 1)), (1 << (bits - 1)) - 1)
    if not lo <= v <= hi:
        raise ValueError(f"{where} got {v}, outside the range {lo}..{hi}")
    return dt.scalar(v)


def marshal(params: list[Param], args, kernel: str) -> list:
    """Check and convert launch arguments (one per kernel parameter, in order)."""
    if not isinstance(args, (list, tuple)):
        raise TypeError(f"kernel '{kernel}' takes its arguments as a list or tuple, got "
                        f"{type(args).__name__}")
    if len(args) != len(params):
        names = ", ".join(p.name for p in params)
        raise TypeError(f"kernel '{kernel}' takes {len(params)} argument(s) ({names}), got "
                        f"{len(args)}")
    return [
        gm_array(p, a, kernel) if p.kind == "gm"
        else decode(p.ir_type.element_type, a, f"argument {p.describe()} of kernel '{kernel}'")
        if p.kind == "struct" else scalar_value(p, a, kernel)
        for p, a in zip(params, args)
    ]
