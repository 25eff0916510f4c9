"""Nd2Nz's row-stride check: one row has no stride (catlass copies rows whose stride does not
fit srcDValue's 16 bits one at a time with srcDValue 0); two rows 0 apart overlap."""

import numpy as np
import pytest

import ascdsl as asc
import ascdsl.runtime.config as config
from ascdsl.sim import InvalidArgumentError


@asc.jit
def copy_rows(src: asc.GlobalAddress, rows: int, n_value: int, src_d: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(src, rows * 64)
    l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 16 * 64)
    for r in range(rows // n_value):
        asc.data_copy(l1[r * n_value * 16:], g[r * n_value * 64:],
                      asc.Nd2NzParams(1, n_value, 64, 0, src_d, 16, 1, 0))
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


@pytest.fixture(autouse=True)
def _raise():
    old = config.sanitize
    config.sanitize = "raise"
    yield
    config.sanitize = old


def test_one_row_at_a_time_with_no_stride_is_accepted():
    report = copy_rows[1](np.zeros(4 * 64, np.float16), 4, 1, 0)
    assert report.op_counts["ascendc.data_copy_nd2nz"] == 4


def test_two_rows_zero_apart_overlap():
    with pytest.raises(InvalidArgumentError, match="rows overlap"):
        copy_rows[1](np.zeros(4 * 64, np.float16), 4, 2, 0)
