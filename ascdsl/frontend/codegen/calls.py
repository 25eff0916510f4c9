"""Calls: Python callables run while compiling; a `@jit` function becomes a `func.call` of a
`func.func` specialized on the argument types and ConstExpr values (the pass pipeline
inlines it). Specializations are keyed with `const_key`, as kernels are in kernel.py.
"""

from __future__ import annotations

import ast
from enum import Enum
from typing import TYPE_CHECKING, Any

from xdsl.dialects import func
from xdsl.dialects.builtin import FunctionType, UnitAttr
from xdsl.ir import Block, Region

from ..function import BUILTINS
from ..language.tensor import GlobalTensor
from ..values import REAL, ConstExpr, IRValue, describe, materialize
from .base import CodegenBase
from .session import _Instance, loc_tuple

if TYPE_CHECKING:
    from ..kernel import JITFunction


_BUILTIN_IDS = {id(f) for f in BUILTINS.values()}


def const_key(value: Any) -> Any:
    """A hashable key for a compile-time value: equal keys share one specialization.

    The type is part of the key, so `1`, `1.0` and `True` (equal in Python) specialize
    separately, and so do two classes of one name; an unhashable value (a list) is keyed by its
    repr. Kernels (kernel.py) and called jit functions key their specializations with it.
    """
    try:
        hash(value)
    except TypeError:
        return (type(value).__name__, repr(value))
    return (type(value), value)


class Calls(CodegenBase):
    """`expr_Call` and the specialization of called jit functions."""

    def expr_Call(self, node: ast.Call) -> Any:
        fn = self.expr(node.func)
        args = self._elements(node.args)
        kwargs: dict[str, Any] = {}
        for kw in node.keywords:
            if kw.arg is None:
                kwargs.update(self.expr(kw.value))
            else:
                kwargs[kw.arg] = self.expr(kw.value)
        from ..kernel import JITFunction, _Launcher

        if isinstance(fn, JITFunction):
            return self.call_jit(fn, args, kwargs, node)
        if isinstance(fn, _Launcher):
            raise self.launch_error(node.func, fn.jitfn.__name__)
        if fn is print:
            raise self.error(node, "NameError: print is not defined (print() is not supported in "
                                   "a JIT function; use asc.printf)")
        if isinstance(fn, IRValue) and not callable(fn):  # tensors are: x_gm(i) is GetValue
            raise self.error(node, f"{self.what(node.func, fn)}; it cannot be called")
        if not callable(fn):
            raise self.error(node, f"{type(fn).__name__} instance is not callable")
        if id(fn) not in _BUILTIN_IDS:
            return ConstExpr.unwrap(fn(*args, **kwargs))
        try:
            return ConstExpr.unwrap(fn(*args, **kwargs))
        except TypeError:
            # Python's message names the value class (`object of type 'PlainValue' has no len()`)
            pairs = [] if any(isinstance(a, ast.Starred) for a in node.args) else [
                *zip(node.args, args)]
            pairs += [(k.value, kwargs[k.arg]) for k in node.keywords if k.arg is not None]
            for arg, value in pairs:
                if isinstance(value, IRValue):
                    raise self.error(node, f"{fn.__name__}() needs a value known at compile "
                                           f"time, but {self.what(arg, value)}") from None
            raise

    # -- calls of other jit functions ----------------------------------------------------------

    def call_jit(self, callee: JITFunction, args: list, kwargs: dict, node: ast.Call) -> Any:
        """A `func.call` of the callee's specialization for these arguments."""
        session = self.session
        if callee in session.stack:
            raise self.error(node, f"recursive call of JIT function '{callee.__name__}' is not "
                                   "supported")
        try:
            bound = callee.signature.bind(*args, **kwargs)
        except TypeError as e:
            raise self.error(node, f"{callee.__name__}(): {e}") from None
        bound.apply_defaults()
        runtime: list[tuple[str, IRValue]] = []
        consts: dict[str, Any] = {}
        for name, value in bound.arguments.items():
            raw = value
            value = ConstExpr.unwrap(value)
            if name in callee.constexpr_params or isinstance(raw, ConstExpr):
                if isinstance(value, IRValue):
                    raise self.error(
                        node,
                        f"{callee.__name__}(): '{name}' is a ConstExpr parameter but got a "
                        f"{describe(value)}",
                    )
                callee.check_constexpr(name, value)
                consts[name] = value
            elif isinstance(value, GlobalTensor) and value.value is None:
                raise self.error(node, f"{callee.__name__}(): '{name}' is a GlobalTensor used "
                                       "before set_global_buffer()")
            elif isinstance(value, IRValue):
                runtime.append((name, value))
            elif isinstance(value, REAL) and not isinstance(value, Enum):
                runtime.append((name, materialize(value)))
            else:
                consts[name] = value  # Python objects (dtypes, enums, ...) specialize the callee
        key = (
            id(callee),
            tuple((n, type(v).__name__, str(v.to_ir().type)) for n, v in runtime),
            tuple((n, const_key(v)) for n, v in consts.items()),
        )
        inst = session.instances.get(key)
        if inst is None:
            inst = self._instantiate(callee, runtime, consts, key, node)
        call = self.builder.insert(
            func.CallOp(inst.name, [v.to_ir() for _, v in runtime],
                        [r.to_ir().type for r in inst.returns or []])
        )
        results = [tmpl.rebind(res) for tmpl, res in zip(inst.returns or [], call.results)]
        if not results:
            return None
        return results[0] if len(results) == 1 else tuple(results)

    def _instantiate(self, callee: JITFunction, runtime: list[tuple[str, IRValue]],
                     consts: dict[str, Any], key: tuple, node: ast.Call) -> _Instance:
        session = self.session
        try:
            source = callee.source
        except Exception as e:  # noqa: BLE001 - unreadable source
            raise self.error(node, str(e)) from None
        name = session.unique_symbol(source.name)
        types = [v.to_ir().type for _, v in runtime]
        entry = Block(arg_types=types)
        # Public and first in the module, as pyasc's frontend writes a called function: each
        # goes to the top when its body starts, so callees precede their callers and the last
        # one called comes first. The pipeline's privatize-func makes it private.
        fop = func.FuncOp(name, (types, []), Region(entry))
        fop.attributes["ascendc.aicore"] = UnitAttr()  # as pyasc marks every function
        fop.location = self.builder.location(*loc_tuple(source.def_loc))
        top = session.module.body.block
        if top.first_op is None:
            top.add_op(fop)
        else:
            top.insert_op_before(fop, top.first_op)
        params: dict[str, Any] = dict(consts)
        for (pname, v), arg in zip(runtime, entry.args):
            arg.name_hint = pname
            params[pname] = v.rebind(arg)
        inst = _Instance(name, None)
        session.instances[key] = inst
        gen = type(self)(session, callee, is_kernel=False)
        gen.check_signature()
        session.stack.append(callee)
        try:
            gen.run(fop, entry, params)
        finally:
            session.stack.pop()
        inst.returns = gen.returns or []
        fop.properties["function_type"] = FunctionType.from_lists(
            types, [r.to_ir().type for r in inst.returns]
        )
        return inst
