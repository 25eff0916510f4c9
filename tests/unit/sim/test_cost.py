"""The cost model's UB bank conflicts (A2/A3 UB: 16 bank groups x 3 banks; asc-devkit's
bank_conflict_ub README gives the address encoding and the scenarios below)."""

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.dialects.ascendc.soc import get_soc
from ascdsl.sim.cost import CostModel, contiguous_operand

COST = get_soc().cost
CM = CostModel(get_soc())
RR, RW = COST["bank_read_conflict"], COST["bank_write_conflict"]


def add_f32(src0: int, src1: int, dst: int, repeats: int = 64) -> float:
    op = [contiguous_operand(a, 4, 4) for a in (dst, src0, src1)]
    return CM.ub_conflicts(op[0], (op[1], op[2]), repeats)


@pytest.mark.parametrize("src0, src1, dst, extra", [
    (0x0, 0x10100, 0x20000, 0),  # sources 256 B apart in the bank-group cycle: none
    (0x0, 0x4000, 0x10000, 64 * RR),  # sources in one bank: read-read every repeat
    (0x0, 0x10000, 0x14100, 64 * RR),  # same bank group, other bank: read-read too
    (0x0, 0x10100, 0x4000, 0),  # dst in src0's bank: its write waits a repeat, no clash
    (0x0, 0x10100, 0x4020, 63 * RW),  # dst one group off: the deferred write clashes too
    (0x0, 0x10100, 0x10100, 0),  # dst over src1: deferred, no clash
])
def test_bank_conflicts_of_the_published_scenarios(src0, src1, dst, extra):
    assert add_f32(src0, src1, dst) == pytest.approx(extra)


def test_strided_operand_conflicts_only_on_repeats_that_share_a_group():
    # src0 reads one block per repeat (block stride 0, repeat stride 1): it meets src1's 8
    # groups on half the repeats.
    d = contiguous_operand(0x10100, 4, 4)
    s1 = contiguous_operand(0x10100, 4, 4)
    assert CM.ub_conflicts(d, ((0x0, 8, 1, 0), s1), 64) == pytest.approx(32 * RR)
    assert CM.ub_conflicts(d, ((0x0, 8, 8, 0), s1), 64) == 0


@asc.jit
def two_adds(z: asc.GlobalAddress, y_addr: asc.ConstExpr[int]):
    x = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 0, 16384)
    y = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, y_addr, 16384)
    o = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 131072, 16384)
    asc.add(o, x, y, 16384)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z, 16384)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(zg, o, 16384)


def test_moving_a_buffer_by_256_bytes_halves_the_add():
    # add_high_performance case 5 -> 6: y 32768 bytes after x shares x's bank groups every
    # repeat; 32512 bytes after puts them in the other half of the cycle.
    z = np.zeros(16384, np.float16)
    same = two_adds[1](z, 32768).busy["PIPE_V"]
    apart = two_adds[1](z, 32512).busy["PIPE_V"]
    repeats = 16384 * 2 // 256
    assert apart == pytest.approx(COST["vector_issue"] + repeats)
    assert same - apart == pytest.approx(repeats * RR)


def test_blocks_of_one_operand_in_one_bank_group_take_a_beat_each():
    # A destination written with a block stride of 144 blocks (asc-devkit's ND->NZ layout):
    # 144 % 16 == 0 puts all 8 blocks of a repeat in one bank group: 8 beats. 145 rotates them.
    src = contiguous_operand(0x0, 2, 2)
    assert CM.ub_conflicts((0x10000, 8, 1, 144), (src,), 16) == pytest.approx(16 * 7 * RR)
    assert CM.ub_conflicts((0x10000, 8, 1, 145), (src,), 16) == 0


def test_every_timing_number_says_where_it_comes_from_and_the_docs_list_it():
    from pathlib import Path

    from ascdsl.dialects.ascendc.soc import SOCS

    docs = (Path(__file__).resolve().parents[3] / "docs" / "simulator.md").read_text()
    for soc in SOCS.values():
        for name, fact in soc.facts.items():
            assert fact.unit and len(fact.source) > 10, name
            # A CANN ini, a fit to named rows, an estimate, a vendor document, or a vendor's
            # published cost model (catlass's kernel selection).
            kinds = ("Ascend910B", "fitted to", "estimate", "README", "guide", "not separable",
                     "cost model")
            assert any(k in fact.source for k in kinds), (name, fact.source)
            assert f"`{name}`" in docs, f"docs/simulator.md does not list {name}"
            assert soc.cost[name] == fact.value
