"""IR of hand-written cube kernels (Nd2Nz -> LoadData -> Mmad -> Fixpipe), as pyasc writes it."""

from __future__ import annotations


def _u32(name: str, value: int) -> str:
    # Static tensors take ui32 addresses and sizes, which pyasc makes with emitc.constant.
    return f'    %{name} = "emitc.constant"() <{{value = {value} : ui32}}> : () -> ui32\n'


def mmad_kernel(m: int, n: int, k: int, out: str = "f32", quant: int = 0, relu: bool = False,
                sync: bool = True, a_l1: int = 0, bias: bool = False, deq: int = 0) -> str:
    """C[m, n] = A[m, k] @ B[k, n] (f16 in) on one AI core, one block of each matrix.

    A and B go GM -> L1 (A1/B1, NZ) -> L0A (ZZ) / L0B (ZN, transposed fractals) -> Mmad ->
    L0C (CO1) -> Fixpipe NZ -> ND rows of C. `sync=False` leaves out the flags; `bias=True`
    adds a fourth GM argument, an f32 row copied GM -> L1 -> C2 (the bias table) that
    Mmad adds to every row (cmatrixInitVal=false, as asc-devkit's mmad sample sets it: with
    true the cube starts from zero and ignores the bias)."""
    m16, n16, k16 = -(-m // 16) * 16, -(-n // 16) * 16, -(-k // 16) * 16
    m1, n1, k1 = m16 // 16, n16 // 16, k16 // 16
    b_l1 = a_l1 + m16 * k16 * 2

    def flag(event: str) -> str:
        if not sync:
            return ""
        return f"    ascendc.set_flag {event}, %c0 : i32\n    ascendc.wait_flag {event}, %c0 : i32\n"

    lines = []
    for i in range(m1):
        lines.append(
            f"    %la{i} = ascendc.construct !ascendc.load_data_2d_params(%i{i}, %cK1, %cM1, %c0, "
            f"%c0, %false, %c0) : i32, i32, i32, i32, i32, i1, i32\n"
            f"    %a2v{i} = ascendc.local_tensor_v2 a2, %oa{i}, %ctile : !ascendc.local_tensor<*xf16>\n"
            f"    ascendc.load_data_l0 %a2v{i}, %a1, %la{i} : !ascendc.local_tensor<*xf16>, "
            f"!ascendc.local_tensor<*xf16>, !ascendc.load_data_2d_params\n")
    for j in range(k1):
        lines.append(
            f"    %lb{j} = ascendc.construct !ascendc.load_data_2d_params(%j{j}, %cN1, %cK1, %c0, "
            f"%c0, %true, %c0) : i32, i32, i32, i32, i32, i1, i32\n"
            f"    %b2v{j} = ascendc.local_tensor_v2 b2, %ob{j}, %ctile : !ascendc.local_tensor<*xf16>\n"
            f"    ascendc.load_data_l0 %b2v{j}, %b1, %lb{j} : !ascendc.local_tensor<*xf16>, "
            f"!ascendc.local_tensor<*xf16>, !ascendc.load_data_2d_params\n")
    consts = "".join(f"    %i{i} = arith.constant {i} : i32\n{_u32(f'oa{i}', i * k1 * 512)}"
                     for i in range(m1))
    consts += "".join(f"    %j{j} = arith.constant {j} : i32\n{_u32(f'ob{j}', j * n1 * 512)}"
                      for j in range(k1))
    consts += "".join(_u32(name, v) for name, v in (
        ("u0", 0), ("ctile", 16384), ("cal1", a_l1), ("cbl1", b_l1), ("cna", m16 * k16),
        ("cnb", k16 * n16), ("cnc", m16 * n16)))
    mmad = ("    ascendc.mmad %co1, %a2, %b2, %pm : !ascendc.local_tensor<*xf32>, "
            "!ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.mmad_params")
    bias_arg = ""
    if bias:
        bias_arg = ", %gbias: memref<?xf32, 22>"
        consts += _u32("cbiasl1", b_l1 + k16 * n16 * 2) + _u32("cnbias", n16)
        mmad = f"""\
    %cn16 = arith.constant {n16} : i32
    %bias_gm = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
    ascendc.global_tensor.set_global_buffer %bias_gm, %gbias : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
    %bias1 = ascendc.local_tensor_v2 c1, %cbiasl1, %cnbias : !ascendc.local_tensor<*xf32>
    %bias2 = ascendc.local_tensor_v2 c2, %u0, %cnbias : !ascendc.local_tensor<*xf32>
    ascendc.data_copy_l2 %bias1, %bias_gm, %cn16 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
{flag("mte2_mte1")}    ascendc.data_copy_l2 %bias2, %bias1, %cn16 : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
{flag("mte1_m")}    %pmb = ascendc.construct !ascendc.mmad_params(%cm, %cn, %ck, %c0, %false, %false) [ui16, ui16, ui16, ui8, i1, i1] : i32, i32, i32, i32, i1, i1
    ascendc.mmad_with_bias %co1, %a2, %b2, %bias2, %pmb : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf16>, !ascendc.local_tensor<*xf32>, !ascendc.mmad_params"""
    return f"""\
func.func @k(%ga: memref<?xf16, 22>, %gb: memref<?xf16, 22>, %gc: memref<?x{out}, 22>{bias_arg}) attributes {{ascendc.global}} {{
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %false = arith.constant false
    %true = arith.constant true
    %cm = arith.constant {m} : i32
    %cn = arith.constant {n} : i32
    %ck = arith.constant {k} : i32
    %cm16 = arith.constant {m16} : i32
    %ck16 = arith.constant {k16} : i32
    %cM1 = arith.constant {m1} : i32
    %cN1 = arith.constant {n1} : i32
    %cK1 = arith.constant {k1} : i32
    %cquant = arith.constant {quant} : i32
    %cdeq = arith.constant {deq} : i64
    %crelu = arith.constant {"true" if relu else "false"}
{consts}    %a = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
    ascendc.global_tensor.set_global_buffer %a, %ga : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
    %b = ascendc.global_tensor : !ascendc.global_tensor<*xf16>
    ascendc.global_tensor.set_global_buffer %b, %gb : !ascendc.global_tensor<*xf16>, memref<?xf16, 22>
    %c = ascendc.global_tensor : !ascendc.global_tensor<*x{out}>
    ascendc.global_tensor.set_global_buffer %c, %gc : !ascendc.global_tensor<*x{out}>, memref<?x{out}, 22>
    %a1 = ascendc.local_tensor_v2 a1, %cal1, %cna : !ascendc.local_tensor<*xf16>
    %b1 = ascendc.local_tensor_v2 b1, %cbl1, %cnb : !ascendc.local_tensor<*xf16>
    %co1 = ascendc.local_tensor_v2 co1, %u0, %cnc : !ascendc.local_tensor<*xf32>
    %pa = ascendc.construct !ascendc.nd2nz_params(%c1, %cm, %ck, %c0, %ck, %cm16, %c1, %c0) : i32, i32, i32, i32, i32, i32, i32, i32
    ascendc.data_copy_nd2nz %a1, %a, %pa : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.nd2nz_params
    %pb = ascendc.construct !ascendc.nd2nz_params(%c1, %ck, %cn, %c0, %cn, %ck16, %c1, %c0) : i32, i32, i32, i32, i32, i32, i32, i32
    ascendc.data_copy_nd2nz %b1, %b, %pb : !ascendc.local_tensor<*xf16>, !ascendc.global_tensor<*xf16>, !ascendc.nd2nz_params
{flag("mte2_mte1")}{"".join(lines)}{flag("mte1_m")}    %a2 = ascendc.local_tensor_v2 a2, %u0, %ctile : !ascendc.local_tensor<*xf16>
    %b2 = ascendc.local_tensor_v2 b2, %u0, %ctile : !ascendc.local_tensor<*xf16>
    %pm = ascendc.construct !ascendc.mmad_params(%cm, %cn, %ck, %false, %c0, %false, %false, %false) : i32, i32, i32, i1, i32, i1, i1, i1
{mmad}
{flag("m_fix")}    %pf = ascendc.construct !ascendc.fixpipe_params_v220(%cn, %cm, %cm16, %cn, %crelu, %cquant, %cdeq, %c1, %c0, %c0, %c0, %false) [ui16, ui16, ui16, ui32, i1, !ascendc.quant_mode_t, ui64, ui16, ui16, ui16, ui8, i1] : i32, i32, i32, i32, i1, i32, i64, i32, i32, i32, i32, i1
    %cfg = ascendc.construct !ascendc.fixpipe_config(%c1) [!ascendc.co2_layout] : i32
    ascendc.fixpipe %c, %co1, %pf, %cfg : !ascendc.global_tensor<*x{out}>, !ascendc.local_tensor<*xf32>, !ascendc.fixpipe_params_v220, !ascendc.fixpipe_config
    func.return
}}
"""
