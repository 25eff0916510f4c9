"""IR kernels and helpers the simulator tests share (IR written as pyasc would compile it)."""

from __future__ import annotations

import inspect

import numpy as np

from ascdsl.context import make_context
from ascdsl.diagnostics import parse_module
from ascdsl.runtime import prepare


def parse(text: str, filename: str = "kernel.mlir"):
    """Parse IR text; ops get `filename:line:col` locations (the text is kept for rendering)."""
    return parse_module(make_context(), text, filename)


def run(text: str, args: list, cores: int = 1, sanitize: str = "raise", kernel: str = "k",
        filename: str = "kernel.mlir", trace: bool = False):
    """Parse, prepare and launch; returns the RunReport (with its timeline if `trace`)."""
    return prepare(parse(text, filename), kernel).launch(cores, args, sanitize=sanitize,
                                                         trace=trace)


def ub_frame(compute, src_dtype, dst_dtype, n: int = 256, m: int | None = None,
             keep_sources: bool = False):
    """A jit kernel (x, y, z): n elements of x and y and m (default n) of z into UB, then
    `compute(lz, lx, ly)` on V, then z back to GM (and x and y too with `keep_sources`, for ops
    that leave values in their sources)."""
    import ascdsl as asc

    m = m or n

    @asc.jit
    def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress):
        gx, gy, gz = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
        gx.set_global_buffer(x)
        gy.set_global_buffer(y)
        gz.set_global_buffer(z)
        lx = asc.LocalTensor(src_dtype, asc.TPosition.VECIN, 0, n)
        ly = asc.LocalTensor(src_dtype, asc.TPosition.VECIN, 16384, n)
        lz = asc.LocalTensor(dst_dtype, asc.TPosition.VECOUT, 32768, m)
        asc.data_copy(lx, gx, n)
        asc.data_copy(ly, gy, n)
        asc.data_copy(lz, gz, m)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        compute(lz, lx, ly)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(gz, lz, m)
        if keep_sources:
            asc.data_copy(gx, lx, n)
            asc.data_copy(gy, ly, n)

    return kernel


