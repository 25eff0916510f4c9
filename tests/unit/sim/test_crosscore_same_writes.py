"""Two AI cores writing the same bytes to the same GM range do not race (whichever lands last,
GM ends the same); different bytes, or another access of theirs to the range, still do."""

from __future__ import annotations

from ascdsl.sim.crosscore import _same_writes_dropped


from ascdsl.sim.errors import Site

SITE = Site(0, "ascendc.fixpipe", None)


def _w(lo, hi, digest, site=SITE):
    # (lo, hi, write, site, pipe, epoch, stamp, digest): a GM log entry of the sanitizer
    return (lo, hi, True, site, 5, 0, 1, digest)


def _r(lo, hi):
    return (lo, hi, False, SITE, 4, 0, 1, 0)


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


def _core(block_idx, entries, buf):
    from types import SimpleNamespace

    return SimpleNamespace(block_idx=block_idx, kind="aic", sub_idx=0, lane=(block_idx, 0),
                           san=SimpleNamespace(gm_log={buf: entries}))


def _findings(entries_a, entries_b):
    from types import SimpleNamespace

    from ascdsl.sim.crosscore import check_mixed

    class Buf:  # a GM buffer as check_mixed sees it: hashable, with a named memory
        mem = SimpleNamespace(name="c")

    buf = Buf()
    found = []
    check_mixed([_core(0, entries_a, buf), _core(1, entries_b, buf)], {}, found.append)
    return found


def test_same_bytes_warn_as_on_the_vector_path():
    # one finding, a warning, worded as check_cores words it: no race, but work done twice
    (f,) = _findings([_w(0, 64, 7)], [_w(0, 64, 7)])
    assert f.warning
    assert "writes c bytes [0, 64) that the AIC of AI core 1 writes too" in str(f)
    assert "the work is done twice" in str(f)


def test_different_bytes_are_still_an_error():
    (f,) = _findings([_w(0, 64, 7)], [_w(0, 64, 8)])
    assert not f.warning and "AI cores run in parallel and nothing orders them" in str(f)
