"""DataCopy's remaining forms from the kernel language to the simulator and the Ascend C."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim import NotSimulatedError


@asc.jit(insert_sync=True)
def pad_ext_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 64 * 2)
    t = q.alloc_tensor(asc.float16)
    # two blocks of 20 bytes (10 halves), 1 pad element left and right, value 7.5
    ext = asc.DataCopyExtParams(2, 20, 0, 0, 0)
    pad = asc.DataCopyPadExtParams(asc.float16, True, 1, 1, 7.5)
    asc.data_copy_pad(t, xg, ext, pad)
    q.enque(t)
    t2 = q.deque(asc.float16)
    asc.data_copy(yg, t2, count=32)
    q.free_tensor(t2)


def test_data_copy_pad_ext_pads_each_block_with_the_typed_value():
    x = np.arange(20, dtype=np.float16)
    y = np.full(32, -1, dtype=np.float16)
    pad_ext_kernel[1](x, y)
    # each block lands on a 32-byte (16-half) boundary: [pad][10 values][pad][4 untouched]
    for b in range(2):
        row = y[16 * b:16 * (b + 1)]
        assert row[0] == 7.5 and row[11] == 7.5
        np.testing.assert_array_equal(row[1:11], x[10 * b:10 * (b + 1)])


def test_data_copy_pad_ext_prints_the_templated_struct():
    src = pad_ext_kernel.compile(asc.MockTensor(asc.float16), asc.MockTensor(asc.float16)).source
    assert "AscendC::DataCopyPadExtParams<half>" in src
    assert "AscendC::DataCopyPad(" in src


def _enhanced(mode: int):
    @asc.jit(insert_sync=True)
    def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress):
        xg = asc.GlobalTensor()
        xg.set_global_buffer(x)
        yg = asc.GlobalTensor()
        yg.set_global_buffer(y)
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECIN, 1)
        pipe.init_buffer(q, 1, 64 * 4)
        t = q.alloc_tensor(asc.float32)
        enhanced = asc.DataCopyEnhancedParams(mode)
        asc.data_copy(t, xg, asc.DataCopyParams(1, 8, 0, 0), enhanced)
        q.enque(t)
        t2 = q.deque(asc.float32)
        asc.data_copy(yg, t2, count=64)
        q.free_tensor(t2)

    return kernel


def test_enhanced_copy_in_its_plain_mode_is_the_params_copy():
    x = np.arange(64, dtype=np.float32)
    y = np.zeros(64, dtype=np.float32)
    _enhanced(int(asc.BlockMode.BLOCK_MODE_NORMAL))[1](x, y)
    np.testing.assert_array_equal(y, x)


def test_enhanced_copy_in_another_block_mode_is_refused_with_the_mode():
    x = np.arange(64, dtype=np.float32)
    y = np.zeros(64, dtype=np.float32)
    with pytest.raises(NotSimulatedError, match="blockMode=1"):
        _enhanced(int(asc.BlockMode.BLOCK_MODE_MATRIX))[1](x, y)


@asc.jit
def shape_size_kernel(y: asc.GlobalAddress):
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    shape = asc.ShapeInfo(asc.array(asc.int32, [3, 5, 7]), data_format=asc.DataFormat.ND)
    yg.set_value(0, asc.get_shape_size(shape))
    arr = asc.array(asc.int32, 2, fill_value=4)
    arr[1] = 9
    yg.set_value(1, arr[0] + arr[1])


def test_shape_info_from_an_array_and_its_size():
    y = np.zeros(8, dtype=np.int32)
    shape_size_kernel[1](y)
    assert y[0] == 105 and y[1] == 13
    src = shape_size_kernel.compile(asc.MockTensor(asc.int32)).source
    assert "AscendC::GetShapeSize(" in src
    assert "static_cast<AscendC::DataFormat>(" in src


def test_tbuf_alloc_tensor_is_get_as_in_the_headers():
    @asc.jit(insert_sync=True)
    def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress):
        xg = asc.GlobalTensor()
        xg.set_global_buffer(x)
        yg = asc.GlobalTensor()
        yg.set_global_buffer(y)
        pipe = asc.TPipe()
        buf = asc.TBuf(asc.TPosition.VECCALC)
        pipe.init_buffer(buf, 64 * 4)
        t = buf.alloc_tensor(asc.float32)
        asc.data_copy(t, xg, count=64)
        asc.adds(t, t, 1.0, count=64)
        asc.data_copy(yg, t, count=64)
        buf.free_tensor(t)

    x = np.arange(64, dtype=np.float32)
    y = np.zeros(64, dtype=np.float32)
    kernel[1](x, y)
    np.testing.assert_array_equal(y, x + 1)


def test_set_pad_value_prints_its_type_and_position():
    @asc.jit
    def kernel():
        asc.set_pad_value(37, asc.TPosition.VECIN)

    src = kernel.compile().source
    assert "AscendC::SetPadValue<int32_t, AscendC::TPosition::VECIN>(" in src


def test_set_pad_value_refuses_other_positions():
    @asc.jit
    def kernel():
        asc.set_pad_value(37, asc.TPosition.A1)

    with pytest.raises(asc.CompilationError, match="pos must be one of"):
        kernel.compile()


def test_vdeq_info_is_built_from_three_arrays():
    @asc.jit
    def kernel():
        vdeq = asc.LocalTensor(dtype=asc.uint64, pos=asc.TPosition.VECIN, addr=0, tile_size=16)
        info = asc.VdeqInfo([1.0] * 16, [5] * 16, [False] * 16)
        asc.set_deq_scale(vdeq, info)

    src = kernel.compile().source
    assert "float " in src and "int16_t " in src and "bool " in src
    assert "AscendC::SetDeqScale(" in src


def test_vdeq_info_needs_sixteen_values():
    @asc.jit
    def kernel():
        asc.VdeqInfo([1.0] * 15, [5] * 16, [False] * 16)

    with pytest.raises(asc.CompilationError, match="'scale' must be a list of 16 values"):
        kernel.compile()


def test_pyasc_codegen_error_is_the_compilation_error():
    from ascdsl.frontend.errors import CodegenError, CompilationError

    assert CodegenError is CompilationError


def test_aipp_params_are_assigned_member_by_member_and_run_as_a_vector_core_no_op():
    @asc.jit
    def kernel(y: asc.GlobalAddress, uv: asc.GlobalAddress):
        y_gm = asc.GlobalTensor()
        uv_gm = asc.GlobalTensor()
        y_gm.set_global_buffer(y)
        uv_gm.set_global_buffer(uv)
        config = asc.AippParams(dtype=asc.float16,
                                dtc_params=asc.AippDataTypeConvParams(dtc_mean_ch0=128),
                                swap_params=asc.AippSwapParams(is_swap_rb=True))
        asc.set_aipp_functions(y_gm, uv_gm, asc.AippInputFormat.YUV420SP_U8, config)

    args = (asc.MockTensor(asc.float16), asc.MockTensor(asc.float16))
    src = kernel.compile(*args).source
    assert "AscendC::AippParams<half> " in src
    assert ".swapParams.isSwapRB = " in src and ".dtcParams.dtcMeanCh0 = " in src
    assert "AscendC::SetAippFunctions(v3, v4, AscendC::AippInputFormat::YUV420SP_U8, " in src
    # a vector kernel: the 910B's SetAippFunctions returns at once on an AIV (test_aipp.py
    # runs the conversion on the cube core)
    y = np.arange(64, dtype=np.float16)
    report = kernel[1](y, y.copy())
    assert not report.findings and (y == np.arange(64)).all()


def test_aipp_params_take_int8_or_float16_only():
    @asc.jit
    def kernel():
        asc.AippParams(dtype=asc.float32)

    with pytest.raises(asc.CompilationError, match="dtype must be asc.int8 or asc.float16"):
        kernel.compile()


@asc.jit(insert_sync=True)
def slice_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 16 * 4)
    t = q.alloc_tensor(asc.float32)
    # rows 1..2, columns 8..15 of a [4, 16] float matrix (shapeValue gives the shapes)
    src = [asc.SliceInfo(8, 15, 0, 1, 16), asc.SliceInfo(1, 2, 0, 1, 4)]
    dst = [asc.SliceInfo(0, 7, 0, 1, 8), asc.SliceInfo(0, 1, 0, 1, 2)]
    asc.data_copy(t, xg, dst, src, 2)
    q.enque(t)
    t2 = q.deque(asc.float32)
    asc.data_copy(yg, t2, count=16)
    q.free_tensor(t2)


def test_sliced_copy_takes_the_window_the_headers_compose():
    x = np.arange(64, dtype=np.float32)
    y = np.zeros(16, dtype=np.float32)
    slice_kernel[1](x, y)
    np.testing.assert_array_equal(y, x.reshape(4, 16)[1:3, 8:16].reshape(-1))
    src = slice_kernel.compile(asc.MockTensor(asc.float32), asc.MockTensor(asc.float32)).source
    assert "AscendC::SliceInfo v" in src and "_slice_info[] = {" in src
