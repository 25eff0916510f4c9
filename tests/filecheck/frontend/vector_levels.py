# RUN: %python -m ascdsl.frontend.dump %s levels i32 | filecheck %s
# One function per vector family; the trailing arguments pick the level (pyasc's overloads).
import ascdsl as asc


@asc.jit
def levels(n: int):
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 3072)
    a = buf.get_with_offset(256, 0, asc.float32)
    b = buf.get_with_offset(256, 1024, asc.float32)
    c = buf.get_with_offset(256, 2048, asc.float32)
    asc.add(c, a, b, n)
    asc.add(c, a, b, 64, 4, asc.BinaryRepeatParams())
    asc.add(c, a, b, [0xFF, 0], 4, asc.BinaryRepeatParams(), is_set_mask=False)
    asc.sqrt(c, a, n)
    asc.maxs(c, a, 0.5, n)
    asc.duplicate(c, 3.0, 256)
    asc.cast(c.reinterpret_cast(asc.int32), a, asc.RoundMode.CAST_ROUND, 256)


# CHECK-LABEL: func.func @levels(%n: i32)
# CHECK:         ascendc.pipe.init_buffer %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.tbuf<veccalc>, i32
# CHECK:         %[[A:.*]] = ascendc.tbuf.get_with_offset %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.tbuf<veccalc>, ui32, ui32, !ascendc.local_tensor<*xf32>
# CHECK:         %[[B:.*]] = ascendc.tbuf.get_with_offset
# CHECK:         %[[C:.*]] = ascendc.tbuf.get_with_offset
# CHECK-NEXT:    ascendc.add_l2 %[[C]], %[[A]], %[[B]], %n : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
# CHECK:         %[[P0:.*]] = ascendc.construct !ascendc.binary_repeat_params(%{{.*}}) [ui8, ui8, ui8, ui8, ui8, ui8] : i32, i32, i32, i32, i32, i32
# CHECK-NEXT:    %[[M:.*]] = arith.constant 64 : i64
# CHECK-NEXT:    %[[R:.*]] = arith.constant 4 : i8
# CHECK-NEXT:    ascendc.add_l0 %[[C]], %[[A]], %[[B]], %[[M]], %[[R]], %[[P0]] {isSetMask} :
# CHECK:         %[[W0:.*]] = "emitc.constant"() <{value = 255 : ui64}> : () -> ui64
# CHECK-NEXT:    %[[W1:.*]] = "emitc.constant"() <{value = 0 : ui64}> : () -> ui64
# CHECK:         ascendc.add_l1 %[[C]], %[[A]], %[[B]], %[[W0]], %[[W1]], %{{.*}}, %{{.*}} : {{.*}}, ui64, ui64, i8, !ascendc.binary_repeat_params
# CHECK:         ascendc.sqrt_l2 %[[C]], %[[A]], %n :
# CHECK:         %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
# CHECK:         ascendc.maxs_l2 %[[C]], %[[A]], %[[HALF]], %{{.*}} {isSetMask} :
# CHECK:         ascendc.duplicate_l2 %[[C]], %{{.*}}, %{{.*}} : !ascendc.local_tensor<*xf32>, f32, i32
# CHECK:         %[[I:.*]] = ascendc.reinterpret_cast %[[C]] : !ascendc.local_tensor<*xf32> to !ascendc.local_tensor<*xi32>
# CHECK:         ascendc.cast_l2 %[[I]], %[[A]], %{{.*}} {roundMode = 4 : i32}
