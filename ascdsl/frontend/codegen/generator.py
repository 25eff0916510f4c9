"""`FunctionCodegen` (statements, expressions and calls together) and `compile_kernel`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, UnitAttr
from xdsl.ir import Block, Region

from ..builder import Builder, activate
from ..values import GlobalAddress, PlainValue
from .calls import Calls
from .control_flow import ControlFlow
from .expressions import Expressions
from .session import ArgKind, Session, loc_tuple, verify

if TYPE_CHECKING:
    from ..kernel import JITFunction


class FunctionCodegen(ControlFlow, Expressions, Calls):
    """Generates the body of one `func.func` from one Python function."""


FunctionCodegen._register_handlers()


def compile_kernel(
    jitfn: JITFunction, kinds: Sequence[ArgKind], constexprs: dict[str, Any]
) -> tuple[ModuleOp, bool]:
    """Generate the IR of a kernel for one specialization.

    Returns the verified module and whether it uses LocalTensorAuto. Raises CompilationError.
    """
    module = ModuleOp([])
    builder = Builder(module)
    session = Session(module, builder)
    source = jitfn.source
    session.symbols.add(source.name)
    runtime_names = [n for n in jitfn.param_names if n not in constexprs]
    with activate(builder):
        gen = FunctionCodegen(session, jitfn, is_kernel=True)
        gen.check_signature()
        types = [k.ir_type() for k in kinds]
        entry = Block(arg_types=types)
        fop = func.FuncOp(source.name, (types, []), Region(entry))
        fop.attributes["ascendc.global"] = UnitAttr()
        fop.location = builder.location(*loc_tuple(source.def_loc))
        module.body.block.add_op(fop)
        params: dict[str, Any] = dict(constexprs)
        for arg, name, kind in zip(entry.args, runtime_names, kinds):
            arg.name_hint = name
            params[name] = (
                GlobalAddress(arg, kind.dtype) if kind.pointer else PlainValue(arg, kind.dtype)
            )
        session.stack.append(jitfn)
        gen.run(fop, entry, params)
        session.stack.pop()
    verify(module)
    return module, builder.uses_auto_tensors
