"""The Matmul API in the kernel language: `asc.adv.Matmul`, `asc.adv.MatmulType`,
`asc.adv.MatmulConfig`, `asc.adv.register_matmul`, pyasc's names and signatures.

    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm); mm.set_tensor_b(b_gm)
    mm.iterate_all(c_gm)        # or: while mm.iterate(): mm.get_tensor_c(c_gm)
    mm.end()

The object's types and its MatmulConfig are compile-time facts: they make the IR type
`!ascendc.matmul<...>` (a C++ template). The flags pyasc passes as template arguments (`sync`,
`wait_iterate_all`, ...) must be known when the kernel compiles.
"""

from __future__ import annotations

import dataclasses
from enum import IntEnum
from typing import Any

from xdsl.ir import Operation, SSAValue

from ascdsl.dialects.ascendc import (
    ConstructOp,
    GetMatmulApiTilingOp,
    MatmulAsyncGetTensorCOp,
    MatmulConfigAttr,
    MatmulDisableBiasOp,
    MatmulEndOp,
    MatmulGetBatchTensorCLocalMemOp,
    MatmulGetBatchTensorCOp,
    MatmulGetTensorCOp,
    MatmulGetTensorCReturnOp,
    MatmulInitOp,
    MatmulIterateAllOp,
    MatmulIterateBatchCubeOnlyOp,
    MatmulIterateBatchOp,
    MatmulIterateNBatchOp,
    MatmulIterateOp,
    MatmulSetBatchNumOp,
    MatmulSetBiasOp,
    MatmulSetHF32Op,
    MatmulSetOrgShapeOp,
    MatmulSetQuantScalarOp,
    MatmulSetQuantVectorOp,
    MatmulSetSelfDefineDataOp,
    MatmulSetSingleShapeOp,
    MatmulSetSparseIndexOp,
    MatmulSetTailOp,
    MatmulSetTensorAOp,
    MatmulSetTensorAScalarOp,
    MatmulSetTensorBOp,
    MatmulSetTensorBScalarOp,
    MatmulSetUserDefInfoOp,
    MatmulSetWorkspaceOp,
    MatmulType as MatmulIRType,
    MatmulWaitGetTensorCOp,
    MatmulWaitIterateAllOp,
    MatmulWaitIterateBatchOp,
    RegistMatmulObjOp,
    TPosition,
)
from ascdsl.dialects.ascendc.segments import segment_sizes
from ascdsl.dialects.ascendc.types import GlobalTensorType
from ascdsl.dialects.ascendc.types_cube import CubeFormat
from ascdsl.dialects.ascendc.types_matmul import MATMUL_CONFIG_FIELDS
from ascdsl.dialects.ascendc.types_matmul_api import (
    BatchMode,
    BatchOutMode,
    IterateOrder,
    LayoutMode,
    MatmulApiStaticTilingType,
    ScheduleType,
)

from ... import dtypes as dt
from ...builder import current
from ...errors import KernelLanguageError
from ...values import (
    ConstExpr,
    GlobalAddress,
    IRValue,
    PlainValue,
    constant,
    describe,
    materialize,
    materialize_int,
)
from .._util import enum_arg, require
from ..fwk import TPipe
from ..tensor import BaseTensor, GlobalTensor, LocalTensor
from .cube_tiling import CubeTilingValue
from .matmul_config_ir import declare_matmul_config

__all__ = ["Matmul", "MatmulType", "MatmulConfig", "register_matmul", "LayoutMode",
           "BatchMode", "IterateMode", "IterateOrder", "ScheduleType", "BatchOutMode", "get_matmul_api_tiling",
           "MatmulApiStaticTiling"]


class IterateMode(IntEnum):
    """Which Iterate interfaces a Matmul object is compiled for (bits; DEFAULT: all)."""

    ITERATE_MODE_NORMAL = 0b00000001
    ITERATE_MODE_ALL = 0b00000010
    ITERATE_MODE_BATCH = 0b00000100
    ITERATE_MODE_N_BATCH = 0b00001000
    ITERATE_MODE_DEFAULT = 0b11111111


# Element types the Matmul API accepts for C (pyasc's check lists).
_C_TYPES = ("int32", "float32", "float16", "int8")


