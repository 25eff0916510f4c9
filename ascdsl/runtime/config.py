"""Runtime settings (also `ascdsl.config`), checked when set.

    import ascdsl.runtime.config as config
    config.sanitize = "warn"     # "raise" (default) | "warn" | "off"
    config.soc = "Ascend910B4"   # default SoC of `prepare` (None: Ascend910B1)
    config.backend = "sim"       # default backend of `prepare`
    config.trace = True          # keep launches' timelines (report.save_trace / plot)

Setting an unknown value raises ValueError at once, so a typo never silently switches the
sanitizer off.

pyasc's names live here too, so that `import asc.runtime.config as config` ports:
`Backend` (Model runs on the simulator; NPU needs CANN), `Platform` (its SoC names),
`KernelType` (the `kernel_type=` JIT option) and `set_platform(backend, soc_version)`.
"""

from __future__ import annotations

import enum
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


class Backend(enum.Enum):
    """pyasc's execution backends: Model is CANN's simulator, here ascdsl's."""

    Model = "Model"
    NPU = "NPU"


class Platform(enum.Enum):
    """pyasc's SoC names (`set_platform(..., soc_version=)`)."""

    Ascend910B1 = "Ascend910B1"
    Ascend910B2 = "Ascend910B2"
    Ascend910B2C = "Ascend910B2C"
    Ascend910B3 = "Ascend910B3"
    Ascend910B4 = "Ascend910B4"
    Ascend910B4_1 = "Ascend910B4-1"
    Ascend910_9362 = "Ascend910_9362"
    Ascend910_9372 = "Ascend910_9372"
    Ascend910_9381 = "Ascend910_9381"
    Ascend910_9382 = "Ascend910_9382"
    Ascend910_9391 = "Ascend910_9391"
    Ascend910_9392 = "Ascend910_9392"


class KernelType(enum.Enum):
    """Which cores a kernel is built for (pyasc's `kernel_type=`, CANN's KERNEL_TYPE_*):
    AIV_ONLY and the MIX_AIV forms compile for the vector core, AIC_ONLY for the cube core,
    MIX_AIC_1_1 / MIX_AIC_1_2 for one cube core with one or two vector cores."""

    AIV_ONLY = 0
    AIC_ONLY = 1
    MIX_AIV_HARD_SYNC = 2
    MIX_AIC_HARD_SYNC = 3
    MIX_AIV_1_0 = 4
    MIX_AIC_1_0 = 5
    MIX_AIC_1_1 = 6
    MIX_AIC_1_2 = 7


def set_platform(backend: Backend | str, soc_version: Platform | None = None,
                 device_id: int | None = None, check: bool = True) -> None:
    """pyasc's `set_platform`: Model selects ascdsl's simulator with `soc_version`'s numbers
    (Ascend910B1 when None); NPU needs CANN and a device, which this machine lacks."""
    backend = Backend(backend)
    if backend is Backend.NPU:
        raise RuntimeError(
            "Backend.NPU runs kernels on a real Ascend NPU through CANN, which ascdsl cannot "
            "reach here; Backend.Model runs them on ascdsl's simulator"
        )
    name = None  # pyasc's default, Ascend910B1
    if soc_version is not None:
        name = Platform(soc_version).value
        from ascdsl.dialects.ascendc.soc import SOCS

        if name not in SOCS:
            raise ValueError(
                f"the simulator has no figures for {name}; it models {', '.join(SOCS)}"
            )
    module = sys.modules[__name__]
    module.soc = name
    module.backend = "sim"


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


_CONSTANTS = {"SANITIZE_MODES", "BACKENDS", "Backend", "Platform", "KernelType", "set_platform"}


class _ConfigModule(types.ModuleType):
    def __setattr__(self, name: str, value) -> None:
        _check(name, value)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _ConfigModule
