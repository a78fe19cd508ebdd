"""docs/rules.md defines every rule id, and the repository refers to nothing outside itself.

docs/rules.md defines an id by a list item that starts with it in bold (`- **R-HIT** ...`);
the item's `Code:` line names the files under src/emr_sim/ that implement it, with the
main functions in brackets. A test is named after an id when the id, lower-cased with _
for -, is a whole part of its name: test_r_penalty_applies_once for R-PENALTY,
test_r_opt_hero_... for R-OPT-HERO. These tests only read files (no numba).
"""

from __future__ import annotations

import functools
import pathlib
import re
import subprocess

import pytest

from emr_sim.games.emr.options import OPTIONS

ROOT = pathlib.Path(__file__).resolve().parent.parent
RULES_DOC = ROOT / "docs" / "rules.md"
PACKAGE = ROOT / "src" / "emr_sim"
ID = r"[RDEFH]-[A-Z0-9]+(?:-[A-Z0-9]+)*"
# an id of 8MR's, not the D- part of another game's (SS-D-RANGE, HBC-D-REROLL)
RULE_ID = re.compile(rf"(?<![\w-]){ID}\b")
GAME_PREFIXES = ("ss", "hbc", "toy")  # the other games' ids in test names: test_ss_d_range_...
DEFINITION = re.compile(rf"^- \*\*({ID})\*\*")
CODE_FILE = re.compile(r"`([\w/]+\.(?:py|csv))`(?:\s*\(([^)]*)\))?")
OPTION_DEFAULT = re.compile(r"`(\w+)=([^`]+)`")
TEST_NAME = re.compile(r"\bdef (test_\w+)")
# Spelled in pieces so that this file does not match itself: the rules digest and the
# folder beside the project that used to hold it, and the development machine's paths.
OUTSIDE = ("../" + "shared", "/" + "work/", "emr-rules" + ".md")


def definition_items() -> list[tuple[str, str]]:
    """(id, text of its list item) for each definition of docs/rules.md, in order."""
    items: list[list[str]] = []
    current = None
    for line in RULES_DOC.read_text().splitlines():
        m = DEFINITION.match(line)
        if m:
            current = [m.group(1), line]
            items.append(current)
        elif current and line.startswith("  ") and line.strip():
            current[1] += " " + line.strip()
        else:
            current = None
    return [(rid, text) for rid, text in items]


@functools.cache
def definitions() -> dict[str, str]:
    return dict(definition_items())


def python_files(*folders: str) -> list[pathlib.Path]:
    return sorted(p for folder in folders for p in (ROOT / folder).rglob("*.py"))


def all_test_names() -> list[tuple[pathlib.Path, str]]:
    return [(p, n) for p in python_files("tests") for n in TEST_NAME.findall(p.read_text())]


def ids_in_test_name(name: str, defined: set[str]) -> list[str]:
    """The rule ids test_NAME is named after, back in their R-PENALTY form.

    A part r, d, e, f or h followed by more parts starts an id: the longest defined id that
    the parts spell, or else that letter and the next part (an id nothing defines)."""
    forms = sorted((rid.lower().split("-") for rid in defined), key=len, reverse=True)
    parts = name.lower().split("_")[1:]
    found, i = [], 0
    while i < len(parts):
        other_game = i > 0 and parts[i - 1] in GAME_PREFIXES
        if parts[i] in ("r", "d", "e", "f", "h") and i + 1 < len(parts) and not other_game:
            form = next((f for f in forms if parts[i : i + len(f)] == f), None)
            found.append("-".join(form or parts[i : i + 2]).upper())
            i += len(form) if form else 1
        else:
            i += 1
    return found


def named_after(rid: str, name: str) -> bool:
    parts = name.lower().split("_")
    form = rid.lower().split("-")
    return any(parts[i : i + len(form)] == form for i in range(len(parts)))


def tracked_text_files() -> list[tuple[str, str]]:
    """(path, text) of every file git tracks in this repository, binary files left out."""
    try:
        listing = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: git ls-files lists nothing")
    files = []
    for path in filter(None, listing.split("\0")):
        data = (ROOT / path).read_bytes() if (ROOT / path).is_file() else b""
        if b"\0" not in data:
            files.append((path, data.decode("utf-8", errors="replace")))
    return files


def test_rules_doc_defines_each_id_once():
    ids = [rid for rid, _ in definition_items()]
    assert ids, "docs/rules.md defines no id (- **R-HIT** ... at the start of a line)"
    twice = sorted({rid for rid in ids if ids.count(rid) > 1})
    assert not twice, f"defined more than once in docs/rules.md: {twice}"