@dataclasses.dataclass(frozen=True)
class MatmulType:
    """`matmul::MatmulType<position, format, dtype, is_trans, layout>`: where one operand of a
    Matmul lives and how it is laid out."""

    position: TPosition
    format: CubeFormat
    dtype: dt.DataType
    is_trans: bool = False
    layout: LayoutMode = LayoutMode.NONE

    def ir(self, api: str, which: str) -> tuple[int, int, Any, bool, int]:
        pos = enum_arg(self.position, TPosition, api, f"{which}.position")
        fmt = enum_arg(self.format, CubeFormat, api, f"{which}.format")
        layout = enum_arg(self.layout, LayoutMode, api, f"{which}.layout")
        if not isinstance(self.dtype, dt.DataType):
            raise KernelLanguageError(f"{api}: '{which}.dtype' must be a data type such as "
                                      f"asc.float16, got {describe(self.dtype)}")
        trans = ConstExpr.unwrap(self.is_trans)
        if not isinstance(trans, (bool, int)) or isinstance(trans, IRValue):
            raise KernelLanguageError(f"{api}: '{which}.is_trans' must be True or False at "
                                      f"compile time, got {describe(trans)}")
        return int(pos), int(fmt), self.dtype.ir, bool(trans), int(layout)


# pyasc's Python MatmulConfig defaults differ from the IR attribute's in one field: a
# MatmulConfig() built in Python says batch_mode = BATCH_LESS_THAN_L1.
_PY_DEFAULTS = {name: default for name, _, default in MATMUL_CONFIG_FIELDS}
_PY_DEFAULTS["batch_mode"] = int(BatchMode.BATCH_LESS_THAN_L1)


class MatmulConfig:
    """`MatmulConfig`: the Matmul object's compile-time configuration (pyasc's field names and
    defaults). Every field must be known when the kernel compiles: it becomes part of the
    object's C++ type. As a value (`get_matmul_api_tiling`'s argument) it is the `constexpr
    static MatmulConfig` struct its construction declares, every field in the header's order,
    as pyasc passes it."""

    def __init__(self, **fields: Any) -> None:
        values = dict(_PY_DEFAULTS)
        for name, value in fields.items():
            if name not in values:
                raise KernelLanguageError(f"MatmulConfig has no field '{name}' (fields: "
                                          f"{', '.join(values)})")
            value = ConstExpr.unwrap(value)
            if isinstance(value, IRValue) or not isinstance(value, int):
                raise KernelLanguageError(f"MatmulConfig.{name} must be known at compile time, "
                                          f"got {describe(value)}")
            values[name] = int(value)
        self._values = values
        # the user's values with their Python types: pyasc types a bool i1 and an int i32
        self._given = {n: ConstExpr.unwrap(v) for n, v in fields.items()}
        # pyasc's constexpr struct (matmul_config_ir), written where the config is built
        self._ir = declare_matmul_config(values, self._given)

    def __getattr__(self, name: str) -> int:
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(f"MatmulConfig has no field '{name}'") from None

    def to_ir(self) -> SSAValue:
        """The declared struct; declared again where the first one is out of reach (a config
        built outside the kernel, in another function or in a branch that has closed)."""
        b = current()
        ir = self._ir
        if ir is None or not isinstance(ir.owner, Operation) or ir.owner.parent_block() \
                not in b.blocks:
            ir = declare_matmul_config(self._values, self._given)
            assert ir is not None
            self._ir = ir
        return ir

    def attr(self) -> MatmulConfigAttr:
        try:
            attr = MatmulConfigAttr([self._values[n] for n, _, _ in MATMUL_CONFIG_FIELDS])
            attr.verify()
        except Exception as e:  # a bad enum value or a non-bool flag
            raise KernelLanguageError(f"MatmulConfig: {e}") from None
        return attr


def _flag(value: Any, api: str, arg: str) -> bool:
    value = ConstExpr.unwrap(value)
    if isinstance(value, IRValue) or not isinstance(value, (bool, int)) or value not in (0, 1):
        raise KernelLanguageError(f"{api}: '{arg}' is a C++ template argument and must be True "
                                  f"or False at compile time, got {describe(value)}")
    return bool(value)


def _bit(value: Any, api: str, arg: str) -> SSAValue:
    """A boolean argument as an i1 (a runtime value is accepted where the API takes one)."""
    value = ConstExpr.unwrap(value)
    if isinstance(value, PlainValue):
        return materialize(value, dt.bit).value
    return constant(_flag(value, api, arg), dt.bit).value


