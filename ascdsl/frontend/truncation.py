"""Python floats that meet integer runtime values: pyasc's typing, with a warning.

pyasc 1.1.1 gives a Python float next to an integer runtime value the integer's type and
materializes it truncated toward zero (`1.0 + i32` is an i32 add; 1.5, 2.75, 0.5 become 1, 2,
0): what a pyasc kernel computes on the NPU today. ascdsl does the same, so a ported kernel
keeps its numbers, and warns at the kernel line where a fraction is dropped.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np

from .builder import current
from .dtypes import DataType
from .errors import KernelLanguageError


class FloatTruncationWarning(UserWarning):
    """A Python float next to an integer runtime value lost its fraction (pyasc's typing)."""


def truncated(value: Any, t: DataType, op: str) -> Any:
    """A Python float operand of an integer-typed `op`, as pyasc materializes it: truncated
    toward zero (`int(value)`), with a warning at the kernel line when that changes it."""
    if t.is_float() or isinstance(value, bool) or not isinstance(value, (float, np.floating)):
        return value
    try:
        iv = int(value)
    except (OverflowError, ValueError):
        raise KernelLanguageError(f"{value!r} has no {t.name} value (operand of '{op}')") from None
    if iv != value:
        from ascdsl.diagnostics import Diagnostic, Severity, _loc_attr

        b = current()
        loc = _loc_attr(b.loc) if b.loc is not None else None
        text = Diagnostic(
            Severity.WARNING,
            f"the float constant {value!r} is truncated to {iv}: next to a runtime {t.name} "
            f"value, "
            f"'{op}' is an integer operation (pyasc's typing); write {float(iv)!r}, or make the "
            f"other operand a float, to say which you mean",
            loc,
        ).render()
        if loc is None:
            warnings.warn(text, FloatTruncationWarning, stacklevel=3)
        else:  # Python's own report names the kernel line too, not this module
            warnings.warn_explicit(text, FloatTruncationWarning, loc.file, loc.line)
    return iv
