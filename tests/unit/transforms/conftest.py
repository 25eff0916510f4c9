import pytest
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.ir import Operation

from ascdsl.context import make_context
from ascdsl.diagnostics import parse_module


@pytest.fixture
def ctx():
    return make_context()


@pytest.fixture
def parse(ctx):
    """Parse IR text into a module (ops located in '<test>')."""

    def run(text: str) -> ModuleOp:
        return parse_module(ctx, text, "<test>")

    return run


def _named_ops(root: Operation) -> dict[str, Operation]:
    found: dict[str, Operation] = {}
    for op in root.walk():
        tag = op.attributes.get("tag")
        if tag is not None:
            found[tag.data] = op  # type: ignore[attr-defined]
        elif op.results and op.results[0].name_hint:
            found[op.results[0].name_hint] = op
    return found


def _only_func(module: ModuleOp) -> FuncOp:
    funcs = [op for op in module.ops if isinstance(op, FuncOp)]
    assert len(funcs) == 1
    return funcs[0]


@pytest.fixture
def named_ops():
    """Ops under a root by their `tag` string attribute, or their first result's name."""
    return _named_ops


@pytest.fixture
def only_func():
    """The one func.func of a module."""
    return _only_func
