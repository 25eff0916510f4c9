"""Property: random well-formed modules built from the dialect print and parse back equal.

Ops are drawn from every ascendc op, their operand/result types from the ops' own IRDL
constraints (one element type per op, so the ops' same-element rules hold), properties from
their enums and unit flags. An op that its verifier rejects is left out of the module.
"""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from xdsl.dialects import func
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    ArrayAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
    Signedness,
    StringAttr,
    UnitAttr,
    UnrankedMemRefType,
    bf16,
    f16,
    f32,
    i8,
    i16,
    i32,
    i64,
)
from xdsl.ir import Block, Region
from xdsl.irdl import AnyAttr, EqAttrConstraint, OptOperandDef, VarOperandDef
from xdsl.irdl.constraints import RangeLengthConstraint, RangeOf
from xdsl.printer import Printer
from xdsl.utils.exceptions import DiagnosticException

import ascdsl.dialects.ascendc as A
from ascdsl.context import make_context
from ascdsl.diagnostics import parse_module
from ascdsl.dialects.ascendc.constraints import UI64, Is, IntLike
from ascdsl.dialects.gm import gm_pointer_type

ui32 = IntegerType(32, Signedness.UNSIGNED)
ui64 = IntegerType(64, Signedness.UNSIGNED)
ELEMENTS = [f32, f16, bf16, i8, i16, i32, i64, ui32]
POSITIONS = [p for p in A.TPosition if p is not A.TPosition.MAX]
INTS = [i32, i64, IndexType(), i16, ui32]


def _inner(constr):
    if isinstance(constr, RangeLengthConstraint):
        constr = constr.constraint
    if isinstance(constr, RangeOf):
        constr = constr.constr
    return constr


@st.composite
def shapes(draw):
    kind = draw(st.sampled_from(["static", "dynamic", "unranked", "scalar"]))
    if kind == "unranked":
        return None
    if kind == "scalar":
        return []
    dims = draw(st.lists(st.integers(1, 4096), min_size=1, max_size=3))
    if kind == "dynamic":
        i = draw(st.integers(0, len(dims) - 1))
        dims[i] = DYNAMIC_INDEX
    return dims


@st.composite
def type_for(draw, constr, elt):
    c = _inner(constr)
    if isinstance(c, AnyAttr):
        return elt
    if isinstance(c, EqAttrConstraint):
        return c.attr
    if isinstance(c, IntLike):
        return draw(st.sampled_from(INTS))
    if isinstance(c, UI64):
        return ui64
    assert isinstance(c, Is), c
    cls = draw(st.sampled_from(c.classes))
    if issubclass(cls, A.TensorTypeBase):
        return cls(elt, draw(shapes()))
    if cls is A.QueueType:
        return cls(draw(st.sampled_from(POSITIONS)), draw(st.integers(1, 8)))
    if cls is A.QueBindType:
        return cls(draw(st.sampled_from(POSITIONS)), draw(st.sampled_from(POSITIONS)),
                   draw(st.integers(1, 8)))
    if cls is A.TBufType:
        return cls(draw(st.sampled_from(POSITIONS)))
    if cls is A.TBufPoolType:
        return cls(draw(st.sampled_from(POSITIONS)), draw(st.integers(1, 16)))
    if cls is A.LocalMemAllocatorType:
        return cls(A.Hardware.UB)
    if cls is A.MatmulType:
        pos = [int(draw(st.sampled_from(POSITIONS))) for _ in range(4)]
        fmt = [int(draw(st.sampled_from(list(A.CubeFormat)))) for _ in range(4)]
        ops = [(pos[i], fmt[i], elt, draw(st.booleans()), draw(st.integers(0, 4)))
               for i in range(3)]
        return cls(*ops, (pos[3], fmt[3], elt), A.MatmulConfigAttr(iterate_order=1))
    if cls in (MemRefType, UnrankedMemRefType):
        return gm_pointer_type(elt)
    if cls in (A.DataCopyPadExtParamsType, A.FixpipeParamsType, A.MrgSortSrcListType):
        return cls(elt)  # structs templated on the tensor's element type
    if cls is IntegerType:
        return ui64  # an address operand (GetPhyAddr's value, a VdeqInfo address)
    return cls()  # the pipe and the parameter structs have no parameters


@st.composite
def ops_for(draw, cls):
    """(operand types grouped per definition, result types, properties) for one op."""
    elt = draw(st.sampled_from(ELEMENTS))
    op_def = cls.get_irdl_definition()
    operands = []
    for _, d in op_def.operands:
        if isinstance(d, OptOperandDef):  # (a subclass of VarOperandDef)
            operands.append([draw(type_for(d.constr, elt))] if draw(st.booleans()) else [])
        elif isinstance(d, VarOperandDef):
            n = 0 if cls is A.LocalTensorAutoOp else draw(st.integers(0, 3))
            operands.append([draw(type_for(d.constr, elt)) for _ in range(n)])
        else:
            operands.append([draw(type_for(d.constr, elt))])
    results = []
    for name, d in op_def.results:
        if cls is A.ConstructOp:
            results.append(draw(st.sampled_from(list(A.PARAM_STRUCT_TYPES.values())))())
        else:
            results.append(draw(type_for(d.constr, elt)))
    props = {}
    for name, p in op_def.properties.items():
        if name in cls.ENUMS:
            enum = cls.ENUMS[name]
            props[name] = A.enum_attr(draw(st.sampled_from(list(enum))))
        elif name == "desc":
            text = draw(st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126)))
            props[name] = StringAttr(text)
        elif name == "dtype":
            props[name] = elt
        elif name == "types":
            continue
        elif draw(st.booleans()):
            props[name] = UnitAttr()
    return operands, results, props


@st.composite
def modules(draw):
    classes = draw(st.lists(st.sampled_from(A.ALL_OPS), min_size=1, max_size=8))
    block = Block()
    built = []
    for cls in classes:
        operand_types, result_types, props = draw(ops_for(cls))
        grouped = [[block.insert_arg(t, len(block.args)) for t in group] for group in operand_types]
        args = [g if isinstance(d, VarOperandDef) else g[0]
                for g, (_, d) in zip(grouped, cls.get_irdl_definition().operands)]
        op = cls.build(operands=args, result_types=result_types, properties=props)
        block.add_op(op)
        built.append(op)
    block.add_op(func.ReturnOp())
    f = func.FuncOp("random", ([a.type for a in block.args], []), Region(block))
    module = ModuleOp([f])
    # Drop what the verifiers reject (e.g. HardEvent.MAX, a cast without a rounding mode).
    for op in built:
        try:
            op.verify(verify_nested_ops=False)
        except DiagnosticException:
            for r in op.results:
                for use in list(r.uses):
                    use.operation.detach()
            op.detach()
    return module


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(modules())
def test_random_modules_roundtrip(module):
    ctx = make_context()
    text = str(module)
    again = parse_module(ctx, text, "<random>")
    assert str(again) == text
    assert again.is_structurally_equivalent(module)

    import io

    generic = io.StringIO()
    Printer(stream=generic, print_generic_format=True).print_op(module)
    from_generic = parse_module(ctx, generic.getvalue(), "<random-generic>")
    assert str(from_generic) == text
