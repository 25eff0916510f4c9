"""Scalar code (arith, math, scf, func, memref, casts): results stored to GM with SetValue."""

import math

import numpy as np
import pytest

from sim_kernels import run


def scalar_kernel(lines: list[str], outs: list[str], out_type: str = "i32", args: str = "") -> str:
    """A kernel computing `lines` and storing the values `outs` (of `out_type`) to %out[i]."""
    g = f"!ascendc.global_tensor<*x{out_type}>"
    stores = []
    for i, v in enumerate(outs):
        stores.append(f"  %i{i} = arith.constant {i} : i32")
        stores.append(f"  ascendc.global_tensor.set_value %g, %i{i}, {v} : {g}, i32, {out_type}")
    body = "\n".join("  " + line for line in lines)
    return f"""\
func.func @k(%out: memref<?x{out_type}, 22>{args}) attributes {{ascendc.global}} {{
  %g = ascendc.global_tensor : {g}
  ascendc.global_tensor.set_global_buffer %g, %out : {g}, memref<?x{out_type}, 22>
{body}
{chr(10).join(stores)}
  ascendc.pipe_barrier pipe_all
  func.return
}}
"""


def run_scalars(lines, outs, out_type="i32", dtype=np.int32, args="", extra=()):
    out = np.zeros(len(outs), dtype)
    run(scalar_kernel(lines, outs, out_type, args), [out, *extra])
    return out


def test_i32_arithmetic_wraps_and_divides_toward_zero():
    out = run_scalars(
        [
            "%max = arith.constant 2147483647 : i32",
            "%one = arith.constant 1 : i32",
            "%m7 = arith.constant -7 : i32",
            "%two = arith.constant 2 : i32",
            "%wrap = arith.addi %max, %one : i32",
            "%q = arith.divsi %m7, %two : i32",
            "%r = arith.remsi %m7, %two : i32",
            "%fq = arith.floordivsi %m7, %two : i32",
            "%cq = arith.ceildivsi %m7, %two : i32",
            "%uq = arith.divui %m7, %two : i32",
            "%sr = arith.shrsi %m7, %one : i32",
            "%ur = arith.shrui %m7, %one : i32",
            "%mul = arith.muli %max, %two : i32",
        ],
        ["%wrap", "%q", "%r", "%fq", "%cq", "%uq", "%sr", "%ur", "%mul"],
    )
    assert out.tolist() == [-(2**31), -3, -1, -4, -3, 2147483644, -4, 2147483644, -2]


def test_extended_multiplication_gives_both_halves():
    # -1 * 2 as unsigned: 0xFFFFFFFF * 2 = 0x1_FFFFFFFE (high 1); as signed: -2 (high -1).
    out = run_scalars(
        [
            "%m1 = arith.constant -1 : i32",
            "%two = arith.constant 2 : i32",
            "%ulo, %uhi = arith.mului_extended %m1, %two : i32",
            "%slo, %shi = arith.mulsi_extended %m1, %two : i32",
            "%big = arith.constant 65536 : i32",
            "%blo, %bhi = arith.mului_extended %big, %big : i32",
        ],
        ["%ulo", "%uhi", "%slo", "%shi", "%blo", "%bhi"],
    )
    assert out.tolist() == [-2, 1, -2, -1, 0, 1]


def test_comparisons_select_and_min_max():
    out = run_scalars(
        [
            "%a = arith.constant -1 : i32",
            "%b = arith.constant 1 : i32",
            "%slt = arith.cmpi slt, %a, %b : i32",
            "%ult = arith.cmpi ult, %a, %b : i32",
            "%s = arith.select %ult, %a, %b : i32",
            "%mx = arith.maxsi %a, %b : i32",
            "%mu = arith.maxui %a, %b : i32",
            "%e1 = arith.extui %slt : i1 to i32",
            "%e2 = arith.extsi %slt : i1 to i32",
        ],
        ["%e1", "%e2", "%s", "%mx", "%mu"],
    )
    assert out.tolist() == [1, -1, 1, 1, -1]


def test_casts_between_widths_and_float():
    out = run_scalars(
        [
            "%big = arith.constant 70000 : i32",
            "%t = arith.trunci %big : i32 to i16",
            "%s = arith.extsi %t : i16 to i32",
            "%u = arith.extui %t : i16 to i32",
            "%f = arith.constant -2.75 : f32",
            "%fi = arith.fptosi %f : f32 to i32",
            "%ix = arith.index_cast %big : i32 to index",
            "%back = arith.index_cast %ix : index to i32",
            "%bits = arith.bitcast %f : f32 to i32",
        ],
        ["%s", "%u", "%fi", "%back", "%bits"],
    )
    assert out.tolist() == [4464, 4464, -2, 70000,
                            int(np.array([-2.75], np.float32).view(np.int32)[0])]


