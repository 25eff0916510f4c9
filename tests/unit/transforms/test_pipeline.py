"""The default pipeline, the pass registry, and the passes' linear-time discipline."""

import pytest
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Operation
from xdsl.passes import ModulePass

from ascdsl.context import make_context
from ascdsl.diagnostics import parse_module, verify_diagnostics
from ascdsl.transforms import ALIASES, PASSES, get_all_passes
from ascdsl.transforms import analysis
from ascdsl.transforms.ascdsl_default import AscdslDefaultPass
from ascdsl.transforms.pipeline import default_pipeline

LOWERING = [
    "privatize-func",
    "inline",
    "symbol-dce",
    "canonicalize",
    "input-output-tensor",
    "hoist-ub-allocation",
    "materialize-tensor",
    "unify-pipe",
    "canonicalize",
    "cse",
]
SYNC = ["erase-sync", "hoist-que-bind", "insert-que-sync", "unify-pipe", "canonicalize"]
AUTO = ["cce-auto-sync"]  # bisheng's layer (auto_sync, on by default)
STRUCTS = ["declare-py-struct"]

KERNEL = """
func.func @k(%gx: !ascendc.global_tensor<*xf32>, %gz: !ascendc.global_tensor<*xf32>, %n: i32, %lb: index, %ub: index, %st: index) attributes {ascendc.global} {
  scf.for %i = %lb to %ub step %st {
    %x = ascendc.local_tensor_auto() : <64xf32>
    %tmp = ascendc.local_tensor_auto() : <64xf32>
    %z = ascendc.local_tensor_auto() : <64xf32>
    %sx = ascendc.global_tensor.subindex %gx[%i] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %x, %sx, %n : !ascendc.local_tensor<64xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.exp_l2 %tmp, %x, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, i32
    %v = ascendc.local_tensor.get_value %tmp, %i : !ascendc.local_tensor<64xf32>, index, f32
    ascendc.muls_l2 %z, %tmp, %v, %n : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, f32, i32
    %sz = ascendc.global_tensor.subindex %gz[%i] : !ascendc.global_tensor<*xf32>, index, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %sz, %z, %n : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<64xf32>, i32
  }
  func.return
}
"""


def test_default_pipeline_order():
    assert [p.name for p in default_pipeline(True)] == LOWERING + SYNC + AUTO + STRUCTS
    assert [p.name for p in default_pipeline(False)] == LOWERING + AUTO + STRUCTS
    assert [p.name for p in default_pipeline()] == LOWERING + SYNC + AUTO + STRUCTS
    assert [p.name for p in default_pipeline(True, auto_sync=False)] == LOWERING + SYNC + STRUCTS
    assert [p.name for p in default_pipeline(False, False)] == LOWERING + STRUCTS


def test_jit_pipeline_adds_post_processing():
    from ascdsl.transforms.pipeline import jit_pipeline

    # insert-kfc-sync: a mixed kernel's Matmul objects need the cube core's start-up message
    post = ["generate-boilerplate", "insert-kfc-sync", "legalize-kernel-args"]
    assert [p.name for p in jit_pipeline(True)] == LOWERING + SYNC + AUTO + STRUCTS + post
    cube_only = ["generate-boilerplate", "define-cube-only", "legalize-kernel-args"]
    assert [p.name for p in jit_pipeline(True, matmul_cube_only=True)] == (
        LOWERING + SYNC + AUTO + STRUCTS + cube_only)
    assert [p.name for p in jit_pipeline(False, verify_sync=True)] == (
        LOWERING + AUTO + STRUCTS + post + ["verify-sync"]
    )
    assert [p.name for p in jit_pipeline(True, auto_sync=False)] == (
        LOWERING + SYNC + STRUCTS + post
    )


def test_jit_pipeline_output_is_ready_for_the_target():
    from ascdsl.targets.ascendc import emit
    from ascdsl.transforms.pipeline import jit_pipeline

    ctx = make_context()
    module = parse_module(ctx, KERNEL, "<k>")
    for p in jit_pipeline(True):
        p.apply(ctx, module)
    assert emit(module).startswith('#include "kernel_operator.h"\n')


