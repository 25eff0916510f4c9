"""The cube unit's parameter structs in the kernel language, with pyasc's names and keywords.

`asc.LoadData2DParams(start_index=0, repeat_times=1, src_stride=0, ...)`, `asc.MmadParams(m, n,
k, ...)`, `asc.FixpipeParamsV220(n_size, m_size, src_stride, dst_stride, quant_pre=...)`,
`asc.FixpipeConfig(asc.CO2Layout.ROW_MAJOR)` / `asc.FixpipeConfig.cfg_row_major`,
`asc.Nd2NzParams(...)`, `asc.Nz2NdParamsFull(...)`. Each builds one `ascendc.construct`.
"""

from __future__ import annotations

from typing import Any

from xdsl.dialects.builtin import ArrayAttr, IntegerType, Signedness

from ascdsl.dialects.ascendc import ConstructOp
from ascdsl.dialects.ascendc.types_cube import (
    CO2Layout,
    CO2LayoutType,
    CubeFormat,
    FixpipeConfigType,
    FixpipeParamsV220Type,
    InitConstValueParamsType,
    LoadData2DParamsType,
    LoadData2DParamsV2Type,
    LoadData2dTransposeParamsType,
    LoadData2dTransposeParamsV2Type,
    LoadData3DParamsV1Type,
    LoadData3DParamsV2ProType,
    LoadData3DParamsV2Type,
    LoadDataRepeatParamType,
    MmadParamsType,
    Nd2NzParamsType,
    Nz2NdParamsFullType,
    QuantMode,
    QuantModeType,
)

from ..builder import current
from ..errors import KernelLanguageError
from ..forms import default_construct
from .. import dtypes as dt
from ..values import ConstExpr, IRValue, materialize, materialize_int
from ._util import bind_args
from .params import PARAM_CLASSES, ParamStruct, _field_value, cpp_field_dtypes

# pyasc's Python name of QuantMode_t.
QuantModes = QuantMode


class LoadData2DParams(ParamStruct):
    """`AscendC::LoadData2DParams`: `repeat_times` 512-byte fractals from fractal
    `start_index` of L1, `src_stride` fractals apart, into consecutive fractals of L0A/L0B
    (`dst_gap` fractals between them); `if_transpose` transposes each 16 x 16 fractal."""

    __slots__ = ()
    STRUCT = LoadData2DParamsType
    # pyasc's types; its sid is uint16_t where the header's is uint8_t (see CAST_TYPES)
    OPERAND_DTYPES = (dt.uint16, dt.uint8, dt.uint16, dt.uint16, dt.uint16, dt.int1, dt.uint8)
    CAST_TYPES = tuple(t.ir for t in OPERAND_DTYPES)


class LoadData2DParamsV2(ParamStruct):
    """`AscendC::LoadData2DParamsV2`: a load addressed by (m, k) start positions and steps."""

    __slots__ = ()
    STRUCT = LoadData2DParamsV2Type


class LoadData2dTransposeParams(ParamStruct):
    """`AscendC::LoadData2dTransposeParams` (LoadDataWithTranspose)."""

    __slots__ = ()
    STRUCT = LoadData2dTransposeParamsType
    OPERAND_DTYPES = cpp_field_dtypes(LoadData2dTransposeParamsType)


class LoadData2dTransposeParamsV2(ParamStruct):
    """`AscendC::LoadData2dTransposeParamsV2` (LoadDataWithTranspose)."""

    __slots__ = ()
    STRUCT = LoadData2dTransposeParamsV2Type
    OPERAND_DTYPES = cpp_field_dtypes(LoadData2dTransposeParamsV2Type)


class LoadDataRepeatParam(ParamStruct):
    """`AscendC::LoadDataRepeatParam` (3D loads)."""

    __slots__ = ()
    # The header's constructor order (repeatStride, repeatTime, repeatMode). pyasc passes its
    # Python order (repeat_time, repeat_stride, ...) into it, cast [ui8, ui16, ui8], so its
    # C++ swaps the two fields: kept apart from pyasc on purpose (docs/testing.md).
    STRUCT = LoadDataRepeatParamType


class Nd2NzParams(ParamStruct):
    """`AscendC::Nd2NzParams`: `nd_num` row-major [n_value, d_value] matrices (rows
    `src_d_value` elements apart) into NZ fractals of L1: column block j starts
    `j * dst_nz_c0_stride` C0-rows in, rows `dst_nz_n_stride` C0-rows apart."""

    __slots__ = ()
    STRUCT = Nd2NzParamsType


