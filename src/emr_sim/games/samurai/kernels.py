"""Samurai Sword's kernels behind the game contract (emr_sim.kernel_contract): the rules
(rules/), the players of its own (players/), registered once."""

from emr_sim import kernel_contract as K
from emr_sim.games.samurai.players.own import own_player
from emr_sim.games.samurai.players.search import action_value, determinise, rollout
from emr_sim.games.samurai.rules.actions import apply as apply_action
from emr_sim.games.samurai.rules.actions import legal
from emr_sim.games.samurai.rules.deal import init
from emr_sim.games.samurai.rules.layout import H_DECIDER, NAME
from emr_sim.games.samurai.rules.scoring import record, results
from emr_sim.games.samurai.rules.value import evaluate
from emr_sim.games.samurai.rules.view import observe
from emr_sim.jit import njit


@njit
def apply(G, S, action):
    apply_action(G, S, action)


@njit
def to_move(G, S):
    return S[H_DECIDER]


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
    own_player=own_player,
)
