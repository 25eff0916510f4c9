"""The img2col load structs (LoadData3DParamsV1 / V2 / V2Pro) in the kernel language, built as
pyasc 1.1.1's frontend builds them: the operand count and cast list of each construct below is
what pyasc wrote for the same kernel (its test_mm.py kernel_load_data, asked through the
oracle: tests/pyasc_oracle dump)."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.dialects import ascendc

PYASC_CASTS = {
    "load_data_3d_params_v1": "ui8, ui8, ui8, ui8, ui16, ui16, ui16, ui8, ui8, i16, i16, ui8, "
                              "ui8, ui8, ui8, ui8, ui8, ui8, ui8, ui8, ui8, ui16",
    "load_data_3d_params_v2": "ui8, ui8, ui8, ui8, ui16, ui16, ui8, ui16, ui16, ui16, ui16, ui8, "
                              "ui8, ui8, ui8, ui8, ui8, i1, ui16, i1, i1, i1",
    "load_data_3d_params_v2_pro": "ui16, i1, i1, i1, i1, i1, ui64, ui64",
}


@asc.jit
def kernel_load_data(x: asc.GlobalAddress) -> None:
    x_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.A1, addr=0, tile_size=512)
    y_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.A2, addr=0, tile_size=512)
    v1 = asc.LoadData3DParamsV1((0, 0, 0, 0), 16, 16, 0, 0, 0, 0, 0, 1, 1, 3, 3, 1, 1, 1, 0, 1,
                                0, 0)
    v2 = asc.LoadData3DParamsV2((0, 0, 0, 0), 16, 16, 16, 16, 16, 0, 0, 1, 1, 3, 3, 1, 1,
                                False, 0, False, False, False)
    pro = asc.LoadData3DParamsV2Pro(16, False, False, False, False, False, 0, 0x10101010101)
    asc.load_data(y_local, x_local, v1)
    asc.load_data(y_local, x_local, asc.LoadData3DParamsV1.from_ir(v1.to_ir()))
    asc.load_data(y_local, x_local, v2)
    asc.load_data(y_local, x_local, pro)


def _compiled():
    return kernel_load_data.compile(np.zeros(512, np.float16))


def test_constructs_match_pyasc_operand_types():
    ck = _compiled()
    constructs = [op for op in ck.module.walk() if isinstance(op, ascendc.ConstructOp)]
    by_type = {op.result.type.name.removeprefix("ascendc."): op for op in constructs}
    for name, casts in PYASC_CASTS.items():
        op = by_type[name]
        assert ", ".join(str(t) for t in op.types.data) == casts, name
        assert len(op.args) == len(casts.split(", ")), name
    loads = [op for op in ck.module.walk()
             if isinstance(op, ascendc.LoadData3DL0V1Op | ascendc.LoadData3DL0V2Op
                           | ascendc.LoadData3DL0V2ProOp)]
    assert [type(op).__name__ for op in loads] == [
        "LoadData3DL0V1Op", "LoadData3DL0V1Op", "LoadData3DL0V2Op", "LoadData3DL0V2ProOp"]
    assert loads[0].params is loads[1].params  # from_ir(to_ir()) is the same value


def test_the_ascend_c_builds_pad_list_and_calls_the_constructor():
    source = _compiled().source
    assert "LoadData3DParamsV1<half>" in source and "LoadData3DParamsV2<half>" in source
    v2 = next(line for line in source.splitlines() if "LoadData3DParamsV2<half>" in line)
    # enSmallK, which pyasc's frontend leaves out, is passed false before padValue
    assert ", false, static_cast<half>(" in v2


@asc.jit
def kernel_from_gm(x: asc.GlobalAddress) -> None:
    x_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.A1, addr=0, tile_size=512)
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    asc.load_data(x_local, x_gm, asc.LoadData3DParamsV2((0, 0, 0, 0), 16, 16))


def test_an_img2col_load_from_gm_is_refused_at_its_line():
    # pyasc 1.1.1 builds no op for it (the load silently disappears); Ascend C has no such
    # form, so ascdsl names the forms there are.
    with pytest.raises(asc.CompilationError) as info:
        kernel_from_gm.compile(np.zeros(512, np.float16))
    text = str(info.value)
    assert "load_data(dst, src: LocalTensor, params: LoadData3DParamsV2)" in text
    assert "test_load3d_params.py" in text


@asc.jit
def kernel_512_channels(x: asc.GlobalAddress) -> None:
    a1 = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.A1, addr=0, tile_size=8192)
    a2 = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.A2, addr=0, tile_size=8192)
    asc.load_data(a2, a1, asc.LoadData3DParamsV2((0, 0, 0, 0), 1, 16, 512, 512, 16))


def test_a_channel_count_over_255_keeps_the_headers_uint16():
    # pyasc casts channel_size to uint8 (the header's field is uint16_t): 512 would not fit.
    ck = kernel_512_channels.compile(np.zeros(16, np.float16))
    (op,) = [o for o in ck.module.walk() if isinstance(o, ascendc.ConstructOp)]
    assert str(op.types.data[6]) == "ui16"
    assert str(op.types.data[4]) == "ui16"  # l1H as pyasc types it


@asc.jit
def kernel_misspelt_field(x: asc.GlobalAddress) -> None:
    asc.LoadData3DParamsV2((0, 0, 0, 0), 1, 16, pad=1)


def test_an_unknown_field_names_the_fields():
    with pytest.raises(asc.CompilationError) as info:
        kernel_misspelt_field.compile(np.zeros(16, np.float16))
    assert "LoadData3DParamsV2() has no field 'pad' (fields: pad_list, l1_h," in str(info.value)
