"""Buggy twins of the two examples: the simulator raises RaceError at the kernel's lines.

01_add without one wait_flag, and 02_add_framework compiled with insert_sync off and its
queue synchronization erased (EnQue/DeQue gone, as `erase-sync` leaves it): both run on the
simulator and must fail with a RaceError naming the two conflicting ops' Python lines.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

import ascdsl as asc

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def _load_variant(tmp_path: Path, relative: str, drop: str | None = None):
    """Import a copy of an example (without the line `drop`), so its lines are its own."""
    text = (EXAMPLES / relative).read_text()
    if drop is not None:
        lines = text.splitlines(keepends=True)
        matches = [i for i, line in enumerate(lines) if line.strip() == drop]
        assert len(matches) == 1, f"expected one line '{drop}' in {relative}"
        del lines[matches[0]]
        text = "".join(lines)
    path = tmp_path / Path(relative).name
    path.write_text(text)
    spec = importlib.util.spec_from_file_location(f"twin_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module, path


def _line(path: Path, needle: str) -> int:
    hits = [i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line]
    assert len(hits) == 1, f"'{needle}' should appear once in {path}"
    return hits[0]


def test_01_add_without_a_wait_flag_races(tmp_path):
    ex, path = _load_variant(tmp_path, "01_add/add.py",
                             drop="asc.wait_flag(asc.HardEvent.MTE2_V, buf_id)")
    x = np.ones(ex.USE_CORE_NUM * 2048, np.float32)
    y = np.ones_like(x)
    z = np.zeros_like(x)
    with pytest.raises(asc.RaceError) as info:
        ex.vadd_kernel[ex.USE_CORE_NUM](x, y, z, x.size // ex.USE_CORE_NUM)
    text = str(info.value)
    add_line = _line(path, "asc.add(z_local[start:]")
    copy_line = _line(path, "asc.data_copy(x_local[start:]")
    # The add (PIPE_V) reads what the copy-in (PIPE_MTE2) may still be writing.
    assert f"{path}:{add_line}:" in text and f"{path}:{copy_line}:" in text
    assert "PIPE_V" in text and "PIPE_MTE2" in text
    assert ex.main() == 1  # the example script reports the race and fails


def test_02_add_framework_with_its_sync_erased_races(tmp_path):
    from ascdsl.context import make_context
    from ascdsl.runtime import prepare
    from ascdsl.transforms.erase_sync import EraseSyncPass

    ex, path = _load_variant(tmp_path, "02_add_framework/add_framework.py")
    x = np.ones(ex.USE_CORE_NUM * 2048, np.float32)
    y = np.ones_like(x)
    z = np.zeros_like(x)
    block, tile = ex.tiling(x.size)
    ck = ex.vadd_kernel.compile(x, y, z, block, tile, insert_sync=False)
    module = ck.module.clone()
    EraseSyncPass().apply(make_context(), module)
    text_ir = str(module)
    assert "enque_tensor" not in text_ir and "deque_tensor" not in text_ir

    with pytest.raises(asc.RaceError) as info:
        prepare(module, ck.kernel_name).launch(ex.USE_CORE_NUM, [x, y, z, block])
    text = str(info.value)
    add_line = _line(path, "asc.add(z_local, x_local, y_local, tile_length)")
    copy_line = _line(path, "asc.data_copy(x_local, x_gm[i * tile_length:], tile_length)")
    assert f"{path}:{add_line}:" in text and f"{path}:{copy_line}:" in text

    # The same kernel, synchronized by the framework, is race-free and right.
    z[:] = 0
    report = ck[ex.USE_CORE_NUM](x, y, z, block)
    assert report.findings == [] and np.array_equal(z, x + y)
