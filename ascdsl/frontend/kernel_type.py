"""pyasc's `kernel_type=`: which cores a kernel is built for, detected or checked.

pyasc builds AIV_ONLY and the MIX_AIV forms for the vector core (bisheng's dav-c220-vec) and
the others for the cube core or both. When the option is not given it detects the type from
the IR: a kernel that uses the cube is MIX_AIC_1_2 (AIC_ONLY with matmul_cube_only), anything
else AIV_ONLY. A vector-core build of a kernel that uses the cube fails in bisheng on
hardware; here it is a CompilationError at the first cube op's kernel line.
"""

from __future__ import annotations

from typing import Any

from ascdsl.diagnostics import location_of
from ascdsl.runtime.config import KernelType

from .errors import CompilationError

VECTOR_CORE_TYPES = (KernelType.AIV_ONLY, KernelType.MIX_AIV_HARD_SYNC, KernelType.MIX_AIV_1_0)


def first_cube_op(module: Any) -> Any:
    from ascdsl.dialects.ascendc.ops_cube import CubeOp, DataCopyNd2NzOp

    for op in module.walk():
        if isinstance(op, CubeOp | DataCopyNd2NzOp):
            return op
    return None


def resolve(module: Any, kernel_type: KernelType | None, matmul_cube_only: bool) -> KernelType:
    """The kernel type pyasc would build `module` for; raises CompilationError when the
    explicit `kernel_type` is a vector-core build of a kernel that uses the cube."""
    cube = first_cube_op(module)
    if kernel_type is None:
        if cube is None:
            return KernelType.AIV_ONLY
        return KernelType.AIC_ONLY if matmul_cube_only else KernelType.MIX_AIC_1_2
    if kernel_type in VECTOR_CORE_TYPES and cube is not None:
        raise CompilationError.at(
            location_of(cube),
            f"kernel_type={kernel_type.name} builds the kernel for the vector core "
            f"(dav-c220-vec), which has no cube unit, but '{cube.name}' runs on the cube; "
            "use MIX_AIC_1_2 (or AIC_ONLY for a cube-only kernel), or leave kernel_type "
            "unset to detect it",
        )
    return kernel_type