def test_f32_arithmetic_rounds_to_f32():
    out = run_scalars(
        [
            "%a = arith.constant 0.1 : f32",
            "%b = arith.constant 0.2 : f32",
            "%s = arith.addf %a, %b : f32",
            "%z = arith.constant 0.0 : f32",
            "%inf = arith.divf %a, %z : f32",
            "%e = math.exp %a : f32",
            "%q = math.sqrt %b : f32",
            "%i = arith.constant 3 : i32",
            "%fi = arith.sitofp %i : i32 to f32",
        ],
        ["%s", "%inf", "%e", "%q", "%fi"],
        out_type="f32",
        dtype=np.float32,
    )
    assert out[0] == np.float32(0.1) + np.float32(0.2)
    assert out[1] == np.inf
    assert out[2] == np.float32(math.exp(np.float32(0.1)))
    assert out[3] == np.float32(math.sqrt(np.float32(0.2)))
    assert out[4] == 3.0


def test_scf_for_with_iter_args_if_and_while():
    out = run_scalars(
        [
            "%c0 = arith.constant 0 : i32",
            "%c1 = arith.constant 1 : i32",
            "%c10 = arith.constant 10 : i32",
            "%sum = scf.for %i = %c0 to %c10 step %c1 iter_args(%acc = %c0) -> (i32) : i32 {",
            "  %nx = arith.addi %acc, %i : i32",
            "  scf.yield %nx : i32",
            "}",
            "%big = arith.cmpi sgt, %sum, %c10 : i32",
            "%pick = scf.if %big -> (i32) {",
            "  scf.yield %c1 : i32",
            "} else {",
            "  scf.yield %c0 : i32",
            "}",
            "%w = scf.while (%v = %c1) : (i32) -> i32 {",
            "  %lt = arith.cmpi slt, %v, %c10 : i32",
            "  scf.condition(%lt) %v : i32",
            "} do {",
            "^bb0(%v2: i32):",
            "  %d = arith.muli %v2, %c10 : i32",
            "  scf.yield %d : i32",
            "}",
        ],
        ["%sum", "%pick", "%w"],
    )
    assert out.tolist() == [45, 1, 10]


def test_func_call_local_arrays_and_runtime_scalar_args():
    text = """\
func.func private @twice(%a: i32) -> i32 {
  %r = arith.addi %a, %a : i32
  func.return %r : i32
}
func.func @k(%out: memref<?xi32, 22>, %n: i32) attributes {ascendc.global} {
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
  ascendc.global_tensor.set_global_buffer %g, %out : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
  %arr = memref.alloca() : memref<4xi32>
  %i1 = arith.constant 1 : index
  %t = func.call @twice(%n) : (i32) -> i32
  memref.store %t, %arr[%i1] : memref<4xi32>
  %v = memref.load %arr[%i1] : memref<4xi32>
  %c0 = arith.constant 0 : i32
  ascendc.global_tensor.set_value %g, %c0, %v : !ascendc.global_tensor<*xi32>, i32, i32
  %neg = arith.constant -1 : i32
  %u = builtin.unrealized_conversion_cast %neg : i32 to ui32
  %back = builtin.unrealized_conversion_cast %u : ui32 to i32
  %c1 = arith.constant 1 : i32
  ascendc.global_tensor.set_value %g, %c1, %back : !ascendc.global_tensor<*xi32>, i32, i32
  ascendc.pipe_barrier pipe_all
  func.return
}
"""
    out = np.zeros(2, np.int32)
    run(text, [out, 21])
    assert out.tolist() == [42, -1]


def test_unrealized_cast_to_ui32_gives_the_unsigned_value():
    out = np.zeros(1, np.uint32)
    text = """\
func.func @k(%out: memref<?xui32, 22>) attributes {ascendc.global} {
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xui32>
  ascendc.global_tensor.set_global_buffer %g, %out : !ascendc.global_tensor<*xui32>, memref<?xui32, 22>
  %neg = arith.constant -2 : i32
  %u = builtin.unrealized_conversion_cast %neg : i32 to ui32
  %c0 = arith.constant 0 : i32
  ascendc.global_tensor.set_value %g, %c0, %u : !ascendc.global_tensor<*xui32>, i32, ui32
  ascendc.pipe_barrier pipe_all
  func.return
}
"""
    run(text, [out])
    assert out[0] == 2**32 - 2


def test_division_by_zero_is_a_located_error():
    from ascdsl.sim import InvalidArgumentError

    text = scalar_kernel(
        ["%a = arith.constant 1 : i32", "%z = arith.constant 0 : i32", "%q = arith.divsi %a, %z : i32"],
        ["%q"],
    )
    with pytest.raises(InvalidArgumentError, match=r"kernel.mlir:6:3: error: .*'arith.divsi' op divides by zero"):
        run(text, [np.zeros(1, np.int32)])
