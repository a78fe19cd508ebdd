"""docs/hbc.md defines every HBC rule id once (the format of docs/rules.md: a list item
starting with the id in bold, its `Code:` line naming files under src/emr_sim/ that mention
it); every id used in src/ and tests/ is defined there; each has a test named after it; each
rules option and its default are in its decision's definition and in the decision table.
These tests only read files (no numba)."""

from __future__ import annotations

import functools
import pathlib
import re

from emr_sim.games.hbc.face.game import OPTIONS

ROOT = pathlib.Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "hbc.md"
PACKAGE = ROOT / "src" / "emr_sim"
ID = r"HBC-[A-Z0-9]+(?:-[A-Z0-9]+)*"
RULE_ID = re.compile(rf"\b{ID}\b")
DEFINITION = re.compile(rf"^- \*\*({ID})\*\*")
CODE_FILE = re.compile(r"`([\w/]+\.(?:py|csv))`(?:\s*\(([^)]*)\))?")
TEST_NAME = re.compile(r"\bdef (test_\w+)")


@functools.cache
def definitions() -> dict[str, str]:
    items: dict[str, str] = {}
    current = None
    for line in DOC.read_text().splitlines():
        m = DEFINITION.match(line)
        if m:
            assert m.group(1) not in items, f"{m.group(1)} is defined twice"
            current = m.group(1)
            items[current] = line
        elif current and line.startswith("  ") and line.strip():
            items[current] += " " + line.strip()
        else:
            current = None
    return items


def test_hbc_rules_doc_defines_every_id_of_the_code_and_tests():
    defined = set(definitions())
    assert len(defined) > 40
    used = set()
    for folder in ("src/emr_sim", "tests"):
        for path in (ROOT / folder).rglob("*.py"):
            used |= set(RULE_ID.findall(path.read_text()))
    assert used - defined == set(), "used but not defined in docs/hbc.md"


def test_hbc_each_definition_names_code_that_mentions_its_id():
    problems = []
    for rid, text in definitions().items():
        assert "Code:" in text, rid
        files = CODE_FILE.findall(text.split("Code:", 1)[1])
        mentioned = False
        for path, names in files:
            file = PACKAGE / path
            if not file.is_file():
                problems.append(f"{rid}: {path} does not exist")
                continue
            source = file.read_text()
            mentioned = mentioned or rid in source
            for name in re.findall(r"`(\w+)`", names):
                if not re.search(rf"\b{name}\b", source):
                    problems.append(f"{rid}: {name} is not in {path}")
        if not files or not mentioned:
            problems.append(f"{rid}: no Code: file mentions it")
    assert not problems, "\n".join(problems)


def test_hbc_every_defined_id_has_a_test_named_after_it():
    names = [n for p in (ROOT / "tests").rglob("*.py") for n in TEST_NAME.findall(p.read_text())]

    def named(rid: str, name: str) -> bool:
        form = rid.lower().split("-")
        parts = name.lower().split("_")
        return any(parts[i : i + len(form)] == form for i in range(len(parts)))

    assert [rid for rid in definitions() if not any(named(rid, n) for n in names)] == []


def test_hbc_each_option_and_default_are_in_its_definition_and_the_table():
    defs = definitions()
    table = DOC.read_text().split("## Decisions and their options", 1)[1].split("\n## ")[0]
    for o in OPTIONS:
        assert o.rule in defs, o.name
        assert f"`{o.name}={o.default}`" in defs[o.rule], (o.rule, o.name)
        others = " ".join(f"`{c}`" for c in o.choices if c != o.default) or (
            f"{o.low}..{o.high}" if not o.choices else ""
        )
        row = (
            f"| {o.rule}"
            + (" (rule)" if "-D-" not in o.rule else "")
            + f" | `{o.name}` | `{o.default}` | {others} |".replace("|  |", "| |")
        )
        assert row in table, row
