"""OpOrder: pre-order keys, precedes / dominates / ancestor queries, numbering new ops."""

import pytest
from xdsl.dialects import test
from xdsl.ir import Block, Operation

from ascdsl.transforms.analysis import OpOrder

NESTED = """
func.func @f(%c: i1, %lb: index, %ub: index, %st: index) {
  "test.op"() {tag = "a"} : () -> ()
  scf.for %i = %lb to %ub step %st {
    "test.op"() {tag = "in_loop"} : () -> ()
    scf.if %c {
      "test.op"() {tag = "then"} : () -> ()
    } else {
      "test.op"() {tag = "else"} : () -> ()
    }
    "test.op"() {tag = "after_if"} : () -> ()
  } {tag = "loop"}
  "test.op"() {tag = "b"} : () -> ()
  func.return
}
"""

MULTI_BLOCK = """
func.func @g() {
  "test.op"() ({
    "test.op"() {tag = "entry"} : () -> ()
    "test.termop"() [^bb1, ^bb2] : () -> ()
  ^bb1:
    "test.op"() {tag = "left"} : () -> ()
    "test.termop"() [^bb3] : () -> ()
  ^bb2:
    "test.op"() {tag = "right"} : () -> ()
    "test.termop"() [^bb3] : () -> ()
  ^bb3:
    "test.op"() {tag = "join"} : () -> ()
    "test.termop"() : () -> ()
  }) {tag = "region_op"} : () -> ()
  func.return
}
"""


@pytest.fixture
def nested(parse, only_func, named_ops):
    module = parse(NESTED)
    func = only_func(module)
    return func, OpOrder(func), named_ops(func)


def test_keys_follow_pre_order(nested):
    func, order, ops = nested
    walked = [op for op in func.walk() if op is not func]
    keys = [order.key(op) for op in walked]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    # The loop's range covers exactly its nested ops.
    inside = {op for op in ops["loop"].walk() if op is not ops["loop"]}
    for op in walked:
        assert order.contains(ops["loop"], op) == (op in inside)


def test_precedes(nested):
    _, order, ops = nested
    assert order.precedes(ops["a"], ops["then"])
    assert order.precedes(ops["then"], ops["after_if"])
    assert order.precedes(ops["in_loop"], ops["b"])
    assert order.precedes(ops["loop"], ops["b"])
    assert not order.precedes(ops["b"], ops["a"])
    assert not order.precedes(ops["after_if"], ops["then"])
    # Branches of one scf.if never run one after the other.
    assert not order.precedes(ops["then"], ops["else"])
    assert not order.precedes(ops["else"], ops["then"])
    # An op does not precede itself, nor what it contains (or the reverse).
    assert not order.precedes(ops["a"], ops["a"])
    assert not order.precedes(ops["loop"], ops["then"])
    assert not order.precedes(ops["then"], ops["loop"])


def test_dominates(nested):
    _, order, ops = nested
    assert order.dominates(ops["a"], ops["then"])
    assert order.dominates(ops["in_loop"], ops["else"])
    assert order.dominates(ops["loop"], ops["b"])
    # Inside a region does not dominate what follows the region op.
    assert not order.dominates(ops["then"], ops["after_if"])
    assert not order.dominates(ops["in_loop"], ops["b"])
    assert not order.dominates(ops["loop"], ops["then"])  # contains it
    assert not order.dominates(ops["b"], ops["a"])
    assert not order.dominates(ops["a"], ops["a"])


def test_value_dominates(nested):
    func, order, ops = nested
    loop = ops["loop"]
    iv = loop.regions[0].blocks.first.args[0]
    assert order.value_dominates(iv, ops["then"])
    assert not order.value_dominates(iv, ops["b"])
    assert not order.value_dominates(iv, loop)
    arg = func.body.blocks.first.args[0]
    assert order.value_dominates(arg, ops["then"]) and order.value_dominates(arg, loop)


def test_ancestors_and_common_level(nested):
    func, order, ops = nested
    loop_block = ops["loop"].regions[0].blocks.first
    assert order.ancestor_in_block(ops["then"], loop_block) is ops["then"].parent_op()
    assert order.ancestor_in_block(ops["b"], loop_block) is None
    body = func.body
    assert order.ancestor_in_region(ops["else"], body) is ops["loop"]
    assert order.ancestor_in_region(ops["a"], body) is ops["a"]
    assert order.common_level(ops["then"], ops["b"]) == (ops["loop"], ops["b"])
    the_if = ops["then"].parent_op()
    assert order.common_level(ops["in_loop"], ops["then"]) == (ops["in_loop"], the_if)
    assert order.common_level(ops["then"], ops["else"]) == (the_if, the_if)
    assert order.parent(ops["a"]) is None and order.parent(ops["in_loop"]) is ops["loop"]


def test_inserted_ops_are_numbered_in_place(nested):
    _, order, ops = nested
    new = test.TestOp()
    block = ops["after_if"].parent
    block.insert_op_before(new, ops["after_if"])
    order.note_inserted(new)
    assert order.precedes(ops["then"], new) and order.precedes(new, ops["after_if"])
    assert order.contains(ops["loop"], new)
    assert order.dominates(ops["in_loop"], new)
    # A new op at the start of a block comes after its parent's key, before the old first op.
    first = test.TestOp()
    then_block = ops["then"].parent
    then_block.insert_op_before(first, ops["then"])
    order.note_inserted(first)
    assert order.key(ops["then"].parent_op()) < order.key(first) < order.key(ops["then"])
    # Ops in the else region, inserted first in their block, still come after the then region.
    else_first = test.TestOp()
    ops["else"].parent.insert_op_before(else_first, ops["else"])
    order.note_inserted(else_first)
    assert order.key(ops["then"]) < order.key(else_first) < order.key(ops["else"])
    assert order.renumberings == 0


def test_many_insertions_in_one_gap_stay_ordered(nested):
    _, order, ops = nested
    anchor = ops["b"]
    block = anchor.parent
    made: list[Operation] = []
    for i in range(300):
        new = test.TestOp()
        # Alternate between "right before b" and "right before the previous insertion".
        target = anchor if i % 2 == 0 or not made else made[-1]
        block.insert_op_before(new, target)
        order.note_inserted(new)
        made.append(new)
    in_block = [op for op in block.ops]
    keys = [order.key(op) for op in in_block]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)


def test_renumber_when_no_next_op(parse, only_func, named_ops):
    module = parse(NESTED)
    func = only_func(module)
    order = OpOrder(func)
    block = Block()
    # A block without a terminator: inserting at its end makes the order renumber.
    op = test.TestOp()
    region_op = test.TestOp(regions=[[block]])
    ops = named_ops(func)
    ops["b"].parent.insert_op_before(region_op, ops["b"])
    order.note_inserted(region_op)  # has regions: renumbered
    assert order.renumberings == 1
    block.add_op(op)
    order.note_inserted(op)
    assert order.renumberings == 2
    assert order.contains(region_op, op) and order.precedes(region_op, ops["b"])


def test_multi_block_regions_use_block_dominance(parse, only_func, named_ops):
    module = parse(MULTI_BLOCK)
    func = only_func(module)
    order = OpOrder(func)
    ops = named_ops(func)
    assert order.precedes(ops["entry"], ops["left"])
    assert order.precedes(ops["entry"], ops["join"])
    assert not order.precedes(ops["left"], ops["right"])
    assert not order.precedes(ops["left"], ops["join"])  # join is reached through right too
    assert order.dominates(ops["entry"], ops["join"])
    assert not order.dominates(ops["left"], ops["join"])
    assert not order.precedes(ops["join"], ops["entry"])
