"""Passes: one per module, registered here by CLI name.

`PASSES` maps a CLI name to a factory returning the pass class, so importing this package
imports no pass (tool start-up stays short). `ALIASES` maps pyasc's names to ours; each alias
is a written subclass of its pass in `aliases.py` (a pipeline finds a pass by its `name`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.passes import ModulePass

from ascdsl.lazy import lazy_loader

_lazy = lazy_loader("ascdsl.transforms")


PASSES: dict[str, Callable[[], type[ModulePass]]] = {
    "canonicalize-barriers": _lazy("canonicalize_barriers", "CanonicalizeBarriersPass"),
    "generate-boilerplate": _lazy("generate_boilerplate", "GenerateBoilerplatePass"),
    "legalize-kernel-args": _lazy("legalize_kernel_args", "LegalizeKernelArgsPass"),
    "insert-que-sync": _lazy("insert_que_sync", "InsertQueSyncPass"),
    "erase-sync": _lazy("erase_sync", "EraseSyncPass"),
    "cce-auto-sync": _lazy("cce_auto_sync", "CceAutoSyncPass"),
    "verify-sync": _lazy("verify_sync", "VerifySyncPass"),
    "hoist-que-bind": _lazy("hoist_que_bind", "HoistQueBindPass"),
    "hoist-ub-allocation": _lazy("hoist_ub_allocation", "HoistUbAllocationPass"),
    "unify-pipe": _lazy("unify_pipe", "UnifyPipePass"),
    "materialize-tensor": _lazy("materialize_tensor", "MaterializeTensorPass"),
    "input-output-tensor": _lazy("input_output_tensor", "InputOutputTensorPass"),
    "privatize-func": _lazy("privatize_func", "PrivatizeFuncPass"),
    "inline": _lazy("inline", "InlinePass"),
    "symbol-dce": _lazy("symbol_dce", "SymbolDcePass"),
    "ascdsl-default": _lazy("ascdsl_default", "AscdslDefaultPass"),
    "noop": _lazy("noop", "NoopPass"),
    "define-cube-only": _lazy("define_cube_only", "DefineCubeOnlyPass"),
    "insert-kfc-sync": _lazy("insert_kfc_sync", "InsertKfcSyncPass"),
    "declare-py-struct": _lazy("declare_py_struct", "DeclarePyStructPass"),
    "detect-kernel-type": _lazy("detect_kernel_type", "DetectKernelTypePass"),
    "detect-enable-debug": _lazy("detect_kernel_type", "DetectEnableDebugPass"),
    "pyasc-pipeline": _lazy("pyasc_pipeline", "PyascPipelinePass"),
    "pyasc-canonicalize": _lazy("pyasc_canonicalize", "PyascCanonicalizePass"),
    "pyasc-cse": _lazy("pyasc_canonicalize", "PyascCsePass"),
    "pyasc-sccp": _lazy("pyasc_canonicalize", "PyascSccpPass"),
    # asc (tiles) -> ascendc
    "lower-asc-unroll": _lazy("lower_asc_unroll", "LowerAscUnrollPass"),
    "lower-asc-parallel": _lazy("lower_asc_parallel", "LowerAscParallelPass"),
    "lower-asc-scalar-math": _lazy("lower_asc_scalar_math", "LowerAscScalarMathPass"),
    "lower-asc-cube": _lazy("lower_asc_cube", "LowerAscCubePass"),
    "lower-asc-vector": _lazy("lower_asc_vector", "LowerAscVectorPass"),
    "lower-asc-buffers": _lazy("lower_asc_buffers", "LowerAscBuffersPass"),
    "lower-asc": _lazy("lower_asc", "LowerAscPass"),
}

# pyasc's pass names (ascir-opt flags) for the same passes.
ALIASES: dict[str, str] = {
    "ascendc-insert-sync": "insert-que-sync",
    "ascendc-erase-sync": "erase-sync",
    "ascendc-verify-sync": "verify-sync",
    "ascendc-hoist-que-bind": "hoist-que-bind",
    "ascendc-hoist-ub-allocation": "hoist-ub-allocation",
    "ascendc-unify-pipe": "unify-pipe",
    "ascendc-materialize-tensor": "materialize-tensor",
    "ascendc-input-output-tensor": "input-output-tensor",
    "ascendc-privatize-func": "privatize-func",
    "ascendc-generate-boilerplate": "generate-boilerplate",
    "ascendc-legalize-kernel-args": "legalize-kernel-args",
    "ascendc-noop": "noop",
    "ascendc-define-cube-only": "define-cube-only",
    "ascendc-declare-py-struct": "declare-py-struct",
    "ascendc-detect-kernel-type": "detect-kernel-type",
    "ascendc-detect-enable-debug": "detect-enable-debug",
}


def get_all_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    """xDSL's passes (canonicalize, cse, dce, licm, ...) plus ours and pyasc's aliases."""
    from xdsl.transforms import get_all_passes as xdsl_passes

    table = dict(xdsl_passes())
    table.update(PASSES)
    for alias in ALIASES:
        table[alias] = _alias_loader(alias)
    return table


def _alias_loader(alias: str) -> Callable[[], type[ModulePass]]:
    """A factory for the written class of a pyasc pass name (in `aliases.py`)."""

    def load() -> type[ModulePass]:
        from .aliases import ALIAS_PASSES

        return ALIAS_PASSES[alias]

    return load


class PipelineSpecError(ValueError):
    """A pass pipeline text that names no pass, or options a pass does not take."""


def build_pipeline(
    specs: str | Sequence[str],
    table: dict[str, Callable[[], type[ModulePass]]] | None = None,
) -> list[ModulePass]:
    """The passes of one or more pipeline texts (`"erase-sync,insert-que-sync"`,
    `"canonicalize-barriers{k=v}"`), in order, from `table` (default: get_all_passes());
    PipelineSpecError naming what is wrong. Every pass is built, and so every option checked
    (names, types, the words a pass takes), before the caller runs any of them."""
    from xdsl.utils.arg_spec import parse_pipeline
    from xdsl.utils.exceptions import ArgSpecParseError

    from .options import PassOptionError, pass_from_spec

    table = get_all_passes() if table is None else table
    passes = []
    for spec in [specs] if isinstance(specs, str) else specs:
        try:
            parsed = list(parse_pipeline(spec))
        except (Exception, ArgSpecParseError) as e:  # (xDSL's derives from BaseException)
            what = str(e).strip().splitlines()[-1].strip() if str(e).strip() else type(e).__name__
            raise PipelineSpecError(f"malformed pass pipeline '{spec}': {what}") from None
        for p in parsed:
            if p.name not in table:
                raise PipelineSpecError(
                    f"unknown pass '{p.name}' (ascdsl-opt --list-passes shows the passes)"
                )
            try:
                passes.append(pass_from_spec(table[p.name](), p))
            except PassOptionError as e:
                raise PipelineSpecError(
                    f"invalid options for pass '{p.name}': {e.cli_message()}"
                ) from None
            except Exception as e:
                raise PipelineSpecError(f"invalid options for pass '{p.name}': {e}") from None
    return passes

