"""DumpTensor, DumpAccChkPoint, PrintTimeStamp and printf on the simulator: what the NPU's
dump prints."""

from __future__ import annotations

import numpy as np

import ascdsl as asc


@asc.jit
def _dumps(x: asc.GlobalAddress):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x)
    t = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 64, 16)
    asc.data_copy(t, gx, 16)
    asc.set_flag(asc.HardEvent.MTE2_S, 0)
    asc.wait_flag(asc.HardEvent.MTE2_S, 0)
    asc.dump_tensor(t, 5, 4)
    asc.dump_tensor(tensor=gx, desc=7, dump_size=3, shape_info=asc.ShapeInfo())
    asc.dump_acc_chk_point(t, 9, 2, 2)
    asc.metrics_prof_start()
    asc.print_time_stamp(3)
    asc.metrics_prof_stop()


def test_dumps_print_cann_heads_and_values(capsys):
    x = np.arange(16, dtype=np.float16) * np.float16(0.5)
    report = _dumps[1](x)
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "DumpTensor: desc=5, addr=64, data_type=float16, position=UB, dump_size=4"
    assert lines[1] == "[0.000000, 0.500000, 1.000000, 1.500000]"
    assert lines[2] == "DumpTensor: desc=7, addr=0, data_type=float16, position=GM, dump_size=3"
    assert lines[3] == "[0.000000, 0.500000, 1.000000]"
    assert lines[4] == "DumpTensor: desc=9, addr=68, data_type=float16, position=UB, dump_size=2"
    assert lines[5] == "[1.000000, 1.500000]"
    assert lines[6].startswith("PrintTimeStamp: desc_id=3, core=0, cycle=")
    assert int(lines[6].rsplit("=", 1)[1]) > 0
    assert "".join(report.printed) == out  # the run report keeps what was printed


@asc.jit
def _ints(x: asc.GlobalAddress):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x)
    asc.dump_tensor(gx, 1, 4)
    asc.printf("ptr %p\n", x)


def test_integer_dumps_print_integers_and_printf_takes_a_gm_pointer(capsys):
    _ints[1](np.array([3, -1, 7, 0], np.int32))
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "DumpTensor: desc=1, addr=0, data_type=int32, position=GM, dump_size=4"
    assert out[1] == "[3, -1, 7, 0]"
    assert out[2].startswith("ptr ")
