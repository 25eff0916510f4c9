"""An extension's op gets what ascdsl's own ops get, layer by layer (issue 14, item 4).

The op is the example's `ascx.scaled_relu_l2` (examples/extension), declared outside ascdsl
with `ascdsl.extension.asc_op`; each test takes one layer: the parser and printer, the
verifier and --verify-diagnostics, the Ascend C printer, the simulator's numerics (formula)
and time (pipe, cost), the sanitizer (reads/writes), insert-que-sync (pipe) and the JIT.
"""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl
from ascdsl.diagnostics import IRVerifyError

TYPES = "!ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, f32, i32"
FUSED = f"ascx.scaled_relu_l2 %b, %a, %s, %n : {TYPES}"


def _func(body: str, args: str = "%a: !ascendc.local_tensor<256xf32>, "
          "%b: !ascendc.local_tensor<256xf32>, %s: f32, %n: i32") -> str:
    return f"func.func @f({args}) {{\n  {body}\n  func.return\n}}\n"


# A kernel over GM: copy x in, the op, copy y out, synchronized by `sync` (or not).
def _kernel(sync_in: str, sync_out: str, op: str = "ascx.scaled_relu_l2 %b, %a, %s, %n") -> str:
    return f"""
func.func @k(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %s: f32) attributes {{ascendc.global}} {{
  %n = arith.constant 256 : i32
  %e = arith.constant 0 : i32
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gy = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gy, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %ta = ascendc.tbuf : <veccalc>
  %tb = ascendc.tbuf : <veccalc>
  %len = arith.constant 1024 : i32
  ascendc.pipe.init_buffer %pipe, %ta, %len : !ascendc.tbuf<veccalc>, i32
  ascendc.pipe.init_buffer %pipe, %tb, %len : !ascendc.tbuf<veccalc>, i32
  %a = ascendc.tbuf.get_tensor %ta : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<256xf32>
  %b = ascendc.tbuf.get_tensor %tb : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<256xf32>
  ascendc.data_copy_l2 %a, %gx, %n : !ascendc.local_tensor<256xf32>, !ascendc.global_tensor<*xf32>, i32
  {sync_in}
  {op} : {TYPES}
  {sync_out}
  ascendc.data_copy_l2 %gy, %b, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<256xf32>, i32
  func.return
}}
"""


SYNC_IN = "ascendc.set_flag mte2_v, %e : i32\n  ascendc.wait_flag mte2_v, %e : i32"
SYNC_OUT = "ascendc.set_flag v_mte3, %e : i32\n  ascendc.wait_flag v_mte3, %e : i32"


def _run(text: str, x: np.ndarray, s: float = 2.5, sanitize: str = "raise"):
    from ascdsl.runtime import prepare
    from ascdsl.runtime.args import marshal

    exe = prepare(ascdsl.parse(text, "k.mlir"), "k")
    y = np.zeros_like(x)
    args = marshal(exe.params, [x, y, np.float32(s)], "k")
    return y, exe.kernel.run(1, args, sanitize)


def test_parse_and_print(ascx):
    from ascdsl.locations import print_module
    import io

    module = ascdsl.parse(_func(FUSED))
    out = io.StringIO()
    print_module(module, out, mlir_names=False)  # the input's names, as FUSED writes them
    assert FUSED in out.getvalue()
    op = next(o for o in module.walk() if o.name == "ascx.scaled_relu_l2")
    assert isinstance(op, ascx.ScaledReluL2Op)
    generic = io.StringIO()
    print_module(module, generic, generic=True)
    assert '"ascx.scaled_relu_l2"' in generic.getvalue()
    assert ascdsl.parse(generic.getvalue()).is_structurally_equivalent(module)


