// z = x + y in 256-element tiles, written in the asc tile dialect: no buffers, no queues, no
// sync. `--lower-asc` decides them (double-buffered queues: the loop is parallel), then the
// ascendc pipeline synchronizes.
//   ascdsl-opt examples/ir/vadd_tile.mlir --lower-asc --ascdsl-default -t ascendc
//   ascdsl-sim examples/ir/vadd_tile.mlir --cores 8 --arg x=f32[16384]:rand \
//       --arg y=f32[16384]:rand --arg z=f32[16384] --arg n=16384 --expect "z = x + y"
//   (add -p lower-asc,ascdsl-default to run the lowered kernel; without it the simulator
//    runs the tiles as its numpy reference)
func.func @vadd(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %z: memref<?xf32, 22>, %n: i32) attributes {ascendc.global} {
  %tx = asc.tensor %x(%n) : memref<?xf32, 22> -> !asc.tensor<?xf32>
  %ty = asc.tensor %y(%n) : memref<?xf32, 22> -> !asc.tensor<?xf32>
  %tz = asc.tensor %z(%n) : memref<?xf32, 22> -> !asc.tensor<?xf32>
  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  scf.for %i = %c0 to %n step %c256 : i32 {
    %a = asc.load %tx[%i] : !asc.tensor<?xf32> -> !asc.tile<256xf32, UB>
    %b = asc.load %ty[%i] : !asc.tensor<?xf32> -> !asc.tile<256xf32, UB>
    %s = asc.add %a, %b : !asc.tile<256xf32, UB>
    asc.store %s, %tz[%i] : !asc.tile<256xf32, UB>, !asc.tensor<?xf32>
  } {asc.parallel}
  func.return
}
