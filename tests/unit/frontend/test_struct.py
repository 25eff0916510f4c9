"""pyasc's tiling structs (asc.language.core.struct): host packing, kernel arguments read
field by field (nested structs too), structs built and changed in a kernel, the C++ they
print, and the import paths pyasc's tests use."""

from __future__ import annotations

import struct
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from frontend_helpers import expect_error

import ascdsl as asc
from ascdsl.dialects.emitasc import DeclarePyStructOp
from ascdsl.frontend.dtypes import KnownTypes as KT
from ascdsl.frontend.language.struct import Field, Struct, StructField


class BlockConfig(Struct):
    block_length = Field(dtype=KT.int32, default=0)


class TileConfig(Struct):
    tile_length = Field(dtype=KT.int32, default=0)
    tile_num = Field(dtype=KT.int32, default=0)
    scale = Field(dtype=KT.float32, default=1.0)


class KernelConfig(Struct):
    block = StructField(BlockConfig)
    tile = StructField(TileConfig)


class Wide(Struct):
    a = Field(dtype=KT.int8, default=1)
    b = Field(dtype=KT.int64, default=2)


@asc.jit
def scaled_copy(x: asc.GlobalAddress, z: asc.GlobalAddress, cfg: KernelConfig):
    offset = asc.get_block_idx() * cfg.block.block_length
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset)
    z_gm.set_global_buffer(z + offset)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, 1)
    qz = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=qx, num=1, len=cfg.tile.tile_length * 4)
    pipe.init_buffer(que=qz, num=1, len=cfg.tile.tile_length * 4)
    for i in range(cfg.tile.tile_num):
        xl = qx.alloc_tensor(asc.float32)
        asc.data_copy(xl, x_gm[i * cfg.tile.tile_length:], count=cfg.tile.tile_length)
        qx.enque(xl)
        xc = qx.deque(asc.float32)
        zl = qz.alloc_tensor(asc.float32)
        asc.muls(zl, xc, cfg.tile.scale, cfg.tile.tile_length)
        qz.enque(zl)
        qx.free_tensor(xc)
        zc = qz.deque(asc.float32)
        asc.data_copy(z_gm[i * cfg.tile.tile_length:], zc, count=cfg.tile.tile_length)
        qz.free_tensor(zc)


@asc.jit
def built_in_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    # a struct made in the kernel, one field changed afterwards (pyasc's __initjit__)
    t = TileConfig(tile_length=n)
    t.scale = 3.0
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm.set_global_buffer(z)
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe = asc.TPipe()
    pipe.init_buffer(buf, 1024)
    v = buf.get(asc.float32)
    asc.data_copy(v, x_gm, count=t.tile_length)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(v, v, t.scale, t.tile_length)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, v, count=t.tile_length)


@asc.jit
def no_such_field(x: asc.GlobalAddress, cfg: TileConfig):
    n = cfg.tile_size


def config(block: int, tile: int, tiles: int, scale: float) -> KernelConfig:
    cfg = KernelConfig(tile=TileConfig(tile_length=tile, tile_num=0, scale=scale))
    cfg.tile.tile_num = tiles  # a nested field set through the parent (a ctypes view)
    cfg.block = BlockConfig(block_length=block)
    return cfg


def test_host_struct_packs_as_cpp_lays_it_out():
    cfg = config(128, 64, 2, 2.5)
    assert cfg.pack() == struct.pack("<iiif", 128, 64, 2, 2.5)
    assert cfg.tile.tile_num == 2 and cfg.block.block_length == 128
    # #pragma pack(push, 8): an int64 after an int8 sits at byte 8
    assert Wide().pack() == struct.pack("<b7xq", 1, 2)
    with pytest.raises(AttributeError, match="TileConfig does not have a field 'size'"):
        TileConfig(size=1)


def test_struct_argument_is_read_field_by_field_on_every_core():
    x = np.arange(512, dtype=np.float32)
    z = np.zeros_like(x)
    scaled_copy[4](x, z, config(128, 64, 2, 2.5))
    np.testing.assert_array_equal(z, x * np.float32(2.5))


def test_the_kernel_declares_nested_structs_first_and_copies_the_argument():
    x = np.zeros(256, np.float32)
    ck = scaled_copy.compile(x, x, config(128, 64, 2, 2.5))
    decls = [op.pystruct.struct_name.data for op in ck.module.walk()
             if isinstance(op, DeclarePyStructOp)]
    assert decls == ["BlockConfig", "TileConfig", "KernelConfig"]
    src = ck.ascendc()
    assert ("#pragma pack(push, 8)\nstruct TileConfig {\n  int32_t tile_length;\n  int32_t "
            "tile_num;\n  float scale;\n};\n#pragma pack(pop)") in src
    assert "__gm__ KernelConfig* v3_cfg" in src
    assert "BlockConfig v6 = v4.block;" in src


def test_a_struct_built_in_the_kernel():
    x = np.arange(64, dtype=np.float32)
    z = np.zeros_like(x)
    built_in_kernel[1](x, z, 64)
    np.testing.assert_array_equal(z, x * 3)
    src = built_in_kernel.compile(x, z, 64).ascendc()
    assert "TileConfig v" in src and ".scale = " in src


def test_an_unknown_field_is_a_located_error():
    expect_error(no_such_field, (np.zeros(4, np.float32), TileConfig()),
                 "TileConfig has no field 'tile_size' (fields: tile_length, tile_num, scale)",
                 "n = cfg.tile_size", token="cfg.tile_size")


def test_pyasc_import_paths(tmp_path):
    code = textwrap.dedent('''
        import ascdsl; ascdsl.alias_asc()
        from asc.language.core.dtype import KnownTypes as KT
        from asc.language.core.struct import Field, Struct, StructField
        import ascdsl.frontend.language.struct as s
        assert Struct is s.Struct and KT.int32 is ascdsl.int32
        class C(Struct):
            n = Field(dtype=KT.int32, default=3)
        print(C().pack().hex())
    ''')
    path = tmp_path / "k.py"
    path.write_text(code)
    proc = subprocess.run([sys.executable, str(path)], capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().endswith("03000000")
