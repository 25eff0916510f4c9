"""ascdsl-opt names values as MLIR's printer does (ascdsl/mlir_names.py), unless --keep-names.

The expected texts are what mlir-opt prints for the same input (MLIR's SSANameState): pyasc's
dumps (ascir.mlir, printed by MLIR) are named the same way.
"""

import pytest

from ascdsl.tools.ascdsl_opt import main


def _opt(tmp_path, capsys, text: str, *flags: str) -> str:
    src = tmp_path / "in.mlir"
    src.write_text(text)
    assert main([str(src), *flags]) == 0, capsys.readouterr().err
    return capsys.readouterr().out


CONSTANTS = """func.func @f(%a: i32, %b: i1) {
  %c = arith.constant 5 : i32
  %d = arith.constant 5 : i32
  %t = arith.constant true
  %f = arith.constant false
  %x = arith.constant 1.0 : f32
  %y = arith.constant 2.0 : f16
  %i = arith.constant 0 : index
  %n = arith.constant -1 : i8
  %u = arith.constant 65535 : i16
  %s = arith.addi %a, %c : i32
  func.return
}
"""


def test_constants_arguments_and_numbers_are_mlirs(tmp_path, capsys):
    out = _opt(tmp_path, capsys, CONSTANTS)
    body = [line.strip() for line in out.splitlines()[2:12]]
    assert out.splitlines()[1].strip() == "func.func @f(%arg0: i32, %arg1: i1) {"
    assert body == [
        "%c5_i32 = arith.constant 5 : i32",
        "%c5_i32_0 = arith.constant 5 : i32",
        "%true = arith.constant true",
        "%false = arith.constant false",
        "%cst = arith.constant 1.000000e+00 : f32",
        "%cst_1 = arith.constant 2.000000e+00 : f16",
        "%c0 = arith.constant 0 : index",
        # MLIR prints the APInt signed, whatever the signedness of the type.
        "%c-1_i8 = arith.constant -1 : i8",
        "%c-1_i16 = arith.constant -1 : i16",
        "%0 = arith.addi %arg0, %c5_i32 : i32",
    ]


NESTED = """func.func @f(%a: i32) -> i32 {
  %c = arith.constant 5 : i32
  %r = scf.while (%x = %a) : (i32) -> i32 {
    %cond = arith.cmpi slt, %x, %c : i32
    scf.condition(%cond) %x : i32
  } do {
  ^bb0(%y: i32):
    %c2 = arith.constant 5 : i32
    %z = arith.addi %y, %c2 : i32
    scf.yield %z : i32
  }
  %q = arith.addi %r, %r : i32
  func.return %q : i32
}
func.func @g(%a: i32) -> i32 {
  %c = arith.constant 5 : i32
  func.return %c : i32
}
"""


def test_nested_regions_continue_their_parents_numbering(tmp_path, capsys):
    out = _opt(tmp_path, capsys, NESTED)
    lines = [line.strip() for line in out.splitlines()]
    # The function's own values are numbered first (%0, %1); each region of the loop then
    # starts from there (%2), both with the same argument number, and a constant name taken
    # by the enclosing region gets the next conflict suffix.
    assert lines[3] == "%0 = scf.while (%arg1 = %arg0) : (i32) -> i32 {"
    assert lines[4] == "%2 = arith.cmpi slt, %arg1, %c5_i32 : i32"
    assert lines[7] == "^bb0(%arg1: i32):"
    assert lines[8] == "%c5_i32_0 = arith.constant 5 : i32"
    assert lines[9] == "%2 = arith.addi %arg1, %c5_i32_0 : i32"
    assert lines[12] == "%1 = arith.addi %0, %0 : i32"
    # Each function starts again at %arg0 and takes names freed by the other one.
    assert lines[15] == "func.func @g(%arg0: i32) -> i32 {"
    assert lines[16] == "%c5_i32 = arith.constant 5 : i32"


