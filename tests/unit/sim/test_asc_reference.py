"""The reference simulator runs every op of the `asc` dialect, with asc2's edge semantics."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl.dialects.asc as T
from ascdsl.sim.compiler import lowering_for
from sim_kernels import run


@pytest.mark.parametrize("cls", T.ALL_OPS, ids=lambda c: c.name)
def test_every_asc_op_runs_on_the_reference_simulator(cls):
    how = lowering_for(cls)
    assert callable(how), f"{cls.name} has no reference lowering"


EDGES = """\
func.func @k(%x: memref<?xf32, 22>, %z: memref<?xf32, 22>, %n: i32) attributes {ascendc.global} {
  %tx = asc.tensor %x(%n) : memref<?xf32, 22> -> !asc.tensor<?xf32>
  %tz = asc.tensor %z(%n) : memref<?xf32, 22> -> !asc.tensor<?xf32>
  %c64 = arith.constant 64 : i32
  %pad = arith.constant -1.0 : f32
  %a = asc.load %tx[%c64] pad(%pad : f32) : !asc.tensor<?xf32> -> !asc.tile<64xf32, UB>
  %b = asc.adds %a, %pad : !asc.tile<64xf32, UB>, f32
  asc.store %b, %tz[%c64] : !asc.tile<64xf32, UB>, !asc.tensor<?xf32>
  func.return
}
"""


def test_loads_pad_and_stores_clip_at_the_tensor_edge():
    x = np.arange(100, dtype=np.float32)
    z = np.zeros(100, np.float32)
    run(EDGES, [x, z, 100], kernel="k")
    np.testing.assert_array_equal(z[64:], x[64:] - 1)  # 36 elements inside the tensor
    np.testing.assert_array_equal(z[:64], 0)  # nothing else written


MASKED = """\
func.func @k(%x: memref<?xf32, 22>, %n: i32) attributes {ascendc.global} {
  %t = asc.tensor %x(%n) : memref<?xf32, 22> -> !asc.tensor<?xf32>
  %c0 = arith.constant 0 : i32
  %lo = arith.constant 3 : i64
  %hi = arith.constant 0 : i64
  %v = arith.constant 7.0 : f32
  %a = asc.load %t[%c0] : !asc.tensor<?xf32> -> !asc.tile<128xf32, UB>
  asc.bitwise_mask %hi, %lo other %v : f32 {
    %b = asc.neg %a : !asc.tile<128xf32, UB>
    asc.store %b, %t[%c0] : !asc.tile<128xf32, UB>, !asc.tensor<?xf32>
    asc.yield
  }
  func.return
}
"""


def test_bit_masks_apply_to_every_repeat():
    x = np.ones(128, np.float32)
    run(MASKED, [x, 128], kernel="k")
    # 64 f32 a repeat: bits 0 and 1 select elements 0, 1, 64 and 65.
    want = np.full(128, 7.0, np.float32)
    want[[0, 1, 64, 65]] = -1
    np.testing.assert_array_equal(x, want)
