"""HBC's kernels behind the game contract (emr_sim.kernel_contract): the rules (rules/) and the
players' evaluation (players/), registered once. docs/hbc.md defines the rule ids."""

from emr_sim import kernel_contract as K
from emr_sim.games.hbc.players.action_value import action_value
from emr_sim.games.hbc.players.evaluate import evaluate
from emr_sim.games.hbc.players.rollout import rollout
from emr_sim.games.hbc.rules.end import record, results
from emr_sim.games.hbc.rules.flow import apply, to_move
from emr_sim.games.hbc.rules.layout import MAX_LEGAL, STATE_SIZE, WORK_SIZE
from emr_sim.games.hbc.rules.legal import legal
from emr_sim.games.hbc.rules.observe import determinise, observe
from emr_sim.games.hbc.rules.turn import init

NAME = "hbc"
__all__ = ["MAX_LEGAL", "NAME", "STATE_SIZE", "WORK_SIZE"]

K.register(
    NAME,
    init=init,
    legal=legal,
    apply=apply,
    to_move=to_move,
    results=results,
    observe=observe,
    determinise=determinise,
    evaluate=evaluate,
    action_value=action_value,
    rollout=rollout,
    record=record,
)
