"""How ops are declared: each op is a written class, findable by its IR name and class name.

A search for `ascendc.add_l0` or `AddL0Op` must land on the op's declaration, and the class a
reader finds there must be the class the dialect registers (no class made by `type()`, no
subclass made behind the reader's back).
"""

from __future__ import annotations

import sys

import pytest

import ascdsl.dialects.ascendc as A


@pytest.mark.parametrize("cls", A.ALL_OPS, ids=lambda c: c.name)
def test_the_registered_class_is_the_written_one(cls):
    module = sys.modules[cls.__module__]
    assert getattr(module, cls.__name__) is cls
    assert getattr(A, cls.__name__) is cls  # re-exported by the dialect package
    assert cls in list(A.AscendC.operations)
    # The class statement's source is the class itself, not a base of a generated subclass.
    assert all(b.__name__ != cls.__name__ for b in cls.__mro__[1:])


def test_ir_names_and_class_names_are_unique():
    names = [c.name for c in A.ALL_OPS]
    classes = [c.__name__ for c in A.ALL_OPS]
    assert len(set(names)) == len(names)
    assert len(set(classes)) == len(classes)


def test_operands_keep_declaration_order_bases_first():
    # `dst, src0, src1` come from the family base, `count` from the level base.
    assert [n for n, _ in A.AddL2Op.get_irdl_definition().operands] == [
        "dst", "src0", "src1", "count"
    ]
    # A redefinition in a subclass keeps the base's place (L1 masks are variadic words).
    assert [n for n, _ in A.AddL1Op.get_irdl_definition().operands] == [
        "dst", "src0", "src1", "mask", "repeat_times", "repeat_params"
    ]
    assert type(dict(A.AddL1Op.get_irdl_definition().operands)["mask"]).__name__ == (
        "VarOperandDef"
    )
