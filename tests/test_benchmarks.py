"""The benchmark scripts still run (tiny sizes; no timing is asserted)."""

import pathlib
import subprocess
import sys

import pytest

BENCH = pathlib.Path(__file__).resolve().parent.parent / "benchmarks"
ROOT = str(BENCH.parent)


@pytest.mark.parametrize(
    "script,args,expect",
    [
        ("bench_engine.py", ["--games", "40", "--repeat", "1"], "greedy-vs-greedy"),
        ("bench_heroes.py", ["--pairs", "2", "--speed-games", "20"], "fury on"),
        ("bench_skill.py", ["--games", "20"], "2 rungs"),
        ("bench_components.py", ["--games", "1", "--reps", "1"], "greedy by decision kind"),
        ("ab_trees.py", [ROOT, ROOT, "--rounds", "1", "--games", "20"], "same results in every run"),
        (
            "bench_cluster.py",
            ["--games", "20", "--heroes", "crow,wind", "--repeat", "1", "--chunks", "5"],
            "files identical: True",
        ),
        ("ab_trees.py", [ROOT, ROOT, "--rounds", "1", "--cli", "heroes"], "same results in every run"),
        (
            "bench_cards.py",
            ["--rounds", "1", "--games", "20"],
            "same games with and without the card events: True",
        ),
        ("bench_ismcts.py", ["speed", "--iterations", "200", "--positions", "1"], "leaf=tuned"),
        ("bench_ismcts.py", ["strength", "-n", "2", "--rungs", "greedy,ismcts:2"], "ismcts:2 against greedy"),
        ("profile_search.py", ["--games", "1", "--players", "ismcts(n=20,reuse=1),greedy"], "kept trees"),
        ("profile_greedy.py", ["--games", "5"], "greedy choice"),
        (
            "bench_search_cost.py",
            ["--specs", "ismcts(n=2,reuse=1)", "--rounds", "1", "--heroes", "crow,wind"],
            "first",
        ),
        ("bench_advisor.py", ["--specs", "ismcts:20;ismcts(n=20,prior=0)", "--limit", "2"], "2 decisions"),
        ("bench_tui.py", ["keys", "--decisions", "1"], "searched in the worker thread"),
        ("bench_tui.py", ["startup", "--runs", "1"], "to its first screen"),
        ("generic_players.py", ["--games", "8", "--seats", "2,4"], "| 4 | `ismcts(n=1600)` |"),
        ("generic_vs_specialised.py", ["--deals", "2"], "iterations per second as a share"),
        # the same deals with the players swapped: the greedy against itself is exactly even
        (
            "hbc_search.py",
            ["--a", "greedy", "--deals", "5", "--decks", "blaze,den,edge"],
            "50.0 % [50.0, 50.0]",
        ),
        ("hbc_search.py", ["--a", "ismcts:20", "--deals", "2", "--decks", "blaze,den"], "holding the second"),
    ],
)
def test_benchmark_script_runs(script, args, expect):
    out = subprocess.run(
        [sys.executable, str(BENCH / script), *args], capture_output=True, text=True, timeout=600
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert expect in out.stdout


def test_search_fingerprint_saves_and_checks(tmp_path):
    """benchmarks/search_fingerprint.py: a baseline saved and checked by the same tree is
    identical."""
    base = tmp_path / "fp.npz"
    script = str(BENCH / "search_fingerprint.py")
    for mode in ("save", "check"):
        out = subprocess.run(
            [sys.executable, script, mode, str(base), "--games", "2", "--only", "off"],
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert out.returncode == 0, out.stderr[-2000:]
    assert "identical" in out.stdout
