"""Where the Ascend C target follows pyasc's translator even though the result does not
compile, and what the compile paths print instead."""

from __future__ import annotations

from ascdsl.loading import parse
from ascdsl.targets.ascendc import emit, emit_with_lines

# Two L1 ops of different kinds on one destination: pyasc numbers mask arrays per op kind,
# so both are `v1_mask_list0`.
MASKS = """
func.func @masks(%dst: !ascendc.local_tensor<64xf32>, %src: !ascendc.local_tensor<64xf32>, %m: ui64, %n: i32, %p: !ascendc.unary_repeat_params) {
  ascendc.exp_l1 %dst, %src, %m, %m, %n, %p : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, ui64, ui64, i32, !ascendc.unary_repeat_params
  ascendc.relu_l1 %dst, %src, %m, %n, %p : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, ui64, i32, !ascendc.unary_repeat_params
  return
}
"""


def _arrays(text: str) -> list[str]:
    return [ln.strip() for ln in text.splitlines() if ln.lstrip().startswith("uint64_t ")]


def test_compile_paths_never_redeclare_a_mask_array():
    module = parse(MASKS, "masks.mlir")
    expected = ["uint64_t v1_mask_list0[] = {v3, v3};", "uint64_t v1_mask_list1[] = {v3};"]
    assert _arrays(emit(module)) == expected
    assert _arrays(emit_with_lines(module)[0]) == expected


def test_pyasc_spelling_redeclares_as_pyasc_does():
    module = parse(MASKS, "masks.mlir")
    assert _arrays(emit(module, pyasc_spelling=True)) == [
        "uint64_t v1_mask_list0[] = {v3, v3};",
        "uint64_t v1_mask_list0[] = {v3};",
    ]


# pyasc's translator prints Compare without template arguments; with an i32 scalar against
# f32 elements and isSetMask unset, only the explicit template means the op.
COMPARE = """
func.func @cmp(%dst: !ascendc.local_tensor<64xui8>, %src: !ascendc.local_tensor<64xf32>, %s: i32, %n: i32) {
  ascendc.compare_scalar_l2 %dst, %src, %s, %n {cmpMode = 0 : i32} : !ascendc.local_tensor<64xui8>, !ascendc.local_tensor<64xf32>, i32, i32
  return
}
"""


def _calls(text: str) -> list[str]:
    return [ln.strip() for ln in text.splitlines() if "AscendC::Compare" in ln]


def test_compiled_source_spells_out_the_template():
    module = parse(COMPARE, "cmp.mlir")
    assert _calls(emit(module)) == [
        "AscendC::CompareScalar<float, uint8_t>(v1, v2, v3, AscendC::CMPMODE::LT, v4);"]


def test_pyasc_spelling_leaves_the_template_to_deduction():
    module = parse(COMPARE, "cmp.mlir")
    assert _calls(emit(module, pyasc_spelling=True)) == [
        "AscendC::CompareScalar(v1, v2, v3, AscendC::CMPMODE::LT, v4);"]
