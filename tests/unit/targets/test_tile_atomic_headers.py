"""Tile atomics lowered to ascendc print Ascend C that Huawei's real headers accept (through
ascdsl's header check; skips, saying why, where the headers are not there): the store's
copy-out between SetAtomic<Kind><T>() and SetAtomicNone()."""

from __future__ import annotations

import sys

import numpy as np

import ascdsl.tile as asc2
from real_headers import ROOT, assert_accepted


def _sources() -> dict[str, str]:
    sys.path.insert(0, str(ROOT / "tests" / "unit" / "tile"))
    import test_lowering_vs_reference as t

    rows = np.zeros((12, 48), np.float16), np.zeros((3, 64), np.float16)
    flat = np.zeros(300, np.float32), np.zeros(100, np.float32)
    return {
        "atomic_max_f16_rows.cpp": t.atomic_kernel.compile(
            *rows, 3, 48, 64, asc2.atomic_max, always_compile=True).source,
        "atomic_add_f32_tail.cpp": t.atomic_add_1d.compile(
            *flat, 100, always_compile=True).source,
    }


def test_tile_atomics_pass_the_real_headers():
    sources = _sources()
    for name, source in sources.items():
        assert_accepted(source, name)
    rows = sources["atomic_max_f16_rows.cpp"]
    # The mode is set after the staging copy (UB to UB, which atomics do not touch) and
    # cleared after the copy-out.
    set_at = rows.index("AscendC::SetAtomicMax<half>();")
    copy_at = rows.index("AscendC::DataCopyPad(", set_at)
    assert rows.index("AscendC::SetAtomicNone();", copy_at) > copy_at
    assert "AscendC::SetAtomicAdd<float>();" in sources["atomic_add_f32_tail.cpp"]
