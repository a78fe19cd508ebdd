"""The Python face of one game: positions, legal actions, applying actions, logs.

    >>> from emr_sim.games.emr.face.core import Game
    >>> g = Game.new(seed=7)
    >>> [text for _code, text in g.legal()][:3]      # doctest: +SKIP
    >>> events = g.apply("draw")                        # or an integer action code
    >>> print(g.describe())                             # doctest: +SKIP

Everything here calls the jitted rules (emr_sim.games.emr.rules); nothing re-implements them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from emr_sim.errors import BadInput, quoted
from emr_sim.games.emr import codes
from emr_sim.games.emr.cards import Deck, card_table, load_deck
from emr_sim.games.emr.lineup.heroes import parse_hero_pair
from emr_sim.games.emr.options import describe_options, make_options


class IllegalAction(BadInput):
    """An action that is not legal in the position."""


_loaded = False  # whether the kernels a Game calls from Python were checked for compiling


def _engine():
    from emr_sim.games.emr.loops import engine  # numba loads here, not at import of the CLI

    global _loaded
    if not _loaded:
        _loaded = True
        _load_game_kernels(engine)
    return engine


def _load_game_kernels(engine) -> None:
    """When one of the kernels a Game calls is not compiled yet, compile them all at once
    by playing a game, under the compile notice (emr_sim.console.compiling), rather than one by one
    at the first call of each."""
    from emr_sim.console.compiling import compiling
    from emr_sim.rng import seed_rng

    rules = (engine.new_game, engine.advance, engine.legal_actions, engine.apply_action)
    kernels = (*rules, engine.decide, engine.new_scratch, engine.deck_totals, seed_rng)
    with compiling(kernels) as needed:
        if needed:
            Game.new().legal_codes()
            play()


def parse_players(players: str | tuple | list) -> tuple[int, int]:
    """'greedy,random' (or a pair of texts or specs) -> the player kind codes of seat 0, seat 1
    (emr_sim.games.emr.lineup.spec.parse_sides: BadInput names the bad spec)."""
    from emr_sim.games.emr.lineup.spec import parse_sides

    a, b = parse_sides(players)
    return a.kernel_kind, b.kernel_kind


def player_weights(players: str | tuple | list) -> np.ndarray:
    """The parameters of seat 0 and seat 1 (texts or specs): the greedy's per master, then
    the search row (2, KERNEL_ROWS, N_PARAMS; games/emr/players/search_params.py)."""
    from emr_sim.games.emr.lineup.spec import parse_sides

    return np.stack([spec.kernel_vectors() for spec in parse_sides(players)])


def hero_mode_rules(rules: dict[str, str], heroes: str | tuple | None) -> dict[str, str]:
    """The rules of a game whose two masters are named (--heroes): hero mode on; refused when
    the rules turn it off or draw the masters instead (R-OPT-HERO)."""
    if not heroes:
        return rules
    if rules.get("fury", "on") == "off":
        raise BadInput("--heroes needs hero mode, but --no-fury or --rule fury=off turns it off")
    if rules.get("hero_select") == "random":
        raise BadInput("--heroes names the heroes, but --rule hero_select=random draws them (R-OPT-HERO)")
    return {**rules, "fury": "on"}


def new_events() -> np.ndarray:
    return np.zeros((codes.MAX_EVENTS + 1, codes.EV_SIZE), dtype=np.int64)


@dataclass
class Game:
    """One game: the state array, its card table, rules options and deck."""

    state: np.ndarray
    table: np.ndarray
    opts: np.ndarray
    deck: Deck
    events: list[tuple[int, ...]] = field(default_factory=list)
    _scratch: tuple | None = field(default=None, repr=False, compare=False)  # the greedy's, reused
    _search: tuple | None = field(default=None, repr=False, compare=False)  # the search's, reused

    # ------------------------------------------------------------ making games
    @classmethod
    def new(
        cls,
        seed: int = 0,
        index: int = 0,
        deck: Deck | str | Path | None = None,
        rules: dict[str, str] | None = None,
        heroes: str | tuple | None = None,
    ) -> Game:
        """A fresh game of run `seed`, game `index`, advanced to its first decision."""
        deck = deck if isinstance(deck, Deck) else load_deck(deck)
        opts = make_options(rules)
        hero0, hero1 = parse_hero_pair(heroes)
        table = card_table(deck, opts)
        state = np.zeros(codes.STATE_SIZE, dtype=np.int64)
        ev = new_events()
        rules_mod = _engine()
        rules_mod.new_game(state, table, opts, ev, int(seed), int(index), hero0, hero1)
        rules_mod.advance(state, table, opts, ev)
        game = cls(state, table, opts, deck)
        game._keep(ev)
        return game

    @classmethod
    def from_position(cls, source: str | Path | dict, deck: Deck | str | Path | None = None) -> Game:
        """A game from a position file or dict (emr_sim.games.emr.face.position)."""
        from emr_sim.games.emr.face.load import PositionError, load_position, read_position_file

        deck = deck if isinstance(deck, Deck) else load_deck(deck)
        name: str | Path | None = None
        parsed: object = source
        if isinstance(source, (str, Path)):
            name, parsed = source, read_position_file(source)
        rules = parsed.get("rules", {}) if isinstance(parsed, dict) else {}
        try:
            opts = make_options(rules if isinstance(rules, dict) else None)
        except ValueError as err:
            where = f"{name}: " if name is not None else ""
            raise PositionError(f"{where}$.rules: {err}") from None
        state, opts = load_position(parsed, card_table(deck, opts), deck.sha256, source=name)
        game = cls(state, card_table(deck, opts), opts, deck)
        if int(state[codes.RES_STEP]) == codes.STEP_TURN_START:  # a short position's "turn-start"
            ev = new_events()
            _engine().advance(game.state, game.table, game.opts, ev)  # the engine starts the turn
            game._keep(ev)
        return game

    # ------------------------------------------------------------ reading
    @property
    def phase(self) -> str:
        return codes.DECISION_NAMES[int(self.state[codes.H_PHASE])]

    @property
    def decider(self) -> int:
        return int(self.state[codes.H_DECIDER])

    @property
    def over(self) -> bool:
        return int(self.state[codes.H_PHASE]) == codes.DK_NONE

    @property
    def winner(self) -> int | str | None:
        w = int(self.state[codes.H_WINNER])
        return None if w == codes.NO_WINNER else ("draw" if w == codes.DRAWN_GAME else w)

    def health(self, p: int) -> int:
        return int(self.state[codes.player_base(p) + codes.P_HEALTH])

    def legal_codes(self) -> list[int]:
        if self.over:
            return []
        out = np.zeros(codes.MAX_LEGAL, dtype=np.int64)
        n = _engine().legal_actions(self.state, self.table, self.opts, out)
        return [int(c) for c in out[:n]]

    def legal(self) -> list[tuple[int, str]]:
        """The legal actions as (code, notation) pairs."""
        from emr_sim.games.emr.face.notation import format_action

        return [(c, format_action(self.state, self.table, c)) for c in self.legal_codes()]

    # ------------------------------------------------------------ acting
    def action_code(self, action: int | str) -> int:
        """An action given as code or notation, checked to be legal here."""
        from emr_sim.games.emr.face.notation import NotationError, format_action, parse_action

        if self.over:
            raise IllegalAction("the game is over: no action is legal")
        if isinstance(action, str):
            text = action.strip()
            try:
                code = int(text) if text.lstrip("-").isdigit() else parse_action(self.state, self.table, text)
            except NotationError as exc:
                raise IllegalAction(str(exc)) from None
        else:
            code = int(action)
        legal = self.legal_codes()
        if code not in legal:
            shown = ", ".join(format_action(self.state, self.table, c) for c in legal)
            raise IllegalAction(
                f"action {quoted(action)} is not legal in this {self.phase} decision; legal: {shown}"
            )
        return code

    def resolve(self, action: int | str) -> tuple[int, str, list[tuple[int, ...]]]:
        """Apply a legal action given as code or notation: its code, its notation in the
        position it was taken in, and the events it caused."""
        from emr_sim.games.emr.face.notation import format_action

        code = self.action_code(action)
        text = format_action(self.state, self.table, code)
        return code, text, self.apply(code)

    def apply(self, action: int | str) -> list[tuple[int, ...]]:
        """Apply a legal action; returns the events it caused (also kept in .events)."""
        code = self.action_code(action)
        ev = new_events()
        self._note(code)
        _engine().apply_action(self.state, self.table, self.opts, ev, code)
        return self._keep(ev)

    def _note(self, code: int) -> None:
        """Tell the search's buffers (once a search player chose here) the action taken, as
        the jitted game loop does: a searcher keeping its tree walks it along them."""
        self.note(code, self.state)

    def note(self, code: int, state: np.ndarray) -> None:
        """_note of an action taken in `state` (another Game's, when this one only chooses:
        emr_sim.games.emr.face.versus)."""
        if self._search is not None:
            _engine().search_note(self._search, state, int(code))

    def choose(self, kinds: tuple[int, int], prng: np.ndarray, weights: np.ndarray | None = None) -> int:
        """The action the given players would take here (they see only their observation);
        greedy players read `weights` by seat (games/emr/players/params.py), the defaults for None."""
        e = _engine()
        obs = np.zeros(codes.STATE_SIZE, dtype=np.int64)
        e.blank_observation(obs)  # decide writes the observation into it (observe_step)
        legal = np.zeros(codes.MAX_LEGAL, dtype=np.int64)
        if self._scratch is None:
            self._scratch = e.new_scratch()  # its table of chances serves every decision
        searching = any(int(k) in e.SEARCH_KINDS for k in kinds)
        if self._search is None and searching:
            self._search = e.new_search()  # the search's pools, once per game
        scratch = self._scratch
        search = self._search if searching else None  # None: decide compiled without the search
        e.deck_totals(self.table, scratch[0])
        seat_weights = e.seat_weights(weights)
        return int(
            e.decide(
                self.state,
                self.table,
                self.opts,
                np.array(kinds),
                obs,
                legal,
                prng,
                scratch,
                search,
                seat_weights,
            )
        )

    def _keep(self, ev: np.ndarray) -> list[tuple[int, ...]]:
        rows = [tuple(int(x) for x in ev[r]) for r in range(1, int(ev[0, 0]) + 1)]
        self.events.extend(rows)
        return rows

    # ------------------------------------------------------------ showing
    def position(self) -> dict:
        from emr_sim.games.emr.face.position import state_to_dict

        d = state_to_dict(self.state, self.table, self.opts)
        d["deck_sha256"] = self.deck.sha256
        return d

    def write_position(self, path: str | Path) -> Path:
        """Write the position as JSON, whole or not at all (WriteError), and only a position
        that loads again: the loader's checks are the judge (BadInput names the problem)."""
        import json

        from emr_sim.files.write import write_text
        from emr_sim.games.emr.face.validate import PositionError

        position = self.position()
        try:
            Game.from_position(json.loads(json.dumps(position)), self.deck)
        except PositionError as err:
            raise BadInput(f"{path}: not written: the new position would be refused: {err}") from None
        return write_text(path, json.dumps(position, indent=1) + "\n")

    def describe(self) -> str:
        from emr_sim.games.emr.face.show import describe

        return describe(self.state, self.table)

    def log_lines(self, rows: list[tuple[int, ...]] | None = None, viewer: int | None = None) -> list[str]:
        from emr_sim.games.emr.face.log import format_events

        return format_events(self.events if rows is None else rows, self.table, viewer)

    def rules(self) -> dict[str, str]:
        return describe_options(self.opts)


