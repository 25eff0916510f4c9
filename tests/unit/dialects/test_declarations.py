"""How ops are declared: each op is a written class, findable by its IR name and class name.

A search for `ascendc.add_l0` or `AddL0Op` must land on the op's declaration, and the class a
reader finds there must be the class the dialect registers (no class made by `type()`, no
subclass made behind the reader's back).
"""

from __future__ import annotations

import dataclasses
import inspect
import re
import sys

import pytest
from xdsl.ir import ParametrizedAttribute

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.base import AscendCOp, asc_op


@pytest.mark.parametrize("cls", A.ALL_OPS, ids=lambda c: c.name)
def test_ir_name_and_class_occur_literally_in_their_module(cls):
    source = inspect.getsource(sys.modules[cls.__module__])
    assert f'name = "{cls.name}"' in source, f"{cls.name} is not written in {cls.__module__}"
    assert re.search(rf"^class {cls.__name__}\(", source, re.M), (
        f"{cls.__name__} is not a class statement in {cls.__module__}"
    )


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


def test_a_new_op_is_one_short_class():
    from ascdsl.dialects.ascendc import BinaryL2Base, Cpp

    @asc_op(cpp=Cpp("Hypot"), formula="hypot(a, b)")
    class HypotL2Op(BinaryL2Base):
        name = "test.hypot_l2"

    assert issubclass(HypotL2Op, AscendCOp) and HypotL2Op.__name__ == "HypotL2Op"
    assert [n for n, _ in HypotL2Op.get_irdl_definition().operands] == [
        "dst", "src0", "src1", "count"
    ]
    # Facts the family base declares are inherited; the op's own are attached.
    assert HypotL2Op.WRITES == ("dst",) and HypotL2Op.READS == ("src0", "src1")
    assert HypotL2Op.CPP.api == "Hypot" and HypotL2Op.FORMULA == "hypot(a, b)"


def _mnemonic_and_level(cls) -> tuple[str, str]:
    mnemonic, _, level = cls.name.removeprefix("ascendc.").rpartition("_")
    return mnemonic, level


def test_levels_of_one_api_agree():
    """The L0/L1/L2 (and L3) ops of one API share its C++ name and its formula."""
    by_api: dict[str, set] = {}
    for cls in A.ALL_OPS:
        if not issubclass(cls, A.VectorOp):
            continue
        mnemonic, level = _mnemonic_and_level(cls)
        assert level == cls.LEVEL, f"{cls.name} derives from a level-{cls.LEVEL} base"
        assert cls.__name__.lower().endswith(f"{level}op"), cls.__name__  # L0Op, RegOp
        api = cls.CPP.api if level != "l3" else None  # L3 is the C++ operator
        by_api.setdefault(mnemonic, set()).add(cls.FORMULA)
        if api is not None:
            by_api[mnemonic].add(("api", api))
    for mnemonic, facts in by_api.items():
        assert len([f for f in facts if isinstance(f, tuple)]) == 1, (mnemonic, facts)
        assert len([f for f in facts if not isinstance(f, tuple)]) == 1, (mnemonic, facts)


@pytest.mark.parametrize("cls", A.ALL_TYPES, ids=lambda c: c.name)
def test_types_are_written_classes_too(cls):
    source = inspect.getsource(sys.modules[cls.__module__])
    assert f'name = "{cls.name}"' in source
    assert re.search(rf"^class {cls.__name__}\(", source, re.M)
    assert getattr(A, cls.__name__) is cls


@pytest.mark.parametrize("cls", list(A.PARAM_STRUCT_TYPES.values()), ids=lambda c: c.name)
def test_param_structs_give_a_cpp_type_per_field(cls):
    assert A.PARAM_STRUCT_TYPES[cls.name.removeprefix("ascendc.")] is cls
    assert len(cls.FIELD_CPP) == len(cls.FIELDS)
    # The tiling structs CANN generates (kernel_tiling.h) live in the global namespace.
    assert cls.CPP.startswith("AscendC::") or cls.CPP.endswith("Tiling"), cls.CPP


def _attribute_classes():
    """Every parametrized attribute class the ascdsl dialects register."""
    import ascdsl.dialects.asc as asc_dialect
    import ascdsl.dialects.emitasc as emitasc

    seen: dict[str, type] = {}
    for dialect in (A.AscendC, getattr(asc_dialect, "Asc", None), getattr(emitasc, "EmitAsc", None)):
        if dialect is None:
            continue
        for attr in dialect.attributes:
            if issubclass(attr, ParametrizedAttribute):
                seen[attr.name] = attr
    return list(seen.values())


@pytest.mark.parametrize("cls", _attribute_classes(), ids=lambda c: c.name)
def test_every_parameter_takes_part_in_equality(cls):
    # xDSL compares and hashes an attribute by its dataclass fields, which it builds from the
    # decorated class's own annotations: a parameter declared only on an undecorated base is
    # parsed and printed but ignored by ==, so DataCopyPadExtParams<f16> == <f32> and a cache
    # keyed on the type printed the wrong template argument.
    params = [name for name, _ in cls.get_irdl_definition().parameters]
    assert [f.name for f in dataclasses.fields(cls)] == params


def test_element_templated_structs_differ_by_element_type():
    from xdsl.dialects.builtin import f16, f32

    from ascdsl.targets.ascendc.ctypes import ctype

    pad = A.DataCopyPadExtParamsType
    assert pad(f16) != pad(f32)  # (their hashes may collide: xDSL hashes f16 and f32 alike)
    assert ctype(pad(f16)) == "AscendC::DataCopyPadExtParams<half>"
    assert ctype(pad(f32)) == "AscendC::DataCopyPadExtParams<float>"
