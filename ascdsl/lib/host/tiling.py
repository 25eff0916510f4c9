"""pyasc's host tiling classes: `MatmulApiTiling` (one core), `MultiCoreMatmulTiling` (a
matmul split over cores) and `BatchMatmulTiling` (batched matmul on one core), with pyasc's
method names and CANN's return convention: setters and `get_tiling` return 0 on success and
-1 when the request is impossible.

A refused request also says why, where the user made it: a `MatmulTilingWarning` located at
the caller's line (`file.py:12: MatmulTilingWarning: MatmulApi Tiling: ...`), and the same text
in `.error`. No traceback: the host program decides what to do with -1, as with pyasc.

    tiling = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    tiling.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    ...
    tiling.set_dim(24); tiling.set_shape(m, n, k); tiling.set_org_shape(m, n, k)
    data = asc.adv.TCubeTiling()
    assert tiling.get_tiling(data) == 0      # data.base_m, data.single_core_m, ...
"""

from __future__ import annotations

import os
import sys
import warnings
from dataclasses import dataclass, replace
from typing import Any

from ascdsl.dialects.ascendc.types_matmul import TCUBE_FIELDS

from . import algorithm
from .enums import (
    DTYPE_BITS,
    CubeFormat,
    DataType,
    DequantType,
    MatrixMadType,
    MatrixTraverse,
    ScheduleType,
    TPosition,
)
from .platform import PlatformAscendC, get_ascendc_platform

_HERE = os.path.dirname(os.path.abspath(__file__))
_PY_NAME = dict(TCUBE_FIELDS)


class MatmulTilingWarning(UserWarning):
    """A tiling request the library refused (the call returned -1)."""


def _caller() -> tuple[str, int]:
    """The first frame outside this package: the user's line that made the request."""
    f = sys._getframe(1)
    while f is not None and os.path.dirname(os.path.abspath(f.f_code.co_filename)) == _HERE:
        f = f.f_back
    if f is None:
        return "<unknown>", 0
    return f.f_code.co_filename, f.f_lineno


@dataclass
class MatmulConfigParams:
    """`matmul_tiling::MatmulConfigParams`: the Matmul API's configuration the tiling plans
    for (mm_config_type 0: NORM, 1: MDL)."""

    mm_config_type: int = 1
    enable_l1_cache_ub: bool = False
    schedule_type: ScheduleType = ScheduleType.INNER_PRODUCT
    traverse: MatrixTraverse = MatrixTraverse.NOSET
    en_vec_nd2nz: bool = False


@dataclass
class _MatrixType:
    pos: TPosition = TPosition.GM
    fmt: CubeFormat = CubeFormat.ND
    dtype: DataType = DataType.DT_FLOAT16
    trans: bool = False


