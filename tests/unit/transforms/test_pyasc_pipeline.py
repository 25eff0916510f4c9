"""pyasc's pipeline in ascdsl (pyasc-pipeline) and the pieces that make it place what pyasc's
passes place: constant hoisting, integer reassociation, CSE of casts, includes, ffts_addr,
the kernel-type attributes."""

import io

import pytest
from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerType, ModuleOp, Signedness

from ascdsl.dialects.ascendc import SetFftsBaseAddrOp
from ascdsl.locations import print_module
from ascdsl.transforms import PipelineSpecError, build_pipeline
from ascdsl.transforms.detect_kernel_type import DetectEnableDebugPass, DetectKernelTypePass
from ascdsl.transforms.legalize_kernel_args import LegalizeKernelArgsPass
from ascdsl.transforms.pipeline import pyasc_pipeline
from ascdsl.transforms.pyasc_canonicalize import PyascCanonicalizePass, PyascCsePass
from ascdsl.transforms.pyasc_pipeline import PyascPipelinePass


def text(module: ModuleOp) -> str:
    out = io.StringIO()
    print_module(module, out, mlir_names=True)
    return out.getvalue()


def body_ops(module: ModuleOp) -> list[str]:
    func = next(o for o in module.body.ops if o.name == "func.func")
    return [o.name for o in func.body.block.ops]


def test_constants_are_merged_and_hoisted_each_to_the_front(ctx, parse):
    m = parse("""
func.func @k(%n: i32) -> (i32, ui32) {
  %a = arith.constant 8 : i32
  %x = arith.divsi %n, %a : i32
  %b = arith.constant 2 : i32
  %y = arith.divsi %x, %b : i32
  %c = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
  %d = arith.constant 2 : i32
  %z = arith.divsi %y, %d : i32
  %u = emitc.cast %z : i32 to ui32
  %w = arith.addi %z, %z : i32
  func.return %w, %c : i32, ui32
}""")
    PyascCanonicalizePass().apply(ctx, m)
    func = next(iter(m.body.ops))
    consts = [o for o in func.body.block.ops][:3]
    # Met 8, 2 (its duplicate merged), then the emitc constant; each moved to the very front,
    # as MLIR's OperationFolder does, so they end up in the reverse order.
    assert [(o.name, o.properties.get("value", o.attributes.get("value"))) for o in consts] == [
        ("emitc.constant", arith.IntegerAttr(0, IntegerType(32, Signedness.UNSIGNED))),
        ("arith.constant", arith.IntegerAttr(2, 32)), ("arith.constant", arith.IntegerAttr(8, 32))]
    assert text(m).count("arith.constant 2 : i32") == 1


def test_a_constant_chain_of_multiplications_folds_into_one(ctx, parse):
    m = parse("""
func.func @k(%n: i32) -> (i32, i32) {
  %c2 = arith.constant 2 : i32
  %c4 = arith.constant 4 : i32
  %a = arith.muli %n, %c2 : i32
  %b = arith.muli %a, %c4 : i32
  %c = arith.muli %n, %c2 : i32
  func.return %b, %c : i32, i32
}""")
    PyascCanonicalizePass().apply(ctx, m)
    out = text(m)
    assert "arith.muli %arg0, %c8_i32 : i32" in out
    assert "arith.constant 4 : i32" not in out  # unused once folded
    assert out.count("arith.muli") == 2  # the inner product had no other user: erased


@pytest.mark.parametrize("expr, want", [
    ("%a = arith.addi %n, %c5 : i32\n  %r = arith.addi %a, %c3 : i32", "arith.addi %arg0, %c8_i32"),
    ("%a = arith.subi %n, %c5 : i32\n  %r = arith.addi %a, %c3 : i32", "arith.addi %arg0, %c-2_i32"),
    ("%a = arith.subi %c5, %n : i32\n  %r = arith.subi %c3, %a : i32", "arith.addi %arg0, %c-2_i32"),
    ("%a = arith.addi %n, %c5 : i32\n  %r = arith.subi %a, %c3 : i32", "arith.addi %arg0, %c2_i32"),
    ("%a = arith.subi %n, %c5 : i32\n  %r = arith.subi %a, %c3 : i32", "arith.subi %arg0, %c8_i32"),
])
def test_integer_reassociation_as_mlir_canonicalizes(ctx, parse, expr, want):
    m = parse(f"""
func.func @k(%n: i32) -> i32 {{
  %c5 = arith.constant 5 : i32
  %c3 = arith.constant 3 : i32
  {expr}
  func.return %r : i32
}}""")
    PyascCanonicalizePass().apply(ctx, m)
    assert want in text(m)


def test_pyasc_cse_keeps_one_cast_per_use(ctx, parse):
    m = parse("""
func.func @k(%n: i32) -> (ui32, ui32, i32) {
  %a = emitc.cast %n : i32 to ui32
  %b = emitc.cast %n : i32 to ui32
  %x = arith.addi %n, %n : i32
  %y = arith.addi %n, %n : i32
  %z = arith.addi %x, %y : i32
  func.return %a, %b, %z : ui32, ui32, i32
}""")
    PyascCsePass().apply(ctx, m)
    out = text(m)
    assert out.count("emitc.cast") == 2 and out.count("arith.addi %arg0, %arg0") == 1