def test_verifier_is_located(ascx):
    bad = FUSED.replace(TYPES, TYPES.replace("<256xf32>, f32", "<256xf16>, f32", 1)).replace(
        "!ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf16>",
        "!ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf16>")
    text = _func(bad, "%a: !ascendc.local_tensor<256xf16>, %b: !ascendc.local_tensor<256xf32>, "
                      "%s: f32, %n: i32")
    with pytest.raises(IRVerifyError) as info:
        ascdsl.parse(text, "bad.mlir")
    msg = str(info.value)
    assert "bad.mlir:2:3: error: 'ascx.scaled_relu_l2' op element type mismatch" in msg
    assert "AscendC::ScaledRelu takes LocalTensor<T>" in msg


def test_verify_diagnostics(ascx, tmp_path, capsys):
    from ascdsl.tools.ascdsl_opt import main

    path = tmp_path / "invalid.mlir"
    body = ("// expected-error@+1 {{'lo' is f16, but the tensors hold f32}}\n  "
            f"ascx.clamp %b, %a, %h, %s, %n : {TYPES.replace('f32, i32', 'f16, f32, i32')}")
    path.write_text(_func(body, "%a: !ascendc.local_tensor<256xf32>, "
                                "%b: !ascendc.local_tensor<256xf32>, %h: f16, %s: f32, %n: i32"))
    assert main([str(path), "--verify-diagnostics"]) == 0, capsys.readouterr().err
    path.write_text(path.read_text().replace("'lo' is f16", "'hi' is f16"))
    assert main([str(path), "--verify-diagnostics"]) == 1


def test_ascend_c_printer(ascx):
    from ascdsl.targets.ascendc import emit
    from ascdsl.transforms.generate_boilerplate import required_headers

    module = ascdsl.parse(_kernel(SYNC_IN, SYNC_OUT))
    source = emit(module)
    assert "ascx::ScaledRelu(v" in source
    assert required_headers(module) == ["kernel_operator.h", "ascx/scaled_relu.h"]


def test_simulator_numerics_come_from_the_formula(ascx):
    x = np.linspace(-3, 3, 256, dtype=np.float32)
    y, report = _run(_kernel(SYNC_IN, SYNC_OUT), x, 2.5)
    np.testing.assert_array_equal(y, np.maximum(x, 0) * np.float32(2.5))
    assert report.op_counts["ascx.scaled_relu_l2"] == 1
    assert not report.findings


def test_simulator_time_comes_from_pipe_and_cost(ascx, monkeypatch):
    from ascdsl.dialects.ascendc.soc import SOCS

    x = np.ones(256, np.float32)
    text = _kernel(SYNC_IN, SYNC_OUT)
    soc = SOCS["Ascend910B1"]
    _, declared = _run(text, x)
    monkeypatch.setitem(soc.vector_cycles, "ScaledRelu", 10.0)
    _, dearer = _run(text, x)
    repeats = 256 * 4 // 256  # 256 f32 elements = 4 repeats of 256 bytes
    v_declared = declared.cores[0].busy["PIPE_V"]
    assert v_declared == soc.cost["vector_issue"] + repeats * 2.0  # cost=2.0 per repeat
    assert dearer.cores[0].busy["PIPE_V"] - v_declared == pytest.approx(repeats * (10.0 - 2.0))


def test_sanitizer_knows_what_it_reads_and_writes(ascx):
    x = np.ones(256, np.float32)
    with pytest.raises(ascdsl.RaceError) as info:
        _run(_kernel("", SYNC_OUT), x)  # its read of %a races with the copy in
    assert "'ascx.scaled_relu_l2' op on PIPE_V reads UB bytes" in str(info.value)
    with pytest.raises(ascdsl.RaceError) as info:
        _run(_kernel(SYNC_IN, ""), x)  # the copy out reads what it writes
    assert "ascendc.data_copy_l2" in str(info.value) and "ascx.scaled_relu_l2" in str(
        info.value)


