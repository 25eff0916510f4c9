"""`@jit(...)` options: what each means, how they are checked, which ones key a compiled
kernel (ascdsl.frontend.kernel uses them)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any


@dataclass(frozen=True)
class CompileOptions:
    """Options of `@jit(...)` (also accepted as keyword arguments of a launch or compile).

    insert_sync: run synchronization insertion (None: when the kernel uses LocalTensorAuto);
    verify_sync: warn about queue misuse (verify-sync); run_passes: run the pass pipeline
    (False: the IR straight from code generation); always_compile: bypass both caches;
    check: type-check the Ascend C source against the real Ascend C headers with g++
    (`CompiledKernel.check`), once per specialization; auto_sync: pyasc's option for
    bisheng's `--cce-auto-sync` (V->V barriers, S<->V/MTE2/MTE3 flags), which ascdsl models
    with the cce-auto-sync pass before simulation (False: the kernel runs as written).

    pyasc's other options: kernel_type (a `config.KernelType`; None detects it as pyasc
    does: AIV_ONLY, or for a kernel that uses the cube MIX_AIC_1_2, AIC_ONLY with
    matmul_cube_only); matmul_cube_only (define-cube-only: `ASCENDC_CUBE_ONLY` in the
    Ascend C); print_ir_before_all (the module before each pass, on stderr, as MLIR prints
    it); debug, strip_loc, opt_level (1-3), auto_sync_log and bisheng_options are checked
    and kept for the CANN path (`CompiledKernel.options`): they change what bisheng does.
    """

    insert_sync: bool | None = None
    verify_sync: bool = False
    run_passes: bool = True
    always_compile: bool = False
    check: bool = False
    auto_sync: bool = True
    debug: bool = False
    strip_loc: bool = False
    print_ir_before_all: bool = False
    kernel_type: Any = None
    opt_level: int | None = 3
    auto_sync_log: str | None = ""
    bisheng_options: tuple[str, ...] | None = None
    matmul_cube_only: bool = False

    def __post_init__(self) -> None:
        from ascdsl.runtime.config import KernelType

        if self.kernel_type is not None and not isinstance(self.kernel_type, KernelType):
            raise TypeError(
                f"kernel_type must be a config.KernelType ({', '.join(KernelType.__members__)})"
                f" or None, got {self.kernel_type!r}"
            )
        if self.opt_level not in (1, 2, 3):
            raise ValueError(f"opt_level must be 1, 2 or 3, got {self.opt_level!r}")
        for f in fields(self):  # a flag given as "off" or 0 would otherwise be taken as truth
            value = getattr(self, f.name)
            either = "True, False or None" if "None" in f.type else "True or False"
            if f.type.startswith("bool") and not (isinstance(value, bool) or value is None
                                                  and "None" in either):
                raise TypeError(f"option {f.name} must be {either}, got {value!r}")
        if self.bisheng_options is not None:
            opts = self.bisheng_options
            seq = None if isinstance(opts, str) or not isinstance(opts, Iterable) else tuple(opts)
            if seq is None or not all(isinstance(o, str) for o in seq):
                raise TypeError(f"bisheng_options must be a sequence of strings, got {opts!r}")
            object.__setattr__(self, "bisheng_options", seq)

    def key(self) -> tuple:
        """The options that change the compiled result (always_compile and check do not;
        nor do the ones only the CANN path reads)."""
        return (self.insert_sync, self.verify_sync, self.run_passes, self.auto_sync,
                self.kernel_type, self.matmul_cube_only)

    def memory_key(self) -> tuple:
        """key() and the CANN path's options: they share compiled code, not a CompiledKernel."""
        return self.key() + (self.debug, self.strip_loc, self.opt_level, self.auto_sync_log,
                             self.bisheng_options)


OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in fields(CompileOptions))
# pyasc's launch options: kernel parameters may not use these names either.
LAUNCH_NAMES = ("core_num", "stream")
