"""pyasc's cast lists that are wider than the header's fields: the IR keeps pyasc's list, the
source the Ascend C compiler gets casts to the field's own type (a brace initializer must not
narrow a value that is not a constant), pyasc's spelling keeps pyasc's cast."""

from __future__ import annotations

import pytest

from ascdsl.diagnostics import AscdslError
from ascdsl.loading import parse
from ascdsl.targets.ascendc import emit

CO12 = """
func.func @k(%n: i32, %m: i32, %flag: i1) {
  %c0 = arith.constant 0 : i32
  %p = ascendc.construct !ascendc.data_copy_co12dst_params(%n, %m, %n, %m, %c0, %c0, %flag, %flag) [ui64, ui64, ui64, ui64, !ascendc.quant_mode_t, ui8, i1, i1] : i32, i32, i32, i32, i32, i32, i1, i1
  return
}
"""


def _construct_line(text: str) -> str:
    (line,) = [ln.strip() for ln in text.splitlines() if "DataCopyCO12DstParams " in ln]
    return line


def test_source_casts_runtime_values_to_the_header_fields():
    line = _construct_line(emit(parse(CO12, "co12.mlir")))
    # nSize, mSize, srcStride are uint16_t and dstStride uint32_t in the header: not uint64_t
    assert "static_cast<uint16_t>(v1), static_cast<uint16_t>(v2), static_cast<uint32_t>(v1), " \
           "static_cast<uint16_t>(v2)" in line
    assert "uint64_t" not in line
    assert "static_cast<QuantMode_t>" in line and "static_cast<uint8_t>" in line


def test_pyasc_spelling_keeps_pyasc_casts():
    line = _construct_line(emit(parse(CO12, "co12.mlir"), pyasc_spelling=True))
    assert line.count("static_cast<uint64_t>") == 4


def test_a_constant_is_checked_against_the_field_not_the_wider_cast():
    text = CO12.replace("%p = ascendc.construct !ascendc.data_copy_co12dst_params(%n,",
                        "%big = arith.constant 70000 : i32\n"
                        "  %p = ascendc.construct !ascendc.data_copy_co12dst_params(%big,")
    with pytest.raises(AscdslError, match="value 70000 does not fit nSize, a uint16_t field"):
        emit(parse(text, "co12.mlir"))
