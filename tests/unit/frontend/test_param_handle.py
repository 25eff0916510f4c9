"""pyasc's struct constructors take `handle` after their fields (the IR value to wrap): one
value more than the fields is that handle, as pyasc's test_nd_2_nz_params_full passes it."""

from __future__ import annotations

import inspect

import numpy as np
from frontend_helpers import codegen, expect_error

import ascdsl as asc
from ascdsl.dialects import ascendc as A


def constructs(ck):
    return [op for op in ck.module.walk() if isinstance(op, A.ConstructOp)]


@asc.jit
def eight_values(x: asc.GlobalAddress):
    asc.Nz2NdParamsFull(1, 1, 1, 1, 1, 1, 1, 1)


@asc.jit
def seven_values(x: asc.GlobalAddress):
    asc.Nz2NdParamsFull(1, 2, 3, 4, 5, 6, 7)


@asc.jit
def wraps_a_struct(x: asc.GlobalAddress):
    p = asc.Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 0)
    q = asc.Nd2NzParams(handle=p)
    asc.DataCopyParams(1, 2, 0, 0, handle=q)


@asc.jit
def uses_an_unbuilt_struct(x: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 256)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    p = asc.DataCopyParams(1, 8, 0, 0, 9)
    asc.data_copy(t, x_gm, p)


def test_the_value_after_the_fields_is_pyascs_handle_and_builds_nothing():
    ck = codegen(eight_values, np.zeros(4, np.float32))
    assert constructs(ck) == []  # pyasc: `handle=1`, no struct op
    ck = codegen(seven_values, np.zeros(4, np.float32))
    [op] = constructs(ck)
    assert isinstance(op.results[0].type, A.Nz2NdParamsFullType)
    assert len(op.operands) == 7


def test_a_struct_handle_wraps_the_struct():
    ck = codegen(wraps_a_struct, np.zeros(4, np.float32))
    # one Nd2NzParams; the DataCopyParams given a handle of another type is not built
    [op] = constructs(ck)
    assert isinstance(op.results[0].type, A.Nd2NzParamsType)


def test_using_a_struct_made_from_a_python_handle_is_a_located_error():
    expect_error(uses_an_unbuilt_struct, (np.zeros(256, np.float32),),
                 "this DataCopyParams was made with 5 values: as in pyasc, the one after its 4 "
                 "fields is the internal `handle` (here 9), so nothing was built",
                 "asc.data_copy(", token="asc.data_copy")


def test_the_signature_names_handle_as_pyasc_does():
    params = inspect.signature(asc.Nz2NdParamsFull).parameters
    assert list(params) == ["nd_num", "n_value", "d_value", "src_nd_matrix_stride",
                            "src_n_stride", "dst_d_stride", "dst_nd_matrix_stride", "handle"]
