"""pyasc's MatmulConfig attribute (inside `!ascendc.matmul<...>`): its text and its C++.

Checked against pyasc's own lit test Target/AscendC/matmul.mlir: the attribute text it writes
parses and prints back unchanged, and the `constexpr static MatmulConfig CFG{...};` ascdsl
prints for it is the one pyasc's CHECK lines expect.
"""

from __future__ import annotations

import re

import pytest
from xdsl.context import Context
from xdsl.parser import Parser
from xdsl.utils.exceptions import ParseError

from ascdsl.dialects.ascendc.types_matmul import MATMUL_CONFIG_FIELDS, MatmulConfigAttr
from tests.pyasc_oracle import layout

LIT = layout.pyasc_lit_dir() / "Target" / "AscendC" / "matmul.mlir"

DEFAULT_TEXT = (
    "<do_norm = true, do_basic_block = false, do_multi_data_load = false, basic_m = 0 : i32, "
    "basic_n = 0 : i32, basic_k = 0 : i32, intrinsics_check = false, is_n_batch = false, "
    "en_vec_nd2nz = false, do_special_basic_block = false, do_mte2_preload = 0 : i32, "
    "single_core_m = 0 : i32, single_core_n = 0 : i32, single_core_k = 0 : i32, "
    "step_m = 0 : i32, step_n = 0 : i32, base_mn = 0 : i32, single_core_mn = 0 : i32, "
    "en_unit_flag = true, is_per_tensor = false, has_anti_quant_offset = false, "
    "do_ib_share_norm = false, do_special_mdl = false, enable_init = true, "
    "batch_mode = 0 : i32, enable_end = true, enable_get_tensor_c = true, "
    "enable_set_org_shape = true, enable_set_bias = true, enable_set_tail = true, "
    "enable_quant_vector = true, enable_set_define_data = true, iterate_mode = 255 : i32, "
    "enable_reuse = true, enable_ub_reuse = false, enable_l1_cache_ub = false, "
    "intra_block_part_sum = false, iterate_order = 2 : i32, schedule_type = 0 : i32, "
    "enable_double_cache = false, is_bias_batch = true, enable_static_pad_zeros = false, "
    "is_partial_output = false, enable_mix_dual_master = false, is_a2b2_shared = false, "
    "is_enable_channel_split = false, enable_kdim_reorder_load = false, "
    "is_co1_shared = false, shared_co1_buffer_size = 65536 : i32, batch_out_mode = 0 : i32>")
DEFAULT_CFG = (
    "constexpr static MatmulConfig CFG{1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,1,"
    "BatchMode::NONE,1,1,1,1,1,1,1,255,1,0,0,0,IterateOrder::UNDEF,ScheduleType::INNER_PRODUCT,"
    "0,1,0,0,0,0,0,0,0,65536,BatchOutMode::SINGLE_BATCH};")


def _parse(text: str) -> MatmulConfigAttr:
    return MatmulConfigAttr.parse_body(Parser(Context(), text))


def test_defaults_are_pyascs():
    attr = MatmulConfigAttr()
    assert len(MATMUL_CONFIG_FIELDS) == 50
    assert attr.text() == DEFAULT_TEXT
    assert attr.cpp_cfg() == DEFAULT_CFG
    assert _parse(DEFAULT_TEXT) == attr


@pytest.mark.skipif(not LIT.is_file(), reason=f"pyasc's lit test is not here ({LIT})")
def test_pyasc_matmul_mlir_attribute_and_cfg():
    text = LIT.read_text()
    bodies = set(re.findall(r"(<do_norm = .*?batch_out_mode = \d+ : i32>)", text))
    cfgs = set(re.findall(r"constexpr static MatmulConfig CFG\{[^}]*\};", text))
    assert bodies and cfgs
    printed = set()
    for body in bodies:
        attr = _parse(body)
        assert attr.text() == body  # round trip
        printed.add(attr.cpp_cfg())
    assert printed == cfgs


def test_fields_print_by_kind():
    attr = MatmulConfigAttr(do_norm=0, basic_m=128, iterate_order=1, schedule_type=1,
                            batch_mode=2, batch_out_mode=2)
    assert attr.get("basic_m") == 128
    cfg = attr.cpp_cfg()
    assert cfg.startswith("constexpr static MatmulConfig CFG{0,0,0,128,")
    assert "BatchMode::BATCH_LARGE_THAN_L1" in cfg and "IterateOrder::ORDER_N" in cfg
    assert "ScheduleType::OUTER_PRODUCT" in cfg and cfg.endswith("BatchOutMode::DYNAMIC};")
    assert _parse(attr.text()) == attr


def test_bad_text_is_a_located_parse_error():
    with pytest.raises(ParseError, match="expected MatmulConfig field 'do_basic_block' here"):
        _parse(DEFAULT_TEXT.replace("do_basic_block", "do_basic"))
    with pytest.raises(ParseError, match=r"iterate_order = 7 is not a IterateOrder \(0: ORDER_M"):
        _parse(DEFAULT_TEXT.replace("iterate_order = 2", "iterate_order = 7"))


def test_the_printed_matmul_config_passes_the_real_headers():
    import subprocess
    import sys

    from tests.unit.targets.real_headers import assert_accepted

    lit = layout.PROJECT_ROOT / "tests" / "filecheck" / "targets" / "matmul-config.mlir"
    out = subprocess.run([sys.executable, "-m", "ascdsl.tools.ascdsl_opt", str(lit), "-t",
                          "ascendc"], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "MatmulConfig v4;" in out.stdout
    # the Matmul API's header declares MatmulConfig (lib/matmul_intf.h includes it)
    assert_accepted('#include "adv_api/matmul/matmul_config.h"\n' + out.stdout, "cfg.cpp")
