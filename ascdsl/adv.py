"""`ascdsl.adv` (pyasc's `asc.adv`): the advanced APIs of the kernel language.

Their code is the package `ascdsl.frontend.language.adv` (one module per group: math,
activation, normalization, quantization, sort, tiling, types); importing `ascdsl.adv` gives
that package itself, and `ascdsl.adv.<group>` its modules, so there is one of each.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

_package = importlib.import_module("ascdsl.frontend.language.adv")
for _info in pkgutil.iter_modules(_package.__path__):
    sys.modules.setdefault(f"{__name__}.{_info.name}",
                           importlib.import_module(f"{_package.__name__}.{_info.name}"))
sys.modules[__name__] = _package
