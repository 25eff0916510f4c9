"""Locations: what they point at, MLIR's alias numbering, and diagnostics on located IR."""

from __future__ import annotations

import io

from xdsl.dialects.builtin import (
    CallSiteLoc,
    FileLineColLoc,
    FusedLoc,
    IntAttr,
    NameLoc,
    NoneAttr,
    StringAttr,
    UnknownLoc,
)

from ascdsl.context import make_context
from ascdsl.diagnostics import (
    IR_POSITIONS,
    Loc,
    location_of,
    make_diagnostic,
    origin_of,
    parse_module,
    Severity,
)
from ascdsl.locations import LocationAliases, file_location, print_module, source_name


def flc(f: str, line: int, col: int) -> FileLineColLoc:
    return FileLineColLoc(StringAttr(f), IntAttr(line), IntAttr(col))


def test_file_location_looks_through_names_call_sites_and_fusions():
    a, b = flc("a.py", 1, 2), flc("b.py", 3, 4)
    assert file_location(a) is a
    assert file_location(NameLoc(StringAttr("x"), a)) is a
    assert file_location(NameLoc(StringAttr("x"), NoneAttr())) is None
    assert file_location(CallSiteLoc(NameLoc(StringAttr("f"), b), a)) is b
    assert file_location(CallSiteLoc(UnknownLoc(), a)) is a  # the caller when the callee has none
    assert file_location(FusedLoc((UnknownLoc(), b, a), NoneAttr())) is b
    assert file_location(UnknownLoc()) is None


def test_aliases_are_numbered_by_depth_then_first_use_and_arguments_pin_them():
    aliases = LocationAliases()
    unknown, f, g = UnknownLoc(), flc("k.py", 1, 0), flc("k.py", 2, 3)
    named = NameLoc(StringAttr("x"), f)
    aliases.visit(unknown, deferrable=True)  # the module's
    aliases.visit(f, deferrable=True)  # the function's
    aliases.visit(named, deferrable=False)  # an argument's: it and f must come first
    aliases.visit(FusedLoc((g, named), NoneAttr()), deferrable=True)  # depth 3
    aliases.assign()
    assert [aliases.name(x) for x in (unknown, f, g, named)] == ["#loc", "#loc1", "#loc2",
                                                                  "#loc3"]
    assert aliases.definitions(deferred=False) == [("#loc1", f), ("#loc3", named)]
    assert [n for n, _ in aliases.definitions(deferred=True)] == ["#loc", "#loc2", "#loc4"]


# As MLIR writes it: the aliases arguments need before the module, the others after.
PYASC_LIKE = """\
#loc1 = loc("k.py":5:0)
#loc3 = loc("n"(#loc1))
module {
  func.func @k(%arg0: i32 loc("n"(#loc1))) {
    %0 = arith.addi %arg0, %arg0 : i32 loc(#loc2)
    return loc(#loc)
  } loc(#loc1)
} loc(#loc)
#loc = loc(unknown)
#loc2 = loc("k.py":6:9)
"""


def parsed(text: str = PYASC_LIKE):
    return parse_module(make_context(), text, "dump.mlir")


def test_parsed_locations_are_kept_and_printed_back_as_written():
    module = parsed()
    out = io.StringIO()
    print_module(module, out, debuginfo=True)
    lines = out.getvalue().splitlines()
    assert [ln for ln in lines if ln.startswith("#")] == [
        ln for ln in PYASC_LIKE.splitlines() if ln.startswith("#")]
    assert lines[4].endswith("i32 loc(#loc2)")


def test_an_op_with_a_location_is_reported_in_the_ir_with_its_kernel_line():
    module = parsed()
    add = next(op for op in module.walk() if op.name == "arith.addi")
    assert location_of(add) == Loc("dump.mlir", 5, 5)
    assert IR_POSITIONS[add] == Loc("dump.mlir", 5, 5)
    assert origin_of(add) == Loc("k.py", 6, 9)
    d = make_diagnostic(Severity.ERROR, add, "wrong")
    assert (d.loc, d.origin) == (Loc("dump.mlir", 5, 5), Loc("k.py", 6, 9))
    assert d.notes == []  # not a note: --verify-diagnostics checks notes
    rendered = d.render()
    assert rendered.startswith("dump.mlir:5:5: error: 'arith.addi' op wrong")
    assert "k.py:6:9: note: the op comes from this kernel line" in rendered
    # A function argument with a location of its own is reported at its function.
    arg = add.operands[0]
    assert location_of(arg) == Loc("dump.mlir", 4, 3)


def test_an_op_without_a_location_is_located_by_its_text_and_has_no_origin():
    module = parsed("func.func @k(%a: i32) {\n  %0 = arith.addi %a, %a : i32\n  return\n}\n")
    add = next(op for op in module.walk() if op.name == "arith.addi")
    assert add not in IR_POSITIONS
    assert location_of(add) == Loc("dump.mlir", 2, 3)
    assert origin_of(add) is None


def test_a_clone_keeps_the_kernel_line():
    module = parsed()
    add = next(op for op in module.walk() if op.name == "arith.addi")
    assert location_of(add.clone()) == Loc("k.py", 6, 9)


def test_an_argument_is_named_by_its_location_when_mlir_made_its_name_up():
    module = parsed()
    func = next(op for op in module.walk() if op.name == "func.func")
    (arg,) = func.body.block.args
    assert arg.name_hint == "arg0" and source_name(arg) == "n"
    named = parsed("func.func @k(%count: i32 loc(\"n\"(\"k.py\":1:1))) {\n  return\n}\n")
    (arg,) = next(op for op in named.walk() if op.name == "func.func").body.block.args
    assert source_name(arg) == "count"  # a name written in the IR wins


def _alias_chain(n: int) -> str:
    defs = "#l0 = loc(\"f.py\":1:1)\n" + "".join(
        f"#l{i + 1} = loc(\"a\"(#l{i}))\n" for i in range(n))
    return defs + f"func.func @f() {{\n  return loc(#l{n})\n}}\n"


def test_alias_chains_print_back_and_stop_at_the_nesting_limit():
    import pytest

    from ascdsl.diagnostics import IRParseError

    out = io.StringIO()
    print_module(parsed(_alias_chain(60)), out, debuginfo=True)
    assert '#loc61 = loc("a"(#loc60))' in out.getvalue()
    with pytest.raises(IRParseError) as e:
        parsed(_alias_chain(3000))
    assert "location alias '#l64' nests locations more than 64 levels deep" in str(e.value)
