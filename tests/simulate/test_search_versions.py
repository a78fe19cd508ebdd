"""Search versions (issue 35): `ismcts:N` is the guided search in version 2, and a run made
before keeps its meaning. tests/simulate/data holds a matrix run (`emr-sim matrix -o search-v1
--players ismcts:4 --heroes crow,wind,earth -n 4`) and a ladder (`emr-sim ladder -o ladder-v1
--rungs greedy,ismcts:3 --heroes crow,wind -n 8`) made by the tree before the change (58884df),
when `ismcts:4` meant the unguided search of version 1. Each resumes, reports, replays its
example games and compares as it did; a new run of the same text plays version 2."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from support.cli import fails

from emr_sim.errors import BadInput
from emr_sim.games.emr.lineup.search import DEFAULTS_BY_VERSION, UNRECORDED_VERSION, text_in
from emr_sim.games.emr.lineup.spec import parse_spec
from emr_sim.games.emr.players.search_params import SEARCH_VERSION
from emr_sim.simulate import searchversion
from emr_sim.simulate.ladder import LADDER_FILE, run_ladder, step_dir
from emr_sim.simulate.matrix import run_matrix
from emr_sim.simulate.rundir import RUN_FILE, cell_path, load_games, load_run, read_run

DATA = Path(__file__).parent / "data"
OLD_RUN, OLD_LADDER = DATA / "search-v1", DATA / "ladder-v1"
HEROES, GAMES, PLAYERS = "crow,wind,earth", 4, "ismcts:4"  # the old run's command
ORDER = ["hero_a", "hero_b", "pair", "a_seat"]

pytestmark = pytest.mark.timeout(300)


def copy_of(source: Path, where: Path) -> Path:
    target = where / source.name
    shutil.copytree(source, target)
    return target


def without_cell(run_dir: Path, a: str, b: str) -> None:
    """The run as if killed before cell (a, b): its file and manifest entry gone."""
    cell_path(run_dir, a, b).unlink()
    record = json.loads((run_dir / RUN_FILE).read_text())
    del record["cells"][f"{a}-{b}"]
    (run_dir / RUN_FILE).write_text(json.dumps(record, indent=1) + "\n")


def sorted_games(run_dir: Path) -> pd.DataFrame:
    return load_games(run_dir).sort_values(ORDER).reset_index(drop=True)


def test_the_versions_agree_where_they_are_kept():
    assert searchversion.SEARCH_VERSIONS == tuple(DEFAULTS_BY_VERSION)
    assert searchversion.SEARCH_VERSIONS[-1] == SEARCH_VERSION == 2
    assert searchversion.UNRECORDED_SEARCH_VERSION == UNRECORDED_VERSION == 1


def test_ismcts_n_is_the_guided_search_and_the_unguided_one_is_spelled_out():
    new, guided_v1 = (
        parse_spec("ismcts:100"),
        parse_spec("ismcts(n=100,leaf=tuned,reuse=1,prior=1,widen=1)", 1),
    )
    assert np.array_equal(new.search, guided_v1.search) and np.array_equal(new.weights, guided_v1.weights)
    assert new.record()["search_version"] == 2 and guided_v1.record()["search_version"] == 1
    old = parse_spec("ismcts:100", 1)
    assert old != new and not np.array_equal(old.search, new.search)
    spelled = text_in(old)
    assert spelled == "ismcts(n=100,leaf=greedy,reuse=0,prior=0,widen=0)"
    again = parse_spec(spelled)
    assert np.array_equal(again.search, old.search) and np.array_equal(again.weights, old.weights)
    assert text_in(new) == "ismcts:100" and text_in(parse_spec("greedy")) == "greedy"
    assert parse_spec(new.text, new.search_version) == new and parse_spec(old.text, 1) == old


def test_an_old_run_resumes_with_the_search_it_was_played_by(tmp_path):
    run_dir = copy_of(OLD_RUN, tmp_path)
    without_cell(run_dir, "crow", "earth")
    resumed = run_matrix(run_dir, HEROES, GAMES, players=PLAYERS, workers=1)
    assert resumed.played == [("crow", "earth")]
    pd.testing.assert_frame_equal(sorted_games(run_dir), sorted_games(OLD_RUN))
    specs = read_run(run_dir)["player_specs"]
    assert [s["search_version"] for s in specs] == [1, 1]
    assert specs == read_run(OLD_RUN)["player_specs"]


def test_a_new_run_of_the_same_text_plays_the_new_search(tmp_path):
    new = run_matrix(tmp_path / "new", HEROES, GAMES, players=PLAYERS, workers=1)
    assert [s["search_version"] for s in new.record["player_specs"]] == [SEARCH_VERSION] * 2
    assert new.record["players"] == [PLAYERS, PLAYERS]
    assert not sorted_games(tmp_path / "new").equals(sorted_games(OLD_RUN))
    with pytest.raises(BadInput, match="search version 1 on disk, 2 now"):
        run_matrix(copy_of(OLD_RUN, tmp_path), HEROES, GAMES, players=PLAYERS, search_version=2)


def test_an_old_run_compares_as_before_and_against_a_new_one_names_the_version(tmp_path):
    from emr_sim.analysis.whatif import compare_runs

    same = compare_runs(load_run(OLD_RUN), load_run(copy_of(OLD_RUN, tmp_path)))
    assert same.differ == [] and (same.cells["delta"] == 0).all()
    run_matrix(tmp_path / "new", HEROES, GAMES, players=PLAYERS, workers=1)
    moved = compare_runs(load_run(OLD_RUN), load_run(tmp_path / "new"))
    assert any("search version 1 → 2" in d for d in moved.differ), moved.differ


def test_an_old_run_reports_and_replays_its_example_games(tmp_path):
    from support.cli import run

    from emr_sim.games.emr.face.core import play
    from emr_sim.simulate.cells import cell_seed
    from emr_sim.studies.report_data import lopsided_examples

    examples, note = lopsided_examples(load_run(OLD_RUN))
    assert note is None and examples
    for game in examples.values():
        assert game.winner == game.stored_winner
        assert "ismcts(n=4,leaf=greedy,reuse=0,prior=0,widen=0)" in game.command
        seats = (PLAYERS, PLAYERS)  # both sides alike: the seats' texts, spelled out
        replayed = play(
            seed=cell_seed(20261202, game.hero_a, game.hero_b),
            players=tuple(text_in(parse_spec(s, 1)) for s in seats),
            index=game.pair,
            rules=read_run(OLD_RUN)["rules"],
            heroes=game.seat_heroes,
        )
        assert replayed.winner == game.winner and len(replayed.log_lines()) + 1 == len(game.lines)
    result = run("report", OLD_RUN, "-o", tmp_path / "old.html")
    assert result.exit_code == 0, result.output
    assert "ismcts(n=4,leaf=greedy,reuse=0,prior=0,widen=0)" in (tmp_path / "old.html").read_text()


def test_an_old_ladder_resumes_in_its_version(tmp_path):
    root = copy_of(OLD_LADDER, tmp_path)
    without_cell(step_dir(root, 1), "wind", "crow")
    ladder = run_ladder(root, "greedy,ismcts:3", "crow,wind", 8, workers=1)
    pd.testing.assert_frame_equal(sorted_games(step_dir(root, 1)), sorted_games(step_dir(OLD_LADDER, 1)))
    assert ladder.record["search_version"] == 1
    assert json.loads((root / LADDER_FILE).read_text())["search_version"] == 1
    fresh = run_ladder(tmp_path / "fresh", "greedy,ismcts:3", "crow,wind", 8, workers=1)
    assert fresh.record["search_version"] == SEARCH_VERSION


def with_version(run_dir: Path, version: object) -> None:
    record = json.loads((run_dir / RUN_FILE).read_text())
    record["player_specs"][1]["search_version"] = version
    (run_dir / RUN_FILE).write_text(json.dumps(record, indent=1) + "\n")


@pytest.mark.parametrize("version", [7, 0, "2", None])
def test_a_search_version_that_does_not_exist_is_one_line_exit_2(tmp_path, version):
    run_dir = copy_of(OLD_RUN, tmp_path)
    with_version(run_dir, version)
    key = "player_specs[1].search_version"
    fails("report", run_dir, "-o", tmp_path / "r.html", needles=(key, "does not exist", "1, 2"))
    fails("compare", OLD_RUN, run_dir, needles=(key,))
    fails("matrix", "-o", run_dir, "--players", PLAYERS, "--heroes", HEROES, "-n", GAMES, needles=(key,))
    assert not (tmp_path / "r.html").exists()


def test_a_ladder_record_with_a_search_version_that_does_not_exist_is_refused(tmp_path):
    root = copy_of(OLD_LADDER, tmp_path)
    record = json.loads((root / LADDER_FILE).read_text())
    (root / LADDER_FILE).write_text(json.dumps(record | {"search_version": 9}))
    line = fails("ladder", "-o", root, "--rungs", "greedy,ismcts:3", "--heroes", "crow,wind", "-n", 8)
    assert "search version 9 does not exist" in line and LADDER_FILE in line


def test_a_study_of_an_old_run_and_its_card_replay_command_keep_its_players():
    """A scan or a claim's verification plays variants of the run with its own players; the
    command that plays it again with its card events into a new directory spells them out."""
    from emr_sim.simulate.cardsource import from_run
    from emr_sim.simulate.variants import parse_variant
    from emr_sim.studies.scan.base import Base

    base = Base(OLD_RUN, read_run(OLD_RUN))
    assert base.matrix_args(parse_variant(None))["search_version"] == 1
    setup = base.setup(parse_variant("health=9"), workers=1)
    assert [s.search_version for s in setup.specs] == [1, 1]
    assert np.array_equal(setup.specs[0].search, parse_spec("ismcts:4", 1).search)
    with pytest.raises(BadInput, match=r"--players 'ismcts\(n=4,leaf=greedy,reuse=0,prior=0,widen=0\),"):
        from_run(OLD_RUN, None)


def test_a_rebalance_before_run_of_another_search_version_is_refused():
    """--before pairs a run with the --verify rung of the same text: a run of version 1's
    `ismcts:4` is not a base of today's `ismcts:4`."""
    from emr_sim.studies.rebalance.verify import parse_rungs

    with pytest.raises(BadInput, match="search version 1, the --verify rung's of version 2"):
        parse_rungs(["ismcts:4=10"], [str(OLD_RUN)])
    assert parse_rungs(["ismcts:4=10"], [])[0].before is None
