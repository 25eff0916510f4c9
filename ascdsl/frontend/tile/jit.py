"""`@ascdsl.tile.jit`: tile kernels, compiled through the `asc` dialect.

A tile kernel compiles like an `@ascdsl.jit` kernel (same specialization, caches, launch
`kernel[cores](...)`, `CompileOptions`), with three differences:

- the code generator is `TileCodegen`: in the kernel the builtin `range` is `tile.range`
  (`unroll_factor=`, `parallel=`), whose loops carry those hints as attributes of `scf.for`;
- the pass pipeline starts with the lowering of `asc` to `ascendc` (`lower-asc`), then runs
  the ascendc pipeline with synchronization insertion on;
- a 0-d array or tensor argument is a scalar (asc2 kernels pass `torch.tensor(0.1)`).

With `run_passes=False` the kernel stays `asc` IR, which the simulator runs as a reference.
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Callable
from typing import Any

from xdsl.dialects import scf
from xdsl.dialects.builtin import IndexType, IntegerAttr, UnitAttr

from ..codegen import FunctionCodegen, compile_kernel
from ..errors import KernelLanguageError
from ..kernel import CompileOptions, JITFunction
from .core import range as tile_range

# asc2 options accepted for source compatibility that change nothing here: `vf_fusion`
# fuses vector ops into C310 MicroAPI blocks, and ascdsl targets the 910B vector unit.
ASC2_ONLY_OPTIONS = ("vf_fusion",)

UNROLL_ATTR = "asc.unroll_factor"
PARALLEL_ATTR = "asc.parallel"


class TileCodegen(FunctionCodegen):
    """The code generator of tile kernels: `range` is `tile.range`."""

    _handlers: dict = {}

    def lookup(self, name: str, node: ast.AST) -> Any:
        value = super().lookup(name, node)
        return tile_range if value is builtins.range else value

    def stmt_For(self, node: ast.For) -> None:
        it = node.iter
        fn = self.expr(it.func) if isinstance(it, ast.Call) else None
        if fn is not tile_range:
            return super().stmt_For(node)
        if node.orelse:
            raise self.error(node, "else statement is not allowed after for-loop")
        if not isinstance(node.target, ast.Name):
            raise self.error(node.target, "For-loop target must be an identifier")
        starred = any(isinstance(a, ast.Starred) for a in it.args)
        if starred or any(k.arg is None for k in it.keywords):
            raise self.error(it, "range arguments must be written out (no * or **)")
        bounds = [self.expr(a) for a in it.args]
        hints = {k.arg: self.expr(k.value) for k in it.keywords}
        self._set_loc(node)
        try:
            rng = tile_range(*bounds, **hints)
        except KernelLanguageError as e:
            raise self.error(it, str(e)) from None
        except TypeError as e:
            raise self.error(it, f"range(): {e}") from None
        self.runtime_for(node, rng.start, rng.stop, rng.step)
        loop = self.builder.block.last_op
        assert isinstance(loop, scf.ForOp)
        if rng.unroll_factor > 1:
            loop.attributes[UNROLL_ATTR] = IntegerAttr(rng.unroll_factor, IndexType())
        if rng.parallel:
            loop.attributes[PARALLEL_ATTR] = UnitAttr()
        return None


TileCodegen._register_handlers()


def scalar_args(args: tuple) -> tuple:
    """0-d numpy arrays and torch tensors as Python scalars (asc2 passes them for scalars)."""
    out = []
    for a in args:
        if getattr(a, "ndim", None) == 0 and hasattr(a, "item") and hasattr(a, "dtype"):
            a = a.item()
        out.append(a)
    return tuple(out)


class TileJITFunction(JITFunction):
    """A tile kernel; see the module docstring."""

    def __init__(self, fn: Callable[..., Any], **options: Any):
        for name in ASC2_ONLY_OPTIONS:
            options.pop(name, None)
        options.setdefault("insert_sync", True)
        super().__init__(fn, **options)

    def _generate(self, kinds, consts):
        return compile_kernel(self, kinds, consts, codegen=TileCodegen)

    def _run_pipeline(self, module, insert_sync: bool, options: CompileOptions):
        from ascdsl.dialects.ascendc.soc import DEFAULT_SOC
        from ascdsl.runtime import config
        from ascdsl.transforms.lower_asc import lower_asc_passes

        from ..pipeline import run_passes

        # The buffer plan must fit the UB of the SoC the kernel will run on.
        passes = lower_asc_passes(soc=config.soc or DEFAULT_SOC)
        return run_passes(module, insert_sync, options.verify_sync, self.source.def_loc,
                          before=passes, auto_sync=options.auto_sync)

    def _fast_lookup(self, args: tuple):
        return super()._fast_lookup(scalar_args(args))

    def _prepare_call(self, args: tuple, kwargs: dict):
        return super()._prepare_call(scalar_args(args), kwargs)

    def __repr__(self) -> str:
        return f"<TileJITFunction {self.__module__}.{self.__qualname__}>"


def jit(fn: Callable[..., Any] | None = None, **options: Any) -> Any:
    """`@tile.jit` or `@tile.jit(always_compile=True, ...)`: a tile kernel (asc2's `asc2.jit`)."""
    if fn is None:
        return lambda f: TileJITFunction(f, **options)
    return TileJITFunction(fn, **options)
