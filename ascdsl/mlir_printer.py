"""Op names and upstream ops' custom forms as MLIR's printer writes them.

xDSL's printer writes every op under its full name (`builtin.module`, `func.return`) and
some upstream ops' custom forms a little differently from MLIR. pyasc's dumps are MLIR's
text, and a researcher diffs ascdsl-opt's output against them, so ascdsl prints what MLIR
prints (tests/pyasc_oracle/text_diff.py measures it on every dump pyasc writes):

- **Default dialects.** MLIR drops an op's dialect prefix when the op's dialect is the
  default dialect of the region it stands in, and its name has one dot: the top level and a
  `builtin.module`'s body default to `builtin` (`module {`), a `func.func`'s body to `func`
  (`return`, `call @f(...)`). The default comes from the region's parent op only, so a
  `func.call` inside an `scf.for` keeps its prefix. An op class says which default its
  regions have with `ASM_DEFAULT_DIALECT` (MLIR's OpAsmOpInterface::getDefaultDialect).
- **Upstream custom forms** that xDSL spells differently: MLIR_FORMS, by op name.
- **Float literals** as APFloat writes them (ascdsl.apfloat: `0.899999976 : f32`).

xDSL's parser reads both spellings (it resolves `return` against the dialect of the op
being parsed), so the text ascdsl prints reads back.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects.builtin import AnyFloat, IndexType, UnregisteredOp
from xdsl.ir import Operation, Region
from xdsl.printer import Printer
from xdsl.traits import IsolatedFromAbove

from ascdsl.apfloat import mlir_float

# The default dialect of the regions of upstream ops that declare one in MLIR (their C++
# getDefaultDialect); an op class may instead carry ASM_DEFAULT_DIALECT.
DEFAULT_DIALECTS: dict[str, str] = {
    "builtin.module": "builtin",
    "func.func": "func",
}
# What MLIR's printer starts from: the top level is `builtin`'s.
TOP_LEVEL_DIALECT = "builtin"


def default_dialect(op: Operation | None) -> str:
    """The dialect whose prefix the ops in `op`'s regions drop ("" when none)."""
    if op is None:
        return TOP_LEVEL_DIALECT
    explicit = getattr(type(op), "ASM_DEFAULT_DIALECT", None)
    if explicit is not None:
        return explicit
    return DEFAULT_DIALECTS.get(op.name, "")


def short_name(name: str, dialect: str) -> str:
    """`name` as MLIR prints it where `dialect` is the default: without the prefix when the
    rest has no dot (MLIR keeps `func.foo.bar` whole, which could read as dialect `foo`)."""
    if dialect and name.startswith(dialect) and name[len(dialect):len(dialect) + 1] == "." \
            and name.count(".") == 1:
        return name[len(dialect) + 1:]
    return name


def _print_scf_for(printer: Printer, op: Operation) -> None:
    """MLIR's ForOp::print: two blanks before a non-index type (`step %c1_i32  : i32 {`);
    MLIR writes `' '` after the step (or the iter_args' types) and `" : " << t << ' '`."""
    indvar, *iter_args = op.body.block.args  # type: ignore[attr-defined]
    printer.print_string(" ")
    printer.print_ssa_value(indvar)
    printer.print_string(" = ")
    printer.print_ssa_value(op.lb)  # type: ignore[attr-defined]
    printer.print_string(" to ")
    printer.print_ssa_value(op.ub)  # type: ignore[attr-defined]
    printer.print_string(" step ")
    printer.print_ssa_value(op.step)  # type: ignore[attr-defined]
    if iter_args:
        printer.print_string(" iter_args(")
        for i, (arg, init) in enumerate(zip(iter_args, op.iter_args)):  # type: ignore[attr-defined]
            if i:
                printer.print_string(", ")
            printer.print_ssa_value(arg)
            printer.print_string(" = ")
            printer.print_ssa_value(init)
        printer.print_string(") -> (")
        printer.print_list((a.type for a in iter_args), printer.print_attribute)
        printer.print_string(")")
    printer.print_string(" ")
    if not isinstance(indvar.type, IndexType):
        printer.print_string(" : ")
        printer.print_attribute(indvar.type)
        printer.print_string(" ")
    printer.print_region(op.body, print_entry_block_args=False,  # type: ignore[attr-defined]
                         print_empty_block=False, print_block_terminators=bool(iter_args))
    printer.print_op_attributes(op.attributes)


# Upstream ops whose custom form xDSL writes differently from MLIR: op name -> how MLIR
# prints what follows the op's name (the location is the printer's).
MLIR_FORMS: dict[str, Callable[[Printer, Operation], None]] = {
    "scf.for": _print_scf_for,
}


class MlirFormsPrinter(Printer):
    """xDSL's Printer writing op names and the forms of MLIR_FORMS as MLIR does."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._default_dialects: list[str] = [TOP_LEVEL_DIALECT]

    def print_region(self, region: Region, *args, **kwargs) -> None:
        self._default_dialects.append(default_dialect(region.parent))
        try:
            super().print_region(region, *args, **kwargs)
        finally:
            self._default_dialects.pop()

    def print_float(self, value: float, type: AnyFloat) -> None:
        text = mlir_float(value, type.name)
        if text is None:
            super().print_float(value, type)
        else:
            self.print_string(text)

    def print_op(self, op: Operation) -> None:
        # xDSL's Printer.print_op, with MLIR's op names and MLIR_FORMS.
        scope = bool(op.get_traits_of_type(IsolatedFromAbove))
        begin_op_pos = self._current_column
        self._print_results(op)
        if scope:
            self.enter_scope()
        form = None
        if isinstance(op, UnregisteredOp):
            self.print_string(f'"{op.op_name.data}"')
        elif self.print_generic_format or (
                type(op).print is Operation.print and op.name not in MLIR_FORMS):
            self.print_string(f'"{op.name}"')
        else:
            self.print_string(short_name(op.name, self._default_dialects[-1]))
            form = MLIR_FORMS.get(op.name, type(op).print)
        end_op_pos = self._current_column
        for message in self.diagnostic.op_messages.get(op, ()):
            self._add_message_on_next_line(message, begin_op_pos, end_op_pos)
        if isinstance(op, UnregisteredOp):
            op_name = op.op_name
            del op.attributes["op_name__"]
            self.print_op_with_default_format(op)
            op.attributes["op_name__"] = op_name
        elif form is not None:
            if form is type(op).print:
                op.print(self)
            else:
                form(self, op)
            if self.print_debuginfo:
                self.print_string(" ")
                self.print_attribute(op.location)
        else:
            self.print_op_with_default_format(op)
        if scope:
            self.exit_scope()
