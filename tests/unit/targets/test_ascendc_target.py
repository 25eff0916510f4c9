"""The Ascend C target's API, layout, naming and errors, and its two companion passes."""

from __future__ import annotations

import io
from typing import ClassVar

import pytest
from xdsl.dialects import func
from xdsl.dialects.builtin import ArrayAttr, ModuleOp, StringAttr, UnitAttr, i32
from xdsl.ir import Block, Region
from xdsl.irdl import operand_def
from xdsl.printer import Printer

from ascdsl.context import make_context
from ascdsl.diagnostics import AscdslError, PassError, parse_module
from ascdsl.dialects.ascendc import AscendCOp, Cpp, asc_op
from ascdsl.targets import TARGETS
from ascdsl.targets.ascendc import emit
from ascdsl.targets.ascendc.ascendc_rules import c_string
from ascdsl.tools.ascdsl_opt import main
from ascdsl.transforms import ALIASES, PASSES
from ascdsl.transforms.generate_boilerplate import GenerateBoilerplatePass
from ascdsl.transforms.legalize_kernel_args import LegalizeKernelArgsPass

KERNEL = """\
func.func @k(%x: memref<?xf32, 22>, %n: i32) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %g, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  scf.for %i = %c0 to %n step %c1 : i32 {
    %b = arith.cmpi slt, %i, %n : i32
    scf.if %b {
      ascendc.pipe_barrier pipe_v
    }
  }
  return
}
"""

EXPECTED = """\
extern "C"  __global__ __aicore__ void k(__gm__ float* v1, int32_t v2) {
  constexpr int32_t c0_i32 = 0;
  constexpr int32_t c1_i32 = 1;
  AscendC::GlobalTensor<float> v3;
  v3.SetGlobalBuffer(v1);
  for (int32_t v4 = c0_i32; v4 < v2; v4 += c1_i32) {
    bool v5 = v4 < v2;
    if (v5) {
      AscendC::PipeBarrier<PIPE_V>();
    }
  }
  return;
}
"""

# --ascendc-readable-names / readable_names=True: the SSA names as suffixes.
EXPECTED_READABLE = """\
extern "C"  __global__ __aicore__ void k(__gm__ float* v1_x, int32_t v2_n) {
  constexpr int32_t c0_i32 = 0;
  constexpr int32_t c1_i32 = 1;
  AscendC::GlobalTensor<float> v3_g;
  v3_g.SetGlobalBuffer(v1_x);
  for (int32_t v4_i = c0_i32; v4_i < v2_n; v4_i += c1_i32) {
    bool v5_b = v4_i < v2_n;
    if (v5_b) {
      AscendC::PipeBarrier<PIPE_V>();
    }
  }
  return;
}
"""


def parse(text: str, name: str = "k.mlir") -> ModuleOp:
    return parse_module(make_context(), text, name)


def mlir_text(module: ModuleOp) -> str:
    out = io.StringIO()
    Printer(stream=out).print_op(module)
    return out.getvalue()


def test_exact_text_with_two_space_indentation():
    assert emit(parse(KERNEL)) == EXPECTED


def test_readable_names_append_the_ssa_names():
    assert emit(parse(KERNEL), readable_names=True) == EXPECTED_READABLE


def test_cli_readable_names_option(tmp_path, capsys):
    path = tmp_path / "k.mlir"
    path.write_text(KERNEL)
    assert main([str(path), "-t", "ascendc", "--ascendc-readable-names"]) == 0
    assert capsys.readouterr().out == EXPECTED_READABLE
    assert main([str(path), "--ascendc-readable-names"]) != 0
    assert "--ascendc-readable-names is an option of the Ascend C target" in capsys.readouterr().err


def test_emit_writes_the_same_text_to_a_stream_and_is_deterministic():
    module = parse(KERNEL)
    stream = io.StringIO()
    assert emit(module, stream) == stream.getvalue() == emit(module)


def test_registered_as_target_ascendc():
    stream = io.StringIO()
    TARGETS["ascendc"]()(parse(KERNEL), stream)
    assert stream.getvalue() == EXPECTED


def test_printing_leaves_the_module_unchanged():
    module = parse(KERNEL)
    before = mlir_text(module)
    emit(module)
    assert mlir_text(module) == before


def test_unprintable_op_is_a_located_error_naming_the_op():
    text = 'func.func @f() {\n  %0 = "test.op"() : () -> i32\n  return\n}\n'
    with pytest.raises(AscdslError) as info:
        emit(parse(text, "bad.mlir"))
    rendered = str(info.value)
    assert rendered.startswith("bad.mlir:2:3: error: 'test.op' op has no Ascend C printing rule")
    assert '  %0 = "test.op"() : () -> i32\n  ^' in rendered


def test_cli_reports_emit_errors_without_traceback(tmp_path, capsys):
    path = tmp_path / "auto.mlir"
    path.write_text(
        "func.func @f() {\n  %0 = ascendc.local_tensor_auto() : <64xf32>\n  return\n}\n"
    )
    out = tmp_path / "out.cpp"
    status = main([str(path), "-t", "ascendc", "-o", str(out)])
    err = capsys.readouterr().err
    assert status == 1
    assert f"{path}:2:3: error: 'ascendc.local_tensor_auto' op" in err
    assert "Traceback" not in err
    assert not out.exists()