def line_of(text: str, needle: str) -> int:
    """1-based line of the first line containing `needle`."""
    for i, line in enumerate(text.splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(f"{needle!r} not in the kernel")


def source_line_of(fn, needle: str) -> int:
    """The file line of the first line of the Python function `fn` containing `needle`."""
    src, start = inspect.getsourcelines(fn)
    for i, text in enumerate(src):
        if needle in text:
            return start + i
    raise AssertionError(f"{needle!r} not in {fn.__name__}")


def vadd_framework(buffer_num: int = 2, dtype: str = "f32") -> str:
    """02_add_framework: z = x + y with TPipe/TQue, copy_in / compute / copy_out per tile.

    Arguments: x, y, z, block_length (elements per core), tile_length (elements per tile),
    loops (tiles per core). Each core handles x[block_idx * block_length:][:block_length].
    """
    size = {"f32": 4, "f16": 2, "i32": 4, "i16": 2, "bf16": 2}[dtype]
    t = f"!ascendc.local_tensor<*x{dtype}>"
    g = f"!ascendc.global_tensor<*x{dtype}>"
    m = f"memref<?x{dtype}, 22>"
    qi = f"!ascendc.queue<vecin, {buffer_num}>"
    qo = f"!ascendc.queue<vecout, {buffer_num}>"
    return f"""\
func.func @vadd(%x: {m}, %y: {m}, %z: {m}, %block_length: i32, %tile_length: i32, %loops: i32) attributes {{ascendc.global}} {{
  %idx = ascendc.get_block_idx : i32
  %off = arith.muli %idx, %block_length : i32
  %xp = emitasc.ptr_offset %x[%off] : {m}, i32, {m}
  %yp = emitasc.ptr_offset %y[%off] : {m}, i32, {m}
  %zp = emitasc.ptr_offset %z[%off] : {m}, i32, {m}
  %gx = ascendc.global_tensor : {g}
  %gy = ascendc.global_tensor : {g}
  %gz = ascendc.global_tensor : {g}
  ascendc.global_tensor.set_global_buffer %gx, %xp, %block_length : {g}, {m}, i32
  ascendc.global_tensor.set_global_buffer %gy, %yp, %block_length : {g}, {m}, i32
  ascendc.global_tensor.set_global_buffer %gz, %zp, %block_length : {g}, {m}, i32
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, {buffer_num}>
  %qy = ascendc.queue : <vecin, {buffer_num}>
  %qz = ascendc.queue : <vecout, {buffer_num}>
  %nbuf = arith.constant {buffer_num} : i32
  %esize = arith.constant {size} : i32
  %bytes = arith.muli %tile_length, %esize : i32
  ascendc.pipe.init_queue %pipe, %qx, %nbuf, %bytes : {qi}, i32, i32
  ascendc.pipe.init_queue %pipe, %qy, %nbuf, %bytes : {qi}, i32, i32
  ascendc.pipe.init_queue %pipe, %qz, %nbuf, %bytes : {qo}, i32, i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %loops step %c1 : i32 {{
    %t0 = arith.muli %i, %tile_length : i32
    %xl = ascendc.que_bind.alloc_tensor %qx : {qi}, {t}
    %yl = ascendc.que_bind.alloc_tensor %qy : {qi}, {t}
    %gxi = ascendc.global_tensor.subindex %gx[%t0] : {g}, i32, {g}
    %gyi = ascendc.global_tensor.subindex %gy[%t0] : {g}, i32, {g}
    ascendc.data_copy_l2 %xl, %gxi, %tile_length : {t}, {g}, i32
    ascendc.data_copy_l2 %yl, %gyi, %tile_length : {t}, {g}, i32
    ascendc.que_bind.enque_tensor %qx, %xl : {qi}, {t}
    ascendc.que_bind.enque_tensor %qy, %yl : {qi}, {t}
    %xc = ascendc.que_bind.deque_tensor %qx : {qi}, {t}
    %yc = ascendc.que_bind.deque_tensor %qy : {qi}, {t}
    %zl = ascendc.que_bind.alloc_tensor %qz : {qo}, {t}
    ascendc.add_l2 %zl, %xc, %yc, %tile_length : {t}, {t}, {t}, i32
    ascendc.que_bind.enque_tensor %qz, %zl : {qo}, {t}
    ascendc.que_bind.free_tensor %qx, %xc : {qi}, {t}
    ascendc.que_bind.free_tensor %qy, %yc : {qi}, {t}
    %zc = ascendc.que_bind.deque_tensor %qz : {qo}, {t}
    %gzi = ascendc.global_tensor.subindex %gz[%t0] : {g}, i32, {g}
    ascendc.data_copy_l2 %gzi, %zc, %tile_length : {g}, {t}, i32
    ascendc.que_bind.free_tensor %qz, %zc : {qo}, {t}
  }}
  ascendc.pipe_barrier pipe_all
  func.return
}}
"""


SIZES = {"f16": 2, "bf16": 2, "f32": 4, "i8": 1, "ui8": 1, "i16": 2, "ui16": 2, "i32": 4,
         "ui32": 4, "i64": 8}



def racy_vadd() -> str:
    """vadd_framework(2) whose two cores read their own slices of x and y but write the
    same slice of z: different values into the same GM bytes, a race across cores."""
    return vadd_framework(2).replace(
        "%zp = emitasc.ptr_offset %z[%off]",
        "%c0z = arith.constant 0 : i32\n  %zp = emitasc.ptr_offset %z[%c0z]")

def ub_kernel(body: str, x: str = "f32", z: str | None = None, n: int = 64,
              extra_args: str = "") -> str:
    """A kernel `@k(%x, %y, %z ...)` that copies n elements of x, y and z into UB tensors %xl,
    %yl, %zl, runs `body` (vector code writing %zl) and copies %zl back to z, synchronized by
    hand. `body` may use %n (i32 n), %c0, %c1 (i32) and spell the UB tensor types TX and TZ."""
    z = z or x
    nb_x = -(-n * SIZES[x] // 32) * 32
    nb_z = -(-n * SIZES[z] // 32) * 32
    tx = f"!ascendc.local_tensor<{n}x{x}>"
    tz = f"!ascendc.local_tensor<{n}x{z}>"
    gx = f"!ascendc.global_tensor<*x{x}>"
    gz = f"!ascendc.global_tensor<*x{z}>"
    mx = f"memref<?x{x}, 22>"
    mz = f"memref<?x{z}, 22>"
    body = body.replace("TX", tx).replace("TZ", tz)
    cp = "!ascendc.data_copy_params"
    pp = "!ascendc.data_copy_pad_params"
    return f"""\
func.func @k(%x: {mx}, %y: {mx}, %z: {mz}{extra_args}) attributes {{ascendc.global}} {{
  %n = arith.constant {n} : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %gx = ascendc.global_tensor : {gx}
  %gy = ascendc.global_tensor : {gx}
  %gz = ascendc.global_tensor : {gz}
  ascendc.global_tensor.set_global_buffer %gx, %x : {gx}, {mx}
  ascendc.global_tensor.set_global_buffer %gy, %y : {gx}, {mx}
  ascendc.global_tensor.set_global_buffer %gz, %z : {gz}, {mz}
  %pipe = ascendc.pipe
  %buf = ascendc.tbuf : <veccalc>
  %len = arith.constant {2 * nb_x + nb_z} : i32
  ascendc.pipe.init_buffer %pipe, %buf, %len : !ascendc.tbuf<veccalc>, i32
  %oy = arith.constant {nb_x} : i32
  %oz = arith.constant {2 * nb_x} : i32
  %xl = ascendc.tbuf.get_with_offset %buf, %n, %c0 : !ascendc.tbuf<veccalc>, i32, i32, {tx}
  %yl = ascendc.tbuf.get_with_offset %buf, %n, %oy : !ascendc.tbuf<veccalc>, i32, i32, {tx}
  %zl = ascendc.tbuf.get_with_offset %buf, %n, %oz : !ascendc.tbuf<veccalc>, i32, i32, {tz}
  %bx = arith.constant {n * SIZES[x]} : i32
  %bz = arith.constant {n * SIZES[z]} : i32
  %cpx = ascendc.construct {cp}(%c1, %bx) : i32, i32
  %cpz = ascendc.construct {cp}(%c1, %bz) : i32, i32
  %nopad = ascendc.construct {pp}(%c0, %c0, %c0, %c0) : i32, i32, i32, i32
  ascendc.data_copy_pad_l0 %xl, %gx, %cpx, %nopad : {tx}, {gx}, {cp}, {pp}
  ascendc.data_copy_pad_l0 %yl, %gy, %cpx, %nopad : {tx}, {gx}, {cp}, {pp}
  ascendc.data_copy_pad_l0 %zl, %gz, %cpz, %nopad : {tz}, {gz}, {cp}, {pp}
  ascendc.set_flag mte2_v, %c0 : i32
  ascendc.wait_flag mte2_v, %c0 : i32
{body}
  ascendc.set_flag v_mte3, %c0 : i32
  ascendc.wait_flag v_mte3, %c0 : i32
  ascendc.data_copy_pad_l2 %gz, %zl, %cpz : {gz}, {tz}, {cp}
  ascendc.pipe_barrier pipe_all
  func.return
}}
"""


def rand(n: int, dtype=np.float32, seed: int = 0, lo: float = 0.0, hi: float = 1.0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    if np.issubdtype(np.dtype(dtype), np.integer):
        return rng.integers(int(lo), int(hi), n).astype(dtype)
    return (lo + (hi - lo) * rng.random(n)).astype(dtype)


def add_static(buffer_num: int = 2, tile_num: int = 8) -> str:
    """01_add: z = x + y with static LocalTensors at fixed UB addresses, synchronized by hand
    with set_flag/wait_flag (event id = buffer id), as pyasc's tutorial writes it."""
    m = "memref<?xf32, 22>"
    g = "!ascendc.global_tensor<*xf32>"
    t = "!ascendc.local_tensor<*xf32>"
    return f"""\
func.func @vadd(%x: {m}, %y: {m}, %z: {m}, %block_length: i32) attributes {{ascendc.global}} {{
  %idx = ascendc.get_block_idx : i32
  %off = arith.muli %idx, %block_length : i32
  %xp = emitasc.ptr_offset %x[%off] : {m}, i32, {m}
  %yp = emitasc.ptr_offset %y[%off] : {m}, i32, {m}
  %zp = emitasc.ptr_offset %z[%off] : {m}, i32, {m}
  %gx = ascendc.global_tensor : {g}
  %gy = ascendc.global_tensor : {g}
  %gz = ascendc.global_tensor : {g}
  ascendc.global_tensor.set_global_buffer %gx, %xp, %block_length : {g}, {m}, i32
  ascendc.global_tensor.set_global_buffer %gy, %yp, %block_length : {g}, {m}, i32
  ascendc.global_tensor.set_global_buffer %gz, %zp, %block_length : {g}, {m}, i32
  %tiles = arith.constant {tile_num} : i32
  %nbuf = arith.constant {buffer_num} : i32
  %c4 = arith.constant 4 : i32
  %per_tile = arith.divsi %block_length, %tiles : i32
  %tile_length = arith.divsi %per_tile, %nbuf : i32
  %elems = arith.muli %tile_length, %nbuf : i32
  %buffer_size = arith.muli %elems, %c4 : i32
  %two_buffers = arith.addi %buffer_size, %buffer_size : i32
  %c0 = arith.constant 0 : i32
  %a0 = builtin.unrealized_conversion_cast %c0 : i32 to ui32
  %a1 = builtin.unrealized_conversion_cast %buffer_size : i32 to ui32
  %a2 = builtin.unrealized_conversion_cast %two_buffers : i32 to ui32
  %len = builtin.unrealized_conversion_cast %elems : i32 to ui32
  %x_local = ascendc.local_tensor_v2 vecin, %a0, %len : {t}
  %y_local = ascendc.local_tensor_v2 vecin, %a1, %len : {t}
  %z_local = ascendc.local_tensor_v2 vecout, %a2, %len : {t}
  %c1 = arith.constant 1 : i32
  %loops = arith.muli %tiles, %nbuf : i32
  scf.for %i = %c0 to %loops step %c1 : i32 {{
    %buf_id = arith.remsi %i, %nbuf : i32
    %lo = arith.muli %buf_id, %tile_length : i32
    %t0 = arith.muli %i, %tile_length : i32
    %xs = ascendc.local_tensor.subindex %x_local[%lo] : {t}, i32, {t}
    %ys = ascendc.local_tensor.subindex %y_local[%lo] : {t}, i32, {t}
    %zs = ascendc.local_tensor.subindex %z_local[%lo] : {t}, i32, {t}
    %gxi = ascendc.global_tensor.subindex %gx[%t0] : {g}, i32, {g}
    %gyi = ascendc.global_tensor.subindex %gy[%t0] : {g}, i32, {g}
    %gzi = ascendc.global_tensor.subindex %gz[%t0] : {g}, i32, {g}
    ascendc.data_copy_l2 %xs, %gxi, %tile_length : {t}, {g}, i32
    ascendc.data_copy_l2 %ys, %gyi, %tile_length : {t}, {g}, i32
    ascendc.set_flag mte2_v, %buf_id : i32
    ascendc.wait_flag mte2_v, %buf_id : i32
    ascendc.add_l2 %zs, %xs, %ys, %tile_length : {t}, {t}, {t}, i32
    ascendc.set_flag v_mte3, %buf_id : i32
    ascendc.wait_flag v_mte3, %buf_id : i32
    ascendc.data_copy_l2 %gzi, %zs, %tile_length : {g}, {t}, i32
    ascendc.set_flag mte3_mte2, %buf_id : i32
    ascendc.wait_flag mte3_mte2, %buf_id : i32
  }}
  ascendc.pipe_barrier pipe_all
  func.return
}}
"""


def erase_queue_sync(text: str) -> str:
    """The framework kernel with its EnQue/DeQue erased (what insert_sync=False leaves after
    erase-sync): each DeQue's tensor is the AllocTensor's."""
    out = []
    renames = {}
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("ascendc.que_bind.enque_tensor"):
            continue
        if "ascendc.que_bind.deque_tensor" in s:
            name = s.split(" = ")[0]
            queue = s.split("deque_tensor ")[1].split(" ")[0]
            renames[name] = queue
            continue
        out.append(line)
    text = "\n".join(out) + "\n"
    allocs = {}
    for line in text.splitlines():
        s = line.strip()
        if "alloc_tensor" in s:
            allocs[s.split("alloc_tensor ")[1].split(" ")[0]] = s.split(" = ")[0]
    for name, queue in renames.items():
        text = text.replace(name + " ", allocs[queue] + " ").replace(name + ",", allocs[queue] + ",")
    return text
