"""Property: random chains of tile operations compute the same lowered as on the reference.

A chain is a sequence of steps drawn from the lowered operations (elementwise with a tile or
a scalar, unary math, comparisons and selects, reductions to a scalar, conversions), applied
to tiles of random length (tails included) in f32 or f16. Each chain is compiled twice,
lowered to ascendc and run with the sanitizer raising on any race, and run on the reference
simulator; the results agree to the element type's precision.
"""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ascdsl as asc
from ascdsl import tile as asc2

STEPS = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "mul": lambda a, b: a * b,
    "max": lambda a, b: asc2.maximum(a, b),
    "adds": lambda a, b: a + 0.5,
    "rsubs": lambda a, b: 2.0 - a,
    "muls": lambda a, b: a * 0.75,
    "divs": lambda a, b: a / 1.5,
    "exp": lambda a, b: asc2.exp(a * 0.25),
    "abs": lambda a, b: asc2.abs(a),
    "relu": lambda a, b: asc2.relu(a - 0.5),
    "sqrt": lambda a, b: asc2.sqrt(asc2.abs(a)),
    "where": lambda a, b: asc2.where(a > b, a, b * 0.5),
    "where_s": lambda a, b: asc2.where(a <= 0.75, 0.0, a),
    "minus_max": lambda a, b: a - asc2.reduce_max(a),
    "times_sum": lambda a, b: a * asc2.reduce_sum(b) * 0.01,
    "round_trip_f16": lambda a, b: a.to(asc.float16).to(a.dtype),
}


@asc2.jit(always_compile=True)
def chain_kernel(x_ptr: asc.GlobalAddress, y_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress,
                 n: asc.ConstExpr[int], steps: asc.ConstExpr):
    xt, yt, zt = asc2.tensor(x_ptr, [n]), asc2.tensor(y_ptr, [n]), asc2.tensor(z_ptr, [n])
    a = asc2.load(xt, [n], offsets=[0])
    b = asc2.load(yt, [n], offsets=[0])
    for k in asc.static_range(len(steps)):
        a = STEPS[steps[k]](a, b)
    asc2.store(a, zt, offsets=[0])


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    steps=st.lists(st.sampled_from(sorted(STEPS)), min_size=1, max_size=4),
    dtype=st.sampled_from([np.float32, np.float16]),
    n=st.sampled_from([16, 64, 100, 200, 512]),
    seed=st.integers(0, 2**16),
)
def test_chains_lowered_match_the_reference(steps, dtype, n, seed):
    if dtype == np.float16 and n % 16:
        n += 16 - n % 16  # a f16 tile of 1-d is any size, but keep GM copies whole blocks
    rng = np.random.default_rng(seed)
    x = (rng.random(n) * 2).astype(dtype)
    y = (rng.random(n) * 2).astype(dtype)
    outs = []
    for lowered in (True, False):
        z = np.zeros_like(x)
        chain_kernel[1](x, y, z, n, tuple(steps), run_passes=lowered)
        outs.append(z.astype(np.float64))
    tol = 2e-6 if dtype == np.float32 else 4e-3
    np.testing.assert_allclose(outs[0], outs[1], rtol=tol, atol=tol, err_msg=str(steps))
