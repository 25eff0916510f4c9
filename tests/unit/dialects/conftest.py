import pytest
from xdsl.dialects import test

from ascdsl.context import make_context


@pytest.fixture
def ctx():
    return make_context()


@pytest.fixture
def values():
    """Make SSA values of given types (results of a `test.op`)."""

    def make(*types):
        op = test.TestOp(result_types=list(types))
        return op, list(op.results)

    return make
