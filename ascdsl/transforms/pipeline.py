"""The pass pipelines (pyasc's lowering, synchronization and post-processing pipelines).

    from ascdsl.transforms.pipeline import jit_pipeline
    for p in jit_pipeline(insert_sync=True, verify_sync=False):
        p.apply(ctx, module)

`ascdsl-opt --ascdsl-default` runs `default_pipeline` (AscdslDefaultPass); the JIT runs
`jit_pipeline`: the same passes, then the post-processing that prepares the module for the
Ascend C target.
"""

from __future__ import annotations

from xdsl.passes import ModulePass


def default_pipeline(insert_sync: bool = True, auto_sync: bool = True) -> list[ModulePass]:
    """The passes, in order: lowering, then (with `insert_sync`) automatic synchronization.

    Lowering: privatize-func, inline, symbol-dce, canonicalize, input-output-tensor,
    hoist-ub-allocation, materialize-tensor, unify-pipe, canonicalize, cse.
    Synchronization: erase-sync, hoist-que-bind, insert-que-sync, unify-pipe, canonicalize.
    `insert_sync=False` keeps the kernel's own synchronization (pyasc drops the same half).
    With `auto_sync` (pyasc's option of that name, on by default), cce-auto-sync then adds
    what bisheng's `--cce-auto-sync` adds on hardware (V->V barriers, S<->V/MTE2/MTE3 flags),
    marked so that the Ascend C printer leaves them to bisheng.
    Last, declare-py-struct (pyasc's first post-processing pass): the C++ declarations of the
    structs the kernel uses, so that the Ascend C printed after the pipeline compiles.
    """
    from xdsl.transforms.canonicalize import CanonicalizePass
    from xdsl.transforms.common_subexpression_elimination import CommonSubexpressionElimination

    from .declare_py_struct import DeclarePyStructPass
    from .erase_sync import EraseSyncPass
    from .hoist_que_bind import HoistQueBindPass
    from .hoist_ub_allocation import HoistUbAllocationPass
    from .inline import InlinePass
    from .input_output_tensor import InputOutputTensorPass
    from .insert_que_sync import InsertQueSyncPass
    from .materialize_tensor import MaterializeTensorPass
    from .privatize_func import PrivatizeFuncPass
    from .symbol_dce import SymbolDcePass
    from .unify_pipe import UnifyPipePass

    passes: list[ModulePass] = [
        PrivatizeFuncPass(),
        InlinePass(),
        SymbolDcePass(),
        CanonicalizePass(),
        InputOutputTensorPass(),
        HoistUbAllocationPass(),
        MaterializeTensorPass(),
        UnifyPipePass(),
        CanonicalizePass(),
        CommonSubexpressionElimination(),
    ]
    if insert_sync:
        passes += [
            EraseSyncPass(),
            HoistQueBindPass(),
            # V -> V is the second layer's (cce-auto-sync below, bisheng on hardware).
            # With auto_sync, what cce-auto-sync's own syncs order is left to it too.
            InsertQueSyncPass(vector_barriers=False, auto_sync=auto_sync),
            UnifyPipePass(),
            CanonicalizePass(),
        ]
    if auto_sync:
        from .cce_auto_sync import CceAutoSyncPass

        passes.append(CceAutoSyncPass())
    passes.append(DeclarePyStructPass())
    return passes


def jit_pipeline(
    insert_sync: bool = True, verify_sync: bool = False, auto_sync: bool = True,
    matmul_cube_only: bool = False,
) -> list[ModulePass]:
    """What `@ascdsl.jit` runs: `default_pipeline`, then pyasc's post-processing.

    Post-processing: generate-boilerplate (the `#include`s of the Ascend C source),
    define-cube-only for `matmul_cube_only` (else insert-kfc-sync: the cube core's start-up
    message of a mixed kernel's Matmul objects), legalize-kernel-args, and verify-sync when asked
    (warnings only).
    """
    from .define_cube_only import DefineCubeOnlyPass
    from .generate_boilerplate import GenerateBoilerplatePass
    from .insert_kfc_sync import InsertKfcSyncPass
    from .legalize_kernel_args import LegalizeKernelArgsPass
    from .verify_sync import VerifySyncPass

    passes = default_pipeline(insert_sync, auto_sync)
    passes.append(GenerateBoilerplatePass())
    if matmul_cube_only:
        passes.append(DefineCubeOnlyPass())
    else:
        passes.append(InsertKfcSyncPass())
    passes.append(LegalizeKernelArgsPass())
    if verify_sync:
        passes.append(VerifySyncPass())
    return passes


