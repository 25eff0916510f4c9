"""Which GM bytes an access op touches, symbolically, for the sync dataflow.

Within one core, GM is ordered by nothing but explicit syncs: the TQue framework orders
local buffers, bisheng's auto-sync never orders MTE3 -> MTE2, and the DMA engines do not
look at addresses (ascend-sync-facts.md). A kernel that writes a GM range and reads it back
(a two-pass algorithm, a store then a reload of a partial result) needs a `mte3_mte2` flag.
To add exactly those flags and no others, an access's GM range is described as

    (root, offset, length, earlier)

- `root`: the pointer the GlobalTensor was pointed at (`set_global_buffer`), traced through
  `emitasc.ptr_offset` to a function argument or another value. Distinct kernel arguments are
  taken not to overlap (as CANN's kernels are written; two arguments bound to one array at
  launch are the caller's business and the simulator reports what follows).
- `offset`, `length`: polynomials in bytes over SSA values (`Poly`), from the view chain
  (`set_global_buffer(p + a)`, `g[i]`) and the copy's element count; None when unknown (then
  the range is the whole root).
- `earlier`: set when the access happened in an earlier iteration of the loop whose induction
  variable `iv` the offset mentions: `(iv, step)`. An access of iteration i - k*step, k >= 1.

Two ranges of one root are disjoint when the difference of their offsets is provably at
least the first's length, or at most minus the second's (`disjoint`). "Provably" uses what
kernels guarantee: counts, block indices and loop variables from a non-negative start are
non-negative (`Facts.nonneg`). The classic in-place tile loop (read x[i*T, T), write the same
range, next iteration reads x[(i+1)*T, T)) is then free of flags, and a reload of what was
just stored gets one.
"""

from __future__ import annotations

from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import UnrealizedConversionCastOp
from xdsl.ir import Operation, SSAValue

from ascdsl.dialects import ascendc as A
from ascdsl.dialects import emitc
from ascdsl.dialects.ascendc.base import const_int
from ascdsl.dialects.emitasc import PtrOffsetOp

from .vector_repeats import elem_bytes

# A polynomial over SSA values: a sorted tuple of (monomial, coefficient), a monomial a
# sorted tuple of atom numbers (the constant term has the empty monomial). Hashable, so a
# range can sit in the dataflow's fact sets.
Poly = tuple
ANY_ROOT = ("gm", "any")  # a GlobalTensor of unknown origin: overlaps every GM key
_MAX_DEGREE = 3  # beyond this a product is an opaque atom (never happens in kernels)

_CASTS = (arith.IndexCastOp, arith.ExtSIOp, arith.ExtUIOp, arith.TruncIOp, emitc.CastOp)
# Queries whose results are never negative: block and sub-block indices and counts.
_NONNEG = (A.GetBlockIdxOp, A.GetBlockNumOp, A.GetSubBlockIdxOp, A.GetSubBlockNumOp)
# What makes a kernel split between the cube core and the vector cores.
_CORE_SPLIT = (A.AscendIsAICOp, A.AscendIsAIVOp, A.CrossCoreFlagOp, A.FftsCrossCoreSyncOp)


def _norm(terms: dict) -> Poly:
    return tuple(sorted((m, c) for m, c in terms.items() if c))


def p_const(c: int) -> Poly:
    return _norm({(): c})


def p_add(a: Poly, b: Poly, sign: int = 1) -> Poly:
    terms = dict(a)
    for m, c in b:
        terms[m] = terms.get(m, 0) + sign * c
    return _norm(terms)


def p_mul(a: Poly, b: Poly) -> Poly | None:
    terms: dict = {}
    for ma, ca in a:
        for mb, cb in b:
            m = tuple(sorted(ma + mb))
            if len(m) > _MAX_DEGREE:
                return None
            terms[m] = terms.get(m, 0) + ca * cb
    return _norm(terms)


def p_scale(a: Poly, k: int) -> Poly:
    return _norm({m: c * k for m, c in a})


