"""Properties of insert-que-sync on random structured kernels.

A kernel is drawn as nested scf.for / scf.if bodies of statements over queue tensors (each
with its own queue, allocated at some level and freed at the end of it) and plain tensors:
copies from and to GM, vector ops, get_value / set_value. For every drawn kernel:

- the pass succeeds and the result verifies, with every operand defined before its use;
- running the pass again changes nothing;
- verify-sync finds no deque without an enque and no use of a tensor between its enque and
  its deque in the result;
- erase-sync then insert-que-sync rebuilds the result byte for byte (erase-sync removes
  what the pass adds, barriers on one pipe aside, which both keep);
- erase-sync takes a result without such barriers back to the kernel.
"""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from xdsl.dialects.builtin import ModuleOp

from ascdsl.context import make_context
from ascdsl.diagnostics import DiagnosticEngine, parse_module, using_engine, verify_diagnostics
from ascdsl.transforms.analysis import OpOrder
from ascdsl.transforms.erase_sync import EraseSyncPass
from ascdsl.transforms.insert_que_sync import InsertQueSyncPass, _Sync
from ascdsl.transforms.verify_sync import VerifySyncPass

T = "!ascendc.local_tensor<64xf32>"
G = "!ascendc.global_tensor<*xf32>"
HEADER = (
    f"func.func @k(%g: {G}, %s: f32, %n: i32, %lb: index, %ub: index, %st: index, %c: i1, "
    f"%p0: {T}, %p1: {T}) {{"
)


class _Kernel:
    def __init__(self, draw):
        self.draw = draw
        self.lines: list[str] = []
        self.count = 0

    def fresh(self, prefix: str) -> str:
        self.count += 1
        return f"%{prefix}{self.count}"

    def emit(self, depth: int, text: str) -> None:
        self.lines.append("  " * (depth + 1) + text)

    def block(self, depth: int, tensors: list[str]) -> None:
        local: list[tuple[str, str, str]] = []
        tensors = list(tensors)
        for _ in range(self.draw(st.integers(0, 5))):
            kind = self.draw(
                st.sampled_from(
                    ["alloc", "alloc", "write", "write", "read", "read", "scalar", "for", "if"]
                    if depth < 3
                    else ["alloc", "write", "read", "scalar"]
                )
            )
            if kind == "alloc":
                q, t = self.fresh("q"), self.fresh("t")
                pos = self.draw(st.sampled_from(["vecin", "vecout"]))
                self.emit(depth, f"{q} = ascendc.queue : <{pos}, 1>")
                qt = f"!ascendc.queue<{pos}, 1>"
                self.emit(depth, f"{t} = ascendc.que_bind.alloc_tensor {q} : {qt}, {T}")
                local.append((q, qt, t))
                tensors.append(t)
                continue
            if kind in ("for", "if"):
                if kind == "for":
                    self.emit(depth, f"scf.for {self.fresh('i')} = %lb to %ub step %st {{")
                    self.block(depth + 1, tensors)
                    self.emit(depth, "}")
                else:
                    self.emit(depth, "scf.if %c {")
                    self.block(depth + 1, tensors)
                    if self.draw(st.booleans()):
                        self.emit(depth, "} else {")
                        self.block(depth + 1, tensors)
                    self.emit(depth, "}")
                continue
            # Queue tensors are the interesting ones: favour them over the plain ones.
            t = self.draw(st.sampled_from(tensors * 3 + ["%p0", "%p1"]))
            if kind == "write":
                how = self.draw(st.sampled_from(["copy", "dup", "exp"]))
                if how == "copy":
                    self.emit(depth, f"ascendc.data_copy_l2 {t}, %g, %n : {T}, {G}, i32")
                elif how == "dup":
                    self.emit(depth, f"ascendc.duplicate_l2 {t}, %s, %n : {T}, f32, i32")
                else:
                    src = self.draw(st.sampled_from(tensors + ["%p0", "%p1"]))
                    self.emit(depth, f"ascendc.exp_l2 {t}, {src}, %n : {T}, {T}, i32")
            elif kind == "read":
                if self.draw(st.booleans()):
                    self.emit(depth, f"ascendc.data_copy_l2 %g, {t}, %n : {G}, {T}, i32")
                else:
                    dst = self.draw(st.sampled_from(["%p0", "%p1"]))
                    self.emit(depth, f"ascendc.add_l2 {dst}, {t}, {t}, %n : {T}, {T}, {T}, i32")
            else:
                v = self.fresh("v")
                self.emit(depth, f"{v} = ascendc.local_tensor.get_value {t}, %lb : {T}, index, f32")
                if self.draw(st.booleans()):
                    self.emit(
                        depth, f"ascendc.local_tensor.set_value {t}, %lb, {v} : {T}, index, f32"
                    )
        for q, qt, t in reversed(local):
            self.emit(depth, f"ascendc.que_bind.free_tensor {q}, {t} : {qt}, {T}")


