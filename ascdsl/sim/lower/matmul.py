"""The Matmul API on the simulated cube core (cube-only kernels).

A `matmul::Matmul` object is modelled as one op per API call: its numbers are computed with
numpy (inputs widened to f32, or i32 for int8, C = A B (+ bias) accumulated in f32 / i32,
then stored in C's type), and its time is the schedule the library runs, driven by the
TCubeTiling it was given:

- C is cut into baseM x baseN blocks, visited in the tiling's iterateOrder (ORDER_N: M inner,
  then N; ORDER_M: N inner, then M; both inside stepM x stepN groups), each block summed over
  K in baseK slices;
- A enters L1 in stages of stepM x stepKa base blocks (MTE2, ND -> NZ; an NZ operand by
  plain copies of its column strips, matmul_nz.py), B in stages of
  stepKb x stepN; L1 holds depthA1 / (stepM * stepKa) stages of A and depthB1 /
  (stepKb * stepN) of B, reused while they stay (least recently used goes first), and a stage
  is overwritten only after MTE1 has done the K step's last load (MDL: one copy per stage,
  the next stage copied during this one; NORM: one copy per base block);
- each baseM x baseK (baseK x baseN) slice goes L1 -> L0A (L0B) on MTE1 into one of dbL0A
  (dbL0B) buffers, freed when the Mmad that reads it is done;
- Mmad accumulates into one of dbL0C L0C buffers on M (one 16 x 16 x C0 fractal product a
  cycle); FIX moves the finished block to GM (NZ -> ND), freeing the L0C buffer.

Each step is charged to its pipe with the SoC's costs; the library's WaitFlags stop the core
issuing (before a copy into a stage slot, before a K step's loads, before a Fixpipe), all else
waits only for what it depends on: MTE2, MTE1, M and FIX overlap as far as the buffers allow.
The tiling must fit L1, L0A, L0B and L0C (a located error otherwise), and the object must be
given A and B before it computes.
"""

from __future__ import annotations

from collections import OrderedDict

import numpy as np
from numpy.lib.stride_tricks import as_strided

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.enums import Hardware
from ascdsl.dialects.ascendc.types_matmul_api import MatmulType

from ..compiler import Lowering, lowers, not_simulated
from ..dtypes import sim_dtype
from ..errors import InvalidArgumentError, UBOverflowError
from ..atomic import ATOMIC_WRITE, combine_into
from ..sanitizer import FIX
from . import matmul_nz as nz
from .common import gm_span
from .matmul_quant import dequant
from .matmul_sched import MatmulSchedule
from .vector import CONSTRUCT_LOWERINGS

for _cls in (A.MatmulSetTensorAScalarOp, A.MatmulSetTensorBScalarOp, A.MatmulSetSelfDefineDataOp,
             A.MatmulSetSparseIndexOp, A.MatmulSetUserDefInfoOp, A.MatmulSetHF32Op,
             A.MatmulGetTensorCReturnOp, A.MatmulGetOffsetCOp,
             A.MatmulAsyncGetTensorCOp, A.GetMatmulApiTilingOp, A.KfcInitOp, A.KfcIsRunOp,
             A.KfcInitObjOp, A.KfcRunOp, A.KfcQuitOp):
    not_simulated(_cls, f"'{_cls.name}' is not simulated: the simulator runs the Matmul API "
                        "with GM operands (SetTensorA/B, SetBias, SetTail, SetOrgShape, "
                        "SetSingleShape, Iterate, GetTensorC, IterateAll, IterateBatch, End) in "
                        "cube-only kernels and, in mixed kernels, through the AIC's "
                        "REGIST_MATMUL_OBJ server; see docs/cube.md")

# (A, B) element types -> accumulator; C may be the accumulator's type or f16/bf16 (FIX
# converts), as the Matmul API allows on dav-c220.
_ACC = {("f16", "f16"): np.float32, ("bf16", "bf16"): np.float32, ("f32", "f32"): np.float32,
        ("i8", "i8"): np.int32}

