"""The IR the Matmul API writes around its configuration, as pyasc's frontend writes it:
`get_matmul_api_tiling` takes the `constexpr static` MatmulConfig struct the config declared,
a config helper's given bools stay `i1`, `iterate_n_batch` passes `uint32_t` counts and
strides, `set_org_shape` materializes `org_kc` first."""

from __future__ import annotations

import numpy as np
from frontend_helpers import codegen
from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr, IntegerType, Signedness

import ascdsl as asc
from ascdsl.dialects import ascendc as A
from ascdsl.dialects import emitasc
from ascdsl.dialects.ascendc.types_matmul import MATMUL_CONFIG_FIELDS

WS = np.zeros(4, np.uint8)
FIELD = {name: i for i, (name, _, _) in enumerate(MATMUL_CONFIG_FIELDS)}


def _configs(ck) -> list[A.ConstructOp]:
    return [op for op in ck.module.walk() if isinstance(op, A.ConstructOp)
            and isinstance(op.result.type, A.MatmulConfigType)]


def _const(value) -> int | bool:
    """The value a constant operand holds (arith.constant or emitc.constant)."""
    attr = value.owner.properties.get("value")
    if attr is None:
        attr = value.owner.attributes.get("value")
    assert isinstance(attr, IntegerAttr), value.owner
    return attr.value.data


@asc.jit
def api_tiling_kernel(workspace: asc.GlobalAddress):
    pipe = asc.TPipe()
    t = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    mm = asc.adv.Matmul(t, t, t)
    asc.adv.register_matmul(pipe, workspace, mm)
    cfg = asc.adv.MatmulConfig(do_norm=False, single_core_mn=0,
                               schedule_type=asc.adv.ScheduleType.OUTER_PRODUCT,
                               batch_mode=asc.adv.BatchMode.BATCH_LARGE_THAN_L1)
    asc.adv.get_matmul_api_tiling(cfg, t, t, t, t, l1_size=524288)


def test_get_matmul_api_tiling_takes_the_declared_constexpr_struct():
    ck = codegen(api_tiling_kernel, WS)
    (tiling,) = [op for op in ck.module.walk() if isinstance(op, A.GetMatmulApiTilingOp)]
    decl = tiling.operands[0].owner
    # the Matmul object's default config, then the one built for the tiling
    assert _configs(ck) == [_configs(ck)[0], decl]
    assert decl.isConstexpr is not None and decl.isStatic is not None
    assert len(decl.args) == len(MATMUL_CONFIG_FIELDS)
    # every field at the config's value, the enum fields too (the struct form set by
    # members could hold only an enum's first value)
    assert not _const(decl.args[FIELD["do_norm"]])
    assert _const(decl.args[FIELD["schedule_type"]]) == int(asc.adv.ScheduleType.OUTER_PRODUCT)
    assert _const(decl.args[FIELD["batch_mode"]]) == int(asc.adv.BatchMode.BATCH_LARGE_THAN_L1)
    assert _const(decl.args[FIELD["iterate_mode"]]) == 255
    assert not any(isinstance(op, emitasc.SetMemberOp) for op in ck.module.walk())


OUTSIDE = asc.adv.MatmulConfig(enable_set_bias=False)


@asc.jit
def outside_config_kernel(workspace: asc.GlobalAddress, flag: int):
    t = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    here = asc.adv.MatmulConfig(enable_end=False)
    if flag > 0:
        asc.adv.get_matmul_api_tiling(OUTSIDE, t, t, t, l1_size=1024)
        asc.adv.get_matmul_api_tiling(here, t, t, t, l1_size=1024)


def test_a_config_out_of_reach_is_declared_where_it_is_used():
    ck = codegen(outside_config_kernel, WS, 1)
    ck.module.verify()
    first, second = [op for op in ck.module.walk() if isinstance(op, A.GetMatmulApiTilingOp)]
    # built in Python, outside any kernel: declared in the branch that uses it
    outside = first.operands[0].owner
    assert outside.parent_block() is first.parent_block()
    assert not _const(outside.args[FIELD["enable_set_bias"]])
    # built in the kernel's body: the branch uses the struct declared there
    here = second.operands[0].owner
    assert here.parent_block() is not second.parent_block()
    assert not _const(here.args[FIELD["enable_end"]])
    assert len(_configs(ck)) == 2


@asc.jit
def helpers_kernel(workspace: asc.GlobalAddress):
    asc.adv.get_normal_config(is_msg_reuse=False)
    asc.adv.get_special_basic_config(256, 256, 256, 16, 16, 16, 2, 2)


def test_config_helpers_keep_a_bools_type():
    ck = codegen(helpers_kernel, WS)
    normal, special = _configs(ck)
    for decl in (normal, special):
        for name in ("do_norm", "intrinsics_check", "is_n_batch", "en_unit_flag"):
            assert decl.args[FIELD[name]].type == IntegerType(1), name
        assert decl.args[FIELD["batch_mode"]].type == IntegerType(32)
    assert _const(normal.args[FIELD["enable_reuse"]]) in (0, False)
    assert decl.args[FIELD["basic_m"]].type == IntegerType(32)
    assert _const(special.args[FIELD["basic_m"]]) == 256


@asc.jit
def n_batch_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                   workspace: asc.GlobalAddress):
    pipe = asc.TPipe()
    ta = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16,
                            layout=asc.LayoutMode.NORMAL)
    mm = asc.adv.Matmul(ta, ta, ta)
    asc.adv.register_matmul(pipe, workspace, mm)
    mm.iterate_n_batch(3, 5, 7, False, 11, 13, 17, True, False)
    mm.set_org_shape(21, 22, 23, 24, 25)


def test_iterate_n_batch_passes_uint32_in_pyascs_order():
    ck = codegen(n_batch_kernel, WS, WS, WS, WS)
    (op,) = [o for o in ck.module.walk() if isinstance(o, A.MatmulIterateNBatchOp)]
    counts = [op.batchLoop, op.batchA, op.batchB, op.matrixStrideA, op.matrixStrideB,
              op.matrixStrideC]
    assert [_const(v) for v in counts] == [3, 5, 7, 11, 13, 17]
    assert all(v.type == IntegerType(32, Signedness.UNSIGNED) for v in counts)
    flags = (op.enSequentialWrite, op.sync, op.waitIterateBatch)
    assert [v.type for v in flags] == [IntegerType(1)] * 3
    assert [bool(_const(v)) for v in flags] == [False, True, False]
    block = op.parent_block()
    ops = list(block.ops)
    order = [ops.index(v.owner) for v in (op.batchLoop, op.batchA, op.batchB,
                                          op.waitIterateBatch, op.matrixStrideA,
                                          op.matrixStrideB, op.matrixStrideC,
                                          op.enSequentialWrite, op.sync)]
    assert order == sorted(order)


def test_set_org_shape_materializes_org_kc_first():
    ck = codegen(n_batch_kernel, WS, WS, WS, WS)
    (op,) = [o for o in ck.module.walk() if isinstance(o, A.MatmulSetOrgShapeOp)]
    values = [_const(v) for v in op.operands[1:]]
    assert values == [21, 22, 23, 24, 25]  # the operands keep their meaning
    ops = list(op.parent_block().ops)
    made = sorted(op.operands[1:], key=lambda v: ops.index(v.owner))
    assert [_const(v) for v in made] == [25, 21, 22, 23, 24]
    assert all(isinstance(v.owner, arith.ConstantOp) for v in op.operands[1:])
