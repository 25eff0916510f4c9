"""The package layout the team grows on: imports flow one way, modules stay short.

Imports flow dialects <- transforms <- targets / sim <- runtime <- frontend <- tools
(DESIGN.md): a layer never imports one above it or beside it, not even lazily inside a
function. A module longer than ~700 lines says why at the top of its docstring
("Long module: ...") or is split by concern.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "ascdsl"
RANK = {"dialects": 0, "transforms": 1, "targets": 2, "sim": 2, "runtime": 3, "frontend": 4,
        "tools": 5}
MAX_LINES = 700
MODULES = sorted(PACKAGE.rglob("*.py"))


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "ascdsl" and parts[1] in RANK else None


def _imports(path: Path) -> list[tuple[int, str]]:
    module = _module_name(path)
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                out.append((node.lineno, ".".join(base + ([node.module] if node.module else []))))
            else:
                out.append((node.lineno, node.module or ""))
        elif isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
    return out


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_flow_one_way(path):
    own = _layer(_module_name(path))
    if own is None:
        return
    for line, target in _imports(path):
        other = _layer(target)
        assert other is None or other == own or RANK[other] < RANK[own], (
            f"{path.relative_to(PACKAGE.parent)}:{line} ({own}) imports {target} ({other})"
        )


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_modules_stay_short_or_say_why(path):
    text = path.read_text(encoding="utf-8")
    lines = text.count("\n")
    if lines <= MAX_LINES:
        return
    doc = ast.get_docstring(ast.parse(text)) or ""
    assert "Long module:" in doc, (
        f"{path.relative_to(PACKAGE.parent)} has {lines} lines: split it by concern, or say "
        "why it stays whole in its docstring ('Long module: ...')"
    )


def test_the_layer_check_resolves_relative_imports():
    targets = {t for _, t in _imports(PACKAGE / "dialects" / "ascendc" / "ops_cast.py")}
    assert {"ascdsl.dialects.ascendc.base", "ascdsl.dialects.scalar_types"} <= targets
    targets = {t for _, t in _imports(PACKAGE / "frontend" / "codegen" / "calls.py")}
    assert {"ascdsl.frontend.kernel", "ascdsl.frontend.codegen.base"} <= targets
