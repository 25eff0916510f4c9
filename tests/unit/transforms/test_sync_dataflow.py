"""The sync dataflow's cost: a bounded number of visits per op, whatever the kernel's size."""

from __future__ import annotations

from ascdsl.context import make_context
from ascdsl.diagnostics import parse_module
from ascdsl.transforms import sync_dataflow
from ascdsl.transforms.insert_que_sync import InsertQueSyncPass

T = "!ascendc.local_tensor<64xf32>"
G = "!ascendc.global_tensor<*xf32>"


def _kernel(tiles: int, depth: int) -> str:
    """`tiles` copy-in / compute / copy-out stages on TBufs, each in `depth` nested loops."""
    lines = [
        f"func.func @k(%g: {G}, %n: i32, %lb: index, %ub: index, %st: index, %s: f32) {{",
        "  %b = ascendc.tbuf : <veccalc>",
        f"  %t = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<veccalc>, {T}",
        "  %c = ascendc.tbuf : <veccalc>",
        f"  %u = ascendc.tbuf.get_tensor %c : !ascendc.tbuf<veccalc>, {T}",
    ]
    for k in range(tiles):
        lines += [f"  scf.for %i{k}_{d} = %lb to %ub step %st {{" for d in range(depth)]
        lines += [
            f"  ascendc.data_copy_l2 %t, %g, %n : {T}, {G}, i32",
            f"  ascendc.muls_l2 %u, %t, %s, %n : {T}, {T}, f32, i32",
            f"  ascendc.data_copy_l2 %g, %u, %n : {G}, {T}, i32",
        ]
        lines += ["  }"] * depth
    lines += ["  func.return", "}"]
    return "\n".join(lines)


def _visits(text: str, monkeypatch) -> tuple[int, int]:
    count = {"n": 0}
    original = sync_dataflow.SyncDataflow._op

    def counting(self, op, state):
        count["n"] += 1
        return original(self, op, state)

    monkeypatch.setattr(sync_dataflow.SyncDataflow, "_op", counting)
    ctx = make_context()
    module = parse_module(ctx, text, "<kernel>")
    ops = sum(1 for _ in module.walk())
    InsertQueSyncPass().apply(ctx, module)
    out = str(module)
    # Each stage: V_MTE2 (back edge) + MTE3_MTE2 is covered by one of them, MTE2_V, V_MTE3.
    assert out.count("set_flag") >= 3 * (text.count("muls_l2"))
    return count["n"], ops


def test_visits_grow_linearly_with_the_kernel(monkeypatch):
    small, small_ops = _visits(_kernel(20, 2), monkeypatch)
    large, large_ops = _visits(_kernel(160, 2), monkeypatch)
    assert large / large_ops <= 1.05 * small / small_ops  # about 3 visits per op


def test_nesting_costs_a_bounded_factor(monkeypatch):
    """Each loop level re-runs its body until its state settles: a few rounds, not more."""
    visits, ops = _visits(_kernel(4, 3), monkeypatch)
    assert visits / ops < 4 ** 3