# IterateAll / IterateBatch / GetTensorC's enAtomic: the library sets SetAtomicAdd/Max/Min<DstT>
# before its Fixpipe (scheduler_base.h, batch_scheduler_base.h: SetAtomic), so FIX combines C's
# converted values with what GM holds, in C's type (sim/atomic.py).
ATOMIC_KINDS = {0: None, 1: "add", 2: "max", 3: "min"}


def atomic_kind(value: int, site, core: int) -> str | None:
    """The combining of an enAtomic value; a located error outside 0-3."""
    if value not in ATOMIC_KINDS:
        raise InvalidArgumentError(f"passes enAtomic={value}; it is 0 (none), 1 (add), 2 (max) "
                                   "or 3 (min)", site, core=core)
    return ATOMIC_KINDS[value]


_FIELDS = ("M", "N", "Ka", "Kb", "singleCoreM", "singleCoreN", "singleCoreK", "baseM", "baseN",
           "baseK", "depthA1", "depthB1", "stepM", "stepN", "stepKa", "stepKb", "iterateOrder",
           "dbL0A", "dbL0B", "dbL0C")


def _ceil(a: int, b: int) -> int:
    return -(-a // b)


class MatmulState:
    """A Matmul object on one core: its operands, shapes, tiling and the cube's buffer
    timeline (L1 stages, L0A/L0B/L0C buffers: when each is ready or free again)."""

    def __init__(self, t: MatmulType, site):
        self.type = t
        self.site = site
        self.dt = {w: sim_dtype(t.operand(w)[2]) for w in ("a", "b", "c", "bias")}
        self.type_trans = {w: t.operand(w)[3] for w in ("a", "b")}
        self.tiling: dict[str, int] | None = None
        self.a = self.b = self.bias = None
        self.trans = {"a": False, "b": False}
        self.tail: list[int] = [-1, -1, -1]
        self.org: list[int] | None = None
        self.single: list[int] | None = None
        self.blocks = None  # the running Iterate: an iterator over (mi, ni)
        self.current = None  # (mi, ni, values, m_done) of the block Iterate computed last
        self.reset_pipeline()

    def reset_pipeline(self) -> None:
        self.l1 = {"a": OrderedDict(), "b": OrderedDict()}  # stage -> [slot, ready, last read]
        self.l1_free = {"a": [], "b": []}  # per slot: when its last reader is done
        self.l0 = {"a": [0.0, 0.0], "b": [0.0, 0.0]}  # per buffer: when free
        self.l0_next = {"a": 0, "b": 0}
        self.l0c = [0.0, 0.0]
        self.l0c_next = 0
        self.last_mmad = (0.0, 0.0)  # (start, cycles) of the last Mmad issued
        self.block_mmads: list[float] = []  # when each Mmad of the current block started
        self.fix_units = None  # (start, done, 512-byte units) of the last Fixpipe


# --- the object and its setup ---------------------------------------------------------------


def _cube_only(op) -> bool:
    from xdsl.dialects.builtin import ModuleOp

    from ascdsl.transforms.define_cube_only import CUBE_ONLY_ATTR

    p = op.parent_op()
    while p is not None:
        if isinstance(p, ModuleOp) and CUBE_ONLY_ATTR in p.attributes:
            return True
        p = p.parent_op()
    return False


def _construct_matmul(op, cx: Lowering):
    pre = cx.take_pre()
    t = op.result.type
    site = cx.site(op)
    if not _cube_only(op):
        # In a mixed kernel the vector cores drive the cube through the KFC server and the
        # block index counts vector cores: computing here would give another kernel's result.
        raise cx.error(op, "builds a Matmul object for a mixed (AIC + AIV) kernel, but the launch "
                           "runs one kind of core (its kernel_type): launch it MIX_AIC_1_2 or "
                           "build it cube-only (@jit(matmul_cube_only=True))")
    for w in ("a", "b", "c", "bias"):
        pos, _fmt, dtype, _tr, _lay = t.operand(w)
        if sim_dtype(dtype) is None:
            raise cx.error(op, f"has {w.upper()} elements of type {dtype}, which the simulator "
                               "cannot store")
        if pos is not A.TPosition.GM:
            raise cx.error(op, f"takes {w.upper()} at {pos.name}; the simulator runs the "
                               "Matmul API with every operand in GM (TPosition.GM)")
    refuse_formats(op, cx, t)
    names = (t.operand("a")[2], t.operand("b")[2])
    if tuple(sim_dtype(x).name for x in names) not in _ACC:
        raise cx.error(op, f"multiplies {names[0]} x {names[1]}; the cube takes f16, bf16, f32 "
                           "or int8 pairs")
    o = cx.slot(op.result)

    def f(R):
        R[0].t += pre
        R[o] = MatmulState(t, site)

    return f


CONSTRUCT_LOWERINGS[MatmulType] = _construct_matmul


def refuse_formats(op, cx: Lowering, t) -> None:
    """A and B must be ND or NZ (sim/lower/matmul_nz.py reads and copies NZ), C ND: FIX writes
    C row-major, so another format would be read or written as if it were ND (wrong numbers,
    wrong copies). Refused until the formats are simulated."""
    for w in ("a", "b", "c"):
        fmt = t.operand(w)[1]
        ok = (A.CubeFormat.ND, A.CubeFormat.NZ) if w != "c" else (A.CubeFormat.ND,)
        if fmt not in ok:
            raise cx.error(op, f"takes {w.upper()} in CubeFormat.{fmt.name}; the simulator runs "
                               "the Matmul API with A and B in ND or NZ and C in ND (it would "
                               f"take {fmt.name} data for ND)")


def _fits(c, st: MatmulState, site) -> None:
    """The tiling's buffers fit the core's L1, L0A, L0B and L0C."""
    t = st.tiling
    sa, sb = st.dt["a"].size, st.dt["b"].size
    acc = 4
    base_m, base_n, base_k = t["baseM"], t["baseN"], t["baseK"]
    need = {
        Hardware.L1: (t["depthA1"] * base_m * base_k * sa + t["depthB1"] * base_k * base_n * sb
                      + (base_n * st.dt["bias"].size if st.bias is not None else 0),
                      f"depthA1={t['depthA1']} blocks of baseM x baseK = {base_m} x {base_k} "
                      f"and depthB1={t['depthB1']} of baseK x baseN = {base_k} x {base_n}"),
        Hardware.L0A: (max(1, t["dbL0A"]) * base_m * base_k * sa,
                       f"{max(1, t['dbL0A'])} x baseM x baseK = {base_m} x {base_k}"),
        Hardware.L0B: (max(1, t["dbL0B"]) * base_k * base_n * sb,
                       f"{max(1, t['dbL0B'])} x baseK x baseN = {base_k} x {base_n}"),
        Hardware.L0C: (max(1, t["dbL0C"]) * base_m * base_n * acc,
                       f"{max(1, t['dbL0C'])} x baseM x baseN = {base_m} x {base_n} accumulators"),
    }
    for hw, (nbytes, what) in need.items():
        cap = c.soc.capacity(hw)
        if cap is not None and nbytes > cap:
            raise UBOverflowError(
                f"the Matmul tiling needs {nbytes} bytes of {hw.name} ({what}); "
                f"{c.soc.name} has {cap}", site, core=c.block_idx)


# A constant tiling's shapes (MatmulConfig) and the TCubeTiling fields they replace.
_STATIC = (("single_core_m", "singleCoreM"), ("single_core_n", "singleCoreN"),
           ("single_core_k", "singleCoreK"), ("basic_m", "baseM"), ("basic_n", "baseN"),
           ("basic_k", "baseK"))


def _static_agrees(c, st: MatmulState, site) -> None:
    """A constant tiling (MatmulConfig with single-core shapes) is compiled into the object:
    the run-time tiling must describe the same blocks, or the schedule would differ from the
    one the object runs (GetMatmulApiTiling's rule: the values must match the tiling's)."""
    cfg = st.type.config
    if cfg.get("single_core_m") == 0:
        return
    for field, name in _STATIC:
        v = cfg.get(field)
        if v and v != st.tiling[name]:
            raise InvalidArgumentError(
                f"the Matmul's constant tiling has {field}={v} but the TCubeTiling has "
                f"{name}={st.tiling[name]}: the MatmulConfig's shapes must match the tiling",
                site, core=c.block_idx)


def _take_tiling(c, st: MatmulState, tiling: dict, site) -> None:
    missing = [f for f in _FIELDS if f not in tiling]
    if missing:
        raise InvalidArgumentError(f"the tiling lacks {', '.join(missing)}", site,
                                   core=c.block_idx)
    t = {f: int(tiling[f]) for f in _FIELDS}
    for f in ("M", "N", "Ka", "singleCoreM", "singleCoreN", "singleCoreK", "baseM", "baseN",
              "baseK", "depthA1", "depthB1", "stepM", "stepN", "stepKa", "stepKb"):
        if t[f] <= 0:
            raise InvalidArgumentError(
                f"the Matmul tiling has {f}={t[f]}; it must be positive (was the TCubeTiling "
                "filled by the host tiling, e.g. MultiCoreMatmulTiling.get_tiling?)", site,
                core=c.block_idx)
    if t["depthA1"] < t["stepM"] * t["stepKa"] or t["depthB1"] < t["stepN"] * t["stepKb"]:
        raise InvalidArgumentError(
            f"the Matmul tiling's L1 depths hold less than one stage: depthA1={t['depthA1']} < "
            f"stepM*stepKa={t['stepM'] * t['stepKa']} or depthB1={t['depthB1']} < "
            f"stepN*stepKb={t['stepN'] * t['stepKb']}", site, core=c.block_idx)
    st.tiling = t
    st.layout_info = {f: int(v) for f, v in tiling.items() if "Layout" in f or f == "BatchNum"}
    _static_agrees(c, st, site)
    _fits(c, st, site)
    # The object's setup on the scalar unit (REGIST_MATMUL_OBJ / Init): longer when the
    # tiling comes from the host than when it is compiled in (the SoC table's mm_init).
    static = st.type.config.get("single_core_m") != 0
    c.run_scalar(c.cost.mm_init + (0.0 if static else c.cost.mm_init_tiling), site)


def _matmul_op(op, cx: Lowering, body):
    """A closure running `body(c, st, R)` on the op's Matmul state, after the issue time."""
    pre = cx.take_pre()
    sm = cx.slot(op.matmul)

    def f(R):
        c = R[0]
        c.t += pre
        body(c, R[sm], R)

    return f


@lowers(A.RegistMatmulObjOp)
def lower_regist(op, cx: Lowering):
    site = cx.site(op)
    st_tiling = cx.slot(op.tiling) if op.tiling is not None else None

    def body(c, st, R):
        if st_tiling is not None:
            _take_tiling(c, st, R[st_tiling], site)

    return _matmul_op(op, cx, body)


@lowers(A.MatmulInitOp)
def lower_init(op, cx: Lowering):
    site = cx.site(op)
    s = cx.slot(op.cubeTiling)

    def body(c, st, R):
        _take_tiling(c, st, R[s], site)
        st.reset_pipeline()

    return _matmul_op(op, cx, body)


def _lower_set_tensor(which: str):
    def lower(op, cx: Lowering):
        site = cx.site(op)
        if not isinstance(op.tensor.type, A.GlobalTensorType):
            raise cx.error(op, f"gives {which.upper()} as a local tensor; the simulator runs "
                               "the Matmul API on GM operands")
        s, tr = cx.slot(op.tensor), cx.slot(op.transpose)

        def body(c, st, R):
            g = R[s]
            if g.dt.name != st.dt[which].name:
                raise InvalidArgumentError(
                    f"gives {which.upper()} as {g.dt.name} elements; the Matmul's "
                    f"{which.upper()} type is {st.dt[which].name}", site, core=c.block_idx)
            trans = bool(R[tr])
            if trans and not st.type_trans[which]:
                raise InvalidArgumentError(
                    f"transposes {which.upper()}, but the Matmul's {which.upper()} MatmulType "
                    "has is_trans=False (the object is compiled without transposition)",
                    site, core=c.block_idx)
            setattr(st, which, g)
            st.trans[which] = trans
            # SetInput resets the CubeInBuffer (copy_cube_in_base.h): the stages L1 holds
            # belong to the old tensor, so the next blocks copy theirs again.
            st.l1[which].clear()

        return _matmul_op(op, cx, body)

    return lower


lowers(A.MatmulSetTensorAOp)(_lower_set_tensor("a"))
lowers(A.MatmulSetTensorBOp)(_lower_set_tensor("b"))


@lowers(A.MatmulSetBiasOp)
def lower_set_bias(op, cx: Lowering):
    site = cx.site(op)
    if not isinstance(op.tensor.type, A.GlobalTensorType):
        raise cx.error(op, "gives the bias as a local tensor; the simulator runs the Matmul API "
                           "on GM operands")
    s = cx.slot(op.tensor)

    def body(c, st, R):
        g = R[s]
        if g.dt.name != st.dt["bias"].name:
            raise InvalidArgumentError(f"gives the bias as {g.dt.name}; the Matmul's bias type "
                                       f"is {st.dt['bias'].name}", site, core=c.block_idx)
        st.bias = g

    return _matmul_op(op, cx, body)


@lowers(A.MatmulDisableBiasOp)
def lower_disable_bias(op, cx: Lowering):
    def body(c, st, R):
        st.bias = None

    return _matmul_op(op, cx, body)


@lowers(A.MatmulSetTailOp)
def lower_set_tail(op, cx: Lowering):
    ss = cx.slots([op.tailM, op.tailN, op.tailK])

    def body(c, st, R):
        st.tail = [int(R[s]) for s in ss]

    return _matmul_op(op, cx, body)


@lowers(A.MatmulSetSingleShapeOp)
def lower_set_single_shape(op, cx: Lowering):
    ss = cx.slots([op.singlem, op.singlen, op.singlek])

    def body(c, st, R):
        st.single = [int(R[s]) for s in ss]

    return _matmul_op(op, cx, body)


@lowers(A.MatmulSetOrgShapeOp)
def lower_set_org_shape(op, cx: Lowering):
    ss = cx.slots([v for v in (op.orgm, op.orgn, op.orgka, op.orgkb, op.orgkc) if v is not None])

    def body(c, st, R):
        vals = [int(R[s]) for s in ss]
        m, n, ka = vals[:3]
        kb = vals[3] if len(vals) > 3 else ka
        kc = vals[4] if len(vals) > 4 else n
        st.org = [m, n, ka, kb, kc]

    return _matmul_op(op, cx, body)


@lowers(A.MatmulEndOp, A.MatmulWaitIterateAllOp)
def lower_end(op, cx: Lowering):
    def body(c, st, R):
        st.blocks = None
        st.current = None

    return _matmul_op(op, cx, body)


# --- computing --------------------------------------------------------------------------------


class _Run(MatmulSchedule):
    """One core's view of a Matmul computation: shapes, strides and the block order."""

    def __init__(self, c, st: MatmulState, site, what: str):
        if st.tiling is None:
            raise InvalidArgumentError(
                f"{what} before the Matmul has a tiling (give it to register_matmul or init)",
                site, core=c.block_idx)
        for w in ("a", "b"):
            if getattr(st, w) is None:
                raise InvalidArgumentError(
                    f"{what} before SetTensor{w.upper()}: the Matmul has no {w.upper()} matrix",
                    site, core=c.block_idx)
        t = st.tiling
        single = st.single or [t["singleCoreM"], t["singleCoreN"], t["singleCoreK"]]
        self.m, self.n, self.k = (single[i] if st.tail[i] < 0 else st.tail[i] for i in range(3))
        org = st.org or [t["M"], t["N"], t["Ka"], t["Kb"], t["N"]]
        # Row strides of A, B and C in GM (elements), transposed operands stored [K, M] / [N, K].
        self.lda = org[0] if st.trans["a"] else org[2]
        self.ldb = org[3] if st.trans["b"] else org[1]
        self.ldc = org[4]
        self.org = org  # an NZ operand's strip height (matmul_nz.height)
        self.t, self.st, self.site, self.c = t, st, site, c
        self.bm, self.bn, self.bk = t["baseM"], t["baseN"], t["baseK"]
        self.mb, self.nb, self.kb = (_ceil(self.m, self.bm), _ceil(self.n, self.bn),
                                     _ceil(self.k, self.bk))
        cfg = st.type.config
        self.mdl = bool(cfg.get("do_multi_data_load")) and not cfg.get("do_norm")
        # ascdsl.sim.lower.matmul_sched: UnitFlag (dav-c220 has it) and constant tiling.
        self.unit_flag = bool(cfg.get("en_unit_flag"))
        self.static = cfg.get("single_core_m") != 0
        # enableKdimReorderLoad (MDL only: k_loop_mdl_reorder.h): each core starts its K loop
        # at its own stage, so cores sharing A or B rows no longer read them at once.
        reorder = self.mdl and bool(cfg.get("enable_kdim_reorder_load"))
        step = max(t["stepKa"], t["stepKb"])
        self.k_start = (c.block_idx % _ceil(self.k, self.bk * step)) * step if reorder else 0
        # A stage's base block as stored in GM (rows, columns): K runs along A's columns
        # unless A is transposed, along B's rows unless B is.
        self.base_rc = {"a": (self.bk, self.bm) if st.trans["a"] else (self.bm, self.bk),
                        "b": (self.bn, self.bk) if st.trans["b"] else (self.bk, self.bn)}
        # How many cores read the same A (B) rows at once: the cores of one row (column) of
        # the launch's split of C (ascdsl.sim.memsys, shared panels).
        active = c.memsys.active
        along_n = max(1, min(active, _ceil(org[1], t["singleCoreN"])))
        self.share = {"a": along_n, "b": max(1, active // along_n)}
        if reorder:
            self.share = {"a": 1, "b": 1}

    def order(self):
        """(mi, ni) of every block, in the library's order (see the module docstring)."""
        t = self.t
        sm, sn = t["stepM"], t["stepN"]
        order = t["iterateOrder"]
        cfg = self.st.type.config.get("iterate_order")
        if cfg != 2:  # the MatmulConfig fixes the order (2: UNDEF, the tiling's)
            order = cfg
        if order == 1:  # ORDER_N
            for mo in range(0, self.mb, sm):
                for no in range(0, self.nb, sn):
                    for ni in range(no, min(no + sn, self.nb)):
                        for mi in range(mo, min(mo + sm, self.mb)):
                            yield mi, ni
        else:  # ORDER_M
            for no in range(0, self.nb, sn):
                for mo in range(0, self.mb, sm):
                    for mi in range(mo, min(mo + sm, self.mb)):
                        for ni in range(no, min(no + sn, self.nb)):
                            yield mi, ni

    # --- numbers --------------------------------------------------------------------------

    def _matrix(self, which: str, rows: int, cols: int, r0: int, c0: int) -> np.ndarray:
        """rows x cols of A (or B) from (r0, c0), as the compute type, read-checked."""
        st, c = self.st, self.c
        g = getattr(st, which)
        ld = self.lda if which == "a" else self.ldb
        dt = st.dt[which]
        if st.trans[which]:
            first, n_rows, n_cols = c0 * ld + r0, cols, rows
            r0, c0 = c0, r0  # from here on the stored matrix's row and column
        else:
            first, n_rows, n_cols = r0 * ld + c0, rows, cols
        if nz.is_nz(st, which):
            vals = nz.read(self, which, r0, c0, n_rows, n_cols)
        else:
            lo, _ = gm_span(c, g, first, (n_rows - 1) * ld + n_cols, self.site, "reads")
            view = as_strided(g.mem.bytes[lo:].view(dt.np), shape=(n_rows, n_cols),
                              strides=(ld * dt.size, dt.size))
            vals = dt.load(view)
        return vals.T if st.trans[which] else vals

    def block_values(self, mi: int, ni: int) -> np.ndarray:
        st = self.st
        acc = _ACC[(st.dt["a"].name, st.dt["b"].name)]
        r0, c0 = mi * self.bm, ni * self.bn
        rows, cols = min(self.bm, self.m - r0), min(self.bn, self.n - c0)
        a = self._matrix("a", rows, self.k, r0, 0).astype(acc)
        b = self._matrix("b", self.k, cols, 0, c0).astype(acc)
        out = a @ b
        if st.bias is not None:
            g, dt = st.bias, st.dt["bias"]
            lo, hi = gm_span(self.c, g, c0, cols, self.site, "reads")
            out += dt.load(g.mem.bytes[lo:hi].view(dt.np)).astype(acc)[None, :]
        return dequant(self, out, c0)

    def all_values(self) -> np.ndarray:
        st = self.st
        acc = _ACC[(st.dt["a"].name, st.dt["b"].name)]
        a = self._matrix("a", self.m, self.k, 0, 0).astype(acc)
        b = self._matrix("b", self.k, self.n, 0, 0).astype(acc)
        out = a @ b
        if st.bias is not None:
            g, dt = st.bias, st.dt["bias"]
            lo, hi = gm_span(self.c, g, 0, self.n, self.site, "reads")
            out += dt.load(g.mem.bytes[lo:hi].view(dt.np)).astype(acc)[None, :]
        return dequant(self, out, 0)

    def write(self, g, r0: int, c0: int, vals: np.ndarray, m_done: float,
              atomic: str | None = None, sequential: bool = False) -> None:
        """FIX: a block of C into GM at (r0, c0), after the Mmad that finished it; with
        `atomic` ("add", "max", "min") combined with what GM holds, in C's type. With
        `sequential` (enSequentialWrite) the block goes to `g`'s start instead, its rows its
        own width apart (CopyOutNZ2ND<true>: dstOffset 0, stride baseWidth)."""
        if sequential:
            # The Fixpipe's cost reads the row stride from ldc too: the packed block's.
            saved, self.ldc = self.ldc, vals.shape[1]
            try:
                self.write(g, 0, 0, vals, m_done, atomic)
            finally:
                self.ldc = saved
            return
        c, st, site = self.c, self.st, self.site
        rows, cols = vals.shape
        dt = g.dt
        lo, _ = gm_span(c, g, r0 * self.ldc + c0, (rows - 1) * self.ldc + cols, site, "writes")
        dst = as_strided(g.mem.bytes[lo:].view(dt.np), shape=(rows, cols),
                         strides=(self.ldc * dt.size, dt.size))
        if atomic is None:
            dt.store(dst, vals)
        else:
            combine_into(atomic, dt, dst, vals)
        san = c.san
        if san is not None:
            k = san.begin(FIX)
            step, length = self.ldc * dt.size, cols * dt.size
            how = True if atomic is None else ATOMIC_WRITE
            for i in range(rows):
                san.access(g.mem, lo + i * step, lo + i * step + length, how, FIX, k, site)
        self._fixpipe(g, lo, rows, cols, m_done)


def refuse_iterate_all_extras(op, cx: Lowering) -> None:
    """enSequentialWrite (every block at C's start, rows a block wide: GetCBCopyOutParams) and
    fakeMsg are not simulated; refused rather than computed as a plain IterateAll."""
    from ascdsl.dialects.ascendc.base import const_int

    for v, what in ((op.enSenquentialWrite, "enSequentialWrite"), (op.fakeMsg, "fakeMsg")):
        if v is not None and const_int(v) != 0:
            raise cx.error(op, f"calls IterateAll with {what} (not a constant false), which is "
                               "not simulated")


@lowers(A.MatmulIterateAllOp)
def lower_iterate_all(op, cx: Lowering):
    site = cx.site(op)
    if not isinstance(op.tensor.type, A.GlobalTensorType):
        raise cx.error(op, "writes C to a local tensor; the simulator runs IterateAll into GM")
    refuse_iterate_all_extras(op, cx)
    s = cx.slot(op.tensor)
    sa = cx.slot(op.enAtomic) if op.enAtomic is not None else None

    def body(c, st, R):
        g = R[s]
        atomic = None if sa is None else atomic_kind(int(R[sa]), site, c.block_idx)
        run = _Run(c, st, site, "calls IterateAll")
        if g.dt.name != st.dt["c"].name:
            raise InvalidArgumentError(f"writes C as {g.dt.name}; the Matmul's C type is "
                                       f"{st.dt['c'].name}", site, core=c.block_idx)
        vals = run.all_values()
        blocks = list(run.order())
        for i, (mi, ni) in enumerate(blocks):
            m_done = run.compute_block(mi, ni, blocks[i + 1] if i + 1 < len(blocks) else None)
            r0, c0 = mi * run.bm, ni * run.bn
            block = vals[r0:r0 + run.bm, c0:c0 + run.bn]
            run.write(g, r0, c0, block, m_done, atomic)

    return _matmul_op(op, cx, body)


@lowers(A.MatmulIterateOp)
def lower_iterate(op, cx: Lowering):
    site = cx.site(op)
    if op.localCmaxtrix is not None:
        raise cx.error(op, "computes into a local C matrix, which is not simulated")
    o = cx.slot(op.result)
    sp = cx.slot(op.partialsum)

    def body(c, st, R):
        if R[sp]:
            raise InvalidArgumentError("Iterate with enPartialSum is not simulated", site,
                                       core=c.block_idx)
        if st.blocks is None:
            run = _Run(c, st, site, "calls Iterate")
            st.blocks = (run, run.order())
        run, it = st.blocks
        nxt = next(it, None)
        if nxt is None:
            st.blocks = None
            st.current = None
            R[o] = 0
            return
        mi, ni = nxt
        m_done = run.compute_block(mi, ni)
        st.current = (run, mi, ni, run.block_values(mi, ni), m_done)
        R[o] = 1

    return _matmul_op(op, cx, body)


@lowers(A.MatmulGetTensorCOp)
def lower_get_tensor_c(op, cx: Lowering):
    site = cx.site(op)
    if not isinstance(op.tensor.type, A.GlobalTensorType) or op.tensor2 is not None:
        raise cx.error(op, "moves C to a local tensor, which is not simulated (GetTensorC to a "
                           "GlobalTensor is)")
    s, sa, sq = cx.slot(op.tensor), cx.slot(op.atomic), cx.slot(op.sequentialwrite)

    def body(c, st, R):
        if st.current is None:
            raise InvalidArgumentError("calls GetTensorC without a block: call Iterate first "
                                       "(and only while it returns true)", site,
                                       core=c.block_idx)
        run, mi, ni, vals, m_done = st.current
        g = R[s]
        if g.dt.name != st.dt["c"].name:
            raise InvalidArgumentError(f"writes C as {g.dt.name}; the Matmul's C type is "
                                       f"{st.dt['c'].name}", site, core=c.block_idx)
        atomic = atomic_kind(int(R[sa]), site, c.block_idx)
        run.site = site
        run.fix_gate = c.t  # the Fixpipe is issued from this call, not before it
        # enSequentialWrite packs the block at c's start (a per-core workspace slot); without
        # it the block goes to its place in C. Both were ignored until quant_group_matmul's
        # packed slots landed over the other cores' ones.
        if R[sq]:
            run.write(g, 0, 0, vals, m_done, atomic, sequential=True)
        else:
            run.write(g, mi * run.bm, ni * run.bn, vals, m_done, atomic)
        st.current = None

    return _matmul_op(op, cx, body)
