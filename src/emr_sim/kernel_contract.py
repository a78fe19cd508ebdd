"""The kernel side of the game contract (docs/games.md): what every game's jitted rules provide,
as stubs that the generic loops and players call and each game implements for its own type.

A game's constants travel as one value G, a tuple whose first element is the game's tag (a
one-element array of a record type named after the game, `game_tag`): numba types G by it,
so a stub called with 8MR's G compiles 8MR's function and with the toy game's G the toy
game's. The dispatch is numba's overload (jit.overload_by_type), chosen at compile time: no
function is passed as a value, so every loop that calls the stubs is served from numba's
disk cache, and the generic code inlines into each game's own entry points (which live in
the game's folder, under the game's own cache key: jit.keyed_cache_dir). As plain Python
(NUMBA_DISABLE_JIT=1) the stubs look the game up by the tag's name.

The operations, each `fn(G, ...)` (S: a state array; obs: an observation, the same shape):

    init(G, S, seed, index, seating)     a new game: deal `index` of run `seed`; seating[s]
                                         is the entity of seat s (-1: none, or dealt)
    legal(G, S, out) -> n                the mover's legal actions into out[:n]
    apply(G, S, action)                  the mover takes action; chance from S's own stream
    to_move(G, S) -> seat                who decides next (NOBODY once the game is over)
    results(G, S, out)                   out[seat, RS_*] of a finished game; out[0, ...] head
    observe(G, S, seat, obs)             what seat may know, hidden parts masked
    determinise(G, obs, seat, rng, S)    a full state consistent with seat's observation,
                                         the hidden parts drawn from what seat has not seen
    evaluate(G, S, out)                  out[seat]: each seat's value in [0, 1] (a win chance)
    action_value(G, obs, seat, a, work, rng) -> float
                                         seat's value after taking a from its observation,
                                         chance by the game's expectation or a few samples
    rollout(G, S, legal, n, rng) -> a    the game's rollout policy
    record(G, S, out)                    game-level figures into out[GR_*] (length, first, end)
    own_player(G, S, obs, seat, kind, params, legal, n, rng, work) -> a
                                         a player of the game's own (kind = its index in
                                         Game.own_players); optional. It decides from obs,
                                         seat's observation; S only for a player that sees
                                         everything by design (named so, exempt from the
                                         hidden-information swap test)

Kernel code only: this module imports nothing of the Python side.
"""

import numpy as np

from emr_sim.jit import njit, overload_by_type
from emr_sim.table_layout import GR_DECISIONS as GR_DECISIONS
from emr_sim.table_layout import GR_END as GR_END
from emr_sim.table_layout import GR_FIRST as GR_FIRST
from emr_sim.table_layout import GR_SIZE as GR_SIZE
from emr_sim.table_layout import GR_TURNS as GR_TURNS
from emr_sim.table_layout import RECORD_NAMES as RECORD_NAMES
from emr_sim.table_layout import RESULT_NAMES as RESULT_NAMES
from emr_sim.table_layout import RS_DRAW as RS_DRAW
from emr_sim.table_layout import RS_PLACE as RS_PLACE
from emr_sim.table_layout import RS_POINTS as RS_POINTS
from emr_sim.table_layout import RS_SIZE as RS_SIZE
from emr_sim.table_layout import RS_TEAM as RS_TEAM
from emr_sim.table_layout import RS_WIN as RS_WIN

TAG_PREFIX = "game_"
NOBODY = -1  # to_move of a finished game
HIDDEN = -2  # a value masked in an observation


_IMPLS: dict = {}  # game name -> {operation -> jitted function}
OPERATIONS = (
    "init",
    "legal",
    "apply",
    "to_move",
    "results",
    "observe",
    "determinise",
    "evaluate",
    "action_value",
    "rollout",
    "record",
)


def game_tag(name):
    """The tag array that makes a game's G a type of its own."""
    return np.zeros(1, dtype=np.dtype([(TAG_PREFIX + name, np.int64)]))


OPTIONAL = ("own_player",)


def register(name, **ops):
    """A game's kernels for the stubs below (called once, by the game's kernel module)."""
    missing = [op for op in OPERATIONS if op not in ops]
    if missing:
        raise TypeError(f"game {name!r} lacks the contract's {', '.join(missing)}")
    unknown = [op for op in ops if op not in OPERATIONS + OPTIONAL]
    if unknown:
        raise TypeError(f"game {name!r} registers {', '.join(unknown)}, which the contract does not know")
    _IMPLS[name] = {"own_player": no_own_player, **ops}


