// lower-asc-buffers: queues for tiles copied from / to GM, one TBuf shared by temporaries.
// RUN: ascdsl-opt %s -p lower-asc-vector,lower-asc-buffers | filecheck %s
// RUN: ascdsl-opt %s -p lower-asc-vector,lower-asc-buffers{max-depth=1} | filecheck %s --check-prefix=SINGLE

// In a parallel loop the loaded and the stored tile get double-buffered queues. The three
// temporaries share 512 bytes: exp's result is dead once relu read it, so abs reuses it.
// CHECK:       module attributes {asc.memory_consumed = {UB = 1536 : i64}}
// CHECK-LABEL: func.func @parallel
// CHECK:       %[[PIPE:.*]] = ascendc.pipe
// CHECK-NEXT:  %[[TBUF:.*]] = ascendc.tbuf : <veccalc>
// CHECK-NEXT:  %[[LEN:.*]] = arith.constant 512 : i64
// CHECK-NEXT:  ascendc.pipe.init_buffer %[[PIPE]], %[[TBUF]], %[[LEN]]
// CHECK-NEXT:  %[[QIN:.*]] = ascendc.queue : <vecin, 2>
// CHECK:       ascendc.pipe.init_queue %[[PIPE]], %[[QIN]], %{{.*}}, %{{.*}} : !ascendc.queue<vecin, 2>, i32, i64
// CHECK-NEXT:  %[[QOUT:.*]] = ascendc.queue : <vecout, 2>
// CHECK:       scf.for
// CHECK-NEXT:    %[[X:.*]] = ascendc.que_bind.alloc_tensor %[[QIN]]
// CHECK:         ascendc.data_copy_l2 %[[X]]
// CHECK:         %[[A:.*]] = ascendc.tbuf.get_with_offset %[[TBUF]], %{{.*}}, %[[OFF0:.*]] :
// CHECK-NEXT:    ascendc.exp_l0 %[[A]], %[[X]]
// CHECK:         %[[B:.*]] = ascendc.tbuf.get_with_offset %[[TBUF]], %{{.*}}, %[[OFF256:.*]] :
// CHECK-NEXT:    ascendc.relu_l0 %[[B]], %[[A]]
// CHECK:         %[[C:.*]] = ascendc.tbuf.get_with_offset %[[TBUF]]
// CHECK-NEXT:    ascendc.abs_l0 %[[C]], %[[B]]
// CHECK-NEXT:    %[[Z:.*]] = ascendc.que_bind.alloc_tensor %[[QOUT]]
// CHECK-NEXT:    ascendc.add_l0 %[[Z]], %[[C]], %[[X]]
// CHECK-NEXT:    ascendc.que_bind.free_tensor %[[QIN]], %[[X]]
// CHECK:         ascendc.data_copy_l2 %{{.*}}, %[[Z]]
// CHECK-NEXT:    ascendc.que_bind.free_tensor %[[QOUT]], %[[Z]]
// CHECK-NEXT:  } {asc.parallel}
// SINGLE-LABEL: func.func @parallel
// SINGLE:       ascendc.queue : <vecin, 1>
// SINGLE:       ascendc.queue : <vecout, 1>
func.func @parallel(%p: memref<?xf32, 22>, %n: i32) {
  %t = asc.tensor %p(%n) : memref<?xf32, 22> -> !asc.tensor<?xf32>
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  scf.for %i = %c0 to %n step %c64 : i32 {
    %x = asc.load %t[%i] : !asc.tensor<?xf32> -> !asc.tile<64xf32, UB>
    %a = asc.exp %x : !asc.tile<64xf32, UB>
    %b = asc.relu %a : !asc.tile<64xf32, UB>
    %c = asc.abs %b : !asc.tile<64xf32, UB>
    %d = asc.add %c, %x : !asc.tile<64xf32, UB>
    asc.store %d, %t[%i] : !asc.tile<64xf32, UB>, !asc.tensor<?xf32>
  } {asc.parallel}
  func.return
}

// Iterations that are not declared independent keep single buffers.
// CHECK-LABEL: func.func @sequential
// CHECK:       ascendc.queue : <vecin, 1>
// CHECK:       ascendc.queue : <vecout, 1>
func.func @sequential(%p: memref<?xf32, 22>, %n: i32) {
  %t = asc.tensor %p(%n) : memref<?xf32, 22> -> !asc.tensor<?xf32>
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  scf.for %i = %c0 to %n step %c64 : i32 {
    %x = asc.load %t[%i] : !asc.tensor<?xf32> -> !asc.tile<64xf32, UB>
    %a = asc.exp %x : !asc.tile<64xf32, UB>
    asc.store %a, %t[%i] : !asc.tile<64xf32, UB>, !asc.tensor<?xf32>
  }
  func.return
}

// A temporary used inside a loop it is not defined in is live for the whole loop: the
// loop's own temporary gets other bytes.
// CHECK-LABEL: func.func @live_across
// CHECK:       %[[S:.*]] = ascendc.tbuf.get_with_offset %{{.*}}, %{{.*}}, %c0_i32_5
// CHECK:       scf.for
// CHECK:         ascendc.tbuf.get_with_offset %{{.*}}, %{{.*}}, %c256_i32
func.func @live_across(%p: memref<?xf32, 22>, %n: i32, %s: f32) {
  %t = asc.tensor %p(%n) : memref<?xf32, 22> -> !asc.tensor<?xf32>
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %k = asc.splat %s : f32 -> !asc.tile<64xf32, UB>
  scf.for %i = %c0 to %n step %c64 : i32 {
    %x = asc.load %t[%i] : !asc.tensor<?xf32> -> !asc.tile<64xf32, UB>
    %a = asc.exp %x : !asc.tile<64xf32, UB>
    %b = asc.add %a, %k : !asc.tile<64xf32, UB>
    asc.store %b, %t[%i] : !asc.tile<64xf32, UB>, !asc.tensor<?xf32>
  }
  func.return
}