class Nz2NdParamsFull(ParamStruct):
    """`AscendC::Nz2NdParamsFull`: NZ fractals back to row-major matrices."""

    __slots__ = ()
    STRUCT = Nz2NdParamsFullType


_U16 = IntegerType(16, Signedness.UNSIGNED)
_U8 = IntegerType(8, Signedness.UNSIGNED)
_I1 = IntegerType(1)


class MmadParams(IRValue):
    """`AscendC::MmadParams`, as pyasc builds it:

    - `MmadParams(m, n, k, is_bias=False, fm_offset=0, en_ssparse=False, en_winograd_a=False,
      en_winograd_b=False)`: `is_bias` accumulates onto what dst holds (C += A B);
    - `MmadParams(m, n, k, unit_flag=0, cmatrix_source=False, cmatrix_init_val=True)`:
      `cmatrix_init_val=False` accumulates;
    - `MmadParams()`: every field at its default.

    pyasc's constructor builds the empty struct unless every keyword of one form is given,
    so its `MmadParams(4, 4, 4)` drops m, n, k; ascdsl keeps the values given (the one
    deliberate difference, docs/testing.md).
    """

    __slots__ = ()
    _EIGHT = ("is_bias", "fm_offset", "en_ssparse", "en_winograd_a", "en_winograd_b")
    _SIX = ("unit_flag", "cmatrix_source", "cmatrix_init_val")

    def __init__(self, m: Any = None, n: Any = None, k: Any = None, *, is_bias: Any = None,
                 fm_offset: Any = None, en_ssparse: Any = None, en_winograd_a: Any = None,
                 en_winograd_b: Any = None, unit_flag: Any = None, cmatrix_source: Any = None,
                 cmatrix_init_val: Any = None):
        args = dict(locals())
        given = {k_: ConstExpr.unwrap(v) for k_, v in args.items()
                 if k_ in self._EIGHT + self._SIX and v is not None}
        six = [k_ for k_ in given if k_ in self._SIX]
        eight = [k_ for k_ in given if k_ in self._EIGHT]
        if six and eight:
            raise KernelLanguageError(
                f"MmadParams() takes either {', '.join(self._EIGHT)} or "
                f"{', '.join(self._SIX)}, not both (got {', '.join(six + eight)})")
        sizes = [ConstExpr.unwrap(v) for v in (m, n, k)]
        if all(v is None for v in sizes) and not given:
            op = current().insert(default_construct(MmadParamsType()))
            super().__init__(op.results[0])
            return
        if six:
            fields, ctypes = MmadParamsType.MMAD_UNIT_FORM, MmadParamsType.MMAD_UNIT_CPP
        else:
            fields, ctypes = MmadParamsType.FIELDS, MmadParamsType.FIELD_CPP
        names = ["m", "n", "k", *(self._SIX if six else self._EIGHT)]
        values = dict(zip(("m", "n", "k"), sizes)) | given
        # each value typed as its field, as pyasc's constructor materializes them (it types
        # unit_flag as a bool; the header's unitFlag is a uint8_t of 0..3, kept as such)
        kinds = {"uint16_t": dt.uint16, "uint8_t": dt.uint8, "bool": dt.int1,
                 "int32_t": dt.int32}
        operands = []
        for name, (_, default), c in zip(names, fields, ctypes):
            v = values.get(name)
            operands.append(materialize_int(default if v is None else v,
                                            f"MmadParams(): '{name}'", kinds[c]).value)
        types = {"uint16_t": _U16, "uint8_t": _U8, "bool": _I1, "int32_t": IntegerType(32)}
        op = ConstructOp(MmadParamsType(), operands)
        op.types = ArrayAttr([types[c] for c in ctypes])
        current().insert(op)
        super().__init__(op.results[0])

    def describe(self) -> str:
        return "MmadParams"


