# RUN: %python -m ascdsl.frontend.dump %s vadd 'f32*' 'f32*' i32 | filecheck %s
# A static-tensor kernel with hand-written events: the IR straight from code generation.
import ascdsl as asc

BUFFER_NUM = 2


@asc.jit
def vadd(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x + asc.get_block_idx() * n, n)
    zg.set_global_buffer(z)
    xl = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 128)
    zl = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 512, 128)
    for i in range(n):
        buf = i % BUFFER_NUM
        asc.data_copy(xl[buf * 64:], xg[i * 64:], 64)
        asc.set_flag(asc.HardEvent.MTE2_V, buf)
        asc.wait_flag(asc.HardEvent.MTE2_V, buf)
        asc.muls(zl, xl, 2.0, 64)
        asc.pipe_barrier(asc.PipeID.PIPE_V)


# CHECK-LABEL: func.func @vadd(%x: memref<?xf32, 22>, %z: memref<?xf32, 22>, %n: i32) attributes {ascendc.aicore, ascendc.global} {
# As pyasc writes it: a GlobalTensor is declared where it is bound, every number is a constant
# of its own where it is used, unsigned ones are emitc.constant.
# CHECK-NEXT:    %[[IDX:.*]] = ascendc.get_block_idx : i32
# CHECK-NEXT:    %[[OFF:.*]] = arith.muli %[[IDX]], %n : i32
# CHECK-NEXT:    %[[IOFF:.*]] = arith.index_cast %[[OFF]] : i32 to index
# CHECK-NEXT:    %[[PTR:.*]] = emitasc.ptr_offset %x[%[[IOFF]]] : memref<?xf32, 22>, memref<?xf32, 22>
# CHECK-NEXT:    %[[XG:.*]] = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
# CHECK-NEXT:    ascendc.global_tensor.set_global_buffer %[[XG]], %[[PTR]], %n : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>, i32
# CHECK-NEXT:    %[[ZG:.*]] = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
# CHECK-NEXT:    ascendc.global_tensor.set_global_buffer %[[ZG]], %z : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
# CHECK-NEXT:    %[[ADDR:.*]] = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
# CHECK-NEXT:    %[[SIZE:.*]] = "emitc.constant"() <{value = 128 : ui32}> : () -> ui32
# CHECK-NEXT:    %[[XL:.*]] = ascendc.local_tensor_v2 vecin, %[[ADDR]], %[[SIZE]] : !ascendc.local_tensor<*xf32>
# CHECK-NEXT:    %[[ZA:.*]] = "emitc.constant"() <{value = 512 : ui32}> : () -> ui32
# CHECK-NEXT:    %[[ZS:.*]] = "emitc.constant"() <{value = 128 : ui32}> : () -> ui32
# CHECK-NEXT:    %[[ZL:.*]] = ascendc.local_tensor_v2 vecout, %[[ZA]], %[[ZS]] : !ascendc.local_tensor<*xf32>
# CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : i32
# CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : i32
# CHECK-NEXT:    scf.for %i = %[[C0]] to %n step %[[C1]] : i32 {
# CHECK-NEXT:      %[[C2:.*]] = arith.constant 2 : i32
# CHECK-NEXT:      %[[BUF:.*]] = arith.remsi %i, %[[C2]] : i32
# CHECK-NEXT:      %[[N64:.*]] = arith.constant 64 : i32
# CHECK-NEXT:      %[[XO:.*]] = arith.muli %[[BUF]], %[[N64]] : i32
# CHECK-NEXT:      %[[XV:.*]] = ascendc.local_tensor.subindex %[[XL]][%[[XO]]] : !ascendc.local_tensor<*xf32>, i32, !ascendc.local_tensor<*xf32>
# CHECK-NEXT:      %[[G64:.*]] = arith.constant 64 : i32
# CHECK-NEXT:      %[[GO:.*]] = arith.muli %i, %[[G64]] : i32
# CHECK-NEXT:      %[[GV:.*]] = ascendc.global_tensor.subindex %[[XG]][%[[GO]]] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
# CHECK-NEXT:      %[[CNT:.*]] = arith.constant 64 : i32
# CHECK-NEXT:      ascendc.data_copy_l2 %[[XV]], %[[GV]], %[[CNT]] : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
# CHECK-NEXT:      ascendc.set_flag mte2_v, %[[BUF]] : i32
# CHECK-NEXT:      ascendc.wait_flag mte2_v, %[[BUF]] : i32
# CHECK-NEXT:      %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
# CHECK-NEXT:      %[[CNT2:.*]] = arith.constant 64 : i32
# CHECK-NEXT:      ascendc.muls_l2 %[[ZL]], %[[XL]], %[[TWO]], %[[CNT2]] {isSetMask} : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, f32, i32
# CHECK-NEXT:      ascendc.pipe_barrier pipe_v
# CHECK-NEXT:    }
# CHECK-NEXT:    return