class Facts:
    """Per function: atoms, the polynomial of each integer value, the GM range of each
    GlobalTensor value, and which atoms are known non-negative."""

    def __init__(self, function: func.FuncOp):
        self._atoms: dict[SSAValue, int] = {}
        self.atom_values: list[SSAValue] = []
        self._poly: dict[SSAValue, Poly] = {}
        self._bases: dict[SSAValue, list[SSAValue]] = {}  # GlobalTensor -> pointers set
        self._views: dict[SSAValue, tuple] = {}
        self.nonneg: set[int] = set()
        # A kernel split between the cube core and the vector cores (ascend_is_aic/aiv,
        # cross-core flags) shares GM between cores: only cross-core flags order that, and
        # those are the kernel's own; GM is then not tracked here.
        self.split = False
        for op in function.walk():
            if isinstance(op, _CORE_SPLIT):
                self.split = True
            elif isinstance(op, A.SetGlobalBufferOp):
                self._bases.setdefault(op.tensor, []).append(op.buffer)
            elif isinstance(op, _NONNEG):
                self.nonneg.add(self._atom(op.results[0]))
            elif isinstance(op, scf.ForOp):
                lb, step = const_int(op.lb), const_int(op.step)
                if lb is not None and lb >= 0 and step is not None and step > 0:
                    self.nonneg.add(self._atom(op.body.block.args[0]))
            elif isinstance(op, A.DataCopyL2Op):
                # An element count: a negative one is an invalid copy.
                for m, _ in self.poly(op.count):
                    self.nonneg.update(m)

    # --- polynomials ----------------------------------------------------------------------

    def _atom(self, v: SSAValue) -> int:
        n = self._atoms.get(v)
        if n is None:
            n = self._atoms[v] = len(self.atom_values)
            self.atom_values.append(v)
        return n

    def poly(self, v: SSAValue) -> Poly:
        found = self._poly.get(v)
        if found is None:
            found = self._poly[v] = self._compute(v)
        return found

    def _compute(self, v: SSAValue) -> Poly:
        op = v.owner
        if isinstance(op, arith.ConstantOp | emitc.ConstantOp):
            c = const_int(v)
            if c is not None:
                return p_const(c)
        elif isinstance(op, _CASTS) or (
            isinstance(op, UnrealizedConversionCastOp) and len(op.operands) == 1
        ):
            return self.poly(op.operands[0])
        elif isinstance(op, arith.AddiOp):
            return p_add(self.poly(op.lhs), self.poly(op.rhs))
        elif isinstance(op, arith.SubiOp):
            return p_add(self.poly(op.lhs), self.poly(op.rhs), -1)
        elif isinstance(op, arith.MuliOp):
            prod = p_mul(self.poly(op.lhs), self.poly(op.rhs))
            if prod is not None:
                return prod
        return ((( self._atom(v),), 1),)

    def is_nonneg(self, p: Poly) -> bool:
        return all(c >= 0 and all(a in self.nonneg for a in m) for m, c in p)

    # --- GM ranges ------------------------------------------------------------------------

    def view(self, value: SSAValue) -> tuple:
        """(root, offset in bytes or None) of a GlobalTensor value."""
        found = self._views.get(value)
        if found is None:
            found = self._views[value] = self._view(value)
        return found

    def _view(self, value: SSAValue) -> tuple:
        op = value.owner
        if isinstance(op, A.GlobalSubIndexOp):
            root, off = self.view(op.tensor)
            if off is None:
                return root, None
            idx = p_mul(self.poly(op.index), p_const(_esize(value)))
            return root, (None if idx is None else p_add(off, idx))
        if isinstance(op, A.GlobalTensorOp):
            bases = self._bases.get(value, [])
            if len(bases) != 1:
                return ANY_ROOT, None
            return self._pointer(bases[0])
        return ANY_ROOT, None

    def _pointer(self, ptr: SSAValue) -> tuple:
        off: Poly | None = ()
        for _ in range(16):
            op = ptr.owner
            if not isinstance(op, PtrOffsetOp):
                break
            size = _esize(ptr)
            if op.static_offset is not None:
                step = p_const(op.static_offset.value.data * size)
            elif op.dynamic_offset is not None:
                step = p_mul(self.poly(op.dynamic_offset), p_const(size))
            else:
                step = None
            off = None if off is None or step is None else p_add(off, step)
            ptr = op.base
        return ("gm", ptr), off

    def range_of(self, value: SSAValue, op: Operation) -> tuple:
        """The GM key of an access by `op` through GlobalTensor `value`."""
        root, off = self.view(value)
        if root == ANY_ROOT:
            return ANY_ROOT
        size = _esize(value)
        length = None
        if off is not None and isinstance(op, A.DataCopyL2Op):
            length = p_mul(self.poly(op.count), p_const(size))
        elif off is not None and isinstance(op, (A.GlobalGetValueOp, A.GlobalSetValueOp)):
            idx = p_mul(self.poly(op.index), p_const(size))
            if idx is not None:
                off, length = p_add(off, idx), p_const(size)
        if length is None:
            return (*root, None)
        return (*root, (off, length, None))


def _esize(value: SSAValue) -> int:
    """Bytes per element of a GlobalTensor or GM pointer."""
    return elem_bytes(value.type.element_type)


def is_gm(value: SSAValue) -> bool:
    return isinstance(value.type, A.GlobalTensorType)


# --- comparing ranges -----------------------------------------------------------------------


def _split(p: Poly, iv: int) -> tuple[Poly, Poly] | None:
    """p = a * iv + rest with neither a nor rest mentioning iv; None when p is not linear in iv."""
    a: dict = {}
    rest: dict = {}
    for m, c in p:
        n = m.count(iv)
        if n == 0:
            rest[m] = c
        elif n == 1:
            mm = list(m)
            mm.remove(iv)
            a[tuple(mm)] = c
        else:
            return None
    return _norm(a), _norm(rest)


def disjoint(facts: Facts, e: tuple, c: tuple) -> bool:
    """Whether range `e` (possibly from an earlier iteration) and the current range `c` of
    one root never overlap."""
    e_off, e_len, earlier = e
    c_off, c_len, _ = c
    diff = p_add(c_off, e_off, -1)  # c - e, as if both were this iteration's
    if earlier is None:
        return facts.is_nonneg(p_add(diff, e_len, -1)) or facts.is_nonneg(
            p_scale(p_add(diff, c_len), -1))
    iv, step = earlier
    se, sc = _split(e_off, iv), _split(c_off, iv)
    if se is None or sc is None or se[0] != sc[0]:
        return False
    # e's iv was k*step smaller: c - e = diff + a*step*k, k >= 1.
    d = p_scale(se[0], step)
    first = p_add(diff, d)
    if facts.is_nonneg(d) and facts.is_nonneg(p_add(first, e_len, -1)):
        return True
    return facts.is_nonneg(p_scale(d, -1)) and facts.is_nonneg(
        p_scale(p_add(first, c_len), -1))


def gm_overlap(facts: Facts, a: tuple, b: tuple) -> bool:
    """Whether two GM keys may name common bytes."""
    if a == ANY_ROOT or b == ANY_ROOT:
        return True
    if a[1] is not b[1]:
        return False
    ra, rb = a[2], b[2]
    if ra is None or rb is None:
        return True
    # The dataflow marks a fact `earlier`; accesses are always current: that one goes first.
    if rb[2] is not None:
        ra, rb = rb, ra
    return not disjoint(facts, ra, rb)