class FixpipeParamsV220(IRValue):
    """`AscendC::FixpipeParamsV220(n_size, m_size, src_stride, dst_stride,
    quant_pre=QuantModes.NoQuant, deq_scalar=0, nd_num=1, src_nd_stride=0, dst_nd_stride=0,
    relu_en=False, unit_flag=0, is_channel_split=False)`: pyasc's argument order; the struct
    is built with the C++ constructor's (relu_en fifth)."""

    __slots__ = ()
    PY_ORDER = ("n_size", "m_size", "src_stride", "dst_stride", "quant_pre", "deq_scalar",
                "nd_num", "src_nd_stride", "dst_nd_stride", "relu_en", "unit_flag",
                "is_channel_split")
    CPP_ORDER = ("n_size", "m_size", "src_stride", "dst_stride", "relu_en", "quant_pre",
                 "deq_scalar", "nd_num", "src_nd_stride", "dst_nd_stride", "unit_flag",
                 "is_channel_split")
    DEFAULTS = {"quant_pre": 0, "deq_scalar": 0, "nd_num": 1, "src_nd_stride": 0,
                "dst_nd_stride": 0, "relu_en": False, "unit_flag": 0, "is_channel_split": False}
    # pyasc's constructor: the type of each value in CPP_ORDER (None: `_mat(v)`, a bool an
    # i1 and an int an i32) and its cast list (deqScalar as uint64_t, the header's int64_t)
    DTYPES = (dt.uint16, dt.uint16, dt.uint16, dt.uint32, None, None, None, dt.uint16,
              dt.uint16, dt.uint16, None, None)
    CASTS = (_U16, _U16, _U16, IntegerType(32, Signedness.UNSIGNED), _I1, QuantModeType(),
             IntegerType(64, Signedness.UNSIGNED), _U16, _U16, _U16, _U8, _I1)

    def __init__(self, *args: Any, **kwargs: Any):
        api = "FixpipeParamsV220"
        values = bind_args(api, self.PY_ORDER, args, kwargs, "field")
        missing = [k for k in self.PY_ORDER[:4] if k not in values]
        if missing:
            raise KernelLanguageError(f"{api}() needs {', '.join(missing)}")
        operands = []
        for name, t in zip(self.CPP_ORDER, self.DTYPES):
            v = ConstExpr.unwrap(values.get(name, self.DEFAULTS.get(name)))
            operands.append(_field_value(v, f"{api}(): '{name}'", t))
        op = ConstructOp(FixpipeParamsV220Type(), operands)
        op.types = ArrayAttr(self.CASTS)
        current().insert(op)
        super().__init__(op.results[0])

    def describe(self) -> str:
        return "FixpipeParamsV220"


class InitConstValueParams(IRValue):
    """`AscendC::InitConstValueParams<T>(repeat_times, block_num, dst_gap, init_value)`: the
    value keeps its own type (`np.float16(2.2)` is half, a Python float is float), which is
    the T the C++ deduces."""

    __slots__ = ()

    def __init__(self, repeat_times: Any = 0, block_num: Any = 0, dst_gap: Any = 0,
                 init_value: Any = 0):
        api = "InitConstValueParams()"
        # the value first, as pyasc's constructor materializes it: the constants' order is
        # the IR's, which the pass and Ascend C differentials compare
        value = materialize(init_value)
        sizes = [materialize_int(v, f"{api}: '{n}'", dt.uint16).value for n, v in (
            ("repeat_times", repeat_times), ("block_num", block_num), ("dst_gap", dst_gap))]
        op = ConstructOp(InitConstValueParamsType(), [*sizes, value.value])
        op.types = ArrayAttr([_U16, _U16, _U16, value.dtype.to_ir()])
        current().insert(op)
        super().__init__(op.results[0])

    def describe(self) -> str:
        return "InitConstValueParams"


class FixpipeConfig(IRValue):
    """`AscendC::FixpipeConfig{layout}`: the layout Fixpipe writes, a compile-time constant
    (`FixpipeConfig.cfg_row_major`, `.cfg_nz`, `.cfg_column_major` as in pyasc)."""

    __slots__ = ()

    def __init__(self, layout: Any):
        layout = ConstExpr.unwrap(layout)
        if not isinstance(layout, int) or layout not in CO2Layout._value2member_map_:
            raise KernelLanguageError(
                f"FixpipeConfig() takes a constant CO2Layout (NZ, ROW_MAJOR, COLUMN_MAJOR), "
                f"got {layout!r}: it is a C++ template argument")
        value = materialize_int(int(layout), "FixpipeConfig(): 'layout'").value
        op = ConstructOp(FixpipeConfigType(), [value])
        op.types = ArrayAttr([CO2LayoutType()])  # pyasc's cast list
        current().insert(op)
        super().__init__(op.results[0])

    @classmethod
    def cfg_nz(cls) -> FixpipeConfig:
        return cls(CO2Layout.NZ)

    @classmethod
    def cfg_row_major(cls) -> FixpipeConfig:
        return cls(CO2Layout.ROW_MAJOR)

    @classmethod
    def cfg_column_major(cls) -> FixpipeConfig:
        return cls(CO2Layout.COLUMN_MAJOR)

    def describe(self) -> str:
        return "FixpipeConfig"


