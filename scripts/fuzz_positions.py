"""Mutate positions of real games and check that loading them never crashes (issue 12).

    PYTHONPATH=src python scripts/fuzz_positions.py --cases 10000 --log /tmp/cases.jsonl

Positions are taken at decisions of seeded games (Game API, hero mode with every master,
random and greedy players), then changed by hypothesis-drawn mutations: a value set to
null, another type, an out-of-range or a 5,000-digit number; a key dropped; cards moved or
swapped between places; phase, step, decider, active player, resolution fields, rules,
tokens or health changed. Each case is appended to the --log file (one JSON line, flushed)
before it is tried, so if the process dies (a segmentation fault in a kernel) the last line
names the case. For every case:

- the position file is refused with a PositionError, or accepted;
- an accepted position passes the invariant checks (sim.invariants.check_state);
- every legal action applies, and the position it leads to loads again and passes them
  too (the file `emr-sim resolve ACTION -o` writes); one case in CLI_EVERY also runs the
  real `resolve ACTION -o next.json`, then `resolve next.json --list`.

Anything else is a failure. The summary (cases, refused, accepted, actions, failures) is
printed as JSON, and written to --summary; the exit code is 1 when anything failed.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
import tempfile
import traceback
from pathlib import Path

import numpy as np
from click.testing import CliRunner
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from emr_sim.cli import main as cli_main
from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import card_label, load_deck
from emr_sim.games.emr.face.core import Game
from emr_sim.games.emr.face.fields import RES_FIELDS
from emr_sim.games.emr.face.validate import STEP_NAMES, PositionError
from emr_sim.games.emr.loops.invariants import INV_NAMES, INV_OK, check_state

HUGE = "HUGE-NUMBER"  # replaced by a 5,000-digit literal in the file's text
HUGE_DIGITS = 5000
SEEDS = range(1, 41)
HEROES = ("crow,wind", "illusion,bushido", "earth,poison", "kungfu,master", "wind,earth", "poison,crow")
RULES = ({"fury": "on", "copy_copy": "on"}, {"fury": "on", "wind_extra": "on", "bushido_early": "on"}, None)
POOL_EVERY = 3  # one decision in this many goes to the pool
CLI_EVERY = 25  # one accepted case in this many also runs through the CLI
KEEP_FAILURES = 20
HIGH_HEALTH = 1 << 40  # check_state's "health before": no rise is asked of a single state
VALUES = (None, True, False, -1, 0, 1, 2, 3, 4, 5, 7, 99, 2**40, 2**70, HUGE, "x", "over", 1.5, [], {})
DECK = load_deck()


# ---------------------------------------------------------------- the pool of real positions


def players_of(seed: int) -> tuple[int, int]:
    return (C.PLAYER_RANDOM, C.PLAYER_GREEDY) if seed % 2 else (C.PLAYER_GREEDY, C.PLAYER_RANDOM)


def real_positions() -> list[dict]:
    """Positions at every POOL_EVERY-th decision (and the end) of the seeded games."""
    from emr_sim.rng import seed_rng

    pool = []
    for seed in SEEDS:
        rules = RULES[seed % len(RULES)]
        heroes = HEROES[seed % len(HEROES)] if rules else None
        game = Game.new(seed, 0, DECK, rules, heroes)
        prng = np.zeros((2, 4), dtype=np.int64)
        for p in (0, 1):
            seed_rng(prng[p], 0, seed, 0, 1 + p)
        step = 0
        while not game.over:
            if step % POOL_EVERY == seed % POOL_EVERY:
                pool.append(game.position())
            game.apply(game.choose(players_of(seed), prng))
            step += 1
        pool.append(game.position())
    return pool


# ---------------------------------------------------------------- mutations


def paths(value: object, prefix: tuple = ()) -> list[tuple]:
    """Every path (keys and indices) into VALUE's containers."""
    found = []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in items:
        found.append((*prefix, key))
        found += paths(child, (*prefix, key))
    return found


def parent(d: dict, path: tuple):
    target = d
    for key in path[:-1]:
        target = target[key]
    return target


def card_slots(d: dict) -> list[tuple]:
    """Paths of every card reference of the position."""
    slots = []
    for p in (0, 1):
        player = d["players"][p]
        for key in ("hand", "set_aside"):
            slots += [("players", p, key, i) for i in range(len(player.get(key, [])))]
        slots += [("players", p, "board", i, "card") for i in range(len(player["board"]))]
    for key in ("draw_pile", "discard_pile"):
        slots += [(key, i) for i in range(len(d[key]))]
    slots += [("resolution", key) for key in ("ejected", "played", "wind", "effect_source", "bushido")]
    return slots


