"""More than one Matmul object on a cube core: their L1 buffers share the one L1.

Each object's REGIST_MATMUL_OBJ / Init takes its A1/B1 (and bias) queues from the TPipe
(InitBuffer on the A1/B1 positions), so the objects' depthA1 x baseM x baseK and depthB1 x
baseK x baseN blocks, with the TPipe's own L1 buffers, must fit L1; past it the TPipe's
allocation fails. The simulator advances the TPipe's L1 cursor by each registering object's
blocks (an object's own fit is sim/lower/matmul.py's `_fits`). In a mixed kernel only one
object is served (sim/kfc.py), so this is the cube-only kernels' check.
"""

from __future__ import annotations

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.enums import Hardware

from ..compiler import LOWERINGS, Lowering, lowers
from ..errors import UBOverflowError
from . import kfc as kfc_lower

_regist = LOWERINGS[A.RegistMatmulObjOp]


def l1_bytes(st) -> int:
    t = st.tiling
    return (t["depthA1"] * t["baseM"] * t["baseK"] * st.dt["a"].size
            + t["depthB1"] * t["baseK"] * t["baseN"] * st.dt["b"].size)


def _claim(c, pipe, st, site) -> None:
    """Take the object's L1 blocks from the TPipe's L1 (what its InitBuffer calls do)."""
    used = pipe.cursor.get(Hardware.L1, 0)
    need = l1_bytes(st)
    cap = c.soc.capacity(Hardware.L1)
    if cap is not None and used + need > cap:
        t = st.tiling
        raise UBOverflowError(
            f"registers a Matmul object whose L1 blocks need {need} bytes (depthA1={t['depthA1']}"
            f" x {t['baseM']} x {t['baseK']}, depthB1={t['depthB1']} x {t['baseK']} x "
            f"{t['baseN']}), but the TPipe's L1 already holds {used} (its L1 buffers and the "
            f"Matmul objects registered before): {used + need} bytes together; {c.soc.name} "
            f"has {cap}", site, core=c.block_idx)
    pipe.cursor[Hardware.L1] = used + need


@lowers(A.RegistMatmulObjOp)
def lower_regist(op, cx: Lowering):
    f = _regist(op, cx)
    if kfc_lower._mixed(op, cx) or op.tiling is None:
        return f
    site = cx.site(op)
    sm, sp = cx.slot(op.matmul), cx.slot(op.pipe)

    def g(R):
        f(R)
        _claim(R[0], R[sp], R[sm], site)

    return g
