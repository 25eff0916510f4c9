"""Pass options, checked when a pass is made rather than when it runs.

xDSL checks an option's type when it builds a pass from pipeline text, but a word a pass
takes only a few of (`mode=ascdsl|pyasc`) used to be looked at in `apply`: `-p 'a,b{mode=x}'`
failed after `a` had run, and `InsertQueSyncPass(mode="x")` only once applied. A pass that
derives from `CheckedPass` lists those words in `CHOICES`, which `__post_init__` checks, so
both the command line and Python callers get the error before anything runs.
`pass_from_spec` builds a pass from its pipeline text and words every mistake (an unknown
option, a value of the wrong type, a word outside the choices) with the pass, the option, the
value and what the option takes, for any pass (xDSL's too).
"""

from __future__ import annotations

import dataclasses
import functools
import types
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Union, get_args, get_origin, get_type_hints

from xdsl.passes import ModulePass
from xdsl.utils.arg_spec import ArgSpec


class PassOptionError(ValueError):
    """An option a pass does not have, or a value its option does not take."""

    def __init__(self, pass_name: str, option: str, problem: str):
        self.pass_name = pass_name
        self.option = option  # the field name (`vector_barriers`)
        self.problem = problem
        super().__init__(f"{pass_name}: option '{option}' {problem}")

    def cli_message(self) -> str:
        """The message in pipeline-text spelling (`vector-barriers`)."""
        return f"option '{self.option.replace('_', '-')}' {self.problem}"


@dataclass(frozen=True)
class CheckedPass(ModulePass):
    """A pass whose word-valued options are checked at construction (see CHOICES)."""

    # Option field -> the words it takes. A mapping counts its keys and is read at each check,
    # so a table that grows later (SoCs) stays current.
    CHOICES: ClassVar[Mapping[str, Collection[str]]] = {}

    def __post_init__(self) -> None:
        for option, choices in type(self).CHOICES.items():
            value = getattr(self, option)
            if not isinstance(value, str) or value not in choices:
                raise PassOptionError(
                    self.name, option, f"is {_shown(value)}, expected {_expected(str, choices)}"
                )


def pass_from_spec(cls: type[ModulePass], spec: ArgSpec) -> ModulePass:
    """The pass `spec` (parsed pipeline text) names, built by `cls`; PassOptionError for an
    option `cls` does not have or a value of the wrong type (xDSL's own error does not name
    the option), and the pass's own PassOptionError for a word outside its choices."""
    from xdsl.utils.arg_spec import _convert_arg_to_type  # the conversion from_spec does

    fields = _options(cls)
    hints = _hints(cls)
    for option, value in spec.normalize_parameter_names().parameters.items():
        if option not in fields:
            known = ", ".join(f.replace("_", "-") for f in fields)
            where = f"its options: {known}" if known else "it takes no options"
            raise PassOptionError(cls.name, option, f"does not exist ({where})")
        try:
            _convert_arg_to_type(value, hints[option])
        except ValueError:
            given = ",".join(_shown(v, quote=False) for v in value)
            what = f"is '{given}'" if value else "has no value"
            choices = getattr(cls, "CHOICES", {}).get(option)
            raise PassOptionError(
                cls.name, option, f"{what}, expected {_expected(hints[option], choices)}"
            ) from None
    return cls.from_pass_spec(spec)


@functools.cache
def _options(cls: type[ModulePass]) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls) if f.init and f.name != "name")


@functools.cache
def _hints(cls: type[ModulePass]) -> dict[str, Any]:
    return get_type_hints(cls)


def _shown(value: object, quote: bool = True) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str) and quote:
        return f"'{value}'"
    return str(value)


def _expected(hint: Any, choices: Collection[str] | None) -> str:
    """What an option of type `hint` takes, in words."""
    if choices is not None:
        return "one of " + ", ".join(choices)
    if get_origin(hint) in (Union, types.UnionType) and type(None) in get_args(hint):
        inner = [a for a in get_args(hint) if a is not type(None)]
        return " or ".join(_expected(a, None) for a in inner) + " (or no value)"
    words = {bool: "true or false", int: "an integer", float: "a number", str: "a string"}
    if hint in words:
        return words[hint]
    if get_origin(hint) is tuple:
        return "a comma-separated list of " + ", ".join(
            _expected(a, None) for a in get_args(hint) if a is not Ellipsis
        )
    return str(hint)