def test_kernel_type_attributes_are_kept_in_name_order(ctx, parse):
    m = parse("""
builtin.module attributes {asc.matmul_cube_only} {
  func.func @k(%x: i32) {
    ascendc.printf %x {desc = "%d"} : i32
    func.return
  }
}""")
    DetectKernelTypePass().apply(ctx, m)
    assert "asc.compile_mix" not in m.attributes  # no Matmul object
    DetectEnableDebugPass().apply(ctx, m)
    assert list(m.attributes) == ["asc.enable_debug", "asc.matmul_cube_only"]


KERNEL = """
func.func @k(%x: memref<?xf32, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
  %c8 = arith.constant 8 : i32
  %q = arith.divsi %n, %c8 : i32
  %c2 = arith.constant 2 : i32
  %h = arith.muli %q, %c2 : i32
  %c4 = arith.constant 4 : i32
  %b = arith.muli %h, %c4 : i32
  %c0 = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
  %len = emitc.cast %h : i32 to ui32
  %t = ascendc.local_tensor_v2 vecin, %c0, %len : !ascendc.local_tensor<*xf32>
  %off = emitc.cast %b : i32 to ui32
  %len2 = emitc.cast %h : i32 to ui32
  %t2 = ascendc.local_tensor_v2 vecout, %off, %len2 : !ascendc.local_tensor<*xf32>
  return
}
"""


def test_the_pipeline_writes_what_pyascs_writes(ctx, parse):
    m = parse(KERNEL)
    PyascPipelinePass().apply(ctx, m)
    lines = [ln.strip() for ln in text(m).splitlines()]
    assert lines[:2] == ["module {", 'emitc.include "kernel_operator.h"']
    assert lines[2].endswith("%arg2: memref<?xui64, 22> {emitasc.kernel_arg = "
                             "#emitasc<kernel_arg ffts_addr>}) attributes "
                             "{ascendc.aicore, ascendc.global} {")
    assert lines[3:11] == [
        "ascendc.set_ffts_base_addr %arg2 : memref<?xui64, 22>",
        "%c8_i32 = arith.constant 8 : i32",
        "%c2_i32 = arith.constant 2 : i32",
        '%0 = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32',
        "%1 = arith.divsi %arg1, %c8_i32 : i32",
        "%2 = arith.muli %1, %c2_i32 : i32",
        "%3 = arith.muli %1, %c8_i32 : i32",
        "%4 = emitc.cast %2 : i32 to ui32",
    ]
    assert text(m).count("emitc.cast %2 : i32 to ui32") == 2


def test_the_pipeline_follows_pyascs_options():
    names = [p.name for p in pyasc_pipeline(insert_sync=False)]
    assert names[:5] == ["ascendc-privatize-func", "pyasc-canonicalize", "inline",
                         "pyasc-canonicalize", "symbol-dce"]
    assert "ascendc-insert-sync" not in names
    synced = [p.name for p in pyasc_pipeline(insert_sync=True, matmul_cube_only=True)]
    assert synced.index("ascendc-erase-sync") < synced.index("ascendc-hoist-que-bind") \
        < synced.index("ascendc-insert-sync")
    assert "ascendc-define-cube-only" in synced and "insert-kfc-sync" not in synced
    assert synced[-3:] == ["ascendc-legalize-kernel-args", "detect-kernel-type",
                           "detect-enable-debug"]


def test_set_ffts_base_addr_comes_before_the_kfc_start_up_message(ctx, parse):
    m = parse(KERNEL)
    LegalizeKernelArgsPass(ffts_addr="always").apply(ctx, m)
    LegalizeKernelArgsPass(ffts_addr="always").apply(ctx, m)  # idempotent
    assert body_ops(m)[0] == SetFftsBaseAddrOp.name
    assert body_ops(m).count(SetFftsBaseAddrOp.name) == 1


def test_insert_sync_is_pyascs_default_unless_given(ctx, parse):
    auto = KERNEL.replace("return", "%a = ascendc.local_tensor_auto() : <64xf32>\n  return")
    m = parse(auto)
    build_pipeline("pyasc-pipeline")[0].apply(ctx, m)
    assert "ascendc.pipe.init_buffer" in text(m) and "pipe_barrier pipe_all" in text(m)
    m = parse(auto)
    build_pipeline("pyasc-pipeline{insert-sync=false}")[0].apply(ctx, m)
    assert "pipe_barrier" not in text(m)
    with pytest.raises(PipelineSpecError, match="invalid options for pass 'pyasc-pipeline'"):
        build_pipeline("pyasc-pipeline{insert-sync=maybe}")


def test_sccp_remakes_the_constants_at_the_front_in_the_order_met(ctx, parse):
    from ascdsl.transforms.pyasc_canonicalize import PyascSccpPass

    m = parse("""
func.func @k(%n: i32) -> (i32, i32) {
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  %p = ascendc.pipe
  %x = arith.addi %n, %a : i32
  scf.if %t {
    %c = arith.constant 1 : i32
    %d = arith.constant 3 : i32
    %y = arith.addi %c, %d : i32
    scf.yield
  }
  func.return %x, %b : i32, i32
}""".replace("scf.if %t", "%t = arith.constant true\n  scf.if %t"))
    PyascSccpPass().apply(ctx, m)
    first = [o for o in next(iter(m.body.ops)).body.block.ops][:5]
    # met: 1, 2, true (entry block), then 1 again (merged), 3 (the if's block)
    assert [str(o.properties.get("value", o.attributes.get("value"))) for o in first[:4]] == [
        "3 : i32", "true", "2 : i32", "1 : i32"]
    assert first[4].name == "ascendc.pipe"
    assert text(m).count("arith.constant 1 : i32") == 1
