"""Random vector kernels for the synchronisation property tests (test_sync_generator.py).

A kernel is a list of steps over LocalTensorAuto tiles of TILE f32 elements, optionally run
once per tile of a loop: copies in from GM inputs, vector ops of the unary, binary and
vector-scalar families (the ops come from the dialect's facts: every level-2 op of those
families whose FORMULA numpy can evaluate on f32), scalar GetValue/SetValue, and copies out to
GM. The kernel carries no synchronisation: the default pipeline has to place all of it.

`Kernel.mlir()` writes the IR; `Kernel.reference(inputs)` computes the result in program order
with the ops' own formulas (the simulator's functional model: synchronised code gives the
program-order result). Every tensor a step reads was written before, so nothing depends on
what memory holds at start.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import numpy as np
from hypothesis import strategies as st

TILE = 64
T = f"!ascendc.local_tensor<{TILE}xf32>"
G = "!ascendc.global_tensor<*xf32>"
NUMPY = {k: getattr(np, k) for k in dir(np) if not k.startswith("_")}


@dataclass(frozen=True)
class OpFact:
    name: str  # `ascendc.add_l2`
    family: str  # unary, binary, scalar
    formula: str

    def apply(self, a, b=None, s=None):
        with np.errstate(all="ignore"):
            env = dict(NUMPY, a=a, b=b, s=np.float32(s) if s is not None else None)
            return np.asarray(eval(self.formula, {"__builtins__": {}}, env), dtype=np.float32)


@functools.cache
def vector_ops() -> dict[str, tuple[OpFact, ...]]:
    """The level-2 vector ops per family, from the dialect's facts (FORMULA, family base)."""
    from ascdsl.dialects.ascendc import AscendC
    from ascdsl.dialects.ascendc.ops_binary import BinaryL2Base
    from ascdsl.dialects.ascendc.ops_unary import UnaryL2Base
    from ascdsl.dialects.ascendc.ops_vec_scalar import VecScalarL2Base

    families = {"unary": UnaryL2Base, "binary": BinaryL2Base, "scalar": VecScalarL2Base}
    found: dict[str, list[OpFact]] = {f: [] for f in families}
    probe = np.linspace(0.5, 1.5, 8, dtype=np.float32)
    for cls in AscendC.operations:
        for family, base in families.items():
            # Ops that also read their destination (Axpy, the fused forms) do not fit the
            # generator's model of a destination as written only.
            # Nor do conversions, whose destination has an element type of its own.
            same = getattr(cls, "SAME_ELEMENT", ())
            if (issubclass(cls, base) and cls.FORMULA and "dst" not in getattr(cls, "READS", ())
                    and (not same or "dst" in same)):
                fact = OpFact(cls.name, family, cls.FORMULA)
                try:
                    out = fact.apply(probe, probe, 0.5)
                except TypeError:  # bitwise ops: integers only
                    continue
                except NameError:  # fused forms also read their destination (`c`): the
                    continue  # generator's kernels treat a destination as written only
                if out.shape == probe.shape and _accepts_f32(fact):
                    found[family].append(fact)
    return {f: tuple(sorted(v, key=lambda o: o.name)) for f, v in found.items()}


def _accepts_f32(fact: OpFact) -> bool:
    """True if the op verifies on f32 tensors (some families are half or integer only)."""
    from ascdsl.loading import parse

    k = Kernel(inputs=1, tensors=2, tiles=1, loop=False,
               steps=[("copy_in", 0, 0), ("op", fact, 1, (0, 0), 0.5), ("copy_out", 1)])
    try:
        parse(k.mlir())
    except Exception:  # noqa: BLE001 - a verifier rejection: not an f32 op
        return False
    return True


