"""ascdsl's passes under pyasc's names (ascir-opt's flags), one written subclass each.

A pipeline finds a pass by its `name`, so `--ascendc-insert-sync` needs a class named
`ascendc-insert-sync`. Each class here is its pass under that name; an alias that should
differ from its pass (other option defaults, say) says so in its own class body.
Importing this module imports the passes it renames: `get_all_passes` loads it on first use.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.passes import ModulePass

from .declare_py_struct import DeclarePyStructPass
from .define_cube_only import DefineCubeOnlyPass
from .detect_kernel_type import DetectEnableDebugPass, DetectKernelTypePass
from .erase_sync import EraseSyncPass
from .generate_boilerplate import GenerateBoilerplatePass
from .hoist_que_bind import HoistQueBindPass
from .hoist_ub_allocation import HoistUbAllocationPass
from .input_output_tensor import InputOutputTensorPass
from .insert_que_sync import InsertQueSyncPass
from .legalize_kernel_args import LegalizeKernelArgsPass
from .materialize_tensor import MaterializeTensorPass
from .noop import NoopPass
from .privatize_func import PrivatizeFuncPass
from .unify_pipe import UnifyPipePass
from .verify_sync import VerifySyncPass


@dataclass(frozen=True)
class AscendcInsertSyncPass(InsertQueSyncPass):
    """`insert-que-sync` under pyasc's name, placing sync as pyasc does (`mode=pyasc`)."""

    name = "ascendc-insert-sync"

    mode: str = "pyasc"


@dataclass(frozen=True)
class AscendcEraseSyncPass(EraseSyncPass):
    """`erase-sync` under pyasc's name, erasing what pyasc's pass erases (`mode=pyasc`)."""

    name = "ascendc-erase-sync"

    mode: str = "pyasc"


@dataclass(frozen=True)
class AscendcVerifySyncPass(VerifySyncPass):
    """`verify-sync` under pyasc's name, with pyasc's checks only (`mode=pyasc`)."""

    name = "ascendc-verify-sync"

    mode: str = "pyasc"


@dataclass(frozen=True)
class AscendcHoistQueBindPass(HoistQueBindPass):
    """`hoist-que-bind` under pyasc's name, leaving the ops in pyasc's order (`order=pyasc`)."""

    name = "ascendc-hoist-que-bind"

    order: str = "pyasc"


@dataclass(frozen=True)
class AscendcHoistUbAllocationPass(HoistUbAllocationPass):
    """`hoist-ub-allocation` under pyasc's name, leaving the tensors in pyasc's order
    (`order=pyasc`)."""

    name = "ascendc-hoist-ub-allocation"

    order: str = "pyasc"


@dataclass(frozen=True)
class AscendcUnifyPipePass(UnifyPipePass):
    """`unify-pipe` under pyasc's name, leaving a function's only pipe where it is
    (`mode=pyasc`)."""

    name = "ascendc-unify-pipe"

    mode: str = "pyasc"


@dataclass(frozen=True)
class AscendcMaterializeTensorPass(MaterializeTensorPass):
    """`materialize-tensor` under pyasc's name, folding constants as pyasc's driver does."""

    name = "ascendc-materialize-tensor"

    fold_constants: bool = True


class AscendcInputOutputTensorPass(InputOutputTensorPass):
    """`input-output-tensor` under pyasc's name."""

    name = "ascendc-input-output-tensor"


class AscendcPrivatizeFuncPass(PrivatizeFuncPass):
    """`privatize-func` under pyasc's name."""

    name = "ascendc-privatize-func"


@dataclass(frozen=True)
class AscendcGenerateBoilerplatePass(GenerateBoilerplatePass):
    """`generate-boilerplate` under pyasc's name, writing pyasc's list (`mode=pyasc`)."""

    name = "ascendc-generate-boilerplate"

    mode: str = "pyasc"


class AscendcLegalizeKernelArgsPass(LegalizeKernelArgsPass):
    """`legalize-kernel-args` under pyasc's name."""

    name = "ascendc-legalize-kernel-args"


class AscendcNoopPass(NoopPass):
    """`noop` under pyasc's name."""

    name = "ascendc-noop"


class AscendcDefineCubeOnlyPass(DefineCubeOnlyPass):
    """`define-cube-only` under pyasc's name."""

    name = "ascendc-define-cube-only"


class AscendcDeclarePyStructPass(DeclarePyStructPass):
    """`declare-py-struct` under pyasc's name."""

    name = "ascendc-declare-py-struct"


class AscendcDetectKernelTypePass(DetectKernelTypePass):
    """`detect-kernel-type` under pyasc's name."""

    name = "ascendc-detect-kernel-type"


class AscendcDetectEnableDebugPass(DetectEnableDebugPass):
    """`detect-enable-debug` under pyasc's name."""

    name = "ascendc-detect-enable-debug"


ALIAS_PASSES: dict[str, type[ModulePass]] = {
    c.name: c
    for c in (
        AscendcInsertSyncPass,
        AscendcEraseSyncPass,
        AscendcVerifySyncPass,
        AscendcHoistQueBindPass,
        AscendcHoistUbAllocationPass,
        AscendcUnifyPipePass,
        AscendcMaterializeTensorPass,
        AscendcInputOutputTensorPass,
        AscendcPrivatizeFuncPass,
        AscendcGenerateBoilerplatePass,
        AscendcLegalizeKernelArgsPass,
        AscendcNoopPass,
        AscendcDefineCubeOnlyPass,
        AscendcDeclarePyStructPass,
        AscendcDetectKernelTypePass,
        AscendcDetectEnableDebugPass,
    )
}
