"""The docs stay current: every decision and option is listed in docs/rules.md."""

import pathlib
import re

from emr_sim.games.emr.options import FIXED_DECISIONS, OPTIONS

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_rules_doc_lists_every_option_and_decision():
    doc = (ROOT / "docs" / "rules.md").read_text()
    for o in OPTIONS:
        assert f"`{o.name}`" in doc, o.name
        assert o.rule in doc, o.rule
    for rid in FIXED_DECISIONS:
        assert rid in doc


def test_every_decision_defined_in_the_rules_doc_is_an_option_or_listed_as_fixed():
    # docs/rules.md defines each id by a list item starting with it in bold (tests/test_rules_doc.py)
    doc = (ROOT / "docs" / "rules.md").read_text()
    decisions = set(re.findall(r"^- \*\*(D-[A-Z0-9-]+)\*\*", doc, re.MULTILINE))
    covered = {rid for rid in {o.rule for o in OPTIONS} | set(FIXED_DECISIONS) if rid.startswith("D-")}
    assert decisions, "docs/rules.md defines no decision"
    assert decisions == covered, (sorted(decisions - covered), sorted(covered - decisions))


def test_readme_opens_with_the_two_commands():
    lines = (ROOT / "README.md").read_text().splitlines()
    commands = [ln for ln in lines[:30] if ln.startswith("pip install")]
    assert len(commands) >= 2
    assert "emr-sim" in commands[0] and "pytest" in commands[1]
