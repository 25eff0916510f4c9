"""pyasc's default op syntax for ops with several optional operands.

MLIR's default format for an `ascendc` op is `operands attr-dict : type(operands)`. When an op
has more than one optional operand (SoftMax's `sharedTmpBuffer` and `softmaxShapeInfo`, the
math library's `sharedTmpBuffer` and `calCount`), which ones are present is recorded in the
`operandSegmentSizes` property, which MLIR prints inside the attribute dictionary:

    ascendc.acos %dst, %src, %n, %r {operandSegmentSizes = array<i32: 1, 1, 0, 1, 1>} : ...

xDSL's declarative format cannot express `operands` with several optional groups, so these ops
print and parse through `SegmentedFormat`. Hand-written IR may leave `operandSegmentSizes`
out: it is then worked out from the operand types when exactly one assignment of the operands
to the op's groups satisfies their constraints (a located error names the candidates
otherwise).
"""

from __future__ import annotations

import itertools
from xdsl.dialects.builtin import DenseArrayBase, i32
from xdsl.ir import Attribute
from xdsl.irdl import AttrSizedOperandSegments, VerificationContext, IRDLOperation, RangeConstraint
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

SEGMENTS = "operandSegmentSizes"


class SegmentedFormat(IRDLOperation):
    """Mixin: `operands attr-dict : type(operands)` with `operandSegmentSizes` in the dict.

    An op using it declares `irdl_options = SEGMENTED` (defined below) and lists this class
    before its other bases.
    """

    @classmethod
    def parse(cls, parser: Parser):
        start = parser.pos
        unresolved = parser.parse_optional_undelimited_comma_separated_list(
            parser.parse_optional_unresolved_operand, parser.parse_unresolved_operand
        ) or []
        attrs = dict(parser.parse_optional_attr_dict())
        parser.parse_punctuation(":")
        types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        end = parser.pos
        operands = parser.resolve_operands(unresolved, types, start)
        defn = cls.get_irdl_definition()
        props = {k: attrs.pop(k) for k in list(attrs) if k in defn.properties or k == SEGMENTS}
        if SEGMENTS not in props:
            sizes = cls.default_segments(types, props)
            if isinstance(sizes, str):
                parser.raise_error(f"'{cls.name}': {sizes}", start, end)
            props[SEGMENTS] = DenseArrayBase.from_list(i32, sizes)
        return cls.create(operands=list(operands), properties=props, attributes=attrs)

    @classmethod
    def default_segments(cls, types: list[Attribute],
                         props: dict[str, Attribute]) -> list[int] | str:
        """Segment sizes for text that leaves `operandSegmentSizes` out, or why there are
        none; an op whose variadic groups follow from a property overrides this."""
        return infer_segments(cls, types)

    def print(self, printer: Printer) -> None:
        if self.operands:
            printer.print_string(" ")
            printer.print_list(self.operands, printer.print_operand)
        entries = {**self.properties, **self.attributes}
        if entries:
            printer.print_string(" ")
            printer.print_attr_dict(dict(sorted(entries.items())))
        printer.print_string(" : ")
        printer.print_list([o.type for o in self.operands], printer.print_attribute)


SEGMENTED = (AttrSizedOperandSegments(as_property=True),)


def segment_sizes(op_cls: type[IRDLOperation], present: dict[str, bool]) -> DenseArrayBase:
    """`operandSegmentSizes` of an op of `op_cls`: 1 per single operand, 0/1 per optional
    (`present` names the optional operands that are given)."""
    sizes = []
    for name, d in op_cls.get_irdl_definition().operands:
        sizes.append(int(present.get(name, False)) if type(d).__name__.startswith("Opt") else 1)
    return DenseArrayBase.from_list(i32, sizes)


def infer_segments(op_cls: type[IRDLOperation], types: list[Attribute]) -> list[int] | str:
    """Segment sizes that let `types` satisfy the operand constraints, or why there are none
    (or several)."""
    defn = op_cls.get_irdl_definition()
    groups = [(name, type(d).__name__.startswith("Opt"), d.constr) for name, d in defn.operands]
    optional = [i for i, (_, opt, _) in enumerate(groups) if opt]
    present = len(types) - (len(groups) - len(optional))
    if not 0 <= present <= len(optional):
        return (f"takes {len(groups) - len(optional)} to {len(groups)} operands, "
                f"got {len(types)}")
    fits = []
    for chosen in itertools.combinations(optional, present):
        sizes = [1 if (not opt or i in chosen) else 0 for i, (_, opt, _) in enumerate(groups)]
        names = [groups[i][0] for i, s in enumerate(sizes) if s]
        if all(_satisfies(groups[i][2], t) for i, t in zip(
                [i for i, s in enumerate(sizes) if s], types)):
            fits.append((sizes, names))
    if len(fits) == 1:
        return fits[0][0]
    if not fits:
        return "no assignment of the operand types to its operands satisfies their constraints"
    forms = "; ".join("(" + ", ".join(n) + ")" for _, n in fits)
    return f"the operands are ambiguous ({forms}); give operandSegmentSizes"


def _satisfies(constr, t: Attribute) -> bool:
    try:
        if isinstance(constr, RangeConstraint):
            constr.verify((t,), VerificationContext())
        else:
            constr.verify(t, VerificationContext())
    except VerifyException:
        return False
    return True