def test_each_definition_names_code_that_mentions_its_id():
    problems = []
    for rid, text in definitions().items():
        if "Code:" not in text:
            problems.append(f"{rid}: no Code: line")
            continue
        files = CODE_FILE.findall(text.split("Code:", 1)[1])
        if not files:
            problems.append(f"{rid}: Code: names no file")
        mentioned = False
        for path, names in files:
            file = PACKAGE / path
            if not file.is_file():
                problems.append(f"{rid}: src/emr_sim/{path} does not exist")
                continue
            source = file.read_text()
            mentioned = mentioned or rid in RULE_ID.findall(source)
            for name in re.findall(r"`(\w+)`", names):
                if not re.search(rf"\b{name}\b", source):
                    problems.append(f"{rid}: {name} is not in src/emr_sim/{path}")
        if files and not mentioned:
            problems.append(f"{rid}: none of its Code: files mentions it")
    assert not problems, "\n".join(problems)


def test_every_rule_id_used_in_src_and_tests_is_defined():
    defined = set(definitions())
    used: dict[str, set[str]] = {}
    for path in python_files("src/emr_sim", "tests"):
        where = str(path.relative_to(ROOT))
        for rid in RULE_ID.findall(path.read_text()):
            used.setdefault(rid, set()).add(where)
    for path, name in all_test_names():
        for rid in ids_in_test_name(name, defined):
            used.setdefault(rid, set()).add(f"{path.relative_to(ROOT)}::{name}")
    undefined = {rid: sorted(where) for rid, where in used.items() if rid not in defined}
    assert not undefined, f"rule ids that docs/rules.md does not define: {undefined}"


def test_every_rule_id_in_the_other_tracked_files_is_defined():
    defined = set(definitions())
    undefined = {}
    for path, text in tracked_text_files():
        for rid in set(RULE_ID.findall(text)) - defined:
            undefined.setdefault(rid, []).append(path)
    assert not undefined, f"rule ids that docs/rules.md does not define: {undefined}"


def test_every_defined_id_has_a_test_named_after_it():
    names = [name for _, name in all_test_names()]
    untested = [rid for rid in definitions() if not any(named_after(rid, n) for n in names)]
    assert not untested, f"no test is named after {untested}"


def test_each_option_and_its_default_are_in_the_definition_of_its_rule():
    defs = definitions()
    for o in OPTIONS:
        assert o.rule in defs, f"{o.name}: {o.rule} is not defined in docs/rules.md"
        assert f"`{o.name}={o.show(o.default)}`" in defs[o.rule], (o.rule, o.name)
    by_name = {o.name: o for o in OPTIONS}
    for rid, text in defs.items():
        for name, value in OPTION_DEFAULT.findall(text):
            assert name in by_name, f"{rid}: no rules option {name}"
            o = by_name[name]
            assert (o.rule, o.show(o.default)) == (rid, value), f"{rid}: `{name}={value}`"


def test_decision_table_matches_the_options():
    text = RULES_DOC.read_text().split("## Decisions and their options", 1)[1].split("\n## ")[0]
    by_name = {o.name: o for o in OPTIONS}
    seen = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 5 or not RULE_ID.search(cells[0]):
            continue
        rid = RULE_ID.search(cells[0]).group(0)
        names, defaults = (re.findall(r"`([^`]+)`", c) for c in cells[1:3])
        assert names and len(names) == len(defaults), line
        for name, default in zip(names, defaults, strict=True):
            assert name in by_name, f"no rules option {name}"
            o = by_name[name]
            seen.append(name)
            assert (o.rule, o.show(o.default)) == (rid, default), line
            others = set(re.findall(r"`([^`]+)`", cells[3]))
            accepted = set(o.values) or {str(v) for v in range(o.low, o.high + 1)}
            if others:
                assert others == accepted - {default}, line
            else:
                assert f"{o.low}..{o.high}" in cells[3], line
    assert sorted(seen) == sorted(by_name), "each option has one row in the decision table"


def test_nothing_in_the_repository_refers_outside_it():
    hits = [
        f"{path}:{n}: {line.strip()}"
        for path, text in tracked_text_files()
        for n, line in enumerate(text.splitlines(), 1)
        if any(s in line for s in OUTSIDE)
    ]
    assert not hits, "paths outside the repository:\n" + "\n".join(hits)