def play(
    seed: int = 0,
    players: str | tuple = "greedy,greedy",
    index: int = 0,
    deck: Deck | str | Path | None = None,
    rules: dict[str, str] | None = None,
    heroes: str | tuple | None = None,
    weights: np.ndarray | None = None,
    actions: list[int] | None = None,
) -> Game:
    """Play game `index` of run `seed` to the end, step by step; the Game keeps every event
    (and `actions`, when given, every action code: a game record, emr_sim.games.emr.face.saved).
    Greedy players read `weights` by seat (games/emr/players/params.py), the player specs' for None.

    The same (seed, index, players, deck, rules, weights) gives the same game as the
    fast engine.play_many loop."""
    from emr_sim.games.emr.lineup.spec import parse_sides
    from emr_sim.rng import seed_rng

    sides = parse_sides(players)  # parsed once; specs given as specs are taken as they are
    kinds = (sides[0].kernel_kind, sides[1].kernel_kind)
    seat_weights = _engine().seat_weights(player_weights(sides) if weights is None else weights)
    game = Game.new(seed, index, deck, rules, heroes)
    prng = np.zeros((2, 4), dtype=np.int64)
    for p in range(2):
        seed_rng(prng[p], 0, int(seed), int(index), _engine().PLAYER_STREAM + p)
    while not game.over:
        code = game.choose(kinds, prng, seat_weights)
        if actions is not None:
            actions.append(code)
        ev = new_events()
        game._note(code)
        _engine().apply_action(game.state, game.table, game.opts, ev, code)
        game._keep(ev)
    return game
