"""The `asc` dialect: every op is findable by its IR name, carries consistent facts, and the
types check their parameters when built from Python."""

import inspect

import pytest
from xdsl.dialects.builtin import f16, f32, i1, i32
from xdsl.utils.exceptions import VerifyException

import ascdsl.dialects.asc as T
from ascdsl.dialects.asc import TensorType, TileLocation, TileType


@pytest.mark.parametrize("cls", T.ALL_OPS, ids=lambda c: c.name)
def test_op_is_declared_under_its_ir_name(cls):
    module = inspect.getmodule(cls)
    assert f'name = "{cls.name}"' in inspect.getsource(module), cls.name
    assert cls.name.startswith("asc.")


@pytest.mark.parametrize("cls", T.ALL_OPS, ids=lambda c: c.name)
def test_enum_facts_name_properties(cls):
    props = set(cls.get_irdl_definition().properties)
    assert set(cls.ENUMS) <= props


def test_every_elementwise_op_has_a_formula():
    for cls in (*T.BINARY_OPS, *T.SCALAR_OPS, *T.UNARY_OPS):
        assert cls.FORMULA, cls.name
    assert T.ExpOp.FLOAT_ONLY and not T.AbsOp.FLOAT_ONLY and not T.AddOp.FLOAT_ONLY


def test_dialect_lists_every_op_once():
    names = [c.name for c in T.ALL_OPS]
    assert len(names) == len(set(names)) == 58


def test_tile_type_facts():
    t = TileType([4, 64], f16, TileLocation.L1)
    assert t.shape == (4, 64) and t.location is TileLocation.L1 and t.rank == 2
    assert t.num_elements == 256 and t.nbytes == 512
    assert TileType([64], i1).nbytes == 8
    assert str(t) == "!asc.tile<4x64xf16, L1>"
    assert t.with_location(TileLocation.UB) == TileType([4, 64], f16)
    assert TileType([4, 64], f16) != TileType([4, 64], f32)


def test_types_reject_bad_parameters_from_python():
    with pytest.raises(VerifyException, match="static and positive"):
        TileType([0, 64], f32)
    with pytest.raises(VerifyException, match="element type must be one of"):
        TensorType([-1], i1)
    assert str(TensorType([-1, 8], i32)) == "!asc.tensor<?x8xi32>"


def test_locations_map_to_ascend_c_memories():
    assert TileLocation.UB.hardware.name == "UB"
    assert TileLocation.L0C.position.name == "CO1"
    assert TileLocation.from_keyword("ub") is TileLocation.UB
