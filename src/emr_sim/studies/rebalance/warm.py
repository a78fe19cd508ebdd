"""The warm start of a rebalance: the first trials, before the sampler models anything.

The base (no change) is always the first trial. With sensitivity scans (--scan SCAN, from
`emr-sim sensitivity`, emr_sim.studies.scan.sensitivity), each knob value that a scan played as a
single change gives its paired change of every cell; a numeric knob's other values are
extrapolated from the nearest step played in the same direction (two steps: twice the
change of one). A linear model (the base's scores plus the changes of the values chosen)
then predicts the loss of any candidate, and a greedy path from the base (each step the one
value that lowers the predicted loss most, within --max-changes) gives the next trials: each
step of the path is a trial. The scans may be of another rung than the search (a greedy scan
warming a tuned search): the model only chooses where the search starts; every trial is
played.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from emr_sim.analysis.balance import Balance, with_scores
from emr_sim.errors import BadInput
from emr_sim.studies.rebalance.spec import Spec

MAX_STEPS = 12  # steps of the greedy path at most
Move = dict[tuple[str, str], np.ndarray]  # (knob, value) -> change of the score matrix


def warm_start(spec: Spec, base: Balance) -> tuple[list[str], list[str]]:
    """(variant texts of the first trials, the base's first; notes for the user)."""
    warm = [""]
    if not spec.scans:
        return warm, []
    moves, read = scan_moves(spec, base)
    notes = [
        f"warm start: {read} knob values measured by {len(spec.scans)} scan(s), "
        f"{len(moves) - read} more extrapolated from them"
    ]
    path = greedy_path(spec, base, moves)
    notes.append(
        f"warm start: the scans' linear model suggests {len(path)} trial(s): "
        + ("; ".join(path) if path else "no change helps")
    )
    return warm + [p for p in path if p not in warm], notes


def scan_moves(spec: Spec, base: Balance) -> tuple[Move, int]:
    """Each knob value's change of the score matrix, from the scans (measured or extrapolated),
    and how many were measured."""
    measured: Move = {}
    wanted = {}
    for knob in spec.knobs:
        for value in knob.choices:
            change = knob.change(value)
            if change is not None:
                wanted[change.text] = (knob.name, value)
    for scan in spec.scans:
        measured |= read_scan_moves(Path(scan), wanted, base.heroes, measured)
    return extrapolate(spec, measured), len(measured)


def read_scan_moves(root: Path, wanted: dict, heroes: list[str], have: Move) -> Move:
    from emr_sim.analysis.sensitivity import variant_effects
    from emr_sim.simulate.rundir import load_games
    from emr_sim.studies.scan import directory as scandir
    from emr_sim.studies.scan.effects import finished

    record = scandir.read_scan(root)
    texts = [v["variant"] for v in record["variants"] if v["variant"] in wanted]
    texts = [t for t in texts if wanted[t] not in have and finished(scandir.variant_dir(root, t))]
    if not texts:
        return {}
    if not finished(scandir.base_dir(root)):
        raise BadInput(f"--scan {root}: its base run is not finished; run the scan to its end first")
    before = load_games(scandir.base_dir(root))
    out: Move = {}
    index = {h: i for i, h in enumerate(heroes)}
    for text in texts:
        _heroes, cells = variant_effects(before, load_games(scandir.variant_dir(root, text)))
        delta = np.zeros((len(heroes), len(heroes)))
        for a, b, d in zip(cells["hero_a"], cells["hero_b"], cells["delta"], strict=True):
            if a in index and b in index and a != b:
                delta[index[a], index[b]], delta[index[b], index[a]] = d, -d
        out[wanted[text]] = delta
    return out


def extrapolate(spec: Spec, measured: Move) -> Move:
    """The measured moves, and a numeric knob's other values scaled from the nearest value
    measured on the same side of the base."""
    out = dict(measured)
    for knob in spec.knobs:
        if not knob.numeric:
            continue
        base = int(knob.base)
        for value in knob.choices:
            v = int(value)
            if (knob.name, value) in out or v == base:
                continue
            side = [
                c for c in knob.choices if (knob.name, c) in measured and (int(c) - base) * (v - base) > 0
            ]
            if side:
                near = min(side, key=lambda c: abs(int(c) - base))
                out[(knob.name, value)] = measured[(knob.name, near)] * (v - base) / (int(near) - base)
    return out


def predicted(spec: Spec, base: Balance, moves: Move, values: dict[str, str]) -> float:
    from emr_sim.analysis.balance import Guards, loss

    P = base.P.copy()
    for knob in spec.knobs:
        if values[knob.name] != knob.base:
            P = P + moves[(knob.name, values[knob.name])]
    sizes = spec.knobs.sizes(values)
    return loss(spec.goal, with_scores(base, P), sizes, spec.penalty, Guards(), spec.margin)


def greedy_path(spec: Spec, base: Balance, moves: Move) -> list[str]:
    """The greedy path of the linear model from the base: variant texts, one per step."""
    values = spec.knobs.base_values()
    current = predicted(spec, base, moves, values)
    path: list[str] = []
    for _step in range(MAX_STEPS):
        best: tuple[float, dict[str, str]] | None = None
        for knob in spec.knobs:
            for value in knob.choices:
                if value == values[knob.name] or (value != knob.base and (knob.name, value) not in moves):
                    continue
                trial = {**values, knob.name: value}
                if spec.max_changes is not None and spec.knobs.counted(trial) > spec.max_changes:
                    continue
                score = predicted(spec, base, moves, trial)
                if best is None or score < best[0] - 1e-12:
                    best = (score, trial)
        if best is None or best[0] >= current - 1e-9:
            break
        current, values = best
        path.append(spec.knobs.variant(values).text)
    return path
