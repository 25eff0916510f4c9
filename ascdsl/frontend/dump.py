"""Print the IR of a kernel defined in a Python file (used by the FileCheck tests).

    python -m ascdsl.frontend.dump FILE KERNEL [ARG ...] [--passes] [--insert-sync|--no-insert-sync]
                                   [--verify-sync] [--locations] [--source]

Each ARG describes one kernel parameter, in order (or `name=ARG`):
`f32*` / `float32*` a GM pointer argument, `i32` / `float16` / ... a scalar argument, and for a
ConstExpr parameter a Python literal (`64`, `True`, `'x'`) or a dtype name (`float32`).
Without `--passes` the IR straight from code generation is printed. A compilation error is
printed as `file:line:col: error: ...` with the source line, and the exit status is 1. The
file's definitions are loaded (imports, functions, classes, assignments); its other top-level
code (calls, loops, the `__main__` block, kernel launches) does not run.
"""

from __future__ import annotations

import argparse
import ast
import sys
import types
from pathlib import Path
from typing import Any


def _load(path: Path):
    """The file as a module, from its definitions only: imports, functions, classes and
    assignments run; other top-level statements (calls, loops, `with`, the
    `if __name__ == "__main__":` block, assignments that launch a kernel) do not, so that
    dumping a kernel never runs the script."""
    name = f"_ascdsl_dump_{abs(hash(str(path.resolve())))}"
    try:
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text, str(path))
    except (OSError, UnicodeDecodeError, SyntaxError) as e:
        raise SystemExit(f"error: cannot load {path}: {e}") from None
    tree.body = _definitions(tree.body, top=True)
    module = types.ModuleType(name)
    module.__file__ = str(path)
    sys.modules[name] = module
    exec(compile(tree, str(path), "exec"), module.__dict__)  # noqa: S102 - the user's file
    return module


_SKIPPED = (ast.Expr, ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith)


def _definitions(body: list[ast.stmt], top: bool = False) -> list[ast.stmt]:
    keep: list[ast.stmt] = []
    for i, node in enumerate(body):
        if isinstance(node, ast.Expr) and top and i == 0 and isinstance(
                node.value, ast.Constant) and isinstance(node.value.value, str):
            keep.append(node)  # the docstring
            continue
        if isinstance(node, _SKIPPED):
            continue
        if isinstance(node, ast.If):
            if _is_main_guard(node.test):
                continue
            node.body = _definitions(node.body) or [ast.Pass()]
            node.orelse = _definitions(node.orelse)
        elif isinstance(node, ast.Try):
            node.body = _definitions(node.body) or [ast.Pass()]
            node.orelse = _definitions(node.orelse)
            node.finalbody = _definitions(node.finalbody)
            for h in node.handlers:
                h.body = _definitions(h.body) or [ast.Pass()]
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and _launches(node):
            continue
        keep.append(node)
    for node in keep:
        ast.fix_missing_locations(node)
    return keep


def _is_main_guard(test: ast.expr) -> bool:
    return (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name)
            and test.left.id == "__name__")


def _launches(node: ast.stmt) -> bool:
    """An assignment whose value launches a kernel (`kernel[cores](...)`)."""
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Subscript)
               for n in ast.walk(node))


def _parse_arg(text: str, is_const: bool) -> Any:
    from . import dtypes as dt
    from .argkinds import MockTensor, MockValue

    if is_const:
        try:
            return ast.literal_eval(text)
        except (ValueError, SyntaxError):
            try:
                return dt.by_name(text)
            except KeyError:
                raise SystemExit(f"error: '{text}' is neither a Python literal nor a dtype") from None
    pointer = text.endswith("*")
    try:
        dtype = dt.by_name(text.rstrip("*").strip())
    except KeyError:
        raise SystemExit(
            f"error: '{text}' is not an argument spec (a dtype such as f32, or f32* for a pointer)"
        ) from None
    return MockTensor(dtype) if pointer else MockValue(dtype)


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module docstring); returns the exit status."""
    p = argparse.ArgumentParser(prog="python -m ascdsl.frontend.dump", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", type=Path)
    p.add_argument("kernel")
    p.add_argument("args", nargs="*")
    p.add_argument("--passes", action="store_true", help="run the pass pipeline")
    sync = p.add_mutually_exclusive_group()
    sync.add_argument("--insert-sync", dest="insert_sync", action="store_const", const=True)
    sync.add_argument("--no-insert-sync", dest="insert_sync", action="store_const", const=False)
    p.add_argument("--verify-sync", action="store_true")
    p.add_argument("--locations", action="store_true", help="print loc(...) on each op")
    p.add_argument("--source", action="store_true", help="print the Ascend C source instead")
    p.add_argument("--mlir-names", action="store_true",
                   help="name values as MLIR's printer does (%%arg0, %%c1_i32), as pyasc's IR")
    ns = p.parse_args(argv)

    from .errors import CompilationError
    from .kernel import JITFunction

    if not ns.file.is_file():
        print(f"error: no such file: {ns.file}", file=sys.stderr)
        return 2
    module = _load(ns.file)
    kernel = getattr(module, ns.kernel, None)
    if not isinstance(kernel, JITFunction):
        print(f"error: {ns.file} has no @jit function '{ns.kernel}'", file=sys.stderr)
        return 2
    positional: list[Any] = []
    named: dict[str, Any] = {}
    params = list(kernel.param_names)
    for text in ns.args:
        if "=" in text and text.split("=", 1)[0].isidentifier():
            key, value = text.split("=", 1)
            named[key] = _parse_arg(value, key in kernel.constexpr_params)
        else:
            idx = len(positional)
            pname = params[idx] if idx < len(params) else ""
            positional.append(_parse_arg(text, pname in kernel.constexpr_params))
    try:
        ck = kernel.compile(
            *positional, **named, run_passes=ns.passes or ns.source,
            insert_sync=ns.insert_sync, verify_sync=ns.verify_sync, always_compile=True,
        )
        if ns.source:
            sys.stdout.write(ck.source)
        else:
            sys.stdout.write(ck.ir_with_locations if ns.locations
                             else ck.mlir if ns.mlir_names else ck.ir)
    except CompilationError as e:
        print(e.render(), file=sys.stderr)
        return 1
    except (TypeError, ValueError, RuntimeError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    for w in ck.warnings:
        print(w.render(), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
