"""The matmul tiling struct, spelled as pyasc spells it: `!ascendc.cube_tiling` (`TCubeTiling`).

`TCubeTiling` is the struct CANN's matmul tiling library fills on the host and the Matmul API
reads in the kernel (asc-devkit `include/adv_api/matmul/matmul_tilingdata.h`, generated into
`kernel_tiling/kernel_tiling.h`): 50 `int32_t` fields, packed without padding, every default 0.
A kernel receives it as a GM pointer (`memref<?x!ascendc.cube_tiling, 22>`), copies it into a
local struct (`emitasc.copy_struct`) and reads fields by their C++ name (`emitasc.member %t
"singleCoreM"`), which is what pyasc's frontend writes.

`TCUBE_FIELDS` is the one list of the fields: (C++ name, pyasc's Python name), in the struct's
order. The host tiling library (`ascdsl.lib.host`), the kernel language's `asc.adv.TCubeTiling`
and the simulator's struct arguments all read it.
"""

from __future__ import annotations

from xdsl.irdl import irdl_attr_definition

from .types_adv import AdvStructType

# (C++ field, pyasc's attribute). pyasc's names are its own snake_case (`stepKa` -> `step_k_a`,
# `dbL0A` -> `db_l0a`), not a mechanical conversion, so each is written out.
TCUBE_FIELDS: tuple[tuple[str, str], ...] = (
    ("usedCoreNum", "used_core_num"), ("M", "m"), ("N", "n"), ("Ka", "k_a"), ("Kb", "k_b"),
    ("singleCoreM", "single_core_m"), ("singleCoreN", "single_core_n"),
    ("singleCoreK", "single_core_k"), ("baseM", "base_m"), ("baseN", "base_n"),
    ("baseK", "base_k"), ("depthA1", "depth_a1"), ("depthB1", "depth_b1"), ("stepM", "step_m"),
    ("stepN", "step_n"), ("isBias", "is_bias"), ("transLength", "trans_length"),
    ("iterateOrder", "iterate_order"), ("shareMode", "share_mode"),
    ("shareL1Size", "share_l1_size"), ("shareL0CSize", "share_l0c_size"),
    ("shareUbSize", "share_ub_size"), ("batchM", "batch_m"), ("batchN", "batch_n"),
    ("singleBatchM", "single_batch_m"), ("singleBatchN", "single_batch_n"),
    ("stepKa", "step_k_a"), ("stepKb", "step_k_b"), ("depthAL1CacheUB", "depth_a_l1_cache_ub"),
    ("depthBL1CacheUB", "depth_b_l1_cache_ub"), ("dbL0A", "db_l0a"), ("dbL0B", "db_l0b"),
    ("dbL0C", "db_l0c"), ("ALayoutInfoB", "a_layout_info_b"), ("ALayoutInfoS", "a_layout_info_s"),
    ("ALayoutInfoN", "a_layout_info_n"), ("ALayoutInfoG", "a_layout_info_g"),
    ("ALayoutInfoD", "a_layout_info_d"), ("BLayoutInfoB", "b_layout_info_b"),
    ("BLayoutInfoS", "b_layout_info_s"), ("BLayoutInfoN", "b_layout_info_n"),
    ("BLayoutInfoG", "b_layout_info_g"), ("BLayoutInfoD", "b_layout_info_d"),
    ("CLayoutInfoB", "c_layout_info_b"), ("CLayoutInfoS1", "c_layout_info_s1"),
    ("CLayoutInfoN", "c_layout_info_n"), ("CLayoutInfoG", "c_layout_info_g"),
    ("CLayoutInfoS2", "c_layout_info_s2"), ("BatchNum", "batch_num"),
    ("mxTypePara", "mx_type_para"),
)


@irdl_attr_definition
class CubeTilingType(AdvStructType):
    """`TCubeTiling`: how a matmul is split over cores (singleCore*), into L0 blocks
    (baseM/N/K, dbL0*) and L1 stages (depthA1/B1, stepM/N/Ka/Kb), with the L1/L0C bytes that
    uses (shareL1Size, shareL0CSize)."""

    name = "ascendc.cube_tiling"
    CPP = "TCubeTiling"
    FIELDS = tuple((cpp, 0) for cpp, _ in TCUBE_FIELDS)
    FIELD_CPP = ("int32_t",) * len(TCUBE_FIELDS)


MATMUL_TYPES: list[type[AdvStructType]] = [CubeTilingType]
