"""`asc.adv.get_mm_config` and the MatmulConfig templates (Ascend C's GetNormalConfig ...
GetMMConfig): the fields each template sets, the parameter groups applied in order, and the
object type a kernel gets from them."""

from __future__ import annotations

import numpy as np
from frontend_helpers import codegen, expect_error

import ascdsl as asc
from ascdsl.dialects import ascendc as A


def test_templates_set_the_fields_ascend_c_gives_them():
    norm = asc.adv.get_normal_config()
    assert (norm.do_norm, norm.do_multi_data_load, norm.en_unit_flag) == (1, 0, 1)
    assert norm.batch_mode == int(asc.BatchMode.BATCH_LESS_THAN_L1)
    mdl = asc.adv.get_mdl_config(do_mte2_preload=1)
    assert (mdl.do_norm, mdl.do_multi_data_load, mdl.en_unit_flag) == (0, 1, 0)
    assert (mdl.do_mte2_preload, mdl.batch_mode) == (1, int(asc.BatchMode.NONE))
    smdl = asc.adv.get_special_mdl_config()
    assert (smdl.do_special_mdl, smdl.do_multi_data_load, smdl.do_norm) == (1, 0, 0)
    ib = asc.adv.get_ib_share_norm_config(is_double_cache=True)
    assert (ib.do_ib_share_norm, ib.enable_double_cache, ib.do_norm) == (1, 1, 0)
    bb = asc.adv.get_basic_config(128, 64, 32)
    assert (bb.do_basic_block, bb.basic_m, bb.basic_n, bb.basic_k) == (1, 128, 64, 32)
    sb = asc.adv.get_special_basic_config(64, 64, 64, 256, 256, 128, 2, 2)
    assert (sb.do_special_basic_block, sb.single_core_k, sb.step_m, sb.step_n) == (1, 128, 2, 2)


def test_get_mm_config_starts_from_the_mode_and_applies_the_params():
    cfg = asc.adv.get_mm_config(asc.MatmulConfigMode.CONFIG_MDL,
                                asc.adv.MatmulShapeParams(128, 256, 64, 64, 32, 16),
                                asc.adv.MatmulFuncParams(iterate_order=asc.IterateOrder.ORDER_N))
    assert cfg.do_multi_data_load == 1 and cfg.do_norm == 0
    assert (cfg.single_core_m, cfg.single_core_n, cfg.single_core_k) == (128, 256, 64)
    assert (cfg.basic_m, cfg.basic_n, cfg.basic_k) == (64, 32, 16)
    assert cfg.iterate_order == int(asc.IterateOrder.ORDER_N)
    # no mode: the NORM template
    plain = asc.adv.get_mm_config(
        asc.adv.MatmulBatchParams(True, asc.BatchMode.BATCH_LARGE_THAN_L1))
    assert plain.do_norm == 1 and plain.is_n_batch == 1
    assert plain.batch_mode == int(asc.BatchMode.BATCH_LARGE_THAN_L1)


@asc.jit
def mdl_kernel(workspace: asc.GlobalAddress):
    pipe = asc.TPipe()
    t = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    tc = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    cfg = asc.adv.get_mm_config(asc.MatmulConfigMode.CONFIG_MDL,
                                asc.adv.MatmulQuantParams(True, False))
    mm = asc.adv.Matmul(t, t, tc, matmul_config=cfg)
    asc.adv.register_matmul(pipe, workspace, mm)


def test_the_config_becomes_the_objects_type():
    ck = codegen(mdl_kernel, np.zeros(4, np.uint8))
    (ctor,) = [op for op in ck.module.walk() if isinstance(op, A.ConstructOp)
               and isinstance(op.result.type, A.MatmulType)]
    cfg = ctor.result.type.config
    assert cfg.get("do_multi_data_load") == 1 and cfg.get("do_norm") == 0
    assert cfg.get("is_per_tensor") == 1


@asc.jit
def bad_mm_config(workspace: asc.GlobalAddress):
    cfg = asc.adv.get_mm_config(asc.MatmulConfigMode.CONFIG_NORM, 3)


def test_get_mm_config_names_what_it_takes():
    expect_error(bad_mm_config, (np.zeros(4, np.uint8),),
                 "get_mm_config: expected an asc.MatmulConfigMode", "asc.adv.get_mm_config(",
                 token="asc.adv.get_mm_config")
