"""Print the IR of a kernel defined in a Python file (used by the FileCheck tests).

    python -m ascdsl.frontend.dump FILE KERNEL [ARG ...] [--passes] [--insert-sync|--no-insert-sync]
                                   [--verify-sync] [--locations] [--source]

Each ARG describes one kernel parameter, in order (or `name=ARG`):
`f32*` / `float32*` a GM pointer argument, `i32` / `float16` / ... a scalar argument, and for a
ConstExpr parameter a Python literal (`64`, `True`, `'x'`) or a dtype name (`float32`).
Without `--passes` the IR straight from code generation is printed. A compilation error is
printed as `file:line:col: error: ...` with the source line, and the exit status is 1.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import sys
from pathlib import Path
from typing import Any


def _load(path: Path):
    name = f"_ascdsl_dump_{abs(hash(str(path.resolve())))}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"error: cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _parse_arg(text: str, is_const: bool) -> Any:
    from . import dtypes as dt
    from .kernel import MockTensor, MockValue

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
            sys.stdout.write(ck.ir_with_locations if ns.locations else ck.ir)
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