@dataclass
class Kernel:
    inputs: int
    tensors: int
    tiles: int
    loop: bool
    steps: list = field(default_factory=list)

    # --- IR -------------------------------------------------------------------------------------

    def mlir(self) -> str:
        args = ", ".join(f"%x{i}: memref<?xf32, 22>" for i in range(self.inputs))
        lines = [f"func.func @k({args}, %z: memref<?xf32, 22>) attributes {{ascendc.global}} {{"]
        out = lines.append
        for i in range(self.inputs):
            out(f"  %g{i} = ascendc.global_tensor : {G}")
            out(f"  ascendc.global_tensor.set_global_buffer %g{i}, %x{i} : {G}, memref<?xf32, 22>")
        out(f"  %gz = ascendc.global_tensor : {G}")
        out(f"  ascendc.global_tensor.set_global_buffer %gz, %z : {G}, memref<?xf32, 22>")
        for t in range(self.tensors):
            out(f"  %t{t} = ascendc.local_tensor_auto() : <{TILE}xf32>")
        out(f"  %n = arith.constant {TILE} : i32")
        out("  %c0 = arith.constant 0 : i32")
        indent = "  "
        if self.loop:
            out(f"  %tiles = arith.constant {self.tiles} : i32")
            out("  %c1 = arith.constant 1 : i32")
            out("  scf.for %i = %c0 to %tiles step %c1 : i32 {")
            out("    %start = arith.muli %i, %n : i32")
            indent = "    "
        else:
            out("  %start = arith.constant 0 : i32")
        for k, step in enumerate(self.steps):
            for line in self._step(k, step):
                out(indent + line)
        if self.loop:
            out("  }")
        out("  func.return")
        out("}")
        return "\n".join(lines) + "\n"

    @staticmethod
    def _step(k: int, step) -> list[str]:
        kind = step[0]
        if kind == "copy_in":
            _, t, x = step
            return [
                f"%s{k} = ascendc.global_tensor.subindex %g{x}[%start] : {G}, i32, {G}",
                f"ascendc.data_copy_l2 %t{t}, %s{k}, %n : {T}, {G}, i32",
            ]
        if kind == "reload":  # what an earlier copy-out stored (MTE3 -> MTE2 on GM)
            _, t = step
            return [
                f"%s{k} = ascendc.global_tensor.subindex %gz[%start] : {G}, i32, {G}",
                f"ascendc.data_copy_l2 %t{t}, %s{k}, %n : {T}, {G}, i32",
            ]
        if kind == "copy_out":
            _, t = step
            return [
                f"%s{k} = ascendc.global_tensor.subindex %gz[%start] : {G}, i32, {G}",
                f"ascendc.data_copy_l2 %s{k}, %t{t}, %n : {G}, {T}, i32",
            ]
        if kind == "scalar":
            _, dst, i, src, j = step
            return [
                f"%i{k} = arith.constant {i} : i32",
                f"%j{k} = arith.constant {j} : i32",
                f"%v{k} = ascendc.local_tensor.get_value %t{src}, %j{k} : {T}, i32, f32",
                f"ascendc.local_tensor.set_value %t{dst}, %i{k}, %v{k} : {T}, i32, f32",
            ]
        _, fact, dst, srcs, s = step
        if fact.family == "unary":
            return [f"{fact.name} %t{dst}, %t{srcs[0]}, %n : {T}, {T}, i32"]
        if fact.family == "binary":
            return [f"{fact.name} %t{dst}, %t{srcs[0]}, %t{srcs[1]}, %n : {T}, {T}, {T}, i32"]
        return [
            f"%f{k} = arith.constant {s!r} : f32",
            f"{fact.name} %t{dst}, %t{srcs[0]}, %f{k}, %n : {T}, {T}, f32, i32",
        ]

    # --- reference ------------------------------------------------------------------------------

    def reference(self, xs: list[np.ndarray]) -> np.ndarray:
        z = np.zeros(self.tiles * TILE, np.float32)
        ts = [np.zeros(TILE, np.float32) for _ in range(self.tensors)]
        for tile in range(self.tiles if self.loop else 1):
            sl = slice(tile * TILE, (tile + 1) * TILE)
            for step in self.steps:
                kind = step[0]
                if kind == "copy_in":
                    ts[step[1]] = xs[step[2]][sl].copy()
                elif kind == "copy_out":
                    z[sl] = ts[step[1]]
                elif kind == "reload":
                    ts[step[1]] = z[sl].copy()
                elif kind == "scalar":
                    _, dst, i, src, j = step
                    ts[dst] = ts[dst].copy()
                    ts[dst][i] = ts[src][j]
                else:
                    _, fact, dst, srcs, s = step
                    a = ts[srcs[0]]
                    b = ts[srcs[1]] if len(srcs) > 1 else None
                    ts[dst] = fact.apply(a, b, s)
        return z

    def describe(self) -> str:
        parts = []
        for step in self.steps:
            if step[0] == "op":
                _, fact, dst, srcs, s = step
                args = ", ".join(f"t{x}" for x in srcs) + (f", {s}" if fact.family == "scalar" else "")
                parts.append(f"{fact.name.split('.')[1]}(t{dst}, {args})")
            elif step[0] == "scalar":
                _, dst, i, src, j = step
                parts.append(f"t{dst}.set_value({i}, t{src}.get_value({j}))")
            elif step[0] == "copy_in":
                parts.append(f"copy(t{step[1]}, x{step[2]})")
            elif step[0] == "reload":
                parts.append(f"copy(t{step[1]}, z)")
            else:
                parts.append(f"copy(z, t{step[1]})")
        loop = f"for {self.tiles} tiles: " if self.loop else ""
        return loop + "; ".join(parts)


@st.composite
def kernels(draw, max_steps: int = 8) -> Kernel:
    """A random kernel: every tensor read was written first, the last step copies out."""
    ops = vector_ops()
    inputs = draw(st.integers(1, 2))
    tensors = draw(st.integers(2, 4))
    loop = draw(st.booleans())
    tiles = draw(st.integers(1, 3)) if loop else 1
    k = Kernel(inputs, tensors, tiles, loop)
    written: list[int] = []
    nsteps = draw(st.integers(1, max_steps))
    for _ in range(nsteps):
        choices = ["copy_in"]
        if written:
            choices += ["unary", "binary", "scalar", "scalar_op", "get_set", "copy_out",
                        "reload"]
        kind = draw(st.sampled_from(choices))
        if kind == "copy_in":
            t = draw(st.integers(0, tensors - 1))
            k.steps.append(("copy_in", t, draw(st.integers(0, inputs - 1))))
            written.append(t)
            continue
        src = st.sampled_from(sorted(set(written)))
        if kind == "copy_out":
            k.steps.append(("copy_out", draw(src)))
            continue
        if kind == "reload":
            t = draw(st.integers(0, tensors - 1))
            k.steps.append(("reload", t))
            written.append(t)
            continue
        if kind == "get_set":
            k.steps.append(("scalar", draw(src), draw(st.integers(0, TILE - 1)), draw(src),
                            draw(st.integers(0, TILE - 1))))
            continue
        family = {"unary": "unary", "binary": "binary", "scalar": "scalar",
                  "scalar_op": "scalar"}[kind]
        fact = draw(st.sampled_from(ops[family]))
        dst = draw(st.integers(0, tensors - 1))
        srcs = (draw(src),) if family != "binary" else (draw(src), draw(src))
        s = draw(st.sampled_from([0.5, 2.0, -1.0])) if family == "scalar" else None
        k.steps.append(("op", fact, dst, srcs, s))
        written.append(dst)
    k.steps.append(("copy_out", draw(st.sampled_from(sorted(set(written))))))
    return k
