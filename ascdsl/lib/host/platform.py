"""The platform a tiling is computed for: pyasc's `PlatformAscendC` and
`PlatformAscendCManager.get_instance(soc_version)`, backed by ascdsl's SoC table (the same
memory sizes, core counts and rates the verifiers and the simulator use)."""

from __future__ import annotations

from ascdsl.dialects.ascendc.enums import Hardware
from ascdsl.dialects.ascendc.soc import SoC, get_soc


class PlatformAscendC:
    """One SoC's facts for the tiling library (CANN's platform_ascendc::PlatformAscendC)."""

    def __init__(self, soc: SoC):
        self.soc = soc

    def get_soc_version(self) -> str:
        return self.soc.name

    def get_core_num_aic(self) -> int:
        return self.soc.aic_cores

    def get_core_num_aiv(self) -> int:
        return self.soc.aiv_cores

    def get_core_num(self) -> int:
        """Cores a kernel of the split AIC/AIV architecture launches on: the vector cores."""
        return self.soc.aiv_cores

    def get_core_mem_size(self, memory: str) -> int:
        """Bytes of one core's memory: 'L1', 'L0_A', 'L0_B', 'L0_C', 'UB', 'BT' or 'FB'."""
        key = {"L1": Hardware.L1, "L0_A": Hardware.L0A, "L0_B": Hardware.L0B,
               "L0_C": Hardware.L0C, "UB": Hardware.UB, "BT": Hardware.BIAS,
               "FB": Hardware.FIXBUF}.get(memory)
        if key is None:
            raise ValueError(f"unknown memory {memory!r} (L1, L0_A, L0_B, L0_C, UB, BT, FB)")
        return self.soc.memory[key]

    def __repr__(self) -> str:
        return f"PlatformAscendC({self.soc.name})"


class PlatformAscendCManager:
    """pyasc's way to get a platform: `get_instance()` (the configured SoC) or
    `get_instance("Ascend910B4")`. One instance per SoC."""

    _instances: dict[str, PlatformAscendC] = {}

    @classmethod
    def get_instance(cls, soc_version: str | None = None) -> PlatformAscendC:
        if soc_version is None:
            from ascdsl.lib.runtime import get_soc_version

            soc_version = get_soc_version().value
        soc = get_soc(soc_version)  # ValueError naming the known SoCs
        inst = cls._instances.get(soc.name)
        if inst is None:
            inst = cls._instances[soc.name] = PlatformAscendC(soc)
        return inst


def get_ascendc_platform() -> PlatformAscendC:
    """The platform of the SoC kernels run on (`ascdsl.config.soc`, else the default)."""
    return PlatformAscendCManager.get_instance()
