"""Every game of the toolkit as an OpenSpiel game (docs/ecosystem.md), registered under
`emr_sim_<game>` when this module is imported:

    import pyspiel
    from emr_sim.ecosystem import openspiel_game    # registers emr_sim_emr, emr_sim_toy, ...
    game = pyspiel.load_game("emr_sim_toy(players=3,target=25)")
    state = game.new_initial_state()

Sequential, imperfect information, terminal rewards: a seat's return is its share of the win
(1 alone or with its team, 1/k for k seats sharing first place, else 0; constant-sum 1 in a
game without teams). Actions are the game's own action codes (Game.action_codes of them).

Chance is *sampled* (ChanceMode.SAMPLED_STOCHASTIC), not explicit: a state's chance is the
game's own stream inside its position, seeded from (seed, deal) at the deal's start, as in
the jitted loops; OpenSpiel sees no chance node. Deal k of a game is deal `deal` + k of run
`seed` (parameters), so a game through OpenSpiel is the deal the engine plays. A state is
rebuilt from its deal and its history (pickle), which OpenSpiel's own serialisation cannot
do for sampled chance (it asks the game for an RNG state).

Parameters: players, seed, deal (the first deal's index), entities (one name per seat
joined by '-' as in a table run's cells, crow-illusion; empty: drawn for each deal, or
none), data (the game's card data file; empty: its default), and each rules option of the
game (a whole number where every value is one).
Observations and information states: emr_sim.ecosystem.observation (what the seat may know,
from the contract's `observe`) and emr_sim.ecosystem.recall (the information state's
perfect recall).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from emr_sim.extras import RL, missing

try:
    import pyspiel
except ModuleNotFoundError as err:  # pragma: no cover - the extra is installed where tests run
    raise missing(RL, "the OpenSpiel games") from err

from emr_sim import kernel_contract as K
from emr_sim.ecosystem.driver import MAX_DECISIONS, Driver
from emr_sim.ecosystem.observation import Layout, text
from emr_sim.ecosystem.recall import Recall
from emr_sim.games import registry
from emr_sim.games.contract import Game, RulesOption
from emr_sim.simulate.tables.settings import DEFAULT_SEED

PREFIX = "emr_sim_"
ENTITY_JOIN = "-"  # between the entity names of the `entities` parameter


def short_name(game: str) -> str:
    return PREFIX + game


def option_default(option: RulesOption) -> int | str:
    """A rules option as an OpenSpiel parameter: a whole number where every value is one."""
    numeric = not option.choices or all(c.lstrip("-").isdigit() for c in option.choices)
    return int(option.default) if numeric else option.default


def parameters(game: Game) -> dict[str, Any]:
    params: dict[str, Any] = {
        "players": game.seats.default,
        "seed": DEFAULT_SEED,
        "deal": 0,
        "entities": "",
        "data": "",
    }
    params.update({o.name: option_default(o) for o in game.options})
    return params


def game_type(game: Game) -> pyspiel.GameType:
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=short_name(game.name),
        long_name=f"{game.title} (emr_sim)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.GENERAL_SUM if game.teams else utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.seats.most,
        min_num_players=game.seats.fewest,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=parameters(game),
    )


@dataclass(frozen=True)
class Origin:
    """Where a state's history starts: a deal (seed, index, seating), or a position made by a
    determinisation (its words and recall). Immutable, shared by clones."""

    seed: int
    index: int
    seating: tuple[int, ...]
    position: tuple[int, ...] = ()  # a determinised position's words (empty: the deal's start)
    digests: tuple[bytes, ...] = ()

    def __deepcopy__(self, memo: dict) -> Origin:
        return self


class SpielGame(pyspiel.Game):
    """One game of the toolkit at one table size (a subclass per game: GAME_NAME)."""

    GAME_NAME = ""

    def __init__(self, params: dict | None = None) -> None:
        game = registry.get(self.GAME_NAME)
        given = {**parameters(game), **(params or {})}
        rules = {o.name: str(given[o.name]) for o in game.options}
        made = game.make(int(given["players"]), rules, given["data"] or None)
        super().__init__(
            game_type(game),
            pyspiel.GameInfo(
                num_distinct_actions=game.action_codes,
                max_chance_outcomes=0,
                num_players=made.n_seats,
                min_utility=0.0,
                max_utility=1.0,
                utility_sum=None if game.teams else 1.0,
                max_game_length=MAX_DECISIONS,
            ),
            given,
        )
        self.driver = Driver(made)
        self.layout = Layout(made.n_seats, game.state_size)
        self.seed = int(given["seed"])
        names = str(given["entities"])
        self.entities = tuple(n.strip() for n in names.split(ENTITY_JOIN)) if names else ()
        self.next_deal = int(given["deal"])

    def __reduce__(self):
        return restore_game, (str(self), self.next_deal)

    def new_initial_state(self) -> SpielState:
        """The next deal: deal `deal` + k of run `seed` for the k-th state asked for."""
        state = self.deal(self.next_deal)
        self.next_deal += 1
        return state

    def deal(self, index: int, seating: np.ndarray | None = None, seed: int | None = None) -> SpielState:
        """Deal `index` of this game's run seed, or of `seed` (seating: the seats' entity codes;
        None: the game's `entities` parameter, or drawn for the deal)."""
        seed = self.seed if seed is None else int(seed)
        if seating is None:
            seating = self.driver.seating(seed, index, self.entities)
        S = self.driver.start(seed, index, seating)
        origin = Origin(seed, int(index), tuple(int(e) for e in seating))
        return SpielState(self, S, Recall.start(self.driver, S), origin)

    def make_py_observer(self, iig_obs_type=None, params=None) -> SpielObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; given {params}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if iig_obs_type is not None and (
            not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                "only a seat's own observation (public and its private information) is supported"
            )
        return SpielObserver(self.layout, recall)


