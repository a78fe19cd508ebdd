"""Fit the search's mapping from the greedy's evaluation to a win probability
(games/emr/players/search_params.py: EVAL_SCALE, EVAL_BIAS) on real games' outcomes.

    python scripts/fit_eval_mapping.py [--games 400] [--seed S] [--every 4] [--book greedy]

Plays greedy-vs-greedy games (fury on, masters drawn at random; with --book tuned both
seats play and judge by the shipped tuned book, as the search's leaf=tuned does) and, at
every EVERY-th decision, takes the board_value (games/emr/players/leaf.py) of the position from each
seat's own observation, labelled with whether that seat went on to win (drawn games left
out). A logistic regression P(win) = 1 / (1 + exp(-(scale * value + bias))) is fitted by
Newton's method; it prints the fit, its log loss against a coin, and a calibration table, for
docs/players.md ("Search (ismcts)").
"""

from __future__ import annotations

import argparse

import numpy as np

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.face.core import Game, _engine, player_weights
from emr_sim.games.emr.players.evaluate import deck_totals, new_scratch
from emr_sim.games.emr.players.leaf import board_value, weight_row
from emr_sim.games.emr.players.observe import observe
from emr_sim.rng import seed_rng

RULES = {"fury": "on", "hero_select": "random"}
KINDS = (C.PLAYER_GREEDY, C.PLAYER_GREEDY)
NEWTON_STEPS = 25


def samples(games: int, seed: int, every: int, book: str = "greedy") -> tuple[np.ndarray, np.ndarray]:
    """(values, won) over the sampled positions of `games` games, both seats `book`'s."""
    weights = _engine().seat_weights(player_weights(f"{book},{book}"))
    counts = new_scratch()[0]
    obs = np.zeros(C.STATE_SIZE, dtype=np.int64)
    values: list[float] = []
    won: list[float] = []
    for index in range(games):
        g = Game.new(seed, index, rules=RULES)
        deck_totals(g.table, counts)
        prng = np.zeros((2, 4), dtype=np.int64)
        for p in range(2):
            seed_rng(prng[p], 0, seed, index, _engine().PLAYER_STREAM + p)
        seen: list[tuple[int, float]] = []
        step = 0
        while not g.over:
            if step % every == 0:
                for p in range(2):
                    observe(g.state, p, obs)
                    W = weights[p, weight_row(g.state, p)]
                    seen.append((p, float(board_value(obs, g.table, g.opts, p, counts, W))))
            g.apply(g.choose(KINDS, prng, weights))
            step += 1
        winner = int(g.state[C.H_WINNER])
        if winner in (0, 1):
            values += [v for _p, v in seen]
            won += [1.0 if p == winner else 0.0 for p, _v in seen]
    return np.array(values), np.array(won)


def fit(x: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """(scale, bias) of the maximum-likelihood logistic regression of y on x."""
    X = np.column_stack([x, np.ones_like(x)])
    beta = np.zeros(2)
    for _ in range(NEWTON_STEPS):
        p = 1.0 / (1.0 + np.exp(-X @ beta))
        grad = X.T @ (y - p)
        hess = X.T @ (X * (p * (1 - p))[:, None])
        beta += np.linalg.solve(hess, grad)
    return float(beta[0]), float(beta[1])


def log_loss(x: np.ndarray, y: np.ndarray, scale: float, bias: float) -> float:
    p = np.clip(1.0 / (1.0 + np.exp(-(scale * x + bias))), 1e-12, 1 - 1e-12)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--every", type=int, default=4, help="sample every N-th decision")
    ap.add_argument(
        "--book",
        choices=("greedy", "tuned"),
        default="greedy",
        help="the greedy's vectors both seats play and judge by: the defaults or the tuned book",
    )
    args = ap.parse_args()
    x, y = samples(args.games, args.seed, args.every, args.book)
    scale, bias = fit(x, y)
    print(
        f"{len(x)} positions of {args.games} games (seed {args.seed}, every {args.every}th decision, "
        f"{args.book})"
    )
    print(f"fit: P(win) = 1 / (1 + exp(-({scale:.4f} * value + {bias:+.4f})))")
    print(f"log loss {log_loss(x, y, scale, bias):.4f} (a coin: {np.log(2):.4f})")
    print("value range      positions  won    fitted")
    edges = np.quantile(x, np.linspace(0, 1, 9))
    for lo, hi in zip(edges[:-1], edges[1:], strict=True):
        inside = (x >= lo) & (x <= hi)
        mean_p = np.mean(1.0 / (1.0 + np.exp(-(scale * x[inside] + bias))))
        print(f"{lo:6.2f} .. {hi:6.2f}  {inside.sum():9d}  {y[inside].mean():.3f}  {mean_p:.3f}")


if __name__ == "__main__":
    main()
