"""verify-sync never fails and never crashes, whatever order queue ops come in.

pyasc's version dereferences a pending enque as an alloc when a free meets one; here every
ordering of alloc / enque / deque / free over two queues ends in warnings only.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from ascdsl.context import make_context
from ascdsl.diagnostics import DiagnosticEngine, Severity, parse_module, using_engine
from ascdsl.transforms.verify_sync import VerifySyncPass

Q = "!ascendc.queue<vecin, 2>"
T = "!ascendc.local_tensor<64xf16>"


@st.composite
def orderings(draw) -> str:
    lines = [f"func.func @f(%q0: {Q}, %q1: {Q}, %arg: {T}) {{"]
    tensors = ["%arg"]
    for i in range(draw(st.integers(0, 16))):
        kind = draw(st.sampled_from(["alloc", "enque", "deque", "free"]))
        q = draw(st.sampled_from(["%q0", "%q1"]))
        if kind in ("alloc", "deque"):
            name = f"%t{i}"
            what = "alloc_tensor" if kind == "alloc" else "deque_tensor"
            lines.append(f"  {name} = ascendc.que_bind.{what} {q} : {Q}, {T}")
            tensors.append(name)
        else:
            t = draw(st.sampled_from(tensors))
            what = "enque_tensor" if kind == "enque" else "free_tensor"
            lines.append(f"  ascendc.que_bind.{what} {q}, {t} : {Q}, {T}")
    lines += ["  func.return", "}"]
    return "\n".join(lines)


@settings(max_examples=300, deadline=None)
@given(orderings())
def test_any_ordering_only_warns(text):
    ctx = make_context()
    module = parse_module(ctx, text, "<ordering>")
    before = str(module)
    engine = DiagnosticEngine()
    with using_engine(engine):
        VerifySyncPass().apply(ctx, module)
    assert str(module) == before
    assert all(d.severity is Severity.WARNING for d in engine.diagnostics)
    for d in engine.diagnostics:
        assert d.loc is not None and d.loc.file == "<ordering>"
        assert all(n.severity is Severity.NOTE for n in d.notes)


def test_counts_on_a_known_sequence():
    text = f"""func.func @f(%q: {Q}) {{
  %a = ascendc.que_bind.alloc_tensor %q : {Q}, {T}
  ascendc.que_bind.enque_tensor %q, %a : {Q}, {T}
  ascendc.que_bind.free_tensor %q, %a : {Q}, {T}
  ascendc.que_bind.free_tensor %q, %a : {Q}, {T}
  %d = ascendc.que_bind.deque_tensor %q : {Q}, {T}
  %e = ascendc.que_bind.deque_tensor %q : {Q}, {T}
  func.return
}}"""
    ctx = make_context()
    module = parse_module(ctx, text, "<known>")
    engine = DiagnosticEngine()
    with using_engine(engine):
        VerifySyncPass().apply(ctx, module)
    found = [(d.loc.line, d.message.split(" op ", 1)[1]) for d in engine.diagnostics]
    # Reported in walk order: the double free as it is met, the two frees between the enque
    # and the deque that takes %a back when that deque is met, then the second deque.
    assert found == [
        (5, "FreeTensor: tensor memory was freed before its last use"),
        (4, "unexpected use of tensor between EnQue and DeQue"),
        (5, "unexpected use of tensor between EnQue and DeQue"),
        (7, "DeQue: there is no corresponding call to EnQue"),
    ]
