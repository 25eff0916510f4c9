"""CastOp.PAIRS, the conversions dav_c220 has (kernel_operator_vec_vconv_impl.h's
CastIntrinsicsImpl overloads): the verifier takes each pair with each mode the table lists and
names the pair and what it takes when the IR asks for anything else."""

import pytest
from xdsl.dialects.builtin import BFloat16Type, IntegerType, Signedness, f16, f32, f64, i32
from xdsl.utils.exceptions import VerifyException

import ascdsl.dialects.ascendc as A

R = A.RoundMode
TYPES = {
    "f16": f16, "bf16": BFloat16Type(), "f32": f32, "f64": f64,
    **{f"i{w}": IntegerType(w) for w in (8, 16, 32, 64)},
    **{f"ui{w}": IntegerType(w, Signedness.UNSIGNED) for w in (8, 16, 32, 64)},
}
ACCEPTED = [(s, d, m) for (s, d), pair in A.CastOp.PAIRS.items()
            for m in sorted(pair.modes | pair.pyasc_writes, key=lambda m: m.value)]
REFUSED = [(s, d, m) for (s, d), pair in A.CastOp.PAIRS.items() for m in R
           if m not in pair.modes | pair.pyasc_writes]
MISSING = [(s, d) for s in TYPES for d in TYPES if (s, d) not in A.CastOp.PAIRS]


def _casts(values, src: str, dst: str, mode: R) -> list[A.CastOp]:
    """The op at each level (L0, L1, L2) converting src elements to dst elements."""
    _, (d, s, n, m, p) = values(A.LocalTensorType(TYPES[dst], [64]),
                                A.LocalTensorType(TYPES[src], [64]), i32,
                                IntegerType(64, Signedness.UNSIGNED), A.UnaryRepeatParamsType())
    return [A.CastL0Op(d, s, mode, n, n, p), A.CastL1Op(d, s, mode, [m, m], n, p),
            A.CastL2Op(d, s, mode, n)]


def _id(case) -> str:
    return "-".join(c.name if isinstance(c, R) else c for c in case)


def test_every_key_names_a_type():
    for s, d in A.CastOp.PAIRS:
        assert s in TYPES and d in TYPES
        assert A.CastOp.pair_of(TYPES[s], TYPES[d]) is A.CastOp.PAIRS[s, d]
    # Ascend C spells a signed and a signless integer alike (int8_t)
    assert A.CastOp.pair_of(IntegerType(8, Signedness.SIGNED), f16) is A.CastOp.PAIRS["i8", "f16"]


@pytest.mark.parametrize("src, dst, mode", ACCEPTED, ids=[_id(c) for c in ACCEPTED])
def test_the_verifier_accepts_every_pair_and_mode_of_the_table(values, src, dst, mode):
    for op in _casts(values, src, dst, mode):
        op.verify()


@pytest.mark.parametrize("src, dst, mode", REFUSED, ids=[_id(c) for c in REFUSED])
def test_a_mode_the_pair_does_not_take_is_refused(values, src, dst, mode):
    for op in _casts(values, src, dst, mode):
        rule = f"^a {src} -> {dst} cast [^\n]*, got {mode.name}\n"
        with pytest.raises(VerifyException, match=rule):
            op.verify()


@pytest.mark.parametrize("src, dst", MISSING, ids=[_id(c) for c in MISSING])
def test_a_pair_the_910b_lacks_is_refused(values, src, dst):
    for op in _casts(values, src, dst, R.CAST_RINT):
        with pytest.raises(VerifyException, match=f"^dav_c220 has no {src} -> {dst} Cast; "):
            op.verify()


@pytest.mark.parametrize("src, dst, mode, message", [
    # half -> int8_t with CAST_NONE is vconv_f162s8 (the old verifier refused it)
    ("f16", "i8", R.CAST_NONE, None),
    ("f16", "ui8", R.CAST_NONE, None),
    ("f32", "i32", R.CAST_NONE, "a f32 -> i32 cast needs a rounding mode (CAST_RINT, CAST_FLOOR, "
                                "CAST_CEIL, CAST_ROUND or CAST_TRUNC), got CAST_NONE"),
    # int8 -> half and int16 -> float are vconv_s82f16 / vconv_s162f32 for CAST_NONE only
    ("i8", "f16", R.CAST_RINT, "a i8 -> f16 cast takes CAST_NONE only, got CAST_RINT"),
    ("i16", "f32", R.CAST_TRUNC, "a i16 -> f32 cast takes CAST_NONE only, got CAST_TRUNC"),
    ("f16", "i8", R.CAST_ODD, "a f16 -> i8 cast takes CAST_NONE, CAST_RINT, CAST_FLOOR, "
                              "CAST_CEIL, CAST_ROUND or CAST_TRUNC, got CAST_ODD"),
    ("f32", "f16", R.CAST_ODD, None),
    ("i64", "f32", R.CAST_NONE, "a i64 -> f32 cast needs a rounding mode"),
    # the int16 -> int8 overload compiles to nothing; CastDeq is the conversion
    ("i16", "i8", R.CAST_NONE, "dav_c220 has no i16 -> i8 Cast; from i16 it converts to f32, "
                               "f16"),
    ("f16", "bf16", R.CAST_RINT, "dav_c220 has no f16 -> bf16 Cast; from f16 it converts to "
                                 "f32, i8, ui8, i16, i32"),
    ("f64", "f32", R.CAST_RINT, "dav_c220 has no f64 -> f32 Cast; it converts nothing from f64"),
])
def test_messages_name_the_pair_and_what_it_takes(values, src, dst, mode, message):
    op = _casts(values, src, dst, mode)[2]
    if message is None:
        op.verify()
        return
    with pytest.raises(VerifyException) as e:
        op.verify()
    assert str(e.value).startswith(message)


def test_int32_to_half_is_the_deq_scaled_conversion(values):
    # "roundMode is ignored when casting from int32_t to half, please use it with
    # SetDeqScale(half scale)": every mode compiles to vconv_deq
    pair = A.CastOp.PAIRS["i32", "f16"]
    assert pair.deq and pair.modes == frozenset(R)
    assert [p for p, facts in A.CastOp.PAIRS.items() if facts.deq] == [("i32", "f16")]


def test_float_to_float_cast_none_is_left_to_the_headers(values):
    # pyasc's lit suite writes Cast<float, float>(..., CAST_NONE, ...) (vec_vconv.mlir): valid
    # IR, which the compilable source and the simulator refuse (the headers assert on it)
    for op in _casts(values, "f32", "f32", R.CAST_NONE):
        op.verify()
        why = op.header_refusal()
        assert why is not None and "CAST_RINT, CAST_FLOOR" in why and "CAST_NONE" in why
    for op in _casts(values, "f32", "f32", R.CAST_RINT) + _casts(values, "f32", "f16", R.CAST_NONE):
        assert op.header_refusal() is None
