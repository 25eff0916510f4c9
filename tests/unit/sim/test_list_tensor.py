"""List tensors on the simulator: a located NotSimulatedError that says why."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim.errors import NotSimulatedError


@asc.jit
def _sizes(x: asc.GlobalAddress, out: asc.GlobalAddress):
    descs = asc.ListTensorDesc(x, 0xFFFFFFFF, 0xFFFFFFFF)
    o = asc.GlobalTensor()
    o.set_global_buffer(out)
    o.set_value(0, descs.get_size())


def test_list_tensor_desc_is_not_simulated_and_says_why():
    with pytest.raises(NotSimulatedError, match="raw GM addresses of other tensors") as e:
        _sizes[1](np.zeros(64, np.uint8), np.zeros(4, np.uint32))
    assert "test_list_tensor.py" in str(e.value)
