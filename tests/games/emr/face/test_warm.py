"""The play kernels' warm-up (emr_sim.games.emr.face.warm): it leaves its mark in the compile cache of
these kernel sources, so that a later start only loads them (behind the app's first screen)."""

from __future__ import annotations

from emr_sim.games.emr.face import warm
from emr_sim.jit import cache_dir


def test_the_mark_is_in_the_cache_of_these_sources(tmp_path, monkeypatch):
    assert warm.mark_path() == cache_dir() / warm.MARK
    monkeypatch.setattr(warm, "mark_path", lambda: tmp_path / "numba-x" / warm.MARK)
    assert not warm.kernels_warm()
    warm.warm_kernels(notice=False)
    assert warm.kernels_warm() and (tmp_path / "numba-x" / warm.MARK).is_file()


def test_a_mark_that_cannot_be_written_is_no_error(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setattr(warm, "mark_path", lambda: blocker / "sub" / warm.MARK)  # a file in the way
    warm.warm_kernels(notice=False)
    assert not warm.kernels_warm()
