"""The matmul tiling struct and configuration, spelled as pyasc spells them:
`!ascendc.cube_tiling` (`TCubeTiling`), `!ascendc.matmul_config` (`MatmulConfig` as a value)
and the MatmulConfig attribute of the `!ascendc.matmul` type.

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

from collections.abc import Sequence

from xdsl.dialects.builtin import ArrayAttr, IntAttr
from xdsl.ir import ParametrizedAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

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




# --- MatmulConfig ---------------------------------------------------------------------------

# The fields of pyasc's MatmulConfig attribute (`#ascendc.matmul_config<do_norm = true, ...>`,
# written inside `!ascendc.matmul<...>`), in its order, which is also the order of the C++
# `MatmulConfig` aggregate pyasc initializes (`constexpr static MatmulConfig CFG{...}`):
# (name, kind, pyasc's default). Kinds: "bool", "int", or the C++ enum whose value names print.
MATMUL_CONFIG_FIELDS: tuple[tuple[str, str, int], ...] = (
    ("do_norm", "bool", 1), ("do_basic_block", "bool", 0), ("do_multi_data_load", "bool", 0),
    ("basic_m", "int", 0), ("basic_n", "int", 0), ("basic_k", "int", 0),
    ("intrinsics_check", "bool", 0), ("is_n_batch", "bool", 0), ("en_vec_nd2nz", "bool", 0),
    ("do_special_basic_block", "bool", 0), ("do_mte2_preload", "int", 0),
    ("single_core_m", "int", 0), ("single_core_n", "int", 0), ("single_core_k", "int", 0),
    ("step_m", "int", 0), ("step_n", "int", 0), ("base_mn", "int", 0),
    ("single_core_mn", "int", 0), ("en_unit_flag", "bool", 1), ("is_per_tensor", "bool", 0),
    ("has_anti_quant_offset", "bool", 0), ("do_ib_share_norm", "bool", 0),
    ("do_special_mdl", "bool", 0), ("enable_init", "bool", 1), ("batch_mode", "BatchMode", 0),
    ("enable_end", "bool", 1), ("enable_get_tensor_c", "bool", 1),
    ("enable_set_org_shape", "bool", 1), ("enable_set_bias", "bool", 1),
    ("enable_set_tail", "bool", 1), ("enable_quant_vector", "bool", 1),
    ("enable_set_define_data", "bool", 1), ("iterate_mode", "int", 255),
    ("enable_reuse", "bool", 1), ("enable_ub_reuse", "bool", 0),
    ("enable_l1_cache_ub", "bool", 0), ("intra_block_part_sum", "bool", 0),
    ("iterate_order", "IterateOrder", 2), ("schedule_type", "ScheduleType", 0),
    ("enable_double_cache", "bool", 0), ("is_bias_batch", "bool", 1),
    ("enable_static_pad_zeros", "bool", 0), ("is_partial_output", "bool", 0),
    ("enable_mix_dual_master", "bool", 0), ("is_a2b2_shared", "bool", 0),
    ("is_enable_channel_split", "bool", 0), ("enable_kdim_reorder_load", "bool", 0),
    ("is_co1_shared", "bool", 0), ("shared_co1_buffer_size", "int", 65536),
    ("batch_out_mode", "BatchOutMode", 0),
)
# The C++ enums of MatmulConfig, by value (asc-devkit matmul_config.h).
MATMUL_CONFIG_ENUMS: dict[str, tuple[str, ...]] = {
    "BatchMode": ("NONE", "BATCH_LESS_THAN_L1", "BATCH_LARGE_THAN_L1", "SINGLE_LARGE_THAN_L1"),
    "IterateOrder": ("ORDER_M", "ORDER_N", "UNDEF"),
    "ScheduleType": ("INNER_PRODUCT", "OUTER_PRODUCT"),
    "BatchOutMode": ("SINGLE_BATCH", "MULTI_BATCH", "DYNAMIC"),
}
_CONFIG_INDEX = {name: i for i, (name, _, _) in enumerate(MATMUL_CONFIG_FIELDS)}


@irdl_attr_definition
class MatmulConfigAttr(ParametrizedAttribute):
    """pyasc's MatmulConfig attribute: the compile-time configuration of a Matmul object
    (NORM / MDL / ... schedules, which API calls it enables, iterate order). Its text is
    pyasc's `<do_norm = true, do_basic_block = false, basic_m = 0 : i32, ...>`, every field
    present; `cpp_cfg()` is the `constexpr static MatmulConfig CFG{...};` pyasc prints before
    the Matmul object. Stands inside the `!ascendc.matmul<...>` type (`parse_body` /
    `print_body`), so it has no name of its own in the dialect."""

    name = "ascendc.matmul_config_attr"
    values: ArrayAttr[IntAttr]

    def __init__(self, values: Sequence[int] | None = None, **fields: int):
        vals = [d for _, _, d in MATMUL_CONFIG_FIELDS] if values is None else list(values)
        for key, v in fields.items():
            vals[_CONFIG_INDEX[key]] = int(v)
        super().__init__(ArrayAttr([IntAttr(int(v)) for v in vals]))

    def verify(self) -> None:
        if len(self.values.data) != len(MATMUL_CONFIG_FIELDS):
            raise VerifyException(f"MatmulConfig has {len(MATMUL_CONFIG_FIELDS)} fields, got "
                                  f"{len(self.values.data)}")
        for (name, kind, _), v in zip(MATMUL_CONFIG_FIELDS, self.values.data):
            names = MATMUL_CONFIG_ENUMS.get(kind)
            if names is not None and not 0 <= v.data < len(names):
                raise VerifyException(f"MatmulConfig {name} = {v.data} is not a {kind} "
                                      f"({', '.join(f'{i}: {n}' for i, n in enumerate(names))})")
            if kind == "bool" and v.data not in (0, 1):
                raise VerifyException(f"MatmulConfig {name} = {v.data} is not a bool")

    def get(self, name: str) -> int:
        return self.values.data[_CONFIG_INDEX[name]].data

    @classmethod
    def parse_body(cls, parser: AttrParser) -> MatmulConfigAttr:
        """`<name = value, ...>` with every field in pyasc's order (bools `true`/`false`,
        the rest `N : i32`)."""
        vals = []
        with parser.in_angle_brackets():
            for i, (name, kind, _) in enumerate(MATMUL_CONFIG_FIELDS):
                if i:
                    parser.parse_punctuation(",")
                got = parser.parse_identifier(f"MatmulConfig field '{name}'")
                if got != name:
                    parser.raise_error(f"expected MatmulConfig field '{name}' here (fields in "
                                       f"pyasc's order), got '{got}'")
                parser.parse_punctuation("=")
                if kind == "bool":
                    vals.append(1 if parser.parse_boolean() else 0)
                else:
                    vals.append(parser.parse_integer(allow_boolean=False))
                    parser.parse_punctuation(":")
                    parser.parse_type()
        try:
            return cls(vals)  # verifies
        except VerifyException as e:
            parser.raise_error(str(e))

    def print_body(self, printer: Printer) -> None:
        printer.print_string(self.text())

    def text(self) -> str:
        parts = []
        for (name, kind, _), v in zip(MATMUL_CONFIG_FIELDS, self.values.data):
            parts.append(f"{name} = {('true' if v.data else 'false') if kind == 'bool' else f'{v.data} : i32'}")
        return "<" + ", ".join(parts) + ">"

    def cpp_cfg(self, name: str = "CFG") -> str:
        """`constexpr static MatmulConfig CFG{1,0,...,BatchMode::NONE,...};` as pyasc prints."""
        out = []
        for (_, kind, _), v in zip(MATMUL_CONFIG_FIELDS, self.values.data):
            names = MATMUL_CONFIG_ENUMS.get(kind)
            out.append(f"{kind}::{names[v.data]}" if names is not None else str(v.data))
        return f"constexpr static MatmulConfig {name}{{{','.join(out)}}};"


# The C++ member of each MATMUL_CONFIG_FIELDS entry (asc-devkit matmul_config.h), in order.
MATMUL_CONFIG_CPP: tuple[str, ...] = (
    "doNorm", "doBasicBlock", "doMultiDataLoad", "basicM", "basicN", "basicK",
    "intrinsicsCheck", "isNBatch", "enVecND2NZ", "doSpecialBasicBlock", "doMTE2Preload",
    "singleCoreM", "singleCoreN", "singleCoreK", "stepM", "stepN", "baseMN", "singleCoreMN",
    "enUnitFlag", "isPerTensor", "hasAntiQuantOffset", "doIBShareNorm", "doSpecialMDL",
    "enableInit", "batchMode", "enableEnd", "enableGetTensorC", "enableSetOrgShape",
    "enableSetBias", "enableSetTail", "enableQuantVector", "enableSetDefineData", "iterateMode",
    "enableReuse", "enableUBReuse", "enableL1CacheUB", "intraBlockPartSum", "iterateOrder",
    "scheduleType", "enableDoubleCache", "isBiasBatch", "enableStaticPadZeros",
    "isPartialOutput", "enableMixDualMaster", "isA2B2Shared", "isEnableChannelSplit",
    "enableKdimReorderLoad", "isCO1Shared", "sharedCO1BufferSize", "bmmOutMode",
)


def _config_cpp_type(name: str, kind: str) -> str:
    if kind == "bool":
        return "bool"
    if kind == "int":
        return "uint8_t" if name == "iterate_mode" else "uint32_t"
    return kind  # the C++ enum


@irdl_attr_definition
class MatmulConfigType(AdvStructType):
    """`MatmulConfig` as a value: built whole (`ascendc.construct !ascendc.matmul_config(...)`
    with all 50 fields in order, as pyasc's frontend writes it) or field by field
    (`emitasc.set_member %cfg "doNorm", ...`, as GetMatmulApiTiling's argument)."""

    name = "ascendc.matmul_config"
    CPP = "MatmulConfig"
    # An aggregate without constructors (matmul_config.h), so a literal type: the headers
    # declare their own `constexpr MatmulConfig CFG_NORM = ...`, and pyasc's `constexpr static`
    # construct prints as `static constexpr MatmulConfig v{...}`.
    CONSTEXPR_CTOR = True
    FIELDS = tuple((cpp, d) for cpp, (_, _, d) in zip(MATMUL_CONFIG_CPP, MATMUL_CONFIG_FIELDS))
    FIELD_CPP = tuple(_config_cpp_type(n, k) for n, k, _ in MATMUL_CONFIG_FIELDS)


MATMUL_TYPES: list[type[AdvStructType]] = [CubeTilingType, MatmulConfigType]