def _int(value: Any, api: str, arg: str, dtype: dt.DataType = dt.int32) -> SSAValue:
    return materialize_int(value, f"{api}: '{arg}'", dtype).value


def _atomic(value: Any, api: str, dtype: dt.DataType = dt.int8) -> SSAValue:
    v = ConstExpr.unwrap(value)
    if not isinstance(v, IRValue) and v not in (0, 1, 2, 3):
        raise KernelLanguageError(f"{api}: 'en_atomic' must be 0, 1, 2 or 3, got {describe(v)}")
    return _int(v, api, "en_atomic", dtype)


def _tensor(value: Any, api: str, arg: str, allowed: tuple[str, ...] | None = None) -> BaseTensor:
    t = require(ConstExpr.unwrap(value), BaseTensor, api, arg, "a GlobalTensor or LocalTensor")
    if allowed is not None and t.dtype is not None and t.dtype.name not in allowed:
        raise KernelLanguageError(f"{api}: '{arg}' holds {t.dtype.name}; the Matmul API takes "
                                  f"{', '.join(allowed)} here")
    return t


def _flat(operands: list) -> list[SSAValue]:
    """Operands with optional groups given as (possibly empty) lists, flattened."""
    out: list[SSAValue] = []
    for o in operands:
        out.extend(o if isinstance(o, list) else [o])
    return out


