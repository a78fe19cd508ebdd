"""`emr-sim rebalance`: the smallest change of the knobs a designer names that meets a balance
goal, searched with Optuna at one rung and verified on fresh seeds at others (docs/rebalance.md).
The work is in emr_sim.studies (rebalance, rebalance_verify, rebalance_result); the lines, the
files and the HTML in emr_sim.report.rebalance."""

from __future__ import annotations

import json

import click

from emr_sim.cli.app import main, note
from emr_sim.cli.options import (
    FINITE,
    INT64,
    cluster_option,
    estimate_text,
    game_options,
    heroes_option,
    json_option,
    quiet_option,
    resumable,
    rules_dict,
    skip_blas_probe,
    workers_option,
)

BOOK_NOTE = (
    "warning: the {player} book was tuned on the base rules and deck; the search and the "
    "verification play it on changed ones (accepted: its vectors stay as tuned)"
)


@main.command()
@click.option(
    "-o",
    "--output",
    "study_dir",
    required=True,
    type=click.Path(),
    help="Study directory (created, or resumed).",
)
@click.option(
    "--knob",
    "knobs",
    multiple=True,
    metavar="NAME=RANGE|LIST",
    help="What may change (repeatable): health.*=6..10, trap_once=on|off, class:dragons.dragon=0|1, "
    "class:red.damage=-1..+1 ...",
)
@click.option(
    "--goal",
    default="field:2",
    show_default=True,
    metavar="field:X|target:X|nash:X",
    help="Every master's field mean within 50±X points; the cells within X points (rms) of --target; "
    "every master within X points of the pick game's value.",
)
@click.option(
    "--target",
    "target_file",
    type=click.Path(dir_okay=False),
    default=None,
    help="Target matrix (CSV, win rates 0..1; empty cells: no target) for --goal target:X.",
)
@click.option(
    "--players", "player", default="tuned", show_default=True, help="The search rung's player (both sides)."
)
@click.option(
    "--seed", type=INT64, default=None, help="Search seed (default 20261225; verification: --verify-seed)."
)
@click.option(
    "--max-changes", type=int, default=None, help="Changes at most besides the masters' own health."
)
@click.option(
    "--penalty",
    default="0.25,0.25",
    show_default=True,
    metavar="COUNT,SIZE",
    help="Points a change costs, and each step of a numeric change beyond its first.",
)
@click.option(
    "--margin", type=FINITE, default=0.5, show_default=True, help="Points inside the goal the search aims."
)
@click.option(
    "--first-player",
    default="±2",
    show_default=True,
    metavar="LOW..HIGH|±N|none",
    help="Guard: the first player's share of decided games (±N: points around the base's).",
)
@click.option(
    "--game-length",
    default="±20%",
    show_default=True,
    metavar="LOW..HIGH|±N%|none",
    help="Guard: the median game length in turns (±N%: around the base's).",
)
@click.option(
    "--trials",
    type=int,
    default=None,
    help="Trials of the search (default 120, or the knobs' candidates if fewer).",
)
@click.option(
    "--rungs",
    default="200,800,3200",
    show_default=True,
    metavar="GAMES,...",
    help="Games per cell at each rung of successive halving.",
)
@click.option(
    "--eta", type=int, default=4, show_default=True, help="A trial goes up a rung in the best 1/eta."
)
@click.option("--batch", type=int, default=4, show_default=True, help="Trials asked and played together.")
@click.option("--sampler", type=click.Choice(["tpe", "cmaes"]), default="tpe", show_default=True)
@click.option(
    "--scan",
    "scans",
    multiple=True,
    type=click.Path(file_okay=False),
    help="A sensitivity scan (repeatable): its single changes warm-start the search.",
)
@click.option(
    "--verify",
    "verify_rungs",
    multiple=True,
    metavar="PLAYER=GAMES",
    help="Verification rungs (repeatable; default greedy=4000, tuned=4000, ismcts:400=100; "
    "'none': no verification).",
)
@click.option(
    "--verify-top", type=click.IntRange(min=1), default=3, show_default=True, help="Proposals verified."
)
@click.option("--verify-seed", type=INT64, default=None, help="Seed of the verification (default 20261202).")
@click.option(
    "--before",
    "befores",
    multiple=True,
    type=click.Path(file_okay=False),
    help="A matrix run of the base on the verification seed at a --verify rung (repeatable; read only).",
)
@heroes_option
@game_options
@workers_option
@json_option("the result")
@quiet_option
@cluster_option
def rebalance(
    study_dir, knobs, goal, target_file, player, seed, max_changes, penalty, margin, first_player,
    game_length, trials, rungs, eta, batch, sampler, scans, verify_rungs, verify_top, verify_seed,
    befores, heroes, deck_path, rules, fury, workers, as_json, quiet, cluster,
):  # fmt: skip
    """Search the smallest change of the knobs that meets a balance goal; verify it.

    Candidates play the same deals at the search rung (--players), most of them few games
    (successive halving); the best --verify-top are replayed on fresh seeds at each --verify
    rung, with before/after matrices. Writes STUDY/result.json, STUDY/report.html and each
    proposal's deck and rules in STUDY/proposal-N; running the same command again resumes.
    Example: emr-sim rebalance -o studies/r1 --knob 'health.*=6..10' --knob trap_once --goal field:2
    """
    skip_blas_probe()
    spec, verify_plan, verify_seed, notes = make_spec(
        study_dir, knobs, goal, target_file, player, seed, max_changes, penalty, margin, first_player,
        game_length, trials, rungs, eta, batch, sampler, scans, verify_rungs, befores, verify_seed,
        heroes, deck_path, rules, fury, workers, cluster,
    )  # fmt: skip
    from emr_sim.studies.rebalance import proposals, run_study
    from emr_sim.studies.rebalance_store import read_base
    from emr_sim.studies.rebalance_verify import verify

    def estimate(what: str, seconds: float, n_games: int) -> None:
        note(f"{what}: {n_games:,} games to play: estimated {estimate_text(seconds, None, cluster)}")

    def claimed() -> None:  # the notes and the estimates, once the directory is this command's
        for text in notes:
            note(text)
        if verify_plan:
            from emr_sim.studies.rebalance_verify import estimate_verification

            estimate_verification(spec, verify_plan, verify_top, verify_seed, estimate)

    from emr_sim.files.lock import run_lock
    from emr_sim.report.rebalance import summary_lines, write_outputs
    from emr_sim.studies.rebalance_result import study_result

    with resumable("the finished trials and runs are in", study_dir):
        run = run_study(study_dir, spec, spec.setup.workers, cluster, quiet, estimate, note, claimed)
        with run_lock(run.root):  # the verification and the outputs: one writer, as the search
            props, counts = proposals(run.root, spec, verify_top)
            checks = []
            if verify_plan:
                checks = verify(run.root, spec, props, verify_plan, verify_seed, spec.setup.workers,
                                cluster, quiet, estimate, note)  # fmt: skip
            _counts, guards = read_base(run.root, spec.heroes, len(spec.budget.rungs))
            seconds = run.record.get("seconds")
            result = study_result(
                run.root, spec, run.base, guards, props, counts, checks, run.seconds, seconds
            )
            write_outputs(run.root, result, spec, props)
    if as_json:
        click.echo(json.dumps(result, indent=1))
        return
    click.echo("\n".join(summary_lines(result)))
    click.echo(f"\nreport: {run.root / 'report.html'}; proposals' files in {run.root}/proposal-N")


