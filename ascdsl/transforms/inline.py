"""`inline`: replace `func.call`s by the callee's body (xDSL 0.74 has no func inliner).

Every call to a function of the same module that has a body (private or not) is inlined:
the callee's ops are cloned before the call with its arguments bound to the call's operands,
the call's results become the values the callee returns, and the call is erased. Cloned ops
keep the callee's source locations, so diagnostics point into the helper that was written.

Functions are processed callees first (strongly connected components of the call graph in
reverse topological order), so each callee is cloned once fully inlined. Calls to recursive
functions (a cycle in the call graph), to declarations and to functions of more than one
block are left in place. `symbol-dce` then drops the private helpers left unused.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import CallOp, FuncOp
from xdsl.ir import SSAValue
from xdsl.passes import ModulePass


@dataclass(frozen=True)
class InlinePass(ModulePass):
    """Inline every func.call of a (non-recursive) function with a body."""

    name = "inline"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for module in [m for m in op.walk() if isinstance(m, ModuleOp)]:
            _inline_module(module)


def _inline_module(module: ModuleOp) -> None:
    funcs = {f.sym_name.data: f for f in module.ops if isinstance(f, FuncOp)}
    calls = {
        f: [c for c in f.walk() if isinstance(c, CallOp)] for f in funcs.values()
    }
    callees = {
        f: [g for c in cs if (g := funcs.get(c.callee.root_reference.data)) is not None]
        for f, cs in calls.items()
    }
    sccs = _sccs(list(funcs.values()), callees)
    recursive = {f for scc in sccs if len(scc) > 1 or scc[0] in callees[scc[0]] for f in scc}
    for scc in sccs:
        for f in scc:
            for call in calls[f]:
                callee = funcs.get(call.callee.root_reference.data)
                if callee is None or callee in recursive:
                    continue
                if len(callee.body.blocks) != 1:
                    continue  # a declaration, or control flow that needs cf to inline
                inline_call(call, callee)


def inline_call(call: CallOp, callee: FuncOp) -> None:
    """Replace `call` by a copy of `callee`'s single-block body."""
    block = call.parent
    assert block is not None
    body = callee.body.blocks.first
    assert body is not None
    mapper: dict[SSAValue, SSAValue] = dict(zip(body.args, call.arguments, strict=True))
    returned: list[SSAValue] = []
    for op in body.ops:
        if op is body.last_op:  # func.return
            returned = [mapper.get(v, v) for v in op.operands]
            break
        block.insert_op_before(op.clone(value_mapper=mapper), call)
    for result, value in zip(call.res, returned, strict=True):
        result.replace_all_uses_with(value)
    block.erase_op(call)


def _sccs(nodes: list[FuncOp], edges: dict[FuncOp, list[FuncOp]]) -> list[list[FuncOp]]:
    """Tarjan's strongly connected components, callees before callers."""
    index: dict[FuncOp, int] = {}
    low: dict[FuncOp, int] = {}
    stack: list[FuncOp] = []
    on_stack: set[FuncOp] = set()
    out: list[list[FuncOp]] = []

    def visit(v: FuncOp) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            scc: list[FuncOp] = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                scc.append(w)
                if w is v:
                    break
            out.append(scc)

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 4 * len(nodes) + 100))
    try:
        for v in nodes:
            if v not in index:
                visit(v)
    finally:
        sys.setrecursionlimit(limit)
    return out
