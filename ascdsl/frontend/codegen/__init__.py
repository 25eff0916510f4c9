"""Python AST -> IR: a kernel and the jit functions it calls become `func.func`s.

The code generator walks the kernel's AST once. Values known while compiling (numbers,
dtypes, enums, ConstExpr parameters) are evaluated in Python; everything else is a runtime
value (`values.IRValue`) and produces IR:

- `if` on a compile-time condition keeps one branch; on a runtime condition it is an
  `scf.if` whose results are the variables the branches assign;
- `for i in range(...)` / `asc.range` is an `scf.for` carrying the variables its body
  reassigns; `asc.static_range` is unrolled;
- `while` is an `scf.while` carrying the variables its body reassigns;
- a call of another `@jit` function is a `func.call` of a `func.func` specialized on the
  argument types and ConstExpr values, placed before its caller as pyasc places it
  (made private and inlined later by the pass pipeline).

Everything outside pyasc's supported syntax is a `CompilationError` at the offending line.

The package, by concern:

- `session.py`: argument kinds (the specialization), the compilation session, verification;
- `base.py`: scopes, the statement/expression driver, errors and locations;
- `control_flow.py`: statements and `if` / `for` / `while`;
- `expressions.py`: operators, literals, names, attributes, subscripts;
- `calls.py`: calls, and the specialization of called jit functions;
- `generator.py`: `FunctionCodegen` (the three handler sets together) and `compile_kernel`.

The generator knows no op: a kernel-language function builds its own IR when called.
"""

from __future__ import annotations

from .base import CodegenBase, Scope, Undefined, assigned_names
from .calls import const_key
from .generator import FunctionCodegen, compile_kernel
from .session import ArgKind, Session, check_signature, verify

__all__ = [
    "ArgKind",
    "CodegenBase",
    "FunctionCodegen",
    "Scope",
    "Session",
    "Undefined",
    "assigned_names",
    "check_signature",
    "compile_kernel",
    "const_key",
    "verify",
]
