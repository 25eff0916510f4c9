"""ascdsl's printer writes what MLIR's printer writes: op names under default dialects, the
upstream forms of MLIR_FORMS, and float literals as APFloat spells them."""

from __future__ import annotations

import io

import pytest

from ascdsl.apfloat import mlir_float, to_string, held_value
from ascdsl.context import make_context
from ascdsl.diagnostics import parse_module
from ascdsl.locations import print_module
from ascdsl.mlir_printer import short_name


def _print(text: str, **kw) -> str:
    out = io.StringIO()
    print_module(parse_module(make_context(), text, "t.mlir"), out, **kw)
    return out.getvalue()


CALLS = """\
builtin.module {
  func.func private @g(i32)
  func.func @f(%n: i32, %lb: i32, %ub: i32, %st: i32) {
    func.call @g(%n) : (i32) -> ()
    scf.for %i = %lb to %ub step %st : i32 {
      func.call @g(%i) : (i32) -> ()
    }
    func.return
  }
}
"""


def test_default_dialects_drop_the_prefix_where_mlir_does():
    out = _print(CALLS)
    assert out == (
        "module {\n"
        "  func.func private @g(i32)\n"
        "  func.func @f(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i32) {\n"
        "    call @g(%arg0) : (i32) -> ()\n"
        # the body of an scf.for has no default dialect: MLIR keeps the prefix
        "    scf.for %arg4 = %arg1 to %arg2 step %arg3  : i32 {\n"
        "      func.call @g(%arg4) : (i32) -> ()\n"
        "    }\n"
        "    return\n"
        "  }\n"
        "}\n")
    # what it prints reads back to the same text
    assert _print(out) == out


def test_generic_form_keeps_full_names():
    out = _print(CALLS, generic=True)
    assert '"builtin.module"() ({' in out and '"func.return"() : () -> ()' in out
    assert '"func.call"' in out


def test_short_name_keeps_names_with_two_dots_and_other_dialects():
    assert short_name("func.return", "func") == "return"
    assert short_name("func.a.b", "func") == "func.a.b"
    assert short_name("funcx.return", "func") == "funcx.return"
    assert short_name("scf.yield", "func") == "scf.yield"
    assert short_name("builtin.module", "") == "builtin.module"


def test_scf_for_spacing_as_mlir():
    text = """\
func.func @f(%lb: index, %ub: index, %st: index, %x: i32) -> i32 {
  scf.for %i = %lb to %ub step %st {
  }
  %r = scf.for %i = %lb to %ub step %st iter_args(%a = %x) -> (i32) {
    scf.yield %a : i32
  }
  func.return %r : i32
}
"""
    out = _print(text)
    assert "    scf.for %arg4 = %arg0 to %arg1 step %arg2 {\n    }\n" in out
    assert "%0 = scf.for %arg4 = %arg0 to %arg1 step %arg2 iter_args(%arg5 = %arg3) -> (i32) {" \
        in out
    assert "      scf.yield %arg5 : i32\n" in out


@pytest.mark.parametrize("value, kind, text", [
    # parse-back in the attribute's own format decides the form
    (0.9, "f32", "0.899999976"),  # AdjustToPrecision truncates to 8.999990e-01: not 0.9f
    (3.14, "f32", "3.140000e+00"),
    (0.9, "f16", "8.999020e-01"),
    (3.14, "f16", "3.140630e+00"),  # half up on 3.140625 (Python's half-even: 3.140620)
    (2.2, "f16", "2.199220e+00"),
    (1.0, "f16", "1.000000e+00"),
    (0.0, "f32", "0.000000e+00"),
    (-0.0, "f32", "-0.000000e+00"),
    (-2.5, "f64", "-2.500000e+00"),
    (0.1, "f64", "1.000000e-01"),
    (123456789.0, "f32", "0x4CEB79A3"),  # neither form reads back: the bits
    (float("nan"), "f32", "0x7FC00000"),
    (float("inf"), "f16", "0x7C00"),
    (float("-inf"), "f32", "0xFF800000"),
])
def test_float_literals_as_mlir_prints_them(value, kind, text):
    assert mlir_float(value, kind) == text


def test_apfloat_default_to_string():
    assert to_string(held_value(0.9, "f32"), "f32") == "0.899999976"
    assert to_string(held_value(2.5, "f32"), "f32") == "2.5"
    assert to_string(held_value(1e-5, "f64"), "f64") == "1.0000000000000001E-5"
    assert to_string(held_value(1000.0, "f32"), "f32") == "1000"


def test_float_attributes_print_through_apfloat():
    out = _print('func.func @f() {\n  %a = arith.constant 0.9 : f32\n'
                 '  %b = arith.constant dense<[3.14, 1.0]> : tensor<2xf16>\n  func.return\n}\n')
    assert "%cst = arith.constant 0.899999976 : f32" in out
    assert "dense<[3.140630e+00, 1.000000e+00]> : tensor<2xf16>" in out
    assert _print(out) == out
