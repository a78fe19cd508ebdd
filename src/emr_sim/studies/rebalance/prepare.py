"""A rebalance's settings as the command was given them (one value), and the study made from
them: every input checked (BadInput, exit 2; a file in the way of the directory, exit 3)
before anything is played or written."""

from __future__ import annotations

from dataclasses import dataclass

from emr_sim.studies.rebalance.spec import Spec
from emr_sim.studies.rebalance.verify import Rung

BOOK_NOTE = (
    "warning: the {player} book was tuned on the base rules and deck; the search and the "
    "verification play it on changed ones (accepted: its vectors stay as tuned)"
)


@dataclass(frozen=True)
class Settings:
    """`emr-sim rebalance`'s options, unparsed (docs/rebalance.md names each one)."""

    study_dir: str
    knobs: tuple[str, ...] = ()
    goal: str = "field:2"
    target_file: str | None = None
    player: str = "tuned"
    seed: int | None = None  # the search's (default DEFAULT_SEARCH_SEED)
    max_changes: int | None = None
    penalty: str = "0.25,0.25"
    margin: float = 0.5
    first_player: str = "±2"
    game_length: str = "±20%"
    trials: int | None = None
    rungs: str = "200,800,3200"
    eta: int = 4
    batch: int = 4
    sampler: str = "tpe"
    scans: tuple[str, ...] = ()
    verify_rungs: tuple[str, ...] = ()  # PLAYER=GAMES; () the default rungs, ("none",) none
    verify_top: int = 3
    verify_seed: int | None = None  # default DEFAULT_SEED
    befores: tuple[str, ...] = ()
    heroes: str | None = None
    deck_path: str | None = None
    rules: tuple[str, ...] = ()  # NAME=VALUE
    fury: bool = True  # hero mode (R-OPT-FURY)
    workers: int | None = None
    quiet: bool = False


@dataclass(frozen=True)
class Prepared:
    """The study, its verification rungs and seed, and the notes said once the directory is
    this command's."""

    spec: Spec
    plan: list[Rung]
    verify_seed: int
    notes: list[str]


def prepare(settings: Settings, cluster=None) -> Prepared:
    """Every input checked (BadInput, exit 2) before anything is played or written."""
    s = settings
    from emr_sim.errors import BadInput
    from emr_sim.files.outdir import check_dir_target
    from emr_sim.games.emr.lineup.heroes import parse_hero_list
    from emr_sim.games.emr.options import parse_rule
    from emr_sim.simulate.setup import DEFAULT_SEED, run_setup, setup_warnings
    from emr_sim.studies.rebalance.knobs import parse_knobs
    from emr_sim.studies.rebalance.spec import (
        DEFAULT_SEARCH_SEED,
        DEFAULT_TRIALS,
        MAX_TRIALS,
        TARGET,
        Budget,
        GuardSpec,
        make_goal,
        parse_goal,
        parse_guard,
        parse_penalty,
        parse_rungs,
        read_target,
    )
    from emr_sim.studies.rebalance.verify import DEFAULT_VERIFY, one_player
    from emr_sim.studies.rebalance.verify import parse_rungs as parse_verify
    from emr_sim.studies.scan.directory import read_scan

    try:
        import optuna  # noqa: F401
    except ImportError:
        raise BadInput(
            "emr-sim rebalance needs Optuna, which is not installed: pip install 'emr-sim[rebalance]'"
        ) from None
    check_dir_target(s.study_dir)  # exit 3 before the work: a file in the way, no directory possible
    one_player(s.player, "--players")
    for scan in s.scans:  # a matrix run given where a scan belongs: refused before anything is played
        read_scan(scan)
    names = parse_hero_list(s.heroes)
    chosen = dict(parse_rule(r) for r in s.rules)
    search_seed = DEFAULT_SEARCH_SEED if s.seed is None else s.seed
    setup = run_setup(
        seed=search_seed,
        players=f"{s.player},{s.player}",
        fury=s.fury,
        deck=s.deck_path,
        rules=chosen,
        workers=s.workers,
        what="a rebalance",
        cluster=cluster,
    )
    kind, _tolerance = parse_goal(s.goal)
    if s.target_file and kind != TARGET:
        raise BadInput(f"--target FILE is for --goal target:X, not --goal {s.goal}")
    target = read_target(s.target_file, names) if s.target_file else None
    parsed = parse_knobs(list(s.knobs), setup, names)
    notes = []
    candidates = parsed.candidates()
    trials = s.trials
    if trials is None:  # more trials than candidates would ask the same ones again
        trials = min(DEFAULT_TRIALS, candidates)
    elif candidates < trials <= MAX_TRIALS:
        notes.append(
            f"--trials {trials:,}: the knobs allow {candidates:,} candidates (the base among them), "
            f"so the search asks {candidates:,}"
        )
        trials = candidates
    spec = Spec(
        setup=setup,
        heroes=names,
        knobs=parsed,
        goal=make_goal(s.goal, target),
        seed=search_seed,
        budget=Budget(trials, parse_rungs(s.rungs), s.eta, s.batch),
        penalty=parse_penalty(s.penalty),
        guards=GuardSpec(
            parse_guard(s.first_player, "--first-player"), parse_guard(s.game_length, "--game-length")
        ),
        margin=s.margin,
        max_changes=s.max_changes,
        sampler=s.sampler,
        scans=tuple(s.scans),
        target_file=s.target_file,
        deck=s.deck_path,
        rules=chosen,
    )
    spec.check()
    texts = list(s.verify_rungs) or list(DEFAULT_VERIFY)
    plan = [] if [t.lower() for t in texts] == ["none"] else parse_verify(texts, s.befores)
    if s.befores and not plan:
        raise BadInput("--before needs a --verify rung to compare with")
    seed_v = DEFAULT_SEED if s.verify_seed is None else s.verify_seed
    if plan and seed_v == search_seed:
        raise BadInput(f"--verify-seed {seed_v} is the search's seed: verification plays fresh seeds")
    from emr_sim.studies.rebalance.verify import check_before

    for rung in plan:
        if rung.before is not None:
            check_before(spec, rung, seed_v)
    notes += setup_warnings(setup)  # said once the directory is this command's
    if any(sp.book is not None for sp in setup.specs):
        notes.append(BOOK_NOTE.format(player=s.player))
    return Prepared(spec, plan, seed_v, notes)
