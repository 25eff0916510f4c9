"""`erase-sync,insert-que-sync` on insert-que-sync's output reproduces it byte for byte, on
the sync generator's kernels (sync_kernels.py: copy-through, in-place chains, V -> V, GM
reloads, loops over tiles), with auto_sync on and off.

Each kernel goes through the default pipeline as far as insert-que-sync (lowering,
erase-sync, hoist-que-bind, insert-que-sync with the pipeline's options); its output must
come back unchanged from erase-sync then the same insert-que-sync. The lit corpus and the
structural generator of test_insert_que_sync_property.py check the same on other inputs.
ASCDSL_SYNC_EXAMPLES sets the number of kernels (as for test_sync_generator.py).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings

from ascdsl.context import make_context
from ascdsl.diagnostics import parse_module
from ascdsl.transforms.erase_sync import EraseSyncPass
from ascdsl.transforms.insert_que_sync import InsertQueSyncPass
from ascdsl.transforms.pipeline import default_pipeline

from sync_kernels import Kernel, kernels

EXAMPLES = int(os.environ.get("ASCDSL_SYNC_EXAMPLES", 40))


def _through_insert(kernel: Kernel, auto_sync: bool) -> tuple[str, InsertQueSyncPass]:
    ctx = make_context()
    module = parse_module(ctx, kernel.mlir(), "generated.mlir")
    for p in default_pipeline(insert_sync=True, auto_sync=auto_sync):
        p.apply(ctx, module)
        if isinstance(p, InsertQueSyncPass):
            return str(module), p
    raise AssertionError("the default pipeline has no insert-que-sync")


@pytest.mark.parametrize("auto_sync", [True, False], ids=["auto_sync", "no_auto_sync"])
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(kernel=kernels())
def test_erase_then_insert_reproduces_insert(kernel, auto_sync):
    once, insert = _through_insert(kernel, auto_sync)
    ctx = make_context()
    module = parse_module(ctx, once, "once.mlir")
    EraseSyncPass().apply(ctx, module)
    insert.apply(ctx, module)
    assert str(module) == once, kernel.describe()


def test_the_pipeline_used_inserts_the_generators_syncs():
    """The property is about real sync: a copy-through gets its MTE2 -> MTE3 flag."""
    once, insert = _through_insert(Kernel(1, 2, 1, False, [("copy_in", 0, 0), ("copy_out", 0)]),
                                   auto_sync=True)
    assert insert.auto_sync
    assert "ascendc.set_flag mte2_mte3" in once
