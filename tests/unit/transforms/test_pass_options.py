"""Pass options are checked when a pass is made (Python) or a pipeline is read (text), never
first when the pass runs: the passes before a bad one must not have run."""

from __future__ import annotations

import dataclasses
from typing import get_type_hints

import pytest

from ascdsl.transforms import ALIASES, PASSES, PipelineSpecError, build_pipeline, get_all_passes
from ascdsl.transforms.options import CheckedPass, PassOptionError

OURS = sorted([*PASSES, *ALIASES])


def _cls(name):
    return get_all_passes()[name]()


def _str_options(cls):
    hints = get_type_hints(cls)
    return [f.name for f in dataclasses.fields(cls) if f.init and hints[f.name] is str]


@pytest.mark.parametrize("name", OURS)
def test_every_word_option_lists_its_words(name):
    # A str option checked only in apply would fail after the passes before it had run.
    cls = _cls(name)
    for option in _str_options(cls):
        assert issubclass(cls, CheckedPass) and option in cls.CHOICES, (
            f"{name}: option '{option}' takes words; list them in CHOICES"
        )


@pytest.mark.parametrize("name", [n for n in OURS if issubclass(_cls(n), CheckedPass)])
def test_choices_are_checked_at_construction(name):
    cls = _cls(name)
    for option, choices in cls.CHOICES.items():
        for word in choices:
            assert getattr(cls(**{option: word}), option) == word
        with pytest.raises(PassOptionError) as info:
            cls(**{option: "banana"})
        e = info.value
        assert (e.pass_name, e.option) == (name, option)
        assert f"option '{option}' is 'banana', expected one of " in str(e)
        assert ", ".join(choices) in str(e)


def test_python_callers_get_the_error_before_running():
    from ascdsl.transforms.insert_que_sync import InsertQueSyncPass

    with pytest.raises(ValueError, match="insert-que-sync: option 'mode' is 'banana', "
                                         "expected one of ascdsl, pyasc"):
        InsertQueSyncPass(mode="banana")
    with pytest.raises(PassOptionError, match="option 'mode' is 3,"):
        InsertQueSyncPass(mode=3)  # type: ignore[arg-type]
    # dataclasses.replace builds a new pass: checked too.
    with pytest.raises(PassOptionError):
        dataclasses.replace(InsertQueSyncPass(), mode="banana")


@pytest.mark.parametrize("spec, message", [
    ("erase-sync,insert-que-sync{mode=banana}",
     "invalid options for pass 'insert-que-sync': option 'mode' is 'banana', "
     "expected one of ascdsl, pyasc"),
    ("insert-que-sync{vector_barriers=banana}",
     "option 'vector-barriers' is 'banana', expected true or false"),
    ("insert-que-sync{early-sets=3}", "option 'early-sets' is '3', expected true or false"),
    ("insert-que-sync{mode}", "option 'mode' has no value, expected one of ascdsl, pyasc"),
    ("insert-que-sync{mode=a,b}", "option 'mode' is 'a,b', expected one of ascdsl, pyasc"),
    ("insert-que-sync{some-option=1}",
     "option 'some-option' does not exist (its options: mode, vector-barriers, early-sets, "
     "auto-sync)"),
    ("erase-sync{some-option=1}", "option 'some-option' does not exist (its options: mode)"),
    ("noop{x=1}", "option 'x' does not exist (it takes no options)"),
    ("lower-asc{max-depth=deep}", "option 'max-depth' is 'deep', expected an integer"),
    ("lower-asc{soc=Ascend310P}", "option 'soc' is 'Ascend310P', expected one of Ascend910B1"),
    ("lower-asc-cube{buffers=heap}", "option 'buffers' is 'heap', expected one of static, tbuf"),
    ("pyasc-pipeline{insert-sync=maybe}",
     "option 'insert-sync' is 'maybe', expected true or false (or no value)"),
    ("ascendc-hoist-que-bind{order=mlir}",
     "invalid options for pass 'ascendc-hoist-que-bind': option 'order' is 'mlir', "
     "expected one of program, pyasc"),
    ("canonicalize{bogus=1}", "invalid options for pass 'canonicalize': option 'bogus' does "
                              "not exist"),  # xDSL's passes are checked the same way
])
def test_pipeline_text_errors_name_pass_option_value_and_accepted(spec, message):
    with pytest.raises(PipelineSpecError) as info:
        build_pipeline(spec)
    assert message in str(info.value)


def test_good_options_still_build():
    q, h, p = build_pipeline(
        "insert-que-sync{mode=pyasc vector-barriers=false},hoist-ub-allocation{order=pyasc},"
        "pyasc-pipeline{insert-sync}"
    )
    assert (q.mode, q.vector_barriers, h.order, p.insert_sync) == ("pyasc", False, "pyasc", None)


def test_cli_fails_before_any_pass_runs(tmp_path, capsys):
    from ascdsl.tools.ascdsl_opt import main

    src = tmp_path / "in.mlir"
    # verify-sync warns about an alloc_tensor never freed, if it runs.
    src.write_text(
        "func.func @f() {\n"
        "  %q = ascendc.queue : <vecin, 1>\n"
        "  %t = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, "
        "!ascendc.local_tensor<64xf32>\n"
        "  func.return\n"
        "}\n"
    )
    out = tmp_path / "out.mlir"
    argv = [str(src), "-p", "verify-sync,insert-que-sync{mode=banana}", "-o", str(out)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.strip() == (
        "ascdsl-opt: error: invalid options for pass 'insert-que-sync': option 'mode' is "
        "'banana', expected one of ascdsl, pyasc"
    )
    assert not out.exists()
