"""Printing rules for the Matmul API ops whose C++ the `Cpp` facts do not spell, as pyasc's
translator prints them:

- `mm.Init(&tiling)` and `REGIST_MATMUL_OBJ(&pipe, workspace, mm, &tiling)` take addresses;
  REGIST_MATMUL_OBJ is a macro that names AscendC types unqualified, so pyasc puts
  `using namespace AscendC;` in front of it;
- `SetSelfDefineData` / `SetUserDefInfo` take the pointer as a `uint64_t`;
- `GetMatmulApiTiling<A, B, C, Bias>(cfg, l1Size)` names the four MatmulTypes of the type in
  its `matmulType` property;
- `server.InitObj(&pipe, mm...)`.
"""

from __future__ import annotations

from xdsl.ir import Operation

from ascdsl.dialects.ascendc import (
    GetMatmulApiTilingOp,
    KfcInitObjOp,
    MatmulInitOp,
    MatmulSetSelfDefineDataOp,
    MatmulSetUserDefInfoOp,
    MatmulType,
    RegistMatmulObjOp,
)
from ascdsl.dialects.ascendc.types_matmul_api import MATMUL_OPERANDS

from .ctypes import scalar_ctype
from .emitter import Emitter, emit_error, register


@register(MatmulInitOp)
def _init(em: Emitter, op: Operation) -> None:
    assert isinstance(op, MatmulInitOp)
    pipe = f",{em.name(op.pipe)}" if op.pipe is not None else ""
    em.line(f"{em.name(op.matmul)}.Init(&{em.name(op.cubeTiling)}{pipe});")


@register(RegistMatmulObjOp)
def _regist(em: Emitter, op: Operation) -> None:
    assert isinstance(op, RegistMatmulObjOp)
    tiling = f", &{em.name(op.tiling)}" if op.tiling is not None else ""
    em.line("using namespace AscendC;")
    em.line(f"REGIST_MATMUL_OBJ(&{em.name(op.pipe)}, {em.name(op.workspace)}, "
            f"{em.name(op.matmul)}{tiling});")


@register(MatmulSetSelfDefineDataOp, MatmulSetUserDefInfoOp)
def _u64_pointer(em: Emitter, op: Operation) -> None:
    assert isinstance(op, MatmulSetSelfDefineDataOp | MatmulSetUserDefInfoOp)
    ptr = op.dataPtr if isinstance(op, MatmulSetSelfDefineDataOp) else op.tilingPtr
    em.line(f"{em.name(op.matmul)}.{op.CPP.api}(reinterpret_cast<uint64_t>({em.name(ptr)}));")


@register(GetMatmulApiTilingOp)
def _api_tiling(em: Emitter, op: Operation) -> None:
    assert isinstance(op, GetMatmulApiTilingOp)
    t = op.matmulType
    if not isinstance(t, MatmulType):
        raise emit_error(op, f"matmulType must be an !ascendc.matmul type, got {t}")
    parts = [t.cpp_operand(w, scalar_ctype, full=w != "bias") for w in MATMUL_OPERANDS]
    if any(p is None for p in parts):
        raise emit_error(op, f"{t} has an element type without an Ascend C spelling")
    expr = (f"GetMatmulApiTiling<{', '.join(parts)}>"  # type: ignore[arg-type]
            f"({em.name(op.mmCFG)}, {em.name(op.l1Size)})")
    em.declare(op.result, expr, op)


@register(KfcInitObjOp)
def _init_obj(em: Emitter, op: Operation) -> None:
    assert isinstance(op, KfcInitObjOp)
    args = ", ".join([f"&{em.name(op.pipe)}", *(em.name(v) for v in op.ops)])
    em.line(f"{em.name(op.server)}.InitObj({args});")