CARD_LISTS = (("players", 0, "hand"), ("players", 1, "hand"), ("players", 0, "set_aside"))
CARD_LISTS += (("players", 1, "set_aside"), ("draw_pile",), ("discard_pile",))


def get_list(d: dict, path: tuple) -> list:
    target = parent(d, (*path, None))
    return target.setdefault(path[-1], [])


def mutate_value(d, data):
    where = paths(d)
    path = where[data.draw(st.integers(0, len(where) - 1))]
    parent(d, path)[path[-1]] = copy.deepcopy(data.draw(st.sampled_from(VALUES)))


def drop_key(d, data):
    where = [p for p in paths(d) if isinstance(p[-1], str)]
    path = where[data.draw(st.integers(0, len(where) - 1))]
    del parent(d, path)[path[-1]]


def move_card(d, data):
    source = get_list(d, data.draw(st.sampled_from(CARD_LISTS)))
    if source:
        card = source.pop(data.draw(st.integers(0, len(source) - 1)))
        get_list(d, data.draw(st.sampled_from(CARD_LISTS))).append(card)


def swap_cards(d, data):
    slots = card_slots(d)
    a, b = (slots[data.draw(st.integers(0, len(slots) - 1))] for _ in range(2))
    pa, pb = parent(d, a), parent(d, b)
    pa[a[-1]], pb[b[-1]] = pb[b[-1]], pa[a[-1]]


def change_decision(d, data):
    d["phase"] = data.draw(st.sampled_from(C.DECISION_NAMES))
    if data.draw(st.booleans()):
        d["resolution"]["step"] = data.draw(st.sampled_from(STEP_NAMES))
    if data.draw(st.booleans()):
        d["decider"] = data.draw(st.sampled_from((0, 1)))


def change_seat(d, data):
    d[data.draw(st.sampled_from(("decider", "active", "first")))] = data.draw(st.sampled_from((0, 1, None)))


def resolution_value(data, kind: str, table: np.ndarray) -> object:
    if kind == "card":
        return data.draw(st.sampled_from([None, *[card_label(table, c) for c in range(0, 100, 7)], 124, 126]))
    choices = {
        "zone": (None, 0, 2, 5, 6),
        "player": (None, 0, 1, 2),
        "flag": (True, False, 2),
        "step": STEP_NAMES,
        "effect": C.EFFECT_NAMES,
        "int": (0, 1, 2, 3, 8, 63, 64, -1, 10**7),
    }
    return data.draw(st.sampled_from(choices[kind]))


def change_resolution(d, data, table):
    key = data.draw(st.sampled_from(sorted(RES_FIELDS)))
    d["resolution"][key] = resolution_value(data, RES_FIELDS[key][1], table)


RULE_CHANGES = (("fury", "on"), ("fury", "off"), ("reshuffle", "off"), ("turn_cap", "3"), ("health", "2"))


def change_rules(d, data):
    name, value = data.draw(st.sampled_from(RULE_CHANGES))
    d["rules"][name] = value


def change_tokens(d, data):
    p = data.draw(st.integers(0, 1))
    player = d["players"][p]
    if data.draw(st.booleans()) and player["board"]:
        entry = player["board"][data.draw(st.integers(0, len(player["board"]) - 1))]
        key = data.draw(st.sampled_from(("blocked", "damage_tokens", "power_plus", "power_minus")))
        entry[key] = data.draw(st.sampled_from((0, 1, 2, 9, 10**7, True)))
    else:
        zone = {"zone": data.draw(st.integers(0, 5)), "damage_tokens": data.draw(st.sampled_from((0, 1, 3)))}
        zone["crow"] = data.draw(st.booleans())
        player.setdefault("zones", []).append(zone)


def change_player(d, data):
    p = data.draw(st.integers(0, 1))
    key = data.draw(st.sampled_from(("health", "fury", "poison", "hero")))
    values = {
        "health": (0, 1, 5, 8, 9),
        "fury": (True, False),
        "poison": (True, False),
        "hero": (None, *C.HERO_NAMES),
    }
    d["players"][p][key] = data.draw(st.sampled_from(values[key]))


MUTATIONS = (
    mutate_value,
    drop_key,
    move_card,
    swap_cards,
    change_decision,
    change_seat,
    "resolution",
    change_rules,
    change_tokens,
    change_player,
)


def mutated(base: dict, data, table: np.ndarray) -> dict:
    d = copy.deepcopy(base)
    for _ in range(data.draw(st.integers(1, 3))):
        how = data.draw(st.sampled_from(MUTATIONS))
        try:
            if how == "resolution":
                change_resolution(d, data, table)
            else:
                how(d, data)
        except (KeyError, IndexError, TypeError, AttributeError):
            pass  # an earlier mutation broke the structure this one walks: keep what we have
    return d