class Matmul(IRValue):
    """`matmul::Matmul<A, B, C, Bias, CFG>`: C = A B (+ bias) on the cube unit, over the
    tiling given to `register_matmul` or `init`."""

    __slots__ = ("a_type", "b_type", "c_type")

    def __init__(self, a: Any = None, b: Any = None, c: Any = None, bias: Any = None,
                 matmul_config: Any = None, matmul_policy: Any = 0) -> None:
        api = "asc.adv.Matmul()"
        a, b, c, bias = (ConstExpr.unwrap(x) for x in (a, b, c, bias))
        for name, v in (("a", a), ("b", b), ("c", c)):
            if not isinstance(v, MatmulType):
                raise KernelLanguageError(f"{api}: '{name}' must be an asc.adv.MatmulType, got "
                                          f"{describe(v)}")
        if bias is not None and not isinstance(bias, MatmulType):
            raise KernelLanguageError(f"{api}: 'bias' must be an asc.adv.MatmulType or None, "
                                      f"got {describe(bias)}")
        cfg = ConstExpr.unwrap(matmul_config)
        if cfg is None:
            cfg = MatmulConfig()
        if not isinstance(cfg, MatmulConfig):
            raise KernelLanguageError(f"{api}: 'matmul_config' must be an asc.adv.MatmulConfig, "
                                      f"got {describe(cfg)}")
        if ConstExpr.unwrap(matmul_policy) not in (0, None):
            raise KernelLanguageError(f"{api}: only the default matmul_policy (0) is supported")
        bias_t = bias if bias is not None else c
        bias_ir = bias_t.ir(api, "bias")
        ty = MatmulIRType(a.ir(api, "a"), b.ir(api, "b"), c.ir(api, "c"), bias_ir[:3],
                          cfg.attr())
        op = current().insert(ConstructOp(ty))
        super().__init__(op.results[0])
        self.a_type, self.b_type, self.c_type = a, b, c

    def describe(self) -> str:
        return "Matmul"

    def _op(self, op_cls: type, *operands: Any, **kw: Any) -> Any:
        return current().insert(op_cls.create(operands=_flat([self.value, *operands]), **kw))

    # --- setup ---------------------------------------------------------------------------

    def init(self, tiling: Any, pipe: Any = None) -> None:
        """`Init(&tiling[, pipe])`."""
        api = "Matmul.init()"
        t = require(ConstExpr.unwrap(tiling), CubeTilingValue, api, "tiling",
                    "an asc.adv.TCubeTiling")
        p = [] if pipe is None else [require(ConstExpr.unwrap(pipe), TPipe, api, "pipe",
                                             "an asc.TPipe").to_ir()]
        self._op(MatmulInitOp, t.to_ir(), p)

    def set_tensor_a(self, *args: Any, **kwargs: Any) -> None:
        """`set_tensor_a(tensor, transpose=False)` or `set_tensor_a(scalar)`."""
        self._set_input("a", MatmulSetTensorAOp, MatmulSetTensorAScalarOp, args, kwargs)

    def set_tensor_b(self, *args: Any, **kwargs: Any) -> None:
        """`set_tensor_b(tensor, transpose=False)` or `set_tensor_b(scalar)`."""
        self._set_input("b", MatmulSetTensorBOp, MatmulSetTensorBScalarOp, args, kwargs)

    def _set_input(self, which: str, tensor_op: type, scalar_op: type, args: tuple,
                   kwargs: dict) -> None:
        api = f"Matmul.set_tensor_{which}()"
        first = args[0] if args else kwargs.get("tensor", kwargs.get("scalar"))
        first = ConstExpr.unwrap(first)
        if isinstance(first, BaseTensor):
            transpose = args[1] if len(args) > 1 else kwargs.get("transpose", False)
            own = self.a_type if which == "a" else self.b_type
            if first.dtype is not None and first.dtype != own.dtype:
                raise KernelLanguageError(
                    f"{api}: the tensor holds {first.dtype.name}, the Matmul's {which.upper()} "
                    f"type says {own.dtype.name}")
            self._op(tensor_op, first.to_ir(), _bit(transpose, api, "transpose"))
            return
        if first is None:
            raise KernelLanguageError(f"{api}: give a tensor (or a scalar)")
        own = self.a_type if which == "a" else self.b_type
        self._op(scalar_op, materialize(first, own.dtype).value)

    def set_bias(self, tensor: Any) -> None:
        """`SetBias(tensor)`: a [1, N] bias row added to C."""
        self._op(MatmulSetBiasOp, _tensor(tensor, "Matmul.set_bias()", "tensor").to_ir())

    def disable_bias(self) -> None:
        self._op(MatmulDisableBiasOp)

    def set_tail(self, tail_m: Any = -1, tail_n: Any = -1, tail_k: Any = -1) -> None:
        """`SetTail(tailM, tailN, tailK)`: this core's share of M, N and K (-1: unchanged)."""
        api = "Matmul.set_tail()"
        self._op(MatmulSetTailOp, _int(tail_m, api, "tail_m"), _int(tail_n, api, "tail_n"),
                 _int(tail_k, api, "tail_k"))

    def set_org_shape(self, org_m: Any, org_n: Any, org_ka: Any, org_kb: Any = None,
                      org_kc: Any = None) -> None:
        """`SetOrgShape(orgM, orgN, orgKa[, orgKb[, orgKc]])`."""
        api = "Matmul.set_org_shape()"
        if org_kb is None and org_kc is not None:
            raise KernelLanguageError(f"{api}: 'org_kc' needs 'org_kb'")
        # pyasc materializes org_kc before the others
        kc = [] if org_kc is None else [_int(org_kc, api, "org_kc")]
        shape = [_int(v, api, n) for n, v in (("org_m", org_m), ("org_n", org_n),
                                              ("org_ka", org_ka))]
        kb = [] if org_kb is None else [_int(org_kb, api, "org_kb")]
        self._op(MatmulSetOrgShapeOp, *shape, kb, kc,
                 properties={"operandSegmentSizes": segment_sizes(
                     MatmulSetOrgShapeOp, {"orgkb": org_kb is not None,
                                           "orgkc": org_kc is not None})})

    def set_single_shape(self, single_m: Any, single_n: Any, single_k: Any) -> None:
        api = "Matmul.set_single_shape()"
        self._op(MatmulSetSingleShapeOp, _int(single_m, api, "single_m"),
                 _int(single_n, api, "single_n"), _int(single_k, api, "single_k"))

    def set_hf32(self, enable_hf32: Any = False, trans_mode: Any = 0) -> None:
        api = "Matmul.set_hf32()"
        self._op(MatmulSetHF32Op, _bit(enable_hf32, api, "enable_hf32"),
                 _int(trans_mode, api, "trans_mode"))

    def set_batch_num(self, batch_a: Any, batch_b: Any) -> None:
        api = "Matmul.set_batch_num()"
        self._op(MatmulSetBatchNumOp, _int(batch_a, api, "batch_a"),
                 _int(batch_b, api, "batch_b"))

    def set_workspace(self, tensor: Any, size: Any = None) -> None:
        api = "Matmul.set_workspace()"
        t = ConstExpr.unwrap(tensor)
        if not isinstance(t, (GlobalTensor, GlobalAddress)):
            raise KernelLanguageError(f"{api}: 'tensor' must be a GlobalTensor or a GM address, "
                                      f"got {describe(t)}")
        sz = [] if size is None else [_int(size, api, "size")]
        self._op(MatmulSetWorkspaceOp, t.to_ir(), sz)

    def set_quant_scalar(self, scalar: Any) -> None:
        self._op(MatmulSetQuantScalarOp,
                 materialize_int(scalar, "Matmul.set_quant_scalar(): 'scalar'", dt.uint64).value)

    def set_quant_vector(self, tensor: Any) -> None:
        t = require(ConstExpr.unwrap(tensor), GlobalTensor, "Matmul.set_quant_vector()",
                    "tensor", "a GlobalTensor of uint64")
        self._op(MatmulSetQuantVectorOp, t.to_ir())

    def set_self_define_data(self, data: Any) -> None:
        d = require(ConstExpr.unwrap(data), GlobalAddress, "Matmul.set_self_define_data()",
                    "data", "a GM address")
        self._op(MatmulSetSelfDefineDataOp, d.to_ir())

    def set_user_def_info(self, tiling_ptr: Any) -> None:
        d = require(ConstExpr.unwrap(tiling_ptr), GlobalAddress, "Matmul.set_user_def_info()",
                    "tiling_ptr", "a GM address")
        self._op(MatmulSetUserDefInfoOp, d.to_ir())

    def set_sparse_index(self, index_global: Any) -> None:
        t = require(ConstExpr.unwrap(index_global), GlobalTensor, "Matmul.set_sparse_index()",
                    "index_global", "a GlobalTensor of uint8")
        self._op(MatmulSetSparseIndexOp, t.to_ir())

    # --- compute -------------------------------------------------------------------------

    def iterate(self, en_partial_sum: Any = False, sync: Any = True,
                local_c_matrix: Any = None) -> MatmulIterator:
        """`Iterate<sync>(enPartialSum)` in a loop, as pyasc writes it:
        `with mm.iterate() as count: mm.get_tensor_c(c)` runs the body once per baseM x baseN
        block of C (an `scf.while` on Iterate's result); `count` numbers the blocks."""
        api = "Matmul.iterate()"
        local = None if local_c_matrix is None else _tensor(local_c_matrix, api,
                                                            "local_c_matrix", ("int32", "float32"))
        return MatmulIterator(self, _flag(en_partial_sum, api, "en_partial_sum"),
                              _flag(sync, api, "sync"), local)

    def get_tensor_c(self, tensor: Any = None, en_atomic: Any = 0, en_sequential_write: Any = False,
                     sync: Any = True, optional_tensor: Any = None) -> GlobalTensor | None:
        """`GetTensorC<sync>(tensor, enAtomic, enSequentialWrite)`: the block the last
        `iterate` computed, into `tensor`; without a tensor (sync=False only) the block comes
        back as a GlobalTensor in the workspace."""
        api = "Matmul.get_tensor_c()"
        tensor = ConstExpr.unwrap(tensor)
        if tensor is not None and not isinstance(tensor, BaseTensor):
            # pyasc's overload without a tensor: get_tensor_c(en_atomic, en_sequential_write, sync)
            tensor, en_atomic, en_sequential_write, sync = None, tensor, en_atomic, en_sequential_write
        if tensor is None:
            if _flag(sync, api, "sync"):
                raise KernelLanguageError(f"{api}: returning the block needs sync=False")
            op = self._op(MatmulGetTensorCReturnOp, _atomic(en_atomic, api),
                          _bit(en_sequential_write, api, "en_sequential_write"),
                          constant(False, dt.bit).value,
                          result_types=[GlobalTensorType(self.c_type.dtype.ir)])
            return GlobalTensor._wrap(op.results[0], self.c_type.dtype)
        t = _tensor(tensor, api, "tensor", _C_TYPES)
        extra = []
        if optional_tensor is not None:
            o = _tensor(optional_tensor, api, "optional_tensor", _C_TYPES)
            if not isinstance(t, GlobalTensor) or not isinstance(o, LocalTensor):
                raise KernelLanguageError(f"{api}: with 'optional_tensor', 'tensor' must be a "
                                          "GlobalTensor and 'optional_tensor' a LocalTensor")
            extra = [o.to_ir()]
        self._op(MatmulGetTensorCOp, t.to_ir(), extra, _atomic(en_atomic, api),
                 _bit(en_sequential_write, api, "en_sequential_write"),
                 constant(_flag(sync, api, "sync"), dt.bit).value)
        return None

    def iterate_all(self, tensor: Any, en_atomic: Any = 0, sync: Any = True,
                    en_sequential_write: Any = None, wait_iterate_all: Any = None,
                    fake_msg: Any = None) -> None:
        """`IterateAll<sync>(c, enAtomic, enSequentialWrite, waitIterateAll, fakeMsg)`."""
        api = "Matmul.iterate_all()"
        t = _tensor(tensor, api, "tensor", _C_TYPES)
        if isinstance(t, GlobalTensor):
            en_sequential_write = False if en_sequential_write is None else en_sequential_write
            wait_iterate_all = False if wait_iterate_all is None else wait_iterate_all
            fake_msg = False if fake_msg is None else fake_msg
        elif any(v is not None for v in (en_sequential_write, wait_iterate_all, fake_msg)):
            raise KernelLanguageError(f"{api}: into a local tensor, en_sequential_write, "
                                      "wait_iterate_all and fake_msg are not taken")
        s = _flag(sync, api, "sync")
        if wait_iterate_all is not None and _flag(wait_iterate_all, api, "wait_iterate_all") and s:
            raise KernelLanguageError(f"{api}: wait_iterate_all=True needs sync=False")
        opts = {"enAtomic": True}
        vals = []
        for name, v in (("enSenquentialWrite", en_sequential_write),
                        ("waitIterateAll", wait_iterate_all), ("fakeMsg", fake_msg)):
            opts[name] = v is not None
            vals.append([] if v is None else [_bit(v, api, name)])
        sync_v = constant(s, dt.bit).value
        # pyasc materializes the flags and sync first, en_atomic in the op's argument list
        atomic = _atomic(en_atomic, api)
        self._op(MatmulIterateAllOp, t.to_ir(), [atomic], *vals, sync_v,
                 properties={"operandSegmentSizes": segment_sizes(MatmulIterateAllOp, opts)})

    def wait_iterate_all(self) -> None:
        self._op(MatmulWaitIterateAllOp)

    def iterate_batch(self, tensor: Any, *args: Any, **kwargs: Any) -> None:
        """`IterateBatch`: pyasc's two overloads — (tensor, batch_a, batch_b,
        en_sequential_write, strides..., en_partial_sum, en_atomic, sync, wait_iterate_batch)
        and the cube-only (tensor, en_partial_sum, en_atomic, en_sequential_write, strides...)."""
        api = "Matmul.iterate_batch()"
        t = _tensor(tensor, api, "tensor", ("int32", "float32", "float16"))
        first = ConstExpr.unwrap(args[0]) if args else None
        if "batch_a" in kwargs or (args and not isinstance(first, bool)):
            self._iterate_batch(api, t, *args, **kwargs)
            return
        names = ("en_partial_sum", "en_atomic", "en_sequential_write", "matrix_stride_a",
                 "matrix_stride_b", "matrix_stride_c")
        vals = dict(zip(names, args), **kwargs)
        for k in ("matrix_stride_a", "matrix_stride_b", "matrix_stride_c"):
            vals.setdefault(k, 0)
        if not isinstance(t, GlobalTensor):
            raise KernelLanguageError(f"{api}: the cube-only form writes to a GlobalTensor")
        self._op(MatmulIterateBatchCubeOnlyOp, t.to_ir(),
                 _bit(vals["en_partial_sum"], api, "en_partial_sum"),
                 _atomic(vals["en_atomic"], api, dt.uint8),
                 _bit(vals["en_sequential_write"], api, "en_sequential_write"),
                 *(_int(vals[k], api, k, dt.uint32) for k in names[3:]))

    def _iterate_batch(self, api: str, t: BaseTensor, batch_a: Any, batch_b: Any,
                       en_sequential_write: Any, matrix_stride_a: Any = 0,
                       matrix_stride_b: Any = 0, matrix_stride_c: Any = 0,
                       en_partial_sum: Any = None, en_atomic: Any = None, sync: Any = True,
                       wait_iterate_batch: Any = None) -> None:
        s = _flag(sync, api, "sync")
        wait = None
        if isinstance(t, GlobalTensor):
            wait = False if wait_iterate_batch is None else _flag(wait_iterate_batch, api,
                                                                  "wait_iterate_batch")
            if wait and s:
                raise KernelLanguageError(f"{api}: wait_iterate_batch=True needs sync=False")
        parts = [[_int(batch_a, api, "batch_a", dt.uint32)], [_int(batch_b, api, "batch_b", dt.uint32)],
                 [_bit(en_sequential_write, api, "en_sequential_write")],
                 [_int(matrix_stride_a, api, "matrix_stride_a", dt.uint32)],
                 [_int(matrix_stride_b, api, "matrix_stride_b", dt.uint32)],
                 [_int(matrix_stride_c, api, "matrix_stride_c", dt.uint32)],
                 [] if en_partial_sum is None else [_bit(en_partial_sum, api, "en_partial_sum")],
                 [] if en_atomic is None else [_atomic(en_atomic, api, dt.uint8)],
                 [constant(s, dt.bit).value],
                 [] if wait is None else [constant(wait, dt.bit).value]]
        sizes = segment_sizes(MatmulIterateBatchOp, {
            "enPartialSum": en_partial_sum is not None, "enAtomic": en_atomic is not None,
            "waitIterateBatch": wait is not None})
        self._op(MatmulIterateBatchOp, t.to_ir(), *parts,
                 properties={"operandSegmentSizes": sizes})

    def wait_iterate_batch(self) -> None:
        self._op(MatmulWaitIterateBatchOp)

    def iterate_n_batch(self, batch_loop: Any, batch_a: Any, batch_b: Any,
                        en_sequential_write: Any, matrix_stride_a: Any = 0,
                        matrix_stride_b: Any = 0, matrix_stride_c: Any = 0, sync: Any = True,
                        wait_iterate_batch: Any = False) -> None:
        api = "Matmul.iterate_n_batch()"
        # pyasc's order of materialization: the counts, the wait flag, the strides, then
        # the sequential-write and sync flags; the counts and strides are the API's uint32_t
        loop, a, b_ = (_int(v, api, n, dt.uint32) for n, v in (
            ("batch_loop", batch_loop), ("batch_a", batch_a), ("batch_b", batch_b)))
        wait = constant(_flag(wait_iterate_batch, api, "wait_iterate_batch"), dt.bit).value
        strides = [_int(v, api, n, dt.uint32) for n, v in (
            ("matrix_stride_a", matrix_stride_a), ("matrix_stride_b", matrix_stride_b),
            ("matrix_stride_c", matrix_stride_c))]
        seq = _bit(en_sequential_write, api, "en_sequential_write")
        sync_v = constant(_flag(sync, api, "sync"), dt.bit).value
        self._op(MatmulIterateNBatchOp, loop, a, b_, seq, *strides, sync_v, wait)

    def get_batch_tensor_c(self, *args: Any, **kwargs: Any) -> GlobalTensor | None:
        """`GetBatchTensorC<sync>([c,] batchA, batchB, enSequentialWrite)` (sync=False)."""
        api = "Matmul.get_batch_tensor_c()"
        first = ConstExpr.unwrap(args[0]) if args else kwargs.pop("tensor", None)
        rest = list(args[1:] if args else [])
        if isinstance(first, LocalTensor):
            t = first
        else:
            t = None
            if first is not None:
                rest.insert(0, first)
        names = ("batch_a", "batch_b", "en_sequential_write", "sync")
        vals = dict(zip(names, rest), **kwargs)
        vals.setdefault("en_sequential_write", False)
        vals.setdefault("sync", True)
        if _flag(vals["sync"], api, "sync"):
            raise KernelLanguageError(f"{api}: only sync=False is supported")
        common = [_int(vals["batch_a"], api, "batch_a", dt.uint32),
                  _int(vals["batch_b"], api, "batch_b", dt.uint32),
                  _bit(vals["en_sequential_write"], api, "en_sequential_write"),
                  constant(False, dt.bit).value]
        if t is not None:
            self._op(MatmulGetBatchTensorCLocalMemOp, t.to_ir(), *common)
            return None
        op = self._op(MatmulGetBatchTensorCOp, *common,
                      result_types=[GlobalTensorType(self.c_type.dtype.ir)])
        return GlobalTensor._wrap(op.results[0], self.c_type.dtype)

    def wait_get_tensor_c(self) -> None:
        self._op(MatmulWaitGetTensorCOp)

    def async_get_tensor_c(self, c: Any) -> None:
        t = require(ConstExpr.unwrap(c), LocalTensor, "Matmul.async_get_tensor_c()",
                    "c", "a LocalTensor")
        self._op(MatmulAsyncGetTensorCOp, t.to_ir())

    def end(self) -> None:
        """`End()`."""
        self._op(MatmulEndOp)


