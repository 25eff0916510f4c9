"""The examples compile through the whole pipeline (running them needs the simulator)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.dialects import ascendc
from xdsl.dialects.func import FuncOp

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def load(relative: str):
    path = EXAMPLES / relative
    spec = importlib.util.spec_from_file_location(f"example_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def count(ck, cls) -> int:
    return sum(1 for op in ck.module.walk() if isinstance(op, cls))


def test_01_add_manual_sync_compiles():
    ex = load("01_add/add.py")
    x = np.zeros(ex.USE_CORE_NUM * 2048, np.float32)
    ck = ex.vadd_kernel.compile(x, x, x, x.size // ex.USE_CORE_NUM, always_compile=True)
    assert ck.passes_ran and ck.insert_sync is False  # the kernel's own events are kept
    assert count(ck, ascendc.LocalTensorV2Op) == 3
    assert count(ck, ascendc.SetFlagOp) == 3 and count(ck, ascendc.WaitFlagOp) == 3
    events = {op.enum_value("event") for op in ck.module.walk() if isinstance(op, ascendc.SetFlagOp)}
    assert events == {ascendc.HardEvent.MTE2_V, ascendc.HardEvent.V_MTE3,
                      ascendc.HardEvent.MTE3_MTE2}
    assert count(ck, ascendc.AddL2Op) == 1 and count(ck, ascendc.DataCopyL2Op) == 3
    (loop,) = [op for op in ck.module.walk() if op.name == "scf.for"]
    flag = next(op for op in ck.module.walk() if isinstance(op, ascendc.SetFlagOp))
    assert flag.event_id.owner.name == "arith.remsi"  # event id = buf_id = i % BUFFER_NUM


def test_02_add_framework_compiles_and_inlines():
    ex = load("02_add_framework/add_framework.py")
    x = np.zeros(ex.USE_CORE_NUM * 2048, np.float32)
    block, tile = ex.tiling(x.size)
    codegen_ck = ex.vadd_kernel.compile(x, x, x, block, tile, run_passes=False,
                                        always_compile=True)
    funcs = [op.sym_name.data for op in codegen_ck.module.body.block.ops]
    # pyasc's order: each called function goes first when its body starts
    assert funcs == ["copy_out", "compute", "copy_in", "vadd_kernel"]
    ck = ex.vadd_kernel.compile(x, x, x, block, tile, always_compile=True)
    assert "call @" not in ck.ir  # sub-functions inlined by the pipeline
    # after the passes the module holds the includes (emitc.include, as pyasc's) and the kernel
    assert [op.sym_name.data for op in ck.module.body.block.ops
            if isinstance(op, FuncOp)] == ["vadd_kernel"]
    assert count(ck, ascendc.QueueOp) == 3
    assert count(ck, ascendc.EnqueTensorOp) == 3 and count(ck, ascendc.DequeTensorOp) == 3
    assert count(ck, ascendc.SetFlagOp) == 0  # the queues synchronize
    depths = {op.result.type.depth for op in ck.module.walk() if isinstance(op, ascendc.QueueOp)}
    assert depths == {ex.BUFFER_NUM}
    assert f"arith.constant {tile * 4} : i32" in ck.ir  # init_buffer length in bytes


def test_02_add_framework_with_torch_tensors_specializes_like_numpy():
    torch = pytest.importorskip("torch")
    ex = load("02_add_framework/add_framework.py")
    t = torch.zeros(ex.USE_CORE_NUM * 2048, dtype=torch.float32)
    block, tile = ex.tiling(t.numel())
    ck = ex.vadd_kernel.compile(t, t, t, block, tile)
    assert ck.specialization["x"] == "float32*" and ck.specialization["tile_length"] == tile


@pytest.mark.parametrize("example", ["01_add/add.py", "02_add_framework/add_framework.py",
                                     "03_matmul/matmul.py", "12_conv2d/conv2d.py"])
def test_examples_run_and_match(example):
    assert load(example).main() == 0




def test_06_softmax_both_kernels_match_and_the_library_is_one_op_per_tile():
    ex = load("06_softmax/softmax.py")
    rows, cols, cores, tile_rows = 64, 256, 2, 8
    x = (np.random.default_rng(5).random((rows, cols), dtype=np.float32) * 10 - 5)
    e = np.exp(x.astype(np.float64) - x.max(1, keepdims=True))
    expected = e / e.sum(1, keepdims=True)
    cycles = {}
    for kernel in (ex.softmax_basic, ex.softmax_adv):
        z = np.empty_like(x)
        cycles[kernel.__name__] = kernel[cores](x, z, rows // cores, cols, tile_rows).cycles
        np.testing.assert_allclose(z, expected, rtol=1e-5, atol=1e-7)
    ck = ex.softmax_adv.compile(x, x, rows // cores, cols, tile_rows, always_compile=True)
    assert count(ck, ascendc.SoftMaxOp) == 1 and count(ck, ascendc.ReduceMaxL2Op) == 0
    assert "AscendC::SoftMax<float, 0, 0, 0>(" in ck.source
    # no scalar round trips per row: the library kernel is the faster one on the model
    assert cycles["softmax_adv"] < cycles["softmax_basic"]
