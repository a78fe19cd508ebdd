"""Sensitivity scans (emr_sim.studies.scan.sensitivity): the plan, the runs in a scan directory,
paired with the base game by game, resumed, sized from a precision target."""

import json

import numpy as np
import pytest
from support.cli import fails, run

from emr_sim.analysis.sensitivity import largest_effects, required_games, tornado_rows
from emr_sim.errors import BadInput
from emr_sim.games.emr.options import make_options
from emr_sim.simulate.matrix import run_matrix
from emr_sim.simulate.rundir import load_games, read_run
from emr_sim.stats import Z95
from emr_sim.studies.scan import directory as scandir
from emr_sim.studies.scan.base import read_base
from emr_sim.studies.scan.effects import scan_effects
from emr_sim.studies.scan.plan import class_steps, make_plan, rule_plan
from emr_sim.studies.scan.sensitivity import Sizing, run_scan

HEROES = "crow,wind,bushido"
GAMES = 40


@pytest.fixture(scope="module")
def base_run(tmp_path_factory):
    run_dir = tmp_path_factory.mktemp("scan") / "base"
    run_matrix(run_dir, HEROES, GAMES, seed=7, workers=2)
    return run_dir


@pytest.fixture(scope="module")
def scan(base_run):
    base = read_base(base_run)
    plan = make_plan(base, "class:dragons", "health,penalty", ("class:dragons.dragon=1",))
    root = base_run.parent / "scan"
    result = run_scan(root, base_run, plan, Sizing(None, GAMES), workers=2)
    return root, plan, result


@pytest.fixture(scope="module")
def effects(scan):
    return scan_effects(scan[0])


def test_the_default_class_scan_steps_each_class_one_way_or_both(deck):
    texts = [v.text for v in class_steps(deck.table, deck.n_shot)]
    assert "class:red-dmg0.damage+1" in texts and "class:red-dmg0.damage-1" not in texts  # 0 is the floor
    assert "class:red-dmg3.damage-1" in texts and "class:red-dmg3.damage+1" not in texts  # 3 the ceiling
    assert {"class:blue-dmg1.damage+1", "class:blue-dmg1.damage-1"} <= set(texts)
    assert "class:dragons.dragon=0" in texts and "class:copy.effect=none" in texts
    assert len(texts) == 4 * 6 + 1 + 8  # colours x (1 + 2 + 2 + 1) steps, the dragons, 8 effects


def test_the_rule_plan_steps_every_pairable_option_and_says_why_others_are_left_out():
    plan = rule_plan(["all"], make_options({"fury": "on"}), ["crow", "wind", "bushido"], True, 120)
    texts = [v.text for v in plan.variants]
    assert {"health=9", "health=7", "penalty=each", "bushido_early=off", "wind_extra=on"} <= set(texts)
    skipped = dict(plan.skipped)
    assert set(skipped) == {
        "fury",
        "hero_select",
        "first_player",
        "master_bow",
        "poison_after_limit",
        "illusion_stay",
        "turn_cap",
    }
    assert "120 turns" in skipped["turn_cap"] and "master is not among" in skipped["master_bow"]
    assert not any("." in v.text.split("=")[0] for v in plan.variants)  # `all`: the global options
    masters = rule_plan(["masters"], make_options({"fury": "on"}), ["crow", "wind", "bushido"], True, 120)
    assert [v.text for v in masters.variants] == [
        f"health.{m}={h}" for m in ("crow", "wind", "bushido") for h in (9, 7)
    ]
    assert len(masters.skipped) == 5  # the masters not in the run
    off = rule_plan(["all"], make_options(), ["crow", "wind"], False, None)
    assert "fury_timing" in dict(off.skipped) and "fury_timing=own-turn-end" not in [
        v.text for v in off.variants
    ]
    with pytest.raises(BadInput, match="first_player: cannot be scanned"):
        rule_plan(["first_player"], make_options(), ["crow", "wind"], True, None)


