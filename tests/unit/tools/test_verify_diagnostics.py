"""MLIR's -verify-diagnostics directives: designators, counts, regexes, unknown locations."""

from ascdsl.diagnostics import Diagnostic, Loc, Severity
from ascdsl.tools.verify_diagnostics import check, parse_expectations

TEXT = """\
op1  // expected-error 2 {{twice}}
// expected-warning@below {{w}}
op3
op4  // expected-error-re {{value {{[0-9]+}} is out}} // expected-note {{here}}
// expected-error@unknown {{nowhere}}
"""


def diag(sev: str, msg: str, line: int | None) -> Diagnostic:
    loc = None if line is None else Loc("f.mlir", line, 1)
    return Diagnostic(Severity(sev), msg, loc)


def test_every_form_matches_what_it_says():
    exps = parse_expectations(TEXT, "f.mlir")
    assert [(e.severity.value, e.line, e.message) for e in exps] == [
        ("error", 1, "twice"), ("error", 1, "twice"), ("warning", 3, "w"),
        ("error", 4, "value {{[0-9]+}} is out"), ("note", 4, "here"), ("error", None, "nowhere")]
    found = [diag("error", "it happens twice", 1), diag("error", "again twice", 1),
             diag("warning", "a w", 3), diag("error", "value 42 is out of range", 4),
             diag("note", "declared here", 4), diag("error", "nowhere to be seen", None)]
    assert check(found, exps, "f.mlir") == []


def test_a_count_wants_exactly_that_many():
    exps = parse_expectations("op // expected-error 2 {{twice}}\n", "f.mlir")
    problems = check([diag("error", "twice", 1)], exps, "f.mlir")
    assert [p.message for p in problems] == ['expected error "twice" was not produced']
    exps = parse_expectations("op // expected-error 2 {{twice}}\n", "f.mlir")
    problems = check([diag("error", "twice", 1)] * 3, exps, "f.mlir")
    assert [p.message for p in problems] == ["unexpected error: twice"]


def test_a_regex_must_match_and_unknown_wants_no_location():
    exps = parse_expectations(TEXT, "f.mlir")
    problems = check([diag("error", "value x is out", 4), diag("error", "nowhere", 2)], exps,
                     "f.mlir")
    assert "unexpected error: value x is out" in [p.message for p in problems]
    assert "unexpected error: nowhere" in [p.message for p in problems]
