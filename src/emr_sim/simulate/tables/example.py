"""One deal of a table run, played step by step from Python through the game's kernels and
its compiled decision (the same actions as in the run's rotation 0), as a log in words."""

from __future__ import annotations

from emr_sim import kernel_contract as K
from emr_sim.loops.table import PLAYER_STREAM
from emr_sim.simulate.tables.play import loop_buffers
from emr_sim.simulate.tables.settings import TableSettings

MAX_STEPS = 100_000  # a guard: every game of the toolkit ends long before


def play_example(settings: TableSettings, seed: int, index: int) -> dict:
    """Deal `index` of run `seed` with the members in seat order: the log and the results."""
    made, lineup = settings.made, settings.lineup
    game, face = made.game, made.game.face()
    kernels, decide = face.kernels(), face.decide_step()
    from emr_sim.rng import seed_rng

    n = made.n_seats
    S, obs, legal, prng, res, rec, seating, work, search = loop_buffers(made, lineup)
    G = made.loop_constants()
    seating[:] = settings.entity_codes(())
    for s in range(n):
        seed_rng(prng[s], 0, seed, index, PLAYER_STREAM + s)
    kernels.init(G, S, seed, index, seating)
    log = [f"{game.title}, {n} players, seed {seed}, deal {index}"] + face.describe(made, S)
    steps = 0
    while (p := int(kernels.to_move(G, S))) != K.NOBODY and steps < MAX_STEPS:
        count = int(kernels.legal(G, S, legal))
        action = int(
            decide(G, S, p, lineup.kinds[p], lineup.params[p], obs, legal, count, prng[p], work, search)
        )
        before = S.copy()
        kernels.apply(G, S, action)
        outcome = face.outcome_text(made, before, S, action)
        log.append(
            f"seat {p} ({lineup.specs[p]}): {face.action_text(made, before, action)}"
            + (f": {outcome}" if outcome else "")
        )
        steps += 1
    kernels.results(G, S, res)
    log += face.describe(made, S)
    results = [dict(zip(K.RESULT_NAMES, map(int, res[s]), strict=True)) for s in range(n)]
    winners = [s for s in range(n) if results[s]["win"] or results[s]["draw"]]
    log.append("won by seat " + " and ".join(map(str, winners)) if winners else "no winner")
    return {"game": game.name, "seats": n, "seed": seed, "index": index, "log": log, "results": results}