@njit
def no_own_player(G, S, obs, seat, kind, params, legal, n, rng, work):
    """A game without players of its own: never called (the Python side refuses such a kind)."""
    return legal[0]


def registered(name):
    return name in _IMPLS


def _name_of_value(G):
    return G[0].dtype.names[0][len(TAG_PREFIX) :]


def _name_of_type(G_type):
    return next(iter(G_type.types[0].dtype.fields))[len(TAG_PREFIX) :]


def _impl(G, op):
    return _IMPLS[_name_of_value(G)][op]


def _typed(G_type, op):
    return _IMPLS[_name_of_type(G_type)][op]


# The stubs: their bodies run as plain Python; jitted code compiles the registered function.
def init(G, S, seed, index, seating):
    return _impl(G, "init")(G, S, seed, index, seating)


def legal(G, S, out):
    return _impl(G, "legal")(G, S, out)


def apply(G, S, action):
    return _impl(G, "apply")(G, S, action)


def to_move(G, S):
    return _impl(G, "to_move")(G, S)


def results(G, S, out):
    return _impl(G, "results")(G, S, out)


def observe(G, S, seat, obs):
    return _impl(G, "observe")(G, S, seat, obs)


def determinise(G, obs, seat, rng, S):
    return _impl(G, "determinise")(G, obs, seat, rng, S)


def evaluate(G, S, out):
    return _impl(G, "evaluate")(G, S, out)


def action_value(G, obs, seat, action, work, rng):
    return _impl(G, "action_value")(G, obs, seat, action, work, rng)


def rollout(G, S, legal, n, rng):
    return _impl(G, "rollout")(G, S, legal, n, rng)


def record(G, S, out):
    return _impl(G, "record")(G, S, out)


def own_player(G, S, obs, seat, kind, params, legal, n, rng, work):
    return _impl(G, "own_player")(G, S, obs, seat, kind, params, legal, n, rng, work)


@overload_by_type(init)
def _init(G, S, seed, index, seating):
    fn = _typed(G, "init")
    return lambda G, S, seed, index, seating: fn(G, S, seed, index, seating)


@overload_by_type(legal)
def _legal(G, S, out):
    fn = _typed(G, "legal")
    return lambda G, S, out: fn(G, S, out)


@overload_by_type(apply)
def _apply(G, S, action):
    fn = _typed(G, "apply")
    return lambda G, S, action: fn(G, S, action)


@overload_by_type(to_move)
def _to_move(G, S):
    fn = _typed(G, "to_move")
    return lambda G, S: fn(G, S)


@overload_by_type(results)
def _results(G, S, out):
    fn = _typed(G, "results")
    return lambda G, S, out: fn(G, S, out)


@overload_by_type(observe)
def _observe(G, S, seat, obs):
    fn = _typed(G, "observe")
    return lambda G, S, seat, obs: fn(G, S, seat, obs)


@overload_by_type(determinise)
def _determinise(G, obs, seat, rng, S):
    fn = _typed(G, "determinise")
    return lambda G, obs, seat, rng, S: fn(G, obs, seat, rng, S)


@overload_by_type(evaluate)
def _evaluate(G, S, out):
    fn = _typed(G, "evaluate")
    return lambda G, S, out: fn(G, S, out)


@overload_by_type(action_value)
def _action_value(G, obs, seat, action, work, rng):
    fn = _typed(G, "action_value")
    return lambda G, obs, seat, action, work, rng: fn(G, obs, seat, action, work, rng)


@overload_by_type(rollout)
def _rollout(G, S, legal, n, rng):
    fn = _typed(G, "rollout")
    return lambda G, S, legal, n, rng: fn(G, S, legal, n, rng)


@overload_by_type(record)
def _record(G, S, out):
    fn = _typed(G, "record")
    return lambda G, S, out: fn(G, S, out)


@overload_by_type(own_player)
def _own_player(G, S, obs, seat, kind, params, legal, n, rng, work):
    fn = _typed(G, "own_player")
    return lambda G, S, obs, seat, kind, params, legal, n, rng, work: fn(
        G, S, obs, seat, kind, params, legal, n, rng, work
    )
