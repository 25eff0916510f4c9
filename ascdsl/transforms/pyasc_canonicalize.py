"""`pyasc-canonicalize`: canonicalize as pyasc's (MLIR's) canonicalizer leaves the IR.

xDSL's `canonicalize` applies the same kind of patterns and folds, but its driver leaves
constants where they were made. MLIR's greedy driver, which pyasc's `canonicalize` runs,
also merges equal constants of a function and hoists them to the front of its entry block
(greedy_constants.py). This pass runs xDSL's canonicalize between two of those constant walks,
with one folder per function kept across both, so the constants end up where pyasc's are:

    ascdsl-opt codegen.mlir -p pyasc-canonicalize

It also applies MLIR's integer reassociation patterns that xDSL lacks
(ArithCanonicalization.td): a constant chain folds into one op, the inner op kept when it has
other users, e.g. `muli(muli(x, 2), 4)` -> `muli(x, 8)`, `addi(subi(x, c0), c1)` ->
`addi(x, c1 - c0)`, `subi(c1, subi(c0, x))` -> `addi(x, c1 - c0)`; and MLIR's scf.if
pattern that drops an empty `else` (RemoveEmptyElseBranch).

`pyasc-pipeline` uses it wherever pyasc runs `canonicalize`.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType, ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from .greedy_constants import GreedyConstants


def _int(v: SSAValue) -> int | None:
    """The value of an integer `arith.constant`, else None."""
    owner = v.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def _wrap(value: int, t) -> int:
    """`value` in `t`'s two's complement range, as APInt arithmetic leaves it."""
    width = 64 if isinstance(t, IndexType) else t.width.data
    value &= (1 << width) - 1
    if width > 1 and value >= 1 << (width - 1):
        value -= 1 << width
    return value


def _split(op: Operation, kind: type) -> tuple[SSAValue, int, bool] | None:
    """For `op` of class `kind` with one constant operand: (other operand, constant,
    whether the constant is the left one)."""
    if not isinstance(op, kind):
        return None
    lhs, rhs = op.operands
    r = _int(rhs)
    if r is not None:
        return lhs, r, False
    left = _int(lhs)
    if left is not None:
        return rhs, left, True
    return None


class IntegerReassociation(RewritePattern):
    """MLIR's arith patterns that fold a constant through an inner add/sub/mul."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if not isinstance(op, (arith.AddiOp, arith.SubiOp, arith.MuliOp)):
            return
        t = op.result.type
        if not isinstance(t, (IntegerType, IndexType)):
            return
        lhs, rhs = op.operands
        built = None
        if isinstance(op, arith.MuliOp):
            c1 = _int(rhs)
            inner = _split(lhs.owner, arith.MuliOp) if c1 is not None else None
            if inner is not None and not inner[2]:
                built = ("mul", inner[0], inner[1] * c1)
        elif isinstance(op, arith.AddiOp):
            c1 = _int(rhs)
            if c1 is not None:
                if (i := _split(lhs.owner, arith.AddiOp)) and not i[2]:
                    built = ("add", i[0], i[1] + c1)
                elif (i := _split(lhs.owner, arith.SubiOp)) is not None:
                    x, c0, left = i
                    built = ("rsub", x, c0 + c1) if left else ("add", x, c1 - c0)
        else:
            c1 = _int(rhs)
            c_left = _int(lhs)
            if c1 is not None:
                if (i := _split(lhs.owner, arith.AddiOp)) and not i[2]:
                    built = ("add", i[0], i[1] - c1)
                elif (i := _split(lhs.owner, arith.SubiOp)) is not None:
                    x, c0, left = i
                    built = ("rsub", x, c0 - c1) if left else ("sub", x, c0 + c1)
            elif c_left is not None:
                if (i := _split(rhs.owner, arith.AddiOp)) and not i[2]:
                    built = ("rsub", i[0], c_left - i[1])
                elif (i := _split(rhs.owner, arith.SubiOp)) is not None:
                    x, c0, left = i
                    built = ("add", x, c_left - c0) if left else ("rsub", x, c0 + c_left)
        if built is None:
            return
        kind, x, value = built
        const = arith.ConstantOp(IntegerAttr(_wrap(value, t), t))
        new = {
            "mul": lambda: arith.MuliOp(x, const.result),
            "add": lambda: arith.AddiOp(x, const.result),
            "sub": lambda: arith.SubiOp(x, const.result),
            "rsub": lambda: arith.SubiOp(const.result, x),
        }[kind]()
        rewriter.replace(op, [const, new])