class SpielState(pyspiel.State):
    """A position of one deal: the game's state array S, each seat's recall, and its origin.
    OpenSpiel's clone deep-copies these (the driver and the origin are shared)."""

    def __init__(self, game: SpielGame, S: np.ndarray, recall: Recall, origin: Origin) -> None:
        super().__init__(game)
        self.driver = game.driver
        self.S = S
        self.recall = recall
        self.origin = origin
        self.mover = game.driver.mover(S)  # kept: OpenSpiel asks for it many times a step

    def __reduce__(self):
        return restore_state, (str(self.get_game()), self.origin, list(self.history()))

    def current_player(self) -> int:
        return pyspiel.PlayerId.TERMINAL if self.mover == K.NOBODY else self.mover

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.mover:
            return []
        return self.driver.legal(self.S)

    def _apply_action(self, action: int) -> None:
        self.driver.apply(self.S, action)
        self.mover = self.driver.mover(self.S)
        self.recall.note(action)

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            return f"seat {player}: {self.driver.action_text(self.S, action)}"
        except ValueError:  # an action that is not legal here may have no words
            return f"seat {player}: action {action}"

    def is_terminal(self) -> bool:
        return self.mover == K.NOBODY

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.driver.n_seats
        return self.driver.shares(self.S)

    def resample_from_infostate(self, player_id: int, probability_sampler) -> SpielState:
        """A state `player_id` cannot tell from this one (the game's determinisation), drawn
        with OpenSpiel's sampler (uniform numbers in [0, 1))."""
        words = np.array([int(probability_sampler() * 2**32) for _ in range(4)], dtype=np.int64)
        return self.resample(player_id, words)

    def resample(self, seat: int, words: np.ndarray) -> SpielState:
        """The game's determinisation for `seat`, drawn from the generator `words` (4 words,
        emr_sim.rng): the hidden places filled from what the seat has not seen; the seat's
        information state the same."""
        self.recall.catch_up(self.driver, self.S)
        R = self.driver.determinise(self.S, seat, words)
        recall = Recall.seen_by(self.driver, self.recall, seat, R)
        origin = Origin(
            self.origin.seed, self.origin.index, self.origin.seating, tuple(R.tolist()), tuple(recall.digests)
        )
        return SpielState(self.get_game(), R, recall, origin)

    def information_digest(self, seat: int) -> str:
        return self.recall.hexdigest(self.driver, self.S, seat)

    def __str__(self) -> str:
        words = " ".join(map(str, self.S.tolist()))
        return "\n".join([*self.driver.describe(self.S), f"state {words}"])


class SpielObserver:
    """A seat's observation (emr_sim.ecosystem.observation), or with perfect recall its
    information state: the same tensor (the observation: what the seat may know now, every
    game's observation counting what it has seen), and a text that adds the seat's recall."""

    def __init__(self, layout: Layout, perfect_recall: bool) -> None:
        self.layout = layout
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(layout.size, dtype=np.float32)
        self.dict = layout.views(self.tensor)

    def set_from(self, state: SpielState, player: int) -> None:
        driver = state.driver
        self.layout.encode(driver.observe(state.S, player), player, state.mover, self.tensor)

    def string_from(self, state: SpielState, player: int) -> str:
        driver = state.driver
        seen = text(driver.observe(state.S, player), player, state.mover)
        if not self.perfect_recall:
            return seen
        return f"{seen}; recall {state.information_digest(player)}"


def load(
    game: str,
    seats: int | None = None,
    rules: dict[str, str] | None = None,
    seed: int | None = None,
    data: str | None = None,
) -> SpielGame:
    """The OpenSpiel game of `game` with its rules options given as text (as --rule takes them),
    its card data file `data` (None: the default)."""
    chosen = registry.get(game)
    defaults = parameters(chosen)
    params: dict[str, Any] = {"players": chosen.seats.default if seats is None else int(seats)}
    if seed is not None:
        params["seed"] = int(seed)
    if data is not None:
        params["data"] = str(data)
    for name, value in (rules or {}).items():
        chosen.option(name)  # an unknown option: BadInput naming it
        params[name] = type(defaults[name])(value)
    return pyspiel.load_game(short_name(game), params)


def restore_game(name: str, next_deal: int) -> SpielGame:
    game = pyspiel.load_game(name)
    game.next_deal = next_deal
    return game


def restore_state(name: str, origin: Origin, history: list[int]) -> SpielState:
    """A pickled state: its origin, then its history replayed (chance is in the position)."""
    game = pyspiel.load_game(name)
    if origin.position:
        S = np.array(origin.position, dtype=np.int64)
        recall = Recall(list(origin.digests), S.copy())
        state = SpielState(game, S, recall, origin)
    else:
        state = game.deal(origin.index, np.array(origin.seating, dtype=np.int64))
    for action in history:
        state.apply_action(action)
    return state


def register_all() -> list[str]:
    """Register every game of the toolkit with OpenSpiel (once); their short names."""
    known = set(pyspiel.registered_names())
    names = []
    for game in registry.games():
        name = short_name(game.name)
        if name not in known:
            cls = type(
                f"SpielGame_{game.name}", (SpielGame,), {"GAME_NAME": game.name, "__module__": __name__}
            )
            globals()[cls.__name__] = cls  # picklable by name
            pyspiel.register_game(game_type(game), cls)
        names.append(name)
    return names


GAMES = register_all()