def test_cli_writes_output_atomically_and_keeps_the_input(tmp_path):
    path = tmp_path / "k.mlir"
    path.write_text(KERNEL)
    out = tmp_path / "k.cpp"
    assert main([str(path), "--generate-boilerplate", "-t", "ascendc", "-o", str(out)]) == 0
    assert out.read_text() == '#include "kernel_operator.h"\n\n' + EXPECTED
    assert path.read_text() == KERNEL
    assert sorted(p.name for p in tmp_path.iterdir()) == ["k.cpp", "k.mlir"]  # no temp left


def test_while_loop_swaps_carried_values_through_temporaries():
    text = """\
func.func @w(%a: i32, %b: i32) {
  %r:2 = scf.while (%x = %a, %y = %b) : (i32, i32) -> (i32, i32) {
    %c = arith.cmpi slt, %x, %y : i32
    scf.condition(%c) %x, %y : i32, i32
  } do {
  ^bb0(%p: i32, %q: i32):
    scf.yield %q, %p : i32, i32
  }
  return
}
"""
    body = emit(parse(text)).splitlines()
    assert body[1:4] == ["  int32_t v3;", "  int32_t v4;", "  int32_t v5 = v1;"]
    # The after region's arguments are copies: yielding them swapped needs no temporary.
    assert "    v5 = v9;" in body and "    v6 = v8;" in body


def test_c_string_escapes_quotes_controls_and_utf8():
    assert c_string('a"b\\c\n') == '"a\\"b\\\\c\\n"'
    assert c_string("é1") == '"\\303\\2511"'


# --- companion passes ------------------------------------------------------------------------


@asc_op(cpp=Cpp("TestCrossCoreSync", header="lib/matmul_intf.h"))
class CrossCoreTestOp(AscendCOp):
    """A test-only op that syncs across cores and needs an extra header."""

    name = "ascendc.test_cross_core_sync"
    flag = operand_def(i32)
    NEEDS_FFTS: ClassVar[bool] = True


def kernel_with_cross_core_op() -> ModuleOp:
    block = Block(arg_types=[i32])
    block.add_op(CrossCoreTestOp.create(operands=[block.args[0]]))
    block.add_op(func.ReturnOp())
    f = func.FuncOp("k", ([i32], []), Region(block))
    f.attributes["ascendc.global"] = UnitAttr()
    return ModuleOp([f])


def test_passes_are_registered_with_pyasc_aliases():
    assert "generate-boilerplate" in PASSES and "legalize-kernel-args" in PASSES
    assert ALIASES["ascendc-generate-boilerplate"] == "generate-boilerplate"
    assert ALIASES["ascendc-legalize-kernel-args"] == "legalize-kernel-args"


def test_boilerplate_includes_headers_declared_by_the_ops_used():
    module = kernel_with_cross_core_op()
    GenerateBoilerplatePass().apply(make_context(), module)
    GenerateBoilerplatePass().apply(make_context(), module)  # idempotent
    from ascdsl.dialects.emitc import IncludeOp

    top = list(module.body.ops)
    assert [(type(o), getattr(o, "include", None)) for o in top[:2]] == [
        (IncludeOp, StringAttr("kernel_operator.h")), (IncludeOp, StringAttr("lib/matmul_intf.h"))]
    assert len(top) == 3 and "emitasc.includes" not in module.attributes
    assert emit(module).startswith('#include "kernel_operator.h"\n#include "lib/matmul_intf.h"\n')


def test_boilerplate_turns_the_older_include_attribute_into_ops():
    module = parse(KERNEL)
    module.attributes["emitasc.includes"] = ArrayAttr([StringAttr("<cstdint>")])
    assert emit(module).startswith("#include <cstdint>\n")  # old IR still prints
    GenerateBoilerplatePass().apply(make_context(), module)
    assert "emitasc.includes" not in module.attributes
    assert emit(module).startswith('#include "kernel_operator.h"\n#include <cstdint>\n')


def test_boilerplate_rejects_a_malformed_include_list():
    module = parse(KERNEL)
    module.attributes["emitasc.includes"] = StringAttr("kernel_operator.h")
    with pytest.raises(PassError, match="must be an array of strings"):
        GenerateBoilerplatePass().apply(make_context(), module)


def test_legalize_adds_ffts_addr_when_an_op_needs_it():
    module = kernel_with_cross_core_op()
    LegalizeKernelArgsPass().apply(make_context(), module)
    LegalizeKernelArgsPass().apply(make_context(), module)  # idempotent
    f = next(iter(module.body.ops))
    assert [a.name_hint for a in f.body.block.args] == [None, "ffts_addr"]
    assert len(f.function_type.inputs.data) == 2
    kinds = [d.data["emitasc.kernel_arg"].data.value for d in f.arg_attrs.data]
    assert kinds == ["explicit", "ffts_addr"]
    text = emit(module)
    assert 'void k(int32_t v1, __gm__ uint64_t* v2_ffts_addr) {\n  set_ffts_base_addr(*v2_ffts_addr);\n  AscendC::TestCrossCoreSync(v1);' in text


def test_legalize_never_adds_ffts_addr_when_told_not_to():
    module = kernel_with_cross_core_op()
    LegalizeKernelArgsPass(ffts_addr="never").apply(make_context(), module)
    f = next(iter(module.body.ops))
    assert len(f.body.block.args) == 1


def test_legalize_without_cross_core_sync_keeps_the_signature():
    module = parse(KERNEL)
    LegalizeKernelArgsPass().apply(make_context(), module)
    f = next(iter(module.body.ops))
    assert [a.name_hint for a in f.body.block.args] == ["x", "n"]
    assert emit(module) == EXPECTED
