"""The Matmul API in the kernel language: the IR `asc.adv.Matmul` and its methods build (pyasc's
ops, operand orders and template flags), the compile-time facts in the object's type, and the
errors for misuse at the kernel's line."""

from __future__ import annotations

import numpy as np
from frontend_helpers import codegen, expect_error

import ascdsl as asc
from ascdsl.dialects import ascendc as A
from ascdsl.dialects.emitasc import SetMemberOp


def ops_of(ck, cls):
    return [op for op in ck.module.walk() if isinstance(op, cls)]


def _types(dtype=asc.float16, trans=False):
    return (asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, dtype, trans),
            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, dtype),
            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))


@asc.jit
def api_kernel(a: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
               tiling: asc.adv.TCubeTiling):
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    ta = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, True)
    tb = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    tc = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(ta, tb, tc, matmul_config=asc.adv.MatmulConfig(iterate_order=1))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm, True)
    mm.set_tensor_b(a_gm)
    mm.set_org_shape(64, 64, 32, 32)
    mm.set_tail(tiling.single_core_m, -1)
    mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
    mm.wait_iterate_all()
    with mm.iterate() as count:
        mm.get_tensor_c(c_gm, en_atomic=1)
    mm.end()


def _compile(kernel=api_kernel, **opts):
    return codegen(kernel, np.zeros(4, np.float16), np.zeros(4, np.float32),
                   np.zeros(4, np.uint8), asc.adv.TCubeTiling(), **opts)


def test_the_object_type_holds_the_matmul_types_and_config():
    ck = _compile()
    (ctor,) = [op for op in ops_of(ck, A.ConstructOp)
               if isinstance(op.result.type, A.MatmulType)]
    t = ctor.result.type
    assert t.operand("a")[1:4] == (A.CubeFormat.ND, t.dtype_a, True)
    assert str(t.dtype_a) == "f16" and str(t.dtype_c) == "f32"
    # No bias type given: pyasc uses C's.
    assert t.operand("bias")[0] is A.TPosition.GM and t.dtype_bias == t.dtype_c
    assert t.config.get("iterate_order") == 1
    # pyasc's Python MatmulConfig() says BATCH_LESS_THAN_L1 where the IR attribute says NONE.
    assert t.config.get("batch_mode") == 1


def test_methods_build_pyasc_ops_in_order():
    ck = _compile()
    names = [op.name for op in ck.module.walk() if op.name.startswith(("ascendc.matmul",
                                                                         "ascendc.regist"))]
    assert names == [
        "ascendc.regist_matmul_obj", "ascendc.matmul.set_tensor_a", "ascendc.matmul.set_tensor_b",
        "ascendc.matmul.set_org_shape", "ascendc.matmul.set_tail", "ascendc.matmul.iterate_all",
        "ascendc.matmul.wait_iterate_all", "ascendc.matmul.iterate",
        "ascendc.matmul.get_tensor_c", "ascendc.matmul.end",
    ]
    (org,) = ops_of(ck, A.MatmulSetOrgShapeOp)
    assert org.orgkb is not None and org.orgkc is None
    (it_all,) = ops_of(ck, A.MatmulIterateAllOp)
    assert [bool(A.const_int(v)) for v in (it_all.enAtomic, it_all.enSenquentialWrite,
                                            it_all.waitIterateAll, it_all.fakeMsg, it_all.sync)
            ] == [False, False, True, False, False]
    (get,) = ops_of(ck, A.MatmulGetTensorCOp)
    assert str(get.atomic.type) == "i8" and A.const_int(get.atomic) == 1
    # `with mm.iterate() as count:` is pyasc's scf.while on Iterate's result.
    (it,) = ops_of(ck, A.MatmulIterateOp)
    assert it.parent_op().name == "scf.while" and str(it.result.type) == "i1"


def test_the_printed_calls_carry_template_flags():
    src = _compile(run_passes=True).source
    assert ".IterateAll<c0_i1>(" in src and ".GetTensorC<cm1_i1>(" in src
    assert ".Iterate<cm1_i1>(c0_i1)" in src
    assert "REGIST_MATMUL_OBJ(&" in src and "using namespace AscendC;" in src


@asc.jit
def tiling_in_kernel(workspace: asc.GlobalAddress):
    t = asc.adv.TCubeTiling(m=64, base_m=32, share_l1_size=asc.property(asc.TOTAL_L1_SIZE))
    t.base_n = 16


def test_a_tiling_built_in_a_kernel_sets_its_fields():
    ck = codegen(tiling_in_kernel, np.zeros(4, np.uint8))
    fields = [op.field.data for op in ops_of(ck, SetMemberOp)]
    assert fields == ["M", "baseM", "shareL1Size", "baseN"]
    (const,) = [op for op in ck.module.walk() if op.name == "emitc.constant"]
    assert "TOTAL_L1_SIZE" in str(const.value)


@asc.jit
def not_a_type(workspace: asc.GlobalAddress):
    mm = asc.adv.Matmul(asc.float16, asc.float16, asc.float32)


def test_matmul_types_must_be_matmul_types():
    expect_error(not_a_type, (np.zeros(4, np.uint8),), "'a' must be an asc.adv.MatmulType",
                 "asc.adv.Matmul(", token="asc.adv.Matmul")


@asc.jit
def wrong_a_dtype(a: asc.GlobalAddress, workspace: asc.GlobalAddress):
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
    mm.set_tensor_a(a_gm)


def test_set_tensor_a_checks_the_element_type():
    expect_error(wrong_a_dtype, (np.zeros(4, np.float32), np.zeros(4, np.uint8)),
                 "the tensor holds float32, the Matmul's A type says float16",
                 "mm.set_tensor_a(", token="mm.set_tensor_a")


@asc.jit
def returned_c_with_sync(workspace: asc.GlobalAddress):
    mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
    c = mm.get_tensor_c(0, False, True)


def test_get_tensor_c_returning_the_block_needs_sync_false():
    expect_error(returned_c_with_sync, (np.zeros(4, np.uint8),), "needs sync=False",
                 "mm.get_tensor_c(", token="mm.get_tensor_c")


@asc.jit
def bad_config(workspace: asc.GlobalAddress):
    cfg = asc.adv.MatmulConfig(do_nrom=True)


def test_matmul_config_names_its_fields():
    expect_error(bad_config, (np.zeros(4, np.uint8),), "MatmulConfig has no field 'do_nrom'",
                 "asc.adv.MatmulConfig(", token="asc.adv.MatmulConfig")
