"""`emr-sim rebalance` on the command line: a small study end to end (the proposals' deck files,
rules and diffs, result.json, the HTML report, the verification at another rung), and bad
input ending with exit 2 and one line naming it."""

import json

import pytest
from support.cli import ERROR_PREFIX, fails, run

from emr_sim.games.emr.cards import load_deck
from emr_sim.games.emr.options import parse_rule

SMALL = [
    "--heroes",
    "crow,wind,bushido",
    "--players",
    "greedy",
    "--trials",
    "8",
    "--rungs",
    "20,40",
    "--quiet",
]
KNOBS = ["--knob", "health.*=7..9", "--knob", "class:dragons.dragon=0|1", "--knob", "trap_once"]


@pytest.fixture(scope="module")
def study(tmp_path_factory):
    root = tmp_path_factory.mktemp("rebalance") / "study"
    result = run("rebalance", "-o", root, *SMALL, *KNOBS, "--verify", "tuned=20", "--verify-top", "3")
    assert result.exit_code == 0, result.output
    return root, result


def test_a_study_writes_its_proposals_result_and_report(study):
    root, result = study
    record = json.loads((root / "result.json").read_text())
    assert record["goal"] == "field:2" and record["players"] == "greedy"
    assert 1 <= len(record["proposals"]) <= 3
    assert "proposal 1 (trial" in result.stdout and "tuned (20 games a cell" in result.stdout
    for p in record["proposals"]:
        folder = root / f"proposal-{p['rank']}"
        assert (folder / "variant.txt").read_text().strip() == p["variant"]
        for line in (folder / "rules.txt").read_text().splitlines()[1:]:
            parse_rule(line.removeprefix("--rule "))
        if "class:dragons.dragon=0" in p["variant"]:
            deck = load_deck(folder / "deck.csv")
            assert deck.n_shot == 100 and int(deck.table[:100, 4].sum()) == 0  # no dragon left
        (check,) = p["verification"]
        assert check["rung"] == "tuned" and check["after"]["games"] >= check["before"]["games"] * 0
        assert len(check["cells_played"]) <= 3
    html = (root / "report.html").read_text()
    assert "Proposal 1" in html and "before" in html and "after" in html


def test_running_the_same_command_again_resumes_and_gives_the_same_result(study, tmp_path):
    root, first = study
    again = run("rebalance", "-o", root, *SMALL, *KNOBS, "--verify", "tuned=20", "--verify-top", "3")
    assert again.exit_code == 0, again.output
    assert again.stdout == first.stdout


def test_another_study_in_the_same_directory_is_refused(study):
    root, _result = study
    fails("rebalance", "-o", root, *SMALL, "--knob", "health.*=6..10", "--verify", "none",
          needles=("holds a different study", "knobs"))  # fmt: skip


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["--knob", "helth=7..9"], ("--knob helth=7..9: unknown rules option 'helth'",)),
        (
            ["--knob", "health.crow=0..9"],
            ("--knob health.crow=0..9: 0..9 is out of range: health.crow is 1..99",),
        ),
        (["--knob", "class:dragons.dragon=2"], ("'2' is out of range: dragon is 0 or 1",)),
        (
            ["--knob", "health.crow=7..9", "--goal", "field:0"],
            ("--goal field:0: the tolerance is in points",),
        ),
        (
            ["--knob", "health.crow=7..9", "--goal", "fair:2"],
            ("--goal fair:2: write field:X, target:X or nash:X",),
        ),
        (
            ["--knob", "trap_once", "--max-changes", "0"],
            ("--max-changes 0 and every knob counts as a change",),
        ),
        (["--knob", "health.crow=7..9", "--verify", "ismcts:0=10"], ("ismcts",)),
        (["--knob", "health.crow=7..9", "--verify", "tuned"], ("--verify tuned: write PLAYER=GAMES",)),
        (["--knob", "health.crow=7..9", "--verify-seed", "5", "--seed", "5"], ("fresh seeds",)),
        (["--knob", "health.crow=7..9", "--rungs", "40,20"], ("--rungs: games per cell must increase",)),
    ],
)
def test_bad_input_ends_with_exit_2_and_one_line(tmp_path, args, needles):
    fails("rebalance", "-o", tmp_path / "s", *SMALL, *args, needles=needles)
    assert not (tmp_path / "s").exists()


def write_target(path, rows):
    path.write_text("\n".join(",".join(str(v) for v in row) for row in rows) + "\n")
    return path


def test_a_target_matrix_of_the_wrong_shape_or_values_is_refused(tmp_path):
    two = write_target(tmp_path / "two.csv", [["", "crow", "wind"], ["crow", "", 0.5], ["wind", 0.5, ""]])
    goal = ["--knob", "health.*=7..9", "--goal", "target:3"]
    fails("rebalance", "-o", tmp_path / "s", *SMALL, *goal, "--target", two,
          needles=(f"{two}: a target matrix of 2 rows x 2 columns", "need 3 x 3"))  # fmt: skip
    heroes = ["crow", "wind", "bushido"]
    rows = [["", *heroes], ["crow", "", 1.5, 0.5], ["wind", "", "", 0.5], ["bushido", "", "", ""]]
    bad = write_target(tmp_path / "bad.csv", rows)
    fails("rebalance", "-o", tmp_path / "s", *SMALL, "--knob", "health.*=7..9", "--goal", "target:3",
          "--target", bad, needles=("crow vs wind is 1.5, not a win rate from 0 to 1",))  # fmt: skip
    fails("rebalance", "-o", tmp_path / "s", *SMALL, "--knob", "health.*=7..9", "--target", bad,
          needles=("--target FILE is for --goal target:X",))  # fmt: skip


def test_a_goal_the_knobs_cannot_meet_ends_with_exit_2_naming_it(tmp_path):
    heroes = ["crow", "wind", "bushido"]
    rows = [["", *heroes], ["crow", "", "", ""], ["wind", "", "", 0.99], ["bushido", "", "", ""]]
    target = write_target(tmp_path / "t.csv", rows)
    goal = ["--knob", "health.crow=7..9", "--goal", "target:2", "--target", target]
    result = run("rebalance", "-o", tmp_path / "s", *SMALL, *goal, "--verify", "none")
    assert result.exit_code == 2 and "Traceback" not in result.output
    errors = [line for line in result.stderr.splitlines() if line.startswith(ERROR_PREFIX)]
    assert len(errors) == 1 and "the knobs cannot meet it" in errors[0] and "wind vs bushido" in errors[0]
    assert not (tmp_path / "s").exists()


def test_the_cma_es_sampler_gives_the_same_proposals_from_the_same_seed(tmp_path):
    args = [
        *SMALL,
        "--knob",
        "health.*=7..9",
        "--knob",
        "trap_once",
        "--sampler",
        "cmaes",
        "--verify",
        "none",
    ]
    results = []
    for name in ("one", "two"):
        result = run("rebalance", "-o", tmp_path / name, *args)
        assert result.exit_code == 0, result.output
        record = json.loads((tmp_path / name / "result.json").read_text())
        results.append([(p["index"], p["variant"], p["loss"]) for p in record["proposals"]])
    assert results[0] == results[1] and results[0]