class RemoveEmptyElseBranch(RewritePattern):
    """MLIR's scf.if pattern of that name (SCF.cpp), which xDSL lacks: an `else` holding only
    its `scf.yield` is dropped when the `if` yields nothing. pyasc's frontend writes such an
    `else` for a Python `if` without one; its canonicalize leaves `scf.if %c { ... }`."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if not isinstance(op, scf.IfOp) or op.output:
            return
        block = op.false_region.blocks.first
        if block is None or block.first_op is not block.last_op:
            return
        new = scf.IfOp(op.cond, [], rewriter.move_region_contents_to_new_regions(
            op.true_region), None, dict(op.attributes))
        rewriter.replace(op, new, [])


def _functions(module: ModuleOp) -> list[FuncOp]:
    return [f for f in module.walk() if isinstance(f, FuncOp) and f.body.blocks]


@dataclass(frozen=True)
class PyascCanonicalizePass(ModulePass):
    """xDSL's canonicalize, with constants merged and hoisted as MLIR's driver does."""

    name = "pyasc-canonicalize"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from xdsl.pattern_rewriter import GreedyRewritePatternApplier, PatternRewriteWalker
        from xdsl.transforms.canonicalize import CanonicalizationRewritePattern
        from xdsl.transforms.dead_code_elimination import region_dce

        folders = {f: GreedyConstants() for f in _functions(op)}
        for func, folder in folders.items():
            folder.fold(func)
        pattern = GreedyRewritePatternApplier(
            [IntegerReassociation(), RemoveEmptyElseBranch(), CanonicalizationRewritePattern()], ctx=ctx,
            folding_enabled=True)
        PatternRewriteWalker(pattern, post_walk_func=region_dce).rewrite_module(op)
        for func in _functions(op):
            folders.setdefault(func, GreedyConstants()).fold(func)


@dataclass(frozen=True)
class PyascCsePass(ModulePass):
    """`cse` as pyasc's (MLIR's) leaves the IR: MLIR's `emitc.cast` declares no memory
    effects, so MLIR's CSE neither merges two equal casts nor erases an unused one (pyasc's
    dumps keep `emitc.cast %x : i32 to ui32` once per use); ascdsl's cast is Pure, which
    xDSL's CSE would merge."""

    name = "pyasc-cse"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from xdsl.transforms.common_subexpression_elimination import CSEDriver

        from ascdsl.dialects.emitc import CastOp

        class Driver(CSEDriver):
            def _simplify_operation(self, op: Operation):
                if isinstance(op, CastOp):
                    return
                super()._simplify_operation(op)

        Driver().simplify(op)


@dataclass(frozen=True)
class PyascSccpPass(ModulePass):
    """Where MLIR's `sccp` (which pyasc runs after its lowering) leaves constants.

    SCCP replaces every value it proves constant with one its own, fresh OperationFolder
    creates at the start of the function's entry block, block by block in program order,
    and erases the op that computed it. The values it proves constant are, after the
    canonicalizations before it, the constants themselves: so each constant of a function is
    re-made at the front in the order the walk meets it (equal ones become one), which
    reverses the run of constants at the top of the function. The rest of SCCP (folding
    through branches and loop bounds) is what canonicalize already did here.
    """

    name = "pyasc-sccp"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from xdsl.dialects.builtin import UnknownLoc
        from xdsl.traits import ConstantLike

        from .greedy_constants import _value

        for func in _functions(op):
            entry = func.body.blocks[0]
            made: dict[tuple, Operation] = {}
            blocks = [entry]
            while blocks:
                block = blocks.pop()
                for inner in list(block.ops):
                    value = _value(inner) if inner.has_trait(ConstantLike) else None
                    if value is None or len(inner.results) != 1:
                        for region in reversed(inner.regions):
                            blocks.extend(reversed(region.blocks))
                        continue
                    key = (inner.dialect_name(), value, inner.results[0].type)
                    known = made.get(key)
                    if known is not None:
                        inner.results[0].replace_all_uses_with(known.results[0])
                        inner.detach()
                        inner.erase()
                        continue
                    inner.detach()
                    first = entry.first_op
                    if first is None:
                        entry.add_op(inner)
                    else:
                        entry.insert_op_before(inner, first)
                    inner.location = UnknownLoc()
                    made[key] = inner
