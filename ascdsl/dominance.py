"""MLIR's dominance and scope rules for SSA uses, checked in one linear walk.

The verifier half of ascdsl.diagnostics (`verify_diagnostics` runs every op's own rules, then
these): a use must be dominated by its definition, stay inside the region that defines it, and
not cross an IsolatedFromAbove op.
"""

from __future__ import annotations

from collections.abc import Iterator

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, BlockArgument, Operation, OpResult, Region
from xdsl.traits import IsolatedFromAbove

from ascdsl.diagnostics import Diagnostic, Severity, make_diagnostic


def scope_diagnostics(root: Operation) -> list[Diagnostic]:
    """Operands that break MLIR's dominance and scope rules, reported as MLIR's verifier does.

    A value may be used where its definition dominates the use: later in the same block, or
    inside ops that come after it in that block (in a region with several blocks, also in the
    blocks its block dominates). It may not be used outside the region that defines it, inside
    the op that defines it, or across an IsolatedFromAbove op (`func.func`). The body of a
    `builtin.module` is a graph region, where order does not matter.

    One walk, with an explicit stack (no recursion): each op's position in its block is
    numbered when the walk reaches it, and every block enclosing the current op maps to the
    position of the op open in it, so checking a use is a few dictionary lookups. Dominator
    trees are built only for regions with several blocks, once each.
    """
    found: list[Diagnostic] = []
    # block -> (position of the op open in it, isolation level of the block)
    open_blocks: dict[Block, tuple[int, int]] = {}
    position: dict[Operation, int] = {}
    graph_blocks: set[Block] = set()
    doms: dict[Region, _Dominators] = {}

    def check(use: Operation, block: Block) -> None:
        pos_use, level = open_blocks[block]
        for i, value in enumerate(use.operands):
            if isinstance(value, OpResult):
                def_op = value.op
                def_block = def_op.parent
                def_pos = position.get(def_op)
            elif isinstance(value, BlockArgument):
                def_op, def_block, def_pos = None, value.block, -1
            else:
                continue
            problem = None
            opened = open_blocks.get(def_block) if def_block is not None else None
            if opened is not None:
                pos_anc, def_level = opened
                if def_level != level:
                    problem = _isolated(use)
                elif def_op is not None and def_block not in graph_blocks:
                    if def_pos == pos_anc and def_block is not block:
                        problem = "is a result of an op that encloses this use"
                    elif def_pos is None or def_pos >= pos_anc:
                        problem = "does not dominate this use (it is defined after it)"
            else:
                problem = _other_block(use, def_block, level, open_blocks, doms)
            if problem is not None:
                found.append(make_diagnostic(
                    Severity.ERROR, use, f"operand #{i} {problem}",
                    [(value, "operand defined here")],
                ))
                return  # one diagnostic per op, as MLIR's verifier

    if root.regions:
        # Frames: [block, enumerate(ops)] for a block being walked, or an iterator over the
        # blocks of an op's regions with the level and kind of those blocks.
        stack: list = [(_blocks(root), 1 if root.has_trait(IsolatedFromAbove) else 0,
                        isinstance(root, ModuleOp))]
        while stack:
            frame = stack[-1]
            if isinstance(frame, tuple):
                blocks, level, graph = frame
                block = next(blocks, None)
                if block is None:
                    stack.pop()
                    continue
                open_blocks[block] = (-1, level)
                if graph:
                    graph_blocks.add(block)
                stack.append([block, enumerate(block.ops)])
                continue
            block, ops = frame
            step = next(ops, None)
            if step is None:
                del open_blocks[block]
                stack.pop()
                continue
            pos, op = step
            position[op] = pos
            level = open_blocks[block][1]
            open_blocks[block] = (pos, level)
            if op.operands:
                check(op, block)
            if op.regions:
                inner = level + 1 if op.has_trait(IsolatedFromAbove) else level
                stack.append((_blocks(op), inner, isinstance(op, ModuleOp)))
    return found


def _blocks(op: Operation) -> Iterator[Block]:
    return (block for region in op.regions for block in region.blocks)


def _isolated(use: Operation) -> str:
    parent = use.parent_op()
    while parent is not None and not parent.has_trait(IsolatedFromAbove):
        parent = parent.parent_op()
    name = f"'{parent.name}' " if parent is not None else ""
    return f"is defined outside the {name}op that isolates this use from values above it"


def _other_block(use: Operation, def_block: Block | None, level: int,
                 open_blocks: dict[Block, tuple[int, int]], doms: dict) -> str | None:
    """The problem with a use whose definition's block does not enclose it, if any: fine only
    when that block dominates the use's enclosing block of the same region."""
    region = def_block.parent if def_block is not None else None
    if region is None:
        return "is not defined in any block"
    ancestor: Operation | None = use
    while ancestor is not None and ancestor.parent is not None:
        if ancestor.parent.parent is region:
            enclosing = ancestor.parent
            if open_blocks[enclosing][1] != level:
                return _isolated(use)
            dom = doms.get(region)
            if dom is None:
                dom = doms[region] = _Dominators(region)
            if dom.dominates(def_block, enclosing):
                return None
            return "does not dominate this use (its block does not dominate the use's)"
        ancestor = ancestor.parent_op()
    return ("is used outside the region that defines it (a value defined in the body of an "
            "scf.if or a loop is only visible in that body)")


class _Dominators:
    """Block dominance in one region; a block no path reaches counts as dominated by all."""

    def __init__(self, region: Region):
        from xdsl.irdl.dominance import DominanceInfo

        self.info = DominanceInfo(region)
        self.reachable: set[Block] = set()
        todo = [region.blocks.first] if region.blocks.first is not None else []
        while todo:
            b = todo.pop()
            if b in self.reachable:
                continue
            self.reachable.add(b)
            if b.last_op is not None:
                todo.extend(b.last_op.successors)

    def dominates(self, a: Block, b: Block) -> bool:
        return b not in self.reachable or self.info.dominates(a, b)
