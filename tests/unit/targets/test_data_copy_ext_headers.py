"""The remaining DataCopy forms, AIPP and the kernels that build them type-check against the
real Ascend C headers (a quick check of these ops alone; test_real_headers checks every op)."""

from __future__ import annotations

import pytest

import ascdsl as asc
from ascdsl.context import make_context
from ascdsl.diagnostics import parse_module
from ascdsl.targets.ascendc import emit

from data_copy_ext_samples import SAMPLES
from real_headers import assert_accepted


def _source(text: str) -> str:
    import io

    module = parse_module(make_context(), text, "<sample>")
    out = io.StringIO()
    emit(module, out)
    return out.getvalue()


@pytest.mark.parametrize("op", list(SAMPLES), ids=lambda c: c.name)
def test_sample_passes_the_real_headers(op):
    text = SAMPLES[op].replace("{name}", op.name.removeprefix("ascendc.").replace(".", "_"))
    assert_accepted(_source(text), f"{op.name}.cpp")


def test_kernels_of_the_kernel_language_pass_the_real_headers():
    @asc.jit
    def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress):
        xg = asc.GlobalTensor()
        xg.set_global_buffer(x)
        yg = asc.GlobalTensor()
        yg.set_global_buffer(y)
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECIN, 1)
        pipe.init_buffer(q, 1, 64 * 2)
        t = q.alloc_tensor(asc.float16)
        asc.data_copy_pad(t, xg, asc.DataCopyExtParams(2, 20, 0, 0, 0),
                          asc.DataCopyPadExtParams(asc.float16, True, 1, 1, 7.5))
        asc.data_copy(t, xg, asc.DataCopyParams(1, 2, 0, 0),
                      asc.DataCopyEnhancedParams(asc.BlockMode.BLOCK_MODE_NORMAL))
        asc.data_copy(t, xg, [asc.SliceInfo(0, 15, 0, 1, 16)], [asc.SliceInfo(0, 15, 0, 1, 16)], 1)
        shape = asc.ShapeInfo(asc.array(asc.int32, [4, 16]), data_format=asc.DataFormat.ND)
        t.set_shape_info(shape)
        asc.set_pad_value(asc.float16(0.5) if False else 3, asc.TPosition.VECIN)
        q.enque(t)
        t2 = q.deque(asc.float16)
        asc.data_copy_pad(yg, t2, asc.DataCopyExtParams(1, 32, 0, 0, 0))
        q.free_tensor(t2)
        config = asc.AippParams(dtype=asc.int8, swap_params=asc.AippSwapParams(is_swap_rb=True))
        asc.set_aipp_functions(xg, asc.AippInputFormat.RGB888_U8, config)

    src = kernel.compile(asc.MockTensor(asc.float16), asc.MockTensor(asc.float16)).source
    assert_accepted(src, "data_copy_ext_kernel.cpp")
