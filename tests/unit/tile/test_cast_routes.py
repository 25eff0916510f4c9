"""The tile lowering's casts (vector_compute.py) take their conversions from the Cast op's table
(A.CastOp.PAIRS); the multi-step routes are the lowering's own choice of intermediate types."""

import ascdsl.dialects.ascendc as A
from ascdsl.transforms import vector_compute as vc


def test_every_step_is_a_conversion_the_cast_op_declares():
    for (a, b), mode in vc._CASTS.items():
        pair = A.CastOp.PAIRS.get((a, b))
        assert pair is not None and not pair.deq, (a, b)
        assert mode in pair.modes, (a, b, mode)


def test_every_route_steps_through_declared_conversions():
    for (a, b), via in vc._CAST_VIA.items():
        names = (a, *via, b)
        for x, y in zip(names, names[1:]):
            assert (x, y) in vc._CASTS, f"{a} -> {b} steps {x} -> {y}"
            assert (x, y) in A.CastOp.PAIRS


def test_every_pair_of_tile_types_is_one_step_or_one_route():
    names = list(vc._CAST_TYPES)
    for a in names:
        for b in names:
            if a != b:
                assert ((a, b) in vc._CASTS) != ((a, b) in vc._CAST_VIA), (a, b)


def test_the_steps_are_the_declared_conversions_between_tile_types():
    # int32 -> half is vconv_deq (scaled by SetDeqScale): a route through float, not a step
    declared = {p for p, facts in A.CastOp.PAIRS.items()
                if p[0] != p[1] and not facts.deq and set(p) <= set(vc._CAST_TYPES)}
    assert set(vc._CASTS) == declared
    assert ("i32", "f16") in vc._CAST_VIA
