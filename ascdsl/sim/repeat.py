"""Which elements an L0/L1 vector instruction touches: repeats, block strides, masks.

A vector instruction runs `repeat_times` repeats. Each repeat covers `E` elements, one 256-byte
repeat of the widest operand (64 for 32-bit types, 128 for 16-bit). An operand's part of a
repeat is a run of 32-byte blocks: block `b` of repeat `r` starts at

    base + r * rep_stride * 32 + b * blk_stride * 32      (bytes; strides in 32-byte blocks)

and element `e` of the repeat lies in block `e // (32 / size)` at position `e % (32 / size)`.
The mask selects elements of every repeat: a count (elements 0..m-1, "continuous" mode, the
L0 `mask` operand) or a bit per element (two ui64 words, low word first, the L1 form); masked-off
destination elements keep their value. In counter mode (SetMaskCount) the mask register's low
word is instead the number of elements of the whole instruction.

A `Plan` holds, per operand, the element indices (relative to the operand's start) in repeat
order, computed with numpy once per distinct parameter set and cached.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

BLOCK = 32
REPEAT = 256


def repeat_bits(value) -> int:
    """The bits of a repeat-count operand that count: all of them (-1) for a 16/32/64-bit
    integer, the low byte for an 8-bit one. pyasc's frontend writes `repeat_times` as an i8
    that Ascend C passes to a `uint8_t` parameter, so `arith.constant -56 : i8` (or an i32
    200 truncated to i8) runs 200 repeats: `R[slot] & repeat_bits(v)` reads it as the C++
    conversion does. A wider operand keeps its value, so a count above 255 is still reported."""
    width = getattr(getattr(value.type, "width", None), "data", None)
    return 0xFF if width == 8 else -1


class Plan:
    """Element indices per operand and the span (lowest index, highest index + 1) of each."""

    __slots__ = ("idx", "lo", "hi", "count")

    def __init__(self, idx: tuple[np.ndarray, ...]):
        self.idx = idx
        self.count = int(idx[0].size)
        if self.count:
            self.lo = tuple(int(i.min()) for i in idx)
            self.hi = tuple(int(i.max()) + 1 for i in idx)
        else:
            self.lo = self.hi = tuple(0 for _ in idx)


def elements_per_repeat(sizes: tuple[int, ...]) -> int:
    return REPEAT // max(sizes)


def mask_elements(mask: tuple, per_repeat: int) -> np.ndarray:
    """Element positions (0..per_repeat-1) the mask selects in every repeat."""
    kind = mask[0]
    if kind == "full":
        return np.arange(per_repeat)
    if kind == "count":
        return np.arange(min(mask[1], per_repeat))
    bits = (mask[2] << 64) | mask[1]
    return np.array([e for e in range(per_repeat) if (bits >> e) & 1], dtype=np.int64)


FULL_WORD = (1 << 64) - 1


def count_mask_problem(mask: tuple, per_repeat: int, unit: str = "") -> str | None:
    """What is wrong with an L0 count mask, for an InvalidArgumentError (None when nothing):
    0..E elements a repeat (0 runs the instruction as a NOP: kernel_npu_debug.h, "equivalent
    to a NOP"; CheckMaskValue takes [0, 256 / sizeof(T)])."""
    if mask[0] != "count" or 0 <= mask[1] <= per_repeat:
        return None
    return f"mask={mask[1]} (0..{per_repeat}{unit})"


def mask_operand(R: list, slots, bits: bool) -> tuple:
    """The mask an L0 (`count`: one value) or L1 (`bits`: two 64-bit words, the second 0 when
    only one is given) op passes, read from its slots."""
    if bits:
        words = [R[x] for x in slots]
        return ("bits", words[0], words[1] if len(words) > 1 else 0)
    return ("count", R[slots])


def counter_count(mask: tuple, per_repeat: int) -> int:
    """The element count of counter mode: the mask register's low word, as the op or
    SetVectorMask left it (AscendCUtils::SetMask<T>(len) writes a normal-mode bit mask:
    its low word is all ones from len >= 64 on or at a whole repeat, else len ones)."""
    kind = mask[0]
    if kind == "bits":
        return mask[1]
    if kind == "count":
        n = mask[1]
        return FULL_WORD if n >= 64 or n == per_repeat else (1 << max(n, 0)) - 1
    return FULL_WORD  # ResetMask / the initial mask: all ones


@lru_cache(maxsize=512)
def plan(
    sizes: tuple[int, ...],
    blk: tuple[int, ...],
    rep: tuple[int, ...],
    repeat_times: int,
    mask: tuple,
) -> Plan:
    """Indices of every operand (sizes/strides in operand order) for one instruction.

    `mask` ("counter", n) is counter mode: the instruction runs elements 0..n-1 over
    ceil(n / per_repeat) repeats, whole repeats then the first n % per_repeat elements of the
    last, and `repeat_times` is not used (the hardware derives it from the count)."""
    per_repeat = elements_per_repeat(sizes)
    if mask[0] == "counter":
        flat = np.arange(mask[1], dtype=np.int64)
        r, e = flat // per_repeat, flat % per_repeat
    else:
        e = mask_elements(mask, per_repeat)[None, :]
        r = np.arange(repeat_times, dtype=np.int64)[:, None]
    out = []
    for size, b, rp in zip(sizes, blk, rep):
        per_block = BLOCK // size
        within = (e // per_block) * (b * BLOCK // size) + e % per_block
        idx = (r * (rp * BLOCK // size) + within).reshape(-1)
        idx.setflags(write=False)
        out.append(idx)
    return Plan(tuple(out))
