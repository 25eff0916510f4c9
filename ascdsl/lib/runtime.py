"""`asc.lib.runtime` as far as pyasc's host code needs it: `get_soc_version()` and
`current_stream()`.

pyasc asks CANN's runtime which SoC the device is; ascdsl answers with the SoC the simulator
models (`ascdsl.config.soc`, else the SoC table's default), as a `SocVersion` whose `.value`
is the SoC's name (what `host.PlatformAscendCManager.get_instance` takes).
"""

from __future__ import annotations

import enum

from ascdsl.dialects.ascendc.soc import DEFAULT_SOC, SOCS

SocVersion = enum.Enum("SocVersion", {name.replace("-", "_"): name for name in SOCS})
SocVersion.__doc__ = "The SoCs of ascdsl's SoC table, by name (value: the SoC's name)."


def get_soc_version() -> SocVersion:
    """The SoC kernels run on: `ascdsl.config.soc` if set, else the SoC table's default."""
    from ascdsl.runtime import config  # settings only; lib sits beside the runtime layer

    return SocVersion(config.soc or DEFAULT_SOC)


def current_stream(device_id: int | None = None) -> None:
    """pyasc's launch stream (`kernel[cores, rt.current_stream()](...)`). The simulator runs
    a launch to completion when it is made, so there is no stream to name: None, which every
    launch accepts."""
    return None


__all__ = ["SocVersion", "current_stream", "get_soc_version"]
