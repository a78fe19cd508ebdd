"""docs/analysis.md and the docstrings cover every public function of emr_sim.analysis."""

import pathlib

import pytest

from emr_sim import analysis

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "analysis.md"


@pytest.mark.parametrize("name", analysis.__all__)
def test_every_pipeline_is_documented_with_a_caveat(name):
    assert f"`{name}(" in DOC.read_text(), name
    doc = getattr(analysis, name).__doc__
    assert doc and "Caveat" in doc, name