class MatmulIterator:
    """The loop of `with mm.iterate() as count:` (see Matmul.iterate)."""

    def __init__(self, mm: Matmul, partial: bool, sync: bool, local: BaseTensor | None):
        self.mm, self.partial, self.sync, self.local = mm, partial, sync, local
        self._count: PlainValue | None = None

    def __enter__(self) -> PlainValue:
        from xdsl.dialects import scf
        from xdsl.ir import Block, Region

        b = current()
        zero = constant(0, dt.int32).value
        before, after = Block(arg_types=[zero.type]), Block(arg_types=[zero.type])
        b.insert(scf.WhileOp([zero], [zero.type], Region(before), Region(after)))
        b.blocks.append(before)
        local = [] if self.local is None else [self.local.to_ir()]
        it = b.insert(MatmulIterateOp.create(
            operands=[self.mm.to_ir(), constant(self.partial, dt.bit).value, *local,
                      constant(self.sync, dt.bit).value], result_types=[dt.bit.ir]))
        b.insert(scf.ConditionOp(it.results[0], before.args[0]))
        b.blocks[-1] = after
        self._count = PlainValue(after.args[0], dt.int32)
        return self._count

    def __exit__(self, *exc: Any) -> None:
        from xdsl.dialects import scf

        b = current()
        assert self._count is not None
        b.insert(scf.YieldOp((self._count + 1).to_ir()))
        b.blocks.pop()