def test_insert_que_sync_uses_its_pipe(ascx):
    text = _func(f"{FUSED}\n  ascendc.add_l2 %a, %b, %b, %n : !ascendc.local_tensor<256xf32>, "
                 "!ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xf32>, i32")
    module = ascdsl.parse(text, passes="insert-que-sync")
    names = [op.name for op in module.walk()][2:5]
    assert names == ["ascx.scaled_relu_l2", "ascendc.pipe_barrier", "ascendc.add_l2"]
    barrier = next(op for op in module.walk() if op.name == "ascendc.pipe_barrier")
    assert barrier.barrier_pipe.name == "PIPE_V"
    # Queue tensors: EnQue/DeQue around it; the kernel, synchronized by the pass alone, runs
    # clean in the sanitizer.
    kernel = ascdsl.parse(QUEUE_KERNEL, passes="insert-que-sync")
    names = [op.name for op in kernel.walk()]
    i = names.index("ascx.scaled_relu_l2")
    assert names[i - 1] == "ascendc.que_bind.deque_tensor"  # its input, from MTE2
    assert names[i + 1] == "ascendc.que_bind.enque_tensor"  # its output, to MTE3
    import io

    from ascdsl.locations import print_module

    out = io.StringIO()
    print_module(kernel, out)
    x = np.linspace(-1, 1, 256, dtype=np.float32)
    y, report = _run(out.getvalue(), x)
    np.testing.assert_array_equal(y, np.maximum(x, 0) * np.float32(2.5))
    assert not report.findings


QUEUE_KERNEL = f"""
func.func @k(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %s: f32) attributes {{ascendc.global}} {{
  %n = arith.constant 256 : i32
  %one = arith.constant 1 : i32
  %len = arith.constant 1024 : i32
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gy = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gy, %y : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %qi = ascendc.queue : <vecin, 1>
  %qo = ascendc.queue : <vecout, 1>
  ascendc.pipe.init_queue %pipe, %qi, %one, %len : !ascendc.queue<vecin, 1>, i32, i32
  ascendc.pipe.init_queue %pipe, %qo, %one, %len : !ascendc.queue<vecout, 1>, i32, i32
  %a = ascendc.que_bind.alloc_tensor %qi : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<256xf32>
  %b = ascendc.que_bind.alloc_tensor %qo : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<256xf32>
  ascendc.data_copy_l2 %a, %gx, %n : !ascendc.local_tensor<256xf32>, !ascendc.global_tensor<*xf32>, i32
  ascx.scaled_relu_l2 %b, %a, %s, %n : {TYPES}
  ascendc.data_copy_l2 %gy, %b, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<256xf32>, i32
  ascendc.que_bind.free_tensor %qi, %a : !ascendc.queue<vecin, 1>, !ascendc.local_tensor<256xf32>
  ascendc.que_bind.free_tensor %qo, %b : !ascendc.queue<vecout, 1>, !ascendc.local_tensor<256xf32>
  func.return
}}
"""


def test_jit_kernel_language(ascx):
    @ascdsl.jit(insert_sync=True)
    def k(x: ascdsl.GlobalAddress, y: ascdsl.GlobalAddress, s: float):
        gx = ascdsl.GlobalTensor()
        gy = ascdsl.GlobalTensor()
        gx.set_global_buffer(x)
        gy.set_global_buffer(y)
        pipe = ascdsl.TPipe()
        qi = ascdsl.TQue(ascdsl.TPosition.VECIN, 1)
        qo = ascdsl.TQue(ascdsl.TPosition.VECOUT, 1)
        pipe.init_buffer(qi, 1, 1024)
        pipe.init_buffer(qo, 1, 1024)
        a = qi.alloc_tensor(x.dtype)
        b = qo.alloc_tensor(x.dtype)
        ascdsl.data_copy(a, gx, 256)
        ascdsl.ext.scaled_relu(b, a, s, 256)
        ascdsl.data_copy(gy, b, 256)
        qi.free_tensor(a)
        qo.free_tensor(b)

    x = np.linspace(-2, 2, 256, dtype=np.float32)
    y = np.zeros_like(x)
    k[1](x, y, 0.5)
    np.testing.assert_array_equal(y, np.maximum(x, 0) * np.float32(0.5))
    assert "ascx.scaled_relu_l2" in k.compile(x, y, 0.5).ir
