"""pyasc's two add tutorials written as IR: correct on 8 cores, and their buggy twins caught at
the right source line."""

import numpy as np
import pytest

from ascdsl.sim import RaceError
from sim_kernels import add_static, erase_queue_sync, line_of, rand, run, vadd_framework

N = 8 * 2048  # the tutorials' size: 16K float32 on 8 cores


def inputs():
    return rand(N), rand(N, seed=1), np.zeros(N, np.float32)


@pytest.mark.parametrize(
    "text,scalars",
    [(add_static(), [N // 8]), (vadd_framework(2), [N // 8, 128, 16])],
    ids=["01_add", "02_add_framework"],
)
def test_tutorial_computes_x_plus_y_cleanly(text, scalars):
    x, y, z = inputs()
    report = run(text, [x, y, z, *scalars], cores=8, kernel="vadd")
    np.testing.assert_array_equal(z, x + y)
    assert report.findings == []


def test_01_add_without_its_mte2_v_wait_races_at_the_add():
    text = add_static().replace("    ascendc.wait_flag mte2_v, %buf_id : i32\n", "")
    x, y, z = inputs()
    with pytest.raises(RaceError) as e:
        run(text, [x, y, z, N // 8], cores=8, kernel="vadd")
    assert (e.value.op, e.value.other_op) == ("ascendc.add_l2", "ascendc.data_copy_l2")
    assert e.value.loc.line == line_of(text, "ascendc.add_l2")
    assert e.value.other_loc.line == line_of(text, "data_copy_l2 %xs")


def test_02_add_framework_with_its_queue_sync_erased_races_at_the_add():
    text = erase_queue_sync(vadd_framework(2))
    assert "deque_tensor" not in text and "enque_tensor" not in text
    x, y, z = inputs()
    with pytest.raises(RaceError) as e:
        run(text, [x, y, z, N // 8, 128, 16], cores=8, kernel="vadd")
    assert (e.value.op, e.value.pipe, e.value.other_pipe) == ("ascendc.add_l2", "PIPE_V", "PIPE_MTE2")
    assert e.value.loc.line == line_of(text, "ascendc.add_l2")