GROUPS = """func.func @f(%m: memref<4x8xi32>, %a: i32) {
  %base, %off, %s0, %s1, %st0, %st1 = memref.extract_strided_metadata %m : memref<4x8xi32> -> memref<i32>, index, index, index, index, index
  %x = arith.addi %s1, %st1 : index
  %p, %q, %r = "test.op"() : () -> (i32, i32, i32)
  %y = arith.addi %q, %r : i32
  %lo, %hi = arith.mului_extended %a, %a : i32
  %v = memref.cast %m : memref<4x8xi32> to memref<?x8xi32>
  %g1, %g2, %g3, %g4 = ascendc.get_mrg_sort_result : ui16, ui16, ui16, ui16
  %h1, %h2 = ascendc.get_store_atomic_config : i16, i16
  func.return
}
"""


def test_result_groups_and_suggested_names(tmp_path, capsys):
    out = _opt(tmp_path, capsys, GROUPS)
    lines = [line.strip().split(" = ")[0] + " = " + line.split(" = ")[1].split()[0]
             if " = " in line else line.strip() for line in out.splitlines()[2:11]]
    assert lines == [
        # memref's names; the variadic sizes and strides print as one group each.
        "%base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata",
        "%0 = arith.addi",
        "%1:3 = \"test.op\"()",
        "%2 = arith.addi",
        # ODS names every result of an op that declares several (mlir-tblgen's
        # genOpAsmInterface): upstream arith and pyasc's ascendc ops alike.
        "%low, %high = arith.mului_extended",
        "%cast = memref.cast",
        "%mrgSortList1, %mrgSortList2, %mrgSortList3, %mrgSortList4 = "
        "ascendc.get_mrg_sort_result",
        "%atomicType, %atomicOp = ascendc.get_store_atomic_config",
        "return",
    ]
    assert "arith.addi %sizes#1, %strides#1 : index" in out
    assert "arith.addi %1#1, %1#2 : i32" in out


def test_generic_form_numbers_every_result(tmp_path, capsys):
    out = _opt(tmp_path, capsys, GROUPS, "--mlir-print-op-generic")
    # MLIR asks ops for names only for the custom form.
    assert '%0:6 = "memref.extract_strided_metadata"(%arg0)' in out
    assert '"arith.addi"(%0#3, %0#5)' in out
    assert '%4:2 = "arith.mului_extended"(%arg1, %arg1)' in out
    assert "%cast" not in out and "%low" not in out
    same = _opt(tmp_path, capsys, GROUPS, "-t", "mlir-generic")
    assert same == out


def test_keep_names_keeps_the_inputs_names(tmp_path, capsys):
    out = _opt(tmp_path, capsys, CONSTANTS, "--keep-names")
    assert "func.func @f(%a: i32, %b: i1) {" in out
    assert "%s = arith.addi %a, %c : i32" in out


def test_output_parses_back_to_the_same_text(tmp_path, capsys):
    for text in (CONSTANTS, NESTED, GROUPS):
        once = _opt(tmp_path, capsys, text)
        assert _opt(tmp_path, capsys, once) == once


def test_mlir_names_flag_is_the_default(tmp_path, capsys):
    assert _opt(tmp_path, capsys, NESTED, "--mlir-names") == _opt(tmp_path, capsys, NESTED)
    assert _opt(tmp_path, capsys, NESTED, "-mlir-names") == _opt(tmp_path, capsys, NESTED)


@pytest.mark.parametrize("flags, message", [
    (["--keep-names", "--mlir-names"], "--keep-names and --mlir-names ask for different"),
    (["--keep-names", "-t", "ascendc"], "--keep-names is an option of the IR output"),
])
def test_contradictory_name_options_are_usage_errors(tmp_path, capsys, flags, message):
    src = tmp_path / "in.mlir"
    src.write_text(CONSTANTS)
    assert main([str(src), *flags]) == 2
    assert message in capsys.readouterr().err
