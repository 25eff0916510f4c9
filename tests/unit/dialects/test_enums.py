"""Enum coverage: every member, value and spelling pyasc and Ascend C use."""

import pytest

from ascdsl.dialects.ascendc import CmpMode, HardEvent, Hardware, Pipe, RoundMode, TPosition

HARD_EVENTS = (
    "MTE2_MTE1 MTE1_MTE2 MTE1_M M_MTE1 MTE2_V V_MTE2 MTE3_V V_MTE3 M_V V_M V_V MTE3_MTE1 "
    "MTE1_MTE3 MTE1_V MTE2_M M_MTE2 V_MTE1 M_FIX FIX_M MTE3_MTE2 MTE2_MTE3 S_V V_S S_MTE2 "
    "MTE2_S S_MTE3 MTE3_S MTE2_FIX FIX_MTE2 FIX_S M_S FIX_MTE3 MTE1_FIX FIX_MTE1 FIX_FIX MAX"
).split()


def test_hard_event_members_and_values():
    assert [m.name for m in HardEvent] == HARD_EVENTS
    assert [m.value for m in HardEvent] == list(range(36))
    assert HardEvent.MTE2_V.keyword == "mte2_v"
    assert HardEvent.MTE2_V.cpp == "AscendC::HardEvent::MTE2_V"
    assert HardEvent.from_keyword("fix_fix") is HardEvent.FIX_FIX


@pytest.mark.parametrize("event", [e for e in HardEvent if e is not HardEvent.MAX])
def test_hard_event_pipes(event):
    src, dst = event.name.split("_")
    assert event.src_pipe is Pipe["PIPE_" + src]
    assert event.dst_pipe is Pipe["PIPE_" + dst]
    assert HardEvent.between(event.src_pipe, event.dst_pipe) is event


def test_hard_event_max_has_no_pipes():
    with pytest.raises(ValueError):
        HardEvent.MAX.src_pipe
    assert HardEvent.between(Pipe.PIPE_V, Pipe.PIPE_MTE1) is HardEvent.V_MTE1
    assert HardEvent.between(Pipe.PIPE_MTE3, Pipe.PIPE_M) is None


def test_tposition():
    names = "GM A1 A2 B1 B2 C1 C2 CO1 CO2 VECIN VECOUT VECCALC MAX".split()
    assert [m.name for m in TPosition] == names
    assert [m.value for m in TPosition] == list(range(13))
    assert TPosition.VECIN.keyword == "vecin"
    assert TPosition.from_keyword("vec_in") is TPosition.VECIN  # pyasc's enum spelling
    assert TPosition.VECCALC.cpp == "AscendC::TPosition::VECCALC"
    assert TPosition.VECIN.hardware is Hardware.UB
    assert TPosition.A2.hardware is Hardware.L0A
    assert TPosition.CO1.hardware is Hardware.L0C


def test_pipe():
    names = "PIPE_S PIPE_V PIPE_M PIPE_MTE1 PIPE_MTE2 PIPE_MTE3 PIPE_ALL PIPE_MTE4 PIPE_MTE5 PIPE_V2 PIPE_FIX"
    assert [m.name for m in Pipe] == names.split()
    assert [m.value for m in Pipe] == list(range(11))
    assert Pipe.PIPE_V.keyword == "pipe_v"
    assert Pipe.PIPE_V.cpp == "PIPE_V"  # pipe_t enumerators have no namespace


def test_hardware_round_mode_cmp_mode():
    assert [m.name for m in Hardware] == "GM UB L1 L0A L0B L0C BIAS FIXBUF MAX".split()
    assert Hardware.UB.cpp == "AscendC::Hardware::UB"
    assert [m.name for m in RoundMode] == (
        "CAST_NONE CAST_RINT CAST_FLOOR CAST_CEIL CAST_ROUND CAST_TRUNC CAST_ODD".split()
    )
    assert RoundMode.CAST_RINT.cpp == "AscendC::RoundMode::CAST_RINT"
    assert [m.name for m in CmpMode] == "LT GT EQ LE GE NE".split()
    assert CmpMode.GE.cpp == "AscendC::CMPMODE::GE"
    assert CmpMode.ir_width() == 64 and RoundMode.ir_width() == 32