class MatmulApiTilingBase:
    """The setters and getters every tiling class has (CANN's MatmulApiTilingBase)."""

    _KIND = "MatmulApi Tiling"

    def __init__(self, platform: PlatformAscendC | None = None):
        if platform is None:
            platform = get_ascendc_platform()
        if not isinstance(platform, PlatformAscendC):
            raise TypeError(f"{type(self).__name__}() takes a platform from "
                            f"host.get_ascendc_platform(), got {type(platform).__name__}")
        self.platform = platform
        self.a = _MatrixType()
        self.b = _MatrixType()
        self.c = _MatrixType(dtype=DataType.DT_FLOAT)
        self.bias = _MatrixType(dtype=DataType.DT_FLOAT)
        self.req = algorithm.Request(0, 0, 0)
        self.org: tuple[int, int, int, int] | None = None
        self.shape: tuple[int, int, int] | None = None
        self.layout: dict[str, int] = {}
        self.batch = {"batchM": 0, "batchN": 0, "singleBatchM": 0, "singleBatchN": 0}
        self.mad_type = MatrixMadType.NORMAL
        self.dequant_type = DequantType.SCALAR
        self.sparse = False
        self.config = MatmulConfigParams()
        self.result: algorithm.Tiling | None = None
        self.error: str | None = None

    # --- refusing a request ----------------------------------------------------------------

    def _fail(self, message: str) -> int:
        self.error = f"{self._KIND}: {message}"
        file, line = _caller()
        warnings.warn_explicit(self.error, MatmulTilingWarning, file, line)
        return -1

    def _positive(self, what: str, **values: int) -> str | None:
        for name, v in values.items():
            if not isinstance(v, int) or isinstance(v, bool) or v <= 0:
                return f"{what}: {name} must be a positive int, got {v!r}"
        return None

    # --- types -----------------------------------------------------------------------------

    def _set_type(self, which: str, pos, fmt, dtype, trans: bool) -> int:
        try:
            pos, fmt, dtype = TPosition(pos), CubeFormat(fmt), DataType(dtype)
        except ValueError as e:
            return self._fail(f"set_{which}_type: {e}")
        if dtype not in DTYPE_BITS:
            known = ", ".join(d.name for d in DTYPE_BITS)
            return self._fail(f"set_{which}_type: {dtype.name} is not a matrix type ({known})")
        setattr(self, which, _MatrixType(pos, fmt, dtype, bool(trans)))
        return 0

    def set_a_type(self, pos: TPosition, type: CubeFormat, data_type: DataType,  # noqa: A002
                   is_trans: bool = False) -> int:
        return self._set_type("a", pos, type, data_type, is_trans)

    def set_b_type(self, pos: TPosition, type: CubeFormat, data_type: DataType,  # noqa: A002
                   is_trans: bool = False) -> int:
        return self._set_type("b", pos, type, data_type, is_trans)

    def set_c_type(self, pos: TPosition, type: CubeFormat, data_type: DataType) -> int:  # noqa: A002
        return self._set_type("c", pos, type, data_type, False)

    def set_bias_type(self, pos: TPosition, type: CubeFormat, data_type: DataType) -> int:  # noqa: A002
        return self._set_type("bias", pos, type, data_type, False)

    # --- shape -----------------------------------------------------------------------------

    def set_shape(self, m: int, n: int, k: int) -> int:
        bad = self._positive("set_shape", m=m, n=n, k=k)
        if bad:
            return self._fail(bad)
        self.shape = (m, n, k)
        return 0

    def set_org_shape(self, org_m_in: int, org_n_in: int, org_k_in: int,
                      org_kb_in: int | None = None) -> int:
        kb = org_k_in if org_kb_in is None else org_kb_in
        bad = self._positive("set_org_shape", org_m_in=org_m_in, org_n_in=org_n_in,
                             org_k_in=org_k_in, org_kb_in=kb)
        if bad:
            return self._fail(bad)
        self.org = (org_m_in, org_n_in, org_k_in, kb)
        return 0

    def enable_bias(self, is_bias_in: bool = False) -> int:
        self.req.is_bias = bool(is_bias_in)
        return 0

    def set_fix_split(self, base_m_in: int = -1, base_n_in: int = -1, base_k_in: int = -1) -> int:
        for name, v in (("base_m_in", base_m_in), ("base_n_in", base_n_in),
                        ("base_k_in", base_k_in)):
            if v != -1 and (not isinstance(v, int) or v <= 0):
                return self._fail(f"set_fix_split: {name} must be -1 (free) or positive, "
                                  f"got {v!r}")
        self.req.base_m, self.req.base_n, self.req.base_k = base_m_in, base_n_in, base_k_in
        return 0

    def set_split_range(self, max_base_m: int = -1, max_base_n: int = -1, max_base_k: int = -1,
                        min_base_m: int = -1, min_base_n: int = -1, min_base_k: int = -1) -> int:
        self.req.base_range = (max_base_m, max_base_n, max_base_k, min_base_m, min_base_n,
                               min_base_k)
        return 0

    def set_buffer_space(self, l1_size: int = -1, l0_c_size: int = -1, ub_size: int = -1,
                         bt_size: int = -1) -> int:
        self.req.l1_bytes, self.req.l0c_bytes = l1_size, l0_c_size
        return 0

    def set_traverse(self, traverse: MatrixTraverse) -> int:
        self.req.traverse = int(MatrixTraverse(traverse))
        return 0

    def set_double_buffer(self, a: bool, b: bool, c: bool, bias: bool, trans_nd2nz: bool = True,
                          trans_nz2nd: bool = True) -> int:
        self.req.db_a1, self.req.db_b1, self.req.db_l0c = bool(a), bool(b), bool(c)
        return 0

    def set_mad_type(self, mad_type: MatrixMadType) -> int:
        self.mad_type = MatrixMadType(mad_type)
        return 0

    def set_dequant_type(self, dequant_type: DequantType) -> int:
        self.dequant_type = DequantType(dequant_type)
        return 0

    def set_sparse(self, is_sparce_in: bool = False) -> int:
        self.sparse = bool(is_sparce_in)
        return 0

    def set_matmul_config_params(self, mm_config_type: Any = 1, enable_l1_cache_ub: bool = False,
                                 schedule_type: ScheduleType = ScheduleType.INNER_PRODUCT,
                                 traverse: MatrixTraverse = MatrixTraverse.NOSET,
                                 en_vec_nd2nz: bool = False) -> None:
        if isinstance(mm_config_type, MatmulConfigParams):
            self.config = replace(mm_config_type)
        else:
            self.config = MatmulConfigParams(mm_config_type, enable_l1_cache_ub,
                                             ScheduleType(schedule_type),
                                             MatrixTraverse(traverse), en_vec_nd2nz)
        if self.config.traverse != MatrixTraverse.NOSET:
            self.req.traverse = int(self.config.traverse)

    # --- layouts and batches (recorded into the tiling as given) ----------------------------

    def _set_layout(self, which: str, names: tuple[str, ...], values: tuple[int, ...]) -> int:
        for n, v in zip(names, values):
            self.layout[f"{which}LayoutInfo{n}"] = int(v)
        return 0

    def set_a_layout(self, b: int, s: int, n: int, g: int, d: int) -> int:
        return self._set_layout("A", ("B", "S", "N", "G", "D"), (b, s, n, g, d))

    def set_b_layout(self, b: int, s: int, n: int, g: int, d: int) -> int:
        return self._set_layout("B", ("B", "S", "N", "G", "D"), (b, s, n, g, d))

    def set_c_layout(self, b: int, s: int, n: int, g: int, d: int) -> int:
        return self._set_layout("C", ("B", "S1", "N", "G", "S2"), (b, s, n, g, d))

    def set_batch_num(self, batch: int) -> int:
        bad = self._positive("set_batch_num", batch=batch)
        if bad:
            return self._fail(bad)
        self.layout["BatchNum"] = batch
        return 0

    def set_batch_info_for_normal(self, batch_a: int, batch_b: int, m: int, n: int, k: int) -> int:
        bad = self._positive("set_batch_info_for_normal", batch_a=batch_a, batch_b=batch_b,
                             m=m, n=n, k=k)
        if bad:
            return self._fail(bad)
        self.batch = {"batchM": batch_a, "batchN": batch_b, "singleBatchM": batch_a,
                      "singleBatchN": batch_b}
        self.layout["BatchNum"] = max(batch_a, batch_b)
        if self.shape is None:
            self.shape = (m, n, k)
        return 0

    # --- the tiling ------------------------------------------------------------------------

    def _cores(self) -> int:
        return 1

    def _request(self) -> algorithm.Request | str:
        org, shape = self.org, self.shape
        if shape is None and org is None:
            return "no shape: call set_shape(m, n, k) or set_org_shape(m, n, k)"
        m, n, k = shape if shape is not None else (org[0], org[1], min(org[2], org[3]))
        if self.sparse:
            return "sparse matmul (set_sparse(True)) has no tiling in ascdsl yet"
        if self.mad_type == MatrixMadType.MXMODE:
            return "MXMODE (set_mad_type) is an Ascend 950 mode; the SoC table has none"
        if self.config.schedule_type == ScheduleType.N_BUFFER_33:
            return "ScheduleType.N_BUFFER_33 has no tiling in ascdsl yet"
        a_bits, b_bits = DTYPE_BITS[self.a.dtype], DTYPE_BITS[self.b.dtype]
        if self.mad_type == MatrixMadType.HF32 and self.a.dtype != DataType.DT_FLOAT:
            return "HF32 (set_mad_type) needs float inputs"
        return replace(self.req, m=m, n=n, k=k, a_bits=a_bits, b_bits=b_bits,
                       bias_bytes=max(1, DTYPE_BITS[self.bias.dtype] // 8),
                       cores=self._cores(), a_trans=self.a.trans, b_trans=self.b.trans,
                       full_k=self.config.schedule_type == ScheduleType.OUTER_PRODUCT)

    def compute(self) -> int:
        """Compute the tiling (get_tiling does this); 0 or -1 with `.error` set."""
        req = self._request()
        if isinstance(req, str):
            return self._fail(req)
        try:
            self.result = algorithm.compute(req, self.platform.soc)
        except algorithm.TilingFailure as e:
            self.result = None
            return self._fail(str(e))
        org = self.org or (req.m, req.n, req.k, req.k)
        self.result.fields.update(M=org[0], N=org[1], Ka=org[2], Kb=org[3], **self.batch,
                                  **self.layout)
        self.error = None
        return 0

    def fields(self) -> dict[str, int]:
        """Every field of TCubeTiling by its C++ name (0 where the tiling sets none)."""
        out = {cpp: 0 for cpp, _ in TCUBE_FIELDS}
        if self.result is not None:
            out.update(self.result.fields)
        return out

    def get_tiling(self, tiling: Any) -> int:
        """Fill `tiling` (an `asc.adv.TCubeTiling`, or any object with its Python field
        names) and return 0; return -1 and leave it as it was when there is no tiling."""
        if self.compute() != 0:
            return -1
        for cpp, value in self.fields().items():
            setattr(tiling, _PY_NAME[cpp], value)
        return 0

    def _base(self, which: str) -> int:
        if self.result is None and self.compute() != 0:
            return -1
        return self.result.fields[which]

    def get_base_m(self) -> int:
        return self._base("baseM")

    def get_base_n(self) -> int:
        return self._base("baseN")

    def get_base_k(self) -> int:
        return self._base("baseK")


class MatmulApiTiling(MatmulApiTilingBase):
    """The tiling of a matmul on one core (`matmul_tiling::MatmulApiTiling`)."""


class MultiCoreMatmulTiling(MatmulApiTilingBase):
    """The tiling of a matmul over `set_dim` cube cores (default: all of the platform's)."""

    _KIND = "MultiCoreMatmulApi Tiling"

    def __init__(self, platform: PlatformAscendC | None = None):
        super().__init__(platform)
        self.dim = self.platform.soc.aic_cores
        self.split_k = False  # recorded; the search keeps K whole (enable_multi_core_split_k)

    def _cores(self) -> int:
        # A batch tiling (set_batch_num) keeps whole matrices on a core: IterateBatch reads
        # batch j of A as a dense singleCoreM x singleCoreK matrix at j * singleCoreM *
        # singleCoreK, which only addresses the batches when singleCore is the whole matrix.
        if self.layout.get("BatchNum", 0) > 0:
            return 1
        return self.dim

    def set_dim(self, dim: int) -> int:
        bad = self._positive("set_dim", dim=dim)
        if bad:
            return self._fail(bad)
        self.dim = dim
        return 0

    def set_single_shape(self, single_m_in: int = -1, single_n_in: int = -1,
                         single_k_in: int = -1) -> int:
        self.req.single_m, self.req.single_n, self.req.single_k = (single_m_in, single_n_in,
                                                                   single_k_in)
        return 0

    def set_single_range(self, max_m: int = -1, max_n: int = -1, max_k: int = -1,
                         min_m: int = -1, min_n: int = -1, min_k: int = -1) -> int:
        self.req.single_range = (max_m, max_n, max_k, min_m, min_n, min_k)
        return 0

    def set_align_split(self, align_m: int, align_n: int, align_k: int) -> int:
        bad = self._positive("set_align_split", align_m=align_m, align_n=align_n,
                             align_k=align_k)
        if bad:
            return self._fail(bad)
        self.req.align = (align_m, align_n, align_k)
        return 0

    def enable_multi_core_split_k(self, flag: bool) -> None:
        # Splitting K over cores needs the cores to add their partial C (atomic add); the
        # search keeps K whole, which every shape allows.
        self.split_k = bool(flag)

    def get_single_shape(self) -> tuple[int, int, int] | None:
        if self.result is None and self.compute() != 0:
            return None
        f = self.result.fields
        return f["singleCoreM"], f["singleCoreN"], f["singleCoreK"]

    def get_core_num(self) -> tuple[int, int, int] | None:
        if self.result is None and self.compute() != 0:
            return None
        return self.result.fields["usedCoreNum"], self.result.m_dim, self.result.n_dim


class BatchMatmulTiling(MatmulApiTilingBase):
    """The tiling of a batched matmul on one core: every batch uses the same blocks."""

    _KIND = "BatchMatmulApi Tiling"

    def get_core_num(self) -> tuple[int, int, int, int, int] | None:
        if self.result is None and self.compute() != 0:
            return None
        return self.result.fields["usedCoreNum"], self.result.m_dim, self.result.n_dim, 1, 1
