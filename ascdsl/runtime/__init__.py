"""Running kernels: backend selection, argument marshalling, launch.

    from ascdsl.runtime import prepare
    exe = prepare(module, "vadd")                  # compile once (backend "sim"); keep `exe`
    report = exe.launch(8, [x, y, z, n])           # numpy / torch CPU, written in place
    print(report.cycles, report.microseconds)

`module` is synchronized ascendc IR (after the pass pipeline). `backend="cann"` needs CANN and
an NPU, which this environment does not have: it raises BackendUnavailableError.
"""

from __future__ import annotations

from typing import Any

from ascdsl.dialects.ascendc.soc import MAX_CORE_NUM
from ascdsl.runtime import config

__all__ = ["prepare", "Executable", "BackendUnavailableError", "config", "MAX_CORE_NUM"]


class BackendUnavailableError(RuntimeError):
    """The requested backend cannot run here (e.g. "cann" without CANN and an NPU)."""


class Executable:
    """A kernel compiled for one backend; `launch` runs it (compiled once, launched many times)."""

    backend = "sim"

    def __init__(self, kernel):
        self.kernel = kernel
        self.name = kernel.name
        self.soc = kernel.soc.name
        self.params = getattr(kernel, "user_params", kernel.params)

    def launch(self, core_num: int, args, stream: Any = None, sanitize: str | None = None,
               trace: bool | None = None):
        """Run on `core_num` cores; returns a RunReport.

        `stream` is accepted for pyasc compatibility and ignored (the simulator runs at once).
        `sanitize` is "raise" | "warn" | "off"; None takes `ascdsl.runtime.config.sanitize`.
        `trace=True` keeps the timeline for `report.save_trace` / `plot` (one record per op
        executed); None takes `ascdsl.runtime.config.trace` (default False).
        """
        from ascdsl.runtime.args import marshal
        from ascdsl.sim.kernel import SANITIZE_MODES

        if isinstance(core_num, bool) or not isinstance(core_num, int):
            raise TypeError(f"core_num must be an int, got {type(core_num).__name__}")
        if not 0 < core_num <= MAX_CORE_NUM:
            raise ValueError(
                f"core_num must be between 1 and {MAX_CORE_NUM} (a launch's blockDim), got "
                f"{core_num}"
            )
        mode = config.sanitize if sanitize is None else sanitize
        if mode not in SANITIZE_MODES:
            raise ValueError(
                f"sanitize must be one of {', '.join(map(repr, SANITIZE_MODES))} or None, "
                f"got {mode!r}"
            )
        keep = config.trace if trace is None else trace
        if not isinstance(keep, bool):
            raise TypeError(f"trace must be True, False or None, got {keep!r}")
        every = getattr(self.kernel, "params", self.params)
        if (isinstance(args, (list, tuple)) and len(every) != len(self.params)
                and len(args) == len(every)):
            # All of pyasc's arguments, the FFTS address too: the simulator supplies that one.
            args = [a for p, a in zip(every, args) if p.kind != "ffts"]
        values = marshal(self.params, args, self.name)
        report = self.kernel.run(core_num, values, mode, keep)
        if report.findings:
            import warnings

            from ascdsl.sim.errors import SimulationWarning

            for f in report.findings:
                warnings.warn(str(f), SimulationWarning, stacklevel=2)
        return report

    def __repr__(self) -> str:
        args = ", ".join(
            f"{p.name}: {'*' if p.kind == 'gm' else ''}{p.dtype.name}" if p.dtype is not None
            else f"{p.name}: {p.ir_type.element_type.cpp_name()}*" for p in self.params
        )
        return f"<Executable {self.name}({args}) on {self.backend}/{self.soc}>"


def prepare(
    module, kernel_name: str, backend: str | None = None, soc: str | None = None,
    kernel_type=None,
) -> Executable:
    """Compile `kernel_name` of a (synchronized) module for `backend` ("sim" by default).

    `kernel_type` (a `config.KernelType`) says which cores a launch runs: MIX_AIC_1_2 /
    MIX_AIC_1_1 run each block as a cube core and two / one vector cores; None detects it
    (a kernel that uses the cube and gives the vector cores work is MIX_AIC_1_2).

    Raises IRVerifyError if an op breaks its rules, KeyError if the module has no such function,
    NotSimulatedError (located) if the kernel uses something the simulator cannot run,
    BackendUnavailableError for "cann".
    """
    backend = config.backend if backend is None else backend
    if backend == "cann":
        raise BackendUnavailableError(
            "backend 'cann' compiles the kernel with CANN's bisheng and runs it on an Ascend NPU; "
            "neither is available here. Use backend='sim' (the default), or print the Ascend C "
            "source with the Ascend C target and build it where CANN is installed"
        )
    if backend != "sim":
        raise ValueError(f"unknown backend {backend!r} (backends: 'sim', 'cann')")
    from ascdsl.diagnostics import verify_module
    from ascdsl.sim.kernel import SimKernel

    verify_module(module)  # IRVerifyError: every op that breaks its rules, located
    return Executable(SimKernel(module, kernel_name, soc if soc is not None else config.soc,
                                kernel_type))
