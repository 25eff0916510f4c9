"""Ascend C parameter structs (`DataCopyParams`, `BinaryRepeatParams`, ...): `ascendc.construct`.

The struct types themselves are in `types.py`; the copies and the masked vector forms take
their values as operands.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import ArrayAttr, UnitAttr
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import opt_prop_def, result_def, traits_def, var_operand_def
from xdsl.traits import (
    AlwaysSpeculatable,
    EffectInstance,
    MemoryEffect,
    MemoryEffectKind,
)
from xdsl.utils.exceptions import VerifyException

from .base import AscendCOp, Cpp, CppStyle, asc_op
from .types import ParamStructType


class _ConstructEffects(MemoryEffect):
    """A struct built and then filled field by field (`emitasc.set_member`: pyasc's tiling
    structs) is a variable, not a value: two such constructs, equal as ops, are two structs,
    which cse must not merge. Any other construct is pure (an unused one is erased)."""

    @classmethod
    def get_effects(cls, op):
        r = op.results[0]
        # by name: the ascendc dialect does not import emitasc's ops
        if any(u.operation.name == "emitasc.set_member" and u.index == 0 for u in r.uses):
            return frozenset((EffectInstance(MemoryEffectKind.ALLOC, r),))
        return frozenset()


@asc_op(cpp=Cpp("", CppStyle.CTOR))
class ConstructOp(AscendCOp):
    """Build an Ascend C struct: `AscendC::DataCopyParams p{a, b, c, d};`.

    `types` optionally gives the C++ type each operand is cast to (`static_cast`).
    """

    name = "ascendc.construct"
    args = var_operand_def()
    types = opt_prop_def(ArrayAttr)
    isConstexpr = opt_prop_def(UnitAttr)
    isStatic = opt_prop_def(UnitAttr)
    result = result_def()
    assembly_format = (
        "type($result) `(` ($args^)? `)` ($types^)? (`constexpr` $isConstexpr^)? "
        "(`static` $isStatic^)? attr-dict (`:` type($args)^)?"
    )
    traits = traits_def(_ConstructEffects(), AlwaysSpeculatable())

    def __init__(self, result_type: Attribute, args: Sequence[SSAValue] = ()):
        super().__init__(operands=[list(args)], result_types=[result_type])

    def verify_facts(self) -> None:
        t = self.result.type
        if isinstance(t, ParamStructType) and len(self.args) > t.max_values():
            raise VerifyException(
                f"{t.CPP} has {len(t.FIELDS)} fields ({', '.join(t.field_names())}), "
                f"got {len(self.args)} values"
            )
        if self.types is not None and len(self.types.data) != len(self.args):
            raise VerifyException(
                f"{len(self.types.data)} cast types given for {len(self.args)} values"
            )


PARAM_OPS: list[type[AscendCOp]] = [ConstructOp]
