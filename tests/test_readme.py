"""The Python examples of the README and docs/matchup.md run as written (each in a fresh
process, in an empty directory), so the documented API cannot go stale."""

import pathlib
import re
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS = ("README.md", "docs/matchup.md")


def python_blocks(doc: str) -> list[tuple[str, int, str]]:
    text = (ROOT / doc).read_text()
    out = []
    for m in re.finditer(r"```python\n(.*?)```", text, flags=re.S):
        line = text[: m.start()].count("\n") + 1
        out.append((doc, line, m.group(1)))
    return out


BLOCKS = [b for doc in DOCS for b in python_blocks(doc)]


def test_the_docs_have_examples():
    assert len([b for b in BLOCKS if b[0] == "README.md"]) >= 4


@pytest.mark.parametrize("doc,line,code", BLOCKS, ids=[f"{d}:{n}" for d, n, _ in BLOCKS])
def test_python_example_runs(tmp_path, doc, line, code):
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=600
    )
    assert out.returncode == 0, f"{doc}:{line}\n{out.stderr[-3000:]}"