def test_a_scan_directory_holds_the_base_and_each_variant_as_matrix_runs(scan, base_run):
    root, plan, result = scan
    record = json.loads((root / scandir.SCAN_FILE).read_text())
    assert [v["variant"] for v in record["variants"]] == [v.text for v in plan.variants]
    assert record["sizes"]["base"] == GAMES and record["base"]["seed"] == 7
    base = read_run(scandir.base_dir(root))
    assert base["seed"] == 7 and "deck_changes" not in base
    dragons = read_run(scandir.variant_dir(root, "class:dragons.damage+1"))
    assert dragons["deck_changes"] == ["class:dragons.damage+1"] and dragons["rules"]["health"] == "8"
    assert read_run(scandir.variant_dir(root, "health=9"))["rules"]["health"] == "9"
    assert result.games_played == (len(plan.variants) + 1) * 3 * GAMES


def test_every_game_is_paired_and_a_change_that_changes_nothing_moves_nothing(scan, effects):
    root, _plan, _result = scan
    assert effects.missing == []
    same = effects.heroes[effects.heroes["variant"] == "class:dragons.dragon=1"]  # they are dragons already
    assert (same["delta"] == 0).all() and (same["se"] == 0).all()
    base = load_games(scandir.base_dir(root))
    noop = load_games(scandir.variant_dir(root, "class:dragons.dragon=1"))
    assert base.equals(noop)  # the very same games: same deals, same decisions
    for _variant, group in effects.heroes.groupby("variant"):
        assert abs(group["delta"].sum()) < 1e-12  # a full matrix: what one master gains, others lose
    assert set(effects.cells["variant"]) == set(effects.heroes["variant"])


def test_a_scan_resumes_and_refuses_another_scan_in_its_directory(scan, base_run):
    root, plan, _result = scan
    again = run_scan(root, base_run, plan, Sizing(None, GAMES), workers=2)
    assert again.games_played == 0
    other = make_plan(read_base(base_run), None, "health", ())
    before = sorted(p.name for p in root.rglob("*"))
    with pytest.raises(BadInput, match="holds a different scan"):
        run_scan(root, base_run, other, Sizing(None, GAMES), workers=2)
    assert sorted(p.name for p in root.rglob("*")) == before


@pytest.mark.timeout(240)
def test_a_precision_target_sizes_each_run_from_a_pilot(base_run, tmp_path):
    base = read_base(base_run)
    plan = make_plan(base, None, "health", ())
    target = 8.0  # points: a few hundred games a cell on three masters
    result = run_scan(tmp_path / "p", base_run, plan, Sizing(target, None, pilot_pairs=30), workers=2)
    record = result.record
    for v in plan.variants:
        worst = max(record["pilot"][v.text].values())
        assert record["sizes"][v.text] == required_games(worst, 60, target / 100)
    assert record["sizes"]["base"] == max(record["sizes"][v.text] for v in plan.variants)
    effects = scan_effects(result.root)
    games = effects.cells.groupby("variant")["games"].min()
    for v in plan.variants:
        assert games[v.text] == record["sizes"][v.text]  # paired with the base's first games


def test_required_games_scales_the_pilot_by_the_squared_ratio():
    se, games, target = 0.01, 400, 0.005
    assert required_games(se, games, target, safety=1.0) == 2 * int(
        np.ceil(games * (Z95 * se / target) ** 2 / 2)
    )
    assert required_games(0.0, 400, 0.005) == 400 and required_games(float("nan"), 400, 0.005) == 400
    assert required_games(0.0001, 400, 0.005) == 400  # never fewer games than the pilot


