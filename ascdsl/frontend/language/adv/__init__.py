"""`asc.adv`: the advanced APIs of the kernel language, at pyasc's names.

    asc.adv.softmax(dst, sum, max, src, asc.adv.SoftmaxTiling(src_m=8, src_k=64))
    asc.adv.acos(dst, src, count=512, temp_buffer=tmp)

One module per group of APIs, as in pyasc (math, activation, normalization, quantization,
sort, tiling, types; beyond pyasc, pad); each lists its names in `__all__` and this package
exports them all. A group added later (the Matmul API: `matmul.py`) is one more import line
below.
"""

from __future__ import annotations

from . import (activation, cube_tiling, math, matmul, matmul_config, normalization, pad,
               quantization, sort, tiling, types)
from .activation import *  # noqa: F403
from .cube_tiling import *  # noqa: F403
from .math import *  # noqa: F403
from .matmul import *  # noqa: F403
from .matmul_config import *  # noqa: F403
from .normalization import *  # noqa: F403
from .pad import *  # noqa: F403
from .quantization import *  # noqa: F403
from .sort import *  # noqa: F403
from .tiling import *  # noqa: F403
from .types import *  # noqa: F403

GROUPS = [activation, cube_tiling, math, matmul, matmul_config, normalization, pad, quantization,
          sort, tiling, types]

__all__ = [name for group in GROUPS for name in group.__all__]
