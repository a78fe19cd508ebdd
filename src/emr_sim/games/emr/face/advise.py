"""The search as an advisor (`emr-sim resolve POSITION --advise ismcts:N`): one search
from the pending decider's observation, and what it found for each legal action.

The figures are the search's own (games/emr/players/ismcts.py): an action's visits are the
iterations that chose it at the root; its estimated win rate is the mean, over those
iterations, of the value the search backed up for the decider: the result when the
iteration's game ended (won 1, drawn 0.5, lost 0), else the greedy's evaluation after the
rollout mapped to a win probability (docs/players.md, "Search (ismcts)"). They are the
search's beliefs under its opponent model (the opponent searching the same tree), not
measured win rates.
"""

from __future__ import annotations

import numpy as np

from emr_sim.errors import BadInput, quoted
from emr_sim.games.emr import codes as C
from emr_sim.games.emr.face.core import Game
from emr_sim.games.emr.lineup.base import PlayerSpec
from emr_sim.games.emr.lineup.spec import parse_spec

ESTIMATE = (
    "estimated win rate: the mean value the search backed up through the action for the decider "
    "(a finished game's result, else the greedy evaluation after the rollout as a win probability)"
)
ADVISE_STREAM = 7  # the advisor's RNG: (seed, 0, this stream)


def advisor_spec(text: str, option: str = "--advise") -> PlayerSpec:
    """The search spec of an advisor; BadInput naming the option it came from (`--advise` of
    resolve, `--advisor` of play --human and tui)."""
    try:
        spec = parse_spec(text)
    except ValueError as err:
        raise BadInput(f"{option}: {err}") from None
    if spec.kernel_kind != C.PLAYER_ISMCTS:
        raise BadInput(f"{option} {quoted(text)}: give an ismcts player (e.g. ismcts:20000), not {spec.kind}")
    return spec


def advise(game: Game, text: str, seed: int) -> dict:
    """The search's table for the pending decision of `game` (BadInput when there is none)."""
    from emr_sim.games.emr.loops import engine
    from emr_sim.games.emr.players.ismcts import run_search
    from emr_sim.games.emr.players.observe import observe
    from emr_sim.games.emr.players.reuse import plant_root
    from emr_sim.games.emr.players.tree import F_CODE, F_FIRST, F_NEXT, F_VISITS
    from emr_sim.rng import seed_rng

    spec = advisor_spec(text)
    if game.over:
        raise BadInput("--advise: the game in this position is over; there is no decision to advise on")
    me = game.decider
    obs = np.zeros(C.STATE_SIZE, dtype=np.int64)
    observe(game.state, me, obs)
    prng = np.zeros(4, dtype=np.int64)
    seed_rng(prng, 0, int(seed), 0, ADVISE_STREAM)
    search = engine.new_search()
    seat, history = search[0], search[2]
    nodes, value, keep = seat[0], seat[1], seat[12]
    Wseat = np.ascontiguousarray(spec.kernel_vectors())
    codes = np.array(game.legal_codes(), dtype=np.int64)
    root = plant_root(nodes, value, keep, history, int(game.state[C.H_PHASE]), me, False, 0)  # a fresh tree
    # the whole budget (no early stop): every action's visits are reported
    run_search(obs, game.table, game.opts, me, prng, seat, root, codes, len(codes), Wseat, False, False)
    found: dict[int, tuple[int, float]] = {}
    ch = int(nodes[root, F_FIRST])
    while ch >= 0:
        visits = int(nodes[ch, F_VISITS])
        found[int(nodes[ch, F_CODE])] = (visits, float(value[ch]) / visits if visits else float("nan"))
        ch = int(nodes[ch, F_NEXT])
    legal = sorted(game.legal(), key=lambda item: -found.get(item[0], (0, 0.0))[0])  # most visited first
    rows = []
    for code, action in legal:
        visits, rate = found.get(code, (0, float("nan")))
        rows.append({"code": code, "action": action, "visits": visits, "win_rate": rate})
    return {
        "player": spec.text,
        "seed": int(seed),
        "phase": game.phase,
        "decider": me,
        "estimate": ESTIMATE,
        "actions": rows,
    }


def advice_lines(table: dict) -> list[str]:
    """The table as `resolve --advise` prints it."""
    lines = [
        f"{table['player']} for P{table['decider']} ({table['phase']}), seed {table['seed']}:",
        f"  {'code':>4}  {'visits':>7}  {'win rate':>8}  action",
    ]
    for row in table["actions"]:
        rate = "-" if row["visits"] == 0 else f"{100 * row['win_rate']:.1f}%"
        lines.append(f"  {row['code']:>4}  {row['visits']:>7}  {rate:>8}  {row['action']}")
    lines.append(f"({table['estimate']})")
    return lines


def advice_json(table: dict) -> dict:
    """The table for --json: win rates of unvisited actions as null."""
    rows = [
        {**r, "win_rate": None if r["visits"] == 0 else round(r["win_rate"], 6)} for r in table["actions"]
    ]
    return {**table, "actions": rows}