class _Load3DParams(IRValue):
    """The img2col load structs as pyasc's frontend builds them: every field materialized with
    its own type (`_mat(v, KnownTypes.uint8)`) and listed in the construct's cast list, a
    leading `pad_list` as four bytes; `from_ir(handle)` / `to_ir()` as pyasc's."""

    __slots__ = ()
    STRUCT: Any
    PY_ORDER: tuple[str, ...]
    DTYPES: tuple[Any, ...]
    DEFAULTS: dict[str, Any]
    HEADER_WIDER: dict[str, Any] = {}

    def __init__(self, *args: Any, handle: Any = None, **kwargs: Any):
        if handle is not None:
            super().__init__(handle.value if isinstance(handle, IRValue) else handle)
            return
        api = type(self).__name__
        values = bind_args(api, self.PY_ORDER, args, kwargs, "field")
        flat: list[tuple[str, Any]] = []
        for name in self.PY_ORDER:
            v = ConstExpr.unwrap(values.get(name, self.DEFAULTS[name]))
            if name == "pad_list":
                if not isinstance(v, tuple | list) or len(v) != 4:
                    raise KernelLanguageError(
                        f"{api}(): 'pad_list' is four values (left, right, top, bottom), got "
                        f"{v!r}")
                flat += [(f"pad_list[{i}]", ConstExpr.unwrap(x)) for i, x in enumerate(v)]
            else:
                flat.append((name, v))
        types = list(self.DTYPES)
        for i, (name, v) in enumerate(flat):
            wider = self.HEADER_WIDER.get(name)
            if wider is not None and isinstance(v, int) and v > 255:
                # pyasc casts it to uint8_t where the header's field is uint16_t: a count
                # over 255 (channelSize 512) keeps its value as the header does.
                types[i] = wider
        operands = [_field_value(v, f"{api}(): '{name}'", t)
                    for (name, v), t in zip(flat, types)]
        op = ConstructOp(self.STRUCT(), operands)
        op.types = ArrayAttr([t.ir for t in types])
        current().insert(op)
        super().__init__(op.results[0])

    @classmethod
    def from_ir(cls, handle: Any) -> Any:
        return cls(handle=handle)

    def describe(self) -> str:
        return type(self).__name__


_U8S = (dt.uint8,) * 4


class LoadData3DParamsV1(_Load3DParams):
    """`AscendC::LoadData3DParamsV1<T>` (img2col load), with pyasc's signature:
    `(pad_list, l1_h, l1_w, c1_index, fetch_filter_w, fetch_filter_h, left_top_w, left_top_h,
    stride_w, stride_h, filter_w, filter_h, dilation_filter_w, dilation_filter_h, jump_stride,
    repeat_mode, repeat_time, c_size, pad_value)`."""

    __slots__ = ()
    STRUCT = LoadData3DParamsV1Type
    PY_ORDER = ("pad_list", "l1_h", "l1_w", "c1_index", "fetch_filter_w", "fetch_filter_h",
                "left_top_w", "left_top_h", "stride_w", "stride_h", "filter_w", "filter_h",
                "dilation_filter_w", "dilation_filter_h", "jump_stride", "repeat_mode",
                "repeat_time", "c_size", "pad_value")
    DTYPES = (*_U8S, dt.uint16, dt.uint16, dt.uint16, dt.uint8, dt.uint8, dt.int16, dt.int16,
              *(dt.uint8,) * 10, dt.uint16)
    DEFAULTS = {"pad_list": (0, 0, 0, 0), "l1_h": 1, "l1_w": 1, "c1_index": 0,
                "fetch_filter_w": 0, "fetch_filter_h": 0, "left_top_w": 0, "left_top_h": 0,
                "stride_w": 1, "stride_h": 1, "filter_w": 1, "filter_h": 1,
                "dilation_filter_w": 1, "dilation_filter_h": 1, "jump_stride": 1,
                "repeat_mode": 0, "repeat_time": 1, "c_size": 0, "pad_value": 0}


