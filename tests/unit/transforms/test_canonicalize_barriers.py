"""The linear barrier sweep gives exactly what the op's canonicalization pattern gives, and
keeps the user's barrier over an identical one cce-auto-sync marked."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects import func, test
from xdsl.dialects.builtin import ModuleOp, StringAttr, UnitAttr
from xdsl.ir import Block, Region
from xdsl.pattern_rewriter import GreedyRewritePatternApplier, PatternRewriteWalker

from ascdsl.dialects.ascendc import AUTO_SYNC_ATTR, Pipe, PipeBarrierOp
from ascdsl.dialects.ascendc.canonicalize import MergeAdjacentBarriers
from ascdsl.transforms.canonicalize_barriers import CanonicalizeBarriersPass, collapse_barrier_runs

PIPES = [Pipe.PIPE_V, Pipe.PIPE_MTE2, Pipe.PIPE_MTE3, Pipe.PIPE_M, Pipe.PIPE_ALL]
# A barrier is its pipe, or (pipe, True) when cce-auto-sync marked it; None is another op.
ITEMS = st.lists(
    st.one_of(st.sampled_from(PIPES), st.tuples(st.sampled_from(PIPES), st.just(True)),
              st.just(None)),
    max_size=14,
)


def _module(items):
    block = Block()
    for i, item in enumerate(items):
        pipe, auto = item if isinstance(item, tuple) else (item, False)
        op = test.TestOp() if pipe is None else PipeBarrierOp(pipe)
        op.attributes["tag"] = StringAttr(str(i))
        if auto:
            op.attributes[AUTO_SYNC_ATTR] = UnitAttr()
        block.add_op(op)
    block.add_op(func.ReturnOp())
    return ModuleOp([func.FuncOp("f", ([], []), Region(block))])


def _survivors(module):
    (f,) = module.ops
    return [
        (op.attributes["tag"].data, op.barrier_pipe if isinstance(op, PipeBarrierOp) else None)
        for op in f.body.blocks.first.ops
        if "tag" in op.attributes
    ]


@settings(max_examples=300, deadline=None)
@given(ITEMS)
def test_sweep_equals_pattern_fixpoint(items):
    by_pattern = _module(items)
    PatternRewriteWalker(
        GreedyRewritePatternApplier([MergeAdjacentBarriers()], dce_enabled=False)
    ).rewrite_module(by_pattern)
    by_sweep = _module(items)
    (f,) = by_sweep.ops
    collapse_barrier_runs([op for op in f.walk() if isinstance(op, PipeBarrierOp)])
    assert _survivors(by_sweep) == _survivors(by_pattern)


@settings(max_examples=100, deadline=None)
@given(ITEMS)
def test_result_has_no_collapsible_pair(items):
    module = _module(items)
    CanonicalizeBarriersPass().apply(None, module)  # type: ignore[arg-type]
    kept = _survivors(module)
    for (_, a), (_, b) in zip(kept, kept[1:]):
        if a is None or b is None:
            continue
        assert Pipe.PIPE_ALL not in (a, b) and a != b
    # Ops that are not barriers are never touched.
    assert [t for t, p in kept if p is None] == [str(i) for i, x in enumerate(items) if x is None]


V, ALL, MTE3 = Pipe.PIPE_V, Pipe.PIPE_ALL, Pipe.PIPE_MTE3


@pytest.mark.parametrize("items, kept", [
    ([V, (V, True)], ["0"]),  # the user's first: pyasc would keep the second
    ([(V, True), V], ["1"]),
    ([(V, True), V, (V, True)], ["1"]),
    ([V, (V, True), V], ["2"]),  # both the user's: the last, as pyasc
    ([(V, True), (V, True)], ["1"]),  # both marked: the last, as pyasc
    ([(ALL, True), ALL], ["1"]),  # pyasc would keep the first pipe_all
    ([(ALL, True), V, ALL, (ALL, True)], ["2"]),
    ([V, (ALL, True)], ["1"]),  # a stronger barrier is not a duplicate: pipe_all absorbs
    ([V, (MTE3, True)], ["0", "1"]),
])
def test_the_users_barrier_stays_over_a_marked_duplicate(items, kept):
    for run in (_sweep, _pattern):
        module = _module(items)
        run(module)
        assert [t for t, _ in _survivors(module)] == kept, run.__name__


def _sweep(module):
    CanonicalizeBarriersPass().apply(None, module)  # type: ignore[arg-type]


def _pattern(module):
    PatternRewriteWalker(
        GreedyRewritePatternApplier([MergeAdjacentBarriers()], dce_enabled=False)
    ).rewrite_module(module)


def test_first_pipe_all_survives():
    module = _module([Pipe.PIPE_V, Pipe.PIPE_ALL, Pipe.PIPE_MTE3, Pipe.PIPE_ALL])
    CanonicalizeBarriersPass().apply(None, module)  # type: ignore[arg-type]
    assert _survivors(module) == [("1", Pipe.PIPE_ALL)]