def pyasc_pipeline(insert_sync: bool = True, matmul_cube_only: bool = False,
                   verify_sync: bool = False) -> list[ModulePass]:
    """pyasc 1.1.1's own pipeline (`asc/runtime/compiler.py`), in its order, each pass in the
    mode that places what pyasc's places (its names from aliases.py).

    Lowering: privatize-func, inliner (with canonicalize before and after, as MLIR's inliner
    runs it), symbol-dce, canonicalize, reconcile-unrealized-casts,
    input-output-tensor, hoist-ub-allocation, materialize-tensor, unify-pipe, canonicalize,
    cse. Optimizing: licm, sccp (pyasc-sccp: where MLIR's leaves the constants), canonicalize
    and, with `insert_sync`, erase-sync, hoist-que-bind, insert-sync,
    unify-pipe, canonicalize. Post-processing: declare-py-struct, generate-boilerplate,
    define-cube-only (`matmul_cube_only`), legalize-kernel-args (`ffts_addr` on every kernel),
    detect-kernel-type, detect-enable-debug, verify-sync (`verify_sync`).
    pyasc resolves an unset `insert_sync` to "the module has a local_tensor_auto"
    (`need_insert_sync`); so does the caller of this function.
    """
    from xdsl.transforms.loop_invariant_code_motion import LoopInvariantCodeMotionPass
    from xdsl.transforms.reconcile_unrealized_casts import ReconcileUnrealizedCastsPass

    from . import aliases as a
    from .detect_kernel_type import DetectEnableDebugPass, DetectKernelTypePass
    from .inline import InlinePass
    from .insert_kfc_sync import InsertKfcSyncPass
    from .pyasc_canonicalize import PyascCanonicalizePass as CanonicalizePass
    from .pyasc_canonicalize import PyascCsePass as CommonSubexpressionElimination
    from .pyasc_canonicalize import PyascSccpPass
    from .symbol_dce import SymbolDcePass

    passes: list[ModulePass] = [
        a.AscendcPrivatizeFuncPass(),
        # MLIR's inliner canonicalizes each function before inlining into it and again after
        # (its default optimization pipeline): a helper's constants are hoisted in the helper
        # first, which decides the order they reach the kernel in.
        CanonicalizePass(),
        InlinePass(),
        CanonicalizePass(),
        SymbolDcePass(),
        CanonicalizePass(),
        ReconcileUnrealizedCastsPass(),
        a.AscendcInputOutputTensorPass(),
        a.AscendcHoistUbAllocationPass(),
        a.AscendcMaterializeTensorPass(),
        a.AscendcUnifyPipePass(),
        CanonicalizePass(),
        CommonSubexpressionElimination(),
        LoopInvariantCodeMotionPass(),
        PyascSccpPass(),
        CanonicalizePass(),
    ]
    if insert_sync:
        passes += [
            a.AscendcEraseSyncPass(),
            a.AscendcHoistQueBindPass(),
            a.AscendcInsertSyncPass(),
            a.AscendcUnifyPipePass(),
            CanonicalizePass(),
        ]
    passes += [a.AscendcDeclarePyStructPass(), a.AscendcGenerateBoilerplatePass()]
    if matmul_cube_only:
        passes.append(a.AscendcDefineCubeOnlyPass())
    else:
        # pyasc's legalize-kernel-args writes this start-up message itself.
        passes.append(InsertKfcSyncPass())
    passes += [a.AscendcLegalizeKernelArgsPass(ffts_addr="always"), DetectKernelTypePass(),
               DetectEnableDebugPass()]
    if verify_sync:
        passes.append(a.AscendcVerifySyncPass())
    return passes