class LoadData3DParamsV2(_Load3DParams):
    """`AscendC::LoadData3DParamsV2<T>` (img2col load), with pyasc's signature:
    `(pad_list, l1_h, l1_w, channel_size, k_extension, m_extension, k_start_pt, m_start_pt,
    stride_w, stride_h, filter_w, filter_h, dilation_filter_w, dilation_filter_h,
    en_transpose, pad_value, filter_size_w, filter_size_h, f_matrix_ctrl)` (no en_small_k:
    the Ascend C target passes false)."""

    __slots__ = ()
    STRUCT = LoadData3DParamsV2Type
    PY_ORDER = ("pad_list", "l1_h", "l1_w", "channel_size", "k_extension", "m_extension",
                "k_start_pt", "m_start_pt", "stride_w", "stride_h", "filter_w", "filter_h",
                "dilation_filter_w", "dilation_filter_h", "en_transpose", "pad_value",
                "filter_size_w", "filter_size_h", "f_matrix_ctrl")
    DTYPES = (*_U8S, dt.uint16, dt.uint16, dt.uint8, *(dt.uint16,) * 4, *(dt.uint8,) * 6,
              dt.int1, dt.uint16, dt.int1, dt.int1, dt.int1)
    HEADER_WIDER = {"channel_size": dt.uint16}
    DEFAULTS = {"pad_list": (0, 0, 0, 0), "l1_h": 1, "l1_w": 1, "channel_size": 1,
                "k_extension": 1, "m_extension": 1, "k_start_pt": 0, "m_start_pt": 0,
                "stride_w": 1, "stride_h": 1, "filter_w": 1, "filter_h": 1,
                "dilation_filter_w": 1, "dilation_filter_h": 1, "en_transpose": False,
                "pad_value": 0, "filter_size_w": False, "filter_size_h": False,
                "f_matrix_ctrl": False}


class LoadData3DParamsV2Pro(_Load3DParams):
    """`AscendC::LoadData3DParamsV2Pro` (img2col load, geometry packed into two words), with
    pyasc's signature: `(channel_size, en_transpose, en_small_k, filter_size_w, filter_size_h,
    f_matrix_ctrl, ext_config, filter_config)`."""

    __slots__ = ()
    STRUCT = LoadData3DParamsV2ProType
    PY_ORDER = ("channel_size", "en_transpose", "en_small_k", "filter_size_w", "filter_size_h",
                "f_matrix_ctrl", "ext_config", "filter_config")
    DTYPES = (dt.uint16, *(dt.int1,) * 5, dt.uint64, dt.uint64)
    DEFAULTS = {"channel_size": 0, "en_transpose": False, "en_small_k": False,
                "filter_size_w": False, "filter_size_h": False, "f_matrix_ctrl": False,
                "ext_config": 0, "filter_config": 0x10101010101}


PARAM_CLASSES.update({
    LoadData2DParamsType: LoadData2DParams,
    LoadData2DParamsV2Type: LoadData2DParamsV2,
    LoadData2dTransposeParamsType: LoadData2dTransposeParams,
    LoadData2dTransposeParamsV2Type: LoadData2dTransposeParamsV2,
    LoadDataRepeatParamType: LoadDataRepeatParam,
    Nd2NzParamsType: Nd2NzParams,
    Nz2NdParamsFullType: Nz2NdParamsFull,
    MmadParamsType: MmadParams,  # type: ignore[dict-item]
    FixpipeParamsV220Type: FixpipeParamsV220,  # type: ignore[dict-item]
    FixpipeConfigType: FixpipeConfig,  # type: ignore[dict-item]
    InitConstValueParamsType: InitConstValueParams,  # type: ignore[dict-item]
    LoadData3DParamsV1Type: LoadData3DParamsV1,  # type: ignore[dict-item]
    LoadData3DParamsV2Type: LoadData3DParamsV2,  # type: ignore[dict-item]
    LoadData3DParamsV2ProType: LoadData3DParamsV2Pro,  # type: ignore[dict-item]
})

__all__ = [
    "LoadData2DParams", "LoadData2DParamsV2", "LoadData2dTransposeParams",
    "LoadData2dTransposeParamsV2", "LoadDataRepeatParam", "Nd2NzParams", "Nz2NdParamsFull",
    "MmadParams", "FixpipeParamsV220", "FixpipeConfig", "InitConstValueParams", "QuantModes",
    "LoadData3DParamsV1", "LoadData3DParamsV2", "LoadData3DParamsV2Pro",
    "CO2Layout", "CubeFormat",
]
