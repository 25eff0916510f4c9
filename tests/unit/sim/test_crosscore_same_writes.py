"""Two AI cores writing the same bytes to the same GM range do not race (whichever lands last,
GM ends the same); different bytes, or another access of theirs to the range, still do."""

from __future__ import annotations

from ascdsl.sim.crosscore import _same_writes_dropped


def _w(lo, hi, digest, site="s"):
    # (lo, hi, write, site, pipe, epoch, stamp, digest): a GM log entry of the sanitizer
    return (lo, hi, True, site, 5, 0, 1, digest)


def _r(lo, hi):
    return (lo, hi, False, "r", 4, 0, 1, 0)


def test_identical_writes_of_one_range_are_dropped_other_reads_are_kept():
    a = [_w(0, 64, 7), _r(64, 128)]
    b = [_w(0, 64, 7)]
    xa, xb = _same_writes_dropped(a, b)
    assert xa == [_r(64, 128)] and xb == []


def test_a_read_of_the_range_keeps_the_writes():
    # the read could land between the two cores' writes
    a = [_w(0, 64, 7), _r(0, 32)]
    b = [_w(0, 64, 7)]
    assert _same_writes_dropped(a, b) == (a, b)


def test_different_bytes_are_kept():
    a, b = [_w(0, 64, 7)], [_w(0, 64, 8)]
    assert _same_writes_dropped(a, b) == (a, b)


def test_the_last_write_of_a_range_decides():
    # a writes 7 then 9 over the range, b writes 9: both end with 9
    a, b = [_w(0, 64, 7), _w(0, 64, 9)], [_w(0, 64, 9)]
    assert _same_writes_dropped(a, b) == ([], [])
    # b ends with 7: the final bytes depend on the order
    b2 = [_w(0, 64, 9), _w(0, 64, 7)]
    assert _same_writes_dropped(a, b2) == (a, b2)


def test_another_write_over_the_range_keeps_it():
    a = [_w(0, 64, 7), _w(32, 96, 5)]
    b = [_w(0, 64, 7)]
    assert _same_writes_dropped(a, b) == (a, b)