@pytest.mark.parametrize("insert_sync", [True, False])
def test_ascdsl_default_is_the_pipeline(insert_sync):
    ctx = make_context()
    by_pass = parse_module(ctx, KERNEL, "<k>")
    AscdslDefaultPass(insert_sync=insert_sync).apply(ctx, by_pass)
    by_list = parse_module(ctx, KERNEL, "<k>")
    for p in default_pipeline(insert_sync):
        p.apply(ctx, by_list)
    assert str(by_pass) == str(by_list)
    assert verify_diagnostics(by_pass) == []
    text = str(by_pass)
    assert "local_tensor_auto" not in text
    assert text.count("ascendc.pipe\n") == 1  # one TPipe, at the entry
    assert ("enque_tensor" in text) == insert_sync
    assert ("fetch_event_id" in text) == insert_sync


def test_registry_names_match_classes():
    for name, load in PASSES.items():
        cls = load()
        assert issubclass(cls, ModulePass) and cls.name == name
        assert cls.__doc__, f"{name} has no docstring"
    table = get_all_passes()
    for alias, target in ALIASES.items():
        assert target in PASSES
        cls = table[alias]()
        assert cls.name == alias and issubclass(cls, PASSES[target]())
    # xDSL's passes stay reachable.
    assert {"canonicalize", "cse", "dce"} <= set(table)


def test_pass_options_from_the_command_line():
    from ascdsl.tools.ascdsl_opt import build_pipeline

    (p,) = build_pipeline(["ascdsl-default{insert-sync=false}"])
    assert isinstance(p, AscdslDefaultPass) and p.insert_sync is False
    (h,) = build_pipeline(["hoist-ub-allocation{exclude-in-out=false}"])
    assert h.exclude_in_out is False  # type: ignore[attr-defined]


@pytest.fixture
def no_linear_scans(monkeypatch):
    """Make xDSL's linear-scan helpers fail: the passes must not call them."""

    def forbidden(*args, **kwargs):
        raise AssertionError("a linear-scan helper was called")

    monkeypatch.setattr(Operation, "is_before_in_block", forbidden)
    monkeypatch.setattr(Block, "get_operation_index", forbidden)


def _tiles(n: int) -> str:
    T = "!ascendc.local_tensor<64xf32>"
    body = []
    for i in range(n):
        body += [
            f"  %x{i} = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 2>, {T}",
            f"  ascendc.data_copy_l2 %x{i}, %g, %n : {T}, !ascendc.global_tensor<*xf32>, i32",
            f"  %z{i} = ascendc.que_bind.alloc_tensor %o : !ascendc.queue<vecout, 2>, {T}",
            f"  ascendc.exp_l2 %z{i}, %x{i}, %n : {T}, {T}, i32",
            f"  ascendc.que_bind.free_tensor %q, %x{i} : !ascendc.queue<vecin, 2>, {T}",
            f"  ascendc.data_copy_l2 %g, %z{i}, %n : !ascendc.global_tensor<*xf32>, {T}, i32",
            f"  ascendc.que_bind.free_tensor %o, %z{i} : !ascendc.queue<vecout, 2>, {T}",
        ]
    return "\n".join(
        [
            "func.func @k(%g: !ascendc.global_tensor<*xf32>, %n: i32) {",
            "  %q = ascendc.queue : <vecin, 2>",
            "  %o = ascendc.queue : <vecout, 2>",
            *body,
            "  func.return",
            "}",
        ]
    )


def test_passes_use_no_linear_scans_and_never_renumber(no_linear_scans, monkeypatch):
    renumbered: list[int] = []
    original = analysis.OpOrder.renumber

    def counting(self):
        renumbered.append(1)
        original(self)

    monkeypatch.setattr(analysis.OpOrder, "renumber", counting)
    ctx = make_context()
    module: ModuleOp = parse_module(ctx, _tiles(200), "<tiles>")
    for name in ["insert-que-sync", "verify-sync", "erase-sync", "hoist-que-bind", "unify-pipe"]:
        PASSES[name]()().apply(ctx, module)
    AscdslDefaultPass().apply(ctx, parse_module(ctx, KERNEL, "<k>"))
    assert renumbered == []


def test_gc_paused_restores_the_collector():
    import gc

    from ascdsl.transforms.analysis import gc_paused

    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
        with gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(RuntimeError):
        with gc_paused():
            raise RuntimeError("a pass failed")
    assert gc.isenabled()
