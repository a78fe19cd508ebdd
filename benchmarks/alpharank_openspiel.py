"""emr_sim's α-Rank (emr_sim.analysis.alpharank) against OpenSpiel's (open_spiel.python.egt.alpharank),
an independent implementation: the largest difference of the two stationary distributions.

    pip install open_spiel matplotlib       # OpenSpiel is not a dependency of emr-sim: any
                                            # environment with it and emr-sim's dependencies
    emr-sim meta runs/default runs/tuned --json > meta.json    # optional: real matrices
    python benchmarks/alpharank_openspiel.py [meta.json ...] [--games 200]

Compared: random symmetric constant-sum score matrices (P + P.T = 1, 3 to 8 masters, scores
between 35 % and 65 %), and the score matrix of each run of the given `emr-sim meta --json`
outputs, at emr-sim's α and population and at a few others; both with the pairwise ("local")
selection model. The α -> infinity limits are compared with OpenSpiel's infinite-α model at
a small ε, which tends to the same limit as ε -> 0 when no two masters tie.
"""

from __future__ import annotations

import argparse
import json
import sys

import numpy as np

from emr_sim.analysis import alpharank as R

SETTINGS = [(R.ALPHA, R.POPULATION), (1.0, 50), (20.0, 50), (5.0, 10), (2.0, 2)]
EPSILON = 1e-7  # OpenSpiel's infinite-α noise


def random_matrix(rng: np.random.Generator, n: int) -> np.ndarray:
    upper = np.triu(rng.uniform(-0.15, 0.15, size=(n, n)), 1)
    return 0.5 + upper - upper.T


def run_matrices(paths: list[str]) -> list[tuple[str, np.ndarray]]:
    """(label, P) of every run of the given `emr-sim meta --json` files, P from their cells."""
    out = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        for run in data["runs"]:
            heroes = [m["hero"] for m in run["masters"]]
            index = {h: k for k, h in enumerate(heroes)}
            P = np.full((len(heroes), len(heroes)), 0.5)
            for c in run["cells"]:
                i, j = index[c["hero_a"]], index[c["hero_b"]]
                P[i, j], P[j, i] = c["score"], 1 - c["score"]
            out.append((run.get("label", path), P))
    return out


def theirs(P: np.ndarray, alpha: float, m: int, inf: bool = False) -> np.ndarray:
    from open_spiel.python.egt import alpharank

    pi = alpharank.compute([P], m=m, alpha=alpha, use_inf_alpha=inf, inf_alpha_eps=EPSILON)[2]
    return np.asarray(pi, dtype=float)


def compare(P: np.ndarray) -> tuple[float, float]:
    """The largest differences: over the finite-α SETTINGS, and of the α -> infinity limits."""
    finite = max(float(np.abs(R.alpharank(P, a, m) - theirs(P, a, m)).max()) for a, m in SETTINGS)
    limit = float(np.abs(R.alpharank_limit(P) - theirs(P, 1.0, R.POPULATION, inf=True)).max())
    return finite, limit


def say(label: str, finite: float, limit: float) -> None:
    print(f"{label}: largest difference {finite:.1e} (finite α), {limit:.1e} (α → ∞, ε = {EPSILON:g})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("meta_json", nargs="*", help="outputs of `emr-sim meta --json`")
    parser.add_argument("--games", type=int, default=200, help="random matrices")
    args = parser.parse_args()
    try:
        import open_spiel  # noqa: F401
    except ImportError:
        print("OpenSpiel is not installed here: pip install open_spiel matplotlib", file=sys.stderr)
        return 2
    rng = np.random.default_rng(20261225)
    found = np.array([compare(random_matrix(rng, int(rng.integers(3, 9)))) for _ in range(args.games)])
    print(f"settings (α, m): {SETTINGS}")
    say(f"{args.games} random matrices", *found.max(axis=0))
    for label, P in run_matrices(args.meta_json):
        say(label, *compare(P))
    return 0


if __name__ == "__main__":
    sys.exit(main())