@st.composite
def kernels(draw) -> str:
    k = _Kernel(draw)
    k.block(0, [])
    return "\n".join([HEADER, *k.lines, "  func.return", "}"])


def _run(text: str) -> tuple[ModuleOp, str]:
    ctx = make_context()
    module = parse_module(ctx, text, "<kernel>")
    InsertQueSyncPass().apply(ctx, module)
    return module, str(module)


def _operands_dominate(module: ModuleOp) -> None:
    for func in module.ops:
        order = OpOrder(func)
        for op in func.walk():
            if op is func:
                continue
            for v in op.operands:
                assert order.value_dominates(v, op), f"{v} does not dominate {op.name}"


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kernels())
def test_random_kernels(text):
    module, once = _run(text)
    assert verify_diagnostics(module) == []
    _operands_dominate(module)
    _, twice = _run(once)
    assert twice == once
    engine = DiagnosticEngine()
    with using_engine(engine):
        VerifySyncPass().apply(make_context(), module)
    bad = [
        d.message
        for d in engine.diagnostics
        if "between EnQue and DeQue" in d.message or "no corresponding call to EnQue" in d.message
    ]
    assert bad == [], f"{bad}\n{once}"

    EraseSyncPass().apply(make_context(), module)
    erased = str(module)
    if "pipe_barrier pipe_v" not in once:
        assert erased == str(parse_module(make_context(), text, "<kernel>"))
    InsertQueSyncPass().apply(make_context(), module)
    assert str(module) == once


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kernels())
def test_one_sweep_equals_one_enque_at_a_time(text):
    """The one-sweep path for tensors enqueued in one block changes nothing but the cost."""
    _, swept = _run(text)
    _Sync.STRAIGHT_CHAINS = False
    try:
        _, stepwise = _run(text)
    finally:
        _Sync.STRAIGHT_CHAINS = True
    assert swept == stepwise


def test_long_accumulation_is_linear(monkeypatch):
    """An output tensor accumulated k times in one block: the work grows with k, not k^2."""
    calls = {"precedes": 0}
    original = OpOrder.precedes

    def counting(self, a, b):
        calls["precedes"] += 1
        return original(self, a, b)

    monkeypatch.setattr(OpOrder, "precedes", counting)
    for k in (100, 400):
        calls["precedes"] = 0
        body = [
            f"  ascendc.add_l2 %acc, %acc, %p0, %n : {T}, {T}, {T}, i32" for _ in range(k)
        ]
        text = "\n".join(
            [
                HEADER,
                "  %q = ascendc.queue : <vecout, 1>",
                f"  %acc = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecout, 1>, {T}",
                *body,
                f"  ascendc.data_copy_l2 %g, %acc, %n : {G}, {T}, i32",
                f"  ascendc.que_bind.free_tensor %q, %acc : !ascendc.queue<vecout, 1>, {T}",
                "  func.return",
                "}",
            ]
        )
        module, out = _run(text)
        assert out.count("enque_tensor") == k and out.count("deque_tensor") == k
        assert calls["precedes"] <= 4 * k, (k, calls["precedes"])


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kernels())
def test_random_kernels_before_bishengs_layer(text):
    """insert-que-sync{auto_sync=true} (the JIT's default): idempotent, rebuilt byte for byte
    by erase-sync then itself, and complete once cce-auto-sync has added bisheng's layer: the
    dataflow the sanitizer follows finds nothing unordered."""
    from ascdsl.transforms.cce_auto_sync import CceAutoSyncPass
    from ascdsl.transforms.sync_dataflow import SyncDataflow, function_pipes

    ctx = make_context()
    module = parse_module(ctx, text, "<kernel>")
    InsertQueSyncPass(auto_sync=True).apply(ctx, module)
    once = str(module)
    assert verify_diagnostics(module) == []
    _operands_dominate(module)
    InsertQueSyncPass(auto_sync=True).apply(ctx, module)
    assert str(module) == once
    EraseSyncPass().apply(ctx, module)
    InsertQueSyncPass(auto_sync=True).apply(ctx, module)
    assert str(module) == once
    CceAutoSyncPass().apply(ctx, module)
    for func in module.ops:
        flow = SyncDataflow(func, function_pipes(module), entry_wildcard=False,
                            vector_barriers=False)
        assert not flow.needs, f"{[str(op) for op in flow.needs]}\n{once}"
