"""IR the runtime tests launch."""

from ascdsl.context import make_context
from ascdsl.diagnostics import parse_module

SCALE = """\
func.func @scale(%x: memref<?xDT, 22>, %z: memref<?xDT, 22>, %n: i32, %s: ST) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xDT>
  %gz = ascendc.global_tensor : !ascendc.global_tensor<*xDT>
  ascendc.global_tensor.set_global_buffer %gx, %x : !ascendc.global_tensor<*xDT>, memref<?xDT, 22>
  ascendc.global_tensor.set_global_buffer %gz, %z : !ascendc.global_tensor<*xDT>, memref<?xDT, 22>
  %pipe = ascendc.pipe
  %b = ascendc.tbuf : <veccalc>
  %len = arith.constant 4096 : i32
  ascendc.pipe.init_buffer %pipe, %b, %len : !ascendc.tbuf<veccalc>, i32
  %t = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xDT>
  ascendc.data_copy_l2 %t, %gx, %n : !ascendc.local_tensor<*xDT>, !ascendc.global_tensor<*xDT>, i32
  ascendc.set_flag mte2_v, %c0 : i32
  ascendc.wait_flag mte2_v, %c0 : i32
  ascendc.muls_l2 %t, %t, %s, %n : !ascendc.local_tensor<*xDT>, !ascendc.local_tensor<*xDT>, ST, i32
  ascendc.set_flag v_mte3, %c0 : i32
  ascendc.wait_flag v_mte3, %c0 : i32
  ascendc.data_copy_l2 %gz, %t, %n : !ascendc.global_tensor<*xDT>, !ascendc.local_tensor<*xDT>, i32
  ascendc.pipe_barrier pipe_all
  func.return
}
"""


def scale_module(dtype: str = "f32", scalar: str = "f32"):
    text = SCALE.replace("DT", dtype).replace("ST", scalar)
    return parse_module(make_context(), text, "scale.mlir")
