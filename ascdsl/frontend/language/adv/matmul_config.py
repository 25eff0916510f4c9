"""The MatmulConfig templates and their builder: `asc.MatmulConfigMode`,
`asc.adv.get_normal_config()`, `get_mdl_config()`, `get_special_mdl_config()`,
`get_basic_config()`, `get_special_basic_config()`, `get_ib_share_norm_config()` and
`get_mm_config(mode, *params)` with `MatmulShapeParams`, `MatmulQuantParams`,
`MatmulBatchParams`, `MatmulFuncParams`.

    cfg = asc.adv.get_mm_config(asc.MatmulConfigMode.CONFIG_MDL,
                                asc.adv.MatmulShapeParams(128, 128, 128, 64, 64, 64))
    mm = asc.adv.Matmul(a, b, c, matmul_config=cfg)

Each returns an `asc.adv.MatmulConfig` (a compile-time value: it becomes part of the Matmul
object's C++ type) with the fields Ascend C's `GetNormalConfig` ... `GetMMConfig` give it
(adv_api/matmul/tiling.h, matmul_config_impl.h). pyasc 1.1.1's `get_mm_config` walks
`[args, kwargs]` instead of their elements, so it ignores its arguments and always returns
the NORM template; ascdsl applies them, as `GetMMConfig<mode>(params...)` does.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from ascdsl.dialects.ascendc.types_matmul_api import BatchMode, IterateOrder, ScheduleType

from ...errors import KernelLanguageError
from ...values import ConstExpr, describe
from .matmul import MatmulConfig

__all__ = ["MatmulConfigMode", "MatmulShapeParams", "MatmulQuantParams", "MatmulBatchParams",
           "MatmulFuncParams", "get_mm_config", "get_normal_config", "get_mdl_config",
           "get_special_mdl_config", "get_basic_config", "get_special_basic_config",
           "get_ib_share_norm_config"]


class MatmulConfigMode(IntEnum):
    """Which MatmulConfig template `get_mm_config` starts from (pyasc's values)."""

    CONFIG_NORM = 1
    CONFIG_MDL = 2
    CONFIG_SPECIALMDL = 3
    CONFIG_IBSHARE = 4


def _known(value: Any, api: str, arg: str) -> int:
    """`value` as a compile-time int. A bool stays a bool: the constexpr struct declared for
    the config types it `i1` and an int `i32`, as pyasc's frontend does."""
    v = ConstExpr.unwrap(value)
    if isinstance(v, bool):
        return v
    if isinstance(v, int):
        return int(v)
    raise KernelLanguageError(f"{api}: '{arg}' must be known at compile time (it becomes part "
                              f"of the Matmul object's C++ type), got {describe(v)}")


def _config(api: str, **fields: Any) -> MatmulConfig:
    return MatmulConfig(**{k: _known(v, api, k) for k, v in fields.items()})


# --- the templates (tiling.h: GetNormalConfig, GetMDLConfig, ...) ------------------------------
# Fields not named here keep MatmulConfig's defaults, which are the NORM template's except
# for the few each template overrides.


def _normal(intrinsics_limit=False, batch_loop=False, is_vec_nd2_nz=False,
            bmm_mode=BatchMode.BATCH_LESS_THAN_L1, is_msg_reuse=True,
            iterate_order=IterateOrder.UNDEF, schedule_type=ScheduleType.INNER_PRODUCT,
            en_unit_flag=True) -> dict:
    return dict(do_norm=True, intrinsics_check=intrinsics_limit, is_n_batch=batch_loop,
                en_vec_nd2nz=is_vec_nd2_nz, batch_mode=bmm_mode, enable_reuse=is_msg_reuse,
                enable_ub_reuse=True, iterate_order=iterate_order, schedule_type=schedule_type,
                en_unit_flag=en_unit_flag)


def _mdl(intrinsics_limit=False, batch_loop=False, do_mte2_preload=0, is_vec_nd2_nz=False,
         is_per_tensor=False, has_anti_quant_offset=False, en_unit_flag=False, is_msg_reuse=True,
         enable_ub_reuse=True, enable_l1_cache_ub=False, enable_mix_dual_master=False,
         enable_kdim_reorder_load=False) -> dict:
    return dict(do_norm=False, do_multi_data_load=True, intrinsics_check=intrinsics_limit,
                is_n_batch=batch_loop, do_mte2_preload=do_mte2_preload,
                en_vec_nd2nz=is_vec_nd2_nz, is_per_tensor=is_per_tensor,
                has_anti_quant_offset=has_anti_quant_offset, en_unit_flag=en_unit_flag,
                batch_mode=BatchMode.NONE, enable_reuse=is_msg_reuse,
                enable_ub_reuse=enable_ub_reuse, enable_l1_cache_ub=enable_l1_cache_ub,
                enable_mix_dual_master=enable_mix_dual_master,
                enable_kdim_reorder_load=enable_kdim_reorder_load)


def _special_mdl(intrinsics_limit=False, batch_loop=False, do_mte2_pre_load=0,
                 is_vec_nd2_nz=False, is_per_tensor=False, has_anti_quant_offset=False) -> dict:
    return dict(do_norm=False, do_special_mdl=True, intrinsics_check=intrinsics_limit,
                is_n_batch=batch_loop, do_mte2_preload=do_mte2_pre_load,
                en_vec_nd2nz=is_vec_nd2_nz, is_per_tensor=is_per_tensor,
                has_anti_quant_offset=has_anti_quant_offset, en_unit_flag=False,
                batch_mode=BatchMode.NONE, enable_ub_reuse=True)


def _ib_share_norm(intrinsics_limit=False, batch_loop=False, is_vec_nd2_nz=False,
                   bmm_mode=BatchMode.BATCH_LESS_THAN_L1, is_double_cache=False,
                   en_unit_flag=True) -> dict:
    return dict(do_norm=False, do_ib_share_norm=True, intrinsics_check=intrinsics_limit,
                is_n_batch=batch_loop, en_vec_nd2nz=is_vec_nd2_nz, batch_mode=bmm_mode,
                enable_double_cache=is_double_cache, en_unit_flag=en_unit_flag,
                enable_ub_reuse=True)


def get_normal_config(*args: Any, **kwargs: Any) -> MatmulConfig:
    """`GetNormalConfig(intrinsicsLimit, batchLoop, isVecND2NZ, bmmMode, isMsgReuse,
    iterateOrder, scheduleType, enUnitFlag)`: the NORM template."""
    return _config("get_normal_config", **_normal(*args, **kwargs))


def get_mdl_config(*args: Any, **kwargs: Any) -> MatmulConfig:
    """`GetMDLConfig(...)`: the MDL (multi-data-load) template."""
    return _config("get_mdl_config", **_mdl(*args, **kwargs))


def get_special_mdl_config(*args: Any, **kwargs: Any) -> MatmulConfig:
    """`GetSpecialMDLConfig(...)`."""
    return _config("get_special_mdl_config", **_special_mdl(*args, **kwargs))


def get_ib_share_norm_config(*args: Any, **kwargs: Any) -> MatmulConfig:
    """`GetIBShareNormConfig(...)`: NORM with A/B shared between the two AIVs."""
    return _config("get_ib_share_norm_config", **_ib_share_norm(*args, **kwargs))


def get_basic_config(basic_m: Any, basic_n: Any, basic_k: Any, intrinsics_limit: Any = False,
                     batch_loop: Any = False, bmm_mode: Any = BatchMode.BATCH_LESS_THAN_L1
                     ) -> MatmulConfig:
    """`GetBasicConfig(basicM, basicN, basicK, ...)`: fixed base blocks."""
    return _config("get_basic_config", do_norm=False, do_basic_block=True, basic_m=basic_m,
                   basic_n=basic_n, basic_k=basic_k, intrinsics_check=intrinsics_limit,
                   is_n_batch=batch_loop, batch_mode=bmm_mode, en_unit_flag=False,
                   enable_ub_reuse=True)


def get_special_basic_config(basic_m: Any, basic_n: Any, basic_k: Any, single_core_m: Any,
                             single_core_n: Any, single_core_k: Any, step_m: Any, step_n: Any,
                             intrinsics_limit: Any = False, batch_loop: Any = False,
                             bmm_mode: Any = BatchMode.BATCH_LESS_THAN_L1) -> MatmulConfig:
    """`GetSpecialBasicConfig(...)`: fixed base blocks and single-core shape."""
    return _config("get_special_basic_config", do_norm=False, do_special_basic_block=True,
                   basic_m=basic_m, basic_n=basic_n, basic_k=basic_k,
                   single_core_m=single_core_m, single_core_n=single_core_n,
                   single_core_k=single_core_k, step_m=step_m, step_n=step_n,
                   intrinsics_check=intrinsics_limit, is_n_batch=batch_loop, batch_mode=bmm_mode,
                   en_unit_flag=False, enable_ub_reuse=True)


# --- get_mm_config's parameter groups (matmul_config.h) ----------------------------------------


class MatmulShapeParams:
    def __init__(self, single_core_m: int = 0, single_core_n: int = 0, single_core_k: int = 0,
                 basic_m: int = 0, basic_n: int = 0, basic_k: int = 0) -> None:
        self.fields = dict(single_core_m=single_core_m, single_core_n=single_core_n,
                           single_core_k=single_core_k, basic_m=basic_m, basic_n=basic_n,
                           basic_k=basic_k)


class MatmulQuantParams:
    def __init__(self, is_per_tensor: bool = False, has_anti_quant_offset: bool = False) -> None:
        self.fields = dict(is_per_tensor=is_per_tensor,
                           has_anti_quant_offset=has_anti_quant_offset)


class MatmulBatchParams:
    def __init__(self, is_b_batch: bool = False, batch_mode: int = BatchMode.BATCH_LESS_THAN_L1,
                 is_bias_batch: bool = False) -> None:
        self.fields = dict(is_n_batch=is_b_batch, batch_mode=batch_mode,
                           is_bias_batch=is_bias_batch)


class MatmulFuncParams:
    def __init__(self, intrinsics_limit: bool = False, en_vec_nd2_nz: bool = False,
                 enable_double_cache: bool = False, enable_l1_cache: bool = False,
                 do_mte2_pre_load: int = 0, iterate_order: int = IterateOrder.ORDER_M,
                 schedule_type: int = ScheduleType.INNER_PRODUCT, enable_reuse: bool = True,
                 enable_ub_reuse: bool = False, is_partial_output: bool = False,
                 is_a2_b2_shared: bool = False, is_enable_channel_split: bool = False,
                 enable_kdim_reorder_load: bool = False) -> None:
        self.fields = dict(intrinsics_check=intrinsics_limit, en_vec_nd2nz=en_vec_nd2_nz,
                           enable_double_cache=enable_double_cache,
                           enable_l1_cache_ub=enable_l1_cache, do_mte2_preload=do_mte2_pre_load,
                           iterate_order=iterate_order, schedule_type=schedule_type,
                           enable_reuse=enable_reuse, enable_ub_reuse=enable_ub_reuse,
                           is_partial_output=is_partial_output, is_a2b2_shared=is_a2_b2_shared,
                           is_enable_channel_split=is_enable_channel_split,
                           enable_kdim_reorder_load=enable_kdim_reorder_load)


_PARAMS = (MatmulShapeParams, MatmulQuantParams, MatmulBatchParams, MatmulFuncParams)
_TEMPLATES = {MatmulConfigMode.CONFIG_NORM: _normal, MatmulConfigMode.CONFIG_MDL: _mdl,
              MatmulConfigMode.CONFIG_SPECIALMDL: _special_mdl,
              MatmulConfigMode.CONFIG_IBSHARE: _ib_share_norm}


def get_mm_config(*args: Any, **kwargs: Any) -> MatmulConfig:
    """`GetMMConfig<mode>(params...)`: the mode's template (NORM when no mode is given) with
    the fields of each parameter group given, in order."""
    api = "get_mm_config"
    mode = MatmulConfigMode.CONFIG_NORM
    fields: dict = {}
    for arg in (*args, *kwargs.values()):
        arg = ConstExpr.unwrap(arg)
        if isinstance(arg, MatmulConfigMode):
            mode = arg
        elif isinstance(arg, _PARAMS):
            fields.update(arg.fields)
        else:
            raise KernelLanguageError(
                f"{api}: expected an asc.MatmulConfigMode or asc.adv.MatmulShapeParams / "
                f"MatmulQuantParams / MatmulBatchParams / MatmulFuncParams, got {describe(arg)}")
    out = _TEMPLATES[mode]()
    out.update(fields)
    return _config(api, **out)
