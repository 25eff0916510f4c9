"""pyasc's pass names are written subclasses of our passes (transforms/aliases.py)."""

from __future__ import annotations

import inspect

from ascdsl.transforms import ALIASES, PASSES, aliases, get_all_passes


def test_every_alias_is_a_written_class_of_its_pass():
    assert set(aliases.ALIAS_PASSES) == set(ALIASES)
    source = inspect.getsource(aliases)
    table = get_all_passes()
    for alias, target in ALIASES.items():
        cls = aliases.ALIAS_PASSES[alias]
        assert f'name = "{alias}"' in source and f"class {cls.__name__}(" in source
        assert cls.__module__ == aliases.__name__
        assert cls.__bases__ == (PASSES[target](),)  # the pass itself, renamed
        assert table[alias]() is cls  # the registry hands out the written class
        assert cls.__doc__ and target in cls.__doc__