def test_largest_effects_and_tornado_rows_order_by_size(effects):
    top = largest_effects(effects.heroes, 2)
    assert (top.groupby("hero").size() <= 2).all()
    for _hero, group in top.groupby("hero"):
        sizes = group["delta"].abs().to_numpy()
        assert (sizes[:-1] >= sizes[1:]).all()
    rows = tornado_rows(effects.heroes, "crow", effects.factors())
    assert (np.diff(rows.drop_duplicates("factor")["size"].to_numpy()) <= 0).all()
    assert set(rows[rows["factor"] == "health"]["variant"]) == {"health=9", "health=7"}  # one row, two bars


def test_the_command_prints_the_largest_effects_and_refuses_bad_input(scan, base_run, tmp_path):
    root = scan[0]
    result = run(
        "sensitivity",
        base_run,
        "-o",
        root,
        "--cards",
        "class:dragons",
        "--rules",
        "health,penalty",
        "--variant",
        "class:dragons.dragon=1",
        "-n",
        GAMES,
        "--top",
        2,
        "--quiet",
    )
    assert result.exit_code == 0, result.output
    assert "played 0 games" in result.stdout and "the 2 largest effects per master" in result.stdout
    out = tmp_path / "bad"
    fails("sensitivity", base_run, "-o", out, "--cards", "red-9-9", needles=("--cards red-9-9",))
    fails("sensitivity", base_run, "-o", out, "--cards", "class:heroes", needles=("class:heroes",))
    fails("sensitivity", base_run, "-o", out, "--cards", "purple-1-1", needles=("unknown colour 'purple'",))
    fails("sensitivity", base_run, "-o", out, "--rules", "fury", needles=("fury: cannot be scanned",))
    fails("sensitivity", base_run, "-o", out, "--rules", "helth", needles=("unknown rules option 'helth'",))
    fails(
        "sensitivity",
        base_run,
        "-o",
        out,
        "--variant",
        "card:red-1-5.damage+1",
        needles=("would have damage 4",),
    )
    fails("sensitivity", base_run, "-o", out, "--precision", 1, "-n", 10, needles=("not both",))
    fails("sensitivity", tmp_path / "nothing", "-o", out, needles=("no such run directory",))
    assert not out.exists()


@pytest.mark.timeout(180)
def test_a_scan_on_a_cluster_writes_the_same_files(scan, base_run, tmp_path):
    """The pilot and the runs on a LocalCluster of 2 workers: the same sizes and cell files."""
    import hashlib

    pytest.importorskip("distributed")
    from emr_sim.simulate.cluster import connect

    root, _plan, _result = scan
    plan = make_plan(read_base(base_run), None, "health", ())
    with connect("local:2") as cluster:
        on_cluster = run_scan(
            tmp_path / "c", base_run, plan, Sizing(6.0, None, pilot_pairs=10), cluster=cluster
        )
    on_threads = run_scan(tmp_path / "t", base_run, plan, Sizing(6.0, None, pilot_pairs=10), workers=2)
    assert on_cluster.record["sizes"] == on_threads.record["sizes"]
    assert on_cluster.record["pilot"] == on_threads.record["pilot"]
    files = sorted(p.relative_to(tmp_path / "t") for p in (tmp_path / "t").rglob("*.parquet"))
    assert files
    for f in files:
        assert (
            hashlib.sha256((tmp_path / "c" / f).read_bytes()).digest()
            == hashlib.sha256((tmp_path / "t" / f).read_bytes()).digest()
        )


def test_a_scan_record_whose_sizes_name_another_run_is_refused():
    """A size for a run the scan does not have (a damaged record: the fuzzer's "add sizes.seed")
    is one line naming the key, not a traceback when the sizes are compared."""
    from emr_sim.studies.scan.directory import sizes_problem

    record = {"sizes": {"base": 4, "health.crow=7": 4}}
    assert sizes_problem(record, ["health.crow=7"]) is None
    record["sizes"]["seed"] = "x"
    assert (
        sizes_problem(record, ["health.crow=7"])
        == "$.sizes.seed is neither the base nor a variant of this scan"
    )
