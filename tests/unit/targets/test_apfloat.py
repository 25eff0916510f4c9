"""LLVM's APFloat::toString (ascdsl.apfloat, shared with the MLIR printer) as pyasc's
translator uses it for float constants: the cases are the names and literals pyasc 1.1.1 wrote
for its own test kernels (its ascendc.cpp dumps)."""

from __future__ import annotations

import numpy as np
import pytest

from ascdsl import apfloat


def to_string(value: float, kind: str, max_padding: int = 3, truncate_zero: bool = True) -> str:
    return apfloat.to_string(apfloat.held_value(value, kind), kind, 0, max_padding, truncate_zero)


@pytest.mark.parametrize(
    ("value", "kind", "name", "literal"),
    [
        (0.9, "f32", "0.899999976", "8.999999760e-01"),
        (0.0, "f32", "0", "0.0e+00"),
        (1.0, "f32", "1", "1.000000000e+00"),
        (2.5, "f32", "2.5", "2.500000000e+00"),
        (3.14, "f32", "3.1400001", "3.140000100e+00"),
        (1.23, "f32", "1.23000002", "1.230000020e+00"),
        (0.9, "f16", "0.8999", "8.99900e-01"),
        (2.2, "f16", "2.1992", "2.19920e+00"),
        (3.14, "f16", "3.1406", "3.14060e+00"),
        (8.0, "f16", "8", "8.00000e+00"),
    ],
)
def test_matches_pyasc_dumps(value, kind, name, literal):
    held = float(np.float16(value) if kind == "f16" else np.float32(value))
    assert to_string(held, kind) == name
    assert to_string(held, kind, max_padding=0, truncate_zero=False) == literal


@pytest.mark.parametrize(
    ("value", "kind", "text"),
    [
        (1000.0, "f32", "1000"),  # three padding zeros are allowed
        (float(np.float32(1e9)), "f32", "1.0E+9"),  # more are not: scientific
        (float(np.float32(0.00765)), "f32", "0.00765000004"),
        # APFloat truncates the surplus digits before rounding (AdjustToPrecision's udiv):
        # 9.999999747e-6 keeps 999999974; rounding the exact value would give ...975.
        (float(np.float32(1e-5)), "f32", "9.99999974E-6"),
        (float(np.float32(0.94708097)), "f32", "0.947080969"),
        (-0.25, "f32", "-0.25"),
        (0.1, "f64", "0.10000000000000001"),
        (2.0, "bf16", "2"),
    ],
)
def test_plain_or_scientific_by_llvms_padding_rule(value, kind, text):
    assert to_string(value, kind) == text