def make_spec(
    study_dir, knobs, goal, target_file, player, seed, max_changes, penalty, margin, first_player,
    game_length, trials, rungs, eta, batch, sampler, scans, verify_rungs, befores, verify_seed,
    heroes, deck_path, rules, fury, workers, cluster,
):  # fmt: skip
    """Every input checked (BadInput, exit 2) before anything is played or written."""
    from emr_sim.errors import BadInput
    from emr_sim.files.outdir import check_dir_target
    from emr_sim.games.emr.lineup.heroes import parse_hero_list
    from emr_sim.simulate.play.settings import RunSettings
    from emr_sim.simulate.play.setup import DEFAULT_SEED, run_setup, setup_warnings
    from emr_sim.studies.rebalance_knobs import parse_knobs
    from emr_sim.studies.rebalance_spec import (
        DEFAULT_SEARCH_SEED,
        DEFAULT_TRIALS,
        MAX_TRIALS,
        TARGET,
        Budget,
        GuardSpec,
        Spec,
        make_goal,
        parse_goal,
        parse_guard,
        parse_penalty,
        parse_rungs,
        read_target,
    )
    from emr_sim.studies.rebalance_verify import DEFAULT_VERIFY, one_player
    from emr_sim.studies.rebalance_verify import parse_rungs as parse_verify
    from emr_sim.studies.scandir import read_scan

    try:
        import optuna  # noqa: F401
    except ImportError:
        raise BadInput(
            "emr-sim rebalance needs Optuna, which is not installed: pip install 'emr-sim[rebalance]'"
        ) from None
    check_dir_target(study_dir)  # exit 3 before the work: a file in the way, no directory possible
    one_player(player, "--players")
    for scan in scans:  # a matrix run given where a scan belongs: refused before anything is played
        read_scan(scan)
    names = parse_hero_list(heroes)
    chosen = rules_dict(rules)
    search_seed = DEFAULT_SEARCH_SEED if seed is None else seed
    settings = RunSettings(
        seed=search_seed, players=f"{player},{player}", fury=fury, deck=deck_path, rules=chosen,
        workers=workers, cluster=cluster,
    )  # fmt: skip
    setup = run_setup(settings, "a rebalance")
    kind, _tolerance = parse_goal(goal)
    if target_file and kind != TARGET:
        raise BadInput(f"--target FILE is for --goal target:X, not --goal {goal}")
    target = read_target(target_file, names) if target_file else None
    parsed = parse_knobs(list(knobs), setup, names)
    notes = []
    candidates = parsed.candidates()
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
        goal=make_goal(goal, target),
        seed=search_seed,
        budget=Budget(trials, parse_rungs(rungs), eta, batch),
        penalty=parse_penalty(penalty),
        guards=GuardSpec(
            parse_guard(first_player, "--first-player"), parse_guard(game_length, "--game-length")
        ),
        margin=margin,
        max_changes=max_changes,
        sampler=sampler,
        scans=tuple(scans),
        target_file=target_file,
        deck=deck_path,
        rules=chosen,
    )
    spec.check()
    texts = list(verify_rungs) or list(DEFAULT_VERIFY)
    plan = [] if [t.lower() for t in texts] == ["none"] else parse_verify(texts, befores)
    if befores and not plan:
        raise BadInput("--before needs a --verify rung to compare with")
    seed_v = DEFAULT_SEED if verify_seed is None else verify_seed
    if plan and seed_v == search_seed:
        raise BadInput(f"--verify-seed {seed_v} is the search's seed: verification plays fresh seeds")
    from emr_sim.studies.rebalance_verify import check_before

    for rung in plan:
        if rung.before is not None:
            check_before(spec, rung, seed_v)
    notes += setup_warnings(setup)  # said once the directory is this command's
    if any(s.book is not None for s in setup.specs):
        notes.append(BOOK_NOTE.format(player=player))
    return spec, plan, seed_v, notes
