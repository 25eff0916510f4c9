"""SetFmatrix on the simulator: declared not simulated, with why."""

from __future__ import annotations

import ascdsl.dialects.ascendc as A

from ..compiler import not_simulated

not_simulated(A.SetFmatrixOp, "the load3d feature-map registers are not modelled: the "
                              "simulator's LoadData3D takes its geometry from its own params")
# ffts_cross_core_sync: the Matmul API's start-up message runs (sim/lower/kfc.py), others not