def file_text(d: dict) -> str:
    return json.dumps(d, indent=1).replace(json.dumps(HUGE), "7" * HUGE_DIGITS)


# ---------------------------------------------------------------- checking one case


class Fuzz:
    def __init__(self, log: Path, work: Path) -> None:
        self.log = log.open("a", encoding="utf-8")
        self.work = work
        self.counts = dict.fromkeys(("cases", "refused", "accepted", "actions", "reloaded", "cli"), 0)
        self.failures: list[dict] = []

    def fail(self, case: int, reason: str) -> None:
        self.counts.setdefault("failed", 0)
        self.counts["failed"] += 1
        if len(self.failures) < KEEP_FAILURES:
            self.failures.append({"case": case, "reason": reason})

    def record(self, case: int, text: str) -> Path:
        self.log.write(json.dumps({"case": case, "position": text}) + "\n")
        self.log.flush()
        path = self.work / "position.json"
        path.write_text(text, encoding="utf-8")
        return path

    def invariants(self, game: Game) -> str | None:
        legal = np.zeros(C.MAX_LEGAL, dtype=np.int64)
        health = np.full(2, HIGH_HEALTH, dtype=np.int64)
        code = int(check_state(game.state, game.table, game.opts, health, legal))
        return None if code == INV_OK else INV_NAMES[code]

    def try_case(self, case: int, text: str) -> None:
        self.counts["cases"] += 1
        path = self.record(case, text)
        try:
            game = Game.from_position(path, DECK)
        except PositionError as err:
            self.counts["refused"] += 1
            if not str(err).startswith(f"{path}: $"):
                self.fail(case, f"refusal without file and JSON path: {err}")
            return
        self.counts["accepted"] += 1
        broken = self.invariants(game)
        if broken:
            self.fail(case, f"accepted, but the invariant check says {broken!r}")
            return
        for code in game.legal_codes():
            self.try_action(case, game, code)
        if self.counts["accepted"] % CLI_EVERY == 1 and not game.over:
            self.try_cli(case, path, game.legal_codes()[0])

    def try_action(self, case: int, game: Game, code: int) -> None:
        after = copy.deepcopy(game)
        after.apply(code)
        self.counts["actions"] += 1
        try:
            again = Game.from_position(json.loads(json.dumps(after.position())), DECK)
        except PositionError as err:
            self.fail(case, f"action {code} leads to a position that is refused: {err}")
            return
        self.counts["reloaded"] += 1
        broken = self.invariants(again)
        if broken:
            self.fail(case, f"action {code} leads to a state that breaks {broken!r}")

    def try_cli(self, case: int, path: Path, code: int) -> None:
        out = self.work / "next.json"
        out.unlink(missing_ok=True)
        runner = CliRunner()
        first = runner.invoke(
            cli_main, ["resolve", str(path), str(code), "-o", str(out)], catch_exceptions=False
        )
        listed = runner.invoke(cli_main, ["resolve", str(out), "--list"], catch_exceptions=False)
        self.counts["cli"] += 1
        if first.exit_code != 0 or listed.exit_code != 0:
            self.fail(
                case, f"resolve {code} -o: exit {first.exit_code}, then --list: exit {listed.exit_code}"
            )

    def summary(self) -> dict:
        return {**self.counts, "failures": self.failures}


def run(cases: int, log: Path) -> dict:
    pool = real_positions()
    table = Game.new(1).table
    with tempfile.TemporaryDirectory() as work:
        fuzz = Fuzz(log, Path(work))
        case = iter(range(1, cases + 1))

        @settings(
            max_examples=cases,
            database=None,
            derandomize=True,
            deadline=None,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @given(st.data())
        def one(data):
            index = data.draw(st.integers(0, len(pool) - 1))
            number = next(case, cases + 1)
            text = file_text(mutated(pool[index], data, table))
            try:
                fuzz.try_case(number, text)
            except Exception:  # noqa: BLE001 - any exception but a refusal is the finding
                fuzz.fail(number, traceback.format_exc(limit=3).splitlines()[-1])

        one()
        return {"pool": len(pool), **fuzz.summary()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument(
        "--log", type=Path, required=True, help="each case is appended here before it is tried"
    )
    parser.add_argument("--summary", type=Path, default=None)
    args = parser.parse_args(argv)
    result = run(args.cases, args.log)
    text = json.dumps(result, indent=1)
    print(text)
    if args.summary:
        args.summary.write_text(text, encoding="utf-8")
    return 1 if result.get("failed") else 0


if __name__ == "__main__":
    sys.exit(main())
