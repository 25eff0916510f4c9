"""`asc.lib.host` (pyasc's host library): the matmul tiling API, computed in Python.

    import ascdsl.lib.host as host
    tiling = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    tiling.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    tiling.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    tiling.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    tiling.set_dim(24)
    tiling.set_shape(1024, 1024, 1024)
    data = asc.adv.TCubeTiling()
    tiling.get_tiling(data)              # 0; data.base_m == 128, ...

pyasc binds CANN's C++ tiling library; ascdsl computes tilings from its SoC table
(`algorithm.py` states the rules). docs/cube.md, "Host tiling", shows the fields it fills.
"""

from __future__ import annotations

from .enums import (
    CubeFormat,
    DataType,
    DequantType,
    MatrixMadType,
    MatrixTraverse,
    ScheduleType,
    TPosition,
)
from .platform import PlatformAscendC, PlatformAscendCManager, get_ascendc_platform
from .tiling import (
    BatchMatmulTiling,
    MatmulApiTiling,
    MatmulApiTilingBase,
    MatmulConfigParams,
    MatmulTilingWarning,
    MultiCoreMatmulTiling,
)

__all__ = [
    "BatchMatmulTiling",
    "CubeFormat",
    "DataType",
    "DequantType",
    "MatmulApiTiling",
    "MatmulApiTilingBase",
    "MatmulConfigParams",
    "MatmulTilingWarning",
    "MatrixMadType",
    "MatrixTraverse",
    "MultiCoreMatmulTiling",
    "PlatformAscendC",
    "PlatformAscendCManager",
    "ScheduleType",
    "TPosition",
    "get_ascendc_platform",
]
