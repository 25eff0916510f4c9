"""Runtime settings (also `ascdsl.config`), checked when set.

    import ascdsl.runtime.config as config
    config.sanitize = "warn"     # "raise" (default) | "warn" | "off"
    config.soc = "Ascend910B4"   # default SoC of `prepare` (None: Ascend910B1)
    config.backend = "sim"       # default backend of `prepare`
    config.trace = True          # keep launches' timelines (report.save_trace / plot)

Setting an unknown value raises ValueError at once, so a typo never silently switches the
sanitizer off.
"""

from __future__ import annotations

import sys
import types

sanitize: str = "raise"
soc: str | None = None
backend: str = "sim"
# Keep each launch's timeline (one record per executed op) for RunReport.save_trace / plot.
# Off by default, so that the simulator's memory does not grow with the run's length.
trace: bool = False

SANITIZE_MODES = ("raise", "warn", "off")
BACKENDS = ("sim", "cann")


def _check(name: str, value):
    if name == "sanitize":
        if value not in SANITIZE_MODES:
            raise ValueError(
                f"config.sanitize must be one of {', '.join(map(repr, SANITIZE_MODES))}, "
                f"got {value!r}"
            )
    elif name == "soc":
        if value is not None:
            from ascdsl.dialects.ascendc.soc import get_soc

            get_soc(value)  # raises ValueError naming the known SoCs
    elif name == "trace":
        if not isinstance(value, bool):
            raise ValueError(f"config.trace must be True or False, got {value!r}")
    elif name == "backend":
        if value not in BACKENDS:
            raise ValueError(
                f"config.backend must be one of {', '.join(map(repr, BACKENDS))}, got {value!r}"
            )
    elif not name.startswith("_") and name not in _CONSTANTS:
        raise AttributeError(
            f"ascdsl.config has no setting {name!r} (settings: sanitize, soc, backend, trace)"
        )


_CONSTANTS = {"SANITIZE_MODES", "BACKENDS"}


class _ConfigModule(types.ModuleType):
    def __setattr__(self, name: str, value) -> None:
        _check(name, value)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _ConfigModule