def register_matmul(pipe: Any, workspace: Any, matmul: Any, tiling: Any = None) -> None:
    """`REGIST_MATMUL_OBJ(&pipe, workspace, mm[, &tiling])`: give the object the pipe's cube
    buffers and, with a tiling, Init it."""
    api = "asc.adv.register_matmul()"
    p = require(ConstExpr.unwrap(pipe), TPipe, api, "pipe", "an asc.TPipe")
    ws = require(ConstExpr.unwrap(workspace), (GlobalAddress, GlobalTensor), api, "workspace",
                 "a GM address")
    mm = require(ConstExpr.unwrap(matmul), Matmul, api, "matmul", "an asc.adv.Matmul")
    t = [] if tiling is None else [require(ConstExpr.unwrap(tiling), CubeTilingValue, api,
                                           "tiling", "an asc.adv.TCubeTiling").to_ir()]
    current().insert(RegistMatmulObjOp.create(operands=_flat([p.to_ir(), ws.to_ir(), mm.to_ir(), t])))


class MatmulApiStaticTiling(IRValue):
    """`MatmulApiStaticTiling`: the tiling GetMatmulApiTiling derives at compile time."""

    __slots__ = ()

    def describe(self) -> str:
        return "MatmulApiStaticTiling"


def get_matmul_api_tiling(mm_cfg: Any, a_type: Any, b_type: Any, c_type: Any, bias_type: Any = None,
                          l1_size: Any = None) -> MatmulApiStaticTiling:
    """`GetMatmulApiTiling<A, B, C, Bias>(cfg, l1Size)`; `l1_size` defaults to the SoC's
    `TOTAL_L1_SIZE`."""
    api = "asc.adv.get_matmul_api_tiling()"
    cfg = require(ConstExpr.unwrap(mm_cfg), MatmulConfig, api, "mm_cfg", "an asc.adv.MatmulConfig")
    types = []
    for name, v in (("a_type", a_type), ("b_type", b_type), ("c_type", c_type),
                    ("bias_type", bias_type if bias_type is not None else c_type)):
        types.append(require(ConstExpr.unwrap(v), MatmulType, api, name, "an asc.adv.MatmulType"))
    a, b_, c, bias = types
    ty = MatmulIRType(a.ir(api, "a_type"), b_.ir(api, "b_type"), c.ir(api, "c_type"),
                      bias.ir(api, "bias_type")[:3], cfg.attr())
    if l1_size is None:
        from ..properties import TOTAL_L1_SIZE, property as prop
        size = prop(TOTAL_L1_SIZE).value
    else:
        size = _int(l1_size, api, "l1_size")
    op = current().insert(GetMatmulApiTilingOp.create(
        operands=[cfg.to_ir(), size], properties={"matmulType": ty},
        result_types=[MatmulApiStaticTilingType()]))
    return MatmulApiStaticTiling(op.results[0])
