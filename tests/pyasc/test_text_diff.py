"""The byte-for-byte comparison of tests/pyasc_oracle/text_diff.py, on texts written here (no
pyasc needed)."""

from __future__ import annotations

from tests.pyasc_oracle.text_diff import compare, first_difference, strip_locations

# As MLIR prints it: an argument's location written out, and aliased before the module too.
DUMP = """\
#loc1 = loc("k.py":3:0)
#loc3 = loc("n"(#loc1))
module {
  func.func @k(%arg0: i32 loc("n"(#loc1))) attributes {ascendc.aicore, ascendc.global} {
    %c1_i32 = arith.constant 1 : i32 loc(#loc2)
    %0 = arith.addi %arg0, %c1_i32 : i32 loc(#loc2)
    emitc.verbatim "x loc(1)" loc(#loc2)
    return loc(#loc1)
  } loc(#loc1)
} loc(#loc)
#loc = loc(unknown)
#loc2 = loc("k.py":4:5)
"""


def test_strip_locations_leaves_what_mlir_prints_without_debuginfo():
    assert strip_locations(DUMP) == """\
module {
  func.func @k(%arg0: i32) attributes {ascendc.aicore, ascendc.global} {
    %c1_i32 = arith.constant 1 : i32
    %0 = arith.addi %arg0, %c1_i32 : i32
    emitc.verbatim "x loc(1)"
    return
  }
}
"""


def test_a_dump_as_mlir_prints_it_is_equal_in_both_modes():
    r = compare(DUMP)
    assert r.status == {"plain": "equal", "debuginfo": "equal"}, r.difference


def test_differences_are_classed_by_their_first_token():
    assert first_difference("module {\n}", "builtin.module {\n}") == (
        1, "module {", "builtin.module {", "module => builtin.module")
    assert first_difference("a  : i32", "a : i32")[3] == "<2 blanks> => <1 blank>"
    assert first_difference("x\ny", "x")[3] == "line missing: y"
    assert first_difference("same", "same") is None


def test_a_dump_ascdsl_prints_differently_says_where():
    r = compare(DUMP.replace("    return loc(#loc1)\n", "    func.return loc(#loc1)\n"))
    assert r.status["debuginfo"] == "differs"
    line, pyasc, ascdsl, cls = r.difference["debuginfo"]
    # ascdsl prints `return` whatever the input said: the input is what differs here
    assert (line, pyasc.strip(), ascdsl.strip()) == (8, "func.return loc(#loc1)",
                                                      "return loc(#loc1)")
    assert cls == "func.return => return"


def test_unreadable_text_is_unread():
    r = compare("module {\n  %0 = arith.addi %x, %x : i32\n}\n")
    assert r.status == {"plain": "unread", "debuginfo": "unread"} and r.error
