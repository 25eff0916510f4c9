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


# One kind of mask array in each of two modules: pyasc's translator keeps its counters in
# statics, so within one process the second module's array continues the first's numbering.
ONE_MASK = """
func.func @k(%dst: !ascendc.local_tensor<64xf32>, %src: !ascendc.local_tensor<64xf32>, %m: ui64, %n: i32, %p: !ascendc.unary_repeat_params) {
  ascendc.exp_l1 %dst, %src, %m, %m, %n, %p : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, ui64, ui64, i32, !ascendc.unary_repeat_params
  return
}
"""


def test_mask_numbers_run_on_across_modules_sharing_counters():
    counters: dict[object, int] = {}
    first = emit(parse(ONE_MASK, "a.mlir"), pyasc_spelling=True, counters=counters)
    second = emit(parse(ONE_MASK, "b.mlir"), pyasc_spelling=True, counters=counters)
    assert _arrays(first) == ["uint64_t v1_mask_list0[] = {v3, v3};"]
    assert _arrays(second) == ["uint64_t v1_mask_list1[] = {v3, v3};"]
    # Without shared counters every module starts at 0.
    assert _arrays(emit(parse(ONE_MASK, "c.mlir"), pyasc_spelling=True)) == _arrays(first)


GM_MEMBERS = """
func.func @k(%x: memref<?xf32, 22>, %i: ui64) {
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %a = ascendc.global_tensor.get_phy_addr %g, %i : !ascendc.global_tensor<*xf32>, memref<*xf32, 22>, ui64
  ascendc.global_tensor.set_l2_cache_hint %g {mode = 0 : i32, rwMode = 3 : i32} : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_l2_cache_hint %g {mode = 1 : i32, rwMode = 1 : i32} : !ascendc.global_tensor<*xf32>
  return
}
"""


def _body(text: str) -> list[str]:
    return [ln.strip() for ln in text.splitlines() if "GetPhyAddr" in ln or "L2Cache" in ln]


def test_global_members_as_pyasc_prints_them():
    # pyasc assigns GetPhyAddr's `const __gm__ T*` as it is; its dialect numbers CacheMode as
    # C++ does (0 is DISABLE), so both spellings print the same enumerator.
    assert _body(emit(parse(GM_MEMBERS, "gm.mlir"), pyasc_spelling=True)) == [
        "__gm__ float* v4 = v3.GetPhyAddr(v2);",
        "v3.SetL2CacheHint<AscendC::CacheRwMode::RW>(AscendC::CacheMode::CACHE_MODE_DISABLE);",
        "v3.SetL2CacheHint<AscendC::CacheRwMode::READ>(AscendC::CacheMode::CACHE_MODE_NORMAL);",
    ]


def test_global_members_as_compiled():
    assert _body(emit(parse(GM_MEMBERS, "gm.mlir"))) == [
        "__gm__ float* v4 = const_cast<__gm__ float*>(v3.GetPhyAddr(v2));",
        "v3.SetL2CacheHint<AscendC::CacheRwMode::RW>(AscendC::CacheMode::CACHE_MODE_DISABLE);",
        "v3.SetL2CacheHint<AscendC::CacheRwMode::READ>(AscendC::CacheMode::CACHE_MODE_NORMAL);",
    ]
