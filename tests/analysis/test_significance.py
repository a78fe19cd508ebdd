"""emr_sim.analysis.significance.adjust: Holm and Benjamini–Hochberg against hand computation."""

import math

import pandas as pd
import pytest
from support.analysis import real_run

from emr_sim.analysis import adjust, cell_table, oriented

P = [0.01, 0.04, 0.03, 0.5]


def frame(p):
    return pd.DataFrame({"cell": range(len(p)), "p_value": p})


def test_holm_by_hand():
    # sorted 0.01, 0.03, 0.04, 0.5 times 4, 3, 2, 1 = 0.04, 0.09, 0.08, 0.5, then running max
    out = adjust(frame(P), "holm")
    assert list(out.p_adjusted) == pytest.approx([0.04, 0.09, 0.09, 0.5])
    assert list(out.significant) == [True, False, False, False]
    assert out.significant.dtype == bool


def test_benjamini_hochberg_by_hand():
    # sorted 0.01, 0.03, 0.04, 0.5 times 4/1, 4/2, 4/3, 4/4 = 0.04, 0.06, 0.0533, 0.5,
    # then the running minimum from the top
    out = adjust(frame(P), "bh")
    assert list(out.p_adjusted) == pytest.approx([0.04, 0.16 / 3, 0.16 / 3, 0.5])
    assert list(out.significant) == [True, False, False, False]
    assert list(adjust(frame(P), "bh", alpha=0.06).significant) == [True, True, True, False]


def test_adjust_keeps_the_frame_and_leaves_the_input_alone():
    cells = frame(P)
    out = adjust(cells)
    assert list(out.columns) == ["cell", "p_value", "p_adjusted", "significant"]
    assert list(cells.columns) == ["cell", "p_value"]


def test_adjust_leaves_nan_p_values_out_of_the_family():
    out = adjust(frame([0.01, float("nan"), 0.04]), "holm")
    assert out.p_adjusted[0] == pytest.approx(0.02) and out.p_adjusted[2] == pytest.approx(0.04)
    assert math.isnan(out.p_adjusted[1]) and not out.significant[1]


def test_adjust_empty_frame():
    out = adjust(frame([]))
    assert out.empty and list(out.columns) == ["cell", "p_value", "p_adjusted", "significant"]


def test_adjust_unknown_method_names_the_methods():
    with pytest.raises(ValueError, match=r"unknown adjustment method 'bonferroni'; known: holm, bh"):
        adjust(frame(P), "bonferroni")


def test_adjusted_p_values_reach_oriented():
    cells = adjust(cell_table(real_run()))
    assert (cells.p_adjusted >= cells.p_value).all()
    sides = oriented(cells)
    assert {"p_adjusted", "significant"} <= set(sides.columns)
    assert len(sides) == 2 * len(cells)
